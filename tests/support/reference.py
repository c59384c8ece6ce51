"""Adapter to the reference calculator, PyMahjongGB 1.4.0 (summerinsects' engine).

`reference_fans(hand)` converts a `Hand` into the reference's call and returns its fans keyed by
our Green Book ids, so differential tests compare like with like. The reference numbers fans
48-53 differently and has one private fan, so fans are mapped by their English name; the names
below were read off the reference's verbose output, not guessed.
"""

from __future__ import annotations

from collections import Counter

from MahjongGB import MahjongFanCalculator

from mcr_score.hand import Hand, Meld
from mcr_score.tiles import WINDS

# Our ids 1-81 (Green Book order, Two Concealed Kongs = 48) plus 82 for the reference's private
# 5-point "one concealed plus one melded kong" (明暗杠).
CONCEALED_AND_MELDED_KONG = 82

REFERENCE_NAMES: dict[str, int] = {
    "Big Four Winds": 1,
    "Big Three Dragons": 2,
    "All Green": 3,
    "Nine Gates": 4,
    "Four Kongs": 5,
    "Seven Shifted Pairs": 6,
    "Thirteen Orphans": 7,
    "All Terminals": 8,
    "Little Four Winds": 9,
    "Little Three Dragons": 10,
    "All Honors": 11,
    "Four Concealed Pungs": 12,
    "Pure Terminal Chows": 13,
    "Quadruple Chow": 14,
    "Four Pure Shifted Pungs": 15,
    "Four Pure Shifted Chows": 16,
    "Three Kongs": 17,
    "All Terminals and Honors": 18,
    "Seven Pairs": 19,
    "Greater Honors and Knitted Tiles": 20,
    "All Even Pungs": 21,
    "Full Flush": 22,
    "Pure Triple Chow": 23,
    "Pure Shifted Pungs": 24,
    "Upper Tiles": 25,
    "Middle Tiles": 26,
    "Lower Tiles": 27,
    "Pure Straight": 28,
    "Three-Suited Terminal Chows": 29,
    "Pure Shifted Chows": 30,
    "All Five": 31,
    "Triple Pung": 32,
    "Three Concealed Pungs": 33,
    "Lesser Honors and Knitted Tiles": 34,
    "Knitted Straight": 35,
    "Upper Four": 36,
    "Lower Four": 37,
    "Big Three Winds": 38,
    "Mixed Straight": 39,
    "Reversible Tiles": 40,
    "Mixed Triple Chow": 41,
    "Mixed Shifted Pungs": 42,
    "Chicken Hand": 43,
    "Last Tile Draw": 44,
    "Last Tile Claim": 45,
    "Out with Replacement Tile": 46,
    "Robbing The Kong": 47,
    "Two Concealed Kongs": 48,
    "All Pungs": 49,
    "Half Flush": 50,
    "Mixed Shifted Chows": 51,
    "All Types": 52,
    "Melded Hand": 53,
    "Two Dragons Pungs": 54,
    "Outside Hand": 55,
    "Fully Concealed Hand": 56,
    "Two Melded Kongs": 57,
    "Last Tile": 58,
    "Dragon Pung": 59,
    "Prevalent Wind": 60,
    "Seat Wind": 61,
    "Concealed Hand": 62,
    "All Chows": 63,
    "Tile Hog": 64,
    "Double Pung": 65,
    "Two Concealed Pungs": 66,
    "Concealed Kong": 67,
    "All Simples": 68,
    "Pure Double Chow": 69,
    "Mixed Double Chow": 70,
    "Short Straight": 71,
    "Two Terminal Chows": 72,
    "Pung of Terminals or Honors": 73,
    "Melded Kong": 74,
    "One Voided Suit": 75,
    "No Honors": 76,
    "Edge Wait": 77,
    "Closed Wait": 78,
    "Single Wait": 79,
    "Self-Drawn": 80,
    "Flower Tiles": 81,
    "Concealed Kong and Melded Kong": CONCEALED_AND_MELDED_KONG,
}

_SUIT_CODE = {"m": "W", "s": "T", "p": "B"}
_HONOR_CODE = {"E": "F1", "S": "F2", "W": "F3", "N": "F4", "C": "J1", "F": "J2", "P": "J3"}


def tile_code(tile) -> str:
    """Our `Tile` as a reference code: W characters, T bamboo, B dots, F1-4 winds, J1-3 dragons."""
    code = tile.code
    if code in _HONOR_CODE:
        return _HONOR_CODE[code]
    return _SUIT_CODE[code[1]] + code[0]


def pack(meld: Meld) -> tuple[str, str, int]:
    """A declared meld as a reference pack; offer 0 only for a concealed kong."""
    if meld.kind == "chow":
        return ("CHI", tile_code(meld.tiles[1]), meld.claim or 1)
    if meld.kind == "pung":
        return ("PENG", tile_code(meld.tile), meld.claim or 1)
    if meld.concealed:
        return ("GANG", tile_code(meld.tile), 0)
    claim = meld.claim or 1
    return ("GANG", tile_code(meld.tile), claim - 4 if claim >= 5 else claim)


def reference_call(hand: Hand) -> dict:
    """The keyword arguments of the reference call for a winning hand.

    Refuses more than 4 copies of a tile: the reference does not check that (its
    ERROR_TILE_COUNT_GREATER_THAN_4 never fires) and scores such hands, e.g. Tile Hog x255.
    """
    if hand.winning is None:
        raise ValueError("the reference scores winning hands only (this hand has no winning tile)")
    copies = Counter(hand.concealed_tiles() + tuple(t for m in hand.melds for t in m.tiles))
    if max(copies.values()) > 4:
        raise ValueError(f"more than 4 copies of {max(copies, key=copies.get)}: the reference would score it anyway")
    s = hand.situation
    return {
        "pack": tuple(pack(m) for m in hand.melds),
        "hand": tuple(tile_code(t) for t in hand.standing),
        "winTile": tile_code(hand.winning),
        "flowerCount": s.flowers,
        "isSelfDrawn": s.self_drawn,
        "is4thTile": s.last_copy,
        "isAboutKong": s.kong,
        "isWallLast": s.wall_last,
        "seatWind": WINDS.index(s.seat_wind),
        "prevalentWind": WINDS.index(s.prevalent_wind),
        "verbose": True,
    }


def reference_raw(hand: Hand) -> tuple[tuple[int, int, str, str], ...] | None:
    """The reference's verbose answer, (points, count, 中文, English) per fan; None if not a win."""
    try:
        return MahjongFanCalculator(**reference_call(hand))
    except TypeError as e:
        if str(e) == "ERROR_NOT_WIN":
            return None
        raise


def reference_fans(hand: Hand) -> dict[int, int] | None:
    """{our fan id: count} as the reference scores the hand; None when it is not a winning hand."""
    raw = reference_raw(hand)
    if raw is None:
        return None
    fans: dict[int, int] = {}
    for _points, count, _zh, en in raw:
        fan = REFERENCE_NAMES[en]
        fans[fan] = fans.get(fan, 0) + count
    return fans


def reference_total(hand: Hand) -> int:
    """The reference's total points, flowers included; raises ValueError if not a win."""
    raw = reference_raw(hand)
    if raw is None:
        raise ValueError("the reference says this is not a winning hand")
    return sum(points * count for points, count, _zh, _en in raw)
