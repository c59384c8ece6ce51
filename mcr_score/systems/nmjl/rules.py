"""The switches and profiles of American mah-jongg: where seed 002 is silent, the reading of
docs/rulesets.md §3.2 ([DEFAULT]) is the default, and a house file may choose the other.

The card itself is no switch: it is data the user supplies (`--card FILE`), never a guess.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from types import MappingProxyType

from mcr_score.engine.switches import STANDARD, SwitchDef, choose, chosen, description, options


class Jokerless(StrEnum):
    """Which hands « Les mains sans joker rapportent le double » doubles."""

    ANY_HAND = "any-hand"
    EXCEPT_NO_JOKER_HANDS = "except-no-joker-hands"


SWITCHES: tuple[SwitchDef, ...] = (
    SwitchDef(
        "jokerless",
        (Jokerless.ANY_HAND, Jokerless.EXCEPT_NO_JOKER_HANDS),
        Jokerless.ANY_HAND,
        "",  # a line of the user's card, described in words
        system="nmjl",
        worded=True,
    ),
)
BY_KEY: Mapping[str, SwitchDef] = MappingProxyType({s.key: s for s in SWITCHES})
# The profile's field of each switch.
FIELDS: Mapping[str, str] = MappingProxyType({"jokerless": "jokerless"})


@dataclass(frozen=True, slots=True)
class NmjlRules:
    """A profile of the system: a name and one option per switch."""

    name: str
    description: str
    jokerless: Jokerless = Jokerless.ANY_HAND

    def choices(self) -> dict[str, str]:
        """The profile as switch -> option (the shape a house file writes)."""
        return chosen(self, FIELDS)


def rules_of(name: str, description: str, choices: Mapping[str, str]) -> NmjlRules:
    """A profile from switch -> option (options already checked against `SWITCHES`)."""
    return NmjlRules(name, description, **options(SWITCHES, FIELDS, choices))


STANDARD_RULES = rules_of(STANDARD, description("nmjl", STANDARD), {})
PROFILES: Mapping[str, NmjlRules] = MappingProxyType({STANDARD_RULES.name: STANDARD_RULES})
DEFAULT = STANDARD_RULES.name


def profile(rules: str | os.PathLike[str]) -> NmjlRules:
    """A built-in profile by name, or a house file (`house.read_house`) against these switches."""
    return choose(rules, PROFILES, SWITCHES, lambda house: rules_of(house.name, house.description, house.choices))
