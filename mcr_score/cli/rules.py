"""`mcr-score rules`: a rule system's profiles and switches, as text, JSON or the docs/rules.md table."""

from __future__ import annotations

import json

import click

from mcr_score.cli.options import LANG_OPTION, Command, for_system, handles_errors, system_option
from mcr_score.messages import language_from_env, msg
from mcr_score.notation.situation import ContradictoryOptionsError
from mcr_score.systems import Capability


@click.command(cls=Command, help="help.rules")
@system_option(Capability.RULES)
@click.option("--markdown", is_flag=True, help="help.rules.opt.markdown")
@click.option("--json", "as_json", is_flag=True, help="help.rules.opt.json")
@LANG_OPTION
@handles_errors
def rules(system: str | None, markdown: bool, as_json: bool, lang: str | None) -> None:
    """`mcr-score rules`: its help is `help.rules.*` in the catalogues."""
    if as_json and markdown:
        raise ContradictoryOptionsError(msg("error.options.json-markdown"), where="options")
    chosen, _ = for_system()
    pages = chosen.page()
    if as_json:
        click.echo(json.dumps(pages.rules_dict(), ensure_ascii=False))
        return
    lang = lang or language_from_env()
    click.echo(pages.rules_markdown(lang) if markdown else pages.rules_text(lang), nl=not markdown)
