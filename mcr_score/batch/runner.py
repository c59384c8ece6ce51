"""The whole `mcr-score batch` run: open the input and the output, resume, score, write, show
progress, stop cleanly on Ctrl-C or SIGTERM, and return the summary."""

from __future__ import annotations

import contextlib
import errno
import gc
import os
import signal
import stat
import sys
import threading
import time
from types import FrameType, TracebackType
from typing import Any, BinaryIO, TextIO

from mcr_score import files
from mcr_score.batch import DEFAULT_CHUNK
from mcr_score.batch.distributed import Address, cluster
from mcr_score.batch.errors import BatchError, BatchWriteError
from mcr_score.batch.output import csv_header
from mcr_score.batch.pool import Task, default_jobs, process, settle_gc
from mcr_score.batch.progress import Progress
from mcr_score.batch.reading import ByteStream, Counted, GuardedStream, Opened, declared_format, open_records
from mcr_score.batch.records import score_notation
from mcr_score.batch.report import Report
from mcr_score.batch.resume import Resume, prepare_output, skip_records
from mcr_score.batch.tally import Outcome
from mcr_score.messages import msg
from mcr_score.systems.mcr import profiles


class _Interrupts:
    """SIGINT/SIGTERM while running: the first asks the run to stop after the chunks in flight (the
    output stays whole lines); a second one during a write waits for the write, otherwise aborts."""

    def __init__(self) -> None:
        self.requested = False
        self.writing = False
        self.abort_after_write = False
        self.saved: dict[int, Any] = {}

    def __enter__(self) -> _Interrupts:
        if threading.current_thread() is threading.main_thread():
            for sig in (signal.SIGINT, signal.SIGTERM):
                self.saved[sig] = signal.signal(sig, self.handle)
        return self

    def __exit__(self, kind: type[BaseException] | None, value: BaseException | None, tb: TracebackType | None) -> None:
        for sig, handler in self.saved.items():
            signal.signal(sig, handler)

    def handle(self, signum: int, frame: FrameType | None) -> None:
        """The signal handler: record the request; a second one aborts unless a write is under way."""
        if self.requested and not self.writing:
            raise KeyboardInterrupt
        if self.requested:
            self.abort_after_write = True
        self.requested = True


def _warm_up(rules: str) -> None:
    """Build the engine's tables once, before workers fork and inherit them; then move every object
    made so far out of the collector's sight (`settle_gc`): the modules and tables live as long as
    the process, and the full collections of a long run no longer walk them. The grammar's parsers
    are left to the first record that needs them (`notation.parse_hand` builds them): JSON fields
    and canonical notation never do, and building them costs some 40 ms."""
    score_notation("123456789m123p5s5s|EE0000", rules=rules)
    settle_gc()


_NOT_A_STREAM = (
    (stat.S_ISDIR, "file.kind.directory"),
    (stat.S_ISCHR, "file.kind.device"),
    (stat.S_ISBLK, "file.kind.device"),
    (stat.S_ISSOCK, "file.kind.socket"),
)


def _open_input(source: str) -> BinaryIO:
    """The input file opened to stream: a regular file or a FIFO (a pipe, `<(...)`), not a device
    (`/dev/zero` has no end) nor a directory; an empty name or a NUL is refused by name."""
    if not source:
        raise BatchError(msg("error.batch.no-input"))
    try:
        raw = open(source, "rb")  # noqa: SIM115 (closed by the caller, after the GzipFile over it)
    except OSError as e:
        reason = msg("file.loop") if e.errno == errno.ELOOP else e.strerror or str(e)
        raise BatchError(msg("error.batch.unreadable", path=source, reason=reason)) from None
    except ValueError:  # a NUL in the name: no system call takes it
        raise BatchError(msg("error.batch.unreadable", path=files.shown_name(source), reason=msg("file.nul"))) from None
    mode = os.fstat(raw.fileno()).st_mode
    for test, kind in _NOT_A_STREAM:
        if test(mode):
            raw.close()
            raise BatchError(msg("error.batch.input-kind", path=source, kind=msg(kind)))
    return raw


