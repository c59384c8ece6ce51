"""Seed 003's switches, values and profiles: where the seed is silent, the reading of
docs/rulesets.md §4.2 ([DEFAULT]) is the default, and a house file may choose the other; what the
seed leaves to the table (« Bonus variable », « Très élevé », « un nombre minimum de fan ») is a
value a house file sets in `[values]`, unset by default.

A profile is a choice of option for every switch and the values set: `HkRules` holds the options as
enums, so the engine reads `rules.double_wind is DoubleWind.ONCE`, never a string flag.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum

from mcr_score.engine.switches import STANDARD, Switches, switch, value


class DoubleWind(StrEnum):
    """A pung of the wind that is both the seat wind and the round wind."""

    TWICE = "twice"  # +1 for each role
    ONCE = "once"


class ConcealedOnDiscard(StrEnum):
    """« Main tout caché » when the winning tile is a discard."""

    LITERAL = "literal"  # the claimed tile exposes the combination it completes; the pair is no combination
    COUNTS = "counts"  # the hand stays concealed


@dataclass(frozen=True, slots=True)
class HkRules:
    """A profile of seed 003's system: a name, one option per switch (`switch`: its key, its
    default, a hand whose answer differs between the options), and the values set (`value`: its key
    and bounds, in fan as the table counts them; None: unset). Two digits are far above any table's
    limit (Hong Kong plays 8 to 13); what each value is, with the seed's words, is `hk.value.<key>`."""

    name: str
    description: str
    double_wind: DoubleWind = switch("double-wind", DoubleWind.TWICE, "EEE123m456p789s55s")  # seat and round wind E
    concealed_on_discard: ConcealedOnDiscard = switch(
        "concealed-on-discard", ConcealedOnDiscard.LITERAL, "123m456m789m55p234p"
    )
    kong: int | None = value("kong", 0, 99)
    limit: int | None = value("limit", 1, 99)
    minimum: int | None = value("minimum", 0, 99)

    def choices(self) -> dict[str, str]:
        """The switches as switch -> option (the shape a house file writes)."""
        return HK.chosen(self)

    def values(self) -> dict[str, int | None]:
        """The values as name -> whole number, None when unset."""
        return HK.values_of(self)


HK: Switches[HkRules] = Switches("hk", HkRules)
SWITCHES = HK.switches
VALUES = HK.values
PROFILES: Mapping[str, HkRules] = HK.standard()
STANDARD_RULES = PROFILES[STANDARD]
DEFAULT = STANDARD_RULES.name


def profile(rules: str | os.PathLike[str]) -> HkRules:
    """A built-in profile by name, or a house file (`house.read_house`) against these switches and values."""
    return HK.choose(rules, PROFILES)
