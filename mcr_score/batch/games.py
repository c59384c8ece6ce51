"""`batch --from`: game record files as batch records. Each winning hand becomes one record, in game
order, scored as its JSON record `{"id": "game/hand/seat", "notation", "claimed_total", "claimed_fans"}`
(what `convert --to jsonl` writes) would be, so that the claim check, `--report`, `--jobs`, `--resume`
and `--strict` work as on any input; it is handed over with the rebuilt hand (`reading.GameHand`),
not as that line to be read back. A hand that could not be replayed, or a file that stops being
readable midway, becomes an error record naming where (never a lost record). Hands without a Hu are
counted (`GameTally`), not written.
"""

from __future__ import annotations

import json
import os
from collections.abc import Generator, Iterator, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from mcr_score.batch.errors import BatchError
from mcr_score.batch.reading import GameHand, LineProblem, Opened, RawLine
from mcr_score.errors import McrError

if TYPE_CHECKING:
    from mcr_score.games.model import Game


@dataclass
class GameTally:
    """What the game records held: files, games, hands, and how the hands ended."""

    files: int = 0
    games: int = 0
    hands: int = 0
    won: int = 0  # hands with a Hu
    winning_hands: int = 0  # the Hu (several on one discard in duplicate MCR): one output record each
    draws: int = 0
    false_hu: int = 0  # hands with a declared Hu the record marks wrong
    unfinished: int = 0  # hands the record does not finish (a sheet's hand not played)
    no_tiles: int = 0  # a Hu whose hand the record does not hold (a score sheet's): not scored
    unreplayable: int = 0
    formats: dict[str, int] = field(default_factory=dict)

    def merge(self, other: GameTally) -> None:
        """Add the counts of another part of the run (a piece read in a worker)."""
        for name in _COUNTS:
            setattr(self, name, getattr(self, name) + getattr(other, name))
        for fmt, n in other.formats.items():
            self.formats[fmt] = self.formats.get(fmt, 0) + n

    def to_dict(self) -> dict[str, Any]:
        return {
            "files": self.files,
            "games": self.games,
            "hands": self.hands,
            "won": self.won,
            "winning_hands": self.winning_hands,
            "draws": self.draws,
            "false_hu": self.false_hu,
            "unfinished": self.unfinished,
            "no_tiles": self.no_tiles,
            "unreplayable": self.unreplayable,
            "formats": dict(sorted(self.formats.items())),
        }


_COUNTS = (
    "files",
    "games",
    "hands",
    "won",
    "winning_hands",
    "draws",
    "false_hu",
    "unfinished",
    "no_tiles",
    "unreplayable",
)


def check_inputs(paths: Sequence[str], fmt: str | None) -> None:
    """The game files checked before the run (`games.api.check_inputs`), a problem a run's error."""
    from mcr_score.games.api import check_inputs as check

    try:
        check(paths, fmt)
    except McrError as e:
        raise BatchError(e.msg) from None


def records(paths: Sequence[str], fmt: str | None, tally: GameTally) -> Opened:
    """The game files as an opened input of records (`runner.run` takes it as is): the winning hands
    (`GameHand`), and the error records as lines of JSON lines."""
    return Opened("jsonl", None, ",", _lines(paths, fmt, tally))


def _lines(paths: Sequence[str], fmt: str | None, tally: GameTally) -> Iterator[RawLine | GameHand]:
    from mcr_score.games.api import iter_games

    number = 0
    for path in paths:
        tally.files += 1
        for record in file_records(path, iter_games(path, fmt), tally, number + 1):
            number = record.number
            yield record


def file_records(
    path: str, games: Iterator[Game], tally: GameTally, first: int = 1
) -> Generator[RawLine | GameHand, None, bool]:
    """The records of a file's games, numbered from `first`, counted in `tally`: each winning hand,
    and an error record for a hand that could not be replayed; a file that stops being a record
    midway gives one error record saying so and ends there (then the generator returns True)."""
    from mcr_score.games.errors import GameRecordError
    from mcr_score.games.export import Ending, ending, hand_outs

    number = first - 1
    while True:
        try:
            game = next(games)
        except StopIteration:
            return False
        except McrError as e:  # the file stops being a record midway: one error record says so
            problem = e if isinstance(e, GameRecordError) else GameRecordError(e.msg)
            yield _error_line(number + 1, os.path.basename(path), problem)
            return True
        tally.games += 1
        tally.formats[game.format.value] = tally.formats.get(game.format.value, 0) + 1
        for hand in game.hands:
            tally.hands += 1
            end = ending(hand)
            tally.false_hu += bool(hand.false_wins)
            tally.won += end is Ending.WON
            tally.draws += end is Ending.DRAW
            tally.unfinished += end is Ending.UNFINISHED
            tally.unreplayable += hand.problem is not None
            for k, out in enumerate(hand_outs(game, hand)):  # the k-th out of a won hand: its k-th Hu
                if out.notation is None and out.problem is None:
                    tally.no_tiles += 1
                    continue
                number += 1
                if out.problem is not None:
                    yield _error_line(number, out.id, out.problem)
                else:
                    tally.winning_hands += 1
                    yield GameHand(number, out, hand.wins[k].hand)


def _error_line(number: int, rid: str, problem: McrError) -> RawLine:
    """An error record of the input: its code, message and where, the id kept for the output."""
    salvage = json.dumps({"id": rid}, ensure_ascii=False)
    return RawLine(number, None, LineProblem(problem.code, problem.msg, salvage, problem.where), 0)
