"""The speed plumbing of MCR's scorer (`scoring.py`), kept out of the file a reader opens first.

What the scorer reads again and again, kept once (issue 30, mypyc; issue 38 moved it here):
- each profile's data (`Data`, `data_of`): `Profile` stays interpreted, so a read of its fields is a
  look-up by name, and the detector lists of each shape and traits are kept by an int key;
- the result's groups of each set and pair (`GROUPS`), the fans of the whole hand counted or not
  (`WHOLE_FANS`, `WHOLE_NOT_COUNTED`), read by index instead of built again;
- the union of hit positions kept as bits (`union`).
Each is pinned against the plain definition it replaces (tests/engine/test_fast_paths.py: the groups
against `engine.groups.groups_of`, the memos against fresh values, the union against
`dict.fromkeys`); `clear_memos` empties them all, which the speed benchmark's cold pass calls.
"""

from __future__ import annotations

import functools
from typing import Final

from mcr_score.engine.arrangements import (
    HONORS_KNITTED,
    KIND_NAMES,
    KNITTED_STRAIGHT,
    THIRTEEN_ORPHANS,
    Arrangement,
    Set,
)
from mcr_score.engine.waits import KNIT, PAIR
from mcr_score.systems.mcr import exclusions, profiles
from mcr_score.systems.mcr.exclusions import Hit, orders_of
from mcr_score.systems.mcr.fans.detectors import NEEDS, Detector, Needs, detectors_for
from mcr_score.systems.mcr.fans.facts import LIVE_WAITS_ONLY, Facts
from mcr_score.systems.mcr.fans.ids import Fan
from mcr_score.systems.mcr.result import FanCount, Group, NotCounted, Tiles
from mcr_score.tiles import TILES
from mcr_score.vocabulary import Form, Kind, Rule

# The built-in profiles by name (`profiles.PROFILES`, which cannot change), read by `score` in the
# compiled module: `profiles.get` is interpreted, a call of it about 1.5k instructions compiled.
BUILT_IN: Final[dict[str, profiles.Profile]] = dict(profiles.PROFILES)


def detectors_of(
    profile: profiles.Profile, form: Form, chows: int, pungs: int, traits: int
) -> tuple[tuple[Fan, Detector], ...]:
    """The profile's fans with their detectors, in fan order, that can find something in an
    arrangement of this form with this many chows and pungs, in a hand of these traits. Filtered
    from the shape's own list (`shape_detectors`, a few dozen keys), not from every fan: a batch
    meets hundreds of trait combinations, and a cold one builds each of them (issue 30)."""
    return tuple(
        [(fan, d) for fan, d, needs in shape_detectors(profile, form, chows, pungs) if needs.traits_met(traits)]
    )


# A number for each form, for the int key of `Data.detectors`.
FORM_NUMBERS: Final[dict[Form, int]] = {form: i for i, form in enumerate(Form)}
TRAIT_KEYS: Final = 1 << 11  # traits are bits 0-10 (`facts.UNIQUE_WAIT` the last)


class Data:
    """What the scorer reads of a profile, read once per profile (`data_of`): `Profile` stays
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
        """`detectors_of` for the facts' form, chows, pungs and traits."""
        form, chows, pungs, traits = facts.form, len(facts.chows), len(facts.pungs), facts.traits
        key = ((FORM_NUMBERS[form] * 5 + chows) * 5 + pungs) * TRAIT_KEYS + traits
        found = self.lists.get(key)
        if found is None:
            found = self.lists[key] = detectors_of(self.profile, form, chows, pungs, traits)
        return found


DATA: Final[dict[profiles.Profile, Data]] = {}


def data_of(profile: profiles.Profile) -> Data:
    data = DATA.get(profile)
    if data is None:
        data = DATA[profile] = Data(profile)
    return data


@functools.cache
def shape_detectors(
    profile: profiles.Profile, form: Form, chows: int, pungs: int
) -> tuple[tuple[Fan, Detector, Needs], ...]:
    """`detectors_of` whatever the hand's traits, each with its `Needs`: the shape's part of them met, only
    their traits are left to test (a cold batch meets hundreds of trait combinations, each a list)."""
    return tuple([(fan, d, NEEDS[fan]) for fan, d in detectors_for(fan_order(profile), form, chows, pungs)])


@functools.cache
def fan_order(profile: profiles.Profile) -> tuple[Fan, ...]:
    return tuple(sorted(profile.points))


def tiles(indices: tuple[int, ...]) -> Tiles:
    return tuple([TILES[i] for i in indices])


# The group of each set and pair, built once each (groups are values), at `group_key`: a list
# read by index, not `functools.cache`, whose call cost about 770 instructions a group compiled (issue 30).
GROUPS: Final[list[Group | None]] = [None] * (4 * 34 * 4)


