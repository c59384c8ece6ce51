"""Every valid arrangement of a hand's tiles (Art. 8 of the 1998 rules: the winning shapes).

Shapes: four sets and a pair (declared melds fixed, the rest split every possible way),
seven pairs, thirteen orphans, honors and knitted tiles (lesser and greater), and the
knitted straight with one more set and a pair. Seven-pairs hands are also split as
standard hands, since in rare cases that scores more. Suits are split independently and
their splits cached, so hands like four identical chows do not blow up.

Sets are `Set` named tuples `(kind, tile, concealed, declared)` with tile indices from `tiles.py`
(the lowest tile for a chow): typed records that still unpack and hash as cheaply as tuples, as
the scorer reads thousands of them per second.
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import NamedTuple

from .hand import Hand, Meld
from .tiles import Tile

CHOW, PUNG, KONG = 0, 1, 2
KIND_NAMES = ("chow", "pung", "kong")

STANDARD = "standard"
SEVEN_PAIRS = "seven-pairs"
THIRTEEN_ORPHANS = "thirteen-orphans"
HONORS_KNITTED = "honors-and-knitted"
KNITTED_STRAIGHT = "knitted-straight"

ORPHANS = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)
# The six ways to give 1-4-7, 2-5-8 and 3-6-9 one suit each: KNITS[k] = suit of each column,
# and KNIT_TILES[k] the nine tiles of that knitted straight.
Knit = tuple[int, int, int]
KNITS: tuple[Knit, ...] = ((0, 1, 2), (0, 2, 1), (1, 0, 2), (1, 2, 0), (2, 0, 1), (2, 1, 0))


def _knit_tiles(knit: Knit) -> tuple[int, ...]:
    return tuple(9 * knit[col] + col + 3 * step for col in range(3) for step in range(3))


KNIT_TILES = tuple(_knit_tiles(k) for k in KNITS)


# The tile indices of each set: SET_TILES[kind][tile] (a chow by its lowest tile; chows of honors or
# starting on 8 or 9 never occur).
SET_TILES: tuple[tuple[tuple[int, ...], ...], ...] = (
    tuple((t, t + 1, t + 2) for t in range(34)),
    tuple((t,) * 3 for t in range(34)),
    tuple((t,) * 4 for t in range(34)),
)


class Set(NamedTuple):
    """A chow (by its lowest tile), pung or kong; `declared` melds were shown before the win."""

    kind: int  # CHOW, PUNG or KONG
    tile: int
    concealed: bool
    declared: bool

    @property
    def indices(self) -> tuple[int, ...]:
        """The set's tiles: three in a row for a chow, three or four of one tile otherwise."""
        return SET_TILES[self.kind][self.tile]


@dataclass(frozen=True, slots=True)
class Arrangement:
    """One reading of a winning hand.

    `sets` are the chows, pungs and kongs (declared melds first, in their order); `pair` is the
    pair's tile (the doubled tile of thirteen orphans; None for honors-and-knitted and seven
    pairs); `knit` gives the suit of the 1-4-7, 2-5-8 and 3-6-9 columns of knitted shapes;
    `singles` are the loose or knitted tiles; `pairs` lists the seven pairs.
    """

    form: str
    sets: tuple[Set, ...] = ()
    pair: int | None = None
    knit: Knit | None = None
    singles: tuple[int, ...] = ()
    pairs: tuple[int, ...] = ()


def meld_set(meld: Meld) -> Set:
    kind = {"chow": CHOW, "pung": PUNG, "kong": KONG}[meld.kind]
    return Set(kind, meld.tile.index, meld.concealed, True)


def counts_of(tiles: Iterable[Tile]) -> list[int]:
    counts = [0] * 34
    for t in tiles:
        counts[t.index] += 1
    return counts


def arrangements(hand: Hand) -> list[Arrangement]:
    """All arrangements of a 14-tile hand (none if it is not a winning shape)."""
    counts = counts_of(hand.concealed_tiles())
    melds = tuple(meld_set(m) for m in hand.melds)
    return arrange(tuple(counts), melds)


@functools.lru_cache(maxsize=65536)
def arrange(counts: tuple[int, ...], melds: tuple[Set, ...]) -> list[Arrangement]:
    """Arrangements of concealed tile `counts` (34 ints) completed by the declared `melds`."""
    out: list[Arrangement] = []
    need = 4 - len(melds)
    for sets, pair in standard_splits(counts, need):
        out.append(Arrangement(STANDARD, melds + sets, pair))
    if not melds:
        out.extend(_special(counts))
    if len(melds) <= 1:
        out.extend(
            Arrangement(KNITTED_STRAIGHT, melds + sets, pair, knit=knit, singles=KNIT_TILES[KNITS.index(knit)])
            for knit, sets, pair in _knitted_straights(counts, 1 - len(melds))
        )
    return out


