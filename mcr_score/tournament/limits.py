"""The bounds of every number a score sheet, the standings or catch-up takes, each derived from
what the game allows, so that a mistyped number is a named error instead of a result.

The highest MCR hand is 328 points without flowers: Big Three Dragons, Four Kongs, All Honors,
Four Concealed Pungs, Last Tile Draw, Out with Replacement Tile, Fully Concealed Hand, Prevalent
and Seat Wind, `[CCCC][FFFF][PPPP][EEEE]NN|EE1011` (the figure Mahjong News gives for the
regular form, "Sherlock Holmes Mystery 5", 2013; this engine scores that hand 328 under
green-book and wmo-2014, 324 under china, and no switch of a house profile raises it; the other
forms score less: Thirteen Orphans 88 and its winning-tile fans, Honors and Knitted Tiles 40).
`tests/test_session_limits.py` scores it.
"""

from __future__ import annotations

from ..payments import BASE
from .winds import HANDS

MAX_HAND_POINTS = 328  # the highest hand without flowers (above)
MAX_FLOWERS = 8  # four flowers and four seasons
MAX_POINTS = MAX_HAND_POINTS + MAX_FLOWERS  # a sheet's points include the flowers: 336
MAX_WIN_GAIN = 3 * (MAX_POINTS + BASE)  # the most a hand pays: 336 self-drawn, each of three pays 344
# A referee's penalty or a false Hu's loss: MCR practice deals in tens of points (a false Hu 30 or
# 40); the bound is what the largest Hu moves, so any sanction fits and a mistyped number does not.
MAX_PENALTY = MAX_WIN_GAIN
MAX_HAND_SCORE = MAX_WIN_GAIN + MAX_PENALTY  # a player's score in one hand, penalties included (2,064)
MAX_SESSION_SCORE = HANDS * MAX_HAND_SCORE  # a session total, what catch-up takes (33,024)
