"""Issue 41's valuation (`systems/mcr/valuation.py`): the wall lowers a slow hand's chance, a wait
reaching 8 only self-drawn counts for less, ready hands under 8 and dead 1-shanten hands rank
below live ones, a hand is worth the best way on open to it, danger follows the opponents, and
`discards` shows it all in JSON and text."""

from __future__ import annotations

import json
import re
from decimal import Decimal

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mcr_score import discards, errors
from mcr_score.cli import main
from mcr_score.engine.arrangements import counts_of
from mcr_score.engine.shanten import form_readings
from mcr_score.hand import Meld, Situation
from mcr_score.notation import parse_hand
from mcr_score.systems.mcr import profiles
from mcr_score.systems.mcr.advice import hand_value
from mcr_score.systems.mcr.valuation import (
    DISCARDED_HONOUR,
    DISCARDED_MIDDLE,
    DISCARDED_SECOND,
    DISCARDED_TERMINAL,
    FAR_SAMPLES,
    FAR_VALID,
    OPPONENTS,
    OWN_DISCARD,
    Opponent,
    Routes,
    Sight,
    Valuer,
    default_wall,
    let_go,
    ready_chance,
    sight,
    tolerance,
)
from mcr_score.tiles import COPIES, Tile
from mcr_score.vocabulary import Method
from tests.support.cli import runner

FIELDS = ("valid_chance", "expected", "danger", "good_draws", "dead_draws")
HAND = "123m456p78s11z2349m"  # after 9m: ready on 6s (under 8) and 9s (Mixed Straight)


def valuer(text: str, wall: int = 60, opponents: tuple[Opponent, ...] = ()) -> tuple[Valuer, tuple[int, ...]]:
    hand = parse_hand(text)
    standing = counts_of(hand.standing)
    melds = counts_of(t for m in hand.melds for t in m.tiles)
    visible = [a + b for a, b in zip(standing, melds, strict=True)]
    return Valuer(
        hand.melds, hand.situation, profiles.get(profiles.DEFAULT), sight(visible, wall, opponents, 0)
    ), tuple(standing)


def test_fewer_tiles_in_the_wall_lower_the_chance():
    chances = [discards(HAND, wall_left=w).discards[0].value for w in (80, 40, 12, 0)]
    assert all(v is not None for v in chances)
    values = [v.valid_chance for v in chances if v is not None]
    assert values == sorted(values, reverse=True)
    assert values[0] > values[2] > 0
    assert values[-1] == 0


def test_a_wait_reaching_8_only_self_drawn_counts_for_less():
    """567m234s5677p8p22s: on 6p, 7 points on a discard, 9 self-drawn (Fully Concealed Hand): the
    round's chance is the own draw's alone; a wait valid on a discard adds the others' discards."""
    v, standing = valuer("567m234s5677p8p22s")
    ready = v.ready(standing)
    assert ready is not None
    copies = v.sight.unseen[Tile("6p").index]
    assert ready.hit == pytest.approx(copies / v.sight.unseen_total)
    w, other = valuer("123m456p789s11z23m")  # Mixed Straight on 1m or 4m, on a discard too
    live = w.ready(other)
    assert live is not None
    both = sum(w.sight.unseen[Tile(t).index] for t in ("1m", "4m"))
    assert live.hit > both / w.sight.unseen_total


def test_a_wait_on_a_kind_players_let_go_sooner_wins_more_often_on_a_discard():
    """Seven pairs waiting on E or on 5s, three copies of each unseen: opponents let an honour go
    sooner than a middle tile, which they keep for their chows (`DISCARDED_HONOUR`,
    `DISCARDED_MIDDLE`, measured in docs/review.md), so the wait on E wins more often."""
    honour, on_e = valuer("1133m5577p2244sE")
    middle, on_5s = valuer("1133m5577p2244s5s")
    e, five = honour.ready(on_e), middle.ready(on_5s)
    assert e is not None
    assert five is not None
    assert honour.sight.unseen[Tile("E").index] == middle.sight.unseen[Tile("5s").index] == 3
    assert e.hit > five.hit
    assert DISCARDED_HONOUR > DISCARDED_TERMINAL > DISCARDED_SECOND > DISCARDED_MIDDLE