def group_key(number: int, concealed: bool, declared: bool) -> int:
    """The index in `GROUPS` of a set or pair given its number (kind * 34 + tile, the pair's kind 3)."""
    return number * 4 + (2 if concealed else 0) + (1 if declared else 0)


def set_group(s: Set, number: int) -> Group:
    """The group of a set, whose number is `s.kind * 34 + s.tile`."""
    key = group_key(number, s.concealed, s.declared)
    group = GROUPS[key]
    if group is None:
        group = GROUPS[key] = Group(KIND_NAMES[s.kind], tiles(s.indices), s.concealed, s.declared)
    return group


def pair_group(tile: int) -> Group:
    key = group_key(3 * 34 + tile, True, False)
    group = GROUPS[key]
    if group is None:
        group = GROUPS[key] = Group(Kind.PAIR, (TILES[tile],) * 2, True)
    return group


# Where a hit position (a set index 0-3, `PAIR` or `KNIT`) is in `arrangement_groups`' `at` list.
POSITIONS: Final = max(PAIR, KNIT) + 1


def arrangement_groups(
    arr: Arrangement, sets: tuple[Set, ...]
) -> tuple[list[Group], list[int], list[Tiles], list[int]]:
    """The arrangement's groups (`result.result_groups`, read through `GROUPS`); the group index of
    each hit position (sets, `PAIR`, `KNIT`; -1 where there is none), the tiles at each position, and
    a number for those tiles (equal tiles, equal numbers: they compare faster than tiles)."""
    groups = []
    where = [-1] * POSITIONS
    at: list[Tiles] = [()] * POSITIONS
    ids = [-1] * POSITIONS
    for i, s in enumerate(sets):
        number = s.kind * 34 + s.tile
        g = set_group(s, number)
        groups.append(g)
        where[i] = i
        at[i] = g.tiles
        ids[i] = number
    if arr.pairs:
        groups += [pair_group(t) for t in arr.pairs]
    elif arr.pair is not None:
        where[PAIR] = len(groups)
        pair = pair_group(arr.pair)
        at[PAIR] = pair.tiles
        ids[PAIR] = 3 * 34 + arr.pair
        groups.append(pair)
    if arr.singles:
        kind = Kind.KNITTED if arr.form in (KNITTED_STRAIGHT, HONORS_KNITTED) else Kind.SINGLE
        singles = sorted(arr.singles)
        if arr.form == THIRTEEN_ORPHANS and arr.pair is not None:
            singles.remove(arr.pair)  # the doubled orphan is shown as the pair
        where[KNIT] = len(groups)
        knit = Group(kind, tiles(tuple(singles)), True)
        at[KNIT] = knit.tiles
        ids[KNIT] = 4 * 34
        groups.append(knit)
    return groups, where, at, ids


def union(hits: list[Hit]) -> Hit:
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


def tiles_of(at: list[Tiles], hit: Hit) -> tuple[Tiles, ...]:
    """The tiles of each position of a hit."""
    return tuple([at[p] for p in hit]) if hit else ()


# The last fan of the whole hand (no sets) built for each fan, counted or not, reused while its points
# and count, or its rule and the fan responsible, are the same (values: equal is enough). A slot
# read by index, not `functools.cache` or a dict keyed by a tuple: about 780 instructions a fan compiled.
WHOLE_FANS: Final[list[FanCount | None]] = [None] * (max(Fan) + 1)
WHOLE_NOT_COUNTED: Final[list[NotCounted | None]] = [None] * (max(Fan) + 1)


def whole_fan(fan: Fan, points: int, count: int) -> FanCount:
    """A counted fan of the whole hand (no sets)."""
    f = WHOLE_FANS[fan]
    if f is None or f.points != points or f.count != count:
        f = WHOLE_FANS[fan] = FanCount(fan, points, count)
    return f


def whole_not_counted(fan: Fan, rule: Rule, by: Fan | None) -> NotCounted:
    """A fan of the whole hand not counted because of another one."""
    n = WHOLE_NOT_COUNTED[fan]
    if n is None or n.rule is not rule or n.by is not by:
        n = WHOLE_NOT_COUNTED[fan] = NotCounted(fan, rule, by)
    return n


def clear_memos() -> None:
    """Forget the result's memos (`GROUPS`, `WHOLE_FANS`, `WHOLE_NOT_COUNTED`) and each profile's
    data (`DATA`, `exclusions.orders_of`), as `cache_clear` does a `functools.cache`: the benchmark's
    cold pass starts without them."""
    DATA.clear()
    exclusions.clear_memos()
    GROUPS[:] = [None] * len(GROUPS)
    WHOLE_FANS[:] = [None] * len(WHOLE_FANS)
    WHOLE_NOT_COUNTED[:] = [None] * len(WHOLE_NOT_COUNTED)


def ids_of(ids: list[int], hit: Hit) -> tuple[int, ...]:
    return tuple([ids[p] for p in hit])
