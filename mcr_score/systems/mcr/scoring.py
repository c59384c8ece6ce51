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
"""

from __future__ import annotations

import functools
import os
from typing import Final, overload

from mcr_score import errors
from mcr_score._hand_fast import surely_valid
from mcr_score.engine.arrangements import (
    HONORS_KNITTED,
    KIND_NAMES,
    KNITTED_STRAIGHT,
    SET_TILES,
    SEVEN_PAIRS,
    THIRTEEN_ORPHANS,
    Arrangement,
    Set,
    arrange,
    counts_of,
    meld_set,
)
from mcr_score.engine.waits import KNIT, PAIR, PAIR_WAIT, choose, has_wait_shape, placements, waits_on_one_tile
from mcr_score.hand import FOUR_SETS, Hand, check_hand
from mcr_score.notation import parse_hand
from mcr_score.systems.mcr import exclusions, profiles
from mcr_score.systems.mcr.exclusions import FLOWERS, Hit, Hits, Removed, apply, orders_of
from mcr_score.systems.mcr.fans.detectors import NEEDS, Detector, Needs, detectors_for
from mcr_score.systems.mcr.fans.facts import LIVE_WAITS_ONLY, Facts, build_facts
from mcr_score.systems.mcr.fans.ids import Fan
from mcr_score.systems.mcr.result import FanCount, Group, NotCounted, Reading, Reason, Score, Tiles
from mcr_score.tiles import INDEX, TILES
from mcr_score.vocabulary import Form, Kind, Rule, Wait

__all__ = [
    "FanCount",
    "Group",
    "NotCounted",
    "Reading",
    "Reason",
    "Score",
    "score",
    "score_with_profile",
]


@overload
def score(hand: Hand, rules: str | os.PathLike[str] = ...) -> Score: ...
@overload
def score(hand: str, rules: str | os.PathLike[str] = ...) -> Score: ...


# The implementation takes `object` so that, compiled, a hand of another type reaches the named
# `TypeError` below instead of mypyc's own (the overloads above are the signature callers see).
def score(hand: object, rules: str | os.PathLike[str] = profiles.DEFAULT) -> Score:
    """Score a hand (or its notation) under a rule profile: a built-in name or a house file (a path
    ending in `.toml`, or any `os.PathLike`). Raise `McrError` for impossible input, `TypeError`
    for a hand or rules of another type (`rules=None` included: the default is written out)."""
    if isinstance(hand, str):
        hand = parse_hand(hand)
    elif isinstance(hand, Hand):
        if not surely_valid(hand, FOUR_SETS):  # `check_hand`'s own first step, without its Python call
            errors.raise_all(check_hand(hand))
    else:
        raise TypeError(f"score() takes a Hand or its notation (str), not {type(hand).__name__}")
    profile = _BUILT_IN.get(rules) if isinstance(rules, str) else None  # `profiles.get`'s first step
    return score_with_profile(hand, profile if profile is not None else profiles.get(rules))


# The built-in profiles by name (`profiles.PROFILES`, which cannot change), read by `score` in the
# compiled module: `profiles.get` is interpreted, a call of it about 1.5k instructions compiled.
_BUILT_IN: Final[dict[str, profiles.Profile]] = dict(profiles.PROFILES)


def score_with_profile(hand: Hand, profile: profiles.Profile) -> Score:
    """Score a checked hand under a profile object (a built-in one or a house profile)."""
    data = _data_of(profile)
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


def _detectors(
    profile: profiles.Profile, form: Form, chows: int, pungs: int, traits: int
) -> tuple[tuple[Fan, Detector], ...]:
    """The profile's fans with their detectors, in fan order, that can find something in an
    arrangement of this form with this many chows and pungs, in a hand of these traits. Filtered
    from the shape's own list (`_shape_detectors`, a few dozen keys), not from every fan: a batch
    meets hundreds of trait combinations, and a cold one builds each of them (issue 30)."""
    return tuple(
        [(fan, d) for fan, d, needs in _shape_detectors(profile, form, chows, pungs) if needs.traits_met(traits)]
    )


# A number for each form, for the int key of `_Data.detectors`.
_FORM_NUMBERS: Final[dict[Form, int]] = {form: i for i, form in enumerate(Form)}
_TRAIT_KEYS: Final = 1 << 11  # traits are bits 0-10 (`facts.UNIQUE_WAIT` the last)


class _Data:
    """What the scorer reads of a profile, read once per profile (`_data_of`): `Profile` stays
    interpreted, so each read of its fields is a look-up by name (about 230 instructions compiled), and
    the detector lists of each shape and traits are kept by an int key in a dict of their own (a
    `functools.cache` of five arguments cost about 1k instructions a call)."""

    profile: profiles.Profile
    name: str
    minimum: int
    flags: frozenset[str]
    live_waits_only: bool
    tie_break: frozenset[Fan]
    wait_fans: frozenset[Fan]
    points: dict[Fan, int]
    orders: exclusions.Orders
    lists: dict[int, tuple[tuple[Fan, Detector], ...]]

    def __init__(self, profile: profiles.Profile) -> None:
        self.profile = profile
        self.name = profile.name
        self.minimum = profile.minimum
        self.flags = profile.flags
        self.live_waits_only = LIVE_WAITS_ONLY in profile.flags
        self.tie_break = profile.tie_break
        self.wait_fans = profile.wait_fans
        self.orders = orders_of(profile)
        self.points = self.orders.points
        self.lists = {}

    def detectors(self, facts: Facts) -> tuple[tuple[Fan, Detector], ...]:
        """`_detectors` for the facts' form, chows, pungs and traits."""
        form, chows, pungs, traits = facts.form, len(facts.chows), len(facts.pungs), facts.traits
        key = ((_FORM_NUMBERS[form] * 5 + chows) * 5 + pungs) * _TRAIT_KEYS + traits
        found = self.lists.get(key)
        if found is None:
            found = self.lists[key] = _detectors(self.profile, form, chows, pungs, traits)
        return found


