"""`mcr-score card check FILE`: a card file checked whole, for a rule system whose hands are the
lines of a card the user supplies (American mah-jongg, docs/rulesets.md §3.4)."""

from __future__ import annotations

import json

import click

from mcr_score import systems
from mcr_score.cli.help_group import HelpGroup
from mcr_score.cli.options import JSON_OPTION, Command, NotInSystemError, handles_errors, lang_option, system_option
from mcr_score.messages import language_from_env, msg
from mcr_score.systems import Capability


def _card_system(name: str | None) -> systems.AnySystem:
    """The system `--system` names, refused unless it reads cards; without it, the one that does."""
    if name is not None:
        chosen = systems.get(name)
        if not chosen.can(Capability.CARD):
            raise NotInSystemError(msg("error.system.command", command="card", system=name), where="--system")
        return chosen
    return next(s for s in map(systems.get, systems.NAMES) if s.can(Capability.CARD))


@click.group(cls=HelpGroup, help="help.card")
def card() -> None:
    """`mcr-score card`: its help is `help.card.*` in the catalogues."""


@card.command("check", cls=Command, help="help.card.check")
@click.argument("file", metavar="FILE")
@system_option(Capability.CARD)
@click.option("--expansions", is_flag=True, help="help.card.check.opt.expansions")
@lang_option(names_in_json=False)
@JSON_OPTION
@handles_errors
def check(file: str, system: str | None, expansions: bool, lang: str | None, as_json: bool) -> None:
    """`mcr-score card check`: its help is `help.card.check.*` in the catalogues."""
    pages = _card_system(system).page()
    data = pages.card_check(file)
    if as_json:
        click.echo(json.dumps(data, ensure_ascii=False))
    else:
        click.echo(pages.card_text(data, lang or language_from_env(), expansions))
