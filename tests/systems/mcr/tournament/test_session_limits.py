"""Bad input on the tournament surfaces (issue 22, "Hardening II"): session sheets, standings and
catch-up, from files, the command line and Python. Each case is a named error that says where
(file, hand, field, option), never a traceback, a hang, a silent fix-up or a lost file; every
number is bounded by what the game allows (`mcr_score.systems.mcr.tournament.limits`)."""

from __future__ import annotations

import json
import os
import re
import tempfile
import threading
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import mcr_score
from mcr_score import errors
from mcr_score.cli import main
from mcr_score.notation import parse_hand
from mcr_score.systems.mcr import profiles
from mcr_score.systems.mcr.limits import MAX_HAND_POINTS, MAX_POINTS
from mcr_score.systems.mcr.scoring import score_with_profile
from mcr_score.systems.mcr.tournament import (
    FalseHu,
    HandEntry,
    Session,
    catch_up,
    hand_winds,
    read_players,
    read_session,
    score_session,
    settle_files,
    settle_session,
    standings,
)
from mcr_score.systems.mcr.tournament.errors import (
    CatchUpError,
    DuplicateSessionError,
    EmptySessionError,
    PlayersFileError,
    SessionError,
    SessionHandError,
    TooManyHandsError,
)
from mcr_score.systems.mcr.tournament.limits import MAX_PENALTY, MAX_SESSION_SCORE
from mcr_score.systems.mcr.tournament.sheet import CSV_FIELDS, HAND_FIELDS, SESSION_FIELDS
from tests.support import REPO, TESTS
from tests.support.cli import runner

GOLDEN = TESTS / "golden" / "sessions"
PLAYERS = ["Ana", "Bo", "Cy", "Di"]
HUGE = "9" * 5000  # past Python's 4,300-digit limit on int <-> str
WIN = {"winner": 1, "from": 2, "points": 8}
FIELD_NAMES = [*HAND_FIELDS, *SESSION_FIELDS, "other"]
CSV_COLUMNS = [*CSV_FIELDS, "Winner", "other"]


def _sheet(*hands: object, **top: object) -> dict[str, Any]:
    return {"players": PLAYERS, "hands": list(hands), **top}


def _json(path: Path, data: object) -> Path:
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def _cli(*args: str) -> Any:
    return runner().invoke(main, list(args))


def _codes(error: BaseException) -> list[str]:
    return [p.code for p in error.problems]  # type: ignore[attr-defined]


# ---- 1. more than 16 hands; HandEntry objects made in Python ------------------------------------


def _seventeen(tmp_path: Path) -> list[Path]:
    json_file = _json(tmp_path / "s17.json", _sheet(*[WIN] * 17))
    toml_file = tmp_path / "s17.toml"
    toml_file.write_text(
        'players = ["Ana", "Bo", "Cy", "Di"]\n' + "[[hands]]\nwinner = 1\nfrom = 2\npoints = 8\n" * 17, encoding="utf-8"
    )
    csv_file = tmp_path / "s17.csv"
    csv_file.write_text("winner,from,points,Ana,Bo,Cy,Di\n" + "1,2,8,,,,\n" * 17, encoding="utf-8")
    return [json_file, toml_file, csv_file]


def test_a_sheet_of_17_hands_is_a_named_error_and_is_not_settled(tmp_path: Path) -> None:
    for path in _seventeen(tmp_path):
        with pytest.raises(TooManyHandsError, match="17 hands; a session has at most 16"):
            score_session(path)
        result = _cli("session", str(path))
        assert result.exit_code == 1, result.output
        assert result.stderr.startswith("too-many-hands: 17 hands"), result.stderr
        standings = _cli("standings", str(path), "--json")
        assert json.loads(standings.stdout)["error"]["code"] == "too-many-hands"
    with pytest.raises(TooManyHandsError):
        score_session(_sheet(*[WIN] * 17))
    # a problem of hand 17's own fields is reported with the rest, and hand 17 is not settled
    with pytest.raises(SessionError) as caught:
        score_session(_sheet(*[WIN] * 16, {"winner": 9, "points": 8}))
    assert _codes(caught.value) == ["too-many-hands", "bad-session-hand"]


def _entry(**fields: Any) -> Session:
    return Session(("Ana", "Bo", "Cy", "Di"), (HandEntry(**{"n": 1, "kind": "win", **fields}),))


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"winner": 7, "points": 8}, "hand 1: winner must be a player index 0-3, not 7"),
        ({"n": 0, "winner": 0, "points": 8}, "hand 0: n must be a hand number from 1 to 16"),
        ({"n": 17, "winner": 0, "points": 8}, "hand 17: n must be a hand number from 1 to 16"),
        ({"winner": 0}, "hand 1: a win needs points or notation"),
        ({"points": 8}, "hand 1: a win hand needs winner"),
        ({"winner": 0, "discarder": 0, "points": 8}, "the discarder is the winner"),
        ({"kind": "chombo", "winner": 0, "points": 8}, 'kind must be win, draw or false-hu, not "chombo"'),
        ({"kind": "draw", "winner": 0}, "a draw hand has no winner"),
        ({"kind": "false-hu"}, "a false-hu hand needs offender"),
        ({"winner": 0, "points": MAX_POINTS + 1}, "points 337: no hand scores more than 336"),
        ({"winner": 0, "points": -8}, "points must be a whole number 0 or more"),
        ({"winner": 0, "points": 8, "flowers": 9}, "there are at most 8 flowers"),
        ({"winner": 0, "points": 8, "penalties": (0, 0, 0)}, "penalties must be a list of four integers"),
        ({"winner": 0, "points": 8, "penalties": (0, 0, 0, -5000)}, "penalties .* between -1,032 and 1,032"),
        ({"winner": 0, "points": 8, "recorded": (10**6, 0, 0, 0)}, "recorded .* between -2,064 and 2,064"),
    ],
)
def test_hand_entries_made_in_python_are_checked(fields: dict[str, Any], message: str) -> None:
    with pytest.raises(SessionHandError, match=message):
        score_session(_entry(**fields))
    with pytest.raises(SessionHandError, match=message):
        settle_session(_entry(**fields))


