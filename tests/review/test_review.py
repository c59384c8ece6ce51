"""Issue 27: game review. Every decision of the real games (tests/fixtures/records) carries figures
equal to what `shanten`, `discards` and `score` give for its position and visible tiles; a decision
never changes when tiles the player cannot see are changed; the summaries count what they say."""

from __future__ import annotations

import dataclasses
from functools import cache
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mcr_score import discards, score, shanten
from mcr_score.games import Act, Flower, Game, read_game
from mcr_score.games.errors import UnknownPlayerError
from mcr_score.games.replay import replay
from mcr_score.review.judge import Decision, GameReview, Option, players_of, review_game, review_hand, summarize
from mcr_score.review.text import command, review_text
from mcr_score.systems.mcr.valuation import Opponent
from mcr_score.tiles import Tile
from mcr_score.vocabulary import DecisionKind as Kind
from mcr_score.vocabulary import Verdict
from tests.support import TESTS

RECORDS = TESTS / "fixtures" / "records"
SESSION = RECORDS / "tziakcha" / "session-GHQY2zTj.json"
REAL = (SESSION, *sorted((RECORDS / "pmn").glob("*.pmn")))


@cache
def game(path: Path) -> Game:
    return read_game(path)


@cache
def reviewed(path: Path) -> GameReview:
    return review_game(game(path))


def decisions() -> list[tuple[str, Decision]]:
    return [(f"{p.name}/{d.hand}/{d.seat}/{i}", d) for p in REAL for i, d in enumerate(reviewed(p).decisions)]


def test_every_real_game_is_reviewed_whole():
    for path in REAL:
        review = reviewed(path)
        assert all(h.problem is None for h in review.hands), path
        assert len(review.hands) == 4 * len(game(path).hands)
        kinds = {d.kind for d in review.decisions}
        assert {Kind.DISCARD, Kind.HU} <= kinds
        wins = sum(len(h.wins) for h in game(path).hands)
        assert sum(1 for d in review.decisions if d.kind is Kind.HU) == wins


def test_each_decision_agrees_with_the_engine():
    """The issue's check: a decision's figures are those `discards`, `shanten` and `score` give for
    its position and the tiles it shows as visible."""
    checked = 0
    for name, d in decisions():
        if d.kind is Kind.DISCARD:
            ranked = discards(d.position, seen=d.visible, wall_left=d.wall_left, opponents=d.opponents).to_dict()[
                "discards"
            ]
            assert [c.to_dict() for c in d.ranking] == ranked, name
            chosen = next(c for c in ranked if c["tile"] == d.choice)
            least = min(c["shanten"] for c in ranked)  # the position's shanten, whichever discard ranks first
            assert (d.shanten_before, d.shanten_after) == (least, chosen["shanten"]), name
            assert d.best == ranked[0]["tile"]
        elif d.kind in (Kind.CLAIM, Kind.PASS):
            reading = shanten(d.position, seen=d.visible)
            kept = next(o for o in d.ranking if isinstance(o, Option) and o.choice == "pass")
            assert (d.shanten_before, kept.shanten, kept.useful_left) == (
                reading.shanten,
                reading.shanten,
                reading.useful_left,
            ), name
        elif d.kind is Kind.KONG:
            assert d.shanten_before == discards(d.position, seen=d.visible).discards[0].shanten, name
        else:
            result = score(d.position)
            assert result.total == d.score, name
            assert result.meets_minimum == (d.kind is not Kind.FALSE_HU), name
        checked += 1
    assert checked > 1000


def test_verdicts_follow_the_ranking():
    for name, d in decisions():
        if not d.ranking:
            continue
        first = d.ranking[0]
        chosen = [c for c in d.ranking if (c.tile.code if not isinstance(c, Option) else c.choice) == d.choice]
        assert len(chosen) == 1, name
        if chosen[0] is first:
            assert (d.verdict, d.shanten_lost, d.useful_lost) == (Verdict.BEST, 0, 0), name
        elif d.kind is Kind.DISCARD:
            assert d.verdict is not Verdict.BEST, name
        if d.kind is Kind.DISCARD and d.verdict is Verdict.WORSE:
            assert d.shanten_lost == max(0, chosen[0].shanten - first.shanten), name
        if d.verdict is not Verdict.WORSE:
            assert (d.shanten_lost, d.useful_lost) == (0, 0), name


