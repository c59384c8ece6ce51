"""The six-player system's pages (`systems.base.Pages`): a hand scored, explained reading by
reading, the table and the switches, and a round settled, as JSON data and as text in English,
French or Chinese (the seed's French words quoted in every language). Pages read the results of
`systems.six`; they never score."""

from __future__ import annotations

import html
from typing import Any

from mcr_score.hand import Hand
from mcr_score.messages import Name, count, text
from mcr_score.notation import format_hand
from mcr_score.present.i18n import colon
from mcr_score.present.style import Style
from mcr_score.present.switch_pages import markdown_head, options_cell, profile_dicts, switch_dicts, switch_lines
from mcr_score.systems.base import Situated
from mcr_score.systems.mcr.pages.text import group_label, hand_text, hand_to_dict
from mcr_score.systems.six import SYSTEM, rounds, score_hand
from mcr_score.systems.six.rules import PROFILES, SWITCHES, profile
from mcr_score.systems.six.scoring import SixScore, Valued
from mcr_score.systems.six.table import TABLE, Kind, Row
from mcr_score.textwidth import pad


def _row_name(row: Row | str, lang: str) -> str:
    return text(f"six.row.{row}", lang)


def reading_dict(v: Valued, chosen: bool = True) -> dict[str, Any]:
    """One reading as the JSON of `explain` writes it, and the text pages read it."""
    return {
        "chosen": chosen,
        "form": str(v.reading.form),
        "arrangement": [{**g.to_dict(), "label": group_label(g)} for g in v.reading.to_groups()],
        "patterns": [str(r) for r in v.patterns],
        "counted": [str(r) for r in v.counted],
        "value": v.value,
        "multipliers": [m.to_dict() for m in v.multipliers],
        "points": v.points,
    }


def _reading_lines(reading: dict[str, Any], lang: str) -> list[str]:
    groups = "  ".join(
        g["label"] + (f" ({text('kind.' + g['kind'], lang)})" if g["declared"] else "") for g in reading["arrangement"]
    )
    lines = [text("six.page.arrangement", lang, groups=groups, form=text(f"six.form.{reading['form']}", lang))]
    for row in reading["patterns"]:
        key = "six.page.counted" if row in reading["counted"] else "six.page.covered"
        d = TABLE[Row(row)]
        lines.append(text(key, lang, name=_row_name(row, lang), words=d.seed, value=d.value))
    for m in reading["multipliers"]:
        d = TABLE[Row(m["row"])]
        times = f" ×{m['count']}" if m["count"] > 1 else ""
        lines.append(
            text("six.page.multiplier", lang, factor=m["factor"], name=_row_name(d.row, lang), words=d.seed) + times
        )
    values = " × ".join(str(TABLE[Row(r)].value) for r in reading["counted"])  # one, or the product's factors
    factors = "".join(f" × {m['factor']}" for m in reading["multipliers"] for _ in range(m["count"]))
    lines.append(text("six.page.points", lang, points=reading["points"], value=values, factors=factors))
    return lines


def _payment_lines(data: dict[str, Any], lang: str) -> list[str]:
    out = []
    for p in data["payments"]:
        key = "six.page.pays-discarder" if p["payer"] == "discarder" else "six.page.pays-each"
        out.append(
            text(key, lang, amount=p["amount"], players=count("n.player", p["players"]), order=data["win"]["order"])
        )
    return out


def parse_dict(hand: Hand) -> dict[str, Any]:
    """MCR's notation writes the system's hands: their structure is MCR's, the canonical form the
    one this system reads back: without MCR's default suffix `|EE0000` (the game has no seat wind
    and no flowers, so `--seat` is no option of it); a self-drawn win keeps `|EE1000`."""
    return hand_to_dict(hand, short=True)


def parse_text(hand: Hand, lang: str) -> str:
    return hand_text(hand, lang, winds=False)


def score_text(hand: Hand, result: SixScore, rules: str, lang: str, style: Style, brief: bool) -> str:
    """The hand, the chosen reading with every pattern it matches, the multipliers, the points and
    the payments of this win."""
    head = text("six.page.head", lang, hand=format_hand(hand, short=True), rules=result.rules)
    if not result.winning or result.best is None:
        return "\n".join([head, text("six.page.not-winning", lang, reason=text(f"six.reason.{result.reason}", lang))])
    return "\n".join([head, *_reading_lines(reading_dict(result.best), lang), *_payment_lines(result.to_dict(), lang)])


def explain(hand: Hand, rules: str, situated: Situated) -> dict[str, Any]:
    """Every reading of the hand with what it matches and is worth, the one chosen, and the payments."""
    chosen = profile(rules)
    result = score_hand(hand, chosen, situated)
    readings = [reading_dict(v, v is result.best) for v in ((result.best, *result.others) if result.best else ())]
    return {
        **result.to_dict(),
        "hand": format_hand(hand, short=True),
        "combination": str(chosen.unlisted),
        "readings": readings,
    }


