"""How the winning tile sits in an arrangement, and whether the hand waits on one tile kind only.

Two questions, both read from shapes only:
- does the hand wait on one tile kind only? Edge, Closed and Single Wait (77-79) need it, and a
  kind the winner already holds four of still counts as a wait unless the profile's
  `exhausted-waits` switch says otherwise (A#77-79 notes: 包括已经使用4张的牌);
- where can the winning tile sit in one arrangement (a `Placement` per set that holds it), and
  which of those places does the score report (`choose`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from mcr_score.engine.arrangements import CHOW, KNITTED_STRAIGHT, PUNG, STANDARD, Arrangement, completing_tiles
from mcr_score.vocabulary import Wait

# How the winning tile completed its set (`vocabulary.Wait`), bound to module names for the hot paths.
EDGE: Final = Wait.EDGE
CLOSED: Final = Wait.CLOSED
OPEN: Final = Wait.OPEN
PUNG_WAIT: Final = Wait.PUNG
PAIR_WAIT: Final = Wait.PAIR

PAIR: Final = 4  # the pair's position in a fan hit (sets are 0-3)
KNIT: Final = 5  # the knitted tiles' position (knitted-straight arrangements)


@dataclass(frozen=True, slots=True, init=False)
class Placement:
    """The winning tile can complete the group at `position` (a set index, `PAIR` or `KNIT`), as `wait`."""

    position: int
    wait: Wait | None

    # Written out, not generated: mypyc compiles it (tests/core/test_value_classes.py).
    def __init__(self, position: int, wait: Wait | None) -> None:
        object.__setattr__(self, "position", position)
        object.__setattr__(self, "wait", wait)


def placements(arr: Arrangement, win: int) -> tuple[Placement, ...]:
    """Every concealed group of `arr` that the winning tile can have completed (declared melds never)."""
    if arr.form not in (STANDARD, KNITTED_STRAIGHT):
        return ()
    out = []
    for i, (kind, tile, _, declared) in enumerate(arr.sets):
        if declared:
            continue
        if kind == CHOW and _same_suit(tile, win) and tile <= win <= tile + 2:
            out.append(Placement(i, chow_wait(tile, win)))
        elif kind == PUNG and tile == win:
            out.append(Placement(i, PUNG_WAIT))
    if arr.pair == win:
        out.append(Placement(PAIR, PAIR_WAIT))
    if arr.form == KNITTED_STRAIGHT and win in arr.singles:
        out.append(Placement(KNIT, None))
    return tuple(out)


def chow_wait(low: int, win: int) -> Wait:
    """The wait shape of `win` in the chow starting at `low`."""
    if win == low + 1:
        return CLOSED
    rank = low % 9
    if (win == low + 2 and rank == 0) or (win == low and rank == 6):
        return EDGE
    return OPEN


def has_wait_shape(arr: Arrangement, places: tuple[Placement, ...], win: int) -> bool:
    """Whether a wait fan could apply in `arr`, whose `places` are its `placements`: the winning tile
    is an edge, a closed tile or pairs a single."""
    if arr.pair == win or win in arr.pairs:
        return True
    return any(p.wait is EDGE or p.wait is CLOSED for p in places)


# Preference when no wait fan decides where the winning tile went: a chow, the pair, a pung, knitted tiles.
_ORDER: Final[dict[Wait | None, int]] = {OPEN: 0, EDGE: 1, CLOSED: 2, PAIR_WAIT: 3, PUNG_WAIT: 4, None: 5}


def choose(
    options: tuple[Placement, ...], counted_at: int | None = None, exposed_pung: int | None = None
) -> Placement | None:
    """The place the score reports for the winning tile: the set of a counted wait fan (`counted_at`),
    else the pung the discard completed (`exposed_pung`), else the first place by `_ORDER`."""
    for wanted in (counted_at, exposed_pung):
        if wanted is not None:
            for p in options:
                if p.position == wanted:
                    return p
    best = None
    best_order = len(_ORDER)
    for p in options:  # `min(options, key=...)`, whose key compiled is a call through the generic path
        order = _ORDER[p.wait]
        if order < best_order:
            best, best_order = p, order
    return best


def waits_on_one_tile(standing: Sequence[int], n_melds: int, exhausted: frozenset[int]) -> bool:
    """Whether exactly one tile kind completes the hand, counting kinds already used four times
    (the formal wait of A#77-79) unless they are listed in `exhausted`. The kinds come from
    `completing_tiles`, which reads them from the shapes (every winning shape, knitted and orphan
    ones included) rather than trying each of the 34. (Stopping at a second kind of four sets and
    a pair saves nothing: most hands that get here wait on one kind.)"""
    return sum(1 for w in completing_tiles(standing, n_melds) if w not in exhausted) == 1


def _same_suit(a: int, b: int) -> bool:
    return a < 27 and b < 27 and a // 9 == b // 9
