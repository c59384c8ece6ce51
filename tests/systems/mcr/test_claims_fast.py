"""A batch record's claim read and checked on the fast path (`systems/mcr/_claims_fast.py`) is the one
`claims` reads and checks: the same ids, or the readable reader's named error; the same `claim`
object, missing and extra fans with repeats, in id order."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mcr_score.errors import McrError
from mcr_score.systems.mcr import _claims_fast, claims
from mcr_score.systems.mcr.fans.table import FANS

IDS = sorted(int(f) for f in FANS)
AN_ID = st.sampled_from(IDS)
ITEM = AN_ID | st.integers(-3, 100) | st.sampled_from([True, 1.0, "28", None, [28]])


def _read(values: list[Any]) -> tuple[int, ...] | str:
    try:
        return claims._claimed_fans(values, "claimed_fans")
    except McrError as e:
        return f"error: {e}"


@settings(max_examples=500, deadline=None)
@given(st.lists(AN_ID, max_size=14) | st.lists(ITEM, max_size=6) | st.lists(st.sampled_from(IDS[:3]), max_size=6))
def test_claimed_ids_are_read_as_the_readable_reader_reads_them(values: list[Any]) -> None:
    ids = _claims_fast.claimed_ids(values, claims._MOST_OF)
    expected = _read(values)
    if ids is not None:
        assert ids == expected
    elif values and all(type(v) is int for v in values):  # left to the readable reader: it names a problem
        assert isinstance(expected, str)


def test_a_fan_claimed_more_often_than_a_hand_counts_it_is_left_to_the_readable_reader() -> None:
    fan = next(f for f in IDS if claims.most(f) == 1)
    assert _claims_fast.claimed_ids([fan], claims._MOST_OF) == (fan,)
    assert _claims_fast.claimed_ids([fan, fan], claims._MOST_OF) is None
    assert isinstance(_read([fan, fan]), str)
    assert claims.claim_from_json(8, [fan]) == claims.Claim(8, (fan,))


COUNTED = st.dictionaries(AN_ID, st.integers(1, 3), max_size=8) | st.dictionaries(AN_ID, st.integers(-2, 3), max_size=4)


@settings(max_examples=500, deadline=None)
@given(
    st.none() | st.integers(0, 100),
    st.none() | st.lists(AN_ID | st.sampled_from(IDS[:4]), min_size=1, max_size=10).map(tuple),
    st.integers(0, 100),
    COUNTED,
)
def test_a_claim_checked_is_the_readable_check_s_object(
    total: int | None, fans: tuple[int, ...] | None, computed: int, counted: dict[int, int]
) -> None:
    expected = claims.check(claims.Claim(total, fans), computed, counted).to_dict()
    assert _claims_fast.checked(total, fans, computed, counted) == expected


@pytest.mark.parametrize(
    ("fans", "counted", "missing", "extra"),
    [((28, 28, 62), {28: 1, 69: 2}, [69, 69], [28, 62]), ((69,), {69: 1}, [], [])],
)
def test_a_claim_checked_names_missing_and_extra_fans_with_repeats(
    fans: tuple[int, ...], counted: dict[int, int], missing: list[int], extra: list[int]
) -> None:
    out = _claims_fast.checked(None, fans, 0, counted)
    assert (out["missing"], out["extra"], out["matches"]) == (missing, extra, not missing and not extra)
