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

from ..arrangements import CHOW, KONG, SET_TILES, Arrangement, Set
from ..hand import Situation
from ..placement import PAIR, Placement

__all__ = ["DISCARD_PUNG_CONCEALED", "LIVE_WAITS_ONLY", "PAIR", "TILE_HOG_SUITS_ONLY", "Facts", "build_facts"]

# A pung completed by the winning discard stays concealed (read in `build_facts`).
DISCARD_PUNG_CONCEALED = "discard-pung-concealed"
# A tile kind whose four copies the winner already holds is not a wait (read in scoring's wait count).
LIVE_WAITS_ONLY = "live-waits-only"
# Tile Hog counts four of a suit tile only (read by the fan 64 detector).
TILE_HOG_SUITS_ONLY = "tile-hog-suits-only"


# A group of sets: their tiles (the lowest for a chow), sorted, and their positions, sorted.
Group = tuple[list[int], tuple[int, ...]]
_NO_GROUPS: tuple[tuple[Group, ...], ...] = ((), (), (), (), ())


def _groups(members: list[tuple[int, int]]) -> tuple[tuple[Group, ...], ...]:
    """`out[n]`: every `n` of the (position, tile) `members`, listed by position, for n = 0-4 (only
    2-4 are read)."""
    if len(members) < 2:
        return _NO_GROUPS
    positions = [p for p, _ in members]
    tiles = [t for _, t in members]
    out: list[tuple[Group, ...]] = [(), ()]
    for size in (2, 3, 4):
        out.append(
            tuple(
                (sorted([tiles[i] for i in combo]), tuple([positions[i] for i in combo]))
                for combo in combinations(range(len(members)), size)
            )
        )
    return tuple(out)


@dataclass(frozen=True, slots=True)
class Facts:
    """What the detectors read about one arrangement of one hand."""

    form: str
    sets: tuple[Set, ...]  # (kind, tile, concealed, declared) after the discard rule
    pair: int | None
    arrangement: Arrangement
    counts: tuple[int, ...]  # every tile of the hand, kongs as four
    tiles: frozenset[int]  # tile kinds present
    suits: frozenset[int]  # 0-2 suits present
    honors: bool
    chows: tuple[tuple[int, int], ...]  # (position, lowest tile)
    pungs: tuple[tuple[int, int], ...]  # (position, tile) for pungs and kongs
    # Every group of 2, 3 and 4 chows (`chow_groups[n]`), and of suited pungs and kongs (`pung_groups[n]`),
    # as (lowest tiles sorted, positions sorted): the combination fans all read them, so they are listed once.
    chow_groups: tuple[tuple[Group, ...], ...]
    pung_groups: tuple[tuple[Group, ...], ...]
    win: int
    situation: Situation
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
    """The facts of `arr`, given where the winning tile can sit in it (`placement.placements`)."""
    sets = list(arr.sets)
    exposed_pung = None
    if (
        not situation.self_drawn
        and DISCARD_PUNG_CONCEALED not in flags
        and not any(p.wait not in ("pung", "pair") for p in places)
    ):
        exposed_pung = next((p.position for p in places if p.wait == "pung"), None)
        if exposed_pung is not None:
            sets[exposed_pung] = sets[exposed_pung]._replace(concealed=False)
    counts = list(concealed_counts)
    chows: list[tuple[int, int]] = []
    pungs: list[tuple[int, int]] = []
    concealed_pungs: list[int] = []
    kongs_concealed: list[int] = []
    kongs_exposed: list[int] = []
    declared = False
    exposed_melds = 0
    for i, (kind, tile, concealed, decl) in enumerate(sets):
        if decl:
            declared = True
            exposed_melds += not concealed
            for t in SET_TILES[kind][tile]:
                counts[t] += 1
        if kind == CHOW:
            chows.append((i, tile))
            continue
        pungs.append((i, tile))
        if concealed:
            concealed_pungs.append(i)
        if kind == KONG:
            (kongs_concealed if concealed else kongs_exposed).append(i)
    tiles = frozenset([i for i, c in enumerate(counts) if c])
    return Facts(
        form=arr.form,
        sets=tuple(sets),
        pair=arr.pair,
        arrangement=arr,
        counts=tuple(counts),
        tiles=tiles,
        suits=frozenset([i // 9 for i in tiles if i < 27]),
        honors=max(tiles) >= 27,
        chows=tuple(chows),
        pungs=tuple(pungs),
        chow_groups=_groups(chows),
        pung_groups=_groups([(p, t) for p, t in pungs if t < 27]),
        win=win,
        situation=situation,
        last_copy=situation.last_copy or meld_copies_of_win == 3,
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
