"""MCR's pages for the front ends that serve several rule systems (`systems.base.Pages`): the
existing presentation (text.py, referee*.py, session_*.py) under the names every system's pages
module has. Each page imports its modules when asked: `score` pays only for its own."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from mcr_score.hand import Hand
from mcr_score.notation import format_hand
from mcr_score.present.style import Style
from mcr_score.systems.base import Situated
from mcr_score.systems.mcr.pages import text

if TYPE_CHECKING:
    from mcr_score.systems.mcr.tournament import SessionResult


def parse_dict(hand: Hand) -> dict[str, Any]:
    return text.hand_to_dict(hand)


def parse_text(hand: Hand, lang: str) -> str:
    return text.hand_text(hand, lang)


def score_text(hand: Hand, result: Any, rules: str, lang: str, style: Style, brief: bool) -> str:
    """`score`'s text: one line with `--brief`; a waiting hand also gets what it waits on."""
    if brief:
        return text.brief_text(result, lang, style)
    page = text.score_text(result, format_hand(hand), lang, style)
    if hand.winning is None:  # as `mcr-score waits` shows it
        from mcr_score.systems.mcr.advice import waits  # here: the advice modules cost start-up time
        from mcr_score.systems.mcr.pages.advice_text import score_waiting_text

        page += "\n" + score_waiting_text(waits(hand, rules), lang)
    note = text.lower_case_winds_note(hand, result, lang)
    return page + "\n" + note if note else page


def explain(hand: Hand, rules: str, situated: Situated) -> dict[str, Any]:
    from mcr_score.systems.mcr.pages import referee

    discarder = situated.get("discarder", str)
    return referee.explain(hand, rules, discarder.upper() if discarder else None)


def explain_text(data: dict[str, Any], lang: str, style: Style) -> str:
    from mcr_score.systems.mcr.pages import referee_text

    return referee_text.render_explanation(data, lang, style)


def elements(rules: str) -> list[dict[str, Any]]:
    from mcr_score.systems.mcr.pages import referee

    return referee.fan_table(rules)


def elements_text(data: list[dict[str, Any]], lang: str, style: Style) -> str:
    from mcr_score.systems.mcr.pages import referee_text

    return referee_text.render_fan_table(data, lang, style)


def rules_dict() -> dict[str, Any]:
    return text.rules_to_dict()


def rules_text(lang: str) -> str:
    return text.rules_text(lang)


def rules_markdown(lang: str) -> str:
    return text.rules_markdown(lang)


def session(path: str, rules: str, situated: Situated) -> SessionResult:
    """A 16-hand sheet settled (`--false-hu` overrides the file's setting)."""
    from mcr_score.systems.mcr.tournament import FalseHu, load_session, settle_file

    return settle_file(*load_session(path, situated.get("false_hu", FalseHu)), rules)


def session_text(result: SessionResult, lang: str) -> str:
    from mcr_score.systems.mcr.pages.sheet_text import session_text as sheet

    return sheet(result, lang)


def session_html(result: SessionResult, lang: str) -> str:
    from mcr_score.systems.mcr.pages.sheet_html import session_html as sheet

    return sheet(result, lang)
