"""Pages of the tournament commands as text and CSV: the session sheet, the standings, catch-up.

They read a settled `SessionResult` (or `Standings`, `CatchUp`) and never recompute it: every
number comes from `mcr_score.systems.mcr.tournament`; words come from the catalogues, in en, fr or zh.
"""

from __future__ import annotations

import csv
import io
from fractions import Fraction

from mcr_score.files import csv_text
from mcr_score.messages import Name, count, text
from mcr_score.systems.mcr.tournament import CatchUp, SessionResult, SettledHand, Standings
from mcr_score.systems.mcr.tournament.places import number
from mcr_score.systems.mcr.tournament.winds import HANDS
from mcr_score.textwidth import columns


def points_text(value: Fraction) -> str:
    """Table points as a person writes them: 4, 1.5, 1.75, 2.33."""
    n = number(value)
    return str(n) if isinstance(n, int) else f"{n:.2f}".rstrip("0")


def signed(n: int) -> str:
    """A hand's score as the sheet writes it: +36, -8, and 0 for nothing."""
    return f"{n:+d}" if n else "0"


def result_text(hand: SettledHand, players: tuple[str, ...], lang: str) -> str:
    """What happened in a hand, in words: the win and who paid, the draw, the false Hu and why."""
    e = hand.entry
    if hand.kind == "draw":
        out = text("session.result.draw", lang)
    elif hand.kind == "false-hu":
        assert hand.offender is not None
        who = Name(players[hand.offender])
        if hand.reason == "below-minimum":
            points = hand.scored if e.notation and hand.scored is not None else (e.points or 0) - (e.flowers or 0)
            out = text("session.result.below-minimum", lang, player=who, points=count("n.point", points))
        elif hand.reason == "not-winning":
            out = text("session.result.not-winning", lang, player=who)
        else:
            out = text("session.result.false-hu", lang, player=who)
    else:
        assert e.winner is not None
        if e.discarder is None:
            out = text("session.result.self-drawn", lang, winner=Name(players[e.winner]), points=hand.points)
        else:
            out = text(
                "session.result.discard",
                lang,
                winner=Name(players[e.winner]),
                points=hand.points,
                discarder=Name(players[e.discarder]),
            )
    given = [f"{players[i]} {p:+d}" for i, p in enumerate(e.penalties) if p]
    if given:
        out += text("session.result.penalties", lang, penalties=", ".join(given))
    return out


def session_text(result: SessionResult, lang: str) -> str:
    """The sheet: one line per hand (prevalent wind; each player's seat, score and running total;
    what happened), then the totals, table points and places."""
    head = text(
        "session.h.title", lang, rules=result.rules, offender=result.false_hu.offender, others=result.false_hu.others
    )
    rows = [
        [text("session.h.hand", lang), text("session.h.wind", lang), *result.players, text("session.h.result", lang)]
    ]
    for h in result.hands:
        cells = [
            f"{seat} {signed(score)} = {run}"
            for seat, score, run in zip(h.winds.seats, h.scores, h.running, strict=True)
        ]
        rows.append([str(h.n), h.winds.prevalent, *cells, result_text(h, result.players, lang)])
    rows.append([text("session.h.total", lang), "", *(str(t) for t in result.totals)])
    rows.append([text("session.h.table-points", lang), "", *(points_text(p) for p in result.table_points)])
    rows.append([text("session.h.place", lang), "", *(str(r) for r in result.ranks)])
    return "\n".join([head, *columns(rows, (True, False, True, True, True, True)), *incomplete_note(result, lang)])


def incomplete_note(result: SessionResult, lang: str) -> list[str]:
    """The line under a sheet of fewer than 16 hands: settled as given, which the reader should know."""
    if not result.incomplete:
        return []
    return [text("session.note.incomplete", lang, count=len(result.hands), expected=HANDS)]


def session_csv(result: SessionResult) -> str:
    """One row per hand: number, winds, result fields, then each player's score and running total
    (columns named after the players), for a spreadsheet. Numbers only, no words: the same in every
    language. A player's name that a spreadsheet would take for a formula starts with `'`."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    names = tuple(csv_text(n) for n in result.players)
    writer.writerow(
        [
            "hand",
            "prevalent",
            "kind",
            "winner",
            "from",
            "points",
            "false_hu",
            *(f"{n} seat" for n in names),
            *(f"{n} penalty" for n in names),
            *(f"{n} score" for n in names),
            *(f"{n} total" for n in names),
        ]
    )
    for h in result.hands:
        d = h.to_dict()
        writer.writerow(
            [
                h.n,
                h.winds.prevalent,
                h.kind,
                "" if d["winner"] is None else names[d["winner"] - 1],
                "" if d["from"] is None else names[d["from"] - 1],
                "" if h.points is None else h.points,
                "" if h.offender is None else names[h.offender],
                *h.winds.seats,
                *h.entry.penalties,
                *h.scores,
                *h.running,
            ]
        )
    return out.getvalue()


def standings_text(table: Standings, lang: str) -> str:
    rows = [[text(f"standings.h.{k}", lang) for k in ("rank", "player", "table-points", "score", "sessions")]]
    rows += [[str(r.rank), r.player, points_text(r.table_points), str(r.score), str(r.sessions)] for r in table.rows]
    return "\n".join(columns([[*r, ""] for r in rows], (True, False, True, True, True)))


def catchup_text(chase: CatchUp, lang: str) -> str:
    """For each opponent: the gap and the smallest Hu self-drawn, on their discard, on another's."""
    head = text("catchup.h.title", lang, player=chase.player, score=chase.scores[chase.player - 1])
    keys = ("against", "score", "gap", "self-drawn", "from-them", "from-other")
    rows = [[text(f"catchup.h.{k}", lang) for k in keys]]
    for c in chase.against:
        cells = [text("catchup.player", lang, n=c.player), str(chase.scores[c.player - 1]), str(c.gap)]
        rows.append([*cells, str(c.self_drawn), str(c.from_them), str(c.from_other)])
    return "\n".join([head, *columns([[*r, ""] for r in rows], (False, True, True, True, True, True))])
