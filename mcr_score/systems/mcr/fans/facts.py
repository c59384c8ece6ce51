"""Facts about one arrangement that the fan detectors read (computed once, then shared).

Set positions: `sets[i]` for i in 0-3 (declared melds first); the pair is position `PAIR`.
A discard-won pung counts as exposed unless the winning tile could also sit in a concealed
chow or the knitted tiles of the same arrangement (rules-notes §4.10; A#33 note; the flag
`DISCARD_PUNG_CONCEALED` of switch `discard-completed-pung` keeps it concealed), and the last
copy (绝张) is inferred when the other three copies are in the winner's own melds (A#58 note).

Engine flags are the readings of profile switches that data cannot express; each is read in
exactly one place.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations
from typing import Final

from mcr_score.engine.arrangements import CHOW, KONG, SET_TILES, Arrangement, Set
from mcr_score.engine.waits import PAIR, PAIR_WAIT, PUNG_WAIT, Placement
from mcr_score.hand import Situation
from mcr_score.tiles import LAST_COPY_SEEN
from mcr_score.vocabulary import EngineFlag, Form

__all__ = [
    "DISCARD_PUNG_CONCEALED",
    "HONORS",
    "HONOR_MASK",
    "LIVE_WAITS_ONLY",
    "PAIR",
    "SET_MASKS",
    "SUIT_MASKS",
    "TILE_HOG_SUITS_ONLY",
    "Facts",
    "build_facts",
]

# The engine flags (`vocabulary.EngineFlag`), by the names profiles give their options.
# A pung completed by the winning discard stays concealed (read in `build_facts`).
DISCARD_PUNG_CONCEALED: Final = EngineFlag.DISCARD_PUNG_CONCEALED
# A tile kind whose four copies the winner already holds is not a wait (read in scoring's wait count).
LIVE_WAITS_ONLY: Final = EngineFlag.LIVE_WAITS_ONLY
# Tile Hog counts four of a suit tile only (read by the fan 64 detector).
TILE_HOG_SUITS_ONLY: Final = EngineFlag.TILE_HOG_SUITS_ONLY


# Tile kinds as bits of an int (bit i: tile index i), so that a fan of the whole hand is one mask test.
SUIT_MASKS: Final = (0x1FF, 0x1FF << 9, 0x1FF << 18)  # characters, dots, bamboo
HONOR_MASK: Final = 0x7F << 27
# SET_MASKS[kind][tile]: the kinds of a set's tiles (a chow by its lowest tile).
SET_MASKS: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple(sum(1 << t for t in set(ts)) for ts in by_tile) for by_tile in SET_TILES
)

# Traits of a hand, as bits of `Facts.traits`: what a detector may need besides sets (`detectors.Needs`).
# A detector needs each of its trait masks to meet the hand's traits, so a mask of several bits is
# "any of them" (`SUITS_0 | SUITS_1`: at most one suit).
HONORS: Final = 1 << 0
NO_HONORS: Final = 1 << 1
# How many suits are present: none, one, two, three.
SUITS_0: Final = 1 << 2
SUITS_1: Final = 1 << 3
SUITS_2: Final = 1 << 4
SUITS_3: Final = 1 << 5
SELF_DRAWN: Final = 1 << 6
ON_DISCARD: Final = 1 << 7
HAS_FLOWERS: Final = 1 << 8
LAST_COPY: Final = 1 << 9
UNIQUE_WAIT: Final = 1 << 10


def traits_of(honors: bool, suits: int, self_drawn: bool, flowers: int, last_copy: bool, unique_wait: bool) -> int:
    """The traits of a hand as bits (`HONORS` ... `UNIQUE_WAIT`)."""
    return (
        (HONORS if honors else NO_HONORS)
        | (SUITS_0 << suits)
        | (SELF_DRAWN if self_drawn else ON_DISCARD)
        | (HAS_FLOWERS if flowers else 0)
        | (LAST_COPY if last_copy else 0)
        | (UNIQUE_WAIT if unique_wait else 0)
    )


# A group of sets: their tiles (the lowest for a chow), sorted, and their positions (in no order:
# `detectors.found` sorts the few that make a fan).
Group = tuple[tuple[int, ...], tuple[int, ...]]
_NO_GROUPS: Final[tuple[tuple[Group, ...], ...]] = ((), (), (), (), ())
# COMBOS[n][size]: every `size` of `n` members, as index tuples (size 2-4; 0 and 1 unused).
COMBOS: Final[tuple[tuple[tuple[tuple[int, ...], ...], ...], ...]] = tuple(
    tuple(tuple(combinations(range(n), size)) if size >= 2 else () for size in range(5)) for n in range(5)
)


def _groups(members: list[tuple[int, int]]) -> tuple[tuple[Group, ...], ...]:
    """`out[n]`: every `n` of the (position, tile) `members` for n = 2-4, each with its tiles sorted
    (the members are sorted by tile once, so every combination comes out sorted). Sorted in place
    and each group's tuples written out by size: compiled, `sorted(key=...)` calls its key through
    the generic path and `tuple([...])` builds a list first."""
    n = len(members)
    if n < 2:
        return _NO_GROUPS
    if n == 2:
        (p, t), (q, u) = members
        return ((), (), (((t, u), (p, q)) if t <= u else ((u, t), (q, p)),), (), ())
    positions = [p for p, _ in members]
    tiles = [t for _, t in members]
    for i in range(1, n):  # insertion sort by tile, stable as `sorted` is (at most four members)
        t, p = tiles[i], positions[i]
        j = i
        while j and tiles[j - 1] > t:
            tiles[j] = tiles[j - 1]
            positions[j] = positions[j - 1]
            j -= 1
        tiles[j] = t
        positions[j] = p
    twos = tuple([((tiles[a], tiles[b]), (positions[a], positions[b])) for a, b in COMBOS[n][2]])
    threes = tuple(
        [((tiles[a], tiles[b], tiles[c]), (positions[a], positions[b], positions[c])) for a, b, c in COMBOS[n][3]]
    )
    fours = ((tuple(tiles), tuple(positions)),) if n == 4 else ()
    return ((), (), twos, threes, fours)


@dataclass(slots=True, init=False)
class Facts:
    """What the detectors read about one arrangement of one hand (built once by `build_facts`, then
    only read: not frozen, as a frozen class pays for every field it sets)."""

    form: Form
    sets: tuple[Set, ...]  # (kind, tile, concealed, declared) after the discard rule
    pair: int | None
    arrangement: Arrangement
    counts: tuple[int, ...]  # every tile of the hand, kongs as four
    kinds: int  # the tile kinds present, as bits (`SUIT_MASKS`, `HONOR_MASK`)
    set_masks: tuple[int, ...]  # the kinds of each set's tiles, by position
    suits: int  # how many of the three suits are present
    honors: bool
    traits: int  # `traits_of` the hand
    chows: tuple[tuple[int, int], ...]  # (position, lowest tile)
    pungs: tuple[tuple[int, int], ...]  # (position, tile) for pungs and kongs
    wind_pungs: tuple[int, ...]  # positions of the pungs and kongs of winds
    dragon_pungs: tuple[int, ...]  # positions of the pungs and kongs of dragons
    # Every group of 2, 3 and 4 chows (`chow_groups[n]`), and of suited pungs and kongs (`pung_groups[n]`),
    # as (tiles sorted, positions): the combination fans all read them, so they are listed once.
    chow_groups: tuple[tuple[Group, ...], ...]
    pung_groups: tuple[tuple[Group, ...], ...]
    win: int
    situation: Situation
    self_drawn: bool
    last_copy: bool
    declared: bool  # any declared meld, a concealed kong included
    exposed_melds: int  # declared chows, pungs and exposed kongs
    concealed_pungs: tuple[int, ...]  # positions of concealed pungs and kongs, after the discard rule
    kongs_concealed: tuple[int, ...]  # positions
    kongs_exposed: tuple[int, ...]
    placements: tuple[Placement, ...]  # where the winning tile can sit
    exposed_pung: int | None  # the position of the pung the winning discard completed (counts as exposed)
    unique_wait: bool  # the hand waited on one tile kind only
    flowers: int
    flags: frozenset[str]  # the profile's engine flags

    # Written out, not generated: mypyc compiles it (tests/core/test_value_classes.py).
    def __init__(
        self,
        form: Form,
        sets: tuple[Set, ...],
        pair: int | None,
        arrangement: Arrangement,
        counts: tuple[int, ...],
        kinds: int,
        set_masks: tuple[int, ...],
        suits: int,
        honors: bool,
        traits: int,
        chows: tuple[tuple[int, int], ...],
        pungs: tuple[tuple[int, int], ...],
        wind_pungs: tuple[int, ...],
        dragon_pungs: tuple[int, ...],
        chow_groups: tuple[tuple[Group, ...], ...],
        pung_groups: tuple[tuple[Group, ...], ...],
        win: int,
        situation: Situation,
        self_drawn: bool,
        last_copy: bool,
        declared: bool,
        exposed_melds: int,
        concealed_pungs: tuple[int, ...],
        kongs_concealed: tuple[int, ...],
        kongs_exposed: tuple[int, ...],
        placements: tuple[Placement, ...],
        exposed_pung: int | None,
        unique_wait: bool,
        flowers: int,
        flags: frozenset[str],
    ) -> None:
        self.form = form
        self.sets = sets
        self.pair = pair
        self.arrangement = arrangement
        self.counts = counts
        self.kinds = kinds
        self.set_masks = set_masks
        self.suits = suits
        self.honors = honors
        self.traits = traits
        self.chows = chows
        self.pungs = pungs
        self.wind_pungs = wind_pungs
        self.dragon_pungs = dragon_pungs
        self.chow_groups = chow_groups
        self.pung_groups = pung_groups
        self.win = win
        self.situation = situation
        self.self_drawn = self_drawn
        self.last_copy = last_copy
        self.declared = declared
        self.exposed_melds = exposed_melds
        self.concealed_pungs = concealed_pungs
        self.kongs_concealed = kongs_concealed
        self.kongs_exposed = kongs_exposed
        self.placements = placements
        self.exposed_pung = exposed_pung
        self.unique_wait = unique_wait
        self.flowers = flowers
        self.flags = flags


def build_facts(
    arr: Arrangement,
    places: tuple[Placement, ...],
    concealed_counts: tuple[int, ...],
    win: int,
    situation: Situation,
    unique_wait: bool,
    meld_copies_of_win: int,
    flags: frozenset[str],
) -> Facts:
    """The facts of `arr`, given where the winning tile can sit in it (`placement.placements`), read
    in one pass over its sets."""
    sets = arr.sets
    exposed_pung = None
    if not situation.self_drawn and places and DISCARD_PUNG_CONCEALED not in flags:
        for p in places:
            if p.wait is not PUNG_WAIT and p.wait is not PAIR_WAIT:
                break
        else:
            for p in places:
                if p.wait is PUNG_WAIT:
                    exposed_pung = p.position
                    as_list = list(sets)
                    as_list[exposed_pung] = sets[exposed_pung]._replace(concealed=False)
                    sets = tuple(as_list)
                    break
    with_melds: list[int] | None = None  # the counts with the declared melds' tiles, made on the first one
    chows: list[tuple[int, int]] = []
    pungs: list[tuple[int, int]] = []
    suited_pungs: list[tuple[int, int]] = []
    wind_pungs: list[int] = []
    dragon_pungs: list[int] = []
    concealed_pungs: list[int] = []
    kongs_concealed: list[int] = []
    kongs_exposed: list[int] = []
    set_masks: list[int] = []
    kinds = 0
    declared = False
    exposed_melds = 0
    for i, (kind, tile, concealed, decl) in enumerate(sets):
        mask = SET_MASKS[kind][tile]
        set_masks.append(mask)
        kinds |= mask
        if decl:
            declared = True
            if not concealed:
                exposed_melds += 1
            if with_melds is None:
                with_melds = list(concealed_counts)
            for t in SET_TILES[kind][tile]:
                with_melds[t] = with_melds[t] + 1  # not `+=`: compiled, a generic add
        if kind == CHOW:
            chows.append((i, tile))
        else:
            pungs.append((i, tile))
            if tile < 27:
                suited_pungs.append((i, tile))
            elif tile < 31:
                wind_pungs.append(i)
            else:
                dragon_pungs.append(i)
            if concealed:
                concealed_pungs.append(i)
            if kind == KONG:
                if concealed:
                    kongs_concealed.append(i)
                else:
                    kongs_exposed.append(i)
    if arr.pair is not None:
        kinds |= 1 << arr.pair
    for t in arr.singles:
        kinds |= 1 << t
    for t in arr.pairs:
        kinds |= 1 << t
    suits = (kinds & SUIT_MASKS[0] != 0) + (kinds & SUIT_MASKS[1] != 0) + (kinds & SUIT_MASKS[2] != 0)
    honors = kinds & HONOR_MASK != 0
    last_copy = situation.last_copy or meld_copies_of_win == LAST_COPY_SEEN
    return Facts(
        form=arr.form,
        sets=sets,
        pair=arr.pair,
        arrangement=arr,
        counts=concealed_counts if with_melds is None else tuple(with_melds),
        kinds=kinds,
        set_masks=tuple(set_masks),
        suits=suits,
        honors=honors,
        traits=traits_of(honors, suits, situation.self_drawn, situation.flowers, last_copy, unique_wait),
        chows=tuple(chows),
        pungs=tuple(pungs),
        wind_pungs=tuple(wind_pungs),
        dragon_pungs=tuple(dragon_pungs),
        chow_groups=_groups(chows),
        pung_groups=_groups(suited_pungs),
        win=win,
        situation=situation,
        self_drawn=situation.self_drawn,
        last_copy=last_copy,
        declared=declared,
        exposed_melds=exposed_melds,
        concealed_pungs=tuple(concealed_pungs),
        kongs_concealed=tuple(kongs_concealed),
        kongs_exposed=tuple(kongs_exposed),
        placements=places,
        exposed_pung=exposed_pung,
        unique_wait=unique_wait,
        flowers=situation.flowers,
        flags=flags,
    )
