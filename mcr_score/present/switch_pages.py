"""The switches and profiles of a rule system as every system's `rules` page shows them: the JSON
entries, the text lines and a Markdown cell (the systems add their own tables around them)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Protocol

from ..systems.switches import SwitchDef


class Described(Protocol):
    """A profile as the pages list it."""

    @property
    def description(self) -> str: ...

    def choices(self) -> dict[str, str]: ...


def profile_dicts(profiles: Mapping[str, Described]) -> dict[str, dict[str, Any]]:
    return {name: {"description": p.description, "choices": p.choices()} for name, p in profiles.items()}


def switch_dicts(switches: tuple[SwitchDef, ...]) -> list[dict[str, Any]]:
    """Each switch as JSON; `gap` only where the system numbers its gaps, `example` null when none."""
    return [
        {"key": s.key}
        | ({"gap": s.gap} if s.gap else {})
        | {
            "point": s.point,
            "default": str(s.default),
            "options": {str(k): v for k, v in s.options.items()},
            "example": s.example or None,
        }
        for s in switches
    ]


def switch_lines(profiles: Mapping[str, Described], switches: tuple[SwitchDef, ...]) -> list[str]:
    """The profiles, then each switch with its options (the default starred) and its example."""
    lines = [f"  {name}: {p.description}" for name, p in profiles.items()]
    lines.append("")
    for s in switches:
        lines.append(f"{s.key} ({s.gap}): {s.point}" if s.gap else f"{s.key}: {s.point}")
        for option, reading in s.options.items():
            mark = "*" if option == s.default else " "
            lines.append(f"  {mark} {option}: {reading}")
        if s.example:
            lines.append(f"    e.g. {s.example}")
    return lines


def options_cell(s: SwitchDef) -> str:
    """A switch's options in one Markdown cell, the default starred."""
    return "<br>".join(f"{'*' if o == s.default else ''}`{o}`: {r}" for o, r in s.options.items())
