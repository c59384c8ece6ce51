"""Batch scoring: many recorded hands in, one output record per input record, in input order.

Three layers, each usable on its own:

1. Reading (`read_lines`, `open_records`): a byte stream becomes numbered records without ever
   holding more than one line; lines over `MAX_LINE` characters or not in UTF-8 become records
   that carry their problem instead of their text, and are never parsed.
2. Scoring one record (`score_line`, `score_record`, `score_notation`): a pure function of the
   record and the rule profile, returning the output object (a dict ready for `json.dumps`). It
   never raises for bad input or an internal error: every `Exception` becomes an error record, so
   one record can neither stop a run nor be lost. (`KeyboardInterrupt` is not swallowed.) This is
   the function to call from Dask, Spark or any other engine.
3. Running (`run`): chunks of records are scored in this process or in a pool of worker
   processes, with a bounded number of chunks in flight (memory stays flat whatever the input
   size) and written in order, a chunk at a time, flushed. `--resume` counts the complete lines
   of the output, truncates a partial last line, and skips that many input records.

The output object of a record is the `score --json` object with `id` and `line` in front, plus
`claim` when the record carries a claimed total or claimed fans; bad records get
`{"id", "line", "ok": false, "error": {code, message, column | where, problems?}}`.
"""

from __future__ import annotations

import csv
import dataclasses
import io
import itertools
import json
import os
import re
import signal
import sys
import threading
import time
from collections import Counter, deque
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import BinaryIO

from . import errors, profiles
from .fans.table import FANS
from .hand import check_hand
from .records import HAND_FIELDS, BadFieldError, RecordError, UnknownFieldError, hand_from_record, json_type
from .scoring import Score
from .scoring import score as score_hand

MAX_LINE = 10_000  # characters; longer lines get an error record without being parsed
_MAX_LINE_BYTES = 4 * MAX_LINE + 2  # a line of MAX_LINE characters is at most this long in UTF-8
_OVERSIZED = f"line longer than {MAX_LINE:,} characters: not parsed"
MAX_PROBLEMS = 20  # problems listed in one error record (garbage can have thousands)
# The longest notation read. A hand is at most 18 tiles: canonically under 60 characters, some 150
# with spaces and Unicode tiles. The limit keeps garbage cheap: the parser's error recovery takes
# time quadratic in the number of problems (250 bad characters ~0.05 s, 4,000 ~2 s).
MAX_NOTATION = 200

INPUT_FORMATS = ("text", "jsonl", "csv")
OUTPUT_FORMATS = ("jsonl", "csv")
EXTENSIONS = {".txt": "text", ".hands": "text", ".mcr": "text", ".jsonl": "jsonl", ".ndjson": "jsonl",
              ".json": "jsonl", ".csv": "csv"}

DEFAULT_CHUNK = 200  # records per task: ~0.1-0.3 s of scoring, so Ctrl-C and progress stay responsive


# --- Errors of one record -------------------------------------------------------------------

class EmptyRecordError(RecordError):
    code = "empty-record"


class OversizedRecordError(RecordError):
    code = "oversized"


class EncodingError(RecordError):
    code = "encoding"


class BadJsonError(RecordError):
    code = "bad-json"


class BadCsvError(RecordError):
    code = "bad-csv"


class InternalError(RecordError):
    """A bug: an unexpected exception while scoring this record (please report it with the record)."""

    code = "internal-error"


_LINE_ERRORS: dict[str, type[RecordError]] = {c.code: c for c in (OversizedRecordError, EncodingError)}


class BatchError(Exception):
    """A problem with the run itself (not one record): a bad CSV header, an output that does not
    belong to the input on --resume. The CLI reports it as a usage error (exit 2)."""


# --- Claims ---------------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class Claim:
    """What was recorded at the table: a total and/or the fans (ids, a repeated id counts twice)."""

    total: int | None = None
    fans: tuple[int, ...] | None = None

    def check(self, result: Score) -> dict:
        out: dict = {"matches": True, "claimed_total": self.total,
                     "claimed_fans": list(self.fans) if self.fans is not None else None,
                     "missing": None, "extra": None}
        if self.total is not None and self.total != result.total:
            out["matches"] = False
        if self.fans is not None:
            ours = Counter(result.fan_counts()) if result.winning else Counter()
            claimed = Counter(self.fans)
            out["missing"] = sorted((ours - claimed).elements())
            out["extra"] = sorted((claimed - ours).elements())
            if out["missing"] or out["extra"]:
                out["matches"] = False
        return out


_FAN_ITEM = re.compile(r"(\d+)(?:\s*[x*×]\s*(\d+))?$")


def _claimed_total(value, where: str) -> int:
    if isinstance(value, str) and value.strip().isdigit():
        value = int(value.strip())
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise BadFieldError(f"claimed_total must be a whole number of points, not {value!r}", where=where)
    return value


