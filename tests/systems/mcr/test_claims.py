"""The one claim check (`mcr_score.systems.mcr.claims.check`): batch's record and explain's claim object are two
writings of the same comparison, so they agree on every claim (issue 23: the check was written twice)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mcr_score import score
from mcr_score.notation import parse_hand
from mcr_score.systems.mcr.claims import Claim, check
from mcr_score.systems.mcr.pages.referee import check_claim, explain

HANDS = (
    "123456789m123p5s5s",  # 28 62 63 70 79: a winning hand
    "[678s3]789m11p12334s2s|WS0000|3",  # below 8, with flowers (fan 81 x3)
    "123456789m123p5s6s",  # no shape: nothing is counted
)


def test_the_check_finds_missing_and_extra_fans_with_repeats():
    checked = check(Claim(22, (28, 62, 62)), 22, {28: 1, 63: 1})
    assert (checked.missing, checked.extra, checked.matches) == ((63,), (62, 62), False)
    total_only = check(Claim(22), 22, {28: 1})
    assert total_only.matches
    assert total_only.missing is None
    assert not check(Claim(21), 22, {}).matches


@settings(max_examples=60, deadline=None)
@given(
    hand=st.sampled_from(HANDS),
    total=st.none() | st.integers(0, 30),
    fans=st.none() | st.lists(st.sampled_from([28, 62, 63, 70, 79, 81, 69]), min_size=1, max_size=5).map(tuple),
)
def test_batch_and_explain_write_the_same_check(hand, total, fans):
    record = Claim(total, fans).check(score(hand))
    dispute = check_claim(explain(parse_hand(hand)), total, fans)
    assert record["matches"] == dispute["agrees"]
    assert (record["missing"], record["extra"]) == (dispute["missing"], dispute["extra"])
    assert (record["claimed_total"], record["claimed_fans"]) == (dispute["total"], dispute["fans"])


@pytest.mark.parametrize("hand", HANDS)
def test_a_claim_of_exactly_what_was_counted_matches(hand):
    result = score(hand)
    fans = tuple(f for f, n in result.fan_counts().items() for _ in range(n)) if result.winning else None
    assert Claim(result.total, fans or None).check(result)["matches"]
