"""What the surface fuzzer feeds: valid session sheets, players files, house profiles and claims,
then mutated by structure (wrong types, huge and non-ASCII numbers, deep nesting, repeated keys,
TOML dates, hands added or removed, odd player names) and by bytes (byte-order marks, bad UTF-8,
NUL, truncation); and the odd Python values the API is called with.

The writers here are our own so that they can write what a library refuses to: a key twice
(`Dup`), a number of 5,000 digits or a 100,000-deep array (`Raw`), a TOML time where a number
belongs.
"""

from __future__ import annotations

import copy
import csv
import datetime
import io
import json
import random
import re
from collections.abc import Iterator
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction
from pathlib import Path
from typing import Any

from .fuzz import SEEDS, mutate
from .fuzz_harness import MAX_DIGITS, huge


@dataclass(frozen=True)
class Raw:
    """Text written as it is where a value goes (JSON or TOML): a number past every limit, deep nesting."""

    text: str


@dataclass(frozen=True)
class Dup:
    """An object written with these pairs in order: a key may come twice."""

    pairs: tuple[tuple[str, Any], ...]


HUGE = huge("10**5000")
NEG_HUGE = huge("-10**5000")
BIG = huge("2**20000")
DEEP = 100_000

# ---- numbers as text ------------------------------------------------------------------------------

STRICT_NUMBERS = ("0", "8", "12", "24", "-30", "10", "-5", "88", "1", "4", "-40", "999999999", "-999999999")
LENIENT_NUMBERS = (
    "+8",
    "1_2",
    "١٢",
    "１２",
    "²",
    "8.0",
    "8e0",
    "0x10",
    "Ⅻ",
    "8\u200b",
    "nan",
    "inf",
    "- 8",
    "--8",
    "8-",
)
"""What Python's int() (or a lenient reader) might take but the one rule refuses: not `-?[0-9]{1,9}`."""
LONG_NUMBERS = ("9" * 10, "1" + "0" * 20, "9" * 5000, "-" + "9" * 5000, "0" * 5000 + "8")


def number_text(rng: random.Random) -> str:
    """A whole number as a user might write it: mostly valid, often lenient or too long, sometimes not a number."""
    r = rng.random()
    if r < 0.45:
        text = rng.choice(STRICT_NUMBERS)
    elif r < 0.75:
        text = rng.choice(LENIENT_NUMBERS)
    elif r < 0.9:
        text = rng.choice(LONG_NUMBERS)
    else:
        text = rng.choice(("", " ", "x", "eight", "8,5", "8;5", "\x00", "8\x00"))
    if rng.random() < 0.1:
        text = rng.choice((" ", "\t", "\u00a0", "\u3000")) + text + rng.choice(("", " "))
    return text


def strict_number(text: str) -> bool:
    """Whether `text` is a whole number by the one rule of every surface (`decoding.ascii_int`): an
    optional `-`, 1 to MAX_DIGITS ASCII digits, spaces around allowed."""
    return re.fullmatch(rf"-?[0-9]{{1,{MAX_DIGITS}}}", text.strip()) is not None


def too_many_digits(value: Any) -> bool:
    """An int anywhere in a decoded value with more digits than any number of the game."""
    stack = [value]
    while stack:
        v = stack.pop()
        if isinstance(v, dict):
            stack.extend(v.values())
        elif isinstance(v, list | tuple):
            stack.extend(v)
        elif isinstance(v, int) and not isinstance(v, bool) and abs(v) >= 10**MAX_DIGITS:
            return True
    return False


# ---- names --------------------------------------------------------------------------------------

NAMES = ("Ana", "Bo", "Cy", "Di", "Eve", "Fu", "Gil", "Hao", "Zoé", "王芳")
ODD_NAMES = (
    "",
    " ",
    "Ana ",
    " Ana",
    "Ana\u200b",
    "Ａｎａ",
    "ANA",
    "An\u0061\u0301",
    "Ana\u00a0",
    '=HYPERLINK("http://x","y")',
    "=1+1",
    "+1",
    "-2",
    "@SUM(A1)",
    "\tAna",
    "\rAna",
    "a,b",
    'a"b',
    "a;b",
    "a\nb",
    "\x00",
    "Ana\x00",
    "\u202eanA",
    "🀄",
    "1",
    "2",
    "draw",
    "x" * 300,
)


