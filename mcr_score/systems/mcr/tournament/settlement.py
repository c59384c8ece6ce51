"""The sheet settled: each hand's payments, penalties and scores, the running totals, the table
points and places. Hands given as notation are scored by the engine under the session's rules,
with the winds the sheet gives that hand.

Payments (R98 Art. 10 一(二)-(三); French rules §VI.3 (8)), by `payments.owed`: on a discard the discarder
pays h + 8 and the two others 8; self-drawn, each of the three pays h + 8. A declared win below
8 points without flowers (or not a winning hand) is a false Hu: the offender loses 30 and each
other player gains 10 by default (a session setting). A draw moves nothing; penalties are added
as given.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Literal

from mcr_score import errors
from mcr_score.errors import McrError
from mcr_score.hand import check_hand
from mcr_score.messages import msg
from mcr_score.notation import MAX_NOTATION, parse_hand, with_situation
from mcr_score.systems.mcr import profiles
from mcr_score.systems.mcr.payments import owed
from mcr_score.systems.mcr.scoring import score_with_profile
from mcr_score.systems.mcr.tournament.errors import (
    HandNotationError,
    PointsMismatchError,
    ScoresMismatchError,
    UnbalancedError,
    WindsMismatchError,
)
from mcr_score.systems.mcr.tournament.places import number, ranks, table_points
from mcr_score.systems.mcr.tournament.sheet import (
    SEATS,
    FalseHu,
    Four,
    HandEntry,
    Session,
    entry_problems,
    hand_problem,
    session_problems,
)
from mcr_score.systems.mcr.tournament.winds import HANDS, HandWinds, hand_winds

FalseHuReason = Literal["declared", "below-minimum", "not-winning"]


@dataclass(frozen=True, slots=True)
class SettledHand:
    """One line of the sheet: what happened, its winds, and what each player (in sheet order) got."""

    entry: HandEntry
    winds: HandWinds
    kind: Literal["win", "draw", "false-hu"]
    points: int | None  # the h paid for (flowers included); None unless a valid Hu
    offender: int | None  # the false Hu's player
    reason: FalseHuReason | None  # why a false Hu: declared on the sheet, or a declared win that is none
    scored: int | None  # the engine's points without flowers, for a hand given as notation
    payments: Four
    scores: Four  # payments + penalties
    running: Four

    @property
    def n(self) -> int:
        return self.entry.n

    def to_dict(self) -> dict[str, Any]:
        e = self.entry
        return {
            "n": self.n,
            "prevalent": self.winds.prevalent,
            "seats": list(self.winds.seats),
            "kind": self.kind,
            "winner": None if e.winner is None or self.kind != "win" else e.winner + 1,
            "from": None if e.discarder is None or self.kind != "win" else e.discarder + 1,
            "points": self.points,
            "false_hu": None if self.offender is None else self.offender + 1,
            "reason": self.reason,
            "notation": e.notation,
            "payments": list(self.payments),
            "penalties": list(e.penalties),
            "scores": list(self.scores),
            "running": list(self.running),
        }


@dataclass(frozen=True, slots=True)
class SessionResult:
    """A settled session: `to_dict()` is the `session --json` object."""

    players: tuple[str, str, str, str]
    false_hu: FalseHu
    rules: str
    hands: tuple[SettledHand, ...]
    totals: Four
    table_points: tuple[Fraction, ...]
    ranks: tuple[int, ...]

    @property
    def incomplete(self) -> bool:
        """Fewer hands than a session's 16: settled as given, and said so (`hands_expected`)."""
        return len(self.hands) < HANDS

    def to_dict(self) -> dict[str, Any]:
        return {
            "ok": True,
            "players": list(self.players),
            "rules": self.rules,
            "false_hu": [self.false_hu.offender, self.false_hu.others],
            "hands": [h.to_dict() for h in self.hands],
            "totals": list(self.totals),
            "table_points": [number(p) for p in self.table_points],
            "ranks": list(self.ranks),
            "hands_expected": HANDS,
            "incomplete": self.incomplete,
        }


def win_payments(points: int, winner: int, discarder: int | None) -> Four:
    """What a valid Hu worth `points` moves, by player index (sums to zero)."""
    out = [0, 0, 0, 0]
    for p in range(SEATS):
        if p != winner:
            amount = owed(points, self_drawn=discarder is None, discarder=p == discarder)
            out[p] -= amount
            out[winner] += amount
    return (out[0], out[1], out[2], out[3])


def false_hu_moves(offender: int, setting: FalseHu) -> tuple[Four, Four]:
    """The payments (summing to zero) and the penalty of a false Hu: each other player receives
    `others` from the offender; the rest of the offender's loss (-40/+0: all of it) is a penalty."""
    payments = [setting.others] * 4
    payments[offender] = -3 * setting.others
    penalty = [0, 0, 0, 0]
    penalty[offender] = setting.offender + 3 * setting.others
    return (payments[0], payments[1], payments[2], payments[3]), (penalty[0], penalty[1], penalty[2], penalty[3])


def _add(a: Four, b: Four) -> Four:
    return (a[0] + b[0], a[1] + b[1], a[2] + b[2], a[3] + b[3])


