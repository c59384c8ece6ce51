"""Reading: a byte stream becomes numbered records, never holding more than one line.

Lines over `MAX_LINE` characters or not in UTF-8 become records that carry their problem instead
of their text, and are never parsed. Also: the input formats, and the CSV header.
"""

from __future__ import annotations

import csv
import itertools
import os
import re
import zlib
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, BinaryIO, NamedTuple, Protocol

from mcr_score.batch.errors import BatchError
from mcr_score.messages import Message, msg

if TYPE_CHECKING:
    from mcr_score.batch.slices import Numbering, Slice
    from mcr_score.games.export import HandOut
    from mcr_score.hand import Hand

MAX_LINE = 10_000  # characters; longer lines get an error record without being parsed
_MAX_LINE_BYTES = 4 * MAX_LINE + 2  # a line of MAX_LINE characters is at most this long in UTF-8
OVERSIZED = msg("error.line.oversized", max=MAX_LINE)

BLANK = " \t"
"""What the notation ignores around groups: a line of only these is blank. Other whitespace makes a
record, passed on as written, so that batch and `score` accept exactly the same notation."""

INPUT_FORMATS = ("text", "jsonl", "csv")
EXTENSIONS = {
    ".txt": "text",
    ".hands": "text",
    ".mcr": "text",
    ".jsonl": "jsonl",
    ".ndjson": "jsonl",
    ".json": "jsonl",
    ".csv": "csv",
}


class ByteStream(Protocol):
    """What reading needs of an input (a file, standard input, a `GzipFile`): lines of bytes."""

    def readline(self, size: int = -1, /) -> bytes: ...

    def close(self) -> None: ...


class LineProblem(NamedTuple):
    """Why the reader refused a line: an error code of `errors.LINE_ERRORS` and its message;
    `salvage`, the line decoded with U+FFFD for the bytes that are not UTF-8 (to find its id);
    `where`, the place the error names (a game record's hand and action)."""

    code: str
    message: Message
    salvage: str | None = None
    where: str | None = None


class RawLine(NamedTuple):
    """One physical line of input: its text, or the problem that kept it from being read."""

    number: int  # from 1
    text: str | None  # None when `problem` says why
    problem: LineProblem | None
    size: int  # bytes of input it spans, newline included (for progress and --resume)


@dataclass(frozen=True, slots=True)
class GameHand:
    """One winning hand of a game record (`batch --from`): its record as `convert --to jsonl` writes
    it (`out`: id, notation, the record's total and fans), and the hand the replay rebuilt, scored
    as it is: writing the record's JSON line and reading it back (JSON, notation) cost some 30 µs a
    hand compiled.

    Sent to a worker process, it travels as the fields of its record, without the hand
    (`__reduce__`): some 0.5 µs to pickle, where a `Hand` takes some 15 µs compiled (50 pure) and
    the dataclasses as they are 2 µs; the worker scores the notation."""

    number: int  # the record's number in the run, from 1 (the output's `line`)
    out: HandOut
    hand: Hand | None  # None in a worker

    size = 0  # bytes of input it spans: a game's hands are not lines of the input (progress, --resume)

    def __reduce__(self) -> tuple[Any, ...]:
        out = self.out
        return (_in_worker, (self.number, out.id, out.notation, out.total, out.fans))


def _in_worker(
    number: int, rid: str, notation: str | None, total: int | None, fans: tuple[int, ...] | None
) -> GameHand:
    """A `GameHand` as a worker gets it: its record, without the hand."""
    from mcr_score.games.export import HandOut

    return GameHand(number, HandOut(rid, notation, total, fans, None), None)


MAX_LINE_RUN = 64 * 1024 * 1024
"""The most bytes read of one line before the input is taken for something else than lines of
records (`/dev/zero` through a pipe, a whole JSON array on one line): 6,000 times `MAX_LINE`."""

