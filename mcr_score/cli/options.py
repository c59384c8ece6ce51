"""What the `mcr-score` commands share: the situation options and `apply_situation`, the RULES
parameter type, the --rules/--lang/--json options, and the error handling (message or JSON, exit code).

Command modules import this module; none of it imports a command, so there is no import circle.
Notation errors exit 2, other errors 1, never a traceback.
"""

from __future__ import annotations

import contextlib
import functools
import os
import sys
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, NoReturn, ParamSpec, TypeVar

import click

from mcr_score import errors, systems
from mcr_score.cli import helptext
from mcr_score.engine.switches import refuse_renamed
from mcr_score.hand import MAX_FLOWERS
from mcr_score.messages import LANGS, Message, language_from_env, msg
from mcr_score.systems.mcr import profiles
from mcr_score.systems.mcr.profiles import PROFILES

P = ParamSpec("P")
R = TypeVar("R")
F = TypeVar("F", bound=Callable[..., Any])

if TYPE_CHECKING:
    _StrParamType = click.ParamType[str]  # the type checker sees a recent click, where ParamType is generic
    _IntParamType = click.ParamType[int]
    _StrChoice = click.Choice[str]
else:
    _StrParamType = click.ParamType  # and not subscriptable at run time on the older clicks pyproject allows
    _IntParamType = click.ParamType
    _StrChoice = click.Choice


def usage_lang(ctx: click.Context | None) -> str:
    """The language of a bad option's message: the command line's `--lang` (which `Command.parse_args`
    reads before any option's value), else `LANG`. click's own frame (`Usage:`, `Error:`) stays
    click's."""
    return helptext.help_language(ctx) if ctx is not None else language_from_env()


class OptionProblem(click.BadParameter):
    """A bad option value whose problem is one of our errors (a house file's `bad-profile-file`):
    with `--json`, the error object is that error's, not a generic usage error."""

    def __init__(self, problem: errors.McrError, param: click.Parameter | None, ctx: click.Context | None) -> None:
        super().__init__(problem.render(usage_lang(ctx)), ctx, param)
        self.problem = problem


class WindType(_StrParamType):
    """A wind, E S W N, as the notation writes it (lower case is taken too: an option has no flowers)."""

    name = "WIND"

    def get_metavar(self, param: click.Parameter, ctx: click.Context | None = None) -> str:
        return "[E|S|W|N]"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> str:
        wind = str(value).strip().upper()
        if wind not in ("E", "S", "W", "N"):
            self.fail(msg("error.option.wind", value=repr(str(value))).text(usage_lang(ctx)), param, ctx)
        return wind


WIND = WindType()


class WholeNumber(_IntParamType):
    """A whole number from `low` to `high`, by the one rule for numbers (`decoding.ascii_int`: ASCII
    digits only, so `١٢`, `１２`, `1_2` and `+8` are refused, as everywhere else)."""

    name = "N"

    def __init__(self, low: int, high: int | None = None) -> None:
        self.low = low
        self.high = high  # None: no bound of its own but `decoding.MAX_DIGITS`, the bound of every number

    def get_metavar(self, param: click.Parameter, ctx: click.Context | None = None) -> str:
        return f"{self.low}-{self.high}" if self.high is not None else "N"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> int:
        from mcr_score.decoding import (  # here: it loads json, which `score` does without
            MAX_DIGITS,
            ascii_int,
            too_long,
        )

        if isinstance(value, int) and not isinstance(value, bool):
            number: int | None = value  # a default, already a number
        else:
            number = ascii_int(str(value))
            if number is None and too_long(str(value)):
                self.fail(
                    msg("error.option.digits", value=repr(str(value)), most=MAX_DIGITS).text(usage_lang(ctx)),
                    param,
                    ctx,
                )
        if number is None:
            self.fail(msg("error.option.number", value=repr(str(value))).text(usage_lang(ctx)), param, ctx)
        if self.high is not None and not self.low <= number <= self.high:
            self.fail(
                msg("error.option.range", value=number, low=self.low, high=self.high).text(usage_lang(ctx)), param, ctx
            )
        if number < self.low:
            self.fail(msg("error.option.least", value=number, low=self.low).text(usage_lang(ctx)), param, ctx)
        return number


