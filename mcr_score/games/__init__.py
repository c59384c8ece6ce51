"""Game records: real games as the platforms and apps where MCR is played store them, read into one
typed model (`model`), every hand replayed from its deal (`replay`), and written as PMN (`pmn`).

The formats (docs/record-formats.md): tziakcha, Salasasa, Botzone (text and match log), PMN, and
the score sheets of 国标小助手 and MahjongScoring2. `read_game(path_or_bytes, format=None)` gives a
`Game`; `format=None` tells the format from the content. The front ends (`batch --from`,
`convert`, `session --from`) call this package; it calls none of them. Each name is imported on
first use (PEP 562): a command that only names a format loads no reader.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from mcr_score.lazy import attributes

if TYPE_CHECKING:
    from mcr_score.games.api import FORMATS, detect, iter_games, read_game, read_games, readable, record_format
    from mcr_score.games.errors import GameRecordError, ReplayError, UnknownRecordFormatError
    from mcr_score.games.model import (
        HAND_FORMATS,
        SHEET_FORMATS,
        Act,
        Deal,
        Event,
        Flower,
        Game,
        HandRecord,
        Holding,
        Outcome,
        RecordedFan,
        RecordFormat,
        Win,
    )

_HOME = {
    **dict.fromkeys(("FORMATS", "detect", "iter_games", "read_game", "read_games", "readable", "record_format"), "api"),
    **dict.fromkeys(("GameRecordError", "ReplayError", "UnknownRecordFormatError"), "errors"),
    **dict.fromkeys(
        (
            "HAND_FORMATS",
            "SHEET_FORMATS",
            "Act",
            "Deal",
            "Event",
            "Flower",
            "Game",
            "HandRecord",
            "Holding",
            "Outcome",
            "RecordedFan",
            "RecordFormat",
            "Win",
        ),
        "model",
    ),
}


__getattr__ = attributes(__name__, _HOME, globals())


__all__ = [
    "FORMATS",
    "HAND_FORMATS",
    "SHEET_FORMATS",
    "Act",
    "Deal",
    "Event",
    "Flower",
    "Game",
    "GameRecordError",
    "HandRecord",
    "Holding",
    "Outcome",
    "RecordFormat",
    "RecordedFan",
    "ReplayError",
    "UnknownRecordFormatError",
    "Win",
    "detect",
    "iter_games",
    "read_game",
    "read_games",
    "readable",
    "record_format",
]
