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


FAN_COLUMNS = (True, False, True, True)  # no., fan, points, count; then the sets as free text


def columns(rows: list[list[str]], right: tuple[bool, ...]) -> list[str]:
    """Rows aligned in columns two spaces apart, `right`-aligned where it says; the last column is
    left as it is (free text), and trailing spaces are cut."""
    widths = [max(width(r[i]) for r in rows) for i in range(len(right))]
    return [
        "  ".join([*(pad(r[i], widths[i], right[i]) for i in range(len(right))), *r[len(right) :]]).rstrip()
        for r in rows
    ]
