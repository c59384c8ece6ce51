"""The completions a far hand is valued by (`engine/completions.py`): each is a winning hand, reached
by the fewest draws the shanten allows (shanten + 1), of tiles that still have copies left, and it
keeps the tiles of one reading of the hand. What the rules say a completion is, not our output."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mcr_score import parse_hand
from mcr_score.engine.arrangements import ORPHANS, counts_of, is_complete
from mcr_score.engine.completions import sample
from mcr_score.engine.shanten import form_readings, overall
from mcr_score.tiles import COPIES, Tile
from tests.support.advice import draw_waiting


def completions(text: str, left: list[int] | None = None, seed: int = 1, budget: int = 24):
    hand = parse_hand(text)
    counts = counts_of(hand.standing)
    if left is None:
        left = [COPIES - c for c in counts]
    readings = form_readings(counts, len(hand.melds))
    return counts, sample(counts, len(hand.melds), readings, left, random.Random(seed), budget)


def whole(c) -> list[int]:
    out = list(c.standing)
    out[c.win] += 1
    return out


def test_a_pung_hand_completes_by_pungs_only() -> None:
    """111m 555p 999s 22m 77p, ready on 2m or 7m: every completion is the three pungs, one pair made
    a pung and the other the eyes, no other kind."""
    counts, found = completions("111m555p999s22m77p")
    assert found
    for c in found:
        hand = whole(c)
        assert is_complete(hand, 0)
        assert sorted(k for k in range(34) if hand[k]) == sorted(k for k in range(34) if counts[k])


def test_a_seven_pairs_hand_pairs_its_single_tiles() -> None:
    """Five pairs and three single tiles, one step from ready by seven pairs (three by four sets
    and a pair): each completion pairs two of the three single tiles."""
    counts, found = completions("11m22p55s77m99sE1p4s")
    singles = {k for k in range(34) if counts[k] == 1}
    assert found
    for c in found:
        hand = whole(c)
        assert all(n in (0, 2, 4) for n in hand)
        assert {k for k in range(34) if hand[k] > counts[k]} < singles


def test_thirteen_orphans_draw_the_missing_ones() -> None:
    _, found = completions("19m19p19sESWNC5p6s")  # 11 orphans, no pair: the two missing and a pair
    assert found
    for c in found:
        hand = whole(c)
        assert all(hand[o] for o in ORPHANS)
        assert sum(hand[o] for o in ORPHANS) == 14


def test_no_draw_of_a_kind_without_copies() -> None:
    """With no 3p left to draw (all four in sight), no completion holds a 3p."""
    text = "12m12p12s55sEEWWN"
    left = [COPIES - c for c in counts_of(parse_hand(text).standing)]
    gone = Tile("3p").index
    left[gone] = 0
    _, found = completions(text, left)
    assert found
    assert all(whole(c)[gone] == 0 for c in found)


def test_the_same_seed_the_same_completions() -> None:
    text = "1357m2468p159sESW"
    assert completions(text, seed=7) == completions(text, seed=7)
    assert completions(text, seed=7)[1] != completions(text, seed=8)[1]


hands = st.randoms(use_true_random=True, note_method_calls=False).map(lambda r: draw_waiting(r, r.randint(2, 6)))


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(hands, st.integers(0, 1 << 30))
def test_every_completion_is_a_win_by_shanten_plus_one_draws(hand, seed) -> None:
    """Whatever the hand (every form, with melds or without) and whatever the tiles left: a winning
    hand, exactly shanten + 1 tiles drawn, each of a kind with a copy left."""
    counts = counts_of(hand.standing)
    n = len(hand.melds)
    readings = form_readings(counts, n)
    least, _ = overall(readings)
    rng = random.Random(seed)
    left = [max(0, COPIES - c - rng.randrange(3)) for c in counts]
    for c in sample(counts, n, readings, left, random.Random(seed), 8):
        hand_after = whole(c)
        assert is_complete(hand_after, n)
        drawn = [max(0, a - b) for a, b in zip(hand_after, counts, strict=True)]
        assert sum(drawn) == least + 1
        assert all(d <= k for d, k in zip(drawn, left, strict=True))
