"""MahjongScoring2 ("Mahjong Scoring MCR", ernestovega/MahjongScoring2) exports: the JSON list of
`PortableGame` and the CSV of one game.

The spec is docs/record-formats.md §4.6 (after `business/model/dtos/PortableGame.kt`,
`PortableRound.kt`, `use_cases/ExportGameTo*UseCase.kt`): `nameP1`-`nameP4` the players in their
first seats (East, South, West, North); each round `winnerInitialSeat` and `discarderInitialSeat`
(the player by first seat, 0-3; -1 or null none), `handPoints`, the points each player got
(`pointsP1`-`pointsP4`, penalties included) and the penalties. The CSV: a header naming the
players in `Points <name>` columns, then for each round a row and a row of running totals (`-` in
the first column). No tiles: a sheet to settle, not hands to score.
"""

from __future__ import annotations

import csv
import datetime
import io
from collections.abc import Mapping, Sequence
from enum import StrEnum
from typing import Any

from mcr_score.games.model import Game, HandRecord, Names, Outcome, RecordFormat, Win
from mcr_score.games.reading import Fields, Input, by_seat, json_of, names4, text_of
from mcr_score.messages import count, msg
from mcr_score.systems.mcr.limits import MAX_HAND_POINTS, MAX_POINTS
from mcr_score.systems.mcr.tournament.limits import MAX_HAND_SCORE, MAX_PENALTY
from mcr_score.systems.mcr.tournament.winds import HANDS, hand_winds
from mcr_score.tiles import WINDS

CSV_HEAD = ("Round", "Winner", "Discarder", "Hand Points")


def looks_like(doc: Any) -> bool:
    items = doc if isinstance(doc, list) else [doc]
    return bool(items) and all(isinstance(d, dict) and "nameP1" in d and "rounds" in d for d in items)


def looks_like_csv(text: str) -> bool:
    first = text.lstrip("\ufeff").split("\n", 1)[0]
    return tuple(c.strip() for c in first.split(",")[:4]) == CSV_HEAD


def read(data: Input) -> list[Game]:
    doc = json_of(data)
    f = Fields(data.name)
    games_json = doc if isinstance(doc, list) else [doc]
    if not games_json:
        raise f.error("", msg("record.no-hands"))
    games = []
    for k, g in enumerate(games_json):
        where = f"[{k}]" if isinstance(doc, list) else ""
        game = f.obj(g, where)
        players = names4([f.name_of(f.get(game, f"nameP{i}", where), f"{where}.nameP{i}") for i in range(1, 5)])
        rounds = f.seq(f.get(game, "rounds", where), f"{where}.rounds")
        if len(rounds) > HANDS:
            raise f.error(f"{where}.rounds", msg("record.rounds-max", n=len(rounds), most=HANDS))
        hands = []
        for i, r in enumerate(rounds):
            at = f"{where}.rounds[{i}]"
            rnd = f.obj(r, at)
            hands.append(_hand(f, rnd, at, players))
        name = str(game.get("gameName") or "")
        game_id = name or (data.stem if len(games_json) == 1 else f"{data.stem}#{k + 1}")
        games.append(
            Game(RecordFormat.MAHJONGSCORING2, game_id, name, players, tuple(hands), date=_date(game.get("startDate")))
        )
    return games


def _date(ms: Any) -> str:
    if isinstance(ms, int) and not isinstance(ms, bool) and 0 < ms < 10**14:
        return datetime.datetime.fromtimestamp(ms / 1000, datetime.UTC).date().isoformat()
    return ""


def _seat(f: Fields, value: Any, where: str) -> int | None:
    if value is None:
        return None
    seat = f.num(value, where, -1, 3)
    return None if seat < 0 else seat


def _hand(f: Fields, rnd: Mapping[str, Any], where: str, players: Names) -> HandRecord:
    n = f.num(f.get(rnd, "roundNumber", where), f"{where}.roundNumber", 1, HANDS)
    winner = _seat(f, rnd.get("winnerInitialSeat"), f"{where}.winnerInitialSeat")
    discarder = _seat(f, rnd.get("discarderInitialSeat"), f"{where}.discarderInitialSeat")
    points = bounded(f, f.num(rnd.get("handPoints", 0), f"{where}.handPoints"), f"{where}.handPoints", POINTS)
    scores = [
        bounded(f, f.num(rnd.get(f"pointsP{i}", 0), f"{where}.pointsP{i}"), f"{where}.pointsP{i}", SCORE)
        for i in range(1, 5)
    ]
    penalties = [
        bounded(f, f.num(rnd.get(f"penaltyP{i}", 0), f"{where}.penaltyP{i}"), f"{where}.penaltyP{i}", PENALTY)
        for i in range(1, 5)
    ]
    return sheet_hand(n, players, winner, discarder, points, scores, penalties)


class Bound(StrEnum):
    """What a number of the sheet is, and so how far it may go (`bounded`)."""

    POINTS = "points"  # a hand's points, flowers included: 0-336
    SCORE = "score"  # a player's points in a hand, penalties included: ±2,064
    PENALTY = "penalty"  # a penalty: ±1,032


