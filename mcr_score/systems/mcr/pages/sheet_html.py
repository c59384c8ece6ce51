"""The session sheet as one printable HTML page (A4 portrait): the hands with their winds, each
player's score and running total, the totals, table points and places, and a chart of the running
scores drawn in inline SVG. Self-contained: no script, no font, no image, nothing fetched.

It reads a settled `SessionResult` and never recomputes it; the words come from the catalogues.
"""

from __future__ import annotations

from html import escape

from mcr_score.messages import text
from mcr_score.systems.mcr.pages.sheet_text import incomplete_note, points_text, result_text, signed
from mcr_score.systems.mcr.tournament import SessionResult

COLOURS = ("#1f77b4", "#d62728", "#2ca02c", "#9467bd")  # one per player, distinct in grey print too by dash
DASHES = ("", "6 3", "2 2", "8 3 2 3")
STYLE = """
@page { size: A4 portrait; margin: 12mm; }
body { font-family: "Noto Sans", "Helvetica Neue", Arial, "PingFang SC", "Microsoft YaHei", sans-serif;
       font-size: 9.5pt; color: #111; max-width: 186mm; margin: 0 auto; }
h1 { font-size: 14pt; margin: 0 0 2mm; }
p.meta { margin: 0 0 3mm; color: #444; }
p.note { margin: 2mm 0 0; font-weight: 600; }
table { border-collapse: collapse; width: 100%; }
th, td { border: 0.3mm solid #888; padding: 0.6mm 1.2mm; }
th { background: #eee; font-weight: 600; }
td.n, td.wind, td.seat { text-align: center; }
td.num { text-align: right; font-variant-numeric: tabular-nums; }
td.run { text-align: right; font-weight: 600; }
td.result { font-size: 8.5pt; }
tfoot td { font-weight: 600; background: #f6f6f6; }
figure { margin: 4mm 0 0; page-break-inside: avoid; }
figcaption { font-weight: 600; margin-bottom: 1mm; }
svg { width: 100%; height: auto; }
"""


def _chart(result: SessionResult, lang: str) -> str:
    """The running scores, one line per player, from 0 before hand 1 to the last hand."""
    w, h, left, right, top, bottom = 700, 250, 48, 110, 10, 28
    series = [[0, *(hand.running[p] for hand in result.hands)] for p in range(4)]
    low = min(0, *(v for s in series for v in s))
    high = max(0, *(v for s in series for v in s))
    span = (high - low) or 1
    steps = max(1, len(result.hands))

    def x(i: int) -> float:
        return left + (w - left - right) * i / steps

    def y(v: int) -> float:
        return top + (h - top - bottom) * (high - v) / span

    parts = [
        f'<svg viewBox="0 0 {w} {h}" role="img" aria-label="{escape(text("session.h.chart", lang))}">',
        f'<line x1="{left}" y1="{y(0):.1f}" x2="{w - right}" y2="{y(0):.1f}" stroke="#999" stroke-width="1"/>',
        f'<line x1="{left}" y1="{top}" x2="{left}" y2="{h - bottom}" stroke="#999" stroke-width="1"/>',
        f'<text x="{left - 4}" y="{y(high) + 4:.1f}" font-size="11" text-anchor="end">{high}</text>',
        f'<text x="{left - 4}" y="{y(low) + 4:.1f}" font-size="11" text-anchor="end">{low}</text>',
    ]
    if low < 0 < high:
        parts.append(f'<text x="{left - 4}" y="{y(0) + 4:.1f}" font-size="11" text-anchor="end">0</text>')
    for i in range(1, steps + 1):
        parts.append(f'<text x="{x(i):.1f}" y="{h - bottom + 14}" font-size="10" text-anchor="middle">{i}</text>')
    for p, values in enumerate(series):
        points = " ".join(f"{x(i):.1f},{y(v):.1f}" for i, v in enumerate(values))
        dash = f' stroke-dasharray="{DASHES[p]}"' if DASHES[p] else ""
        parts.append(f'<polyline fill="none" stroke="{COLOURS[p]}" stroke-width="2"{dash} points="{points}"/>')
        ly = top + 16 * p + 8
        parts.append(
            f'<line x1="{w - right + 8}" y1="{ly}" x2="{w - right + 30}" y2="{ly}" stroke="{COLOURS[p]}" '
            f'stroke-width="2"{dash}/>'
        )
        label = f"{result.players[p]} {values[-1]}"
        parts.append(f'<text x="{w - right + 34}" y="{ly + 4}" font-size="11">{escape(label)}</text>')
    parts.append("</svg>")
    return "\n".join(parts)


def session_html(result: SessionResult, lang: str) -> str:
    """The whole page, in `lang` (en, fr, zh)."""

    def t(message_id: str, **args: object) -> str:
        return escape(text(message_id, lang, **args))

    names = "".join(f'<th colspan="3">{escape(p)}</th>' for p in result.players)
    sub = "".join(
        f"<th>{t('session.h.seat')}</th><th>{t('session.h.score')}</th><th>{t('session.h.running')}</th>"
        for _ in result.players
    )
    rows = []
    for h in result.hands:
        cells = "".join(
            f'<td class="seat">{seat}</td><td class="num">{signed(score)}</td><td class="run">{run}</td>'
            for seat, score, run in zip(h.winds.seats, h.scores, h.running, strict=True)
        )
        rows.append(
            f'<tr><td class="n">{h.n}</td><td class="wind">{h.winds.prevalent}</td>{cells}'
            f'<td class="result">{escape(result_text(h, result.players, lang))}</td></tr>'
        )

    def foot(label: str, values: list[str]) -> str:
        cells = "".join(f'<td colspan="3" class="num">{v}</td>' for v in values)
        return f'<tr><td colspan="2">{label}</td>{cells}<td></td></tr>'

    title = t("session.h.page-title", players=" · ".join(result.players))
    meta = t("session.h.title", rules=result.rules, offender=result.false_hu.offender, others=result.false_hu.others)
    return "\n".join(
        [
            "<!DOCTYPE html>",
            f'<html lang="{lang}">',
            "<head>",
            '<meta charset="utf-8">',
            '<meta name="viewport" content="width=device-width, initial-scale=1">',
            f"<title>{title}</title>",
            f"<style>{STYLE}</style>",
            "</head>",
            "<body>",
            f"<h1>{title}</h1>",
            f'<p class="meta">{meta}</p>',
            '<table class="sheet">',
            f'<thead><tr><th rowspan="2">{t("session.h.hand")}</th><th rowspan="2">{t("session.h.wind")}</th>'
            f'{names}<th rowspan="2">{t("session.h.result")}</th></tr><tr>{sub}</tr></thead>',
            "<tbody>",
            *rows,
            "</tbody>",
            "<tfoot>",
            foot(t("session.h.total"), [str(v) for v in result.totals]),
            foot(t("session.h.table-points"), [points_text(p) for p in result.table_points]),
            foot(t("session.h.place"), [str(r) for r in result.ranks]),
            "</tfoot>",
            "</table>",
            *(f'<p class="note">{escape(note)}</p>' for note in incomplete_note(result, lang)),
            "<figure>",
            f"<figcaption>{t('session.h.chart')}</figcaption>",
            _chart(result, lang),
            "</figure>",
            "</body>",
            "</html>",
            "",
        ]
    )
