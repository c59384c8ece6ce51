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
    """Arrangements of concealed tile `counts` (34 ints) completed by the declared `melds`. The order
    is part of the answer (the scorer keeps the first of equal readings): standard splits in the
    order a search from the lowest tile finds them, seven pairs, thirteen orphans,
    honors-and-knitted, then the knitted straights."""
    out: list[Arrangement] = []
    need = 4 - len(melds)
    for sets, pair in standard_splits(counts, need):
        out.append(Arrangement(STANDARD, melds + sets, pair))
    if not melds:
        out.extend(_special(counts))
    if len(melds) <= 1:
        for k, sets, pair in _knitted_straights(counts, 1 - len(melds)):
            out.append(Arrangement(KNITTED_STRAIGHT, melds + sets, pair, knit=KNITS[k], singles=KNIT_TILES[k]))
    return out


def is_complete(counts: Sequence[int], n_melds: int) -> bool:
    """Whether concealed `counts` with `n_melds` declared melds make any winning shape."""
    c = tuple(counts)
    if _standard_possible(c):
        return True
    if n_melds == 0 and sum(c) == 14 and _special(c):
        return True
    if n_melds <= 1:
        for tiles in KNIT_TILES:
            if all(c[i] for i in tiles):
                rest = list(c)
                for i in tiles:
                    rest[i] -= 1
                if _standard_possible(tuple(rest)):
                    return True
    return False


def completing_tiles(standing: Sequence[int], n_melds: int) -> list[int]:
    """The tile kinds that complete concealed `standing` counts (one tile short) with `n_melds`
    declared melds, ascending: `is_complete(standing + tile)` for every kind, read from the shapes
    instead of tried 34 times. Four sets and a pair from per-group tables (`_group_waits`); seven
    pairs, thirteen orphans, honors-and-knitted and the knitted straight from the counts."""
    counts = tuple(standing)
    found = _standard_completions(counts)
    if n_melds > 1:
        return found
    extra = _knitted_completions(counts)
    if n_melds == 0 and sum(counts) == 13:
        extra |= _special_completions(counts)
    if extra.difference(found):
        return sorted(extra.union(found))
    return found


# --- Four sets and a pair, group by group ---------------------------------------------------
# The groups are the three suits (9 counts each) and the honors (7 counts, no chows). In a standard
# shape each group's tiles make sets only or sets and the pair; the hand needs exactly one pair.

SETS_ONLY, WITH_PAIR, NEITHER = 0, 1, 2
_GROUPS = ((0, 9), (9, 18), (18, 27), (27, 34))


def _melds_only(c: Sequence[int]) -> bool:
    """Whether one suit's counts split into chows and pungs. At each rank the tiles not taken by
    chows from below start as many chows as their count modulo 3 (three chows through three ranks
    hold the tiles of three pungs), so one pass from 1 to 9 decides."""
    one = two = 0  # chows started one and two ranks below
    for r in range(9):
        x = c[r] - one - two
        if x < 0:
            return False
        x %= 3
        if x and r >= 7:
            return False
        one, two = x, one
    return True


def _pair_and_melds(c: list[int]) -> bool:
    """Whether one suit's counts split into chows, pungs and one pair. Each set's ranks sum to a
    multiple of 3, so the pair's rank p has 2p = the ranks' sum (mod 3): three places to try."""
    total = 0
    for r in range(9):
        total += r * c[r]
    for p in range(2 * total % 3, 9, 3):
        if c[p] >= 2:
            c[p] -= 2
            ok = _melds_only(c)
            c[p] += 2
            if ok:
                return True
    return False


def _state(c: list[int]) -> int:
    """A group's state: `SETS_ONLY`, `WITH_PAIR` or `NEITHER`."""
    n = sum(c)
    if n % 3 == 1:
        return NEITHER
    if len(c) == 9:
        if n % 3 == 0:
            return SETS_ONLY if _melds_only(c) else NEITHER
        return WITH_PAIR if _pair_and_melds(c) else NEITHER
    pairs = 0
    for x in c:
        if x == 2:
            pairs += 1
        elif x and x != 3:
            return NEITHER
    return SETS_ONLY if pairs == 0 else WITH_PAIR if pairs == 1 else NEITHER


@functools.cache
def _group_state(c: tuple[int, ...]) -> int:
    """`_state` of a group, kept by its counts."""
    return _state(list(c))


class GroupWaits(NamedTuple):
    """The ranks (bit r for rank r) that, added to a group, leave it in state `after`: sets only when
    it holds 3k+2 tiles, sets and the pair when it holds 3k+1 (no rank helps a group of 3k)."""

    ranks: int
    after: int


