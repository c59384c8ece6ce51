"""`mcr-score batch`: the command-line face of `mcr_score.batch` (options, exit codes, summary).
MCR's alone, as its capability says: `--system` takes only MCR."""

from __future__ import annotations

import json
import os
import sys
from typing import TYPE_CHECKING, Any, NoReturn

import click

from mcr_score import batch as core
from mcr_score import files
from mcr_score.batch.report import Report, report_format
from mcr_score.cli.options import RULES, RULES_HELP, Command, for_system, system_option
from mcr_score.errors import McrError
from mcr_score.games.model import HAND_FORMATS, format_names
from mcr_score.messages import Message, msg
from mcr_score.systems import Capability
from mcr_score.systems.mcr.profiles import DEFAULT, PROFILES

EXIT_INTERRUPTED = 130  # as a shell reports a process stopped by Ctrl-C
DELIMITERS = {",": ",", ";": ";", "tab": "\t", "\\t": "\t", "\t": "\t"}  # as written -> the separator

if TYPE_CHECKING:
    from mcr_score.batch.distributed import Address

    _StrParamType = click.ParamType[str]  # the type checker sees a recent click, where ParamType is generic
else:
    _StrParamType = click.ParamType  # and not subscriptable at run time on the older clicks pyproject allows


class DelimiterType(_StrParamType):
    """`,`, `;` or `tab` (also `\\t` or a TAB itself), shown as `[,|;|tab]`: a raw TAB in the
    help or in an error would show as blank space."""

    name = "SEPARATOR"

    def get_metavar(self, param: click.Parameter, ctx: click.Context | None = None) -> str:
        """click 8.2+ passes `ctx` (by keyword), 8.1 does not: accept both."""
        return "[,|;|tab]"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> str:
        if value not in DELIMITERS:
            self.fail(msg("error.batch.delimiter-choice", value=repr(value)).text(), param, ctx)
        return DELIMITERS[value]


def _report_path(ctx: click.Context, param: click.Parameter, value: str | None) -> str | None:
    if value is not None and report_format(value) is None:
        raise click.BadParameter(msg("error.batch.report-format", path=repr(value)).text(), ctx, param)
    return value


JOBS_PER_CORE = 4  # scoring is all CPU: more workers than cores only wait their turn, each with its engine's memory
MAX_CHUNK = 10_000  # records per task (50 times the default): a chunk in flight is held whole, per worker


def _jobs(ctx: click.Context, param: click.Parameter, value: int | None) -> int | None:
    cores = core.default_jobs()
    if value is not None and value > JOBS_PER_CORE * cores:
        raise click.BadParameter(
            msg("error.batch.jobs", jobs=value, most=JOBS_PER_CORE * cores, per=JOBS_PER_CORE, cores=cores).text(),
            ctx,
            param,
        )
    return value


RECORD_FORMATS = format_names(HAND_FORMATS)


def _dask(ctx: click.Context, param: click.Parameter, value: str | None) -> Address | None:
    """`--dask ADDRESS`: `tcp://HOST:PORT` or `local:N`, else a usage error naming it (exit 2)."""
    if value is None:
        return None
    from mcr_score.batch.distributed import DaskAddressError, parse_address

    try:
        return parse_address(value)
    except DaskAddressError as e:
        raise click.BadParameter(str(e), ctx, param) from None


