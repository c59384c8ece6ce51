"""The wmo-2014 profile: the 2014 WMO Chinese edition 《麻将竞赛规则》, and the kong switch's wmo-2014 option.

Expectations are worked out by hand from the 2014 clauses as quoted (with printed pages) in
SkyEye-FAST/mcr-mahjong RULES_REVIEW.md, and agree with that project's WMO-2014 tests
(StandardMcrTest.kt: threeKongsApplyTheChineseConcealedKongClause,
threeKongsCombineConcealedKongsWithTheConcealedPungSeries,
fourKongsAddConcealedKongFansAndKeepTheFourConcealedPungCombination); never read off mcr_score.
"""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from mcr_score import parse_hand, score
from mcr_score.cli import main
from mcr_score.systems.mcr import profiles
from mcr_score.systems.mcr.fans.table import FANS
from mcr_score.systems.mcr.scoring import score_with_profile
from tests.systems.mcr.test_profiles import CASES

KONG_SWITCH = "kongs-with-concealed-kong-fans"
WMO = "wmo-2014"


def _result(result) -> tuple[int, dict[int, int]]:
    return result.total, result.fan_counts()


def _with_kong_option(base: str, option: str) -> profiles.Profile:
    return profiles.build(f"{base}+{option}", {**profiles.PROFILE_CHOICES[base], KONG_SWITCH: option})


# --- Every switch where wmo-2014 differs from green-book or china -----------------------------------------

DIFFERING = [
    s.key
    for s in profiles.SWITCHES
    if profiles.PROFILE_CHOICES[WMO][s.key]
    not in {profiles.PROFILE_CHOICES["green-book"][s.key]} & {profiles.PROFILE_CHOICES["china"][s.key]}
]


def test_the_differing_switches():
    """wmo-2014 sides with one profile or the other on every switch but the open points; on the kong
    switch it differs from both (2014 App. 1 fans 5 and 17)."""
    assert set(DIFFERING) == set(CASES) | {KONG_SWITCH}


@pytest.mark.parametrize("key", sorted(CASES))
def test_switch_example_under_wmo_2014(key):
    """The example scores under wmo-2014 as the hand-worked expectation of the profile choosing the same
    reading (tests/systems/mcr/test_profiles.py CASES), and differently from the profile choosing the other."""
    hand, cn_fans, cn_total, gb_fans, gb_total, _ = CASES[key]
    choice = profiles.PROFILE_CHOICES[WMO][key]
    same, other = (
        ("green-book", "china") if choice == profiles.PROFILE_CHOICES["green-book"][key] else ("china", "green-book")
    )
    expected = (gb_total, gb_fans) if same == "green-book" else (cn_total, cn_fans)
    got = _result(score(hand, WMO))
    assert got == expected, (key, same)
    assert got != _result(score(hand, other)), (key, other)


def test_kong_switch_example_under_wmo_2014():
    """[1111m][2222s][3333p1]45sEE6s: Three Kongs 32 + Mixed Shifted Pungs 8 + Two Concealed Kongs 8 (it
    absorbs Two Concealed Pungs and Concealed Kong) + Pung of Terminals 1 = 49; both other profiles: 43."""
    hand = next(s for s in profiles.SWITCHES if s.key == KONG_SWITCH).example
    assert _result(score(hand, WMO)) == (49, {17: 1, 42: 1, 48: 1, 73: 1})
    assert score(hand, "green-book").total == score(hand, "china").total == 43


# --- The kong fans with one to four concealed kongs --------------------------------------------------------

