"""The tournament commands of `mcr-score`: `session` (the 16-hand sheet), `standings` (the ranking
over sessions, and the EMA results file) and `catchup` (the smallest Hu that overtakes).

They read files and options, call `mcr_score.systems.mcr.tournament`, and print a page of
`mcr_score.systems.mcr.pages.sheet_text` / `session_html`. Errors exit 1 (2 for a bad option or notation),
as a message in `--lang` or as `{"ok": false, ...}` with `--json`.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import click

from mcr_score import files as user_files
from mcr_score.cli.options import (
    JSON_OPTION,
    LANG_OPTION,
    RULES_OPTION,
    Command,
    WholeNumber,
    for_system,
    handles_errors,
    input_files,
    system_option,
    system_options,
    usage_lang,
)
from mcr_score.decoding import MAX_DIGITS, ascii_int, shown, too_long
from mcr_score.errors import McrError, raise_all
from mcr_score.games.model import SHEET_FORMATS, RecordFormat
from mcr_score.messages import language_from_env, msg
from mcr_score.systems import Capability, Situated
from mcr_score.systems.base import Session
from mcr_score.systems.mcr.pages.sheet_text import catchup_text, session_csv, standings_text
from mcr_score.systems.mcr.tournament import (
    FalseHu,
    PlayerInfo,
    SessionResult,
    catch_up,
    ema_csv,
    read_players,
    settle_files,
    standings,
)
from mcr_score.systems.mcr.tournament.sheet import false_hu_problem

FILE = click.Path(dir_okay=False)  # a str: an empty name stays empty (a Path would make it ".")


def _ints(count: int) -> Callable[[click.Context, click.Parameter, str | None], tuple[int, ...] | None]:
    """A callback reading a comma-separated list of exactly `count` whole numbers (`-30,10`;
    `120,80,-50,-150`), each ASCII digits with an optional `-`, as everywhere (`decoding.ascii_int`)."""

    def convert(ctx: click.Context, param: click.Parameter, value: str | None) -> tuple[int, ...] | None:
        if value is None:
            return None
        parts = value.split(",")
        if any(too_long(v) for v in parts):
            raise click.BadParameter(msg("data.number-digits", most=MAX_DIGITS).text(usage_lang(ctx)))
        numbers = tuple(ascii_int(v) for v in parts)
        written = shown(value)
        if None in numbers:
            raise click.BadParameter(msg("error.option.int-list", value=written, n=count).text(usage_lang(ctx)))
        if len(numbers) != count:
            raise click.BadParameter(
                msg("error.option.int-count", value=written, got=len(numbers), n=count).text(usage_lang(ctx))
            )
        return tuple(n for n in numbers if n is not None)

    return convert


def _false_hu(ctx: click.Context, param: click.Parameter, value: str | None) -> FalseHu | None:
    """`--false-hu LOSS,GAIN` as a `FalseHu`, bounded as a file's setting is."""
    numbers = _ints(2)(ctx, param, value)
    if numbers is None:
        return None
    setting = FalseHu(numbers[0], numbers[1])
    problem = false_hu_problem(setting)
    if problem is not None:
        raise click.BadParameter(problem.text(usage_lang(ctx)))
    return setting


def _rules_file(rules: str) -> list[str]:
    """The house profile file `--rules` names, an input no output may overwrite."""
    return [rules] if rules.endswith(".toml") else []


