"""Score recorded hands on a Dask cluster: the output of `mcr-score batch`, byte for byte.

The command itself does this now: `mcr-score batch FILES... [--from FORMAT] --dask ADDRESS`
(`tcp://HOST:PORT` or `local:N`; docs/batch.md), with game records read in the workers, `--resume`,
progress and the report. This example stays as the few lines it takes from Python, and for a
directory of partition files, each scored into its own output.

    python examples/dask_batch.py hands.jsonl -o scored.jsonl [--rules china] [--workers 4]
    python examples/dask_batch.py parts/ -o scored/ --scheduler tcp://scheduler:8786

Input: one file (JSON lines, text or CSV, as `mcr-score batch` reads them), or a directory of
partition files (`*.jsonl`, `*.txt`, `*.csv`, each a complete input with its own header for CSV),
as a data lake stores a big archive. The output of each input file is identical to `mcr-score
batch FILE --rules R` (same records, same line numbers, same order): `-o` names the output file,
or for a directory input the output directory, one file per partition under the same name.

How it runs: this process reads each file with the batch's own reader (numbering the lines and
refusing bad ones exactly as the command does: reading costs a hundredth of scoring) and cuts the
records into chunks of `--chunk-size`; every chunk is one task, `mcr_score.batch.pool.score_chunk`,
the very function the command's worker processes run, so the output cannot differ. Tasks go to a
`dask.distributed` cluster, at most two per worker thread in flight, and their outputs are
written back in input order. Without `--scheduler` a `LocalCluster` of `--workers` processes on this
machine runs them; with `--scheduler ADDRESS` the tasks go to a running cluster: start one with
`dask scheduler` on one machine and `dask worker tcp://SCHEDULER:8786` on each of the others
(every worker needs `pip install mcr-score dask distributed`; only this process reads the input and
writes the output, so the files need not be shared). The summary `mcr-score batch` prints goes to
standard error.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections import deque
from collections.abc import Iterator
from pathlib import Path

from dask.distributed import Client, LocalCluster

from mcr_score import batch
from mcr_score.batch.pool import Task, score_chunk
from mcr_score.batch.reading import RawLine, declared_format, open_records
from mcr_score.batch.tally import Outcome, Tally
from mcr_score.systems.mcr.profiles import DEFAULT, PROFILES, get

SUFFIXES = (".jsonl", ".ndjson", ".json", ".txt", ".csv")


def chunks(records: Iterator[RawLine], size: int) -> Iterator[tuple[RawLine, ...]]:
    chunk: list[RawLine] = []
    for record in records:
        chunk.append(record)
        if len(chunk) == size:
            yield tuple(chunk)
            chunk = []
    if chunk:
        yield tuple(chunk)


def score_file(
    client: Client, source: Path, target: Path, rules: str, chunk_size: int, in_flight: int
) -> tuple[Tally, int]:
    """Score one input file on the cluster into `target`, in order; the tally of its records and
    the number of blank lines skipped (not records)."""
    tally = Tally()
    with source.open("rb") as stream, target.open("w", encoding="utf-8", newline="") as out:
        # The format as the command decides it: given by the extension, else sniffed from the first line.
        opened = open_records(stream, declared_format(str(source), None))
        pending: deque = deque()
        for chunk in chunks(opened.records, chunk_size):
            task = Task(opened.fmt, rules, opened.columns, "jsonl", chunk, opened.delimiter)
            pending.append(client.submit(score_chunk, task, pure=False))
            while len(pending) >= in_flight:
                text, part = pending.popleft().result()
                out.write(text)
                tally.merge(part)
        while pending:
            text, part = pending.popleft().result()
            out.write(text)
            tally.merge(part)
    return tally, opened.blank_lines


def inputs(source: Path, output: Path) -> list[tuple[Path, Path]]:
    """(input file, output file) pairs: one file, or each partition file of a directory by name."""
    if not source.is_dir():
        return [(source, output)]
    output.mkdir(parents=True, exist_ok=True)
    parts = sorted(p for p in source.iterdir() if p.suffix in SUFFIXES)
    return [(p, output / p.name) for p in parts]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("input", type=Path, help="a file of recorded hands, or a directory of partition files")
    parser.add_argument("-o", "--output", type=Path, required=True, help="output file (directory for a directory)")
    parser.add_argument("--rules", choices=list(PROFILES), default=DEFAULT)
    parser.add_argument("--scheduler", default=None, help="address of a running cluster (default: a LocalCluster)")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1, help="LocalCluster worker processes")
    parser.add_argument("--chunk-size", type=int, default=batch.DEFAULT_CHUNK, help="records per task")
    args = parser.parse_args(argv)

    started = time.monotonic()
    if args.scheduler:
        client = Client(args.scheduler)
        cluster = None
    else:
        cluster = LocalCluster(n_workers=args.workers, threads_per_worker=1, processes=True, dashboard_address=None)
        client = Client(cluster)
    try:
        threads = sum(client.nthreads().values()) or 1
        tally, blank_lines = Tally(), 0
        for source, target in inputs(args.input, args.output):
            part, blank = score_file(client, source, target, args.rules, args.chunk_size, 2 * threads)
            tally.merge(part)
            blank_lines += blank
    finally:
        client.close()
        if cluster is not None:
            cluster.close()
    outcome = Outcome(
        tally, tally.records, time.monotonic() - started, threads, get(args.rules).name, blank_lines=blank_lines
    )
    print(batch.summary_text(outcome), file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
