"""`mcr-score convert`: game records rewritten as PMN, as the JSON lines `batch` reads, or as its text
lines (`mcr_score.games` reads and writes; this module takes the options and the files). MCR's
alone, as its capability says: the records are MCR games."""

from __future__ import annotations

import sys
from collections.abc import Iterator

import click

from mcr_score import files
from mcr_score.cli.options import LANG_OPTION, Command, for_system, handles_errors, system_option
from mcr_score.errors import McrError
from mcr_score.games.errors import RecordInputError
from mcr_score.games.model import AUTO, RecordFormat, format_names
from mcr_score.messages import count, language_from_env, msg
from mcr_score.systems import Capability

TARGETS = ("pmn", "jsonl", "notation")


@click.command(cls=Command, help="help.convert")
@click.argument("sources", metavar="FILE...", nargs=-1, required=True, type=click.Path(dir_okay=False))
@click.option(
    "--from",
    "record_format",
    type=click.Choice(format_names(tuple(RecordFormat))),
    default=AUTO,
    show_default=True,
    help="help.convert.opt.record-format",
)
@click.option(
    "--to",
    "target",
    type=click.Choice(TARGETS),
    required=True,
    help="help.convert.opt.target",
)
@click.option(
    "-o", "--output", metavar="OUT", type=click.Path(dir_okay=False), default=None, help="help.convert.opt.output"
)
@system_option(Capability.CONVERT)
@LANG_OPTION
@handles_errors
def convert(
    sources: tuple[str, ...], record_format: str, target: str, output: str | None, system: str | None, lang: str | None
) -> None:
    """`mcr-score convert`: its help is `help.convert.*` in the catalogues."""
    from mcr_score.games.api import check_inputs

    lang = lang or language_from_env()
    for_system()
    output = files.output_file(output)
    if output is not None:
        files.check_output(output, "-o", inputs=list(sources))
    try:
        check_inputs(sources, record_format)
    except RecordInputError as e:
        click.echo(msg("cli.error", message=e.msg).text(lang), err=True)
        sys.exit(2)
    counts = {"hands": 0, "games": 0, "skipped": 0}
    chunks = _convert(sources, record_format, target, counts, lang)
    if output is None:
        for chunk in chunks:
            click.echo(chunk, nl=False)
    else:
        try:
            with open(output, "w", encoding="utf-8", newline="") as out:
                for chunk in chunks:
                    out.write(chunk)
        except OSError as e:
            raise files.OutputFileError(
                msg("file.cannot-write", reason=msg("file.os", reason=e.strerror or str(e))), where=f"-o {output}"
            ) from None
    written = {"hands": count("n.hand", counts["hands"]), "games": count("n.game", counts["games"])}
    click.echo(msg("convert.done", **counts | written).text(lang), err=True)
    if counts["skipped"]:
        sys.exit(1)


def _convert(sources: tuple[str, ...], fmt: str, target: str, counts: dict[str, int], lang: str) -> Iterator[str]:
    """The converted text, a game (PMN) or a hand (lines) at a time; a hand not written is named on
    standard error."""
    from mcr_score.games.api import iter_games
    from mcr_score.games.export import hand_outs
    from mcr_score.games.pmn_write import PmnWriteError, write_hand

    def skip(rid: str, problem: McrError | str) -> None:
        counts["skipped"] += 1
        text = problem.msg.text(lang) if isinstance(problem, McrError) else problem
        click.echo(msg("convert.skipped", id=rid, problem=text).text(lang), err=True)

    first = True
    for path in sources:
        try:
            for game in iter_games(path, fmt):
                counts["games"] += 1
                for hand in game.hands:
                    if target == "pmn":
                        try:
                            text = write_hand(game, hand)
                        except PmnWriteError as e:  # named: the hand, and what PMN cannot hold of it
                            skip(f"{game.id}/{hand.number}", e)
                            continue
                        counts["hands"] += 1
                        yield ("" if first else "\n") + text
                        first = False
                        continue
                    for out in hand_outs(game, hand):
                        if out.problem is not None or out.notation is None:
                            skip(out.id, out.problem or msg("convert.no-tiles").text(lang))
                            continue
                        counts["hands"] += 1
                        yield (out.jsonl() if target == "jsonl" else out.text()) + "\n"
        except McrError as e:  # the file's own problem: its message names the file
            counts["skipped"] += 1
            click.echo(e.msg.text(lang), err=True)