@functools.cache
def _group_waits(c: tuple[int, ...]) -> GroupWaits:
    """`GroupWaits` of a group's counts. A suited rank with no tile of the suit within two of it, or
    an honor not held, cannot join a set or the pair."""
    n = sum(c)
    after = SETS_ONLY if n % 3 == 2 else WITH_PAIR
    ranks = 0
    if n % 3:
        size = len(c)
        lst = list(c)
        for r in range(size):
            near = any(c[max(0, r - 2) : r + 3]) if size == 9 else c[r] > 0
            if not near:
                continue
            lst[r] += 1
            if _state(lst) == after:
                ranks |= 1 << r
            lst[r] -= 1
    return GroupWaits(ranks, after)


def _standard_possible(counts: tuple[int, ...]) -> bool:
    """Sets plus exactly one pair, group by group, without listing the splits."""
    pairs = 0
    for a, b in _GROUPS:
        state = _group_state(counts[a:b])
        if state == NEITHER:
            return False
        pairs += state
    return pairs == 1


def _standard_completions(counts: tuple[int, ...]) -> list[int]:
    """The kinds that make `counts` sets and one pair: a wait of one group, when the other groups
    are usable and the pairs add up to one."""
    states = [_group_state(counts[a:b]) for a, b in _GROUPS]
    unusable = states.count(NEITHER)
    if unusable > 1:
        return []
    pairs = states.count(WITH_PAIR)
    out = []
    for g, (a, b) in enumerate(_GROUPS):
        state = states[g]
        if unusable - (state == NEITHER):
            continue
        waits = _group_waits(counts[a:b])
        if waits.ranks and pairs - (state == WITH_PAIR) + waits.after == 1:
            ranks = waits.ranks
            while ranks:
                low = ranks & -ranks
                out.append(a + low.bit_length() - 1)
                ranks ^= low
    return out


# --- The other shapes -----------------------------------------------------------------------

_ORPHAN_SET = frozenset(ORPHANS)
_HONORS = frozenset(range(27, 34))


def _special_completions(counts: tuple[int, ...]) -> set[int]:
    """For 13 concealed tiles, the kinds completing seven pairs (the one kind held an odd number of
    times), thirteen orphans (the orphan missing, or any of them when all thirteen are held once)
    and honors-and-knitted (a knit's tiles and the honors not held, when the 13 distinct tiles
    held are all among them)."""
    out: set[int] = set()
    held = [i for i in range(34) if counts[i]]
    odd = [i for i in held if counts[i] % 2]
    if len(odd) == 1:
        out.add(odd[0])
    if _ORPHAN_SET.issuperset(held):
        missing = [i for i in ORPHANS if not counts[i]]
        if len(missing) <= 1:
            out.update(missing or ORPHANS)
    if len(held) == 13:
        for tiles in KNIT_TILES:
            allowed = _HONORS.union(tiles)
            if allowed.issuperset(held):
                out.update(allowed.difference(held))
    return out


def _knitted_completions(counts: tuple[int, ...]) -> set[int]:
    """The kinds that complete a knitted straight and the rest of its hand: the one knitted tile
    missing when the rest already makes sets and a pair, or with all nine held, what completes the rest."""
    out: set[int] = set()
    for tiles in KNIT_TILES:
        missing = [i for i in tiles if not counts[i]]
        if len(missing) > 1:
            continue
        rest = list(counts)
        for i in tiles:
            if rest[i]:
                rest[i] -= 1
        if missing:
            if _standard_possible(tuple(rest)):
                out.add(missing[0])
        else:
            out.update(_standard_completions(tuple(rest)))
    return out


# --- Listing the splits ---------------------------------------------------------------------

_HONOR_PUNGS = tuple(Set(PUNG, i, True, False) for i in range(27, 34))


def standard_splits(counts: tuple[int, ...], need: int) -> list[tuple[tuple[Set, ...], int]]:
    """Every split of `counts` into `need` concealed sets plus one pair. A suit of 3k tiles splits
    into sets only, one of 3k+2 into sets and the pair, one of 3k+1 not at all: where the pair is
    and how many sets there are is known before a split is listed."""
    options: list[tuple[tuple[tuple[Set, ...], int], ...]] = []
    pair_at = -1  # the option holding the pair; -1: the honors
    n_sets = 0
    for s in range(3):
        c = counts[9 * s : 9 * s + 9]
        n = sum(c)
        if not n:
            continue
        if n % 3 == 1:
            return []
        if n % 3 == 2:
            if pair_at >= 0:
                return []
            pair_at = len(options)
        n_sets += n // 3
        splits = _suit_sets(s, c)
        if not splits:
            return []
        options.append(splits)
    honor_sets = []
    honor_pair = -1
    for i in range(27, 34):
        c3 = counts[i]
        if c3 == 3:
            honor_sets.append(_HONOR_PUNGS[i - 27])
        elif c3 == 2:
            if honor_pair >= 0 or pair_at >= 0:
                return []
            honor_pair = i
        elif c3:
            return []
    if (pair_at < 0 and honor_pair < 0) or n_sets + len(honor_sets) != need:
        return []
    honors = tuple(honor_sets)
    if len(options) == 1:
        return [(sets + honors, honor_pair if pair < 0 else pair) for sets, pair in options[0]]
    result = []
    for combo in itertools.product(*options):
        sets = tuple(itertools.chain.from_iterable(s for s, _ in combo)) + honors
        result.append((sets, honor_pair if pair_at < 0 else combo[pair_at][1]))
    return result


