"""`mcr-score rules`: the rule profiles and their switches, as text or as the docs/rules.md table."""

from __future__ import annotations

import click

from ..present.text import rules_markdown, rules_text
from .options import Command


@click.command(cls=Command)
@click.option("--markdown", is_flag=True, help="Print the docs/rules.md table.")
def rules(markdown: bool) -> None:
    """The rule profiles and every switch, with its options, citations and an example."""
    click.echo(rules_markdown() if markdown else rules_text(), nl=not markdown)
