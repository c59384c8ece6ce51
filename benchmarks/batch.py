"""Throughput of `mcr-score batch` against the reference calculator, on the same hands.

    .venv/bin/python -m benchmarks.batch --hands 20000 --seed 1 [--jobs N]
    .venv/bin/python -m benchmarks.batch --million [--lines 1000000] [--keep DIR]
    .venv/bin/python -m benchmarks.batch --floor [--hands 2000]

The default run generates `--hands` winning hands (`tests.support.strategies.generate`) and writes them in
both input forms: JSON lines (the record form: melds, hand, win and the situation fields) and text
(one `id<TAB>notation` per line). It then runs the real command, `mcr-score batch FILE -o OUT`, in a
fresh process for each of: JSON lines and text, with `--jobs 1` and `--jobs N` (default: all
cores), and reports hands/second as the command measures it (`--summary-json`: from the first
record read to the last written, so interpreter start-up is left out; the wall time with start-up is
shown too). The reference, PyMahjongGB 1.4.0, scores the same hands in this process: the bare
`MahjongFanCalculator` call on arguments converted beforehand, and the same with the JSON decoding
and the conversion of each record timed in. Ratios are time per hand, ours over the reference's
bare call; the `--jobs` scaling is the speed-up over one process, against the cores used. CPU
µs/hand (all processes of the run, start-up included) does not depend on the machine's load, unlike
the rates: on a shared machine, compare it across runs.

`--million` writes a `--lines` (1,000,000) line JSON-lines file of distinct generated hands with 1%
garbage lines (binary junk, broken JSON, blank lines, oversized lines, wrong fields, long junk
notation), runs `mcr-score batch` on it with all cores, samples the memory of the process tree
while it runs, and checks that the output has exactly one record per input line but the blank
ones (which the batch skips and counts), in order, with an error record for every other garbage
line. Reports the time, rate, peak RSS (`getrusage` of the children, and the sampled sum of the
process tree) and memory over time.

`--floor` splits the time of one process on JSON lines (`batch.process`, one job, as the command
runs it) into `score()` and everything around it, in CPU time (`time.process_time`, best of 5, so
that a loaded machine matters less): the whole pipeline; the same with `score` replaced by a lookup
of results computed beforehand (the floor: reading, decoding, building the hand, the output object,
JSON, the tally, the collector); the parts of that floor one by one; and the reference's JSON → call
pipeline on the same lines.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import random
import resource
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from MahjongGB import MahjongFanCalculator

from mcr_score import batch, format_hand
from mcr_score.hand import Hand, Meld, Situation
from mcr_score.notation.record import record_from_hand
from mcr_score.tiles import Tile
from tests.support import strategies
from tests.support.cli import CLI
from tests.support.procs import children
from tests.support.reference import reference_call

TARGET_RATIO = 10.0


def record_of(hand: Hand, rid: str) -> dict:
    return {"id": rid, **record_from_hand(hand)}


def hand_of(record: dict) -> Hand:
    """The record form back to a Hand, for the reference's timed conversion."""
    melds = tuple(Meld(m["type"], Tile(m["tile"]), m["concealed"], m.get("claim")) for m in record["melds"])
    flowers = record["flowers"]
    situation = Situation(
        record["self_drawn"],
        record["last_tile"],
        record["wall_last"],
        record["kong"],
        record["seat_wind"],
        record["prevalent_wind"],
        len(flowers) if isinstance(flowers, str) else flowers,
        flowers if isinstance(flowers, str) else "",
    )
    return Hand(melds, tuple(Tile(t) for t in record["hand"]), Tile(record["win"]), situation)


def run_batch(path: Path, jobs: int, workdir: Path, extra: tuple[str, ...] = ()) -> dict:
    out = workdir / f"out-{path.stem}-{jobs}.jsonl"
    summary = workdir / "summary.json"
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    subprocess.run(
        [*CLI, "batch", str(path), "-o", str(out), "--jobs", str(jobs), "--summary-json", str(summary), *extra],
        check=True,
        stderr=subprocess.DEVNULL,
    )
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    data = json.loads(summary.read_text())
    data["wall"] = wall
    data["cpu"] = (after.ru_utime + after.ru_stime) - (before.ru_utime + before.ru_stime)
    data["output"] = out
    return data


