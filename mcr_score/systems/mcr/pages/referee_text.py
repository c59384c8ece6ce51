"""Text for the referee view: the explanation data of `referee.py` as sentences in en, fr or zh.

On a terminal the tiles are drawn as Unicode mahjong tiles and verdicts are coloured (`style`
says when). Nothing here decides a rule: every number and reason comes from the data.
"""

from __future__ import annotations

from typing import Any

from mcr_score.errors import McrError
from mcr_score.messages import DEFAULT_LANG, Name, count
from mcr_score.notation import format_tiles
from mcr_score.present.i18n import colon, fan_name, join_and, join_or, other_languages, paren, seat, text
from mcr_score.present.style import PLAIN, Style, paint
from mcr_score.systems.mcr import profiles
from mcr_score.systems.mcr.fans.ids import Fan
from mcr_score.systems.mcr.fans.table import FANS
from mcr_score.textwidth import FAN_COLUMNS, columns, pad, width
from mcr_score.tiles import TO_UNICODE, Tile
from mcr_score.vocabulary import Rule


def format_codes(codes: list[str]) -> str:
    """Tile codes written as in the notation: `["1m", "2m", "3m"]` -> `123m`."""
    return format_tiles([Tile(c) for c in codes])


_MARKS = {"ok": "✓", "inferred": "→", "note": "!", "rejected": "✗"}
_MARK_COLORS = {"ok": "green", "inferred": "cyan", "note": "yellow", "rejected": "red"}
_paint = paint


def _heading(key: str, lang: str, style: Style, **values: Any) -> str:
    return _paint(text(key, lang, **values), style, bold=True, underline=True)


def draw_tiles(tiles: list[str], style: Style, win: int | None = None) -> str:
    """A set's tiles: `12(3)m` in plain text, Unicode tiles on a terminal; the winning tile
    is in parentheses, or in reverse video when colour is on."""
    if style.unicode:
        out = []
        for i, t in enumerate(tiles):
            glyph = TO_UNICODE[t]
            if i == win:
                glyph = _paint(glyph, style, reverse=True, bold=True) if style.color else f"({glyph})"
            out.append(glyph)
        return "".join(out)
    suits = {t[1:] for t in tiles}
    if len(suits) == 1 and len(tiles) <= 4 and tiles[0][1:]:
        ranks = [f"({t[0]})" if i == win else t[0] for i, t in enumerate(tiles)]
        return "".join(ranks) + tiles[0][1:]
    if all(len(t) == 1 for t in tiles):
        return "".join(f"({t})" if i == win else t for i, t in enumerate(tiles))
    return " ".join(f"({t})" if i == win else t for i, t in enumerate(tiles))


def _on(sets: list[str], lang: str) -> str:
    return paren(" ".join(sets), lang) if sets else ""


def not_counted_sentence(n: dict[str, Any], lang: str) -> str:
    """Why one fan found in the hand is not counted, naming the principle and the fan responsible."""
    values = {
        "fan": fan_name(n["id"], lang),
        "on": _on(n["sets"], lang),
        "sets": join_and(n["sets"], lang),
        "by_sets": " ".join(n["by_sets"]),
        "shared": join_and(n["shared"], lang),
        "partner": join_and([s for s in n["by_sets"] if s not in n["shared"]], lang),
    }
    if n["by"] is not None:
        values["by"] = fan_name(n["by"]["id"], lang)
    rule = n["rule"]
    if rule == Rule.ACCOUNT_ONCE and (n["by"] is None or not n["shared"]):
        rule = "account-once-any"
    return text(f"nc.{rule}", lang, **values)


def _verdict(data: dict[str, Any], lang: str, style: Style) -> list[str]:
    v = data["verdict"]
    if not v["winning"]:
        line = text("v.not_winning", lang, reason=text(f"reason.{v['reason']}", lang))
        return [_paint(line, style, fg="red", bold=True)]
    lines = [text("v.win", lang, total=count("n.point", v["total"]), points=v["points"], flowers=v["flower_points"])]
    if v["meets_minimum"]:
        lines.append(_paint(text("v.min_ok", lang, points=v["points"]), style, fg="green", bold=True))
    else:
        lines.append(
            _paint(text("v.min_short", lang, points=v["points"], short=v["short_by"]), style, fg="red", bold=True)
        )
        if v["flower_points"]:
            lines.append(text("v.flowers_aside", lang, flowers=v["flower_points"]))
    return lines


def _set_label(s: dict[str, Any], style: Style) -> str:
    drawn = draw_tiles(s["tile_list"], style, s["winning_index"])
    return f"[{drawn}]" if s["declared"] else drawn


