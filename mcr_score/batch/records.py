"""Scoring one record: the output object of a record in any input form, or its error record.

A pure function of the record and the rule profile, returning a dict ready for `json.dumps`. It
never raises for bad input or an internal error: every `Exception` becomes an error record, so
one record can neither stop a run nor be lost (`KeyboardInterrupt` is not swallowed). This is
what to call from Dask, Spark or any other engine.

The output object is the `score --json` object with `id` and `line` in front, plus `claim` when
the record carries a claimed total or claimed fans; a bad record gets
`{"id", "line", "ok": false, "error": {code, message, column | where, problems?}}`.
"""

from __future__ import annotations

import csv
import json
import json.scanner
import os
import sys
from collections.abc import Callable
from typing import Final

from mcr_score import errors
from mcr_score.batch.errors import (
    LINE_ERRORS,
    BadCsvError,
    BadJsonError,
    EmptyRecordError,
    InternalError,
    OversizedRecordError,
)
from mcr_score.batch.output import Output, OutputRecord, Scored, as_dict
from mcr_score.batch.reading import BLANK, INPUT_FORMATS, MAX_LINE, OVERSIZED, GameHand, LineProblem, skipped_text_line
from mcr_score.errors import BadFieldError, RecordError, UnknownFieldError
from mcr_score.hand import check_hand
from mcr_score.messages import count, msg
from mcr_score.notation import MAX_NOTATION, parse_hand
from mcr_score.notation.record import HAND_FIELDS, json_type, read_record
from mcr_score.systems.mcr import profiles
from mcr_score.systems.mcr.claims import CLAIM_TEXT, Claim, claim_from_json, claim_from_text
from mcr_score.systems.mcr.scoring import Score, score

MAX_PROBLEMS = 20  # problems listed in one error record (garbage can have thousands)

_COMMON_FIELDS = ("id", "claimed_total", "claimed_fans")
# A record's known fields; Final, as the module's tables read for each record (compiled, any other
# module-level name is a look-up in the module's globals at each use).
_RECORD_FIELDS: Final = frozenset((*HAND_FIELDS, *_COMMON_FIELDS, "notation"))

RecordId = str | int | None

score_hand = score
"""What scores a hand: a variable of the module, which tests replace (a bug, an interruption inside
scoring). This module is compiled (issue 30: interpreted, its plumbing cost some 50k instructions a
record); compiled, a call of a function imported by name is a direct call, which no replacing reaches,
while a module's variable is read at each call."""


def score_notation(
    notation: str,
    *,
    id: RecordId = None,
    line: int | None = None,
    rules: str = profiles.DEFAULT,
    claim: Claim | None = None,
) -> OutputRecord:
    """The output object for a hand in notation (errors carry the column in `notation`)."""
    return as_dict(_guarded(id, line, lambda: _scored(id, line, _score_text(notation, rules), claim)))


def score_record(record: object, *, line: int | None = None, rules: str = profiles.DEFAULT) -> OutputRecord:
    """The output object for one JSON record already decoded (a dict in the documented form)."""
    return as_dict(_score_decoded(record, line, rules))


def _score_decoded(record: object, line: int | None, rules: str) -> Output:
    rid = record.get("id") if isinstance(record, dict) else None
    rid = rid if isinstance(rid, (str, int)) and not isinstance(rid, bool) else None
    return _guarded(rid, line, lambda: _score_object(record, line, rules))


def score_line(
    text: str,
    fmt: str = "jsonl",
    *,
    line: int | None = None,
    rules: str = profiles.DEFAULT,
    columns: tuple[str, ...] | None = None,
    delimiter: str = ",",
) -> OutputRecord | None:
    """The output object for one line of input in `fmt` (text, jsonl or csv; `columns` is the CSV
    header, `delimiter` its separator). None for a line that holds no record: a blank line, or a
    `#` comment line of the text form."""
    if not text.strip(BLANK) or (fmt == "text" and skipped_text_line(text)):
        return None
    if fmt == "csv" and columns is None:
        raise ValueError("a CSV line needs the header's columns")
    if fmt not in INPUT_FORMATS:
        raise ValueError(f"unknown input format {fmt!r}; known: {', '.join(INPUT_FORMATS)}")
    if len(text) > MAX_LINE:
        return as_dict(score_raw(line, None, LineProblem("oversized", OVERSIZED), fmt, rules, columns, delimiter))
    return as_dict(score_raw(line, text, None, fmt, rules, columns, delimiter))


