"""Reading the CSV files of the tournament commands (a session sheet, a players file): the
separator found from the header, every column once, and each problem a `DataError` naming its line.

A spreadsheet saves CSV with the separator of its locale: `,` in English, `;` in French (where the
comma is the decimal mark), a tab when exported as text. The header says which: the separator is
the one that splits it into fields among which is the column the file cannot do without (`winner`
for a sheet, `name` for players), the one giving the most fields if several do. Batch finds its
separator the same way from its `notation` column; front ends do not import each other, so this
reader is the tournament's own.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Collection

from mcr_score.decoding import DataError
from mcr_score.messages import msg

SEPARATORS = (",", ";", "\t")
MAX_CELL = 131_072
"""The longest cell read (Python's default field limit, which is process-wide and another caller may
have raised): a name, a notation or a number is far shorter."""


def separator(header: str, needed: str) -> str | None:
    """The separator that splits `header` into fields one of which is `needed` (lower case), or
    None when none does."""
    found = []
    for candidate in SEPARATORS:
        try:
            fields = [f.strip().lower() for f in next(csv.reader([header], delimiter=candidate), [])]
        except csv.Error:  # a line break inside the header (a lone CR): no separator reads it
            continue
        if needed in fields:
            found.append((len(fields), candidate))
    return max(found)[1] if found else None


def read_rows(source: str, needed: str, known: Collection[str]) -> tuple[list[str], list[tuple[int, list[str]]]]:
    """The header's columns (stripped; the `known` ones in lower case) and the rows that hold
    anything, each with its line number.

    Raises `DataError`: no header; a header with no `needed` column whichever the separator (the
    message says the separator may be the problem); a column twice (an empty one apart: a
    spreadsheet adds them); a row that is not CSV (a cell over Python's 131,072-character field
    limit, a stray quote)."""
    first = source.split("\n", 1)[0].strip("\r")
    if not first.strip():
        raise DataError(msg("csv.no-header"))
    chosen = separator(first, needed)
    if chosen is None:
        raise DataError(msg("csv.no-column", column=needed, header=first[:80]))
    reader = csv.reader(io.StringIO(source, newline=""), delimiter=chosen, strict=True)
    rows: list[tuple[int, list[str]]] = []
    try:
        first_row = next(reader)
        if any(len(cell) > MAX_CELL for cell in first_row):
            raise csv.Error("field larger than field limit")
        header = [_column(h, known) for h in first_row]
        for row in reader:
            if any(len(cell) > MAX_CELL for cell in row):
                raise csv.Error("field larger than field limit")
            if any(cell.strip() for cell in row):
                rows.append((reader.line_num, row))
    except csv.Error as e:
        line = reader.line_num
        if "field larger than field limit" in str(e):
            raise DataError(msg("csv.cell-too-long", line=line, most=MAX_CELL)) from None
        raise DataError(msg("csv.bad-row", line=line, reason=str(e))) from None
    seen: set[str] = set()
    for column in header:
        if column in seen:
            raise DataError(msg("csv.column-twice", column=column))
        if column:
            seen.add(column)
    return header, rows


def _column(name: str, known: Collection[str]) -> str:
    """A header cell: stripped, and a known column in lower case (`Winner` is `winner`)."""
    stripped = name.strip()
    return stripped.lower() if stripped.lower() in known else stripped