def run(
    source: str,
    output: str | None,
    *,
    input_fmt: str | None = None,
    out_fmt: str = "jsonl",
    rules: str = profiles.DEFAULT,
    jobs: int | None = None,
    resume: bool = False,
    chunk_size: int = DEFAULT_CHUNK,
    progress: bool | None = None,
    delimiter: str | None = None,
    report: Report | None = None,
    opened_input: Opened | None = None,
    dask: Address | None = None,
    stdin: BinaryIO | None = None,
    stdout: BinaryIO | None = None,
    stderr: TextIO | None = None,
) -> Outcome:
    """The whole `mcr-score batch` run: open, (resume,) score, write; the summary is returned.
    The input format is `input_fmt`, else the extension's, else sniffed from the first line; a
    CSV's `delimiter`, else sniffed from its header. `report` sees every output record written.
    `opened_input`: the input already opened by the caller (the records of game files, `batch --from`):
    `source` then only names it. `dask`: the chunks are scored on that Dask cluster
    (`batch.distributed`), its threads the jobs."""
    stderr = stderr if stderr is not None else sys.stderr
    jobs = jobs or default_jobs()
    if resume and output is None:
        raise BatchError(msg("error.batch.resume-output"))
    if (
        output is not None
        and source != "-"
        and os.path.exists(output)
        and os.path.exists(source)
        and os.path.samefile(source, output)
    ):
        raise BatchError(msg("error.batch.same-file"))
    raw: BinaryIO | None = None
    in_stream: ByteStream | None = None
    if opened_input is not None:
        total_bytes = opened_input.size
    elif source == "-":
        in_stream = GuardedStream(stdin if stdin is not None else sys.stdin.buffer, msg("error.batch.stdin"))
        total_bytes = None
    else:
        raw = _open_input(source)
        if source.endswith(".gz"):
            import gzip

            counted = Counted(raw)
            unzipped = gzip.GzipFile(fileobj=counted)
            in_stream, total_bytes = GuardedStream(unzipped, source, lambda: counted.taken), None
        else:
            in_stream, total_bytes = GuardedStream(raw, source), os.fstat(raw.fileno()).st_size
    state = Resume()
    out_file: BinaryIO | None = None
    threshold = gc.get_threshold()  # changed by settle_gc; put back for a caller in Python
    stack = contextlib.ExitStack()
    try:
        executor = None
        if dask is not None:  # reached before the output is opened: a cluster out of reach overwrites nothing
            executor, jobs = stack.enter_context(cluster(dask))
        if opened_input is not None:
            opened = opened_input
        else:
            assert in_stream is not None
            opened = open_records(in_stream, declared_format(source, input_fmt), delimiter)
        fmt, columns, records = opened.fmt, opened.columns, opened.records
        if output is not None:
            try:
                out_file, state = prepare_output(output, out_fmt, resume, rules, report)
            except OSError as e:
                raise BatchError(msg("error.batch.unwritable", path=output, reason=e.strerror or str(e))) from None
        else:
            out_file = stdout if stdout is not None else sys.stdout.buffer
            if out_fmt == "csv":
                out_file.write(csv_header().encode())
        writer = out_file
        if report is not None:
            report.resumed = state.done
        task = Task(fmt, rules, columns, out_fmt, (), opened.delimiter)
        numbering = opened.numbering
        if numbering is not None:  # read in the workers: the records already written are checked as they come
            numbering.resume = state if state.done else None
            skipped = 0
        else:
            skipped = skip_records(records, state, task) if state.done else 0
        show = stderr.isatty() if progress is None else progress
        bar = Progress(stderr, total_bytes, skipped) if show else None
        done = {"records": 0, "bytes": skipped}
        started = time.monotonic()
        _warm_up(rules)

        with _Interrupts() as interrupts:

            def write(text: str) -> None:
                interrupts.writing = True
                try:
                    writer.write(text.encode("utf-8"))
                    writer.flush()
                except BrokenPipeError:
                    raise  # the reader went away (`| head`): the CLI ends quietly
                except OSError as e:  # a full disk: the records written so far stay whole lines
                    where = output if output is not None else msg("error.batch.stdout")
                    raise BatchWriteError(msg("error.batch.write", path=where, reason=e.strerror or str(e))) from None
                finally:
                    interrupts.writing = False
                if report is not None:
                    report.feed(text)
                if interrupts.abort_after_write:
                    raise KeyboardInterrupt

            def on_chunk(n: int, consumed: int) -> None:
                done["records"] += n
                done["bytes"] += consumed
                if bar is not None:
                    bar.update(done["records"], done["bytes"])

            try:
                tally, finished = process(
                    records,
                    write,
                    fmt=fmt,
                    rules=rules,
                    columns=columns,
                    delimiter=opened.delimiter,
                    out_fmt=out_fmt,
                    jobs=jobs,
                    chunk_size=chunk_size,
                    on_chunk=on_chunk,
                    stop=lambda: interrupts.requested,
                    own_gc=True,
                    chunks=opened.pieces,
                    number=numbering.render if numbering is not None else None,
                    executor=executor,
                )
                if finished and numbering is not None:
                    numbering.finish()
            finally:
                if bar is not None:
                    bar.close()
        seconds = time.monotonic() - started
        state.tally.merge(tally)
        return Outcome(
            state.tally,
            tally.records,
            seconds,
            jobs,
            profiles.get(rules).name,
            state.done,
            interrupted=not finished,
            blank_lines=opened.blank_lines,
            damage=in_stream.damage if isinstance(in_stream, GuardedStream) else None,
        )
    finally:
        stack.close()
        gc.set_threshold(*threshold)
        if out_file is not None and output is not None:
            # Every write was flushed: closing fails only after a failed write, already reported.
            with contextlib.suppress(OSError):
                out_file.close()
        if raw is not None and in_stream is not None:
            in_stream.close()
            raw.close()  # the file under a GzipFile stays open when it closes
