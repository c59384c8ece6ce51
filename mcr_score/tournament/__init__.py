"""Sessions and tournaments: the 16-hand score sheet (payments, false Hu, penalties, winds), table
points, the standings over sessions, and catch-up (the smallest Hu that overtakes).

One module per job: `winds` (the seat rotation), `sheet` (the sheet as given, read from JSON,
TOML or CSV), `settlement` (payments and totals), `places` (table points), `ranking` (standings,
the EMA file), `catchup`; pages in `mcr_score.present.session_text` and `session_html`.
"""

from __future__ import annotations

from pathlib import Path

from .. import profiles
from ..errors import McrError, raise_all
from .catchup import CatchUp, Chase, catch_up
from .errors import SessionError
from .ranking import PlayerInfo, Standing, Standings, ema_csv, read_players, standings
from .settlement import SessionResult, SettledHand, settle_checked, settle_session
from .sheet import FalseHu, HandEntry, Session, load_session, parse_session, read_session, session_from_data
from .winds import HandWinds, hand_winds

__all__ = [
    "CatchUp",
    "Chase",
    "FalseHu",
    "HandEntry",
    "HandWinds",
    "PlayerInfo",
    "Session",
    "SessionError",
    "SessionResult",
    "SettledHand",
    "Standing",
    "Standings",
    "catch_up",
    "ema_csv",
    "hand_winds",
    "load_session",
    "parse_session",
    "read_players",
    "read_session",
    "score_session",
    "session_from_data",
    "settle_file",
    "settle_session",
    "standings",
]


def score_session(session: Session | str | Path | dict[str, object], rules: str = profiles.DEFAULT) -> SessionResult:
    """Settle a session given as a `Session`, a file path (.json, .toml, .csv) or the JSON structure."""
    problems: list[McrError] = []
    if isinstance(session, str | Path):
        session, problems = load_session(session)
    elif isinstance(session, dict):
        session, problems = parse_session(session)
    return settle_file(session, problems, rules)


def settle_file(session: Session, problems: list[McrError], rules: str = profiles.DEFAULT) -> SessionResult:
    """Settle a session read with `problems`: the problems of reading and of scoring its well-formed
    hands are raised together, in the order of the hands (the file's own first)."""
    result, more = settle_checked(session, rules)
    everything = sorted([*problems, *more], key=lambda p: getattr(p, "hand", None) or 0)
    raise_all(everything)
    return result
