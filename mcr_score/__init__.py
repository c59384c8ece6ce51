"""mcr-score: a scorer for Chinese Official Mahjong (MCR)."""

__version__ = "0.1.0"  # the only place the version is written (pyproject reads it)

from . import scoring
from .advice import DiscardsResult, ShantenResult, WaitsResult, discards, shanten, waits
from .errors import HandError, McrError, NotationError
from .hand import Hand, Meld, Situation, check_hand
from .notation import format_hand, parse_hand, with_situation
from .scoring import FanCount, NotCounted, Score, score
from .tiles import Tile
from .tournament import CatchUp, SessionResult, Standings, catch_up, read_session, score_session, standings

# True when the engine modules run compiled by mypyc (a wheel built with a C compiler at hand; see
# hatch_build.py), False for pure Python: an extension module's file is not a `.py` file.
compiled: bool = not (scoring.__file__ or "").endswith(".py")

__all__ = [
    "CatchUp",
    "DiscardsResult",
    "FanCount",
    "Hand",
    "HandError",
    "McrError",
    "Meld",
    "NotCounted",
    "NotationError",
    "Score",
    "SessionResult",
    "ShantenResult",
    "Situation",
    "Standings",
    "Tile",
    "WaitsResult",
    "catch_up",
    "check_hand",
    "compiled",
    "discards",
    "format_hand",
    "parse_hand",
    "read_session",
    "score",
    "score_session",
    "shanten",
    "standings",
    "waits",
    "with_situation",
]
