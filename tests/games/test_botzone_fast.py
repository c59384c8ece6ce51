"""The fast path of Botzone's text reader (`games/_botzone_fast.py`) reads as the readable reader
does: the same games on the example, and on each of its lines bent (spaces, codes, verbs, order),
the same game or the same located error."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mcr_score.games import botzone
from mcr_score.games.errors import GameRecordError
from mcr_score.games.reading import Fields
from tests.support import REPO

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


def test_the_example_is_read_on_the_fast_path() -> None:
    assert BLOCKS
    for block in BLOCKS:
        assert botzone._botzone_fast.scan(block, botzone.TEXT_ACTS, botzone._CODE_TILES, botzone._CODE_PIECES)
        _same(block)


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
