"""Presentation of hands and results as plain dicts (for JSON) and as text; no logic of its own."""

from __future__ import annotations

from typing import Any

from mcr_score.hand import Hand, Meld, Situation
from mcr_score.messages import DEFAULT_LANG, Count, count, text
from mcr_score.notation import LOWER_CASE_WINDS, format_hand, format_tiles
from mcr_score.present.i18n import colon, fan_name, join_list, labelled, paren
from mcr_score.present.style import PLAIN, Style, paint
from mcr_score.systems.mcr.pages.referee_text import draw_tiles
from mcr_score.systems.mcr.profiles import CHOICE_SOURCES, DEFAULT, PROFILES, SWITCHES, Switch, description
from mcr_score.systems.mcr.scoring import Group, Score
from mcr_score.textwidth import FAN_COLUMNS, columns
from mcr_score.vocabulary import Kind, Reason, Rule

_SPREAD = (Kind.KNITTED, Kind.SINGLE)  # kinds whose tiles are shown one by one


def group_label(group: Group) -> str:
    """A group as written: `123m`, `EEE`, `55p`; knitted and single tiles one by one (`1m 4m 7m`).
    Here, in the pages, not on `Group`: the engine's result does not import the notation."""
    if group.kind in _SPREAD:
        return " ".join(t.code for t in group.tiles)
    return format_tiles(group.tiles)


def meld_to_dict(meld: Meld) -> dict[str, Any]:
    return {
        "type": meld.kind,
        "tile": meld.tile.code,
        "tiles": [t.code for t in meld.tiles],
        "concealed": meld.concealed,
        "claim": meld.claim,
        "promoted": meld.promoted,
    }


def situation_to_dict(s: Situation) -> dict[str, Any]:
    return {
        "self_drawn": s.self_drawn,
        "last_copy": s.last_copy,
        "wall_last": s.wall_last,
        "kong": s.kong,
        "seat_wind": s.seat_wind,
        "prevalent_wind": s.prevalent_wind,
        "flowers": s.flowers,
        "flower_letters": s.flower_letters,
    }


def hand_to_dict(hand: Hand, short: bool = False) -> dict[str, Any]:
    """`parse --json`; `short`: the canonical forms without the default suffix `|EE0000` (a system
    without winds or flowers writes its hands so, and reads them back)."""
    return {
        "canonical": format_hand(hand, short=short),
        "marked": format_hand(hand, mark_win=True, short=short) if hand.winning else None,
        "melds": [meld_to_dict(m) for m in hand.melds],
        "standing": [t.code for t in hand.standing],
        "winning": hand.winning.code if hand.winning else None,
        "waiting": hand.is_waiting,
        "situation": situation_to_dict(hand.situation),
    }


def describe_meld(meld: Meld, lang: str = DEFAULT_LANG) -> str:
    """A declared meld in words: `chow 123m (exposed, claimed tile 2)`, `concealed kong EEEE`."""
    tiles = (
        "".join(t.code[0] for t in meld.tiles) + meld.tile.code[1:]
        if not meld.tile.is_honor
        else "".join(t.code for t in meld.tiles)
    )
    if meld.concealed:
        return text("parse.concealed-kong", lang, tiles=tiles)
    detail = text("parse.exposed", lang)
    if meld.claim is not None:
        if meld.kind == Kind.CHOW:
            then = text("parse.claimed-tile", lang, tile=meld.claim)
        elif meld.promoted:
            then = text("parse.promoted", lang, who=text(f"who.{meld.claimed_from}", lang))
        else:
            then = text("parse.from", lang, who=text(f"who.{meld.claimed_from}", lang))
        detail = text("i18n.clause", lang, first=detail, then=then)
    return text("parse.meld", lang, kind=text(f"kind.{meld.kind}", lang), tiles=tiles, detail=detail)