POINTS, SCORE, PENALTY = Bound.POINTS, Bound.SCORE, Bound.PENALTY


def bounded(f: Fields, value: int, where: str, bound: Bound) -> int:
    """A number of the sheet within what the game allows (`limits`, `systems.mcr.tournament.limits`): a hand's
    points at most the highest hand's with its flowers, a player's points in a hand at most what the
    largest Hu pays plus the largest penalty, a penalty at most what the largest Hu moves. Past
    that it is a typing error, not a hand to compare."""
    if bound is POINTS:
        if value < 0:  # no hand scores less than nothing: not "more than 336"
            raise f.error(where, msg("record.range-low", value=value, low=0))
        if value > MAX_POINTS:
            raise f.error(where, msg("record.points-max", value=value, most=MAX_POINTS, hand=MAX_HAND_POINTS))
        return value
    most = MAX_HAND_SCORE if bound is SCORE else MAX_PENALTY
    if abs(value) > most:
        raise f.error(where, msg(f"record.{bound.value}-max", value=value, most=most))
    return value


def sheet_hand(
    n: int,
    players: Names,
    winner: int | None,
    discarder: int | None,
    points: int,
    scores: Sequence[int],
    penalties: Sequence[int],
) -> HandRecord:
    """A round of the sheet as a hand: players by their seat in hand `n` (the sheet's rotation)."""
    winds = hand_winds(min(n, HANDS))
    order = [winds.player_at(w) for w in WINDS]
    seat_of = [WINDS.index(s) for s in winds.seats]
    wins: tuple[Win, ...] = ()
    if winner is not None:
        source = None if discarder in (None, winner) else seat_of[discarder]
        wins = (Win(seat_of[winner], source, points, None),)
    return HandRecord(
        number=n,
        prevalent=winds.prevalent,
        players=names4([players[p] for p in order]),
        order=(order[0], order[1], order[2], order[3]),
        deal=None,
        events=(),
        wins=wins,
        outcome=Outcome.WIN if wins else Outcome.DRAW,
        scores=by_seat(scores, seat_of),
        penalties=by_seat(penalties, seat_of),
    )


def read_csv(data: Input) -> list[Game]:
    f = Fields(data.name)
    try:
        rows = list(csv.reader(io.StringIO(text_of(data)), strict=True))
    except csv.Error as e:
        raise f.error("", msg("record.csv", reason=str(e))) from None
    if not rows or tuple(c.strip() for c in rows[0][:4]) != CSV_HEAD or len(rows[0]) < 15:
        raise f.error("line 1", msg("record.ms2-header"))
    head = [c.strip() for c in rows[0]]
    players = names4([c.removeprefix("Points ").strip() for c in head[4:8]])
    hands: list[HandRecord] = []
    name = ""
    for number, row in enumerate(rows[1:], 2):
        if not row or not row[0].strip() or row[0].strip() == "-":
            continue  # a blank line; a row of running totals
        at = f"line {number}"
        if len(row) < 12:
            raise f.error(at, msg("record.length", n=count("n.item", len(row)), want=15))
        cells = [c.strip() for c in row]
        if len(hands) == HANDS:
            raise f.error(at, msg("record.rounds-max", n=len(hands) + 1, most=HANDS))
        n = _int(f, cells[0], f"{at}, {head[0]}")  # each cell named by its line and its column
        if not 1 <= n <= HANDS:
            raise f.error(f"{at}, {head[0]}", msg("record.range", value=n, low=1, high=HANDS))
        winner = _by_name(f, cells[1], players, f"{at}, {head[1]}")
        discarder = _by_name(f, cells[2], players, f"{at}, {head[2]}")
        values = [
            bounded(f, _int(f, c, f"{at}, {head[k]}"), f"{at}, {head[k]}", kind)
            for k, c, kind in zip(range(3, 12), cells[3:12], (POINTS, *[SCORE] * 4, *[PENALTY] * 4), strict=True)
        ]
        hands.append(sheet_hand(n, players, winner, discarder, values[0], values[1:5], values[5:9]))
        name = name or (cells[12] if len(cells) > 12 else "")
    if not hands:
        raise f.error("", msg("record.no-hands"))
    return [Game(RecordFormat.MAHJONGSCORING2, name or data.stem, name, players, tuple(hands))]


def _by_name(f: Fields, cell: str, players: Names, at: str) -> int | None:
    if cell in ("", "-"):
        return None
    if cell not in players:
        raise f.error(at, msg("record.ms2-player", name=cell[:40]))
    return players.index(cell)


def _int(f: Fields, cell: str, at: str) -> int:
    text = cell.strip()
    digits = text[1:] if text.startswith("-") else text
    if not digits.isascii() or not digits.isdigit() or len(digits) > 6:
        raise f.error(at, msg("record.number", value=cell[:20]))
    return int(text)
