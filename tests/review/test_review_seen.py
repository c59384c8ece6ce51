"""The table seat by seat at each decision (`review.seen`, for the viewer): the very tiles of the
decision's `visible`, told by seat, and nothing the player could not see."""

from __future__ import annotations

from collections import Counter
from functools import cache

from mcr_score.notation import parse_tiles
from mcr_score.review.judge import GameReview, review_file
from tests.support import REPO

SESSION = REPO / "tests" / "fixtures" / "records" / "tziakcha" / "session-GHQY2zTj.json"
PMN = REPO / "tests" / "fixtures" / "records" / "pmn" / "example_2.pmn"


@cache
def reviewed(path: str) -> tuple[GameReview, ...]:
    return review_file(path, player="all")


def test_the_table_by_seat_holds_the_tiles_in_sight() -> None:
    checked = 0
    for path in (SESSION, PMN):
        for review in reviewed(str(path)):
            for d in review.decisions:
                assert [s.seat for s in d.table] == ["E", "S", "W", "N"]
                told = [t for s in d.table for t in s.discards if t is not None]
                told += [t for s in d.table for m in s.melds for t in m.tiles]
                assert Counter(told) == Counter(parse_tiles(d.visible)), (d.hand, d.seat, d.turn)
                own = next(s for s in d.table if s.seat == d.seat)
                assert own.melds == ()  # the player's melds are in the position
                assert not any(m.concealed for s in d.table for m in s.melds)
                checked += 1
    assert checked > 900


def test_a_claimed_discard_keeps_its_place() -> None:
    rows = [s for d in reviewed(str(PMN))[0].decisions for s in d.table]
    assert any(None in s.discards for s in rows)
    claimed = next(s for s in rows if None in s.discards)
    assert claimed.to_dict()["discards"].count(None) == claimed.discards.count(None)
    assert {"seat", "discards", "melds"} == set(claimed.to_dict())