def _arrangement(data: dict[str, Any], lang: str, style: Style) -> list[str]:
    sets = data["arrangement"]
    lines = ["  ".join(_set_label(s, style) for s in sets)]
    plain_labels = [s["tiles"] for s in sets]
    label_w = max(width(x) for x in plain_labels) + 2
    kind_w = max(width(text(f"kind.{s['kind']}", lang)) for s in sets) + 2
    for s in sets:
        detail = text(f"state.{s['state']}", lang)
        claim = s["claim"]
        if claim:
            if claim["tile"]:
                then = text("claim.chow", lang, tile=claim["tile"])
            else:
                key = "claim.promoted" if claim["promoted"] else f"claim.{s['kind']}"
                then = text(key, lang, who=text(f"who.{claim['from']}", lang))
            detail = text("i18n.clause", lang, first=detail, then=then)
        if s["winning_tile"]:
            detail += "  " + _paint(
                ("← " if style.unicode else "<- ") + text("winning_tile", lang, tile=data["winning_tile"]),
                style,
                fg="magenta",
                bold=True,
            )
        lines.append(pad(s["tiles"], label_w) + pad(text(f"kind.{s['kind']}", lang), kind_w) + detail)
    return lines


def _fan_table(fans: list[dict[str, Any]], lang: str, style: Style) -> list[str]:
    heads = [text(k, lang) for k in ("col.no", "col.fan", "col.points", "col.count", "col.sets")]
    rows = [
        [str(f["id"]), fan_name(f["id"], lang), str(f["points"]), str(f["count"]), " ".join(f["sets"])] for f in fans
    ]
    out = columns([heads, *rows], FAN_COLUMNS)
    out[0] = _paint(out[0], style, dim=True)
    return out


def _alternative(a: dict[str, Any], lang: str) -> str:
    tie_break = [fan_name(f, lang) for f in sorted(profiles.PROFILES[profiles.DEFAULT].tie_break)]  # the table's
    how = (
        text("alt.tie", lang, points=count("n.point", a["points"]), fans=join_or(tie_break, lang))
        if a["behind"] == 0
        else text("alt.lower", lang, points=count("n.point", a["points"]), diff=a["behind"])
    )
    fans = ", ".join(
        f"{fan_name(f['id'], lang)} {f['points']}" + (f"×{f['count']}" if f["count"] > 1 else "") for f in a["fans"]
    )
    sets = paren(text(f"form.{a['form']}", lang), lang, " ".join(a["sets"]))
    return colon(colon(sets, how, lang), fans, lang)


def _mark(status: str, lang: str, style: Style) -> str:
    word = f"[{text(f'status.{status}', lang)}]"
    if style.unicode:
        word = f"{_MARKS[status]} {word}"
    return _paint(word, style, fg=_MARK_COLORS[status], bold=True)


def check_sentence(c: dict[str, Any], lang: str) -> str:
    kind = c["check"]
    if kind == "win":
        if c["self_drawn"]:
            return text("sit.self_drawn", lang)
        if c["discarder"]:
            return text("sit.discard_from", lang, seat=Name(_seat(c["discarder"], lang)))
        return text("sit.discard", lang)
    if kind == "winds":
        return text("sit.winds", lang, prevalent=_seat(c["prevalent"], lang), seat=_seat(c["seat"], lang))
    if kind == "last-copy":
        if c["status"] == "inferred":
            melds = join_and([f"{text('kind.' + m['kind'], lang)} {m['tiles']}" for m in c["melds"]], lang)
            return text("sit.last_copy_inferred", lang, tile=c["tile"], melds=melds)
        return text("sit.last_copy_declared", lang, tile=c["tile"], in_melds=c["in_melds"])
    if kind == "robbing-kong":
        return text("sit.robbing", lang, tile=c["tile"])
    if kind == "wall-last":
        return text("sit.wall_last_self" if c["fan"] == Fan.LAST_TILE_DRAW else "sit.wall_last_discard", lang)
    if kind == "replacement":
        return text("sit.replacement", lang, sets=" ".join(c["kongs"]))
    if kind == "flowers":
        letters = paren(c["letters"], lang) if c["letters"] else ""
        return text("sit.flowers", lang, flowers=count("n.flower-tile", c["flowers"]), n=c["flowers"], letters=letters)
    raise ValueError(f"unknown situation check {kind!r}")


def _seat(wind: str, lang: str) -> str:
    return paren(wind, lang, seat(wind, lang))


