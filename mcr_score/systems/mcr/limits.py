"""The largest numbers one MCR hand can give, so that a mistyped number (a claimed total, a sheet's
points) is a named error instead of a result. One place for them: claims and session sheets both
read these.

The highest MCR hand is 328 points without flowers: Big Three Dragons, Four Kongs, All Honors,
Four Concealed Pungs, Last Tile Draw, Out with Replacement Tile, Fully Concealed Hand, Prevalent
and Seat Wind, `[CCCC][FFFF][PPPP][EEEE]NN|EE1011` (the figure Mahjong News gives for the
regular form, "Sherlock Holmes Mystery 5", 2013; this engine scores that hand 328 under
green-book and wmo-2014, 324 under china, and no switch of a house profile raises it; the other
forms score less: Thirteen Orphans 88 and its winning-tile fans, Honors and Knitted Tiles 40).
`tests/systems/mcr/tournament/test_session_limits.py` scores it.
"""

from __future__ import annotations

from mcr_score.tiles import MAX_FLOWERS as MAX_FLOWERS  # the tile set's: 4 flowers, 4 seasons

MAX_HAND_POINTS = 328  # the highest hand without flowers (above)
MAX_POINTS = MAX_HAND_POINTS + MAX_FLOWERS  # a hand's total with its flowers: 336
