"""The hand a player puts together on the table-side page, one tap at a time.

The page sends the hand's notation and a tap (`edit`), and gets back the new hand in the canonical
notation with everything it shows: the melds, the tiles, how many tiles the hand holds of how many,
which question it answers (its score, its waits, or none yet), and, for each way of adding a tile,
the picker tiles that cannot be added with the reason by message id. The page counts nothing: a
pick is refused exactly when the hand it would make fails `hand.building_problems`, the core's own
check (a fifth copy, a tile past the hand's size; a property test holds the two together), with
the core's numbers (`tiles.COPIES`, the shape's sets and tiles).

An edit is a few words: `add MODE TILE` (MODE one of `MODES`), `remove I` and `win I` (the I-th
tile of `tiles`, 0 first), `unmeld I`, `flower L` (in or out), `self-drawn|last-copy|wall-last|kong
0|1`, `prevalent|seat WIND`; none reads the hand as it is.
"""

from __future__ import annotations

import dataclasses
import functools
from collections import Counter
from typing import Any

from mcr_score import errors
from mcr_score.hand import Hand, Meld, building_problems
from mcr_score.messages import msg
from mcr_score.notation import format_hand, parse_building, suffix_columns, with_situation
from mcr_score.systems.mcr import SYSTEM as MCR
from mcr_score.tiles import COPIES, FLOWER_LETTERS, NAMES, SUITS, TILES, WINDS, Tile

MODES = ("single", "chow", "pung", "kong", "concealed", "promoted")
"""The picker's ways of adding a tile: alone, or as a declared meld of that kind."""

# Each meld mode as a `Meld`'s kind, concealed and claim: an exposed kong is claimed from the left,
# a promoted one from a pung claimed so.
_MELD_OF_MODE = {
    "chow": ("chow", False, None),
    "pung": ("pung", False, None),
    "kong": ("kong", False, 1),
    "concealed": ("kong", True, None),
    "promoted": ("kong", False, 5),
}
_FLAGS = {"self-drawn": "self_drawn", "last-copy": "last_copy", "wall-last": "wall_last", "kong": "kong"}
_WINDS = {"prevalent": "prevalent_wind", "seat": "seat_wind"}
_ROWS = [*SUITS, "z"]
SHAPE = MCR.shape
"""The page scores MCR (the service is MCR's): its hand, four sets and a pair."""


class EditError(errors.McrError):
    """An edit the page does not send (a bug of the page, or a hand edited by hand): named."""

    code = "bad-edit"
    exit_code = 2


def edit(text: str, change: str = "") -> dict[str, Any]:
    """The hand of `text` with `change` made, as the page shows it (the module's docstring)."""
    hand = parse_building(text)
    if change.strip():
        hand = _changed(hand, change.split())
        errors.raise_all(building_problems(hand, shape=SHAPE))
    return view(hand)


def _changed(hand: Hand, words: list[str]) -> Hand:
    verb, args = words[0], words[1:]
    if verb == "add" and len(args) == 2 and args[0] in MODES:
        return _added(hand, args[0], _tile(args[1]))
    if verb in ("remove", "win", "unmeld") and len(args) == 1:
        return _at(hand, verb, _index(args[0], len(hand.melds) if verb == "unmeld" else len(hand.concealed_tiles())))
    if verb == "flower" and len(args) == 1 and args[0] in FLOWER_LETTERS:
        letters = hand.situation.flower_letters
        letters = letters.replace(args[0], "") if args[0] in letters else "".join(sorted(letters + args[0]))
        return with_situation(hand, check=False, flower_letters=letters)
    if verb in _FLAGS and args in (["0"], ["1"]):
        return with_situation(hand, check=False, **{_FLAGS[verb]: args[0] == "1"})
    if verb in _WINDS and len(args) == 1 and args[0] in WINDS:
        return with_situation(hand, check=False, **{_WINDS[verb]: args[0]})
    raise EditError(msg("page.edit.unknown", edit=" ".join(words)), where="edit")


def _tile(code: str) -> Tile:
    if code not in NAMES:
        raise EditError(msg("error.tile.code", code=repr(code)), where="edit")
    return Tile(code)


def _index(word: str, size: int) -> int:
    if not (word.isascii() and word.isdigit() and int(word) < size):
        raise EditError(msg("page.edit.index", index=word, size=size), where="edit")
    return int(word)


def _added(hand: Hand, mode: str, tile: Tile) -> Hand:
    """`hand` with `tile` added in `mode`. A single tile that completes the hand is its winning
    tile; a meld that completes it leaves the last of the standing tiles as the winning tile, as
    the notation reads it. A chow from an 8, a 9 or an honour raises `Meld`'s own error."""
    if mode == "single":
        return _hand(hand.melds, (*hand.concealed_tiles(), tile), hand)
    kind, concealed, claim = _MELD_OF_MODE[mode]
    return _hand((*hand.melds, Meld(kind, tile, concealed=concealed, claim=claim)), hand.concealed_tiles(), hand)


