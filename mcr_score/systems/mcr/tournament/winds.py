"""Seat and prevalent winds of each of a session's 16 hands.

A session is four wind rounds (East, South, West, North) of four hands. Within a round the East
seat passes after every hand to the next player in turn (the one who was South), whoever won
(French rules §VI.3 (7): the winds turn even when East wins, so a session is exactly 16 hands).
Between rounds the players change seats (MCR 2006, appendix 4 "Procedures for Seat Rotation";
Mahjong Den Haag, "MCR seating scheme"): after the East round East and South swap, West and North
swap; the player who started West then sits North, East, South, the one who started North sits
West, South, East; the East starter sits North then West, the South starter West then North.
"""

from __future__ import annotations

from dataclasses import dataclass

from mcr_score.messages import msg
from mcr_score.systems.mcr.tournament.errors import SessionError
from mcr_score.tiles import Wind

HANDS = 16  # four wind rounds of four hands
ROUND_HANDS = 4

# The seat each player (numbered by their seat in hand 1: E, S, W, N) takes at the start of each round.
E, S, W, N = Wind
ROUND_SEATS: tuple[tuple[Wind, Wind, Wind, Wind], ...] = (
    (E, S, W, N),
    (S, E, N, W),
    (N, W, E, S),
    (W, N, S, E),
)
_TURN = tuple(Wind)  # the winds in turn order


@dataclass(frozen=True, slots=True)
class HandWinds:
    """The prevalent wind of hand `n` (1-16) and each player's seat wind, in sheet order."""

    n: int
    prevalent: Wind
    seats: tuple[Wind, Wind, Wind, Wind]

    def player_at(self, wind: str) -> int:
        """The player (0-3) sitting at `wind` in this hand."""
        return self.seats.index(wind)


def hand_winds(n: int) -> HandWinds:
    """The winds of hand `n` of a session (1-16): another int is a `SessionError`, another type a
    `TypeError`."""
    if not isinstance(n, int) or isinstance(n, bool):
        raise TypeError(f"a hand number is an int, not {type(n).__name__}")
    if not 1 <= n <= HANDS:
        raise SessionError(msg("session.error.winds-hand", most=HANDS, n=n if abs(n) < 10**9 else "…"))
    round_index, k = divmod(n - 1, ROUND_HANDS)
    seats = tuple(_TURN[(_TURN.index(w) - k) % 4] for w in ROUND_SEATS[round_index])
    return HandWinds(n, _TURN[round_index], (seats[0], seats[1], seats[2], seats[3]))