def test_good_and_dead_draws_at_ready_and_1_shanten():
    result = discards(HAND, wall_left=60)
    by_tile = {d.tile.code: d for d in result.discards}
    ready = by_tile["9m"].value
    assert ready is not None
    assert (ready.method, ready.good_draws, ready.dead_draws) == (Method.READY, 4, 4)  # 9s valid, 6s not
    one = by_tile["4m"].value
    assert one is not None
    assert one.method is Method.ONE_SHANTEN
    assert one.good_draws is not None
    assert one.good_draws > 0
    far = discards("19m19p19s1234567z9s").discards  # thirteen orphans: far by the standard form
    assert all(d.value is not None for d in far)


def test_a_ready_hand_under_8_changes_its_waits_slower_than_a_live_1_shanten():
    """57m456p12356sEFF7s|SW0000 (the session, hand 6): E leaves a ready hand on 6m under 8; the
    1-shanten discards with good draws rank above it."""
    result = discards(
        "57m456p12356sEFF7s|SW0000|1",
        seen="1789m1113568p234567899sEESSWCCP",
        wall_left=69,
        opponents=[Opponent(5), Opponent(6, 2), Opponent(6, 1)],
    )
    first = result.discards[0]
    assert not first.below_minimum
    e = next(d for d in result.discards if d.tile.code == "E")
    assert e.below_minimum
    assert e.value is not None
    assert e.value.good_draws == 0


def test_a_live_wait_is_worth_no_less_than_a_wait_with_no_copy_left():
    """4567789m123p456sW|SE0000 (the session, hand 8): 7m leaves a single wait on W, every copy of
    it in sight; W leaves a wait on 4m with copies left. Both hands can change their wait on a
    later draw, and only the second can win as it stands, so it ranks at least as high."""
    result = discards(
        "4567789m123p456sW|SE0000|2",
        seen="1122244778889m24456667888p11124555666788899sEEEESSSWWWNNCFFFPPP",
        wall_left=33,
        opponents=[Opponent(14, 2), Opponent(14), Opponent(13, 1)],
    )
    by_tile = {d.tile.code: d.value for d in result.discards}
    live, dead = by_tile["W"], by_tile["7m"]
    assert live is not None
    assert dead is not None
    assert live.expected >= dead.expected
    assert result.discards[0].tile.code != "7m"


def test_two_discards_that_keep_the_same_route_are_equal_best():
    """[777p]111p13379sSSP|WW0000 (the session, hand 12, won by All Pungs): letting 1s or 9s go
    leaves the same pungs and pairs for All Pungs, the same distance from ready by that route,
    so neither is called worse than the other (their gap within the tolerance)."""
    result = discards(
        "[777p3]111p13379sSSP|WW0000",
        seen="14799m2p89sNCP",
        wall_left=77,
        opponents=[Opponent(3), Opponent(3), Opponent(3)],
    )
    by_tile = {d.tile.code: d.value for d in result.discards}
    one, nine = by_tile["1s"], by_tile["9s"]
    assert one is not None
    assert nine is not None
    assert abs(one.expected - nine.expected) <= tolerance(one, nine)


def test_a_narrow_hand_is_worth_no_less_than_a_typical_one_a_tile_further_out():
    """49m1177p1379sSSP1p|WW0000 (the session, hand 12, turn 1, won by All Pungs): letting the
    isolated 9m go keeps 111p, 77p and SS two from ready; 1s breaks 13s for a hand three from
    ready with more useful copies. The nearer hand can always change a block later, so it is not
    called worse than the wider one (their gap within the tolerance)."""
    result = discards(
        "49m1177p1379sSSP1p|WW0000",
        seen="1mN",
        wall_left=86,
        opponents=[Opponent(0), Opponent(1), Opponent(1)],
    )
    by_tile = {d.tile.code: d for d in result.discards}
    near, wide = by_tile["9m"], by_tile["1s"]
    assert near.shanten < wide.shanten
    assert near.value is not None
    assert wide.value is not None
    assert wide.value.expected - near.value.expected <= tolerance(near.value, wide.value)


def test_beyond_1_shanten_good_and_dead_draws_are_null():
    data = discards("1357m2468p159sESW").to_dict()  # far from anything
    for entry in data["discards"]:
        assert set(FIELDS) <= set(entry)
        if entry["shanten"] > 1:
            assert entry["good_draws"] is None
            assert entry["dead_draws"] is None


