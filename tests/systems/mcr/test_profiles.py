"""Rule profiles: every switch changes the score of its example, as each reading says.

`china` expectations come from the reference calculator (PyMahjongGB 1.4.0, re-checked here);
`green-book` expectations come from the Green Book readings cited in `mcr_score/systems/mcr/profiles.py`
and worked out by hand in docs/rules-research.md. Switches that both profiles set alike (points
the texts leave open) are checked option by option, each option's expectation worked out by hand.
A further test checks, on generated hands, that every difference between `green-book` and the
reference is explained by listed switches.
"""

from collections import Counter
from itertools import combinations

import pytest

from mcr_score import parse_hand, score
from mcr_score.systems.mcr import profiles
from mcr_score.systems.mcr.pages.text import rules_markdown
from tests.support import REPO
from tests.support.reference import reference_fans
from tests.support.strategies import generate

ROOT = REPO

# switch -> (hand, china fans, china total, green-book fans, green-book total, why green-book)
CASES = {
    "two-concealed-kongs": (
        "[1111m][2222s]345pEE67s8s|EE1000",
        {48: 1, 56: 1, 73: 1},
        11,
        {48: 1, 56: 1, 73: 1},
        13,
        "48 is worth 8 (§3.8.1 p.16)",
    ),
    "concealed-and-melded-kong": (
        "[1111m][2222s1]345pEE67s8s|EE1000",
        {82: 1, 73: 1, 80: 1},
        7,
        {57: 1, 67: 1, 73: 1, 80: 1},
        8,
        "fan 57: one melded plus one concealed kong are 6 points (4 + Concealed Kong 2)",
    ),
    "fully-concealed-with-concealed-forms": (
        "1133557799mEE2p2p|EE1000",
        {19: 1, 75: 1, 80: 1},
        26,
        {19: 1, 56: 1, 75: 1},
        29,
        "fan 19: Fully Concealed may be combined if Self-Drawn (it absorbs Self-Drawn)",
    ),
    "all-green-with-half-flush": (
        "[234s1]22334666sFF4s|EE0000",
        {3: 1, 23: 1},
        112,
        {3: 1, 23: 1, 50: 1},
        118,
        "fan 3 does not exclude Half Flush",
    ),
    "all-terminals-with-double-pung": (
        "[111m1][111s1][999m1]99s1p1p9s|EE0000",
        {8: 1},
        64,
        {8: 1, 65: 2},
        68,
        "fan 8 excludes 49, 55, 73, 76 only: 111m/111s and 999m/999s are two Double Pungs",
    ),
    "lesser-knitted-with-knitted-straight": (
        "147m258s369pESWNC",
        {34: 1, 35: 1},
        24,
        {34: 1},
        12,
        "chosen where the text is silent: the knitted tiles are fan 34's own substance",
    ),
    "knitted-straight-all-chows": (
        # knitted straight 147m 258p 369s, 123m, 11m, won on a discarded 1m (23m waited on 1m or 4m).
        # china: Knitted Straight 12 + All Chows 2 + Concealed Hand 2 + Tile Hog (four 1m) 2 = 18.
        # green-book: no All Chows; No Honors 1, which All Chows absorbed, counts: 12 + 1 + 2 + 2 = 17.
        "147m258p369s23m11m1m",
        {35: 1, 62: 1, 63: 1, 64: 1},
        18,
        {35: 1, 62: 1, 64: 1, 76: 1},
        17,
        "fan 35 is formed not with standard chows; fan 63 needs four chows",
    ),
    "knitted-straight-with-waits": (
        "147m258s369p12p44p3p",
        {35: 1, 62: 1, 63: 1, 77: 1},
        17,
        {35: 1, 62: 1, 76: 1},
        15,
        "Tianjin 2006: Knitted Straight does not combine with Edge or Closed Wait "
        "(and, by knitted-straight-all-chows, No Honors 1 instead of All Chows 2)",
    ),
    "nine-gates-terminal-pungs": (
        "1112345678999m5m|EE0000",
        {4: 1, 66: 1, 73: 1},
        91,
        {4: 1, 66: 1},
        90,
        "fan 4 is not combined with Pung of Terminals or Honors",
    ),
    "seven-pairs-tile-hog": (
        "1199m1199p11119s9s",
        {8: 1, 19: 1, 64: 1},
        90,
        {8: 1, 19: 1},
        88,
        "Tianjin 2006: no Tile Hog when Seven Pairs is combined with All Terminals",
    ),
}


