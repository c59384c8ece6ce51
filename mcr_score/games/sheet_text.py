"""The page of a score sheet an app kept (`session --from`): after the sheet settled by our rules,
the hands whose scores differ from the app's, and why. It reads a `games.sessions.Compared` and
never recomputes it; words come from the catalogues."""

from __future__ import annotations

from mcr_score.games.sessions import Compared
from mcr_score.messages import count, text
from mcr_score.systems.mcr.pages.sheet_text import signed


def _scores(values: tuple[int, int, int, int]) -> str:
    return " ".join(signed(v) for v in values)


def compared_text(compared: Compared, lang: str) -> str:
    """The comparison with the app's recorded scores: a line per hand that differs, the totals, notes."""
    app = compared.app.value
    if not compared.differences:
        lines = [text("sheet.same", lang, app=app)]
    else:
        lines = [
            text(
                "sheet.head", lang, app=app, n=len(compared.differences), hands=count("n.hand", len(compared.recorded))
            )
        ]
        for d in compared.differences:
            lines.append(
                "  "
                + text(
                    "sheet.line",
                    lang,
                    hand=d.hand,
                    recorded=_scores(d.recorded),
                    settled=_scores(d.settled),
                    reason=d.reason.text(lang),
                )
            )
        lines.append(
            "  "
            + text(
                "sheet.totals",
                lang,
                recorded=_scores(compared.recorded_totals()),
                settled=_scores(compared.result.totals),
            )
        )
    lines += ["  " + note.text(lang) for note in compared.notes]
    return "\n".join(lines)
