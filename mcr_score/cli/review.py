"""`mcr-score review`: a recorded game replayed from each player's seat and every decision judged
(`mcr_score.review.judge` judges; this module takes the options and the files). MCR's alone, as
its capability says."""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

import click

from mcr_score import files
from mcr_score.cli.options import (
    JSON_OPTION,
    LANG_OPTION,
    RULES_OPTION,
    Command,
    WholeNumber,
    for_system,
    handles_errors,
    system_option,
    usage_lang,
)
from mcr_score.games.model import AUTO, RecordFormat, format_names
from mcr_score.messages import language_from_env, msg
from mcr_score.systems import Capability

if TYPE_CHECKING:
    from mcr_score.review.judge import GameReview
JOBS_PER_CORE = 4
"""`--jobs` at most this many per core, as `batch -j` (`cli.batch.JOBS_PER_CORE`, pinned equal by a
test): a review is all CPU, and more workers than cores only wait their turn, each with its memory."""


def _jobs(ctx: click.Context, param: click.Parameter, value: int) -> int:
    """`--jobs` bounded as `batch -j` is: at most `JOBS_PER_CORE` per core of this machine (the
    review then starts no more workers than the cores and the hands)."""
    from mcr_score.review.judge import cores

    most = JOBS_PER_CORE * cores()
    if value > most:
        raise click.BadParameter(
            msg("error.batch.jobs", jobs=value, most=most, per=JOBS_PER_CORE, cores=cores()).text(usage_lang(ctx)),
            ctx,
            param,
        )
    return value


@click.command(cls=Command, help="help.review", help_values={"per_core": JOBS_PER_CORE})
@click.argument("file", metavar="FILE", type=click.Path(dir_okay=False))
@click.option(
    "--from",
    "record_format",
    type=click.Choice(format_names(tuple(RecordFormat))),  # a score sheet's format too: refused by name
    default=AUTO,
    show_default=True,
    help="help.review.opt.record-format",
)
@click.option(
    "--player",
    metavar="NAME|SEAT|all",
    default="all",
    show_default=True,
    help="help.review.opt.player",
)
@click.option(
    "--jobs",
    type=WholeNumber(1),
    callback=_jobs,
    default=1,
    show_default=True,
    help="help.review.opt.jobs",
)
@system_option(Capability.REVIEW)
@RULES_OPTION
@JSON_OPTION
@click.option(
    "--html",
    "html_out",
    metavar="OUT",
    type=click.Path(dir_okay=False),
    default=None,
    help="help.review.opt.html-out",
)
@LANG_OPTION
@handles_errors
def review(
    file: str,
    record_format: str,
    player: str,
    jobs: int,
    system: str | None,
    rules: str | None,
    as_json: bool,
    html_out: str | None,
    lang: str | None,
) -> None:
    """`mcr-score review`: its help is `help.review.*` in the catalogues."""
    from mcr_score.games.api import check_inputs
    from mcr_score.review.judge import review_file

    lang = lang or language_from_env()
    _, rules = for_system()
    if html_out is not None:
        files.check_output(html_out, "--html", inputs=[file, *([rules] if rules.endswith(".toml") else [])])
    check_inputs([file], record_format)
    reviews = review_file(file, record_format, player, rules, jobs, progress=_bar() if _on_terminal() else None)
    _warn_unreplayable(file, reviews, lang)
    if html_out is not None:
        from mcr_score.review.html import review_html

        files.write_text(html_out, review_html(reviews, lang), "--html")
    if as_json:
        click.echo(
            json.dumps({"ok": True, "rules": rules, "games": [r.to_dict() for r in reviews]}, ensure_ascii=False)
        )
    else:
        from mcr_score.review.text import review_text

        click.echo("\n\n".join(review_text(r, lang) for r in reviews))


def _on_terminal() -> bool:
    """A progress bar only for a person watching: standard error is a terminal."""
    return sys.stderr.isatty()


BAR = 30  # characters of the progress bar


def _bar() -> Callable[[int, int], None]:
    """A progress bar on standard error, redrawn after each hand and cleared at the end."""

    def show(done: int, total: int) -> None:
        full = BAR * done // max(1, total)
        click.echo(f"\r[{'#' * full}{'.' * (BAR - full)}] {done}/{total}", err=True, nl=False)
        if done >= total:
            click.echo("\r" + " " * (BAR + 24) + "\r", err=True, nl=False)

    return show


def _warn_unreplayable(file: str, reviews: Sequence[GameReview], lang: str) -> None:
    """Each hand a review could not replay named once on standard error with the file (its line in
    the review names the game, the hand and the action too); the others are reviewed, as `batch`
    scores the other hands of a record."""
    said: set[tuple[str, int]] = set()
    for review in reviews:
        for h in review.hands:
            if h.replayed or h.problem is None or (review.game, h.number) in said:
                continue
            said.add((review.game, h.number))
            click.echo(msg("review.unreplayable", file=file, problem=h.problem).text(lang), err=True)
