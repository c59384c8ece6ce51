"""Batch inputs, outputs and --resume (found in issue 12):
outputs that cannot be written, damaged `.gz` input, what --resume verifies,
and one notation for batch and `score` (no extra whitespace stripped)."""

from __future__ import annotations

import gzip
import json
import os
import random
from pathlib import Path

import pytest

from mcr_score import batch, parse_hand
from mcr_score.cli import main
from mcr_score.errors import McrError
from tests.support.cli import runner

HAND = "123456789m123p5s5s|EE0000"


def run(*args: str, input: str | None = None):
    result = runner().invoke(main, ["batch", *args, "-j", "1"], input=input)
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    return result


def text_input(tmp_path: Path, n: int = 3) -> Path:
    path = tmp_path / "in.txt"
    path.write_text("".join(f"r{i}\t{HAND}\t22\n" for i in range(1, n + 1)))
    return path


# Outputs --------------------------------------------------------------------------------------


@pytest.mark.parametrize("out", ["/proc/x", "/nonexistent/x"])
def test_an_output_that_cannot_be_opened_is_a_usage_error(tmp_path, out):
    result = run(str(text_input(tmp_path)), "-o", out)
    assert result.exit_code == 2
    assert result.stderr.startswith(f"Error: cannot write {out}: ")


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full")
def test_a_full_disk_is_an_error_after_the_whole_records(tmp_path):
    result = run(str(text_input(tmp_path)), "-o", "/dev/full")
    assert result.exit_code == 1
    assert result.stderr.strip() == (
        "Error: cannot write /dev/full: No space left on device; the records written so far are whole"
    )


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full")
def test_a_summary_that_cannot_be_written_is_an_error_after_the_run(tmp_path):
    # A missing folder is refused before the run since issue 22 (test_hardening2_batch); a full
    # disk can only show when the summary is written.
    out = tmp_path / "out.jsonl"
    full = tmp_path / "s.json"
    full.symlink_to("/dev/full")
    result = run(str(text_input(tmp_path)), "-o", str(out), "--summary-json", str(full))
    assert result.exit_code == 1
    assert len(out.read_text().splitlines()) == 3  # the records are out
    assert "mcr-score batch: 3 records" in result.stderr  # and the summary on stderr
    assert result.stderr.splitlines()[-1].startswith("Error: cannot write the summary to ")
    assert not list((tmp_path).glob("*.tmp"))


# Damaged .gz ----------------------------------------------------------------------------------


def big_gz(tmp_path: Path, n: int = 3000) -> tuple[Path, bytes]:
    rng = random.Random(12)
    lines = "".join(f"r{i}-{rng.random()}\t{HAND}\t22\n" for i in range(1, n + 1))
    data = gzip.compress(lines.encode())
    return tmp_path / "in.txt.gz", data