@pytest.mark.parametrize(
    "fields",
    [
        {"winner": "1", "points": 8},
        {"winner": True, "points": 8},
        {"winner": 0, "points": 8.0},
        {"winner": 0, "points": 8, "penalties": [0, 0, 0, 0]},
        {"winner": 0, "points": 8, "penalties": (0, 0, 0, 0.5)},
        {"winner": 0, "notation": b"123456789m123p5s5s"},
        {"n": "1", "winner": 0, "points": 8},
        {"kind": None, "winner": 0, "points": 8},
    ],
)
def test_a_hand_entry_of_the_wrong_type_is_a_type_error(fields: dict[str, Any]) -> None:
    with pytest.raises(TypeError):
        score_session(_entry(**fields))


def test_hand_winds_takes_a_hand_number_of_a_session() -> None:
    with pytest.raises(SessionError, match="a session has hands 1 to 16, not 17"):
        hand_winds(17)
    with pytest.raises(SessionError, match="not …"):
        hand_winds(10**5000)
    with pytest.raises(TypeError):
        hand_winds(True)
    with pytest.raises(TypeError):
        hand_winds("1")  # type: ignore[arg-type]


def test_numbers_too_large_for_python_to_write_are_named_errors_too() -> None:
    huge = 10**5000
    for hand in (
        {"winner": 1, "points": huge},
        {"winner": 1, "points": 8, "flowers": huge},
        {"draw": True, "penalties": [huge, 0, 0, 0]},
        {"winner": huge, "points": 8},
    ):
        with pytest.raises(SessionHandError, match="hand 1: "):
            score_session(_sheet(hand))
    with pytest.raises(SessionError, match="false Hu …/…"):
        score_session(_sheet(WIN, false_hu=[huge, huge]))
    with pytest.raises(SessionError, match="a false Hu of …"):
        score_session(_sheet(WIN, false_hu=[-huge, 0]))
    for fields in (
        {"n": huge, "winner": 0, "points": 8},
        {"winner": huge, "points": 8},
        {"winner": 0, "points": -huge},
    ):
        with pytest.raises(SessionHandError):
            score_session(_entry(**fields))


def test_a_notation_too_long_to_be_one_is_not_printed_back(tmp_path: Path) -> None:
    sheet = _json(tmp_path / "long.json", _sheet({"winner": 1, "notation": "1" * 100_000}))
    result = _cli("session", str(sheet))
    assert result.exit_code == 2
    assert result.stderr.startswith("session-notation: hand 1: oversized: the notation is 100000 characters long")
    assert len(result.stderr) < 300


def test_a_session_made_in_python_is_checked_as_a_file_is() -> None:
    good = HandEntry(1, "win", winner=0, points=8)
    with pytest.raises(TypeError):
        settle_session(_sheet(WIN))  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        score_session(Session(("Ana", "Bo", "Cy", "Di"), ({"winner": 1},)))  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        score_session(Session(("Ana", "Bo", "Cy", "Di"), (good,), FalseHu(-30, 10.0)))  # type: ignore[arg-type]
    with pytest.raises(SessionHandError, match="a win hand has no offender"):
        score_session(Session(("Ana", "Bo", "Cy", "Di"), (HandEntry(1, "win", winner=0, points=8, offender=1),)))
    with pytest.raises(TypeError):
        score_session(Session(["Ana", "Bo", "Cy", "Di"], (good,)))  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        score_session(Session(("Ana", "Bo", "Cy", "Di"), [good]))  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        score_session(Session(("Ana", "Bo", "Cy", "Di"), (good,), (-30, 10)))  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        score_session(42)  # type: ignore[arg-type]
    with pytest.raises(SessionHandError, match="hand 3: it is hand 2 of the session"):
        score_session(Session(("Ana", "Bo", "Cy", "Di"), (good, HandEntry(3, "draw"))))
    with pytest.raises(SessionError, match="four different names"):
        score_session(Session(("Ana", "Ana", "Cy", "Di"), (good,)))
    with pytest.raises(SessionError, match="as the sheet keeps them"):
        score_session(Session(("Ana ", "Bo", "Cy", "Di"), (good,)))
    with pytest.raises(SessionError, match="false Hu 5/10"):
        score_session(Session(("Ana", "Bo", "Cy", "Di"), (good,), FalseHu(5, 10)))
    with pytest.raises(TooManyHandsError):
        score_session(Session(("Ana", "Bo", "Cy", "Di"), tuple(HandEntry(n, "draw") for n in range(1, 18))))
    assert score_session(Session(("Ana", "Bo", "Cy", "Di"), (good,))).totals == (48, -16, -16, -16)