def _notation_points(entry: HandEntry, winds: HandWinds, profile: profiles.Profile) -> tuple[int, int, bool]:
    """Score a hand given as notation with the sheet's winds: (total, points without flowers, winning)."""
    assert entry.notation is not None
    assert entry.winner is not None
    try:
        hand = parse_hand(entry.notation)
    except McrError as e:
        raise _notation_error(entry, e) from e
    seat, self_drawn = winds.seats[entry.winner], entry.discarder is None
    s = hand.situation
    if "|" in entry.notation:  # the notation states its situation: it must agree with the sheet
        if (s.prevalent_wind, s.seat_wind) != (winds.prevalent, seat):
            raise hand_problem(
                entry.n,
                msg(
                    "session.error.winds",
                    prevalent=s.prevalent_wind,
                    seat=s.seat_wind,
                    sheet_prevalent=winds.prevalent,
                    sheet_seat=seat,
                ),
                WindsMismatchError,
            )
        if s.self_drawn != self_drawn:
            said, sheet = ("session.word.self-drawn", "session.word.discard")
            if not s.self_drawn:
                said, sheet = sheet, said
            raise hand_problem(
                entry.n, msg("session.error.self-drawn", said=msg(said), sheet=msg(sheet)), WindsMismatchError
            )
    else:
        # A hand's situation holds its winds as text (the notation's letters), as the parser gives them.
        hand = with_situation(
            hand, check=False, prevalent_wind=winds.prevalent.value, seat_wind=seat.value, self_drawn=self_drawn
        )
    problems = check_hand(hand)
    if problems:
        raise _notation_error(entry, problems[0])
    result = score_with_profile(hand, profile)
    return result.total, result.points, result.winning


def _notation_error(entry: HandEntry, e: McrError) -> McrError:
    shown = entry.notation if entry.notation is not None and len(entry.notation) <= MAX_NOTATION else None
    error = HandNotationError(  # a notation too long to be one is not printed back (its message says so)
        msg("session.hand", n=entry.n, problem=msg("session.error.notation", code=e.code, problem=e.msg)),
        text=shown,
        column=e.column if shown is not None else None,
    )
    error.exit_code = e.exit_code
    error.hand = entry.n
    return error


def _settle(entry: HandEntry, setting: FalseHu, profile: profiles.Profile) -> dict[str, Any]:
    """The fields of a `SettledHand` but the running totals; raises the hand's problem."""
    winds = hand_winds(entry.n)
    out: dict[str, Any] = {"entry": entry, "winds": winds, "points": None, "offender": None, "reason": None}
    out["scored"] = None
    if entry.kind == "draw":
        return out | {"kind": "draw", "payments": (0, 0, 0, 0), "penalty": (0, 0, 0, 0)}
    if entry.kind == "false-hu":
        assert entry.offender is not None
        payments, penalty = false_hu_moves(entry.offender, setting)
        return out | {
            "kind": "false-hu",
            "offender": entry.offender,
            "reason": "declared",
            "payments": payments,
            "penalty": penalty,
        }
    assert entry.winner is not None
    total, flowers, winning = entry.points, entry.flowers or 0, True
    if entry.notation is not None:
        scored_total, scored_points, winning = _notation_points(entry, winds, profile)
        if entry.points is not None and winning and entry.points != scored_total:
            raise hand_problem(
                entry.n,
                msg("session.error.points-mismatch", points=entry.points, total=scored_total),
                PointsMismatchError,
            )
        total, flowers = scored_total, scored_total - scored_points
        out["scored"] = scored_points
    assert total is not None
    reason: FalseHuReason | None = None
    if not winning:
        reason = "not-winning"
    elif total - flowers < profile.minimum:
        reason = "below-minimum"
    if reason is not None:
        payments, penalty = false_hu_moves(entry.winner, setting)
        return out | {
            "kind": "false-hu",
            "offender": entry.winner,
            "reason": reason,
            "payments": payments,
            "penalty": penalty,
        }
    return out | {
        "kind": "win",
        "points": total,
        "payments": win_payments(total, entry.winner, entry.discarder),
        "penalty": (0, 0, 0, 0),
    }


def settle_session(session: Session, rules: str = profiles.DEFAULT) -> SessionResult:
    """Settle every hand of `session`, checked first as a file is (`sheet.session_problems`: a
    wrong type is a `TypeError`); raises every problem at once, and then returns no result."""
    problems = session_problems(session)
    result, more = settle_checked(session, rules)
    errors.raise_all([*problems, *more])
    return result


def settle_checked(session: Session, rules: str = profiles.DEFAULT) -> tuple[SessionResult, list[McrError]]:
    """The settled session and the problems of its hands (the result is meaningless if there are
    any). A hand that is not well formed (`sheet.entry_problems`) is reported and not settled."""
    profile = profiles.get(rules)
    problems: list[McrError] = []
    settled: list[SettledHand] = []
    running: Four = (0, 0, 0, 0)
    for entry in session.hands:
        found = entry_problems(entry)
        if found:
            problems += [hand_problem(entry.n, m) for m in found]
            continue
        try:
            fields = _settle(entry, session.false_hu, profile)
        except McrError as e:
            problems.append(e)
            continue
        penalty: Four = fields.pop("penalty")
        payments: Four = fields["payments"]
        scores = _add(_add(payments, penalty), entry.penalties)
        if entry.recorded is not None:
            paid = sum(entry.recorded) - sum(entry.penalties) - sum(penalty)
            if paid != 0:
                problems.append(hand_problem(entry.n, msg("session.error.unbalanced", sum=paid), UnbalancedError))
            elif entry.recorded != scores:
                problems.append(
                    hand_problem(
                        entry.n,
                        msg("session.error.scores-mismatch", recorded=list(entry.recorded), computed=list(scores)),
                        ScoresMismatchError,
                    )
                )
        running = _add(running, scores)
        settled.append(SettledHand(**fields, scores=scores, running=running))
    result = SessionResult(
        session.players,
        session.false_hu,
        profile.name,
        tuple(settled),
        running,
        table_points(running),
        ranks(running),
    )
    return result, problems
