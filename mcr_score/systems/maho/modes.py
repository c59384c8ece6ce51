"""Maho!'s three modes of play (« PRINCIPAUX MODES DE JEU »), as data: how many series a hand lays
before its pair, whether the silver family is in the deck, what a won round (« manche ») is worth,
and when the game (« partie ») ends. docs/rulesets.md §1.1, « Modes and scoring »."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from types import MappingProxyType


class Mode(StrEnum):
    BASIC = "basic"  # « Mode Basique »
    STANDARD = "standard"  # « Mode Standard »
    ORIGINAL = "original"  # « Mode Original »


class Scoring(StrEnum):
    """What a won round is worth."""

    ROUND = "round"  # the round itself: the game counts rounds won
    BASE_AND_SILVER = "base-and-silver"  # 1 point of base, +1 per silver series
    BONUS = "bonus"  # the bonus table, which the seed does not give (bonus.py)


class EndKind(StrEnum):
    """When the game ends."""

    REACH = "reach"  # the first player whose total reaches `n` wins
    AFTER = "after"  # after `n` rounds, the most points wins


@dataclass(frozen=True, slots=True)
class End:
    kind: EndKind
    n: int
    seed: str


@dataclass(frozen=True, slots=True)
class ModeDef:
    mode: Mode
    seed: str  # the seed's words for the hand and the deck of this mode
    series: int  # series laid before the final pair
    silver: bool  # the silver family is in the deck
    scoring: Scoring
    scoring_seed: str
    end: End


BASE = 1  # « 1 point de base »
PER_SILVER = 1  # « +1point supplémentaire pour chaque série argentée »

MODES: Mapping[Mode, ModeDef] = MappingProxyType(
    {
        Mode.BASIC: ModeDef(
            Mode.BASIC,
            "« on ne forme alors que 3 séries au lieu de 4 » ; « On retire toutes les cartes de la famille argentée »",
            3,
            False,
            Scoring.ROUND,
            "« Pour gagner la partie il faut remporter 3 manches »",
            End(EndKind.REACH, 3, "« il faut remporter 3 manches »"),
        ),
        Mode.STANDARD: ModeDef(
            Mode.STANDARD,
            "« 13 cartes par joueur, et on joue avec les 4 familles »",
            4,
            True,
            Scoring.BASE_AND_SILVER,
            "« 1 point de base +1point supplémentaire pour chaque série argentée que son jeu contiendrait »",
            End(EndKind.REACH, 5, "« Pour gagner la partie il faut atteindre 5 points »"),
        ),
        Mode.ORIGINAL: ModeDef(
            Mode.ORIGINAL,
            "« La composition du jeu y est standard également »",
            4,
            True,
            Scoring.BONUS,
            "« elle intègre les BONUS. Une manche rapporte plus ou moins de points selon la beauté des "
            "assemblages de séries »",
            End(EndKind.AFTER, 13, "« plus de points que ses adversaires au terme de 13 manches »"),
        ),
    }
)
DEFAULT_MODE = Mode.STANDARD  # the complete one the seed gives; `--mode` chooses another
