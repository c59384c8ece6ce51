"""What seed 003's system refuses in a hand that MCR's notation can write: MCR's last-copy and
last-tile-of-the-wall fields, which are MCR fans and no element of the seed's table (a flag the
table cannot score is refused, never silently dropped). Each problem is located as
`hand.check_hand` locates its own (a column in the notation, else a field)."""

from __future__ import annotations

from mcr_score.errors import McrError, SituationNotInSystemError
from mcr_score.hand import Hand, Locator, field_locator
from mcr_score.messages import msg

NOT_IN_TABLE = ("last_copy", "wall_last")  # the situation fields of MCR that no row of the table reads


def check_hk(hand: Hand, locate: Locator = field_locator, text: str | None = None) -> list[McrError]:
    """Every situation field of the hand that the seed's table has no element for."""
    problems: list[McrError] = []
    for name in NOT_IN_TABLE:
        if getattr(hand.situation, name):
            column, where = locate(("situation", name))
            problems.append(
                SituationNotInSystemError(msg(f"hk.error.situation.{name}"), text=text, column=column, where=where)
            )
    return problems
