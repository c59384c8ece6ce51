"""Maho!'s switches and profiles: where the seed is silent, the reading of docs/rulesets.md §1.2
([DEFAULT]) is the default, and a house file (`system = "maho"`, `[switches]`) may choose another.

A profile is a choice of option for every switch: `MahoRules` holds them as enums, so the engine
reads `rules.rainbow is Rainbow.FORBIDDEN`, never a string flag.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from types import MappingProxyType

from mcr_score.engine.switches import STANDARD, SwitchDef, choose, chosen, description, options

NAME = "maho"  # the system's name in the registry and in its JSON


class Rainbow(StrEnum):
    """« Dans la plupart des variantes de Mah-Jong, les séries "arc en ciel" ne sont pas admises »."""

    ALLOWED = "allowed"
    FORBIDDEN = "forbidden"


class RainbowFamilies(StrEnum):
    """What makes three cards « arc-en-ciel »."""

    DISTINCT = "distinct"  # three different families
    MIXED = "mixed"  # not all of one family


class Wrap(StrEnum):
    """Whether a run may go round from the highest number to 1 (9-1-2)."""

    NO = "no"
    YES = "yes"


class SilverPair(StrEnum):
    """Whether a silver final pair counts as a « série argentée »."""

    NO = "no"
    YES = "yes"


class Jokers(StrEnum):
    """What a joker does. The seed fixes only their number (« nombre de Jokers utilisés »): until
    the rule is confirmed there is one option, and a joker in a hand is refused saying so."""

    NONE = "none"


SWITCHES: tuple[SwitchDef, ...] = (
    SwitchDef(
        "rainbow",
        (Rainbow.ALLOWED, Rainbow.FORBIDDEN),
        Rainbow.ALLOWED,
        "[123a][456a][7a7b7c][999b]5c5c",
        system=NAME,
    ),
    SwitchDef(
        "rainbow-families",
        (RainbowFamilies.DISTINCT, RainbowFamilies.MIXED),
        RainbowFamilies.DISTINCT,
        "[123a][456a][3a4a5b][999b]5c5c",
        system=NAME,
    ),
    SwitchDef(
        "runs-wrap",
        (Wrap.NO, Wrap.YES),
        Wrap.NO,
        "[912a][456a][777b][999b]5c5c",
        system=NAME,
    ),
    SwitchDef(
        "silver-pair-counts",
        (SilverPair.NO, SilverPair.YES),
        SilverPair.NO,
        "[123a][456a][777b][999b]5x5x",
        system=NAME,
    ),
    SwitchDef(
        "jokers",
        (Jokers.NONE,),
        Jokers.NONE,
        "",
        system=NAME,
    ),
)
BY_KEY: Mapping[str, SwitchDef] = MappingProxyType({s.key: s for s in SWITCHES})
# The profile's field of each switch, in the switches' order.
FIELDS: Mapping[str, str] = MappingProxyType(
    {
        "rainbow": "rainbow",
        "rainbow-families": "rainbow_families",
        "runs-wrap": "runs_wrap",
        "silver-pair-counts": "silver_pair",
        "jokers": "jokers",
    }
)


@dataclass(frozen=True, slots=True)
class MahoRules:
    """A profile of Maho!: a name and one option per switch."""

    name: str
    description: str
    rainbow: Rainbow = Rainbow.ALLOWED
    rainbow_families: RainbowFamilies = RainbowFamilies.DISTINCT
    runs_wrap: Wrap = Wrap.NO
    silver_pair: SilverPair = SilverPair.NO
    jokers: Jokers = Jokers.NONE

    def choices(self) -> dict[str, str]:
        """The profile as switch -> option (the shape a house file writes)."""
        return chosen(self, FIELDS)


def rules_of(name: str, description: str, choices: Mapping[str, str]) -> MahoRules:
    """A profile from switch -> option (options already checked against `SWITCHES`)."""
    return MahoRules(name, description, **options(SWITCHES, FIELDS, choices))


STANDARD_RULES = rules_of(STANDARD, description(NAME, STANDARD), {})
PROFILES: Mapping[str, MahoRules] = MappingProxyType({STANDARD_RULES.name: STANDARD_RULES})
DEFAULT = STANDARD_RULES.name


def profile(rules: str | os.PathLike[str]) -> MahoRules:
    """A built-in profile by name, or a house file (`house.read_house`) against these switches."""
    return choose(rules, PROFILES, SWITCHES, lambda house: rules_of(house.name, house.description, house.choices))
