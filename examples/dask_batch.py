"""Score a file of recorded hands with Dask instead of `mcr-score batch --jobs`.

    python examples/dask_batch.py hands.jsonl -o scored/ [--rules china] [--scheduler processes]

`mcr_score.batch.score_line(line, fmt, rules=...)` is a pure function of one input line: it
returns the output object of that record (the `score --json` object plus `id`, `line` and
`claim`, or `{"ok": false, "error": ...}`) and never raises for a bad record. So any engine that
maps a function over lines can run it; this is Dask's, with its local scheduler (the same code runs
on a `dask.distributed` cluster: pass `--scheduler` the address of its scheduler, or create a
`Client` before computing). With Spark it would be

    sc.textFile(path).map(lambda l: json.dumps(batch.score_line(l, "jsonl"))).saveAsTextFile(out)

Output: `scored/00000.jsonl`, `scored/00001.jsonl`, ... one file per partition; read in name
order they hold the records in input order. Dask's `read_text` does not number lines, so `line` is
null: the records' `id`s identify them. A summary (records, errors, claim mismatches, totals) is
computed in the same pass and printed.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import sys

import dask
import dask.bag as db

from mcr_score import batch
from mcr_score.profiles import DEFAULT, PROFILES


def score_partition(lines, fmt: str, rules: str) -> list[dict]:
    """The output objects of one partition's lines (blank and comment lines of text hold none)."""
    out = []
    for line in lines:
        result = batch.score_line(line.rstrip("\r\n"), fmt, rules=rules)
        if result is not None:
            out.append(result)
    return out


def kind(result: dict) -> str:
    if not result["ok"]:
        return "error"
    if not result["winning"]:
        return "not winning"
    return "8 points or more" if result["meets_minimum"] else "below 8 points"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("input", help="a JSON-lines or text file (not CSV: a partition does not see the header)")
    parser.add_argument("-o", "--output", required=True, help="directory for the scored partitions")
    parser.add_argument(
        "--input-format",
        choices=("jsonl", "text"),
        default=None,
        help="default: from the extension, as mcr-score batch",
    )
    parser.add_argument("--rules", choices=list(PROFILES), default=DEFAULT)
    parser.add_argument(
        "--scheduler",
        default="processes",
        help="Dask scheduler: processes (default), threads, synchronous, or a cluster address",
    )
    parser.add_argument("--blocksize", default="4MiB", help="bytes of input per partition")
    args = parser.parse_args(argv)

    fmt = batch.input_format(args.input, args.input_format)
    if fmt == "csv":
        parser.error("CSV needs its header in every partition; convert it to JSON lines first")
    os.makedirs(args.output, exist_ok=True)

    lines = db.read_text(args.input, blocksize=args.blocksize, encoding="utf-8", errors="replace")
    scored = lines.map_partitions(score_partition, fmt, args.rules)
    writes = scored.map(lambda r: json.dumps(r, ensure_ascii=False)).to_textfiles(
        os.path.join(args.output, "*.jsonl"), name_function=lambda i: f"{i:05d}", compute=False
    )
    kinds = scored.map(kind).frequencies()
    mismatches = scored.filter(lambda r: r.get("claim") is not None and not r["claim"]["matches"]).count()
    totals = scored.filter(lambda r: r["ok"] and r["winning"]).pluck("total").frequencies()

    scheduler = args.scheduler
    if ":" in scheduler:  # a dask.distributed scheduler address
        from dask.distributed import Client

        Client(scheduler)
        scheduler = None
    with dask.config.set(scheduler=scheduler) if scheduler else contextlib.nullcontext():
        _, kinds, mismatches, totals = dask.compute(writes, kinds, mismatches, totals)

    kinds = dict(kinds)
    print(
        f"{sum(kinds.values()):,} records: "
        + ", ".join(f"{k} {v:,}" for k, v in sorted(kinds.items()))
        + f"; claim mismatches {mismatches:,}",
        file=sys.stderr,
    )
    print("totals: " + " ".join(f"{t}:{n}" for t, n in sorted(totals)), file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