def _at(hand: Hand, verb: str, i: int) -> Hand:
    if verb == "unmeld":
        return _hand(hand.melds[:i] + hand.melds[i + 1 :], hand.concealed_tiles(), hand)
    tiles = list(hand.concealed_tiles())
    tile = tiles.pop(i)
    if verb == "remove":
        return _hand(hand.melds, tuple(tiles), hand)
    if hand.winning is None:
        raise EditError(msg("page.edit.no-winning"), where="edit")
    return dataclasses.replace(hand, standing=tuple(sorted(tiles, key=_order)), winning=tile)


def _hand(melds: tuple[Meld, ...], tiles: tuple[Tile, ...], old: Hand) -> Hand:
    """The tiles as the notation reads them: the last one the winning tile when they complete the
    hand, all of them standing (sorted) before."""
    if len(tiles) == SHAPE.tiles(len(melds)):
        return Hand(melds, tuple(sorted(tiles[:-1], key=_order)), tiles[-1], old.situation)
    return Hand(melds, tuple(sorted(tiles, key=_order)), None, old.situation)


def _order(tile: Tile) -> int:
    return tile.index


def _kind(meld: Meld) -> str:
    if meld.kind != "kong":
        return meld.kind
    return "concealed" if meld.concealed else "promoted" if meld.promoted else "kong"


def view(hand: Hand) -> dict[str, Any]:
    """Everything the page shows of `hand`, and what each picker tile would do to it."""
    melds = len(hand.melds)
    tiles = hand.concealed_tiles()
    full = SHAPE.tiles(0)
    held = full - SHAPE.tiles(melds) + len(tiles)
    text = format_hand(hand, short=True)
    s = hand.situation
    return {
        "ok": True,
        "notation": text,
        "melds": [{"kind": _kind(m), "tiles": [t.code for t in m.tiles]} for m in hand.melds],
        "tiles": [t.code for t in tiles],
        "winning": hand.winning.code if hand.winning else None,
        "flowers": s.flower_letters,
        "situation": {
            "prevalent": s.prevalent_wind,
            "seat": s.seat_wind,
            "self_drawn": s.self_drawn,
            "last_copy": s.last_copy,
            "wall_last": s.wall_last,
            "kong": s.kong,
            "flowers": s.flowers,
        },
        "columns": suffix_columns(text),
        "count": {"held": held, "full": full, "missing": full - held},
        "question": "score" if hand.winning else "waits" if len(tiles) == SHAPE.waiting(melds) else "none",
        "picker": {
            "rows": [[r, [t.code for t in TILES if t.suit == r]] for r in _ROWS] + [["f", list(FLOWER_LETTERS)]],
            "refused": {mode: _refused(hand, mode) for mode in MODES},
        },
    }


def _refused(hand: Hand, mode: str) -> dict[str, str]:
    """The tiles that cannot be added in `mode`, each with the reason (a message id): exactly the
    picks whose hand `building_problems` would refuse (tested), counted here without building 34
    hands per mode: a tap must stay fast in the page. No chow from an 8, a 9 or an honour (`Meld`
    refuses it), no room past the shape's tiles, no copy past `COPIES`."""
    held = Counter(t.code for m in hand.melds for t in m.tiles)
    held.update(t.code for t in hand.concealed_tiles())
    melds, concealed = len(hand.melds), len(hand.concealed_tiles())
    if mode == "single":
        room = melds <= SHAPE.sets and concealed < SHAPE.tiles(melds)
    else:
        room = melds < SHAPE.sets and concealed <= SHAPE.tiles(melds + 1)
    out: dict[str, str] = {}
    for tile, need in _needs(mode).items():
        if need is None:
            out[tile] = "page.refused.no-chow"
        elif not room:
            out[tile] = "page.refused.full"
        elif any(held[code] + n > COPIES for code, n in need.items()):
            out[tile] = "page.refused.copies"
    return out


@functools.cache
def _needs(mode: str) -> dict[str, Counter[str] | None]:
    """The tiles a pick of each tile adds in `mode`; None where `Meld` refuses the meld."""
    out: dict[str, Counter[str] | None] = {}
    for tile in TILES:
        if mode == "single":
            out[tile.code] = Counter((tile.code,))
            continue
        kind, concealed, claim = _MELD_OF_MODE[mode]
        try:
            out[tile.code] = Counter(t.code for t in Meld(kind, tile, concealed=concealed, claim=claim).tiles)
        except errors.BadMeldError:
            out[tile.code] = None
    return out
