"""The six-player variant's switches and profiles: where the seed is silent, the reading of
docs/rulesets.md §2.2 ([DEFAULT]) is the default, and a house file may choose the other.

A profile is a choice of option for every switch (as for MCR): `SixRules` holds them as enums, so
the engine reads `rules.pairs is Pairs.DISTINCT`, never a string flag.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from types import MappingProxyType

from mcr_score.engine.switches import STANDARD, SwitchDef, choose, chosen, description, options


class Unlisted(StrEnum):
    """G2: how rows combine that the table does not list together."""

    MAX = "max"  # the highest pattern only
    MULTIPLY = "multiply"  # the product of the patterns no composite row covers


class Terminals(StrEnum):
    """G3: « Tout extrémité pur »."""

    OUTSIDE = "outside"  # every set and the pair holds a 1 or a 9
    STRICT = "strict"  # only 1s and 9s


class TwoFiveEight(StrEnum):
    """G4: « Pungs de 2, 5 et 8 »."""

    ALL_TILES = "all-tiles"  # all pungs, every tile a 2, 5 or 8
    EACH_NUMBER = "each-number"  # all pungs of 2, 5 or 8, and each of 2, 5 and 8 among the sets and the pair


class Pairs(StrEnum):
    """G5: whether « 4 paires » may hold the same pair twice (four of a kind)."""

    MAY_REPEAT = "may-repeat"
    DISTINCT = "distinct"


SWITCHES: tuple[SwitchDef, ...] = (
    SwitchDef(
        "unlisted-combinations",
        (Unlisted.MAX, Unlisted.MULTIPLY),
        Unlisted.MAX,
        "11223344m",
        gap="G2",
        system="six",
    ),
    SwitchDef(
        "terminals",
        (Terminals.OUTSIDE, Terminals.STRICT),
        Terminals.OUTSIDE,
        "12378911m",
        gap="G3",
        system="six",
    ),
    SwitchDef(
        "two-five-eight",
        (TwoFiveEight.ALL_TILES, TwoFiveEight.EACH_NUMBER),
        TwoFiveEight.ALL_TILES,
        "222m222p55m",
        gap="G4",
        system="six",
    ),
    SwitchDef(
        "pairs",
        (Pairs.MAY_REPEAT, Pairs.DISTINCT),
        Pairs.MAY_REPEAT,
        "11115599m",
        gap="G5",
        system="six",
    ),
)
BY_KEY: Mapping[str, SwitchDef] = MappingProxyType({s.key: s for s in SWITCHES})
# The profile's field of each switch, in the switches' order.
FIELDS: Mapping[str, str] = MappingProxyType(
    {
        "unlisted-combinations": "unlisted",
        "terminals": "terminals",
        "two-five-eight": "two_five_eight",
        "pairs": "pairs",
    }
)


@dataclass(frozen=True, slots=True)
class SixRules:
    """A profile of the six-player system: a name and one option per switch."""

    name: str
    description: str
    unlisted: Unlisted = Unlisted.MAX
    terminals: Terminals = Terminals.OUTSIDE
    two_five_eight: TwoFiveEight = TwoFiveEight.ALL_TILES
    pairs: Pairs = Pairs.MAY_REPEAT

    def choices(self) -> dict[str, str]:
        """The profile as switch -> option (the shape a house file writes)."""
        return chosen(self, FIELDS)


def rules_of(name: str, description: str, choices: Mapping[str, str]) -> SixRules:
    """A profile from switch -> option (options already checked against `SWITCHES`)."""
    return SixRules(name, description, **options(SWITCHES, FIELDS, choices))


STANDARD_RULES = rules_of(STANDARD, description("six", STANDARD), {})
PROFILES: Mapping[str, SixRules] = MappingProxyType({STANDARD_RULES.name: STANDARD_RULES})
DEFAULT = STANDARD_RULES.name


def profile(rules: str | os.PathLike[str]) -> SixRules:
    """A built-in profile by name, or a house file (`house.read_house`) against these switches."""
    return choose(rules, PROFILES, SWITCHES, lambda house: rules_of(house.name, house.description, house.choices))
