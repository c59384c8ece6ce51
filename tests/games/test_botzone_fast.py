"""The fast path of Botzone's text reader (`games/_botzone_fast.py`) reads as the readable reader
does: the same games on the example, and on each of its lines bent (spaces, codes, verbs, order),
the same game or the same located error. It plays the hand as it reads it, on the table's fast acts
(`Table.draw`, `discard`, `chow`, `pung`, on plain ints): the hand is the one every event played
by `Table.play`, each rule checked, gives, problems included."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mcr_score.games import botzone, read_games, replay
from mcr_score.games.errors import GameRecordError
from mcr_score.games.fan_names import fan_of, split_count
from mcr_score.games.model import Events, HandRecord, RecordedFan, Win
from mcr_score.games.reading import Fields
from tests.support import REPO, TESTS

TEXT = (REPO / "examples" / "records" / "botzone.txt").read_text(encoding="utf-8")


def _blocks(text: str) -> list[list[tuple[int, str, int]]]:
    blocks: list[list[tuple[int, str, int]]] = []
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line:
            continue
        if line.startswith("Match ") or not blocks:
            blocks.append([])
        blocks[-1].append((number, line, len(raw) - len(raw.lstrip())))
    return blocks


def _read(reader: object, block: list[tuple[int, str, int]]) -> object:
    try:
        return reader(Fields("t.txt"), block)  # type: ignore[operator]
    except GameRecordError as e:
        return ("error", str(e))


def _same(block: list[tuple[int, str, int]]) -> None:
    assert repr(_read(botzone._match, block)) == repr(_read(botzone._match_readable, block))


BLOCKS = _blocks(TEXT)


def _scan(block: list[tuple[int, str, int]], play: bool = False) -> botzone._botzone_fast.Scan | None:
    tables = (botzone.TEXT_ACTS, botzone._CODE_TILES, botzone._CODE_PIECES, botzone._CODE_INTS, botzone._ACTIONS)
    return botzone._botzone_fast.scan(block, *tables, play=play)


def test_the_example_is_read_on_the_fast_path() -> None:
    assert BLOCKS
    for block in BLOCKS:
        read = _scan(block)
        played = _scan(block, play=True)
        assert read is not None
        assert read.table is None
        assert read.events
        assert played is not None
        assert played.table is not None
        assert not played.events
        _same(block)
        hand = _read(botzone._match, block).hands[0]  # type: ignore[attr-defined]
        assert isinstance(hand.events, Events)
        assert tuple(hand.events) == tuple(read.events)
        assert hand == _read(botzone._match_readable, block).hands[0]  # type: ignore[attr-defined]


def _outcome(hand: HandRecord) -> tuple[object, ...]:
    """A hand as the replay leaves it, its problems (exceptions) by kind, message and place."""

    def problem(p: Exception | None) -> object:
        return None if p is None else (type(p).__name__, getattr(p, "message", ""), getattr(p, "where", ""))

    wins = tuple(dataclasses.replace(w, problem=None) for w in hand.wins)
    return (
        dataclasses.replace(hand, wins=wins, problem=None, events=tuple(hand.events)),
        problem(hand.problem),
        tuple(problem(w.problem) for w in hand.wins),
    )


def _played_slowly(hand: HandRecord, game: str) -> HandRecord:
    """The hand replayed from its events as read, each played by `Table.play` (every rule checked,
    no fast act), the replay's problem named at its event as `Table.run` names it."""
    record = dataclasses.replace(
        hand,
        events=tuple(hand.events),
        wins=tuple(Win(w.seat, w.discarder, w.total, w.fans) for w in hand.wins),
        final=None,
        problem=None,
    )
    table = replay.Table(record.deal, record.prevalent)
    try:
        if table.fault is not None:
            raise table.fault
        for event in record.events:
            try:
                table.play(event)
            except replay._Stop as stop:
                if stop.deal or stop.event is not None:
                    raise
                raise replay._Stop(stop.problem, event) from None
    except replay._Stop as stop:
        problem = replay._error(game, record.number, stop)
        return dataclasses.replace(record, wins=replay._stopped(record.wins, problem), problem=problem)
    return replay.replay(record, game, table)