@functools.lru_cache(maxsize=65536)
def is_complete(counts: tuple[int, ...], n_melds: int) -> bool:
    """Whether concealed `counts` with `n_melds` declared melds make any winning shape."""
    if _standard_possible(counts):
        return True
    if n_melds == 0 and sum(counts) == 14 and _special(counts):
        return True
    if n_melds <= 1:
        for tiles in KNIT_TILES:
            if all(counts[i] for i in tiles):
                rest = list(counts)
                for i in tiles:
                    rest[i] -= 1
                if _standard_possible(tuple(rest)):
                    return True
    return False


def completing_tiles(standing: Sequence[int], n_melds: int) -> list[int]:
    """The tile kinds that complete concealed `standing` counts (one tile short) with `n_melds`
    declared melds: `is_complete(standing + tile)` for every kind, computed suit by suit. Each suit's
    state (sets only, sets and the pair, or neither) is read once, so a candidate tile only reads
    the state of its own suit with the tile added. A tile with no standing tile within two of it can
    only complete a knitted or special shape; those are tried only when the standing tiles allow them."""
    counts = tuple(standing)
    states = [_suit_state(counts[s : s + 9]) for s in (0, 9, 18)]
    honor_pairs = 0
    honor_bad = []
    for i in range(27, 34):
        if counts[i] == 2:
            honor_pairs += 1
        elif counts[i] and counts[i] != 3:
            honor_bad.append(i)
    out = []
    for w in _near(counts):
        if w >= 27:
            if any(states[k] == NEITHER for k in range(3)) or any(i != w for i in honor_bad):
                continue
            c = counts[w] + 1
            if c not in (2, 3):
                continue
            pairs = sum(st == WITH_PAIR for st in states) + honor_pairs + (1 if c == 2 else -1)
        else:
            k, rank = divmod(w, 9)
            if honor_bad or any(states[j] == NEITHER for j in range(3) if j != k):
                continue
            suit = list(counts[9 * k : 9 * k + 9])
            suit[rank] += 1
            state = _suit_state(tuple(suit))
            if state == NEITHER:
                continue
            pairs = sum(states[j] == WITH_PAIR for j in range(3) if j != k) + honor_pairs + (state == WITH_PAIR)
        if pairs == 1:
            out.append(w)
    if _other_shapes_possible(counts, n_melds):
        done = set(out)
        out = sorted(done | {w for w in range(34) if w not in done and is_complete(_plus(counts, w), n_melds)})
    return out


def _near(counts: tuple[int, ...]) -> list[int]:
    """The tile kinds within two of a standing tile of their suit, or equal to a standing honor."""
    near: set[int] = set()
    for i, c in enumerate(counts):
        if c and i >= 27:
            near.add(i)
        elif c:
            base = i - i % 9
            near.update(range(max(base, i - 2), min(base + 8, i + 2) + 1))
    return sorted(near)


def _other_shapes_possible(counts: tuple[int, ...], n_melds: int) -> bool:
    """Whether one more tile could make a shape other than four sets and a pair: the knitted straight
    (at most one meld; all but one of its nine tiles standing), or with no meld seven pairs (one kind
    held an odd number of times), thirteen orphans (orphans only) or honors-and-knitted (no tile twice)."""
    if n_melds > 1:
        return False
    if any(sum(1 for i in tiles if not counts[i]) <= 1 for tiles in KNIT_TILES):
        return True
    if n_melds or sum(counts) != 13:
        return False
    held = [i for i, c in enumerate(counts) if c]
    return sum(counts[i] % 2 for i in held) == 1 or all(i in ORPHANS for i in held) or max(counts) <= 1


def _plus(counts: tuple[int, ...], tile: int) -> tuple[int, ...]:
    out = list(counts)
    out[tile] += 1
    return tuple(out)


# A suit's state in a standard shape: its tiles make sets only, sets and the pair, or neither.
SETS_ONLY, WITH_PAIR, NEITHER = 0, 1, 2


@functools.cache
def _suit_state(c: tuple[int, ...]) -> int:
    """The state of one suit's 9 counts (`SETS_ONLY`, `WITH_PAIR` or `NEITHER`)."""
    n = sum(c)
    if n % 3 == 1:
        return NEITHER
    sets_only, with_pair = _suit_shapes(c)
    if n % 3 == 2:
        return WITH_PAIR if with_pair else NEITHER
    return SETS_ONLY if sets_only else NEITHER