# Switches both profiles set alike: switch -> (hand, {option: (fans, total)}), each option built on
# china alone (`_china_choosing`). The option both profiles choose must equal the reference.
SAME_CASES = {
    "kongs-with-concealed-kong-fans": (
        "[1111m][2222s][3333p1]45sEE6s|EE0000",
        {
            # kongs 1111m, 2222s (concealed) and 3333p (exposed), chow 456s, pair EE.
            # mil: Three Kongs 32 absorbs 48, 67 and 74; Mixed Shifted Pungs 1m2s3p 8; the two concealed
            # kongs make Two Concealed Pungs 2; 1111m Pung of Terminals 1. 32 + 8 + 2 + 1 = 43.
            "mil": ({17: 1, 42: 1, 66: 1, 73: 1}, 43),
            # wmo-2014: 17 no longer absorbs 48 and 67; Two Concealed Kongs (6 in china) absorbs Concealed
            # Kong and Two Concealed Pungs; Melded Kong stays absorbed by 17. 32 + 8 + 6 + 1 = 47.
            "wmo-2014": ({17: 1, 42: 1, 48: 1, 73: 1}, 47),
        },
    ),
    "discard-completed-pung": (
        "111m444s789p55pEEE|SS0000",
        {
            # won on the discarded E, which completes EEE (E is neither wind here); nothing declared.
            # melded: EEE is exposed, so 111m and 444s are Two Concealed Pungs 2; Concealed Hand 2;
            # Pung of Terminals or Honors for 111m and EEE 1 x 2. 2 + 2 + 2 = 6.
            "melded": ({62: 1, 66: 1, 73: 2}, 6),
            # concealed: three concealed pungs, Three Concealed Pungs 16 absorbs 66. 16 + 2 + 2 = 20.
            "concealed": ({33: 1, 62: 1, 73: 2}, 20),
        },
    ),
    "exhausted-waits": (
        "[111m1]1234m123p123s4m|EE0000",
        {
            # pung 111m, standing 1234m 123p 123s, won on 4m: 123m 44m. Before the win the hand also
            # waited on 1m (11m 234m), a kind it holds all four of (111m + 1m).
            # Lower Four 12 (absorbs No Honors); Mixed Triple Chow 123m/p/s 8; Tile Hog 1m 2;
            # Pung of Terminals 111m 1. formal: two kinds waited on, no wait fan. 12 + 8 + 2 + 1 = 23.
            "formal": ({37: 1, 41: 1, 64: 1, 73: 1}, 23),
            # live: 1m cannot come, 4m is the only wait, held as a single: Single Wait 1. 23 + 1 = 24.
            "live": ({37: 1, 41: 1, 64: 1, 73: 1, 79: 1}, 24),
        },
    ),
    "tile-hog-of-honors": (
        "1133m5577p99sEEEE|EE0000",
        {
            # seven pairs, EEEE as two pairs: Seven Pairs 24 (absorbs Concealed Hand and Single Wait).
            # counted: Tile Hog of E 2. 24 + 2 = 26.
            "counted": ({19: 1, 64: 1}, 26),
            # suit-tiles-only: E is an honor, no Tile Hog. 24.
            "suit-tiles-only": ({19: 1}, 24),
        },
    ),
    "all-types-with-knitted-straight": (
        "147p258s369mEEECC|SS0000",
        {
            # knitted straight 147p 258s 369m, pung EEE (neither wind here), won on C for the pair.
            # counted: Knitted Straight 12; All Types 6; Concealed Hand 2; Pung of Terminals or Honors EEE 1;
            # Single Wait 1 (C is the only tile waited on). 12 + 6 + 2 + 1 + 1 = 22.
            "counted": ({35: 1, 52: 1, 62: 1, 73: 1, 79: 1}, 22),
            # not-counted: All Types goes. 22 - 6 = 16.
            "not-counted": ({35: 1, 62: 1, 73: 1, 79: 1}, 16),
        },
    ),
}


def _differs(key: str) -> bool:
    return profiles.PROFILE_CHOICES["china"][key] != profiles.PROFILE_CHOICES["green-book"][key]


def test_every_switch_has_a_case():
    """Each switch is checked once: against both profiles where they differ, option by option where not."""
    keys = {s.key for s in profiles.SWITCHES}
    assert set(CASES) == {k for k in keys if _differs(k)}
    assert set(SAME_CASES) == {k for k in keys if not _differs(k)}
    for key, (_, by_option) in SAME_CASES.items():
        assert set(by_option) == set(_switch(key).options), key


@pytest.mark.parametrize("key", sorted(CASES))
def test_switch_example_scores_as_each_rulebook_says(key):
    hand, cn_fans, cn_total, gb_fans, gb_total, why = CASES[key]
    assert _switch(key).example == hand, "the documented example is the tested one"
    china, gb = score(hand, "china"), score(hand, "green-book")
    assert (china.fan_counts(), china.total) == (cn_fans, cn_total)
    assert (gb.fan_counts(), gb.total) == (gb_fans, gb_total), why
    assert reference_fans(parse_hand(hand)) == cn_fans, "the china expectation is the reference's"


