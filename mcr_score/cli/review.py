"""`mcr-score review`: a recorded game replayed from each player's seat and every decision judged
(`mcr_score.games.review` judges; this module takes the options and the files)."""

from __future__ import annotations

import json

import click

from .. import files
from ..games.model import AUTO, HAND_FORMATS, format_names
from ..messages import language_from_env
from ..systems import Capability
from .options import (
    JSON_OPTION,
    LANG_OPTION,
    RULES_OPTION,
    SYSTEM_OPTION,
    Command,
    WholeNumber,
    for_system,
    handles_errors,
)

MAX_JOBS = 64  # processes: far more than the cores only wait their turn


@click.command(cls=Command, help="help.review")
@click.argument("file", metavar="FILE", type=click.Path(dir_okay=False))
@click.option(
    "--from",
    "record_format",
    type=click.Choice(format_names(HAND_FORMATS)),
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
    type=WholeNumber(1, MAX_JOBS),
    default=1,
    show_default=True,
    help="help.review.opt.jobs",
)
@SYSTEM_OPTION
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
    from ..games.api import check_inputs
    from ..games.review import review_file

    lang = lang or language_from_env()
    _, rules = for_system(Capability.REVIEW)
    if html_out is not None:
        files.check_output(html_out, "--html", inputs=[file, *([rules] if rules.endswith(".toml") else [])])
    check_inputs([file], record_format)
    reviews = review_file(file, record_format, player, rules, jobs)
    if html_out is not None:
        from ..present.review_html import review_html

        files.write_text(html_out, review_html(reviews, lang), "--html")
    if as_json:
        click.echo(
            json.dumps({"ok": True, "rules": rules, "games": [r.to_dict() for r in reviews]}, ensure_ascii=False)
        )
    else:
        from ..present.review_text import review_text

        click.echo("\n\n".join(review_text(r, lang) for r in reviews))
