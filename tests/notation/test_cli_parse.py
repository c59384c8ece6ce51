"""`mcr-score parse`: output, JSON, exit codes 2 (notation) and 1 (hand), situation options."""

from __future__ import annotations

import json

import pytest

import mcr_score
from mcr_score.cli import main
from tests.support.cli import runner

HAND = "[123p1][345s2][999s3]6m6pEW1m"
KONG_HAND = "[1111s1][345s2][999s3]6m6pEW1m"  # has a kong, and no other copy of the winning 1m


def run(*args: str):
    """Invoke the CLI with stdout and stderr apart (click 8.2+ always; 8.1 needs mix_stderr=False)."""
    result = runner().invoke(main, list(args))
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    assert "Traceback" not in result.stdout + result.stderr
    return result


def run_json(*args: str) -> tuple[int, dict]:
    result = run("parse", "--json", *args)
    assert result.stderr == ""
    return result.exit_code, json.loads(result.stdout)


def test_parse_prints_canonical_form_and_structure():
    result = run("parse", HAND)
    assert result.exit_code == 0
    assert result.stderr == ""
    lines = result.stdout.splitlines()
    assert lines[0] == "canonical: [123p1][345s2][999s3]6m6pEW1m|EE0000"
    assert lines[1] == (
        "melds:     chow 123p (exposed, claimed tile 1), chow 345s (exposed, claimed tile 2), "
        "pung 999s (exposed, from the right)"
    )
    assert lines[2] == "standing:  6m 6p E W"
    assert lines[3] == "winning:   1m"
    assert lines[4].startswith("situation: won on a discard;")
    assert "prevalent wind E, seat wind E" in lines[4]


def test_parse_describes_kongs_and_waiting_hands():
    """Kong 7 is a pung claimed from the right (3) then promoted; no digit means concealed."""
    out = run("parse", "[3333p7][EEEE]123m45s99p").stdout
    assert "kong 3333p (exposed, promoted from a pung claimed from the right)" in out
    assert "concealed kong EEEE" in out
    assert "winning:   none" in out


def test_parse_json():
    code, out = run_json(HAND)
    assert code == 0
    assert out["ok"] is True
    assert out["canonical"] == "[123p1][345s2][999s3]6m6pEW1m|EE0000"
    assert [(m["type"], m["tile"], m["claim"], m["concealed"]) for m in out["melds"]] == [
        ("chow", "1p", 1, False),
        ("chow", "3s", 2, False),
        ("pung", "9s", 3, False),
    ]
    assert out["melds"][0]["tiles"] == ["1p", "2p", "3p"]
    assert (out["standing"], out["winning"], out["waiting"]) == (["6m", "6p", "E", "W"], "1m", False)
    assert out["situation"] == {
        "self_drawn": False,
        "last_copy": False,
        "wall_last": False,
        "kong": False,
        "seat_wind": "E",
        "prevalent_wind": "E",
        "flowers": 0,
        "flower_letters": "",
    }


ERRORS = [
    pytest.param("1112345678999sx9s", 2, "illegal-character", 15, id="illegal-character"),
    pytest.param("123456789m1234EE", 2, "missing-suit", 11, id="missing-suit"),
    pytest.param("[124m]123m456p789sEE", 2, "bad-meld", 1, id="bad-meld"),
    pytest.param("[EEE0]123m456p789sEE", 2, "bad-claim", 5, id="bad-claim"),
    pytest.param("[123m456p789sEE", 2, "unclosed-meld", 1, id="unclosed-meld"),
    pytest.param("1112345678999s8z", 2, "bad-tile", 15, id="bad-tile"),
    pytest.param("1112345678999s9s|EX0000", 2, "bad-situation", 19, id="bad-situation"),
    pytest.param("123456789m123s", 1, "tile-count", 15, id="tile-count"),
    pytest.param("1111112345678m9m", 1, "too-many-copies", 5, id="too-many-copies"),
    pytest.param("[123m1][123m1][123m1][123m1][456m1]E", 1, "too-many-melds", 29, id="too-many-melds"),
    pytest.param("1112345678999s9s|EE0000|9", 1, "flowers", 25, id="flowers"),
    pytest.param("1112345678999s9s|EE0001", 1, "impossible-situation", 23, id="impossible-situation"),
]


@pytest.mark.parametrize(("text", "exit_code", "code", "column"), ERRORS)
def test_errors_exit_code_and_caret(text, exit_code, code, column):
    result = run("parse", text)
    assert result.exit_code == exit_code
    assert result.stdout == ""
    assert result.stderr.startswith(f"{code}: ")
    assert f"  {text}\n  {' ' * (column - 1)}^\n" in result.stderr


