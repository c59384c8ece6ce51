"""Exclusion passes: which detected fans count, and a record for every one that does not.

Passes run in a fixed order, each a named rule of the 1998 rules, Art. 10 一(五) (p. 29). What
each pass reads is data: the fan table's rows (`combination`, `series`, `excludes`,
`excludes_own`) as the rule profile sets them (`profiles.Profile`).
1. `combine`: the principles for fans made of several sets (chow and pung combinations):
   non-separation (不拆移), non-identical (不得相同) and account-once (套算一次). They are
   computed exactly, as the best-scoring choice of fan instances such that, taken in some
   order, each new one uses at most one set already used (the incidence graph stays a
   forest) and no set serves the same fan twice.
2. `series`: of a series (the kong fans, the concealed-pung fans, the wait fans) only the highest
   present counts (MIL table; A#5, A#12, A#17, A#33 notes; A#77-79: at most one wait fan).
3. `implied` (不重复, non-repeat): a counted fan removes the fans its table row `excludes`.
4. `jointly_implied`: fans that two counted fans together make inevitable (a profile switch).
5. `own_sets`: a counted fan removes `excludes_own` fans on the sets it uses (e.g. Dragon Pung
   and the Pung of Terminals or Honors of the same pung).
6. Chicken Hand (no. 43) when nothing else counts (R98 #43).
Series removals are recorded as `implied`: the higher fan of the series implies the lower.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Final

from mcr_score.systems.mcr.fans.ids import Fan
from mcr_score.systems.mcr.profiles import Profile
from mcr_score.vocabulary import Rule

FLOWERS: Final = Fan.FLOWER_TILES
CHICKEN: Final = Fan.CHICKEN_HAND

# The rules (`vocabulary.Rule`), bound to module names for the passes.
NON_SEPARATION: Final = Rule.NON_SEPARATION
NON_IDENTICAL: Final = Rule.NON_IDENTICAL
ACCOUNT_ONCE: Final = Rule.ACCOUNT_ONCE
IMPLIED: Final = Rule.IMPLIED
SAME_SET: Final = Rule.SAME_SET
RULES: Final = tuple(Rule)

Hit = tuple[int, ...]
Hits = dict[Fan, list[Hit]]


@dataclass(frozen=True, slots=True, init=False)
class Removed:
    """A fan instance found in the hand but not counted: which rule removed it, and because of which fan."""

    fan: Fan
    sets: Hit
    rule: Rule
    by: Fan | None
    by_sets: Hit = ()

    # Written out, not generated: mypyc compiles it (tests/core/test_value_classes.py).
    def __init__(self, fan: Fan, sets: Hit, rule: Rule, by: Fan | None, by_sets: Hit = ()) -> None:
        object.__setattr__(self, "fan", fan)
        object.__setattr__(self, "sets", sets)
        object.__setattr__(self, "rule", rule)
        object.__setattr__(self, "by", by)
        object.__setattr__(self, "by_sets", by_sets)


def apply(found: Mapping[Fan, list[Hit]], profile: Profile, orders: Orders | None = None) -> tuple[Hits, list[Removed]]:
    """Counted hits per fan, and the removed ones, from the detectors' `found` hits (`orders`: the
    profile's `orders_of`, when the caller has it)."""
    if orders is None:
        orders = orders_of(profile)
    removed: list[Removed] = []
    counted = _combine(found, orders, removed)
    bigger_first = sorted(counted, key=orders.rank.__getitem__)
    implied(counted, bigger_first, orders.series, _NOTHING, removed)
    implied(counted, bigger_first, orders.excludes, orders.excludes_one, removed)
    if orders.joint:
        jointly_implied(counted, orders.joint_excludes, removed)
    own_sets(counted, orders.own, removed)
    if not counted or (len(counted) == 1 and FLOWERS in counted):
        counted[CHICKEN] = [()]
    return counted, removed


_NOTHING: Final[dict[Fan, tuple[Fan, ...]]] = {}


@dataclass(frozen=True, slots=True)
class Orders:
    """A profile's exclusion data in the order the passes read it, computed once per profile so
    that no hand sorts it: `rank` orders fans bigger first (by points, then number); `series`,
    `excludes`, `excludes_one` and `own` list each fan's excluded fans in fan order (the order the
    records are made in), `own` only for the fans that have some, in fan order. The profile's
    `points`, `combination_fans` and `joint_excludes` are read from here too: `Profile` stays
    interpreted, so each read of its fields is a look-up by name (about 230 instructions compiled)."""

    rank: dict[Fan, int]
    series: dict[Fan, tuple[Fan, ...]]
    excludes: dict[Fan, tuple[Fan, ...]]
    excludes_one: dict[Fan, tuple[Fan, ...]]
    own: tuple[tuple[Fan, tuple[Fan, ...]], ...]
    joint: bool
    profile: Profile
    points: dict[Fan, int]
    combination: frozenset[Fan]
    joint_excludes: Mapping[tuple[Fan, ...], frozenset[Fan]]


