"""Agreement of `shanten` and `waits` with the reference calculator under `china`, on many hands.

    .venv/bin/python -m benchmarks.advice_differential --hands 100000 --seed 1

For each generated 13-tile hand (`tests/support/advice.py`: every form, with and without melds,
from ready to four swaps away): the shanten and useful tiles of each of the five forms against
PyMahjongGB's RegularShanten, SevenPairsShanten, ThirteenOrphansShanten,
HonorsAndKnittedTilesShanten and KnittedStraightShanten; the least against MahjongShanten; and
for ready hands the wait tiles with their totals on a discard and self-drawn against its fan
calculator tried on every tile. Useful tiles are compared without the kinds the hand holds all
four of, melds included (a fifth copy cannot be drawn; the reference, which is not told the
melds, lists such a kind when it completes the hand).
Prints the counts of hands compared and of disagreements, and the first few disagreements.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections import Counter

from mcr_score import format_hand
from tests.support.advice import compare, draw_waiting

SHOWN = 10


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=100000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    rng = random.Random(args.seed)
    counts: Counter[str] = Counter()
    differing = 0
    started = time.perf_counter()
    for i in range(args.hands):
        hand = draw_waiting(rng)
        counts["melds " + str(len(hand.melds))] += 1
        problems = compare(hand, counts)
        if problems:
            differing += 1
            if differing <= SHOWN:
                print(format_hand(hand), *problems, sep="\n    ")
        if (i + 1) % 10000 == 0:
            print(f"  {i + 1} hands, {differing} differing, {time.perf_counter() - started:.0f} s", file=sys.stderr)
    print(f"{args.hands} hands (seed {args.seed}) in {time.perf_counter() - started:.0f} s; differing: {differing}")
    for key in sorted(counts):
        print(f"  {key}: {counts[key]}")
    return 1 if differing else 0


if __name__ == "__main__":
    sys.exit(main())
