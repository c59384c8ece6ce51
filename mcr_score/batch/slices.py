"""`batch --from` at scale (issue 40): the game files cut at record boundaries by the main process, each
piece read, replayed and scored where it is sent (a worker process, a Dask worker), numbered and
written in input order by the main process.

The main process only cuts: a Botzone text (`data.txt`, a hundred thousand matches) at the `Match`
line of every `chunk_size`-th match, found by a scan of its bytes (`_match_lines`: `mmap.find`, no
line read by Python, no match parsed); any other record file is one piece, read whole where it is
scored. A piece's records are scored with the number 0 and written without it: the writer, which
alone knows how many records came before, puts each record's number in (`Numbering`), so the output
is the same bytes whatever the number of workers, and `--resume` checks the records it skips as it
does for any input. The reading is the one of `batch.games.file_records`, over a piece's games: a
match id given twice, a file that stops being readable, are named as when the file is read whole.
"""

from __future__ import annotations

import contextlib
import mmap
import os
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from mcr_score.batch.errors import BatchError, InternalError
from mcr_score.batch.games import GameTally, file_records
from mcr_score.batch.output import Output, serialize
from mcr_score.batch.reading import GameHand, Opened, RawLine
from mcr_score.batch.records import error_record, score_game_hand, score_raw
from mcr_score.batch.tally import Tally, TallyKey, output_key, scored_key
from mcr_score.messages import count, msg
from mcr_score.values import reduce

if TYPE_CHECKING:
    from mcr_score.batch.resume import Resume

WHOLE_FILES_PER_CHUNK = 16
"""Record files read whole sent together: a tziakcha session holds 16 hands, a Botzone log one."""
_SCAN = b"Match "


@dataclass(frozen=True)
class Slice:
    """A piece of the input: a whole record file (`end` None), or the bytes `start` to `end` of a
    Botzone text, cut at a `Match` line, its first line numbered `first_line`."""

    file: int  # the file's place among the run's files, from 0
    path: str
    fmt: str | None  # the format given (`auto` or None: told from the content)
    start: int = 0
    end: int | None = None
    first_line: int = 1
    earlier: tuple[tuple[str, str], ...] = ()  # the piece's match ids given before it, with where
    size: int = 0  # bytes of input it spans (progress)

    @property
    def number(self) -> int:
        """A record's number, which a piece has not: its records are numbered by the writer."""
        return 0

    def __reduce__(self) -> tuple[Any, ...]:
        """Sent to a worker (`values.reduce`: compiled, pickle's default cannot rebuild a frozen class)."""
        return reduce(self)


@dataclass(frozen=True)
class Numbered:
    """The records of a chunk of pieces, scored, each written but for its number: `heads[k]` then
    the number then `tails[k]`; `keys[k]` what the tally counts of it. `stopped`: the file of a
    piece stopped being readable there (its later pieces are not read: nothing follows that error)."""

    heads: tuple[str, ...]
    tails: tuple[str, ...]
    keys: tuple[TallyKey, ...]
    games: GameTally
    file: int
    stopped: bool = False

    def __reduce__(self) -> tuple[Any, ...]:
        """Sent back from a worker (as `Slice`)."""
        return reduce(self)


def opened(paths: Sequence[str], fmt: str | None, tally: GameTally, size: int) -> Opened:
    """The game files as an opened input read in the workers (`runner.run` takes it as is): cut at
    record boundaries here (`chunks`, a Botzone text `size` matches a piece), read, replayed and
    scored where the chunks are sent, numbered by the writer, `tally` counted as pieces are written."""
    total = 0
    for path in paths:
        with contextlib.suppress(OSError):
            total += os.path.getsize(path)
    return Opened(
        "jsonl", None, ",", iter(()), pieces=chunks(paths, fmt, size, tally), numbering=Numbering(tally), size=total
    )


