"""Batch output files, --resume, CSV and help (found in issue 22): every output file checked before
the run and written with its name in any error, --resume only onto an earlier output, CSV cells
safe in a spreadsheet, the report after --resume, CSV headers and separators, the help."""

from __future__ import annotations

import csv
import io
import json
import os
import re
import subprocess
import time
from pathlib import Path

import pytest

from mcr_score import batch
from mcr_score.cli import main
from tests.support.cli import CLI, runner

HAND = "123456789m123p5s5s|EE0000"  # 22 points: 28 62 63 70 79


def run(*args: str, input: str | None = None):
    result = runner().invoke(main, ["batch", *args, "-j", "1"], input=input)
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    return result


# Output files ---------------------------------------------------------------------------------


def text_input(tmp_path: Path, n: int = 3) -> Path:
    path = tmp_path / "in.txt"
    path.write_text("".join(f"r{i}\t{HAND}\t22\n" for i in range(1, n + 1)))
    return path


def loop(tmp_path: Path, name: str) -> str:
    path = tmp_path / name
    path.symlink_to(path)
    return str(path)


CHECKS = [
    (option, problem)
    for option in ("-o", "--report", "--summary-json")
    for problem in ("no-folder", "empty", "loop", "input", "rules", "twice")
    if option != "--report" or problem not in ("empty", "input", "rules")  # no .md/.csv: refused as a format
]
SAME_AS = {"-o": "--report", "--report": "--summary-json", "--summary-json": "--report"}


@pytest.mark.parametrize(("option", "problem"), CHECKS)
def test_every_output_is_checked_before_the_run(tmp_path, option, problem):
    source = text_input(tmp_path)
    rules = tmp_path / "club.toml"
    rules.write_text('name = "club"\nbase = "green-book"\n')
    path = {
        "no-folder": str(tmp_path / "nowhere" / "x.md"),
        "empty": "",
        "loop": loop(tmp_path, "loop.md"),
        "input": str(source),
        "rules": str(rules),
        "twice": str(tmp_path / "same.md"),
    }[problem]
    before = source.read_text(), rules.read_text()
    others = [SAME_AS[option], path] if problem == "twice" else []
    out = [] if option == "-o" else ["-o", str(tmp_path / "out.jsonl")]
    result = run(str(source), "--rules", str(rules), *out, option, path, *others)
    assert result.exit_code == 2, result.output
    assert "mcr-score batch:" not in result.stderr  # refused before the run: no summary
    assert not (tmp_path / "out.jsonl").exists()
    assert not (tmp_path / "same.md").exists()
    assert (source.read_text(), rules.read_text()) == before
    message = result.stderr.strip()
    assert message.startswith("Error: "), message
    assert "Traceback" not in result.output
    assert (path in message) if path else (f"{option} needs a file name" in message)


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full")
@pytest.mark.parametrize(
    ("option", "name", "what"), [("--report", "r.md", "report"), ("--summary-json", "s.json", "summary")]
)
def test_a_report_or_summary_that_cannot_be_written_names_its_file(tmp_path, option, name, what):
    link = tmp_path / name
    link.symlink_to("/dev/full")
    out = tmp_path / "out.jsonl"
    result = run(str(text_input(tmp_path)), "-o", str(out), option, str(link))
    assert result.exit_code == 1
    assert len(out.read_text().splitlines()) == 3  # the records are out
    assert result.stderr.splitlines()[-1] == f"Error: cannot write the {what} to {link}: No space left on device"
    assert "standard output" not in result.stderr
    assert link.is_symlink()
    assert Path("/dev/full").is_char_device()


@pytest.mark.parametrize(("option", "name"), [("--report", "r.md"), ("--summary-json", "s.json")])
def test_a_report_or_summary_is_written_through_a_link(tmp_path, option, name):
    """The file the link names gets the content; the link stays a link (it was replaced by a
    regular file, and a device named by a link or by its path was replaced too)."""
    target = tmp_path / "kept" / name
    target.parent.mkdir()
    target.write_text("old")
    link = tmp_path / name
    link.symlink_to(target)
    result = run(str(text_input(tmp_path)), "-o", str(tmp_path / "out.jsonl"), option, str(link))
    assert result.exit_code == 0, result.output
    assert link.is_symlink()
    assert target.read_text() != "old"
    assert not list(tmp_path.glob("*.tmp"))
    assert not list(target.parent.glob("*.tmp"))


# --resume only onto an earlier output -----------------------------------------------------------


