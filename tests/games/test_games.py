"""Game records (issue 26): the readers of every format, the one replay, PMN written and read back.

Two kinds of records: real public ones (tests/fixtures/records, each cited in the README beside
it), whose own totals and fans are the oracle, and records written from the spec
(`tests.support.records`: encoders that follow docs/record-formats.md, never our readers), whose
winning hands are worked out by hand below. Each expectation quotes the spec sentence it rests on.
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

from mcr_score import score
from mcr_score.games import (
    Act,
    Event,
    GameRecordError,
    Outcome,
    RecordFormat,
    ReplayError,
    UnknownRecordFormatError,
    detect,
    read_game,
    read_games,
)
from mcr_score.games.fan_names import fan_of, split_count, tziakcha_fan
from mcr_score.games.pmn_write import write_game
from mcr_score.notation import format_hand
from mcr_score.tiles import Tile
from tests.support import TESTS
from tests.support import records as R

FIXTURES = TESTS / "fixtures" / "records"
SESSION = FIXTURES / "tziakcha" / "session-GHQY2zTj.json"
ANONYMISED = FIXTURES / "tziakcha" / "record_miner_example_record.json"
PMN = sorted((FIXTURES / "pmn").glob("*.pmn"))


def claimed(win) -> Counter[int]:  # type: ignore[no-untyped-def]
    return Counter(int(f.fan) for f in win.fans for _ in range(f.count) if f.fan is not None)


def ours(notation: str, rules: str) -> tuple[int, Counter[int]]:
    result = score(notation, rules)
    return result.total, Counter(result.fan_counts())


# ---- real records: the platform's own result is the oracle --------------------------------------


def test_the_real_tziakcha_session_replays_all_sixteen_hands() -> None:
    """§4.1 "the replay here reproduced 16/16 hands exactly": every hand's wall and actions replay,
    and the hand rebuilt holds the concealed tiles the record itself gives (`y[w].h.s`)."""
    game = read_game(SESSION)
    assert game.format is RecordFormat.TZIAKCHA
    assert game.id == "GHQY2zTj"
    assert game.players == ("琳雨空", "米夜", "ChaosDon", "Choimoe")
    assert [h.number for h in game.hands] == list(range(1, 17))
    assert all(h.problem is None and h.outcome is Outcome.WIN and len(h.wins) == 1 for h in game.hands)
    # "Prevalent wind = (i/4)%4"
    assert [h.prevalent for h in game.hands] == list("EEEESSSSWWWWNNNN")


def test_every_real_tziakcha_hu_scores_what_the_record_says() -> None:
    """The record's own fans (`y[w].t`, tziakcha numbers mapped to ours) and total (flowers
    included) are what our engine counts for the hand rebuilt under `china`: 16 of 16. Under
    `green-book` one differs, hand 7, a Knitted Straight with a chow: tziakcha counts All Chows with
    it, the Green Book profile does not (switch `knitted-straight-all-chows`, docs/rules.md) and
    counts No Honors instead: 15 for the record's 16."""
    for hand in read_game(SESSION).hands:
        win = hand.wins[0]
        assert win.hand is not None
        notation = format_hand(win.hand)
        assert ours(notation, "china") == (win.total, claimed(win)), hand.number
        total, fans = ours(notation, "green-book")
        if hand.number == 7:
            assert (total, fans) == (15, claimed(win) - Counter({63: 1}) + Counter({76: 1}))
        else:
            assert (total, fans) == (win.total, claimed(win)), hand.number


def test_the_first_real_hand_worked_by_hand() -> None:
    """Hand 1: `b` 132 = winner seat 2 (West), discarder seat 3; `y[2].h.s` = 0 6 9 51 54 56 85 86
    98 101 106 (÷4: 1m 2m 3m 4s 5s 6s 4p 4p 7p 8p, winning 9p last), the chow 52371 = middle kind 19
    (2p) with the claimed tile in the middle: [123p2]. Fan 60 (和绝张) claims the last copy."""
    win = read_game(SESSION).hands[0].wins[0]
    assert win.seat == 2
    assert win.discarder == 3
    assert format_hand(win.hand) == "[123p2]123m4478p456s9p|EW0100"  # type: ignore[arg-type]


