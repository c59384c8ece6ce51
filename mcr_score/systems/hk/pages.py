"""Seed 003's pages (`systems.base.Pages`): a hand scored as "F fan + P points (indicative)", every
reading explained, the table and the switches, as JSON data and as text in English, French or
Chinese (the seed's French words quoted in every language). Pages read the results of
`systems.hk`; they never score. The system has no sessions: the seed gives no payments."""

from __future__ import annotations

from typing import Any

from mcr_score.hand import Hand
from mcr_score.messages import count, text
from mcr_score.notation import format_hand
from mcr_score.present.i18n import colon
from mcr_score.present.style import Style
from mcr_score.present.switch_pages import markdown_head, options_cell, profile_dicts, switch_dicts, switch_lines
from mcr_score.systems.base import Situated
from mcr_score.systems.hk import SYSTEM, score_hand
from mcr_score.systems.hk.rules import PROFILES, SWITCHES, VALUES, HkRules, profile
from mcr_score.systems.hk.scoring import HkScore, Valued, hit_dict
from mcr_score.systems.hk.table import TABLE, Element, Kind
from mcr_score.systems.mcr.pages.text import group_label, hand_text, hand_to_dict
from mcr_score.textwidth import pad


def parse_dict(hand: Hand) -> dict[str, Any]:
    """MCR's notation writes the system's hands: their structure is MCR's."""
    return hand_to_dict(hand)


def parse_text(hand: Hand, lang: str) -> str:
    return hand_text(hand, lang)


def _name(element: Element | str, lang: str) -> str:
    return text(f"hk.element.{element}", lang)


def _each(fan: int | None, points: int, kind: Kind, lang: str) -> str:
    """What one occurrence adds: `+1 fan`, `+4 points`, `limit`, `unset`."""
    if kind is Kind.LIMIT:
        return text("hk.page.limit", lang) if fan is None else text("hk.page.limit-fan", lang, fan=fan)
    if fan is None:
        return text("hk.page.unset", lang)
    if kind is Kind.POINTS:
        return "+" + count("hk.n.points", points).text(lang)
    return "+" + count("hk.n.fan", fan).text(lang)


def reading_dict(v: Valued, rules: HkRules, chosen: bool = True) -> dict[str, Any]:
    """One reading as the JSON of `explain` writes it, and the text pages read it."""
    groups = v.groups()
    return {
        "chosen": chosen,
        "form": str(v.form),
        "arrangement": [{**g.to_dict(), "label": group_label(g)} for g in groups],
        "win_set": group_label(groups[v.win_group]),
        "elements": [hit_dict(h, rules) for h in v.added],
        "not_added": [{**hit_dict(h, rules), "why": str(why)} for h, why in v.not_added],
        "limit": v.limit,
        "fan": v.fan,
        "points": v.points,
    }


def _element_line(hit: dict[str, Any], lang: str) -> str:
    d = TABLE[Element(hit["element"])]
    times = f" × {hit['count']}" if hit["count"] > 1 else ""
    shown = _each(hit["fan"], hit["points"], d.kind, lang) + times
    return f"  {pad(_name(d.element, lang), 28)} {pad(shown, 18)} « {d.seed} »"


def _total(data: dict[str, Any], minimum: int | None, lang: str) -> str:
    """ "F fan + P points (indicative)", or the limit; then the minimum, when a house file sets one."""
    if not data["limit"]:
        fan, points = count("hk.n.fan", data["fan"]), count("hk.n.points", data["points"])
        line = text("hk.page.total", lang, fan=fan, points=points)
    elif data["fan"] is None:
        line = text("hk.page.total-limit", lang)
    else:
        line = text("hk.page.total-limit-fan", lang, fan=count("hk.n.fan", data["fan"]))
    if minimum is not None:
        met = data["limit"] or data["fan"] >= minimum
        line += text("hk.page.minimum-met" if met else "hk.page.minimum-short", lang, minimum=minimum)
    return line


def _reading_lines(reading: dict[str, Any], minimum: int | None, lang: str) -> list[str]:
    groups = "  ".join(
        g["label"] + (f" ({text('kind.' + g['kind'], lang)})" if g["declared"] else "") for g in reading["arrangement"]
    )
    lines = [text("hk.page.arrangement", lang, groups=groups, form=text(f"form.{reading['form']}", lang))]
    lines.append(text("hk.page.win-set", lang, group=reading["win_set"]))
    lines.extend(_element_line(hit, lang) for hit in reading["elements"])
    for hit in reading["not_added"]:
        lines.append(_element_line(hit, lang).rstrip() + text(f"hk.page.not-added.{hit['why']}", lang))
    lines.append(_total(reading, minimum, lang))
    return lines