# Each profile's `Orders`, made on its first hand: a dict keyed by the profile (hashed by identity), not
# `functools.cache`, whose call cost about 800 instructions a hand compiled. `clear_memos` empties it.
_ORDERS: Final[dict[Profile, Orders]] = {}


def orders_of(profile: Profile) -> Orders:
    """The profile's `Orders`, made once."""
    orders = _ORDERS.get(profile)
    if orders is None:
        orders = _ORDERS[profile] = _orders(profile)
    return orders


def clear_memos() -> None:
    """Forget every profile's `Orders` (the benchmark's cold pass starts without them)."""
    _ORDERS.clear()


def _orders(profile: Profile) -> Orders:
    def ordered(excludes: Mapping[Fan, frozenset[Fan]]) -> dict[Fan, tuple[Fan, ...]]:
        return {fan: tuple(sorted(others)) for fan, others in excludes.items() if others}

    points = profile.points
    by_size = sorted([*points, CHICKEN], key=lambda f: (-points.get(f, 0), f))
    return Orders(
        {fan: i for i, fan in enumerate(by_size)},
        ordered(profile.series),
        ordered(profile.excludes),
        ordered(profile.excludes_one),
        tuple(sorted(ordered(profile.excludes_own).items())),
        bool(profile.joint_excludes),
        profile,
        dict(points),
        profile.combination_fans,
        profile.joint_excludes,
    )


def combine(found: Mapping[Fan, list[Hit]], profile: Profile, removed: list[Removed]) -> Hits:
    """Keep the best valid choice among the combination fans; record the others."""
    return _combine(found, orders_of(profile), removed)


def _combine(found: Mapping[Fan, list[Hit]], orders: Orders, removed: list[Removed]) -> Hits:
    """`combine`, with the profile's data read from its `Orders`."""
    counted: Hits = {}
    combined: list[tuple[Fan, Hit]] = []
    combination = orders.combination
    for f, hs in found.items():
        if f in combination:
            for h in hs:
                combined.append((f, h))
        else:
            counted[f] = list(hs)
    if not combined:
        return counted
    if _disjoint(combined):  # no shared set: every instance counts, in the order the search keeps them
        points = orders.points
        combined.sort(key=lambda fh: (-points[fh[0]], fh[0], fh[1]))
        for f, h in combined:
            counted.setdefault(f, []).append(h)
        return counted
    chosen, not_chosen = _combination(tuple(combined), orders.profile)
    for f, h in chosen:
        counted.setdefault(f, []).append(h)
    removed.extend(not_chosen)
    return counted


def _disjoint(hits: list[tuple[Fan, Hit]]) -> bool:
    """Whether no two hits share a set (then the principles of `combine` remove nothing)."""
    used = 0
    for _, h in hits:
        for p in h:
            if used >> p & 1:
                return False
            used |= 1 << p
    return True


@functools.lru_cache(maxsize=16384)
def _combination(
    hits: tuple[tuple[Fan, Hit], ...], profile: Profile
) -> tuple[tuple[tuple[Fan, Hit], ...], tuple[Removed, ...]]:
    """The chosen combination hits and a record for each other one. Memoised: the same few
    patterns of set positions come back hand after hand, and the search is the costly part."""
    chosen = _best_choice(list(hits), profile.points)
    unmatched = list(chosen)
    removed = []
    for f, h in hits:
        if (f, h) in unmatched:
            unmatched.remove((f, h))
        else:
            removed.append(_why_not(f, h, chosen))
    return tuple(chosen), tuple(removed)


def _why_not(f: Fan, h: Hit, kept: list[tuple[Fan, Hit]]) -> Removed:
    for kf, kh in kept:
        if set(h) <= set(kh) and kf != f:
            return Removed(f, h, NON_SEPARATION, kf, kh)
    for kf, kh in kept:
        if kf == f and set(h) & set(kh):
            return Removed(f, h, NON_IDENTICAL, kf, kh)
    for kf, kh in kept:
        if set(h) & set(kh):
            return Removed(f, h, ACCOUNT_ONCE, kf, kh)
    return Removed(f, h, ACCOUNT_ONCE, None)


