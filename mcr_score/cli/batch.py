"""`mcr-score batch`: the command-line face of `mcr_score.batch` (options, exit codes, summary)."""

from __future__ import annotations

import contextlib
import json
import os
import sys

import click

from .. import batch as core
from ..messages import msg
from ..profiles import DEFAULT
from .options import RULES, RULES_HELP, Command

EXIT_INTERRUPTED = 130  # as a shell reports a process stopped by Ctrl-C


@click.command(cls=Command)
@click.argument("source", metavar="FILE|-")
@click.option(
    "-o",
    "--output",
    type=click.Path(dir_okay=False),
    default=None,
    help="Write the output records to OUT (default: standard output).",
)
@click.option(
    "--input-format",
    type=click.Choice(core.INPUT_FORMATS),
    default=None,
    help="Input format (default: from the extension: .jsonl/.ndjson/.json, .csv, otherwise text).",
)
@click.option(
    "--format",
    "out_fmt",
    type=click.Choice(core.OUTPUT_FORMATS),
    default="jsonl",
    show_default=True,
    help="Output format.",
)
@click.option("--rules", type=RULES, default=DEFAULT, show_default=True, help=RULES_HELP)
@click.option(
    "-j",
    "--jobs",
    type=click.IntRange(min=1),
    default=None,
    help="Worker processes (default: all cores); the output keeps the input order.",
)
@click.option(
    "--resume", is_flag=True, help="With -o OUT: continue an interrupted run after the records already in OUT."
)
@click.option(
    "--strict",
    is_flag=True,
    help="Exit 1 if any record is an error, not a winning hand, below 8 points or a claim mismatch.",
)
@click.option(
    "--summary-json", type=click.Path(dir_okay=False), default=None, help="Also write the summary as JSON to this file."
)
@click.option(
    "--progress/--no-progress",
    default=None,
    help="Progress bar on standard error (default: only when it is a terminal).",
)
@click.option(
    "--chunk-size",
    type=click.IntRange(min=1),
    default=core.DEFAULT_CHUNK,
    show_default=True,
    help="Records per task sent to a worker.",
)
def batch(
    source: str,
    output: str | None,
    input_format: str | None,
    out_fmt: str,
    rules: str,
    jobs: int | None,
    resume: bool,
    strict: bool,
    summary_json: str | None,
    progress: bool | None,
    chunk_size: int,
) -> None:
    """Score every hand of FILE (or - for standard input): one output record per input record, in order.

    Input: text (one hand per line in the notation, optionally id<TAB>hand), JSON lines (the
    record form or {"id", "notation"}) or CSV with a header (id,notation[,claimed_total]). A record
    may carry claimed_total and claimed_fans; mismatches are reported with the missing and extra
    fans. A summary goes to standard error.

    Exit codes: 0 every record has its output record (even an error record); 1 with --strict when a
    record is an error, not a winning hand, below 8 points or a claim mismatch; 2 a usage error;
    130 interrupted (the output holds complete records only: run again with --resume).
    """
    try:
        outcome = core.run(
            source,
            output,
            input_fmt=input_format,
            out_fmt=out_fmt,
            rules=rules,
            jobs=jobs,
            resume=resume,
            chunk_size=chunk_size,
            progress=progress,
        )
    except core.BatchError as e:
        click.echo(msg("cli.error", message=e.msg).text(), err=True)
        sys.exit(e.exit_code)
    except KeyboardInterrupt:
        click.echo("\n" + msg("cli.aborted").text(), err=True)
        sys.exit(EXIT_INTERRUPTED)
    except BrokenPipeError:
        # The reader went away (`| head`): nothing more to say, and nowhere to say it on stdout.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        sys.exit(1)
    click.echo(core.summary_text(outcome), err=True)
    if summary_json:
        _write_summary(summary_json, outcome)
    if outcome.damage is not None:
        click.echo(msg("cli.error", message=outcome.damage).text(), err=True)
        sys.exit(1)
    if outcome.interrupted:
        sys.exit(EXIT_INTERRUPTED)
    if strict and not outcome.tally.all_good:
        sys.exit(1)


def _write_summary(path: str, outcome: core.Outcome) -> None:
    """`--summary-json`, written whole or not at all; a place that cannot be written is an error
    (exit 1) after the run, whose records are already out."""
    tmp = path + ".tmp"
    try:
        with open(tmp, "w", encoding="utf-8") as f:
            json.dump(outcome.to_dict(), f, ensure_ascii=False, indent=2)
            f.write("\n")
        os.replace(tmp, path)
    except OSError as e:
        with contextlib.suppress(OSError):
            os.remove(tmp)
        reason = e.strerror or str(e)
        click.echo(msg("cli.error", message=msg("error.batch.summary", path=path, reason=reason)).text(), err=True)
        sys.exit(1)