MAX_RATIO = 50
"""The most a compressed input (`.gz`) may expand to, times the compressed bytes read so far (after
the first `RATIO_SLACK` bytes): records are distinct lines, which gzip shrinks 3-16 times (generated
hands: text 2.8, JSON lines 16.3; a Botzone text 6.6, batch's own output 10.5), where a run of blank
lines or of one line repeated shrinks up to gzip's own limit, about 1,000 times (a 30 KB file of
blank lines is 30 MB; one hand repeated shrinks 400 times)."""
RATIO_SLACK = 64 * 1024
"""Bytes any compressed input may expand to whatever its size: a small file is never refused."""
COUNTED_READ = 1024
"""The most compressed bytes handed to the decompressor at a time (`Counted`), so that the count is
at most this far ahead of what was decompressed."""

_BLANK_RUN = re.compile(rb"(?:[ \t]{0,100}\r?\n)+")
"""Blank lines as bytes, any number of them: what `read_lines` would find blank, each short enough
that it never is `oversized`. Longer or other blank lines take the way of every line."""
_PEEK = 64 * 1024


class GuardedStream:
    """An input whose damage (a truncated or corrupt `.gz`, a plain file named `.gz`, a read error,
    a line without end) ends it instead of the run: the lines before the damage are read and
    answered, and `damage` says what happened after the last of them, for the run to report.

    A compressed input (`compressed`: how many of its compressed bytes were read so far) that
    expands past `MAX_RATIO` times them ends the same way. Blank lines are skipped a buffer at a
    time (`skip_blank`) where the stream lets its buffer be seen (`peek`: files, standard input,
    `GzipFile`), not a line at a time: 30 million of them took 43 s."""

    def __init__(self, stream: ByteStream, name: str | Message, compressed: Callable[[], int] | None = None) -> None:
        self.stream = stream
        self.name = name
        self.lines = 0  # complete lines read so far
        self.run = 0  # bytes read of the line under way
        self.damage: Message | None = None
        self.compressed = compressed
        self.read = 0  # bytes read (decompressed), and when to look at the ratio again (`_expanded`)
        self.check_at = RATIO_SLACK

    def readline(self, size: int = -1, /) -> bytes:
        if self.damage is not None:
            return b""
        try:
            line = self.stream.readline(size)
        except (OSError, EOFError, zlib.error) as e:
            self._damaged(e)
            return b""
        self.read += len(line)
        if self.read > self.check_at and self._expanded():
            return b""
        if line.endswith(b"\n"):
            self.lines += 1
            self.run = 0
        else:
            self.run += len(line)
            if self.run > MAX_LINE_RUN:
                self.damage = msg("error.batch.endless-line", path=self.name, line=self.lines + 1, most=MAX_LINE_RUN)
                return b""
        return line

    def skip_blank(self) -> int:
        """Skip the blank lines that start here (at the start of a line), a buffer at a time;
        return how many. 0 when the stream shows no buffer."""
        peek = getattr(self.stream, "peek", None)
        read = getattr(self.stream, "read", None)
        skipped = 0
        while self.damage is None and self.run == 0 and peek is not None and read is not None:
            try:
                data = peek(_PEEK)
            except (OSError, EOFError, zlib.error) as e:
                self._damaged(e)
                break
            end = _blank_prefix(data)
            if not end:
                break
            read(end)  # what was just seen in the buffer: taken from it, no read of the source
            lines = data.count(b"\n", 0, end)
            self.lines += lines
            skipped += lines
            self.read += end
            if (self.read > self.check_at and self._expanded()) or end < len(data):
                break
        return skipped

    def _damaged(self, e: BaseException) -> None:
        reason = getattr(e, "strerror", None) or str(e) or type(e).__name__
        self.damage = msg("error.batch.damaged", path=self.name, line=self.lines + 1, reason=reason)

    def _expanded(self) -> bool:
        """Whether a compressed input expanded past `MAX_RATIO` (then it is damage from here on)."""
        if self.compressed is None:
            self.check_at = 2**62
            return False
        self.check_at = MAX_RATIO * self.compressed() + RATIO_SLACK
        if self.read <= self.check_at:
            return False
        self.damage = msg("error.batch.expands", path=self.name, line=self.lines + 1, ratio=MAX_RATIO)
        return True

    def close(self) -> None:
        self.stream.close()