def score_raw(
    line: int | None,
    text: str | None,
    problem: LineProblem | None,
    fmt: str,
    rules: str,
    columns: tuple[str, ...] | None,
    delimiter: str = ",",
) -> Output:
    """One record as read: `problem` when the reader already refused the line (then `text` is None);
    a record scored stays a `Scored` until it is written."""
    if problem is not None:
        rid = readable_id(problem.salvage, fmt, columns, delimiter) if problem.salvage is not None else None
        return error_record(rid, line, line_error(problem))
    assert text is not None, "a line the reader did not refuse has its text"
    if fmt == "jsonl":
        return _guarded(None, line, lambda: _score_json_text(text, line, rules))
    if fmt == "csv":
        return _score_csv_line(text, line, rules, columns or (), delimiter)
    return _score_text_line(text, line, rules)


def score_game_hand(record: GameHand, rules: str) -> Output:
    """A winning hand of a game record (`batch --from`) scored from the hand itself: what its JSON
    line (`record.out.jsonl()`) gives through `score_raw`, byte for byte (tests/batch/test_batch_games.py).
    A hand and a claim that score are that line's score: `score` checks a `Hand` by `check_hand`, as
    reading the notation checks the hand it reads. Anything else, however rare, is the line itself
    read and scored, so that an error record is the very one the line gives."""
    out = record.out
    # A worker has the notation; none there is a hand without its tiles, never made (`games.records`).
    try:
        hand = record.hand if record.hand is not None else parse_hand(out.notation or "")
        claim = claim_from_json(out.total, list(out.fans) if out.fans else None)
        return _scored(out.id, record.number, score_hand(hand, rules), claim)
    except Exception:  # not lost: the record is the one its line gives, error and all
        return score_raw(record.number, out.jsonl(), None, "jsonl", rules, None)


def line_error(problem: LineProblem) -> errors.McrError:
    """The error of a line the reader refused, with its code: the batch's own (`LINE_ERRORS`), or
    the code a game record's hand was refused with (a notation error of a hand an app kept)."""
    cls = LINE_ERRORS.get(problem.code)
    if cls is not None:
        return cls(problem.message, where=problem.where)
    error = RecordError(problem.message, where=problem.where)
    error.code = problem.code
    return error


def readable_id(salvage: str, fmt: str, columns: tuple[str, ...] | None, delimiter: str = ",") -> RecordId:
    """The id of a line that could not be read as a whole (bytes not in UTF-8, shown as U+FFFD),
    when the id itself is intact; None otherwise."""
    rid: object = None
    try:
        if fmt == "jsonl":
            record = json.loads(salvage)
            rid = record.get("id") if isinstance(record, dict) else None
        elif fmt == "csv":
            row = next(csv.reader([salvage], delimiter=delimiter), [])
            rid = dict(zip(columns or (), row, strict=False)).get("id", "").strip() or None
        elif "\t" in salvage:
            rid = salvage.split("\t")[0].strip() or None
    except (ValueError, csv.Error, RecursionError):
        return None
    if isinstance(rid, bool) or not isinstance(rid, (str, int)) or "\ufffd" in str(rid):
        return None
    return rid


def error_record(rid: RecordId, line: int | None, e: errors.McrError) -> OutputRecord:
    """The output object of a record that cannot be scored (at most MAX_PROBLEMS problems listed)."""
    error = e.to_dict()
    problems = error.get("problems")
    if problems is not None and len(problems) > MAX_PROBLEMS:
        error["problems"] = problems[:MAX_PROBLEMS]
        error["more_problems"] = len(problems) - MAX_PROBLEMS
    return {"id": rid, "line": line, "ok": False, "error": error}


