"""The winning hands a hand short of ready can become by the fewest draws, sampled at random from
the tiles left: the completions the far estimate of `systems/mcr/valuation.py` scores (issue 41).

A hand at shanten s becomes a winning hand by s + 1 draws, each replacing a tile it does not keep
(`engine/shanten.py`). The completions sampled here are those: each keeps the tiles of one reading
of the hand at its least shanten and draws the rest, so a hand of one suit and honours completes
mostly to flushes, a hand of pungs and pairs to All Pungs, a hand holding two thirds of a Mixed
Triple Chow to hands that have it. One sample, step by step:
- **the form**: one of the forms at the least shanten, in proportion to its useful copies left;
- **standard form** (and the tiles beside a knitted straight's knit): one split of the tiles into
  sets, the eyes, partial sets (a pair, two tiles of a chow) and single tiles that reaches the
  least shanten, every such split equally likely (a split none of whose single tiles could make a
  partial set with another, `_splits`); then as many partial sets as sets are missing, taken at
  random, each completed by a drawn tile; each set still missing built on a single tile (its pung,
  or a chow through it) from two drawn tiles; the eyes, when the split has none, a single tile
  paired; the other tiles let go;
- **seven pairs**: single tiles paired; **thirteen orphans**: the orphans missing and a pair;
  **honors and knitted**: the tiles missing of one knit and the honors, one each;
  **knitted straight**: the knit's tiles missing, the rest as a standard hand of one set and a pair.
Every draw is of a kind with copies `left`, weighted by them, and takes one away; the winning tile is
one of the drawn tiles at random. A sample that needs a kind with no copy left is dropped, and at
most twice the budget are tried.
"""

from __future__ import annotations

import functools
import itertools
import random
from collections.abc import Sequence
from dataclasses import dataclass

from mcr_score.engine.arrangements import KNIT_TILES, KNITTED_MELDS, ORPHANS
from mcr_score.engine.shanten import GROUPS, HONOR_KINDS, FormReading, standard_shanten
from mcr_score.hand import FOUR_SETS
from mcr_score.tiles import TILES, chow_partners
from mcr_score.vocabulary import Form

Counts = tuple[int, ...]
KINDS = len(TILES)
SETS = FOUR_SETS.sets  # sets of a standard hand, besides its pair
HAND = FOUR_SETS.tiles(0)  # tiles of a winning hand (a kong counted as three)
PAIRS = HAND // 2  # of seven pairs

# A block of a split, its tiles relative to its group: (what, first tile, second tile)
PUNG, CHOW, EYES, PAIR, TWO = range(5)  # TWO: two tiles of a chow (first < second)
Block = tuple[int, int, int]
Split = tuple[tuple[Block, ...], tuple[int, ...]]  # the blocks and the single tiles, ascending
Shape = tuple[int, int, int]  # (eyes, sets, partial sets), as `engine/shanten.py` counts them


@dataclass(frozen=True, slots=True)
class Completion:
    """A winning hand: the concealed tiles before the winning tile (`standing`, counts) and that tile."""

    standing: Counts
    win: int


@functools.lru_cache(maxsize=1 << 15)
def _splits(c: Counts, chows: bool) -> tuple[Split, ...]:
    """Every split of one group's counts into blocks (at most one `EYES`) and single tiles no two of
    which could make a pair or a partial chow (such a split can always keep one more block)."""
    i = next((r for r, n in enumerate(c) if n), None)
    if i is None:
        return (((), ()),)
    reach = i + 3 if chows else i + 1  # a single tile at `i` would pair, or partly chow, with these
    found: set[Split] = set()

    def take(tiles: Sequence[int], block: Block | None) -> None:
        rest = list(c)
        for k in tiles:
            rest[k] -= 1
        for blocks, singles in _splits(tuple(rest), chows):
            if block is None:
                if any(s < reach for s in singles):
                    continue
                found.add((blocks, (i, *singles)))
            elif block[0] != EYES or all(b[0] != EYES for b in blocks):
                found.add((tuple(sorted((block, *blocks))), singles))

    take((i,), None)
    if c[i] >= 2:
        take((i, i), (EYES, i, i))
        take((i, i), (PAIR, i, i))
    if c[i] >= 3:
        take((i, i, i), (PUNG, i, i))
    if chows:
        if i + 2 < len(c) and c[i + 1] and c[i + 2]:
            take((i, i + 1, i + 2), (CHOW, i, i))
        for j in (i + 1, i + 2):
            if j < len(c) and c[j]:
                take((i, j), (TWO, i, j))
    return tuple(sorted(found))


