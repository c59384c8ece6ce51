"""Speed of mcr-score against the reference calculator (PyMahjongGB 1.4.0), on the same hands.

    .venv/bin/python -m benchmarks.speed [--hands 20000] [--seed 1] [--pauses 100000]
        [--only hands|games|batch|systems|startup]
    scripts/test-compiled --benchmark [ARGS]            # the same on the compiled build

Two inputs: `--hands` generated hands (`tests.support.strategies.generate`: every fan often, every
shape), and the hands of `games.txt`, the ends of 5,000 simulated games (`tests.support.games`: four
greedy players, a win worth 8 points), which is what a real batch meets: small standard hands that
repeat suit shapes, seldom whole hands.
One run prints, and says which build ran (`mcr_score.compiled`):
1. `score(Hand)` and `score(text)` per hand, mean and median, against the reference's bare
   `MahjongFanCalculator` call on arguments converted beforehand, and the ratio of the means; then
   each hand's best of three cold passes, ours and the reference's (the ratio a loaded machine
   moves least). The collector is handled as a batch process handles it (`batch.pool.settle_gc`
   before each chunk of 200 hands, outside the timings: the harness's own objects frozen). Each
   variant scores every hand twice: a cold pass right after clearing every cache of the engine
   modules (`ENGINE`: the arrangement search, the combination search of the exclusions, the
   result's groups, the per-profile tables), the figure the targets are judged on, as a batch
   meets each hand once; and a warm pass. Every call is
   timed on its own (`perf_counter_ns`) so the slowest hands can be named;
2. the 10 slowest hands: each hand's best time over three cold passes (its cost in a batch, where the
   hands before it built the shared tables: per suit shape, per arrangement shape, per profile; a
   pause of the machine taken out), the figure the target is judged on; and each re-timed alone
   with every engine cache cleared (best of 5, after one unrelated hand built the profile's tables);
3. the same figures on the hands from simulated games (`games`);
4. JSON lines end to end, on each input: `mcr-score batch FILE --jobs 1` in a fresh process (its own
   rate, from the first record read to the last written) against the reference's JSON -> call
   pipeline (`json.loads`, conversion, call) in this process, each the best of three runs; then
   `--jobs 2` against `--jobs 1`;
5. the other rule systems (`systems`): each one's score call per hand, on the hands of its golden
   file (tests/golden/) that need no option, or for nmjl on a few hands of the sample card; no
   reference to compare with, so a figure to compare runs by;
6. process start-up: `python -m mcr_score score HAND` against `python -c pass`, best of 15, with the
   package's bytecode written first (`compileall`), as an installed package has it; and
   `python -c 'import click'`, the part of it that is the command-line library's own import;
7. with `--pauses N`: N hands scored in a row as a batch process does (the collector settled after
   each chunk: `batch.pool.settle_gc`), the longest hand, the longest settling between two chunks
   and the longest garbage-collection pause.
Figures move with the machine's load (printed): compare ratios taken in one run.
"""

from __future__ import annotations

import argparse
import contextlib
import gc
import json
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time
import tomllib
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any

from MahjongGB import MahjongFanCalculator

import mcr_score
from mcr_score import format_hand, parse_hand, score, systems
from mcr_score.batch import DEFAULT_CHUNK
from mcr_score.batch.pool import settle_gc
from mcr_score.engine import arrangements
from mcr_score.engine import waits as placement
from mcr_score.notation import build_parsers
from mcr_score.systems import Situated
from mcr_score.systems.mcr import _scoring_fast, exclusions, scoring
from mcr_score.systems.mcr.fans import detectors, facts
from tests.support.cli import CLI
from tests.support.reference import reference_call, reference_fans
from tests.support.strategies import generate

from .batch import record_of, run_batch, time_reference

TARGETS = {"hand": 12.0 if not mcr_score.compiled else 6.0, "worst_ms": 0.5, "startup_ms": 60.0, "jsonl": 3.0}
TARGET_JOBS = 1.8
SECTIONS = ("hands", "games", "batch", "systems", "startup")
START_HAND = "123456789m123p5s5s"
ROOT = Path(__file__).resolve().parents[1]
GAMES = Path(__file__).with_name("games.txt")  # `python -m tests.support.games 5000 --seed 1`