def player_name(rng: random.Random) -> str:
    return rng.choice(ODD_NAMES) if rng.random() < 0.3 else rng.choice(NAMES)


def looks_alike(a: str, b: str) -> bool:
    """Two different names a reader cannot tell apart: equal after NFKC, without format characters
    (zero-width space, marks of direction) and surrounding spaces, case folded."""
    import unicodedata

    def key(s: str) -> str:
        s = unicodedata.normalize("NFKC", s)
        s = "".join(c for c in s if unicodedata.category(c) not in ("Cf", "Cc", "Mn"))
        return " ".join(s.split()).casefold()

    return a != b and key(a) == key(b)


# ---- writers ------------------------------------------------------------------------------------


def dump_json(value: Any, rng: random.Random | None = None) -> str:
    """JSON text of `value` (with `Raw` and `Dup`), one hand per line as people write it."""
    if isinstance(value, Raw):
        return value.text
    if isinstance(value, Dup):
        return (
            "{" + ", ".join(f"{json.dumps(k, ensure_ascii=False)}: {dump_json(v, rng)}" for k, v in value.pairs) + "}"
        )
    if isinstance(value, dict):
        return dump_json(Dup(tuple(value.items())), rng)
    if isinstance(value, list | tuple):
        sep = ",\n " if len(value) > 3 else ", "
        return "[" + sep.join(dump_json(v, rng) for v in value) + "]"
    if isinstance(value, bool) or value is None:
        return json.dumps(value)
    if isinstance(value, int):
        return str(value) if value.bit_length() < 10_000 else "9" * 5000
    if isinstance(value, float):
        return {"nan": "NaN", "inf": "Infinity", "-inf": "-Infinity"}.get(str(value), repr(value))
    if isinstance(value, datetime.date | datetime.time):
        return json.dumps(value.isoformat())
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=bool(rng and rng.random() < 0.2))
    return json.dumps(str(value))


def _toml_key(key: str) -> str:
    return key if re.fullmatch(r"[A-Za-z0-9_-]+", key) else json.dumps(key)


def _toml_value(value: Any) -> str:
    if isinstance(value, Raw):
        return value.text
    if isinstance(value, Dup):
        return "{" + ", ".join(f"{_toml_key(k)} = {_toml_value(v)}" for k, v in value.pairs) + "}"
    if isinstance(value, dict):
        return _toml_value(Dup(tuple(value.items())))
    if isinstance(value, list | tuple):
        return "[" + ", ".join(_toml_value(v) for v in value if v is not None) + "]"
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:
        return '""'
    if isinstance(value, int):
        return str(value) if value.bit_length() < 10_000 else "9" * 5000
    if isinstance(value, float):
        return {"nan": "nan", "inf": "inf", "-inf": "-inf"}.get(str(value), repr(value))
    if isinstance(value, datetime.date | datetime.time):
        return value.isoformat()
    return json.dumps(str(value), ensure_ascii=False)


def dump_toml(data: Any) -> str:
    """TOML text of a top-level table: plain keys first, then each list of tables as `[[key]]`."""
    if isinstance(data, Raw):
        return data.text
    pairs = data.pairs if isinstance(data, Dup) else tuple(data.items()) if isinstance(data, dict) else (("x", data),)
    head, tables = [], []
    for key, value in pairs:
        if value is None:
            continue
        if isinstance(value, list) and value and all(isinstance(v, dict | Dup) for v in value):
            for item in value:
                inner = item.pairs if isinstance(item, Dup) else tuple(item.items())
                lines = [f"{_toml_key(k)} = {_toml_value(v)}" for k, v in inner if v is not None]
                tables.append(f"\n[[{_toml_key(key)}]]\n" + "\n".join(lines))
        elif isinstance(value, dict | Dup) and key == "switches":
            inner = value.pairs if isinstance(value, Dup) else tuple(value.items())
            tables.append("\n[switches]\n" + "\n".join(f"{_toml_key(k)} = {_toml_value(v)}" for k, v in inner))
        else:
            head.append(f"{_toml_key(key)} = {_toml_value(value)}")
    return "\n".join(head) + "\n" + "\n".join(tables) + "\n"


