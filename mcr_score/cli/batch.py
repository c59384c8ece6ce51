"""`mcr-score batch`: the command-line face of `mcr_score.batch` (options, exit codes, summary)."""

from __future__ import annotations

import contextlib
import json
import os
import sys

import click

from .. import batch as core
from ..batch.report import Report, report_format
from ..messages import msg
from ..profiles import DEFAULT
from .options import RULES, RULES_HELP, Command

EXIT_INTERRUPTED = 130  # as a shell reports a process stopped by Ctrl-C
DELIMITERS = {",": ",", ";": ";", "tab": "\t", "\\t": "\t", "\t": "\t"}


def _report_path(ctx: click.Context, param: click.Parameter, value: str | None) -> str | None:
    if value is not None and report_format(value) is None:
        raise click.BadParameter(msg("error.batch.report-format", path=repr(value)).text(), ctx, param)
    return value


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
@click.option(
    "--delimiter",
    type=click.Choice(list(DELIMITERS)),
    default=None,
    help="CSV input separator: ',', ';' or tab (default: the one that splits the header around 'notation').",
)
@click.option(
    "--report",
    "report_path",
    type=click.Path(dir_okay=False),
    default=None,
    callback=_report_path,
    help="Also write the records with a problem, grouped with their line and id, to FILE (.md or .csv).",
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
    delimiter: str | None,
    report_path: str | None,
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
    record form or {"id", "notation"}) or CSV with a header (id,notation[,win][,claimed_total]),
    separated by commas, semicolons or tabs. Without --input-format and a telling extension, the
    first line decides (a JSON object, a CSV header with 'notation', else text). Blank lines are
    skipped and counted. A record may carry claimed_total and claimed_fans; mismatches are reported
    with the missing and extra fans. A summary goes to standard error; --report lists the records
    with a problem.

    Exit codes: 0 every record has its output record (even an error record); 1 with --strict when a
    record is an error, not a winning hand, below 8 points or a claim mismatch; 2 a usage error;
    130 interrupted (the output holds complete records only: run again with --resume).
    """
    report = Report(out_fmt) if report_path else None
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
            delimiter=DELIMITERS[delimiter] if delimiter else None,
            report=report,
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
    if report is not None and report_path is not None:
        report.write(report_path, source, outcome.tally.records, outcome.rules)
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