def _same_as_played_slowly(block: list[tuple[int, str, int]]) -> None:
    game = _read(botzone._match, block)
    if isinstance(game, tuple):
        return  # a line that is no line of a match: met before any play
    hand = game.hands[0]  # type: ignore[attr-defined]
    assert _outcome(hand) == _outcome(_played_slowly(hand, game.id))  # type: ignore[attr-defined]


def test_a_match_played_as_read_is_its_events_each_played() -> None:
    for block in BLOCKS:
        _same_as_played_slowly(block)


DRAWS = ["W1", "B5", "T9", "J3", "F2"]


@settings(max_examples=300, deadline=None)
@given(
    st.integers(0, 10_000),
    st.lists(
        st.tuples(st.integers(0, 400), st.sampled_from(["draw", "drop", "swap", "seat"]), st.integers(0, 400)),
        min_size=1,
        max_size=3,
    ),
)
def test_a_changed_match_played_as_read_is_its_events_each_played(k: int, changes: list[tuple[int, str, int]]) -> None:
    """Whatever the lines say (a fifth copy drawn, a draw out of turn, a tile not held discarded, a
    claim of no discard), the hand played as read is the one its events give, each played with every
    check, with the same problem named at the same line: the fast acts play only what `play` would."""
    block = list(BLOCKS[k % len(BLOCKS)])
    for at, change, value in changes:
        i = 1 + at % (len(block) - 1)
        number, line, indent = block[i]
        words = line.split(" ")
        if change == "draw" and len(words) >= 4 and words[0] == "Player":
            block[i] = (number, " ".join([*words[:3], DRAWS[value % len(DRAWS)], *words[4:]]), indent)
        elif change == "seat" and len(words) >= 4 and words[0] == "Player" and words[2] != "Deal":
            block[i] = (number, " ".join([words[0], str(value % 4), *words[2:]]), indent)
        elif change == "drop":
            del block[i]
        elif change == "swap":
            j = 1 + value % (len(block) - 1)
            block[i], block[j] = (block[j][0], block[i][1], block[i][2]), (block[i][0], block[j][1], block[j][2])
    _same(block)
    _same_as_played_slowly(block)


def test_a_fifth_copy_drawn_is_named_as_play_names_it() -> None:
    """A draw the fast act leaves (a fifth copy of a tile, the wall not given): `play` names it."""
    deals = [
        "W2 W3 W4 W5 W6 W7 W8 W9 B1 B2 B3 B4 B5",
        "B6 B7 B8 B9 T1 T2 T3 T4 T5 T6 T7 T8 T9",
        "F1 F2 F3 F4 J1 J2 J3 W2 W3 W4 W5 W6 W7",
        "W8 W9 B1 B2 B3 B4 B5 B6 B7 B8 B9 T1 T2",
    ]
    lines = ["Match x", "Wind 0", *(f"Player {k} Deal {deal}" for k, deal in enumerate(deals))]
    for k in (0, 1, 2, 3, 0):
        lines += [f"Player {k} Draw W1", f"Player {k} Play W1"]
    block = [(n, line, 0) for n, line in enumerate(lines, 1)]
    played = _scan(block, play=True)
    assert played is not None
    assert played.table is None  # the play stopped
    hand = _read(botzone._match, block).hands[0]  # type: ignore[attr-defined]
    assert hand.problem is not None
    assert "line 15" in hand.problem.message
    assert "1m" in hand.problem.message
    _same(block)
    _same_as_played_slowly(block)


PMN = sorted((TESTS / "fixtures" / "records" / "pmn").glob("*.pmn"))


@pytest.mark.parametrize("path", PMN, ids=lambda p: Path(p).name)
def test_a_record_of_a_wall_not_given_is_its_events_each_played(path: Path) -> None:
    """The fast draw of a wall not given (its size known, PMN's) plays what `play` would."""
    for game in read_games(path, "pmn"):
        for hand in game.hands:
            assert hand.deal is not None
            assert hand.deal.wall is None
            assert _outcome(hand) == _outcome(_played_slowly(hand, game.id))