def _fan_id(value, where: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value not in FANS:
        raise BadFieldError(f"{value!r} is not a fan id (1-{max(FANS)})", where=where)
    return value


def _claimed_fans(value, where: str) -> tuple[int, ...]:
    """A JSON list of ids, or text: ids separated by spaces, commas or semicolons, `69x2` for two."""
    if isinstance(value, list):
        return tuple(_fan_id(v, f"{where}[{i}]") for i, v in enumerate(value))
    if not isinstance(value, str):
        raise BadFieldError(f"claimed_fans must be a list of fan ids, not {json_type(value)}", where=where)
    out: list[int] = []
    for i, item in enumerate(t for t in re.split(r"[\s,;]+", value.strip()) if t):
        m = _FAN_ITEM.match(item)
        if not m:
            raise BadFieldError(f"{item!r} in claimed_fans: expected a fan id, or id x count as in 69x2",
                                where=f"{where}[{i}]")
        out.extend([_fan_id(int(m[1]), f"{where}[{i}]")] * int(m[2] or 1))
    return tuple(out)


def _claim_from_text(total: str | None, fans: str | None) -> Claim | None:
    total = (total or "").strip()
    fans = (fans or "").strip()
    if not total and not fans:
        return None
    return Claim(_claimed_total(total, "claimed_total") if total else None,
                 _claimed_fans(fans, "claimed_fans") if fans else None)


# --- One record -----------------------------------------------------------------------------

def score_notation(notation: str, *, id=None, line: int | None = None, rules: str = profiles.DEFAULT,
                   claim: Claim | None = None) -> dict:
    """The output object for a hand in notation (errors carry the column in `notation`)."""
    return _guarded(id, line, lambda: _scored(id, line, _score_text(notation, rules), claim))


def score_record(record, *, line: int | None = None, rules: str = profiles.DEFAULT) -> dict:
    """The output object for one JSON record already decoded (a dict in the documented form)."""
    rid = record.get("id") if isinstance(record, dict) else None
    rid = rid if isinstance(rid, (str, int)) and not isinstance(rid, bool) else None
    return _guarded(rid, line, lambda: _score_object(record, line, rules))


def score_line(text: str, fmt: str = "jsonl", *, line: int | None = None, rules: str = profiles.DEFAULT,
               columns: tuple[str, ...] | None = None) -> dict | None:
    """The output object for one line of input in `fmt` (text, jsonl or csv; `columns` is the CSV
    header). None for a line that holds no record: a blank or `#` comment line of the text form."""
    if fmt == "text" and _skipped_text_line(text):
        return None
    if fmt == "csv" and columns is None:
        raise ValueError("a CSV line needs the header's columns")
    if fmt not in INPUT_FORMATS:
        raise ValueError(f"unknown input format {fmt!r}; known: {', '.join(INPUT_FORMATS)}")
    if len(text) > MAX_LINE:
        return _score_raw(line, None, ("oversized", _OVERSIZED), fmt, rules, columns)
    return _score_raw(line, text, None, fmt, rules, columns)


def _skipped_text_line(text: str) -> bool:
    stripped = text.strip()
    return not stripped or stripped.startswith("#")


def _score_raw(line: int | None, text: str | None, problem: tuple[str, str] | None, fmt: str, rules: str,
               columns: tuple[str, ...] | None) -> dict:
    """One record as read: `problem` (code, message) when the reader already refused the line."""
    if problem is not None:
        return _error(None, line, _LINE_ERRORS.get(problem[0], RecordError)(problem[1]))
    if fmt == "jsonl":
        return _guarded(None, line, lambda: _score_json_text(text, line, rules))
    if fmt == "csv":
        return _score_csv_line(text, line, rules, columns)
    return _score_text_line(text, line, rules)


def _guarded(rid, line: int | None, build: Callable[[], dict]) -> dict:
    return _guarded_id(lambda: rid, line, build)


def _guarded_id(rid_of: Callable[[], object], line: int | None, build: Callable[[], dict]) -> dict:
    """Run `build`; any exception but KeyboardInterrupt/SystemExit becomes this record's error
    (with the id `rid_of()` found before the error)."""
    try:
        return build()
    except errors.McrError as e:
        return _error(rid_of(), line, e)
    except Exception as e:  # a bug: keep the run going, keep the record, say where it happened
        return _error(rid_of(), line, _internal(e))


def _internal(e: Exception) -> InternalError:
    tb = e.__traceback__
    while tb is not None and tb.tb_next is not None:
        tb = tb.tb_next
    at = f" at {os.path.basename(tb.tb_frame.f_code.co_filename)}:{tb.tb_lineno}" if tb is not None else ""
    return InternalError(f"{type(e).__name__}: {e}{at}")


def _error(rid, line: int | None, e: errors.McrError) -> dict:
    error = e.to_dict()
    problems = error.get("problems")
    if problems is not None and len(problems) > MAX_PROBLEMS:
        error["problems"] = problems[:MAX_PROBLEMS]
        error["more_problems"] = len(problems) - MAX_PROBLEMS
    return {"id": rid, "line": line, "ok": False, "error": error}


def _scored(rid, line: int | None, result: Score, claim: Claim | None) -> dict:
    out = {"id": rid, "line": line}
    out.update(result.to_dict())
    if claim is not None:
        out["claim"] = claim.check(result)
    return out


def _score_text(notation: str, rules: str) -> Score:
    """Score notation; its errors name the field `notation` (their columns count in it)."""
    if not isinstance(notation, str):
        raise BadFieldError(f"notation must be text, not {type(notation).__name__}", where="notation")
    if not notation.strip():
        raise EmptyRecordError("no hand: the notation is empty", where="notation")
    if len(notation) > MAX_NOTATION:
        raise OversizedRecordError(f"notation of {len(notation):,} characters: no hand is written with more "
                                   f"than {MAX_NOTATION}; not parsed", where="notation")
    try:
        return score_hand(notation, rules)
    except errors.McrError as e:
        for p in e.problems:
            if p.where is None:
                p.where = "notation"
        raise


def _score_text_line(text: str, line: int | None, rules: str) -> dict:
    """`hand` or `id<TAB>hand[<TAB>claimed_total[<TAB>claimed_fans]]`."""
    rid = None

    def build() -> dict:
        nonlocal rid
        fields = text.split("\t")
        if len(fields) == 1:
            return _scored(None, line, _score_text(text.strip(), rules), None)
        if len(fields) > 4:
            raise RecordError(f"{len(fields)} tab-separated fields; expected id, hand, and optionally "
                              "claimed_total and claimed_fans", where="line")
        rid = fields[0].strip() or None
        claim = _claim_from_text(*(fields[2:] + [None, None])[:2])
        return _scored(rid, line, _score_text(fields[1].strip(), rules), claim)

    return _guarded_id(lambda: rid, line, build)


def _score_csv_line(text: str, line: int | None, rules: str, columns: tuple[str, ...]) -> dict:
    rid = None

    def build() -> dict:
        nonlocal rid
        if not text.strip():
            raise EmptyRecordError("empty line: no record")
        try:
            rows = list(csv.reader([text], strict=True))
        except csv.Error as e:
            raise BadCsvError(f"not a CSV row: {e}", where="line") from None
        row = rows[0] if rows else []
        if len(row) > len(columns):
            raise BadCsvError(f"{len(row)} fields, but the header has {len(columns)}", where="line")
        values = dict(zip(columns, row))
        rid = values.get("id", "").strip() or None
        claim = _claim_from_text(values.get("claimed_total"), values.get("claimed_fans"))
        return _scored(rid, line, _score_text(values.get("notation", "").strip(), rules), claim)

    return _guarded_id(lambda: rid, line, build)


def csv_columns(header: str) -> tuple[str, ...]:
    """The columns of a CSV header; `notation` is required, `id`, `claimed_total` and
    `claimed_fans` are read, other columns are ignored."""
    try:
        rows = list(csv.reader([header], strict=True))
    except csv.Error as e:
        raise BatchError(f"the CSV header is not a CSV row: {e}") from None
    columns = tuple(c.strip().lower() for c in (rows[0] if rows else []))
    if "notation" not in columns:
        raise BatchError(f"the CSV header {header.strip()!r} has no 'notation' column "
                         "(expected id,notation[,claimed_total][,claimed_fans])")
    return columns


# JSON records ----------------------------------------------------------------------------------

_COMMON_FIELDS = ("id", "claimed_total", "claimed_fans")
def _score_json_text(text: str, line: int | None, rules: str) -> dict:
    if not text.strip():
        raise EmptyRecordError("empty line: no record")
    try:
        record = json.loads(text)
    except RecursionError:
        raise BadJsonError("not valid JSON: nested too deeply") from None
    except ValueError as e:
        raise BadJsonError(f"not valid JSON: {e}") from None
    return score_record(record, line=line, rules=rules)


def _score_object(record, line: int | None, rules: str) -> dict:
    if not isinstance(record, dict):
        raise BadJsonError(f"a record is a JSON object, not {json_type(record)}")
    problems: list[errors.McrError] = []
    rid = record.get("id")
    if rid is not None and (isinstance(rid, bool) or not isinstance(rid, (str, int))):
        problems.append(BadFieldError(f"id must be a string or an integer, not {json_type(rid)}", where="id"))
        rid = None
    unknown = [k for k in record if k not in HAND_FIELDS and k not in _COMMON_FIELDS and k != "notation"]
    for k in unknown:
        problems.append(UnknownFieldError(
            f"unknown field {k!r}: a record has id, notation or melds/hand/win and the situation fields "
            f"({', '.join(HAND_FIELDS[3:])}), claimed_total, claimed_fans", where=k))
    claim = None
    try:
        total = record.get("claimed_total")
        fans = record.get("claimed_fans")
        if total is not None or fans is not None:
            claim = Claim(_claimed_total(total, "claimed_total") if total is not None else None,
                          _claimed_fans(fans, "claimed_fans") if fans is not None else None)
    except errors.McrError as e:
        problems.append(e)
    if "notation" in record:
        mixed = [k for k in HAND_FIELDS if k in record]
        if mixed:
            problems.append(BadFieldError(f"notation together with {', '.join(mixed)}: give the hand one way",
                                          where=mixed[0]))
        if problems:
            errors.raise_all(problems)
        return _scored(rid, line, _score_text(record["notation"], rules), claim)
    hand, hand_problems, locate = hand_from_record(record)
    problems.extend(hand_problems)
    errors.raise_all(problems)
    try:
        result = score_hand(hand, rules)
    except errors.McrError:
        # score() checked the hand with field names of its own; name the record's fields instead.
        located = check_hand(hand, locate)
        if located:
            errors.raise_all(located)
        raise
    return _scored(rid, line, result, claim)


# --- Output ---------------------------------------------------------------------------------

CSV_COLUMNS = ("line", "id", "rules", "ok", "winning", "meets_minimum", "total", "points", "flower_points", "form",
               "fans", "reason", "claim_matches", "claimed_total", "missing", "extra",
               "error_code", "error_message", "error_where", "error_column")


def to_jsonl(out: dict) -> str:
    return json.dumps(out, ensure_ascii=False) + "\n"


def _fan_list(ids) -> str:
    return " ".join(f"{f}x{n}" if n > 1 else str(f) for f, n in sorted(Counter(ids).items()))


def _csv_value(v) -> str:
    if v is None:
        return ""
    if isinstance(v, bool):
        return "true" if v else "false"
    return str(v).replace("\r", " ").replace("\n", " ")  # one record, one physical line


def csv_row(out: dict) -> list[str]:
    error = out.get("error") or {}
    claim = out.get("claim") or {}
    fans = " ".join(f"{f['id']}x{f['count']}" if f["count"] > 1 else str(f["id"]) for f in out.get("fans", ()))
    row = [out.get("line"), out.get("id"), out.get("rules"), out.get("ok"), out.get("winning"),
           out.get("meets_minimum"), out.get("total"), out.get("points"), out.get("flower_points"), out.get("form"), fans or None,
           out.get("reason") or None, claim.get("matches"), claim.get("claimed_total"),
           _fan_list(claim["missing"]) if claim.get("missing") is not None else None,
           _fan_list(claim["extra"]) if claim.get("extra") is not None else None,
           error.get("code"), error.get("message"), error.get("where"), error.get("column")]
    return [_csv_value(v) for v in row]


def csv_header() -> str:
    return ",".join(CSV_COLUMNS) + "\n"


def serialize(outs: list[dict], fmt: str) -> str:
    if fmt == "jsonl":
        return "".join(to_jsonl(o) for o in outs)
    buf = io.StringIO()
    writer = csv.writer(buf, lineterminator="\n")
    writer.writerows(csv_row(o) for o in outs)
    return buf.getvalue()


# --- Tally (the summary) ----------------------------------------------------------------------

@dataclass
class Tally:
    """Counts over output records; merged across chunks, rebuilt from the output on --resume."""

    records: int = 0
    winning: int = 0
    valid: int = 0  # winning and at least 8 points
    below_minimum: int = 0
    not_winning: int = 0
    errors: int = 0
    claims: int = 0
    claim_mismatches: int = 0
    error_codes: Counter = field(default_factory=Counter)
    totals: Counter = field(default_factory=Counter)  # total (flowers included) of winning hands

    def add(self, ok: bool, winning: bool, meets_minimum: bool, total: int, code: str | None,
            claim_matches: bool | None) -> None:
        self.records += 1
        if not ok:
            self.errors += 1
            self.error_codes[code] += 1
        elif not winning:
            self.not_winning += 1
        else:
            self.winning += 1
            self.totals[total] += 1
            if meets_minimum:
                self.valid += 1
            else:
                self.below_minimum += 1
        if claim_matches is not None:
            self.claims += 1
            self.claim_mismatches += not claim_matches

    def add_output(self, out: dict) -> None:
        claim = out.get("claim")
        self.add(bool(out.get("ok")), bool(out.get("winning")), bool(out.get("meets_minimum")),
                 out.get("total") or 0, (out.get("error") or {}).get("code"),
                 None if claim is None else bool(claim.get("matches")))

    def add_csv_row(self, row: dict) -> None:
        total = row.get("total") or "0"
        claim = row.get("claim_matches") or ""
        self.add(row.get("ok") == "true", row.get("winning") == "true", row.get("meets_minimum") == "true",
                 int(total) if total.isdigit() else 0, row.get("error_code") or None,
                 None if not claim else claim == "true")

    def merge(self, other: Tally) -> None:
        for name in ("records", "winning", "valid", "below_minimum", "not_winning", "errors", "claims",
                     "claim_mismatches"):
            setattr(self, name, getattr(self, name) + getattr(other, name))
        self.error_codes.update(other.error_codes)
        self.totals.update(other.totals)

    @property
    def all_good(self) -> bool:
        """Every record a winning hand of at least 8 points whose claims (if any) match."""
        return not (self.errors or self.not_winning or self.below_minimum or self.claim_mismatches)


# --- Reading ------------------------------------------------------------------------------------

RawLine = tuple  # (line number, text or None, (code, message) or None, bytes consumed)


def read_lines(stream: BinaryIO) -> Iterator[RawLine]:
    """Every physical line of a binary stream, numbered from 1, without holding more than one line
    of at most `_MAX_LINE_BYTES` bytes: longer lines are skipped through and reported."""
    number = 0
    while True:
        raw = stream.readline(_MAX_LINE_BYTES)
        if not raw:
            return
        number += 1
        consumed = len(raw)
        if not raw.endswith(b"\n") and len(raw) >= _MAX_LINE_BYTES:
            while True:  # the rest of an oversized line, never kept
                more = stream.readline(_MAX_LINE_BYTES)
                consumed += len(more)
                if not more or more.endswith(b"\n"):
                    break
            yield (number, None, ("oversized", _OVERSIZED), consumed)
            continue
        raw = raw.rstrip(b"\n").rstrip(b"\r")
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError as e:
            yield (number, None, ("encoding", f"not UTF-8: byte 0x{raw[e.start]:02x} at byte {e.start + 1}"),
                   consumed)
            continue
        if number == 1 and text.startswith("\ufeff"):
            text = text[1:]
        if len(text) > MAX_LINE:
            yield (number, None, ("oversized", _OVERSIZED), consumed)
            continue
        yield (number, text, None, consumed)


def open_records(stream: BinaryIO, fmt: str) -> tuple[tuple[str, ...] | None, Iterator[RawLine]]:
    """(CSV columns or None, the records of the stream): text skips blank and `#` lines; CSV reads
    its header first (blank lines before it skipped)."""
    lines = read_lines(stream)
    columns = None
    if fmt == "csv":
        for number, text, problem, _ in lines:
            if problem is not None:
                raise BatchError(f"line {number}, where the CSV header should be: {problem[1]}")
            if text.strip():
                columns = csv_columns(text)
                break
        else:
            raise BatchError("the CSV input is empty: it needs a header (id,notation[,claimed_total])")
    if fmt == "text":
        return columns, (r for r in lines if r[1] is None or not _skipped_text_line(r[1]))
    return columns, lines


def input_format(path: str, given: str | None) -> str:
    if given:
        return given
    name = path[:-3] if path.endswith(".gz") else path
    return EXTENSIONS.get(os.path.splitext(name)[1].lower(), "text")


# --- Scoring chunks (in this process or in workers) ----------------------------------------------

@dataclass(frozen=True)
class Task:
    fmt: str
    rules: str
    columns: tuple[str, ...] | None
    out_fmt: str
    records: list  # [(line, text, problem)]


def _score_one(record: tuple, task: Task) -> dict:
    line, text, problem = record
    return _score_raw(line, text, problem, task.fmt, task.rules, task.columns)


def score_chunk(task: Task) -> tuple[str, Tally]:
    """Score a chunk of records: the output text of the chunk (whole lines) and its tally."""
    tally = Tally()
    outs = []
    for record in task.records:
        out = _score_one(record, task)
        try:
            text = serialize([out], task.out_fmt)
        except Exception as e:  # an unserializable value would be a bug; the record must not be lost
            out = _error(out.get("id") if isinstance(out.get("id"), (str, int)) else None, record[0], _internal(e))
            text = serialize([out], task.out_fmt)
        tally.add_output(out)
        outs.append(text)
    return "".join(outs), tally


def _init_worker(parent: int) -> None:
    """Workers leave Ctrl-C to the parent (which stops feeding them and drains in order), and exit
    when the parent dies (SIGKILL), instead of waiting for tasks forever."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)  # not the parent's handler, inherited by fork

    def watch() -> None:
        while True:
            time.sleep(0.5)
            if os.getppid() != parent:
                os._exit(1)

    threading.Thread(target=watch, daemon=True).start()


# --- Resume -------------------------------------------------------------------------------------

@dataclass
class Resume:
    done: int = 0  # complete output records already written
    last: str | None = None  # the last of them, as written
    tally: Tally = field(default_factory=Tally)
    rules: set = field(default_factory=set)
    size: int = 0  # bytes of the complete lines kept


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
                    raise BatchError(f"{path} does not start with the CSV header of `--format csv`; "
                                     "resume with the output format it was written in")
                state.size += len(raw)
                continue
            first = False
            if out_fmt == "jsonl":
                try:
                    out = json.loads(text)
                except ValueError:
                    raise BatchError(f"{path}: record {state.done + 1} is not a JSON line; "
                                     "is it the output of `mcr-score batch` (--format jsonl)?") from None
                if not isinstance(out, dict) or "line" not in out:
                    raise BatchError(f"{path}: record {state.done + 1} is not an output record of mcr-score batch")
                state.tally.add_output(out)
                if "rules" in out:
                    state.rules.add(out["rules"])
            else:
                row = dict(zip(CSV_COLUMNS, next(csv.reader([text]))))
                state.tally.add_csv_row(row)
                if row.get("rules"):
                    state.rules.add(row["rules"])
            state.last = text
            state.done += 1
            state.size += len(raw)
    return state


def prepare_output(path: str, out_fmt: str, resume: bool, rules: str) -> tuple[BinaryIO, Resume]:
    """Open OUT for writing: from scratch, or after the complete records already in it (--resume)."""
    state = Resume()
    if resume and os.path.exists(path):
        state = read_output(path, out_fmt)
        name = profiles.get(rules).name
        if state.rules - {name}:
            raise BatchError(f"{path} was scored with --rules {', '.join(sorted(state.rules))}, "
                             f"not {name}; resume with the same rules")
        f = open(path, "r+b")
        f.truncate(state.size)  # drop a partial last line left by a kill
        f.seek(state.size)
    else:
        f = open(path, "wb")
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
            raise BatchError(f"the output already holds {state.done:,} records but the input has only "
                             f"{count:,}: it is not the output of this input")
        last = record
        skipped += record[3]
    if last is not None:
        again, _ = score_chunk(dataclasses.replace(task, records=[last[:3]]))
        if again != state.last:
            raise BatchError(f"the output's record {state.done:,} is not what input line {last[0]:,} gives: "
                             "the output was not written from this input with these options and this version "
                             "(--input-format, --format, --rules, mcr-score)")
    return skipped


# --- Progress -----------------------------------------------------------------------------------

class Progress:
    """A one-line progress bar on a TTY: records done, rate, and time left when the size is known."""

    def __init__(self, stream, total_bytes: int | None, done_bytes: int = 0) -> None:
        self.stream = stream
        self.total = total_bytes
        self.start_bytes = done_bytes
        self.started = time.monotonic()
        self.last = 0.0
        self.shown = False

    def update(self, records: int, done_bytes: int, force: bool = False) -> None:
        now = time.monotonic()
        if not force and now - self.last < 0.2:
            return
        self.last = now
        elapsed = max(now - self.started, 1e-9)
        rate = records / elapsed
        parts = [f"{records:,} records", f"{rate:,.0f}/s"]
        bar = ""
        if self.total:
            fraction = min(done_bytes / self.total, 1.0)
            width = 24
            filled = int(fraction * width)
            bar = f"[{'#' * filled}{'.' * (width - filled)}] {fraction * 100:3.0f}% "
            speed = (done_bytes - self.start_bytes) / elapsed
            if speed > 0 and records:
                left = int((self.total - done_bytes) / speed)
                clock = f"{left // 3600}:{left // 60 % 60:02d}:{left % 60:02d}" if left >= 3600 else \
                    f"{left // 60}:{left % 60:02d}"
                parts.append(f"{clock} left")
        self.stream.write("\r" + bar + "  ".join(parts) + "\033[K")
        self.stream.flush()
        self.shown = True

    def close(self) -> None:
        if self.shown:
            self.stream.write("\r\033[K")
            self.stream.flush()


# --- Running ------------------------------------------------------------------------------------

@dataclass
class Outcome:
    tally: Tally  # every output record, the resumed part included
    scored: int  # records scored by this run
    seconds: float
    jobs: int
    rules: str
    resumed_from: int = 0
    interrupted: bool = False

    def to_dict(self) -> dict:
        t = self.tally
        return {"records": t.records, "winning": t.winning, "valid": t.valid, "below_minimum": t.below_minimum,
                "not_winning": t.not_winning, "errors": t.errors, "error_codes": dict(sorted(t.error_codes.items())),
                "claims": t.claims, "claim_mismatches": t.claim_mismatches,
                "totals": {str(k): v for k, v in sorted(t.totals.items())},
                "rules": self.rules, "jobs": self.jobs, "resumed_from": self.resumed_from,
                "scored": self.scored, "seconds": round(self.seconds, 3),
                "hands_per_second": round(self.scored / self.seconds, 1) if self.seconds > 0 else None,
                "interrupted": self.interrupted}


_BUCKETS = ((0, 7), (8, 11), (12, 15), (16, 23), (24, 31), (32, 47), (48, 63), (64, 87), (88, None))


def summary_text(outcome: Outcome) -> str:
    d = outcome.to_dict()
    t = outcome.tally
    rate = f"{d['hands_per_second']:,.0f} hands/s" if d["hands_per_second"] is not None else "-"
    head = (f"mcr-score batch: {t.records:,} records"
            + (f" ({outcome.resumed_from:,} from the earlier run)" if outcome.resumed_from else "")
            + f", {outcome.scored:,} scored in {outcome.seconds:.1f} s ({rate}, {outcome.jobs} "
            f"process{'es' * (outcome.jobs != 1)}, rules {outcome.rules})")
    if outcome.interrupted:
        head += "\ninterrupted: the output holds every record up to here; run again with --resume to continue"
    codes = ", ".join(f"{c} {n:,}" for c, n in t.error_codes.most_common())
    rows = [("winning hands", t.winning, ""), ("  8 points or more", t.valid, ""),
            ("  below 8 points", t.below_minimum, ""), ("not winning", t.not_winning, ""),
            ("errors", t.errors, f"  ({codes})" if codes else ""),
            ("claims checked", t.claims, ""), ("claim mismatches", t.claim_mismatches, "")]
    lines = [head] + [f"  {label:<20}{n:>12,}{extra}" for label, n, extra in rows]
    buckets = []
    for lo, hi in _BUCKETS:
        n = sum(c for total, c in t.totals.items() if total >= lo and (hi is None or total <= hi))
        if n:
            buckets.append(f"{lo}+: {n:,}" if hi is None else f"{lo}-{hi}: {n:,}")
    if buckets:
        lines.append("  totals              " + "  ".join(buckets))
    return "\n".join(lines)


class _Interrupts:
    """SIGINT/SIGTERM while running: the first asks the run to stop after the chunks in flight (the
    output stays whole lines); a second one during a write waits for the write, otherwise aborts."""

    def __init__(self) -> None:
        self.requested = False
        self.writing = False
        self.abort_after_write = False
        self.saved: dict = {}

    def __enter__(self) -> _Interrupts:
        if threading.current_thread() is threading.main_thread():
            for sig in (signal.SIGINT, signal.SIGTERM):
                self.saved[sig] = signal.signal(sig, self.handle)
        return self

    def __exit__(self, *exc) -> None:
        for sig, handler in self.saved.items():
            signal.signal(sig, handler)

    def handle(self, signum, frame) -> None:
        if self.requested and not self.writing:
            raise KeyboardInterrupt
        if self.requested:
            self.abort_after_write = True
        self.requested = True


def default_jobs() -> int:
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


def _chunks(records: Iterator[RawLine], size: int) -> Iterator[tuple[list, int]]:
    """Lists of (line, text, problem) and the bytes they span."""
    chunk: list = []
    consumed = 0
    for line, text, problem, n in records:
        chunk.append((line, text, problem))
        consumed += n
        if len(chunk) >= size:
            yield chunk, consumed
            chunk, consumed = [], 0
    if chunk:
        yield chunk, consumed


def process(records: Iterator[RawLine], write: Callable[[str], None], *, fmt: str, rules: str,
            columns: tuple[str, ...] | None = None, out_fmt: str = "jsonl", jobs: int = 1,
            chunk_size: int = DEFAULT_CHUNK, on_chunk: Callable[[int, int], None] | None = None,
            stop: Callable[[], bool] = lambda: False, in_flight: int | None = None) -> tuple[Tally, bool]:
    """Score `records` and `write` the output text chunk by chunk, in order.

    With jobs > 1, chunks go to a pool of worker processes, at most `in_flight` of them (default
    2 per job + 1) read ahead of the writer, so memory is bounded by the chunk size, not the input.
    `stop()` is asked between chunks; when it says so, nothing more is read and the chunks already
    sent are written, in order. Returns the tally and whether the input was read to the end.
    """
    tally = Tally()
    chunks = _chunks(records, chunk_size)

    def emit(text: str, part: Tally, consumed: int) -> None:
        write(text)
        tally.merge(part)
        if on_chunk is not None:
            on_chunk(part.records, consumed)

    def task(chunk: list) -> Task:
        return Task(fmt, rules, columns, out_fmt, chunk)

    finished = False
    if jobs > 1:  # a single chunk is not worth starting workers for
        head = list(itertools.islice(chunks, 2))
        if len(head) < 2:
            jobs = 1
        chunks = itertools.chain(head, chunks)
    if jobs <= 1:
        for chunk, consumed in chunks:
            text, part = score_chunk(task(chunk))
            emit(text, part, consumed)
            if stop():
                break
        else:
            finished = True
        return tally, finished

    from concurrent.futures import ProcessPoolExecutor
    from concurrent.futures.process import BrokenProcessPool

    limit = in_flight or 2 * jobs + 1

    def new_pool() -> ProcessPoolExecutor:
        return ProcessPoolExecutor(max_workers=jobs, initializer=_init_worker, initargs=(os.getpid(),))

    pool = new_pool()

    def submit(t: Task):
        try:
            return pool.submit(score_chunk, t)
        except BrokenProcessPool:
            return None  # handled when its turn to be written comes

    pending: deque = deque()  # (future or None, task, consumed), in input order
    try:
        exhausted = False
        while True:
            while not exhausted and len(pending) < limit and not stop():
                item = next(chunks, None)
                if item is None:
                    exhausted = True
                    break
                t = task(item[0])
                pending.append((submit(t), t, item[1]))
            if not pending:
                finished = exhausted
                break
            future, t, consumed = pending.popleft()
            try:
                if future is None:
                    raise BrokenProcessPool("a worker died before this chunk was sent")
                text, part = future.result()
            except BrokenProcessPool:
                if stop():  # the workers were killed with us (kill -TERM to the group): stop here
                    break
                # A worker died (killed, out of memory): score this chunk record by record in fresh
                # pools, so that only a record that kills its worker is lost, as an error record.
                pool.shutdown(wait=True, cancel_futures=True)
                text, part = _isolated(t, new_pool)
                pool = new_pool()
                pending = deque((submit(pt), pt, pc) for _, pt, pc in pending)
            emit(text, part, consumed)
    finally:
        pool.shutdown(wait=True, cancel_futures=True)
    return tally, finished


def _isolated(task: Task, new_pool: Callable) -> tuple[str, Tally]:
    from concurrent.futures.process import BrokenProcessPool

    texts, tally = [], Tally()
    pool = new_pool()
    try:
        for record in task.records:
            single = Task(task.fmt, task.rules, task.columns, task.out_fmt, [record])
            try:
                text, part = pool.submit(score_chunk, single).result()
            except BrokenProcessPool:
                pool.shutdown(wait=True, cancel_futures=True)
                pool = new_pool()
                out = _error(None, record[0], InternalError("the worker process died while scoring this record"))
                text = serialize([out], task.out_fmt)
                part = Tally()
                part.add_output(out)
            texts.append(text)
            tally.merge(part)
    finally:
        pool.shutdown(wait=True, cancel_futures=True)
    return "".join(texts), tally


def _warm_up(rules: str) -> None:
    """Build the grammar and the engine's tables once, before workers fork and inherit them."""
    score_notation("123456789m123p5s5s|EE0000", rules=rules)


def run(source: str, output: str | None, *, input_fmt: str | None = None, out_fmt: str = "jsonl",
        rules: str = profiles.DEFAULT, jobs: int | None = None, resume: bool = False,
        chunk_size: int = DEFAULT_CHUNK, progress: bool | None = None, stdin: BinaryIO | None = None,
        stdout: BinaryIO | None = None, stderr=None) -> Outcome:
    """The whole `mcr-score batch` run: open, (resume,) score, write; the summary is returned."""
    stderr = stderr if stderr is not None else sys.stderr
    fmt = input_format(source, input_fmt)
    jobs = jobs or default_jobs()
    if resume and output is None:
        raise BatchError("--resume needs -o OUT: the output to continue")
    if output is not None and source != "-" and os.path.exists(output) and os.path.exists(source) \
            and os.path.samefile(source, output):
        raise BatchError("the output file is the input file")
    if source == "-":
        in_stream = stdin if stdin is not None else sys.stdin.buffer
        total_bytes = None
    else:
        try:
            raw = open(source, "rb")
        except OSError as e:
            raise BatchError(f"cannot read {source}: {e.strerror}") from None
        if source.endswith(".gz"):
            import gzip
            in_stream, total_bytes = gzip.GzipFile(fileobj=raw), None
        else:
            in_stream, total_bytes = raw, os.fstat(raw.fileno()).st_size
    state = Resume()
    out_file = None
    try:
        columns, records = open_records(in_stream, fmt)
        if output is not None:
            out_file, state = prepare_output(output, out_fmt, resume, rules)
        else:
            out_file = stdout if stdout is not None else sys.stdout.buffer
            if out_fmt == "csv":
                out_file.write(csv_header().encode())
        skipped = skip_records(records, state, Task(fmt, rules, columns, out_fmt, [])) if state.done else 0
        show = stderr.isatty() if progress is None else progress
        bar = Progress(stderr, total_bytes, skipped) if show else None
        done = {"records": 0, "bytes": skipped}
        started = time.monotonic()
        _warm_up(rules)

        with _Interrupts() as interrupts:
            def write(text: str) -> None:
                interrupts.writing = True
                try:
                    out_file.write(text.encode("utf-8"))
                    out_file.flush()
                finally:
                    interrupts.writing = False
                if interrupts.abort_after_write:
                    raise KeyboardInterrupt

            def on_chunk(n: int, consumed: int) -> None:
                done["records"] += n
                done["bytes"] += consumed
                if bar is not None:
                    bar.update(done["records"], done["bytes"])

            try:
                tally, finished = process(records, write, fmt=fmt, rules=rules, columns=columns,
                                          out_fmt=out_fmt, jobs=jobs, chunk_size=chunk_size,
                                          on_chunk=on_chunk, stop=lambda: interrupts.requested)
            finally:
                if bar is not None:
                    bar.close()
        seconds = time.monotonic() - started
        state.tally.merge(tally)
        return Outcome(state.tally, tally.records, seconds, jobs, profiles.get(rules).name, state.done,
                       interrupted=not finished)
    finally:
        if out_file is not None and output is not None:
            out_file.close()
        if source != "-":
            in_stream.close()
            raw.close()  # the file under a GzipFile stays open when it closes
