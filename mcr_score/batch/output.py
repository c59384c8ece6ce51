"""Output records as text: one JSON line, or one CSV row, per record (never a line break inside)."""

from __future__ import annotations

import csv
import io
import json
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from enum import StrEnum
from json.encoder import encode_basestring
from typing import Any, Final

from mcr_score.files import CSV_FORMULA, csv_text
from mcr_score.systems.mcr.fans.ids import Fan
from mcr_score.systems.mcr.result import SCORE_FIELDS, FanCount, Group, NotCounted, Reading, Score, ScoreField
from mcr_score.tiles import INDEX, Tile
from mcr_score.vocabulary import Kind, Rule

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


@dataclass(frozen=True, slots=True)
class Scored:
    """A record scored, before it is written: its output object is `to_dict()`, its JSON line
    `jsonl()`, the same text as `to_jsonl(to_dict())` written straight from the score's fields.
    A compiled class, made in a hundred instructions (a `NamedTuple` is made by interpreted code)."""

    rid: str | int | None
    line: int | None
    score: Score
    claim: dict[str, Any] | None  # the claim checked (`Claim.check`), when the record made one

    # Written out, not generated: mypyc compiles it (tests/batch/test_batch_output.py).
    def __init__(self, rid: str | int | None, line: int | None, score: Score, claim: dict[str, Any] | None) -> None:
        object.__setattr__(self, "rid", rid)
        object.__setattr__(self, "line", line)
        object.__setattr__(self, "score", score)
        object.__setattr__(self, "claim", claim)

    def to_dict(self) -> OutputRecord:
        """The output object: id and line first, then `score --json`, then the claim."""
        out: OutputRecord = {"id": self.rid, "line": self.line}
        out.update(self.score.to_dict())
        if self.claim is not None:
            out["claim"] = self.claim
        return out

    def jsonl(self) -> str:
        """`to_jsonl(self.to_dict())`, byte for byte (tests/batch/test_batch_output.py), without the
        dictionaries: pieces of JSON joined, in the order of `SCORE_FIELDS`, what never changes (the
        keys, a fan's id and name, a word of the vocabulary) written once. Building the object and
        encoding it was a third of a record's time in a batch (issue 30)."""
        s, rid = self.score, self.rid
        parts = [
            '{"id": ',
            "null" if rid is None else encode_basestring(rid) if isinstance(rid, str) else _encode(rid),
            ', "line": ',
            "null" if self.line is None else str(self.line),
            ', "ok": true',
        ]
        for key, write in _LINE:
            parts.append(key)
            parts.append(write(s))
        if self.claim is not None:
            parts.append(', "claim": ')
            parts.append(_claim_text(self.claim))
        parts.append("}\n")
        return "".join(parts)


Output = OutputRecord | Scored  # what scoring a record gives: an error record, or a record scored


def as_dict(out: Output) -> OutputRecord:
    """The output object of a record, scored or not."""
    return out.to_dict() if isinstance(out, Scored) else out


def _bool(value: bool) -> str:
    return "true" if value else "false"


_CLAIM_KEYS: Final = ("matches", "claimed_total", "claimed_fans", "missing", "extra")


def _claim_text(claim: dict[str, Any]) -> str:
    """`_encode(claim)` for a checked claim's object (`Claim.check`: its five keys in order, a bool,
    an int or null, lists of ints or null) written at once (the encoder's `encode` is interpreted);
    any other object is `_encode`'s."""
    if len(claim) != len(_CLAIM_KEYS):
        return _encode(claim)
    parts: list[str] = []
    for k, (key, value) in enumerate(claim.items()):
        if key != _CLAIM_KEYS[k]:
            return _encode(claim)
        parts.append(', "' if k else '{"')
        parts.append(key)
        parts.append('": ')
        if value is None:
            parts.append("null")
        elif k == 0 and type(value) is bool:
            parts.append("true" if value else "false")
        elif k == 1 and type(value) is int:
            parts.append(str(value))
        elif k > 1 and type(value) is list:
            items: list[object] = value
            for item in items:
                if type(item) is not int:
                    return _encode(claim)
            parts.append("[" + ", ".join([str(item) for item in items]) + "]")
        else:
            return _encode(claim)
    parts.append("}")
    return "".join(parts)


