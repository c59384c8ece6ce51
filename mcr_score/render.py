"""Presentation of hands and results as plain dicts (for JSON) and as text; no logic of its own."""

from __future__ import annotations

from .hand import Hand, Meld, Situation
from .fans.table import FANS
from .notation import format_hand, format_tiles
from .scoring import Score

_PLAYERS = {1: "left", 2: "opposite", 3: "right"}


def meld_to_dict(meld: Meld) -> dict:
    return {"type": meld.kind, "tile": meld.tile.code, "tiles": [t.code for t in meld.tiles],
            "concealed": meld.concealed, "claim": meld.claim, "promoted": meld.promoted}


def situation_to_dict(s: Situation) -> dict:
    return {"self_drawn": s.self_drawn, "last_copy": s.last_copy, "wall_last": s.wall_last,
            "kong": s.kong, "seat_wind": s.seat_wind, "prevalent_wind": s.prevalent_wind,
            "flowers": s.flowers, "flower_letters": s.flower_letters}


def hand_to_dict(hand: Hand) -> dict:
    return {"canonical": format_hand(hand), "melds": [meld_to_dict(m) for m in hand.melds],
            "standing": [t.code for t in hand.standing],
            "winning": hand.winning.code if hand.winning else None,
            "waiting": hand.is_waiting, "situation": situation_to_dict(hand.situation)}


def describe_meld(meld: Meld) -> str:
    tiles = "".join(t.code[0] for t in meld.tiles) + meld.tile.code[1:] if not meld.tile.is_honor \
        else "".join(t.code for t in meld.tiles)
    if meld.concealed:
        return f"concealed kong {tiles}"
    detail = "exposed"
    if meld.claim is not None:
        if meld.kind == "chow":
            detail += f", claimed tile {meld.claim}"
        elif meld.promoted:
            detail += f", promoted from a pung claimed from the {_PLAYERS[meld.claim - 4]}"
        else:
            detail += f", from the {_PLAYERS[meld.claim]}"
    return f"{meld.kind} {tiles} ({detail})"


def describe_situation(s: Situation) -> str:
    how = "self-drawn" if s.self_drawn else "won on a discard"
    extras = [name for flag, name in (
        (s.last_copy, "last copy (绝张)"), (s.wall_last, "last tile of the wall"),
        (s.robbing_kong, "robbing the kong"), (s.replacement, "kong replacement tile")) if flag]
    flowers = f"flowers {s.flowers}" + (f" ({s.flower_letters})" if s.flower_letters else "")
    return "; ".join([how] + extras + [f"prevalent wind {s.prevalent_wind}, seat wind {s.seat_wind}", flowers])


def hand_text(hand: Hand) -> str:
    rows = [("canonical", format_hand(hand)),
            ("melds", ", ".join(describe_meld(m) for m in hand.melds) or "none"),
            ("standing", " ".join(t.code for t in hand.standing) or "none"),
            ("winning", hand.winning.code if hand.winning else "none: a waiting hand of 13 tiles"),
            ("situation", describe_situation(hand.situation))]
    return "\n".join(f"{k + ':':<11}{v}" for k, v in rows)


_RULE_WORDS = {
    "implied": "implied by",
    "same-set": "same set already counted in",
    "non-separation": "its sets are already combined in",
    "non-identical": "a set already serves the same fan in",
    "account-once": "account-once: its sets are already combined in",
}