def test_danger_follows_what_the_opponents_show():
    quiet = Sight((3,) * 34, 60, (Opponent(0),) * OPPONENTS)
    v = Valuer((), Situation(), profiles.get(profiles.DEFAULT), quiet)
    assert v.danger(Tile("5m").index) == 0  # nobody has discarded: nobody is ready
    late = Sight((3,) * 34, 20, (Opponent(14, 2),) * OPPONENTS)
    w = Valuer((), Situation(), profiles.get(profiles.DEFAULT), late)
    assert 0 < w.danger(Tile("E").index) < w.danger(Tile("5m").index) < 1  # a middle tile fits more waits
    flush = Sight((3,) * 34, 20, (Opponent(14, 2, 1),))
    f = Valuer((), Situation(), profiles.get(profiles.DEFAULT), flush)
    assert f.danger(Tile("5p").index) > f.danger(Tile("5m").index)


def test_an_opponent_s_melds_of_one_suit():
    chow, pung = Meld("chow", Tile("1p")), Meld("pung", Tile("7p"))
    nine = [None] * 9  # nine discards, each claimed: none lies face up
    assert Opponent.of(nine, [chow, pung]) == Opponent(9, 2, 1)
    assert Opponent.of(nine, [chow, Meld("pung", Tile("E"))]) == Opponent(9, 2, 1)  # honours and one suit: a half flush
    assert Opponent.of(nine, [chow]) == Opponent(9, 1, None)  # one meld says little
    assert Opponent.of(nine, [chow, Meld("pung", Tile("7s"))]).one_suit is None
    assert ready_chance(Opponent(30, 4)) <= 0.85
    assert Opponent(3, 1, 2).to_dict() == {
        "discarded": 3,
        "melds": 1,
        "one_suit": "s",
        "own": [],
        "passed": [],
        "passed_before": [],
    }


def test_an_opponent_s_own_discards_are_the_kinds_face_up():
    discards = [Tile("9m"), None, Tile("E"), Tile("9m"), Tile("1p")]
    o = Opponent.of(discards, [])
    assert (o.discarded, o.own) == (5, (Tile("9m").index, Tile("1p").index, Tile("E").index))
    assert o.to_dict()["own"] == ["9m", "1p", "E"]


def test_a_kind_an_opponent_let_go_is_less_dangerous_from_them_never_safe():
    """The danger from one opponent is their ready chance times the tile's share of the waits; a
    kind they discarded themselves keeps `OWN_DISCARD` of that share (MCR has no furiten)."""
    profile = profiles.get(profiles.DEFAULT)
    t = Tile("5m").index
    plain = Valuer((), Situation(), profile, Sight((3,) * 34, 20, (Opponent(14, 2),)))
    let_go = Valuer((), Situation(), profile, Sight((3,) * 34, 20, (Opponent(14, 2, None, (t,)),)))
    assert 0 < let_go.danger(t) == pytest.approx(OWN_DISCARD * plain.danger(t))
    assert let_go.danger(Tile("6m").index) == plain.danger(Tile("6m").index)  # another kind: unchanged


def test_what_an_opponent_let_go_since_their_last_discard():
    """Every other player's discard is a tile the opponent could have won on: those since the
    opponent's last discard were let go by the hand they hold now, older ones by an earlier hand;
    the opponent's own discards are not let go (they are `own`)."""
    m, p, e = Tile("5m").index, Tile("3p").index, Tile("E").index
    order = [(0, e), (1, m), (2, p), (3, m), (0, p), (1, e), (2, Tile("9s").index), (3, Tile("1m").index)]
    # seat 1 discarded last at E: since then 9s (seat 2) and 1m (seat 3); before it 3p, 5m, E...
    now, before = let_go(order, 1)
    assert now == (Tile("1m").index, Tile("9s").index)
    assert before == (Tile("5m").index, Tile("3p").index, Tile("E").index)  # 5m from seat 3, E from seat 0
    everything_else = (Tile("5m").index, Tile("3p").index, Tile("9s").index, Tile("E").index)
    assert let_go(order, 3) == ((), everything_else)  # seat 3 discarded last: its hand let nothing go yet
    assert let_go([], 2) == ((), ())
    assert let_go([(0, m)], 2) == ((m,), ())  # no discard of theirs yet: the hand they were dealt let it go


def test_a_kind_let_go_since_the_opponent_s_last_discard_is_nearly_safe_from_them():
    """An MCR player takes a Hu of 8 or more when they can: a kind another player discarded since
    the opponent's last discard, with no Hu from them, is no such wait of the hand they hold now.
    Not safe (they may have let a Hu go, or it was under 8 then), but far less dangerous than a kind
    let go only before their last discard (their hand has changed since), itself less than another."""
    profile = profiles.get(profiles.DEFAULT)
    t = Tile("5m").index

    def danger(o: Opponent) -> float:
        return Valuer((), Situation(), profile, Sight((3,) * 34, 20, (o,))).danger(t)

    plain = danger(Opponent(14, 2))
    now = danger(Opponent(14, 2, passed=(t,)))
    before = danger(Opponent(14, 2, passed_before=(t,)))
    assert 0 < now < plain / 10
    assert now < before < plain
    assert danger(Opponent(14, 2, passed=(Tile("6m").index,))) == plain  # another kind: unchanged