def test_the_real_session_scores_sum_to_the_sessions_totals() -> None:
    """`s[4]` is each hand's score change by seat; by player they sum to the session's totals the
    site gives (`raw.players[].s`: -77, -31, 100, 8)."""
    game = read_game(SESSION)
    totals = [0, 0, 0, 0]
    for hand in game.hands:
        assert hand.scores is not None
        for seat, player in enumerate(hand.order):
            totals[player] += hand.scores[seat]
    assert totals == [-77, -31, 100, 8]


def test_an_anonymised_record_without_wall_is_replayed_from_its_actions() -> None:
    """tziakcha_record_miner's example has no `w`: the table still sees every public act and the
    wall's size; the hand is the record's own (`h.s`), its melds the ones the table saw declared.
    Its fans: 混幺九 32, 三同刻 16, 五门齐 6, 圈风刻 2, 门风刻 2, 明杠 1, 花牌 ×3 = 62."""
    game = read_game(ANONYMISED)
    win = game.hands[0].wins[0]
    assert format_hand(win.hand) == "[999m3][WWW3][9999p3]99sFF9s|WW0000|3"  # type: ignore[arg-type]
    for rules in ("china", "green-book"):
        assert ours(format_hand(win.hand), rules) == (62, claimed(win))  # type: ignore[arg-type]


@pytest.mark.parametrize("path", PMN, ids=[p.stem for p in PMN])
def test_the_real_pmn_boards_score_their_fan_tag(path: Path) -> None:
    """python-majiang's three boards (mahjongsoft duplicate MCR): each winner's hand, replayed from
    Deal and Play, scores the fans of its `Fan` tag; in duplicate scoring Result = total + 24."""
    game = read_game(path)
    hand = game.hands[0]
    assert hand.wins
    assert hand.scores is not None
    for win in hand.wins:
        total, fans = ours(format_hand(win.hand), "green-book")  # type: ignore[arg-type]
        assert (total, fans) == (win.total, claimed(win))
        assert hand.scores[win.seat] == total + 24


def test_a_duplicate_board_has_two_winners_on_one_discard() -> None:
    """example_2: `H1H3`, two winners on North's... on East's last discard d3 (3p)."""
    hand = read_game(FIXTURES / "pmn" / "example_2.pmn").hands[0]
    assert [(w.seat, w.discarder) for w in hand.wins] == [(1, 0), (3, 0)]
    assert {w.hand.winning for w in hand.wins} == {Tile("3p")}  # type: ignore[union-attr]


# ---- records written from the spec: every action kind ------------------------------------------

# KONG_FLOWER, worked by hand: East lays f1 aside (1 flower), kongs 1111m concealed and wins on the
# replacement 5s with 234p 567p 789s 5s standing: 杠上开花 8 (不计自摸), 不求人 4, 暗杠 2, 单钓将 1,
# 无字 1, 幺九刻 1 (the 1m kong), 连六 1 (234p 567p), 花牌 1 = 19.
KONG_FLOWER_HAND = "[1111m]234567p5789s5s|EE1001|1"
# ROBBING, worked by hand: West waits 2p/5p with 34p 678p 123s 456s NN; South adds the fourth 5p to
# its pung; West robs it: 抢杠和 8 (不计和绝张), 门前清 2, 连六 ×2 (345p 678p, 123s 456s), 缺一门 1 = 13.
# Hand 6: South round; West's seat.
ROBBING_HAND = "34678p123456sNN5p|SW0101"


def _one_win(data: bytes, fmt: str) -> tuple[object, ...]:
    game = read_game(data, fmt)
    hand = game.hands[0]
    assert hand.problem is None, hand.problem
    (win,) = hand.wins
    return format_hand(win.hand), win.total, claimed(win)  # type: ignore[arg-type]