class RulesType(_StrParamType):
    """A built-in profile name or a house profile file (`.toml`), checked when the command starts."""

    name = "PROFILE"

    def get_metavar(self, param: click.Parameter, ctx: click.Context | None = None) -> str:
        """click 8.2+ passes `ctx` (by keyword), 8.1 does not: accept both."""
        return "[" + "|".join(PROFILES) + "|FILE.toml]"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> str:
        """A house file is checked here, against the system it names, else `--system` (processed
        first: it is eager), else MCR; a name, when the command knows its system (`for_system`):
        `standard` is the other systems', `china` MCR's. A former name is refused with its new one."""
        given = ctx.params.get("system") if ctx is not None else None
        try:
            if str(value).endswith(".toml"):
                systems.choose(given, str(value))  # resolved against the working directory workers share
            elif not any(str(value) in systems.get(name).profile_names for name in systems.NAMES):
                refuse_renamed(str(value))
                profiles.get(value)  # no system has it: MCR's error, which lists its profiles
        except errors.McrError as e:
            raise OptionProblem(e, param, ctx) from None
        return str(value)


class ClaimedFansType(_StrParamType):
    """Fan ids claimed at the table, as a batch record writes them: `28,62,63`, `28 62 69x2`."""

    name = "IDS"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        from mcr_score.systems.mcr.claims import claim_from_text  # the one reader of claimed fans

        try:
            claim = claim_from_text(None, str(value))
        except errors.McrError as e:
            self.fail(e.msg.text(usage_lang(ctx)), param, ctx)
        return claim.fans if claim is not None else ()


class ClaimedTotalType(WholeNumber):
    """The total claimed at the table (`explain --claim`): a whole number by the one rule, then read
    as batch and the service read a claimed total (`batch.claims`, which bounds it by the game)."""

    def __init__(self) -> None:
        super().__init__(0)

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> int:
        number = super().convert(value, param, ctx)
        from mcr_score.systems.mcr.claims import claim_from_text  # the one reader of claims

        try:
            claim = claim_from_text(str(number), None)
        except errors.McrError as e:
            self.fail(e.msg.text(usage_lang(ctx)), param, ctx)
        assert claim is not None  # a number was given
        assert claim.total is not None
        return claim.total


RULES = RulesType()
RULES_HELP = "help.opt.rules"


class LangOption:
    """The `--lang` option, as a decorator. Its help says what `--json` holds: the names in every
    language (`explain`, `fans`, `fan`), or the same object whatever the language (`score`'s
    English fan names, `shanten`'s tiles, `catchup`'s numbers)."""

    def __init__(self, names_in_json: bool) -> None:
        self.names_in_json = names_in_json

    def variant(self, *, names_in_json: bool) -> LangOption:
        return LangOption(names_in_json)

    def __call__(self, f: F) -> F:
        return click.option(
            "--lang",
            type=click.Choice(LANGS),
            default=None,
            help="help.opt.lang-names" if self.names_in_json else "help.opt.lang-same",
        )(f)


def lang_option(names_in_json: bool) -> LangOption:
    """`--lang`, its help saying whether `--json` carries the names in every language."""
    return LangOption(names_in_json)


LANG_OPTION = lang_option(names_in_json=True)
RULES_OPTION = click.option("--rules", type=RULES, default=None, help=RULES_HELP)


class SystemChoice(_StrChoice):
    """`--system` of a command, which is a capability of the systems: every system's name is read
    (one without the capability is refused by `for_system`, naming the system), and `--help` lists
    only the systems that have it (`systems.having`, which loads them: only the help does)."""

    def __init__(self, capability: systems.Capability) -> None:
        super().__init__(systems.NAMES)
        self.capability = capability

    def get_metavar(self, param: click.Parameter, ctx: click.Context | None = None) -> str:
        return "[" + "|".join(systems.having(self.capability)) + "]"


def system_option(capability: systems.Capability) -> Callable[[F], F]:
    """`--system` for a command that is `capability` of the systems that have it."""
    return click.option(
        "--system",
        type=SystemChoice(capability),
        default=None,
        is_eager=True,  # before --rules, wherever it stands: a house file is checked against it
        help="help.opt.system",
    )


def capability_of(command: click.Command) -> systems.Capability | None:
    """The capability a command is, as its `--system` option says (None: the command has none)."""
    for p in command.params:
        if isinstance(p.type, SystemChoice):
            return p.type.capability
    return None


# The options every system takes on a command that has them (by parameter name).
_COMMON = frozenset({"text", "file", "files", "system", "rules", "lang", "as_json"})


