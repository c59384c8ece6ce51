"""`--help` in the reader's language: every command's help and every option's is a catalogue id
(`help.<command>.summary`, `.more`, `.p2`...; `help.opt.<option>` for an option several commands
share, `help.<command>.opt.<option>` for a command's own), made into text when the help is shown.

The language: `--lang` given on the same command line (anywhere on it: `--help` is eager, so the
command line is read for it before click parses it), else the `LANG` environment variable, else
English. The group (`mcr-score --help`) has no `--lang`: it follows `LANG`. A usage error keeps
click's own English, its `Usage:` line included: only the help page is translated.

The help page is written by click's formatter, with the language's heading colon and `Usage:`, and
text with wide (Chinese) characters wrapped in terminal cells, where a line may break between two
characters; English and French are wrapped by click itself, as before.
"""

from __future__ import annotations

import copy
import functools
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import click

from mcr_score.messages import DEFAULT_LANG, LANGS, catalogue, join_list, join_or, language_from_env, text
from mcr_score.textwidth import width

LANG_KEY = "mcr_score.help.lang"
"""Where `Command.parse_args` leaves a valid `--lang` of the command line, in the context's `meta`."""

# A line break never comes before closing punctuation nor after opening punctuation.
_CLOSING = frozenset("，。、；：？！）」』》〉”’…,.;:?!)]}")
_OPENING = frozenset("（「『《〈“‘([{")


def help_language(ctx: click.Context) -> str:
    """The language of the help: a valid `--lang` of the command line, else `LANG`, else English."""
    lang = ctx.meta.get(LANG_KEY)
    return lang if isinstance(lang, str) and lang in LANGS else language_from_env()


@functools.cache
def _values(lang: str) -> dict[str, str]:
    """What any help text may name: the languages, the default one, the rule systems of the registry."""
    from mcr_score import systems  # here: the group's help is the only one that would not load it anyway

    return {**system_values(systems.NAMES, lang), "langs": join_or(list(LANGS), lang), "default": DEFAULT_LANG}


def system_values(names: Sequence[str], lang: str) -> dict[str, str]:
    """The rule systems a help names (`{systems}` of `--system`, `{others}` of `--rules`): those of
    the registry, or those that have the command (`Command.format_options`)."""
    from mcr_score import systems  # here, as above

    def item(name: str) -> str:
        key = "help.system.default" if name == systems.DEFAULT else "help.system.item"
        return text(key, lang, name=name, what=text(f"help.system.{name}", lang))

    others = [name for name in names if name != systems.DEFAULT]
    # The names the profiles of `--rules` belong to, "six, hk or maho", with the word a sentence
    # of choices takes (Chinese writes 或 there, where a plain list of options takes 、).
    choices = (
        join_list(others[:-1], lang) + text("help.opt.rules-or", lang) + others[-1] if others[1:] else "".join(others)
    )
    return {
        "systems": join_or([item(name) for name in names], lang),
        "others": text("help.opt.rules-others", lang, names=choices) if others else "",
    }


def help_text(help_id: str, lang: str, values: Mapping[str, Any] | None = None) -> str:
    """The text of a help id in `lang`; `values` fills a command's own placeholders (and may name
    fewer systems than the registry has)."""
    return text(help_id, lang, **{**_values(lang), **(values or {})})


def command_help(prefix: str, lang: str, values: Mapping[str, Any] | None = None) -> str:
    """A command's help, its paragraphs apart: the summary and `.more`, then `.p2`, `.p3`..."""
    ids = catalogue(lang)
    first = help_text(f"{prefix}.summary", lang, values)
    if f"{prefix}.more" in ids:
        first = text("i18n.sentences", lang, first=first, then=help_text(f"{prefix}.more", lang, values))
    paragraphs = [first]
    while f"{prefix}.p{len(paragraphs) + 1}" in ids:
        paragraphs.append(help_text(f"{prefix}.p{len(paragraphs) + 1}", lang, values))
    return "\n\n".join(paragraphs)


