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

from mcr_score.engine.switches import STANDARD, Switches, switch


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


@dataclass(frozen=True, slots=True)
class SixRules:
    """A profile of the six-player system: a name and one option per switch (`switch`: its key,
    its default, a hand whose answer differs between the options, the gap it settles)."""

    name: str
    description: str
    unlisted: Unlisted = switch("unlisted-combinations", Unlisted.MAX, "11223344m", gap="G2")
    terminals: Terminals = switch("terminals", Terminals.OUTSIDE, "12378911m", gap="G3")
    two_five_eight: TwoFiveEight = switch("two-five-eight", TwoFiveEight.ALL_TILES, "222m222p55m", gap="G4")
    pairs: Pairs = switch("pairs", Pairs.MAY_REPEAT, "11115599m", gap="G5")

    def choices(self) -> dict[str, str]:
        """The profile as switch -> option (the shape a house file writes)."""
        return SIX.chosen(self)


SIX: Switches[SixRules] = Switches("six", SixRules)
SWITCHES = SIX.switches
PROFILES: Mapping[str, SixRules] = SIX.standard()
STANDARD_RULES = PROFILES[STANDARD]
DEFAULT = STANDARD_RULES.name


def profile(rules: str | os.PathLike[str]) -> SixRules:
    """A built-in profile by name, or a house file (`house.read_house`) against these switches."""
    return SIX.choose(rules, PROFILES)