class NotInSystemError(errors.McrError):
    """A command or an option the chosen rule system does not have: a usage error, exit 2."""

    code = "not-in-system"
    exit_code = 2


def for_system() -> tuple[systems.AnySystem, str]:
    """The current command's system and profile (`--system`, `--rules`, a house file naming its
    system), refusing a command the system cannot answer (the command's capability, which its
    `--system` option names) and every option given that it has not."""
    ctx = click.get_current_context()
    capability = capability_of(ctx.command)
    assert capability is not None, "a command asking for its system has a --system option (system_option)"
    rules = ctx.params.get("rules")
    system = systems.pick(ctx.params.get("system"), rules)
    name = ctx.info_name or capability
    if not system.can(capability):
        raise NotInSystemError(msg("error.system.command", command=name, system=system.name), where="--system")
    takes = system.options.get(capability)
    refused = [
        p
        for p in ctx.command.params
        if isinstance(p, click.Option)
        and takes is not None  # None: the system takes every option of this command
        and p.name not in _COMMON
        and p.name not in takes
        and ctx.get_parameter_source(p.name or "") == click.core.ParameterSource.COMMANDLINE
    ]
    if refused:
        options = ", ".join(p.opts[0] for p in refused)
        raise NotInSystemError(msg("error.system.option", options=options, system=system.name), where=options)
    rules = systems.profile_named(system, rules)
    if ctx.params.get("system") is None and system.name != systems.DEFAULT:
        ctx.meta[_HOUSE_SYSTEM] = rules  # the house file chose the system: `read_hand` says so
    return system, rules


_HOUSE_SYSTEM = "mcr_score.engine.house-system"  # ctx.meta: the house file that chose the system, if one did


def read_hand(system: systems.AnySystem, text: str, situated: systems.Situated) -> object:
    """`system.read(text, situated)`; when a house file chose the system (no `--system`), a hand
    it refuses says so in its first problem: MCR tiles read as Maho! cards are otherwise a riddle."""
    try:
        return system.read(text, situated)
    except errors.McrError as e:
        ctx = click.get_current_context(silent=True)
        house = ctx.meta.get(_HOUSE_SYSTEM) if ctx is not None else None
        if house is None:
            raise
        hint = functools.partial(_house_hint, system=system.name, path=house)
        raise errors.hinted(e, hint) from None


def _house_hint(message: Message, system: str, path: str) -> Message:
    return msg("error.hint.house-system", message=message, system=system, path=path)


JSON_OPTION = click.option("--json", "as_json", is_flag=True, help="help.opt.json")
WIN_OPTION = click.option(
    "--win",
    metavar="TILE",
    default=None,
    help="help.opt.win",
)
COLOR_OPTION = click.option(
    "--color/--no-color",
    "color",
    default=None,
    help="help.opt.color",
)


def situation_options(f: F) -> F:
    """Options that set or override the hand's `|EE0000|N` situation."""
    options = [
        click.option(
            "--self-drawn/--discard",
            "self_drawn",
            default=None,
            help="help.opt.self-drawn",
        ),
        click.option(
            "--last-tile",
            "last_copy",
            is_flag=True,
            default=None,
            help="help.opt.last-copy",
        ),
        click.option("--wall-last", is_flag=True, default=None, help="help.opt.wall-last"),
        click.option(
            "--kong",
            is_flag=True,
            default=None,
            help="help.opt.kong",
        ),
        click.option("--robbing-kong", is_flag=True, default=False, help="help.opt.robbing-kong"),
        click.option("--replacement", is_flag=True, default=False, help="help.opt.replacement"),
        click.option("--seat", "seat_wind", type=WIND, default=None, help="help.opt.seat-wind"),
        click.option("--prevalent", "prevalent_wind", type=WIND, default=None, help="help.opt.prevalent-wind"),
        click.option("--flowers", type=WholeNumber(0, MAX_FLOWERS), default=None, help="help.opt.flowers"),
    ]
    for option in reversed(options):
        f = option(f)
    return f


class CheckedWord(_StrParamType):
    """A word a system checks (`OptionSpec.check`): its problem is a usage error of the option."""

    def __init__(self, check: Callable[[str], str], metavar: str | None) -> None:
        self.check = check
        self.name = metavar or "WORD"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> str:
        try:
            return self.check(str(value))
        except errors.McrError as e:
            self.fail(e.msg.text(usage_lang(ctx)), param, ctx)


