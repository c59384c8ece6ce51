"""Every valid arrangement of a hand's tiles (Art. 8 of the 1998 rules: the winning shapes).

Shapes: four sets and a pair (declared melds fixed, the rest split every possible way),
seven pairs, thirteen orphans, honors and knitted tiles (lesser and greater), and the
knitted straight with one more set and a pair. Seven-pairs hands are also split as
standard hands, since in rare cases that scores more. Suits are split independently and
their splits cached per suit shape, so hands like four identical chows do not blow up.

Built for speed (issue 11), with no search the answer does not need: a suit's count modulo 3 says
whether it holds the pair, the ranks' sum modulo 3 says where the pair can be, and one pass over the
nine ranks says whether the rest makes sets (`_melds_only`); the splits themselves are listed per
suit shape once, as ready-made `Set` records. `completing_tiles`, which the single-wait check and
the `waits` command ask for, reads each group's waits from a table and the special shapes' waits
from the counts, instead of trying all 34 tiles. The tables are plain dicts and a list, read by the
compiled code in one look-up (a `functools.cache` call cost about 1k instructions compiled, issue 30);
`clear_memos` empties them (the speed benchmark's cold pass does).

Sets are `Set` named tuples `(kind, tile, concealed, declared)` with tile indices from `tiles.py`
(the lowest tile for a chow): typed records that still unpack and hash as cheaply as tuples, as
the scorer reads thousands of them per second. A set's kind is a plain int, a `SetKind` value
(`CHOW`, `PUNG`, `KONG`): plain ints index tables and compare faster, in the compiled build most.
"""

from __future__ import annotations

import operator
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import IntEnum
from typing import Final, NamedTuple

from mcr_score.hand import Hand, Meld
from mcr_score.tiles import INDEX, Tile
from mcr_score.vocabulary import Form, Kind


class SetKind(IntEnum):
    """The kinds of set the engine stores, as ints: the index of a set's row in `SET_TILES`."""

    CHOW = 0
    PUNG = 1
    KONG = 2


# `Set.kind` holds these plain ints (not the members): see the module's docstring.
CHOW: Final = SetKind.CHOW.value
PUNG: Final = SetKind.PUNG.value
KONG: Final = SetKind.KONG.value
KIND_NAMES: Final = (Kind.CHOW, Kind.PUNG, Kind.KONG)  # a set's `Kind`, by its int kind

# The forms, bound to module names for the hot paths (`vocabulary.Form` is their one spelling).
STANDARD: Final = Form.STANDARD
SEVEN_PAIRS: Final = Form.SEVEN_PAIRS
THIRTEEN_ORPHANS: Final = Form.THIRTEEN_ORPHANS
HONORS_KNITTED: Final = Form.HONORS_AND_KNITTED
KNITTED_STRAIGHT: Final = Form.KNITTED_STRAIGHT

# Which forms take declared melds (R98 Art. 8; fan 35 "used like three chows", R98 #35 p.25): seven
# pairs, thirteen orphans and honors-and-knitted are concealed hands, none; the knitted straight's
# knit stands for three of the four sets, so the one set besides it may be declared. Written once,
# as ints the hot paths compare with (`engine/shanten.py` reads them too).
SPECIAL_MELDS: Final = 0  # the most declared melds of seven pairs, thirteen orphans, honors-and-knitted
KNITTED_MELDS: Final = 1  # the most of the knitted straight: the set beside its knit

ORPHANS: Final = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)
# The six ways to give 1-4-7, 2-5-8 and 3-6-9 one suit each: KNITS[k] = suit of each column,
# and KNIT_TILES[k] the nine tiles of that knitted straight.
Knit = tuple[int, int, int]
KNITS: Final[tuple[Knit, ...]] = ((0, 1, 2), (0, 2, 1), (1, 0, 2), (1, 2, 0), (2, 0, 1), (2, 1, 0))


def _knit_tiles(knit: Knit) -> tuple[int, ...]:
    return tuple(9 * knit[col] + col + 3 * step for col in range(3) for step in range(3))


KNIT_TILES: Final = tuple(_knit_tiles(k) for k in KNITS)


# The tile indices of each set: SET_TILES[kind][tile] (a chow by its lowest tile; chows of honors or
# starting on 8 or 9 never occur).
SET_TILES: Final[tuple[tuple[tuple[int, ...], ...], ...]] = (
    tuple((t, t + 1, t + 2) for t in range(34)),
    tuple((t,) * 3 for t in range(34)),
    tuple((t,) * 4 for t in range(34)),
)


