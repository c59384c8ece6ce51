"""`mcr-score parse` and `mcr-score score`: one hand in the notation, its structure or its score."""

from __future__ import annotations

import sys
from typing import Any

import click

from mcr_score.cli.options import (
    COLOR_OPTION,
    JSON_OPTION,
    RULES_OPTION,
    WIN_OPTION,
    Command,
    for_system,
    handles_errors,
    lang_option,
    read_hand,
    situation_options,
    system_option,
    system_options,
)
from mcr_score.messages import language_from_env, msg
from mcr_score.notation.situation import ContradictoryOptionsError
from mcr_score.present.style import Style
from mcr_score.systems import Capability, Situated

EXIT_FALSE_HU = 3  # `score --check`: a winning hand below 8 points, or not a winning hand


@click.command(cls=Command, help="help.parse")
@click.argument("text", metavar="HAND")
@WIN_OPTION
@situation_options
@system_options(Capability.PARSE)
@system_option(Capability.PARSE)
@lang_option(names_in_json=False)
@click.option("--json", "as_json", is_flag=True, help="help.parse.opt.json")
@handles_errors
def parse(text: str, win: str | None, system: str | None, lang: str | None, as_json: bool, **fields: Any) -> None:
    """`mcr-score parse`: its help is `help.parse.*` in the catalogues."""
    chosen, _ = for_system()
    hand = read_hand(chosen, text, Situated({**fields, "win": win}))
    pages = chosen.page()
    if as_json:
        import json  # here, as below: text output, the usual case, does without it

        click.echo(json.dumps({"ok": True, **pages.parse_dict(hand)}, ensure_ascii=False))
    else:
        click.echo(pages.parse_text(hand, lang or language_from_env()))


@click.command(cls=Command, help="help.score")
@click.argument("text", metavar="HAND")
@WIN_OPTION
@situation_options
@system_options(Capability.SCORE)
@system_option(Capability.SCORE)
@RULES_OPTION
@lang_option(names_in_json=False)  # score --json names each fan in English, whatever --lang
@JSON_OPTION
@click.option("--brief", is_flag=True, help="help.score.opt.brief")
@click.option(
    "--check",
    is_flag=True,
    help="help.score.opt.check",
)
@COLOR_OPTION
@handles_errors
def score(
    text: str,
    win: str | None,
    system: str | None,
    rules: str | None,
    lang: str | None,
    as_json: bool,
    brief: bool,
    check: bool,
    color: bool | None,
    **fields: Any,
) -> None:
    """`mcr-score score`: its help is `help.score.*` in the catalogues."""
    if as_json and brief:
        raise ContradictoryOptionsError(msg("error.options.json-brief"), where="options")
    chosen, profile = for_system()
    situated = Situated({**fields, "win": win})
    hand = read_hand(chosen, text, situated)
    result = chosen.score(hand, chosen.profile(profile), situated)
    lang = lang or language_from_env()
    style = Style.for_stream(sys.stdout, color=color)
    if as_json:
        import json

        click.echo(json.dumps(result.to_dict(), ensure_ascii=False))
    else:
        click.echo(chosen.page().score_text(hand, result, profile, lang, style, brief), color=style.color)
    if check and not result.valid:
        sys.exit(EXIT_FALSE_HU)