_DATA: Final[dict[profiles.Profile, _Data]] = {}


def _data_of(profile: profiles.Profile) -> _Data:
    data = _DATA.get(profile)
    if data is None:
        data = _DATA[profile] = _Data(profile)
    return data


@functools.cache
def _shape_detectors(
    profile: profiles.Profile, form: Form, chows: int, pungs: int
) -> tuple[tuple[Fan, Detector, Needs], ...]:
    """`_detectors` whatever the hand's traits, each with its `Needs`: the shape's part of them met, only
    their traits are left to test (a cold batch meets hundreds of trait combinations, each a list)."""
    return tuple([(fan, d, NEEDS[fan]) for fan, d in detectors_for(_fan_order(profile), form, chows, pungs)])


@functools.cache
def _fan_order(profile: profiles.Profile) -> tuple[Fan, ...]:
    return tuple(sorted(profile.points))


def _tiles(indices: tuple[int, ...]) -> Tiles:
    return tuple([TILES[i] for i in indices])


# The group of each set and pair, built once each (groups are values), at `_group_key`: a list
# read by index, not `functools.cache`, whose call cost about 770 instructions a group compiled (issue 30).
_GROUPS: Final[list[Group | None]] = [None] * (4 * 34 * 4)


def _group_key(number: int, concealed: bool, declared: bool) -> int:
    """The index in `_GROUPS` of a set or pair given its number (kind * 34 + tile, the pair's kind 3)."""
    return number * 4 + (2 if concealed else 0) + (1 if declared else 0)


def _set_group(s: Set, number: int) -> Group:
    """The group of a set, whose number is `s.kind * 34 + s.tile`."""
    key = _group_key(number, s.concealed, s.declared)
    group = _GROUPS[key]
    if group is None:
        group = _GROUPS[key] = Group(KIND_NAMES[s.kind], _tiles(s.indices), s.concealed, s.declared)
    return group


def _pair_group(tile: int) -> Group:
    key = _group_key(3 * 34 + tile, True, False)
    group = _GROUPS[key]
    if group is None:
        group = _GROUPS[key] = Group(Kind.PAIR, (TILES[tile],) * 2, True)
    return group


# Where a hit position (a set index 0-3, `PAIR` or `KNIT`) is in `_groups`' `at` list.
_POSITIONS: Final = max(PAIR, KNIT) + 1


def _groups(arr: Arrangement, sets: tuple[Set, ...]) -> tuple[list[Group], list[int], list[Tiles], list[int]]:
    """The arrangement's groups; the group index of each hit position (sets, `PAIR`, `KNIT`; -1 where
    there is none), the tiles at each position, and a number for those tiles (equal tiles, equal
    numbers: they compare faster than tiles)."""
    groups = []
    where = [-1] * _POSITIONS
    at: list[Tiles] = [()] * _POSITIONS
    ids = [-1] * _POSITIONS
    for i, s in enumerate(sets):
        number = s.kind * 34 + s.tile
        g = _set_group(s, number)
        groups.append(g)
        where[i] = i
        at[i] = g.tiles
        ids[i] = number
    if arr.pairs:
        groups += [_pair_group(t) for t in arr.pairs]
    elif arr.pair is not None:
        where[PAIR] = len(groups)
        pair = _pair_group(arr.pair)
        at[PAIR] = pair.tiles
        ids[PAIR] = 3 * 34 + arr.pair
        groups.append(pair)
    if arr.singles:
        kind = Kind.KNITTED if arr.form in (KNITTED_STRAIGHT, HONORS_KNITTED) else Kind.SINGLE
        singles = sorted(arr.singles)
        if arr.form == THIRTEEN_ORPHANS and arr.pair is not None:
            singles.remove(arr.pair)  # the doubled orphan is shown as the pair
        where[KNIT] = len(groups)
        knit = Group(kind, _tiles(tuple(singles)), True)
        at[KNIT] = knit.tiles
        ids[KNIT] = 4 * 34
        groups.append(knit)
    return groups, where, at, ids


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


