"""The general Chinese rules of seed 003 (003_e3b934238c0c8e57.txt, docs/rulesets.md §4): each test
derives from a sentence of the seed (quoted) or a reading of rulesets.md, never from our own output;
the golden table `tests/golden/hk.toml` holds hands worked out by hand."""

from __future__ import annotations

import json
import random
import tomllib
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mcr_score import systems
from mcr_score.cli import main
from mcr_score.systems import Situated
from tests.support import TESTS
from tests.support.cli import runner

GOLDEN = TESTS / "golden" / "hk.toml"
CASES = tomllib.loads(GOLDEN.read_text(encoding="utf-8"))["case"]
HK = systems.get("hk")
# The JSON of `score --system hk --json`, its first keys in this order (more may follow).
KEYS = ["ok", "system", "winning", "reason", "fan", "points", "limit", "elements"]


def run(*args: str) -> Any:
    return runner().invoke(main, list(args))


def hk_json(*args: str) -> dict[str, Any]:
    result = run(*args, "--system", "hk", "--json")
    assert result.exit_code in (0, 1, 2), result.output
    data: dict[str, Any] = json.loads(result.stdout)
    return data


def _house(tmp_path: Path, switches: dict[str, str] | None = None, values: dict[str, int] | None = None) -> str:
    lines = ['system = "hk"', 'name = "club"', 'base = "standard"', "[switches]"]
    lines += [f'"{k}" = "{v}"' for k, v in (switches or {}).items()]
    lines += ["[values]", *(f"{k} = {v}" for k, v in (values or {}).items())]
    path = tmp_path / "club.toml"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return str(path)


def _counts(elements: list[dict[str, Any]]) -> dict[str, int]:
    return {e["element"]: e["count"] for e in elements}


# ---- the golden table ---------------------------------------------------------------------------


@pytest.mark.parametrize("case", CASES, ids=[c["id"] for c in CASES])
def test_golden_case(case: dict[str, Any], tmp_path: Path) -> None:
    options = list(case.get("options", []))
    if "rules" in case or "values" in case:
        options += ["--rules", _house(tmp_path, case.get("rules"), case.get("values"))]
    data = hk_json("score", case["hand"], *options)
    assert data["winning"] is case["winning"], case["why"]
    if not case["winning"]:
        assert data["reason"] == case["reason"], case["why"]
        return
    assert data["form"] == case["form"], case["why"]
    assert (data["fan"], data["points"], data["limit"]) == (case.get("fan"), case["points"], case["limit"]), case["why"]
    assert _counts(data["elements"]) == case["elements"], case["why"]
    assert _counts(data["not_added"]) == case.get("not_added", {}), case["why"]
    assert data["meets_minimum"] is case.get("meets_minimum", True), case["why"]


def test_every_element_of_the_table_has_a_golden_case() -> None:
    held = {e for c in CASES if c["winning"] for e in (*c["elements"], *c.get("not_added", {}))}
    assert held == {
        "flower",
        "dragon-pung",
        "wind-pung",
        "concealed",
        "self-drawn",
        "kong",
        "big-three-dragons",
        "special-hand",
    }


# ---- the result's shape ----------------------------------------------------------------------------


def test_the_json_is_f_fan_plus_p_points_with_a_limit_flag() -> None:
    """« La valeur d'un Mahjong se mesure en fan »; flowers « rapportent juste des points »:
    "F fan + P points (indicative)", never one number (rulesets.md §4.1)."""
    data = hk_json("score", "123456789m234p5p5p|EE1000|ab")
    assert list(data)[: len(KEYS)] == KEYS
    assert (data["ok"], data["system"], data["reason"], data["fan"], data["points"]) == (True, "hk", None, 2, 8)
    assert data["payments"] is None
    text = run("score", "123456789m234p5p5p|EE1000|ab", "--system", "hk").output
    assert "2 fan + 8 points (indicative)" in text
    assert "no payments" in text


