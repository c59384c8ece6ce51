"""The straightforward arrangement search `mcr_score.engine.arrangements.arrange` replaced, kept as the test's
reference: the same arrangements in the same order (the scorer keeps the first of equal readings).

Each suit is split by trying, at its lowest tile left, a pung, a chow and the pair, recursively;
a split reached twice is kept where it is first found. The suits' splits are combined in suit order.
"""

from __future__ import annotations

import functools
import itertools

from mcr_score.engine.arrangements import (
    CHOW,
    HONORS_KNITTED,
    KNIT_TILES,
    KNITS,
    KNITTED_STRAIGHT,
    ORPHANS,
    PUNG,
    SEVEN_PAIRS,
    STANDARD,
    THIRTEEN_ORPHANS,
    Arrangement,
    Set,
)

Split = tuple[tuple[tuple[int, int], ...], int | None]


def reference_arrange(counts: tuple[int, ...], melds: tuple[Set, ...]) -> list[Arrangement]:
    out: list[Arrangement] = []
    for sets, pair in _standard(counts, 4 - len(melds)):
        out.append(Arrangement(STANDARD, melds + sets, pair))
    if not melds:
        out.extend(_special(counts))
    if len(melds) <= 1:
        for knit, tiles in zip(KNITS, KNIT_TILES, strict=True):
            if all(counts[i] for i in tiles):
                rest = list(counts)
                for i in tiles:
                    rest[i] -= 1
                for sets, pair in _standard(tuple(rest), 1 - len(melds)):
                    out.append(Arrangement(KNITTED_STRAIGHT, melds + sets, pair, knit=knit, singles=tiles))
    return out


def _standard(counts: tuple[int, ...], need: int) -> list[tuple[tuple[Set, ...], int]]:
    per_suit = []
    for s in range(3):
        options = _splits(counts[9 * s : 9 * s + 9])
        if not options:
            return []
        per_suit.append(
            [
                (tuple(Set(k, 9 * s + r, True, False) for k, r in sets), None if p is None else 9 * s + p)
                for sets, p in options
            ]
        )
    honor_sets, honor_pair = [], None
    for i in range(27, 34):
        if counts[i] == 3:
            honor_sets.append(Set(PUNG, i, True, False))
        elif counts[i] == 2:
            if honor_pair is not None:
                return []
            honor_pair = i
        elif counts[i]:
            return []
    result = []
    for combo in itertools.product(*per_suit):
        pairs = [p for _, p in combo if p is not None]
        if honor_pair is not None:
            pairs.append(honor_pair)
        if len(pairs) != 1:
            continue
        sets = tuple(itertools.chain.from_iterable(s for s, _ in combo)) + tuple(honor_sets)
        if len(sets) == need:
            result.append((sets, pairs[0]))
    return result


@functools.cache
def _splits(c: tuple[int, ...]) -> tuple[Split, ...]:
    i = next((r for r in range(9) if c[r]), None)
    if i is None:
        return (((), None),)
    out: list[Split] = []
    lst = list(c)
    if c[i] >= 3:
        lst[i] -= 3
        out += [(((PUNG, i), *s), p) for s, p in _splits(tuple(lst))]
        lst[i] += 3
    if i <= 6 and c[i + 1] and c[i + 2]:
        for d in (0, 1, 2):
            lst[i + d] -= 1
        out += [(((CHOW, i), *s), p) for s, p in _splits(tuple(lst))]
        for d in (0, 1, 2):
            lst[i + d] += 1
    if c[i] >= 2:
        lst[i] -= 2
        out += [(s, i) for s, p in _splits(tuple(lst)) if p is None]
    return tuple(dict.fromkeys((tuple(sorted(s)), p) for s, p in out))


def _special(counts: tuple[int, ...]) -> list[Arrangement]:
    out: list[Arrangement] = []
    if sum(counts) != 14:
        return out
    if all(c in (0, 2, 4) for c in counts):
        out.append(Arrangement(SEVEN_PAIRS, pairs=tuple(i for i, c in enumerate(counts) for _ in range(c // 2))))
    if all(counts[i] for i in ORPHANS) and sum(counts[i] for i in ORPHANS) == 14:
        pair = next(i for i in ORPHANS if counts[i] == 2)
        out.append(Arrangement(THIRTEEN_ORPHANS, pair=pair, singles=ORPHANS))
    if max(counts) == 1:
        for knit, tiles in zip(KNITS, KNIT_TILES, strict=True):
            allowed = set(tiles) | set(range(27, 34))
            if all(i in allowed for i, c in enumerate(counts) if c):
                singles = tuple(i for i, c in enumerate(counts) if c)
                out.append(Arrangement(HONORS_KNITTED, knit=knit, singles=singles))
                break
    return out
