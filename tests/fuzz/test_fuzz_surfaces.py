"""Issue #22: a bounded fuzz of the surfaces added since the notation fuzz, in the default run.

Each surface (session files, standings, catch-up, claims, house profile files, the other systems'
files, the Python API, the JSON service) gets a few dozen inputs of a fixed seed through
`tests.support.fuzz_surfaces`: only a result, a documented error, a TypeError for a Python call of
the wrong type, exit 0/1/2 without a traceback, no 5xx, no silent change, at most a second of CPU
each. `scripts/fuzz N --surface NAME`
runs the same checks over N inputs. The rest of this file tests the harness itself: the oracles, the
shrinker, the bounds, the sandbox, the reproducers and the script's options.
"""

from __future__ import annotations

import datetime
import json
import os
import random
import sys
import time
from pathlib import Path

import pytest

import mcr_score
from mcr_score.errors import McrError
from mcr_score.messages import msg
from tests.support import fuzz, fuzz_data, fuzz_harness, fuzz_surfaces
from tests.support.fuzz_data import Dup, Raw
from tests.support.fuzz_harness import CallCase, CliCase, Found, HttpCase, Probe, SurfaceReport
from tests.support.fuzz_surfaces import SURFACES

BOUNDED = 30  # inputs per surface in the default run


@pytest.mark.parametrize("surface", SURFACES)
def test_each_surface_answers_every_input_as_documented(surface: str) -> None:
    if surface == "service":
        pytest.importorskip("fastapi")
    report = fuzz_surfaces.run(surface, BOUNDED, seed=22, process_share=0.0, shrink_budget=0)
    assert report.inputs == BOUNDED
    assert report.failures == 0, fuzz_surfaces.render(report)


# ---- the documented codes -------------------------------------------------------------------------


def test_documented_codes_are_the_package_codes_the_readme_quotes() -> None:
    codes = fuzz_harness.documented_codes("`bad-session` and `too-many-hands`, not bad-data; `verbose` is no code")
    assert codes == {"bad-session", "too-many-hands"}
    assert {"illegal-character", "bad-session", "bad-request"} <= fuzz_harness.documented_codes()


def test_every_code_of_the_package_is_documented() -> None:
    """A code the pages do not quote is one no user can look up, and one every fuzzed answer bearing
    it fails on (`unknown-system` was found so by the `system-files` surface)."""
    assert sorted(fuzz_harness.error_codes() - fuzz_harness.documented_codes()) == []


# ---- the bounds on one input ----------------------------------------------------------------------


def test_a_target_still_running_after_the_wall_limit_is_stopped_as_a_hang() -> None:
    started = time.monotonic()
    with pytest.raises(fuzz_harness.Hang), fuzz_harness.bounded(wall=0.2):
        _spin(30)
    assert time.monotonic() - started < 2


def test_a_target_allocating_past_its_memory_is_a_memory_error_not_a_full_machine() -> None:
    with pytest.raises(MemoryError), fuzz_harness.bounded(memory=64 * 1024 * 1024):
        bytearray(512 * 1024 * 1024)
    bytearray(128 * 1024 * 1024)  # the limit is lifted afterwards


def test_a_process_that_hangs_is_killed_at_the_timeout(tmp_path: Path) -> None:
    result = fuzz_harness.run_process([sys.executable, "-c", "import time; time.sleep(30)"], tmp_path, timeout=0.5)
    assert result.code is None
    assert result.wall < 5


def test_a_process_cpu_time_is_measured(tmp_path: Path) -> None:
    result = fuzz_harness.run_process([sys.executable, "-c", "sum(range(3 * 10**7))"], tmp_path)
    assert result.code == 0
    assert result.cpu > 0.2


# ---- judging answers ------------------------------------------------------------------------------


def _probe() -> Probe:
    return Probe(frozenset({"bad-session"}))


def _error(code: str) -> McrError:
    class Coded(McrError):
        pass

    Coded.code = code
    return Coded(msg("session.error.not-object"))


def test_a_documented_error_is_an_outcome_and_an_undocumented_one_a_failure() -> None:
    probe = _probe()

    def documented() -> None:
        raise _error("bad-session")

    def undocumented() -> None:
        raise _error("no-such-code")

    assert probe.call("f", documented)[0] is False
    assert probe.failures == []
    probe.call("g", undocumented)
    assert [f.kind for _, f in probe.failures] == ["g: undocumented error code no-such-code"]
    assert probe.outcomes == {"f: error bad-session": 1, "g: error no-such-code": 1}