def _union(hits: list[Hit]) -> Hit:
    """The positions of several hits, each once, in order of first use (`dict.fromkeys` of them all):
    the positions seen kept as bits, about 1.1k of its 2.6k instructions saved compiled."""
    seen = 0
    out = []
    for h in hits:
        for p in h:
            if not (seen >> p) & 1:
                seen |= 1 << p
                out.append(p)
    return tuple(out)


def _tiles_of(at: list[Tiles], hit: Hit) -> tuple[Tiles, ...]:
    """The tiles of each position of a hit."""
    return tuple([at[p] for p in hit]) if hit else ()


# The last fan of the whole hand (no sets) built for each fan, counted or not, reused while its points
# and count, or its rule and the fan responsible, are the same (values: equal is enough). A slot
# read by index, not `functools.cache` or a dict keyed by a tuple: about 780 instructions a fan compiled.
_WHOLE_FANS: Final[list[FanCount | None]] = [None] * (max(Fan) + 1)
_WHOLE_NOT_COUNTED: Final[list[NotCounted | None]] = [None] * (max(Fan) + 1)


def _whole_fan(fan: Fan, points: int, count: int) -> FanCount:
    """A counted fan of the whole hand (no sets)."""
    f = _WHOLE_FANS[fan]
    if f is None or f.points != points or f.count != count:
        f = _WHOLE_FANS[fan] = FanCount(fan, points, count)
    return f


def _whole_not_counted(fan: Fan, rule: Rule, by: Fan | None) -> NotCounted:
    """A fan of the whole hand not counted because of another one."""
    n = _WHOLE_NOT_COUNTED[fan]
    if n is None or n.rule is not rule or n.by is not by:
        n = _WHOLE_NOT_COUNTED[fan] = NotCounted(fan, rule, by)
    return n


def clear_memos() -> None:
    """Forget the result's memos (`_GROUPS`, `_WHOLE_FANS`, `_WHOLE_NOT_COUNTED`) and each profile's
    data (`_DATA`, `exclusions.orders_of`), as `cache_clear` does a `functools.cache`: the benchmark's
    cold pass starts without them."""
    _DATA.clear()
    exclusions.clear_memos()
    _GROUPS[:] = [None] * len(_GROUPS)
    _WHOLE_FANS[:] = [None] * len(_WHOLE_FANS)
    _WHOLE_NOT_COUNTED[:] = [None] * len(_WHOLE_NOT_COUNTED)


def _ids_of(ids: list[int], hit: Hit) -> tuple[int, ...]:
    return tuple([ids[p] for p in hit])


def _reading(facts: Facts, counted: Hits, removed: list[Removed], data: _Data) -> Reading:
    groups, where, at, ids = _groups(facts.arrangement, facts.sets)
    fans = []
    total = 0
    points = data.points
    for fan in sorted(counted):
        hits = counted[fan]
        n = len(hits)
        value = points[fan]
        hit = hits[0] if n == 1 else _union(hits)
        fans.append(FanCount(fan, value, n, _tiles_of(at, hit)) if hit else _whole_fan(fan, value, n))
        if fan != FLOWERS:
            total += value * n
    not_counted = []
    if removed:
        # Identical chows give interchangeable instances of a fan: report each reading once.
        also_counted = {r.fan for r in removed if r.fan in counted}
        seen = {(fan, _ids_of(ids, h)) for fan in also_counted for h in counted[fan]}
        for r in removed:
            key = (r.fan, _ids_of(ids, r.sets))
            if key not in seen:
                seen.add(key)
                if r.sets or r.by_sets:
                    not_counted.append(NotCounted(r.fan, r.rule, r.by, _tiles_of(at, r.sets), _tiles_of(at, r.by_sets)))
                else:
                    not_counted.append(_whole_not_counted(r.fan, r.rule, r.by))
    win_set, wait = _win_place(facts, counted, where, data.wait_fans)
    return Reading(facts.form, tuple(groups), tuple(fans), tuple(not_counted), total, win_set, wait)