def dump_csv(rows: list[list[str]], delimiter: str = ",", crlf: bool = False) -> str:
    out = io.StringIO()
    csv.writer(out, delimiter=delimiter, lineterminator="\r\n" if crlf else "\n").writerows(rows)
    return out.getvalue()


# ---- byte-level mutations -----------------------------------------------------------------------

BAD_BYTES = (b"\xff", b"\xc3\x28", b"\xed\xa0\x80", b"\x80", b"\xe2\x82", b"\x00", b"\xfe\xff")


def mutate_bytes(data: bytes, rng: random.Random) -> bytes:
    """One byte-level change: a BOM, UTF-16, a bad UTF-8 sequence, NUL, truncation, CRLF, a byte flipped."""
    op = rng.randrange(8)
    i = rng.randrange(len(data) + 1)
    if op == 0:
        return b"\xef\xbb\xbf" + data
    if op == 1:
        return data.decode("utf-8", "replace").encode("utf-16")
    if op == 2:
        return data[:i] + rng.choice(BAD_BYTES) + data[i:]
    if op == 3:
        return data[:i]
    if op == 4:
        return data.replace(b"\n", b"\r\n")
    if op == 5 and data:
        j = min(i, len(data) - 1)
        return data[:j] + bytes([rng.randrange(256)]) + data[j + 1 :]
    if op == 6:
        return data.decode("utf-8", "replace").encode("latin-1", "replace")
    return data[:i] + b"\x00" + data[i:]


# ---- session sheets ------------------------------------------------------------------------------

NOTATIONS = (
    "123456789m123p5s5s",
    "1112345678999s9s",
    "[EEE1]123m456p789s5s5s",
    "[123m1]456789m33pCC3p",
    "19m19p19s1234567z1m",
    "11123456789999m",
    "123456789m123p5s5s|EE1000",
    "[1111m][2222s]345pEE67s8s",
)


def _ref(rng: random.Random, index: int, players: list[str]) -> int | str:
    return players[index] if rng.random() < 0.15 and index < len(players) else index + 1


def valid_hand(rng: random.Random, players: list[str]) -> dict[str, Any]:
    """One hand of a sheet: a win (on a discard or self-drawn, by points or notation), a draw, a false Hu."""
    r = rng.random()
    if r < 0.1:
        return {"draw": True}
    if r < 0.18:
        return {"false_hu": _ref(rng, rng.randrange(4), players)}
    winner = rng.randrange(4)
    hand: dict[str, Any] = {"winner": _ref(rng, winner, players)}
    if rng.random() < 0.6:
        hand["from"] = _ref(rng, rng.choice([i for i in range(4) if i != winner]), players)
    if rng.random() < 0.85:
        hand["points"] = rng.choice((8, 8, 9, 10, 12, 16, 24, 32, 64, 88))
        if rng.random() < 0.1:
            hand["flowers"] = rng.randint(0, 3)
    else:
        hand["notation"] = rng.choice(NOTATIONS)
    if rng.random() < 0.08:
        hand["penalties"] = rng.choice(([0, 0, 0, -5], [-10, 0, 0, 0], [0, -6, 0, 0]))
    return hand


def valid_sheet(rng: random.Random) -> dict[str, Any]:
    """A well-formed 16-hand session (its notations may still disagree with the sheet: documented errors)."""
    players = rng.sample(NAMES, 4)
    sheet: dict[str, Any] = {"players": players}
    if rng.random() < 0.3:
        sheet["false_hu"] = rng.choice(([-30, 10], [-40, 0], [-60, 20]))
    sheet["hands"] = [valid_hand(rng, players) for _ in range(16)]
    return sheet