def score_text(hand: Hand, result: HkScore, rules: str, lang: str, style: Style, brief: bool) -> str:
    """The hand, the chosen reading with the elements it holds, the result and the minimum; no payments."""
    head = text("hk.page.head", lang, hand=format_hand(hand), system=SYSTEM.name, rules=result.rules.name)
    if not result.winning or result.best is None:
        return "\n".join([head, text("hk.page.not-winning", lang, reason=text(f"hk.reason.{result.reason}", lang))])
    reading = reading_dict(result.best, result.rules)
    if brief:
        return _total(reading, result.rules.minimum, lang)
    return "\n".join([head, *_reading_lines(reading, result.rules.minimum, lang), text("hk.page.no-payments", lang)])


def explain(hand: Hand, rules: str, situated: Situated) -> dict[str, Any]:
    """Every reading of the hand with the elements it holds and its worth, the one chosen, and the
    profile's switches and values."""
    chosen = profile(rules)
    result = score_hand(hand, chosen, situated)
    valued = (result.best, *result.others) if result.best is not None else ()
    readings = [reading_dict(v, chosen, v is result.best) for v in valued]
    return {
        **result.to_dict(),
        "hand": format_hand(hand),
        "switches": chosen.choices(),
        "values": chosen.values(),
        "readings": readings,
    }


def explain_text(data: dict[str, Any], lang: str, style: Style) -> str:
    """Every reading, the chosen one first, each with its elements and worth; the switches in force."""
    lines = [text("hk.page.head", lang, hand=data["hand"], system=SYSTEM.name, rules=data["rules"])]
    if not data["winning"]:
        lines.append(text("hk.page.not-winning", lang, reason=text(f"hk.reason.{data['reason']}", lang)))
        return "\n".join(lines)
    switches = ", ".join(f"{k} = {v}" for k, v in data["switches"].items())
    unset = text("hk.page.unset", lang)
    values = ", ".join(f"{k} = {unset if v is None else v}" for k, v in data["values"].items())
    lines.append(text("hk.page.profile", lang, switches=switches, values=values))
    for n, reading in enumerate(data["readings"], 1):
        lines.append(text("hk.page.reading-chosen" if reading["chosen"] else "hk.page.reading", lang, n=n))
        lines.extend("  " + line for line in _reading_lines(reading, data["minimum"], lang))
    lines.append(text("hk.page.no-payments", lang))
    return "\n".join(lines)


def elements(rules: str) -> list[dict[str, Any]]:
    """The seed's table, row by row: its words and indicative value as written, what the row does,
    and the value under the profile (kong and limit: the house file's, None when unset)."""
    chosen = profile(rules)
    values = {Kind.VARIABLE: chosen.kong, Kind.LIMIT: chosen.limit}
    return [
        {
            "element": str(d.element),
            "seed": d.seed,
            "seed_description": d.seed_description,
            "seed_value": d.seed_value,
            "kind": str(d.kind),
            "value": values.get(d.kind, d.value),
        }
        for d in TABLE.values()
    ]


def elements_text(data: list[dict[str, Any]], lang: str, style: Style) -> str:
    lines = [text("hk.page.table-head", lang)]
    for row in data:
        kind = Kind(row["kind"])
        fan = row["value"] if kind is not Kind.POINTS else 0
        shown = _each(fan, row["value"] or 0, kind, lang)
        seed = f"« {row['seed']} » — « {row['seed_description']} » ({row['seed_value']})"
        lines.append(f"  {pad(_name(row['element'], lang), 28)} {pad(shown, 16)} {seed}")
    return "\n".join(lines)


def rules_dict() -> dict[str, Any]:
    return {
        "ok": True,
        "system": SYSTEM.name,
        "profiles": {name: d | {"values": PROFILES[name].values()} for name, d in profile_dicts(PROFILES).items()},
        "switches": switch_dicts(SWITCHES),
        "values": [{"key": v.key, "point": v.point(), "low": v.low, "high": v.high, "default": None} for v in VALUES],
        "table": elements(next(iter(PROFILES))),
        "payments": None,
    }


def rules_text(lang: str) -> str:
    lines = [text("hk.page.rules-head", lang)]
    lines += switch_lines(SYSTEM.name, PROFILES, SWITCHES, lang)
    lines.append("")
    lines.append(text("hk.page.values-head", lang))
    for v in VALUES:
        lines.append("  " + colon(f"{v.key} = {v.low}-{v.high}", v.point(lang), lang))
    lines.append("")
    lines.append(elements_text(elements(next(iter(PROFILES))), lang, Style()))
    lines.append("")
    lines.append(text("hk.page.no-payments", lang))
    return "\n".join(lines)


def rules_markdown(lang: str) -> str:
    out = markdown_head(lang, "switch", "options", "example-short")
    for s in SWITCHES:
        out.append(f"| `{s.key}` | {options_cell(s, lang)} | `{s.example}` |")
    out += ["", *markdown_head(lang, "value", "whole", "what")]
    out += [f"| `{v.key}` | {v.low}-{v.high} | {v.point(lang)} |" for v in VALUES]
    return "\n".join(out) + "\n"
