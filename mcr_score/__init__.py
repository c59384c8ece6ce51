"""mcr-score: a scorer for Chinese Official Mahjong (MCR).

The public names are loaded on first use (PEP 562 `__getattr__`): `import mcr_score`, which every
`mcr-score` command pays for, then costs almost nothing, and `from mcr_score import score` loads the
scoring engine but not the advice or tournament modules.
"""

__version__ = "0.1.0"  # the only place the version is written (pyproject reads it)

from importlib.machinery import EXTENSION_SUFFIXES
from os import path

TYPE_CHECKING = False  # as typing.TYPE_CHECKING (mypy reads the name), without importing typing
if TYPE_CHECKING:
    from mcr_score.errors import HandError, McrError, NotationError
    from mcr_score.hand import Hand, Meld, Situation, check_hand
    from mcr_score.notation import format_hand, parse_hand, with_situation
    from mcr_score.systems.mcr.advice import DiscardsResult, ShantenResult, WaitsResult, discards, shanten, waits
    from mcr_score.systems.mcr.api import score
    from mcr_score.systems.mcr.scoring import FanCount, NotCounted, Score
    from mcr_score.systems.mcr.tournament import (
        CatchUp,
        SessionResult,
        Standings,
        catch_up,
        read_session,
        score_session,
        standings,
    )
    from mcr_score.tiles import Tile

# True when the engine modules run compiled by mypyc (a wheel built with a C compiler at hand; see
# hatch_build.py), False for pure Python. The import system takes an extension module before a
# `.py` file of the same name; looking for one, rather than importing the engine, keeps
# `mcr-score --version` and `--help` quick.
compiled: bool = any(path.isfile(path.join(path.dirname(__file__), f"tiles{s}")) for s in EXTENSION_SUFFIXES)

# Each public name and the module (relative to this package) it is loaded from on first use.
_EXPORTS = {
    "CatchUp": "systems.mcr.tournament",
    "DiscardsResult": "systems.mcr.advice",
    "FanCount": "systems.mcr.scoring",
    "Hand": "hand",
    "HandError": "errors",
    "McrError": "errors",
    "Meld": "hand",
    "NotCounted": "systems.mcr.scoring",
    "NotationError": "errors",
    "Score": "systems.mcr.scoring",
    "SessionResult": "systems.mcr.tournament",
    "ShantenResult": "systems.mcr.advice",
    "Situation": "hand",
    "Standings": "systems.mcr.tournament",
    "Tile": "tiles",
    "WaitsResult": "systems.mcr.advice",
    "catch_up": "systems.mcr.tournament",
    "check_hand": "hand",
    "discards": "systems.mcr.advice",
    "format_hand": "notation",
    "parse_hand": "notation",
    "read_session": "systems.mcr.tournament",
    "score": "systems.mcr.api",
    "score_session": "systems.mcr.tournament",
    "shanten": "systems.mcr.advice",
    "standings": "systems.mcr.tournament",
    "waits": "systems.mcr.advice",
    "with_situation": "notation",
}

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


def __getattr__(name: str) -> object:
    """A public name, loaded from its module on first use; else a submodule (`mcr_score.systems.mcr.scoring`),
    which `import mcr_score` used to load as a side effect."""
    import importlib  # here: most runs never need it

    module = _EXPORTS.get(name)
    if module is not None:
        value: object = getattr(importlib.import_module(f".{module}", __name__), name)
        globals()[name] = value  # the next use is a plain module attribute
        return value
    if not name.startswith("_"):
        try:
            return importlib.import_module(f".{name}", __name__)
        except ModuleNotFoundError as e:
            if e.name != f"{__name__}.{name}":
                raise  # the submodule exists but needs a module that is missing
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})