def explain_text(data: dict[str, Any], lang: str, style: Style) -> str:
    """Every reading, the chosen one first, each with its patterns and multipliers; then the payments."""
    lines = [text("six.page.head", lang, hand=data["hand"], rules=data["rules"])]
    if not data["winning"]:
        lines.append(text("six.page.not-winning", lang, reason=text(f"six.reason.{data['reason']}", lang)))
        return "\n".join(lines)
    lines.append(text("six.page.combination", lang, rule=text(f"six.combination.{data['combination']}", lang)))
    for n, reading in enumerate(data["readings"], 1):
        key = "six.page.reading-chosen" if reading["chosen"] else "six.page.reading"
        lines.append(text(key, lang, n=n, points=reading["points"]))
        lines.extend("  " + line for line in _reading_lines(reading, lang))
    lines.extend(_payment_lines(data, lang))
    return "\n".join(lines)


def elements(rules: str) -> list[dict[str, Any]]:
    """The seed's table, row by row: its words and value as written, what the row does, the value used."""
    return [
        {
            "row": str(d.row),
            "seed": d.seed,
            "seed_value": d.seed_value,
            "kind": str(d.kind),
            "value": d.value,
            "components": sorted(str(c) for c in d.components),
            "payer": None if d.payer is None else str(d.payer),
        }
        for d in TABLE.values()
    ]


def elements_text(data: list[dict[str, Any]], lang: str, style: Style) -> str:
    lines = [text("six.page.table-head", lang)]
    for row in data:
        kind = text(f"six.kind.{row['kind']}", lang)
        shown = f"× {row['value']}" if row["kind"] == Kind.MULTIPLIER else str(row["value"])
        name = pad(_row_name(row["row"], lang), 28)  # in terminal cells: a Chinese character takes two
        lines.append(f"  {name} {shown:>5}  {kind}  « {row['seed']} » ({row['seed_value']})")
    return "\n".join(lines)


def rules_dict() -> dict[str, Any]:
    return {
        "ok": True,
        "system": SYSTEM.name,
        "profiles": profile_dicts(PROFILES),
        "switches": switch_dicts(SWITCHES),
        "table": elements(""),
    }


def rules_text(lang: str) -> str:
    lines = [text("six.page.rules-head", lang)]
    lines += switch_lines(SYSTEM.name, PROFILES, SWITCHES, lang)
    lines.append("")
    lines.append(elements_text(elements(""), lang, Style()))
    return "\n".join(lines)


def rules_markdown(lang: str) -> str:
    out = markdown_head(lang, "switch", "options", "example-short")
    for s in SWITCHES:
        out.append(f"| `{s.key}` | {options_cell(s, lang)} | `{s.example}` |")
    return "\n".join(out) + "\n"


def session(path: str, rules: str, situated: Situated) -> rounds.RoundResult:
    return rounds.read_round(path, profile(rules))


def session_text(result: rounds.RoundResult, lang: str) -> str:
    lines = [text("six.page.round-head", lang, players=Name(", ".join(result.players)), rules=result.rules)]
    for e in result.events:
        paid = ", ".join(f"{result.players[t.payer]} → {result.players[t.payee]} {t.amount}" for t in e.transfers)
        what = text(f"six.page.event.{e.kind}", lang, order=e.order or 0, points=e.result.total if e.result else 0)
        lines.append(f"  {e.n:>2}. " + colon(what, paid or text("six.page.nothing", lang), lang))
    lines.append(text("six.page.totals", lang))
    for name, total in zip(result.players, result.totals, strict=True):
        lines.append(f"  {name:<16} {total:+d}")
    return "\n".join(lines)


def session_html(result: rounds.RoundResult, lang: str) -> str:
    """The round as a printable page: each event's payments and the totals."""
    head = "".join(f"<th>{html.escape(p)}</th>" for p in result.players)
    rows = []
    running = [0] * len(result.players)
    for e in result.events:
        moved = [0] * len(result.players)
        for t in e.transfers:
            moved[t.payer] -= t.amount
            moved[t.payee] += t.amount
        running = [a + b for a, b in zip(running, moved, strict=True)]
        what = text(f"six.page.event.{e.kind}", lang, order=e.order or 0, points=e.result.total if e.result else 0)
        cells = "".join(f"<td>{m:+d}</td>" for m in moved)
        rows.append(f"<tr><td>{e.n}</td><td>{html.escape(what)}</td>{cells}</tr>")
    totals = "".join(f"<td><b>{t:+d}</b></td>" for t in result.totals)
    title = html.escape(text("six.page.round-title", lang, players=", ".join(result.players)))
    return (
        f'<!DOCTYPE html><html lang="{lang}"><head><meta charset="utf-8"><title>{title}</title>'
        "<style>body{font-family:sans-serif}table{border-collapse:collapse}td,th{border:1px solid #999;"
        "padding:2px 6px;text-align:right}@page{size:A4}</style></head><body>"
        f"<h1>{title}</h1><table><tr><th>#</th><th></th>{head}</tr>{''.join(rows)}"
        f"<tr><td></td><td>{html.escape(text('six.page.totals', lang))}</td>{totals}</tr></table></body></html>\n"
    )
