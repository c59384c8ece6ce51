"""Batch claims (found in issues 12 and 22): a claim holds no more of a fan than a hand can count
(`claims.most`, the fan table), a claimed total is bounded and in ASCII digits, JSON claims are JSON
numbers in a list, and a bad claim is the record's own error, never the run's."""

from __future__ import annotations

import json
import time
from collections import Counter

import pytest

from mcr_score import batch, format_hand, score
from mcr_score.errors import McrError
from mcr_score.systems.mcr.claims import MAX_TOTAL, claim_from_json, claim_from_text, most
from mcr_score.systems.mcr.fans.table import FANS
from tests.support import strategies

HAND = "123456789m123p5s5s|EE0000"  # 22 points: 28 62 63 70 79


def claim_error(total: str | None, fans: str | None) -> McrError:
    with pytest.raises(McrError) as caught:
        claim_from_text(total, fans)
    return caught.value


# Claims ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("fans", "where", "says"),
    [
        ("69x0", "claimed_fans[0]", "a count is 1 or more"),
        ("28 69x0", "claimed_fans[1]", "a count is 1 or more"),
        (",,,", "claimed_fans", "no fan id"),
        (" ; , ", "claimed_fans", "no fan id"),
        ("28x100000000", "claimed_fans[0]", "fan 28 is claimed 100000000 times"),
        ("28x99999999999999999999", "claimed_fans[0]", "too large"),
        ("28x" + "9" * 100_000, "claimed_fans[0]", "too large"),
        ("9" * 5000, "claimed_fans[0]", "too large"),
        ("69 69 69 69", "claimed_fans[3]", "fan 69 is claimed 4 times"),
        ("69x2 69x2", "claimed_fans[1]", "fan 69 is claimed 4 times"),
        ("81x9", "claimed_fans[0]", "(8)"),
        ("28 28", "claimed_fans[1]", "(1)"),
        ("1 " * 100_000, "claimed_fans[1]", "fan 1 is claimed 2 times"),
    ],
)
def test_a_claim_holds_no_more_than_a_hand_can(fans, where, says):
    started = time.process_time()
    error = claim_error(None, fans)
    assert time.process_time() - started < 0.5
    assert error.code == "bad-field"
    assert error.where == where
    assert says in error.message


def test_every_count_a_hand_can_hold_can_be_claimed():
    assert (
        claim_from_text(None, "81x8 73x4 69x3 59x3 64x3").fans
        == (81,) * 8 + (73,) * 4 + (69,) * 3 + (59,) * 3 + (64,) * 3
    )
    assert claim_from_json(None, [69, 69, 69]).fans == (69, 69, 69)
    for text, fans in [("111m999pWWWNNN5s5s|EE0000", "12 73x4 79"), (HAND + "|8", "28 62 63 70 79 81x8")]:
        out = batch.score_line(f"r1\t{text}\t\t{fans}", "text")
        assert out["claim"]["matches"] is True, out


def test_no_hand_counts_a_fan_more_often_than_its_bound():
    """The bounds are of the hand, not of our counting: no hand scored counts more (the random
    winning hands, every fan's example)."""
    hands = [*strategies.generate(1500, seed=22), *(row.example for row in FANS.values())]
    for hand in hands:
        for fan, count in Counter(score(hand).fan_counts()).items():
            assert count <= most(fan), (format_hand(hand) if not isinstance(hand, str) else hand, fan)


def test_most_follows_the_fan_table():
    for fan, row in FANS.items():
        assert (most(fan) > 1) is row.repeatable, fan
    assert [most(81), most(73), most(69), most(59), most(1)] == [8, 4, 3, 3, 1]


@pytest.mark.parametrize("total", ["1765", "9" * 5000, "99999999999999999999"])
def test_a_claimed_total_is_bounded(total):
    error = claim_error(total, None)
    assert error.where == "claimed_total"
    assert f"{MAX_TOTAL:,}" in error.message
    with pytest.raises(McrError):
        claim_from_json(MAX_TOTAL + 1, None)
    assert claim_from_text(str(MAX_TOTAL), None).total == MAX_TOTAL


@pytest.mark.parametrize("total", ["+8", "1_0", "-3", "22.0", "８"])
def test_a_claimed_total_is_ascii_digits_only(total):
    assert claim_error(total, None).where == "claimed_total"


def test_an_empty_json_list_of_fans_is_refused():
    with pytest.raises(McrError, match="no fan id"):
        claim_from_json(None, [])


@pytest.mark.parametrize(("total", "fans", "where"), [("25", None, "claimed_total"), (None, "28 62", "claimed_fans")])
def test_json_claims_are_json_numbers(total, fans, where):
    """One rule: in JSON a number is a JSON number, as the record's other numbers are."""
    with pytest.raises(McrError) as caught:
        claim_from_json(total, fans)
    assert caught.value.where == where


def test_json_claimed_fans_are_a_list():
    with pytest.raises(McrError, match="must be a list of fan ids, not a number") as caught:
        claim_from_json(None, 28)
    assert caught.value.where == "claimed_fans"


@pytest.mark.parametrize("fmt", ["text", "csv", "jsonl"])
def test_a_bad_claim_is_the_records_error(fmt):
    if fmt == "text":
        out = batch.score_line(f"r1\t{HAND}\t22\t69x0", fmt, line=1)
    elif fmt == "csv":
        out = batch.score_line(
            f"r1,{HAND},22,28x99999999999999999999", fmt, columns=("id", "notation", "claimed_total", "claimed_fans")
        )
    else:
        out = batch.score_line(json.dumps({"id": "r1", "notation": HAND, "claimed_fans": [81] * 9}), fmt)
    assert out["ok"] is False
    assert out["id"] == "r1"
    assert out["error"]["code"] == "bad-field"


@pytest.mark.parametrize("claimed", ["²", "٣", "２２", "1²"])
def test_a_claimed_total_is_ascii_digits(claimed):
    out = batch.score_line(f"r1\t{HAND}\t{claimed}", "text", line=1)
    assert out["ok"] is False
    assert out["error"]["code"] == "bad-field"
    assert out["error"]["where"] == "claimed_total"


@pytest.mark.parametrize("fans", ["٢٨", "28x٢", "２８"])
def test_claimed_fans_are_ascii_digits(fans):
    out = batch.score_line(f"r1\t{HAND}\t22\t{fans}", "text", line=1)
    assert out["ok"] is False
    assert out["error"]["code"] == "bad-field"
