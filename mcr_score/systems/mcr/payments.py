"""Who pays the winner what (R98 Art. 10 一(二)-(三); seed §V and §VI.3 (8)).

Every loser owes the 8 base points; on a discard the discarder also pays the total, on a self-draw
each of the three does; a robbed kong's owner pays as the discarder. The total paid includes the
flowers, which never count toward the 8-point minimum (R98 #81). Nobody pays for a false Hu.
"""

from __future__ import annotations

from typing import Any

from mcr_score.hand import Hand
from mcr_score.systems.mcr.scoring import Score
from mcr_score.tiles import Wind

BASE = 8  # points each loser pays on top of (or instead of) the total
LOSERS = 3  # everyone at the table but the winner pays


def owed(total: int, *, self_drawn: bool, discarder: bool) -> int:
    """What one loser pays the winner of a valid Hu worth `total` (flowers included): the base, and
    the total too when the winner drew the tile or this loser discarded it (or had the kong robbed).
    The one definition of the rule: `payments` here and the session sheet (`tournament`) both use it."""
    return BASE + total if self_drawn or discarder else BASE


def received(total: int, *, self_drawn: bool) -> int:
    """What the winner of a valid Hu worth `total` receives in all, by `owed`: from each loser
    self-drawn, else from the discarder and the two others."""
    if self_drawn:
        return LOSERS * owed(total, self_drawn=True, discarder=False)
    return owed(total, self_drawn=False, discarder=True) + (LOSERS - 1) * owed(total, self_drawn=False, discarder=False)


def payments(result: Score, hand: Hand, discarder: str | None = None) -> dict[str, Any]:
    """Who pays the winner what; nobody pays for a hand that is not a valid Hu."""
    s = hand.situation
    out: dict[str, Any] = {
        "applies": False,
        "reason": None,
        "base": BASE,
        "total": result.total,
        "self_drawn": s.self_drawn,
        "robbing_kong": s.robbing_kong,
        "winner": s.seat_wind,
        "discarder": discarder,
        "payers": [],
        "winner_receives": 0,
    }
    if not result.winning:
        return out | {"reason": "not-winning"}
    if not result.meets_minimum:
        return out | {"reason": "false-hu"}
    big = owed(result.total, self_drawn=True, discarder=True)
    turn = tuple(Wind)
    seat = turn.index(Wind(s.seat_wind))
    others = [turn[(seat + k) % 4].value for k in (1, 2, 3)]  # in turn order after the winner
    payers: list[dict[str, Any]]
    if s.self_drawn:
        payers = [{"seat": w, "role": "each", "amount": big} for w in others]
    else:
        role = "robbed" if s.robbing_kong else "discarder"
        if discarder:
            payers = [
                {"seat": discarder, "role": role, "amount": big},
                *(
                    {"seat": w, "role": "other", "amount": owed(result.total, self_drawn=False, discarder=False)}
                    for w in others
                    if w != discarder
                ),
            ]
        else:
            payers = [
                {"seat": None, "role": role, "amount": big},
                {"seat": None, "role": "other", "amount": BASE},
                {"seat": None, "role": "other", "amount": BASE},
            ]
    receives: int = sum(p["amount"] for p in payers)
    return out | {"applies": True, "payers": payers, "winner_receives": receives}