# ---- 2. every number bounded; huge integers, deep nesting, dates, long cells, duplicates ---------


def test_the_bound_on_points_is_the_highest_hand_there_is() -> None:
    # Big Three Dragons, Four Kongs, All Honors, Four Concealed Pungs, Last Tile Draw, Out with
    # Replacement Tile, Fully Concealed Hand, Prevalent and Seat Wind: 328, the known maximum
    hand = parse_hand("[CCCC][FFFF][PPPP][EEEE]NN|EE1011")
    totals = {name: score_with_profile(hand, p).total for name, p in profiles.PROFILES.items()}
    assert totals["green-book"] == MAX_HAND_POINTS == 328
    assert max(totals.values()) == MAX_HAND_POINTS
    assert MAX_POINTS == 328 + 8
    top = score_session(_sheet({"winner": 1, "points": MAX_POINTS, "flowers": 8}))
    assert top.hands[0].points == 336
    assert top.totals[0] == 3 * (336 + 8)


@pytest.mark.parametrize(
    ("hand", "message"),
    [
        ({"winner": 1, "points": 337}, "points 337: no hand scores more than 336 (328 points and 8 flowers)"),
        ({"winner": 1, "points": 10**8}, "points 100000000: no hand scores more than 336"),
        ({"winner": 1, "points": 20, "flowers": 9}, "flowers 9: there are at most 8 flowers"),
        ({"draw": True, "penalties": [0, 0, -1033, 0]}, r"penalties \[0, 0, -1033, 0\]: each must be between"),
        ({"draw": True, "scores": [3000, -1000, -1000, -1000]}, "scores .*: each must be between -2,064 and 2,064"),
    ],
)
def test_numbers_beyond_what_the_game_allows(hand: dict[str, Any], message: str) -> None:
    with pytest.raises(SessionHandError, match="hand 1: " + message.replace("(", r"\(").replace(")", r"\)")):
        score_session(_sheet(hand))


def test_a_false_hu_setting_is_bounded_in_the_file_and_on_the_command_line(tmp_path: Path) -> None:
    with pytest.raises(SessionError, match="a false Hu of -2000: no penalty is more than 1,032"):
        score_session(_sheet({"false_hu": 1}, false_hu=[-2000, 0]))
    assert score_session(_sheet({"false_hu": 1}, false_hu=[-MAX_PENALTY, 0])).totals[0] == -MAX_PENALTY
    sheet = _json(tmp_path / "s.json", _sheet({"false_hu": 1}))
    for value, words in [
        ("-2000,0", "no penalty is more than 1,032"),
        ("-30,20", "the table may not gain"),
        (f"-{HUGE},10", "more than 9 digits"),
        ("+8,0", "not a comma-separated list of 2 integers"),
        ("-３0,10", "not a comma-separated list of 2 integers"),
        ("-30,1_0", "not a comma-separated list of 2 integers"),
        ("-30,١٠", "not a comma-separated list of 2 integers"),
    ]:
        result = _cli("session", str(sheet), f"--false-hu={value}")
        assert result.exit_code == 2, (value, result.output)
        assert words in result.stderr, (value, result.stderr)
        assert "Traceback" not in result.output
    assert len(_cli("session", str(sheet), "--false-hu=" + "-1," * 5000 + "0").stderr) < 500


def test_huge_integers_in_every_format_are_named_errors(tmp_path: Path) -> None:
    (tmp_path / "a.json").write_text(
        '{"players": ["A", "B", "C", "D"], "hands": [{"winner": 1, "points": ' + HUGE + "}]}"
    )
    (tmp_path / "b.toml").write_text('players = ["A", "B", "C", "D"]\n[[hands]]\nwinner = 1\npoints = ' + HUGE + "\n")
    (tmp_path / "c.csv").write_text("winner,points,A,B,C,D\n1," + HUGE + ",,,,\n")
    (tmp_path / "d.csv").write_text("winner,points,A,B,C,D\n1,8,-" + HUGE + ",,,\n")
    for name, words in [
        ("a.json", "a.json: a number with more than 9 digits"),
        ("b.toml", "b.toml: a number with more than 9 digits"),
        ("c.csv", "hand 1: column points: a number with more than 9 digits"),
        ("d.csv", "hand 1: column A: a number with more than 9 digits"),
    ]:
        with pytest.raises(SessionError, match=words):
            read_session(tmp_path / name)
        result = _cli("session", str(tmp_path / name))
        assert result.exit_code == 1
        assert words in result.stderr


def test_nesting_100000_deep_is_a_named_error(tmp_path: Path) -> None:
    (tmp_path / "deep.json").write_text('{"players": ' + "[" * 100_000 + "]" * 100_000 + "}")
    (tmp_path / "deep.toml").write_text("players = " + "[" * 100_000 + "]" * 100_000 + "\n")
    for name in ("deep.json", "deep.toml"):
        with pytest.raises(SessionError, match=f"{name}: nested too deeply"):
            read_session(tmp_path / name)


