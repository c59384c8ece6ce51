"""Scoring speed of mcr-score against the reference calculator, on the same generated hands.

    .venv/bin/python -m benchmarks.speed --hands 20000 --seed 1

The aim (issue): within 10x of the reference's time per hand, and no hand slower than 5 ms.
Hands are generated, formatted and converted for the reference once, untimed, and the notation
grammar is built before timing. Each variant then scores every hand twice: a cold pass right
after clearing the arrangement caches (`arrange`, `_suit_splits`, `is_complete`) and a warm pass
that reuses them. Every call is timed on its own with `perf_counter_ns` (the clock costs well
under a microsecond, the same for every variant), so the slowest single hands can be named; the
slowest are then re-timed alone, cold, to tell a really slow hand from a garbage-collection pause
or another process taking the CPU (the load average is printed for the same reason). The
reference is timed both with our argument conversion (`tests/support/reference.py`, as the differential
tests call it) and as the bare `MahjongFanCalculator` call on pre-converted arguments.
"""

from __future__ import annotations

import argparse
import gc
import os
import statistics
import sys
import time
from collections.abc import Callable, Sequence

from MahjongGB import MahjongFanCalculator

from mcr_score import arrangements, format_hand, parse_hand, score
from tests.support.reference import reference_call, reference_fans
from tests.support.strategies import generate

SLOW_MS = 5.0
TARGET_RATIO = 10.0


CACHED = tuple(f for f in vars(arrangements).values() if callable(getattr(f, "cache_clear", None)))


def clear_caches() -> None:
    """Every functools cache of `mcr_score.arrangements` (`arrange`, `_suit_splits`, `is_complete`, ...)."""
    for f in CACHED:
        f.cache_clear()


def timed(fn: Callable, items: Sequence) -> list[int]:
    """Nanoseconds of each `fn(item)`."""
    clock = time.perf_counter_ns
    out = []
    for item in items:
        t0 = clock()
        fn(item)
        out.append(clock() - t0)
    return out


def summary(label: str, ns: list[int]) -> str:
    total = sum(ns) / 1e9
    return (
        f"  {label:34s} {total:7.2f} s {len(ns) / total:9.0f} hands/s {sum(ns) / len(ns) / 1e3:8.1f} µs/hand "
        f"median {statistics.median(ns) / 1e3:7.1f} µs  max {max(ns) / 1e6:7.2f} ms  "
        f"> {SLOW_MS:g} ms: {sum(t > SLOW_MS * 1e6 for t in ns)}"
    )


def cold_ms(hand, repeats: int = 5) -> float:
    """The best of a few cold runs of one hand, caches cleared before each."""
    best = None
    for _ in range(repeats):
        clear_caches()
        t0 = time.perf_counter_ns()
        score(hand, "china")
        t = time.perf_counter_ns() - t0
        best = t if best is None else min(best, t)
    return best / 1e6


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=20000, help="number of hands to generate")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--top", type=int, default=5, help="slowest hands to list")
    parser.add_argument("--retime", type=int, default=50, help="slowest hands of each pass to re-time alone")
    parser.add_argument("--no-gc", action="store_true", help="disable garbage collection while timing")
    args = parser.parse_args(argv)

    hands = generate(args.hands, args.seed)
    texts = [format_hand(h) for h in hands]
    calls = [reference_call(h) for h in hands]
    parse_hand(texts[0])  # builds the grammar once, outside the timings
    if args.no_gc:
        gc.disable()

    variants = [
        ("mcr-score, Hand", lambda h: score(h, "china"), hands, True),
        ("mcr-score, text (with parsing)", lambda t: score(t, "china"), texts, True),
        ("reference, with conversion", reference_fans, hands, False),
        ("reference, bare call", lambda kw: MahjongFanCalculator(**kw), calls, False),
    ]
    results: dict[tuple[str, str], list[int]] = {}
    for label, fn, items, cached in variants:
        if cached:
            clear_caches()
        results[label, "cold"] = timed(fn, items)
        results[label, "warm"] = timed(fn, items)
    gc.enable()

    print(
        f"{len(hands)} hands, seed {args.seed}, Python {sys.version.split()[0]}, "
        f"garbage collection {'off' if args.no_gc else 'on'} while timing, "
        f"load average {os.getloadavg()[0]:.2f} on {os.cpu_count()} CPUs"
    )
    for phase in ("cold", "warm"):
        cleared = ", ".join(f.__name__ for f in CACHED)
        print(f"\n{phase} pass{f' (caches cleared first: {cleared})' if phase == 'cold' else ''}:")
        for label, *_ in variants:
            print(summary(label, results[label, phase]))

    print("\nratio of time per hand, ours / reference (aim: at most 10x):")
    for phase in ("cold", "warm"):
        for ours in ("mcr-score, Hand", "mcr-score, text (with parsing)"):
            mine = sum(results[ours, phase])
            ratios = [
                f"{mine / sum(results[ref, phase]):6.1f}x vs {ref.split(', ')[1]}"
                for ref in ("reference, with conversion", "reference, bare call")
            ]
            print(f"  {phase} {ours:32s} {'   '.join(ratios)}")

    alone: dict[int, float] = {}
    for phase in ("cold", "warm"):
        ns = results["mcr-score, Hand", phase]
        slowest = sorted(range(len(ns)), key=ns.__getitem__, reverse=True)
        for i in slowest[: args.retime]:
            if i not in alone:
                alone[i] = cold_ms(hands[i])
        print(f"\nslowest hands, mcr-score on Hand objects, {phase} pass (then re-timed alone, cold, best of 5):")
        for i in slowest[: args.top]:
            print(f"  {ns[i] / 1e6:7.2f} ms  (alone {alone[i]:6.2f} ms)  {texts[i]}")
    print(f"\nslowest hands re-timed alone, cold, best of 5 (of the {len(alone)} slowest in either pass):")
    for i in sorted(alone, key=alone.__getitem__, reverse=True)[: args.top]:
        print(f"  {alone[i]:7.2f} ms  {texts[i]}")

    ratio = sum(results["mcr-score, Hand", "cold"]) / sum(results["reference, bare call", "cold"])
    worst = max(max(results["mcr-score, Hand", p]) for p in ("cold", "warm")) / 1e6
    worst_alone = max(alone.values())
    print(
        f"\naim: ratio {ratio:.1f}x (cold, Hand vs bare call) {'<=' if ratio <= TARGET_RATIO else '>'} "
        f"{TARGET_RATIO:g}x; slowest hand {worst:.2f} ms in the passes, {worst_alone:.2f} ms alone "
        f"(aim {SLOW_MS:g} ms)"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
