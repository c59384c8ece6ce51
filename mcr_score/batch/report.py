"""`batch --report FILE`: the records with a problem, grouped, for an organiser to act on.

It reads the output records as they are written (JSON lines or CSV rows), so it never scores
anything again. Kinds, in this order: errors (grouped by code), hands that do not win (by reason),
winning hands below 8 points, and claims that disagree (with the missing and extra fans). A record
below 8 points whose claim also disagrees is listed under both. Counts by kind and code come
first. Markdown for a person (`.md`), CSV for a spreadsheet (`.csv`).

The problem records are kept in memory until the end (some 200 bytes each): fine for the tens of
thousands a tournament season has; the other records cost nothing.
"""

from __future__ import annotations

import csv
import io
import json
import os
from typing import NamedTuple

from mcr_score.batch.output import OutputRecord, csv_record
from mcr_score.decoding import ascii_int
from mcr_score.files import csv_text
from mcr_score.messages import DEFAULT_LANG, count, text
from mcr_score.systems.mcr import SYSTEM
from mcr_score.vocabulary import Reason

REPORT_FORMATS = {".md": "markdown", ".csv": "csv"}
KINDS = ("error", "not-winning", "below-minimum", "claim-mismatch")
# Output-record fragments that mark a possible problem: other JSON lines are not decoded at all.
_MARKS = ('"ok": false', '"winning": false', '"meets_minimum": false', '"matches": false')
_LANG = DEFAULT_LANG  # the report is a file of records: written in English, as the JSON is


class Problem(NamedTuple):
    """One record's problem of one kind, as the report lists it."""

    kind: str
    code: str  # the error code, the reason a hand does not win, or "" (below 8, claims)
    line: int | None
    id: str
    detail: str
    claimed_total: str = ""
    total: str = ""
    missing: str = ""
    extra: str = ""


def report_format(path: str) -> str | None:
    """`markdown` or `csv` by the file's extension; None for any other."""
    return REPORT_FORMATS.get(os.path.splitext(path)[1].lower())


def _ids(value: object) -> str:
    """Fan ids as a line of text (`61 73 75`), from a JSON list or a CSV cell."""
    if isinstance(value, list):
        return " ".join(str(v) for v in value)
    return "" if value is None else str(value)