@pytest.mark.parametrize(
    ("value", "shown"),
    [("1979-05-27", "1979-05-27"), ("07:32:00", "07:32:00"), ("1979-05-27T07:32:00Z", "1979-05-27T07:32:00+00:00")],
)
def test_a_toml_date_or_time_where_a_number_belongs(tmp_path: Path, value: str, shown: str) -> None:
    path = tmp_path / "t.toml"
    for fields, words in [
        (f"points = {value}", "points must be a whole number 0 or more"),
        (f"points = 8\nfrom = {value}", "from must be a player number 1-4 or a name of the sheet"),
    ]:
        path.write_text(f'players = ["A", "B", "C", "D"]\n[[hands]]\nwinner = 1\n{fields}\n')
        with pytest.raises(SessionHandError, match=f"hand 1: {words}, not {re.escape(shown)}"):
            read_session(path)


def test_a_csv_cell_over_the_field_limit_names_its_file_and_line(tmp_path: Path) -> None:
    long_cell = "x" * 131_073
    sheet = tmp_path / "s.csv"
    sheet.write_text(f"winner,points,notation,A,B,C,D\n1,8,,,,,\n1,8,{long_cell},,,,\n")
    with pytest.raises(SessionError, match=r"s\.csv: line 3: a cell longer than 131,072 characters"):
        read_session(sheet)
    players = tmp_path / "players.csv"
    players.write_text(f"name,ema_number,country\nAna,1,FRA\n{long_cell},2,FRA\n")
    with pytest.raises(PlayersFileError, match=r"players\.csv: line 3: a cell longer than 131,072 characters"):
        read_players(players)


def test_a_key_or_a_column_given_twice_is_refused(tmp_path: Path) -> None:
    twice = tmp_path / "twice.json"
    twice.write_text('{"players": ["A", "B", "C", "D"], "hands": [{"draw": true}], "hands": []}')
    with pytest.raises(SessionError, match=r'twice\.json: the key "hands" appears twice'):
        read_session(twice)
    hand_twice = tmp_path / "hand.json"
    hand_twice.write_text('{"players": ["A", "B", "C", "D"], "hands": [{"winner": 1, "points": 8, "points": 80}]}')
    with pytest.raises(SessionError, match='the key "points" appears twice'):
        read_session(hand_twice)
    columns = tmp_path / "s.csv"
    columns.write_text("winner,points,points,A,B,C,D\n1,8,80,,,,\n")
    with pytest.raises(SessionError, match=r"s\.csv: the column points appears twice in the header"):
        read_session(columns)
    players = tmp_path / "p.csv"
    players.write_text("name,country,country\nAna,FRA,DEU\n")
    with pytest.raises(PlayersFileError, match=r"p\.csv: the column country appears twice in the header"):
        read_players(players)


# ---- 3. session and players files: regular files only, bounded reads -------------------------


def _specials(tmp_path: Path) -> list[tuple[str, str]]:
    loop = tmp_path / "loop.json"
    os.symlink(loop, loop)
    fifo = tmp_path / "fifo.csv"
    os.mkfifo(fifo)
    return [(str(loop), "a symbolic link loop"), (str(fifo), "a FIFO"), ("/dev/zero", "a device")]


def test_session_and_players_files_that_are_not_regular_files_are_refused(tmp_path: Path) -> None:
    done: list[str] = []

    def read_all() -> None:
        for path, words in _specials(tmp_path):
            with pytest.raises(SessionError, match=f"{path}: .*{words}"):
                read_session(path)
            with pytest.raises(PlayersFileError, match=f"{path}: .*{words}"):
                read_players(path)
            done.append(path)

    worker = threading.Thread(target=read_all, daemon=True)
    worker.start()
    worker.join(10)
    assert len(done) == 3, "a special file hung the reader"
    big = tmp_path / "big.json"
    big.write_text(" " * (5 * 1024 * 1024))
    with pytest.raises(SessionError, match=r"big\.json: .*larger than"):
        read_session(big)


# ---- 4. outputs: checked before any work, never an input, errors naming the file --------------


def test_session_outputs_are_checked_before_any_work(tmp_path: Path) -> None:
    bad_sheet = _json(tmp_path / "bad.json", _sheet({"winner": 9}))  # would be an error too, later
    loop = tmp_path / "loop.html"
    os.symlink(loop, loop)
    for option in ("--html", "--csv"):
        for out, words in [
            (str(tmp_path / "none" / "x"), "does not exist"),
            ("", f"{option} needs a file name"),
            (str(loop), "a symbolic link loop"),
            (str(tmp_path), "a directory"),
        ]:
            result = _cli("session", str(bad_sheet), option, out)
            assert result.exit_code in (1, 2), (option, out, result.output)
            assert words in result.stderr, (option, out, result.stderr)
            assert "bad-session-hand" not in result.stderr  # refused before the sheet was read
    full = _cli("session", str(GOLDEN / "full-16.json"), "--html", "/dev/full")
    assert full.exit_code == 1
    assert "unwritable-file" in full.stderr
    assert "--html /dev/full" in full.stderr
    assert "standard output" not in full.stderr