def score_text(score: Score, hand_label: str = "") -> str:
    """A readable table: counted fans with points, count and sets; the not-counted fans; the verdict."""
    lines = [f"{hand_label}  (rules: {score.rules})" if hand_label else f"rules: {score.rules}"]
    if not score.winning:
        lines.append(f"Not a winning hand: {_REASONS[score.reason or 'no-shape']}")
        return "\n".join(lines)
    lines.append("arrangement: " + "  ".join(
        (f"[{g.label}]" if g.declared else g.label) for g in score.arrangement) + f"  ({score.form})")
    group = score.win_group
    if score.win_tile is not None:
        where = f" in {group.label}" + (f" ({score.wait} wait)" if score.wait else "") if group else ""
        lines.append(f"winning tile: {score.win_tile}{where}")
    width = max(len(f.name) for f in score.fans)
    lines.append(f"{'no.':>3}  {'fan':<{width}}  points  count  sets")
    for f in score.fans:
        sets = " ".join(format_tiles(s) for s in f.sets)
        lines.append(f"{f.id:>3}  {f.name:<{width}}  {f.points:>6}  {f.count:>5}  {sets}".rstrip())
    if score.not_counted:
        lines.append("not counted:")
        for n in score.not_counted:
            by = f" {n.by} {FANS[n.by].en}" if n.by else ""
            on = f" ({' '.join(format_tiles(s) for s in n.sets)})" if n.sets else ""
            lines.append(f"  {n.id:>3} {n.name}{on}: {_RULE_WORDS.get(n.rule, n.rule)}{by}")
    verdict = ("meets the 8-point minimum" if score.meets_minimum
               else f"below the 8-point minimum by {8 - score.points}: not a valid Hu")
    lines.append(f"total {score.total} = {score.points} points + {score.flower_points} flowers; {verdict}")
    return "\n".join(lines)


_REASONS = {"waiting": "a waiting hand of 13 tiles, not a winning hand", "no-shape": "the tiles form no winning shape"}


def rules_text() -> str:
    """The profiles, then each switch with every option and which profiles choose it."""
    from .profiles import PROFILES, SWITCHES

    lines = ["profiles:"]
    lines += [f"  {p.name}: {p.description}" for p in PROFILES.values()]
    for switch in SWITCHES:
        lines.append(f"\n{switch.key}: {switch.point}")
        for key, option in switch.options.items():
            users = [p.name for p in PROFILES.values() if p.choices[switch.key] == key]
            lines.append(f"  {key}{' [' + ', '.join(users) + ']' if users else ''}: {option.text}")
            lines.append(f"      {option.cite}")
        lines.append(f"  example: {switch.example}")
    return "\n".join(lines)


def rules_markdown() -> str:
    """docs/rules.md: the switches on which the profiles differ, their two readings side by side;
    then the switches both profiles set alike (points the texts leave open), with the other readings."""
    from .profiles import PROFILES, SWITCHES

    gb, cn = PROFILES["green-book"], PROFILES["china"]

    def reading(s, key: str, named: bool = False) -> str:
        option = s.options[key]
        return f"{f'`{key}`: ' if named else ''}{option.text} ({option.cite})"

    def example(s) -> str:
        return "`" + s.example.replace("|", "\\|") + "`"  # a bare | would end the table cell

    lines = [
        "# Rule profiles: every switch",
        "",
        "Generated by `mcr-score rules --markdown` from `mcr_score/profiles.py`; "
        "`tests/test_profiles.py` checks that this file is current and that every example "
        "scores differently under each option of its switch.",
        "",
        "## Where the profiles differ",
        "",
        "| switch | point | green-book (citation) | china (citation) | example hand |",
        "|---|---|---|---|---|",
    ]
    same = []
    for s in SWITCHES:
        g, c = gb.choices[s.key], cn.choices[s.key]
        if g == c:
            same.append(s)
        else:
            lines.append(f"| `{s.key}` | {s.point} | {reading(s, g)} | {reading(s, c)} | {example(s)} |")
    if same:
        lines += [
            "",
            "## Where the texts leave a point open: the same choice in both profiles",
            "",
            "Both profiles choose the same reading, and its text says why; a house profile can choose "
            "another by its option name.",
            "",
            "| switch | point | both profiles (citation) | other readings (citation) | example hand |",
            "|---|---|---|---|---|",
        ]
        for s in same:
            chosen = gb.choices[s.key]
            others = "; ".join(reading(s, key, True) for key in s.options if key != chosen)
            lines.append(f"| `{s.key}` | {s.point} | {reading(s, chosen, True)} | {others} | {example(s)} |")
    return "\n".join(lines) + "\n"
