"""Presentation of hands and results as plain dicts (for JSON) and as text; no logic of its own."""

from __future__ import annotations

from typing import Any

from ..hand import Hand, Meld, Situation
from ..messages import DEFAULT_LANG, Count, count, text
from ..notation import LOWER_CASE_WINDS, format_hand, format_tiles
from ..profiles import CHOICE_SOURCES, DEFAULT, PROFILES, SWITCHES, Switch
from ..scoring import Group, Score
from ..textwidth import FAN_COLUMNS, columns
from ..vocabulary import Kind, Reason, Rule
from .i18n import fan_name
from .referee_text import draw_tiles
from .style import PLAIN, Style, paint

_PLAYERS = {1: "left", 2: "opposite", 3: "right"}


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


def hand_to_dict(hand: Hand) -> dict[str, Any]:
    return {
        "canonical": format_hand(hand),
        "marked": format_hand(hand, mark_win=True) if hand.winning else None,
        "melds": [meld_to_dict(m) for m in hand.melds],
        "standing": [t.code for t in hand.standing],
        "winning": hand.winning.code if hand.winning else None,
        "waiting": hand.is_waiting,
        "situation": situation_to_dict(hand.situation),
    }


def describe_meld(meld: Meld) -> str:
    tiles = (
        "".join(t.code[0] for t in meld.tiles) + meld.tile.code[1:]
        if not meld.tile.is_honor
        else "".join(t.code for t in meld.tiles)
    )
    if meld.concealed:
        return f"concealed kong {tiles}"
    detail = "exposed"
    if meld.claim is not None:
        if meld.kind == Kind.CHOW:
            detail += f", claimed tile {meld.claim}"
        elif meld.promoted:
            detail += f", promoted from a pung claimed from the {_PLAYERS[meld.claim - 4]}"
        else:
            detail += f", from the {_PLAYERS[meld.claim]}"
    return f"{meld.kind} {tiles} ({detail})"


def describe_situation(s: Situation) -> str:
    how = "self-drawn" if s.self_drawn else "won on a discard"
    extras = [
        name
        for flag, name in (
            (s.last_copy, "last copy (绝张)"),
            (s.wall_last, "last tile of the wall"),
            (s.robbing_kong, "robbing the kong"),
            (s.replacement, "kong replacement tile"),
        )
        if flag
    ]
    flowers = f"flowers {s.flowers}" + (f" ({s.flower_letters})" if s.flower_letters else "")
    return "; ".join([how, *extras, f"prevalent wind {s.prevalent_wind}, seat wind {s.seat_wind}", flowers])


def hand_text(hand: Hand) -> str:
    rows = [
        ("canonical", format_hand(hand)),
        ("melds", ", ".join(describe_meld(m) for m in hand.melds) or "none"),
        ("standing", " ".join(t.code for t in hand.standing) or "none"),
        ("winning", hand.winning.code if hand.winning else "none: a waiting hand"),
        ("situation", describe_situation(hand.situation)),
    ]
    if hand.winning:
        rows.append(("marked", format_hand(hand, mark_win=True)))
    return "\n".join(f"{k + ':':<11}{v}" for k, v in rows)


def _group_label(score: Score, i: int, style: Style) -> str:
    """A group as written (`123m`), or in Unicode tiles with the winning tile marked on a terminal."""
    g = score.arrangement[i]
    if not style.unicode:
        return g.label
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
    return CHOICE_SOURCES.get(profile, {}).get(switch.key, switch.options[choice].cite)


def rules_text() -> str:
    """The profiles, then each switch with every option, which profiles choose it and on what source."""
    lines = ["profiles:"]
    lines += [f"  {p.name}: {p.description}" for p in PROFILES.values()]
    for switch in SWITCHES:
        lines.append(f"\n{switch.key}: {switch.point}")
        for key, option in switch.options.items():
            users = [p.name for p in PROFILES.values() if p.choices[switch.key] == key]
            lines.append(f"  {key}{' [' + ', '.join(users) + ']' if users else ''}: {option.text}")
            lines.append(f"      {option.cite}")
            for user in users:
                if switch.key in CHOICE_SOURCES.get(user, {}):
                    lines.append(f"      {user}: {_source(user, switch)}")
        lines.append(f"  example: {switch.example}")
    return "\n".join(lines)