def describe_situation(s: Situation, lang: str = DEFAULT_LANG, winds: bool = True) -> str:
    """The situation in words: how the hand was won, the extras, the winds and the flowers (not
    for a system that has neither: `winds`)."""
    how = text("parse.self-drawn" if s.self_drawn else "parse.discard", lang)
    extras = [
        text(key, lang)
        for flag, key in (
            (s.last_copy, "parse.last-copy"),
            (s.wall_last, "parse.wall-last"),
            (s.robbing_kong, "parse.robbing-kong"),
            (s.replacement, "parse.replacement"),
        )
        if flag
    ]
    flowers = text("parse.flowers", lang, n=s.flowers)
    if s.flower_letters:
        flowers = paren(s.flower_letters, lang, flowers)
    seats = text("parse.winds", lang, prevalent=s.prevalent_wind, seat=s.seat_wind)
    parts = [how, *extras, seats, flowers] if winds else [how, *extras]
    line = parts[0]
    for part in parts[1:]:
        line = text("i18n.semicolon", lang, first=line, then=part)
    return line


def hand_text(hand: Hand, lang: str = DEFAULT_LANG, winds: bool = True) -> str:
    """`parse`'s text: the canonical form, the melds, the standing tiles, the winning tile, the
    situation; for a system without winds and flowers (`winds` false), the canonical forms without
    the default suffix and the situation without them."""
    none = text("parse.none", lang)
    rows = [
        ("parse.canonical", format_hand(hand, short=not winds)),
        ("parse.melds", join_list([describe_meld(m, lang) for m in hand.melds], lang) or none),
        ("parse.standing", " ".join(t.code for t in hand.standing) or none),
        ("parse.winning", hand.winning.code if hand.winning else text("parse.waiting", lang)),
        ("parse.situation", describe_situation(hand.situation, lang, winds)),
    ]
    if hand.winning:
        rows.append(("parse.marked", format_hand(hand, mark_win=True, short=not winds)))
    return labelled(rows, lang)


def _group_label(score: Score, i: int, style: Style) -> str:
    """A group as written (`123m`), or in Unicode tiles with the winning tile marked on a terminal."""
    g = score.arrangement[i]
    if not style.unicode:
        return group_label(g)
    codes = [t.code for t in g.tiles]
    win = codes.index(score.win_tile.code) if i == score.win_set and score.win_tile is not None else None
    return draw_tiles(codes, style, win)


def score_text(score: Score, hand_label: str = "", lang: str = DEFAULT_LANG, style: Style = PLAIN) -> str:
    """A readable table in `lang`: counted fans with points, count and sets; the not-counted fans; the verdict.
    `style` draws Unicode tiles and colours the verdict (on a terminal)."""
    lines = [
        text("score.head", lang, hand=hand_label, rules=score.rules)
        if hand_label
        else text("rules", lang, rules=score.rules)
    ]
    if not score.winning:
        reason = text(f"reason.{score.reason or Reason.NO_SHAPE}", lang)
        lines.append(paint(text("score.not_winning", lang, reason=reason), style, fg="red", bold=True))
        return "\n".join(lines)
    labels = [_group_label(score, i, style) for i in range(len(score.arrangement))]
    sets = "  ".join(f"[{x}]" if g.declared else x for g, x in zip(score.arrangement, labels, strict=True))
    lines.append(text("score.arrangement", lang, sets=sets, form=text(f"form.{score.form}", lang)))
    group: Group | None = score.win_group
    if score.win_tile is not None and group is not None and score.win_set is not None:
        tile = paint(str(score.win_tile), style, bold=True)
        label = labels[score.win_set]
        if score.wait is None:
            lines.append(text("score.win_in", lang, tile=tile, set=label))
        else:
            lines.append(text("score.win", lang, tile=tile, set=label, wait=text(f"wait.{score.wait}", lang)))
    heads = [text(f"col.{c}", lang) for c in ("no", "fan", "points", "count", "sets")]
    rows = [
        [str(f.id), fan_name(f.fan, lang), str(f.points), str(f.count), " ".join(format_tiles(s) for s in f.sets)]
        for f in score.fans
    ]
    lines += columns([heads, *rows], FAN_COLUMNS)
    if score.not_counted:
        lines.append(text("score.not_counted", lang))
        for n in score.not_counted:
            on = f" ({' '.join(format_tiles(s) for s in n.sets)})" if n.sets else ""
            rule = n.rule if n.by is not None or n.rule is not Rule.ACCOUNT_ONCE else "account-once-none"
            by = f"{n.by} {fan_name(n.by, lang)}" if n.by is not None else ""
            lines.append(
                "  "
                + text(
                    "score.removed",
                    lang,
                    id=f"{n.id:>3}",
                    fan=fan_name(n.fan, lang),
                    on=on,
                    why=text(f"rule.{rule}", lang, by=by),
                )
            )
    values = {"total": score.total, "points": count("n.point", score.points), "flowers": _flowers(score)}
    if score.meets_minimum:
        lines.append(paint(text("score.total_ok", lang, **values), style, fg="green", bold=True))
    else:
        lines.append(paint(text("score.total_short", lang, short=score.short_by, **values), style, fg="red", bold=True))
    return "\n".join(lines)