def internal_error(e: Exception) -> InternalError:
    """An unexpected exception as a record's error, naming where it was raised."""
    tb = e.__traceback__
    while tb is not None and tb.tb_next is not None:
        tb = tb.tb_next
    if tb is None:
        return InternalError(msg("error.internal", exception=type(e).__name__, detail=str(e)))
    return InternalError(
        msg(
            "error.internal-at",
            exception=type(e).__name__,
            detail=str(e),
            file=os.path.basename(tb.tb_frame.f_code.co_filename),
            line=tb.tb_lineno,
        )
    )


def _guarded(rid: RecordId, line: int | None, build: Callable[[], Output]) -> Output:
    return _guarded_id(lambda: rid, line, build)


def _guarded_id(rid_of: Callable[[], RecordId], line: int | None, build: Callable[[], Output]) -> Output:
    """Run `build`; any exception but KeyboardInterrupt/SystemExit becomes this record's error
    (with the id `rid_of()` found before the error)."""
    try:
        return build()
    except errors.McrError as e:
        return error_record(rid_of(), line, e)
    except Exception as e:  # a bug: keep the run going, keep the record, say where it happened
        return error_record(rid_of(), line, internal_error(e))


def _scored(rid: RecordId, line: int | None, result: Score, claim: Claim | None) -> Scored:
    """A scored record: id and line first, then `score --json`, then the claim (`Scored.to_dict`)."""
    return Scored(rid, line, result, None if claim is None else claim.check(result))


def _score_text(notation: object, rules: str, win: str | None = None) -> Score:
    """Score notation (with its winning tile named by `win`, when given); its errors name the
    field `notation` (their columns count in it) or `win`."""
    if not isinstance(notation, str):
        raise BadFieldError(msg("error.record.notation-text", type=type(notation).__name__), where="notation")
    if not notation.strip(BLANK):
        raise EmptyRecordError(msg("error.record.notation-empty"), where="notation")
    if len(notation) > MAX_NOTATION:
        raise OversizedRecordError(
            msg("error.record.notation-long", n=len(notation), max=MAX_NOTATION),
            where="notation",
        )
    try:
        return score_hand(parse_hand(notation, win=win) if win else parse_hand(notation), rules)
    except errors.McrError as e:
        for p in e.problems:
            if p.where is None:
                p.where = "notation"
        raise


def _score_text_line(text: str, line: int | None, rules: str) -> Output:
    """`hand` or `id<TAB>hand[<TAB>claimed_total[<TAB>claimed_fans]]`."""
    rid: RecordId = None

    def build() -> Scored:
        nonlocal rid
        fields = text.split("\t")
        if len(fields) == 1:
            return _scored(None, line, _score_text(text, rules), None)
        if len(fields) == 2 and CLAIM_TEXT.fullmatch(fields[1].strip()):
            raise RecordError(msg("error.record.claim-after-hand", field=repr(fields[1].strip())), where="line")
        rid = fields[0].strip() or None
        if len(fields) > 4:
            raise RecordError(
                msg("error.record.tab-fields", n=len(fields)),
                where="line",
            )
        claimed = [*fields[2:], None, None]
        claim = claim_from_text(claimed[0], claimed[1])
        return _scored(rid, line, _score_text(fields[1], rules), claim)

    return _guarded_id(lambda: rid, line, build)


def _score_csv_line(text: str, line: int | None, rules: str, columns: tuple[str, ...], delimiter: str = ",") -> Output:
    """One CSV row, read with the header's `columns` (an error record keeps the id if it was read)."""
    rid: RecordId = None

    def build() -> Scored:
        nonlocal rid
        try:
            rows = list(csv.reader([text], strict=True, delimiter=delimiter))
        except csv.Error as e:
            raise BadCsvError(msg("error.record.csv-row", reason=str(e)), where="line") from None
        row = rows[0] if rows else []
        if len(row) > len(columns):
            raise BadCsvError(
                msg("error.record.csv-fields", n=count("n.field", len(row)), columns=len(columns)), where="line"
            )
        values = dict(zip(columns, row, strict=False))  # missing trailing fields: absent
        rid = values.get("id", "").strip() or None
        claim = claim_from_text(values.get("claimed_total"), values.get("claimed_fans"))
        win = values.get("win", "").strip() or None
        return _scored(rid, line, _score_text(values.get("notation", ""), rules, win), claim)

    return _guarded_id(lambda: rid, line, build)