def test_an_honour_with_copies_in_sight_is_safer():
    """An honour fits no chow: its waits are a pair for its pung and a single tile for its pair,
    so the fewer copies unseen the fewer such waits; with none left it cannot be a wait."""
    profile = profiles.get(profiles.DEFAULT)
    late = (Opponent(14, 2),) * OPPONENTS
    east = Tile("E").index

    def danger(unseen_east: int) -> float:
        unseen = tuple(unseen_east if i == east else 3 for i in range(34))
        return Valuer((), Situation(), profile, Sight(unseen, 20, late)).danger(east)

    assert 0 == danger(0) < danger(1) < danger(2) / 2 < danger(3) / 2


def test_the_defaults_from_the_tiles_seen():
    assert default_wall(0) == 83
    assert default_wall(500) == 0


def test_a_hand_as_it_stands_has_no_danger():
    value = hand_value(parse_hand("123m456p789s11z23m"), wall_left=40)
    assert value.danger == 0
    assert value.method is Method.READY
    assert value.valid_chance > 0


def test_discards_json_and_options():
    out = runner().invoke(
        main, ["discards", HAND, "--json", "--wall", "30", "--opponent", "10:2:s", "--opponent", "8:0"]
    )
    assert out.exit_code == 0, out.output
    entries = json.loads(out.output)["discards"]
    for entry in entries:
        assert set(FIELDS) <= set(entry)
        assert 0 <= entry["valid_chance"] <= 1
        assert 0 <= entry["danger"] <= 1
    expected = [e["expected"] for e in entries]
    assert expected == sorted(expected, reverse=True)


def test_an_opponent_given_as_a_value_is_kept():
    from mcr_score.cli.advice import OpponentParam

    assert OpponentParam().convert(Opponent(3, 1), None, None) == Opponent(3, 1)
    assert OpponentParam().convert("3:1:p", None, None) == Opponent(3, 1, 1)
    assert OpponentParam().convert("3:1/9m1p9m", None, None) == Opponent(3, 1, None, (8, 9))
    assert OpponentParam().convert("9:2:s/E", None, None) == Opponent(9, 2, 2, (27,))
    # what they let go without a Hu: since their last discard, then before it (an empty part: none)
    assert OpponentParam().convert("9:2/E/5m3s", None, None) == Opponent(9, 2, None, (27,), (4, 20))
    assert OpponentParam().convert("9:2//3s", None, None) == Opponent(9, 2, None, (), (20,))
    assert OpponentParam().convert("9:2///1m", None, None) == Opponent(9, 2, None, (), (), (0,))


BAD_OPPONENTS = ["x", "1", "1:2:z", "99:1", "1:9", "a:b", "3:1/", "3:1/xyz", "1:0/1m2m", "3/1m"]
BAD_OPPONENTS += ["3:1/1m/", "3:1//", "3:1/1m/2m/3m/4m", "3:1//xyz"]  # after TILES: only the last part not empty
BAD_OPPONENTS += ["1:-1", "-1:0"]  # no negative count (`1:-1` was taken until the reader used `Opponent.fits`)


@pytest.mark.parametrize("bad", BAD_OPPONENTS)
def test_a_bad_opponent_is_a_usage_error(bad):
    out = runner().invoke(main, ["discards", HAND, "--opponent", bad])
    assert out.exit_code == 2
    assert "--opponent" in out.output


def test_a_fourth_opponent_is_a_usage_error():
    """A player has three opponents: a fourth `--opponent` is refused, in the user's language."""
    three = ["--opponent", "1:0"] * 3
    assert runner().invoke(main, ["discards", HAND, *three]).exit_code == 0
    for lang, words in (("en", "4 opponents: a player has 3"), ("fr", "4 adversaires"), ("zh", "4个对手")):
        out = runner().invoke(main, ["discards", HAND, *three, "--opponent", "2:0", "--lang", lang])
        assert out.exit_code == 2
        assert words in out.output
        assert "--opponent" in out.output


