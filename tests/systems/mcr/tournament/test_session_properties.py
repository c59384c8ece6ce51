"""Properties of the session arithmetic, checked on generated sheets: every hand's payments sum to
zero (so the totals sum to the penalties), the table points always sum to 7 and follow the order of
the totals, and catch-up's h is the smallest Hu that works, by playing that Hu out with the sheet's
own payments."""

from __future__ import annotations

from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mcr_score.systems.mcr.tournament import catch_up, score_session
from mcr_score.systems.mcr.tournament.places import table_points
from mcr_score.systems.mcr.tournament.settlement import false_hu_moves, win_payments
from mcr_score.systems.mcr.tournament.sheet import FalseHu

# No deadline: speed is measured in benchmarks/, and the loaded test machine stalls now and then.
PROPERTY = settings(deadline=None, suppress_health_check=[HealthCheck.too_slow])
player = st.integers(1, 4)
penalties = st.lists(st.integers(-50, 0), min_size=4, max_size=4)


@st.composite
def hands(draw: st.DrawFn) -> dict[str, Any]:
    kind = draw(st.sampled_from(["win", "draw", "false-hu"]))
    hand: dict[str, Any]
    if kind == "draw":
        hand = {"draw": True}
    elif kind == "false-hu":
        hand = {"false_hu": draw(player)}
    else:
        winner = draw(player)
        hand = {"winner": winner, "points": draw(st.integers(0, 200))}
        discarder = draw(st.one_of(st.none(), player.filter(lambda p: p != winner)))
        if discarder is not None:
            hand["from"] = discarder
    if draw(st.booleans()):
        hand["penalties"] = draw(penalties)
    return hand


false_hu_settings = st.tuples(st.integers(-60, 0), st.integers(0, 20)).filter(lambda s: s[0] + 3 * s[1] <= 0)


@PROPERTY
@given(st.integers(0, 500), st.integers(0, 3), st.one_of(st.none(), st.integers(0, 3)))
def test_the_payments_of_a_hu_sum_to_zero(points: int, winner: int, discarder: int | None) -> None:
    if discarder == winner:
        discarder = None
    paid = win_payments(points, winner, discarder)
    assert sum(paid) == 0
    assert paid[winner] == (3 * (points + 8) if discarder is None else points + 24)


@PROPERTY
@given(st.integers(0, 3), false_hu_settings)
def test_a_false_hu_pays_the_others_and_penalises_the_rest(offender: int, setting: tuple[int, int]) -> None:
    payments, penalty = false_hu_moves(offender, FalseHu(*setting))
    assert sum(payments) == 0
    assert payments[offender] + penalty[offender] == setting[0]


@PROPERTY
@given(st.lists(hands(), min_size=1, max_size=16), false_hu_settings)  # 0 hands: refused (test_session_limits)
def test_a_sessions_totals_sum_to_its_penalties(sheet: list[dict[str, Any]], setting: tuple[int, int]) -> None:
    result = score_session({"players": ["A", "B", "C", "D"], "false_hu": list(setting), "hands": sheet})
    false_hu_penalty = setting[0] + 3 * setting[1]  # what a false Hu takes that the others do not receive
    for hand in result.hands:
        assert sum(hand.payments) == 0
        assert sum(hand.scores) == sum(hand.entry.penalties) + (false_hu_penalty if hand.kind == "false-hu" else 0)
    given_penalties = sum(sum(h.get("penalties", [0])) for h in sheet)
    false_hu_penalty *= sum(1 for h in result.hands if h.kind == "false-hu")
    assert sum(result.totals) == given_penalties + false_hu_penalty
    assert sum(result.table_points) == 7


@PROPERTY
@given(st.lists(st.integers(-300, 300), min_size=4, max_size=4))
def test_table_points_sum_to_7_and_follow_the_totals(totals: list[int]) -> None:
    points = table_points(totals)
    assert sum(points) == 7
    for a in range(4):
        for b in range(4):
            if totals[a] > totals[b]:
                assert points[a] > points[b]
            if totals[a] == totals[b]:
                assert points[a] == points[b]


def _ahead_after(scores: list[int], me: int, other: int, h: int, discarder: int | None) -> bool:
    paid = win_payments(h, me, discarder)
    return scores[me] + paid[me] > scores[other] + paid[other]


@PROPERTY
@given(st.lists(st.integers(-1000, 1000), min_size=4, max_size=4), player)
def test_catch_up_is_the_smallest_hu_that_works(scores: list[int], me: int) -> None:
    result = catch_up(scores, me)
    assert [c.player for c in result.against] == [p for p in range(1, 5) if p != me]
    for chase in result.against:
        o = chase.player - 1
        third = next(p for p in range(4) if p not in (me - 1, o))
        assert chase.gap == scores[o] - scores[me - 1]
        for h, discarder in ((chase.self_drawn, None), (chase.from_them, o), (chase.from_other, third)):
            assert h >= 8
            assert _ahead_after(scores, me - 1, o, h, discarder)
            assert h == 8 or not _ahead_after(scores, me - 1, o, h - 1, discarder)
