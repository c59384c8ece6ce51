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
from types import MappingProxyType

from mcr_score.engine.switches import STANDARD, SwitchDef, choose, chosen, description, options
from mcr_score.messages import DEFAULT_LANG, text


class DoubleWind(StrEnum):
    """A pung of the wind that is both the seat wind and the round wind."""

    TWICE = "twice"  # +1 for each role
    ONCE = "once"


class ConcealedOnDiscard(StrEnum):
    """« Main tout caché » when the winning tile is a discard."""

    LITERAL = "literal"  # the claimed tile exposes the combination it completes; the pair is no combination
    COUNTS = "counts"  # the hand stays concealed


SWITCHES: tuple[SwitchDef, ...] = (
    SwitchDef(
        "double-wind",
        (DoubleWind.TWICE, DoubleWind.ONCE),
        DoubleWind.TWICE,
        "EEE123m456p789s55s",  # seat and round wind E, the defaults
        system="hk",
    ),
    SwitchDef(
        "concealed-on-discard",
        (ConcealedOnDiscard.LITERAL, ConcealedOnDiscard.COUNTS),
        ConcealedOnDiscard.LITERAL,
        "123m456m789m55p234p",
        system="hk",
    ),
)
BY_KEY: Mapping[str, SwitchDef] = MappingProxyType({s.key: s for s in SWITCHES})

# The profile's field of each switch, in the switches' order.
FIELDS: Mapping[str, str] = MappingProxyType(
    {"double-wind": "double_wind", "concealed-on-discard": "concealed_on_discard"}
)


@dataclass(frozen=True, slots=True)
class ValueDef:
    """A number the seed leaves to the table: unset by default, a whole number a house file sets.
    What it is, with the seed's words, is a text: `hk.value.<key>` in the catalogues."""

    key: str
    low: int
    high: int

    def point(self, lang: str = DEFAULT_LANG) -> str:
        return text(f"hk.value.{self.key}", lang)


# Fan, as the table counts them; two digits are far above any table's limit (Hong Kong plays 8 to 13).
VALUES: tuple[ValueDef, ...] = (ValueDef("kong", 0, 99), ValueDef("limit", 1, 99), ValueDef("minimum", 0, 99))
VALUE_BOUNDS: Mapping[str, tuple[int, int]] = MappingProxyType({v.key: (v.low, v.high) for v in VALUES})


@dataclass(frozen=True, slots=True)
class HkRules:
    """A profile of seed 003's system: a name, one option per switch, and the values set (None: unset)."""

    name: str
    description: str
    double_wind: DoubleWind = DoubleWind.TWICE
    concealed_on_discard: ConcealedOnDiscard = ConcealedOnDiscard.LITERAL
    kong: int | None = None
    limit: int | None = None
    minimum: int | None = None

    def choices(self) -> dict[str, str]:
        """The switches as switch -> option (the shape a house file writes)."""
        return chosen(self, FIELDS)

    def values(self) -> dict[str, int | None]:
        """The values as name -> whole number, None when unset."""
        return {"kong": self.kong, "limit": self.limit, "minimum": self.minimum}


def rules_of(name: str, description: str, choices: Mapping[str, str], values: Mapping[str, int]) -> HkRules:
    """A profile from switch -> option and name -> value (already checked against `SWITCHES`, `VALUES`)."""
    return HkRules(
        name,
        description,
        **options(SWITCHES, FIELDS, choices),
        kong=values.get("kong"),
        limit=values.get("limit"),
        minimum=values.get("minimum"),
    )


STANDARD_RULES = rules_of(STANDARD, description("hk", STANDARD), {}, {})
PROFILES: Mapping[str, HkRules] = MappingProxyType({STANDARD_RULES.name: STANDARD_RULES})
DEFAULT = STANDARD_RULES.name


def profile(rules: str | os.PathLike[str]) -> HkRules:
    """A built-in profile by name, or a house file (`house.read_house`) against these switches and values."""
    return choose(
        rules,
        PROFILES,
        SWITCHES,
        lambda house: rules_of(house.name, house.description, house.choices, house.values),
        values=VALUE_BOUNDS,
    )