@pytest.mark.parametrize(
    ("fmt", "content"),
    [
        ("jsonl", b"my precious notes"),  # no line break at all: was cut to nothing
        ("jsonl", b"first line\nsecond"),
        ("csv", b"my precious notes"),
        ("csv", b"id,notes"),  # the start of a header, but not ours
        ("jsonl", b"x" * (2 * 1024 * 1024)),  # one line longer than any record
        ("jsonl", b"\n" * 3),
    ],
)
def test_resume_refuses_a_file_that_is_not_an_earlier_output_and_leaves_it_whole(tmp_path, fmt, content):
    notes = tmp_path / "notes.txt"
    notes.write_bytes(content)
    result = run(str(text_input(tmp_path)), "-o", str(notes), "--format", fmt, "--resume")
    assert result.exit_code == 2, result.output
    assert notes.read_bytes() == content
    assert result.stderr.startswith(f"Error: {notes}")
    assert "Traceback" not in result.output


def test_resume_says_what_an_earlier_output_ends_with(tmp_path):
    notes = tmp_path / "notes.txt"
    notes.write_bytes(b"my precious notes")
    result = run(str(text_input(tmp_path)), "-o", str(notes), "--resume")
    assert "not the start of an output record of `mcr-score batch` (--format jsonl)" in result.stderr
    assert "nothing was changed" in result.stderr


@pytest.mark.parametrize(("fmt", "tail"), [("jsonl", b'{"id": "r2", "li'), ("jsonl", b"{"), ("csv", b"2,r2,gre")])
def test_resume_still_cuts_what_a_kill_left_of_a_record(tmp_path, fmt, tail):
    source = text_input(tmp_path)
    full = tmp_path / "full.out"
    assert run(str(source), "-o", str(full), "--format", fmt).exit_code == 0
    data = full.read_bytes()
    part = tmp_path / "part.out"
    part.write_bytes(
        data[: data.index(b"\n", data.index(b"\n") + 1) + 1 if fmt == "csv" else data.index(b"\n") + 1] + tail
    )
    assert run(str(source), "-o", str(part), "--format", fmt, "--resume").exit_code == 0
    assert part.read_bytes() == data


@pytest.mark.parametrize(
    ("fmt", "line"),
    [
        ("jsonl", '{"id": "r1", "line": ' + "9" * 30 + ', "ok": true}'),
        ("jsonl", '{"id": "r1", "line": 0, "ok": true}'),
        ("csv", "9" * 5000 + ",r1"),
    ],
)
def test_resume_refuses_a_line_number_no_input_has(tmp_path, fmt, line):
    out = tmp_path / "out"
    header = "".join(batch.CSV_COLUMNS[i] + ("," if i < len(batch.CSV_COLUMNS) - 1 else "\n") for i in range(20))
    out.write_text((header if fmt == "csv" else "") + line + "\n")
    result = run(str(text_input(tmp_path)), "-o", str(out), "--format", fmt, "--resume")
    assert result.exit_code == 2
    assert "is not an output record" in result.stderr


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full")
def test_resume_refuses_a_device_at_once(tmp_path):
    started = time.monotonic()
    result = run(str(text_input(tmp_path)), "-o", "/dev/full", "--resume")
    assert time.monotonic() - started < 10
    assert result.exit_code == 2
    assert (
        result.stderr.strip() == "Error: --resume continues an earlier output in a regular file; /dev/full is a device"
    )