class Report:
    """Collects the problems of the output records of a run, then writes them."""

    def __init__(self, out_fmt: str, output: str | None = None) -> None:
        self.out_fmt = out_fmt
        self.output = output  # the -o file the records go to (None: standard output)
        self.resumed = 0  # records already in it before this run (--resume): read back, reported too
        self.problems: list[Problem] = []

    def feed(self, chunk: str) -> None:
        """Read the output records of one written chunk (whole lines, no CSV header)."""
        if self.out_fmt == "jsonl":
            for line in chunk.splitlines():
                if any(mark in line for mark in _MARKS):
                    self.add(json.loads(line))
            return
        for row in csv.reader(io.StringIO(chunk)):
            self.add_csv(csv_record(row))

    def add(self, out: OutputRecord) -> None:
        """One output record as written in JSON lines."""
        line, rid = out.get("line"), "" if out.get("id") is None else str(out.get("id"))
        if not out.get("ok"):
            error = out.get("error") or {}
            where = error.get("where")
            place = f" (column {error['column']})" if error.get("column") else f" ({where})" if where else ""
            self.problems.append(Problem("error", error.get("code", ""), line, rid, error.get("message", "") + place))
            return
        if not out.get("winning"):
            reason = out.get("reason") or Reason.NO_SHAPE
            self.problems.append(Problem("not-winning", reason, line, rid, text(f"reason.{reason}", _LANG)))
        elif not out.get("meets_minimum"):
            below = self._below(
                line, rid, out.get("total"), out.get("points"), out.get("flower_points"), out.get("short_by")
            )
            self.problems.append(below)
        claim = out.get("claim")
        if claim is not None and not claim.get("matches"):
            self._claim(
                line, rid, claim.get("claimed_total"), out.get("total"), claim.get("missing"), claim.get("extra")
            )

    def add_csv(self, row: dict[str, str]) -> None:
        """One output record as written in a CSV row."""
        line = ascii_int(row.get("line", "")) or None
        rid = row.get("id", "")
        if row.get("ok") != "true":
            where = row.get("error_where")
            column = row.get("error_column")
            place = f" (column {column})" if column else f" ({where})" if where else ""
            message = row.get("error_message", "") + place
            self.problems.append(Problem("error", row.get("error_code", ""), line, rid, message))
            return
        if row.get("winning") != "true":
            reason = row.get("reason") or Reason.NO_SHAPE
            self.problems.append(Problem("not-winning", reason, line, rid, text(f"reason.{reason}", _LANG)))
        elif row.get("meets_minimum") != "true":
            self.problems.append(self._below(line, rid, row.get("total"), row.get("points"), row.get("flower_points")))
        if row.get("claim_matches") == "false":
            self._claim(line, rid, row.get("claimed_total"), row.get("total"), row.get("missing"), row.get("extra"))

    @staticmethod
    def _below(
        line: int | None, rid: str, total: object, points: object, flowers: object, short: object = None
    ) -> Problem:
        """A hand below the minimum: `short` is the record's `short_by`; a CSV row has no such column
        (nor a JSON record written before the field was), so the minimum less its points instead
        (MCR's, `System.minimum`: every built-in profile and house file keeps it)."""
        if short is None:
            minimum = SYSTEM.minimum or 0  # MCR has one (8): `or` only narrows the type
            short = minimum - (ascii_int(str(points or 0)) or 0)  # a CSV output read back on --resume is text
        detail = text(
            "report.below",
            _LANG,
            total=total,
            points=count("n.point", ascii_int(str(points)) or 0, str(points)),
            flowers=count("n.flower", ascii_int(str(flowers)) or 0, str(flowers)),
            short=short,
        )
        return Problem("below-minimum", "", line, rid, detail, total=str(total))

    def _claim(
        self, line: int | None, rid: str, claimed: object, total: object, missing: object, extra: object
    ) -> None:
        claimed_text = "" if claimed is None else str(claimed)
        parts = [text("report.claimed", _LANG, claimed=claimed_text or "-", total=total)]
        if _ids(missing):
            parts.append(text("report.missing", _LANG, ids=_ids(missing)))
        if _ids(extra):
            parts.append(text("report.extra", _LANG, ids=_ids(extra)))
        self.problems.append(
            Problem(
                "claim-mismatch",
                "",
                line,
                rid,
                "; ".join(parts),
                claimed_text,
                str(total),
                _ids(missing),
                _ids(extra),
            )
        )

    def _groups(self) -> list[tuple[str, str, list[Problem]]]:
        groups: dict[tuple[str, str], list[Problem]] = {}
        for p in self.problems:
            groups.setdefault((p.kind, p.code), []).append(p)
        order = sorted(groups, key=lambda k: (KINDS.index(k[0]), -len(groups[k]), k[1]))
        return [(kind, code, groups[(kind, code)]) for kind, code in order]

    def render(self, path: str, source: str, records: int, rules: str) -> str:
        """The report to write to `path`: Markdown or CSV by its extension."""
        return self.markdown(source, records, rules) if report_format(path) == "markdown" else self.csv()

    def markdown(self, source: str, records: int, rules: str) -> str:
        """The report for a person: counts at the top, then each group with its records' lines and ids."""
        affected = len({(p.line, p.id) for p in self.problems})
        out = [
            f"# {text('report.title', _LANG)}",
            "",
            self._head(source, records, rules, affected),
            "",
        ]
        groups = self._groups()
        if not groups:
            return "\n".join([*out, text("report.none", _LANG), ""])
        out += [f"| {text('report.col-kind', _LANG)} | code | {text('report.col-records', _LANG)} |", "|---|---|---:|"]
        out += [f"| {text(f'report.kind.{k}', _LANG)} | {c} | {len(ps)} |" for k, c, ps in groups]
        for kind, code, ps in groups:
            title = text(f"report.kind.{kind}", _LANG) + (f": {code}" if code else "")
            out += ["", f"## {title} ({len(ps)})", ""]
            if kind == "claim-mismatch":
                out += ["| line | id | claimed | computed | missing | extra |", "|---:|---|---:|---:|---|---|"]
                out += [
                    f"| {p.line} | {_cell(p.id)} | {p.claimed_total} | {p.total} | {p.missing} | {p.extra} |"
                    for p in ps
                ]
            else:
                out += ["| line | id | problem |", "|---:|---|---|"]
                out += [f"| {p.line} | {_cell(p.id)} | {_cell(p.detail)} |" for p in ps]
        return "\n".join(out) + "\n"

    def _head(self, source: str, records: int, rules: str, affected: int) -> str:
        """Which records the report covers: after --resume, those already in OUT are counted apart."""
        if not self.resumed:
            counted = count("n.record", records)
            return text("report.head", _LANG, source=_cell(source), rules=rules, records=counted, affected=affected)
        return text(
            "report.head-resumed",
            _LANG,
            source=_cell(source),
            rules=rules,
            records=count("n.record", records),
            earlier=self.resumed,
            output=_cell(self.output or ""),
            scored=records - self.resumed,
            affected=affected,
        )

    def csv(self) -> str:
        """The report for a spreadsheet: one row per count (kind, code, count) first, then one row
        per problem (kind, code, line, id, detail and, for claims, the totals and fans)."""
        buf = io.StringIO()
        writer = csv.writer(buf, lineterminator="\n")
        writer.writerow(("kind", "code", "count", "line", "id", "detail", "claimed_total", "total", "missing", "extra"))
        groups = self._groups()
        writer.writerows((kind, _csv_cell(code), len(ps), "", "", "", "", "", "", "") for kind, code, ps in groups)
        for _, _, ps in groups:
            writer.writerows(
                (p.kind, _csv_cell(p.code), "", p.line, *map(_csv_cell, (p.id, p.detail, *p[5:]))) for p in ps
            )
        return buf.getvalue()


def _one_line(value: str) -> str:
    """Text on one physical line: a record's id may hold a line break (JSON `"a\\rb"`)."""
    return value.replace("\r", " ").replace("\n", " ")


def _cell(value: str) -> str:
    """Text in a Markdown table cell: a bar would end the cell (hands carry `|EE0000`), a line
    break the row."""
    return _one_line(value).replace("|", "\\|")


def _csv_cell(value: str) -> str:
    """Text in a CSV report cell: one physical line (a spreadsheet starts a row at a bare CR, which
    `csv` does not quote), and never the start of a formula (`files.csv_text`)."""
    return csv_text(_one_line(value))