def _option(spec: systems.OptionSpec) -> Callable[[F], F]:
    """The click option of a system's option spec."""
    from mcr_score.systems.base import OptionKind

    if spec.kind is OptionKind.FLAG:
        return click.option(spec.flag, spec.name, is_flag=True, default=spec.default, help=spec.help)
    kind: _StrParamType | _IntParamType | None = None
    if spec.kind is OptionKind.NUMBER:
        kind = WholeNumber(spec.low or 0, spec.high)
    elif spec.kind is OptionKind.WORD and spec.check is not None:
        kind = CheckedWord(spec.check, spec.metavar)
    return click.option(spec.flag, spec.name, type=kind, default=spec.default, metavar=spec.metavar, help=spec.help)


def system_options(capability: systems.Capability) -> Callable[[F], F]:
    """The options the systems declare for the command that is `capability` (`systems.option_specs`),
    each system's in the registry's order: adding a system edits no module here."""

    def decorate(f: F) -> F:
        for spec in reversed(systems.option_specs()):
            if capability in spec.commands:
                f = _option(spec)(f)
        return f

    return decorate


def input_files(fields: Mapping[str, object]) -> list[str]:
    """The files the systems' options name in `fields` (a deck, a card): inputs no output may overwrite."""
    from mcr_score.systems.base import OptionKind

    return [
        value
        for spec in systems.option_specs()
        if spec.kind is OptionKind.FILE and isinstance(value := fields.get(spec.name), str) and value
    ]