def test_an_output_that_is_an_input_is_refused_and_the_input_kept(tmp_path: Path) -> None:
    keep = tmp_path / "keep.json"
    keep.write_text((GOLDEN / "full-16.json").read_text())
    before = keep.read_text()
    for args, words in [
        (["--html", str(keep)], "the output is the input"),
        (["--csv", str(keep)], "the output is the input"),
        (["--html", str(tmp_path / "x"), "--csv", str(tmp_path / "x")], "the same file as --html"),
    ]:
        (tmp_path / "x").write_text("kept")
        result = _cli("session", str(keep), *args)
        assert result.exit_code == 1, result.output
        assert words in result.stderr
        assert keep.read_text() == before
        assert (tmp_path / "x").read_text() == "kept"
    house = tmp_path / "house.toml"
    house.write_text('name = "house"\nbase = "green-book"\n')
    result = _cli("session", str(keep), "--rules", str(house), "--html", str(house))
    assert "the output is the input" in result.stderr
    players = tmp_path / "players.csv"
    players.write_text("name,ema_number,country\nAna,1,FRA\n")
    for target in (keep, players):
        kept = target.read_text()
        args = ["standings", str(keep), "--players", str(players), "--ema-csv", str(target)]
        result = _cli(*args)
        assert result.exit_code == 1, result.output
        assert "the output is the input" in result.stderr
        assert target.read_text() == kept
    full = _cli("standings", str(keep), "--ema-csv", "/dev/full")
    assert "--ema-csv /dev/full" in full.stderr


# ---- 5. one rule for numbers -------------------------------------------------------------------


@pytest.mark.parametrize("written", ["١٢", "１２", "1_2", "+8", "8.0", " 8e0"])
def test_a_session_csv_number_is_ascii_digits(tmp_path: Path, written: str) -> None:
    points = tmp_path / "p.csv"
    points.write_text(f"winner,points,A,B,C,D\n1,{written},,,,\n", encoding="utf-8")
    with pytest.raises(SessionHandError, match="hand 1: points must be a whole number"):
        read_session(points)
    penalty = tmp_path / "q.csv"
    penalty.write_text(f"winner,points,A,B,C,D\ndraw,,{written},,,\n", encoding="utf-8")
    with pytest.raises(SessionHandError, match="hand 1: the penalty in column A is not a whole number"):
        read_session(penalty)


@pytest.mark.parametrize("value", [True, "8", 8.0, [8], {"n": 8}])
def test_json_and_toml_numbers_are_numbers(tmp_path: Path, value: object) -> None:
    with pytest.raises(SessionHandError, match="points must be a whole number"):
        score_session(_sheet({"winner": 1, "points": value}))
    toml = tmp_path / "t.toml"
    toml.write_text('players = ["A", "B", "C", "D"]\n[[hands]]\nwinner = 1\npoints = true\n')
    with pytest.raises(SessionHandError, match="points must be a whole number 0 or more, not true"):
        read_session(toml)


def test_catchup_reads_ascii_digits_and_bounds_the_scores() -> None:
    for scores in ["١٢,0,0,0", "１２,0,0,0", "1_2,0,0,0", "+8,0,0,0", f"{HUGE},0,0,0", "40000,0,0,0"]:
        result = _cli("catchup", "--scores", scores)
        assert result.exit_code == 2, (scores, result.output)
        assert "Traceback" not in result.output
    assert "more than 9 digits" in _cli("catchup", "--scores", f"{HUGE},0,0,0").stderr
    assert "beyond ±33,024" in _cli("catchup", "--scores", "40000,0,0,0").stderr


@pytest.mark.parametrize(
    ("scores", "player"),
    [
        (b"1234", None),
        ("1234", None),
        (float("nan"), None),
        ([1.0, 2, 3, 4], None),
        ([float("nan"), 2, 3, 4], None),
        (["1", 2, 3, 4], None),
        ([True, 2, 3, 4], None),
        ({1: 1, 2: 2, 3: 3, 4: 4}, None),
        ([1, 2, 3, 4], True),
        ([1, 2, 3, 4], 1.0),
        ([1, 2, 3, 4], "1"),
    ],
)
def test_catch_up_from_python_refuses_other_types(scores: Any, player: Any) -> None:
    with pytest.raises(TypeError):
        catch_up(scores, player)


def test_catch_up_from_python_bounds_its_numbers() -> None:
    for scores in ([10**5000, 0, 0, 0], [-(MAX_SESSION_SCORE + 1), 0, 0, 0]):
        with pytest.raises(CatchUpError, match="beyond ±33,024"):
            catch_up(scores)
    with pytest.raises(CatchUpError, match="player …: the players are 1 to 4"):
        catch_up([1, 2, 3, 4], 10**5000)
    assert catch_up([MAX_SESSION_SCORE, 0, 0, -MAX_SESSION_SCORE]).player == 4


# ---- 6. the separator of a CSV ---------------------------------------------------------------


@pytest.mark.parametrize("separator", [";", "\t", ","])
def test_a_session_csv_with_semicolons_or_tabs_reads_as_with_commas(tmp_path: Path, separator: str) -> None:
    source = (GOLDEN / "full-16.csv").read_text(encoding="utf-8")
    sheet = tmp_path / "s.csv"
    sheet.write_text(source.replace(",", separator), encoding="utf-8")
    assert score_session(sheet).totals == (41, 80, -66, -66)
    players = tmp_path / "p.csv"
    players.write_text(f"name{separator}ema_number{separator}country\nAna{separator}0401{separator}FRA\n")
    assert read_players(players)["Ana"].country == "FRA"


def test_a_csv_header_that_no_separator_reads_says_the_separator_may_be_the_problem(tmp_path: Path) -> None:
    sheet = tmp_path / "s.csv"
    sheet.write_text("winner|points|A|B|C|D\n1|8||||\n")
    with pytest.raises(SessionError, match=r"s\.csv: the header has no winner column .* is the separator"):
        read_session(sheet)
    players = tmp_path / "p.csv"
    players.write_text("name|country\nAna|FRA\n")
    with pytest.raises(PlayersFileError, match=r"no name column .* is the separator"):
        read_players(players)


