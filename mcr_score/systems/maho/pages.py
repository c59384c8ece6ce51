"""Maho!'s pages (`systems.base.Pages`): a hand's structure, a hand scored, explained split by split,
its elements, its switches and modes, and a game settled, as JSON data and as text in English,
French or Chinese (the seed's French words quoted in every language). Pages read the results of
`systems.maho`; they never score."""

from __future__ import annotations

import html
from typing import Any

from mcr_score.messages import Name, count, text
from mcr_score.present.i18n import colon, join_list, labelled, paren
from mcr_score.present.style import Style
from mcr_score.present.switch_pages import markdown_head, options_cell, profile_dicts, switch_dicts, switch_lines
from mcr_score.systems.base import Situated
from mcr_score.systems.maho import read_game, score_hand
from mcr_score.systems.maho.bonus import CONDITIONS
from mcr_score.systems.maho.cards import PLACEHOLDER
from mcr_score.systems.maho.game import GameResult
from mcr_score.systems.maho.modes import BASE, MODES, PER_SILVER, Mode, Scoring
from mcr_score.systems.maho.notation import MahoHand, format_cards, format_hand
from mcr_score.systems.maho.rules import DEFAULT, NAME, PROFILES, SWITCHES, Rainbow, profile
from mcr_score.systems.maho.scoring import Element, MahoScore, Reading, series_dict
from mcr_score.systems.maho.series import RAINBOWS, SEED_NAMES, Kind
from mcr_score.textwidth import pad

BASE_SEED = "« 1 point de base »"
SILVER_SEED = "« +1point supplémentaire pour chaque série argentée que son jeu contiendrait »"
PAIR_SEED = "« former une paire avec cette carte »"


def _deck_text(deck: dict[str, Any], lang: str) -> str:
    silver = text("maho.page.deck-silver", lang, letter=deck["silver"]) if deck["silver"] else ""
    copies = (
        text("maho.page.deck-copies", lang, copies=count("n.copy", deck["copies"]))
        if deck["copies"] is not None
        else text("maho.page.deck-unchecked", lang)
    )
    source = deck["source"] or text("maho.page.deck-placeholder", lang)
    families = " ".join(deck["families"])
    return text(
        "maho.page.deck", lang, families=families, silver=silver, ranks=deck["ranks"][1], copies=copies, source=source
    )


def parse_dict(hand: MahoHand) -> dict[str, Any]:
    """The hand as written: the laid groups, the cards in hand, the mode and the deck."""
    return {
        "system": NAME,
        "canonical": format_hand(hand),
        "mode": str(hand.mode),
        "laid": [[str(c) for c in g] for g in hand.laid],
        "cards": [str(c) for c in hand.cards],
        "count": sum(map(len, hand.laid)) + len(hand.cards),
        "waiting": hand.waiting,
        "deck": hand.deck.to_dict(),
    }


def parse_text(hand: MahoHand, lang: str) -> str:
    """The structure, as MCR's `parse` writes it: the laid groups, the cards in hand, the mode and
    the deck, and how the canonical form writes them (laid series first, the cards in hand as one
    group: a series written among them, `456a789a`, is found again by `score`, not kept apart)."""
    data = parse_dict(hand)
    none = text("maho.page.none", lang)
    waiting = " " + text("maho.page.parse-waiting", lang) if data["waiting"] else ""
    rows = [
        ("parse.canonical", data["canonical"]),
        ("parse.mode", text(f"maho.mode.{data['mode']}", lang)),
        ("parse.laid", "  ".join(f"[{format_cards(g)}]" for g in hand.laid) or none),
        ("parse.in-hand", format_cards(hand.cards) or none),
        ("parse.cards", f"{data['count']}{waiting}"),
        ("parse.deck", _deck_text(data["deck"], lang)),
        ("parse.note", text("maho.page.canonical-note", lang)),
    ]
    return labelled(rows, lang)


def _series_line(s: dict[str, Any], lang: str) -> str:
    shown = f"[{s['text']}]" if s["laid"] else s["text"]
    if s["kind"] is None:
        return text("maho.page.bad", lang, text=shown, reason=text(f"maho.reason.{s['why']}", lang))
    name = text(f"maho.kind.{s['kind']}", lang)
    if s["silver"]:
        name = text("maho.page.silver", lang, name=name)
    where = "" if s["laid"] else " " + text("maho.page.in-hand", lang)
    return text("maho.page.series", lang, text=shown, name=name + where, words=s["seed"])


