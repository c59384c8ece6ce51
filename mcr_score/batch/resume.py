"""--resume: count the complete records of an existing output, cut a partial last line, and skip
as many input records, checking that the output really comes from this input and these options."""

from __future__ import annotations

import csv
import dataclasses
import json
import os
from array import array
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import BinaryIO

from .. import profiles
from ..messages import msg
from .errors import BatchError
from .output import CSV_COLUMNS, csv_header
from .pool import Task, score_chunk
from .reading import RawLine
from .tally import Tally


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

    error, claim = out.get("error"), out.get("claim")
    return (
        typed("line", (int,), optional=False)
        and typed("ok", (bool,), optional=False)
        and typed("rules", (str,))
        and typed("winning", (bool,))
        and typed("meets_minimum", (bool,))
        and typed("total", (int,))
        and (error is None or (isinstance(error, dict) and isinstance(error.get("code"), str)))
        and (claim is None or (isinstance(claim, dict) and isinstance(claim.get("matches"), bool)))
    )


def read_output(path: str, out_fmt: str) -> Resume:
    """Count and tally the complete records of an existing output file (a partial last line is
    ignored; `prepare_output` truncates it)."""
    state = Resume()
    with open(path, "rb") as f:
        first = True
        for raw in f:
            if not raw.endswith(b"\n"):
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
                except ValueError:
                    raise BatchError(msg("error.resume.not-json", path=path, n=state.done + 1)) from None
                if not _is_output_record(out):
                    raise BatchError(msg("error.resume.not-output", path=path, n=state.done + 1))
                state.tally.add_output(out)
                state.lines.append(out["line"])
                if "rules" in out:
                    state.rules.add(out["rules"])
            else:
                row = dict(zip(CSV_COLUMNS, next(csv.reader([text]), []), strict=False))
                line = row.get("line", "")
                if not (line.isascii() and line.isdigit()):
                    raise BatchError(msg("error.resume.not-output", path=path, n=state.done + 1))
                state.tally.add_csv_row(row)
                state.lines.append(int(line))
                if row.get("rules"):
                    state.rules.add(row["rules"])
            state.last = text
            state.done += 1
            state.size += len(raw)
    return state


def prepare_output(path: str, out_fmt: str, resume: bool, rules: str) -> tuple[BinaryIO, Resume]:
    """Open OUT for writing: from scratch, or after the complete records already in it (--resume)."""
    state = Resume()
    f: BinaryIO
    if resume and os.path.exists(path):
        state = read_output(path, out_fmt)
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


def skip_records(records: Iterator[RawLine], state: Resume, task: Task) -> int:
    """Skip the input records already in the output; return the bytes skipped.

    The last of them is scored again (it is a pure function of the record) and must give the very
    line that ends the output: otherwise OUT is not the output of this input, rules and formats."""
    skipped = 0
    last = None
    for count in range(state.done):
        record = next(records, None)
        if record is None:
            raise BatchError(msg("error.resume.short-input", done=state.done, count=count))
        if record.number != state.lines[count]:
            raise BatchError(msg("error.resume.line", n=count + 1, written=state.lines[count], line=record.number))
        last = record
        skipped += record.size
    if last is not None:
        again, _ = score_chunk(dataclasses.replace(task, records=(last,)))
        if again != state.last:
            raise BatchError(msg("error.resume.mismatch", done=state.done, line=last.number))
    return skipped
