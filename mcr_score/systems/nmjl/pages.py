"""American mah-jongg's pages (`systems.base.Pages`): a hand scored on a card, explained line by
line, the switch and the card file's format, and a card checked, as JSON data and as text in
English, French or Chinese (the seed's French words quoted in every language). Pages read the
results of `systems.nmjl`; they never score."""

from __future__ import annotations

from typing import Any

from mcr_score.messages import DEFAULT_LANG, count, text
from mcr_score.present.style import Style
from mcr_score.present.switch_pages import markdown_head, options_cell, profile_dicts, switch_dicts, switch_lines
from mcr_score.systems.base import Situated
from mcr_score.systems.nmjl import card_of, win_of
from mcr_score.systems.nmjl.card import CARD_FORMAT, PATTERN_FORMAT, load_card
from mcr_score.systems.nmjl.notation import Hand
from mcr_score.systems.nmjl.rules import PROFILES, SWITCHES, profile
from mcr_score.systems.nmjl.scoring import NAME, NmjlScore
from mcr_score.systems.nmjl.scoring import explain as explain_hand


def _head(hand: str, card: dict[str, Any], rules: str, lang: str) -> list[str]:
    lines = [text("nmjl.page.head", lang, hand=hand, card=card["name"] or card["path"], rules=rules)]
    if card["values"]:
        lines.append(text("nmjl.page.values", lang, values=card["values"]))
    return lines


def _card_dict(result: NmjlScore) -> dict[str, Any]:
    return {"path": result.card.path, "name": result.card.name, "values": result.card.values}


def _fit_lines(fit: dict[str, Any], lang: str) -> list[str]:
    """One line of the card against the hand: matched, with where the jokers stand; or missed,
    with what is wrong."""
    suits = ", ".join(f"{letter} = {suit}" for letter, suit in fit["suits"].items())
    shift = text("nmjl.page.shift", lang, shift=f"{fit['shift']:+d}") if fit["shift"] else ""
    where = f"{' '.join(fit['groups'])}  ({suits}{shift})" if suits or shift else " ".join(fit["groups"])
    mark = "X" if fit["exposed"] else "C"
    common = {"line": fit["line"], "section": fit["section"], "mark": mark, "value": fit["value"], "groups": where}
    if fit["matched"]:
        jokers = count("nmjl.n.joker", fit["jokers"])
        return [text("nmjl.page.match", lang, **common, jokers=jokers)]
    away = count("nmjl.n.tile-away", fit["distance"])
    out = [text("nmjl.page.miss", lang, **common, away=away)]
    for problem in fit["missing"]:
        tiles = " ".join(problem["tiles"])
        if problem["code"] == "suits":
            line = text("nmjl.issue.suits", lang, needs=count("nmjl.n.suit", problem["needs"]), has=problem["has"])
        else:
            line = text(f"nmjl.issue.{problem['code']}", lang, tiles=tiles)
        out.append("    " + line)
    return out


def _payment_lines(data: dict[str, Any], lang: str) -> list[str]:
    out = []
    paid = [p for p in data["payments"] if p["payee"] == "winner"]
    for p in paid:
        others = count("nmjl.n.other", p["players"])
        out.append(text(f"nmjl.page.pays.{p['payer']}", lang, amount=p["amount"], others=others))
    if paid:
        out.append(text("nmjl.page.receives", lang, amount=sum(p["players"] * p["amount"] for p in paid)))
    out.extend(
        text("nmjl.page.pays.winner", lang, amount=p["amount"]) for p in data["payments"] if p["payee"] != "winner"
    )
    return out


def _verdict_lines(data: dict[str, Any], lang: str) -> list[str]:
    """The value and line chosen, jokerless and the payments; or why the hand does not win."""
    if not data["winning"]:
        return [text("nmjl.page.not-winning", lang)]
    lines = [text("nmjl.page.value", lang, value=data["total"], line=data["line"])]
    if data["jokerless"]:
        doubled = data["payments"] and data["doubled"]
        lines.append(text("nmjl.page.jokerless" if doubled else "nmjl.page.jokerless-not-doubled", lang))
    lines.append(text("nmjl.page.self-drawn" if data["self_drawn"] else "nmjl.page.discard", lang))
    return lines + _payment_lines(data, lang)


def _data(result: NmjlScore) -> dict[str, Any]:
    """The result's JSON with what the text pages also show (not part of `score --json`)."""
    return {
        **result.to_dict(),
        "doubled": result.doubled,
        "self_drawn": result.win.self_drawn,
        "card": _card_dict(result),
        "rules": result.rules.name,
    }