def rules_to_dict() -> dict[str, Any]:
    """`rules --json`: the profiles with their choices, and each switch with every option and its users, and
    the source of each profile's choice (its own where it names one, else the option's citation)."""
    return {
        "ok": True,
        "default": DEFAULT,
        "profiles": [
            {"name": p.name, "description": p.description, "choices": dict(p.choices)} for p in PROFILES.values()
        ],
        "switches": [
            {
                "key": s.key,
                "point": s.point,
                "example": s.example,
                "options": [
                    {
                        "key": key,
                        "text": option.text,
                        "cite": option.cite,
                        "profiles": [p.name for p in PROFILES.values() if p.choices[s.key] == key],
                    }
                    for key, option in s.options.items()
                ],
                "sources": {name: _source(name, s) for name in PROFILES},
            }
            for s in SWITCHES
        ],
    }


def rules_markdown() -> str:
    """docs/rules.md: the switches on which the profiles differ, each profile's reading side by side;
    then the switches every profile sets alike (points the texts leave open), with the other readings."""
    names = list(PROFILES)

    def reading(s: Switch, key: str, named: bool = False, cite: str | None = None) -> str:
        option = s.options[key]
        return f"{f'`{key}`: ' if named else ''}{option.text} ({cite or option.cite})"

    def example(s: Switch) -> str:
        return "`" + s.example.replace("|", "\\|") + "`"  # a bare | would end the table cell

    lines = [
        "# Rule profiles: every switch",
        "",
        "Generated by `mcr-score rules --markdown` from `mcr_score/profiles.py`; "
        "`tests/test_profiles.py` checks that this file is current and that every example "
        "scores differently under each option of its switch.",
        "",
        "Sources: [WMO14] = the 2014 WMO Chinese edition 《麻将竞赛规则》 as quoted, with printed pages, in "
        "SkyEye-FAST/mcr-mahjong `RULES_REVIEW.md` (the text itself was not read here); [SF] = that project's "
        "reading, where the quoted clauses do not settle the point. docs/rules-research.md has the rest.",
        "",
        "## Where the profiles differ",
        "",
        "| switch | point | " + " | ".join(f"{n} (citation)" for n in names) + " | example hand |",
        "|---|---|" + "---|" * len(names) + "---|",
    ]
    same = []
    for s in SWITCHES:
        chosen = [PROFILES[n].choices[s.key] for n in names]
        if len(set(chosen)) == 1:
            same.append(s)
            continue
        cells = [reading(s, c, True, _source(n, s)) for n, c in zip(names, chosen, strict=True)]
        lines.append(f"| `{s.key}` | {s.point} | {' | '.join(cells)} | {example(s)} |")
    if same:
        lines += [
            "",
            "## Where the texts leave a point open: the same choice in every profile",
            "",
            "Every profile chooses the same reading, and its text says why; a house profile can choose "
            "another by its option name.",
            "",
            "| switch | point | every profile (citation) | other readings (citation) | example hand |",
            "|---|---|---|---|---|",
        ]
        for s in same:
            common = PROFILES[names[0]].choices[s.key]
            own = "".join(f"; {n}: {CHOICE_SOURCES[n][s.key]}" for n in names if s.key in CHOICE_SOURCES.get(n, {}))
            others = "; ".join(reading(s, key, True) for key in s.options if key != common)
            cite = s.options[common].cite + own
            lines.append(f"| `{s.key}` | {s.point} | {reading(s, common, True, cite)} | {others} | {example(s)} |")
    return "\n".join(lines) + "\n"
