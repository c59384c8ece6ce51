"""How text is drawn on its stream: ANSI colour, and Unicode mahjong tiles instead of tile codes.

On a terminal the tiles are drawn as Unicode tiles and verdicts are coloured; piped or redirected
output stays plain text (tile codes, no escape sequences). `NO_COLOR` (https://no-color.org)
turns the colour off and `TERM=dumb` both the colour and the tiles; `--color/--no-color` decide
instead of the terminal.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, TextIO


@dataclass(frozen=True)
class Style:
    """How to draw: ANSI colour, and Unicode tiles and marks instead of tile codes."""

    color: bool = False
    unicode: bool = False

    @classmethod
    def for_stream(cls, stream: TextIO, env: Mapping[str, str] | None = None, color: bool | None = None) -> Style:
        """`color` True or False (`--color/--no-color`) decides; otherwise Unicode and colour on a
        terminal whose `TERM` is not `dumb`, and colour only when `NO_COLOR` is unset or empty."""
        if color is not None:
            return cls(color=color, unicode=color)
        env = os.environ if env is None else env
        tty = bool(getattr(stream, "isatty", lambda: False)()) and env.get("TERM") != "dumb"
        return cls(color=tty and not env.get("NO_COLOR"), unicode=tty)


PLAIN = Style()


def paint(s: str, style: Style, **how: Any) -> str:
    """`s` in the colours and attributes of `click.style` when colour is on, else as it is. Click is
    imported only then: the page's engine (mcr_score.web.engine) draws no colour and loads no click."""
    if not style.color:
        return s
    import click

    return click.style(s, **how)