_TEXTS: dict[str, str] = {}  # a word of the vocabulary as JSON, by the word: as many as the words


def _text(value: StrEnum | None) -> str:
    """A word of the vocabulary (a form, a kind, a wait, a rule) as JSON, or null."""
    if value is None:
        return "null"
    text = _TEXTS.get(value)
    if text is None:
        text = _TEXTS[value] = encode_basestring(value)
    return text


def _number(value: int | None) -> str:
    return "null" if value is None else str(value)


# A set's JSON by its tiles, for the sets of at most 4 tiles (every set of an arrangement or a fan but the
# spread knitted and single tiles): as many entries as the distinct sets the engine makes, a few
# hundred. Keyed by a native int, each tile's number (1-34) a base-35 digit: no tuple hashed, no tile's
# hash computed; a line holds some 13 sets, each otherwise a list, a join and two concatenations.
_SET_TEXTS: dict[int, str] = {}
_CODE_NUMBERS: Final[dict[str, int]] = {code: i + 1 for i, code in enumerate(INDEX)}
_GROUP_TEXTS: dict[int, str] = {}  # an arrangement's group as JSON, by its set's key, kind and flags
_KIND_NUMBERS: Final[dict[Kind, int]] = {kind: i for i, kind in enumerate(Kind)}


def _key(tiles: tuple[Tile, ...]) -> int:
    """The set's key in `_SET_TEXTS`: its tiles' numbers as base-35 digits (none is 0, so lengths
    differ); 0 for no tile or more than 4."""
    if len(tiles) > 4:
        return 0
    key = 0
    for t in tiles:
        key = key * 35 + _CODE_NUMBERS[t.code]
    return key


def _tiles(tiles: tuple[Tile, ...]) -> str:
    """Tiles as a JSON list of their codes, which JSON writes as they are (tests/batch/test_batch_output.py)."""
    key = _key(tiles)
    if key == 0:
        return _listed(tiles)
    text = _SET_TEXTS.get(key)
    if text is None:
        text = _SET_TEXTS[key] = _listed(tiles)
    return text


def _listed(tiles: tuple[Tile, ...]) -> str:
    if not tiles:
        return "[]"
    return '["' + '", "'.join([t.code for t in tiles]) + '"]'


def _sets(sets: tuple[tuple[Tile, ...], ...]) -> str:
    if len(sets) == 1:
        return "[" + _tiles(sets[0]) + "]"
    if not sets:
        return "[]"
    return "[" + ", ".join([_tiles(s) for s in sets]) + "]"


def _group(g: Group) -> str:
    """A group of the arrangement as JSON, kept by its set's key, kind and flags when its set has one."""
    key = _key(g.tiles)
    if key == 0:
        return _group_text(g)
    key = ((key * 8 + _KIND_NUMBERS[g.kind]) * 2 + g.concealed) * 2 + g.declared
    text = _GROUP_TEXTS.get(key)
    if text is None:
        text = _GROUP_TEXTS[key] = _group_text(g)
    return text


def _group_text(g: Group) -> str:
    return (
        f'{{"kind": {_text(g.kind)}, "tiles": {_tiles(g.tiles)}, "concealed": {_bool(g.concealed)}, '
        f'"declared": {_bool(g.declared)}}}'
    )


_FAN_HEADS: dict[Fan, str] = {}  # '{"id": 58, "name": "Last Tile", ' by the fan


def _fan_head(f: FanCount | NotCounted) -> str:
    fan = f.fan
    head = _FAN_HEADS.get(fan)
    if head is None:  # once per fan: its id and name never change
        head = _FAN_HEADS[fan] = f'{{"id": {int(fan)}, "name": {encode_basestring(f.name)}, '
    return head


