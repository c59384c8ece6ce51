"""A session's score sheet as given: the players, the false-Hu setting and the hands, read from
JSON, TOML (the same structure) or CSV (one row per hand), every problem named with its hand.

Players are numbered 1-4 in sheet order (their seats in hand 1: East, South, West, North); a hand
may name a player by number or by name. Here they become indices 0-3. Nothing is scored here:
`settlement` does that.
"""

from __future__ import annotations

import csv
import io
import json
import tomllib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from .. import errors
from ..errors import McrError
from ..messages import Message, msg
from .errors import SessionError, SessionHandError, TooManyHandsError
from .winds import HANDS

Kind = Literal["win", "draw", "false-hu"]
Four = tuple[int, int, int, int]
NO_PENALTIES: Four = (0, 0, 0, 0)
HAND_FIELDS = ("winner", "from", "points", "flowers", "notation", "draw", "false_hu", "penalties", "scores")
SESSION_FIELDS = ("players", "false_hu", "hands")
CSV_FIELDS = ("hand", "winner", "from", "points", "flowers", "notation", "false_hu")


@dataclass(frozen=True, slots=True)
class FalseHu:
    """What a false Hu moves: the offender's loss and each other player's gain (a session setting;
    some events use -40/+0, the part the others do not receive then counting as a penalty)."""

    offender: int = -30
    others: int = 10


DEFAULT_FALSE_HU = FalseHu()


@dataclass(frozen=True, slots=True)
class HandEntry:
    """One hand as the sheet gives it; players are indices 0-3."""

    n: int
    kind: Kind
    winner: int | None = None
    discarder: int | None = None  # None: self-drawn
    points: int | None = None  # flowers included
    flowers: int | None = None  # of `points`, when given: the 8-point minimum counts without them
    notation: str | None = None
    offender: int | None = None
    penalties: Four = NO_PENALTIES
    recorded: Four | None = None  # the scores written on the paper sheet, checked against the result


@dataclass(frozen=True, slots=True)
class Session:
    players: tuple[str, str, str, str]
    hands: tuple[HandEntry, ...]
    false_hu: FalseHu = FalseHu()


def hand_problem(n: int, problem: Message, cls: type[SessionError] = SessionHandError) -> SessionError:
    """An error naming its hand: "hand 3: ..." in every language; `hand` keeps the number for programs."""
    error = cls(msg("session.hand", n=n, problem=problem))
    error.hand = n
    return error


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _four(value: Any) -> Four | None:
    if isinstance(value, list | tuple) and len(value) == 4 and all(_is_int(v) for v in value):
        return (value[0], value[1], value[2], value[3])
    return None


def _player(value: Any, players: Sequence[str]) -> int | None:
    """A player index from a number 1-4 or a name of the sheet."""
    if _is_int(value) and 1 <= value <= 4:
        return int(value) - 1
    if isinstance(value, str) and value in players:
        return list(players).index(value)
    return None


def _hand(n: int, raw: Any, players: Sequence[str], problems: list[McrError]) -> HandEntry | None:
    """Check one hand's fields; add every problem found to `problems`."""
    found: list[Message] = []
    if not isinstance(raw, Mapping):
        problems.append(hand_problem(n, msg("session.error.hand-object")))
        return None
    found += [msg("session.error.unknown-field", field=str(k)) for k in raw if k not in HAND_FIELDS]
    results = [k for k in ("winner", "draw", "false_hu") if raw.get(k) not in (None, False)]
    if len(results) != 1:
        found.append(msg("session.error.result"))

    def player(field: str) -> int | None:
        if raw.get(field) is None:
            return None
        index = _player(raw[field], players)
        if index is None:
            found.append(msg("session.error.player", field=field, value=json.dumps(raw[field], ensure_ascii=False)))
        return index

    def count(field: str) -> int | None:
        value = raw.get(field)
        if value is not None and not (_is_int(value) and value >= 0):
            found.append(msg("session.error.count", field=field, value=json.dumps(value, ensure_ascii=False)))
            return None
        return value if value is None else int(value)

    def four(field: str) -> Four | None:
        if raw.get(field) is None:
            return None
        value = _four(raw[field])
        if value is None:
            found.append(msg("session.error.four", field=field))
        return value

    winner, discarder, offender = player("winner"), player("from"), player("false_hu")
    points, flowers = count("points"), count("flowers")
    notation = raw.get("notation")
    if notation is not None and not isinstance(notation, str):
        found.append(msg("session.error.notation-type"))
    penalties, recorded = four("penalties"), four("scores")
    if "draw" in raw and raw["draw"] is not True:
        found.append(msg("session.error.draw"))
    if results == ["winner"]:
        if discarder is not None and discarder == winner:
            found.append(msg("session.error.from-winner"))
        if points is None and notation is None:
            found.append(msg("session.error.points-or-notation"))
        if points is not None and flowers is not None and flowers > points:
            found.append(msg("session.error.flowers", flowers=flowers, points=points))
    else:
        found += [
            msg("session.error.win-field", field=k) for k in ("from", "points", "flowers", "notation") if k in raw
        ]
    problems += [hand_problem(n, m) for m in found]
    if found:
        return None
    kind: Kind = "win" if results == ["winner"] else "draw" if results == ["draw"] else "false-hu"
    return HandEntry(
        n,
        kind,
        winner=winner,
        discarder=discarder,
        points=points,
        flowers=flowers,
        notation=notation,
        offender=offender,
        penalties=penalties or NO_PENALTIES,
        recorded=recorded,
    )


