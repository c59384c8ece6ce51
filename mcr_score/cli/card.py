"""`mcr-score card check FILE`: a card file checked whole, for a rule system whose hands are the
lines of a card the user supplies (American mah-jongg, docs/rulesets.md §3.4)."""

from __future__ import annotations

import json

import click

from .. import systems
from ..messages import language_from_env, msg
from ..systems import Capability
from .options import JSON_OPTION, SYSTEM_OPTION, Command, NotInSystemError, handles_errors, lang_option


def _card_system(name: str | None) -> systems.System:
    """The system `--system` names, refused unless it reads cards; without it, the one that does."""
    if name is not None:
        chosen = systems.get(name)
        if not chosen.can(Capability.CARD):
            raise NotInSystemError(msg("error.system.command", command="card", system=name), where="--system")
        return chosen
    return next(s for s in map(systems.get, systems.NAMES) if s.can(Capability.CARD))


@click.group()
def card() -> None:
    """Check a card file of American mah-jongg: every problem at once with its line, or each line's expansions.

    The card is the user's own (the League's card is not shipped): `card check FILE` before scoring
    hands on it with `score HAND --system nmjl --card FILE`."""


@card.command("check", cls=Command)
@click.argument("file", metavar="FILE")
@SYSTEM_OPTION
@click.option("--expansions", is_flag=True, help="List every hand each pattern allows, not only how many.")
@lang_option(names_in_json=False)
@JSON_OPTION
@handles_errors
def check(file: str, system: str | None, expansions: bool, lang: str | None, as_json: bool) -> None:
    """Check the card FILE (TOML, one [[hand]] per line of the card): every pattern is 14 tiles,
    shifted numbers stay in 1-9, no kind is used beyond what exists unless jokers can fill it.
    Every problem is reported at once with its line (exit 1); otherwise each line with its
    patterns and how many hands each allows."""
    pages = _card_system(system).page()
    data = pages.card_check(file)
    if as_json:
        click.echo(json.dumps(data, ensure_ascii=False))
    else:
        click.echo(pages.card_text(data, lang or language_from_env(), expansions))