def _points_lines(points: list[dict[str, Any]], mode: str, lang: str) -> list[str]:
    lines = []
    for p in points:
        if p["element"] == Element.BONUS:
            name = text("maho.element.bonus", lang, when=p["when"])
            if p["at-least"] is None:
                detail = text("maho.page.bonus-each", lang, count=p["count"], points=p["row-points"])
            else:
                detail = text("maho.page.bonus-once", lang, n=p["at-least"], count=p["count"])
        elif p["element"] == Element.SILVER_SERIES:
            name = text("maho.element.silver-series", lang)
            detail = f"{p['count']} × {PER_SILVER}  {SILVER_SEED}"
        else:
            name = text("maho.element.round", lang)
            scoring = MODES[Mode(mode)].scoring
            detail = BASE_SEED if scoring is Scoring.BASE_AND_SILVER else MODES[Mode(mode)].end.seed
        lines.append(text("maho.page.points", lang, name=name, points=p["points"], detail=detail))
    return lines


def _head(data: dict[str, Any], lang: str) -> str:
    mode = text(f"maho.mode.{data['mode']}", lang)
    return text("maho.page.head", lang, hand=data["hand"], mode=mode, rules=data["rules"])


def _result_lines(data: dict[str, Any], lang: str) -> list[str]:
    lines = [_series_line(s, lang) for s in data["series"]]
    if not data["winning"]:
        return [text("maho.page.not-winning", lang, reason=text(f"maho.reason.{data['reason']}", lang)), *lines]
    lines.append(text("maho.page.pair", lang, text=_pair_text(data["pair"]), words=PAIR_SEED))
    lines += _points_lines(data["points"], data["mode"], lang)
    lines.append(text("maho.page.total", lang, total=data["total"]))
    return lines


def score_text(hand: MahoHand, result: MahoScore, rules: str, lang: str, style: Style, brief: bool) -> str:
    """The hand, each series with its kind and the seed's name, the pair, what the round is worth."""
    data = result.to_dict()
    return "\n".join([_head(data, lang), *_result_lines(data, lang)])


def _reading_dict(r: Reading, chosen: bool) -> dict[str, Any]:
    return {
        "chosen": chosen,
        "series": [series_dict(s) for s in r.split.series],
        "pair": [str(c) for c in r.split.pair],
        "points": [p.to_dict() for p in r.points],
        "total": r.total,
    }


def explain(hand: MahoHand, rules: str, situated: Situated) -> dict[str, Any]:
    """The verdict, every split of the cards with its points (the chosen one first), the switches
    and the mode's rule, with the seed's words."""
    chosen = profile(rules)
    result = score_hand(hand, chosen, situated)
    readings = [_reading_dict(r, r is result.best) for r in ((result.best, *result.others) if result.best else ())]
    definition = MODES[hand.mode]
    return {
        **result.to_dict(),
        "readings": readings,
        "switches": chosen.choices(),
        "mode_rule": {
            "series": definition.series,
            "silver": definition.silver,
            "seed": definition.seed,
            "scoring": str(definition.scoring),
            "scoring_seed": definition.scoring_seed,
        },
    }


def explain_text(data: dict[str, Any], lang: str, style: Style) -> str:
    """The mode and the switches, then every split, each with its series and points."""
    lines = [_head(data, lang)]
    rule = data["mode_rule"]
    lines.append(text("maho.page.mode-rule", lang, series=rule["series"], words=rule["seed"]))
    lines.append(text("maho.page.scoring-rule", lang, words=rule["scoring_seed"]))
    lines.append(text("maho.page.switches", lang, choices=", ".join(f"{k} = {v}" for k, v in data["switches"].items())))
    lines.append(text("maho.page.deck-line", lang, deck=_deck_text(data["deck"], lang)))
    if not data["winning"]:
        lines.append(text("maho.page.not-winning", lang, reason=text(f"maho.reason.{data['reason']}", lang)))
        lines += [_series_line(s, lang) for s in data["series"]]
        return "\n".join(lines)
    for n, reading in enumerate(data["readings"], 1):
        key = "maho.page.reading-chosen" if reading["chosen"] else "maho.page.reading"
        lines.append(text(key, lang, n=n, total=reading["total"]))
        body = [_series_line(s, lang) for s in reading["series"]]
        body.append(text("maho.page.pair", lang, text=_pair_text(reading["pair"]), words=PAIR_SEED))
        body += _points_lines(reading["points"], data["mode"], lang)
        lines += ["  " + line for line in body]
    return "\n".join(lines)


