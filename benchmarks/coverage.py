"""Fan and shape coverage of the hand generators, scored by the reference calculator.

    .venv/bin/python -m benchmarks.coverage --hands 20000 --seed 1

Draws the same hands as `tests.support.strategies.generate(hands, seed)`, scores each with PyMahjongGB and
prints how many hands contain each fan 1-82, the shape distribution, how often each targeted
family hits its fan, and the time taken. Exits with status 1 if a fan occurs fewer than --min
times, so a differential test built on these hands would leave that fan untested.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections import Counter

from tests.support import strategies
from tests.support.reference import REFERENCE_NAMES, reference_fans

FAN_NAMES = {fan: name for name, fan in REFERENCE_NAMES.items()}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=20000, help="number of hands to draw")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--min", type=int, default=20, help="fewest hands each fan must appear in")
    args = parser.parse_args(argv)

    start = time.perf_counter()
    rng = random.Random(args.seed)
    drawn = [strategies.draw_tagged(rng) for _ in range(args.hands)]
    generated = time.perf_counter()

    per_fan: Counter[int] = Counter()
    shapes: Counter[str] = Counter(shape for _, shape, _ in drawn)
    tried: Counter[str] = Counter()
    hit: Counter[str] = Counter()
    not_winning = []
    for name, _shape, hand in drawn:
        fans = reference_fans(hand)
        if fans is None:
            not_winning.append(hand)
            continue
        per_fan.update(fans.keys())
        target = strategies.FAMILIES[name].target
        if target is not None:
            tried[name] += 1
            hit[name] += target in fans
    scored = time.perf_counter()

    print(
        f"{args.hands} hands, seed {args.seed}: generated in {generated - start:.2f} s, "
        f"scored by the reference in {scored - generated:.2f} s"
    )
    print(f"not winning for the reference: {len(not_winning)}")
    print("\nFan coverage (hands containing the fan):")
    for fan in range(1, 83):
        flag = "  <-- below --min" if per_fan[fan] < args.min else ""
        print(f"  {fan:2d} {FAN_NAMES[fan]:34s} {per_fan[fan]:6d}{flag}")
    print("\nShapes:")
    for shape, n in sorted(shapes.items(), key=lambda kv: -kv[1]):
        print(f"  {shape:30s} {n:6d}")
    print("\nTargeted families (share of their hands that contain the target fan):")
    for name in sorted(tried, key=lambda n: hit[n] / tried[n]):
        target = strategies.FAMILIES[name].target
        print(f"  {name:32s} fan {target:2d}  {hit[name]:5d}/{tried[name]:<5d} {hit[name] / tried[name]:6.1%}")
    low = [fan for fan in range(1, 83) if per_fan[fan] < args.min]
    print(f"\nrarest fan: {min(per_fan[f] for f in range(1, 83))} hands; below --min {args.min}: {low or 'none'}")
    print(f"total time {time.perf_counter() - start:.2f} s")
    return 1 if low or not_winning else 0


if __name__ == "__main__":
    sys.exit(main())