BENDS = [
    "Player  0 Draw W1",
    "Player 0 Draw X9",
    "Player 4 Draw W1",
    "Player 0 Jump W1",
    "Player 0 Draw",
    "Player 0 Draw W1 Ignore Player 1 Peng W1",
    "Player 0 Play W1 Ignore Player 1 Peng",
    "Wind 01",
    "Wind 23",
    "Wind 2",
    "Score 1 2 3",
    "Score -1 x 2 3",
    "Huang",
    "Fan 8 ???*1",
    "Player 0 Deal W1 W2",
    "Player 1\tDraw W1",
    "Player 0 Draw H1",
    "Player 0 Hu W1",
    "Player 0 Gang W1",
    "Junk",
    "Score 1 2 3 ١٢",
]


@settings(max_examples=200, deadline=None)
@given(st.integers(0, 10_000), st.sampled_from(BENDS), st.booleans())
def test_a_bent_line_reads_alike(k: int, bend: str, replace: bool) -> None:
    block = list(BLOCKS[k % len(BLOCKS)])
    i = 1 + k % (len(block) - 1)
    number = block[i][0]
    if replace:
        block[i] = (number, bend, 0)
    else:
        block.insert(i, (number, bend, 0))
    _same(block)


@pytest.mark.parametrize("bend", BENDS)
def test_each_bend_after_the_deal(bend: str) -> None:
    block = list(BLOCKS[0])
    block.insert(6, (block[5][0], bend, 2))
    _same(block)


@settings(max_examples=500, deadline=None)
@given(
    st.lists(
        st.lists(st.integers(0, 33) | st.sampled_from([-1, 34, 35, 42]), min_size=12, max_size=15),
        min_size=3,
        max_size=5,
    )
    | st.lists(st.lists(st.integers(0, 33), min_size=13, max_size=14), min_size=4, max_size=4),
    st.integers(0, 33),
    st.integers(0, 5),
)
def test_a_deal_plainly_dealt_is_one_the_check_of_the_deal_passes(
    codes: list[list[int]], common: int, every: int
) -> None:
    """The table skips the check of a deal the fast path found plain (`Table(..., dealt=True)`):
    every deal found plain is one the check finds nothing in (copies of a `common` tile, one in
    `every`, make fifth copies; seats of 12 to 15, flowers, codes of no piece make bad deals)."""
    codes = [[common if every and k % every == 0 else c for k, c in enumerate(seat)] for seat in codes]
    if botzone._botzone_fast.plain_deal(codes):
        assert replay._deal_problem(codes, False, -1) is None


def test_the_example_s_deals_are_plain() -> None:
    for block in BLOCKS:
        deals = [line.split()[3:] for _, line, _ in block if " Deal " in line]
        assert botzone._botzone_fast.plain_deal([[botzone._CODE_INTS[c] for c in deal] for deal in deals])


def test_a_fan_line_s_items_read_once_are_the_items_read_again() -> None:
    """The fans of a Fan line, each item read once and kept (`botzone._FAN_ITEMS`), are read as
    they were: each item's name and count, its fan named."""
    lines = [line for block in BLOCKS for _, line, _ in block if line.startswith("Fan ")]
    assert lines
    for line in lines * 2:
        text = " ".join(line.split()[2:])
        items = [split_count(item) for item in text.split("+") if item.strip()]
        assert botzone._fans(text) == tuple(RecordedFan(fan_of(name), name, None, n) for name, n in items)
    assert botzone._fans("???*1") is None


def test_an_action_line_read_before_is_read_as_it_was_the_first_time() -> None:
    """A line `Player <seat> <verb> <tile>` is read once and kept (`scan`'s `actions`): a match read
    with the lines kept reads as with none kept, played or not."""
    tables = (botzone.TEXT_ACTS, botzone._CODE_TILES, botzone._CODE_PIECES, botzone._CODE_INTS)
    kept: dict[str, botzone._botzone_fast.Action] = {}
    for block in BLOCKS:
        for play in (False, True):
            first = botzone._botzone_fast.scan(block, *tables, {}, play=play)
            botzone._botzone_fast.scan(block, *tables, kept, play=play)
            again = botzone._botzone_fast.scan(block, *tables, kept, play=play)
            assert first is not None
            assert again is not None
            assert (first.events, first.wins, first.hands, first.deal) == (
                again.events,
                again.wins,
                again.hands,
                again.deal,
            )
            if play:
                assert first.table is not None
                assert again.table is not None
                assert first.table.holdings() == again.table.holdings()
    assert kept
    assert all(line.count(" ") == 3 for line in kept)