def _pair_text(cards: list[str]) -> str:
    return "".join(cards)


def elements(rules: str) -> list[dict[str, Any]]:
    """The four kinds of series (allowed or not under the profile), the final pair, and what a round
    is worth in each mode, with the seed's words."""
    chosen = profile(rules)
    rows: list[dict[str, Any]] = [
        {
            "element": str(k),
            "kind": "series",
            "seed": SEED_NAMES[k],
            "silver": k is Kind.PURE_TRIPLE,
            "allowed": not (k in RAINBOWS and chosen.rainbow is Rainbow.FORBIDDEN),
        }
        for k in Kind
    ]
    rows.append({"element": "pair", "kind": "pair", "seed": PAIR_SEED, "silver": True, "allowed": True})
    for mode, d in MODES.items():
        if d.scoring is Scoring.ROUND:
            rows.append(
                {"element": str(Element.ROUND), "kind": "points", "mode": str(mode), "value": 1, "seed": d.end.seed}
            )
        elif d.scoring is Scoring.BASE_AND_SILVER:
            rows.append(
                {"element": str(Element.ROUND), "kind": "points", "mode": str(mode), "value": BASE, "seed": BASE_SEED}
            )
            rows.append(
                {
                    "element": str(Element.SILVER_SERIES),
                    "kind": "points",
                    "mode": str(mode),
                    "value": PER_SILVER,
                    "seed": SILVER_SEED,
                }
            )
        else:
            rows.append(
                {
                    "element": str(Element.BONUS),
                    "kind": "points",
                    "mode": str(mode),
                    "value": None,
                    "seed": d.scoring_seed,
                }
            )
    return rows


def elements_text(data: list[dict[str, Any]], lang: str, style: Style) -> str:
    lines = [text("maho.page.elements-head", lang)]
    for row in data:
        if row["kind"] == "series":
            name = text(f"maho.kind.{row['element']}", lang)
            notes = [text("maho.page.silver-allowed", lang)] if row["silver"] else []
            if not row["allowed"]:
                notes.append(text("maho.page.forbidden", lang))
            note = paren(join_list(notes, lang), lang) if notes else ""
            lines.append(f"  {pad(name, 22)} « {row['seed']} »{note}")
        elif row["kind"] == "pair":
            lines.append(f"  {pad(text('maho.page.the-pair', lang), 22)} {row['seed']}")
        else:
            mode = text(f"maho.mode.{row['mode']}", lang)
            element = row["element"]
            name = (
                text("maho.element.bonus", lang, when="…")
                if element == Element.BONUS
                else text(f"maho.element.{element}", lang)
            )
            value = "?" if row["value"] is None else str(row["value"])
            lines.append(f"  {pad(mode, 9)} {pad(name, 20)} {value:>2}  {row['seed']}")
    return "\n".join(lines)


def rules_dict() -> dict[str, Any]:
    return {
        "ok": True,
        "system": NAME,
        "profiles": profile_dicts(PROFILES),
        "switches": switch_dicts(SWITCHES),
        "modes": [
            {
                "mode": str(m),
                "series": d.series,
                "silver": d.silver,
                "seed": d.seed,
                "scoring": str(d.scoring),
                "scoring_seed": d.scoring_seed,
                "end": {"kind": str(d.end.kind), "n": d.end.n, "seed": d.end.seed},
            }
            for m, d in MODES.items()
        ],
        "deck": PLACEHOLDER.to_dict(),
        "bonus_conditions": [str(c) for c in CONDITIONS],
        "elements": elements(DEFAULT),
    }


