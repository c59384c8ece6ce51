"""`mcr-score parse` and `mcr-score score`: one hand in the notation, its structure or its score."""

from __future__ import annotations

import json
from typing import Any

import click

from ..messages import language_from_env
from ..notation import format_hand, parse_hand
from ..present.text import hand_text, hand_to_dict, score_text
from ..scoring import score as score_hand
from .options import (
    JSON_OPTION,
    LANG_OPTION,
    RULES_OPTION,
    Command,
    apply_situation,
    handles_errors,
    situation_options,
)


@click.command(cls=Command)
@click.argument("text", metavar="HAND")
@situation_options
@click.option("--json", "as_json", is_flag=True, help="Print the structure as JSON.")
@handles_errors
def parse(text: str, as_json: bool, robbing_kong: bool, replacement: bool, **fields: Any) -> None:
    """Parse HAND and print its canonical form and structure."""
    hand = apply_situation(text, parse_hand(text), robbing_kong, replacement, **fields)
    if as_json:
        click.echo(json.dumps({"ok": True, **hand_to_dict(hand)}, ensure_ascii=False))
    else:
        click.echo(hand_text(hand))


@click.command(cls=Command)
@click.argument("text", metavar="HAND")
@situation_options
@RULES_OPTION
@LANG_OPTION
@JSON_OPTION
@handles_errors
def score(
    text: str, rules: str, lang: str | None, as_json: bool, robbing_kong: bool, replacement: bool, **fields: Any
) -> None:
    """Score HAND: the best arrangement, counted and not-counted fans, total and the 8-point verdict."""
    hand = apply_situation(text, parse_hand(text), robbing_kong, replacement, **fields)
    result = score_hand(hand, rules)
    if as_json:
        click.echo(json.dumps(result.to_dict(), ensure_ascii=False))
    else:
        click.echo(score_text(result, format_hand(hand), lang or language_from_env()))
