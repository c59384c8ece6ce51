"""mcr-score: a scorer for Chinese Official Mahjong (MCR)."""

__version__ = "0.1.0"  # the only place the version is written (pyproject reads it)

from .advice import DiscardsResult, ShantenResult, WaitsResult, discards, shanten, waits
from .errors import HandError, McrError, NotationError
from .hand import Hand, Meld, Situation, check_hand
from .notation import format_hand, parse_hand, with_situation
from .scoring import FanCount, NotCounted, Score, score
from .tiles import Tile

__all__ = [
    "DiscardsResult",
    "FanCount",
    "Hand",
    "HandError",
    "McrError",
    "Meld",
    "NotCounted",
    "NotationError",
    "Score",
    "ShantenResult",
    "Situation",
    "Tile",
    "WaitsResult",
    "check_hand",
    "discards",
    "format_hand",
    "parse_hand",
    "score",
    "shanten",
    "waits",
    "with_situation",
]
