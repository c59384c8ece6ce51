"""Scoring chunks of records, in this process or in a pool of worker processes, written in input order.

Chunks are scored with a bounded number in flight (memory stays flat whatever the input size) and
written in order, a chunk at a time. A worker that dies costs only the record that killed it.
"""

from __future__ import annotations

import dataclasses
import gc
import itertools
import os
import signal
import threading
import time
from collections import deque
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING

from mcr_score.batch import DEFAULT_CHUNK
from mcr_score.batch.errors import InternalError
from mcr_score.batch.output import Output, Scored, serialize
from mcr_score.batch.reading import GameHand, RawLine
from mcr_score.batch.records import error_record, internal_error, score_game_hand, score_raw
from mcr_score.batch.slices import Numbered, Slice, died, score_pieces
from mcr_score.batch.tally import Tally
from mcr_score.messages import msg

if TYPE_CHECKING:  # imported when workers are needed: multiprocessing would slow every start of the CLI
    from concurrent.futures import Executor, Future, ProcessPoolExecutor


Record = RawLine | GameHand | Slice
"""An input record: a line as read, a winning hand of a game record read here, or a piece of the
game files to read where it is scored (`batch --from`: `slices`)."""
Chunk = tuple[Record, ...]
Done = tuple[str, Tally]
"""A chunk scored: its output text and its tally."""


@dataclass(frozen=True)
class Task:
    """A chunk of records and how to read, score and write them: what a worker is sent."""

    fmt: str
    rules: str
    columns: tuple[str, ...] | None
    out_fmt: str
    records: Chunk
    delimiter: str = ","  # of a CSV input


def score_chunk(task: Task) -> tuple[str, Tally]:
    """Score a chunk of records: the output text of the chunk (whole lines) and its tally."""
    outs = [_score_one(record, task) for record in task.records]
    try:
        text = serialize(outs, task.out_fmt)  # the whole chunk in one call
    except Exception:  # an unserializable value would be a bug: find its record, lose none
        outs = [_writable(out, record.number, task.out_fmt) for out, record in zip(outs, task.records, strict=True)]
        text = serialize(outs, task.out_fmt)
    tally = Tally()
    for out in outs:
        if isinstance(out, Scored):
            tally.add_scored(out.score, out.claim)
        else:
            tally.add_output(out)
    return text, tally


def _writable(out: Output, line: int, out_fmt: str) -> Output:
    """The record itself if it can be written, else its internal-error record."""
    try:
        serialize([out], out_fmt)
    except Exception as e:
        rid = out.rid if isinstance(out, Scored) else out.get("id")
        return error_record(rid if isinstance(rid, (str, int)) else None, line, internal_error(e))
    return out


def settle_gc() -> None:
    """Collect the garbage cycles left by the chunks scored so far, then move the survivors (mostly
    the engine's caches, grown by those chunks) out of the collector's sight (`gc.freeze`).

    Called between chunks by the batch's own processes. A process that scores keeps filling its
    caches; otherwise every full collection walks all of them again, pauses of 10-50 ms in a long
    run and some 8% of the time. Frozen objects are still freed when nothing refers to them; only a
    garbage cycle would be kept, and the collection just before the freeze frees those. The young
    generation is collected every 2,000 new objects instead of 700: fewer, still short pauses."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(2000, 10, 10)


def run_task(task: Task) -> Done | Numbered:
    """A chunk scored: records as `score_chunk` scores them, pieces of game files read, replayed and
    scored (`slices.score_pieces`: numbered by the writer)."""
    if task.records and isinstance(task.records[0], Slice):
        pieces = tuple(r for r in task.records if isinstance(r, Slice))
        return score_pieces(pieces, task.rules, task.out_fmt)
    return score_chunk(task)


def _worker_chunk(task: Task) -> Done | Numbered:
    """`run_task` as a worker of the batch runs it: its collector settled after each chunk."""
    result = run_task(task)
    settle_gc()
    return result


def _score_one(record: Record, task: Task) -> Output:
    if isinstance(record, GameHand):
        return score_game_hand(record, task.rules)
    assert isinstance(record, RawLine), "pieces of game files are scored by `run_task`"
    return score_raw(record.number, record.text, record.problem, task.fmt, task.rules, task.columns, task.delimiter)


def default_jobs() -> int:
    """The cores this process may run on."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


