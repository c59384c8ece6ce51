"""The fast path of `api._lines` for a piece of a Botzone text (`batch --from`'s workers): the piece's
bytes read at once and decoded at once, then cut at its line ends, instead of a line read, checked and
decoded at a time by interpreted code (some tenth of a hand's reading, compiled).

It reads only what `_lines` reads without a word to say: a piece that is UTF-8 throughout, every line
short enough that no bound can be reached, ending at a line's end or at the file's. Any other piece is
None, and `_lines` reads it and names its problem. The lines are `_lines`' own without their line
break, which the reader strips (`botzone.iter_text`) (tests/games/test_api_fast.py).
"""

from __future__ import annotations

from typing import Final

SAFE_LINE: Final = 25_000
"""A line of fewer characters, its line break with it, is at most 100,000 bytes: under every bound of `_lines`
(`MAX_TEXT_LINE` characters, 4 bytes a character, read 4 * `MAX_TEXT_LINE` + 2 bytes at a time)."""


def piece_lines(path: str, start: int, end: int) -> list[str] | None:
    """The lines of the bytes `start` to `end` of the file at `path`, as `api._lines(path, start, end)`
    gives them but for their line break, or None where it has something to say, or where the piece
    does not end at a line's end."""
    with open(path, "rb") as f:
        f.seek(start)
        data = f.read(max(0, end - start))
        if data and not data.endswith(b"\n") and f.read(1):  # cut inside a line: `_lines` reads it whole
            return None
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        return None
    lines = text.split("\n")  # a line break is "\n" alone, as `readline` cuts lines
    if lines[-1] == "":
        lines.pop()  # after the last line break: no line
    for line in lines:
        if len(line) >= SAFE_LINE:
            return None
    return lines
