"""Reading a record file: its bytes (a regular file of bounded size, or bytes given in Python), JSON
decoded by the one rule of `decoding`, and the fields of a record read with every problem named by
its file and field (`GHQY2zTj.json: records[3].step.a[57]: ...`)."""

from __future__ import annotations

import functools
import os
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from mcr_score import files
from mcr_score.decoding import DataError, loads_json, located, shown
from mcr_score.games.errors import GameRecordError
from mcr_score.games.model import Flower, Four, Piece
from mcr_score.messages import Message, count, msg
from mcr_score.tiles import Tile
from mcr_score.values import reduce

MAX_RECORD_FILE = 16 * 1024 * 1024
"""The largest record file read whole: a tziakcha session is some 100 KiB (16 hands, at most 128 KiB
each decoded: `MAX_ACTIONS`), a Botzone match log some 120 KiB, an app's whole history a few MiB.
Its JSON, held as Python's values, takes some ten times its size (16 MiB of actions: 180 MB, under a
second). A Botzone `data.txt` (98,209 hands, far larger) is read as it streams, a line at a time."""
MAX_ACTIONS = 2_000
"""The most actions a hand's record may hold, from what the game allows (R98 Art. 2-7): 91 pieces
left to draw after the deal (144 - 53), so 91 draws; at most 108 discards (a draw's, a claim's: 16
chows and pungs, four seats of four melds, and the dealer's first); 16 kongs, 16 claims, 8 flowers,
4 Hu; and each discard or added kong answered by at most three seats, each with three acts at most
(tziakcha writes a claim first with no tile, then a pass or the claim, and a win declined): some
1,550 in all. A real hand has some 200 (tziakcha's session: 197 actions; Botzone's sample: 181
lines a match). Beyond it a record is refused by name, before its actions are read (a 3.6 MB
script of 450,000 actions used to cost a review 50 s and 1 GB)."""
MAX_SESSION_HANDS = 16
"""The hands of one session: four rounds of four (R98 Art. 4; tziakcha's rooms `g.n`, hand index
`i` 0-15, Salasasa's `current_round` 1-16)."""
MAX_FILE_HANDS = 1_000
"""The hands of a file read whole (PMN boards: a tournament's duplicate boards are some hundred):
a larger file is refused by name at once (a Botzone text of any size streams)."""
JSON_DIGITS = 20
"""The digits a number of a record may have: milliseconds since 1970 (13) and the 64-bit fan fields
of 国标小助手 (20). The bounds of the game are checked field by field."""


@dataclass(frozen=True, slots=True, eq=False)
class Input:
    """A record file: the name its problems give (the path, or `<bytes>`), and its bytes. Equal only
    to itself: `json_of` keeps the documents of the last few by identity, where hashing the bytes
    cost some 3 instructions a byte (150 thousand a tziakcha session)."""

    name: str
    data: bytes

    @property
    def stem(self) -> str:
        """The file name without folder and extension: a game's id when the record has none."""
        base = os.path.basename(self.name)
        return base.split(".")[0] or base

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled by its fields (`values.reduce`): compiled, pickle's default cannot rebuild it."""
        return reduce(self)


def read_input(source: str | os.PathLike[str] | bytes, limit: int = MAX_RECORD_FILE) -> Input:
    """The record file at a path (a regular file of at most `limit` bytes, `unreadable-file`
    otherwise), or bytes given in Python (named `<bytes>`)."""
    if isinstance(source, bytes | bytearray):
        if len(source) > limit:
            raise files.InputFileError(msg("file.too-large", most=limit), where="<bytes>")
        return Input("<bytes>", bytes(source))
    if not isinstance(source, str | os.PathLike):
        raise TypeError(f"a record is a path or bytes, not {type(source).__name__}")
    return Input(os.fspath(source), files.read_bytes(source, limit))


def _utf8(data: Input) -> bytes:
    """The file's bytes, a byte-order mark dropped."""
    return data.data[3:] if data.data.startswith(b"\xef\xbb\xbf") else data.data


def text_of(data: Input) -> str:
    """The file as UTF-8 text (a byte-order mark dropped); a bad byte is named by its line and column."""
    raw = _utf8(data)
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as e:
        start = raw.rfind(b"\n", 0, e.start) + 1
        line = raw.count(b"\n", 0, start) + 1
        skipped = len(data.data) - len(raw)  # the byte-order mark: the file's bytes count it
        raise encoding_error(data.name, raw[start : e.end], e.start - start, line, skipped + e.start) from None


