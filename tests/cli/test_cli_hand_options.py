"""The options and texts of the hand commands (found in issue 22): one rule for numbers (`--claim`, `--flowers`,
`fan NUMBER`), usage errors as JSON under `--json`, contradictory output options, the winds in
upper case, the `--lang` help that says what JSON holds, `discards`/`waits` with a kong win, and
plurals in the text outputs in the three languages."""

from __future__ import annotations

import json

import pytest

from mcr_score.cli import main
from tests.support.cli import runner

HAND = "123456789m123p5s5s"  # 22 points
WAITING = "123456789m123p5s"  # waits on 5s
ONE_FLOWER = HAND + "|EE0000|1"


def run(*args: str):
    return runner().invoke(main, list(args))


def json_error(result) -> dict:
    """The `{"ok": false, "error": {...}}` object a command printed (on standard output)."""
    data = json.loads(result.stdout)
    assert data["ok"] is False
    assert "Traceback" not in result.output
    return data["error"]


# One rule for numbers ----------------------------------------------------------------------------


@pytest.mark.parametrize("value", ["١٢", "１２", "1_2", "+8", "12.0", "0x1", "", "twelve"])
@pytest.mark.parametrize(
    "command",
    [["explain", HAND, "--claim"], ["score", HAND, "--flowers"], ["waits", WAITING, "--flowers"], ["fan"]],
    ids=["explain --claim", "score --flowers", "waits --flowers", "fan NUMBER"],
)
def test_numbers_are_ascii_digits_only(command, value):
    result = run(*command, value)
    assert result.exit_code == 2, result.output
    assert "is not a whole number (ASCII digits, as 12)" in result.stderr
    assert "Traceback" not in result.output


@pytest.mark.parametrize("value", ["9" * 10, "9" * 5000])
def test_a_number_of_too_many_digits_is_a_usage_error(value):
    result = run("explain", HAND, "--claim", value)
    assert result.exit_code == 2
    assert "has more than 9 digits: no number of the game is that large" in result.stderr


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["explain", HAND, "--claim", "-1"], "-1 is less than 0"),
        (["score", HAND, "--flowers", "9"], "9 is not in the range 0-8"),
        (["score", HAND, "--flowers", "-1"], "-1 is not in the range 0-8"),
        (["fan", "0"], "0 is not in the range 1-82"),
        (["fan", "83"], "83 is not in the range 1-82"),
    ],
)
def test_numbers_are_bounded_by_the_game(args, message):
    result = run(*args)
    assert result.exit_code == 2
    assert message in result.stderr


def test_good_numbers_are_read_as_before():
    data = json.loads(run("explain", HAND, "--claim", " 12 ", "--json").stdout)
    assert data["claim"]["total"] == 12
    assert json.loads(run("score", HAND, "--flowers", "8", "--json").stdout)["flower_points"] == 8
    assert json.loads(run("fan", "82", "--rules", "china", "--json").stdout)["id"] == 82


# --json: usage errors in the JSON shape -----------------------------------------------------------


@pytest.mark.parametrize(
    ("args", "where"),
    [
        (["score", HAND, "--json", "--flowers", "9"], "--flowers"),
        (["score", HAND, "--json", "--seat", "X"], "--seat"),
        (["explain", HAND, "--json", "--claim", "+8"], "--claim"),
        (["waits", WAITING, "--json", "--prevalent", "Q"], "--prevalent"),
        (["shanten", WAITING, "--json", "--lang", "de"], "--lang"),
        (["discards", HAND, "--json", "--flowers", "x"], "--flowers"),
        (["fans", "--json", "--lang", "de"], "--lang"),
    ],
)
def test_a_bad_option_value_with_json_is_a_json_usage_error(args, where):
    result = run(*args)
    assert result.exit_code == 2
    error = json_error(result)
    assert error["code"] == "usage"
    assert error["where"] == where
    assert "Invalid value for" in error["message"]
    assert error["problems"][0]["code"] == "usage"


@pytest.mark.parametrize(
    "args",
    [
        ["score", "--json"],  # the hand missing
        ["score", HAND, "--json", "--seat", "S", "--seat", "W"],  # an option twice
        ["score", HAND, "--self-drawn", "--discard", "--json"],  # both sides of a flag
        ["waits", WAITING, "--json", "--no-such-option"],
        ["explain", "--json"],
        ["fan", "--json"],
        ["rules", "--json", "--json"],
    ],
)
def test_other_usage_errors_with_json_are_json_too(args):
    result = run(*args)
    assert result.exit_code == 2
    assert json_error(result)["code"] == "usage"