def _standard_possible(counts: tuple[int, ...]) -> bool:
    """Sets plus exactly one pair, suit by suit, without listing the splits."""
    pairs = 0
    for s in (0, 9, 18):
        c = counts[s : s + 9]
        n = sum(c)
        if n % 3 == 1:
            return False
        shapes = _suit_shapes(c)
        if n % 3 == 2:
            if not shapes[1]:
                return False
            pairs += 1
        elif not shapes[0]:
            return False
    for i in range(27, 34):
        if counts[i] == 2:
            pairs += 1
        elif counts[i] and counts[i] != 3:
            return False
    return pairs == 1


@functools.cache
def _suit_shapes(c: tuple[int, ...]) -> tuple[bool, bool]:
    """(splits into sets only, splits into sets plus one pair) for one suit's 9 counts."""
    splits = _suit_splits(c)
    return any(p is None for _, p in splits), any(p is not None for _, p in splits)


def standard_splits(counts: tuple[int, ...], need: int) -> list[tuple[tuple[Set, ...], int]]:
    """Every split of `counts` into `need` concealed sets plus one pair."""
    per_suit = []
    for s in range(3):
        options = _suit_splits(counts[9 * s : 9 * s + 9])
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
        c = counts[i]
        if c == 3:
            honor_sets.append(Set(PUNG, i, True, False))
        elif c == 2:
            if honor_pair is not None:
                return []
            honor_pair = i
        elif c:
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
def _suit_splits(c: tuple[int, ...]) -> tuple[tuple[tuple[tuple[int, int], ...], int | None], ...]:
    """Splits of one suit's 9 counts into chows and pungs plus at most one pair: ((kind, rank0), …), pair."""
    i = next((r for r in range(9) if c[r]), None)
    if i is None:
        return (((), None),)
    out = []
    lst = list(c)
    if c[i] >= 3:
        lst[i] -= 3
        out += [(((PUNG, i), *s), p) for s, p in _suit_splits(tuple(lst))]
        lst[i] += 3
    if i <= 6 and c[i + 1] and c[i + 2]:
        lst[i] -= 1
        lst[i + 1] -= 1
        lst[i + 2] -= 1
        out += [(((CHOW, i), *s), p) for s, p in _suit_splits(tuple(lst))]
        lst[i] += 1
        lst[i + 1] += 1
        lst[i + 2] += 1
    if c[i] >= 2:
        lst[i] -= 2
        out += [(s, i) for s, p in _suit_splits(tuple(lst)) if p is None]
    # Taking the pair before or after a chow through the same tile reaches the same split.
    return tuple(dict.fromkeys((tuple(sorted(s)), p) for s, p in out))


def _special(counts: tuple[int, ...]) -> list[Arrangement]:
    """The shapes that need a fully concealed hand: seven pairs, thirteen orphans, honors-and-knitted."""
    out: list[Arrangement] = []
    if sum(counts) != 14:
        return out
    if all(c in (0, 2, 4) for c in counts):
        pairs = tuple(i for i, c in enumerate(counts) for _ in range(c // 2))
        out.append(Arrangement(SEVEN_PAIRS, pairs=pairs))
    if all(counts[i] for i in ORPHANS) and sum(counts[i] for i in ORPHANS) == 14:
        pair = next(i for i in ORPHANS if counts[i] == 2)
        out.append(Arrangement(THIRTEEN_ORPHANS, pair=pair, singles=ORPHANS))
    if max(counts) == 1:
        for knit, tiles in zip(KNITS, KNIT_TILES, strict=False):
            allowed = set(tiles) | set(range(27, 34))
            if all(i in allowed for i, c in enumerate(counts) if c):
                out.append(Arrangement(HONORS_KNITTED, knit=knit, singles=tuple(i for i, c in enumerate(counts) if c)))
                break
    return out


def _knitted_straights(counts: tuple[int, ...], need: int) -> list[tuple[Knit, tuple[Set, ...], int]]:
    """(knit, sets, pair) for each knitted straight in `counts` completed by `need` sets and a pair."""
    out: list[tuple[Knit, tuple[Set, ...], int]] = []
    for knit, tiles in zip(KNITS, KNIT_TILES, strict=False):
        if all(counts[i] for i in tiles):
            rest = list(counts)
            for i in tiles:
                rest[i] -= 1
            out.extend((knit, sets, pair) for sets, pair in standard_splits(tuple(rest), need))
    return out