def chunks(
    paths: Sequence[str], fmt: str | None, size: int, tally: GameTally
) -> Iterator[tuple[tuple[Slice, ...], int]]:
    """The run's pieces in input order, a Botzone text's `size` matches at a time, record files read
    whole `WHOLE_FILES_PER_CHUNK` at a time; with the bytes each chunk spans."""
    from mcr_score.games.api import SNIFF_BYTES, record_format
    from mcr_score.games.botzone import looks_like_text
    from mcr_score.games.model import RecordFormat

    whole: list[Slice] = []
    for index, path in enumerate(paths):
        tally.files += 1
        text = False
        if record_format(fmt) in (None, RecordFormat.BOTZONE):
            with open(path, "rb") as f:
                text = looks_like_text(f.read(SNIFF_BYTES).decode("utf-8", errors="replace"))
        if not text:
            whole.append(Slice(index, path, fmt, size=os.path.getsize(path)))
            if len(whole) >= WHOLE_FILES_PER_CHUNK:
                yield tuple(whole), sum(s.size for s in whole)
                whole = []
            continue
        if whole:
            yield tuple(whole), sum(s.size for s in whole)
            whole = []
        for piece in text_pieces(index, path, fmt, size):
            yield (piece,), piece.size
    if whole:
        yield tuple(whole), sum(s.size for s in whole)


def text_pieces(index: int, path: str, fmt: str | None, size: int) -> Iterator[Slice]:
    """A Botzone text cut before every `size`-th match: the `Match` lines found in its bytes, each
    checked as `botzone.iter_text` tells a match's first line, the lines between counted."""
    with open(path, "rb") as f:
        length = os.fstat(f.fileno()).st_size
        if length == 0:
            return
        with mmap.mmap(f.fileno(), 0, access=mmap.ACCESS_READ) as data:
            seen: dict[str, str] = {}  # each match id, where it first stands (a match is given once)
            start, first, line, at = 0, 1, 1, 0  # the piece's start and first line; `line` the number of byte `at`
            matches = 0
            pending: list[tuple[str, str]] = []  # the piece's matches: id, where
            for offset, match in _match_lines(data):
                line += data[at:offset].count(b"\n")
                at = offset
                if matches == size and offset > start:
                    yield _piece(index, path, fmt, start, offset, first, pending, seen)
                    start, first, matches, pending = offset, line, 0, []
                matches += 1
                pending.append((match, f"line {line}"))
            yield _piece(index, path, fmt, start, length, first, pending, seen)


def _piece(
    index: int,
    path: str,
    fmt: str | None,
    start: int,
    end: int,
    first: int,
    matches: list[tuple[str, str]],
    seen: dict[str, str],
) -> Slice:
    earlier = tuple((m, seen[m]) for m in dict.fromkeys(m for m, _ in matches) if m in seen)
    for match, where in matches:
        seen.setdefault(match, where)
    return Slice(index, path, fmt, start, end, first, earlier, end - start)


def _match_lines(data: mmap.mmap) -> Iterator[tuple[int, str]]:
    """The offset of each line that starts a match (`botzone.iter_text`: the line stripped of
    blanks and byte-order marks starts with `Match `), and the match's id."""
    pos = 0
    while True:
        i = data.find(_SCAN, pos)
        if i < 0:
            return
        start = data.rfind(b"\n", 0, i) + 1
        end = data.find(b"\n", i)
        end = len(data) if end < 0 else end
        pos = end
        line = data[start:end].decode("utf-8", errors="replace").strip().lstrip("\ufeff")
        if line.startswith("Match "):
            yield start, line[len("Match ") :].strip()


