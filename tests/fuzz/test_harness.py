"""Checks of the differential-testing harness itself: the reference adapter and the hand generators.

A differential test is only as good as its two inputs: if the adapter mis-converts a meld or
mis-maps a fan name, or the generators never reach a fan or make impossible hands, the engine
is compared against the wrong thing. These tests pin both down.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings

from mcr_score import Hand, Meld, Tile, check_hand, format_hand, parse_hand
from mcr_score.systems.mcr.fans.table import FANS
from tests.support import strategies
from tests.support.reference import CONCEALED_AND_MELDED_KONG, REFERENCE_NAMES, pack, reference_fans, reference_total

# One hand per fan (the table's `example`), each confirmed with the reference; the reference must
# name the fan, so every entry of REFERENCE_NAMES is shown to be reachable.
EXAMPLES: dict[int, str] = {int(fan): row.example for fan, row in FANS.items()}


def test_name_map_is_a_bijection_onto_1_to_82():
    assert sorted(REFERENCE_NAMES.values()) == list(range(1, 83))
    assert REFERENCE_NAMES["Concealed Kong and Melded Kong"] == CONCEALED_AND_MELDED_KONG == 82


@pytest.mark.parametrize("fan", sorted(EXAMPLES))
def test_every_reference_name_is_reachable(fan):
    assert fan in reference_fans(parse_hand(EXAMPLES[fan]))


@pytest.mark.parametrize(
    ("text", "fans", "total"),
    [
        # rules-notes §4.1: Two Concealed Kongs is the reference's 6-point fan, our no. 48.
        ("[1111m][2222s]345pEE67s8s|EE1000", {48: 1, 56: 1, 73: 1}, 11),
        # §4.17 account-once: 123m 789m 123s 789s score 3 points of chow fans, never 4.
        ("[123m1][789m1][123s1][789s1]2p2p", {53: 1, 63: 1, 70: 2, 72: 1}, 11),
        ("123789m123789s2p2p|EE0000", {62: 1, 63: 1, 70: 2, 72: 1, 79: 1}, 8),
        ("234567s23456p77m7p", {62: 1, 63: 1, 68: 1, 70: 2, 71: 1}, 9),
        ("234s223344567p5p5p|EE0000", {62: 1, 63: 1, 68: 1, 69: 1, 70: 1, 71: 1, 75: 1}, 10),
        # §4.18, §4.4, §4.5, §4.8, §4.6
        ("[789p3][789s3][789m3]77m33p7m", {41: 1, 64: 1, 76: 1}, 11),
        ("[234s1]22334666sFF4s", {3: 1, 23: 1}, 112),
        ("[111m1][111s1][999m1]99s1p1p9s", {8: 1}, 64),
        ("1234444678m456p1m|EE1000", {56: 1, 64: 1, 75: 1, 76: 1}, 8),
        ("147m258s369pESWNC", {34: 1, 35: 1}, 24),
        # Flowers are fan 81, one point each.
        ("[123m1][789m1][123s1][789s1]2p2p|EE0000|5", {53: 1, 63: 1, 70: 2, 72: 1, 81: 5}, 16),
    ],
)
def test_known_hands(text, fans, total):
    hand = parse_hand(text)
    assert reference_fans(hand) == fans
    assert reference_total(hand) == total


@pytest.mark.parametrize(
    ("meld", "expected"),
    [
        (Meld("chow", Tile("4m")), ("CHI", "W5", 1)),
        (Meld("chow", Tile("7s"), claim=3), ("CHI", "T8", 3)),
        (Meld("pung", Tile("E")), ("PENG", "F1", 1)),
        (Meld("pung", Tile("P"), claim=2), ("PENG", "J3", 2)),
        (Meld("kong", Tile("C"), concealed=True), ("GANG", "J1", 0)),
        (Meld("kong", Tile("9p"), claim=3), ("GANG", "B9", 3)),
        (Meld("kong", Tile("1s"), claim=6), ("GANG", "T1", 2)),
    ],
)
def test_packs(meld, expected):
    assert pack(meld) == expected


def test_kinds_of_kong_reach_the_reference():
    """Concealed, exposed and promoted kongs score as such (offer 0 would make them concealed)."""
    tail = "123m456p789s5p5p|EE0000"
    assert 67 in reference_fans(parse_hand("[EEEE]" + tail))
    assert 74 in reference_fans(parse_hand("[EEEE2]" + tail))
    assert 74 in reference_fans(parse_hand("[EEEE6]" + tail))


def test_a_pung_without_claim_digit_is_exposed():
    """The reference reads offer 0 as a concealed pung; ours must reach it as an exposed one."""
    fans = reference_fans(parse_hand("[EEE]123m456p789s5p5p|EE0000"))
    assert 62 not in fans
    assert 61 in fans


def test_not_a_win_is_none_and_other_errors_raise():
    assert reference_fans(parse_hand("19m19s19pEESSWWNN")) is None
    short = Hand(standing=tuple(Tile(c) for c in ["1m"] * 3 + ["2m"] * 3 + ["3m"] * 3 + ["4m"] * 2), winning=Tile("4m"))
    with pytest.raises(TypeError, match="ERROR_WRONG_TILES_COUNT"):
        reference_fans(short)
    with pytest.raises(ValueError, match="no winning tile"):
        reference_fans(parse_hand("19m19s19pEESSWWN"))


def test_more_than_four_copies_is_refused_before_the_reference():
    """The reference itself scores 6 copies of 1m (Tile Hog x255); the adapter must not pass it on."""
    six = Hand(
        melds=(Meld("kong", Tile("1m"), claim=1),),
        standing=tuple(Tile(c) for c in ["1m"] * 2 + ["2m"] * 3 + ["3m"] * 3 + ["4m"] * 2),
        winning=Tile("4m"),
    )
    with pytest.raises(ValueError, match="more than 4 copies of 1m"):
        reference_fans(six)


def _consistent(hand: Hand) -> None:
    """Invariants of a generated hand beyond `check_hand` (which already covers most)."""
    assert check_hand(hand) == []
    assert hand.winning is not None
    assert len(hand.standing) + 1 == 14 - 3 * len(hand.melds)
    assert max(Counter(list(hand.concealed_tiles()) + [t for m in hand.melds for t in m.tiles]).values()) <= 4
    assert list(hand.standing) == sorted(hand.standing)
    s = hand.situation
    if s.replacement:
        assert any(m.kind == "kong" for m in hand.melds)
    if s.robbing_kong:
        assert not s.wall_last
        assert hand.winning not in hand.standing
        assert all(hand.winning not in m.tiles for m in hand.melds)
    if s.last_copy:
        assert hand.winning not in hand.standing


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(strategies.winning_hands())
def test_strategy_hands_win_for_the_reference(hand):
    _consistent(hand)
    assert strategies.is_winning(hand)
    assert reference_fans(hand) is not None, format_hand(hand)
    assert parse_hand(format_hand(hand)) == hand


@settings(max_examples=300, deadline=None)
@given(strategies.hands())
def test_our_win_check_agrees_with_the_reference(hand):
    """`hands()` mixes in non-winning hands; the reference must agree on which is which."""
    assert check_hand(hand) == []
    assert (reference_fans(hand) is not None) == strategies.is_winning(hand), format_hand(hand)


@settings(max_examples=100, deadline=None)
@given(strategies.non_winning_hands())
def test_non_winning_hands_are_valid_and_lose(hand):
    assert check_hand(hand) == []
    assert reference_fans(hand) is None, format_hand(hand)


@pytest.mark.parametrize("name", [n for n, f in strategies.FAMILIES.items() if f.target is not None])
def test_targeted_family_mostly_hits_its_fan(name):
    family = strategies.FAMILIES[name]
    rng = random.Random(name)
    hits = 0
    for _ in range(40):
        _shape, hand = strategies.run_family(name, rng)
        _consistent(hand)
        hits += family.target in reference_fans(hand)
    assert hits >= 20, f"{name}: fan {family.target} in only {hits} of 40 hands"


def test_every_shape_is_drawn():
    rng = random.Random(3)
    shapes = Counter(strategies.draw_tagged(rng)[1] for _ in range(4000))
    expected = [f"regular, {k} meld{'s' * (k != 1)}" for k in range(5)] + [
        "seven pairs",
        "seven pairs with a quad",
        "thirteen orphans",
        "lesser honors and knitted",
        "greater honors and knitted",
        "knitted straight, 0 melds",
        "knitted straight, 1 meld",
        "nine gates",
    ]
    assert sorted(shapes) == sorted(expected)
    assert min(shapes.values()) >= 20


def test_generate_is_deterministic():
    assert strategies.generate(200, 7) == strategies.generate(200, 7)
    assert strategies.generate(50, 7) != strategies.generate(50, 8)
