"""The `waits`, `shanten` and `discards` answers as text in the reader's language; they read the
results of `advice.py` and compute nothing."""

from __future__ import annotations

from collections.abc import Sequence

from mcr_score.engine.shanten import FORMS
from mcr_score.messages import DEFAULT_LANG, count, text
from mcr_score.present.i18n import fan_name
from mcr_score.systems.mcr.advice import DiscardsResult, ShantenResult, WaitsResult, WaitTile
from mcr_score.systems.mcr.scoring import Score
from mcr_score.systems.mcr.valuation import Value
from mcr_score.textwidth import columns
from mcr_score.tiles import Tile


def _head(label: str, rules: str | None, lang: str) -> list[str]:
    if rules is None:
        return [label] if label else []
    return [text("score.head", lang, hand=label, rules=rules) if label else text("rules", lang, rules=rules)]


def _fans(score: Score, lang: str) -> str:
    return ", ".join(f"{f.id} {fan_name(f.fan, lang)}" + (f" ×{f.count}" if f.count > 1 else "") for f in score.fans)


def _total(score: Score) -> str:
    return str(score.total) + ("" if score.meets_minimum else "!")


def _useful(tiles: Sequence[Tile], left: Sequence[int]) -> str:
    return " ".join(f"{t.code}({n})" for t, n in zip(tiles, left, strict=True))


def wait_rows(waits: Sequence[WaitTile], lang: str) -> list[str]:
    """The waits table: tile, copies left, total on a discard and self-drawn, the 8-point verdict,
    the fans of the better win; a note under it for last copies and totals under 8."""
    heads = [text(f"waits.col.{c}", lang) for c in ("tile", "left", "discard", "self", "minimum", "fans")]
    rows = [
        [
            w.tile.code + ("*" if w.last_copy else "") + ("~" if w.unrobbable else ""),
            str(w.left),
            _total(w.discard),
            _total(w.self_drawn),
            text("waits.yes" if w.meets_minimum else "waits.no", lang),
            _fans(w.best, lang),
        ]
        for w in waits
    ]
    lines = columns([heads, *rows], (False, True, True, True, False))
    if any(not w.discard.meets_minimum or not w.self_drawn.meets_minimum for w in waits):
        lines.append(text("waits.short-note", lang))
    if any(w.last_copy for w in waits):
        lines.append(text("waits.last-copy", lang))
    if any(w.unrobbable for w in waits):
        lines.append(text("waits.unrobbable", lang))
    if not any(w.meets_minimum for w in waits):
        lines.append(text("waits.all-short", lang))
    return lines


def _ready(result: WaitsResult, lang: str) -> str:
    """`Ready: 2 waits, 5 copies left.`"""
    return text("waits.ready", lang, waits=count("n.wait", len(result.waits)), left=count("n.copy-left", result.left))


def waits_text(result: WaitsResult, label: str = "", lang: str = DEFAULT_LANG) -> str:
    lines = _head(label, result.rules, lang)
    if not result.ready:
        lines.append(text("waits.none", lang))
        return "\n".join(lines)
    lines.append(_ready(result, lang))
    lines += wait_rows(result.waits, lang)
    return "\n".join(lines)


def shanten_text(result: ShantenResult, label: str = "", lang: str = DEFAULT_LANG) -> str:
    lines = _head(label, None, lang)
    if result.shanten == 0:
        lines.append(text("shanten.ready", lang))
    else:
        lines.append(text("shanten.n", lang, n=result.shanten, tiles=count("n.tile", result.shanten)))
    heads = [text(f"shanten.col.{c}", lang) for c in ("form", "shanten", "useful")]
    rows = []
    for name, form in zip(FORMS, result.forms, strict=True):
        label_ = text(f"form.{name}", lang)
        if form is None:
            rows.append([label_, "-", text("shanten.ruled-out", lang)])
        else:
            rows.append([label_, str(form.shanten), _useful(form.useful, form.left)])
    lines += columns([heads, *rows], (False, True))
    if result.useful:
        left = count("n.copy-left", result.useful_left)
        lines.append(text("shanten.useful", lang, tiles=_useful(result.useful, result.left), left=left))
    else:
        lines.append(text("shanten.useful-none", lang))
    return "\n".join(lines)


def value_cells(v: Value | None) -> list[str]:
    """A choice's value as the columns show it: valid Hu chance, expected points, danger, good and
    dead draws (`-` where there are none to count)."""
    if v is None:
        return ["-"] * 5
    counts = ["-" if n is None else str(n) for n in (v.good_draws, v.dead_draws)]
    return [f"{100 * v.valid_chance:.0f}%", f"{v.expected:+.1f}", f"{100 * v.danger:.1f}%", *counts]


def discards_text(result: DiscardsResult, label: str = "", lang: str = DEFAULT_LANG) -> str:
    lines = _head(label, result.rules, lang)
    names = ("discard", "shanten", "left", "best", "chance", "expected", "danger", "good", "dead", "useful")
    heads = [text(f"discards.col.{c}", lang) for c in names]
    rows = []
    for d in result.discards:
        best = d.best
        mark = text("discards.short", lang) if d.below_minimum else ""
        rows.append(
            [
                d.tile.code,
                str(d.shanten),
                str(d.useful_left),
                (str(best.total) if best else "") + (f" {mark}" if mark else ""),
                *value_cells(d.value),
                _useful(d.useful, d.left),
            ]
        )
    lines += columns([heads, *rows], (False, True, True, False, True, True, True, True, True))
    lines.append(text("discards.value-note", lang))
    for d in result.discards:
        if d.waits:
            lines.append("")
            lines.append(text("discards.after", lang, tile=d.tile.code))
            lines += ["  " + line for line in wait_rows(d.waits, lang)]
    if any(d.below_minimum for d in result.discards):
        lines.append(text("discards.short-note", lang))
    return "\n".join(lines)


def score_waiting_text(result: WaitsResult, lang: str = DEFAULT_LANG) -> str:
    """What `score` adds under "not a winning hand" for a 13-tile hand: the `waits` table."""
    if not result.ready:
        return text("waits.none", lang)
    lines = [_ready(result, lang), *wait_rows(result.waits, lang)]
    return "\n".join(lines)