def test_resume_refuses_a_fifo_without_waiting_for_a_writer(tmp_path):
    fifo = tmp_path / "out.fifo"
    os.mkfifo(fifo)
    proc = subprocess.run(
        [*CLI, "batch", str(text_input(tmp_path)), "-o", str(fifo), "--resume", "-j", "1"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert proc.returncode == 2
    assert proc.stderr.strip().endswith(f"{fifo} is a FIFO")


# The report after --resume -------------------------------------------------------------------------


MIXED = [
    f"r1\t{HAND}\t22",
    "r2\t123456789m12p5s5s7s",  # no-shape
    f"r3\t{HAND}\t21",  # the claim disagrees
    "r4\t12345x6789m123p5s5s",  # missing-suit
    "r5\t[678s3]789m11p12334s2s|WS0000|3",  # below 8
    f"r6\t{HAND}\t22\t28 62 63 70 79",
    "r7\t123456789m123p5s",  # waiting
]


@pytest.mark.parametrize("fmt", ["jsonl", "csv"])
@pytest.mark.parametrize("report_ext", ["md", "csv"])
def test_a_report_after_resume_covers_the_whole_output_and_says_so(tmp_path, fmt, report_ext):
    source = tmp_path / "round1.txt"
    source.write_text("\n".join(MIXED) + "\n")
    full, whole = tmp_path / "full.out", tmp_path / f"whole.{report_ext}"
    assert run(str(source), "-o", str(full), "--format", fmt, "--report", str(whole)).exit_code == 0
    data = full.read_bytes()
    lines = data.splitlines(keepends=True)
    kept = 4 if fmt == "jsonl" else 5  # the header and four records
    part, resumed = tmp_path / "part.out", tmp_path / f"resumed.{report_ext}"
    part.write_bytes(b"".join(lines[:kept]))
    assert run(str(source), "-o", str(part), "--format", fmt, "--resume", "--report", str(resumed)).exit_code == 0
    assert part.read_bytes() == data
    got, want = resumed.read_text().splitlines(), whole.read_text().splitlines()
    if report_ext == "md":
        assert got[2] == (
            f"Input {source}, rules green-book: 7 records (4 already in {part} from an earlier run, read back;"
            " 3 scored by this run), 5 with a problem."
        )
        assert want[2] == f"Input {source}, rules green-book: 7 records, 5 with a problem."
        got, want = got[:2] + got[3:], want[:2] + want[3:]
    assert got == want


# CSV outputs are safe to open in a spreadsheet (OWASP, CSV injection) --------------------------------

FORMULAS = ['=HYPERLINK("http://x","y")', "+1+1", "-2+3", "@SUM(A1)", "\tx", "\r=1"]


def formula_input(tmp_path: Path) -> Path:
    path = tmp_path / "in.jsonl"
    records = [{"id": f, "notation": HAND} for f in FORMULAS]
    records += [{"id": f, "notation": "123456789m123p5s", "claimed_total": 3} for f in FORMULAS]  # problems
    path.write_text("".join(json.dumps(r) + "\n" for r in records))
    return path


def spreadsheet_cells(text: str) -> list[str]:
    return [cell for row in csv.reader(io.StringIO(text)) for cell in row]


def assert_no_formula(cells: list[str]) -> None:
    for cell in cells:
        assert not cell.startswith(("=", "+", "-", "@", "\t", "\r")), cell


def test_csv_output_cells_never_start_a_formula(tmp_path):
    rules = tmp_path / "club.toml"
    rules.write_text('name = "=cmd()"\nbase = "green-book"\n')
    result = run(str(formula_input(tmp_path)), "--format", "csv", "--rules", str(rules))
    assert result.exit_code == 0, result.output
    rows = list(csv.DictReader(io.StringIO(result.stdout)))
    assert [r["id"] for r in rows[: len(FORMULAS)]] == [*("'" + f for f in FORMULAS[:-1]), " =1"]  # CR: a space
    assert {r["rules"] for r in rows} == {"'=cmd()"}
    assert_no_formula(spreadsheet_cells(result.stdout))


@pytest.mark.parametrize("fmt", ["jsonl", "csv"])
def test_csv_report_cells_never_start_a_formula(tmp_path, fmt):
    report = tmp_path / "report.csv"
    result = run(str(formula_input(tmp_path)), "--format", fmt, "-o", str(tmp_path / "o"), "--report", str(report))
    assert result.exit_code == 0, result.output
    cells = spreadsheet_cells(report.read_bytes().decode())
    assert '\'=HYPERLINK("http://x","y")' in cells
    assert_no_formula(cells)


def test_a_neutralised_csv_output_reads_back_as_written(tmp_path):
    """--resume and the report read the cells as they were before the quote went in front."""
    source = formula_input(tmp_path)
    full, md = tmp_path / "full.csv", tmp_path / "r.md"
    assert run(str(source), "--format", "csv", "-o", str(full)).exit_code == 0
    data = full.read_bytes()
    part = tmp_path / "part.csv"
    part.write_bytes(b"".join(data.splitlines(keepends=True)[:9]))
    assert run(str(source), "--format", "csv", "-o", str(part), "--resume", "--report", str(md)).exit_code == 0
    assert part.read_bytes() == data
    assert "| 7 | =HYPERLINK" in md.read_text()


def test_a_markdown_report_keeps_one_row_per_problem(tmp_path):
    report = tmp_path / "r.md"
    assert run(str(formula_input(tmp_path)), "-o", str(tmp_path / "o"), "--report", str(report)).exit_code == 0
    rows = [line for line in report.read_bytes().decode().split("\n") if re.match(r"\| \d+ \| ", line)]
    assert len(rows) == 2 * len(FORMULAS)  # lines 7-12, not winning and their claims disagree
    assert "\r" not in report.read_bytes().decode()


# CSV headers and separators -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("header", "column", "first", "second"),
    [
        ("id,notation,id", "id", 1, 3),
        ("Notation,id,notation", "notation", 1, 3),
        ("id,notation,claimed_total, Claimed_Total ", "claimed_total", 3, 4),
        ("id,notation,win,win", "win", 3, 4),
    ],
)
def test_a_csv_column_read_twice_is_an_error_naming_it(tmp_path, header, column, first, second):
    path = tmp_path / "in.csv"
    path.write_text(f"{header}\nr1,{HAND},x,y\n")
    result = run(str(path))
    assert result.exit_code == 2
    assert result.stderr.strip() == (
        f"Error: the CSV header has the column '{column}' twice (columns {first} and {second}):"
        " which one to read is not clear; rename or remove one"
    )


def test_columns_that_are_not_read_may_repeat(tmp_path):
    """A spreadsheet writes empty names for trailing blank columns; ignored columns stay ignored."""
    path = tmp_path / "in.csv"
    path.write_text(f"comment,notation,comment,,\nx,{HAND},y,,\n")
    result = run(str(path))
    assert result.exit_code == 0
    assert json.loads(result.stdout)["total"] == 22


@pytest.mark.parametrize(
    ("sep", "given", "said", "option"),
    [(";", ",", "','", "';'"), ("\t", ";", "';'", "tab"), (",", "tab", "tab", "','")],
)
def test_a_wrong_delimiter_says_the_separator_is_the_problem(tmp_path, sep, given, said, option):
    path = tmp_path / "in.csv"
    path.write_text(f"id{sep}notation\nr1{sep}{HAND}\n")
    result = run(str(path), "--delimiter", given)
    assert result.exit_code == 2
    message = result.stderr.strip()
    assert f"has no 'notation' column when split at {said};" in message
    assert f"the separator is wrong (--delimiter {option}," in message


@pytest.mark.parametrize("source", ["in.txt", "in.jsonl", "-"])
def test_a_delimiter_for_input_that_is_not_csv_is_an_error(tmp_path, source):
    data = f"{HAND}\n" if source != "in.jsonl" else json.dumps({"notation": HAND}) + "\n"
    if source != "-":
        (tmp_path / source).write_text(data)
    result = run(str(tmp_path / source) if source != "-" else "-", "--delimiter", ";", input=data)
    assert result.exit_code == 2
    assert "--delimiter is for CSV input, and this input is read as " in result.stderr
    assert not result.stdout


# The help -----------------------------------------------------------------------------------------


def batch_help() -> str:
    result = runner().invoke(main, ["batch", "--help"], prog_name="mcr-score", terminal_width=200)
    assert result.exit_code == 0
    return result.stdout


def test_the_help_names_each_file_once_and_the_same_everywhere():
    text = batch_help()
    assert text.startswith("Usage: mcr-score batch [OPTIONS] FILE...|-")  # several FILEs with --from (issue 26)
    for option, name in [("-o, --output", "OUT"), ("--report", "REPORT"), ("--summary-json", "SUMMARY")]:
        assert f"{option} {name} " in text
        assert f"to {name}" in text  # the option's help says the same name
    assert "FILE (.md" not in text  # FILE is the input only
    assert "this file" not in text


def test_the_help_shows_the_separators_without_a_raw_tab():
    text = batch_help()
    assert "--delimiter [,|;|tab] " in text
    assert "\t" not in text


@pytest.mark.parametrize("written", [",", ";", "tab", "\\t", "\t"])
def test_every_separator_spelling_still_reads(tmp_path, written):
    sep = {"tab": "\t", "\\t": "\t"}.get(written, written)
    path = tmp_path / "in.csv"
    path.write_text(f"id{sep}notation\nr1{sep}{HAND}\n")
    result = run(str(path), "--delimiter", written)
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["id"] == "r1"


def test_a_bad_separator_is_a_usage_error_without_a_raw_tab():
    result = run("in.csv", "--delimiter", "|")
    assert result.exit_code == 2
    assert "'|' is not a separator: ',', ';' or tab" in result.stderr
    assert "\t" not in result.stderr


def test_the_help_lists_the_csv_columns():
    text = " ".join(batch_help().split())
    assert "notation (required), id, win, claimed_total and claimed_fans" in text
    assert "the columns " + ", ".join(batch.CSV_COLUMNS) + "." in text


def test_the_separator_metavar_takes_either_calling_convention():
    """click 8.1 calls get_metavar(param); 8.2+ calls get_metavar(param=..., ctx=...)."""
    import click

    from mcr_score.cli.batch import DelimiterType

    param = click.Option(["--delimiter"], type=DelimiterType())
    assert DelimiterType().get_metavar(param) == "[,|;|tab]"
    assert DelimiterType().get_metavar(param=param, ctx=click.Context(main)) == "[,|;|tab]"


# Other bad input on the batch surface ---------------------------------------------------------------


WHAT_TO_GIVE = " (a file, a FIFO, or - for standard input)"


@pytest.mark.parametrize(
    ("source", "says"),
    [
        (
            "/dev/zero",
            "cannot read /dev/zero: a device, not a file of records (a file, a FIFO, or - for standard input)",
        ),
        (
            "/dev/null",
            "cannot read /dev/null: a device, not a file of records (a file, a FIFO, or - for standard input)",
        ),
        ("", "give a file to read, or - for standard input"),
        ("loop", "cannot read {tmp}/loop: a symbolic link loop"),
        ("dir", "cannot read {tmp}/dir: Is a directory"),
    ],
)
def test_an_input_that_is_not_a_file_of_records_is_refused_at_once(tmp_path, source, says):
    if source == "loop":
        loop(tmp_path, "loop")
    if source == "dir":
        (tmp_path / "dir").mkdir()
    name = str(tmp_path / source) if source in ("loop", "dir") else source
    if name.startswith("/dev/") and not Path(name).exists():
        pytest.skip(f"needs {name}")
    proc = subprocess.run([*CLI, "batch", name, "-j", "1"], capture_output=True, text=True, timeout=60)
    assert proc.returncode == 2
    assert proc.stderr.strip() == "Error: " + says.format(tmp=tmp_path)
    assert not proc.stdout


def test_a_nul_in_the_input_name_is_a_batch_error():
    with pytest.raises(batch.BatchError, match="a file name with a NUL character"):
        batch.run("in\x00.txt", None)


def test_an_endless_line_on_standard_input_ends_the_input(tmp_path):
    """`batch - < /dev/zero` read forever without a word: now the line is an oversized record and
    the input is said to end there (exit 1), in well under a second of reading."""
    zeros = tmp_path / "zeros"
    with open(zeros, "wb") as f:
        f.write(f"{HAND}\n".encode())
        f.truncate(80 * 1024 * 1024)  # a sparse file: 80 MiB of NUL bytes after the first line
    with open(zeros, "rb") as stdin:
        proc = subprocess.run([*CLI, "batch", "-", "-j", "1"], stdin=stdin, capture_output=True, text=True, timeout=120)
    assert proc.returncode == 1
    outs = [json.loads(line) for line in proc.stdout.splitlines()]
    assert [(o["line"], o["ok"]) for o in outs] == [(1, True), (2, False)]
    assert outs[1]["error"]["code"] == "oversized"
    assert proc.stderr.strip().splitlines()[-1] == (
        "Error: standard input has no line break in the first 67,108,864 bytes of line 2:"
        " not lines of records; reading stopped there"
    )


def test_a_read_error_on_standard_input_is_damage_not_a_traceback():
    class Failing(io.BytesIO):
        def readline(self, size: int = -1, /) -> bytes:
            raise OSError(5, "Input/output error")

    out = io.BytesIO()
    outcome = batch.run("-", None, stdin=Failing(), stdout=out, jobs=1)
    assert outcome.damage is not None
    assert outcome.damage.text() == (
        "standard input is damaged from line 1 on (Input/output error): the records before it were answered"
    )


def test_too_many_workers_or_too_big_a_chunk_is_a_usage_error():
    result = runner().invoke(main, ["batch", "-", "--jobs", "100000"], input="")
    assert result.exit_code == 2
    assert "100000 worker processes: more than this machine can use; at most " in result.stderr
    result = runner().invoke(main, ["batch", "-", "--chunk-size", "100001"], input="")
    assert result.exit_code == 2
    assert "1<=x<=10000" in result.stderr


def test_a_json_key_given_twice_is_the_records_error():
    out = batch.score_line('{"id": "r1", "notation": "123456789m123p5s5s", "notation": "11m"}', "jsonl", line=3)
    assert out["ok"] is False
    assert out["error"]["code"] == "bad-json"
    assert out["error"]["where"] == "notation"
    assert out["error"]["message"] == 'the key "notation" appears twice in the record: which one to read is not clear'
