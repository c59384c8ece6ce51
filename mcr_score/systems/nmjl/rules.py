"""The switches and profiles of American mah-jongg: where seed 002 is silent, the reading of
docs/rulesets.md §3.2 ([DEFAULT]) is the default, and a house file may choose the other.

The card itself is no switch: it is data the user supplies (`--card FILE`), never a guess.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum

from mcr_score.engine.switches import STANDARD, Switches, switch


class Jokerless(StrEnum):
    """Which hands « Les mains sans joker rapportent le double » doubles."""

    ANY_HAND = "any-hand"
    EXCEPT_NO_JOKER_HANDS = "except-no-joker-hands"


@dataclass(frozen=True, slots=True)
class NmjlRules:
    """A profile of the system: a name and one option per switch (`switch`: its key, its default;
    its example a line of the user's card, described in words)."""

    name: str
    description: str
    jokerless: Jokerless = switch("jokerless", Jokerless.ANY_HAND, "", worded=True)

    def choices(self) -> dict[str, str]:
        """The profile as switch -> option (the shape a house file writes)."""
        return NMJL.chosen(self)


NMJL: Switches[NmjlRules] = Switches("nmjl", NmjlRules)
SWITCHES = NMJL.switches
PROFILES: Mapping[str, NmjlRules] = NMJL.standard()
STANDARD_RULES = PROFILES[STANDARD]
DEFAULT = STANDARD_RULES.name


def profile(rules: str | os.PathLike[str]) -> NmjlRules:
    """A built-in profile by name, or a house file (`house.read_house`) against these switches."""
    return NMJL.choose(rules, PROFILES)
