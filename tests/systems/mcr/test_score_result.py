"""What a score carries: the winning tile, the set it completed and how, and every fan's sets.

Expectations are read off the hands by the rules (where the winning tile sits, which sets a fan
names), never off mcr-score's own output.
"""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from mcr_score import score
from mcr_score.cli import main


def score_json(*args: str) -> dict:
    result = CliRunner().invoke(main, ["score", *args, "--json"])
    assert result.exit_code == 0, result.output
    return json.loads(result.output)


def fan(data: dict, fan_id: int) -> dict:
    return next(f for f in data["fans"] if f["id"] == fan_id)


def test_single_wait_on_the_pair():
    data = score_json("123456789m123p5s5s")
    assert (data["win_tile"], data["win_set"], data["wait"]) == ("5s", ["5s", "5s"], "pair")
    assert fan(data, 79)["sets"] == [["5s", "5s"]]


def test_identical_sets_are_listed_each_time():
    data = score_json("223344m333p22sNN2s|WN0000")
    assert fan(data, 69)["sets"] == [["2m", "3m", "4m"], ["2m", "3m", "4m"]]
    triple = score_json("555666777p56s55s7s|EE1000", "--rules", "china")
    assert fan(triple, 23)["sets"] == [["5p", "6p", "7p"]] * 3


def test_concealed_pung_fans_list_their_pungs():
    data = score_json("777m555666p78sWW9s|SN0000", "--rules", "china")
    assert fan(data, 33)["sets"] == [["7m"] * 3, ["5p"] * 3, ["6p"] * 3]
    two = score_json("[789s]888m33345pPP6p|WE1000")
    assert fan(two, 66)["sets"] == [["8m"] * 3, ["3p"] * 3]


@pytest.mark.parametrize(
    ("hand", "win", "win_set", "wait"),
    [
        ("[345p1]444m23489sWW7s|NN0000", "7s", ["7s", "8s", "9s"], "edge"),  # 7 of 89: Edge Wait
        ("[567m2]222m123p79sCC8s|WW0000", "8s", ["7s", "8s", "9s"], "closed"),  # middle of 79: Closed Wait
        ("[567m2]222m123p78sCC9s|WW0000", "9s", ["7s", "8s", "9s"], "open"),  # 9 of 78, also 6: two-sided
        ("[123m1]456789m33pCC3p|WE0000", "3p", ["3p", "3p", "3p"], "pung"),  # a pung completed by the discard
        ("55m99p66778899sWW|NE0000", "W", ["W", "W"], "pair"),  # seven pairs: the pair it completed
    ],
)
def test_where_the_winning_tile_went(hand, win, win_set, wait):
    data = score_json(hand)
    assert (data["win_tile"], data["win_set"], data["wait"]) == (win, win_set, wait)


def test_no_wait_shape_without_sets():
    data = score_json("19m19p19sESWNCFPP|EE0000")
    assert data["form"] == "thirteen-orphans"
    assert data["wait"] is None
    assert data["win_set"] == ["P", "P"]


@pytest.mark.parametrize(("hand", "reason"), [("123456789m123p5s", "waiting"), ("123456789m123p5s6s", "no-shape")])
def test_a_hand_that_does_not_win_gives_a_reason_code(hand, reason):
    data = score_json(hand)
    assert not data["winning"]
    assert data["reason"] == reason
    assert data["win_set"] is None
    assert score(hand).reason == reason


def test_wait_fans_name_the_set_they_read():
    data = score_json("[345p1]444m23489sWW7s|NN0000")
    assert fan(data, 77)["sets"] == [["7s", "8s", "9s"]]


@pytest.mark.parametrize(
    ("lang", "phrases"),
    [
        (
            "fr",
            [
                "Grande suite pure",
                "Finir sur la paire",
                "tuile gagnante : 5s, qui complète 55s (la paire)",
                "atteint le minimum de 8 points",
            ],
        ),
        ("zh", ["清龙", "单钓将", "和张：5s，成55s（将牌）", "已达8番起和"]),
        (
            "en",
            [
                "Pure Straight",
                "Single Wait",
                "winning tile: 5s, completing 55s (the pair)",
                "meets the 8-point minimum",
            ],
        ),
    ],
)
def test_score_speaks_the_language_asked(lang, phrases):
    result = CliRunner().invoke(main, ["score", "123456789m123p5s5s", "--lang", lang], env={"LANG": ""})
    assert result.exit_code == 0
    for phrase in phrases:
        assert phrase in result.output