def weird_json(rng: random.Random, toml: bool = False) -> Any:
    """A value where a sheet or a profile expects another: wrong types, huge numbers, deep nesting, dates."""
    choices: list[Any] = [
        Raw("9" * 5000),
        Raw("-" + "9" * 5000),
        Raw("1" + "0" * 10),
        Raw("[" * DEEP + "]" * DEEP),
        1.5,
        8.0,
        -1,
        0,
        17,
        2**31,
        True,
        False,
        "8",
        "",
        "١٢",
        "+8",
        "x" * 2000,
        [],
        {},
        [1, 2, 3, 4],
        [1, 2, 3],
        {"a": 1},
        player_name(rng),
    ]
    if toml:
        choices += [
            datetime.time(12, 30),
            datetime.date(2024, 1, 1),
            datetime.datetime(2024, 1, 1, 12, 0),
            Raw("{" * 2000 + "}" * 2000),
            Raw("1_000"),
            Raw("0x10"),
            Raw("+8"),
            Raw("inf"),
        ]
    else:
        choices += [None, Raw("NaN"), Raw("1e400"), Raw('{"a":' * 5000 + "1" + "}" * 5000), Raw("-0")]
    return rng.choice(choices)


HAND_KEYS = ("winner", "from", "points", "flowers", "notation", "draw", "false_hu", "penalties", "scores")


def mutate_sheet(sheet: dict[str, Any], rng: random.Random, toml: bool = False) -> Any:
    """`sheet` with one structural change (the caller may apply several)."""
    sheet = copy.deepcopy(sheet)
    hands: list[Any] = sheet.get("hands") if isinstance(sheet.get("hands"), list) else []  # type: ignore[assignment]
    op = rng.randrange(14)
    if op == 0 and hands:  # a field of a hand gets a wrong value
        hand = rng.choice(hands)
        if isinstance(hand, dict):
            hand[rng.choice(HAND_KEYS)] = weird_json(rng, toml)
    elif op == 1:  # more than 16 hands
        extra = rng.choice((1, 1, 2, 5, 20, 200))
        players = sheet.get("players") if isinstance(sheet.get("players"), list) else list(NAMES[:4])
        sheet["hands"] = hands + [valid_hand(rng, players) for _ in range(extra)]
    elif op == 2:  # fewer hands: none, one short, a few
        sheet["hands"] = hands[: rng.choice((0, 0, 1, 15))]
    elif op == 3 and isinstance(sheet.get("players"), list) and sheet["players"]:
        players = sheet["players"]
        i = rng.randrange(len(players))
        if rng.random() < 0.5:
            players[i] = player_name(rng)
        else:  # a name that looks like another one
            players[i] = str(players[(i + 1) % len(players)]) + rng.choice((" ", "\u200b", "\u00a0", ""))
    elif op == 4:  # a top-level key twice
        key = rng.choice(("hands", "players", "false_hu"))
        second = [] if key == "hands" else sheet.get(key)
        return Dup((*sheet.items(), (key, second)))
    elif op == 5 and hands:  # a hand key twice
        i = rng.randrange(len(hands))
        if isinstance(hands[i], dict) and hands[i]:
            key = rng.choice(list(hands[i]))
            hands[i] = Dup((*hands[i].items(), (key, weird_json(rng, toml))))
    elif op == 6:
        sheet[rng.choice(("player", "hand", "extra", "rules", "Hands"))] = weird_json(rng, toml)
    elif op == 7:
        sheet.pop(rng.choice(("players", "hands", "false_hu")), None)
    elif op == 8:
        sheet[rng.choice(("players", "false_hu", "hands"))] = weird_json(rng, toml)
    elif op == 9 and hands:
        hand = rng.choice(hands)
        if isinstance(hand, dict):
            hand["notation"] = mutate(rng.choice(SEEDS), rng, rng.choice((1, 2, 4)))
    elif op == 10:
        sheet["false_hu"] = rng.choice(([-30], [-30, 10, 0], ["-30", 10], [10, -30], [NEG_HUGE, 10], [-30, HUGE]))
    elif op == 11 and hands:
        hand = rng.choice(hands)
        if isinstance(hand, dict):
            hand[rng.choice(("penalties", "scores"))] = rng.choice(
                ([0, 0, 0], [1, 2, 3, 4], [HUGE, 0, 0, 0], ["1", 0, 0, 0], [0.5, 0, 0, 0], [True, 0, 0, 0])
            )
    elif op == 12:
        return weird_json(rng, toml)
    elif op == 13 and hands:  # a hand that is not an object
        hands[rng.randrange(len(hands))] = weird_json(rng, toml)
    return sheet