def time_reference(records: list[dict]) -> tuple[float, float]:
    """Seconds for the bare calls on pre-converted arguments, and for decode + convert + call."""
    calls = [reference_call(hand_of(r)) for r in records]
    started = time.perf_counter()
    for call in calls:
        with contextlib.suppress(TypeError):
            MahjongFanCalculator(**call)
    bare = time.perf_counter() - started
    lines = [json.dumps(r) for r in records]
    started = time.perf_counter()
    for line in lines:
        with contextlib.suppress(TypeError):
            MahjongFanCalculator(**reference_call(hand_of(json.loads(line))))
    return bare, time.perf_counter() - started


def speed(args: argparse.Namespace) -> int:
    jobs = args.jobs or batch.default_jobs()
    print(f"generating {args.hands:,} hands (seed {args.seed}) ...", file=sys.stderr)
    hands = strategies.generate(args.hands, args.seed)
    records = [record_of(h, f"h{i}") for i, h in enumerate(hands)]
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        jsonl = work / "hands.jsonl"
        text = work / "hands.txt"
        jsonl.write_text("".join(json.dumps(r) + "\n" for r in records))
        text.write_text("".join(f"h{i}\t{format_hand(h)}\n" for i, h in enumerate(hands)))

        bare, converted = time_reference(records)
        n = len(hands)
        ref_us = bare / n * 1e6
        print(f"\n{n:,} hands, {jobs} cores for --jobs, load average {os.getloadavg()[0]:.2f} at the start\n")
        print(
            f"{'':44s} {'hands/s':>10s} {'µs/hand':>9s} {'vs reference':>13s} {'wall, with start-up':>20s} "
            f"{'CPU µs/hand':>12s}"
        )
        print(f"{'reference: bare call':44s} {n / bare:10,.0f} {ref_us:9.1f} {'1.0x':>13s}")
        print(
            f"{'reference: json.loads + convert + call':44s} {n / converted:10,.0f} {converted / n * 1e6:9.1f} "
            f"{converted / bare:12.1f}x"
        )
        results = {}
        outputs = {}
        for label, path in (("JSON lines", jsonl), ("notation", text)):
            for j in sorted({1, jobs}):
                r = run_batch(path, j, work)
                results[label, j] = r
                us = 1e6 / r["hands_per_second"]
                name = f"mcr-score batch, {label}, --jobs {j}"
                print(
                    f"{name:44s} {r['hands_per_second']:10,.0f} {us:9.1f} {us / ref_us:12.1f}x "
                    f"{r['wall']:18.1f} s {r['cpu'] / n * 1e6:12.0f}"
                )
                outputs.setdefault(label, []).append(r["output"].read_bytes())
        for label in ("JSON lines", "notation"):
            assert all(o == outputs[label][0] for o in outputs[label]), "--jobs changed the output"
        same = [
            json.loads(a)["total"] == json.loads(b)["total"]
            for a, b in zip(outputs["JSON lines"][0].splitlines(), outputs["notation"][0].splitlines(), strict=False)
        ]
        assert all(same), "the two input forms scored differently"
        print()
        if jobs > 1:
            for label in ("JSON lines", "notation"):
                s = results[label, jobs]["hands_per_second"] / results[label, 1]["hands_per_second"]
                print(f"--jobs {jobs} scaling, {label}: {s:.2f}x on {jobs} cores ({s / jobs:.0%} of linear)")
        one = results["JSON lines", 1]["hands_per_second"]
        ratio = (1e6 / one) / ref_us
        print(
            f"one process on JSON lines: {ratio:.1f}x the reference's time per hand "
            f"(goal: within {TARGET_RATIO:g}x): {'met' if ratio <= TARGET_RATIO else 'NOT met'}"
        )
        print("outputs of --jobs 1 and --jobs N identical; JSON-lines and notation inputs give the same totals")
    return 0


GARBAGE = (
    lambda rng: bytes(rng.randrange(256) for _ in range(rng.randrange(1, 60))).replace(b"\n", b" "),
    lambda rng: '{"id": "broken", "melds": [',
    lambda rng: "",
    lambda rng: "x" * (batch.MAX_LINE + 1 + rng.randrange(1000)),
    lambda rng: json.dumps({"id": "bad", "hand": ["1m", "Q"], "win": 5, "self_draw": True}),
    lambda rng: json.dumps({"id": "junk", "notation": "".join(rng.choice("123456789mpsz[]|xyESW") for _ in range(80))}),
    lambda rng: "[" * 3000,
    lambda rng: "null",
)


