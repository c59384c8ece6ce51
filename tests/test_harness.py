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
from tests.support import strategies
from tests.support.reference import CONCEALED_AND_MELDED_KONG, REFERENCE_NAMES, pack, reference_fans, reference_total

# One hand per fan id, each found by the generators and confirmed with the reference; the
# reference must name the fan, so every entry of REFERENCE_NAMES is shown to be reachable.
EXAMPLES: dict[int, str] = {
    1: "[WWW3][EEE2]44mSSSNNN|WN0000",
    2: "[FFF2]44p123sCCCPPP|SS0000",
    3: "[234s1]22333444sFF2s|WN0000",
    4: "1112345678999m4m|SN0000",
    5: "[8888p2][2222s][6666s1][5555m]PP|SE0000",
    6: "3344556677899m8m|NS0000",
    7: "19m199p19sESWCFPN|NN0000",
    8: "[999m3][111p1]99p11999s1s|WE0000",
    9: "[NNN1]678sEESSSWWW|EE0000",
    10: "[456p]123sCCFFFPPC|WN0000",
    11: "ESSWWNNCCFFPPE|WS0000",
    12: "888m4445666p555s5p|SS0000",
    13: "[123m3]2355778899m1m|WS0000",
    14: "[456p]44555666pFF4p|EN0000",
    15: "[444s2][333s2][666s1]55sSS5s|NW0000",
    16: "[345s]23567789sFF1s|EE0000",
    17: "[4444s][678s3][3333p2][6666m3]WW|SN0000",
    18: "1199m99p9sEEWWNN9s|EW0000",
    19: "55m99p66778899sWW|NE0000",
    20: "8m369p147sSWNCFPE|WS0000",
    21: "[666m1]88p22244466s8p|NE0000",
    22: "1123344667788s2s|SW0000",
    23: "[456s]888p44556sEE6s|WE0000",
    24: "[444s][222s3]3337888s9s|SW0000",
    25: "778899m7788p799s7s|NE0000",
    26: "5566m4466p44556s6s|NE0000",
    27: "1133m223p112233s3p|SE0000",
    28: "[123m1]456789m33pCC3p|WE0000",
    29: "[789s1]123789m55p23s1s|WW0000",
    30: "[567p1][777s2]34556pFF4p|NS0000",
    31: "345567m4555p555s6p|EW0000",
    32: "[777m]345m777p77sSS7s|WN0000",
    33: "777m555666p78sWW9s|SN0000",
    34: "147m369p28sESNFPW|NS0000",
    35: "[789s]28m369p147sNN5m|EE0000",
    36: "7788m7799p66778s8s|SW0000",
    37: "11m223344p12233s1s|SN0000",
    38: "[WWW2]11m456pSSSNNN|SE0000",
    39: "[123p]56m333789sNN4m|NE0000",
    40: "11223399p2288sPP|NE0000",
    41: "[234m2]234p23488sEE8s|NW0000",
    42: "[444p1][333s2]222m78pEE6p|SS0000",
    43: "[444s]23678m789pNN4m|WS0000",
    44: "[666s]567m34p222sWW2p|NW1010",
    45: "[333s3][444p2]23m222pPP1m|EN0010",
    46: "[8888s3]456m567p22sNN2s|WS1001",
    47: "[456m2][123s1][567p2]45pPP3p|WS0001",
    48: "[678s3][2222s][8888p]11mNNN|EN0000",
    49: "[888p1][444p3]33m555sSS3m|SW0000",
    50: "[888m2]23344577mPP7m|SW0000",
    51: "[345s3]45m444567pNN6m|EW0000",
    52: "116699m33p99sEFFE|EE0000",
    53: "[678s][333p1][234m1][567p3]NN|SS0000",
    54: "[789p1]33m678sCCPPPC|WS0000",
    55: "[123s3]789m123pSSNNN|NW0000",
    56: "333m678p45567sWW6s|NN1000",
    57: "[NNNN7][5555s2]67m789pEE5m|WS0000",
    58: "39m47p258sESWNFPC|SS0100",
    59: "[CCC]456m5677p234s7p|SN0000",
    60: "[NNN1]789m66p456sWW6p|NS0000",
    61: "[222s2][345p2][666m1]99pEEE|WE0000",
    62: "34m234777p678sEE5m|NE0000",
    63: "[678s3]789m11p12334s2s|WS0000",
    64: "[789p1]34m888p123sNN5m|SE0000",
    65: "[567m1]222m22p234sCC2p|EE0000",
    66: "[789s]888m33345pPP6p|WE0000",
    67: "[222m2][PPPP]234p3378s9s|SS0000",
    68: "[222s2]33366m34555p6m|NN0000",
    69: "223344m333p22sNN2s|WN0000",
    70: "[456s2][123p2]22334mSS1m|WW0000",
    71: "[789s3]44m123p456sSS4m|NW0000",
    72: "123789m234p88sEE8s|SN1000",
    73: "[NNN]777m789p33sSSS|WE0000",
    74: "[123s2][7777p5]234m44sFF4s|EN0000",
    75: "[678s3]22233789pSS3p|EW0000",
    76: "[789p]45556678m22s2s|EN0000",
    77: "[345p1]444m23489sWW7s|NN0000",
    78: "[567m2]222m123p79sCC8s|WW0000",
    79: "[567s3]677889m888pWW|SW0000",
    80: "[678p1]456m44p234sWW4p|WE1000",
    81: "3344556677899m8m|NN0000|7",
    82: "[5555p][4444p3]33m345sCC3m|SW0000",
}