# The modules of the scoring path: a memo added to any of them (a `functools` cache, or one its
# `clear_memos` empties) is cleared by the cold pass.
ENGINE = (arrangements, placement, facts, detectors, exclusions, scoring, _scoring_fast)
CACHED = tuple(
    {id(f): f for m in ENGINE for f in vars(m).values() if callable(getattr(f, "cache_clear", None))}.values()
)


def clear_caches() -> None:
    """Every functools cache of the `ENGINE` modules (the combination search, ...), and their memos
    kept in plain dicts and lists (each module's `clear_memos`: the suit tables, the result's groups,
    each profile's data)."""
    for f in CACHED:
        f.cache_clear()
    for m in ENGINE:
        clear = getattr(m, "clear_memos", None)
        if clear is not None:
            clear()


@contextlib.contextmanager
def batch_collector() -> Iterator[None]:
    """Inside, the collector may be settled as a batch process settles it (`settle_gc`: what was made
    before frozen, the young generation collected every 2,000 objects); after, as it was. Unsettled,
    a full collection in a pass also walks the harness's own objects (the hands, the reference's
    arguments, the timings): a pause of tens of ms no batch meets."""
    threshold = gc.get_threshold()
    try:
        yield
    finally:
        gc.unfreeze()
        gc.set_threshold(*threshold)


def timed(fn: Callable[[Any], object], items: Sequence[Any]) -> list[int]:
    """Nanoseconds of each `fn(item)`."""
    clock = time.perf_counter_ns
    out = []
    for item in items:
        t0 = clock()
        fn(item)
        out.append(clock() - t0)
    return out


def timed_as_batch(fn: Callable[[Any], object], items: Sequence[Any]) -> list[int]:
    """`timed`, with the collector settled before each chunk of `DEFAULT_CHUNK` items, outside the
    timings, as a batch process settles it between chunks (section 7 times the settling itself)."""
    out: list[int] = []
    for at in range(0, len(items), DEFAULT_CHUNK):
        settle_gc()
        out += timed(fn, items[at : at + DEFAULT_CHUNK])
    return out


def cold_ms(hand: Any, repeats: int = 5) -> float:
    """The best of a few cold runs of one hand: caches cleared before each, then one unrelated hand
    (`START_HAND`) scored so that the profile's own tables, which a batch builds once, are not
    counted as this hand's cost."""
    warm_up = parse_hand(START_HAND)
    best = float("inf")
    for _ in range(repeats):
        clear_caches()
        score(warm_up, "china")
        t0 = time.perf_counter_ns()
        score(hand, "china")
        best = min(best, time.perf_counter_ns() - t0)
    return best / 1e6


def row(label: str, ns: list[int], ref: list[int] | None) -> str:
    mean, median = sum(ns) / len(ns) / 1e3, statistics.median(ns) / 1e3
    ratio = f"{sum(ns) / sum(ref):7.1f}x" if ref else f"{'1.0x':>8s}"
    return f"  {label:36s} mean {mean:8.1f} µs  median {median:8.1f} µs  max {max(ns) / 1e6:6.2f} ms  {ratio}"


