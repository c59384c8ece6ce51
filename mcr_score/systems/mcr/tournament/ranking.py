"""The tournament table over sessions: each player's table points, then score, summed over the
sessions they played; players equal on both share a rank (1, 1, 3). The EMA results file adds each
player's EMA number and country from a players file.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import Any

from mcr_score import errors, files
from mcr_score.decoding import DataError
from mcr_score.errors import McrError
from mcr_score.files import csv_text
from mcr_score.messages import msg
from mcr_score.systems.mcr.tournament.csvfile import read_rows
from mcr_score.systems.mcr.tournament.errors import DuplicateSessionError, PlayersFileError
from mcr_score.systems.mcr.tournament.places import number
from mcr_score.systems.mcr.tournament.settlement import SessionResult
from mcr_score.systems.mcr.tournament.sheet import looks, player_name

PLAYER_COLUMNS = ("name", "ema_number", "country")


@dataclass(frozen=True, slots=True)
class PlayerInfo:
    """What the EMA ranking needs besides the results: the EMA number and the country."""

    name: str
    ema_number: str = ""
    country: str = ""


@dataclass(frozen=True, slots=True)
class Standing:
    rank: int
    player: str
    table_points: Fraction
    score: int
    sessions: int

    def to_dict(self) -> dict[str, Any]:
        return {
            "rank": self.rank,
            "player": self.player,
            "table_points": number(self.table_points),
            "score": self.score,
            "sessions": self.sessions,
        }


@dataclass(frozen=True, slots=True)
class Standings:
    """`to_dict()` is the `standings --json` object."""

    rows: tuple[Standing, ...]

    def to_dict(self) -> dict[str, Any]:
        return {"ok": True, "standings": [r.to_dict() for r in self.rows]}


_PLAYED = ("kind", "winner", "from", "points", "false_hu", "penalties", "scores")


def what_was_played(result: SessionResult) -> tuple[object, ...]:
    """What makes two sheets one session: the players and what each hand settled to (who won, from
    whom, for how much, the false Hu, the penalties, the scores). How a sheet wrote it does not: a
    hand's points given or scored from its notation, flowers given as 0 or left blank, the scores
    copied from the paper (a check, which a CSV has not) or the false-Hu setting."""
    hands = tuple(tuple(repr(hand[key]) for key in _PLAYED) for hand in (h.to_dict() for h in result.hands))
    return (result.players, hands)


def standings(sessions: Iterable[SessionResult]) -> Standings:
    """Rank the players of `sessions` by name: table points, then score; equal on both share a rank.
    A session given twice (`what_was_played`) is refused, naming both by their place in `sessions`."""
    if not isinstance(sessions, Iterable) or isinstance(sessions, str | bytes | bytearray):
        raise TypeError(f"standings() takes settled sessions (SessionResult), not {type(sessions).__name__}")
    sessions = list(sessions)
    for result in sessions:
        if not isinstance(result, SessionResult):
            raise TypeError(f"standings() takes settled sessions (SessionResult), not {type(result).__name__}")
    seen: dict[tuple[object, ...], int] = {}
    problems: list[McrError] = []
    for n, result in enumerate(sessions, 1):
        was = what_was_played(result)
        if was in seen:
            path, other = msg("standings.session-n", n=n), msg("standings.session-n", n=seen[was])
            problems.append(DuplicateSessionError(msg("standings.error.same", path=path, other=other)))
        seen.setdefault(was, n)
    written: dict[str, str] = {}
    for result in sessions:
        for name in result.players:
            first = written.setdefault(looks(name), name)
            if first != name:
                problems.append(DuplicateSessionError(msg("standings.error.lookalike", name=name, other=first)))
    errors.raise_all(problems)
    points: dict[str, Fraction] = {}
    score: dict[str, int] = {}
    played: dict[str, int] = {}
    for result in sessions:
        for name, tp, total in zip(result.players, result.table_points, result.totals, strict=True):
            points[name] = points.get(name, Fraction(0)) + tp
            score[name] = score.get(name, 0) + total
            played[name] = played.get(name, 0) + 1
    key = {name: (points[name], score[name]) for name in points}
    order = sorted(points, key=lambda name: (-points[name], -score[name], name))
    rows = tuple(
        Standing(1 + sum(k > key[name] for k in key.values()), name, points[name], score[name], played[name])
        for name in order
    )
    return Standings(rows)


def read_players(path: str | Path) -> dict[str, PlayerInfo]:
    """A players file: CSV with a header `name,ema_number,country` (other columns ignored; the
    separator `,`, `;` or tab, found from the header). Every problem is raised at once, each with
    the file and line: a name missing, repeated, or holding an invisible character."""
    try:
        source = files.read_text(path)
    except files.InputFileError as e:
        raise PlayersFileError(msg("players.error.data", path=str(path) or "''", reason=e.msg)) from None
    try:
        header, rows = read_rows(source, "name", PLAYER_COLUMNS)
    except DataError as e:
        raise PlayersFileError(msg("players.error.data", path=str(path), reason=e.msg)) from None
    out: dict[str, PlayerInfo] = {}
    problems: list[McrError] = []
    for line, row in rows:
        cells = {column: cell.strip() for column, cell in zip(header, row, strict=False) if column}
        name, problem = player_name(cells.get("name", ""))
        if problem is not None:
            problems.append(PlayersFileError(msg("players.error.name", path=str(path), line=line, problem=problem)))
        elif name in out:
            problems.append(PlayersFileError(msg("players.error.row", path=str(path), line=line, name=name)))
        else:
            out[name] = PlayerInfo(name, cells.get("ema_number", ""), cells.get("country", ""))
    errors.raise_all(problems)
    return out


EMA_COLUMNS = ("place", "name", "ema_number", "country", "table_points", "score")


def ema_csv(table: Standings, players: Mapping[str, PlayerInfo]) -> str:
    """The results file the EMA ranking takes: place, name, EMA number, country, table points, score.
    A text cell that a spreadsheet would take for a formula (`=`, `+`, `-`, `@`) starts with `'`."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(EMA_COLUMNS)
    for row in table.rows:
        info = players.get(row.player, PlayerInfo(row.player))
        texts = (csv_text(row.player), csv_text(info.ema_number), csv_text(info.country))
        writer.writerow([row.rank, *texts, _points_text(row.table_points), row.score])
    return out.getvalue()


def _points_text(value: Fraction) -> str:
    """Table points as the sheet writes them: 9, 9.5, 2.33."""
    return str(int(value)) if value.denominator == 1 else f"{float(value):.2f}".rstrip("0")