def encoding_error(name: str, line_bytes: bytes, at: int, line: int, offset: int) -> GameRecordError:
    """A byte that is not UTF-8: `at` its place in the bytes of its line (`line`, counted from 1),
    `offset` in the file's (from 0). Named by line and column (in characters, as an editor counts
    them: what precedes it on the line is UTF-8) and by its byte in the file."""
    column = len(line_bytes[:at].decode("utf-8", errors="replace")) + 1
    return GameRecordError(
        msg("record.encoding", file=name, byte=line_bytes[at], line=line, column=column, at=offset + 1),
        where=f"line {line}, column {column}",
    )


@functools.lru_cache(maxsize=4)
def json_of(data: Input) -> Any:
    """The file as one JSON document (no key twice, bounded nesting and numbers); decoded once when
    the format is told from the content and then read.

    The text is decoded only if the parser needs it: the compiled scanner reads the bytes (and a
    document it reads is valid UTF-8). The garbage collector is left as the caller set it: a
    library reader switches no process-wide state (the command line and batch settle it)."""
    try:
        return loads_json(lambda: text_of(data), digits=JSON_DIGITS, raw=_utf8(data))
    except DataError as e:
        reason = located(text_of(data), e).msg  # valid UTF-8: the parser read it
        raise GameRecordError(msg("record.json", file=data.name, reason=reason)) from None


class Fields:
    """The fields of one record file, each read with its path for the message of its problem."""

    def __init__(self, name: str) -> None:
        self.name = name

    def error(self, where: str, problem: Message) -> GameRecordError:
        """The problem of the field at `where` (the document's root: `""`, the file's own problem)."""
        if not where:
            return GameRecordError(msg("record.file", file=self.name, problem=problem))
        return GameRecordError(msg("record.field", file=self.name, field=where, problem=problem), where=where)

    def get(self, obj: Mapping[str, Any], key: str, where: str) -> Any:
        if key not in obj:
            raise self.error(_join(where, key), msg("record.missing"))
        return obj[key]

    def obj(self, value: Any, where: str) -> dict[str, Any]:
        if not isinstance(value, dict):
            raise self.error(where, msg("record.type", expected=msg("record.kind.object"), found=shown(value)))
        return value

    def seq(self, value: Any, where: str, length: int | None = None) -> Sequence[Any]:
        if not isinstance(value, list):
            raise self.error(where, msg("record.type", expected=msg("record.kind.list"), found=shown(value)))
        if length is not None and len(value) != length:
            raise self.error(where, msg("record.length", n=count("n.item", len(value)), want=length))
        return value

    def num(self, value: Any, where: str, low: int | None = None, high: int | None = None) -> int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise self.error(where, msg("record.type", expected=msg("record.kind.number"), found=shown(value)))
        below = low is not None and value < low
        if below or (high is not None and value > high):  # a bound not given is not shown (no "0 to None")
            if low is not None and high is not None:
                raise self.error(where, msg("record.range", value=value, low=low, high=high))
            if below:
                raise self.error(where, msg("record.range-low", value=value, low=low))
            raise self.error(where, msg("record.range-high", value=value, high=high))
        return value

    def text(self, value: Any, where: str) -> str:
        if not isinstance(value, str):
            raise self.error(where, msg("record.type", expected=msg("record.kind.text"), found=shown(value)))
        return value

    def tile(self, piece: Piece, code: Any, where: str) -> Tile:
        """The piece read from `code` where a tile must stand: a flower there is the code's problem."""
        if isinstance(piece, Flower):
            raise self.error(where, msg("record.tile-code", code=code))
        return piece

    def name_of(self, value: Any, where: str) -> str:
        """A player's name: text, or a number some platforms give (kept as its digits)."""
        if isinstance(value, int) and not isinstance(value, bool):
            return str(value)
        return self.text(value, where).strip()


def _join(where: str, key: str) -> str:
    return f"{where}.{key}" if where else key


def by_seat(values: Sequence[int], seat_of: Sequence[int]) -> Four:
    """A score sheet's values by player put in seat order (`seat_of[player]` is the player's seat)."""
    out = [0, 0, 0, 0]
    for player, value in enumerate(values):
        out[seat_of[player]] = value
    return (out[0], out[1], out[2], out[3])


def names4(names: Sequence[str]) -> tuple[str, str, str, str]:
    """Four names as a tuple; an empty one becomes `East`, `South`... by its seat."""
    seats = ("East", "South", "West", "North")
    out = [n or seats[i] for i, n in enumerate(names)]
    return (out[0], out[1], out[2], out[3])
