"""Scoring: hand -> every arrangement -> fan hits -> exclusions -> the best score.

Pipeline (one pass per arrangement, then the best one):
1. check the hand (`hand.check_hand`); a waiting or non-winning hand is a result, not an error;
2. list the arrangements (`arrangements.py`);
3. read the facts each detector needs (`systems/mcr/fans/facts.py`), including whether the hand waited
   on one tile kind only (`placement.py`);
4. run one detector per fan of the profile (`systems/mcr/fans/detectors.py`);
5. apply the exclusion passes (`exclusions.py`) with the profile's data (`profiles.py`);
6. keep the highest total. Ties go to an arrangement with a fan whose table row says
   `tie_break` (Pure Triple Chow, Middle Tiles, All Fives, Triple Pung: the reference
   calculator's preference), then to the first one listed (standard splits come before seven
   pairs and the other special shapes).
The result (`result.py`) carries its structure: the chosen arrangement as tiles, the winning tile, the set it
completed and how (`placement.choose`), and for every fan the sets it used.
The 8-point minimum counts everything but flowers (R98 Art. 10 一(一); R98 #81).
What makes it fast (each profile's data read once, the result's values kept, the hits' union as bits)
is in `_scoring_fast.py`, each piece pinned against what it replaces (tests/engine/test_fast_paths.py).
"""

from __future__ import annotations

import os

from mcr_score import errors
from mcr_score._hand_fast import surely_valid
from mcr_score.engine.arrangements import (
    HONORS_KNITTED,
    SET_TILES,
    SEVEN_PAIRS,
    THIRTEEN_ORPHANS,
    arrange,
    counts_of,
    meld_set,
)
from mcr_score.engine.waits import KNIT, PAIR, PAIR_WAIT, choose, has_wait_shape, placements, waits_on_one_tile
from mcr_score.hand import FOUR_SETS, Hand, check_hand
from mcr_score.systems.mcr import profiles
from mcr_score.systems.mcr._scoring_fast import (
    BUILT_IN,
    Data,
    arrangement_groups,
    clear_memos,
    data_of,
    ids_of,
    tiles_of,
    union,
    whole_fan,
    whole_not_counted,
)
from mcr_score.systems.mcr.exclusions import FLOWERS, Hit, Hits, Removed, apply
from mcr_score.systems.mcr.fans.facts import Facts, build_facts
from mcr_score.systems.mcr.fans.ids import Fan
from mcr_score.systems.mcr.result import FanCount, Group, NotCounted, Reading, Reason, Score
from mcr_score.tiles import INDEX
from mcr_score.vocabulary import Wait

__all__ = [
    "FanCount",
    "Group",
    "NotCounted",
    "Reading",
    "Reason",
    "Score",
    "clear_memos",
    "score",
    "score_with_profile",
]


def score(hand: Hand, rules: str | os.PathLike[str] = profiles.DEFAULT) -> Score:
    """Score a hand under a rule profile: a built-in name or a house file (a path ending in `.toml`,
    or any `os.PathLike`). The engine takes a `Hand`: the notation is read above it
    (`mcr_score.score`, `systems/mcr/api.py`). Raise `McrError` for an impossible hand."""
    if not surely_valid(hand, FOUR_SETS):  # `check_hand`'s own first step, without its Python call
        errors.raise_all(check_hand(hand))
    profile = BUILT_IN.get(rules) if isinstance(rules, str) else None  # `profiles.get`'s first step
    return score_with_profile(hand, profile if profile is not None else profiles.get(rules))


