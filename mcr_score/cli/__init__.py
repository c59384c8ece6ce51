"""The `mcr-score` command line (entry point `mcr_score.cli:main`): the click group and its commands.

One module per command family (`hand`: parse, score; `referee`: explain, fans, fan; `batch`;
`rules`; `serve`; `advice`; `tournament`), all built on `options`. `COMMANDS` names each command's
module; a module is imported only when its command runs (or is asked for its help), so that
`mcr-score score` does not pay for the batch, tournament or web machinery. The group's own `--help`
lists the commands from `COMMANDS`' one-line helps, which a test keeps equal to the commands' own.
Command modules never import this module, so there is no import circle.
"""

from __future__ import annotations

import atexit
import functools
import gc
import importlib
from collections.abc import Iterator, MutableMapping
from typing import Any, NamedTuple

import click

from .. import __version__, compiled


class Entry(NamedTuple):
    """Where a command lives, and the first sentence of its help (what the group's `--help` shows)."""

    module: str  # relative to this package
    attribute: str
    short_help: str


COMMANDS = {
    "batch": Entry(
        "batch",
        "batch",
        "Score every hand of FILE (or - for standard input): one output record per input record, in order.",
    ),
    "card": Entry(
        "card",
        "card",
        "Check a card file of American mah-jongg: every problem at once with its line, or each line's expansions.",
    ),
    "catchup": Entry(
        "tournament",
        "catchup",
        "The smallest Hu with which a player passes each opponent: self-drawn, on that opponent's discard, "
        "on a third player's discard.",
    ),
    "convert": Entry(
        "records",
        "convert",
        "Convert the game records in FILE... to PMN, or to the records `mcr-score batch` reads.",
    ),
    "discards": Entry(
        "advice",
        "discards",
        "For each tile of a 14-tile HAND: shanten after discarding it, useful tiles, and the waits it leaves, ranked.",
    ),
    "explain": Entry(
        "referee",
        "explain",
        "Explain HAND for a referee: the verdict and 8-point check, the arrangement, each fan counted or not "
        "and why, the other arrangements, the situation checks, and who pays what.",
    ),
    "fan": Entry(
        "referee",
        "fan",
        "Show fan NUMBER: names, points, definition, exclusions, and an example hand with its score.",
    ),
    "fans": Entry(
        "referee",
        "fans",
        "List the 81 fans and china's private fan 82 under a profile: number, names, points, exclusions.",
    ),
    "parse": Entry("hand", "parse", "Parse HAND and print its canonical form and structure."),
    "review": Entry(
        "review",
        "review",
        "Replay the recorded game in FILE from each player's seat and judge every decision: discards, claims, Hus.",
    ),
    "rules": Entry("rules", "rules", "The rule profiles and every switch, with its options, citations and an example."),
    "score": Entry(
        "hand",
        "score",
        "Score HAND: the best arrangement, counted and not-counted fans, total and the 8-point verdict.",
    ),
    "serve": Entry(
        "serve",
        "serve",
        "Serve the page for a phone or tablet at / and the JSON API under /api/ (docs at /docs).",
    ),
    "session": Entry(
        "tournament",
        "session",
        "Settle the score sheet of a 16-hand session in FILE (.json, .toml or .csv): payments, false Hu, "
        "penalties, each hand's winds, running totals, table points and places.",
    ),
    "shanten": Entry(
        "advice",
        "shanten",
        "How far a 13-tile HAND is from ready in each of the five forms, and the tiles that bring it closer.",
    ),
    "standings": Entry(
        "tournament",
        "standings_command",
        "Rank the players of the sessions in FILES by table points, then score; ties share a rank.",
    ),
    "waits": Entry(
        "advice",
        "waits",
        "Every tile that completes a 13-tile HAND, scored on a discard and self-drawn, with copies left.",
    ),
}


class LazyCommands(MutableMapping[str, click.Command]):
    """The group's commands by name, as click keeps them; a command of `COMMANDS` is imported from
    its module when first looked up. Listing the names or testing one (`in`) imports nothing."""

    def __init__(self) -> None:
        self._loaded: dict[str, click.Command] = {}
        self._names = dict.fromkeys(COMMANDS)  # ordered, as a dict keeps its keys

    def loaded(self, name: str) -> click.Command | None:
        """The command if it is already imported, else None."""
        return self._loaded.get(name)

    def __getitem__(self, name: str) -> click.Command:
        if name not in self._loaded:
            if name not in self._names:
                raise KeyError(name)
            entry = COMMANDS[name]
            module = importlib.import_module(f".{entry.module}", __name__)
            self._loaded[name] = getattr(module, entry.attribute)
        return self._loaded[name]

    def __setitem__(self, name: str, command: click.Command) -> None:
        self._names[name] = None
        self._loaded[name] = command

    def __delitem__(self, name: str) -> None:
        del self._names[name]
        self._loaded.pop(name, None)

    def __contains__(self, name: object) -> bool:
        return name in self._names

    def __iter__(self) -> Iterator[str]:
        return iter(self._names)

    def __len__(self) -> int:
        return len(self._names)


@functools.cache
def _skip_final_collection() -> None:
    """At exit, leave the objects made so far (click's and the package's modules, nearly all of
    them) out of Python's last garbage collections, which would go through every one of them for
    nothing: the process is ending. Registered once per process, before a command runs."""
    atexit.register(gc.freeze)


class Group(click.Group):
    """The `mcr-score` group: commands loaded on first use (`LazyCommands`)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.lazy = LazyCommands()
        self.lazy.update(self.commands)  # any given to the constructor
        self.commands = self.lazy

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        """The command list of `--help`, from `COMMANDS`' one-line helps for the commands not yet
        imported: click shortens them to the terminal's width exactly as it does a command's help."""
        stand_ins = click.Group()
        for name in self.lazy:
            command = self.lazy.loaded(name)
            stand_ins.add_command(command or click.Command(name, help=COMMANDS[name].short_help), name)
        stand_ins.format_commands(ctx, formatter)

    def invoke(self, ctx: click.Context) -> Any:
        _skip_final_collection()
        return super().invoke(ctx)


@click.group(cls=Group)
@click.version_option(
    version=__version__,
    message=f"%(prog)s, version %(version)s ({'compiled with mypyc' if compiled else 'pure Python'})",
)
def main() -> None:
    """Score Chinese Official Mahjong (MCR) hands. Every command takes --system: mcr (the default);
    six, the six-player variant of seed 004 (score, explain, parse, fans, rules, session); or nmjl,
    American mah-jongg of seed 002 on a card you supply (score, explain, rules; card check)."""
