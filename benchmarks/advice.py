"""Speed of `waits`, `shanten` and `discards`, and the reference's MahjongShanten for scale.

    .venv/bin/python -m benchmarks.advice --hands 2000 --seed 1

Aims (issue 13): `waits` median at most 5 ms a hand; `shanten` within 10x the reference's
`MahjongShanten` (the least shanten over the forms, without useful tiles: ours is
`readiness.shanten_number`; the whole `mcr_score.shanten` answer, five forms with their useful
tiles and copies left, is timed as well); `discards` median at most 50 ms. Hands come from
`tests/support/advice.py` (13-tile hands from ready to four swaps away) and, for `discards`, the
same hands with one random tile more. Each variant is timed twice, cold (caches cleared) and warm.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from typing import Any

import MahjongGB

from mcr_score import discards, shanten, waits
from mcr_score.engine import arrangements
from mcr_score.engine import shanten as readiness
from mcr_score.engine.arrangements import counts_of
from mcr_score.hand import Hand, check_hand
from mcr_score.tiles import Tile
from tests.support.advice import draw_waiting
from tests.support.reference import pack, tile_code

AIMS = {"waits": 5.0, "discards": 50.0}  # median ms
TARGET_RATIO = 10.0


def clear_caches() -> None:
    for module in (arrangements, readiness):
        for f in vars(module).values():
            if callable(getattr(f, "cache_clear", None)):
                f.cache_clear()
    arrangements.clear_memos()  # its tables are plain dicts


def timed(fn: Callable[[Any], object], items: Sequence[Any]) -> list[int]:
    out = []
    for item in items:
        t0 = time.perf_counter_ns()
        fn(item)
        out.append(time.perf_counter_ns() - t0)
    return out


def with_draw(rng: random.Random, hand: Hand) -> Hand:
    """The 13-tile hand with one random drawable tile more, as a 14-tile hand (the tile drawn last)."""
    while True:
        tile = Tile.from_index(rng.randrange(34))
        full = Hand(hand.melds, hand.standing, tile, hand.situation)
        if not check_hand(full):
            return full


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    rng = random.Random(args.seed)
    hands = [draw_waiting(rng) for _ in range(args.hands)]
    full = [with_draw(rng, h) for h in hands]
    counts = [(counts_of(h.standing), len(h.melds)) for h in hands]
    calls = [(tuple(pack(m) for m in h.melds), tuple(tile_code(t) for t in h.standing)) for h in hands]
    variants: list[tuple[str, Callable[[Any], object], Sequence[Any]]] = [
        ("reference MahjongShanten", lambda c: MahjongGB.MahjongShanten(pack=c[0], hand=c[1]), calls),
        ("readiness.shanten_number", lambda c: readiness.shanten_number(*c), counts),
        ("mcr_score.shanten (forms, useful)", shanten, hands),
        ("mcr_score.waits (china)", lambda h: waits(h, "china"), hands),
        ("mcr_score.discards (china)", lambda h: discards(h, "china"), full),
    ]
    print(
        f"{args.hands} hands, seed {args.seed}, Python {sys.version.split()[0]}, "
        f"load average {os.getloadavg()[0]:.2f} on {os.cpu_count()} CPUs"
    )
    results: dict[tuple[str, str], list[int]] = {}
    for label, fn, items in variants:
        clear_caches()
        results[label, "cold"] = timed(fn, items)
        results[label, "warm"] = timed(fn, items)
    for phase in ("cold", "warm"):
        print(f"\n{phase} pass:")
        for label, *_ in variants:
            ns = results[label, phase]
            print(
                f"  {label:36s} mean {sum(ns) / len(ns) / 1e3:9.1f} µs  median {statistics.median(ns) / 1e3:9.1f} µs"
                f"  max {max(ns) / 1e6:8.2f} ms"
            )
    print("\naims:")
    for phase in ("cold", "warm"):
        ref = results["reference MahjongShanten", phase]
        ours = results["readiness.shanten_number", phase]
        print(
            f"  shanten {phase}: {statistics.mean(ours) / statistics.mean(ref):.1f}x the reference by the mean, "
            f"{statistics.median(ours) / statistics.median(ref):.1f}x by the median (aim <= {TARGET_RATIO:g}x)"
        )
    ready = [i for i, h in enumerate(hands) if readiness.shanten_number(*counts[i]) == 0]
    for name, aim in AIMS.items():
        label = f"mcr_score.{name} (china)"
        for phase in ("cold", "warm"):
            median = statistics.median(results[label, phase]) / 1e6
            print(f"  {name} {phase}: median {median:.2f} ms (aim <= {aim:g} ms)")
    for phase in ("cold", "warm"):
        ns = [results["mcr_score.waits (china)", phase][i] for i in ready]
        print(f"  waits {phase}, the {len(ready)} ready hands only: median {statistics.median(ns) / 1e6:.2f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
