"""The errors of game records: a file that is no record of its format, a format that cannot be
told, and a hand that cannot be replayed (that one names the game, the hand and the action)."""

from __future__ import annotations

from mcr_score.errors import McrError


class GameRecordError(McrError):
    """A file that is not a record of the format it was read as: not JSON, a field missing or of
    the wrong type, a tile code that names no tile. The message names the file and the field."""

    code = "bad-game-record"


class UnknownRecordFormatError(McrError):
    """`--from auto` (or `format=None`) on content that is no record format this package reads."""

    code = "unknown-record-format"
    exit_code = 2


class ReplayError(McrError):
    """A hand whose actions contradict its own record: a tile the wall does not give there, a
    discard of a tile the player does not hold, a claim with no discard to take, a Hu on a hand of
    the wrong size. The message names the game, the hand and the action (`at`: where in the source)."""

    code = "unreplayable"


class RecordInputError(McrError):
    """An input of a run over game records that cannot be read before the run starts (standard
    input, a file missing or of no record format): a usage error naming the file."""

    code = "bad-record-input"
    exit_code = 2


class UnknownPlayerError(McrError):
    """`review --player` naming no player of the game and no seat: a usage error, exit 2."""

    code = "unknown-player"
    exit_code = 2
