"""The `mcr-score` command line (entry point `mcr_score.cli:main`): the click group and its commands.

One module per command family (`hand`: parse, score; `referee`: explain, fans, fan; `batch`;
`rules`; `serve`; `advice`; `tournament`), all built on `options`. `COMMANDS` names each command's
module; a module is imported only when its command runs (or is asked for its help), so that
`mcr-score score` does not pay for the batch, tournament or web machinery. The group's own `--help`
lists each command's summary from the catalogues (`help.<name>.summary`, the help a command names
by its id `help.<name>`, which a test checks), in the help's language (`helptext`).
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

from mcr_score import __version__, compiled
from mcr_score.cli.help_group import HelpGroup


class Entry(NamedTuple):
    """Where a command lives. Its help is `help.<name>` in the catalogues: `help.<name>.summary` is
    what the group's `--help` lists."""

    module: str  # relative to this package
    attribute: str


COMMANDS = {
    "batch": Entry("batch", "batch"),
    "card": Entry("card", "card"),
    "catchup": Entry("tournament", "catchup"),
    "convert": Entry("records", "convert"),
    "discards": Entry("advice", "discards"),
    "explain": Entry("referee", "explain"),
    "fan": Entry("referee", "fan"),
    "fans": Entry("referee", "fans"),
    "parse": Entry("hand", "parse"),
    "review": Entry("review", "review"),
    "rules": Entry("rules", "rules"),
    "score": Entry("hand", "score"),
    "serve": Entry("serve", "serve"),
    "session": Entry("tournament", "session"),
    "shanten": Entry("advice", "shanten"),
    "standings": Entry("tournament", "standings_command"),
    "waits": Entry("advice", "waits"),
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


class Group(HelpGroup):
    """The `mcr-score` group: commands loaded on first use (`LazyCommands`), its help and each
    command's summary by id, in the help's language."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.lazy = LazyCommands()
        self.lazy.update(self.commands)  # any given to the constructor
        self.commands = self.lazy

    def listed(self, name: str) -> str | click.Command:
        """A command not yet imported is listed by its help id (`help.<name>`): listing imports none."""
        return f"help.{name}" if self.lazy.loaded(name) is None else super().listed(name)

    def invoke(self, ctx: click.Context) -> Any:
        _skip_final_collection()
        return super().invoke(ctx)


@click.group(cls=Group, help="help.main")
@click.version_option(
    version=__version__,
    message=f"%(prog)s, version %(version)s ({'compiled with mypyc' if compiled else 'pure Python'})",
)
def main() -> None:
    """`mcr-score`: its help is `help.main.*` in the catalogues, the rule systems named from the registry."""