# hand -> expected (total, fans) under: wmo-2014 (also green-book with the wmo-2014 option: the same
# kong points), china with the wmo-2014 option (48 is 6; no Fully Concealed Hand on fan 12), and the mil
# option of green-book. 17 Three Kongs 32, 5 Four Kongs 88, 48 Two Concealed Kongs 8 (china 6),
# 67 Concealed Kong 2, 33/12/66 Three/Four/Two Concealed Pungs 16/64/2.
KONG_HANDS = {
    # three kongs, won on a discarded 8m (678m, open wait), pair EE
    "[2222s][3333s1][5555p1]67mEE8m|EE0000": (  # one concealed kong: 32 + 2
        (34, {17: 1, 67: 1}),
        (34, {17: 1, 67: 1}),
        (32, {17: 1}),
    ),
    "[2222s][3333s][5555p1]67mEE8m|EE0000": (  # two: 48 absorbs 67 and 66
        (40, {17: 1, 48: 1}),
        (38, {17: 1, 48: 1}),
        (34, {17: 1, 66: 1}),
    ),
    "[2222s][3333s][5555p]67mEE8m|EE0000": (  # three: 三暗杠加计三暗刻分, no 67; Concealed Hand 2
        (50, {17: 1, 33: 1, 62: 1}),
        (50, {17: 1, 33: 1, 62: 1}),
        (50, {17: 1, 33: 1, 62: 1}),
    ),
    # three kongs and a concealed pung 444m, self-drawn 4m, pair EE: All Pungs 6, Self-Drawn 1
    "[2222m][5555s1][8888p1]44mEE4m|EE1000": (  # one: 67, and 66 for 2222m with 444m
        (43, {17: 1, 49: 1, 66: 1, 67: 1, 80: 1}),
        (43, {17: 1, 49: 1, 66: 1, 67: 1, 80: 1}),
        (41, {17: 1, 49: 1, 66: 1, 80: 1}),
    ),
    "[2222m][5555s][8888p1]44mEE4m|EE1000": (  # two: 48 and Three Concealed Pungs together
        (63, {17: 1, 33: 1, 48: 1, 49: 1, 80: 1}),
        (61, {17: 1, 33: 1, 48: 1, 49: 1, 80: 1}),
        (55, {17: 1, 33: 1, 49: 1, 80: 1}),
    ),
    "[2222m][5555s][8888p]44mEE4m|EE1000": (  # three: Four Concealed Pungs 64 (absorbs 49), no 67
        (100, {12: 1, 17: 1, 56: 1}),
        (97, {12: 1, 17: 1, 80: 1}),
        (100, {12: 1, 17: 1, 56: 1}),
    ),
    # four kongs, pair EE (Four Kongs absorbs All Pungs and Single Wait)
    "[2222m1][8888m1][4444s1][7777p1]EE|EE0000": (  # none concealed: Melded Hand 6
        (94, {5: 1, 53: 1}),
        (94, {5: 1, 53: 1}),
        (94, {5: 1, 53: 1}),
    ),
    "[2222m][8888m1][4444s1][7777p1]EE|EE0000": (
        (90, {5: 1, 67: 1}),
        (90, {5: 1, 67: 1}),
        (88, {5: 1}),
    ),
    "[2222m][8888m][4444s1][7777p1]EE|EE0000": (
        (96, {5: 1, 48: 1}),
        (94, {5: 1, 48: 1}),
        (90, {5: 1, 66: 1}),
    ),
    "[2222m][8888m][4444s][7777p1]EE|EE0000": (
        (104, {5: 1, 33: 1}),
        (104, {5: 1, 33: 1}),
        (104, {5: 1, 33: 1}),
    ),
    "[2222m][8888m][4444s][7777p]EE|EE1000": (  # four concealed, self-drawn
        (156, {5: 1, 12: 1, 56: 1}),
        (153, {5: 1, 12: 1, 80: 1}),
        (156, {5: 1, 12: 1, 56: 1}),
    ),
}


@pytest.mark.parametrize("hand", list(KONG_HANDS))
def test_concealed_kongs_mixed_with_melded_kongs(hand):
    wmo, china_wmo, mil = KONG_HANDS[hand]
    assert _result(score(hand, WMO)) == wmo
    assert _result(score_with_profile(parse_hand(hand), _with_kong_option("green-book", "wmo-2014"))) == wmo
    assert _result(score_with_profile(parse_hand(hand), _with_kong_option("china", "wmo-2014"))) == china_wmo
    assert _result(score(hand, "green-book")) == mil
    assert _result(score_with_profile(parse_hand(hand), _with_kong_option(WMO, "mil"))) == mil


def _kong_profiles() -> list[profiles.Profile]:
    built = [profiles.PROFILES[name] for name in profiles.PROFILES]
    return built + [_with_kong_option(base, option) for base in profiles.PROFILES for option in ("mil", "wmo-2014")]