def test_a_csv_from_a_spreadsheet_capitals_and_empty_columns(tmp_path: Path) -> None:
    sheet = tmp_path / "s.csv"
    sheet.write_text("Hand;Winner;From;Points;Ana;Bo;Cy;Di;;\n1;1;2;8;;;;;;\n")
    assert score_session(sheet).totals == (32, -16, -8, -8)
    stray = tmp_path / "t.csv"
    stray.write_text("winner,points,A,B,C,D,\n1,8,,,,,oops\n")
    with pytest.raises(SessionHandError, match='hand 1: the cell "oops" is under no column'):
        read_session(stray)


# ---- 7. no hands, and fewer than 16 ------------------------------------------------------------


def test_a_session_of_no_hands_is_refused(tmp_path: Path) -> None:
    with pytest.raises(EmptySessionError, match="a session with no hands"):
        score_session(_sheet())
    with pytest.raises(EmptySessionError):
        score_session(Session(("Ana", "Bo", "Cy", "Di"), ()))
    header_only = tmp_path / "s.csv"
    header_only.write_text("winner,points,A,B,C,D\n")
    result = _cli("standings", str(header_only), "--json")
    assert json.loads(result.stdout)["error"]["code"] == "empty-session"


def test_a_session_of_fewer_than_16_hands_is_settled_with_a_note(tmp_path: Path) -> None:
    sheet = _json(tmp_path / "s15.json", _sheet(*[WIN] * 15))
    data = json.loads(_cli("session", str(sheet), "--json").stdout)
    assert (data["incomplete"], data["hands_expected"], len(data["hands"])) == (True, 16, 15)
    text = _cli("session", str(sheet), "--lang", "en").stdout.splitlines()
    assert text[-1] == "note: an incomplete session, 15 of 16 hands: settled as given"
    assert "场次不完整，共15盘（应为16盘）" in _cli("session", str(sheet), "--lang", "zh").stdout
    html = tmp_path / "s.html"
    _cli("session", str(sheet), "--html", str(html))
    assert '<p class="note">note: an incomplete session, 15 of 16 hands' in html.read_text()
    full = json.loads(_cli("session", str(GOLDEN / "full-16.json"), "--json").stdout)
    assert (full["incomplete"], full["hands_expected"]) == (False, 16)
    assert "note:" not in _cli("session", str(GOLDEN / "full-16.json")).stdout


# ---- 8. standings: a session twice, names that look alike, every problem of every file ----------


def test_the_same_session_given_twice_is_refused_naming_both_files(tmp_path: Path) -> None:
    csv_copy = tmp_path / "copy.csv"
    csv_copy.write_text((GOLDEN / "full-16.csv").read_text())
    json_file = GOLDEN / "full-16.json"
    for pair in ([json_file, json_file], [json_file, GOLDEN / "full-16.toml"], [json_file, csv_copy]):
        with pytest.raises(DuplicateSessionError, match=f"{pair[1]} is the same session as {pair[0]}"):
            settle_files(pair)
    result = _cli("standings", str(json_file), str(csv_copy))
    assert result.exit_code == 1
    assert result.stderr.startswith(f"same-session: {csv_copy} is the same session as {json_file}")
    other = _json(tmp_path / "other.json", _sheet(WIN, {"draw": True}))
    assert len(settle_files([json_file, other])) == 2


def test_the_same_session_written_two_ways_is_one_session(tmp_path: Path) -> None:
    """Flowers given as 0 or left blank, points given or scored from the notation: the same hands,
    so the same session, from files and from Python alike."""
    hands = [{"winner": 1, "points": 12, "flowers": 0}, {"winner": 2, "from": 1, "notation": "123456789m123p5s5s"}]
    written = [{"winner": 1, "points": 12}, {"winner": 2, "from": 1, "points": 22}]
    first = _json(tmp_path / "first.json", _sheet(*hands))
    second = _json(tmp_path / "second.json", _sheet(*written))
    with pytest.raises(DuplicateSessionError, match=r"second\.json is the same session as .*first\.json"):
        settle_files([first, second])
    with pytest.raises(DuplicateSessionError, match="session 2 is the same session as session 1"):
        standings([score_session(first), score_session(second)])


def test_names_that_look_the_same_are_one_name_or_refused(tmp_path: Path) -> None:
    one = _json(tmp_path / "a.json", {"players": ["Ana ", " Bo", "Cy", "Di"], "hands": [WIN]})
    two = _json(
        tmp_path / "b.json", {"players": ["Ana", "Bo", "Eve", "Fay"], "hands": [{"winner": "Ana ", "points": 8}]}
    )
    table = json.loads(_cli("standings", str(one), str(two), "--json").stdout)["standings"]
    assert {r["player"]: r["sessions"] for r in table} == {"Ana": 2, "Bo": 2, "Cy": 1, "Di": 1, "Eve": 1, "Fay": 1}
    nfd = _json(tmp_path / "c.json", {"players": ["Zoe\u0301", "Bo", "Cy", "Di"], "hands": [WIN]})
    assert score_session(nfd).players[0] == "Zoé"
    for bad, words in [
        ("Ana\u200b", "an invisible or unusual character U+200B at position 4"),
        ("Ana\u00a0Bo", "an invisible or unusual character U+00A0 at position 4"),
        ("Ana\tBo", "an invisible or unusual character U+0009 at position 4"),
        ("Ana  Bo", "two spaces in a row"),
        ("", "an empty name"),
        ("3", "a player number other than the player's own"),
    ]:
        with pytest.raises(SessionError, match=re.escape(f"player 1's name: {words}")):
            score_session({"players": [bad, "Bo", "Cy", "Di"], "hands": [WIN]})
    with pytest.raises(SessionError, match="four different names"):
        score_session({"players": ["Ana", "Ana ", "Cy", "Di"], "hands": [WIN]})
    assert score_session({"players": ["1", "2", "3", "4"], "hands": [WIN]}).players == ("1", "2", "3", "4")
    players = tmp_path / "p.csv"
    players.write_text("name,ema_number\nAna ,1\nBo\u200b,2\nAna,3\n")
    with pytest.raises(PlayersFileError) as caught:
        read_players(players)
    assert [p.message for p in caught.value.problems] == [
        f"{players}, line 3: an invisible or unusual character U+200B at position 3: "
        "write names with letters and ordinary spaces",
        f"{players}, line 4: a missing or repeated name 'Ana'",
    ]