SESSION_CSV_FIELDS = ("hand", "winner", "from", "points", "flowers", "notation", "false_hu")


def sheet_rows(sheet: Any) -> list[list[str]]:
    """The CSV rows of a sheet (what session CSV reads): the known columns, then the players' penalty columns."""
    players = sheet.get("players") if isinstance(sheet, dict) else None
    if not isinstance(players, list) or len(players) != 4:
        players = list(NAMES[:4])
    players = [str(p) for p in players]
    rows = [[*SESSION_CSV_FIELDS, *players]]
    hands = sheet.get("hands") if isinstance(sheet, dict) else None
    for n, hand in enumerate(hands if isinstance(hands, list) else [], 1):
        if not isinstance(hand, dict):
            hand = {}
        cell = {k: ("draw" if k == "winner" and hand.get("draw") else _cell(hand.get(k))) for k in SESSION_CSV_FIELDS}
        cell["hand"] = str(n)
        penalties = hand.get("penalties")
        pens = (
            [_cell(p) for p in penalties] if isinstance(penalties, list) and len(penalties) == 4 else ["", "", "", ""]
        )
        rows.append([cell[k] for k in SESSION_CSV_FIELDS] + [p if p != "0" else "" for p in pens])
    return rows


def _cell(value: Any) -> str:
    if value is None or value is False:
        return ""
    if isinstance(value, Raw):
        return value.text
    if isinstance(value, int) and value.bit_length() > 10_000:
        return "9" * 5000
    return str(value)


def mutate_rows(rows: list[list[str]], rng: random.Random) -> list[list[str]]:
    """One change to CSV rows: lenient or long numbers, a cell past the csv module's 131,072, a column
    twice or missing, cells added or dropped, rows added or removed, odd player names."""
    rows = [list(r) for r in rows]
    op = rng.randrange(10)
    body = rows[1:]
    if op in (0, 1) and body:  # a number cell
        row = rng.choice(body)
        column = rng.choice([i for i, h in enumerate(rows[0]) if h not in ("notation",)] or [0])
        if column < len(row):
            row[column] = number_text(rng)
    elif op == 2 and body:
        row = rng.choice(body)
        i = rng.randrange(len(row)) if row else 0
        if row:
            row[i] = rng.choice(("9", "a", "=", ",")) * rng.choice((131_073, 140_000, 200_000))
    elif op == 3:  # a header column twice, or renamed
        header = rows[0]
        i = rng.randrange(len(header))
        if rng.random() < 0.5:
            header.append(header[i])
            for row in body:
                row.append(row[i] if i < len(row) else "")
        else:
            header[i] = rng.choice(("Winner", " winner", "points ", "", "pts", header[(i + 1) % len(header)]))
    elif op == 4 and body:
        row = rng.choice(body)
        if rng.random() < 0.5:
            row.append(rng.choice(("", "x", "8")))
        elif row:
            row.pop()
    elif op == 5:  # more rows, or none
        extra = rng.choice((1, 1, 4, 50))
        rows += [list(rng.choice(body or [rows[0]])) for _ in range(extra)]
    elif op == 6:
        rows = rows[: rng.choice((1, 1, 2, 16))]
    elif op == 7:  # an odd player name in the header
        i = rng.randrange(len(SESSION_CSV_FIELDS), len(rows[0])) if len(rows[0]) > len(SESSION_CSV_FIELDS) else 0
        rows[0][i] = player_name(rng)
    elif op == 8 and body:
        row = rng.choice(body)
        if len(row) > 2:
            row[1] = rng.choice(("draw", "DRAW", "Draw ", "0", "5", "", rows[0][-1] + " "))
    elif op == 9:
        rows.insert(1, [""] * len(rows[0]))
    return rows