def test_the_summaries_count_the_decisions():
    review = reviewed(SESSION)
    for player in review.players:
        mine = [d for d in review.decisions if d.player == player]
        s = review.summary(player)
        played = [d for d in mine if d.kind is Kind.DISCARD]
        assert s.discards == len(played) > 150
        assert s.agreed == sum(1 for d in played if d.verdict in (Verdict.BEST, Verdict.EQUAL_BEST))
        assert s.agreement == round(100 * s.agreed / s.discards, 1)
        assert len(s.costliest) == 5
        assert all(d.verdict is Verdict.WORSE for d in s.costliest)
        costs = [d.cost() for d in s.costliest]
        assert costs == sorted(costs, reverse=True)
        worst = max(d.cost() for d in mine if d.verdict is Verdict.WORSE)
        assert costs[0] == worst
        assert sum(h.summary.discards for h in review.hands if h.player == player) == s.discards
    empty = summarize([])
    assert (empty.agreement, empty.average_shanten_lost, empty.costliest) == (None, None, ())


def test_the_json_shape():
    data = reviewed(SESSION).to_dict()
    assert set(data) == {"game", "title", "format", "rules", "players", "hands", "decisions"}
    for d in data["decisions"]:
        assert {
            "hand",
            "player",
            "kind",
            "position",
            "visible",
            "choice",
            "shanten_before",
            "shanten_after",
            "ranking",
            "verdict",
        } <= set(d)
        assert d["kind"] in {k.value for k in Kind}
        assert d["verdict"] in {"best", "equal-best", "worse"}
    assert {p["player"] for p in data["players"]} == set(game(SESSION).players)


def test_players_by_name_seat_or_all():
    g = game(SESSION)
    assert players_of(g, None) is None
    assert players_of(g, "all") is None
    assert players_of(g, g.players[2]) == (2,)
    assert players_of(g, "w") == (2,)
    with pytest.raises(UnknownPlayerError, match="no player Nobody"):
        players_of(g, "Nobody")
    one = review_game(g, (1,))
    assert one.players == (g.players[1],)
    assert {h.player for h in one.hands} == {g.players[1]}


def test_a_hand_without_its_deal_is_named_not_reviewed():
    review = review_game(read_game(RECORDS / "tziakcha" / "record_miner_example_record.json"))
    assert review.hands
    assert all(h.problem is not None and h.problem.id == "review.no-deal" for h in review.hands)
    assert review.decisions == ()


def test_a_replay_that_stops_keeps_the_decisions_before():
    g = game(SESSION)
    record = g.hands[0]
    cut = next(i for i, e in enumerate(record.events) if e.act is Act.DISCARD and e.seat == 1) + 10
    events = list(record.events)
    events[cut] = events[cut]._replace(seat=1, act=Act.CONCEALED_KONG, tile=Tile("1m"), meld=())
    broken = dataclasses.replace(record, events=tuple(events))
    result = review_hand(broken, 1, 1, g.players[record.order[1]])
    assert result.problem is not None
    assert result.problem.id == "review.stopped"
    assert result.decisions


def test_missed_and_false_hus():
    """A Hu of 8 points the player let pass is missed; one declared under 8 (or marked wrong) is false."""
    g = game(SESSION)
    record = g.hands[0]
    win = next(e for e in record.events if e.act is Act.WIN)
    at = record.events.index(win)
    passed = (*record.events[:at], win._replace(act=Act.PASS), *record.events[at + 1 :])
    missed = dataclasses.replace(record, events=passed, wins=())
    seat = win.seat
    name = g.players[record.order[seat]]
    found = review_hand(missed, 1, seat, name).decisions
    assert [d.kind for d in found if d.kind is Kind.MISSED_HU] == [Kind.MISSED_HU]
    d = next(d for d in found if d.kind is Kind.MISSED_HU)
    assert d.score == score(d.position).total >= 8
    assert d.verdict is Verdict.WORSE
    false = dataclasses.replace(record, false_wins=(seat,))
    assert any(d.kind is Kind.FALSE_HU for d in review_hand(false, 1, seat, name).decisions)
    for tile in (win.tile, None):  # the tile the record names, else the discard it was declared on
        marked = (*record.events[:at], win._replace(act=Act.FALSE_WIN, tile=tile))
        wrong = dataclasses.replace(record, events=marked, wins=())
        last = review_hand(wrong, 1, seat, name).decisions[-1]
        assert last.kind is Kind.FALSE_HU
        assert last.choice is not None
        assert last.score == score(last.position).total
    text = review_text(
        GameReview(g.id, g.title, g.format, "green-book", (name,), (review_hand(missed, 1, seat, name),)), "en"
    )
    assert f"missed Hu on {d.choice}, {d.score} points" in text
    assert f"mcr-score score '{d.position}'" in text


