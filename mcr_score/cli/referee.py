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

from mcr_score import errors
from mcr_score.cli.options import (
    COLOR_OPTION,
    JSON_OPTION,
    LANG_OPTION,
    RULES_OPTION,
    WIN_OPTION,
    WIND,
    ClaimedFansType,
    ClaimedTotalType,
    Command,
    WholeNumber,
    for_system,
    handles_errors,
    read_hand,
    situation_options,
    system_option,
    system_options,
)
from mcr_score.messages import language_from_env
from mcr_score.present.style import Style
from mcr_score.systems import Capability, Situated
from mcr_score.systems.mcr.fans.ids import Fan
from mcr_score.systems.mcr.fans.table import FANS
from mcr_score.systems.mcr.pages.referee import check_claim, fan_detail, rejection
from mcr_score.systems.mcr.pages.referee_text import render_fan, render_rejection


def _style(err: bool = False, color: bool | None = None) -> Style:
    return Style.for_stream(sys.stderr if err else sys.stdout, color=color)


def _dump(data: object) -> None:
    click.echo(json.dumps(data, ensure_ascii=False))


@click.command(cls=Command, help="help.explain")
@click.argument("text", metavar="HAND")
@WIN_OPTION
@situation_options
@click.option(
    "--from",
    "discarder",
    type=WIND,
    default=None,
    help="help.explain.opt.discarder",
)
@click.option(
    "--claim",
    "claimed_total",
    type=ClaimedTotalType(),
    default=None,
    metavar="N",
    help="help.explain.opt.claimed-total",
)
@click.option(
    "--claim-fans",
    "claimed_fans",
    type=ClaimedFansType(),
    default=None,
    metavar="IDS",
    help="help.explain.opt.claimed-fans",
)
@system_options(Capability.EXPLAIN)
@system_option(Capability.EXPLAIN)
@RULES_OPTION
@LANG_OPTION
@JSON_OPTION
@COLOR_OPTION
def explain(
    text: str,
    win: str | None,
    system: str | None,
    rules: str | None,
    lang: str | None,
    as_json: bool,
    color: bool | None,
    discarder: str | None,
    claimed_total: int | None,
    claimed_fans: tuple[int, ...] | None,
    **fields: Any,
) -> None:
    """`mcr-score explain`: its help is `help.explain.*` in the catalogues."""
    lang = lang or language_from_env()
    try:
        chosen, profile = for_system()
        situated = Situated({**fields, "win": win, "discarder": discarder})
        hand = read_hand(chosen, text, situated)
        pages = chosen.page()
        data = pages.explain(hand, profile, situated)
    except errors.McrError as e:
        if as_json:
            _dump(rejection(e))
        else:
            style = _style(err=True, color=color)
            click.echo(render_rejection(e, lang, style), err=True, color=style.color)
        sys.exit(e.exit_code)
    if claimed_total is not None or claimed_fans is not None:
        data["claim"] = check_claim(data, claimed_total, claimed_fans)
    if as_json:
        _dump(data)
    else:
        style = _style(color=color)
        click.echo(pages.explain_text(data, lang, style), color=style.color)


@click.command(cls=Command, help="help.fans")
@system_option(Capability.FANS)
@RULES_OPTION
@LANG_OPTION
@JSON_OPTION
@handles_errors
def fans(system: str | None, rules: str | None, lang: str | None, as_json: bool) -> None:
    """`mcr-score fans`: its help is `help.fans.*` in the catalogues."""
    chosen, profile = for_system()
    pages = chosen.page()
    rows = pages.elements(profile)
    if as_json:
        _dump(rows)
    else:
        click.echo(pages.elements_text(rows, lang or language_from_env(), _style()))


@click.command(cls=Command, help="help.fan")
@click.argument("number", type=WholeNumber(1, len(FANS)), metavar="NUMBER")
@system_option(Capability.FAN)
@RULES_OPTION
@LANG_OPTION
@JSON_OPTION
@handles_errors
def fan(number: int, system: str | None, rules: str | None, lang: str | None, as_json: bool) -> None:
    """`mcr-score fan`: its help is `help.fan.*` in the catalogues."""
    _, profile = for_system()
    detail = fan_detail(Fan(number), profile)
    if as_json:
        _dump(detail)
    else:
        click.echo(render_fan(detail, lang or language_from_env(), _style()))