def session_file(rng: random.Random) -> tuple[str, bytes]:
    """A session file: a name with its format's suffix and its bytes, valid or mutated."""
    fmt = rng.choice(("json", "json", "toml", "csv", "csv"))
    sheet: Any = valid_sheet(rng)
    for _ in range(rng.choice((0, 1, 1, 1, 2, 3))):
        if isinstance(sheet, dict):
            sheet = mutate_sheet(sheet, rng, toml=fmt == "toml")
    if fmt == "json":
        text = dump_json(sheet, rng)
    elif fmt == "toml":
        text = dump_toml(sheet)
    else:
        rows = sheet_rows(sheet if isinstance(sheet, dict) else {})
        for _ in range(rng.choice((0, 1, 1, 2))):
            rows = mutate_rows(rows, rng)
        text = dump_csv(rows, rng.choice((",", ",", ";")), crlf=rng.random() < 0.2)
    data = text.encode("utf-8")
    if rng.random() < 0.12:
        data = mutate_bytes(data, rng)
    suffix = rng.choice((fmt,) * 12 + ("JSON", "txt", "csv", "json", ""))
    return f"s{rng.randrange(100)}.{suffix}".rstrip("."), data


# ---- players files ------------------------------------------------------------------------------


def players_file(rng: random.Random, names: list[str]) -> bytes:
    """A players CSV (name,ema_number,country), valid or mutated."""
    header = ["name", "ema_number", "country"]
    if rng.random() < 0.2:
        header.append(rng.choice(("club", "name", "country", "")))
    rows = [header]
    for name in names:
        rows.append([name, rng.choice(("04010001", "10990002", "", "=1+1", "x")), rng.choice(("FRA", "DEU", "", "@x"))])
        rows[-1] += [""] * (len(header) - 3)
    for _ in range(rng.choice((0, 0, 1, 2))):
        op = rng.randrange(6)
        if op == 0 and len(rows) > 1:
            rows[rng.randrange(1, len(rows))][0] = player_name(rng)
        elif op == 1:
            rows.append(list(rows[-1]))
        elif op == 2 and len(rows) > 1:
            rows[rng.randrange(1, len(rows))][rng.randrange(3)] = "x" * rng.choice((131_073, 150_000))
        elif op == 3:
            rows[0] = rng.choice((["Name", "ema", "country"], ["name"], [], ["name", "name", "country"]))
        elif op == 4:
            rows = rows[:1]
        else:
            rows.append(["", "", ""])
    data = dump_csv(rows, rng.choice((",", ",", ";"))).encode("utf-8")
    return mutate_bytes(data, rng) if rng.random() < 0.1 else data


# ---- house profiles -----------------------------------------------------------------------------


def house_profile(rng: random.Random) -> bytes:
    """A house profile TOML file: a name, maybe a base, switches set to their options; then mutated."""
    from mcr_score.systems.mcr import profiles

    switches = {s.key: list(s.options) for s in profiles.SWITCHES}
    data: dict[str, Any] = {"name": rng.choice(("club-house", "my rules", "Club", "x"))}
    if rng.random() < 0.7:
        data["description"] = rng.choice(("House rules", "", "Règles du club", "俱乐部"))
    base = rng.random() < 0.7
    if base:
        data["base"] = rng.choice(tuple(profiles.PROFILE_CHOICES))
    chosen = rng.sample(list(switches), rng.randint(0, len(switches))) if base else list(switches)
    data["switches"] = {k: rng.choice(switches[k]) for k in chosen}
    text = dump_toml(data)
    for _ in range(rng.choice((0, 1, 1, 2, 3))):
        text = _mutate_house(text, data, rng, switches)
    encoded = text.encode("utf-8")
    return mutate_bytes(encoded, rng) if rng.random() < 0.12 else encoded


