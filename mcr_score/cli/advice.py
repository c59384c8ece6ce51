"""`mcr-score waits`, `shanten` and `discards`: what a hand waits on, how far it is from ready,
and which tile to let go. MCR's alone (only MCR has these capabilities): it calls `systems.mcr` by name."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol

import click

from mcr_score.cli.options import (
    JSON_OPTION,
    RULES_OPTION,
    Command,
    WholeNumber,
    for_system,
    handles_errors,
    lang_option,
    situation_options,
    system_option,
    usage_lang,
)
from mcr_score.hand import Hand
from mcr_score.messages import language_from_env, msg
from mcr_score.notation import format_hand, parse_hand, parse_located
from mcr_score.notation.situation import apply_situation, apply_situation_drawn
from mcr_score.systems import Capability
from mcr_score.systems.mcr.advice import discards as discards_of
from mcr_score.systems.mcr.advice import shanten as shanten_of
from mcr_score.systems.mcr.advice import waits as waits_of
from mcr_score.systems.mcr.pages.advice_text import discards_text, shanten_text, waits_text
from mcr_score.systems.mcr.valuation import WALL_MOST, Opponent, opponent_from_text, too_many_opponents

LANG_OPTION = lang_option(names_in_json=False)  # the scores' fan names are English in JSON, whatever --lang


class _Result(Protocol):
    def to_dict(self) -> dict[str, Any]: ...


SEEN_OPTION = click.option(
    "--seen",
    default="",
    metavar="TILES",
    help="help.opt.seen",
)
WALL_OPTION = click.option("--wall", "wall_left", type=WholeNumber(0, WALL_MOST), default=None, help="help.opt.wall")


if TYPE_CHECKING:
    _OpponentParamType = click.ParamType[Opponent]  # generic for the type checker, as `options` does
else:
    _OpponentParamType = click.ParamType


class OpponentParam(_OpponentParamType):
    """`D:M[:S][/TILES[/NOW[/BEFORE]]]`: an opponent who discarded D tiles and exposed M melds, all
    of suit S (m, p, s), among whose discards lie the kinds of TILES, and who let go without a Hu
    the kinds of NOW (other players' discards since their last discard) and of BEFORE (only
    before it); all face up, so in `--seen` too. Only the last part after a slash may not be empty."""

    name = "D:M[:S][/TILES[/NOW[/BEFORE]]]"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Opponent:
        if isinstance(value, Opponent):
            return value
        opponent = opponent_from_text(str(value))
        if opponent is None:
            self.fail(msg("error.option.opponent", value=repr(str(value))).text(usage_lang(ctx)), param, ctx)
        return opponent


def _three_at_most(ctx: click.Context, param: click.Parameter, value: tuple[Opponent, ...]) -> tuple[Opponent, ...]:
    """`--opponent` once per opponent: a player has three."""
    problem = too_many_opponents(len(value))
    if problem is not None:
        raise click.BadParameter(problem.text(usage_lang(ctx)), ctx, param)
    return value


OPPONENT_OPTION = click.option(
    "--opponent", "opponents", type=OpponentParam(), multiple=True, callback=_three_at_most, help="help.opt.opponent"
)


def _answer(
    result: _Result, hand: Hand, lang: str | None, as_json: bool, render: Callable[[Any, str, str], str]
) -> None:
    """Print `result` as its JSON object, or as the text `render` makes of it (the hand in canonical form above it)."""
    if as_json:
        click.echo(json.dumps(result.to_dict(), ensure_ascii=False))
    else:
        click.echo(render(result, format_hand(hand), lang or language_from_env()))


@click.command(cls=Command, help="help.waits")
@click.argument("text", metavar="HAND")
@situation_options
@SEEN_OPTION
@system_option(Capability.WAITS)
@RULES_OPTION
@LANG_OPTION
@JSON_OPTION
@handles_errors
def waits(
    text: str,
    seen: str,
    system: str | None,
    rules: str | None,
    lang: str | None,
    as_json: bool,
    robbing_kong: bool,
    replacement: bool,
    **fields: Any,
) -> None:
    """`mcr-score waits`: its help is `help.waits.*` in the catalogues."""
    _, rules = for_system()
    hand = apply_situation(text, parse_hand(text), robbing_kong, replacement, **fields)
    result = waits_of(hand, rules, seen)
    _answer(result, hand, lang, as_json, waits_text)


@click.command(cls=Command, help="help.shanten")
@click.argument("text", metavar="HAND")
@SEEN_OPTION
@system_option(Capability.SHANTEN)
@LANG_OPTION
@JSON_OPTION
@handles_errors
def shanten(text: str, seen: str, system: str | None, lang: str | None, as_json: bool) -> None:
    """`mcr-score shanten`: its help is `help.shanten.*` in the catalogues."""
    for_system()
    hand = parse_hand(text)
    result = shanten_of(hand, seen)
    _answer(result, hand, lang, as_json, shanten_text)


@click.command(cls=Command, help="help.discards")
@click.argument("text", metavar="HAND")
@situation_options
@SEEN_OPTION
@WALL_OPTION
@OPPONENT_OPTION
@system_option(Capability.DISCARDS)
@RULES_OPTION
@LANG_OPTION
@JSON_OPTION
@handles_errors
def discards(
    text: str,
    seen: str,
    wall_left: int | None,
    opponents: tuple[Opponent, ...],
    system: str | None,
    rules: str | None,
    lang: str | None,
    as_json: bool,
    robbing_kong: bool,
    replacement: bool,
    **fields: Any,
) -> None:
    """`mcr-score discards`: its help is `help.discards.*` in the catalogues."""
    _, rules = for_system()
    # The 14th tile is the one just drawn: the situation is the win's to come, not a win on it.
    hand = apply_situation_drawn(text, parse_located(text, drawn=True)[0], robbing_kong, replacement, **fields)
    result = discards_of(hand, rules, seen, wall_left, opponents or None)
    _answer(result, hand, lang, as_json, discards_text)