# From Python: each a TypeError naming the argument (the fuzzer's `opponents=(4,)` was an
# AttributeError, `wall_left=Decimal("NaN")` a decimal.InvalidOperation).
WRONG_TYPES = [
    ({"wall_left": Decimal("NaN")}, "wall_left"),
    ({"wall_left": 2.0}, "wall_left"),
    ({"wall_left": True}, "wall_left"),
    ({"opponents": (4,)}, "opponents[0]"),
    ({"opponents": "9:2"}, "opponents"),
    ({"opponents": [Opponent(discarded="3")]}, "opponents[0].discarded"),  # type: ignore[arg-type]
    ({"opponents": [Opponent(one_suit=1.0)]}, "opponents[0].one_suit"),  # type: ignore[arg-type]
    ({"opponents": [Opponent(3, own=[1])]}, "opponents[0].own"),  # type: ignore[arg-type]
    ({"opponents": [Opponent(passed=(True,))]}, "opponents[0].passed"),
]


@pytest.mark.parametrize(("given", "named"), WRONG_TYPES)
def test_a_table_view_of_the_wrong_type_is_a_type_error(given, named):
    with pytest.raises(TypeError, match=re.escape(named)):
        discards(HAND, **given)
    with pytest.raises(TypeError, match=re.escape(named)):
        hand_value(parse_hand("123m456p78s11z234m"), **given)


# ...and what no game shows, a TableViewError naming it: the bounds of `--wall` and `--opponent`.
IMPOSSIBLE = [
    ({"wall_left": 145}, "wall_left"),
    ({"wall_left": -1}, "wall_left"),
    ({"wall_left": 10**5000}, "wall_left"),  # no int too long to write in the message
    ({"opponents": [Opponent()] * 4}, "opponents"),
    ({"opponents": [Opponent(41)]}, "opponents[0]"),
    ({"opponents": [Opponent(), Opponent(-1)]}, "opponents[1]"),
    ({"opponents": [Opponent(9, 5)]}, "opponents[0]"),
    ({"opponents": [Opponent(9, 2, 3)]}, "opponents[0]"),
    ({"opponents": [Opponent(1, 0, None, (0, 1))]}, "opponents[0]"),  # more kinds than discards
    ({"opponents": [Opponent(9, 0, None, (5, 2))]}, "opponents[0]"),  # not ascending
    ({"opponents": [Opponent(9, 0, None, (), (34,))]}, "opponents[0]"),  # no such tile
    ({"opponents": [Opponent(9, 0, None, (), (), (3, 3))]}, "opponents[0]"),  # twice
]


@pytest.mark.parametrize(("given", "where"), IMPOSSIBLE)
def test_a_table_view_no_game_shows_is_a_table_view_error(given, where):
    with pytest.raises(errors.TableViewError) as raised:
        discards(HAND, **given)
    assert raised.value.code == "bad-table-view"
    assert raised.value.where == where
    with pytest.raises(errors.TableViewError):
        hand_value(parse_hand("123m456p78s11z234m"), **given)


def test_the_bounds_of_a_table_view_are_allowed():
    seen = "123456789m"  # the kinds of the opponents below, in sight
    opponents = [Opponent(40, 4, 2, (0, 1, 2)), Opponent(0), Opponent(19, 0, None, tuple(range(3, 9)), (0,), (1,))]
    for wall in (0, 144):
        assert discards(HAND, wall_left=wall, opponents=opponents, seen=seen).discards


def test_discards_text_shows_the_columns():
    for lang, word in (("en", "valid Hu"), ("fr", "Hu valide"), ("zh", "有效和牌")):
        out = runner().invoke(main, ["discards", HAND, "--lang", lang])
        assert out.exit_code == 0, out.output
        assert word in out.output


def test_an_opponent_s_own_discards_must_be_seen():
    """Their discards lie face up: a kind named among them but missing from --seen is an error."""
    out = runner().invoke(main, ["discards", HAND, "--seen", "9m", "--opponent", "6:0/9m"])
    assert out.exit_code == 0, out.output
    out = runner().invoke(main, ["discards", HAND, "--seen", "9m", "--opponent", "6:0/1p"])
    assert out.exit_code == 2  # a bad option value: a usage error
    assert "1p" in out.output
    assert "--seen" in out.output


def test_the_kinds_an_opponent_let_go_must_be_seen():
    """Another player's discard an opponent let go lies face up too (or in the claimer's meld)."""
    out = runner().invoke(main, ["discards", HAND, "--seen", "9m", "--opponent", "6:0//9m"])
    assert out.exit_code == 0, out.output
    out = runner().invoke(main, ["discards", HAND, "--seen", "9m", "--opponent", "6:0//9m/1p"])
    assert out.exit_code == 2
    assert "1p" in out.output
    assert "--seen" in out.output