def wall_ms(argv: list[str], repeats: int) -> float:
    """The best wall time of a command, in milliseconds."""
    best = float("inf")
    for _ in range(repeats):
        t0 = time.perf_counter()
        subprocess.run(argv, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        best = min(best, time.perf_counter() - t0)
    return best * 1e3


def verdict(ok: bool) -> str:
    return "met" if ok else "NOT met"


def per_hand(hands: list[Any], texts: list[str], top: int, title: str) -> tuple[float, float, float]:
    """Sections 1-3 on one input; returns the cold ratio of score(Hand), the ratio of the hands'
    best of three cold passes, and the slowest hand in a batch (ms)."""
    calls = [reference_call(h) for h in hands]
    build_parsers()  # loads Lark and builds the grammar outside the timings
    variants: list[tuple[str, Callable[[Any], object], Sequence[Any], bool]] = [
        ("mcr-score, score(Hand)", lambda h: score(h, "china"), hands, True),
        ("mcr-score, score(text)", lambda t: score(t, "china"), texts, True),
        ("reference, bare call", lambda kw: MahjongFanCalculator(**kw), calls, False),
        ("reference, with our conversion", reference_fans, hands, False),
    ]
    results: dict[tuple[str, str], list[int]] = {}
    with batch_collector():
        for label, fn, items, cached in variants:
            if cached:
                clear_caches()
            results[label, "cold"] = timed_as_batch(fn, items)
            results[label, "warm"] = timed_as_batch(fn, items)
    ref_label = "reference, bare call"
    print(f"\n{title}, {len(hands):,}:")
    for phase in ("cold", "warm"):
        print(f"per hand, {phase} pass{' (engine caches cleared first)' if phase == 'cold' else ''}; ratio of means:")
        for label, *_ in variants:
            print(row(label, results[label, phase], None if label == ref_label else results[ref_label, phase]))
    ns = results["mcr-score, score(Hand)", "cold"]
    batch_ns, ref_ns = list(ns), list(results[ref_label, "cold"])
    with batch_collector():
        for _ in range(2):  # two more cold passes: a hand's cost in a batch, a pause of the machine taken out
            clear_caches()
            ours = timed_as_batch(lambda h: score(h, "china"), hands)
            ref = timed_as_batch(lambda kw: MahjongFanCalculator(**kw), calls)
            batch_ns = [min(a, b) for a, b in zip(batch_ns, ours, strict=True)]
            ref_ns = [min(a, b) for a, b in zip(ref_ns, ref, strict=True)]
    best = sum(batch_ns) / sum(ref_ns)
    print("each hand's best of three cold passes:")
    print(row("mcr-score, score(Hand)", batch_ns, ref_ns))
    print(row(ref_label, ref_ns, None))
    slowest = sorted(range(len(batch_ns)), key=batch_ns.__getitem__, reverse=True)[:top]
    if top:
        print(
            f"\nthe {top} slowest hands (score(Hand)): best of three cold passes (the hand in a batch), and alone"
            "\nwith every engine cache cleared (best of 5, after one unrelated hand built the profile's tables):"
        )
    for i in slowest:
        print(f"  {batch_ns[i] / 1e6:6.3f} ms in a batch  {cold_ms(hands[i]):6.3f} ms alone  {texts[i]}")
    return sum(ns) / sum(results[ref_label, "cold"]), best, max(batch_ns) / 1e6


def jsonl_end_to_end(hands: list[Any], title: str) -> tuple[float, float]:
    """Section 4 on one input; returns (ours / reference pipeline, --jobs 2 / --jobs 1)."""
    records = [record_of(h, f"h{i}") for i, h in enumerate(hands)]
    n = len(records)
    # Best of three runs each, ours and the reference's: a run is half a second, which a pause of this
    # shared machine moves by half (the reference alone gave 20 and 31 µs a record in one run).
    pipeline = min(time_reference(records)[1] for _ in range(3))
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        path = work / "hands.jsonl"
        path.write_text("".join(json.dumps(r) + "\n" for r in records))

        def fastest(jobs: int) -> dict[str, Any]:
            runs = [run_batch(path, jobs, work, ("--rules", "china")) for _ in range(3)]
            return max(runs, key=lambda run: float(run["hands_per_second"]))

        one = fastest(1)
        two = fastest(2)
        same = one["output"].read_bytes() == two["output"].read_bytes()
    ours_us = 1e6 / one["hands_per_second"]
    ref_us = pipeline / n * 1e6
    ratio = ours_us / ref_us
    scaling = two["hands_per_second"] / one["hands_per_second"]
    print(f"\nJSON lines end to end, {title}, {n:,} records (the command's own rate, start-up left out):")
    print(f"  {'reference: json.loads + convert + call':44s} {ref_us:8.1f} µs/record")
    print(f"  {'mcr-score batch --jobs 1':44s} {ours_us:8.1f} µs/record  {ratio:5.1f}x   wall {one['wall']:.1f} s")
    print(
        f"  {'mcr-score batch --jobs 2':44s} {1e6 / two['hands_per_second']:8.1f} µs/record  "
        f"{scaling:5.2f}x --jobs 1   wall {two['wall']:.1f} s  (outputs identical: {same})"
    )
    return ratio, scaling


# nmjl's hands: lines of the sample card (tests/systems/nmjl/test_nmjl.py), and one that is no line of it.
NMJL_CARD = ROOT / "examples" / "nmjl" / "sample-card.toml"
NMJL_HANDS = (
    "11m 222m 3333m 444m 55m",
    "FFFF 5555m 5555p 2s 5s",
    "666p 777p 8888s 9999s",
    "444m 555m 6666m 7777m",
    "11m 222m 3333m 444m 55p",
)
OPTIONS = {"options", "rules", "mode", "bonus"}  # a golden case with any of these needs more than HAND


def system_hands(name: str) -> tuple[list[str], Situated]:
    """A system's benchmark hands and the situation they are scored in."""
    if name == "nmjl":
        return list(NMJL_HANDS), Situated({"card": str(NMJL_CARD)})
    with (ROOT / "tests" / "golden" / f"{name}.toml").open("rb") as f:
        cases = tomllib.load(f)["case"]
    return [c["hand"] for c in cases if not OPTIONS & c.keys()], Situated({})


def other_systems(seconds: float) -> None:
    """Section 5: each other system's score call (`System.score`: the card read each time for nmjl, as
    the command does), per hand, repeated over its hands for about `seconds`."""
    print("\nthe other rule systems, score per hand (read beforehand), mean over repeated passes:")
    for name in systems.NAMES:
        if name == systems.DEFAULT:
            continue
        system = systems.get(name)
        texts, situated = system_hands(name)
        hands = [system.read(t, situated) for t in texts]
        profile = system.profile(system.default_profile)
        passes = calls = 0
        t0 = time.perf_counter()
        while time.perf_counter() - t0 < seconds or not passes:
            for h in hands:
                system.score(h, profile, situated)
            passes += 1
            calls += len(hands)
        us = (time.perf_counter() - t0) / calls * 1e6
        print(f"  {name:6s} {len(hands):3d} hands  {us:8.1f} µs a hand")


def startup(repeats: int) -> float:
    """Section 6; returns the start-up cost over `python -c pass`, in ms."""
    # An installed package has its bytecode; a checkout run with PYTHONDONTWRITEBYTECODE would recompile
    # every module at each start: write it first (into __pycache__, which git ignores).
    subprocess.run([sys.executable, "-m", "compileall", "-q", str(Path(mcr_score.__file__ or "").parent)], check=True)
    bare = wall_ms([sys.executable, "-c", "pass"], repeats)
    ours = wall_ms([*CLI, "score", START_HAND], repeats)
    imports = wall_ms([sys.executable, "-c", "import mcr_score"], repeats)
    # What the command line costs before any module of ours: its library's own import.
    cli = wall_ms([sys.executable, "-c", "import click"], repeats)
    print(f"\nprocess start-up, best of {repeats} (wall):")
    print(f"  python -c pass                               {bare:7.1f} ms")
    print(f"  python -c 'import mcr_score'                 {imports:7.1f} ms  (+{imports - bare:.1f})")
    print(f"  python -c 'import click'                     {cli:7.1f} ms  (+{cli - bare:.1f})")
    print(f"  python -m mcr_score score {START_HAND}  {ours:7.1f} ms  (+{ours - bare:.1f})")
    return ours - bare


def pauses(count: int, seed: int) -> None:
    """Section 7: the longest gap between two hands of a long run, and the longest collection, with
    the collector handled as a batch process handles it (`batch.pool.settle_gc` after each chunk)."""
    hands = generate(count, seed + 1)
    score(hands[0], "china")
    settle_gc()
    collections: list[float] = []
    started: list[float] = []
    settles: list[int] = []

    def watch(phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            started.append(time.perf_counter())
        elif started:
            collections.append(time.perf_counter() - started.pop())

    ns: list[int] = []
    gc.callbacks.append(watch)
    try:
        with batch_collector():
            for at in range(0, len(hands), DEFAULT_CHUNK):
                ns += timed(lambda h: score(h, "china"), hands[at : at + DEFAULT_CHUNK])
                t0 = time.perf_counter_ns()
                settle_gc()
                settles.append(time.perf_counter_ns() - t0)
    finally:
        gc.callbacks.remove(watch)
    worst = max(max(ns), max(settles)) / 1e6
    print(f"\npauses over {count:,} hands in a row (the collector settled every {DEFAULT_CHUNK} hands, as the batch):")
    print(f"  longest hand {max(ns) / 1e6:.2f} ms; hands over 5 ms: {sum(t > 5e6 for t in ns)}")
    print(f"  longest settling between two chunks {max(settles) / 1e6:.2f} ms")
    print(
        f"  garbage collections {len(collections)}, longest {max(collections, default=0) * 1e3:.2f} ms "
        f"(target: no pause over 5 ms: {verdict(worst <= 5.0)})"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=20000, help="number of hands to generate")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--top", type=int, default=10, help="slowest hands to re-time alone")
    parser.add_argument("--startup-repeats", type=int, default=15)
    parser.add_argument("--pauses", type=int, default=0, metavar="N", help="also check pauses over N hands")
    parser.add_argument("--skip-batch", action="store_true", help="leave out the JSON-lines and --jobs runs")
    parser.add_argument("--games", type=int, default=5000, help="hands of games.txt to use (at most 5,000)")
    parser.add_argument("--system-seconds", type=float, default=1.0, help="time spent on each other system")
    parser.add_argument(
        "--only",
        choices=SECTIONS,
        action="append",
        help="run only these sections (repeatable): per-hand timings on generated hands, on hands from "
        "simulated games, JSON lines and --jobs, the other systems, start-up",
    )
    args = parser.parse_args(argv)
    sections = set(args.only or SECTIONS)
    if args.skip_batch:
        sections.discard("batch")

    build = "compiled (mypyc)" if mcr_score.compiled else "pure Python"
    print(
        f"mcr-score {mcr_score.__version__}, {build}, from {Path(mcr_score.__file__ or '').parent}\n"
        f"Python {platform.python_version()} on {platform.machine()}, {os.cpu_count()} CPUs, "
        f"load average {os.getloadavg()[0]:.2f}; {args.hands:,} hands, seed {args.seed}"
    )
    hands = generate(args.hands, args.seed)
    texts = [format_hand(h) for h in hands]
    game_texts = GAMES.read_text().splitlines()[: args.games]
    games = [parse_hand(t) for t in game_texts]
    checks: list[tuple[str, float, float, bool]] = []
    target = TARGETS["hand"]
    if "hands" in sections:
        ratio, best, worst = per_hand(hands, texts, args.top, "generated hands")
        checks.append(("score(Hand), cold, x the bare call", ratio, target, ratio <= target))
        checks.append(("  the same, best of three cold passes", best, target, best <= target))
        checks.append(("slowest hand in a batch, ms", worst, TARGETS["worst_ms"], worst <= TARGETS["worst_ms"]))
    if "games" in sections:
        ratio, best, _ = per_hand(games, game_texts, 0, "hands from simulated games")
        checks.append(("games: score(Hand), cold, x the bare call", ratio, target, ratio <= target))
        checks.append(("  the same, best of three cold passes", best, target, best <= target))
    if "batch" in sections:
        for short, label, batch_hands in (
            ("", "generated hands", hands),
            ("games: ", "hands from simulated games", games),
        ):
            jsonl, scaling = jsonl_end_to_end(batch_hands, label)
            checks.append(
                (f"{short}JSON lines, one job, x the reference", jsonl, TARGETS["jsonl"], jsonl <= TARGETS["jsonl"])
            )
            checks.append((f"{short}--jobs 2, x one job (at least)", scaling, TARGET_JOBS, scaling >= TARGET_JOBS))
    if "systems" in sections:
        other_systems(args.system_seconds)
    if "startup" in sections:
        start = startup(args.startup_repeats)
        ok = start <= TARGETS["startup_ms"]
        checks.append(("start-up over python -c pass, ms", start, TARGETS["startup_ms"], ok))
    if args.pauses:
        pauses(args.pauses, args.seed)

    print(f"\ntargets ({build}; load average now {os.getloadavg()[0]:.2f}):")
    for label, value, target, ok in checks:
        print(f"  {label:46s} {value:8.2f}  target {target:g}: {verdict(ok)}")
    with contextlib.suppress(OSError):
        sys.stdout.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