@pytest.mark.parametrize("key", sorted(CASES))
def test_each_switch_alone_changes_its_example(key):
    """Flipping only this switch from china to green-book changes the example's score."""
    hand = CASES[key][0]
    alone = _china_with({key})
    assert _result(score_with(alone, hand)) != _result(score(hand, "china"))


@pytest.mark.parametrize("key", sorted(SAME_CASES))
def test_open_point_example_scores_as_each_option_says(key):
    """Both profiles give the chosen option's score (the reference's); every option gives its own."""
    hand, by_option = SAME_CASES[key]
    assert _switch(key).example == hand, "the documented example is the tested one"
    results = {option: _result(score_with(_china_choosing(key, option), hand)) for option in by_option}
    for option, (fans, total) in by_option.items():
        assert results[option] == (total, fans), option
    assert all(a != b for a, b in combinations(results.values(), 2)), "every option scores the example differently"
    chosen = profiles.PROFILE_CHOICES["china"][key]
    for name, choices in profiles.PROFILE_CHOICES.items():
        if choices[key] == chosen:  # a profile choosing otherwise (wmo-2014) is checked in test_wmo_2014.py
            assert _result(score(hand, name)) == results[chosen], name
    assert reference_fans(parse_hand(hand)) == by_option[chosen][0], "the chosen option's fans are the reference's"


def test_concealed_kong_fans_take_the_profiles_points():
    """wmo-2014 on top of green-book: Two Concealed Kongs is worth 8 there. 32 + 8 + 8 + 1 = 49."""
    choices = {**profiles.PROFILE_CHOICES["green-book"], "kongs-with-concealed-kong-fans": "wmo-2014"}
    result = score_with(profiles.build("gb+wmo-2014", choices), SAME_CASES["kongs-with-concealed-kong-fans"][0])
    assert _result(result) == (49, {17: 1, 42: 1, 48: 1, 73: 1})


def test_rules_doc_is_current():
    assert (ROOT / "docs" / "rules.md").read_text(encoding="utf-8") == rules_markdown()


def test_a_third_profile_is_only_data():
    house = profiles.build("house", {**profiles.PROFILE_CHOICES["china"], "two-concealed-kongs": "8"})
    assert house.points[48] == 8
    assert house.points[82] == 5
    with pytest.raises(ValueError, match="missing"):
        profiles.build("broken", {"two-concealed-kongs": "8"})


@pytest.mark.parametrize("name", ["green-book", "wmo-2014"])
def test_profile_differences_are_explained_by_switches(name):
    """On generated hands, every green-book (wmo-2014) result that differs from the reference is reproduced
    by applying to china exactly that profile's switches that change that hand (flipped alone on china, or
    reverted alone on the profile: two switches may act only together, e.g. 48's points and the kong
    switch that lets 48 count); the classes are counted."""
    china_choices, choices = profiles.PROFILE_CHOICES["china"], profiles.PROFILE_CHOICES[name]
    flips = [s.key for s in profiles.SWITCHES if china_choices[s.key] != choices[s.key]]
    singles = {key: _china_with({key}, name) for key in flips}
    reverted = {key: _china_with(set(flips) - {key}, name) for key in flips}
    classes: Counter = Counter()
    unexplained = []
    for hand in generate(3000, 4242):
        gb = score(hand, name)
        if gb.fan_counts() == (reference_fans(hand) or {}) or not gb.winning:
            continue
        china = _result(score(hand, "china"))
        touching = frozenset(
            k
            for k in flips
            if _result(score_with(singles[k], hand)) != china or _result(score_with(reverted[k], hand)) != _result(gb)
        )
        if not touching or _result(score_with(_china_with(touching, name), hand)) != _result(gb):
            unexplained.append(hand)
        classes[touching] += 1
    assert not unexplained, unexplained[:10]
    assert classes, "the sample must contain hands on which the profiles differ"


def _switch(key: str) -> profiles.Switch:
    return next(s for s in profiles.SWITCHES if s.key == key)


def _china_choosing(key: str, option: str) -> profiles.Profile:
    return profiles.build(f"china+{key}={option}", {**profiles.PROFILE_CHOICES["china"], key: option})


def _china_with(keys, name: str = "green-book") -> profiles.Profile:
    choices = dict(profiles.PROFILE_CHOICES["china"])
    choices.update({k: profiles.PROFILE_CHOICES[name][k] for k in keys})
    return profiles.build("china+" + "+".join(sorted(keys)), choices)


def _result(s):
    return s.total, s.fan_counts()


def score_with(profile: profiles.Profile, hand):
    from mcr_score.systems.mcr import scoring

    return scoring.score_with_profile(hand if not isinstance(hand, str) else parse_hand(hand), profile)
