"""`mcr-score rules`: the rule profiles and their switches, as text or as the docs/rules.md table."""

from __future__ import annotations

import json

import click

from ..messages import msg
from ..present.text import rules_markdown, rules_text, rules_to_dict
from ..situation import ContradictoryOptionsError
from .options import Command, handles_errors


@click.command(cls=Command)
@click.option("--markdown", is_flag=True, help="Print the docs/rules.md table (not with --json).")
@click.option("--json", "as_json", is_flag=True, help="Print the profiles and switches as one JSON object.")
@handles_errors
def rules(markdown: bool, as_json: bool) -> None:
    """The rule profiles and every switch, with its options, citations and an example."""
    if as_json and markdown:
        raise ContradictoryOptionsError(msg("error.options.json-markdown"), where="options")
    if as_json:
        click.echo(json.dumps(rules_to_dict(), ensure_ascii=False))
        return
    click.echo(rules_markdown() if markdown else rules_text(), nl=not markdown)