def rules_text(lang: str) -> str:
    lines = [text("maho.page.rules-head", lang)]
    lines += switch_lines(NAME, PROFILES, SWITCHES, lang)
    lines.append("")
    lines.append(text("maho.page.modes-head", lang))
    for m, d in MODES.items():
        end = text(f"maho.end.{m}", lang, n=d.end.n)
        what = text("i18n.semicolon", lang, first=text("maho.page.mode-series", lang, n=d.series), then=end)
        lines.append("  " + colon(text(f"maho.mode.{m}", lang), what, lang))
        lines.append(f"    {d.seed}")
        lines.append(f"    {d.scoring_seed}")
    lines.append("")
    lines.append(text("maho.page.deck-line", lang, deck=_deck_text(PLACEHOLDER.to_dict(), lang)))
    lines.append("")
    lines.append(elements_text(elements(DEFAULT), lang, Style()))
    return "\n".join(lines)


def rules_markdown(lang: str) -> str:
    out = markdown_head(lang, "switch", "point", "options", "example-short")
    for s in SWITCHES:
        example = f"`{s.example}`" if s.example else ""
        out.append(f"| `{s.key}` | {s.point(lang)} | {options_cell(s, lang)} | {example} |")
    return "\n".join(out) + "\n"


def session(path: str, rules: str, situated: Situated) -> GameResult:
    return read_game(path, profile(rules), situated)


def _end_text(result: GameResult, lang: str) -> str:
    return text(f"maho.end.{result.mode}", lang, n=result.end.n)


def session_text(result: GameResult, lang: str) -> str:
    mode = text(f"maho.mode.{result.mode}", lang)
    lines = [
        text("maho.page.game-head", lang, players=Name(", ".join(result.players)), mode=mode, rules=result.rules),
        "  " + _end_text(result, lang),
    ]
    for r in result.rounds:
        totals = ", ".join(f"{p} {t}" for p, t in zip(result.players, r.totals, strict=True))
        hand = format_hand(r.result.hand)
        lines.append(f"  {r.n:>2}. {result.players[r.winner]:<10} +{r.result.total:<3} {hand:<32} {totals}")
    lines.append(text("maho.page.totals", lang))
    for name, total in zip(result.players, result.totals, strict=True):
        lines.append(f"  {name:<16} {total}")
    lines.append(_verdict(result, lang))
    return "\n".join(lines)


def _verdict(result: GameResult, lang: str) -> str:
    if not result.over:
        return text("maho.page.going-on", lang, rounds=count("maho.n.played", len(result.rounds)))
    names = ", ".join(result.players[p] for p in result.winners)
    key = "maho.page.winner" if len(result.winners) == 1 else "maho.page.tie"
    unit = "maho.n.round" if MODES[result.mode].scoring is Scoring.ROUND else "maho.n.point"
    return text(key, lang, names=names, points=count(unit, result.totals[result.winners[0]]))


def session_html(result: GameResult, lang: str) -> str:
    """The game as a printable page: each round's winner, points and the running totals."""
    head = "".join(f"<th>{html.escape(p)}</th>" for p in result.players)
    rows = []
    for r in result.rounds:
        cells = "".join(f"<td>{t}</td>" for t in r.totals)
        hand = html.escape(format_hand(r.result.hand))
        winner = html.escape(result.players[r.winner])
        rows.append(f"<tr><td>{r.n}</td><td>{winner}</td><td>+{r.result.total}</td><td>{hand}</td>{cells}</tr>")
    totals = "".join(f"<td><b>{t}</b></td>" for t in result.totals)
    title = html.escape(text("maho.page.game-title", lang, players=", ".join(result.players)))
    verdict = html.escape(_verdict(result, lang))
    return (
        f'<!DOCTYPE html><html lang="{lang}"><head><meta charset="utf-8"><title>{title}</title>'
        "<style>body{font-family:sans-serif}table{border-collapse:collapse}td,th{border:1px solid #999;"
        "padding:2px 6px;text-align:right}@page{size:A4}</style></head><body>"
        f"<h1>{title}</h1><p>{html.escape(_end_text(result, lang))}</p>"
        f"<table><tr><th>#</th><th></th><th></th><th></th>{head}</tr>{''.join(rows)}"
        f'<tr><td></td><td colspan="3">{html.escape(text("maho.page.totals", lang))}</td>{totals}</tr></table>'
        f"<p>{verdict}</p></body></html>\n"
    )