def _payments(p: dict[str, Any], lang: str, style: Style) -> list[str]:
    if not p["applies"]:
        key = "pay.false_hu" if p["reason"] == "false-hu" else "pay.not_winning"
        return [_paint(text(key, lang), style, fg="red")]
    big = p["base"] + p["total"]
    key = "pay.self" if p["self_drawn"] else "pay.robbing" if p["robbing_kong"] else "pay.discard"
    lines = [text(key, lang, total=p["total"], big=big)]
    for payer in p["payers"]:
        role = text(f"role.{payer['role']}", lang) if payer["role"] != "each" else None
        if payer["seat"] is None:
            row = text("pay.row_unnamed", lang, role=role, amount=payer["amount"])
            lines.append("  " + row[0].upper() + row[1:])
        elif role is None:
            lines.append("  " + text("pay.row_seat", lang, seat=_seat(payer["seat"], lang), amount=payer["amount"]))
        else:
            lines.append(
                "  " + text("pay.row", lang, seat=_seat(payer["seat"], lang), role=role, amount=payer["amount"])
            )
    parts = " + ".join(str(x["amount"]) for x in p["payers"])
    lines.append(
        _paint(
            text("pay.receives", lang, seat=_seat(p["winner"], lang), sum=p["winner_receives"], parts=parts),
            style,
            bold=True,
        )
    )
    return lines


def render_explanation(data: dict[str, Any], lang: str = DEFAULT_LANG, style: Style = PLAIN) -> str:
    """The whole referee view: verdict, arrangement, fans, exclusions, alternatives, checks, payments."""
    out = [_paint(data["hand"], style, bold=True) + "   " + text("rules", lang, rules=data["rules"]), ""]

    def section(title: str, lines: list[str], **values: Any) -> None:
        out.append(_heading(title, lang, style, **values))
        out.extend("  " + line for line in lines)
        out.append("")

    section("h.verdict", _verdict(data, lang, style))
    if "claim" in data:
        section("h.claim", _claim(data, lang, style))
    if data["verdict"]["winning"]:
        section("h.arrangement", _arrangement(data, lang, style), form=text(f"form.{data['form']}", lang))
        v = data["verdict"]
        section(
            "h.fans",
            [
                *_fan_table(data["fans"], lang, style),
                text("fans.sum", lang, points=v["points"], flowers=v["flower_points"], total=v["total"]),
            ],
        )
        section(
            "h.not_counted", [not_counted_sentence(n, lang) for n in data["not_counted"]] or [text("fans.none", lang)]
        )
        section("h.alternatives", [_alternative(a, lang) for a in data["alternatives"]] or [text("alt.none", lang)])
    section(
        "h.situation",
        [f"{_mark(c['status'], lang, style)} {check_sentence(c, lang)}" for c in data["situation"]["checks"]],
    )
    section("h.payments", _payments(data["payments"], lang, style))
    return "\n".join(out).rstrip("\n")


def _claim(data: dict[str, Any], lang: str, style: Style) -> list[str]:
    """The referee's dispute: claimed against computed, each fan claimed but not counted with the
    rule that removed it, each fan counted but not claimed."""
    c = data["claim"]
    lines = []
    if c["total"] is not None:
        key = "claim.total-agrees" if c["total"] == c["computed"] else "claim.total-differs"
        lines.append(text(key, lang, claimed=c["total"], computed=c["computed"], diff=abs(c["total"] - c["computed"])))
    if c["fans"] is None:
        lines.append(text("claim.no-fans", lang))
    else:
        counted = {f["id"]: f["count"] for f in data["fans"]}
        if c["removed"]:
            lines.append(text("claim.extra", lang))
        for r in c["removed"]:
            name = f"{r['id']} {fan_name(r['id'], lang)}"
            if r["rule"] == "not-found":
                lines.append("  " + text("claim.not-found", lang, fan=name))
            elif r["rule"] == "fewer":
                times = c["fans"].count(r["id"])
                lines.append(
                    "  " + text("claim.fewer", lang, fan=name, claimed=count("n.time", times), counted=counted[r["id"]])
                )
            else:
                n = next(n for n in data["not_counted"] if n["id"] == r["id"])
                lines.append(f"  {r['id']} {not_counted_sentence(n, lang)}")
        if c["missing"]:
            lines.append(text("claim.missing", lang))
            points = {f["id"]: f["points"] for f in data["fans"]}
            for fan_id in sorted(set(c["missing"])):
                times = c["missing"].count(fan_id)
                lines.append(
                    "  "
                    + text(
                        "claim.missing-fan",
                        lang,
                        fan=f"{fan_id} {fan_name(fan_id, lang)}",
                        points=points[fan_id] * times,
                    )
                )
    verdict = "claim.agrees" if c["agrees"] else "claim.disagrees"
    lines.append(_paint(text(verdict, lang), style, fg="green" if c["agrees"] else "red", bold=True))
    return lines


