"""The referee commands of `mcr-score`: `explain`, `fans` and `fan`.

They are registered on the group in `mcr_score/cli/__init__.py` and use the shared options of
`options`. An impossible hand or situation exits 1 (2 for bad notation) after printing its checks,
translated where a translation exists, with the caret under the culprit.
"""

from __future__ import annotations

import json
import sys
from typing import Any

import click

from .. import errors
from ..fans.ids import Fan
from ..fans.table import FANS
from ..messages import language_from_env
from ..notation import parse_hand
from ..present.referee import explain as explain_hand
from ..present.referee import fan_detail, fan_table, rejection
from ..present.referee_text import Style, render_explanation, render_fan, render_fan_table, render_rejection
from .options import JSON_OPTION, LANG_OPTION, RULES_OPTION, WIND, Command, apply_situation, situation_options


def _style(err: bool = False) -> Style:
    return Style.for_stream(sys.stderr if err else sys.stdout)


def _dump(data: object) -> None:
    click.echo(json.dumps(data, ensure_ascii=False))


@click.command(cls=Command)
@click.argument("text", metavar="HAND")
@situation_options
@click.option(
    "--from",
    "discarder",
    type=WIND,
    default=None,
    help="Seat wind of the player who discarded the winning tile (not with a self-drawn hand).",
)
@RULES_OPTION
@LANG_OPTION
@JSON_OPTION
def explain(
    text: str,
    rules: str,
    lang: str | None,
    as_json: bool,
    discarder: str | None,
    robbing_kong: bool,
    replacement: bool,
    **fields: Any,
) -> None:
    """Explain HAND for a referee: the verdict and 8-point check, the arrangement, each fan
    counted or not and why, the other arrangements, the situation checks, and who pays what."""
    lang = lang or language_from_env()
    try:
        hand = apply_situation(text, parse_hand(text), robbing_kong, replacement, **fields)
        data = explain_hand(hand, rules, discarder.upper() if discarder else None)
    except errors.McrError as e:
        if as_json:
            _dump(rejection(e))
        else:
            click.echo(render_rejection(e, lang, _style(err=True)), err=True)
        sys.exit(e.exit_code)
    if as_json:
        _dump(data)
    else:
        click.echo(render_explanation(data, lang, _style()))


@click.command(cls=Command)
@RULES_OPTION
@LANG_OPTION
@JSON_OPTION
def fans(rules: str, lang: str | None, as_json: bool) -> None:
    """List the 81 fans and china's private fan 82 under a profile: number, names, points, exclusions."""
    rows = fan_table(rules)
    if as_json:
        _dump(rows)
    else:
        click.echo(render_fan_table(rows, lang or language_from_env(), _style()))


@click.command(cls=Command)
@click.argument("number", type=click.IntRange(1, len(FANS)))
@RULES_OPTION
@LANG_OPTION
@JSON_OPTION
def fan(number: int, rules: str, lang: str | None, as_json: bool) -> None:
    """Show fan NUMBER: names, points, definition, exclusions, and an example hand with its score."""
    detail = fan_detail(Fan(number), rules)
    if as_json:
        _dump(detail)
    else:
        click.echo(render_fan(detail, lang or language_from_env(), _style()))