def write_million(path: Path, lines: int, seed: int) -> tuple[int, float]:
    """Stream `lines` records to `path`: distinct generated hands, 1% garbage. Returns the garbage count."""
    rng = random.Random(seed)
    garbage = 0
    started = time.perf_counter()
    with open(path, "wb") as f:
        for i in range(lines):
            if rng.random() < 0.01:
                line = rng.choice(GARBAGE)(rng)
                garbage += 1
            else:
                hand = strategies.draw_winning_hand(rng)
                if i % 2:
                    line = json.dumps(record_of(hand, f"m{i}"))
                else:
                    claim = {"claimed_total": rng.randrange(8, 60)} if i % 10 == 0 else {}
                    line = json.dumps({"id": f"m{i}", "notation": format_hand(hand), **claim})
            f.write(line if isinstance(line, bytes) else line.encode())
            f.write(b"\n")
            if i and i % 100_000 == 0:
                print(f"  {i:,} lines written", file=sys.stderr)
    return garbage, time.perf_counter() - started


def tree_rss(pid: int) -> tuple[int, int]:
    """RSS in KiB of a process and of its children (the workers)."""

    def rss(p: int) -> int:
        try:
            for line in Path(f"/proc/{p}/status").read_text().splitlines():
                if line.startswith("VmRSS:"):
                    return int(line.split()[1])
        except OSError:
            pass
        return 0

    return rss(pid), sum(rss(k) for k in children(pid))


