"""The fast path of `notation.format_hand` for the hands a batch of game records writes (`games.export`:
a Botzone hand's notation, each hand once): compiled, where the notation's module stays interpreted
(some 6% of a Botzone hand's CPU in a compiled worker, callgrind).

`hand_text(hand)` is `format_hand(hand)` for a hand whose situation the notation can write (winds
E/S/W/N, 0-9 flowers, letters a-h); any other is None, and `format_hand` names its problem
(tests/notation/test_format_fast.py).
"""

from __future__ import annotations

from typing import Final

from mcr_score.hand import Hand, Meld
from mcr_score.tiles import FLOWER_LETTERS, WINDS, Tile

_WINDS: Final = frozenset(WINDS)
_FLOWERS: Final = frozenset(FLOWER_LETTERS)


def hand_text(hand: Hand) -> str | None:
    """`format_hand(hand)`: melds, standing tiles, the winning tile, `|` the situation; None for a
    situation the notation cannot write."""
    s = hand.situation
    letters = s.flower_letters
    if s.seat_wind not in _WINDS or s.prevalent_wind not in _WINDS or not 0 <= s.flowers <= 9:
        return None
    for letter in letters:
        if letter not in _FLOWERS:
            return None
    parts: list[str] = []
    for meld in hand.melds:
        parts.append(meld_text(meld))
    parts.append(tiles_text(hand.standing))
    if hand.winning is not None:
        parts.append(tiles_text((hand.winning,)))
    parts.append("|")
    parts.append(s.prevalent_wind)
    parts.append(s.seat_wind)
    parts.append("1" if s.self_drawn else "0")
    parts.append("1" if s.last_copy else "0")
    parts.append("1" if s.wall_last else "0")
    parts.append("1" if s.kong else "0")
    if letters:
        parts.append("|" + letters)
    elif s.flowers:
        parts.append("|" + str(s.flowers))
    return "".join(parts)


def meld_text(meld: Meld) -> str:
    """`format_meld(meld)`: `[123m1]`, `[EEEE]`."""
    claim = meld.claim
    return "[" + tiles_text(meld.tiles) + ("" if claim is None else str(claim)) + "]"


def tiles_text(tiles: tuple[Tile, ...]) -> str:
    """`format_tiles(tiles)`: runs of one suit share their letter (`123m`), honors as letters."""
    out: list[str] = []
    run_suit = ""
    for t in tiles:
        code = t.code
        if len(code) == 1:  # an honor
            if run_suit:
                out.append(run_suit)
                run_suit = ""
            out.append(code)
            continue
        suit = code[1]
        if run_suit != suit:
            if run_suit:
                out.append(run_suit)
            run_suit = suit
        out.append(code[0])
    if run_suit:
        out.append(run_suit)
    return "".join(out)