@click.command(cls=Command, help="help.batch", help_values={"per_core": JOBS_PER_CORE})
@click.argument("sources", metavar="FILE...|-", nargs=-1, required=True)
@click.option(
    "-o",
    "--output",
    metavar="OUT",
    type=click.Path(dir_okay=False),
    default=None,
    help="help.batch.opt.output",
)
@click.option(
    "--from",
    "record_format",
    type=click.Choice(RECORD_FORMATS),
    default=None,
    help="help.batch.opt.record-format",
)
@click.option(
    "--input-format",
    type=click.Choice(core.INPUT_FORMATS),
    default=None,
    help="help.batch.opt.input-format",
)
@click.option(
    "--format",
    "out_fmt",
    type=click.Choice(core.OUTPUT_FORMATS),
    default="jsonl",
    show_default=True,
    help="help.batch.opt.out-fmt",
)
@click.option(
    "--delimiter",
    type=DelimiterType(),
    default=None,
    help="help.batch.opt.delimiter",
)
@click.option(
    "--report",
    "report_path",
    metavar="REPORT",
    type=click.Path(dir_okay=False),
    default=None,
    callback=_report_path,
    help="help.batch.opt.report-path",
)
@click.option("--rules", type=RULES, default=DEFAULT, show_default=True, help=RULES_HELP)
@system_option(Capability.BATCH)
@click.option(
    "-j",
    "--jobs",
    type=click.IntRange(min=1),
    default=None,
    callback=_jobs,
    help="help.batch.opt.jobs",
)
@click.option(
    "--dask",
    "dask_address",
    metavar="ADDRESS",
    default=None,
    callback=_dask,
    help="help.batch.opt.dask",
)
@click.option("--resume", is_flag=True, help="help.batch.opt.resume")
@click.option(
    "--strict",
    is_flag=True,
    help="help.batch.opt.strict",
)
@click.option(
    "--summary-json",
    metavar="SUMMARY",
    type=click.Path(dir_okay=False),
    default=None,
    help="help.batch.opt.summary-json",
)
@click.option(
    "--progress/--no-progress",
    default=None,
    help="help.batch.opt.progress",
)
@click.option(
    "--chunk-size",
    type=click.IntRange(min=1, max=MAX_CHUNK),
    default=core.DEFAULT_CHUNK,
    show_default=True,
    help="help.batch.opt.chunk-size",
)
def batch(
    sources: tuple[str, ...],
    record_format: str | None,
    output: str | None,
    input_format: str | None,
    out_fmt: str,
    delimiter: str | None,
    report_path: str | None,
    rules: str,
    system: str | None,
    jobs: int | None,
    dask_address: Address | None,
    resume: bool,
    strict: bool,
    summary_json: str | None,
    progress: bool | None,
    chunk_size: int,
) -> None:
    """`mcr-score batch`: its help is `help.batch.*` in the catalogues."""
    try:
        for_system()
    except McrError as e:
        click.echo(e.render(), err=True)
        sys.exit(e.exit_code)
    opened = None
    tally = None
    if dask_address is not None and jobs is not None:
        _usage(msg("error.dask.jobs"))
    if record_format is None:
        if len(sources) != 1:
            _usage(msg("batch.games.one-file", n=len(sources)))
    else:
        for option, given in (("--input-format", input_format), ("--delimiter", delimiter)):
            if given is not None:
                _usage(msg("batch.games.options", option=option))
        from mcr_score.batch import games, slices

        try:
            games.check_inputs(sources, record_format)
        except core.BatchError as e:
            _usage(e.msg)
        tally = games.GameTally()
        opened = slices.opened(sources, record_format, tally, chunk_size)
    output = files.output_file(output)
    source = sources[0]
    _check_outputs(sources, rules, (("-o", output), ("--report", report_path), ("--summary-json", summary_json)))
    report = Report(out_fmt, output) if report_path else None
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
            delimiter=delimiter,
            report=report,
            opened_input=opened,
            dask=dask_address,
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
    if tally is not None:
        outcome.games = tally.to_dict()
    click.echo(core.summary_text(outcome), err=True)
    written = True
    if report is not None and report_path is not None:
        body = report.render(report_path, ", ".join(sources), outcome.tally.records, outcome.rules)
        written = _write(report_path, body, "error.batch.report")
    if summary_json:
        body = json.dumps(outcome.to_dict(), ensure_ascii=False, indent=2) + "\n"
        written = _write(summary_json, body, "error.batch.summary") and written
    if outcome.damage is not None:
        click.echo(msg("cli.error", message=outcome.damage).text(), err=True)
        sys.exit(1)
    if outcome.interrupted:
        sys.exit(EXIT_INTERRUPTED)
    if not written or (strict and not outcome.tally.all_good):
        sys.exit(1)


_CANNOT_WRITE = {
    "-o": "error.batch.unwritable",
    "--report": "error.batch.report",
    "--summary-json": "error.batch.summary",
}


def _usage(problem: Message) -> NoReturn:
    click.echo(msg("cli.error", message=problem).text(), err=True)
    sys.exit(2)


def _check_outputs(sources: tuple[str, ...], rules: str, outputs: tuple[tuple[str, str | None], ...]) -> None:
    """Refuse, before the run, an output that cannot be written or would destroy a file: no name,
    a missing folder, a directory, a symbolic link loop, an input, the house rules file, or
    another output of the run (a usage error, exit 2)."""
    inputs = [s for s in sources if s != "-"]
    if rules not in PROFILES:  # a house rules file, read before the run
        inputs.append(os.path.expanduser(rules))
    checked: list[tuple[str, str]] = []
    for option, path in outputs:
        if path is None:
            continue
        try:
            files.check_output(path, option, inputs=inputs, outputs=checked)
        except files.OutputFileError as e:
            # "cannot write the file: a symbolic link loop" says its first words once, not twice
            reason = e.msg.args["reason"] if e.msg.id == "file.cannot-write" else e.msg
            problem = msg(_CANNOT_WRITE[option], path=path, reason=reason) if path else e.msg
            click.echo(msg("cli.error", message=problem).text(), err=True)
            sys.exit(2)
        checked.append((option, path))


def _write(path: str, content: str, message_id: str) -> bool:
    """Write the report or the summary after the run, through a symbolic link, onto a device if
    asked; a failure (a full disk, `/dev/full`) is said with the file's name (then exit 1: the
    records are already out). Whether it was written."""
    try:
        with open(path, "w", encoding="utf-8", newline="") as f:
            f.write(content)
    except OSError as e:
        click.echo(msg("cli.error", message=msg(message_id, path=path, reason=e.strerror or str(e))).text(), err=True)
        return False
    return True
