"""Catch-up (国标小助手's 追分): the smallest Hu that puts a player strictly above an opponent.

With scores s (player p, opponent o, gap d = s[o] - s[p]) a Hu worth h moves p - o by
4(h + 8) self-drawn (p gains 3(h + 8), o pays h + 8), by 2h + 32 on o's discard (p gains
h + 24, o pays h + 8), and by h + 32 on a third player's discard (o pays 8). The answer is the
smallest h >= 8 with that move > d. The lines are not restated here: `_line` computes them from
`payments.owed`, the one payment rule.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from mcr_score.messages import count, msg
from mcr_score.systems.mcr.payments import owed, received
from mcr_score.systems.mcr.profiles import DEFAULT, PROFILES
from mcr_score.systems.mcr.tournament.errors import CatchUpError
from mcr_score.systems.mcr.tournament.limits import MAX_SESSION_SCORE


@dataclass(frozen=True, slots=True)
class Chase:
    """Against one opponent (1-4): the gap to close and the smallest Hu for each way of winning."""

    player: int
    gap: int
    self_drawn: int
    from_them: int
    from_other: int

    def to_dict(self) -> dict[str, Any]:
        return {
            "player": self.player,
            "gap": self.gap,
            "self_drawn": self.self_drawn,
            "from_them": self.from_them,
            "from_other": self.from_other,
        }


@dataclass(frozen=True, slots=True)
class CatchUp:
    """`to_dict()` is the `catchup --json` object."""

    player: int
    scores: tuple[int, int, int, int]
    against: tuple[Chase, ...]

    def to_dict(self) -> dict[str, Any]:
        return {
            "ok": True,
            "player": self.player,
            "scores": list(self.scores),
            "against": [c.to_dict() for c in self.against],
        }


def _narrowed(h: int, *, self_drawn: bool, from_them: bool) -> int:
    """How much a Hu worth `h` by the player moves player minus opponent: what the player receives
    plus what the opponent pays (`payments.received` and `payments.owed`)."""
    return received(h, self_drawn=self_drawn) + owed(h, self_drawn=self_drawn, discarder=from_them)


def _line(*, self_drawn: bool, from_them: bool) -> tuple[int, int]:
    """(per_point, fixed) of the move, a line in h since `owed` is one: read at h = 0 and h = 1."""
    fixed = _narrowed(0, self_drawn=self_drawn, from_them=from_them)
    return _narrowed(1, self_drawn=self_drawn, from_them=from_them) - fixed, fixed


_SELF_DRAWN = _line(self_drawn=True, from_them=False)  # (4, 32)
_FROM_THEM = _line(self_drawn=False, from_them=True)  # (2, 32)
_FROM_OTHER = _line(self_drawn=False, from_them=False)  # (1, 32)


def _smallest(gap: int, line: tuple[int, int]) -> int:
    """The smallest h >= the minimum (a valid Hu: the default profile's, as every built-in one's)
    with per_point * h + fixed > gap."""
    per_point, fixed = line
    h = (gap - fixed) // per_point + 1  # floor division: the first integer strictly past the bound
    return max(PROFILES[DEFAULT].minimum, h)


def catch_up(scores: Sequence[int], player: int | None = None) -> CatchUp:
    """For `player` (1-4; default the lowest score, the first such), the smallest Hu against each
    opponent. Scores are four ints within what a session can move (`limits.MAX_SESSION_SCORE`):
    another type is a `TypeError` (a float, a str, bytes, a bool), a score out of bounds a
    `CatchUpError`."""
    if isinstance(scores, str | bytes | bytearray) or not isinstance(scores, Sequence):
        raise TypeError(f"scores are a sequence of four int, not {type(scores).__name__}")
    if len(scores) != 4:
        raise CatchUpError(msg("catchup.error.scores", count=count("n.score", len(scores))))
    for value in scores:
        if not isinstance(value, int) or isinstance(value, bool):
            raise TypeError(f"a score is an int, not {type(value).__name__}")
    for position, value in enumerate(scores, 1):
        if abs(value) > MAX_SESSION_SCORE:
            raise CatchUpError(msg("catchup.error.score", position=position, most=MAX_SESSION_SCORE))
    if player is not None and (not isinstance(player, int) or isinstance(player, bool)):
        raise TypeError(f"the player is an int 1-4 or None, not {type(player).__name__}")
    s = (scores[0], scores[1], scores[2], scores[3])
    if player is None:
        player = s.index(min(s)) + 1
    if not 1 <= player <= 4:
        shown = str(player) if abs(player) < 10**9 else "…"  # Python will not write an int past 4,300 digits
        raise CatchUpError(msg("catchup.error.player", player=shown))
    me = s[player - 1]
    against = []
    for other in range(1, 5):
        if other != player:
            gap = s[other - 1] - me
            against.append(
                Chase(
                    other,
                    gap,
                    self_drawn=_smallest(gap, _SELF_DRAWN),
                    from_them=_smallest(gap, _FROM_THEM),
                    from_other=_smallest(gap, _FROM_OTHER),
                )
            )
    return CatchUp(player, s, tuple(against))
