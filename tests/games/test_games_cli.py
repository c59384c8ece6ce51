"""Game records on the command line (issue 26): `batch --from`, `convert`, `session --from`,
`standings --from`. The batch guarantees of issue 22 hold for game records as for any input: one
output record per winning hand in game order, error records for what cannot be replayed, the report,
`--strict`, `--jobs`, `--resume`; outputs checked before any work and never an input."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from mcr_score.cli import main
from tests.support import REPO
from tests.support import records as R
from tests.support.cli import runner

ROOT = REPO
FIXTURES = ROOT / "tests" / "fixtures" / "records"
SESSION = str(FIXTURES / "tziakcha" / "session-GHQY2zTj.json")
PMN2 = str(FIXTURES / "pmn" / "example_2.pmn")
GBHELPER = str(ROOT / "examples" / "records" / "gbhelper-record.json")
MS2_JSON = str(ROOT / "examples" / "records" / "mahjongscoring2.json")
MS2_CSV = str(ROOT / "examples" / "records" / "mahjongscoring2.csv")


def run(*args: str) -> Any:
    return runner().invoke(main, list(args))


def lines(text: str) -> list[dict[str, Any]]:
    return [json.loads(line) for line in text.splitlines() if line.strip()]


def write(tmp_path: Path, name: str, data: bytes | str) -> str:
    path = tmp_path / name
    path.write_bytes(data if isinstance(data, bytes) else data.encode())
    return str(path)


# ---- batch --from -------------------------------------------------------------------------------


def test_batch_reads_game_records_one_record_per_winning_hand(tmp_path: Path) -> None:
    summary = tmp_path / "summary.json"
    result = run(
        "batch", SESSION, PMN2, "--from", "auto", "--rules", "china", "--summary-json", str(summary), "-j", "1"
    )
    assert result.exit_code == 0, result.stderr
    out = lines(result.stdout)
    assert [o["id"] for o in out[:3]] == ["GHQY2zTj/1/W", "GHQY2zTj/2/W", "GHQY2zTj/3/W"]
    assert [o["id"] for o in out[16:]] == ["example_2/1/S", "example_2/1/N"]  # duplicate MCR: two winners
    assert [o["line"] for o in out] == list(range(1, 19))
    assert all(o["claim"]["matches"] for o in out)
    games = json.loads(summary.read_text())["games"]
    assert games == {
        "files": 2,
        "games": 2,
        "hands": 17,
        "won": 17,
        "winning_hands": 18,
        "draws": 0,
        "false_hu": 0,
        "unfinished": 0,
        "no_tiles": 0,
        "unreplayable": 0,
        "formats": {"pmn": 1, "tziakcha": 1},
    }
    assert "game records: 2 files, 2 games, 17 hands: 17 won (18 winning hands scored)" in result.stderr


def test_strict_and_the_report_under_the_green_book(tmp_path: Path) -> None:
    """Under `green-book` hand 7 of the real session disagrees (All Chows with a Knitted Straight):
    the report lists it with the fans missing and extra, and `--strict` fails the run."""
    report = tmp_path / "report.md"
    result = run("batch", SESSION, "--from", "tziakcha", "--strict", "--report", str(report), "-o", str(tmp_path / "o"))
    assert result.exit_code == 1
    text = report.read_text()
    assert "| GHQY2zTj/7/S | 16 | 15 | 76 | 63 |" in text


def test_unreplayable_hands_and_draws(tmp_path: Path) -> None:
    broken = R.to_tziakcha(R.KONG_FLOWER)
    k = next(i for i, a in enumerate(broken["step"]["a"]) if a[0] == 0x12)
    broken["step"]["a"][k][1] = 4 * 26 | 0x100
    path = write(
        tmp_path, "broken.json", R.dumps([broken, R.to_tziakcha(R.ROBBING, "rec2"), R.to_tziakcha(R.DRAWN, "rec3")])
    )
    summary = tmp_path / "s.json"
    result = run("batch", path, "--from", "tziakcha", "--summary-json", str(summary))
    assert result.exit_code == 0
    first, second = lines(result.stdout)
    assert first["id"] == "SESS0001/1/E"
    assert first["ok"] is False
    assert first["error"]["code"] == "unreplayable"
    assert first["error"]["message"].startswith(f"game SESS0001, hand 1, [0].step.a[{k}] (S discard 9p)")
    assert first["error"]["where"] == f"SESS0001/1 [0].step.a[{k}]"  # the first record of the file, its action k
    assert second["id"] == "SESS0001/6/W"
    assert second["claim"]["matches"]
    games = json.loads(summary.read_text())["games"]
    assert (games["hands"], games["won"], games["draws"], games["false_hu"], games["unreplayable"]) == (3, 2, 1, 1, 1)


def test_jobs_and_resume_give_the_same_bytes(tmp_path: Path) -> None:
    whole = tmp_path / "whole.jsonl"
    assert run("batch", SESSION, PMN2, "--from", "auto", "-o", str(whole), "-j", "1").exit_code == 0
    two = tmp_path / "two.jsonl"
    assert run("batch", SESSION, PMN2, "--from", "auto", "-o", str(two), "-j", "2", "--chunk-size", "3").exit_code == 0
    assert two.read_bytes() == whole.read_bytes()
    cut = tmp_path / "cut.jsonl"
    kept = whole.read_text().splitlines(keepends=True)
    cut.write_text("".join(kept[:7]) + kept[7][:30])  # seven whole records and what a kill left of one
    result = run("batch", SESSION, PMN2, "--from", "auto", "-o", str(cut), "--resume")
    assert result.exit_code == 0, result.stderr
    assert cut.read_bytes() == whole.read_bytes()


@pytest.mark.parametrize(
    ("args", "fragment"),
    [
        (["a.json", "b.json"], "several files are read with --from"),
        (["--from", "auto", "--input-format", "jsonl", "x"], "--input-format is an option of files of hands"),
        (["--from", "pmn", "-"], "standard input (-) is not one"),
        (["--from", "auto", "missing.pmn"], "missing.pmn"),
        (["--from", "mahjongsoft", "x"], "Invalid value for '--from'"),
    ],
)
def test_batch_refuses_before_the_run(args: list[str], fragment: str) -> None:
    result = run("batch", *args)
    assert result.exit_code == 2
    assert fragment in result.output


def test_batch_never_writes_over_a_record(tmp_path: Path) -> None:
    path = write(tmp_path, "b.pmn", Path(PMN2).read_bytes())
    result = run("batch", SESSION, path, "--from", "auto", "-o", path)
    assert result.exit_code == 2
    assert Path(path).read_bytes() == Path(PMN2).read_bytes()


def test_a_file_of_hands_is_read_as_before(tmp_path: Path) -> None:
    path = write(tmp_path, "h.txt", "r1\t123456789m123p5s5s\t22\n")
    result = run("batch", path)
    assert result.exit_code == 0
    assert lines(result.stdout)[0]["claim"]["matches"]
    assert "game records" not in result.stderr


# ---- convert ------------------------------------------------------------------------------------


def test_convert_to_the_records_batch_reads(tmp_path: Path) -> None:
    text = run("convert", PMN2, "--to", "notation")
    assert text.exit_code == 0
    assert text.stdout.splitlines() == [
        "example_2/1/S\t789m1255888p456s3p|ES0000\t12\t39 62 76 77",
        "example_2/1/N\t[789s2][789p2]456m12p88s3p|EN0000\t12\t39 63 70 77",
    ]
    assert "2 hands of 1 game written, 0 not written" in text.stderr
    jsonl = tmp_path / "session.jsonl"
    assert run("convert", SESSION, "--to", "jsonl", "-o", str(jsonl)).exit_code == 0
    direct = lines(run("batch", SESSION, "--from", "tziakcha", "--rules", "china").stdout)
    via = lines(run("batch", str(jsonl), "--rules", "china").stdout)
    assert via == direct


def test_convert_names_a_broken_file_once(tmp_path: Path) -> None:
    path = write(tmp_path, "a.json", '{"step": {}}')  # a tziakcha record, its fields missing
    result = run("convert", path, "--from", "tziakcha", "--to", "pmn")
    assert result.exit_code == 1
    problem = result.stderr.splitlines()[0]
    assert problem.count("a.json") == 1, problem
    assert "missing" in problem
    path = write(tmp_path, "b.json", "{}")  # no tziakcha record at all: refused before the run
    result = run("convert", path, "--from", "tziakcha", "--to", "pmn")
    assert result.exit_code == 2
    problem = result.stderr.splitlines()[0]
    assert problem.count("b.json") == 1, problem
    assert "is not a tziakcha record" in problem


@pytest.mark.parametrize("command", [("convert", "--to", "pmn"), ("batch", "--from", "auto")])
@pytest.mark.parametrize(
    ("name", "text", "problem"),
    [
        ("no-record.json", '[{"x": 1}]', "no game record"),  # told from its content: none
        ("not-json.json", '{"a":', "not valid JSON"),
        ("missing.json", None, "cannot read the file"),  # the file's own problem
    ],
)
def test_a_file_checked_before_a_run_is_named_once(
    tmp_path: Path, command: tuple[str, ...], name: str, text: str | None, problem: str
) -> None:
    path = write(tmp_path, name, text) if text is not None else str(tmp_path / name)
    result = run(command[0], path, *command[1:])
    assert result.exit_code == 2
    line = result.stderr.splitlines()[-1]
    assert line.count(name) == 1, line
    assert problem in line


def test_convert_to_pmn_and_back(tmp_path: Path) -> None:
    out = tmp_path / "s.pmn"
    assert run("convert", SESSION, "--to", "pmn", "-o", str(out)).exit_code == 0
    again = lines(run("batch", str(out), "--from", "pmn", "--rules", "china").stdout)
    assert len(again) == 16
    assert all(o["claim"]["matches"] for o in again)


def test_convert_to_dash_is_standard_output(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """`-o -` names standard output, as `-` names standard input: no file called `-` is made."""
    monkeypatch.chdir(tmp_path)
    result = run("convert", SESSION, "--to", "pmn", "-o", "-")
    assert result.exit_code == 0
    assert result.stdout == run("convert", SESSION, "--to", "pmn").stdout
    assert result.stdout.startswith("[")
    assert not (tmp_path / "-").exists()


def test_convert_names_what_it_cannot_write(tmp_path: Path) -> None:
    """A score sheet has no deal and no play: its hands cannot be PMN; each is named, exit 1."""
    result = run("convert", GBHELPER, "--to", "pmn")
    assert result.exit_code == 1
    assert "Club night, table 2/1: hand 1: the record holds no deal and play to write as PMN" in result.stderr


def test_convert_checks_its_output_first(tmp_path: Path) -> None:
    path = write(tmp_path, "b.pmn", Path(PMN2).read_bytes())
    result = run("convert", path, "--to", "pmn", "-o", path)
    assert result.exit_code == 1
    assert "unwritable-file" in result.output
    assert Path(path).read_bytes() == Path(PMN2).read_bytes()
    result = run("convert", path, "--to", "pmn", "-o", str(tmp_path / "no" / "x.pmn"))
    assert result.exit_code == 1
    assert "unwritable-file" in result.output


# ---- session and standings of the apps' sheets --------------------------------------------------


def test_session_of_a_gbhelper_sheet_compared_with_the_app() -> None:
    """The sheet (examples/records/gbhelper-record.json), worked by hand: hand 1 Ana wins 22 on
    Bo's discard, the app and we agree (+46 -30 -8 -8); hand 2 Bo's self-drawn 5 points with 3
    flowers: the app settles 8 (its total counts the flowers: +48, -16 each), our minimum counts
    without them: a false Hu (-30, +10 each); hand 3 a draw with penalties; hand 4 Di wins 16 on Cy's
    discard (the app kept the total only)."""
    result = run("session", GBHELPER, "--from", "gbhelper", "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert [h["scores"] for h in data["hands"]] == [
        [46, -30, -8, -8],
        [10, -30, 10, 10],
        [5, 5, -10, 0],
        [-8, -8, -24, 40],
    ]
    recorded = data["recorded"]
    assert recorded["scores"] == [[46, -30, -8, -8], [-16, 48, -16, -16], [5, 5, -10, 0], [-8, -8, -24, 40]]
    (difference,) = recorded["differences"]
    assert difference["hand"] == 2
    assert difference["recorded"] == [-16, 48, -16, -16]
    text = run("session", GBHELPER, "--from", "gbhelper").stdout
    assert "Compared with the scores gbhelper recorded: 1 of 4 hands differ" in text
    assert "hand 2: recorded -16 +48 -16 -16, settled here +10 -30 +10 +10: a false Hu here" in text


@pytest.mark.parametrize("path", [MS2_JSON, MS2_CSV])
def test_session_of_a_mahjongscoring2_export(path: str) -> None:
    """Round 4: Di's Hu of 6 on Ana's discard, paid by the app (+30, Ana -14); a false Hu here."""
    data = json.loads(run("session", path, "--from", "mahjongscoring2", "--json").stdout)
    assert data["totals"] == [32, 72, -56, -48]
    assert data["recorded"]["totals"] == [8, 54, -74, 12]
    assert [d["hand"] for d in data["recorded"]["differences"]] == [4]


def test_standings_of_app_sheets_refuse_one_session_twice() -> None:
    result = run("standings", MS2_JSON, MS2_CSV, "--from", "mahjongscoring2")
    assert result.exit_code == 1
    assert "same-session" in result.output
    ok = run("standings", GBHELPER, MS2_JSON, "--from", "gbhelper")
    assert ok.exit_code == 2  # the second file is no 国标小助手 record: named, refused before the run
    assert f"{MS2_JSON} is not a gbhelper record: it looks like a mahjongscoring2 record" in ok.output


def test_session_options_of_the_apps() -> None:
    assert run("session", GBHELPER, "--from", "tziakcha").exit_code == 2
    assert "--game chooses a sheet" in run("session", "examples/session/full-16.json", "--game", "1").output
    assert "--from" in run("session", "x.json", "--from", "gbhelper", "--system", "six").output