def test_standings_report_every_problem_of_every_file_each_with_its_file(tmp_path: Path) -> None:
    good = _json(tmp_path / "good.json", _sheet(WIN))
    bad1 = _json(tmp_path / "bad1.json", _sheet({"winner": 9, "points": 8}, {"draw": True}, {}))
    bad2 = tmp_path / "bad2.toml"
    bad2.write_text("players = [")
    bad3 = _json(tmp_path / "bad3.json", _sheet({"winner": 1, "notation": "[124m]123456789p5s5s"}))
    players = tmp_path / "p.csv"
    players.write_text("name\nAna\nAna\n")
    result = _cli("standings", str(good), str(bad1), str(bad2), str(bad3), "--players", str(players), "--json")
    assert result.exit_code == 1
    problems = json.loads(result.stdout)["error"]["problems"]
    assert [p["code"] for p in problems] == [
        "bad-players-file",
        "bad-session-hand",
        "bad-session-hand",
        "bad-session",
        "session-notation",
    ]
    assert [p["message"].split(":")[0] for p in problems] == [
        f"{players}, line 3",
        str(bad1),
        str(bad1),
        str(bad2),
        str(bad3),
    ]
    assert "hand 1: winner must be a player" in problems[1]["message"]
    assert "hand 3: a hand needs exactly one of" in problems[2]["message"]
    text = _cli("standings", str(good), str(bad1), str(bad3))
    assert f"{bad3}: hand 1: session-notation: bad-meld" not in text.stderr
    assert f"session-notation: {bad3}: hand 1: bad-meld" in text.stderr
    assert "  [124m]123456789p5s5s\n  ^" in text.stderr  # the caret still points into the notation


# ---- 9. CSV outputs: text cells neutralised, numbers kept --------------------------------------


def test_csv_outputs_neutralise_formulas_in_text_cells(tmp_path: Path) -> None:
    names = ["=HYPERLINK(1)", "+Bo", "-Cy", "@Di"]
    sheet = _json(
        tmp_path / "s.json", {"players": names, "hands": [{"winner": 1, "from": 2, "points": 8}, {"false_hu": 3}]}
    )
    out = tmp_path / "out.csv"
    assert _cli("session", str(sheet), "--csv", str(out)).exit_code == 0
    rows = [line.split(",") for line in out.read_text().splitlines()]
    assert rows[0][7:11] == ["'=HYPERLINK(1) seat", "'+Bo seat", "'-Cy seat", "'@Di seat"]
    assert rows[1][3:5] == ["'=HYPERLINK(1)", "'+Bo"]
    assert rows[2][6] == "'-Cy"
    assert rows[1][-4:] == ["32", "-16", "-8", "-8"]  # numbers stay numbers
    players = tmp_path / "p.csv"
    players.write_text("name,ema_number,country\n=HYPERLINK(1),-1,@FRA\n")
    ema = tmp_path / "ema.csv"
    assert _cli("standings", str(sheet), "--players", str(players), "--ema-csv", str(ema)).exit_code == 0
    # Ana 32 + 10 = 42, Bo -16 + 10 = -6, Cy -8 - 30 = -38, Di -8 + 10 = 2
    assert ema.read_text().splitlines() == [
        "place,name,ema_number,country,table_points,score",
        "1,'=HYPERLINK(1),'-1,'@FRA,4,42",
        "2,'@Di,,,2,2",
        "3,'+Bo,,,1,-6",
        "4,'-Cy,,,0,-38",
    ]


# ---- 10. help texts ------------------------------------------------------------------------


def test_the_documented_session_synopsis_names_every_profile() -> None:
    """The synopsis of docs/sessions.md and the row of the README's command table."""
    root = REPO
    page = (root / "docs" / "sessions.md").read_text(encoding="utf-8")
    readme = (root / "README.md").read_text(encoding="utf-8")
    synopsis = next(line for line in page.splitlines() if line.startswith("mcr-score session FILE"))
    row = next(line for line in readme.splitlines() if line.startswith("| `mcr-score session FILE"))
    for name in profiles.PROFILES:
        assert name in synopsis
        assert name in row


# ---- anything else: any JSON value in any field, any text as a CSV sheet --------------------