def test_name_map_is_a_bijection_onto_1_to_82():
    assert sorted(REFERENCE_NAMES.values()) == list(range(1, 83))
    assert REFERENCE_NAMES["Concealed Kong and Melded Kong"] == CONCEALED_AND_MELDED_KONG == 82


@pytest.mark.parametrize("fan", sorted(EXAMPLES))
def test_every_reference_name_is_reachable(fan):
    assert fan in reference_fans(parse_hand(EXAMPLES[fan]))


@pytest.mark.parametrize("text, fans, total", [
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
])
def test_known_hands(text, fans, total):
    hand = parse_hand(text)
    assert reference_fans(hand) == fans
    assert reference_total(hand) == total


@pytest.mark.parametrize("meld, expected", [
    (Meld("chow", Tile("4m")), ("CHI", "W5", 1)),
    (Meld("chow", Tile("7s"), claim=3), ("CHI", "T8", 3)),
    (Meld("pung", Tile("E")), ("PENG", "F1", 1)),
    (Meld("pung", Tile("P"), claim=2), ("PENG", "J3", 2)),
    (Meld("kong", Tile("C"), concealed=True), ("GANG", "J1", 0)),
    (Meld("kong", Tile("9p"), claim=3), ("GANG", "B9", 3)),
    (Meld("kong", Tile("1s"), claim=6), ("GANG", "T1", 2)),
])
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
    assert 62 not in fans and 61 in fans


def test_not_a_win_is_none_and_other_errors_raise():
    assert reference_fans(parse_hand("19m19s19pEESSWWNN")) is None
    short = Hand(standing=tuple(Tile(c) for c in ["1m"] * 3 + ["2m"] * 3 + ["3m"] * 3 + ["4m"] * 2),
                 winning=Tile("4m"))
    with pytest.raises(TypeError, match="ERROR_WRONG_TILES_COUNT"):
        reference_fans(short)
    with pytest.raises(ValueError, match="no winning tile"):
        reference_fans(parse_hand("19m19s19pEESSWWN"))


def test_more_than_four_copies_is_refused_before_the_reference():
    """The reference itself scores 6 copies of 1m (Tile Hog x255); the adapter must not pass it on."""
    six = Hand(melds=(Meld("kong", Tile("1m"), claim=1),),
               standing=tuple(Tile(c) for c in ["1m"] * 2 + ["2m"] * 3 + ["3m"] * 3 + ["4m"] * 2),
               winning=Tile("4m"))
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
        assert not s.wall_last and hand.winning not in hand.standing
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
        "seven pairs", "seven pairs with a quad", "thirteen orphans", "lesser honors and knitted",
        "greater honors and knitted", "knitted straight, 0 melds", "knitted straight, 1 meld", "nine gates"]
    assert sorted(shapes) == sorted(expected)
    assert min(shapes.values()) >= 20


def test_generate_is_deterministic():
    assert strategies.generate(200, 7) == strategies.generate(200, 7)
    assert strategies.generate(50, 7) != strategies.generate(50, 8)
