"""Rule profiles: every switch changes the score of its example, as each rulebook says.

`china` expectations come from the reference calculator (PyMahjongGB 1.4.0, re-checked here);
`green-book` expectations come from the Green Book readings cited in `mcr_score/profiles.py`
and worked out by hand in docs/rules-research.md. A second test checks, on generated hands,
that every difference between `green-book` and the reference is explained by listed switches.
"""

import sys
from collections import Counter
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

from reference import reference_fans  # noqa: E402
from strategies import generate  # noqa: E402

from mcr_score import parse_hand, score  # noqa: E402
from mcr_score import profiles  # noqa: E402
from mcr_score.render import rules_markdown  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent

# switch -> (hand, china fans, china total, green-book fans, green-book total, why green-book)
CASES = {
    "two-concealed-kongs": (
        "[1111m][2222s]345pEE67s8s|EE1000", {48: 1, 56: 1, 73: 1}, 11, {48: 1, 56: 1, 73: 1}, 13,
        "48 is worth 8 (§3.8.1 p.16)"),
    "concealed-and-melded-kong": (
        "[1111m][2222s1]345pEE67s8s|EE1000", {82: 1, 73: 1, 80: 1}, 7, {57: 1, 67: 1, 73: 1, 80: 1}, 8,
        "fan 57: one melded plus one concealed kong are 6 points (4 + Concealed Kong 2)"),
    "fully-concealed-with-concealed-forms": (
        "1133557799mEE2p2p|EE1000", {19: 1, 75: 1, 80: 1}, 26, {19: 1, 56: 1, 75: 1}, 29,
        "fan 19: Fully Concealed may be combined if Self-Drawn (it absorbs Self-Drawn)"),
    "all-green-with-half-flush": (
        "[234s1]22334666sFF4s|EE0000", {3: 1, 23: 1}, 112, {3: 1, 23: 1, 50: 1}, 118,
        "fan 3 does not exclude Half Flush"),
    "all-terminals-with-double-pung": (
        "[111m1][111s1][999m1]99s1p1p9s|EE0000", {8: 1}, 64, {8: 1, 65: 2}, 68,
        "fan 8 excludes 49, 55, 73, 76 only: 111m/111s and 999m/999s are two Double Pungs"),
    "lesser-knitted-with-knitted-straight": (
        "147m258s369pESWNC", {34: 1, 35: 1}, 24, {34: 1}, 12,
        "chosen where the text is silent: the knitted tiles are fan 34's own substance"),
    "knitted-straight-with-waits": (
        "147m258s369p12p44p3p", {35: 1, 62: 1, 63: 1, 77: 1}, 17, {35: 1, 62: 1, 63: 1}, 16,
        "Tianjin 2006: Knitted Straight does not combine with Edge or Closed Wait"),
    "nine-gates-terminal-pungs": (
        "1112345678999m5m|EE0000", {4: 1, 66: 1, 73: 1}, 91, {4: 1, 66: 1}, 90,
        "fan 4 is not combined with Pung of Terminals or Honors"),
    "seven-pairs-tile-hog": (
        "1199m1199p11119s9s", {8: 1, 19: 1, 64: 1}, 90, {8: 1, 19: 1}, 88,
        "Tianjin 2006: no Tile Hog when Seven Pairs is combined with All Terminals"),
}


def test_every_switch_has_a_case():
    assert set(CASES) == {s.key for s in profiles.SWITCHES}


@pytest.mark.parametrize("key", sorted(CASES))
def test_switch_example_scores_as_each_rulebook_says(key):
    hand, cn_fans, cn_total, gb_fans, gb_total, why = CASES[key]
    switch = next(s for s in profiles.SWITCHES if s.key == key)
    assert switch.example == hand, "the documented example is the tested one"
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


def test_rules_doc_is_current():
    assert (ROOT / "docs" / "rules.md").read_text(encoding="utf-8") == rules_markdown()


def test_a_third_profile_is_only_data():
    house = profiles.build("house", {**profiles.PROFILE_CHOICES["china"], "two-concealed-kongs": "8"})
    assert house.points[48] == 8 and house.points[82] == 5
    with pytest.raises(ValueError, match="missing"):
        profiles.build("broken", {"two-concealed-kongs": "8"})


def test_green_book_differences_are_explained_by_switches():
    """On generated hands, every green-book result that differs from the reference is reproduced by
    applying to china exactly the switches that change that hand; the classes are counted."""
    flips = [s.key for s in profiles.SWITCHES
             if profiles.PROFILE_CHOICES["china"][s.key] != profiles.PROFILE_CHOICES["green-book"][s.key]]
    singles = {key: _china_with({key}) for key in flips}
    classes: Counter = Counter()
    unexplained = []
    for hand in generate(3000, 4242):
        gb = score(hand, "green-book")
        if gb.fan_counts() == (reference_fans(hand) or {}) or not gb.winning:
            continue
        china = _result(score(hand, "china"))
        touching = frozenset(k for k in flips if _result(score_with(singles[k], hand)) != china)
        if not touching or _result(score_with(_china_with(touching), hand)) != _result(gb):
            unexplained.append(hand)
        classes[touching] += 1
    assert not unexplained, unexplained[:10]
    assert classes, "the sample must contain hands on which the profiles differ"


def _china_with(keys) -> profiles.Profile:
    choices = dict(profiles.PROFILE_CHOICES["china"])
    choices.update({k: profiles.PROFILE_CHOICES["green-book"][k] for k in keys})
    return profiles.build("china+" + "+".join(sorted(keys)), choices)


def _result(s):
    return s.total, s.fan_counts()


def score_with(profile: profiles.Profile, hand):
    from mcr_score import scoring
    return scoring.score_with_profile(hand if not isinstance(hand, str) else parse_hand(hand), profile)