def _shape(split: Split) -> Shape:
    blocks = split[0]
    return (
        sum(1 for b in blocks if b[0] == EYES),
        sum(1 for b in blocks if b[0] in (PUNG, CHOW)),
        sum(1 for b in blocks if b[0] in (PAIR, TWO)),
    )


@functools.lru_cache(maxsize=1 << 15)
def _by_shape(c: Counts, chows: bool) -> dict[Shape, tuple[Split, ...]]:
    out: dict[Shape, list[Split]] = {}
    for s in _splits(c, chows):
        out.setdefault(_shape(s), []).append(s)
    return {k: tuple(v) for k, v in out.items()}


def _value(shapes: Sequence[Shape], n: int) -> int:
    """`2m + min(t, n - m) + p` (`engine/shanten.py`) of the groups' shapes together; -1 with two eyes."""
    p = sum(s[0] for s in shapes)
    if p > 1:
        return -1
    m = min(n, sum(s[1] for s in shapes))
    return 2 * m + min(sum(s[2] for s in shapes), n - m) + p


@dataclass(frozen=True, slots=True)
class _Standard:
    """The splits of a standard hand at its least shanten: for each way of giving each group a
    shape, the splits of each group of that shape, and how many splits in all it holds."""

    ways: tuple[tuple[tuple[tuple[Split, ...], int], ...], ...]  # per way, per group: (splits, group offset)
    weights: tuple[int, ...]


@functools.lru_cache(maxsize=1 << 12)
def _standard(counts: Counts, n: int) -> _Standard:
    groups = [(_by_shape(counts[a:b], chows), a) for a, b, chows in GROUPS]
    best = 2 * n - standard_shanten(counts, n)
    ways, weights = [], []
    for shapes in itertools.product(*(g.keys() for g, _ in groups)):
        if _value(shapes, n) != best:
            continue
        parts = tuple((g[s], a) for s, (g, a) in zip(shapes, groups, strict=True))
        ways.append(parts)
        weights.append(functools.reduce(lambda x, y: x * y, (len(p) for p, _ in parts), 1))
    return _Standard(tuple(ways), tuple(weights))


class _Dead(Exception):
    """A sample needs a kind with no copy left."""


def _draw(options: Sequence[int], left: list[int], rng: random.Random) -> int:
    """One of `options` (kinds), weighted by its copies left, taken from `left`."""
    weights = [left[k] for k in options]
    if not any(weights):
        raise _Dead
    (k,) = rng.choices(options, weights)
    left[k] -= 1
    return k


def _completing(block: Block, a: int) -> list[int]:
    """The kinds that make a set of a partial `block` of the group at offset `a`."""
    what, x, y = block
    if what == PAIR:
        return [a + x]
    if y == x + 2:
        return [a + x + 1]
    return [a + k for k in (x - 1, y + 1) if 0 <= k <= 8]


def _set_through(x: int, left: list[int], rng: random.Random) -> tuple[int, int]:
    """Two drawn tiles making a set with single tile `x`: its pung or a chow through it, each in
    proportion to the ways the copies left give it."""
    options: list[tuple[int, int]] = [(x, x), *chow_partners(x)]
    weights = [left[x] * (left[x] - 1) / 2, *(left[a] * left[b] for a, b in options[1:])]
    if not any(weights):
        raise _Dead
    ((p, q),) = rng.choices(options, weights)
    left[p] -= 1
    left[q] -= 1
    return p, q


def _fill_standard(std: _Standard, n: int, left: list[int], rng: random.Random) -> tuple[list[int], list[int]]:
    """One standard completion of a split of `std`: the tiles kept and the tiles drawn."""
    (parts,) = rng.choices(std.ways, std.weights)
    blocks: list[tuple[Block, int]] = []
    singles: list[int] = []
    for splits, a in parts:
        found, alone = rng.choice(splits)
        blocks += [(b, a) for b in found]
        singles += [a + s for s in alone]
    kept: list[int] = []
    drawn: list[int] = []
    partial: list[tuple[Block, int]] = []
    eyes = False
    for b, a in blocks:
        what, x, _ = b
        if what == PUNG:
            kept += [a + x] * 3
        elif what == CHOW:
            kept += [a + x, a + x + 1, a + x + 2]
        elif what == EYES:
            kept += [a + x] * 2
            eyes = True
        else:
            partial.append((b, a))
    missing = max(0, n - sum(1 for b, _ in blocks if b[0] in (PUNG, CHOW)))
    rng.shuffle(partial)
    for b, a in partial[missing:]:  # more partial sets than sets missing: the rest let go
        singles += [a + b[1], a + b[2]]
    for b, a in partial[:missing]:
        drawn.append(_draw(_completing(b, a), left, rng))
        kept += [a + b[1], a + b[2]]
    for _ in range(missing - len(partial[:missing])):
        if not singles:
            raise _Dead
        x = singles.pop(rng.randrange(len(singles)))
        kept.append(x)
        drawn += _set_through(x, left, rng)
    if not eyes:
        x = _draw(singles, left, rng)
        kept.append(x)
        drawn.append(x)
    return kept, drawn


