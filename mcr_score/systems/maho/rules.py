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

from mcr_score.engine.switches import STANDARD, Switches, switch

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


@dataclass(frozen=True, slots=True)
class MahoRules:
    """A profile of Maho!: a name and one option per switch (`switch`: its key, its default, a hand
    whose answer differs between the options)."""

    name: str
    description: str
    rainbow: Rainbow = switch("rainbow", Rainbow.ALLOWED, "[123a][456a][7a7b7c][999b]5c5c")
    rainbow_families: RainbowFamilies = switch(
        "rainbow-families", RainbowFamilies.DISTINCT, "[123a][456a][3a4a5b][999b]5c5c"
    )
    runs_wrap: Wrap = switch("runs-wrap", Wrap.NO, "[912a][456a][777b][999b]5c5c")
    silver_pair: SilverPair = switch("silver-pair-counts", SilverPair.NO, "[123a][456a][777b][999b]5x5x")
    jokers: Jokers = switch("jokers", Jokers.NONE, "")

    def choices(self) -> dict[str, str]:
        """The profile as switch -> option (the shape a house file writes)."""
        return MAHO.chosen(self)


MAHO: Switches[MahoRules] = Switches(NAME, MahoRules)
SWITCHES = MAHO.switches
PROFILES: Mapping[str, MahoRules] = MAHO.standard()
STANDARD_RULES = PROFILES[STANDARD]
DEFAULT = STANDARD_RULES.name


def profile(rules: str | os.PathLike[str]) -> MahoRules:
    """A built-in profile by name, or a house file (`house.read_house`) against these switches."""
    return MAHO.choose(rules, PROFILES)
