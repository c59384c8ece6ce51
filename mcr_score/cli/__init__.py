"""The `mcr-score` command line (entry point `mcr_score.cli:main`): the click group and its commands.

One module per command family (`hand`: parse, score; `referee`: explain, fans, fan; `batch`;
`rules`), all built on `options`. This module imports the command modules and registers their
commands; they never import it, so there is no import circle.
"""

from __future__ import annotations

import click

from .. import __version__, compiled
from . import advice, batch, hand, referee, rules, serve, tournament


@click.group()
@click.version_option(
    version=__version__,
    message=f"%(prog)s, version %(version)s ({'compiled with mypyc' if compiled else 'pure Python'})",
)
def main() -> None:
    """Score Chinese Official Mahjong (MCR) hands."""


main.add_command(hand.parse)
main.add_command(hand.score)
main.add_command(rules.rules)
main.add_command(referee.explain)
main.add_command(referee.fans)
main.add_command(referee.fan)
main.add_command(batch.batch)
main.add_command(serve.serve)
main.add_command(advice.waits)
main.add_command(advice.shanten)
main.add_command(advice.discards)
main.add_command(tournament.session)
main.add_command(tournament.standings_command)
main.add_command(tournament.catchup)
