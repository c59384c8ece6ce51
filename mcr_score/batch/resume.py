"""--resume: count the complete records of an existing output, cut a partial last line, and skip
as many input records, checking that the output really comes from this input and these options."""

from __future__ import annotations

import csv
import dataclasses
import json
import os
import re
from array import array
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import BinaryIO

from mcr_score import messages
from mcr_score.batch.errors import BatchError
from mcr_score.batch.output import csv_header, csv_record
from mcr_score.batch.pool import Record, Task, score_chunk
from mcr_score.batch.report import Report
from mcr_score.batch.tally import Tally
from mcr_score.files import kind_of
from mcr_score.messages import msg
from mcr_score.systems.mcr import profiles

_MAX_LINE_NUMBER = 2**63  # the records' line numbers are kept in an array of 64-bit integers
_LINE_DIGITS = len(str(_MAX_LINE_NUMBER))  # a line number of fewer digits fits


@dataclass
class Resume:
    """What an existing output already holds.

    What a resume verifies: every record kept is an output record of the right shape (a JSON
    object with `line` an int, `ok` a bool, `rules` a name, and the types the summary reads; or a
    CSV row with its line number), the records' `line` numbers are exactly those of the input's
    records in order, every record has the same rules, and the last one is scored again and must be
    the very line written. Earlier records are not scored again (that would cost the whole run):
    a total edited by hand in an earlier record is not found; a record added, removed or moved is."""

    done: int = 0  # complete output records already written
    last: str | None = None  # the last of them, as written
    tally: Tally = field(default_factory=Tally)
    rules: set[str] = field(default_factory=set)
    size: int = 0  # bytes of the complete lines kept
    lines: array[int] = field(default_factory=lambda: array("q"))  # each record's input line number


def _is_output_record(out: object) -> bool:
    """A JSON output record with the fields a resume reads, of their types."""
    if not isinstance(out, dict):
        return False

    def typed(key: str, kinds: tuple[type, ...], optional: bool = True) -> bool:
        value = out.get(key)
        if value is None:
            return optional
        return isinstance(value, kinds) and not (int in kinds and bool not in kinds and isinstance(value, bool))

    error, claim, line = out.get("error"), out.get("claim"), out.get("line")
    return (
        typed("line", (int,), optional=False)
        and 0 < int(line or 0) < _MAX_LINE_NUMBER
        and typed("ok", (bool,), optional=False)
        and typed("rules", (str,))
        and typed("winning", (bool,))
        and typed("meets_minimum", (bool,))
        and typed("total", (int,))
        and (error is None or (isinstance(error, dict) and isinstance(error.get("code"), str)))
        and (claim is None or (isinstance(claim, dict) and isinstance(claim.get("matches"), bool)))
    )


MAX_OUTPUT_LINE = 1024 * 1024
"""More bytes than any output record takes: an input line is at most `MAX_LINE` characters and
its record copies at most its id from it (6 bytes a character escaped in JSON), plus the score."""

_RECORD_START = b'{"id": '  # every JSON output record starts so (`records._scored`, `error_record`)
_CSV_ROW_START = re.compile(rb"[0-9]*(?:,.*)?", re.DOTALL)  # a CSV output row starts with its line number


def _could_start_a_record(partial: bytes, out_fmt: str, header: bool) -> bool:
    """Whether a last line without its line break could be what a kill left of an output record
    (or of the CSV header): a prefix of one, not a file of something else."""
    if header:
        return csv_header().encode().startswith(partial)
    if out_fmt == "csv":
        return _CSV_ROW_START.fullmatch(partial) is not None
    return partial.startswith(_RECORD_START) or _RECORD_START.startswith(partial)