def test_a_kong_is_shown_with_the_discards_command():
    kong = next(d for d in reviewed(SESSION).decisions if d.kind is Kind.KONG)

    def kinds(o: Opponent) -> str:  # after slashes the kinds among their discards, let go since, and before
        parts = [o.own, o.passed, o.passed_before]
        while parts and not parts[-1]:
            parts.pop()
        return "".join("/" + "".join(Tile.from_index(k).code for k in part) for part in parts)

    opponents = "".join(f" --opponent {o.discarded}:{o.melds}{kinds(o)}" for o in kong.opponents)
    assert any(o.own for o in kong.opponents)
    assert any(o.passed for o in kong.opponents)
    assert any(o.passed_before for o in kong.opponents)
    assert all(o.one_suit is None for o in kong.opponents)
    assert (
        command(kong)
        == f"mcr-score discards '{kong.position}' --seen '{kong.visible}' --wall {kong.wall_left}{opponents}"
    )


# -- what the player cannot see ----------------------------------------------------------------


def _hidden_swaps(g: Game, index: int, other: int) -> tuple[list[int], list[int]]:
    """Where a swap may happen: positions in the deal of seat `other` holding a tile that seat never
    shows (no discard, meld or kong of it), and positions of the wall nobody draws."""
    record = g.hands[index]
    deal = record.deal
    assert deal is not None
    assert deal.wall is not None
    shown = {t for e in record.events if e.seat == other and e.act is not Act.DRAW for t in (e.tile, *e.meld) if t}
    dealt = [i for i, p in enumerate(deal.hands[other]) if isinstance(p, Tile) and p not in shown]
    front = sum(1 for e in record.events if e.act is Act.DRAW)
    back = sum(1 for e in record.events if e.act is Act.REPLACEMENT)
    undrawn = len(deal.wall) - 2 * ((back + 1) // 2)
    wall = [i for i in range(front, undrawn) if isinstance(deal.wall[i], Tile)]
    return dealt, wall


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_hidden_tiles_change_no_decision(data):
    """Swap a tile another player holds and never shows with one nobody draws from the wall: the
    record still replays, and the reviewed player's decisions are the same, ranking and all."""
    g = game(SESSION)
    index = data.draw(st.integers(0, len(g.hands) - 1), label="hand")
    record = g.hands[index]
    winners = {w.seat for w in record.wins}
    seat = data.draw(st.integers(0, 3), label="reviewed seat")
    others = [s for s in range(4) if s != seat and s not in winners]
    other = data.draw(st.sampled_from(others), label="other seat")
    dealt, wall = _hidden_swaps(g, index, other)
    if not dealt or not wall:
        return
    i = data.draw(st.sampled_from(dealt), label="dealt tile")
    j = data.draw(st.sampled_from(wall), label="wall tile")
    deal = record.deal
    assert deal is not None
    assert deal.wall is not None
    hands = [list(h) for h in deal.hands]
    pieces = list(deal.wall)
    hands[other][i], pieces[j] = pieces[j], hands[other][i]
    changed = dataclasses.replace(
        record, deal=dataclasses.replace(deal, hands=tuple(tuple(h) for h in hands), wall=tuple(pieces))
    )
    assert not isinstance(hands[other][i], Flower)
    assert replay(changed, g.id).problem is None
    name = g.players[record.order[seat]]
    assert review_hand(changed, index + 1, seat, name) == review_hand(record, index + 1, seat, name)