def session_from_data(data: Any, false_hu: FalseHu | None = None) -> Session:
    """A `Session` from the decoded JSON/TOML structure; raises every problem at once.
    `false_hu`, when given, overrides the file's setting."""
    session, problems = parse_session(data, false_hu)
    errors.raise_all(problems)
    return session


def parse_session(data: Any, false_hu: FalseHu | None = None) -> tuple[Session, list[McrError]]:
    """The session made of the hands that are well formed, and every problem found: the caller can
    still settle those hands to report the problems of their scoring in the same pass."""
    if not isinstance(data, Mapping):
        return Session(("1", "2", "3", "4"), ()), [SessionError(msg("session.error.not-object"))]
    problems: list[McrError] = [
        SessionError(msg("session.error.unknown-top", field=str(k))) for k in data if k not in SESSION_FIELDS
    ]
    raw_players = data.get("players")
    players: tuple[str, str, str, str] = ("1", "2", "3", "4")
    if (
        isinstance(raw_players, list)
        and len(raw_players) == 4
        and all(isinstance(p, str) and p.strip() for p in raw_players)
        and len(set(raw_players)) == 4
    ):
        players = (raw_players[0], raw_players[1], raw_players[2], raw_players[3])
    else:
        problems.append(SessionError(msg("session.error.players")))
    setting = false_hu
    if setting is None:
        raw = data.get("false_hu", [DEFAULT_FALSE_HU.offender, DEFAULT_FALSE_HU.others])
        if isinstance(raw, list) and len(raw) == 2 and all(_is_int(v) for v in raw):
            setting = FalseHu(raw[0], raw[1])
        else:
            problems.append(SessionError(msg("session.error.false-hu-type")))
    if setting is not None and not (
        setting.offender <= 0 <= setting.others and setting.offender + 3 * setting.others <= 0
    ):
        problems.append(SessionError(msg("session.error.false-hu", offender=setting.offender, others=setting.others)))
    raw_hands = data.get("hands")
    hands: list[HandEntry] = []
    if not isinstance(raw_hands, list):
        problems.append(SessionError(msg("session.error.hands")))
    else:
        if len(raw_hands) > HANDS:
            problems.append(TooManyHandsError(msg("session.error.too-many", count=len(raw_hands), most=HANDS)))
        for n, raw_hand in enumerate(raw_hands, 1):
            entry = _hand(n, raw_hand, players, problems)
            if entry is not None:
                hands.append(entry)
    return Session(players, tuple(hands), setting or FalseHu()), problems


def _csv_data(source: str) -> dict[str, Any]:
    """The JSON structure of a CSV sheet: known columns, and the four other columns are the
    players, in sheet order, whose cells are their penalties in that hand."""
    rows = list(csv.reader(io.StringIO(source)))
    if not rows:
        raise SessionError(msg("session.error.csv-empty"))
    header = [h.strip() for h in rows[0]]
    players = [h for h in header if h not in CSV_FIELDS]
    if len(players) != 4 or "winner" not in header:
        raise SessionError(msg("session.error.csv-header", header=",".join(header)))
    hands: list[Any] = []
    problems: list[McrError] = []
    for n, row in enumerate((r for r in rows[1:] if any(c.strip() for c in r)), 1):
        cells = {h: c.strip() for h, c in zip(header, row, strict=False) if c.strip()}
        if len(row) > len(header):
            problems.append(hand_problem(n, msg("session.error.csv-width", cells=len(row), columns=len(header))))
        hand: dict[str, Any] = {}
        penalties = [0, 0, 0, 0]
        for column, value in cells.items():
            number = _csv_int(value)
            if column == "hand":
                if number != n:
                    problems.append(hand_problem(n, msg("session.error.csv-hand", value=value)))
            elif column in players:
                if number is None:
                    problems.append(hand_problem(n, msg("session.error.csv-number", column=column, value=value)))
                else:
                    penalties[players.index(column)] = number
            elif column == "winner" and value.lower() == "draw":
                hand["draw"] = True
            elif column == "notation":
                hand[column] = value
            else:
                hand[column] = value if number is None else number
        if any(penalties):
            hand["penalties"] = penalties
        hands.append(hand)
    errors.raise_all(problems)
    return {"players": players, "hands": hands}


def _csv_int(value: str) -> int | None:
    try:
        return int(value)
    except ValueError:
        return None


def read_session(path: str | Path, false_hu: FalseHu | None = None) -> Session:
    """Read a session file: `.json`, `.toml` or `.csv` (UTF-8); raises every problem at once."""
    session, problems = load_session(path, false_hu)
    errors.raise_all(problems)
    return session


def load_session(path: str | Path, false_hu: FalseHu | None = None) -> tuple[Session, list[McrError]]:
    """Read a session file: the session of its well-formed hands and the problems (see `parse_session`)."""
    path = Path(path)
    try:
        source = path.read_text(encoding="utf-8-sig")
    except (OSError, UnicodeDecodeError) as e:
        raise SessionError(msg("session.error.file", path=str(path), reason=str(e))) from e
    suffix = path.suffix.lower()
    data: Any
    if suffix == ".json":
        try:
            data = json.loads(source)
        except json.JSONDecodeError as e:
            raise SessionError(msg("session.error.json", path=str(path), reason=str(e))) from e
    elif suffix == ".toml":
        try:
            data = tomllib.loads(source)
        except tomllib.TOMLDecodeError as e:
            raise SessionError(msg("session.error.toml", path=str(path), reason=str(e))) from e
    elif suffix == ".csv":
        data = _csv_data(source)
    else:
        raise SessionError(msg("session.error.format", path=str(path)))
    return parse_session(data, false_hu)