class Set(NamedTuple):
    """A chow (by its lowest tile), pung or kong; `declared` melds were shown before the win."""

    kind: int  # a SetKind value: CHOW, PUNG or KONG
    tile: int
    concealed: bool
    declared: bool

    @property
    def indices(self) -> tuple[int, ...]:
        """The set's tiles: three in a row for a chow, three or four of one tile otherwise."""
        return SET_TILES[self.kind][self.tile]


@dataclass(frozen=True, slots=True, init=False)
class Arrangement:
    """One reading of a winning hand.

    `sets` are the chows, pungs and kongs (declared melds first, in their order); `pair` is the
    pair's tile (the doubled tile of thirteen orphans; None for honors-and-knitted and seven
    pairs); `knit` gives the suit of the 1-4-7, 2-5-8 and 3-6-9 columns of knitted shapes;
    `singles` are the loose or knitted tiles; `pairs` lists the seven pairs.
    """

    form: Form
    sets: tuple[Set, ...] = ()
    pair: int | None = None
    knit: Knit | None = None
    singles: tuple[int, ...] = ()
    pairs: tuple[int, ...] = ()

    # Written out, not generated: mypyc compiles it (tests/core/test_value_classes.py).
    def __init__(
        self,
        form: Form,
        sets: tuple[Set, ...] = (),
        pair: int | None = None,
        knit: Knit | None = None,
        singles: tuple[int, ...] = (),
        pairs: tuple[int, ...] = (),
    ) -> None:
        object.__setattr__(self, "form", form)
        object.__setattr__(self, "sets", sets)
        object.__setattr__(self, "pair", pair)
        object.__setattr__(self, "knit", knit)
        object.__setattr__(self, "singles", singles)
        object.__setattr__(self, "pairs", pairs)


_INDEX: Final = INDEX  # a static of the compiled module, not a lookup in its globals (`tiles` is not compiled)
# A declared meld's kind (`hand.Meld` keeps it as text) -> the set's int kind.
_MELD_KINDS: Final[dict[str, int]] = {Kind.CHOW: CHOW, Kind.PUNG: PUNG, Kind.KONG: KONG}


def meld_set(meld: Meld) -> Set:
    """The set of a declared meld. A value, built once (`_DECLARED`): in the compiled build a named
    tuple is made by its interpreted `__new__`, and a tile's `index` property runs interpreted too
    (`tiles.py` is not compiled), hence `INDEX` read directly here and in `counts_of` (issue 30)."""
    kind, tile, concealed = _MELD_KINDS[meld.kind], _INDEX[meld.tile.code], meld.concealed
    key = (kind * 34 + tile) * 2 + concealed
    s = _DECLARED[key]
    if s is None:
        s = _DECLARED[key] = Set(kind, tile, concealed, True)
    return s


# The set of each declared meld, at (kind * 34 + tile) * 2 + concealed.
_DECLARED: Final[list[Set | None]] = [None] * (3 * 34 * 2)


def counts_of(tiles: Iterable[Tile]) -> list[int]:
    counts = [0] * 34
    for t in tiles:
        i = _INDEX[t.code]
        counts[i] = counts[i] + 1  # not `+=`: compiled, an augmented item is a generic add
    return counts


def arrangements(hand: Hand) -> list[Arrangement]:
    """All arrangements of a 14-tile hand (none if it is not a winning shape)."""
    counts = counts_of(hand.concealed_tiles())
    melds = tuple(meld_set(m) for m in hand.melds)
    return arrange(tuple(counts), melds)


def arrange(counts: tuple[int, ...], melds: tuple[Set, ...]) -> list[Arrangement]:
    """Arrangements of concealed tile `counts` (34 ints) completed by the declared `melds`. The order
    is part of the answer (the scorer keeps the first of equal readings): standard splits in the
    order a search from the lowest tile finds them, seven pairs, thirteen orphans,
    honors-and-knitted, then the knitted straights. Not memoised (issue 30): a batch almost never
    meets the same tiles twice (0.7% of 5,000 hands from simulated games), so hashing and storing
    whole hands cost more than they saved; the per-suit tables below, 92-96% repeats, are what pays."""
    out: list[Arrangement] = []
    need = 4 - len(melds)
    for sets, pair in standard_splits(counts, need):
        out.append(Arrangement(STANDARD, melds + sets, pair))
    if len(melds) > KNITTED_MELDS:
        return out
    held = _held(counts)
    if len(melds) <= SPECIAL_MELDS:
        out.extend(_special(counts, held))
    for k, sets, pair in _knitted_straights(counts, KNITTED_MELDS - len(melds), held):
        out.append(Arrangement(KNITTED_STRAIGHT, melds + sets, pair, knit=KNITS[k], singles=KNIT_TILES[k]))
    return out