def _fan(f: FanCount) -> str:
    return f'{_fan_head(f)}"points": {f.points}, "count": {f.count}, "sets": {_sets(f.sets)}}}'


def _reading(r: Reading) -> str:
    return f'{{"form": {_text(r.form)}, "sets": {_sets(tuple([g.tiles for g in r.groups]))}, "points": {r.points}}}'


# A fan not counted, up to its sets, by the fan, the rule and the fan it gave way to: as many as the
# pairs of fans the profiles' exclusions name.
_NOT_COUNTED_HEADS: dict[tuple[Fan, Rule, Fan | None], str] = {}


def _not_counted(n: NotCounted) -> str:
    fan, rule, by = n.fan, n.rule, n.by
    head = _NOT_COUNTED_HEADS.get((fan, rule, by))
    if head is None:
        head = _NOT_COUNTED_HEADS[fan, rule, by] = (
            f'{_fan_head(n)}"rule": {_text(rule)}, "by": {_number(None if by is None else int(by))}, "sets": '
        )
    return f'{head}{_sets(n.sets)}, "by_sets": {_sets(n.by_sets)}}}'


# The fast writer of each score field it knows, by the field's name in `SCORE_FIELDS`.
_WRITERS: Final[dict[str, Callable[[Score], str]]] = {
    "rules": lambda s: encode_basestring(s.rules),
    "winning": lambda s: _bool(s.winning),
    "reason": lambda s: _text(s.reason),
    "total": lambda s: str(s.total),
    "points": lambda s: str(s.points),
    "flower_points": lambda s: str(s.flower_points),
    "meets_minimum": lambda s: _bool(s.meets_minimum),
    "minimum": lambda s: str(s.minimum),
    "short_by": lambda s: _number(s.short_by),
    "form": lambda s: _text(s.form),
    "win_tile": lambda s: "null" if s.win_tile is None else f'"{s.win_tile.code}"',
    "win_set": lambda s: "null" if s.win_set is None else _tiles(s.arrangement[s.win_set].tiles),
    "wait": lambda s: _text(s.wait),
    "fans": lambda s: "[" + ", ".join([_fan(f) for f in s.fans]) + "]",
    "not_counted": lambda s: "[" + ", ".join([_not_counted(n) for n in s.not_counted]) + "]",
    "arrangement": lambda s: "[" + ", ".join([_group(g) for g in s.arrangement]) + "]",
    "alternatives": lambda s: "[" + ", ".join([_reading(r) for r in s.alternatives]) + "]",
}


def _encoded(read: Callable[[Score], object]) -> Callable[[Score], str]:
    """The writer of a field without a fast one: its value as `Score.to_dict` reads it, encoded."""
    return lambda s: _encode(read(s))


def line_plan(fields: Sequence[ScoreField]) -> tuple[tuple[str, Callable[[Score], str]], ...]:
    """What `Scored.jsonl` writes after `"ok"`: each field's key and its writer, in the fields' order."""
    return tuple((f', "{name}": ', _WRITERS.get(name) or _encoded(read)) for name, read in fields)


_LINE: Final = line_plan(SCORE_FIELDS)


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


def serialize(outs: Sequence[Output], fmt: str) -> str:
    """Output records as whole lines of `fmt` (jsonl or csv, without the CSV header)."""
    if fmt == "jsonl":
        return "".join([o.jsonl() if isinstance(o, Scored) else to_jsonl(o) for o in outs])
    buf = io.StringIO()
    writer = csv.writer(buf, lineterminator="\n")
    writer.writerows(csv_row(as_dict(o)) for o in outs)
    return buf.getvalue()


def _fan_list(ids: Iterable[int]) -> str:
    return " ".join(f"{f}x{n}" if n > 1 else str(f) for f, n in sorted(Counter(ids).items()))


def _csv_value(v: object) -> str:
    if v is None:
        return ""
    if isinstance(v, bool):
        return "true" if v else "false"
    return str(v).replace("\r", " ").replace("\n", " ")  # one record, one physical line