def _mutate_house(text: str, data: dict[str, Any], rng: random.Random, switches: dict[str, list[str]]) -> str:
    op = rng.randrange(9)
    if op == 0:
        key = rng.choice(("name", "description", "base", "switches", "extra", "Name"))
        data = {**data, key: weird_json(rng, toml=True)}
        return dump_toml(data)
    if op == 1 and data.get("switches"):
        inner = dict(data["switches"])
        inner[rng.choice([*switches, "no-such-switch", ""])] = rng.choice(
            (weird_json(rng, toml=True), "7", "", "8 ", "EIGHT", 8)
        )
        return dump_toml({**data, "switches": inner})
    if op == 2:  # a key twice, a table twice
        return text + rng.choice(('name = "again"\n', "[switches]\n", 'base = "china"\n', "\n[switches]\nx = 1\n"))
    if op == 3:
        return text + f"deep = {'[' * DEEP}{']' * DEEP}\n"
    if op == 4:
        return text + f"n = {'9' * 5000}\n"
    if op == 5:
        return text.replace('"', "'", rng.randint(1, 3))
    if op == 6:
        return text + rng.choice(("t = 12:30:00\n", "d = 2024-01-01\n", "x = 1979-05-27T07:32:00Z\n"))
    if op == 7:
        return mutate(text, rng, rng.choice((1, 2, 4)))  # notation pieces and splices: broken TOML
    return dump_toml({**data, "name": rng.choice(("green-book", "china", "wmo-2014", " ", "x" * 5000))})


# ---- the other systems' files -------------------------------------------------------------------