def is_complete(counts: Sequence[int], n_melds: int) -> bool:
    """Whether concealed `counts` with `n_melds` declared melds make any winning shape."""
    c = tuple(counts)
    if _standard_possible(c):
        return True
    if n_melds <= SPECIAL_MELDS and sum(c) == 14 and _special(c, _held(c)):
        return True
    if n_melds <= KNITTED_MELDS:
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
    if n_melds > KNITTED_MELDS:
        return found
    held = _held(counts)
    extra = _knitted_completions(counts, held)
    if n_melds <= SPECIAL_MELDS and sum(counts) == 13:
        extra |= _special_completions(counts, held)
    if extra.difference(found):
        return sorted(extra.union(found))
    return found


# --- Four sets and a pair, group by group ---------------------------------------------------
# The groups are the three suits (9 counts each) and the honors (7 counts, no chows). In a standard
# shape each group's tiles make sets only or sets and the pair; the hand needs exactly one pair.

SETS_ONLY: Final = 0
WITH_PAIR: Final = 1
NEITHER: Final = 2
_GROUPS: Final = ((0, 9), (9, 18), (18, 27), (27, 34))


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


def _rank_sum(c: Sequence[int]) -> int:
    total = 0
    for r in range(9):
        total += r * c[r]
    return total


def _pair_and_melds(c: list[int], total: int) -> bool:
    """Whether one suit's counts (their ranks summing to `total`) split into chows, pungs and one
    pair. Each set's ranks sum to a multiple of 3, so the pair's rank p has 2p = total (mod 3):
    three places to try."""
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
        return WITH_PAIR if _pair_and_melds(c, _rank_sum(c)) else NEITHER
    pairs = 0
    for x in c:
        if x == 2:
            pairs += 1
        elif x and x != 3:
            return NEITHER
    return SETS_ONLY if pairs == 0 else WITH_PAIR if pairs == 1 else NEITHER


_GROUP_STATES: Final[dict[tuple[int, ...], int]] = {}  # `_group_state` by the group's counts


def _group_state(c: tuple[int, ...]) -> int:
    """`_state` of a group, kept by its counts."""
    state = _GROUP_STATES.get(c)
    if state is None:
        state = _GROUP_STATES[c] = _state(list(c))
    return state


class GroupWaits(NamedTuple):
    """The ranks (bit r for rank r) that, added to a group, leave it in state `after`: sets only when
    it holds 3k+2 tiles, sets and the pair when it holds 3k+1 (no rank helps a group of 3k)."""

    ranks: int
    after: int


_GROUP_WAITS: Final[dict[tuple[int, ...], GroupWaits]] = {}  # `_group_waits` by the group's counts


def _group_waits(c: tuple[int, ...]) -> GroupWaits:
    """`GroupWaits` of a group's counts (`_waits_of`), kept by its counts."""
    waits = _GROUP_WAITS.get(c)
    if waits is None:
        waits = _GROUP_WAITS[c] = _waits_of(c)
    return waits


def _waits_of(c: tuple[int, ...]) -> GroupWaits:
    """`GroupWaits` of a group's counts. Only a held honor can join a set or the pair; only a rank
    within two of a tile of its suit; and to make sets only, the ranks with the one added must sum
    to a multiple of 3 (`_pair_and_melds`): one rank in three."""
    n = sum(c)
    after = SETS_ONLY if n % 3 == 2 else WITH_PAIR
    ranks = 0
    if n % 3 == 0:
        return GroupWaits(ranks, after)
    lst = list(c)
    if len(c) == 7:
        for r in range(7):
            if c[r]:
                lst[r] += 1
                if _state(lst) == after:
                    ranks |= 1 << r
                lst[r] -= 1
        return GroupWaits(ranks, after)
    total = _rank_sum(c)
    for r in range(-total % 3, 9, 3) if after == SETS_ONLY else range(9):
        if not any(c[max(0, r - 2) : r + 3]):
            continue
        lst[r] += 1
        ok = _melds_only(lst) if after == SETS_ONLY else _pair_and_melds(lst, total + r)
        lst[r] -= 1
        if ok:
            ranks |= 1 << r
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

