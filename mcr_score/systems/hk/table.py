"""Seed 003's table of elements (« Calcul des scores »): its eight rows, in the seed's order, as data.

Each row keeps the seed's French words, its « Valeur indicative » as written, and what the row does
here (docs/rulesets.md §4.1): a *fan* row adds fan, a *points* row adds points, a *variable* row has
no value until a house file gives one (« Bonus variable »), a *limit* row makes the hand a limit hand
(« Très élevé »), whose other elements are not added (rulesets.md §4.2).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from types import MappingProxyType


class Element(StrEnum):
    """A row of the seed's table; the value is its id in JSON and in message ids."""

    FLOWER = "flower"
    DRAGON_PUNG = "dragon-pung"
    WIND_PUNG = "wind-pung"
    CONCEALED = "concealed"
    SELF_DRAWN = "self-drawn"
    KONG = "kong"
    BIG_THREE_DRAGONS = "big-three-dragons"
    SPECIAL_HAND = "special-hand"


class Kind(StrEnum):
    """What a row does."""

    FAN = "fan"  # adds its value in fan, once per occurrence
    POINTS = "points"  # adds its value in points, once per occurrence
    VARIABLE = "variable"  # fan a house file sets (`kong`); unset, nothing is added
    LIMIT = "limit"  # the hand is a limit hand (`limit` fan when a house file sets it)


@dataclass(frozen=True, slots=True)
class ElementDef:
    """One row: the seed's words (element, description, indicative value) and what it does here."""

    element: Element
    seed: str  # « Élément », as written
    seed_description: str  # « Description », as written
    seed_value: str  # « Valeur indicative », as written
    kind: Kind
    value: int | None  # fan or points per occurrence; None: set by a house file (kong, limit)


TABLE: Mapping[Element, ElementDef] = MappingProxyType(
    {
        d.element: d
        for d in (
            ElementDef(
                Element.FLOWER, "Fleur ou Saison", "Chaque fleur ou saison exposée", "+4 points", Kind.POINTS, 4
            ),
            ElementDef(
                Element.DRAGON_PUNG, "Pung de Dragons", "Trois tuiles de Dragon identiques", "+1 fan", Kind.FAN, 1
            ),
            ElementDef(
                Element.WIND_PUNG,
                "Pung de Vent du joueur ou du tour",
                "Trois tuiles du vent correspondant",
                "+1 fan",
                Kind.FAN,
                1,
            ),
            ElementDef(Element.CONCEALED, "Main tout caché", "Aucune combinaison exposée", "+1 fan", Kind.FAN, 1),
            ElementDef(
                Element.SELF_DRAWN, "Tiré soi-même (self)", "Mahjong sur une tuile piochée", "+1 fan", Kind.FAN, 1
            ),
            ElementDef(Element.KONG, "Kong", "Quatre tuiles identiques", "Bonus variable", Kind.VARIABLE, None),
            ElementDef(
                Element.BIG_THREE_DRAGONS,
                "Trois Grands Dragons",
                "Pung des 3 Dragons",
                "Très élevé (souvent maximum)",
                Kind.LIMIT,
                None,
            ),
            ElementDef(
                Element.SPECIAL_HAND,
                "Mains spéciales (7 paires, 13 orphelins...)",
                "Combinaisons rares prédéfinies",
                "Très élevé",
                Kind.LIMIT,
                None,
            ),
        )
    }
)
"""The seed's table, row by row in its order (003, « Calcul des scores »)."""