json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(10**12), 10**12)
    | st.sampled_from([0, 1, 2, 3, 4, 5, 8, 16, 17, 336, 337, -1, 10**30])  # (hypothesis cannot print 10**5000)
    | st.floats(allow_nan=True)
    | st.text(max_size=8)
    | st.sampled_from(["Ana", "Bo", "draw", "123456789m123p5s5s", "[124m]", "Ana\u200b"]),
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.sampled_from(FIELD_NAMES), inner, max_size=5),
    max_leaves=12,
)


@settings(deadline=None, suppress_health_check=[HealthCheck.too_slow], max_examples=300)
@given(st.dictionaries(st.sampled_from(FIELD_NAMES), json_values, max_size=4), st.lists(json_values, max_size=18))
def test_any_json_sheet_is_settled_or_a_named_error(top: dict[str, Any], hands: list[Any]) -> None:
    data = {"players": PLAYERS, "hands": hands, **top}
    try:
        result = score_session(data)
    except SessionError as e:
        problems = e.problems
    else:
        assert 1 <= len(result.hands) <= 16
        problems = ()
        assert sum(result.table_points) == 7
    assert all(isinstance(p, SessionError) for p in problems)


csv_cells = st.sampled_from(["", "1", "2", "4", "5", "draw", "Ana", "8", "-8", "١٢", "+8", '"', "x" * 20, "9" * 12])


@settings(deadline=None, suppress_health_check=[HealthCheck.too_slow], max_examples=200)
@given(
    st.sampled_from([",", ";", "\t", "|"]),
    st.lists(st.sampled_from([*CSV_COLUMNS, "Ana", "Bo", "Cy", "Di", "Ana", ""]), min_size=1, max_size=9),
    st.lists(st.lists(csv_cells, max_size=10), max_size=18),
)
def test_any_csv_sheet_is_settled_or_a_named_error(separator: str, header: list[str], rows: list[list[str]]) -> None:
    text = "\n".join(separator.join(row) for row in [header, *rows]) + "\n"
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "s.csv"
        path.write_text(text, encoding="utf-8")
        try:
            result = score_session(path)
        except SessionError:
            return
    assert 1 <= len(result.hands) <= 16


# ---- found by `scripts/fuzz 100000 --surface ...` after the first fixes of issue 22 (its reproducers, shrunk)


def test_catchup_player_is_ascii_digits() -> None:
    result = runner().invoke(main, ["catchup", "--scores", "8,3,3,4", "--player", "٢"])
    assert result.exit_code == 2
    assert "ASCII digits" in result.output


@pytest.mark.parametrize("bad", [bytearray(b"12"), "ab", [1, 2]])
def test_standings_takes_settled_sessions_only(bad: object) -> None:
    with pytest.raises(TypeError, match="settled sessions"):
        mcr_score.standings(bad)  # type: ignore[arg-type]


def test_a_false_hu_setting_of_the_wrong_type_is_a_type_error(tmp_path: Path) -> None:
    sheet = tmp_path / "s.json"
    sheet.write_text('{"players": ["A", "B", "C", "D"], "hands": [{"draw": true}]}')
    with pytest.raises(TypeError, match="false_hu is a FalseHu"):
        mcr_score.read_session(sheet, "")  # type: ignore[arg-type]


def test_a_line_break_inside_a_csv_header_is_a_named_error(tmp_path: Path) -> None:
    sheet = tmp_path / "s.csv"
    sheet.write_bytes(b"hand,win\rner,points,A,B,C,D\n1,1,8,,,,\n")
    with pytest.raises(errors.McrError):
        mcr_score.read_session(sheet)


def test_full_width_names_look_like_their_ascii_twins(tmp_path: Path) -> None:
    sheet = tmp_path / "s.json"
    sheet.write_text('{"players": ["Ana", "Ａｎａ", "C", "D"], "hands": [{"draw": true}]}', encoding="utf-8")
    with pytest.raises(errors.McrError, match="four different names"):
        mcr_score.read_session(sheet)
    one = tmp_path / "one.json"
    one.write_text('{"players": ["Ana", "B", "C", "D"], "hands": [{"draw": true}]}', encoding="utf-8")
    two = tmp_path / "two.json"
    two.write_text('{"players": ["Ａｎａ", "E", "F", "G"], "hands": [{"winner": 2, "points": 8}]}', encoding="utf-8")
    with pytest.raises(errors.McrError, match="look alike"):
        mcr_score.standings([mcr_score.score_session(one), mcr_score.score_session(two)])


def test_names_that_differ_only_by_case_are_one_name_typed_two_ways(tmp_path: Path) -> None:
    """The 100,000-input session fuzz (#22): `ANA` and `Ana` in one sheet were four players."""
    sheet = tmp_path / "s.json"
    sheet.write_text('{"players": ["ANA", "Eve", "Ana", "Bo"], "hands": [{"draw": true}]}', encoding="utf-8")
    with pytest.raises(errors.McrError, match="four different names"):
        mcr_score.read_session(sheet)
    one = tmp_path / "one.json"
    one.write_text('{"players": ["Ana", "B", "C", "D"], "hands": [{"draw": true}]}', encoding="utf-8")
    two = tmp_path / "two.json"
    two.write_text('{"players": ["ANA", "E", "F", "G"], "hands": [{"winner": 2, "points": 8}]}', encoding="utf-8")
    with pytest.raises(errors.McrError, match="look alike"):
        mcr_score.standings([mcr_score.score_session(one), mcr_score.score_session(two)])
