"""A score sheet kept by an app (国标小助手, MahjongScoring2) as a session of `tournament`: settled by
our rules (the sheet's payments, false Hu and minimum; a hand the app recorded with its tiles scored
by our engine), then compared with the scores the app recorded, hand by hand.

The app's own scores: 国标小助手 shows a Hu of 8 or more (flowers included) paid as MCR pays it, plus
the penalties (`Record.cpp` TranslateDetailToScoreTable, as `gbhelper` reads it); MahjongScoring2
stores each player's points (`pointsP1`-`pointsP4`, penalties included). Where ours differ, the
difference is listed with the reason the settlement gives: a hand scored from its tiles to another
total, a declared Hu below 8 without its flowers (a false Hu here), a hand the app did not settle.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from mcr_score.errors import McrError
from mcr_score.games.api import read_games
from mcr_score.games.errors import GameRecordError
from mcr_score.games.model import SHEET_FORMATS as SHEETS
from mcr_score.games.model import Four, Game, HandRecord, Outcome, RecordFormat
from mcr_score.messages import Message, count, msg
from mcr_score.notation import format_hand
from mcr_score.systems.mcr import profiles
from mcr_score.systems.mcr.tournament import FalseHu, HandEntry, Session, SessionResult, settle_file, settle_files
from mcr_score.systems.mcr.tournament.sheet import DEFAULT_FALSE_HU


@dataclass(frozen=True, slots=True)
class Difference:
    """A hand whose scores differ: the app's and ours (by player, sheet order), and why (`reason`
    a message; the engine's total for a hand scored from its tiles, `scored`)."""

    hand: int
    recorded: Four
    settled: Four
    reason: Message


@dataclass(frozen=True, slots=True)
class Compared:
    """A sheet settled here and compared with what the app recorded."""

    app: RecordFormat
    game: str
    result: SessionResult
    recorded: tuple[Four, ...]
    differences: tuple[Difference, ...]
    notes: tuple[Message, ...]

    def recorded_totals(self) -> Four:
        totals = [sum(h[p] for h in self.recorded) for p in range(4)]
        return (totals[0], totals[1], totals[2], totals[3])

    def to_dict(self) -> dict[str, Any]:
        return {
            "app": self.app.value,
            "game": self.game,
            "scores": [list(s) for s in self.recorded],
            "totals": list(self.recorded_totals()),
            "differences": [
                {"hand": d.hand, "recorded": list(d.recorded), "settled": list(d.settled), "reason": d.reason.text()}
                for d in self.differences
            ],
            "notes": [n.text() for n in self.notes],
        }


def _by_player(values: Four | None, hand: HandRecord) -> Four:
    """Values given by seat, in the sheet's order of players."""
    if values is None:
        return (0, 0, 0, 0)
    out = [0, 0, 0, 0]
    for seat, player in enumerate(hand.order):
        out[player] = values[seat]
    return (out[0], out[1], out[2], out[3])


def session_of(game: Game, false_hu: FalseHu | None = None) -> tuple[Session, tuple[Four, ...], tuple[Message, ...]]:
    """The game's hands as a sheet (players in the seats of hand 1), the app's scores of each hand
    by player, and notes (a hand whose tiles the app kept but ours cannot read: settled on its total)."""
    entries = []
    recorded = []
    notes: list[Message] = []
    for k, hand in enumerate(game.hands, 1):
        penalties = _by_player(hand.penalties, hand)
        recorded.append(_by_player(hand.scores, hand))
        win = hand.wins[0] if hand.wins else None
        if win is None or hand.outcome is Outcome.UNKNOWN:
            entries.append(HandEntry(k, "draw", penalties=penalties))
            continue
        winner = hand.order[win.seat]
        discarder = None if win.discarder is None else hand.order[win.discarder]
        notation = format_hand(win.hand) if win.hand is not None else None
        if win.problem is not None:
            notes.append(msg("sheet.note.unread", hand=k, problem=win.problem.msg))
        points = None if notation is not None else win.total
        entries.append(
            HandEntry(
                k, "win", winner=winner, discarder=discarder, points=points, notation=notation, penalties=penalties
            )
        )
    session = Session(game.players, tuple(entries), false_hu or DEFAULT_FALSE_HU)
    return session, tuple(recorded), tuple(notes)


def compare(game: Game, rules: str = profiles.DEFAULT, false_hu: FalseHu | None = None) -> Compared:
    """The sheet settled by our rules and compared with the app's scores (every problem of the sheet
    raised at once, as `session` raises them)."""
    session, recorded, notes = session_of(game, false_hu)
    result = settle_file(session, [], rules)
    differences = []
    for settled, app, hand in zip(result.hands, recorded, game.hands, strict=True):
        if tuple(settled.scores) != app:
            differences.append(Difference(settled.n, app, settled.scores, _reason(settled, hand)))
    return Compared(game.format, game.id, result, recorded, tuple(differences), notes)


def _reason(settled: Any, hand: HandRecord) -> Message:
    """Why our settlement of a hand differs from the app's."""
    win = hand.wins[0] if hand.wins else None
    if settled.kind == "false-hu":
        return msg("sheet.why.false-hu", total=win.total if win is not None else 0)
    if win is not None and win.total is not None and settled.points is not None and settled.points != win.total:
        return msg("sheet.why.points", ours=settled.points, theirs=win.total)
    if win is not None and settled.kind == "win":
        return msg("sheet.why.settled")
    return msg("sheet.why.other")


def load(path: str | os.PathLike[str], fmt: RecordFormat, game: int | None = None) -> tuple[Game, int]:
    """The sheet of a record file: its only game, or game `game` (1-based) of several."""
    games = read_games(path, fmt)
    if fmt not in SHEETS:
        raise GameRecordError(msg("sheet.not-a-sheet", file=os.fspath(path), format=fmt.value))
    if game is None:
        if len(games) != 1:
            raise GameRecordError(msg("sheet.choose", file=os.fspath(path), n=len(games)))
        return games[0], len(games)
    if not 1 <= game <= len(games):
        raise GameRecordError(msg("sheet.no-game", file=os.fspath(path), game=game, n=count("n.sheet", len(games))))
    return games[game - 1], len(games)


def settle_record_files(paths: Iterable[str], fmt: RecordFormat, rules: str = profiles.DEFAULT) -> list[SessionResult]:
    """Every sheet of every file settled, for the standings: each game of a file a session; every
    problem of every file at once, a session given twice refused (`tournament.settle_files`)."""

    def sessions(path: str | Path) -> Sequence[tuple[str, Session, list[McrError]]]:
        games = read_games(path, fmt)
        if fmt not in SHEETS:
            raise GameRecordError(msg("sheet.not-a-sheet", file=os.fspath(path), format=fmt.value))
        name = os.fspath(path)
        return [(name if len(games) == 1 else f"{name}#{k}", session_of(g)[0], []) for k, g in enumerate(games, 1)]

    return settle_files(paths, rules, load=sessions)
