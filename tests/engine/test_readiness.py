"""Shanten per form and useful tiles (`readiness.py`): hands worked out from the rules, and
properties that tie the numbers to what a drawn tile really does.

The expected values below are counted by hand from the shapes of Art. 8 (a ready hand needs one
tile; each useful tile brings the hand one step closer), not read off our output.
"""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mcr_score import parse_hand
from mcr_score.engine.arrangements import counts_of, is_complete
from mcr_score.engine.shanten import FORMS, form_readings, overall, shanten_number, standard_shanten
from mcr_score.tiles import NAMES
from tests.support.advice import draw_waiting


def readings(text: str) -> dict[str, tuple[int, list[str]] | None]:
    hand = parse_hand(text)
    found = form_readings(counts_of(hand.standing), len(hand.melds))
    return {f: None if r is None else (r.shanten, [NAMES[i] for i in r.useful]) for f, r in found.items()}


def test_nine_gates_waits_on_every_character() -> None:
    assert readings("1112345678999m")["standard"] == (0, [f"{r}m" for r in range(1, 10)])


def test_thirteen_orphans_thirteen_sided() -> None:
    orphans = ["1m", "9m", "1p", "9p", "1s", "9s", "E", "S", "W", "N", "C", "F", "P"]
    assert readings("19m19p19sESWNCFP")["thirteen-orphans"] == (0, orphans)
    # with a pair among them, only the missing orphan is useful (12 kinds + pair: ready on 9s)
    assert readings("19m19p1sESWNCFPP")["thirteen-orphans"] == (0, ["9s"])


def test_four_of_a_kind_are_two_pairs_in_seven_pairs() -> None:
    assert readings("1111m2233p4455s6s")["seven-pairs"] == (0, ["6s"])


def test_honors_and_knitted_waits_on_the_missing_tiles() -> None:
    assert readings("147m258p369sESWN")["honors-and-knitted"] == (0, ["C", "F", "P"])


def test_knitted_straight_missing_one_tile() -> None:
    # 147m 258p 36s: eight of the knit; 99m and 123s: the pair and the set. Ready on 9s.
    assert readings("147m258p36s99m123s")["knitted-straight"] == (0, ["9s"])


def test_declared_melds_rule_out_the_special_forms() -> None:
    one = readings("[123m1]456m789m11p23s")
    assert [f for f in FORMS if one[f] is None] == ["seven-pairs", "thirteen-orphans", "honors-and-knitted"]
    assert one["standard"] == (0, ["1s", "4s"])
    two = readings("[123m1][456m1]789m11p23s")
    assert two["knitted-straight"] is None


def test_a_kind_held_four_times_is_never_useful() -> None:
    # 1111m with 234p 567p and a declared pung: the only completing tile would be a fifth 1m.
    assert readings("[EEE1]1111m234567p")["standard"] == (0, [])


def test_overall_is_the_least_form_with_its_useful_tiles() -> None:
    hand = parse_hand("19m19p19sESWNCF5p")  # 12 orphans and a 5p: one from thirteen orphans
    found = form_readings(counts_of(hand.standing), 0)
    assert overall(found) == (1, tuple(i for i in (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)))
    assert shanten_number(counts_of(hand.standing), 0) == 1


def test_standard_formula_on_counted_examples() -> None:
    # 123m 456m 789m + 23p 45s: three sets, two partials, no pair: one step (n = 4).
    assert standard_shanten(counts_of(parse_hand("123456789m23p45s").standing), 4) == 1
    # 13 isolated terminals and honors: nothing to build on, 4 sets and a pair from nothing.
    assert standard_shanten(counts_of(parse_hand("19m19p19sESWNCFP").standing), 4) == 8


hands = st.randoms(use_true_random=True, note_method_calls=False).map(draw_waiting)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(hands)
def test_ready_useful_tiles_are_exactly_the_completing_tiles(hand) -> None:
    counts = counts_of(hand.standing)
    held = counts_of([*hand.standing, *(t for m in hand.melds for t in m.tiles)])
    found = form_readings(counts, len(hand.melds))
    least, useful = overall(found)
    completing = [
        w
        for w in range(34)
        if counts[w] < 4 and is_complete(tuple(c + (i == w) for i, c in enumerate(counts)), len(hand.melds))
    ]
    if least == 0:
        assert list(useful) == list(completing)
    else:
        assert completing == [] or all(held[w] >= 4 for w in completing)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(hands)
def test_a_useful_tile_lowers_the_shanten_by_one_and_no_other_tile_does(hand) -> None:
    counts = counts_of(hand.standing)
    k = len(hand.melds)
    least, useful = overall(form_readings(counts, k))
    for t in range(34):
        if counts[t] >= 4:
            continue
        drawn = list(counts)
        drawn[t] += 1
        if is_complete(tuple(drawn), k):
            after = -1
        else:  # the best 13 tiles to keep
            after = min(shanten_number([c - (i == d) for i, c in enumerate(drawn)], k) for d in range(34) if drawn[d])
        assert after == (least - 1 if t in useful else least), (t, least, useful)


def test_draw_waiting_is_reproducible() -> None:
    assert draw_waiting(random.Random(5)) == draw_waiting(random.Random(5))