SPEC = {
    "tziakcha": lambda s: R.dumps(R.to_tziakcha(s)),
    "salasasa": lambda s: R.dumps(R.to_salasasa([s])),
    "pmn": lambda s: R.to_pmn(s).encode(),
    "botzone-log": lambda s: R.dumps(R.to_botzone_log(s, quan=(s.number - 1) // 4)),
}


@pytest.mark.parametrize("fmt", sorted(SPEC))
def test_a_concealed_kong_replacement_win_with_a_flower(fmt: str) -> None:
    """Flower laid aside and replaced; a pung of a discarded wind; a chow of the player before's
    discard; a false Hu; a concealed kong and the Hu on its replacement tile."""
    data = SPEC[fmt](R.KONG_FLOWER)
    name = fmt.split("-")[0]
    notation, total, fans = _one_win(data, name)
    assert notation == KONG_FLOWER_HAND
    assert total == 19
    assert fans == Counter({46: 1, 56: 1, 67: 1, 79: 1, 76: 1, 73: 1, 71: 1, 81: 1})
    assert ours(notation, "green-book") == (total, fans)


@pytest.mark.parametrize("fmt", sorted(SPEC))
def test_robbing_an_added_kong(fmt: str) -> None:
    """A pung, a kong on a discard (its replacement), an added kong (加杠) robbed: a Hu on a discard
    whose tile is the one added; it was the last copy in sight, which 抢杠和 does not count twice."""
    notation, total, fans = _one_win(SPEC[fmt](R.ROBBING), fmt.split("-")[0])
    assert notation == ROBBING_HAND
    assert total == 13
    assert fans == Counter({47: 1, 62: 1, 71: 2, 75: 1})
    assert ours(notation, "green-book") == (total, fans)


def test_botzone_text_robbing_and_ignored_claims() -> None:
    """`BuGang` then `Hu`: the Hu robs the kong ("the win kind follows from the previous line");
    `Ignore Player j ...` claims that lost on priority are kept as events (a pass of that seat)."""
    text = R.to_botzone_text(R.ROBBING).replace("Player 1 Play F4\n", "Player 1 Play F4 Ignore Player 2 Peng F4\n")
    game = read_game(text.encode(), "botzone")
    hand = game.hands[0]
    assert hand.prevalent == "S"  # Wind 1
    assert format_hand(hand.wins[0].hand) == ROBBING_HAND  # type: ignore[arg-type]
    assert any(e.act is Act.PASS and e.seat == 2 for e in hand.events)
    assert hand.scores == R.ROBBING.scores


@pytest.mark.parametrize("fmt", ["tziakcha", "salasasa", "pmn", "botzone"])
def test_a_drawn_hand_has_no_winning_hand(fmt: str) -> None:
    data = R.to_botzone_text(R.DRAWN).encode() if fmt == "botzone" else SPEC[fmt](R.DRAWN)
    hand = read_game(data, fmt).hands[0]
    assert hand.outcome is Outcome.DRAW
    assert not hand.wins
    assert hand.problem is None


def test_a_false_hu_is_recorded_not_scored() -> None:
    """tziakcha `b` bits 8-11 and a Hu action with no fan: North's wrong Hu (错和)."""
    hand = read_game(SPEC["tziakcha"](R.KONG_FLOWER), "tziakcha").hands[0]
    assert hand.false_wins == (3,)
    assert any(e.act is Act.FALSE_WIN and e.seat == 3 for e in hand.events)
    assert [w.seat for w in hand.wins] == [0]


def test_every_act_is_kept_in_order_with_its_source_place() -> None:
    hand = read_game(SPEC["tziakcha"](R.KONG_FLOWER), "tziakcha").hands[0]
    acts = [e.act for e in hand.events if e.act not in (Act.PASS,)]
    assert acts[:4] == [Act.FLOWER, Act.REPLACEMENT, Act.DISCARD, Act.PUNG]
    assert Act.CHOW in acts
    assert Act.CONCEALED_KONG in acts
    assert acts[-1] is Act.WIN
    assert all(e.at.startswith("step.a[") for e in hand.events)
    discard = next(e for e in hand.events if e.act is Act.DISCARD)
    assert discard.hand_cut is False  # bit 8 clear: the tile just drawn (摸切)


def test_what_each_player_could_see() -> None:
    """Another player's draw and concealed kong lie face down; a discard is public."""
    draw = Event(0, Act.DRAW, tile=Tile("5s"))
    kong = Event(0, Act.CONCEALED_KONG, tile=Tile("1m"), meld=(Tile("1m"),) * 4)
    discard = Event(0, Act.DISCARD, tile=Tile("W"))
    assert draw.seen_by(0) == draw
    assert draw.seen_by(1).tile is None
    assert kong.seen_by(2).tile is None
    assert kong.seen_by(2).meld == ()
    assert discard.seen_by(3) == discard


# ---- situations the table derives ---------------------------------------------------------------


def _tiles(*codes: str) -> tuple[Tile, ...]:
    return tuple(Tile(c) for c in codes)


OTHERS = (
    _tiles(*("1s",) * 3, *("2s",) * 3, *("3s",) * 3, *("4s",) * 3, "E"),
    _tiles(*("6m",) * 3, *("7m",) * 3, *("8m",) * 3, *("9m",) * 3, "S"),
    _tiles(*("1p",) * 3, *("8p",) * 3, *("9p",) * 3, *("C",) * 3, "F"),
)


def _played(east: tuple[Tile, ...], wall: tuple[Tile, ...], events: list[Event], source: int | None):  # type: ignore[no-untyped-def]
    from mcr_score.games.model import Deal, HandRecord, Win
    from mcr_score.games.replay import replay

    deal = Deal((east, *OTHERS), wall, len(wall), back_pairs=False)
    events = [*events, Event(0, Act.WIN, source=source)]
    names = ("a", "b", "c", "d")
    record = HandRecord(1, "E", names, (0, 1, 2, 3), deal, tuple(events), (Win(0, source, None, None),), Outcome.WIN)
    return replay(record, "t").wins[0].hand


def test_the_last_tile_of_the_wall() -> None:
    """§4.1 海底 / §4.2 "海底 = empty `tiles_list` at the win": West draws the wall's last tile and
    discards it; East wins on it (海底捞月: a discard, the wall empty)."""
    east = _tiles("1m", "1m", "1m", "2p", "3p", "4p", "5p", "6p", "7p", "7s", "8s", "9s", "5s", "W")
    events = [
        Event(0, Act.DISCARD, tile=Tile("W")),
        Event(1, Act.DRAW, tile=Tile("P")),
        Event(1, Act.DISCARD, tile=Tile("P")),
        Event(2, Act.DRAW, tile=Tile("5s")),
        Event(2, Act.DISCARD, tile=Tile("5s")),
    ]
    hand = _played(east, _tiles("P", "5s"), events, 2)
    assert hand is not None
    assert format_hand(hand) == "111m234567p5789s5s|EE0010"


def test_the_last_copy_in_sight() -> None:
    """和绝张: "the other three copies in sight, in discards still on the table or in exposed melds"
    (§4.1 situation flags): East waits on 5s (46s); with three 5s discarded, the drawn one is the
    last; with two, it is not."""
    east = _tiles("1m", "1m", "1m", "2p", "3p", "4p", "5p", "6p", "7p", "4s", "6s", "9s", "9s", "W")

    def won(discarded: int) -> str:
        events = [Event(0, Act.DISCARD, tile=Tile("W"))]
        wall: list[Tile] = []
        for seat in range(1, 4):
            tile = Tile("5s") if seat <= discarded else Tile("P")
            events += [Event(seat, Act.DRAW, tile=tile), Event(seat, Act.DISCARD, tile=tile)]
            wall.append(tile)
        events.append(Event(0, Act.DRAW, tile=Tile("5s")))
        hand = _played(east, (*wall, Tile("5s"), Tile("C")), events, None)
        return format_hand(hand)  # type: ignore[arg-type]

    assert won(3) == "111m234567p4699s5s|EE1100"
    assert won(2) == "111m234567p4699s5s|EE1000"


# ---- what cannot be replayed is named -----------------------------------------------------------


def test_a_discard_of_a_tile_not_held_names_the_game_hand_and_action() -> None:
    record = R.to_tziakcha(R.KONG_FLOWER)
    actions = record["step"]["a"]
    k = next(i for i, a in enumerate(actions) if a[0] == 0x12)  # South's first discard (9m)
    actions[k][1] = 4 * 26 | 0x100  # 9p, which South does not hold
    hand = read_game(R.dumps(record), "tziakcha").hands[0]
    assert isinstance(hand.problem, ReplayError)
    text = hand.problem.message
    assert text.startswith(f"game SESS0001, hand 1, step.a[{k}] (S discard 9p): S holds 0 9p")
    assert hand.wins[0].hand is None
    assert hand.wins[0].problem is hand.problem


def test_a_draw_the_wall_does_not_give_is_refused() -> None:
    record = R.to_tziakcha(R.KONG_FLOWER)
    actions = record["step"]["a"]
    k = next(i for i, a in enumerate(actions) if a[0] == 0x37)  # North's draw
    actions[k][1] = 4 * 20 + 3  # 3p: not what the wall gives there
    problem = read_game(R.dumps(record), "tziakcha").hands[0].problem
    assert problem is not None
    assert "the wall gives 1p here, not 3p" in problem.message


def test_a_hu_on_thirteen_tiles_is_refused() -> None:
    text = R.to_pmn(R.ROBBING).replace("D0r1", "")  # East keeps the 中 it discarded: no kong for North
    problem = read_game(text.encode(), "pmn").hands[0].problem
    assert problem is not None
    assert problem.code == "unreplayable"


# ---- fan names ----------------------------------------------------------------------------------


def test_fan_names_of_every_source() -> None:
    """§3: "边张, 嵌张, 单钓将; tziakcha 独听・边张 / 独听・嵌张 / 独听・单钓; PMN 坎张 and 单调将"."""
    assert [
        fan_of(n) for n in ("边张", "独听・边张", "嵌张", "坎张", "独听・嵌张", "单钓将", "单调将", "独听・单钓")
    ] == [
        77,
        77,
        78,
        78,
        78,
        79,
        79,
        79,
    ]
    assert split_count("喜相逢*1") == ("喜相逢", 1)
    assert split_count("花牌*3") == ("花牌", 3)
    assert fan_of("All Honours") == 11
    assert fan_of("Rob Kong") == 47


def test_tziakcha_numbers() -> None:
    """§3: "17 一色四连环 → 16; 32 一色三连环 → 30; 50–56: 50→49 … 55→48, 56→54; 84 明暗杠; 85–88 天地人和"."""
    expected = {17: 16, 32: 30, 50: 49, 51: 50, 52: 51, 53: 52, 54: 53, 55: 48, 56: 54, 82: 80, 83: 81, 84: 82}
    assert {k: tziakcha_fan(k)[0] for k in expected} == expected
    assert [tziakcha_fan(k)[0] for k in (85, 86, 87, 88)] == [None] * 4
    assert all(tziakcha_fan(R.tz_fan(gb))[0] == gb for gb in range(1, 83))


# ---- formats, files, the API -------------------------------------------------------------------


def test_formats_are_told_from_the_content() -> None:
    assert detect(SESSION) is RecordFormat.TZIAKCHA
    assert detect(PMN[0]) is RecordFormat.PMN
    assert detect(R.dumps(R.to_salasasa([R.ROBBING]))) is RecordFormat.SALASASA
    assert detect(R.to_botzone_text(R.ROBBING).encode()) is RecordFormat.BOTZONE
    assert detect(R.dumps(R.to_botzone_log(R.ROBBING))) is RecordFormat.BOTZONE
    with pytest.raises(UnknownRecordFormatError):
        detect(b'{"hello": 1}')


def test_the_script_form_is_decoded() -> None:
    """§4.1: "`script` is base64(zlib(JSON))"."""
    import base64
    import zlib

    record = R.to_tziakcha(R.ROBBING)
    step = record.pop("step")
    record["script"] = base64.b64encode(zlib.compress(json.dumps(step).encode())).decode()
    assert _one_win(R.dumps(record), "tziakcha")[0] == ROBBING_HAND
    record["script"] = "not base64!"
    with pytest.raises(GameRecordError, match="script does not decode"):
        read_game(R.dumps(record), "tziakcha")


@pytest.mark.parametrize(
    ("data", "fragment"),
    [
        (b"{", "not a JSON record"),
        (b'{"step": {"i": 0, "p": [], "a": []}}', "p: 0 items where 4 are expected"),
        (b'{"step": {"i": 0, "p": [{"n": "a"}, {"n": "b"}, {"n": "c"}, {"n": "d"}], "a": [[2, 200]]}}', "a[0][1]"),
        (b'[Event "x"]\n[Play "X0c1"]\n', "is no token of the play"),
    ],
)
def test_a_record_that_is_no_record_names_its_field(data: bytes, fragment: str) -> None:
    with pytest.raises(GameRecordError, match=None) as caught:
        read_games(data)
    assert fragment in caught.value.message


@pytest.mark.parametrize("data", [b'{"step": {"i": 0, "p": [], "a": []}}', b'{"a": 1, "a": 2}', b"{"])
def test_a_read_leaves_the_collector_alone(data: bytes, monkeypatch: pytest.MonkeyPatch) -> None:
    """A library reader switches no process-wide state: reading or refusing a record calls none of
    the collector's switches (the command line and batch, the front ends, settle it)."""
    import gc

    def refused(*args: object) -> None:
        raise AssertionError("the reader switched the garbage collector")

    for name in ("disable", "enable", "freeze", "unfreeze", "set_threshold", "collect"):
        monkeypatch.setattr(gc, name, refused)
    was = gc.isenabled()
    with pytest.raises(GameRecordError):
        read_games(data)
    assert gc.isenabled() is was


def test_a_broken_botzone_match_is_named_and_the_next_ones_read() -> None:
    text = b"Match 1\nPlayer 0 Dance W1\n" + R.to_botzone_text(R.ROBBING, match="m2").encode()
    broken, good = read_games(text, "botzone")
    assert broken.id == "1"
    assert broken.hands[0].problem is not None
    assert "line 2: 'Player 0 Dance W1' is no line of the Botzone text" in broken.hands[0].problem.message
    assert format_hand(good.hands[0].wins[0].hand) == ROBBING_HAND  # type: ignore[arg-type]


def test_read_game_wants_one_game() -> None:
    two = R.to_pmn(R.ROBBING) + "\n" + R.to_pmn(R.KONG_FLOWER, board=7)
    assert len(read_games(two.encode(), "pmn")[0].hands) == 2  # one event: one game of two boards
    with pytest.raises(GameRecordError, match="holds 2 games"):
        read_game((R.to_botzone_text(R.ROBBING) + R.to_botzone_text(R.DRAWN, match="x2")).encode())
    with pytest.raises(UnknownRecordFormatError):
        read_game(SESSION, "mahjongsoft")
    with pytest.raises(TypeError):
        read_game(12)  # type: ignore[arg-type]


# ---- PMN written ------------------------------------------------------------------------------


def test_pmn_written_reads_back_to_the_same_hands() -> None:
    """Every real tziakcha hand written as PMN (deal, play with flowers as R tokens, fans, results)
    and read back gives the same winning hand and the same recorded result."""
    game = read_game(SESSION)
    again = read_game(write_game(game).encode(), "pmn")
    assert len(again.hands) == 16
    for a, b in zip(game.hands, again.hands, strict=True):
        assert [format_hand(w.hand) for w in a.wins] == [format_hand(w.hand) for w in b.wins]  # type: ignore[arg-type]
        assert [(w.total, claimed(w)) for w in a.wins] == [(w.total, claimed(w)) for w in b.wins]
        assert a.scores == b.scores


def test_pmn_writes_several_winners_and_the_taken_tile() -> None:
    text = write_game(read_game(FIXTURES / "pmn" / "example_2.pmn"))
    assert '[Scoring "Duplicate MCR"]' in text
    assert text.rstrip().split("\n")[-2].endswith('H1H3"]')
    assert "D0z1" in text  # a discard of the tile just taken (摸切)