def test_a_bad_house_file_with_json_keeps_its_own_code(tmp_path):
    path = tmp_path / "club.toml"
    path.write_text('name = "x"\nbase = "china"\n[switches]\ntwo-concealed-kongs = "7"\n', encoding="utf-8")
    error = json_error(run("score", HAND, "--json", "--rules", str(path)))
    assert error["code"] == "bad-profile-file"
    assert error["where"] == f"{path}: switches.two-concealed-kongs"
    assert json_error(run("score", HAND, "--rules", "nosuch", "--json"))["code"] == "unknown-profile"


def test_without_json_a_usage_error_stays_text():
    result = run("score", HAND, "--flowers", "9")
    assert result.exit_code == 2
    assert result.stdout == ""
    assert "Error: Invalid value for '--flowers'" in result.stderr
    result = run("waits", WAITING, "--seen", "--json")  # --json is the value of --seen here
    assert result.exit_code == 2
    assert result.stdout == ""
    assert "bad-seen" in result.stderr


@pytest.mark.parametrize(
    "args",
    [
        ["score", HAND, "--json", "--brief"],
        ["score", HAND, "--brief", "--json"],
        ["rules", "--json", "--markdown"],
        ["rules", "--markdown", "--json"],
    ],
)
def test_json_with_brief_or_markdown_is_contradictory(args):
    result = run(*args)
    assert result.exit_code == 2
    error = json_error(result)
    assert error["code"] == "contradictory-options"
    assert "--json and" in error["message"]


def test_brief_alone_and_markdown_alone_still_work():
    assert run("score", HAND, "--brief").exit_code == 0
    assert run("rules", "--markdown").stdout.startswith("# Rule profiles")


# Help texts ----------------------------------------------------------------------------------------


@pytest.mark.parametrize("command", ["score", "explain", "parse", "waits", "discards"])
def test_winds_are_upper_case_in_the_help(command):
    out = run(command, "--help").stdout
    assert "--seat [E|S|W|N]" in out
    assert "--prevalent [E|S|W|N]" in out
    assert "[e|s|w|n]" not in out


def test_a_bad_wind_option_names_the_winds_in_upper_case():
    result = run("score", HAND, "--seat", "x")
    assert "'x' is not a wind: E, S, W or N" in result.stderr
    assert json.loads(run("score", HAND, "--seat", "s", "--json").stdout)["ok"]  # lower case is still taken


def _lang_help(command: str) -> str:
    out = run(command, "--help").stdout
    return " ".join(out[out.index("--lang") :].split())


@pytest.mark.parametrize("command", ["shanten", "catchup", "score", "waits", "discards"])
def test_lang_help_does_not_claim_json_names_where_there_are_none(command):
    text = _lang_help(command)
    assert "JSON carries the names" not in text
    assert "JSON is the same in every language." in text


@pytest.mark.parametrize("command", ["explain", "fans", "fan"])
def test_lang_help_says_json_carries_the_names_where_it_does(command):
    assert "JSON carries the names in every language." in _lang_help(command)
    data = json.loads(run("fan", "1", "--json").stdout)
    assert set(data["names"]) == {"en", "fr", "zh"}


# discards and waits with a kong win --------------------------------------------------------------


def test_discards_with_robbing_kong_names_no_internal_field():
    """The hand holds the 5s it drew: robbing a kong is about the win to come, not that tile."""
    for hand in (HAND, "123456789m123p5s6s"):
        result = run("discards", hand, "--robbing-kong")
        assert result.exit_code == 0, result.output
        assert "situation.kong" not in result.output
        assert "replacement" not in result.output
        assert "~ no kong of a tile the hand holds can be robbed" in result.stdout


def test_waits_with_robbing_kong_scores_the_robbed_kong_on_a_discard_only():
    result = run("waits", "123456789m12p55s", "--robbing-kong", "--json")
    assert result.exit_code == 0, result.output
    (wait,) = json.loads(result.stdout)["waits"]
    assert 47 in [f["id"] for f in wait["discard"]["fans"]]
    assert 46 not in [f["id"] for f in wait["self_drawn"]["fans"]]


