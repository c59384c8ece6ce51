"""Reading record files of any format: the format told from the content, the reader of each
format, the files read whole or streamed (`mcr_score.games` exports these names)."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator, Sequence
from typing import Any

from mcr_score import files
from mcr_score.errors import McrError
from mcr_score.games import _api_fast, botzone, gbhelper, mahjongscoring2, pmn, salasasa, tziakcha
from mcr_score.games.errors import GameRecordError, RecordInputError, UnknownRecordFormatError
from mcr_score.games.model import AUTO, Game, RecordFormat
from mcr_score.games.reading import Input, encoding_error, json_of, read_input
from mcr_score.messages import msg

FORMATS = tuple(RecordFormat)
SNIFF_BYTES = 64 * 1024
MAX_TEXT_LINE = 100_000  # characters: a Botzone line is under 100; a longer one is no record


JSON_FORMATS: tuple[tuple[RecordFormat, Callable[[Any], bool]], ...] = (
    (RecordFormat.TZIAKCHA, tziakcha.looks_like),
    (RecordFormat.SALASASA, salasasa.looks_like),
    (RecordFormat.BOTZONE, botzone.looks_like_log),
    (RecordFormat.GBHELPER, gbhelper.looks_like),
    (RecordFormat.MAHJONGSCORING2, mahjongscoring2.looks_like),
)
"""The formats written in JSON, in the order content is told by, each with its test of a document."""
TEXT_FORMATS: tuple[tuple[RecordFormat, Callable[[str], bool]], ...] = (
    (RecordFormat.PMN, pmn.looks_like),
    (RecordFormat.BOTZONE, botzone.looks_like_text),
    (RecordFormat.MAHJONGSCORING2, mahjongscoring2.looks_like_csv),
)
"""The formats written as text, each with its test of the text's start."""


def _looks_like(data: Input) -> list[RecordFormat]:
    """The formats whose records the content looks like, in the order `_format_of` tries them: the
    text formats by the first bytes, the JSON ones by the document (a `GameRecordError` when the
    content starts as JSON and is none)."""
    head = data.data[:SNIFF_BYTES].lstrip(b"\xef\xbb\xbf \t\r\n")
    text = head.decode("utf-8", errors="replace")
    found = [fmt for fmt, looks_like in TEXT_FORMATS if looks_like(text)]
    if not found and head[:1] in (b"{", b"["):
        doc = json_of(data)
        found = [fmt for fmt, looks_like in JSON_FORMATS if looks_like(doc)]
    return found


def _format_of(data: Input) -> RecordFormat:
    """The format of a record from its content."""
    found = _looks_like(data)
    if not found:
        raise UnknownRecordFormatError(msg("record.unknown", file=data.name, known=", ".join(FORMATS)))
    return found[0]


def check_format(source: str | os.PathLike[str] | bytes, fmt: RecordFormat) -> None:
    """The content is a record of `fmt` as far as its start or its document tells (the test each
    format's reader is told by; `--from auto` tells the format by the same tests): else a
    `RecordInputError` (exit 2) saying it is none, and which format it looks like if it looks like
    one. A Botzone text is told by its first bytes (it streams, however large)."""
    name = os.fspath(source) if isinstance(source, str | os.PathLike) else "<bytes>"
    if isinstance(source, str | os.PathLike):
        head = _head(source).lstrip(b"\xef\xbb\xbf \t\r\n")
        if fmt is RecordFormat.BOTZONE and botzone.looks_like_text(head.decode("utf-8", errors="replace")):
            return
    try:
        found = _looks_like(read_input(source))
    except GameRecordError as e:  # JSON that does not decode
        if fmt not in {f for f, _ in JSON_FORMATS}:
            found = []
        else:
            reason = e.msg.args.get("reason", e.msg)  # the decoding's problem, without the file named again
            raise RecordInputError(msg("record.not-format", file=name, format=fmt.value, reason=reason)) from None
    if fmt in found:
        return
    reason = msg("record.looks-like", format=found[0].value) if found else msg("record.looks-like-none")
    raise RecordInputError(msg("record.not-format", file=name, format=fmt.value, reason=reason))