def test_an_exception_is_a_failure_named_by_its_type_and_frame() -> None:
    probe = _probe()
    probe.call("f", lambda: int("x"))
    [(target, failure)] = probe.failures
    assert target == "f"
    assert failure.kind.startswith("f: ValueError at ")
    assert "invalid literal" in failure.detail


def test_a_type_error_is_allowed_only_where_the_caller_passed_the_wrong_type() -> None:
    probe = _probe()
    assert probe.call("api", lambda: len(5), type_error=True)[0] is False  # type: ignore[arg-type]
    assert probe.failures == []
    probe.call("file", lambda: len(5))  # type: ignore[arg-type]
    assert probe.failures[0][1].kind.startswith("file: TypeError at ")


def test_more_than_a_second_of_cpu_is_a_failure() -> None:
    probe = _probe()
    probe.call("slow", lambda: _spin(fuzz_harness.LIMIT + 0.1))
    assert [f.kind for _, f in probe.failures] == ["slow: took more than 1 s of CPU"]


def _spin(seconds: float) -> None:
    end = time.process_time() + seconds
    while time.process_time() < end:
        pass


@pytest.mark.parametrize(
    ("code", "stdout", "stderr", "kinds"),
    [
        (0, '{"ok": true}', "", []),
        (1, '{"ok": false, "error": {"code": "bad-session", "message": "m"}}', "", []),
        (2, "", "Usage: mcr-score session [OPTIONS] FILE\nError: Missing argument", ["error is not JSON"]),
        (1, '{"ok": false, "error": {"code": "other", "message": "m"}}', "", ["undocumented error code other"]),
        (1, '{"ok": false, "error": "bad"}', "", ["error JSON without error.code and error.message"]),
        (1, '{"ok": true}', "", ["a failing exit with an ok answer"]),
        (4, '{"ok": false, "error": {"code": "bad-session", "message": "m"}}', "", ["exit 4"]),
        (
            1,
            '{"ok": false, "error": {"code": "bad-session", "message": "m"}}',
            "Traceback (most",
            ["printed a traceback"],
        ),
    ],
)
def test_a_command_with_json_must_print_the_json_shape(code: int, stdout: str, stderr: str, kinds: list[str]) -> None:
    probe = _probe()
    probe.judge_exit("cli", code, stdout, stderr, True, (0, 1, 2))
    assert [f.kind.removeprefix("cli: ") for _, f in probe.failures] == kinds


def test_a_traceback_of_a_subprocess_names_its_exception_and_frame() -> None:
    root = str(fuzz_harness.ROOT)
    text = (
        "Traceback (most recent call last):\n"
        f'  File "{root}/mcr_score/systems/mcr/tournament/sheet.py", line 277, '
        "in load_session\n"
        "    source = path.read_text()\n"
        '  File "/usr/lib/python3.11/pathlib.py", line 1058, in read_text\n'
        "MemoryError\n"
    )
    assert fuzz_harness.frame_of_text(text) == (
        "MemoryError",
        "mcr_score/systems/mcr/tournament/sheet.py:277 (load_session)",
    )


# ---- the sandbox ----------------------------------------------------------------------------------


def test_the_sandbox_sees_an_input_changed_or_deleted_and_a_file_no_argument_names(tmp_path: Path) -> None:
    box = fuzz_harness.Sandbox(tmp_path)
    box.prepare((("a.json", b"{}"), ("b.csv", b"x"), ("c.toml", b"y"), ("f", fuzz_harness.FIFO)))
    assert (tmp_path / "loop").is_symlink()
    assert (tmp_path / "dir").is_dir()
    before = box.snapshot()
    (tmp_path / "a.json").write_text("changed")
    (tmp_path / "b.csv").unlink()
    (tmp_path / "out.html").write_text("named")
    (tmp_path / "elsewhere.txt").write_text("through the dangling link")
    changes = fuzz_harness.silent_changes(before, box.snapshot(), {"a.json", "b.csv", "c.toml"}, {"out.html"})
    assert changes == [
        ("silent change: an input modified", "a.json"),
        ("silent change: an input deleted", "b.csv"),
        ("silent change: a file written that no argument names", "elsewhere.txt"),
    ]
    box.prepare(())
    assert sorted(os.listdir(tmp_path)) == ["dangling", "dir", "loop"]


