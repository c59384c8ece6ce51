"""Scoring: hand -> every arrangement -> fan hits -> exclusions -> the best score.

Pipeline (one pass per arrangement, then the best one):
1. check the hand (`hand.check_hand`); a waiting or non-winning hand is a result, not an error;
2. list the arrangements (`arrangements.py`);
3. read the facts each detector needs (`fans/facts.py`), including whether the hand waited
   on one tile kind only (every tile kind tried, even ones the winner already holds four of,
   unless the profile's `exhausted-waits` switch says otherwise);
4. run one detector per fan of the profile (`fans/detectors.py`);
5. apply the exclusion passes (`exclusions.py`) with the profile's data (`profiles.py`);
6. keep the highest total. Ties go to the arrangement with Pure Triple Chow, Triple Pung,
   Middle Tiles or All Fives (as the reference calculator prefers), then to the first one
   listed (standard splits come before seven pairs and the other special shapes).
The 8-point minimum counts everything but flowers (R98 Art. 10 一(一); R98 #81).
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, field

from . import errors, profiles
from .arrangements import (CHOW, HONORS_KNITTED, KIND_NAMES, KNITTED_STRAIGHT, KONG, THIRTEEN_ORPHANS, Arrangement,
                           arrangements, counts_of, is_complete)
from .exclusions import FLOWERS, Removed, apply
from .fans.detectors import DETECTORS
from .fans.facts import LIVE_WAITS_ONLY, PAIR, build_facts, wait_fan
from .fans.table import FANS
from .hand import Hand, check_hand
from .notation import parse_hand
from .tiles import NAMES

MINIMUM = 8
_TIE_PREFERENCE = (23, 26, 31, 32)


@dataclass(frozen=True, slots=True)
class FanCount:
    """A counted fan: points for one instance, how many times, and the sets it used."""

    id: int
    name: str
    points: int
    count: int
    sets: tuple[str, ...] = ()

    def to_dict(self) -> dict:
        return {"id": self.id, "name": self.name, "points": self.points, "count": self.count,
                "sets": list(self.sets)}


@dataclass(frozen=True, slots=True)
class NotCounted:
    """A fan found but not counted: the rule that removed it and the fan responsible."""

    id: int
    name: str
    rule: str
    by: int | None
    sets: tuple[str, ...] = ()
    by_sets: tuple[str, ...] = ()

    def to_dict(self) -> dict:
        return {"id": self.id, "name": self.name, "rule": self.rule, "by": self.by,
                "sets": list(self.sets), "by_sets": list(self.by_sets)}


@dataclass(frozen=True, slots=True)
class SetView:
    """One set of the chosen arrangement, for display."""

    kind: str  # chow, pung, kong, pair, knitted, single
    tiles: str
    concealed: bool
    declared: bool = False

    def to_dict(self) -> dict:
        return {"kind": self.kind, "tiles": self.tiles, "concealed": self.concealed, "declared": self.declared}


@dataclass(frozen=True, slots=True)
class Reading:
    """One arrangement scored: its form, sets, counted and removed fans, and points without flowers."""

    form: str
    sets: tuple[SetView, ...]
    fans: tuple[FanCount, ...]
    not_counted: tuple[NotCounted, ...]
    points: int


@dataclass(frozen=True)
class Score:
    """The result for one hand under one rule profile."""

    rules: str
    winning: bool
    reason: str = ""
    total: int = 0
    points: int = 0
    flower_points: int = 0
    meets_minimum: bool = False
    form: str = ""
    fans: tuple[FanCount, ...] = ()
    not_counted: tuple[NotCounted, ...] = ()
    arrangement: tuple[SetView, ...] = ()
    alternatives: tuple[Reading, ...] = field(default=(), repr=False)

    def fan_counts(self) -> dict[int, int]:
        return {f.id: f.count for f in self.fans}

    def to_dict(self) -> dict:
        return {"ok": True, "rules": self.rules, "winning": self.winning, "reason": self.reason,
                "total": self.total, "points": self.points, "flower_points": self.flower_points,
                "meets_minimum": self.meets_minimum, "form": self.form,
                "fans": [f.to_dict() for f in self.fans],
                "not_counted": [n.to_dict() for n in self.not_counted],
                "arrangement": [s.to_dict() for s in self.arrangement],
                "alternatives": [{"form": r.form, "sets": [s.tiles for s in r.sets], "points": r.points}
                                 for r in self.alternatives]}


def score(hand: Hand | str, rules: str = profiles.DEFAULT) -> Score:
    """Score a hand (or its notation) under a rule profile; raise `McrError` for impossible input."""
    if isinstance(hand, str):
        hand = parse_hand(hand)
    else:
        errors.raise_all(check_hand(hand))
    return score_with_profile(hand, profiles.get(rules))


def score_with_profile(hand: Hand, profile: profiles.Profile) -> Score:
    """Score a checked hand under a profile object (a built-in one or a house profile)."""
    rules = profile.name
    if hand.winning is None:
        return Score(rules, False, "a waiting hand of 13 tiles, not a winning hand")
    arrs = arrangements(hand)
    if not arrs:
        return Score(rules, False, "the tiles form no winning shape")
    standing = counts_of(hand.standing)
    win = hand.winning.index
    held = list(standing)
    for m in hand.melds:
        for t in m.tiles:
            held[t.index] += 1
    live_only = LIVE_WAITS_ONLY in profile.flags
    exhausted = frozenset(i for i, c in enumerate(held) if c == 4) if live_only else frozenset()
    unique_wait = (any(wait_fan(arr, win) for arr in arrs)
                   and _waits_on_one_tile(standing, len(hand.melds), exhausted))
    copies_in_melds = held[win] - standing[win]
    nine_gates = _nine_gates(hand, standing, win)
    concealed = _plus(standing, win)
    readings = []
    for arr in arrs:
        facts = build_facts(arr, concealed, win, hand.situation, unique_wait, copies_in_melds, nine_gates,
                            profile.flags)
        found = {}
        for fan_id, detect in _detectors(profile):
            hits = detect(facts)
            if hits:
                found[fan_id] = hits
        counted, removed = apply(found, profile.points, profile.excludes, profile.excludes_own,
                                 profile.excludes_one, profile.joint_excludes)
        readings.append(_reading(arr, facts.sets, counted, removed, profile.points))
    best = max(range(len(readings)), key=lambda i: (
        readings[i].points, any(f.id in _TIE_PREFERENCE for f in readings[i].fans), -i))
    chosen = readings[best]
    flower_points = sum(f.points * f.count for f in chosen.fans if f.id == FLOWERS)
    points = chosen.points
    return Score(rules, True, "", points + flower_points, points, flower_points, points >= MINIMUM,
                 chosen.form, chosen.fans, chosen.not_counted, chosen.sets,
                 tuple(r for i, r in enumerate(readings) if i != best))


@functools.cache
def _detectors(profile: profiles.Profile) -> tuple:
    """The profile's fans with their detectors, in fan order."""
    return tuple((fan_id, DETECTORS[fan_id]) for fan_id in sorted(profile.points))


