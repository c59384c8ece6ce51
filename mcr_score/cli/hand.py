"""`mcr-score parse` and `mcr-score score`: one hand in the notation, its structure or its score."""

from __future__ import annotations

import sys
from typing import Any

import click

from ..messages import language_from_env, msg
from ..notation import format_hand
from ..present.style import Style
from ..present.text import brief_text, hand_text, hand_to_dict, lower_case_winds_note, score_text
from ..scoring import score as score_hand
from ..situation import ContradictoryOptionsError, apply_situation, read_hand
from .options import (
    COLOR_OPTION,
    JSON_OPTION,
    RULES_OPTION,
    WIN_OPTION,
    Command,
    handles_errors,
    lang_option,
    situation_options,
)

EXIT_FALSE_HU = 3  # `score --check`: a winning hand below 8 points, or not a winning hand


@click.command(cls=Command)
@click.argument("text", metavar="HAND")
@WIN_OPTION
@situation_options
@click.option("--json", "as_json", is_flag=True, help="Print the structure as JSON.")
@handles_errors
def parse(text: str, win: str | None, as_json: bool, robbing_kong: bool, replacement: bool, **fields: Any) -> None:
    """Parse HAND and print its canonical form and structure."""
    hand = apply_situation(text, read_hand(text, win), robbing_kong, replacement, **fields)
    if as_json:
        import json  # here, as below: text output, the usual case, does without it

        click.echo(json.dumps({"ok": True, **hand_to_dict(hand)}, ensure_ascii=False))
    else:
        click.echo(hand_text(hand))


@click.command(cls=Command)
@click.argument("text", metavar="HAND")
@WIN_OPTION
@situation_options
@RULES_OPTION
@lang_option(names_in_json=False)  # score --json names each fan in English, whatever --lang
@JSON_OPTION
@click.option(
    "--brief", is_flag=True, help="One line: the total, the points without flowers and the verdict (not with --json)."
)
@click.option(
    "--check",
    is_flag=True,
    help="Exit status is the verdict: 0 a winning hand of 8 points or more, 3 below 8 or not a winning hand.",
)
@COLOR_OPTION
@handles_errors
def score(
    text: str,
    win: str | None,
    rules: str,
    lang: str | None,
    as_json: bool,
    brief: bool,
    check: bool,
    color: bool | None,
    robbing_kong: bool,
    replacement: bool,
    **fields: Any,
) -> None:
    """Score HAND: the best arrangement, counted and not-counted fans, total and the 8-point verdict.

    Exit status: 0 scored (with --check: a valid Hu, a winning hand of 8 points or more without
    flowers); 3 with --check when the hand is below 8 points or not a winning hand (a false Hu);
    2 bad notation or a usage error; 1 an impossible hand."""
    if as_json and brief:
        raise ContradictoryOptionsError(msg("error.options.json-brief"), where="options")
    hand = apply_situation(text, read_hand(text, win), robbing_kong, replacement, **fields)
    result = score_hand(hand, rules)
    lang = lang or language_from_env()
    style = Style.for_stream(sys.stdout, color=color)
    if as_json:
        import json

        click.echo(json.dumps(result.to_dict(), ensure_ascii=False))
    elif brief:
        click.echo(brief_text(result, lang, style), color=style.color)
    else:
        click.echo(score_text(result, format_hand(hand), lang, style), color=style.color)
        if hand.winning is None:  # a waiting hand: what it waits on, as `mcr-score waits` shows it
            from ..advice import waits as waits_of  # here: the advice modules cost start-up time
            from ..present.advice_text import score_waiting_text

            click.echo(score_waiting_text(waits_of(hand, rules), lang))
        note = lower_case_winds_note(hand, result, lang)
        if note:
            click.echo(note)
    if check and not (result.winning and result.meets_minimum):
        sys.exit(EXIT_FALSE_HU)
