"""Sessions and tournaments: the 16-hand score sheet (payments, false Hu, penalties, winds), table
points, the standings over sessions, and catch-up (the smallest Hu that overtakes).

One module per job: `winds` (the seat rotation), `sheet` (the sheet as given, read from JSON,
TOML or CSV), `settlement` (payments and totals), `places` (table points), `ranking` (standings,
the EMA file), `catchup`; pages in `mcr_score.systems.mcr.pages.sheet_text` and `session_html`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from pathlib import Path

from mcr_score.errors import McrError, raise_all
from mcr_score.messages import msg
from mcr_score.systems.mcr import profiles
from mcr_score.systems.mcr.tournament.catchup import CatchUp, Chase, catch_up
from mcr_score.systems.mcr.tournament.errors import DuplicateSessionError, SessionError
from mcr_score.systems.mcr.tournament.ranking import (
    PlayerInfo,
    Standing,
    Standings,
    ema_csv,
    read_players,
    standings,
    what_was_played,
)
from mcr_score.systems.mcr.tournament.settlement import SessionResult, SettledHand, settle_checked, settle_session
from mcr_score.systems.mcr.tournament.sheet import (
    FalseHu,
    HandEntry,
    Session,
    load_session,
    parse_session,
    read_session,
    session_from_data,
    session_problems,
)
from mcr_score.systems.mcr.tournament.winds import HandWinds, hand_winds

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
    "settle_files",
    "settle_session",
    "standings",
]


def score_session(session: Session | str | Path | dict[str, object], rules: str = profiles.DEFAULT) -> SessionResult:
    """Settle a session given as a `Session`, a file path (.json, .toml, .csv) or the JSON structure.
    Raises every problem at once (a `TypeError` for a `Session` holding a wrong type)."""
    problems: list[McrError] = []
    if isinstance(session, str | Path):
        session, problems = load_session(session)
    elif isinstance(session, dict):
        session, problems = parse_session(session)
    elif not isinstance(session, Session):
        raise TypeError(f"a session is a Session, a path or a dict, not {type(session).__name__}")
    return settle_file(session, problems, rules)


def settle_file(session: Session, problems: list[McrError], rules: str = profiles.DEFAULT) -> SessionResult:
    """Settle a session read with `problems`: the problems of reading and of scoring its well-formed
    hands are raised together, in the order of the hands (the file's own first); a sheet with any
    problem is never settled. Read without a problem, the session is checked as one made in Python
    (`sheet.session_problems`)."""
    if not problems:
        problems = session_problems(session)
    result, more = settle_checked(session, rules)
    everything = sorted([*problems, *more], key=lambda p: getattr(p, "hand", None) or 0)
    raise_all(everything)
    return result


Loaded = tuple[str, Session, list[McrError]]
"""A session read from a file: the name its problems give, the session, the problems of reading it."""


def _session_file(path: str | Path) -> list[Loaded]:
    """The one session of a session file (`load_session`)."""
    session, problems = load_session(path)
    return [(str(path), session, problems)]


def settle_files(
    paths: Iterable[str | Path],
    rules: str = profiles.DEFAULT,
    load: Callable[[str | Path], Sequence[Loaded]] = _session_file,
) -> list[SessionResult]:
    """Settle the sessions of a tournament, one file each, for the standings. Every problem of every
    file is raised at once, each naming its file; a session given twice (the same players and hands,
    in the same file or in two, as .json and .csv) is refused naming both files. `load` reads the
    sessions of one file (default: the file is one session; an app's record may hold several)."""
    problems: list[McrError] = []
    results: list[SessionResult] = []
    seen: dict[tuple[object, ...], str] = {}
    for path in paths:
        try:
            loaded = load(path)
        except McrError as e:
            problems += [in_file(p, str(path)) for p in e.problems]
            continue
        for name, session, reading in loaded:
            try:
                result = settle_file(session, reading, rules)
            except McrError as e:
                problems += [in_file(p, name) for p in e.problems]
                continue
            played = what_was_played(result)
            if played in seen:
                problems.append(DuplicateSessionError(msg("standings.error.same", path=name, other=seen[played])))
                continue
            seen[played] = name
            results.append(result)
    raise_all(problems)
    return results


def in_file(error: McrError, path: str) -> McrError:
    """The same error (class, code, hand, caret) with its file named first: "s2.json: hand 3: ...";
    an error of the file itself already names it."""
    if error.message.startswith(f"{path}:"):
        return error
    named = type(error)(
        msg("standings.in-file", path=path, problem=error.msg), text=error.text, column=error.column, where=error.where
    )
    named.exit_code = error.exit_code
    if isinstance(error, SessionError) and isinstance(named, SessionError):
        named.hand = error.hand
    return named