def render_rejection(error: McrError, lang: str = DEFAULT_LANG, style: Style = PLAIN) -> str:
    """An impossible hand or situation: each problem, translated where known, with its caret."""
    lines = [_heading("h.situation", lang, style)]
    for p in error.problems:
        head = colon(p.head(lang), p.msg.text(lang), lang)
        if p.column is not None:
            head = paren(text("column", lang, n=p.column), lang, head)
        elif p.where:
            head = paren(p.where, lang, head)
        lines.append(f"  {_mark('rejected', lang, style)} {head}")
        lines.extend("    " + line for line in p.describe().splitlines()[1:])
    lines.append("  " + _paint(text("rejected", lang), style, fg="red", bold=True))
    return "\n".join(lines)


# ---- the fan table ----------------------------------------------------------------------------


def _excludes(row: dict[str, Any], lang: str) -> str:
    """`38 49; own 73; 1×73`: whole-hand exclusions, those on the fan's own sets, single instances."""
    parts = [" ".join(map(str, row["not_counted_with"]))] if row["not_counted_with"] else []
    if row["not_counted_on_its_sets"]:
        parts.append(text("fan.own", lang) + " " + " ".join(map(str, row["not_counted_on_its_sets"])))
    if row["absorbs_one"]:
        parts.append("1×" + " ".join(map(str, row["absorbs_one"])))
    return "; ".join(parts)


def render_fan_table(rows: list[dict[str, Any]], lang: str = DEFAULT_LANG, style: Style = PLAIN) -> str:
    """The fans of one profile: number, names (the language's, and the one its catalogue shows
    beside it, `i18n.second-name`), points and what each excludes in that profile."""
    other = text("i18n.second-name", lang)
    rules = rows[0]["rules"] if rows else ""
    heads = [text("col.no", lang), text("col.fan", lang), "", text("col.points", lang), text("col.excludes", lang)]
    table = [
        [
            str(r["id"]),
            r["names"][lang],
            r["names"][other],
            "—" if r["points"] is None else str(r["points"]),
            _excludes(r, lang),
        ]
        for r in rows
    ]
    widths = [max(width(t[i]) for t in [*table, heads]) for i in range(4)]
    right = (True, False, False, True)
    lines = [_paint(text("rules", lang, rules=rules), style, bold=True)]
    for k, t in enumerate([heads, *table]):
        line = "  ".join([pad(t[i], widths[i], right[i]) for i in range(4)] + [t[4]]).rstrip()
        lines.append(_paint(line, style, bold=True) if k == 0 else line)
    return "\n".join(lines)


def _fan_list(ids: list[int], lang: str) -> str:
    return ", ".join(f"{i} {fan_name(i, lang)}" for i in ids) or text("none", lang)


def render_fan(detail: dict[str, Any], lang: str = DEFAULT_LANG, style: Style = PLAIN) -> str:
    """One fan under one profile: names, points, definition, exclusions both ways, and its example scored."""
    names = detail["names"]
    others = [names[x] for x in other_languages(lang)]
    points = "—" if detail["points"] is None else str(detail["points"])

    def line(label: str, value: str) -> str:
        return "  " + colon(text(label, lang), value, lang)

    lines = [
        _paint(f"{detail['id']}  {names[lang]}", style, bold=True) + "  ·  " + "  ·  ".join(others),
        line("fan.points", points) + "   " + text("rules", lang, rules=detail["rules"]),
        line("fan.definition", FANS[Fan(detail["id"])].definition(lang)),
        line("fan.source", detail["cite"]),
        line("fan.excludes", _fan_list(detail["not_counted_with"], lang)),
    ]
    if detail["not_counted_on_its_sets"]:
        lines.append(line("fan.excludes_own", _fan_list(detail["not_counted_on_its_sets"], lang)))
    if detail["absorbs_one"]:
        lines.append(line("fan.excludes_one", _fan_list(detail["absorbs_one"], lang)))
    lines.append(line("fan.excluded_by", _fan_list(detail["not_counted_when"], lang)))
    if detail["switches"]:
        chosen = ", ".join(f"{key} = {option}" for key, option in detail["switches"].items())
        lines.append(line("fan.switches", chosen))
    ex = detail["example"]
    head = line("fan.example", ex["notation"]) + "   " + text("rules", lang, rules=ex["rules"])
    if detail["rules"] != ex["rules"]:
        head += " " + text("fan.not_in_profile", lang, rules=detail["rules"], used=ex["rules"])
    lines.append(head)
    result = ex["score"]
    fans = [f | {"sets": [format_codes(s) for s in f["sets"]]} for f in result["fans"]]
    lines.extend("    " + line for line in _fan_table(fans, lang, style))
    lines.append(
        "    " + text("fans.sum", lang, points=result["points"], flowers=result["flower_points"], total=result["total"])
    )
    return "\n".join(lines)