@functools.cache
def _suit_sets(suit: int, c: tuple[int, ...]) -> tuple[tuple[tuple[Set, ...], int], ...]:
    """The splits of one suit (`_suit_splits`) as `Set` records numbered in the hand, made once per
    suit shape; the pair's tile, -1 for none."""
    base = 9 * suit
    return tuple(
        (tuple(Set(kind, base + r, True, False) for kind, r in sets), -1 if pair < 0 else base + pair)
        for sets, pair in _suit_splits(c)
    )


def _suit_splits(c: tuple[int, ...]) -> list[tuple[tuple[tuple[int, int], ...], int]]:
    """Splits of one suit's 9 counts into chows and pungs, plus a pair when it holds 3k+2 tiles:
    ((kind, rank), ...) with chows before pungs, each by rank, and the pair's rank (-1: none). In the
    order a search finds them that takes, at the lowest tile left, a pung, else a chow, else the pair."""
    n = sum(c)
    out: list[tuple[tuple[tuple[int, int], ...], int]] = []
    if n % 3 == 0:
        out.extend((sets, -1) for sets in _melds_splits(c))
    elif n % 3 == 2:
        total = sum(r * x for r, x in enumerate(c))
        for p in range(2 * total % 3, 9, 3):  # the pair's rank, as in `_pair_and_melds`
            if c[p] >= 2:
                rest = list(c)
                rest[p] -= 2
                out.extend((sets, p) for sets in _melds_splits(rest))
    if len(out) > 1:
        out.sort(key=_search_order)
    return out


def _search_order(split: tuple[tuple[tuple[int, int], ...], int]) -> list[int]:
    """The first path by which a search from the lowest tile (trying a pung, a chow, then the pair:
    0, 1, 2) reaches `split`: its pungs, chows and pair rank by rank. The search lists the splits in
    the order of these paths, and the scorer's ties depend on that order."""
    sets, pair = split
    chows = [0] * 9
    pungs = [0] * 9
    for kind, r in sets:
        if kind == CHOW:
            chows[r] += 1
        else:
            pungs[r] += 1
    path: list[int] = []
    for r in range(9):
        path += [0] * pungs[r] + [1] * chows[r]
        if r == pair:
            path.append(2)
    return path


def _melds_splits(c: Sequence[int]) -> list[tuple[tuple[int, int], ...]]:
    """Every split of one suit's counts into chows and pungs, each once: at each rank, the tiles left
    start their count modulo 3 chows, or three more (`_melds_only`)."""
    out: list[tuple[tuple[int, int], ...]] = []
    _walk(c, 0, 0, 0, (), (), out)
    return out


def _walk(
    c: Sequence[int],
    r: int,
    one: int,
    two: int,
    chows: tuple[int, ...],
    pungs: tuple[int, ...],
    out: list[tuple[tuple[int, int], ...]],
) -> None:
    if r == 9:
        out.append(tuple((CHOW, q) for q in chows) + tuple((PUNG, q) for q in pungs))
        return
    x = c[r] - one - two
    if x < 0:
        return
    k = x % 3
    while k <= x and (k == 0 or r < 7):
        _walk(c, r + 1, k, one, chows + (r,) * k, pungs + (r,) * ((x - k) // 3), out)
        k += 3


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


def _knitted_straights(counts: tuple[int, ...], need: int) -> list[tuple[int, tuple[Set, ...], int]]:
    """(index in `KNITS`, sets, pair) for each knitted straight in `counts` completed by `need` sets
    and a pair."""
    out: list[tuple[int, tuple[Set, ...], int]] = []
    for k, tiles in enumerate(KNIT_TILES):
        if all(counts[i] for i in tiles):
            rest = list(counts)
            for i in tiles:
                rest[i] -= 1
            out.extend((k, sets, pair) for sets, pair in standard_splits(tuple(rest), need))
    return out
