"""Batch for the organiser (issue 14): input sniffing, separators, blank lines, ids kept on
unreadable lines, claims after the hand, a `win` column, and `--report`.

Scores are the rules' (see tests/systems/mcr/test_table.py for the issue hand: 25 when E wins, 29 when 5m wins;
123456789m123p5s5s is Pure Straight 16 + Concealed Hand 2 + All Chows 2 + Mixed Double Chow 1 +
Single Wait 1 = 22)."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pytest

from mcr_score import batch
from mcr_score.batch.reading import csv_delimiter, sniff_format
from mcr_score.batch.report import Report
from mcr_score.cli import main
from tests.support.cli import runner

VALID = "123456789m123p5s5s|EE0000"  # 22
ISSUE = "[555m1]12346789m5mEE"  # 25 as written (E wins), 29 when 5m wins


def cli(*args: str, input: bytes | None = None):
    result = runner().invoke(main, ["batch", *args], input=input)
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    assert "Traceback" not in result.stdout + result.stderr
    return result


def outs(text: str) -> list[dict]:
    return [json.loads(line) for line in text.splitlines()]


def write(path: Path, data: str | bytes) -> Path:
    path.write_bytes(data.encode() if isinstance(data, str) else data)
    return path


# --- sniffing and separators


def test_json_lines_on_standard_input_are_read_as_json_lines() -> None:
    data = b'{"id": "a", "notation": "123456789m123p5s5s"}\n{"id": "b", "notation": "123456789m123p5s"}\n'
    result = cli("-", "--jobs", "1", input=data)
    assert result.exit_code == 0
    got = outs(result.stdout)
    assert [(o["id"], o["ok"], o.get("total")) for o in got] == [("a", True, 22), ("b", True, 0)]


@pytest.mark.parametrize(
    ("header", "sep"),
    [("id;notation;claimed_total", ";"), ("id\tnotation\tclaimed_total", "\t"), ("id,notation,claimed_total", ",")],
)
def test_csv_separators_are_sniffed_from_the_header(header: str, sep: str) -> None:
    data = f"{header}\nr1{sep}{VALID}{sep}22\nr2{sep}[567m2]123p456s789sEE{sep}8\n".encode()
    result = cli("-", "--jobs", "1", input=data)  # standard input: the header says CSV
    assert result.exit_code == 0, result.stderr
    got = outs(result.stdout)
    assert [(o["id"], o["ok"], o["claim"]["claimed_total"]) for o in got] == [("r1", True, 22), ("r2", True, 8)]
    assert got[0]["claim"]["matches"] is True


def test_explicit_delimiter(tmp_path: Path) -> None:
    path = write(tmp_path / "sheet.csv", f"id;notation\nr1;{VALID}\n")
    result = cli(str(path), "--delimiter", ";", "--jobs", "1")
    assert outs(result.stdout)[0]["total"] == 22
    # The wrong separator named explicitly: the header has no notation column, a usage error.
    assert cli(str(path), "--delimiter", ",").exit_code == 2


def test_sniffing_rules() -> None:
    assert sniff_format('  {"id": 1}') == "jsonl"
    assert sniff_format("ID;Notation") == "csv"
    assert sniff_format("notation") == "csv"
    assert sniff_format(f"r1\t{VALID}") == "text"
    assert sniff_format(VALID) == "text"
    assert csv_delimiter("a,b;notation;c") == ";"
    assert csv_delimiter("hand") == ","


def test_an_extension_still_decides(tmp_path: Path) -> None:
    # A .txt file is text even when its first line looks like JSON: the record is an error, not sniffed.
    path = write(tmp_path / "hands.txt", '{"notation": "123456789m123p5s5s"}\n')
    got = outs(cli(str(path), "--jobs", "1").stdout)
    assert got[0]["error"]["code"] == "illegal-character"


# --- blank lines


@pytest.mark.parametrize(
    ("name", "content"),
    [
        ("in.txt", f"\n{VALID}\n   \n{VALID}\n\n"),
        ("in.jsonl", f'\n{{"notation": "{VALID}"}}\n \n{{"notation": "{VALID}"}}\n\n'),
        ("in.csv", f"\nnotation\n{VALID}\n\t\n{VALID}\n\n"),
    ],
)
def test_blank_lines_are_skipped_counted_and_not_errors_under_strict(tmp_path: Path, name: str, content: str) -> None:
    path = write(tmp_path / name, content)
    summary = tmp_path / "s.json"
    result = cli(str(path), "--strict", "--jobs", "1", "--summary-json", str(summary))
    assert result.exit_code == 0, result.stdout
    assert [o["total"] for o in outs(result.stdout)] == [22, 22]
    data = json.loads(summary.read_text())
    assert (data["records"], data["errors"], data["blank_lines"]) == (2, 0, 3)
    assert "blank lines skipped" in result.stderr


# --- ids of unreadable lines, claims after the hand, the win column


@pytest.mark.parametrize(
    ("name", "line", "rid"),
    [
        ("in.txt", b"r7\t123456789m\xff123p5s5s\t22", "r7"),
        ("in.jsonl", b'{"id": "r7", "notation": "12345\xff"}', "r7"),
        ("in.jsonl", b'{"id": 7, "notation": "12345\xff"}', 7),
        ("in.jsonl", b'{"id": "r\xff7", "notation": "12345"}', None),  # the id itself is unreadable
        ("in.jsonl", b'{"id": "r7", \xff', None),  # not JSON once decoded
        ("in.jsonl", b'[1, "\xff"]', None),  # not an object
        ("in.csv", b"id,notation\nr7,12345\xff", "r7"),
        ("in.txt", b"123456789m\xff123p5s5s", None),  # no id written
    ],
)
def test_an_encoding_error_keeps_a_readable_id(tmp_path: Path, name: str, line: bytes, rid: object) -> None:
    path = write(tmp_path / name, line + b"\n")
    got = outs(cli(str(path), "--jobs", "1").stdout)
    assert got[0]["error"]["code"] == "encoding"
    assert got[0]["id"] == rid


def test_a_bad_record_keeps_its_id() -> None:
    out = batch.score_line(f"r9\t{VALID}\t22\t28\textra", "text", line=3)
    assert out is not None
    assert (out["id"], out["line"], out["error"]["code"]) == ("r9", 3, "bad-record")


@pytest.mark.parametrize("claim", ["22", "22 ", "28,62,63", "28 62 69x2"])
def test_a_claim_after_the_hand_is_refused_with_how_to_write_one(claim: str) -> None:
    out = batch.score_line(f"{VALID}\t{claim}", "text", line=1)
    assert out is not None
    assert out["error"]["code"] == "bad-record"
    assert "<TAB>hand<TAB>22" in out["error"]["message"]
    # Written as the message says: an empty id, then the hand and the claim.
    fixed = batch.score_line(f"\t{VALID}\t22", "text", line=1)
    assert fixed is not None
    assert (fixed["id"], fixed["total"], fixed["claim"]["matches"]) == (None, 22, True)


def test_an_id_and_a_broken_hand_are_not_taken_for_a_claim() -> None:
    out = batch.score_line("r1\t5x", "text")
    assert out is not None
    assert (out["id"], out["error"]["code"]) == ("r1", "missing-suit")


def test_csv_win_column_and_the_marker_in_text(tmp_path: Path) -> None:
    path = write(
        tmp_path / "sheet.csv",
        f"id,notation,win\na,{ISSUE},5m\nb,{ISSUE},\nc,{ISSUE},3p\nd,[555m1]1234(5)6789mEE,E\n",
    )
    got = outs(cli(str(path), "--jobs", "1").stdout)
    assert (got[0]["total"], got[0]["win_tile"], got[0]["win_set"]) == (29, "5m", ["4m", "5m", "6m"])
    assert got[1]["total"] == 25
    assert (got[2]["error"]["code"], got[2]["error"]["where"]) == ("win-tile", "win")
    assert got[3]["error"]["code"] == "win-tile"  # contradicts the marker
    out = batch.score_line("r1\t[555m1]1234(5)6789mEE", "text")
    assert out is not None
    assert out["total"] == 29


# --- --report

MIXED = "\n".join(
    [
        "# round 1",
        f"r1\t{VALID}\t22",  # valid, claim agrees
        "",
        "r2\t[123p1][345s2][999s3]6m6pEW1m|ES1000",  # not winning: no shape
        "r3\t[555m1]1234(5)6789mEE\t25\t28 50 64 79",  # 29: claim misses 58 78, 79 extra
        "r4\t[678s3]789m11p12334s2s|WS0000|3",  # 2 + 3 flowers: below 8
        "r5\t12345x6789m123p5s5s",  # missing-suit
        f"{ISSUE}\t25",  # a claim after the hand: bad-record
        "r6\t123456789m123p5s",  # waiting
        "r7\t123456789m123p5s6s\t8\t43",  # not winning, and its claim disagrees
    ]
)


def test_report_markdown(tmp_path: Path) -> None:
    path = write(tmp_path / "round1.txt", MIXED + "\n")
    report = tmp_path / "report.md"
    for jobs in ("1", "2"):
        result = cli(str(path), "--jobs", jobs, "--chunk-size", "2", "--report", str(report), "-o", str(tmp_path / "o"))
        assert result.exit_code == 0
        md = report.read_text()
        assert "Input " in md
        assert "8 records, 7 with a problem." in md
        assert "| error | bad-record | 1 |" in md
        assert "| error | missing-suit | 1 |" in md
        assert "| not a winning hand | no-shape | 2 |" in md
        assert "| not a winning hand | waiting | 1 |" in md
        assert "| below 8 points |  | 1 |" in md
        assert "| claim disagrees |  | 2 |" in md
        assert "| 5 | r3 | 25 | 29 | 58 78 | 79 |" in md
        assert "| 10 | r7 | 8 | 0 |  | 43 |" in md
        assert "| 6 | r4 | total 5 = 2 points + 3 flowers: 6 short of 8 without flowers |" in md
        assert "| 8 |  | the second field '25' is a claim" in md
        assert md.index("## error") < md.index("## not a winning hand") < md.index("## below") < md.index("## claim")


def test_report_csv_from_a_csv_output(tmp_path: Path) -> None:
    path = write(tmp_path / "round1.txt", MIXED + "\n")
    report = tmp_path / "report.csv"
    result = cli(str(path), "--jobs", "1", "--format", "csv", "--report", str(report))
    assert result.exit_code == 0
    rows = list(csv.DictReader(io.StringIO(report.read_text())))
    counts = {(r["kind"], r["code"]): int(r["count"]) for r in rows if r["count"]}
    assert counts == {
        ("error", "bad-record"): 1,
        ("error", "missing-suit"): 1,
        ("not-winning", "no-shape"): 2,
        ("not-winning", "waiting"): 1,
        ("below-minimum", ""): 1,
        ("claim-mismatch", ""): 2,
    }
    claims = [(r["line"], r["id"], r["claimed_total"], r["total"], r["missing"], r["extra"]) for r in rows if r["line"]]
    assert ("5", "r3", "25", "29", "58 78", "79") in claims
    assert rows[0]["count"]  # the counts come first


def test_report_of_a_clean_run_and_a_bad_extension(tmp_path: Path) -> None:
    path = write(tmp_path / "ok.txt", f"{VALID}\n")
    report = tmp_path / "r.md"
    assert cli(str(path), "--jobs", "1", "--report", str(report)).exit_code == 0
    assert "Every record is a winning hand of 8 points or more" in report.read_text()
    result = cli(str(path), "--report", str(tmp_path / "r.txt"))
    assert result.exit_code == 2
    assert "(.md) or CSV (.csv)" in result.stderr


def test_report_reads_json_records_it_is_fed() -> None:
    report = Report("jsonl")
    report.feed(json.dumps({"id": "x", "line": 1, "ok": True, "winning": True, "meets_minimum": True}) + "\n")
    assert report.problems == []
    report.add({"id": 3, "line": 2, "ok": False, "error": {"code": "bad-field", "message": "m", "where": "win"}})
    assert report.problems[0].detail == "m (win)"
    assert "| 2 | 3 | m (win) |" in report.markdown("in.jsonl", 2, "china")


def test_report_says_how_far_short_from_the_records_own_short_by() -> None:
    """A JSON record says how far short it is (`short_by`); a CSV row, which has no such column, and a
    JSON record written before the field was, are short by the minimum less their points."""
    below = {"id": "x", "line": 1, "ok": True, "winning": True, "meets_minimum": False, "total": 5, "points": 2}
    report = Report("jsonl")
    report.add(below | {"flower_points": 3, "short_by": 6})
    report.add(below | {"flower_points": 3})
    assert [p.detail for p in report.problems] == [report.problems[0].detail] * 2
    assert "6" in report.problems[0].detail
    rows = Report("csv")
    rows.add_csv({"line": "1", "id": "x", "ok": "true", "winning": "true", "meets_minimum": "false", "total": "5",
                  "points": "2", "flower_points": "3"})  # fmt: skip
    assert rows.problems[0].detail == report.problems[0].detail
