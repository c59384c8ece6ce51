"""Decoding what users write, by one rule on every surface: whole numbers are ASCII digits (a JSON
number in JSON), JSON and TOML documents have bounded nesting and numbers and no repeated key.

Python alone would accept `١٢`, `１２`, `1_2` and `+8` in `int()`, keep the last of two equal JSON
keys, raise `ValueError` past 4,300 digits and `RecursionError` past a thousand brackets: each a
different answer on a different surface. Here each is a `DataError` with a message by id, which
a caller re-raises in its own class (a session, a profile, a request) naming its file or field.
"""

from __future__ import annotations

import datetime
import functools
import json
import math
import re
from collections.abc import Callable, Iterator, Mapping
from typing import TYPE_CHECKING, Any, Final, final

from mcr_score import compiled
from mcr_score.errors import (
    DataError as DataError,  # its home is errors (a compiled module cannot define it); named here too
)
from mcr_score.messages import msg

if TYPE_CHECKING:  # a machine int in the compiled build, an int in pure Python (only annotations name it)
    from mypy_extensions import i64

MAX_DIGITS = 9
"""The most digits a number may have anywhere a user writes one: no score, count or setting of the
game comes near 10^9, and each caller bounds its own field tighter."""

_INT = re.compile(rf"-?[0-9]{{1,{MAX_DIGITS}}}")  # ASCII digits only: not ٣, ２, ², 1_2 or +8
_TOO_LONG = re.compile(r"-?[0-9]+")


def ascii_int(text: str) -> int | None:
    """The whole number written in `text` (surrounding spaces allowed), or None: an optional `-`
    and 1 to `MAX_DIGITS` ASCII digits, nothing else."""
    written = text.strip()
    return int(written) if _INT.fullmatch(written) else None


def too_long(text: str) -> bool:
    """Whether `text` is a whole number with more digits than any the game has (so the message can
    say "too large" rather than "not a number")."""
    return _TOO_LONG.fullmatch(text.strip()) is not None and ascii_int(text) is None


def _json_int(text: str, digits: int = MAX_DIGITS) -> int:
    if len(text.lstrip("-")) > digits:
        raise DataError(msg("data.number-digits", most=digits))
    return int(text)


def _json_float(text: str) -> float:
    """A JSON number with a fraction or exponent; `1e400` would be infinity, which JSON has not."""
    value = float(text)
    if not math.isfinite(value):
        raise DataError(msg("data.json-number", text=text if len(text) <= 40 else text[:39] + "…"))
    return value


def _json_constant(name: str) -> Any:
    raise DataError(msg("data.json-constant", name=name))