def _waits_on_one_tile(standing: list[int], n_melds: int, exhausted: frozenset[int]) -> bool:
    """Whether exactly one tile kind completes the hand, counting kinds already used four times
    (the formal wait of A#77-79) unless they are listed in `exhausted`. Standard shapes need a
    standing tile within two of the one drawn; knitted and orphan shapes (at most one meld) can
    wait on any tile."""
    if n_melds <= 1:
        candidates = range(34)
    else:
        near = set()
        for i, c in enumerate(standing):
            if c and i >= 27:
                near.add(i)
            elif c:
                base = i - i % 9
                near.update(range(max(base, i - 2), min(base + 8, i + 2) + 1))
        candidates = sorted(near)
    found = 0
    for w in candidates:
        if w not in exhausted and is_complete(_plus(standing, w), n_melds):
            found += 1
            if found > 1:
                return False
    return found == 1


def _plus(counts: list[int], tile: int) -> tuple[int, ...]:
    out = list(counts)
    out[tile] += 1
    return tuple(out)


def _nine_gates(hand: Hand, standing: list[int], win: int) -> bool:
    """九莲宝灯: no melds, 1112345678999 of one suit standing, won on a tile of that suit (R98 #4)."""
    if hand.melds or win >= 27:
        return False
    base = win - win % 9
    return standing[base:base + 9] == [3, 1, 1, 1, 1, 1, 1, 1, 3] and sum(standing) == 13


def _label(kind: int, tile: int) -> str:
    name = NAMES[tile]
    if tile >= 27:
        return name * (4 if kind == KONG else 3)
    if kind == CHOW:
        return f"{tile % 9 + 1}{tile % 9 + 2}{tile % 9 + 3}{name[1]}"
    return name[0] * (4 if kind == KONG else 3) + name[1]


def _pair_label(tile: int) -> str:
    name = NAMES[tile]
    return name * 2 if tile >= 27 else name[0] * 2 + name[1]


def _views(arr: Arrangement, sets: tuple) -> tuple[SetView, ...]:
    views = [SetView(KIND_NAMES[k], _label(k, t), c, d) for k, t, c, d in sets]
    if arr.pairs:
        views += [SetView("pair", _pair_label(t), True) for t in arr.pairs]
    elif arr.pair is not None:
        views.append(SetView("pair", _pair_label(arr.pair), True))
    if arr.singles:
        kind = "knitted" if arr.form in (KNITTED_STRAIGHT, HONORS_KNITTED) else "single"
        singles = sorted(arr.singles)
        if arr.form == THIRTEEN_ORPHANS:
            singles.remove(arr.pair)  # the doubled orphan is shown as the pair
        views.append(SetView(kind, " ".join(NAMES[t] for t in singles), True))
    return tuple(views)


def _reading(arr: Arrangement, sets: tuple, counted: dict, removed: list[Removed], points: dict) -> Reading:
    labels = [_label(k, t) for k, t, _, _ in sets]

    def names(positions: tuple[int, ...]) -> tuple[str, ...]:
        return tuple(_pair_label(arr.pair) if p == PAIR else labels[p] for p in positions)

    fans = tuple(FanCount(f, FANS[f].en, points[f], len(hits),
                          tuple(dict.fromkeys(n for h in hits for n in names(h))))
                 for f, hits in sorted(counted.items()))
    # Identical chows give interchangeable instances of a fan: report each reading once.
    seen = {(f, names(h)) for f, hits in counted.items() for h in hits}
    not_counted = []
    for r in removed:
        key = (r.fan, names(r.sets))
        if key not in seen:
            seen.add(key)
            not_counted.append(NotCounted(r.fan, FANS[r.fan].en, r.rule, r.by, key[1], names(r.by_sets)))
    total = sum(f.points * f.count for f in fans if f.id != FLOWERS)
    return Reading(arr.form, _views(arr, sets), fans, tuple(not_counted), total)
