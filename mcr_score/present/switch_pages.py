"""The switches and profiles of a rule system as every system's `rules` page shows them: the JSON
entries, the text lines and a Markdown cell (the systems add their own tables around them). The
JSON writes the texts in English, as every JSON does; the text and the Markdown in the language asked."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Protocol

from mcr_score.engine.switches import SwitchDef, description
from mcr_score.messages import DEFAULT_LANG, text
from mcr_score.present.i18n import colon


class Described(Protocol):
    """A profile as the pages list it."""

    @property
    def description(self) -> str: ...

    def choices(self) -> dict[str, str]: ...


def profile_dicts(profiles: Mapping[str, Described]) -> dict[str, dict[str, Any]]:
    return {name: {"description": p.description, "choices": p.choices()} for name, p in profiles.items()}


def switch_dicts(switches: tuple[SwitchDef[object], ...]) -> list[dict[str, Any]]:
    """Each switch as JSON; `gap` only where the system numbers its gaps (the project's reading notes
    number them; the text pages do not show it), `example` null when none."""
    return [
        {"key": s.key}
        | ({"gap": s.gap} if s.gap else {})
        | {
            "point": s.point(),
            "default": str(s.default),
            "options": {str(k): s.reading(k) for k in s.options},
            "example": s.example_in() or None,
        }
        for s in switches
    ]


def switch_lines(
    system: str, profiles: Mapping[str, Described], switches: tuple[SwitchDef[object], ...], lang: str = DEFAULT_LANG
) -> list[str]:
    """The built-in profiles, then each switch with its options (the default starred) and its example."""
    lines = ["  " + colon(name, description(system, name, lang), lang) for name in profiles]
    lines.append("")
    for s in switches:
        lines.append(colon(s.key, s.point(lang), lang))
        for option in s.options:
            mark = "*" if option == s.default else " "
            lines.append("  " + colon(f"{mark} {option}", s.reading(option, lang), lang))
        if s.example or s.worded:
            lines.append("    " + text("rules-page.eg", lang, example=s.example_in(lang)))
    return lines


def options_cell(s: SwitchDef[object], lang: str = DEFAULT_LANG) -> str:
    """A switch's options in one Markdown cell, the default starred."""
    return "<br>".join(colon(f"{'*' if o == s.default else ''}`{o}`", s.reading(o, lang), lang) for o in s.options)


def markdown_head(lang: str, *columns: str) -> list[str]:
    """A Markdown table's head: the columns by their `rules-page.md.col.*` ids, and the rule under them."""
    return [
        "| " + " | ".join(text(f"rules-page.md.col.{c}", lang) for c in columns) + " |",
        "|---" * len(columns) + "|",
    ]