@pytest.mark.parametrize("hand", list(KONG_HANDS))
def test_no_fan_that_does_not_repeat_counts_twice_on_kongs(hand):
    """The bug of issue 17: the wmo-2014 option counted Concealed Kong once per concealed kong."""
    for profile in _kong_profiles():
        for fan in score_with_profile(parse_hand(hand), profile).fans:
            assert fan.count == 1 or FANS[fan.fan].repeatable, (profile.name, fan)


def test_three_concealed_kongs_say_why_concealed_kong_is_not_counted():
    result = score("[2222s][3333s][5555p]67mEE8m|EE0000", WMO)
    why = [(r.fan, r.rule, r.by) for r in result.not_counted if r.fan == 67]
    assert why == [(67, "implied", 33)] * 3


# --- From the command line --------------------------------------------------------------------------------


def test_score_with_wmo_2014_from_the_cli():
    runner = CliRunner()
    hand = "[1111m][2222s]345pEE67s8s|EE1000"
    text = runner.invoke(main, ["score", hand, "--rules", WMO])
    assert text.exit_code == 0, text.output
    assert "(rules: wmo-2014)" in text.output
    assert "total 13 = 13 points" in text.output
    data = json.loads(runner.invoke(main, ["score", hand, "--rules", WMO, "--json"]).output)
    assert (data["rules"], data["total"]) == (WMO, 13)
    # Two Concealed Kongs 8 + Fully Concealed Hand 4 + Pung of Terminals 1 (2014 table p.14: 48 is 8)
    assert {f["id"]: f["points"] for f in data["fans"]} == {48: 8, 56: 4, 73: 1}


def test_explain_fans_and_fan_take_wmo_2014():
    runner = CliRunner()
    explain = runner.invoke(main, ["explain", "[2222s][3333s][5555p]67mEE8m|EE0000", "--rules", WMO, "--json"])
    assert explain.exit_code == 0, explain.output
    assert json.loads(explain.output)["verdict"]["total"] == 50
    fan = json.loads(runner.invoke(main, ["fan", "48", "--rules", WMO, "--json"]).output)
    assert fan["points"] == 8
    assert runner.invoke(main, ["fans", "--rules", WMO]).exit_code == 0


def test_batch_with_wmo_2014():
    lines = "[2222m][8888m][4444s][7777p]EE|EE1000\n[1111m][2222s1]345pEE67s8s|EE1000\n"
    result = CliRunner().invoke(main, ["batch", "-", "--rules", WMO, "--jobs", "1"], input=lines)
    assert result.exit_code == 0, result.output
    records = [json.loads(line) for line in result.stdout.splitlines()]
    assert [(r["rules"], r["total"]) for r in records] == [(WMO, 156), (WMO, 8)]


def test_a_house_file_can_start_from_wmo_2014(tmp_path):
    path = tmp_path / "wmc.toml"
    path.write_text('name = "wmc"\nbase = "wmo-2014"\n[switches]\ntwo-concealed-kongs = "6"\n', encoding="utf-8")
    house = profiles.get(str(path))
    assert dict(house.choices) == {**profiles.PROFILE_CHOICES[WMO], "two-concealed-kongs": "6"}
    result = CliRunner().invoke(main, ["score", "[1111m][2222s]345pEE67s8s|EE1000", "--rules", str(path), "--json"])
    assert result.exit_code == 0, result.output
    assert (json.loads(result.output)["rules"], json.loads(result.output)["total"]) == ("wmc", 11)


def test_rules_lists_wmo_2014_with_its_sources():
    output = CliRunner().invoke(main, ["rules"]).output
    assert "wmo-2014: 2014 WMO Chinese edition" in output
    assert "[green-book, wmo-2014]" in output
    for key in profiles.PROFILE_CHOICES[WMO]:
        assert f"      wmo-2014: {profiles.CHOICE_SOURCES[WMO][key]}" in output, key


def test_every_wmo_2014_choice_names_its_source():
    assert set(profiles.CHOICE_SOURCES[WMO]) == {s.key for s in profiles.SWITCHES}
    for key, source in profiles.CHOICE_SOURCES[WMO].items():
        assert "[WMO14]" in source or "[SF]" in source, key
