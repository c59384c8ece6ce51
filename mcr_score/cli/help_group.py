"""A click group whose help, and each of its commands' summaries, are ids in the catalogues, shown in
the help's language. `helptext` does the work; it is imported only when a help is asked for (about
10 ms of start-up otherwise), so this module needs nothing but click."""

from __future__ import annotations

import click


class HelpGroup(click.Group):
    """A group whose `help` is an id (`help.<name>`), as a `Command`'s: `mcr-score` and `mcr-score card`."""

    def get_help(self, ctx: click.Context) -> str:
        from mcr_score.cli.helptext import get_help

        return get_help(self, ctx)

    def format_help_text(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        from mcr_score.cli.helptext import format_help_text

        format_help_text(self.help or "", formatter)

    def format_options(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        from mcr_score.cli.helptext import format_options

        format_options(ctx, self.get_params(ctx), formatter)
        self.format_commands(ctx, formatter)

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        from mcr_score.cli.helptext import format_commands

        format_commands(ctx, [(name, self.listed(name)) for name in self.list_commands(ctx)], formatter)

    def listed(self, name: str) -> str | click.Command:
        """How the command list shows command `name`: by its help id, or as click does for a command
        of another kind."""
        from mcr_score.cli.helptext import shown

        return shown(self.commands[name])

    def get_short_help_str(self, limit: int = 45) -> str:
        from mcr_score.cli.helptext import short_help
        from mcr_score.messages import language_from_env

        return short_help(self.help or "", language_from_env(), limit)