class Counted:
    """A file read through a decompressor (`gzip.GzipFile(fileobj=Counted(raw))`), counting the
    bytes it takes: the compressed side of `GuardedStream`'s ratio."""

    def __init__(self, raw: BinaryIO) -> None:
        self.raw = raw
        self.taken = 0

    def read(self, size: int = -1, /) -> bytes:
        data = self.raw.read(COUNTED_READ if size < 0 else min(size, COUNTED_READ))
        self.taken += len(data)
        return data

    def seek(self, offset: int, /) -> int:
        """As the file's (a decompressor seeks only to rewind): counted from there."""
        self.taken = self.raw.seek(offset)
        return self.taken


def _blank_prefix(data: bytes) -> int:
    """How many bytes at the start of `data` are whole blank lines (`_BLANK_RUN`): runs of line ends
    found as `bytes.lstrip` finds them (C speed, some 60 times the regular expression's), the
    regular expression for lines holding spaces or tabs."""
    at = 0
    while at < len(data):
        rest = data[at:]
        ends = rest[: len(rest) - len(rest.lstrip(b"\r\n"))]
        cut = ends.rfind(b"\n") + 1
        if cut and b"\r" not in ends[:cut].replace(b"\r\n", b""):
            at += cut
            continue
        found = _BLANK_RUN.match(data, at)
        if found is None:
            break
        at = found.end()
    return at


def read_lines(stream: ByteStream, blank: Callable[[int], None] | None = None) -> Iterator[RawLine]:
    """Every physical line of a binary stream, numbered from 1, without holding more than one line
    of at most `_MAX_LINE_BYTES` bytes: longer lines are skipped through and reported. With
    `blank`, the blank lines after a blank line are skipped at once where the stream can
    (`GuardedStream.skip_blank`) and counted there, not yielded: a line that is not blank costs
    nothing more."""
    number = 0
    skip = getattr(stream, "skip_blank", None) if blank is not None else None
    after_blank = False
    while True:
        if after_blank and skip is not None and (skipped := skip()):
            number += skipped
            blank(skipped)  # type: ignore[misc]  # `skip` is only set with `blank`
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
            yield RawLine(number, None, LineProblem("oversized", OVERSIZED), consumed)
            continue
        raw = raw.rstrip(b"\n").rstrip(b"\r")
        after_blank = not raw.strip(b" \t")
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError as e:
            yield RawLine(
                number,
                None,
                LineProblem(
                    "encoding",
                    msg("error.line.encoding", byte=raw[e.start], at=e.start + 1),
                    raw.decode("utf-8", errors="replace"),
                ),
                consumed,
            )
            continue
        if number == 1 and text.startswith("\ufeff"):
            text = text[1:]
        if len(text) > MAX_LINE:
            yield RawLine(number, None, LineProblem("oversized", OVERSIZED), consumed)
            continue
        yield RawLine(number, text, None, consumed)


DELIMITERS = (",", ";", "\t")  # CSV separators: the comma, the French spreadsheet's semicolon, TAB
READ_COLUMNS = ("id", "notation", "win", "claimed_total", "claimed_fans")
"""The CSV columns a record is read from (any other column is ignored): none may appear twice."""


@dataclass
class Opened:
    """An input opened for reading: its format (given, or sniffed from its first line), the CSV
    header's columns and delimiter, the records, and how many blank lines were skipped so far."""

    fmt: str
    columns: tuple[str, ...] | None
    delimiter: str
    records: Iterator[RawLine | GameHand]  # game hands: `batch --from` (`games.records`)
    blank_lines: int = 0
    # `batch --from` read in the workers (`slices.opened`): the chunks of pieces of the game files
    # (then `records` is empty), their writer's numbering, and the bytes of the files (progress)
    pieces: Iterator[tuple[tuple[Slice, ...], int]] | None = None
    numbering: Numbering | None = None
    size: int | None = None