def test_score_language_follows_lang_and_the_json_does_not_change():
    french = CliRunner().invoke(main, ["score", "123456789m123p5s5s"], env={"LANG": "fr_FR.UTF-8"}).output
    assert "Grande suite pure" in french
    plain = score_json("123456789m123p5s5s")
    assert (
        json.loads(CliRunner().invoke(main, ["score", "123456789m123p5s5s", "--json", "--lang", "zh"]).output) == plain
    )


def test_score_text_shows_a_false_hu_and_a_tile_without_wait_shape():
    below = CliRunner().invoke(main, ["score", "[678s3]789m11p12334s2s|WS0000|3"], env={"LANG": ""}).output
    assert "total 5 = 2 points + 3 flowers; below the 8-point minimum by 6: not a valid Hu" in below
    orphans = CliRunner().invoke(main, ["score", "19m19p19sESWNCFPP"], env={"LANG": ""}).output
    assert "winning tile: P, in PP" in orphans
    waiting = CliRunner().invoke(main, ["score", "123456789m123p5s", "--lang", "fr"]).output
    assert "Pas une main gagnante : 13 tuiles, une main en attente sans sa tuile gagnante" in waiting


def test_rules_lists_every_switch_with_the_profiles_choosing_each_option():
    from mcr_score.systems.mcr.profiles import SWITCHES

    out = CliRunner().invoke(main, ["rules"]).output
    assert out.startswith("profiles:\n  green-book: ")
    for switch in SWITCHES:
        assert f"\n{switch.key}: {switch.point()}\n" in out
        assert f"  example: {switch.example}" in out
    assert "  8 [green-book, wmo-2014]: 8 points" in out
    assert "  6 [china]: 6 points" in out


def test_a_fan_page_names_the_switches_that_change_the_fan():
    page = json.loads(CliRunner().invoke(main, ["fan", "48", "--rules", "china", "--json"]).output)
    assert page["switches"]["two-concealed-kongs"] == "6"
    assert "two-concealed-kongs = 8" in CliRunner().invoke(main, ["fan", "48"], env={"LANG": ""}).output
    assert json.loads(CliRunner().invoke(main, ["fan", "28", "--json"]).output)["switches"] == {}


def test_score_errors_speak_the_language_asked():
    result = CliRunner().invoke(main, ["score", "[124m]x1m", "--lang", "fr"], env={"LANG": ""})
    assert result.exit_code == 2
    assert "illegal-character: 'x' ne fait pas partie de la notation des mains (colonne 7)" in result.output
    english = CliRunner().invoke(main, ["score", "[124m]x1m"], env={"LANG": ""})
    assert "bad-meld: [124m] is not a chow, pung or kong" in english.output


@pytest.mark.parametrize(
    ("hand", "points", "short_by"),
    [
        ("123456789m123p5s5s", 22, 0),  # Pure Straight and more: well over 8
        ("[678s3]789m11p12334s2s|WS0000|3", 2, 6),  # 2 points and 3 flowers: flowers do not count
    ],
)
def test_a_score_carries_the_minimum_and_how_far_short_it_is(hand, points, short_by):
    result = score(hand)
    assert (result.points, result.minimum, result.short_by) == (points, 8, short_by)
    assert result.meets_minimum == (short_by == 0)
    data = score_json(hand)
    assert (data["minimum"], data["short_by"]) == (8, short_by)


def test_a_hand_that_does_not_win_is_short_by_nothing_it_is_not_a_hu():
    assert score("123456789m123p5s").short_by is None
    assert score_json("123456789m123p5s6s")["short_by"] is None


def test_a_score_is_built_with_keywords():
    with pytest.raises(TypeError):
        type(score("123456789m123p5s5s"))("china", True)
