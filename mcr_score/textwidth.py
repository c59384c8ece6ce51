"""Terminal cells of text, so that columns and carets line up under CJK names and tile glyphs."""

from __future__ import annotations

import unicodedata


def width(s: str) -> int:
    """Wide characters (CJK, 🀄) take two cells, combining marks and the emoji selector U+FE0F none;
    Unicode gives the other mahjong tiles (🀇) one."""
    return sum(
        0
        if unicodedata.category(c) in ("Mn", "Me", "Cf")
        else 2
        if unicodedata.east_asian_width(c) in ("W", "F")
        else 1
        for c in s
    )


def pad(s: str, cells: int, right: bool = False) -> str:
    """`s` padded with spaces to `cells` cells, on the left when `right`."""
    fill = " " * max(0, cells - width(s))
    return fill + s if right else s + fill
