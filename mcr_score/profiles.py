"""Rule profiles as data: a profile is a choice of reading for every switch.

The fan table (`fans/table.py`) gives the points and the Chinese-practice exclusions of each
fan. Rules that tie several fans together are data here too:
- the kong series (MIL table, A#5 and A#17 notes): only one of the kong fans counts;
- the concealed-pung series (A#12, A#33): one of 12 > 33 > 66 counts, on top of a kong fan;
- Nine Gates holds one terminal pung by definition (A#4), so it absorbs one instance of 73.
Each `Switch` is one point where rulebooks or calculators differ; each of its `Option`s is a
reading with its citation and its effect (points, exclusions added or removed, engine flags).
A profile (and a club's house rules) is a mapping switch -> option: writing a new profile
means writing such a mapping, nothing else.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

from .fans.table import FANS

KONG_SERIES = {
    5: frozenset({17, 48, 57, 67, 74, 82}),
    17: frozenset({48, 57, 67, 74, 82}),
    48: frozenset({67}),
    57: frozenset({74}),
    82: frozenset({67, 74}),
}
CONCEALED_PUNG_SERIES = {12: frozenset({33, 66}), 33: frozenset({66})}
EXCLUDES_ONE = {4: frozenset({73})}

_EMPTY: Mapping = MappingProxyType({})


@dataclass(frozen=True)
class Option:
    """One reading of a switch and what it does to the fan data."""

    text: str
    cite: str
    points: Mapping[int, int | None] = field(default_factory=lambda: _EMPTY)  # None removes the fan from the profile
    add_excludes: Mapping[int, frozenset[int]] = field(default_factory=lambda: _EMPTY)
    remove_excludes: Mapping[int, frozenset[int]] = field(default_factory=lambda: _EMPTY)
    flags: Mapping[str, object] = field(default_factory=lambda: _EMPTY)


@dataclass(frozen=True)
class Switch:
    """A point of dispute; `example` is a hand whose score differs between the options."""

    key: str
    point: str
    options: Mapping[str, Option]
    example: str


SWITCHES: tuple[Switch, ...] = (
    Switch(
        "two-concealed-kongs", "Points of Two Concealed Kongs (no. 48)",
        {"8": Option("8 points, the last fan of the 8-point tier",
                     "Green Book 2006 §3.8.1 and App. 1 fan 48 (Sloper S259, S341)", points={48: 8}),
         "6": Option("6 points, as in the 1998 table (#53)", "R98 #53 p.26; A#53", points={48: 6})},
        "[1111m][2222s]345pEE67s8s|EE1000"),
    Switch(
        "concealed-and-melded-kong", "One concealed kong plus one melded kong",
        {"private-fan": Option(
            "the private fan 明暗杠 (id 82), 5 points, instead of Concealed Kong and Melded Kong",
            "A#57 note; A-code SUPPORT_CONCEALED_KONG_AND_MELDED_KONG=1 (PyMahjongGB 1.4.0)", points={82: 5}),
         "separate": Option(
            "no fan of its own: Concealed Kong (2) and Melded Kong (1) each count",
            "R98 #57, #67, #74 (no mixed-kong fan in the 1998 table)", points={82: None})},
        "[1111m][2222s1]345pEE67s8s|EE1000"),
)

PROFILE_CHOICES: Mapping[str, Mapping[str, str]] = MappingProxyType({
    "green-book": MappingProxyType({"two-concealed-kongs": "8", "concealed-and-melded-kong": "separate"}),
    "china": MappingProxyType({"two-concealed-kongs": "6", "concealed-and-melded-kong": "private-fan"}),
})
DESCRIPTIONS = {
    "green-book": "2006 WMO Mahjong Competition Rules (the Green Book), played at EMA/FFMJ tournaments.",
    "china": "Chinese practice, identical to the PyMahjongGB 1.4.0 calculator.",
}
DEFAULT = "green-book"


@dataclass(frozen=True, eq=False)
class Profile:
    """Everything the engine reads from a rule profile."""

    name: str
    description: str
    choices: Mapping[str, str] = field(repr=False)
    points: Mapping[int, int] = field(repr=False)
    excludes: Mapping[int, frozenset[int]] = field(repr=False)
    excludes_own: Mapping[int, frozenset[int]] = field(repr=False)
    excludes_one: Mapping[int, frozenset[int]] = field(repr=False)
    flags: Mapping[str, object] = field(repr=False)


def build(name: str, choices: Mapping[str, str], description: str = "") -> Profile:
    """A profile from one option per switch (every switch must be chosen)."""
    by_key = {s.key: s for s in SWITCHES}
    missing = set(by_key) - set(choices)
    unknown = set(choices) - set(by_key)
    if missing or unknown:
        raise ValueError(f"profile {name!r}: switches missing {sorted(missing)}, unknown {sorted(unknown)}")
    points: dict[int, int] = {f.id: f.points["green-book"] for f in FANS.values() if f.id != 82}
    excludes: dict[int, set[int]] = {f.id: set(f.excludes) for f in FANS.values()}
    for table in (KONG_SERIES, CONCEALED_PUNG_SERIES):
        for fan, ids in table.items():
            excludes[fan] |= ids
    flags: dict[str, object] = {}
    for key, choice in choices.items():
        options = by_key[key].options
        if choice not in options:
            raise ValueError(f"profile {name!r}: switch {key!r} has no option {choice!r}; options: {list(options)}")
        option = options[choice]
        for fan, value in option.points.items():
            if value is None:
                points.pop(fan, None)
            else:
                points[fan] = value
        for fan, ids in option.add_excludes.items():
            excludes[fan] |= ids
        for fan, ids in option.remove_excludes.items():
            excludes[fan] -= ids
        flags.update(option.flags)
    frozen_excludes = {k: frozenset(v & points.keys()) for k, v in excludes.items() if k in points and v}
    own = {f.id: f.excludes_own for f in FANS.values() if f.excludes_own}
    return Profile(name, description, MappingProxyType(dict(choices)), MappingProxyType(points),
                   MappingProxyType(frozen_excludes), MappingProxyType(own), MappingProxyType(EXCLUDES_ONE),
                   MappingProxyType(flags))


PROFILES: Mapping[str, Profile] = MappingProxyType(
    {name: build(name, choices, DESCRIPTIONS[name]) for name, choices in PROFILE_CHOICES.items()})


def get(name: str) -> Profile:
    try:
        return PROFILES[name]
    except KeyError:
        raise ValueError(f"unknown rule profile {name!r}; known: {', '.join(PROFILES)}") from None