def short_help(prefix: str, lang: str, limit: int) -> str:
    """A command's summary as the group lists it, at most `limit` cells: shortened by click where its
    words are spaced, else cut in terminal cells."""
    summary = help_text(f"{prefix}.summary", lang)
    if not _wide(summary):
        return click.Command(None, help=summary).get_short_help_str(limit)
    if width(summary) <= limit:
        return summary
    cut = ""
    for char in summary:
        if width(cut + char) > limit - 1:
            break
        cut += char
    return cut + "…"


def _wide(s: str) -> bool:
    return width(s) != len(s)


def lang_of(formatter: click.HelpFormatter) -> str:
    """The formatter's language: ours carries it, click's own writes English."""
    return formatter.lang if isinstance(formatter, HelpFormatter) else DEFAULT_LANG


def get_help(command: click.Command, ctx: click.Context) -> str:
    """`command.get_help(ctx)`, written in the help's language."""
    formatter = HelpFormatter(help_language(ctx), width=ctx.terminal_width, max_width=ctx.max_content_width)
    command.format_help(ctx, formatter)
    return formatter.getvalue().rstrip("\n")


def format_help_text(prefix: str, formatter: click.HelpFormatter, values: Mapping[str, Any] | None = None) -> None:
    """The command's help paragraphs, indented, as click writes a help text."""
    formatter.write_paragraph()
    with formatter.indentation():
        formatter.write_text(command_help(prefix, lang_of(formatter), values))


def format_options(
    ctx: click.Context,
    params: Iterable[click.Parameter],
    formatter: click.HelpFormatter,
    values: Mapping[str, Any] | None = None,
) -> None:
    """The options' section, each option's help in the formatter's language."""
    lang = lang_of(formatter)
    rows = [record for param in params if (record := _record(param, ctx, lang, values)) is not None]
    if rows:
        with formatter.section(text("help.section.options", lang)):
            formatter.write_dl(rows)


def _record(
    param: click.Parameter, ctx: click.Context, lang: str, values: Mapping[str, Any] | None
) -> tuple[str, str] | None:
    """An option's line of the help: click's own, from a copy that holds the translated help and
    leaves the default and `required` to us (click writes those words in English)."""
    if not isinstance(param, click.Option):
        return None  # an argument: named in the usage line (click 8.5+ lists a documented one apart)
    shown = copy.copy(param)
    if not param.expose_value and set(param.opts) & set(ctx.help_option_names):  # click's own --help
        shown.help = text("help.opt.help", lang)
    elif not param.expose_value and param.opts == ["--version"]:  # click's --version (the group's)
        shown.help = text("help.opt.version", lang)
    elif param.help:
        shown.help = help_text(param.help, lang, values)
    shown.show_default = False
    shown.required = False
    record = shown.get_help_record(ctx)
    if record is None:
        return None
    names, rendered = record
    base = shown.help or ""
    extras = []
    default = param.get_default(ctx, call=False)
    if param.show_default is True and default is not None and not param.is_flag:
        extras.append(text("help.default", lang, value=default))
    if rendered != base:  # what click added itself: a range, `[1<=x<=32]`
        extras.append(rendered[len(base) :].strip()[1:-1])
    if param.required:
        extras.append(text("help.required", lang))
    return names, f"{base}  [{'; '.join(extras)}]" if extras else base


def format_commands(
    ctx: click.Context, names: Sequence[tuple[str, str | click.Command]], formatter: click.HelpFormatter
) -> None:
    """A group's commands, each with its summary (`names`: each command's name, and its help id or,
    for a command whose help is not an id, the command), as click lists them (shortened to what the
    width leaves)."""
    if not names:
        return
    lang = lang_of(formatter)
    limit = formatter.width - 6 - max(len(name) for name, _ in names)
    rows = [
        (name, short_help(listed, lang, limit) if isinstance(listed, str) else listed.get_short_help_str(limit))
        for name, listed in names
    ]
    with formatter.section(text("help.section.commands", lang)):
        formatter.write_dl(rows)