# ---- reproducers and shrinking --------------------------------------------------------------------


@pytest.mark.parametrize(
    "value",
    [
        "plain",
        "a" + "9" * 5000 + "b",
        '{"a":' * 30 + "1",
        b"\xef\xbb\xbf" + b"\xff" * 40,
        fuzz_data.HUGE,
        [fuzz_data.HUGE, -1, "x" * 100],
        {"k": (1, Path("house.toml"))},
        float("nan"),
    ],
    ids=["text", "digits", "nesting", "bytes", "huge", "list", "dict", "nan"],
)
def test_a_reproducer_writes_a_python_expression_of_the_input(value: object) -> None:
    text = fuzz_harness.show(value)
    assert len(text) < 200
    again = eval(text, {"Path": Path, "float": float})
    assert again == value or (again != again and value != value)  # NaN is itself only by spelling


def test_a_failing_input_shrinks_to_what_still_fails() -> None:
    case = CallCase("f", ("aaaa" * 50 + "XYZ" + "bbbb" * 50, [1, 2, 3]), (("k", 5),))
    small = fuzz_harness.shrink(case, lambda c: "XYZ" in c.args[0], budget=1000, seconds=10)
    assert small == CallCase("f", ("XYZ", []))


def test_a_command_line_shrinks_its_files_and_arguments_and_moves_in_process() -> None:
    case = CliCase(("session", "s.json", "--json", "--lang", "fr"), (("s.json", b"line\n" * 20 + b"BAD\n"),), True)

    def fails(c: fuzz_harness.Case) -> bool:
        assert isinstance(c, CliCase)
        return "s.json" in c.argv and b"BAD" in dict(c.files).get("s.json", b"")

    small = fuzz_harness.shrink(case, fails, budget=1000, seconds=10)
    assert small == CliCase(("session", "s.json"), (("s.json", b"BAD"),), False)


def test_a_request_shrinks_its_query_and_body() -> None:
    case = HttpCase("POST", "/api/score", (("a", "1"), ("hand", "xxxQyyy")), b'{"hand": "Q", "x": 1}', "text/plain")
    small = fuzz_harness.shrink(case, lambda c: "Q" in dict(c.query).get("hand", ""), budget=1000, seconds=10)
    assert small == HttpCase("POST", "/api/score", (("hand", "Q"),), b"", None)


# ---- the writers ----------------------------------------------------------------------------------


def test_the_writers_write_what_the_readers_read_back() -> None:
    import tomllib

    rng = random.Random(5)
    for _ in range(20):
        sheet = fuzz_data.valid_sheet(rng)
        assert json.loads(fuzz_data.dump_json(sheet, rng)) == sheet
        assert tomllib.loads(fuzz_data.dump_toml(sheet)) == sheet
    assert fuzz_data.dump_json(Dup((("a", 1), ("a", Raw("2"))))) == '{"a": 1, "a": 2}'
    assert fuzz_data.dump_toml({"t": datetime.time(12, 30)}) == "t = 12:30:00\n\n"


def test_the_generated_sheets_are_read_by_the_session_reader(tmp_path: Path) -> None:
    rng = random.Random(9)
    for i in range(10):
        sheet = fuzz_data.valid_sheet(rng)
        sheet["hands"] = [{k: v for k, v in h.items() if k != "notation"} or {"draw": True} for h in sheet["hands"]]
        for hand in sheet["hands"]:
            if "winner" in hand and "points" not in hand:
                hand["points"] = 8
        path = tmp_path / f"s{i}.csv"
        path.write_text(fuzz_data.dump_csv(fuzz_data.sheet_rows(sheet)), encoding="utf-8")
        session = mcr_score.read_session(path)
        assert len(session.hands) == 16