@pytest.mark.parametrize(("text", "exit_code", "code", "column"), ERRORS)
def test_errors_as_json(text, exit_code, code, column):
    status, out = run_json(text)
    assert status == exit_code
    assert out["ok"] is False
    assert (out["error"]["code"], out["error"]["column"]) == (code, column)
    assert out["error"]["message"]


def test_json_error_lists_all_problems():
    """Regression: an error with several problems crashed `--json` (endless recursion)."""
    status, out = run_json("[124m][EEF]1112345s")
    assert status == 2
    assert [(p["code"], p["column"]) for p in out["error"]["problems"]] == [("bad-meld", 1), ("bad-meld", 7)]


@pytest.mark.parametrize(
    ("suffix", "options", "expected"),
    [
        pytest.param("", ["--self-drawn"], {"self_drawn": True}, id="self-drawn"),
        pytest.param("|EE1000", ["--discard"], {"self_drawn": False}, id="discard"),
        pytest.param("", ["--last-tile"], {"last_copy": True}, id="last-tile"),
        pytest.param("", ["--wall-last"], {"wall_last": True}, id="wall-last"),
        pytest.param("", ["--kong"], {"kong": True, "self_drawn": False}, id="kong-on-discard"),
        pytest.param("|EE1000", ["--robbing-kong"], {"kong": True, "self_drawn": False}, id="robbing-kong"),
        pytest.param("", ["--replacement"], {"kong": True, "self_drawn": True}, id="replacement"),
        pytest.param("|EE0000", ["--seat", "S"], {"seat_wind": "S", "prevalent_wind": "E"}, id="seat"),
        pytest.param("", ["--prevalent", "W"], {"prevalent_wind": "W", "seat_wind": "E"}, id="prevalent"),
        pytest.param("|EE0000|abcde", ["--flowers", "3"], {"flowers": 3, "flower_letters": ""}, id="flowers"),
        pytest.param(
            "|SW0110|2",
            ["--seat", "n"],
            {"seat_wind": "N", "prevalent_wind": "S", "last_copy": True, "wall_last": True, "flowers": 2},
            id="suffix-kept-where-not-overridden",
        ),
    ],
)
def test_situation_options_override_the_suffix(suffix, options, expected):
    status, out = run_json(*options, KONG_HAND + suffix)
    assert status == 0
    assert out["ok"] is True
    assert {k: out["situation"][k] for k in expected} == expected


def test_all_situation_options_reach_the_canonical_form():
    status, out = run_json(
        "--self-drawn",
        "--last-tile",
        "--wall-last",
        "--seat",
        "S",
        "--prevalent",
        "W",
        "--flowers",
        "3",
        HAND + "|EE0000|abc",
    )
    assert status == 0
    assert out["canonical"] == "[123p1][345s2][999s3]6m6pEW1m|WS1110|3"


@pytest.mark.parametrize(
    ("options", "text"),
    [
        pytest.param(["--replacement"], HAND, id="replacement-without-kong"),
        pytest.param(["--kong"], "[123p1][345s2][999s3]1m6pEW1m", id="robbing-kong-copy-held"),
        pytest.param(["--last-tile"], "[123p1][345s2][999s3]1m6pEW1m", id="last-tile-copy-held"),
        pytest.param(["--robbing-kong", "--wall-last"], HAND, id="robbing-kong-last-wall-tile"),
    ],
)
def test_impossible_options_exit_1(options, text):
    result = run("parse", *options, text)
    assert result.exit_code == 1
    assert result.stdout == ""
    assert result.stderr.startswith("impossible-situation: ")
    status, out = run_json(*options, text)
    assert status == 1
    assert out == {"ok": False, "error": out["error"]}
    assert out["error"]["code"] == "impossible-situation"


@pytest.mark.parametrize(
    ("options", "text"),
    [
        pytest.param(["--robbing-kong", "--self-drawn"], HAND, id="robbing-kong-self-drawn"),
        pytest.param(["--robbing-kong", "--replacement"], KONG_HAND, id="robbing-kong-replacement"),
        pytest.param(["--replacement", "--discard"], KONG_HAND, id="replacement-discard"),
    ],
)
def test_contradictory_options_are_a_usage_error(options, text):
    """Issue 12: two options that cannot both hold are the user's mistake (exit 2), not the hand's."""
    result = run("parse", *options, text)
    assert result.exit_code == 2
    assert result.stderr.startswith("contradictory-options: ")
    status, out = run_json(*options, text)
    assert status == 2
    assert out["error"]["code"] == "contradictory-options"


