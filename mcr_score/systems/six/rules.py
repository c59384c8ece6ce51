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

from ..switches import SwitchDef, choose, chosen, options


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
        "How rows combine that the table does not list together",
        MappingProxyType(
            {
                Unlisted.MAX: "the highest matching pattern, times the multipliers: the seed lists composite "
                "rows apart (« Tout pung pur » 8 is neither 2 + 4 nor 2 × 4) [DEFAULT, rulesets.md §2.1]",
                Unlisted.MULTIPLY: "the product of the matching patterns that no matching composite row "
                "covers, times the multipliers (four pairs in one suit: 4 × 4 = 16, as Sichuan's 清七对)",
            }
        ),
        Unlisted.MAX,
        "11223344m",
        gap="G2",
    ),
    SwitchDef(
        "terminals",
        "« Tout extrémité pur »: every set and the pair holds a 1 or a 9, or only 1s and 9s",
        MappingProxyType(
            {
                Terminals.OUTSIDE: "every set and the pair holds a 1 or a 9 (Sichuan's 带幺九 family) "
                "[DEFAULT, rulesets.md §2.2 G3]",
                Terminals.STRICT: "only 1s and 9s (in one suit, only 11 11 99 99 qualifies)",
            }
        ),
        Terminals.OUTSIDE,
        "12378911m",
        gap="G3",
    ),
    SwitchDef(
        "two-five-eight",
        "« Pungs de 2, 5 et 8 »: every tile a 2, 5 or 8, or each of 2, 5 and 8 present",
        MappingProxyType(
            {
                TwoFiveEight.ALL_TILES: "all pungs (or kongs) and the pair, every tile a 2, 5 or 8 "
                "(Sichuan's 将对) [DEFAULT, rulesets.md §2.2 G4]",
                TwoFiveEight.EACH_NUMBER: "the same, and each of 2, 5 and 8 among the sets and the pair",
            }
        ),
        TwoFiveEight.ALL_TILES,
        "222m222p55m",
        gap="G4",
    ),
    SwitchDef(
        "pairs",
        "« 4 paires »: may the same pair stand twice (four of a kind)",
        MappingProxyType(
            {
                Pairs.MAY_REPEAT: "yes: the table has « 4 identiques », and Sichuan allows it (龙七对) "
                "[DEFAULT, rulesets.md §2.2 G5]",
                Pairs.DISTINCT: "no: four different pairs",
            }
        ),
        Pairs.MAY_REPEAT,
        "11115599m",
        gap="G5",
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


SEED = rules_of("seed", "seed 004 as read in docs/rulesets.md §2, every [DEFAULT] taken", {})
PROFILES: Mapping[str, SixRules] = MappingProxyType({SEED.name: SEED})
DEFAULT = SEED.name


def profile(rules: str | os.PathLike[str]) -> SixRules:
    """A built-in profile by name, or a house file (`house.read_house`) against these switches."""
    return choose(rules, PROFILES, SWITCHES, lambda house: rules_of(house.name, house.description, house.choices))