def _reader(fmt: RecordFormat, data: Input) -> Callable[[Input], list[Game]]:
    """The reader of a format for this file (JSON or text, as the format has both)."""
    head = data.data[:SNIFF_BYTES].lstrip(b"\xef\xbb\xbf \t\r\n")
    is_json = head[:1] in (b"{",) or (head[:1] == b"[" and not pmn.looks_like(head[:200].decode("utf-8", "replace")))
    if fmt is RecordFormat.TZIAKCHA:
        return tziakcha.read
    if fmt is RecordFormat.SALASASA:
        return salasasa.read
    if fmt is RecordFormat.BOTZONE:
        return botzone.read_log if is_json else botzone.read_text
    if fmt is RecordFormat.PMN:
        return pmn.read
    if fmt is RecordFormat.GBHELPER:
        return gbhelper.read
    return mahjongscoring2.read if is_json else mahjongscoring2.read_csv


def record_format(name: str | RecordFormat | None) -> RecordFormat | None:
    """A format given by name (`tziakcha`, ...) or as a `RecordFormat`; None or `auto`: from the content."""
    if name is None or name == AUTO:
        return None
    if isinstance(name, RecordFormat):
        return name
    if not isinstance(name, str):
        raise TypeError(f"a record format is a str or a RecordFormat, not {type(name).__name__}")
    try:
        return RecordFormat(name)
    except ValueError:
        raise UnknownRecordFormatError(msg("record.format-name", name=name[:40], known=", ".join(FORMATS))) from None


def detect(source: str | os.PathLike[str] | bytes) -> RecordFormat:
    """The format of a record file (or bytes) from its content: a text format from its first bytes
    (a Botzone text may be far larger than any file read whole), a JSON one from the whole file."""
    if isinstance(source, str | os.PathLike):
        head = _head(source)
        text = head.lstrip(b"\xef\xbb\xbf \t\r\n").decode("utf-8", errors="replace")
        if botzone.looks_like_text(text):
            return RecordFormat.BOTZONE
    return _format_of(read_input(source))


def readable(path: str | os.PathLike[str]) -> None:
    """A record file that can be read: a regular file, opened (`files.read_bytes`'s checks)."""
    _head(path)


def check_inputs(paths: Sequence[str], fmt: str | None) -> None:
    """Every file readable and of a record format (the one given, or one told from its content),
    before a run over them (batch, convert, review, session and standings `--from`): a usage error
    naming the file."""
    try:
        chosen = record_format(fmt)
    except McrError as e:
        raise RecordInputError(e.msg) from None
    seen: dict[tuple[int, int], str] = {}  # each file once, by what it is (a link or another path to it too)
    for path in paths:
        if not path or path == "-":
            raise RecordInputError(msg("batch.games.stdin"))
        try:
            same = _identity(path)
            if same is not None and same in seen:
                raise RecordInputError(msg("batch.games.twice", path=path, first=seen[same]))
            if same is not None:
                seen[same] = path
            if chosen is None:
                detect(path)
            else:
                check_format(path, chosen)
        except files.InputFileError as e:  # a file's problem, said without its name
            raise RecordInputError(msg("batch.games.input", path=path, reason=e.msg)) from None
        except McrError as e:  # a record's problem names its file already (read_game's errors do)
            raise RecordInputError(e.msg) from None
        finally:  # the document read for the check is not kept: the run reads the file again
            json_of.cache_clear()


def _identity(path: str) -> tuple[int, int] | None:
    """The file a path names (device and inode), None when it cannot be told (the read names why)."""
    try:
        st = os.stat(path)
    except (OSError, ValueError):
        return None
    return (st.st_dev, st.st_ino)