def lower_case_winds_note(hand: Hand, score: Score, lang: str = DEFAULT_LANG) -> str | None:
    """A note under a hand that does not win and whose flowers are winds in lower case (`e`, the
    one wind letter that is also a flower): the player most likely meant `E`."""
    letters = hand.situation.flower_letters
    if score.winning or not letters or not set(letters) <= set(LOWER_CASE_WINDS):
        return None
    return text("score.note.lower-case-winds", lang, letters=letters)


def _flowers(score: Score) -> Count:
    """The flowers' points with their noun: "1 flower", "2 flowers" (a flower is worth 1 point)."""
    return count("n.flower", score.flower_points)


def brief_text(score: Score, lang: str = DEFAULT_LANG, style: Style = PLAIN) -> str:
    """One line: the total, the points without flowers, and the verdict (`score --brief`)."""
    if not score.winning:
        line = text("score.brief.not-winning", lang, reason=text(f"reason.{score.reason or Reason.NO_SHAPE}", lang))
        return paint(line, style, fg="red", bold=True)
    values = {"total": score.total, "points": score.points, "flowers": _flowers(score)}
    if score.meets_minimum:
        return paint(text("score.brief.valid", lang, **values), style, fg="green", bold=True)
    return paint(text("score.brief.short", lang, short=score.short_by, **values), style, fg="red", bold=True)


def _source(profile: str, switch: Switch) -> str:
    """Why `profile` chose its option of `switch`: its own source where it names one, else the option's citation."""
    choice = PROFILES[profile].choices[switch.key]
    return CHOICE_SOURCES.get(profile, {}).get(switch.key, switch.payload[choice].cite)


def rules_text(lang: str = DEFAULT_LANG) -> str:
    """The profiles, then each switch with every option, which profiles choose it and on what source
    (the citations as their sources write them: a reference is not translated)."""
    lines = [text("rules-page.profiles-head", lang)]
    lines += ["  " + colon(p.name, description(p.name, lang), lang) for p in PROFILES.values()]
    for switch in SWITCHES:
        lines.append("\n" + colon(switch.key, switch.point(lang), lang))
        for key, option in switch.payload.items():
            users = [p.name for p in PROFILES.values() if p.choices[switch.key] == key]
            lines.append(
                "  " + colon(f"{key}{' [' + ', '.join(users) + ']' if users else ''}", switch.reading(key, lang), lang)
            )
            lines.append(f"      {option.cite}")
            for user in users:
                if switch.key in CHOICE_SOURCES.get(user, {}):
                    lines.append("      " + colon(user, _source(user, switch), lang))
        lines.append("  " + colon(text("rules-page.example", lang), switch.example, lang))
    return "\n".join(lines)