def test_notation_error_beats_option_conflict():
    result = run("parse", "--robbing-kong", "--self-drawn", "[124m]123m456p789sEE")
    assert result.exit_code == 2
    assert result.stderr.startswith("bad-meld: ")


@pytest.mark.parametrize("command", ["parse", "score", "explain"])
@pytest.mark.parametrize(
    ("options", "named"),
    [
        pytest.param(["--self-drawn", "--discard"], "--self-drawn and --discard contradict", id="self-drawn-discard"),
        pytest.param(["--discard", "--self-drawn"], "--discard and --self-drawn contradict", id="discard-self-drawn"),
        pytest.param(["--seat", "S", "--seat", "W"], "--seat given twice", id="seat-twice"),
        pytest.param(["--prevalent", "S", "--prevalent=N"], "--prevalent given twice", id="prevalent-twice"),
        pytest.param(["--flowers", "1", "--flowers", "2"], "--flowers given twice", id="flowers-twice"),
        pytest.param(["--kong", "--kong"], "--kong given twice", id="flag-twice"),
        pytest.param(["--flowers", "2", "--flowers", "2"], "--flowers given twice", id="same-value-twice"),
    ],
)
def test_repeated_options_are_a_usage_error(command, options, named):
    """Issue 12: "the last one wins" was a silent fix-up; an option is given once."""
    result = run(command, HAND, *options)
    assert result.exit_code == 2
    assert named in result.stderr


@pytest.mark.parametrize("command", ["score", "explain", "fans", "fan"])
def test_rules_is_given_once(command):
    args = ["28"] if command == "fan" else [] if command == "fans" else [HAND]
    result = run(command, *args, "--rules", "china", "--rules", "china")
    assert result.exit_code == 2
    assert "--rules given twice" in result.stderr


def test_a_value_that_looks_like_an_option_is_a_value():
    """`--seat --seat` is one --seat whose value is '--seat' (click's reading), refused as a wind."""
    result = run("parse", HAND, "--seat", "--seat")
    assert result.exit_code == 2
    assert "given twice" not in result.stderr


def test_batch_options_are_given_once():
    result = runner().invoke(main, ["batch", "-", "-j1", "-j", "2"], input="")
    assert result.exit_code == 2
    assert "-j given twice" in result.stderr
    result = runner().invoke(main, ["batch", "-", "--format", "csv", "--format=jsonl"], input="")
    assert result.exit_code == 2
    assert "--format given twice" in result.stderr


@pytest.mark.parametrize(
    ("text", "options", "where"),
    [
        pytest.param(HAND, ["--replacement"], "(situation: --replacement)", id="replacement"),
        pytest.param(HAND, ["--kong", "--self-drawn"], "(situation: --kong)", id="kong"),
        pytest.param("[123p1][345s2][999s3]1m6pEW1m", ["--robbing-kong"], "(situation: --robbing-kong)", id="robbing"),
        pytest.param("[123p1][345s2][999s3]1m6pEW1m", ["--last-tile"], "(situation: --last-tile)", id="last-tile"),
    ],
)
def test_situation_errors_name_the_option_typed(text, options, where):
    """Issue 12: --replacement was reported as "--kong or the |suffix"."""
    result = run("parse", text, *options)
    assert result.exit_code == 1
    assert where in result.stderr.splitlines()[0]


def test_a_situation_error_of_the_suffix_points_into_it():
    """With an option that is not at fault, the suffix's problem keeps its caret in the text."""
    text = "123456789m123p5s5s|EE1001"
    result = run("parse", text, "--seat", "S")
    assert result.exit_code == 1
    assert "(column 25)" in result.stderr


@pytest.mark.parametrize(
    "args",
    [
        pytest.param(["parse", "--flowers", "9", HAND], id="nine-flowers"),
        pytest.param(["parse", "--flowers", "-1", HAND], id="negative-flowers"),
        pytest.param(["parse", "--seat", "X", HAND], id="bad-seat"),
        pytest.param(["parse"], id="no-hand"),
    ],
)
def test_usage_errors_exit_2(args):
    result = run(*args)
    assert result.exit_code == 2
    assert result.stdout == ""
    assert "Usage:" in result.stderr


def test_version():
    result = run("--version")
    assert result.exit_code == 0
    assert mcr_score.__version__ in result.stdout