def test_a_replacement_without_a_kong_names_its_option():
    for command, hand in (("waits", WAITING), ("discards", HAND)):
        result = run(command, hand, "--replacement")
        assert result.exit_code == 1
        assert "needs a declared kong (situation: --replacement)" in result.stderr


# Plurals --------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("lang", "line"),
    [
        ("en", "23 = 22 + 1 flower: a valid Hu (8-point minimum met)"),
        ("fr", "23 = 22 + 1 fleur : Hu valide (minimum de 8 points atteint)"),
        ("zh", "共23番 = 22番 + 花牌1番：和牌有效（已达8番起和）"),
    ],
)
def test_one_flower_in_the_brief_line(lang, line):
    assert run("score", ONE_FLOWER, "--brief", "--lang", lang).stdout == line + "\n"


@pytest.mark.parametrize(
    ("lang", "total"),
    [
        ("en", "total 23 = 22 points + 1 flower; meets"),
        ("fr", "total 23 = 22 points + 1 fleur ; atteint"),
        ("zh", "共23番 = 22番 + 花牌1番；已达"),
    ],
)
def test_one_flower_in_the_score_table(lang, total):
    assert total in run("score", ONE_FLOWER, "--lang", lang, "--no-color").stdout


@pytest.mark.parametrize(
    ("args", "lang", "line"),
    [
        (["waits", WAITING, "--seen", "5s5s"], "en", "Ready: 1 wait, 1 copy left."),
        (["waits", WAITING, "--seen", "5s5s"], "fr", "En attente : 1 tuile gagnante, 1 exemplaire restant."),
        (["waits", WAITING, "--seen", "5s5s"], "zh", "听牌：听1种牌，剩余1张。"),
        (["waits", "1112345678999m"], "en", "Ready: 9 waits, 23 copies left."),
        (["waits", "1112345678999m"], "fr", "En attente : 9 tuiles gagnantes, 23 exemplaires restants."),
        (["shanten", "19m19p19sESWNCF5p"], "en", "Shanten 1: 1 tile from ready."),
        (["shanten", "19m19p19sESWNCF5p"], "fr", "Shanten 1 : à 1 tuile de l’attente."),
        (["shanten", "19m19p1sESWNCF5p5s"], "en", "Shanten 2: 2 tiles from ready."),
    ],
)
def test_counts_in_the_advice_texts(args, lang, line):
    assert line in run(*args, "--lang", lang).stdout.splitlines()


def test_one_copy_left_of_the_useful_tiles():
    out = run("shanten", "19m19p19sESWNCF5p", "--seen", "111999m111999p111999sEEESSSWWWNNNCCCFFFPPP").stdout
    assert "; 1 copy left." in out


@pytest.mark.parametrize(
    ("lang", "line"),
    [
        ("en", "1 flower: +1 to the total, never toward the 8."),
        ("fr", "1 fleur : +1 au total, jamais pour les 8 points."),
        ("zh", "花牌1张：总分加1番，不计入8番起和。"),
    ],
)
def test_one_flower_in_the_explanation(lang, line):
    assert line in run("explain", ONE_FLOWER, "--lang", lang, "--no-color").stdout


def test_one_meld_and_one_standing_tile_in_an_error():
    result = run("parse", "[123m1]1m")
    assert "1 standing tile with 1 meld; expected 11" in result.stderr
    fr = run("score", "[123m1]1m", "--lang", "fr")
    assert "1 tuile en main avec 1 figure ; attendu 11" in fr.stderr


# Lower-case winds ----------------------------------------------------------------------------------


def test_a_waiting_hand_whose_flower_is_a_lower_case_wind_gets_a_note():
    out = run("score", WAITING + "e").stdout
    assert "Not a winning hand" in out
    assert out.rstrip().endswith(
        "Note: 'e' is read as flower letters (a-h are flowers); winds are upper case: E S W N."
    )
    assert "Note:" not in run("score", WAITING + "a").stdout  # a flower that is no wind
    assert "Note:" not in run("score", HAND + "e").stdout  # a winning hand: the flower is meant


def test_a_lower_case_winning_tile_gets_the_hint():
    result = run("score", HAND, "--win", "e")
    assert result.exit_code == 2
    assert "winds are upper case: E S W N" in result.stderr