# ---- the oracles ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "content", "kind"),
    [
        (
            "s.json",
            '{"players": ["A", "B", "C", "D"], "hands": [], "hands": []}',
            "a key or column given twice accepted",
        ),
        ("s.json", '{"players": ["A", "B", "C", "D"], "hands": []}', "a session of 0 hands settled"),
        (
            "s.json",
            '{"players": ["A", "B", "C", "D"], "hands": [' + '{"draw": true},' * 16 + '{"draw": true}]}',
            "a session of more than 16 hands settled",
        ),
        (
            "s.json",
            '{"players": ["Ana", "Ana\u200b", "C", "D"], "hands": [1]}',
            "two players whose names look alike accepted",
        ),
        (
            "s.json",
            '{"players": ["A", "B", "C", "D"], "hands": [' + "9" * 5000 + "]}",
            "a number of more than 9 digits accepted",
        ),
        ("s.toml", 'players = ["A", "B", "C", "D"]\nhands = [1234567890]\n', "a number of more than 9 digits accepted"),
        ("s.csv", "hand,winner,points,A,B,C,D\n1,1,+8,,,,\n", "a number not in ASCII digits accepted"),
        ("s.csv", "hand,winner,points,A,B,C,D\n1,1,١٢,,,,\n", "a number not in ASCII digits accepted"),
        ("s.csv", "hand,winner,points,points,A,B,C,D\n1,1,8,8,,,,\n", "a key or column given twice accepted"),
    ],
)
def test_a_sheet_that_must_not_be_accepted_silently(name: str, content: str, kind: str) -> None:
    kinds = [k for k, _ in fuzz_surfaces.sheet_problems(name, content.encode())]
    assert kind in kinds


def test_a_good_sheet_has_nothing_to_hide() -> None:
    content = (fuzz_harness.ROOT / "examples/session/full-16.csv").read_bytes()
    assert fuzz_surfaces.sheet_problems("s.csv", content) == []
    content = (fuzz_harness.ROOT / "examples/session/full-16.json").read_bytes()
    assert fuzz_surfaces.sheet_problems("s.json", content) == []
    assert fuzz_surfaces.sheet_problems("s.json", b'{"hands": []}', settled=False) == []


def test_names_that_look_alike() -> None:
    assert fuzz_data.looks_alike("Ana", "Ana ")
    assert fuzz_data.looks_alike("Ana", "Ａｎａ")
    assert fuzz_data.looks_alike("Ana", "An\u200ba")
    assert not fuzz_data.looks_alike("Ana", "Ana")
    assert not fuzz_data.looks_alike("Ana", "Anna")


def test_a_csv_cell_a_spreadsheet_would_run() -> None:
    assert fuzz_surfaces.csv_injection('place,name\n1,"=HYPERLINK(""x"")"\n') == '=HYPERLINK("x")'
    assert fuzz_surfaces.csv_injection("place,name,score\n1,@SUM(A1),-30\n") == "@SUM(A1)"
    assert fuzz_surfaces.csv_injection("place,name,score,points\n1,'=1+1,-30,-2.5\n") is None


@pytest.mark.parametrize(
    ("total", "fans", "claimed", "kind"),
    [
        (None, ",,,", [], "claimed fans with no id accepted as no fans"),
        (None, "69x0", [], "a claimed fan counted 0 times accepted (dropped)"),
        ("+8", None, None, "claimed total: a number not in ASCII digits accepted"),
        (10**12, None, None, "claimed total: a number of more than 9 digits accepted"),
        (None, "69x9", [69] * 9, "a fan claimed more than 8 times accepted"),
    ],
)
def test_a_claim_that_must_not_be_accepted_silently(total: object, fans: object, claimed: object, kind: str) -> None:
    assert kind in [k for k, _ in fuzz_surfaces.claim_problems(total, fans, claimed)]  # type: ignore[arg-type]
    assert fuzz_surfaces.claim_problems("22", "28 62 69x2 81x8", [28, 62, 69, 69, *[81] * 8]) == []


def test_an_accepted_catch_up_is_checked_against_its_input_and_its_sums() -> None:
    good = mcr_score.catch_up([120, 80, -50, -150], 4).to_dict()
    assert fuzz_surfaces._catchup_problems(([120, 80, -50, -150], 4), good) == []
    assert fuzz_surfaces._catchup_problems((range(4),), mcr_score.catch_up(range(4)).to_dict()) == []
    wrong = {**good, "against": [{**good["against"][0], "self_drawn": 61}]}
    assert fuzz_surfaces._catchup_problems(([120, 80, -50, -150], 4), wrong) == [
        ("a wrong smallest Hu", "self_drawn 61 against gap 270")
    ]
    assert fuzz_surfaces._catchup_problems((b"1234",), good)[0][0].startswith("scores that are not four")
    assert fuzz_surfaces._catchup_problems(([120, 80, -50, -150], True), good)[0][0].startswith("a player that is not")