def rules_to_dict() -> dict[str, Any]:
    """`rules --json`: the profiles with their choices, and each switch with every option and its users, and
    the source of each profile's choice (its own where it names one, else the option's citation). The
    texts in English, as every JSON writes them (`rules --lang` is the text's)."""
    return {
        "ok": True,
        "default": DEFAULT,
        "profiles": [
            {"name": p.name, "description": p.description, "choices": dict(p.choices)} for p in PROFILES.values()
        ],
        "switches": [
            {
                "key": s.key,
                "point": s.point(),
                "example": s.example,
                "options": [
                    {
                        "key": key,
                        "text": s.reading(key),
                        "cite": option.cite,
                        "profiles": [p.name for p in PROFILES.values() if p.choices[s.key] == key],
                    }
                    for key, option in s.payload.items()
                ],
                "sources": {name: _source(name, s) for name in PROFILES},
            }
            for s in SWITCHES
        ],
    }


def _then(parts: list[str], lang: str) -> str:
    """Parts written one after the other, `a; b; c` as the language writes a semicolon."""
    line = parts[0]
    for part in parts[1:]:
        line = text("i18n.semicolon", lang, first=line, then=part)
    return line


def rules_markdown(lang: str = DEFAULT_LANG) -> str:
    """docs/rules.md (in English; in another language with `rules --markdown --lang`): the switches on
    which the profiles differ, each profile's reading side by side; then the switches every profile
    sets alike (points the texts leave open), with the other readings."""
    names = list(PROFILES)

    def reading(s: Switch, key: str, named: bool = False, cite: str | None = None) -> str:
        read = paren(cite or s.payload[key].cite, lang, s.reading(key, lang))
        return colon(f"`{key}`", read, lang) if named else read

    def example(s: Switch) -> str:
        return "`" + s.example.replace("|", "\\|") + "`"  # a bare | would end the table cell

    def row(*cells: str) -> str:
        return "| " + " | ".join(cells) + " |"

    col = {key: text(f"rules-page.md.col.{key}", lang) for key in ("switch", "point", "example", "every", "others")}
    lines = [
        "# " + text("rules-page.md.title", lang),
        "",
        text("rules-page.md.generated", lang),
        "",
        text("rules-page.md.sources", lang),
        "",
        "## " + text("rules-page.md.differ", lang),
        "",
        row(
            col["switch"],
            col["point"],
            *(text("rules-page.md.col.cited", lang, profile=n) for n in names),
            col["example"],
        ),
        "|---|---|" + "---|" * len(names) + "---|",
    ]
    same = []
    for s in SWITCHES:
        chosen = [PROFILES[n].choices[s.key] for n in names]
        if len(set(chosen)) == 1:
            same.append(s)
            continue
        cells = [reading(s, c, True, _source(n, s)) for n, c in zip(names, chosen, strict=True)]
        lines.append(row(f"`{s.key}`", s.point(lang), *cells, example(s)))
    if same:
        lines += [
            "",
            "## " + text("rules-page.md.same", lang),
            "",
            text("rules-page.md.same-intro", lang),
            "",
            row(col["switch"], col["point"], col["every"], col["others"], col["example"]),
            "|---|---|---|---|---|",
        ]
        for s in same:
            common = PROFILES[names[0]].choices[s.key]
            own = [colon(n, CHOICE_SOURCES[n][s.key], lang) for n in names if s.key in CHOICE_SOURCES.get(n, {})]
            others = _then([reading(s, key, True) for key in s.options if key != common], lang)
            cite = _then([s.payload[common].cite, *own], lang)
            lines.append(row(f"`{s.key}`", s.point(lang), reading(s, common, True, cite), others, example(s)))
    return "\n".join(lines) + "\n"