def iter_games(source: str | os.PathLike[str] | bytes, format: str | RecordFormat | None = None) -> Iterator[Game]:
    """The games of a record file, one at a time. A Botzone text (the 98,209 hands of its
    `data.txt`) is read as it streams; any other file is read whole (at most 16 MiB)."""
    fmt = record_format(format)
    if isinstance(source, str | os.PathLike) and fmt in (None, RecordFormat.BOTZONE):
        head = _head(source)
        if botzone.looks_like_text(head.decode("utf-8", errors="replace")):
            yield from botzone.iter_text(os.fspath(source), _lines(source))
            return
    data = read_input(source)
    fmt = fmt or _format_of(data)
    yield from _reader(fmt, data)(data)


def _head(path: str | os.PathLike[str]) -> bytes:
    """The first bytes of a file, checked as every file read is (`files.read_bytes`), however large."""
    try:
        return files.read_bytes(path, SNIFF_BYTES)
    except files.InputFileError as e:
        if e.msg.id != "file.too-large":
            raise
    with open(path, "rb") as f:
        return f.read(SNIFF_BYTES)


def iter_text_piece(
    path: str, start: int, end: int, first: int, earlier: Sequence[tuple[str, str]] = ()
) -> Iterator[Game]:
    """The matches of a piece of a Botzone text, its bytes `start` to `end` cut at a `Match` line
    (`batch --from` in its workers): read as `iter_games` reads the whole text, its lines numbered
    from `first`; `earlier` the match ids of the piece already given before it, with where."""
    lines = _api_fast.piece_lines(path, start, end)  # None: a piece `_lines` has something to say of
    return botzone.iter_text(
        path, _lines(path, start, end, first) if lines is None else lines, first=first, seen=dict(earlier)
    )


def _lines(path: str | os.PathLike[str], start: int = 0, end: int | None = None, first: int = 1) -> Iterator[str]:
    """The lines of a large text file (or of its bytes `start` to `end`, cut at line ends, the
    first line numbered `first`), decoded one at a time; a line too long or not UTF-8 is an
    error naming its line (and a bad byte's column, and its byte in the file)."""
    name = os.fspath(path)
    offset = start  # of the line's first byte in the file
    with open(path, "rb") as f:
        f.seek(start)
        for number, raw in enumerate(iter(lambda: f.readline(4 * MAX_TEXT_LINE + 2), b""), first):
            if end is not None and offset >= end:
                return
            if len(raw) > 4 * MAX_TEXT_LINE and not raw.endswith(b"\n"):
                raise GameRecordError(msg("record.line-long", file=name, line=number, most=MAX_TEXT_LINE))
            try:
                text = raw.decode("utf-8")
            except UnicodeDecodeError as e:
                raise encoding_error(name, raw, e.start, number, offset + e.start) from None
            if len(text) > MAX_TEXT_LINE + 2:  # the bound is in characters (a line break's two past it)
                raise GameRecordError(msg("record.line-long", file=name, line=number, most=MAX_TEXT_LINE))
            yield text
            offset += len(raw)


def read_games(source: str | os.PathLike[str] | bytes, format: str | RecordFormat | None = None) -> tuple[Game, ...]:
    """Every game of a record file (an app's history holds several sheets, a Botzone text one game
    a match)."""
    return tuple(iter_games(source, format))


def read_game(source: str | os.PathLike[str] | bytes, format: str | RecordFormat | None = None) -> Game:
    """The game of a record file (a path or bytes): its players, hands, every event, the winning
    hands rebuilt and the results the record gives. `format` None (or `auto`): told from the content.
    A file of several games is a `GameRecordError` naming how many (`read_games` reads them all)."""
    games = read_games(source, format)
    if len(games) != 1:
        name = os.fspath(source) if isinstance(source, str | os.PathLike) else "<bytes>"
        raise GameRecordError(msg("record.several", file=name, n=len(games)))
    return games[0]