def test_a_truncated_gz_answers_the_records_before_the_damage(tmp_path):
    path, data = big_gz(tmp_path)
    path.write_bytes(data[: len(data) // 2])
    out = tmp_path / "out.jsonl"
    result = run(str(path), "-o", str(out))
    assert result.exit_code == 1
    written = [json.loads(line) for line in out.read_text().splitlines()]
    assert 100 < len(written) < 3000
    assert [r["line"] for r in written] == list(range(1, len(written) + 1))
    assert all(r["ok"] for r in written)
    last = result.stderr.splitlines()[-1]
    assert last.startswith(f"Error: {path} is damaged from line {len(written) + 1} on (")
    assert "the records before it were answered" in last


def test_a_corrupt_gz_is_reported(tmp_path):
    path, data = big_gz(tmp_path)
    half = len(data) // 2
    path.write_bytes(data[:half] + bytes(200) + data[half + 200 :])
    result = run(str(path), "-o", str(tmp_path / "out.jsonl"))
    assert result.exit_code == 1
    assert " is damaged from line " in result.stderr.splitlines()[-1]


def test_a_plain_file_named_gz_is_reported(tmp_path):
    path = tmp_path / "hands.gz"
    path.write_text(HAND + "\n")
    result = run(str(path))
    assert result.exit_code == 1
    assert result.stdout == ""
    assert result.stderr.splitlines()[-1].startswith(f"Error: {path} is damaged from line 1 on (Not a gzipped file")


def test_the_summary_json_says_the_input_was_damaged(tmp_path):
    path, data = big_gz(tmp_path)
    path.write_bytes(data[:-20])
    summary = tmp_path / "s.json"
    run(str(path), "-o", str(tmp_path / "o.jsonl"), "--summary-json", str(summary))
    assert "is damaged from line" in json.loads(summary.read_text())["input_damaged"]


# --resume -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "line",
    [
        '{"line": 1, "rules": ["x"], "ok": true}',
        '{"line": "1", "ok": true}',
        '{"line": 1, "ok": "yes"}',
        '{"line": 1, "ok": true, "total": "22"}',
        '{"line": 1, "ok": false, "error": "bad"}',
        '{"line": 1, "ok": true, "claim": []}',
        '{"line": true, "ok": true}',
        "[1, 2]",
    ],
)
def test_resume_refuses_an_output_line_of_unexpected_types(tmp_path, line):
    out = tmp_path / "out.jsonl"
    out.write_text(line + "\n")
    result = run(str(text_input(tmp_path)), "-o", str(out), "--resume")
    assert result.exit_code == 2
    assert result.stderr.strip() == f"Error: {out}: record 1 is not an output record of mcr-score batch"


def test_resume_refuses_a_csv_row_without_its_line_number(tmp_path):
    out = tmp_path / "out.csv"
    run(str(text_input(tmp_path)), "-o", str(out), "--format", "csv")
    rows = out.read_text().splitlines()
    out.write_text("\n".join([rows[0], "x" + rows[1], *rows[2:]]) + "\n")
    result = run(str(text_input(tmp_path)), "-o", str(out), "--format", "csv", "--resume")
    assert result.exit_code == 2
    assert "record 1 is not an output record" in result.stderr


def test_resume_checks_the_line_number_of_every_record(tmp_path):
    """An earlier record removed (or the output of another input): the line numbers tell."""
    source = text_input(tmp_path, 6)
    out = tmp_path / "out.jsonl"
    run(str(source), "-o", str(out))
    lines = out.read_text().splitlines()
    out.write_text("\n".join([lines[0], *lines[2:4]]) + "\n")  # record 2 dropped, last kept intact
    result = run(str(source), "-o", str(out), "--resume")
    assert result.exit_code == 2
    assert result.stderr.strip() == (
        "Error: the output's record 2 answers input line 3, but the input's record 2 is on line 2: "
        "the output was edited or written from another input"
    )


def test_resume_does_not_score_earlier_records_again(tmp_path):
    """Documented limit: a total edited in an earlier record is kept (re-scoring it would cost the run)."""
    source = text_input(tmp_path, 4)
    out = tmp_path / "out.jsonl"
    run(str(source), "-o", str(out))
    lines = out.read_text().splitlines()
    edited = json.loads(lines[0])
    edited["total"] = 99
    out.write_text("\n".join([json.dumps(edited), lines[1]]) + "\n")
    assert run(str(source), "-o", str(out), "--resume").exit_code == 0


# One notation ---------------------------------------------------------------------------------


def score_accepts(text: str) -> bool:
    try:
        parse_hand(text)
    except McrError:
        return False
    return True


@pytest.mark.parametrize(
    "notation",
    [
        "\u3000" + HAND,
        HAND + "\x0b",
        "\x1c" + HAND,
        HAND + "\x1f",
        " " + HAND + "\t",
        "  " + HAND,
        "\u00a0" + HAND,
        HAND + "\ufe0f",
    ],
)
@pytest.mark.parametrize("fmt", ["text", "csv", "jsonl"])
def test_batch_accepts_exactly_the_notation_score_accepts(notation, fmt):
    if fmt == "text" and "\t" in notation:
        line = notation.replace("\t", "")  # a TAB separates text fields
        notation = line
    elif fmt == "text":
        line = notation
    elif fmt == "csv":
        line = "x," + notation
    else:
        line = json.dumps({"notation": notation})
    out = batch.score_line(line, fmt, line=2, columns=("id", "notation") if fmt == "csv" else None)
    assert out is not None
    assert out["ok"] is score_accepts(notation), out


@pytest.mark.parametrize("line", ["\u3000", "\x0b", "\x1c\x1d"])
def test_a_line_of_other_whitespace_is_a_record(line):
    out = batch.score_line(line, "text", line=1)
    assert out is not None
    assert out["ok"] is False
    assert out["error"]["code"] == "illegal-character"


def test_batch_and_the_api_share_the_notation_limit():
    assert batch.MAX_NOTATION == 200
    out = batch.score_line("x" * 201, "text", line=1)
    assert out["error"]["code"] == "oversized"


def test_output_dash_is_standard_output(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """`-o -` names standard output, as `-` names standard input: no file called `-` is made, and
    `--resume`, which continues a file, still asks for one."""

    monkeypatch.chdir(tmp_path)
    hand = "123m456p789s11z234s\n"
    dash = runner().invoke(main, ["batch", "-", "-o", "-"], input=hand)
    plain = runner().invoke(main, ["batch", "-"], input=hand)
    assert dash.exit_code == 0
    assert dash.stdout == plain.stdout
    assert json.loads(dash.stdout.splitlines()[0])["winning"] is True
    assert not (tmp_path / "-").exists()
    resumed = runner().invoke(main, ["batch", "-", "-o", "-", "--resume"], input=hand)
    assert resumed.exit_code == 2
    assert "--resume needs -o OUT" in resumed.output