@click.command(cls=Command, help="help.session")
@click.argument("file", type=FILE)
@system_option(Capability.SESSION)
@RULES_OPTION
@click.option(
    "--false-hu",
    metavar="LOSS,GAIN",
    callback=_false_hu,
    default=None,
    help="help.session.opt.false-hu",
)
@click.option(
    "--from",
    "record_format",
    type=click.Choice([f.value for f in SHEET_FORMATS]),
    default=None,
    help="help.session.opt.record-format",
)
@click.option(
    "--game",
    type=WholeNumber(1),
    default=None,
    help="help.session.opt.game",
)
@click.option("--html", "html_out", type=FILE, default=None, help="help.session.opt.html-out")
@click.option("--csv", "csv_out", type=FILE, default=None, help="help.session.opt.csv-out")
@system_options(Capability.SESSION)
@LANG_OPTION
@JSON_OPTION
@handles_errors
def session(
    file: str,
    system: str | None,
    rules: str | None,
    false_hu: FalseHu | None,
    record_format: str | None,
    game: int | None,
    html_out: str | None,
    csv_out: str | None,
    lang: str | None,
    as_json: bool,
    **fields: Any,
) -> None:
    """`mcr-score session`: its help is `help.session.*` in the catalogues."""
    lang = lang or language_from_env()
    chosen, profile = for_system()
    inputs = [file, *_rules_file(profile), *input_files(fields)]
    if html_out is not None:
        user_files.check_output(html_out, "--html", inputs=inputs)
    if csv_out is not None:
        user_files.check_output(csv_out, "--csv", inputs=inputs, outputs=[("--html", html_out)] if html_out else [])
    pages = chosen.page()
    compared = None
    result: Session
    if record_format is not None:
        from mcr_score.games.api import check_inputs
        from mcr_score.games.sessions import compare, load
        from mcr_score.games.sheet_text import compared_text

        check_inputs([file], record_format)
        compared = compare(load(file, RecordFormat(record_format), game)[0], profile, false_hu)
        result = compared.result
    else:
        if game is not None:
            raise click.UsageError(msg("sheet.game-without-from").text(lang))
        result = pages.session(file, profile, Situated({"false_hu": false_hu, **fields}))
    if html_out is not None:
        user_files.write_text(html_out, pages.session_html(result, lang), "--html")
    if csv_out is not None:
        assert isinstance(result, SessionResult)  # `--csv` is MCR's sheet: the other systems refuse it (`for_system`)
        user_files.write_text(csv_out, session_csv(result), "--csv")
    if as_json:
        data = result.to_dict() | ({"recorded": compared.to_dict()} if compared is not None else {})
        click.echo(json.dumps(data, ensure_ascii=False))
    else:
        page = pages.session_text(result, lang)
        click.echo(page if compared is None else page + "\n" + compared_text(compared, lang))


@click.command("standings", cls=Command, help="help.standings")
@click.argument("files", nargs=-1, required=True, type=FILE)
@system_option(Capability.STANDINGS)
@RULES_OPTION
@click.option("--players", "players_file", type=FILE, default=None, help="help.standings.opt.players-file")
@click.option(
    "--from",
    "record_format",
    type=click.Choice([f.value for f in SHEET_FORMATS]),
    default=None,
    help="help.standings.opt.record-format",
)
@click.option("--ema-csv", "ema_out", type=FILE, default=None, help="help.standings.opt.ema-out")
@LANG_OPTION
@JSON_OPTION
@handles_errors
def standings_command(
    files: tuple[str, ...],
    system: str | None,
    rules: str | None,
    players_file: str | None,
    record_format: str | None,
    ema_out: str | None,
    lang: str | None,
    as_json: bool,
) -> None:
    """`mcr-score standings`: its help is `help.standings.*` in the catalogues."""
    lang = lang or language_from_env()
    _, rules = for_system()
    if ema_out is not None:
        inputs = [*files, *([players_file] if players_file else []), *_rules_file(rules)]
        user_files.check_output(ema_out, "--ema-csv", inputs=inputs)
    problems: list[McrError] = []  # every problem of every file, each naming its file
    players: dict[str, PlayerInfo] = {}
    results: list[SessionResult] = []
    if players_file is not None:
        try:
            players = read_players(players_file)
        except McrError as e:
            problems += e.problems
    try:
        if record_format is not None:
            from mcr_score.games.api import check_inputs
            from mcr_score.games.sessions import settle_record_files

            check_inputs(files, record_format)
            results = settle_record_files(files, RecordFormat(record_format), rules)
        else:
            results = settle_files(files, rules)
    except McrError as e:
        problems += e.problems
    raise_all(problems)
    table = standings(results)
    if ema_out is not None:
        user_files.write_text(ema_out, ema_csv(table, players), "--ema-csv")
    click.echo(json.dumps(table.to_dict(), ensure_ascii=False) if as_json else standings_text(table, lang))


@click.command(cls=Command, help="help.catchup")
@click.option("--scores", metavar="S1,S2,S3,S4", callback=_ints(4), required=True, help="help.catchup.opt.scores")
@click.option("--player", type=WholeNumber(1, 4), default=None, help="help.catchup.opt.player")
@system_option(Capability.CATCHUP)
@LANG_OPTION.variant(names_in_json=False)
@JSON_OPTION
@handles_errors
def catchup(
    scores: tuple[int, int, int, int], player: int | None, system: str | None, lang: str | None, as_json: bool
) -> None:
    """`mcr-score catchup`: its help is `help.catchup.*` in the catalogues."""
    for_system()
    result = catch_up(scores, player)
    click.echo(json.dumps(result.to_dict()) if as_json else catchup_text(result, lang or language_from_env()))