def far(text: str, wall: int = 60) -> tuple[Valuer, tuple[int, ...]]:
    v, standing = valuer(text, wall)
    assert v.worth(standing).method is Method.FAR
    return v, standing


def routes(v: Valuer, standing: tuple[int, ...]) -> Routes:
    return v.routes(standing, form_readings(standing, v.n_melds))


def test_a_far_hand_of_one_suit_and_honours_has_the_flush_routes():
    """112356778m99m E C and 1123m56778p99s E C: two from ready, 28 and 27 useful copies. The first
    completes within one suit and honours: a Half Flush (6) or Full Flush (24) with what its sets
    add; the second, two suits and a third, has no such route: most of its completions are chicken
    hands. The share of its completions reaching 8 is under half the first's; its chance is lower
    too (by `FAR_ROUTES` of that difference, the weight the recorded games bear out)."""
    flush, a = far("112356778m99mEC")
    mixed, b = far("1123m56778p99sEC")
    assert routes(flush, a).reached > 2 * routes(mixed, b).reached
    assert routes(flush, a).valid > routes(mixed, b).valid
    assert flush.worth(a).valid_chance > mixed.worth(b).valid_chance


def test_a_far_hand_of_pungs_and_pairs_has_the_all_pungs_route():
    """111m 555p 99s 22m 7p E W: two from ready by pungs (All Pungs, 6, and its concealed pungs);
    123m 567p 99s 24m 7p E W, as far by chows, has no route to 8 but luck."""
    pungs, a = far("111m555p99s22m7pEW")
    chows, b = far("123m567p99s24m7pEW")
    assert routes(pungs, a).reached > 2 * routes(chows, b).reached
    assert routes(pungs, a).valid > routes(chows, b).valid
    assert pungs.worth(a).valid_chance > chows.worth(b).valid_chance


def test_a_far_hand_with_two_chows_of_a_mixed_triple_chow_has_its_route():
    """123m 123p 13s: the third chow of a Mixed Triple Chow (8 points by itself) is one tile away;
    with 456p for 123p the same shapes reach no fan of note."""
    triple, a = far("123m123p13s5m8pEW9s")
    plain, b = far("123m456p13s5m8pEW9s")
    assert routes(triple, a).reached > 2 * routes(plain, b).reached
    assert triple.worth(a).valid_chance > plain.worth(b).valid_chance


def test_the_far_estimate_is_smoothed_and_deterministic():
    """With no tile left to draw nothing is sampled: the chance is FAR_VALID itself. With tiles, it
    stays strictly between 0 and 1 (FAR_ROUTES of the sampled share), and the same hand gives the
    same figures whatever was valued before it."""
    v, standing = far("1357m2468p159sESW")
    first = routes(v, standing)
    assert first.samples == FAR_SAMPLES
    assert 0 < first.valid < 1
    again, _ = far("1357m2468p159sESW")
    routes(again, tuple(counts_of(parse_hand("112356778m99mEC").standing)))  # another hand first
    assert routes(again, standing) == first
    empty = Valuer((), Situation(), profiles.get(profiles.DEFAULT), Sight((0,) * 34, 60, ()))
    none = routes(empty, standing)
    assert none.samples == 0
    assert none.valid == pytest.approx(FAR_VALID)


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.randoms(use_true_random=True, note_method_calls=False))
def test_the_far_estimate_reads_no_hidden_tile(rng):
    """A deal: the player's 13 tiles, 30 tiles in sight on the table, the rest hidden (the wall and
    the opponents' hands). Dealing the hidden tiles again differently changes no value."""
    wall = [i for i in range(34) for _ in range(COPIES)]
    rng.shuffle(wall)
    own, table = wall[:13], wall[13:43]
    values = []
    for _ in range(2):
        hidden = wall[43:]
        rng.shuffle(hidden)  # who holds what of the rest: the opponents' hands, the wall's order
        standing = tuple(sum(1 for t in own if t == k) for k in range(34))
        visible = [standing[k] + sum(1 for t in table if t == k) for k in range(34)]
        v = Valuer((), Situation(), profiles.get(profiles.DEFAULT), sight(visible, len(hidden) - 39, None, 30))
        values.append([v.worth(standing)] + [v.value(standing, Tile.from_index(k)) for k in set(own)])
    assert values[0] == values[1]