_HONORS: Final = frozenset(range(27, 34))
# The thirteen orphans' counts, read in one call.
_ORPHAN_COUNTS: Final = operator.itemgetter(*ORPHANS)


def mask_of(tiles: Iterable[int]) -> int:
    """Tile kinds as the bits of an int (bit i: tile i)."""
    out = 0
    for t in tiles:
        out |= 1 << t
    return out


# The same shapes as masks of tile kinds (`_held`): a shape is possible only when the kinds held fit
# its mask, which one integer test says before any count is read (issue 30).
_KNIT_MASKS: Final = tuple(mask_of(tiles) for tiles in KNIT_TILES)
_ORPHAN_MASK: Final = mask_of(ORPHANS)
_HONOR_BITS: Final = mask_of(_HONORS)


def _held(counts: tuple[int, ...]) -> int:
    """The kinds held, as the bits of an int (bit i: tile i)."""
    held = 0
    for i in range(34):
        if counts[i]:
            held |= 1 << i
    return held


def _kinds(held: int) -> int:
    """How many kinds `held` (`_held`) holds (a loop on native ints: compiled, `bin(held).count("1")`
    is two calls through the generic path)."""
    n = 0
    while held:
        held &= held - 1
        n += 1
    return n


def _odd_kinds(counts: tuple[int, ...], held: int) -> int:
    """The kinds of `held` (`_held` of `counts`) held an odd number of times, as bits: only the kinds
    held are read, instead of `counts.count(...)` comparing all 34 boxed counts."""
    odd = 0
    while held:
        low = held & -held
        if counts[low.bit_length() - 1] & 1:
            odd |= low
        held ^= low
    return odd


def _special_completions(counts: tuple[int, ...], held: int) -> set[int]:
    """For 13 concealed tiles (`held`: their kinds), the kinds completing seven pairs (the one kind
    held an odd number of times), thirteen orphans (the orphan missing, or any of them when all
    thirteen are held once) and honors-and-knitted (a knit's tiles and the honors not held, when the
    13 distinct tiles held are all among them). Seven pairs one tile short hold at most 7 kinds, the
    others 12 or 13: between, none is near."""
    out: set[int] = set()
    kinds = _kinds(held)
    if 7 < kinds < 12:
        return out
    odd = _odd_kinds(counts, held)
    if odd and not odd & (odd - 1):  # one kind held an odd number of times
        out.add(odd.bit_length() - 1)
    orphans: tuple[int, ...] = _ORPHAN_COUNTS(counts)
    if sum(orphans) == 13:
        missing = orphans.count(0)
        if missing == 0:
            out.update(ORPHANS)
        elif missing == 1:
            out.add(ORPHANS[orphans.index(0)])
    if kinds == 13:  # 13 tiles, each once
        held_kinds = [i for i in range(34) if counts[i]]
        for tiles in KNIT_TILES:
            allowed = _HONORS.union(tiles)
            if allowed.issuperset(held_kinds):
                out.update(allowed.difference(held_kinds))
    return out


def _knitted_completions(counts: tuple[int, ...], held: int) -> set[int]:
    """The kinds that complete a knitted straight and the rest of its hand (`held`: the kinds of
    `counts`): the one knitted tile missing when the rest already makes sets and a pair, or with all
    nine held, what completes the rest."""
    out: set[int] = set()
    for tiles, mask in zip(KNIT_TILES, _KNIT_MASKS, strict=True):
        missing = mask & ~held
        if missing & (missing - 1):  # two knitted tiles or more missing
            continue
        rest = list(counts)
        for i in tiles:
            if rest[i]:
                rest[i] -= 1
        if missing:
            if _standard_possible(tuple(rest)):
                out.add(missing.bit_length() - 1)
        else:
            out.update(_standard_completions(tuple(rest)))
    return out


# --- Listing the splits ---------------------------------------------------------------------

Split = tuple[tuple[Set, ...], int]  # concealed sets, and the pair's tile (-1: none)


