"""Facts about one arrangement that the fan detectors read (computed once, then shared).

Set positions: `sets[i]` for i in 0-3 (declared melds first); the pair is position `PAIR`.
A discard-won pung counts as exposed unless the winning tile could also sit in a concealed
chow of the same arrangement (rules-notes §4.10; A#33 note; the flag `DISCARD_PUNG_CONCEALED`
of switch `discard-completed-pung` keeps it concealed), and the last copy (绝张) is inferred
when the other three copies are in the winner's own melds (A#58 note).

Engine flags are the readings of profile switches that data cannot express; each is read in
exactly one place.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..arrangements import CHOW, KONG, PUNG, STANDARD, Arrangement
from ..hand import Situation

PAIR = 4

# A pung completed by the winning discard stays concealed (read in `build_facts`).
DISCARD_PUNG_CONCEALED = "discard-pung-concealed"
# A tile kind whose four copies the winner already holds is not a wait (read in scoring's wait count).
LIVE_WAITS_ONLY = "live-waits-only"
# Tile Hog counts four of a suit tile only (read by the fan 64 detector).
TILE_HOG_SUITS_ONLY = "tile-hog-suits-only"


@dataclass(slots=True)
class Facts:
    form: str
    sets: tuple  # (kind, tile, concealed, declared) after the discard rule
    pair: int | None
    arrangement: Arrangement
    counts: list[int]  # every tile of the hand, kongs as four
    tiles: frozenset[int]  # tile kinds present
    suits: frozenset[int]  # 0-2 suits present
    honors: bool
    chows: list[tuple[int, int]]  # (position, lowest tile)
    pungs: list[tuple[int, int]]  # (position, tile) for pungs and kongs
    win: int
    situation: Situation
    last_copy: bool
    exposed_melds: int  # declared chows, pungs and exposed kongs
    concealed_pungs: int  # concealed pungs and kongs after the discard rule
    kongs_concealed: list[int]  # positions
    kongs_exposed: list[int]
    wait: int | None  # 77, 78 or 79 when the hand waited on one tile kind only, read in this arrangement
    nine_gates: bool
    flowers: int
    flags: frozenset[str]  # the profile's engine flags


def build_facts(arr: Arrangement, concealed_counts: tuple[int, ...], win: int, situation: Situation,
                unique_wait: bool, meld_copies_of_win: int, nine_gates: bool,
                flags: frozenset[str]) -> Facts:
    sets = list(arr.sets)
    exposes = not situation.self_drawn and DISCARD_PUNG_CONCEALED not in flags
    if exposes and arr.form in (STANDARD, "knitted-straight"):
        in_chow = any(k == CHOW and not d and t <= win <= t + 2 and _same_suit(t, win) for k, t, _, d in sets)
        in_knit = win in arr.singles
        if not in_chow and not in_knit:
            for i, (k, t, c, d) in enumerate(sets):
                if k == PUNG and not d and t == win:
                    sets[i] = (k, t, False, d)
                    break
    sets = tuple(sets)
    counts = list(concealed_counts)
    for k, t, c, d in sets:
        if d:
            if k == CHOW:
                counts[t] += 1
                counts[t + 1] += 1
                counts[t + 2] += 1
            else:
                counts[t] += 4 if k == KONG else 3
    tiles = frozenset(i for i, c in enumerate(counts) if c)
    chows = [(i, t) for i, (k, t, _, _) in enumerate(sets) if k == CHOW]
    pungs = [(i, t) for i, (k, t, _, _) in enumerate(sets) if k != CHOW]
    return Facts(
        form=arr.form, sets=sets, pair=arr.pair, arrangement=arr, counts=counts, tiles=tiles,
        suits=frozenset(i // 9 for i in tiles if i < 27), honors=any(i >= 27 for i in tiles),
        chows=chows, pungs=pungs, win=win, situation=situation,
        last_copy=situation.last_copy or meld_copies_of_win == 3,
        exposed_melds=sum(1 for k, t, c, d in sets if d and not c),
        concealed_pungs=sum(1 for k, t, c, d in sets if k != CHOW and c),
        kongs_concealed=[i for i, (k, t, c, d) in enumerate(sets) if k == KONG and c],
        kongs_exposed=[i for i, (k, t, c, d) in enumerate(sets) if k == KONG and not c],
        wait=wait_fan(arr, win) if unique_wait else None,
        nine_gates=nine_gates, flowers=situation.flowers, flags=flags)


def _same_suit(a: int, b: int) -> bool:
    return a < 27 and b < 27 and a // 9 == b // 9


def wait_fan(arr: Arrangement, win: int) -> int | None:
    """Edge > Closed > Single, read from where the winning tile can sit in this arrangement."""
    closed = False
    for k, t, c, d in arr.sets:
        if k != CHOW or d or not _same_suit(t, win) or not t <= win <= t + 2:
            continue
        r = t % 9
        if (win == t + 2 and r == 0) or (win == t and r == 6):
            return 77
        if win == t + 1:
            closed = True
    if closed:
        return 78
    if arr.pair == win or win in arr.pairs:
        return 79
    return None

