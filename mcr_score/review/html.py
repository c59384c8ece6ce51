"""The review as printable HTML: a page per game, and per player and hand a table of the decisions
with a small chart of the shanten after each discard, drawn in inline SVG. Self-contained: no script,
no font, no image, nothing fetched. It reads `GameReview`s and computes nothing."""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

from mcr_score.messages import text
from mcr_score.review.judge import Decision, GameReview, HandReview
from mcr_score.review.text import costly_line, head_line, lost, percent, summary_line
from mcr_score.vocabulary import DecisionKind as Kind
from mcr_score.vocabulary import Verdict

STYLE = """
@page { size: A4 portrait; margin: 12mm; }
body { font-family: "Noto Sans", "Helvetica Neue", Arial, "PingFang SC", "Microsoft YaHei", sans-serif;
       font-size: 9pt; color: #111; max-width: 186mm; margin: 0 auto; }
section.game + section.game { page-break-before: always; }
h1 { font-size: 14pt; margin: 0 0 2mm; }
h2 { font-size: 11pt; margin: 5mm 0 1mm; }
h3 { font-size: 9.5pt; margin: 3mm 0 1mm; }
table { border-collapse: collapse; width: 100%; page-break-inside: avoid; }
th, td { border: 0.3mm solid #888; padding: 0.4mm 1mm; }
th { background: #eee; font-weight: 600; }
td.num { text-align: right; font-variant-numeric: tabular-nums; }
tr.worse td { background: #fde8e8; }
code { font-size: 8pt; }
svg { width: 60mm; height: auto; display: block; margin: 1mm 0; }
"""
COLUMNS = ("turn", "kind", "choice", "best", "before", "after", "verdict")


def _chart(decisions: Sequence[Decision], lang: str) -> str:
    """The shanten after each discard of a hand, a polyline over the turns."""
    points = [(d.turn, d.shanten_after) for d in decisions if d.kind is Kind.DISCARD and d.shanten_after is not None]
    if not points:
        return ""
    w, h, pad = 240, 80, 14
    high = max(1, *(s for _, s in points))
    last = max(2, *(t for t, _ in points))

    def xy(turn: int, shanten: int) -> str:
        return (
            f"{pad + (w - 2 * pad) * (turn - 1) / (last - 1):.1f},{pad + (h - 2 * pad) * (high - shanten) / high:.1f}"
        )

    label = escape(text("review.chart", lang))
    line = " ".join(xy(t, s) for t, s in points)
    return (
        f'<svg viewBox="0 0 {w} {h}" role="img" aria-label="{label}"><title>{label}</title>'
        f'<line x1="{pad}" y1="{h - pad}" x2="{w - pad}" y2="{h - pad}" stroke="#999"/>'
        f'<text x="2" y="{pad + 3}" font-size="9">{high}</text><text x="2" y="{h - pad + 3}" font-size="9">0</text>'
        f'<text x="{w - pad}" y="{h - 2}" font-size="9" text-anchor="end">{escape(text("review.turn", lang))}</text>'
        f'<polyline points="{line}" fill="none" stroke="#1f77b4" stroke-width="1.5"/></svg>'
    )


def _cell(value: object, numeric: bool = False) -> str:
    shown = "" if value is None else str(value)
    return f'<td class="num">{escape(shown)}</td>' if numeric else f"<td>{escape(shown)}</td>"


def _hand(h: HandReview, lang: str) -> str:
    s = h.summary
    head = (
        f"<h3>{escape(text('review.col.hand', lang))} {h.hand} · {escape(h.seat)} · {percent(s.agreement)}"
        f" · {escape(text('review.col.lost', lang))} {lost(s.average_shanten_lost)}</h3>"
    )
    if h.problem is not None:
        return head + f"<p>{escape(text('review.skipped', lang, hand=h.hand, problem=h.problem.text(lang)))}</p>"
    heads = "".join(f"<th>{escape(text(f'review.h.{c}', lang))}</th>" for c in COLUMNS)
    rows = []
    for d in h.decisions:
        rows.append(
            f'<tr class="{"worse" if d.verdict is Verdict.WORSE else d.verdict}">'
            + _cell(d.turn, True)
            + _cell(text(f"review.kind.{d.kind}", lang))
            + _cell(d.choice)
            + _cell(d.best)
            + _cell(d.shanten_before, True)
            + _cell(d.shanten_after, True)
            + _cell(text(f"review.verdict.{d.verdict}", lang))
            + "</tr>"
        )
    return head + _chart(h.decisions, lang) + f"<table><tr>{heads}</tr>{''.join(rows)}</table>"


def _game(review: GameReview, lang: str) -> str:
    head = head_line(review, lang)
    parts = [f'<section class="game"><h1>{escape(head)}</h1>']
    for player in review.players:
        summary = review.summary(player)
        reviewed = any(h.problem is None or h.decisions for h in review.hands if h.player == player)
        parts.append(f"<h2>{escape(summary_line(player, summary, lang, reviewed))}</h2>")
        if summary.costliest:
            parts.append(f"<p>{escape(text('review.costliest', lang))}</p><ol>")
            parts += [
                f"<li>{escape(costly_line(d, lang))}<br><code>{escape(d.position)}</code></li>"
                for d in summary.costliest
            ]
            parts.append("</ol>")
        parts += [_hand(h, lang) for h in review.hands if h.player == player]
    parts.append("</section>")
    return "".join(parts)


def review_html(reviews: Sequence[GameReview], lang: str) -> str:
    """The page: every game reviewed, each starting a printed page."""
    title = escape(text("review.title", lang))
    body = "".join(_game(r, lang) for r in reviews)
    return (
        f'<!DOCTYPE html><html lang="{lang}"><head><meta charset="utf-8"><title>{title}</title>'
        f"<style>{STYLE}</style></head><body>{body}</body></html>\n"
    )