def test_no_payments_without_a_completion_profile() -> None:
    """« Le système de score varie énormément selon la variante jouée »: the seed gives no rule that
    turns fan and points into a payment, so there is no round to settle (rulesets.md §4.2)."""
    result = run("session", "round.json", "--system", "hk")
    assert result.exit_code == 2
    assert "session is not available for the hk system" in result.output
    assert run("score", "123456789m234p5p5p", "--system", "hk", "--from", "S").exit_code == 2


# ---- legal hands -------------------------------------------------------------------------------------


def test_seven_pairs_must_be_different() -> None:
    """« 7 paires : 7 paires de tuiles différentes »."""
    assert hk_json("score", "11223344m5566s7m7m")["form"] == "seven-pairs"
    repeated = hk_json("score", "11112233m5566s7m7m")
    assert (repeated["winning"], repeated["reason"]) == (False, "pairs-not-different")
    assert "« 7 paires de tuiles différentes »" in run("score", "11112233m5566s7m7m", "--system", "hk").output


def test_thirteen_orphans_one_of_each_and_a_pair() -> None:
    """« une tuile de chaque extrémité (1 et 9 de chaque famille) plus un exemplaire de chaque
    honneur, et une paire parmi celles-ci »: a missing orphan is no hand."""
    assert hk_json("score", "19m19p19sESWNCFPP")["form"] == "thirteen-orphans"
    assert hk_json("score", "19m19p18sESWNCFPP")["reason"] == "no-shape"


def test_no_chow_of_honours() -> None:
    """« il n'existe pas de Chow de Vents ou de Dragons, et la suite ne boucle pas (pas de 9-1-2) »."""
    assert hk_json("score", "ESW123m456p789s55s")["reason"] == "no-shape"
    assert hk_json("score", "912m123m456p789s5s5s")["winning"] is False


# ---- elements ------------------------------------------------------------------------------------------


def test_a_kong_is_one_combination_and_counts_as_a_pung() -> None:
    """« le Kong ne compte que comme une seule combinaison »; « Un Mahjong avec un Kong fera donc 15 tuiles »;
    a kong of dragons still counts for « Pung de Dragons » (rulesets.md §4.2)."""
    data = hk_json("score", "[FFFF]123m456p789s5s5s")
    assert _counts(data["elements"])["dragon-pung"] == 1
    assert hk_json("score", "[FFFF]123m456p789s5s")["reason"] == "waiting"


def test_the_kong_bonus_is_variable(tmp_path: Path) -> None:
    """« Kong » « Bonus variable »: unset, listed and not added; a house file's `kong` adds that many fan each."""
    hand = "[2222m1][3333p2]345m999s5s5s"
    unset = hk_json("score", hand)
    assert unset["not_added"] == [
        {"element": "kong", "seed": "Kong", "count": 2, "fan": None, "points": 0, "why": "unset"}
    ]
    assert unset["fan"] == 0
    assert hk_json("score", hand, "--rules", _house(tmp_path, values={"kong": 3}))["fan"] == 6


def test_a_discard_exposes_the_combination_it_completes(tmp_path: Path) -> None:
    """« Une combinaison est dite exposée quand tu l'as formée grâce à une tuile défaussée par un
    adversaire » (literal, the default); concealed-on-discard = counts keeps the hand concealed."""
    pung = "123m456m789pEE555s"  # the discarded 5s completes the pung 555s
    assert hk_json("score", pung)["fan"] == 0
    assert hk_json("score", pung, "--self-drawn")["fan"] == 2  # drawn: concealed and self-drawn
    counts = _house(tmp_path, switches={"concealed-on-discard": "counts"})
    assert hk_json("score", pung, "--rules", counts)["fan"] == 1


def test_the_tile_completes_the_pair_when_it_can() -> None:
    """The discarded 4m completes the chow 234m or the pair 44m: read as the pair, no combination is
    formed with the discard, and « Main tout caché » holds under literal (the reading worth most)."""
    data = hk_json("score", "123m456p789s2344m4m")
    assert data["fan"] == 1
    assert data["win_set"] == ["4m", "4m"]


