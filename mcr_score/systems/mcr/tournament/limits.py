"""The bounds of every number a score sheet, the standings or catch-up takes, each derived from
what the game allows (`mcr_score.systems.mcr.limits`: the largest hand), so that a mistyped number is a named
error instead of a result."""

from __future__ import annotations

from mcr_score.systems.mcr.limits import MAX_POINTS
from mcr_score.systems.mcr.payments import received
from mcr_score.systems.mcr.tournament.winds import HANDS

# The most a hand pays: the largest Hu (336) self-drawn, each of the three pays it and the base (344).
MAX_WIN_GAIN = received(MAX_POINTS, self_drawn=True)
# A referee's penalty or a false Hu's loss: MCR practice deals in tens of points (a false Hu 30 or
# 40); the bound is what the largest Hu moves, so any sanction fits and a mistyped number does not.
MAX_PENALTY = MAX_WIN_GAIN
MAX_HAND_SCORE = MAX_WIN_GAIN + MAX_PENALTY  # a player's score in one hand, penalties included (2,064)
MAX_SESSION_SCORE = HANDS * MAX_HAND_SCORE  # a session total, what catch-up takes (33,024)