def score_text(hand: Hand, result: NmjlScore, rules: str, lang: str, style: Style, brief: bool) -> str:
    """The hand, each line it matches with where its jokers stand, the value, jokerless and the
    payments; or the nearest lines and what each is missing."""
    data = _data(result)
    lines = _head(str(hand), data["card"], result.rules.name, lang)
    if not result.winning:
        lines += [*_verdict_lines(data, lang), text("nmjl.page.nearest", lang)]
    for fit in data["matches"]:
        lines.extend("  " + line for line in _fit_lines(fit, lang))
    if result.winning:
        lines += _verdict_lines(data, lang)
    return "\n".join(lines)


def explain(hand: Hand, rules: str, situated: Situated) -> dict[str, Any]:
    """The score, and every line of the card against the hand: matched, or its nearest miss."""
    result, every = explain_hand(hand, card_of(situated), profile(rules), win_of(situated))
    return {
        **_data(result),
        "hand": str(hand),
        "jokerless_rule": str(result.rules.jokerless),
        "bet": result.win.bet,
        "lines": [f.to_dict() for f in every],
    }


def explain_text(data: dict[str, Any], lang: str, style: Style) -> str:
    lines = _head(data["hand"], data["card"], data["rules"], lang)
    lines.append(text("nmjl.page.every-line", lang, n=count("nmjl.n.line", len(data["lines"]))))
    for fit in data["lines"]:
        lines.extend("  " + line for line in _fit_lines(fit, lang))
    lines += _verdict_lines(data, lang)
    lines.append(text("nmjl.page.rule", lang, rule=data["jokerless_rule"]))
    return "\n".join(lines)


def rules_dict() -> dict[str, Any]:
    return {
        "ok": True,
        "system": NAME,
        "profiles": profile_dicts(PROFILES),
        "switches": switch_dicts(SWITCHES),
        "card": {
            "keys": {key: text(meaning, DEFAULT_LANG) for key, meaning in CARD_FORMAT},
            "pattern": {key: text(meaning, DEFAULT_LANG) for key, meaning in PATTERN_FORMAT},
        },
    }


def rules_text(lang: str) -> str:
    lines = [text("nmjl.page.rules-head", lang)]
    lines += switch_lines(NAME, PROFILES, SWITCHES, lang)
    lines += ["", text("nmjl.page.payments-rule", lang), "", text("nmjl.page.card-format", lang)]
    lines.extend(f"  {key:<9} {text(meaning, lang)}" for key, meaning in CARD_FORMAT)
    lines.append(text("nmjl.page.pattern-format", lang))
    lines.extend(f"  {key:<9} {text(meaning, lang)}" for key, meaning in PATTERN_FORMAT)
    return "\n".join(lines)


def rules_markdown(lang: str) -> str:
    out = markdown_head(lang, "switch", "options", "example-short")
    for s in SWITCHES:
        out.append(f"| `{s.key}` | {options_cell(s, lang)} | {s.example_in(lang)} |")
    return "\n".join(out) + "\n"


def card_check(path: str) -> dict[str, Any]:
    """A card checked whole (a `CardError` with every problem, else each line with its patterns
    and their expansions)."""
    card = load_card(path)
    return {
        "ok": True,
        "system": NAME,
        "card": card.path,
        "name": card.name,
        "values": card.values,
        "lines": [
            {
                "id": line.id,
                "at": line.at,
                "section": line.section,
                "exposed": line.exposed,
                "numbers": str(line.numbers),
                "value": line.value,
                "jokers": line.jokers,
                "patterns": [
                    {
                        "pattern": p.text,
                        "tiles": p.tiles,
                        "expansions": len(p.expansions),
                        "impossible": p.impossible,
                        "expanded": [x.written() for x in p.expansions],
                    }
                    for p in line.patterns
                ],
            }
            for line in card.lines
        ],
    }


def card_text(data: dict[str, Any], lang: str, expansions: bool) -> str:
    """Each line of the card with its patterns and how many hands each allows (all of them listed
    with `expansions`)."""
    counted = count("nmjl.n.line", len(data["lines"]))
    key = "nmjl.page.card-head" if data["name"] else "nmjl.page.card-head-unnamed"
    lines = [text(key, lang, path=data["card"], name=data["name"], lines=counted)]
    if data["values"]:
        lines.append(text("nmjl.page.values", lang, values=data["values"]))
    width = max(len(line["id"]) for line in data["lines"])
    for line in data["lines"]:
        mark = "X" if line["exposed"] else "C"
        for p in line["patterns"]:
            counted = count("nmjl.n.expansion", p["expansions"])
            lines.append(
                f"  {line['id']:<{width}}  {mark} {line['value']:>4}  {p['pattern']}  "
                + text("nmjl.page.card-line", lang, numbers=line["numbers"], expansions=counted)
            )
            if expansions:
                lines.extend(f"      {x}" for x in p["expanded"])
    return "\n".join(lines)