def score_with_profile(hand: Hand, profile: profiles.Profile) -> Score:
    """Score a checked hand under a profile object (a built-in one or a house profile)."""
    data = data_of(profile)
    rules = data.name
    if hand.winning is None:
        return Score(rules=rules, winning=False, reason=Reason.WAITING, minimum=data.minimum)
    win_tile = hand.winning
    win = INDEX[win_tile.code]  # not the `index` property: interpreted in the compiled build
    standing = counts_of(hand.standing)
    with_win = list(standing)
    with_win[win] = with_win[win] + 1  # not `+=`: compiled, an augmented list item is a generic add
    concealed = tuple(with_win)
    melds = tuple(meld_set(m) for m in hand.melds)
    arrs = arrange(concealed, melds)
    if not arrs:
        return Score(rules=rules, winning=False, reason=Reason.NO_SHAPE, minimum=data.minimum, win_tile=win_tile)
    held = list(standing)
    for m in melds:
        for i in SET_TILES[m.kind][m.tile]:  # not the `indices` property: interpreted (a named tuple's)
            held[i] = held[i] + 1
    # Index loops, not `zip(..., strict=True)`: compiled, that `zip` is a call through the generic path.
    places = [placements(arr, win) for arr in arrs]
    unique_wait = False
    for i in range(len(arrs)):
        if has_wait_shape(arrs[i], places[i], win):
            exhausted = frozenset(k for k, c in enumerate(held) if c == 4) if data.live_waits_only else frozenset()
            unique_wait = waits_on_one_tile(standing, len(melds), exhausted)
            break
    copies_in_melds = held[win] - standing[win]
    situation = hand.situation
    flags = data.flags
    readings = []
    for i in range(len(arrs)):
        facts = build_facts(arrs[i], places[i], concealed, win, situation, unique_wait, copies_in_melds, flags)
        found: dict[Fan, list[Hit]] = {}
        for fan, detect in data.detectors(facts):
            hits = detect(facts)
            if hits:
                found[fan] = hits
        counted, removed = apply(found, profile, data.orders)
        readings.append(_reading(facts, counted, removed, data))
    best = 0 if len(readings) == 1 else _best(readings, data.tie_break)
    chosen = readings[best]
    flower_points = 0
    for f in chosen.fans:
        if f.fan == FLOWERS:
            flower_points += f.points * f.count
    points = chosen.points
    return Score(
        rules=rules,
        winning=True,
        total=points + flower_points,
        points=points,
        flower_points=flower_points,
        minimum=data.minimum,
        meets_minimum=points >= data.minimum,
        form=chosen.form,
        fans=chosen.fans,
        not_counted=chosen.not_counted,
        arrangement=chosen.groups,
        win_tile=win_tile,
        win_set=chosen.win_set,
        wait=chosen.wait,
        alternatives=tuple(readings[:best] + readings[best + 1 :]),
    )


def _best(readings: list[Reading], tie_break: frozenset[Fan]) -> int:
    """The index of the reading with the most points; among equals, one with a tie-break fan, then the first."""
    return max(
        range(len(readings)), key=lambda i: (readings[i].points, any(f.fan in tie_break for f in readings[i].fans), -i)
    )


def _win_place(
    facts: Facts, counted: Hits, where: list[int], wait_fans: frozenset[Fan]
) -> tuple[int | None, Wait | None]:
    """The group the winning tile completed, and how: the set of the counted wait fan, the pung the
    discard completed, else the first place the tile fits (`placement.choose`). Thirteen orphans and
    honors-and-knitted have no sets, hence no wait shape."""
    arr = facts.arrangement
    if arr.form == SEVEN_PAIRS:
        return arr.pairs.index(facts.win), PAIR_WAIT
    if arr.form in (THIRTEEN_ORPHANS, HONORS_KNITTED):  # no sets: the tile joined the pair or the singles
        return where[PAIR] if arr.pair == facts.win else where[KNIT], None
    counted_at = None
    for fan, hits in counted.items():
        if fan in wait_fans and hits[0]:
            counted_at = hits[0][0]
            break
    place = choose(facts.placements, counted_at, facts.exposed_pung)
    if place is None:
        return None, None
    return where[place.position], place.wait


def _reading(facts: Facts, counted: Hits, removed: list[Removed], data: Data) -> Reading:
    groups, where, at, ids = arrangement_groups(facts.arrangement, facts.sets)
    fans = []
    total = 0
    points = data.points
    for fan in sorted(counted):
        hits = counted[fan]
        n = len(hits)
        value = points[fan]
        hit = hits[0] if n == 1 else union(hits)
        fans.append(FanCount(fan, value, n, tiles_of(at, hit)) if hit else whole_fan(fan, value, n))
        if fan != FLOWERS:
            total += value * n
    not_counted = []
    if removed:
        # Identical chows give interchangeable instances of a fan: report each reading once.
        also_counted = {r.fan for r in removed if r.fan in counted}
        seen = {(fan, ids_of(ids, h)) for fan in also_counted for h in counted[fan]}
        for r in removed:
            key = (r.fan, ids_of(ids, r.sets))
            if key not in seen:
                seen.add(key)
                if r.sets or r.by_sets:
                    not_counted.append(NotCounted(r.fan, r.rule, r.by, tiles_of(at, r.sets), tiles_of(at, r.by_sets)))
                else:
                    not_counted.append(whole_not_counted(r.fan, r.rule, r.by))
    win_set, wait = _win_place(facts, counted, where, data.wait_fans)
    return Reading(facts.form, tuple(groups), tuple(fans), tuple(not_counted), total, win_set, wait)