def open_records(stream: ByteStream, fmt: str | None, delimiter: str | None = None) -> Opened:
    """The records of the stream: blank lines (and the text form's `#` lines) are not records
    (blank lines are counted in `blank_lines`); CSV reads its header first. `fmt` None: sniffed
    from the first line that is not blank (`sniff_format`)."""
    opened = Opened(fmt or "text", None, delimiter or ",", iter(()))

    def blank(n: int) -> None:
        opened.blank_lines += n

    def kept(lines: Iterator[RawLine]) -> Iterator[RawLine]:
        for r in lines:
            if r.text is not None and not r.text.strip(BLANK):
                opened.blank_lines += 1
            elif r.text is None or opened.fmt != "text" or not skipped_text_line(r.text):
                yield r

    lines = kept(read_lines(stream, blank))
    first = next(lines, None)
    if fmt is None and first is not None and first.text is not None:
        opened.fmt = sniff_format(first.text)
    if opened.fmt == "csv":
        if first is None:
            raise BatchError(msg("error.batch.csv-empty"))
        if first.problem is not None:
            raise BatchError(msg("error.batch.header-line", line=first.number, problem=first.problem.message))
        text = first.text or ""  # a line without a problem has its text
        opened.delimiter = delimiter or csv_delimiter(text)
        opened.columns = csv_columns(text, opened.delimiter)
        opened.records = lines
    else:
        if delimiter is not None:  # given for CSV, not to be ignored in silence
            raise BatchError(msg("error.batch.delimiter-not-csv", fmt=opened.fmt))
        opened.records = itertools.chain([first] if first is not None else [], lines)
    return opened


def sniff_format(first: str) -> str:
    """The format of an input whose name does not say it, from its first line: a JSON object is
    JSON lines, a CSV header with a `notation` column is CSV, anything else is text."""
    stripped = first.strip()
    if stripped.startswith("{"):
        return "jsonl"
    if "notation" in _header_fields(stripped, csv_delimiter(stripped)):
        return "csv"
    return "text"


def csv_delimiter(header: str) -> str:
    """The delimiter that splits a CSV header into fields one of which is `notation` (the most
    fields if several do); the comma when none does."""
    found = [(len(f), d) for d in DELIMITERS if "notation" in (f := _header_fields(header, d))]
    return max(found)[1] if found else ","


def _header_fields(header: str, delimiter: str) -> list[str]:
    """A header's fields, lower case; the lenient reader (`strict` off) takes any line of text."""
    rows = list(csv.reader([header], delimiter=delimiter))
    return [c.strip().lower() for c in rows[0]] if rows else []


def skipped_text_line(text: str) -> bool:
    """A blank or `#` comment line of the text form: it holds no record."""
    stripped = text.strip(BLANK)
    return not stripped or stripped.startswith("#")


def csv_columns(header: str, delimiter: str = ",") -> tuple[str, ...]:
    """The columns of a CSV header; `notation` is required, `id`, `win`, `claimed_total` and
    `claimed_fans` are read, other columns are ignored."""
    try:
        rows = list(csv.reader([header], strict=True, delimiter=delimiter))
    except csv.Error as e:
        raise BatchError(msg("error.batch.header-row", reason=str(e))) from None
    columns = tuple(c.strip().lower() for c in (rows[0] if rows else []))
    if "notation" not in columns:
        splits = [d for d in DELIMITERS if d != delimiter and "notation" in _header_fields(header, d)]
        if splits:  # only when --delimiter was given: else the one that splits it was chosen
            raise BatchError(
                msg(
                    "error.batch.delimiter",
                    header=repr(header.strip()),
                    given=_separator(delimiter),
                    found=_separator(splits[0]),
                    option="tab" if splits[0] == "\t" else repr(splits[0]),
                )
            )
        raise BatchError(msg("error.batch.no-notation", header=repr(header.strip())))
    for column in READ_COLUMNS:
        if columns.count(column) > 1:
            first = columns.index(column)
            second = columns.index(column, first + 1)
            raise BatchError(msg("error.batch.column-twice", column=column, first=first + 1, second=second + 1))
    return columns


def _separator(delimiter: str) -> str:
    """A separator named in a message: `','`, `';'`, or tab."""
    return "tab" if delimiter == "\t" else repr(delimiter)


def input_format(path: str, given: str | None) -> str:
    """The input format given, or the one the file's extension says (`.gz` looked through), else text."""
    return declared_format(path, given) or "text"


def declared_format(path: str, given: str | None) -> str | None:
    """The input format given, or the one the file's extension says; None when neither says
    (standard input, another extension): then the first line decides (`sniff_format`)."""
    if given:
        return given
    name = path[:-3] if path.endswith(".gz") else path
    return EXTENSIONS.get(os.path.splitext(name)[1].lower())
