"""Where the arrangement search and the single-wait check spend a hand's time (issue 11, helper "waits").

    .venv/bin/python -m benchmarks.waits_phases [--hands 3000] [--seed 1] [--top 8]

On the generated winning hands of `benchmarks.speed`, each of the two phases this part of the
engine owns is timed per hand, CPU time (`time.process_time_ns`, best of `--repeats`):
- `arrange`: every arrangement of the concealed tiles with the declared melds;
- the unique-wait check: `waits_on_one_tile`, called as `score` calls it (only for hands with an
  arrangement where the winning tile has a wait shape).
Each is timed cold (every functools cache of `mcr_score.engine.arrangements` cleared before the pass,
as the speed benchmark's cold pass does) and warm, and the slowest hands of the cold pass are
re-timed alone (caches cleared before each run). Figures move with the machine's load.
"""

from __future__ import annotations

import argparse
import functools
import time
from collections.abc import Callable

import mcr_score
from mcr_score.engine.arrangements import arrange, counts_of, meld_set
from mcr_score.engine.waits import has_wait_shape, placements, waits_on_one_tile
from mcr_score.notation import format_hand
from tests.support.strategies import generate

from .speed import clear_caches

Job = Callable[[], object]


def jobs(seed: int, n: int) -> tuple[list[str], list[Job], list[Job]]:
    """(hand texts, the arrange call of each hand, the unique-wait check of each hand)."""
    texts, arr_jobs, wait_jobs = [], [], []
    for hand in generate(n, seed):
        if hand.winning is None:
            continue
        win = hand.winning.index
        standing = counts_of(hand.standing)
        concealed = list(standing)
        concealed[win] += 1
        melds = tuple(meld_set(m) for m in hand.melds)
        key = tuple(concealed)
        arrs = arrange(key, melds)
        if not arrs:
            continue
        texts.append(format_hand(hand))
        arr_jobs.append(functools.partial(arrange, key, melds))
        if any(has_wait_shape(a, placements(a, win), win) for a in arrs):
            wait_jobs.append(functools.partial(waits_on_one_tile, standing, len(melds), frozenset()))
        else:
            wait_jobs.append(nothing)
    return texts, arr_jobs, wait_jobs


def nothing() -> None:
    """A hand without a wait shape: `score` skips the check."""


def both(arr: Job, wait: Job) -> None:
    arr()
    wait()


def one_pass(items: list[Job]) -> list[int]:
    clock = time.process_time_ns
    out = []
    for job in items:
        t0 = clock()
        job()
        out.append(clock() - t0)
    return out


def best_pass(items: list[Job], repeats: int, cold: bool) -> list[int]:
    best: list[int] = []
    for _ in range(repeats):
        if cold:
            clear_caches()
        else:
            one_pass(items)
        ns = one_pass(items)
        best = ns if not best else [min(a, b) for a, b in zip(best, ns, strict=True)]
    return best


def alone_us(job: Job, repeats: int) -> float:
    best = float("inf")
    for _ in range(repeats):
        clear_caches()
        t0 = time.perf_counter_ns()
        job()
        best = min(best, time.perf_counter_ns() - t0)
    return best / 1e3


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=3000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--top", type=int, default=8)
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args(argv)
    texts, arr_jobs, wait_jobs = jobs(args.seed, args.hands)
    print(f"{len(texts)} winning hands, seed {args.seed}, mcr_score.compiled={mcr_score.compiled}")
    joint: list[Job] = [functools.partial(both, a, w) for a, w in zip(arr_jobs, wait_jobs, strict=True)]
    for label, items in (("arrange", arr_jobs), ("unique-wait check", wait_jobs), ("both", joint)):
        for cold in (True, False):
            ns = best_pass(items, args.repeats, cold)
            mean = sum(ns) / len(ns) / 1e3
            print(f"  {label:18s} {'cold' if cold else 'warm'}: mean {mean:7.1f} µs  max {max(ns) / 1e3:7.1f} µs")
    ns = best_pass(joint, 1, True)
    slowest = sorted(range(len(ns)), key=ns.__getitem__, reverse=True)[: args.top * 3]
    alone = sorted(
        ((alone_us(arr_jobs[i], 5), alone_us(wait_jobs[i], 5), i) for i in slowest),
        key=lambda r: r[0] + r[1],
        reverse=True,
    )[: args.top]
    print(f"the {args.top} slowest hands, each phase alone, cold, best of 5 (wall µs): arrange + unique-wait check")
    for a, w, i in alone:
        print(f"  {a:7.1f} + {w:7.1f} = {a + w:7.1f} µs  {texts[i]}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