def test_a_limit_hand_adds_nothing_else(tmp_path: Path) -> None:
    """« Trois Grands Dragons » « Très élevé (souvent maximum) »: the limit, the other elements not
    added (rulesets.md §4.2); a house file's `limit` gives it a number."""
    hand = "CCCFFFPPP123mEE|EE1000|abc"
    data = hk_json("score", hand)
    assert (data["limit"], data["fan"], data["points"]) == (True, None, 0)
    assert "a limit hand" in run("score", hand, "--system", "hk").output
    assert hk_json("score", hand, "--rules", _house(tmp_path, values={"limit": 13}))["fan"] == 13


def test_a_house_minimum(tmp_path: Path) -> None:
    """« La plupart des variantes exigent un nombre minimum de fan »: none by default (the seed names
    no number); a house file's `minimum`, and `score --check` exits 3 below it."""
    hand = "123456789m55p234p"
    assert run("score", hand, "--system", "hk", "--check").exit_code == 0
    house = _house(tmp_path, values={"minimum": 1})
    assert run("score", hand, "--rules", house, "--check").exit_code == 3
    assert "below the minimum of 1 fan" in run("score", hand, "--rules", house).output


def test_every_switch_example_scores_differently_between_its_options(tmp_path: Path) -> None:
    from mcr_score.systems.hk.rules import SWITCHES

    for switch in SWITCHES:
        answers = set()
        for option in switch.options:
            data = hk_json("score", switch.example, "--rules", _house(tmp_path, switches={switch.key: str(option)}))
            answers.add((data["fan"], data["points"]))
        assert len(answers) == len(switch.options), switch.key


# ---- properties ------------------------------------------------------------------------------------


WINNING = [c for c in CASES if c["winning"] and "[" not in c["hand"] and "options" not in c and "values" not in c]


def _plain(hand: str) -> str:
    return hand.split("|")[0]


@settings(max_examples=60, deadline=None)
@given(st.sampled_from([c for c in WINNING if "rules" not in c]), st.randoms())
def test_a_value_does_not_depend_on_tile_order(case: dict[str, Any], rng: random.Random) -> None:
    hand = HK.read(case["hand"], Situated({}))
    assert hand.winning is not None
    tiles = [t.code for t in hand.standing]
    rng.shuffle(tiles)
    suffix = case["hand"][len(_plain(case["hand"])) :]
    shuffled = "".join(tiles) + hand.winning.code + suffix
    rules = HK.profile("standard")
    first = HK.score(hand, rules, Situated({}))
    again = HK.score(HK.read(shuffled, Situated({})), rules, Situated({}))
    assert (again.fan, again.points, again.limit) == (first.fan, first.points, first.limit)


@settings(max_examples=60, deadline=None)
@given(st.sampled_from([c for c in CASES if c["winning"] and not c["limit"] and "options" not in c]), st.integers(0, 8))
def test_each_flower_adds_four_points_and_no_fan(case: dict[str, Any], flowers: int) -> None:
    """« Fleur ou Saison » « Chaque fleur ou saison exposée » « +4 points »."""
    base = _plain(case["hand"])
    winds = case["hand"].split("|")[1] if "|" in case["hand"] else "EE0000"
    hand = HK.read(f"{base}|{winds}|{flowers}", Situated({}))
    none = HK.read(f"{base}|{winds}|0", Situated({}))
    rules = HK.profile("standard")
    situated = Situated({})
    with_flowers, without = HK.score(hand, rules, situated), HK.score(none, rules, situated)
    assert with_flowers.points - without.points == 4 * flowers
    assert with_flowers.fan == without.fan


# ---- what the table cannot score, and bad house files --------------------------------------------


def test_mcr_fields_without_a_row_are_refused() -> None:
    """The last copy (绝张) and the last tile of the wall are MCR fans, no element of the seed's table."""
    data = hk_json("score", "123456789m55p234p|EE0110")
    assert data["error"]["code"] == "situation-not-in-system"
    assert [p["column"] for p in data["error"]["problems"]] == [22, 23]
    refused = hk_json("score", "123456789m55p234p", "--last-tile")
    assert refused["error"]["code"] == "not-in-system"
    from mcr_score.errors import SituationNotInSystemError

    with pytest.raises(SituationNotInSystemError) as e:
        HK.read("123456789m55p234p", Situated({"wall_last": True}))
    assert e.value.where == "situation.wall_last"


