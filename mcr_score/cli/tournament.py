"""The tournament commands of `mcr-score`: `session` (the 16-hand sheet), `standings` (the ranking
over sessions, and the EMA results file) and `catchup` (the smallest Hu that overtakes).

They read files and options, call `mcr_score.tournament`, and print a page of
`mcr_score.present.session_text` / `session_html`. Errors exit 1 (2 for a bad option or notation),
as a message in `--lang` or as `{"ok": false, ...}` with `--json`.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import click

from ..messages import language_from_env
from ..present.session_html import session_html
from ..present.session_text import catchup_text, session_csv, session_text, standings_text
from ..tournament import FalseHu, catch_up, ema_csv, load_session, read_players, settle_file, standings
from .options import JSON_OPTION, LANG_OPTION, RULES_OPTION, Command, handles_errors

FILE = click.Path(dir_okay=False, path_type=Path)


def _ints(count: int) -> Callable[[click.Context, click.Parameter, str | None], tuple[int, ...] | None]:
    """A callback reading a comma-separated list of exactly `count` integers (`-30,10`; `120,80,-50,-150`)."""

    def convert(ctx: click.Context, param: click.Parameter, value: str | None) -> tuple[int, ...] | None:
        if value is None:
            return None
        try:
            numbers = tuple(int(v) for v in value.split(","))
        except ValueError:
            raise click.BadParameter(f"{value!r} is not a comma-separated list of {count} integers") from None
        if len(numbers) != count:
            raise click.BadParameter(f"{value!r} has {len(numbers)} numbers, not {count}")
        return numbers

    return convert


def _write(path: Path, content: str) -> None:
    path.write_text(content, encoding="utf-8")


@click.command(cls=Command)
@click.argument("file", type=FILE)
@RULES_OPTION
@click.option(
    "--false-hu",
    metavar="LOSS,GAIN",
    callback=_ints(2),
    default=None,
    help="A false Hu's loss for the offender and gain for each other player, e.g. -40,0 "
    "(default: the file's, else -30,10).",
)
@click.option("--html", "html_out", type=FILE, default=None, help="Also write the sheet as a printable HTML page (A4).")
@click.option("--csv", "csv_out", type=FILE, default=None, help="Also write one CSV row per hand.")
@LANG_OPTION
@JSON_OPTION
@handles_errors
def session(
    file: Path,
    rules: str,
    false_hu: tuple[int, int] | None,
    html_out: Path | None,
    csv_out: Path | None,
    lang: str | None,
    as_json: bool,
) -> None:
    """Settle the score sheet of a 16-hand session in FILE (.json, .toml or .csv): payments, false
    Hu, penalties, each hand's winds, running totals, table points and places."""
    lang = lang or language_from_env()
    setting = None if false_hu is None else FalseHu(false_hu[0], false_hu[1])
    result = settle_file(*load_session(file, setting), rules)
    if html_out is not None:
        _write(html_out, session_html(result, lang))
    if csv_out is not None:
        _write(csv_out, session_csv(result))
    click.echo(json.dumps(result.to_dict(), ensure_ascii=False) if as_json else session_text(result, lang))


@click.command("standings", cls=Command)
@click.argument("files", nargs=-1, required=True, type=FILE)
@RULES_OPTION
@click.option("--players", "players_file", type=FILE, default=None, help="CSV name,ema_number,country for --ema-csv.")
@click.option("--ema-csv", "ema_out", type=FILE, default=None, help="Also write the EMA results file.")
@LANG_OPTION
@JSON_OPTION
@handles_errors
def standings_command(
    files: tuple[Path, ...],
    rules: str,
    players_file: Path | None,
    ema_out: Path | None,
    lang: str | None,
    as_json: bool,
) -> None:
    """Rank the players of the sessions in FILES by table points, then score; ties share a rank."""
    lang = lang or language_from_env()
    players = read_players(players_file) if players_file is not None else {}
    table = standings(settle_file(*load_session(f), rules) for f in files)
    if ema_out is not None:
        _write(ema_out, ema_csv(table, players))
    click.echo(json.dumps(table.to_dict(), ensure_ascii=False) if as_json else standings_text(table, lang))


@click.command(cls=Command)
@click.option(
    "--scores", metavar="S1,S2,S3,S4", callback=_ints(4), required=True, help="The four scores, in sheet order."
)
@click.option("--player", type=click.IntRange(1, 4), default=None, help="The player catching up (default: the lowest).")
@LANG_OPTION.variant(names_in_json=False)
@JSON_OPTION
@handles_errors
def catchup(scores: tuple[int, int, int, int], player: int | None, lang: str | None, as_json: bool) -> None:
    """The smallest Hu with which a player passes each opponent: self-drawn, on that opponent's
    discard, on a third player's discard."""
    result = catch_up(scores, player)
    click.echo(json.dumps(result.to_dict()) if as_json else catchup_text(result, lang or language_from_env()))