def score_pieces(pieces: Sequence[Slice], rules: str, out_fmt: str) -> Numbered:
    """A chunk of pieces read, replayed and scored (in a worker): every record written but for its
    number, which the writer puts in (`Numbering`)."""
    from mcr_score.games.api import iter_games, iter_text_piece

    heads: list[str] = []
    tails: list[str] = []
    keys: list[TallyKey] = []
    games = GameTally()
    stopped = False
    for piece in pieces:
        if piece.end is None:
            found = iter_games(piece.path, piece.fmt)
        else:
            found = iter_text_piece(piece.path, piece.start, piece.end, piece.first_line, piece.earlier)
        records = file_records(piece.path, found, games, 0)
        while True:
            try:
                record = next(records)
            except StopIteration as end:
                stopped = stopped or bool(end.value)
                break
            _add(_score(record, rules), out_fmt, heads, tails, keys)
    return Numbered(tuple(heads), tuple(tails), tuple(keys), games, pieces[-1].file if pieces else -1, stopped)


def died(pieces: Sequence[Slice], out_fmt: str) -> Numbered:
    """A chunk whose worker died reading or scoring it, again and alone: one error record says so."""
    heads: list[str] = []
    tails: list[str] = []
    keys: list[TallyKey] = []
    _add(error_record(None, 0, InternalError(msg("error.worker-died"))), out_fmt, heads, tails, keys)
    return Numbered(tuple(heads), tuple(tails), tuple(keys), GameTally(), pieces[-1].file if pieces else -1)


def _score(record: RawLine | GameHand, rules: str) -> Output:
    """A record scored as number 0 (the writer numbers it)."""
    if isinstance(record, GameHand):
        return score_game_hand(GameHand(0, record.out, record.hand), rules)
    return score_raw(0, record.text, record.problem, "jsonl", rules, None)


_LINE = '"line": 0, '  # where a JSON record's number stands: after its id, which is JSON (a quote is `\"`)


def _add(out: Output, out_fmt: str, heads: list[str], tails: list[str], keys: list[TallyKey]) -> None:
    """A record numbered 0, written, cut where its number stands: the first field of a CSV row,
    the field after the id of a JSON line (no JSON text holds `"line": ` before it)."""
    text = serialize([out], out_fmt)
    if out_fmt == "csv":
        heads.append("")
        tails.append(text[1:])  # the `0` of the first field
    else:
        at = text.index(_LINE) + len(_LINE) - 3
        heads.append(text[:at])
        tails.append(text[at + 1 :])
    keys.append(_key(out))


def _key(out: Output) -> TallyKey:
    return output_key(out) if isinstance(out, dict) else scored_key(out.score, out.claim)


@dataclass
class Numbering:
    """The writer's side: each record's number put in, in input order across the run; the records
    an existing output already holds (`--resume`) checked and skipped; the pieces of a file after
    the one where it stopped being readable dropped; the games counted into `games`."""

    games: GameTally
    resume: Resume | None = None
    number: int = 0
    stopped: set[int] = field(default_factory=set)

    def render(self, part: Numbered) -> tuple[str, Tally]:
        tally = Tally()
        if part.file in self.stopped:
            return "", tally
        if part.stopped:
            self.stopped.add(part.file)
        self.games.merge(part.games)
        done = self.resume.done if self.resume is not None else 0
        texts: list[str] = []
        for head, tail, key in zip(part.heads, part.tails, part.keys, strict=True):
            self.number += 1
            n = self.number
            if n <= done:
                self._check(n, f"{head}{n}{tail}")
                continue
            texts.append(f"{head}{n}{tail}")
            tally.add(*key)
        return "".join(texts), tally

    def _check(self, n: int, text: str) -> None:
        """A record the output already holds (`--resume`): the same number, the last the same line."""
        state = self.resume
        assert state is not None
        if state.lines[n - 1] != n:
            raise BatchError(msg("error.resume.line", n=n, written=state.lines[n - 1], line=n))
        if n == state.done and text != state.last:
            raise BatchError(msg("error.resume.mismatch", done=state.done, line=n))

    def finish(self) -> None:
        """At the end of the input: an output holding more records than the input is not its output."""
        state = self.resume
        if state is not None and self.number < state.done:
            raise BatchError(
                msg(
                    "error.resume.short-input",
                    done=count("n.record", state.done, f"{state.done:,}"),
                    count=self.number,
                )
            )