def million(args: argparse.Namespace) -> int:
    work = Path(args.keep) if args.keep else Path(tempfile.mkdtemp(prefix="mcr-million-"))
    work.mkdir(parents=True, exist_ok=True)
    path = work / "million.jsonl"
    out = work / "million.out.jsonl"
    summary = work / "million.summary.json"
    print(f"writing {args.lines:,} lines to {path} ...", file=sys.stderr)
    garbage, gen_seconds = write_million(path, args.lines, args.seed)
    size = path.stat().st_size
    print(f"input: {args.lines:,} lines, {garbage:,} garbage, {size / 1e6:,.0f} MB (written in {gen_seconds:.0f} s)")

    jobs = args.jobs or batch.default_jobs()
    started = time.perf_counter()
    proc = subprocess.Popen(
        [*CLI, "batch", str(path), "-o", str(out), "--jobs", str(jobs), "--summary-json", str(summary)],
        stderr=subprocess.PIPE,
    )
    samples = []
    while proc.poll() is None:
        main_rss, kids_rss = tree_rss(proc.pid)
        done = out.stat().st_size if out.exists() else 0
        samples.append((time.perf_counter() - started, main_rss, kids_rss, done))
        time.sleep(2)
    stderr = proc.stderr.read().decode()
    wall = time.perf_counter() - started
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    if proc.returncode != 0:
        print(stderr, file=sys.stderr)
        return 1
    print(stderr.rstrip())

    records = 0
    errors = 0
    in_order = True
    with open(path, "rb") as src, open(out, "rb") as f:
        # The lines the batch answers: all but the blank ones, which it skips and counts (as it reads
        # them: the line ending taken off, then nothing but spaces and tabs left).
        wanted = (number for number, raw in enumerate(src, 1) if raw.rstrip(b"\n").rstrip(b"\r").strip(b" \t"))
        for raw in f:
            record = json.loads(raw)
            records += 1
            errors += not record["ok"]
            in_order &= record["line"] == next(wanted, None)
        in_order &= next(wanted, None) is None
    with open(path, "rb") as src:
        blanks = sum(1 for raw in src if not raw.rstrip(b"\n").rstrip(b"\r").strip(b" \t"))
    data = json.loads(summary.read_text())
    print(
        f"\noutput: {records:,} records ({'in order, one per non-blank line' if in_order else 'NOT IN ORDER'}), "
        f"{errors:,} errors ({garbage:,} garbage lines, {blanks:,} blank), {out.stat().st_size / 1e6:,.0f} MB"
    )
    print(
        f"time: {wall:,.0f} s wall ({data['hands_per_second']:,.0f} records/s as measured by the command), "
        f"{jobs} processes, CPU {usage.ru_utime + usage.ru_stime:,.0f} s"
    )
    print(f"peak RSS (getrusage, largest single process): {usage.ru_maxrss / 1024:,.0f} MiB")
    peak = max(samples, key=lambda s: s[1] + s[2])
    print(
        f"peak RSS sampled (main + {jobs} workers): {(peak[1] + peak[2]) / 1024:,.0f} MiB "
        f"(main {peak[1] / 1024:,.0f} MiB)"
    )
    print("memory over time (elapsed, output written, RSS main, RSS workers):")
    step = max(1, len(samples) // 10)
    for t, m, k, done in [*samples[::step], samples[-1]]:
        print(
            f"  {t:7.0f} s {done / max(out.stat().st_size, 1):6.0%}  main {m / 1024:6.0f} MiB  "
            f"workers {k / 1024:6.0f} MiB"
        )
    ok = records + blanks == args.lines and in_order and errors >= garbage - blanks
    print("CHECK: exactly one output record per non-blank input line, in order:", "yes" if ok else "NO")
    if not args.keep:
        for p in (path, out, summary):
            p.unlink(missing_ok=True)
        work.rmdir()
    return 0 if ok else 1


def cpu_us(fn: Callable[[], object], n: int, repeats: int = 5) -> float:
    """CPU µs per item of `fn()` over n items, best of `repeats`."""
    best = float("inf")
    for _ in range(repeats):
        started = time.process_time()
        fn()
        best = min(best, time.process_time() - started)
    return best / n * 1e6


def floor(args: argparse.Namespace) -> int:
    """The per-record cost of the batch outside `score()` (see the module's docstring)."""
    import io

    from mcr_score.batch import pool
    from mcr_score.batch import records as batch_records
    from mcr_score.batch.output import Scored
    from mcr_score.batch.reading import open_records
    from mcr_score.batch.runner import _warm_up
    from mcr_score.notation.record import hand_from_record
    from mcr_score.systems.mcr.scoring import score

    hands = strategies.generate(args.hands, args.seed)
    records = [record_of(h, f"h{i}") for i, h in enumerate(hands)]
    lines = [json.dumps(r) for r in records]
    data = "".join(line + "\n" for line in lines).encode()
    n = len(lines)
    _warm_up("china")

    def pipeline() -> None:
        opened = open_records(io.BytesIO(data), "jsonl")
        pool.process(opened.records, lambda text: None, fmt="jsonl", rules="china", jobs=1, own_gc=True)

    whole = cpu_us(pipeline, n, 3)
    results = [score(hand_from_record(r).hand, "china") for r in records]
    real = batch_records.score_hand
    position = {"i": 0}

    def precomputed(hand: object, rules: str) -> object:
        i = position["i"]
        position["i"] = (i + 1) % n
        return results[i]

    batch_records.score_hand = precomputed  # type: ignore[assignment]
    try:
        without = cpu_us(pipeline, n)
    finally:
        batch_records.score_hand = real
    decoded = [json.loads(line) for line in lines]
    built = [hand_from_record(r).hand for r in decoded]
    outs = [Scored(r["id"], i, s, None) for i, (r, s) in enumerate(zip(decoded, results, strict=True))]

    def each(fn: Callable[[Any], object], items: list[Any]) -> Callable[[], None]:
        def run() -> None:
            for item in items:
                fn(item)  # each result dropped at once, as the pipeline does

        return run

    parts = {
        "json.loads": cpu_us(each(json.loads, lines), n),
        "hand_from_record (records.py)": cpu_us(each(hand_from_record, decoded), n),
        "JSON line (output.Scored.jsonl)": cpu_us(each(Scored.jsonl, outs), n),
        "score() alone, warm": cpu_us(each(lambda h: score(h, "china"), built), n, 1),
    }
    _, converted = time_reference(records)
    print(f"\n{n:,} JSON records, one process, CPU µs per record (best of 5; load average {os.getloadavg()[0]:.2f}):")
    print(f"  {'the whole pipeline (batch.process, one job)':48s} {whole:7.1f}")
    print(f"  {'the same, score() replaced by a lookup: the floor':48s} {without:7.1f}")
    for label, us in parts.items():
        print(f"    {label:46s} {us:7.1f}")
    print(f"  {'reference: json.loads + convert + call (wall)':48s} {converted / n * 1e6:7.1f}")
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=20000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=None, help="processes for the parallel runs (default: all cores)")
    parser.add_argument("--million", action="store_true", help="the million-line run instead")
    parser.add_argument("--lines", type=int, default=1_000_000, help="lines of the --million input")
    parser.add_argument("--keep", default=None, help="--million: keep the files in this directory")
    parser.add_argument("--floor", action="store_true", help="the cost per record outside score() instead")
    args = parser.parse_args(argv)
    if args.floor:
        return floor(args)
    return million(args) if args.million else speed(args)


if __name__ == "__main__":
    sys.exit(main())