def _leaves(data: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    """The path of every value inside a decoded TOML or JSON document (tables, lists and leaves)."""
    if path:
        yield path
    items = data.items() if isinstance(data, dict) else enumerate(data) if isinstance(data, list) else ()
    for key, value in items:
        yield from _leaves(value, (*path, key))


_DROP = object()


def _set(data: Any, path: tuple[Any, ...], value: Any) -> Any:
    """`data` with the value at `path` replaced (`_DROP`: removed), the rest shared."""
    if not path:
        return value
    head, rest = path[0], path[1:]
    if isinstance(data, dict):
        inner = {**data}
        new = _set(data[head], rest, value) if rest else value  # a key of the table's own: set, or added
        if new is _DROP:
            del inner[head]
        else:
            inner[head] = new
        return inner
    items = list(data)
    new = _set(items[head], rest, value) if rest else value
    if new is _DROP:
        del items[head]
    else:
        items[head] = new
    return items


def mutate_document(data: Any, rng: random.Random, toml: bool) -> Any:
    """A decoded user file changed once: a value replaced by one of another kind or out of bounds, a
    key dropped or added, a list's item repeated (up to far more than any game holds)."""
    paths = list(_leaves(data))
    path = rng.choice(paths) if paths else ()
    op = rng.randrange(6)
    if op == 0 and path:
        return _set(data, path, weird_json(rng, toml))
    if op == 1 and path:
        return _set(data, path, _DROP)
    if op == 2:
        tables = [p for p in ((), *paths) if isinstance(_get(data, p), dict)]
        where = rng.choice(tables)
        key = rng.choice(("extra", "Name", "name", "values", "copies", "hand", "rounds", ""))
        return _set(data, (*where, key), weird_json(rng, toml))
    lists = [p for p in ((), *paths) if isinstance(_get(data, p), list) and _get(data, p)]
    if op == 3 and lists:
        where = rng.choice(lists)
        items = _get(data, where)
        return _set(data, where, items + [rng.choice(items)] * rng.choice((1, 2, 20, 600)))
    if op == 4 and path and isinstance(_get(data, path), int | float) and not isinstance(_get(data, path), bool):
        return _set(data, path, rng.choice((0, -1, 1, 10, 99, 100, 10_001, 2**63, -(2**63))))
    if op == 5 and path and isinstance(_get(data, path), str):
        text = _get(data, path)
        at = rng.randint(0, len(text))
        inserted = rng.choice(("x", "9", " ", "[", "J", "\u0000", "FFFF ", "1a ", ""))
        return _set(data, path, text[:at] + inserted + text[at:])
    return _set(data, path, weird_json(rng, toml)) if path else data


def _get(data: Any, path: tuple[Any, ...]) -> Any:
    for key in path:
        data = data[key]
    return data


# ---- claims -------------------------------------------------------------------------------------


SEPARATORS = (",", " ", ";", ", ", "\t", ",,", " , ", "\u3000", "、", "\n", "")
MULTIPLIERS = ("x", "*", "×", "X", " x ", "xx")


def claim_fans_text(rng: random.Random) -> str:
    """Fan ids as a claim writes them (`28,62 69x2`), with odd ids, multipliers and separators."""
    r = rng.random()
    if r < 0.1:
        return rng.choice(("", " ", ",,,", ";;", " , ", "x2", "69x", "69x2x3", "+28", "28.0", "1_2", "٢٨", "２８"))
    items = []
    for _ in range(rng.choice((1, 1, 2, 3, 5, 8))):
        fan = rng.choice(("28", "62", "69", "81", "1", "64", "0", "82", "99", "-1", "007", "٣", "1" * 30))
        if rng.random() < 0.35:
            count = rng.choice(("0", "1", "2", "3", "8", "9", "99", "1000", "99999999", "100000000", "9" * 20, "٢"))
            fan += rng.choice(MULTIPLIERS) + count
        items.append(fan)
    return (
        rng.choice(SEPARATORS[:5]).join(items)
        if rng.random() < 0.8
        else "".join(item + rng.choice(SEPARATORS) for item in items)
    )


def claim_items(text: str) -> list[tuple[str, str | None]]:
    """The items of a claimed-fans text as the reader splits them: (id, multiplier or None)."""
    out = []
    for item in re.split(r"[\s,;]+", text.strip()):
        if item:
            m = re.fullmatch(r"([0-9]+)\s*[x*×]\s*([0-9]+)", item)
            out.append((m[1], m[2]) if m else (item, None))
    return out


def claim_json_value(rng: random.Random) -> Any:
    """`claimed_total` / `claimed_fans` of a JSON record: numbers, lists, strings, wrong types."""
    return rng.choice(
        (
            22,
            0,
            -1,
            Raw("9" * 5000),
            Raw("1" + "0" * 12),
            1.5,
            True,
            None,
            "22",
            "+8",
            "١٢",
            [28, 62],
            [69, 69, 81],
            [0],
            [82],
            [True],
            ["28"],
            [1.0],
            [Raw("9" * 5000)],
            [28] * 500,
            claim_fans_text(rng),
            {},
        )
    )


# ---- Python values ------------------------------------------------------------------------------


def odd_value(rng: random.Random) -> Any:
    """A value a caller might pass by mistake: wrong types, NaN, huge numbers, NUL, paths, bytes."""
    return rng.choice(
        (
            None,
            True,
            False,
            0,
            -1,
            8,
            2**63,
            HUGE,
            NEG_HUGE,
            BIG,
            1.5,
            float("nan"),
            float("inf"),
            -0.0,
            "",
            " ",
            "\x00",
            "a\x00b.toml",
            "E",
            "x" * 100_000,
            "١٢",
            b"1234",
            b"123456789m123p5s5s",
            bytearray(b"12"),
            Path("house.toml"),
            Path("missing.toml"),
            Path("dir"),
            Path("loop"),
            Path("s.json"),
            "house.toml",
            "s.json",
            "missing.json",
            [],
            [1, 2, 3, 4],
            [HUGE, 0, 0, 0],
            (1, 2, 3, 4),
            {"a": 1},
            {},
            set(),
            object(),
            Fraction(1, 3),
            Decimal("NaN"),
            Decimal("8"),
            complex(1, 1),
            range(4),
            "1m2m3m",
            ["1m", 5],
            ["9z"],
            [None],
        )
    )