def test_a_value_type_holding_the_wrong_type_is_found() -> None:
    situation = mcr_score.Situation()
    if mcr_score.compiled:  # a compiled field holds its type only: the wrong value cannot get in at all
        with pytest.raises(TypeError):
            object.__setattr__(situation, "self_drawn", "no")
        assert fuzz_surfaces.wrong_fields(mcr_score.parse_hand("[123m1]456789m33pCC3p")) == []
        return
    object.__setattr__(situation, "self_drawn", "no")  # past the constructor, which refuses it
    hand = mcr_score.Hand(situation=situation)
    assert fuzz_surfaces.wrong_fields(hand) == [("Situation.self_drawn", "Situation.self_drawn='no'")]
    assert fuzz_surfaces.wrong_fields(mcr_score.parse_hand("[123m1]456789m33pCC3p")) == []


def test_a_json_value_of_the_wrong_type_for_the_schema() -> None:
    assert not fuzz_surfaces._json_type_ok("integer", True)
    assert not fuzz_surfaces._json_type_ok("boolean", 1)
    assert not fuzz_surfaces._json_type_ok("integer", "25")
    assert not fuzz_surfaces._json_type_ok("integer", 10**12)
    assert fuzz_surfaces._json_type_ok("integer", 8)
    assert fuzz_surfaces._json_type_ok("string", None)


# ---- the script -----------------------------------------------------------------------------------


def _report(surface: str, failing: bool) -> SurfaceReport:
    report = SurfaceReport(surface, 1, inputs=3)
    report.outcomes.update({"cli session: exit 0": 2, "cli session: exit 1": 1})
    if failing:
        case = CliCase(("session", "s.json"), (("s.json", b'{"hands": []}'),))
        report.found["cli session: a session of 0 hands settled"] = Found(case, "", "cli session", 2)
        report.found["mcr_score.score_session: a session of 0 hands settled"] = Found(
            CallCase("mcr_score.score_session", ("s.json",), (), case.files), "", "mcr_score.score_session", 1
        )
    return report


def test_the_script_prints_each_distinct_failure_once_with_a_reproducer(monkeypatch, capsys) -> None:
    monkeypatch.setattr(fuzz_surfaces, "run", lambda name, *a, **k: _report(name, failing=True))
    assert fuzz.main_(["3", "--surface", "session"]) == 1
    out = capsys.readouterr().out
    assert "== session: 3 inputs (seed 1)" in out
    assert "  cli session: exit 0 2, exit 1 1" in out
    assert "failures  3 in 1 distinct kinds" in out
    assert "[1] a session of 0 hands settled  (3 inputs)" in out
    assert "    in: cli session (2), mcr_score.score_session (1)" in out
    assert "    mcr_score.score_session('s.json')" in out  # the smaller input of the two
    assert """      s.json = '{"hands": []}'  (13 bytes, UTF-8)""" in out


def test_the_script_runs_every_surface_with_all(monkeypatch, capsys) -> None:
    ran: list[str] = []
    monkeypatch.setattr(fuzz_surfaces, "run", lambda name, *a, **k: ran.append(name) or _report(name, failing=False))
    monkeypatch.setattr(fuzz, "_notation", lambda *a: ran.append("notation") or 0)
    assert fuzz.main_(["3", "--surface", "all"]) == 0
    assert ran == ["notation", *SURFACES]
    assert "failures  0 in 0 distinct kinds" in capsys.readouterr().out


def test_the_script_refuses_an_unknown_surface(capsys) -> None:
    with pytest.raises(SystemExit):
        fuzz.main_(["3", "--surface", "nothing"])
    assert "invalid choice" in capsys.readouterr().err


def test_the_files_of_a_command_line_are_its_arguments_that_are_not_options_or_their_values() -> None:
    argv = ["a.json", "--ema-csv", "a.json", "b.csv", "--json", "--players", "p.csv", "a.json"]
    assert fuzz_surfaces.positionals(argv) == ["a.json", "b.csv", "a.json"]