def process(
    records: Iterator[Record],
    write: Callable[[str], None],
    *,
    fmt: str,
    rules: str,
    columns: tuple[str, ...] | None = None,
    delimiter: str = ",",
    out_fmt: str = "jsonl",
    jobs: int = 1,
    chunk_size: int = DEFAULT_CHUNK,
    on_chunk: Callable[[int, int], None] | None = None,
    stop: Callable[[], bool] = lambda: False,
    in_flight: int | None = None,
    own_gc: bool = False,
    chunks: Iterator[tuple[Chunk, int]] | None = None,
    number: Callable[[Numbered], Done] | None = None,
    executor: Executor | None = None,
) -> tuple[Tally, bool]:
    """Score `records` and `write` the output text chunk by chunk, in order.

    With jobs > 1, chunks go to a pool of worker processes, at most `in_flight` of them (default
    2 per job + 1) read ahead of the writer, so memory is bounded by the chunk size, not the input.
    `stop()` is asked between chunks; when it says so, nothing more is read and the chunks already
    sent are written, in order. Returns the tally and whether the input was read to the end.
    `own_gc`: this process belongs to the run (the command's own), so with jobs=1 it settles its
    collector between chunks as the workers do (`settle_gc`); a caller's process is left alone.
    `chunks`: the chunks already cut (pieces of game files, `slices.chunks`), instead of `records`;
    `number` turns a chunk of pieces scored into its text, numbered (`slices.Numbering.render`).
    `executor`: the chunks go there instead (a Dask cluster's, `batch.distributed`), `jobs` of them
    at a time, `in_flight` (default 2 per job + 1) read ahead of the writer.
    """
    tally = Tally()
    chunks = _chunks(records, chunk_size) if chunks is None else chunks

    def emit(result: Done | Numbered, consumed: int) -> None:
        if isinstance(result, Numbered):
            assert number is not None, "pieces of game files are numbered by the writer"
            text, part = number(result)
        else:
            text, part = result
        write(text)
        tally.merge(part)
        if on_chunk is not None:
            on_chunk(part.records, consumed)

    def task(chunk: Chunk) -> Task:
        return Task(fmt, rules, columns, out_fmt, chunk, delimiter)

    finished = False
    if executor is not None:
        return tally, _on_executor(executor, chunks, task, emit, in_flight or 2 * jobs + 1, stop)
    if jobs > 1:  # a single chunk is not worth starting workers for
        head = list(itertools.islice(chunks, 2))
        if len(head) < 2:
            jobs = 1
        chunks = itertools.chain(head, chunks)
    if jobs <= 1:
        for chunk, consumed in chunks:
            result = run_task(task(chunk))
            if own_gc:
                settle_gc()
            emit(result, consumed)
            if stop():
                break
        else:
            finished = True
        return tally, finished

    from concurrent.futures import ProcessPoolExecutor
    from concurrent.futures.process import BrokenProcessPool

    limit = in_flight or 2 * jobs + 1

    def new_pool() -> ProcessPoolExecutor:
        return ProcessPoolExecutor(max_workers=jobs, initializer=_init_worker, initargs=(os.getpid(),))

    pool = new_pool()

    def submit(t: Task) -> Future[Done | Numbered] | None:
        try:
            return pool.submit(_worker_chunk, t)
        except BrokenProcessPool:
            return None  # handled when its turn to be written comes

    # (future or None, task, bytes consumed), in input order
    pending: deque[tuple[Future[Done | Numbered] | None, Task, int]] = deque()
    try:
        exhausted = False
        while True:
            while not exhausted and len(pending) < limit and not stop():
                item = next(chunks, None)
                if item is None:
                    exhausted = True
                    break
                t = task(item[0])
                pending.append((submit(t), t, item[1]))
            if not pending:
                finished = exhausted
                break
            future, t, consumed = pending.popleft()
            try:
                if future is None:
                    raise BrokenProcessPool("a worker died before this chunk was sent")
                result = future.result()
            except BrokenProcessPool:
                if stop():  # the workers were killed with us (kill -TERM to the group): stop here
                    break
                # A worker died (killed, out of memory): score this chunk record by record in fresh
                # pools, so that only a record that kills its worker is lost, as an error record.
                pool.shutdown(wait=True, cancel_futures=True)
                result = _isolated(t, new_pool)
                pool = new_pool()
                pending = deque((submit(pt), pt, pc) for _, pt, pc in pending)
            emit(result, consumed)
    finally:
        pool.shutdown(wait=True, cancel_futures=True)
    return tally, finished