def read_output(path: str, out_fmt: str, report: Report | None = None) -> Resume:
    """Count and tally the complete records of an existing output file (a partial last line is
    ignored; `prepare_output` truncates it), refusing a file that does not look like an output of
    `mcr-score batch` in `out_fmt`: its last line too, which must be the start of a record. Each
    record kept goes to `report`, so that a report after --resume covers the whole output."""
    state = Resume()
    with open(path, "rb") as f:
        first = True
        while raw := f.readline(MAX_OUTPUT_LINE + 1):
            if not raw.endswith(b"\n"):
                if len(raw) > MAX_OUTPUT_LINE:
                    raise BatchError(msg("error.resume.long-line", path=path, n=state.done + 1, most=MAX_OUTPUT_LINE))
                if not _could_start_a_record(raw, out_fmt, first and out_fmt == "csv"):
                    raise BatchError(msg("error.resume.partial", path=path, size=len(raw), fmt=out_fmt))
                break
            text = raw.decode("utf-8", errors="replace")
            if first and out_fmt == "csv":
                first = False
                if text != csv_header():
                    raise BatchError(msg("error.resume.csv-header", path=path))
                state.size += len(raw)
                continue
            first = False
            if out_fmt == "jsonl":
                try:
                    out = json.loads(text)
                except (ValueError, RecursionError):
                    raise BatchError(msg("error.resume.not-json", path=path, n=state.done + 1)) from None
                if not _is_output_record(out):
                    raise BatchError(msg("error.resume.not-output", path=path, n=state.done + 1))
                state.tally.add_output(out)
                state.lines.append(out["line"])
                if "rules" in out:
                    state.rules.add(out["rules"])
                if report is not None:
                    report.add(out)
            else:
                row = csv_record(next(csv.reader([text]), []))
                line = row.get("line", "")
                if not (line.isascii() and line.isdigit() and len(line) < _LINE_DIGITS and int(line) > 0):
                    raise BatchError(msg("error.resume.not-output", path=path, n=state.done + 1))
                state.tally.add_csv_row(row)
                state.lines.append(int(line))
                if row.get("rules"):
                    state.rules.add(row["rules"])
                if report is not None:
                    report.add_csv(row)
            state.last = text
            state.done += 1
            state.size += len(raw)
    return state


def prepare_output(
    path: str, out_fmt: str, resume: bool, rules: str, report: Report | None = None
) -> tuple[BinaryIO, Resume]:
    """Open OUT for writing: from scratch, or after the complete records already in it (--resume),
    which must be a regular file (a device or a FIFO would be read forever)."""
    state = Resume()
    f: BinaryIO
    if resume and os.path.exists(path):
        kind = kind_of(os.stat(path).st_mode)
        if kind is not None:
            raise BatchError(msg("error.resume.not-file", path=path, kind=kind))
        state = read_output(path, out_fmt, report)
        name = profiles.get(rules).name
        if state.rules - {name}:
            raise BatchError(msg("error.resume.rules", path=path, rules=", ".join(sorted(state.rules)), name=name))
        f = open(path, "r+b")  # noqa: SIM115 (returned open: the caller writes to it)
        f.truncate(state.size)  # drop a partial last line left by a kill
        f.seek(state.size)
    else:
        f = open(path, "wb")  # noqa: SIM115 (returned open: the caller writes to it)
    if out_fmt == "csv" and state.size == 0:
        f.write(csv_header().encode())
        f.flush()
    return f, state


def skip_records(records: Iterator[Record], state: Resume, task: Task) -> int:
    """Skip the input records already in the output; return the bytes skipped.

    The last of them is scored again (it is a pure function of the record) and must give the very
    line that ends the output: otherwise OUT is not the output of this input, rules and formats."""
    skipped = 0
    last = None
    for count in range(state.done):
        record = next(records, None)
        if record is None:
            raise BatchError(
                msg(
                    "error.resume.short-input",
                    done=messages.count("n.record", state.done, f"{state.done:,}"),
                    count=count,
                )
            )
        if record.number != state.lines[count]:
            raise BatchError(msg("error.resume.line", n=count + 1, written=state.lines[count], line=record.number))
        last = record
        skipped += record.size
    if last is not None:
        again, _ = score_chunk(dataclasses.replace(task, records=(last,)))
        if again != state.last:
            raise BatchError(msg("error.resume.mismatch", done=state.done, line=last.number))
    return skipped