def test_a_bad_house_value_is_named(tmp_path: Path) -> None:
    result = run("score", "123456789m55p234p", "--rules", _house(tmp_path, values={"kong": 100}))
    assert result.exit_code == 2
    assert "kong is a whole number from 0 to 99, not 100" in result.output
    assert "values.kong" in result.output


def test_a_house_file_of_hk_needs_no_system(tmp_path: Path) -> None:
    house = _house(tmp_path, values={"kong": 1})
    assert json.loads(run("score", "[FFFF]123m456p789s5s5s", "--rules", house, "--json").stdout)["fan"] == 3
    assert run("score", "123m456p789s5s5s", "--rules", "seed", "--system", "hk").exit_code == 2


# ---- the other commands ----------------------------------------------------------------------------


def test_explain_lists_every_reading_and_the_profile() -> None:
    data = hk_json("explain", "223344m556677p88s")
    assert [r["form"] for r in data["readings"]] == ["seven-pairs", "standard"]
    assert [r["chosen"] for r in data["readings"]] == [True, False]
    assert data["readings"][1]["fan"] == 1
    assert data["switches"] == {"double-wind": "twice", "concealed-on-discard": "literal"}
    assert data["values"] == {"kong": None, "limit": None, "minimum": None}
    text = run("explain", "223344m556677p88s", "--system", "hk", "--lang", "fr").output
    assert "« Mains spéciales (7 paires, 13 orphelins...) »" in text
    assert "lecture 2" in text


def test_fans_and_rules_show_the_seed_table() -> None:
    rows = hk_json("fans")
    assert [r["seed_value"] for r in rows] == [
        "+4 points",
        "+1 fan",
        "+1 fan",
        "+1 fan",
        "+1 fan",
        "Bonus variable",
        "Très élevé (souvent maximum)",
        "Très élevé",
    ]
    rules = hk_json("rules")
    assert [(s["key"], s["default"]) for s in rules["switches"]] == [
        ("double-wind", "twice"),
        ("concealed-on-discard", "literal"),
    ]
    assert [(v["key"], v["default"]) for v in rules["values"]] == [("kong", None), ("limit", None), ("minimum", None)]
    assert "| `double-wind` |" in run("rules", "--system", "hk", "--markdown").output
    assert "Pung de Vent du joueur ou du tour" in run("fans", "--system", "hk", "--lang", "zh").output


def test_parse_reads_mcr_notation_with_flowers() -> None:
    data = hk_json("parse", "123456789m55p234p|EE1000|ab")
    assert (data["winning"], data["situation"]["flowers"]) == ("4p", 2)


@pytest.mark.parametrize(("command", "args"), [("waits", ["123456789m55p23p"]), ("fan", ["3"])])
def test_a_command_hk_cannot_answer_is_a_usage_error(command: str, args: list[str]) -> None:
    result = run(command, *args, "--system", "hk")
    assert result.exit_code == 2
    assert f"{command} is not available for the hk system" in result.output


def test_the_text_pages(tmp_path: Path) -> None:
    """What the text says, in the reader's language: a hand that does not win, a limit with a house
    number, the rules with their switches and values."""
    waiting = run("score", "123456789m234p5p", "--system", "hk", "--lang", "fr").output
    assert "pas une main gagnante : une main en attente : 13 tuiles" in waiting
    assert "not a winning hand: a waiting hand" in run("explain", "123456789m234p5p", "--system", "hk").output
    house = _house(tmp_path, values={"limit": 13, "minimum": 2})
    limit = run("score", "19m19p19sESWNCFPP", "--rules", house, "--brief").output
    assert limit == "a limit hand: 13 fan, the house file's limit (indicative); minimum 2 fan: met\n"
    explained = run("explain", "19m19p19sESWNCFPP", "--rules", house).output
    assert "values: kong = unset, limit = 13, minimum = 2" in explained
    rules = run("rules", "--system", "hk").output
    assert "* twice: +1 fan for each role" in rules
    assert "kong = 0-99: fan per kong" in rules
    assert "no payments" in rules.splitlines()[-1]