def standard_splits(counts: tuple[int, ...], need: int) -> list[Split]:
    """Every split of `counts` into `need` concealed sets plus one pair: the splits of each group
    (made once per group shape), combined. Every split of a group has the same number of sets and
    the pair or not, so a hand whose groups do not add up to `need` sets and one pair is
    rejected before anything is combined."""
    options: list[tuple[Split, ...]] = []
    pair_at = -1  # the option holding the pair; -1: the honors
    n_sets = 0
    for s in range(3):
        c = counts[9 * s : 9 * s + 9]
        splits = _suit_sets(s, c)
        if not splits:
            return []
        sets, pair = splits[0]
        if pair >= 0:
            if pair_at >= 0:
                return []
            pair_at = len(options)
        elif not sets:
            continue  # no tile of this suit
        n_sets += len(sets)
        options.append(splits)
    honor = _honor_split(counts[27:34])
    if honor is None:
        return []
    honors, honor_pair = honor
    if (pair_at < 0) == (honor_pair < 0) or n_sets + len(honors) != need:
        return []
    if len(options) == 1:
        return [(sets + honors, honor_pair if pair < 0 else pair) for sets, pair in options[0]]
    # Every choice of one split per suit, the first suit's outermost (`itertools.product`'s order),
    # written out for none, two and three suits: compiled, `product` and `chain` are generic calls.
    if not options:
        return [(honors, honor_pair)]
    result = []
    if len(options) == 2:
        for one, one_pair in options[0]:
            for two, two_pair in options[1]:
                result.append((one + two + honors, honor_pair if pair_at < 0 else (one_pair, two_pair)[pair_at]))
        return result
    for one, one_pair in options[0]:
        for two, two_pair in options[1]:
            for three, three_pair in options[2]:
                pair = honor_pair if pair_at < 0 else (one_pair, two_pair, three_pair)[pair_at]
                result.append((one + two + three + honors, pair))
    return result


_HONOR_SPLITS: Final[dict[tuple[int, ...], Split | None]] = {}  # `_honor_split` by the honors' counts
_SUIT_SETS: Final[tuple[dict[tuple[int, ...], tuple[Split, ...]], ...]] = ({}, {}, {})  # `_suit_sets`, a dict a suit


def _honor_split(c: tuple[int, ...]) -> Split | None:
    """`_honor_split_of` the honors' counts, kept by them."""
    if c in _HONOR_SPLITS:
        return _HONOR_SPLITS[c]
    split = _HONOR_SPLITS[c] = _honor_split_of(c)
    return split


def _honor_split_of(c: tuple[int, ...]) -> Split | None:
    """The honors' one split: a pung of each honor held three times, the pair of one held twice
    (None when they make neither)."""
    sets = []
    pair = -1
    for r, n in enumerate(c):
        if n == 3:
            sets.append(Set(PUNG, 27 + r, True, False))
        elif n == 2 and pair < 0:
            pair = 27 + r
        elif n:
            return None
    return tuple(sets), pair


def _suit_sets(suit: int, c: tuple[int, ...]) -> tuple[Split, ...]:
    """`_suit_sets_of` a suit's counts, kept by them."""
    memo = _SUIT_SETS[suit]
    splits = memo.get(c)
    if splits is None:
        splits = memo[c] = _suit_sets_of(suit, c)
    return splits


def _suit_sets_of(suit: int, c: tuple[int, ...]) -> tuple[Split, ...]:
    """The splits of one suit (`_suit_splits`) as `Set` records numbered in the hand, made once per
    suit shape."""
    base = 9 * suit
    return tuple(
        (tuple(Set(kind, base + r, True, False) for kind, r in sets), -1 if pair < 0 else base + pair)
        for sets, pair in _suit_splits(c)
    )


def _suit_splits(c: tuple[int, ...]) -> list[tuple[tuple[tuple[int, int], ...], int]]:
    """Splits of one suit's 9 counts into chows and pungs, plus a pair when it holds 3k+2 tiles:
    ((kind, rank), ...) with chows before pungs, each by rank, and the pair's rank (-1: none). In the
    order of a search that takes, at the lowest tile left, a pung, else a chow, else the pair: the
    scorer keeps the first of equal readings, so this order is part of the answer."""
    n = sum(c)
    if n % 3 == 0:
        return [(sets, -1) for _, sets in _melds_splits(c)]
    if n % 3 == 1:
        return []
    found: list[tuple[tuple[int, ...], tuple[tuple[int, int], ...], int]] = []
    for p in range(2 * _rank_sum(c) % 3, 9, 3):  # the pair's rank, as in `_pair_and_melds`
        if c[p] >= 2:
            rest = list(c)
            rest[p] -= 2
            found.extend((order, sets, p) for order, sets in _melds_splits(rest))
    if len(found) > 1:
        found.sort()
    return [(sets, p) for _, sets, p in found]


