"""Output records as text: one JSON line, or one CSV row, per record (never a line break inside)."""

from __future__ import annotations

import csv
import io
import json
from collections import Counter
from collections.abc import Iterable
from typing import Any

from ..files import CSV_FORMULA, csv_text

OUTPUT_FORMATS = ("jsonl", "csv")
CSV_COLUMNS = (
    "line",
    "id",
    "rules",
    "ok",
    "winning",
    "meets_minimum",
    "total",
    "points",
    "flower_points",
    "form",
    "fans",
    "reason",
    "claim_matches",
    "claimed_total",
    "missing",
    "extra",
    "error_code",
    "error_message",
    "error_where",
    "error_column",
)

TEXT_COLUMNS = frozenset(("id", "rules", "form", "reason", "error_code", "error_message", "error_where"))
"""The CSV columns that hold text, neutralised for a spreadsheet (`files.csv_text`); the others are
numbers, booleans and fan ids we write ourselves."""

OutputRecord = dict[str, Any]  # the `score --json` object with id and line, or an error record

# What `json.dumps(out, ensure_ascii=False)` writes, byte for byte, made once instead of once per
# record; no check for circular references (an output record is a tree): a fifth less time per record.
_encode = json.JSONEncoder(ensure_ascii=False, check_circular=False).encode


def to_jsonl(out: OutputRecord) -> str:
    """One JSON line; names and messages keep their Unicode (tiles, Chinese), as `score --json` does."""
    return _encode(out) + "\n"


def csv_row(out: OutputRecord) -> list[str]:
    """The CSV_COLUMNS of an output record, flattened (fans as `28 62 69x2`)."""
    error = out.get("error") or {}
    claim = out.get("claim") or {}
    fans = " ".join(f"{f['id']}x{f['count']}" if f["count"] > 1 else str(f["id"]) for f in out.get("fans", ()))
    row = [
        out.get("line"),
        out.get("id"),
        out.get("rules"),
        out.get("ok"),
        out.get("winning"),
        out.get("meets_minimum"),
        out.get("total"),
        out.get("points"),
        out.get("flower_points"),
        out.get("form"),
        fans or None,
        out.get("reason") or None,
        claim.get("matches"),
        claim.get("claimed_total"),
        _fan_list(claim["missing"]) if claim.get("missing") is not None else None,
        _fan_list(claim["extra"]) if claim.get("extra") is not None else None,
        error.get("code"),
        error.get("message"),
        error.get("where"),
        error.get("column"),
    ]
    return [
        csv_text(cell) if name in TEXT_COLUMNS else cell
        for name, cell in zip(CSV_COLUMNS, map(_csv_value, row), strict=True)
    ]


def csv_record(row: list[str]) -> dict[str, str]:
    """A CSV output row read back (--resume, the report): its columns by name, the text cells as
    they were before `csv_row` neutralised them."""
    return {
        name: _unneutralised(cell) if name in TEXT_COLUMNS else cell
        for name, cell in zip(CSV_COLUMNS, row, strict=False)
    }


def _unneutralised(cell: str) -> str:
    """A text cell without the quote `csv_text` put in front of a formula's first character."""
    return cell[1:] if cell.startswith("'") and cell[1:].startswith(CSV_FORMULA) else cell


def csv_header() -> str:
    """The first line of a CSV output (and what --resume expects to find there)."""
    return ",".join(CSV_COLUMNS) + "\n"


def serialize(outs: list[OutputRecord], fmt: str) -> str:
    """Output records as whole lines of `fmt` (jsonl or csv, without the CSV header)."""
    if fmt == "jsonl":
        return "".join([to_jsonl(o) for o in outs])
    buf = io.StringIO()
    writer = csv.writer(buf, lineterminator="\n")
    writer.writerows(csv_row(o) for o in outs)
    return buf.getvalue()


def _fan_list(ids: Iterable[int]) -> str:
    return " ".join(f"{f}x{n}" if n > 1 else str(f) for f, n in sorted(Counter(ids).items()))


def _csv_value(v: object) -> str:
    if v is None:
        return ""
    if isinstance(v, bool):
        return "true" if v else "false"
    return str(v).replace("\r", " ").replace("\n", " ")  # one record, one physical line
