"""Rule profiles: point values and exclusion data, one value per profile.

The fan table (`fans/table.py`) gives each fan's points per profile and its Chinese-practice
exclusions. A profile adds the rules that tie several fans together as data:
- the kong series (MIL table, A#5 and A#17 notes): only one of the kong fans counts, and
  the concealed-pung series (12 > 33 > 66) counts once, on top;
so that every difference between profiles is a row here, never an `if` in the engine.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

from .fans.table import FANS

# Only one kong fan counts: each bigger one removes the smaller (A#5, A#17 notes).
KONG_SERIES = {
    5: frozenset({17, 48, 57, 67, 74, 82}),
    17: frozenset({48, 57, 67, 74, 82}),
    48: frozenset({67}),
    57: frozenset({74}),
    82: frozenset({67, 74}),
}
# One concealed-pung fan counts (A#12, A#33 notes).
CONCEALED_PUNG_SERIES = {12: frozenset({33, 66}), 33: frozenset({66})}
# Fans that absorb one instance of another: Nine Gates holds one terminal pung by definition (A#4).
EXCLUDES_ONE = {4: frozenset({73})}


@dataclass(frozen=True)
class Profile:
    name: str
    description: str
    points: Mapping[int, int] = field(repr=False)
    excludes: Mapping[int, frozenset[int]] = field(repr=False)
    excludes_own: Mapping[int, frozenset[int]] = field(repr=False)
    excludes_one: Mapping[int, frozenset[int]] = field(repr=False)


def _merge(*tables: Mapping[int, frozenset[int]]) -> Mapping[int, frozenset[int]]:
    out: dict[int, frozenset[int]] = {}
    for table in tables:
        for fan, ids in table.items():
            out[fan] = out.get(fan, frozenset()) | ids
    return MappingProxyType(out)


def _profile(name: str, description: str) -> Profile:
    points = {f.id: f.points[name] for f in FANS.values() if name in f.points}
    excludes = _merge({f.id: f.excludes for f in FANS.values()}, KONG_SERIES, CONCEALED_PUNG_SERIES)
    excludes = MappingProxyType({k: frozenset(v & points.keys()) for k, v in excludes.items() if k in points})
    own = MappingProxyType({f.id: f.excludes_own for f in FANS.values() if f.excludes_own})
    return Profile(name, description, MappingProxyType(points), excludes, own, MappingProxyType(EXCLUDES_ONE))


PROFILES: Mapping[str, Profile] = MappingProxyType({
    "green-book": _profile(
        "green-book",
        "2006 WMO Mahjong Competition Rules (EMA/FFMJ tournaments): Two Concealed Kongs 8, "
        "no private fan for one concealed plus one melded kong."),
    "china": _profile(
        "china",
        "Chinese practice, identical to the PyMahjongGB 1.4.0 calculator: Two Concealed Kongs 6, "
        "Concealed Kong and Melded Kong 5 (id 82)."),
})
DEFAULT = "green-book"


def get(name: str) -> Profile:
    try:
        return PROFILES[name]
    except KeyError:
        raise ValueError(f"unknown rule profile {name!r}; known: {', '.join(PROFILES)}") from None