def _melds_splits(c: Sequence[int]) -> list[tuple[tuple[int, ...], tuple[tuple[int, int], ...]]]:
    """Every split of one suit's counts into chows and pungs, each once (at each rank the tiles left
    start their count modulo 3 chows, or three more: `_melds_only`), in search order, with its
    place in that order. Two splits first differ at some rank, where the search reaches first the
    one with more pungs there, else more chows (the tiles at that rank being the same); so the
    place is, rank by rank, -(8 * pungs + chows), and one tuple comparison orders splits with a
    pair at different ranks as well."""
    out: list[tuple[tuple[int, ...], tuple[tuple[int, int], ...]]] = []
    # Depth first: follow the fewer-chows choice, keep the three-more-chows one for later (last
    # kept, first taken), which lists the splits in order.
    later: list[tuple[int, int, int, tuple[int, ...], tuple[int, ...], tuple[int, ...]]] = [(0, 0, 0, (), (), ())]
    while later:
        r, one, two, chows, pungs, order = later.pop()
        while r < 9:
            x = c[r] - one - two
            k = x % 3
            if x < 0 or (k and r >= 7):
                break
            if k + 3 <= x and r < 7:
                more = (x - k - 3) // 3
                place = (*order, -8 * more - k - 3)
                later.append((r + 1, k + 3, one, chows + (r,) * (k + 3), pungs + (r,) * more, place))
            if k:
                chows += (r,) * k
            if x >= 3:
                pungs += (r,) * (x // 3)
            order += (-8 * (x // 3) - k,)
            one, two = k, one
            r += 1
        else:
            out.append((order, tuple([(CHOW, q) for q in chows] + [(PUNG, q) for q in pungs])))
    return out


def _special(counts: tuple[int, ...], held: int) -> list[Arrangement]:
    """The shapes that need a fully concealed hand (`held`: the kinds of `counts`): seven pairs
    (at most 7 kinds, each twice or four times), thirteen orphans (the 13 orphans and nothing else),
    honors-and-knitted (14 kinds, all of a knit's tiles or honors)."""
    out: list[Arrangement] = []
    if sum(counts) != 14:
        return out
    kinds = _kinds(held)
    if kinds <= 7:
        if not _odd_kinds(counts, held):  # each kind twice or four times
            pairs = tuple(i for i, c in enumerate(counts) for _ in range(c // 2))
            out.append(Arrangement(SEVEN_PAIRS, pairs=pairs))
    elif held == _ORPHAN_MASK:
        pair = next(i for i in ORPHANS if counts[i] == 2)
        out.append(Arrangement(THIRTEEN_ORPHANS, pair=pair, singles=ORPHANS))
    elif kinds == 14:
        for knit, mask in zip(KNITS, _KNIT_MASKS, strict=True):
            if not held & ~(mask | _HONOR_BITS):
                out.append(Arrangement(HONORS_KNITTED, knit=knit, singles=tuple(i for i, c in enumerate(counts) if c)))
                break
    return out


def _knitted_straights(counts: tuple[int, ...], need: int, held: int) -> list[tuple[int, tuple[Set, ...], int]]:
    """(index in `KNITS`, sets, pair) for each knitted straight in `counts` (`held`: its kinds)
    completed by `need` sets and a pair."""
    out: list[tuple[int, tuple[Set, ...], int]] = []
    for k, tiles in enumerate(KNIT_TILES):
        if not _KNIT_MASKS[k] & ~held:
            rest = list(counts)
            for i in tiles:
                rest[i] -= 1
            out.extend((k, sets, pair) for sets, pair in standard_splits(tuple(rest), need))
    return out


def clear_memos() -> None:
    """Forget the tables of this module (`_DECLARED`, `_GROUP_STATES`, `_GROUP_WAITS`, `_HONOR_SPLITS`,
    `_SUIT_SETS`), as `cache_clear` does a `functools.cache`."""
    _DECLARED[:] = [None] * len(_DECLARED)
    _GROUP_STATES.clear()
    _GROUP_WAITS.clear()
    _HONOR_SPLITS.clear()
    for memo in _SUIT_SETS:
        memo.clear()