class Command(click.Command):
    """Every `mcr-score` command: an option given twice (`--seat S --seat W`, `--self-drawn
    --discard`) is a usage error, not "the last one wins"; text the terminal's encoding cannot
    show is replaced, not a crash; output that cannot be written (a full disk) is a named error.
    Its `help` is the id of its help in the catalogues (`help.score`: `help.score.summary`...) and
    each option's `help` an id too, written in the help's language (`helptext`); `help_values`
    fills the placeholders of the command's own help texts."""

    def __init__(self, *args: Any, help_values: Mapping[str, Any] | None = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.help_values = dict(help_values or {})

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        given = _options_given(self.get_params(ctx), args)
        lang = next((value for option, _, value in given if option.name == "lang" and value in LANGS), None)
        if lang is not None:  # for --help, which click answers before it reads --lang
            ctx.meta[helptext.LANG_KEY] = lang
        try:
            repeated = _repeated([(option, spelled) for option, spelled, _ in given])
            if repeated:
                first, second = repeated
                message = (
                    msg("error.options.twice", option=first)
                    if first == second
                    else msg("error.options.both", first=first, second=second)
                )
                raise click.UsageError(message.text(usage_lang(ctx)), ctx)
            return super().parse_args(ctx, args)
        except click.UsageError as e:
            if any(option.name == "as_json" for option, _, _ in given):
                raise JsonUsageError(e) from None
            raise

    def get_help(self, ctx: click.Context) -> str:
        return helptext.get_help(self, ctx)

    def format_help_text(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        helptext.format_help_text(self.help or "", formatter, self.help_values)

    def format_options(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        """The options, `--system` and `--rules` naming only the systems that have the command."""
        capability = capability_of(self)
        values = dict(self.help_values)
        if capability is not None:
            values |= helptext.system_values(systems.having(capability), helptext.lang_of(formatter))
        helptext.format_options(ctx, self.get_params(ctx), formatter, values)

    def get_short_help_str(self, limit: int = 45) -> str:
        return helptext.short_help(self.help or "", language_from_env(), limit)

    def invoke(self, ctx: click.Context) -> Any:
        for stream in (sys.stdout, sys.stderr):
            _replace_unencodable(stream)
        try:
            try:
                result = super().invoke(ctx)
            except SystemExit:
                sys.stdout.flush()
                raise
            sys.stdout.flush()
        except OSError as e:
            if e.errno is None or e.filename is not None:
                raise  # not a failed write to a stream (a command names its own file errors)
            _output_failed(e)
        return result


def _options_given(params: Sequence[click.Parameter], args: list[str]) -> list[tuple[click.Option, str, str | None]]:
    """Each option given in `args`, in order, with the spelling used (`--seat`, `-o`) and its value
    (None for a flag, or a value missing at the end); an option's value is never taken for an
    option, and nothing after `--` is one."""
    by_name: dict[str, click.Option] = {}
    for p in params:
        if isinstance(p, click.Option):
            for name in (*p.opts, *p.secondary_opts):
                by_name[name] = p
    given: list[tuple[click.Option, str, str | None]] = []
    i = 0
    while i < len(args):
        arg = args[i]
        i += 1
        if arg == "--":
            break
        name, eq, _ = arg.partition("=")
        option = by_name.get(name) if arg.startswith("--") else by_name.get(arg[:2]) if arg[:1] == "-" else None
        if option is None:
            continue
        attached = bool(eq) or (not arg.startswith("--") and len(arg) > 2)
        value = None
        if not option.is_flag:
            if attached:
                value = arg.partition("=")[2] if arg.startswith("--") else arg[2:]
            else:
                value = args[i] if i < len(args) else None
                i += 1  # the option's value, whatever it looks like
        given.append((option, name if arg.startswith("--") else arg[:2], value))
    return given


def _repeated(given: list[tuple[click.Option, str]]) -> list[str]:
    """The spellings of the first option given twice (empty: none), but for an option meant to be
    repeated (`multiple`, `count`)."""
    seen: dict[str, list[str]] = {}
    for option, spelled in given:
        if option.multiple or option.count:
            continue
        spellings = seen.setdefault(option.name or spelled, [])
        spellings.append(spelled)
        if len(spellings) > 1:
            return spellings
    return []


class UsageProblem(errors.McrError):
    """A usage error (a bad option value, a missing argument, an option given twice), as the JSON
    error object of a command given `--json`."""

    code = "usage"
    exit_code = 2


class JsonUsageError(click.UsageError):
    """A usage error of a command given `--json`: shown as `{"ok": false, "error": {...}}` on
    standard output, as the command's other errors are (exit 2 all the same). A bad option whose
    problem is one of ours (a house file) keeps that error's code."""

    def __init__(self, error: click.UsageError) -> None:
        super().__init__(error.format_message(), error.ctx)
        problem = getattr(error, "problem", None)
        if not isinstance(problem, errors.McrError):
            param = getattr(error, "param", None)
            where = "/".join(param.opts) if isinstance(param, click.Option) else None
            problem = UsageProblem(msg("error.usage", message=error.format_message()), where=where)
        self.problem = problem

    def show(self, file: Any = None) -> None:
        import json  # here: only a usage error with --json needs it

        click.echo(json.dumps({"ok": False, "error": self.problem.to_dict()}, ensure_ascii=False))


def _replace_unencodable(stream: Any) -> None:
    """Let a stream whose encoding lacks a character (PYTHONIOENCODING=latin-1) write `?` for it."""
    encoding = getattr(stream, "encoding", None) or "utf-8"
    if encoding.lower().replace("-", "") not in ("utf8", "utf16", "utf32") and hasattr(stream, "reconfigure"):
        stream.reconfigure(errors="replace")


def _output_failed(e: OSError) -> NoReturn:
    """Standard output could not be written: say so on standard error (unless the reader simply went
    away, `| head`), and exit 1 without a second failure when Python flushes at exit."""
    with contextlib.suppress(OSError, ValueError):  # ValueError: no real descriptor (a test runner's stream)
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    if not isinstance(e, BrokenPipeError):
        click.echo(msg("cli.error", message=msg("error.output.stdout", reason=e.strerror or str(e))).text(), err=True)
    sys.exit(1)


def _fail(error: errors.McrError, as_json: bool, lang: str) -> NoReturn:
    if as_json:
        import json  # here: the commands' usual text output does without it

        click.echo(json.dumps({"ok": False, "error": error.to_dict()}, ensure_ascii=False))
    else:
        click.echo(error.render(lang), err=True)
    sys.exit(error.exit_code)


def handles_errors(f: Callable[P, R]) -> Callable[P, R]:
    """Turn our errors into a message (in the command's `--lang`, else `LANG`) and exit code 2
    (notation) or 1 (other)."""

    @functools.wraps(f)
    def wrapper(*args: P.args, **kwargs: P.kwargs) -> R:
        try:
            return f(*args, **kwargs)
        except errors.McrError as e:
            lang = kwargs.get("lang")
            _fail(e, bool(kwargs.get("as_json", False)), lang if isinstance(lang, str) else language_from_env())

    return wrapper