def _distinct(options: Sequence[int], k: int, left: list[int], rng: random.Random) -> list[int]:
    """`k` different kinds of `options`, each drawn once, weighted by the copies left."""
    pool = [o for o in options if left[o]]
    if len(pool) < k:
        raise _Dead
    out = []
    for _ in range(k):
        x = _draw(pool, left, rng)
        pool.remove(x)
        out.append(x)
    return out


def _fill(form: Form, counts: Counts, n_melds: int, left: list[int], rng: random.Random) -> tuple[list[int], list[int]]:
    """One completion of `form`: the tiles of the hand it keeps, and the tiles it draws."""
    if form is Form.STANDARD:
        n = SETS - n_melds
        return _fill_standard(_standard(counts, n), n, left, rng)
    if form is Form.SEVEN_PAIRS:
        kept = [i for i in range(KINDS) for _ in range(2 * (counts[i] // 2))]
        drawn = _distinct([i for i in range(KINDS) if counts[i] % 2], PAIRS - len(kept) // 2, left, rng)
        return kept + drawn, drawn  # each single tile paired: the one held and the one drawn
    if form is Form.THIRTEEN_ORPHANS:
        kept = [o for o in ORPHANS if counts[o]]
        drawn = [_draw((o,), left, rng) for o in ORPHANS if not counts[o]]
        paired = [o for o in ORPHANS if counts[o] >= 2]
        if paired:
            kept.append(rng.choice(paired))
        else:
            drawn.append(_draw(ORPHANS, left, rng))
        return kept, drawn
    if form is Form.HONORS_AND_KNITTED:
        held = {tiles: [i for i in tiles + HONOR_KINDS if counts[i]] for tiles in KNIT_TILES}
        most = max(len(h) for h in held.values())
        tiles = rng.choice([t for t, h in held.items() if len(h) == most])
        drawn = _distinct([i for i in tiles + HONOR_KINDS if not counts[i]], HAND - most, left, rng)
        return held[tiles], drawn
    # the knitted straight: the knit and one standard set and pair beside it
    n = KNITTED_MELDS - n_melds
    knits = []
    for knit in KNIT_TILES:
        beside = list(counts)
        for i in knit:
            if beside[i]:
                beside[i] -= 1
        gone = sum(1 for i in knit if not counts[i])
        knits.append((gone + standard_shanten(beside, n), knit, tuple(beside)))
    least = min(k[0] for k in knits)
    _, tiles, rest = rng.choice([k for k in knits if k[0] == least])
    drawn = [_draw((i,), left, rng) for i in tiles if not counts[i]]
    kept, more = _fill_standard(_standard(rest, n), n, left, rng)
    return [i for i in tiles if counts[i]] + kept, drawn + more


def sample(
    counts: Sequence[int],
    n_melds: int,
    readings: dict[Form, FormReading | None],
    left: Sequence[int],
    rng: random.Random,
    budget: int,
) -> list[Completion]:
    """Up to `budget` completions of concealed `counts` (13 tiles, melds counting 3) with `n_melds`
    declared melds, by the fewest draws from `left` (the copies of each kind that can be drawn):
    `readings` are the hand's `shanten.form_readings`."""
    c = tuple(counts)
    present = [r for r in readings.values() if r is not None]
    least = min(r.shanten for r in present)
    forms = [r for r in present if r.shanten == least]
    weights = [sum(left[u] for u in r.useful) for r in forms]
    if not any(weights):
        weights = [1] * len(forms)
    out: list[Completion] = []
    for _ in range(2 * budget):
        if len(out) == budget:
            break
        (reading,) = rng.choices(forms, weights)
        try:
            kept, drawn = _fill(reading.form, c, n_melds, list(left), rng)
        except _Dead:
            continue
        win = rng.choice(drawn)
        standing = [0] * KINDS
        for k in kept + drawn:
            standing[k] += 1
        standing[win] -= 1
        out.append(Completion(tuple(standing), win))
    return out