def _json_object(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """An object, its pairs made a dict at C speed; only when a key was lost is the first repeated one
    looked for (a record has thousands of objects, none with a key twice)."""
    out = dict(pairs)
    if len(out) != len(pairs):
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                raise DataError(msg("data.duplicate-key", key=key))
            seen.add(key)
    return out


_DIGITS_AS_ZERO = bytes.maketrans(b"0123456789", b"0" * 10)


def _may_hold_long_int(text: str, digits: int, raw: bytes | None = None) -> bool:
    """Whether a run of more than `digits` digits stands where a JSON integer can start: after the
    text's start, `[`, `,` or `:`, whitespace and a `-`. Runs inside strings only (a record's hex
    wall) leave the fast path; a string that looks so (`"a,123…"`) only sends the text to the careful
    path, which tells the one from the other. The runs are found in the UTF-8 bytes with every digit
    made `0` (a byte search, some ten times faster than a regular expression on the text); what
    precedes a run is ASCII, which UTF-8 never writes inside a character. `raw`, the text's own UTF-8
    bytes when the caller has them (a file read), saves encoding it again."""
    data = (text.encode("utf-8", "surrogatepass") if raw is None else raw).translate(_DIGITS_AS_ZERO)
    run = b"0" * (digits + 1)
    start = data.find(run)
    while start >= 0:
        i = start - 1
        if i >= 0 and data[i] == 0x2D:  # -
            i -= 1
        while i >= 0 and data[i] in b" \t\n\r":
            i -= 1
        if i < 0 or data[i] in b"[,:":
            return True
        start = data.find(run, start + len(run))
    return False


class _Unscanned(Exception):
    """What the scanner leaves to the parser: anything but the plain JSON of a program's record."""


_SCAN_DEPTH: Final = 64  # deeper nesting goes to the parser, which bounds it with its own message
_SCAN_DIGITS: Final = 18  # the most digits a machine int holds whatever they are


@final
class _Scanner:
    """A JSON document read from its UTF-8 bytes, when it is what a program writes: objects with no
    key twice, arrays, integers of at most `digits` digits, strings with no escape, `true`, `false`,
    `null`. Anything else (a fraction, an escape, a control character, a repeated key, an error, deep
    nesting) raises `_Unscanned` and the document goes to `json.loads`, which gives the same value
    or names the problem. Compiled, it reads a tziakcha record in two thirds of the parser's time,
    whose integers each cost some 400 instructions (`PyLong_FromString`); a record is hundreds."""

    def __init__(self, data: bytes, digits: int) -> None:
        self.data = data
        self.end: i64 = len(data)
        self.pos: i64 = 0
        self.digits: i64 = min(digits, _SCAN_DIGITS)

    def next_byte(self) -> i64:
        """The next byte that is not whitespace (standing at it), or -1 at the end."""
        data = self.data
        i = self.pos
        end = self.end
        while i < end:
            c = data[i]
            if c != 32 and c != 10 and c != 13 and c != 9:
                self.pos = i
                return c
            i += 1
        self.pos = i
        return -1

    def value(self, depth: i64) -> Any:
        c = self.next_byte()
        if c == 91:  # [
            return self.array(depth + 1)
        if c == 123:  # {
            return self.obj(depth + 1)
        if c == 34:  # "
            return self.string()
        if 48 <= c <= 57 or c == 45:  # a digit, -
            return self.number()
        i = self.pos
        for word, constant in _WORDS:
            if self.data.startswith(word, i):
                self.pos = i + len(word)
                return constant
        raise _Unscanned

    def number(self) -> int:
        data = self.data
        i = self.pos
        if data[i] == 45:
            i += 1
        start = i
        stop = start + self.digits
        if stop > self.end:
            stop = self.end
        value: i64 = 0
        while i < stop:
            c = data[i]
            if c < 48 or c > 57:
                break
            value = value * 10 + (c - 48)
            i += 1
        if i == start or (i - start > 1 and data[start] == 48):  # no digit, or a leading zero
            raise _Unscanned
        if i < self.end:
            c = data[i]
            if 48 <= c <= 57 or c == 46 or c == 101 or c == 69:  # too many digits, or a fraction or exponent
                raise _Unscanned
        negative = start > self.pos
        self.pos = i
        return -value if negative else value

    def string(self) -> str:
        data = self.data
        start = self.pos + 1
        i = start
        end = self.end
        while i < end:
            c = data[i]
            if c == 34:
                self.pos = i + 1
                return data[start:i].decode("utf-8")
            if c == 92 or c < 32:  # an escape, or a control character JSON forbids there
                raise _Unscanned
            i += 1
        raise _Unscanned

    def array(self, depth: i64) -> list[Any]:
        if depth > _SCAN_DEPTH:
            raise _Unscanned
        self.pos += 1
        out: list[Any] = []
        if self.next_byte() == 93:  # ]
            self.pos += 1
            return out
        while True:
            out.append(self.value(depth))
            c = self.next_byte()
            self.pos += 1
            if c == 93:
                return out
            if c != 44:  # ,
                raise _Unscanned

    def obj(self, depth: i64) -> dict[str, Any]:
        if depth > _SCAN_DEPTH:
            raise _Unscanned
        self.pos += 1
        out: dict[str, Any] = {}
        c = self.next_byte()
        if c == 125:  # }
            self.pos += 1
            return out
        while True:
            if c != 34:
                raise _Unscanned
            key = self.string()
            if self.next_byte() != 58:  # :
                raise _Unscanned
            self.pos += 1
            value = self.value(depth)
            if key in out:
                raise _Unscanned
            out[key] = value
            c = self.next_byte()
            self.pos += 1
            if c == 125:
                return out
            if c != 44:
                raise _Unscanned
            c = self.next_byte()


_WORDS: Final[tuple[tuple[bytes, Any], ...]] = ((b"true", True), (b"false", False), (b"null", None))
UNSCANNED: Final = object()
"""What `scan_json` returns for a document it leaves to the parser."""


def scan_json(data: bytes, digits: int = MAX_DIGITS) -> Any:
    """The document in `data` (UTF-8, no byte-order mark) as `json.loads` would give it, or
    `UNSCANNED` when it is not plain enough for the scanner (see `_Scanner`)."""
    scanner = _Scanner(data, digits)
    try:
        value = scanner.value(0)
        if scanner.next_byte() != -1:
            return UNSCANNED
        return value
    except (_Unscanned, UnicodeDecodeError):
        return UNSCANNED


SCAN: bool = compiled
"""Whether `loads_json` tries the scanner first: compiled it is the quicker; in pure Python the
parser in C is."""


def loads_json(text: str | Callable[[], str], digits: int = MAX_DIGITS, raw: bytes | None = None) -> Any:
    """A JSON document: no key twice in an object, numbers of at most `digits` digits (a user's
    numbers: `MAX_DIGITS`; a program's record may hold a time in milliseconds or a 64-bit field), no
    NaN/Infinity (nor a number so large it would be infinity), nesting as deep as the parser takes
    without running out of stack. A text with no run of more than `digits` digits holds no such
    number, and its integers are read by the parser itself (a record holds thousands of them).
    `raw`: the text's UTF-8 bytes, if the caller read them (they must be exactly that); with them
    the compiled build scans the document first (`scan_json`), and `text` may be a function that
    gives the text, called only when the parser needs it (a file's decoding, with its errors)."""
    if raw is not None and SCAN:
        value = scan_json(raw, digits)
        if value is not UNSCANNED:
            return value
    if not isinstance(text, str):
        text = text()
    if not _may_hold_long_int(text, digits, raw):
        parse_int: Any = None
    else:
        parse_int = _json_int if digits == MAX_DIGITS else functools.partial(_json_int, digits=digits)
    try:
        return json.loads(
            text,
            object_pairs_hook=_json_object,
            parse_int=parse_int,
            parse_float=_json_float,
            parse_constant=_json_constant,
        )
    except json.JSONDecodeError as e:
        raise DataError(msg("data.json", reason=e.msg, line=e.lineno, column=e.colno)) from None
    except RecursionError:
        raise DataError(msg("data.deep")) from None


def located(text: str, error: DataError) -> DataError:
    """`error`, of `loads_json(text)`, with the line and column of the value it refuses when the
    parser's hooks found it (a key twice, a number too long or out of range, a constant), which the
    parser does not tell them; as it was otherwise (a syntax error names its own place)."""
    at = _place(text, error.msg.id, error.msg.args)
    if at < 0:
        return error
    line = text.count("\n", 0, at) + 1
    column = at - (text.rfind("\n", 0, at) + 1) + 1
    return DataError(msg("data.at", problem=error.msg, line=line, column=column))


_TOKEN: Final = re.compile(r'"(?:[^"\\]|\\.)*"|[\[\]{},:]|-?[0-9][0-9.eE+-]*|NaN|-?Infinity')
"""The tokens of a JSON text that `_place` looks at: strings (whole: what they hold is no token),
brackets and separators, numbers, the constants JSON has not; the rest (spaces, `true`...) between."""


_HOOKED: Final = frozenset({"data.duplicate-key", "data.json-constant", "data.number-digits", "data.json-number"})
"""The problems the parser's hooks raise, which `_place` finds in the text."""


def _place(text: str, problem: str, args: Mapping[str, Any]) -> int:
    """Where in `text` the value stands that the parser's hooks refused (`problem`, a message id, and
    its arguments): the second of a key given twice, a number of too many digits or out of range, a
    constant; -1 if not found. Walked only for a message: the parser gives no place to its hooks (a
    syntax error has its own place, and its text may hold strings no parser reads: none is walked)."""
    if problem not in _HOOKED:
        return -1
    keys: list[set[str] | None] = []  # each open object's keys (None: an array)
    string = ""
    string_at = -1
    for m in _TOKEN.finditer(text):
        token = m.group()
        c = token[0]
        if c == "{":
            keys.append(set())
        elif c == "[":
            keys.append(None)
        elif c == "}" or c == "]":
            if keys:
                keys.pop()
        elif c == '"':
            string, string_at = token, m.start()
        elif c == ":":
            seen = keys[-1] if keys else None
            if seen is not None and string_at >= 0:
                try:
                    key = json.loads(string)
                except ValueError:  # not a string the parser read: not the key it refused
                    continue
                if key in seen and problem == "data.duplicate-key" and key == args.get("key"):
                    return string_at
                seen.add(key)
        elif c == ",":
            continue
        elif token in ("NaN", "Infinity", "-Infinity"):
            if problem == "data.json-constant" and token == args.get("name"):
                return m.start()
        elif problem == "data.number-digits":
            digits = token.lstrip("-")
            if digits.isdigit() and len(digits) > int(args.get("most", MAX_DIGITS)):
                return m.start()
        elif problem == "data.json-number":
            try:
                value = float(token)
            except ValueError:
                continue
            if not math.isfinite(value):
                return m.start()
    return -1


def loads_toml(text: str) -> dict[str, Any]:
    """A TOML document (tomllib already refuses a key twice), nesting bounded as for JSON and every
    integer of at most `MAX_DIGITS` digits, wherever it stands."""
    import tomllib  # here: only house rules and TOML sheets need it

    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        raise DataError(msg("data.toml", reason=str(e))) from None
    except RecursionError:
        raise DataError(msg("data.deep")) from None
    except ValueError:  # Python's own limit on the digits of an integer literal
        raise DataError(msg("data.number-digits", most=MAX_DIGITS)) from None
    for value in _leaves(data):
        if isinstance(value, int) and not isinstance(value, bool) and len(str(abs(value))) > MAX_DIGITS:
            raise DataError(msg("data.number-digits", most=MAX_DIGITS))
    return data


def _leaves(data: Any) -> Iterator[Any]:
    """Every value in a decoded document, without recursion (the document may be deeply nested)."""
    stack = [data]
    while stack:
        value = stack.pop()
        if isinstance(value, dict):
            stack.extend(value.values())
        elif isinstance(value, list):
            stack.extend(value)
        else:
            yield value


def shown(value: Any) -> str:
    """A decoded value as the user wrote it, for a message: JSON for what JSON has, TOML's own
    spelling for a date or time (which `json.dumps` cannot write), and at most 40 characters."""
    if isinstance(value, datetime.date | datetime.time):
        text = value.isoformat()
    else:
        try:
            text = json.dumps(value, ensure_ascii=False)
        except (TypeError, ValueError, RecursionError):
            text = type(value).__name__
    return text if len(text) <= 40 else text[:39] + "…"