def _score_json_text(text: str, line: int | None, rules: str) -> Output:
    """One JSON line (too deep a nesting is bad JSON, not a crash)."""
    try:
        # What `json.loads` does with the text, without a new decoder for each line; a text that starts
        # with a byte order mark goes to `json.loads`, which refuses it with a message of its own.
        bom = text.startswith("\ufeff")
        record = json.loads(text, object_pairs_hook=_no_key_twice) if bom else _decoded(text)
    except BadJsonError:
        raise
    except RecursionError:
        raise BadJsonError(msg("error.record.json-deep")) from None
    except ValueError as e:
        if _TOO_MANY_DIGITS in str(e):  # Python's own words, and its advice to programmers: not a user's
            raise BadJsonError(msg("error.record.json-digits", most=sys.get_int_max_str_digits())) from None
        raise BadJsonError(msg("error.record.json", reason=str(e))) from None
    return _score_decoded(record, line, rules)


_TOO_MANY_DIGITS = "Exceeds the limit"  # the ValueError of a number past Python's 4,300 digits


def _no_key_twice(pairs: list[tuple[str, object]]) -> dict[str, object]:
    """A JSON object whose keys are all different: of `"win"` given twice, neither is read."""
    record = dict(pairs)
    if len(record) < len(pairs):
        keys = [key for key, _ in pairs]
        twice = next(key for i, key in enumerate(keys) if key in keys[:i])
        raise BadJsonError(msg("error.record.key-twice", key=json.dumps(twice, ensure_ascii=False)), where=twice)
    return record


_JSON = json.JSONDecoder(object_pairs_hook=_no_key_twice)
# The decoder's own scanner, made as its `__init__` makes it (typeshed types the argument wrongly).
_SCAN: Final[Callable[[str, int], tuple[object, int]]] = json.scanner.make_scanner(_JSON)  # type: ignore[arg-type]


def _decoded(text: str) -> object:
    """`_JSON.decode(text)`. A record's line is its value and nothing else: then the decoder's scanner is
    called at once (`decode` and `raw_decode` are interpreted, some 9k instructions a line). Any other
    line (whitespace around the value, more after it, no value) is `decode`'s, its errors included:
    the scan from the first character then either fails as `decode`'s would, or stops short."""
    try:
        value, end = _SCAN(text, 0)
    except StopIteration:
        return _JSON.decode(text)
    return value if end == len(text) else _JSON.decode(text)


def _score_object(record: object, line: int | None, rules: str) -> Scored:
    """A decoded JSON record, with the hand as `notation` or as fields: every problem of its fields at once."""
    if not isinstance(record, dict):
        raise BadJsonError(msg("error.record.not-object", type=json_type(record)))
    problems: list[errors.McrError] = []
    rid = record.get("id")
    if rid is not None and (isinstance(rid, bool) or not isinstance(rid, (str, int))):
        problems.append(BadFieldError(msg("error.record.id", type=json_type(rid)), where="id"))
        rid = None
    unknown = [k for k in record if k not in _RECORD_FIELDS]
    for k in unknown:
        problems.append(
            UnknownFieldError(
                msg("error.record.unknown-field", key=repr(k), fields=", ".join(HAND_FIELDS[3:])),
                where=k,
            )
        )
    claim = None
    try:
        claim = claim_from_json(record.get("claimed_total"), record.get("claimed_fans"))
    except errors.McrError as e:
        problems.append(e)
    if "notation" in record:
        mixed = [k for k in HAND_FIELDS if k in record]
        if mixed:
            problems.append(BadFieldError(msg("error.record.mixed", fields=", ".join(mixed)), where=mixed[0]))
        if problems:
            errors.raise_all(problems)
        return _scored(rid, line, _score_text(record["notation"], rules), claim)
    read = read_record(record)
    problems.extend(read.problems)
    if problems:
        errors.raise_all(problems)
    try:
        result = score_hand(read.hand, rules)
    except errors.McrError:
        # score() checked the hand with field names of its own; name the record's fields instead.
        located = check_hand(read.hand, read.locate)
        if located:
            errors.raise_all(located)
        raise
    return _scored(rid, line, result, claim)