class HelpFormatter(click.HelpFormatter):
    """click's formatter in a language: its `Usage:` and the heading's colon are the catalogue's, and
    text with wide characters is wrapped in terminal cells (click counts characters)."""

    def __init__(self, lang: str, width: int | None = None, max_width: int | None = None) -> None:
        super().__init__(width=width, max_width=max_width)
        self.lang = lang

    def write_usage(self, prog: str, args: str = "", prefix: str | None = None) -> None:
        super().write_usage(prog, args, text("help.usage", self.lang, usage=""))

    def write_heading(self, heading: str) -> None:
        heading = text("i18n.colon", self.lang, label=heading, value="").rstrip()
        self.write(f"{'':>{self.current_indent}}{heading}\n")

    def write_text(self, text: str) -> None:
        if not _wide(text):
            super().write_text(text)
            return
        indent = " " * self.current_indent
        self.write("\n".join(wrap_cells(text, self.width, indent, indent)) + "\n")

    def write_dl(self, rows: Iterable[tuple[str, str]], col_max: int = 30, col_spacing: int = 2) -> None:
        rows = list(rows)
        if not any(_wide(second) for _, second in rows):
            super().write_dl(rows, col_max, col_spacing)
            return
        first_col = min(max(len(first) for first, _ in rows), col_max) + col_spacing
        for first, second in rows:  # as click writes a definition list, the second column in cells
            self.write(f"{'':>{self.current_indent}}{first}")
            if not second:
                self.write("\n")
                continue
            if len(first) <= first_col - col_spacing:
                self.write(" " * (first_col - len(first)))
            else:
                self.write("\n" + " " * (first_col + self.current_indent))
            lines = wrap_cells(second, max(self.width - first_col - 2, 10))
            self.write(lines[0] + "\n")
            for line in lines[1:]:
                self.write(f"{'':>{first_col + self.current_indent}}{line}\n")


def wrap_cells(text: str, cells: int, initial_indent: str = "", subsequent_indent: str = "") -> list[str]:
    """`text` in lines of at most `cells` terminal cells (indent included), its paragraphs apart by an
    empty line; a line breaks at a space, or between two characters of which one is wide (Chinese
    text has no spaces), never before closing punctuation nor after opening punctuation. A word
    longer than a line stays whole."""
    lines: list[str] = []
    for paragraph in text.split("\n\n"):
        if lines:
            lines.append("")
        words = " ".join(line.strip() for line in paragraph.strip().splitlines())  # spaces inside a line kept
        indent = initial_indent if not lines else subsequent_indent
        start = 0
        while start < len(words):
            room = cells - width(indent)
            end, cut, used, spaces = start, None, 0, 0
            while end < len(words):
                if end > start and _breaks(words, end):
                    cut = end
                if words[end] == " ":
                    spaces += 1  # counted only if a word follows on the line
                else:
                    used += spaces + width(words[end])
                    spaces = 0
                    if used > room and cut is not None:
                        break
                end += 1
            if end == len(words):
                cut = end
            assert cut is not None
            lines.append(indent + words[start:cut].rstrip())
            start = cut
            while start < len(words) and words[start] == " ":
                start += 1
            indent = subsequent_indent
    return lines


def _breaks(s: str, i: int) -> bool:
    """A line may break before `s[i]`."""
    before, here = s[i - 1], s[i]
    if before == " ":
        return True
    if here == " " or here in _CLOSING or before in _OPENING:
        return False
    return _wide(before) or _wide(here)


def shown(command: click.Command) -> str | click.Command:
    """How a group lists `command`: by its help id, or as click does for a command of another kind."""
    return command.help if command.help and f"{command.help}.summary" in catalogue(DEFAULT_LANG) else command