def _on_executor(
    executor: Executor,
    chunks: Iterator[tuple[Chunk, int]],
    task: Callable[[Chunk], Task],
    emit: Callable[[Done | Numbered, int], None],
    limit: int,
    stop: Callable[[], bool],
) -> bool:
    """The chunks run on an executor of a cluster (`process` with `executor`), written in order:
    whether the input was read to the end. The cluster runs a dead worker's tasks again; a chunk
    whose tasks failed all the same is scored record by record (`_isolated_on`)."""
    pending: deque[tuple[Future[Done | Numbered], Task, int]] = deque()
    exhausted = False
    try:
        while True:
            while not exhausted and len(pending) < limit and not stop():
                item = next(chunks, None)
                if item is None:
                    exhausted = True
                    break
                t = task(item[0])
                pending.append((executor.submit(run_task, t), t, item[1]))
            if not pending:
                return exhausted
            future, t, consumed = pending.popleft()
            try:
                result = future.result()
            except Exception:  # its workers died (`KilledWorker`), or it could not be sent
                result = _isolated_on(executor, t)
            emit(result, consumed)
    finally:
        for future, _, _ in pending:
            future.cancel()


def _isolated_on(executor: Executor, task: Task) -> Done | Numbered:
    """A chunk whose tasks failed on the cluster, one record a task: a record whose task fails too
    is an error record (a chunk of pieces of game files: one error record for the chunk)."""
    if task.records and isinstance(task.records[0], Slice):
        try:
            return executor.submit(run_task, task).result()
        except Exception:
            return died(tuple(r for r in task.records if isinstance(r, Slice)), task.out_fmt)
    singles = [dataclasses.replace(task, records=(record,)) for record in task.records]
    futures = [executor.submit(score_chunk, single) for single in singles]
    texts, tally = [], Tally()
    for single, future in zip(singles, futures, strict=True):
        try:
            text, part = future.result()
        except Exception:
            out = error_record(None, single.records[0].number, InternalError(msg("error.worker-died")))
            text = serialize([out], task.out_fmt)
            part = Tally()
            part.add_output(out)
        texts.append(text)
        tally.merge(part)
    return "".join(texts), tally


def _chunks(records: Iterator[Record], size: int) -> Iterator[tuple[Chunk, int]]:
    """Chunks of `size` records, and the bytes each spans."""
    chunk: list[Record] = []
    consumed = 0
    for record in records:
        chunk.append(record)
        consumed += record.size
        if len(chunk) >= size:
            yield tuple(chunk), consumed
            chunk, consumed = [], 0
    if chunk:
        yield tuple(chunk), consumed


def _isolated(task: Task, new_pool: Callable[[], ProcessPoolExecutor]) -> Done | Numbered:
    """Score a chunk whose worker died one record at a time, each in a pool of its own if need be;
    a chunk of pieces of game files again, alone: if it kills its worker again, one error record
    stands for its records."""
    from concurrent.futures.process import BrokenProcessPool

    if task.records and isinstance(task.records[0], Slice):
        pieces = tuple(r for r in task.records if isinstance(r, Slice))
        pool = new_pool()
        try:
            return pool.submit(run_task, task).result()
        except BrokenProcessPool:
            return died(pieces, task.out_fmt)
        finally:
            pool.shutdown(wait=True, cancel_futures=True)

    texts, tally = [], Tally()
    pool = new_pool()
    try:
        for record in task.records:
            single = dataclasses.replace(task, records=(record,))
            try:
                text, part = pool.submit(score_chunk, single).result()
            except BrokenProcessPool:
                pool.shutdown(wait=True, cancel_futures=True)
                pool = new_pool()
                out = error_record(None, record.number, InternalError(msg("error.worker-died")))
                text = serialize([out], task.out_fmt)
                part = Tally()
                part.add_output(out)
            texts.append(text)
            tally.merge(part)
    finally:
        pool.shutdown(wait=True, cancel_futures=True)
    return "".join(texts), tally


def _init_worker(parent: int) -> None:
    """Workers leave Ctrl-C to the parent (which stops feeding them and drains in order), and exit
    when the parent dies (SIGKILL), instead of waiting for tasks forever."""
    settle_gc()
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)  # not the parent's handler, inherited by fork

    def watch() -> None:
        while True:
            time.sleep(0.5)
            if os.getppid() != parent:
                os._exit(1)

    threading.Thread(target=watch, daemon=True).start()