def _best_choice(hits: list[tuple[Fan, Hit]], points: Mapping[Fan, int]) -> list[tuple[Fan, Hit]]:
    """Highest total; among equals, the smallest fan numbers first (the bigger, rarer fans).

    A depth-first search over the hits, bigger fans first, bounded by the points still to come. The
    sets' components (positions joined by the hits chosen so far) are kept as the search goes: a hit
    fits when its sets lie in different components (the incidence graph stays a forest, whatever
    the order the hits were taken in) and it shares no set with a chosen hit of the same fan."""
    order = sorted(hits, key=lambda fh: (-points[fh[0]], fh[0], fh[1]))
    value = [points[f] for f, _ in order]
    masks = [sum(1 << p for p in set(h)) for _, h in order]
    tail = [sum(value[i:]) for i in range(len(order) + 1)]
    best_key: list[tuple[int, tuple[int, ...]]] = [(-1, ())]
    best: list[tuple[Fan, Hit]] = []
    comp = list(range(1 + max(p for _, h in order for p in h)))
    used_by_fan: dict[Fan, int] = {}

    def search(i: int, chosen: list[tuple[Fan, Hit]], total: int) -> None:
        if total + tail[i] < best_key[0][0]:
            return
        if i == len(order):
            key = (total, tuple(-f for f in sorted(f for f, _ in chosen)))
            if key > best_key[0]:
                best_key[0] = key
                best[:] = chosen
            return
        f, h = order[i]
        roots = {comp[p] for p in h}
        used = used_by_fan.get(f, 0)
        if len(roots) == len(h) and not used & masks[i]:
            saved = list(comp)
            first = comp[h[0]]
            for k, c in enumerate(comp):
                if c in roots:
                    comp[k] = first
            used_by_fan[f] = used | masks[i]
            chosen.append((f, h))
            search(i + 1, chosen, total + value[i])
            chosen.pop()
            used_by_fan[f] = used
            comp[:] = saved
        search(i + 1, chosen, total)

    search(0, [], 0)
    return best


def implied(
    counted: Hits,
    bigger_first: list[Fan],
    excludes: dict[Fan, tuple[Fan, ...]],
    excludes_one: dict[Fan, tuple[Fan, ...]],
    removed: list[Removed],
) -> None:
    """Non-repeat: bigger fans first (by points, then number), each counted fan removes the fans
    it implies (all their instances, or one for `excludes_one`, e.g. Nine Gates' terminal pung);
    a fan already removed removes nothing. `bigger_first` lists the counted fans in that order
    (sorted on `Orders.rank`, made once per profile). Dicts, not `Mapping`s: compiled, a look-up in
    a `Mapping` goes through the generic path."""
    for fan in bigger_first:
        if fan not in excludes and fan not in excludes_one:
            continue
        if not counted.get(fan):
            continue
        for other in excludes.get(fan, ()):
            for h in counted.pop(other, ()):
                removed.append(Removed(other, h, IMPLIED, fan))
        for other in excludes_one.get(fan, ()):
            if counted.get(other):
                removed.append(Removed(other, counted[other].pop(0), IMPLIED, fan))
                if not counted[other]:
                    del counted[other]


def jointly_implied(counted: Hits, joint: Mapping[tuple[Fan, ...], frozenset[Fan]], removed: list[Removed]) -> None:
    """Fans two counted fans together make inevitable (e.g. Tile Hog in seven pairs of All Green)."""
    for together, others in joint.items():
        if all(counted.get(f) for f in together):
            for other in sorted(others):
                for h in counted.pop(other, ()):
                    removed.append(Removed(other, h, IMPLIED, together[-1]))


def own_sets(counted: Hits, own: tuple[tuple[Fan, tuple[Fan, ...]], ...], removed: list[Removed]) -> None:
    """A fan's own sets do not also count for the fans it absorbs on them (`own`: `Orders.own`)."""
    for fan, others in own:
        hits = counted.get(fan)
        if not hits or not others:
            continue
        mine = {p for h in hits for p in h}
        for other in others:
            if other not in counted:
                continue
            keep = []
            for h in counted[other]:
                if h and set(h) <= mine:
                    removed.append(Removed(other, h, SAME_SET, fan, tuple(sorted(mine))))
                else:
                    keep.append(h)
            if keep:
                counted[other] = keep
            else:
                del counted[other]
