"""Issue 11, start-up: `mcr-score score HAND` loads only what scoring one hand needs. A command's module
is imported when the command runs (the group's `--help` lists them from `COMMANDS`, which must match the
commands themselves), the package's names load on first use, and a catalogue is read without tomllib.
The time itself is measured by `benchmarks/speed.py --only startup`, not here: these tests check what
is loaded, in a fresh process."""

from __future__ import annotations

import json
import subprocess
import sys
import tomllib
from pathlib import Path

import click
import pytest
from click.testing import CliRunner

import mcr_score
from mcr_score import cli, messages
from mcr_score.cli import COMMANDS, LazyCommands, helptext, main

# Modules `mcr-score score HAND` must not load: the other commands' machinery, the grammar (canonical
# text is read without it), the worker pool, and what only house rules or another language need.
NOT_FOR_SCORE = (
    "mcr_score.systems.mcr.advice",
    "mcr_score.engine.shanten",
    "mcr_score.systems.mcr.tournament",
    "mcr_score.batch",
    "mcr_score.web",
    "mcr_score.notation.parser",
    "mcr_score.notation.record",
    "mcr_score.systems.mcr.pages.referee",
    "mcr_score.cli.batch",
    "mcr_score.cli.advice",
    "mcr_score.cli.tournament",
    "mcr_score.cli.referee",
    "lark",
    "multiprocessing",
    "concurrent",
    "tomllib",
    "pathlib",
    "json",
)


def loaded_after(code: str) -> list[str]:
    """The modules of `NOT_FOR_SCORE` (and their submodules) that running `code` in a new process loads.

    Only what `code` loads counts: under coverage, the subprocess has loaded its own modules first."""
    probe = f"import sys\nbefore = set(sys.modules)\n{code}\nprint(' '.join(sorted(set(sys.modules) - before)))"
    proc = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    modules = proc.stdout.splitlines()[-1].split()
    return [m for m in modules if m.startswith(tuple(f"{name}." for name in NOT_FOR_SCORE)) or m in NOT_FOR_SCORE]


def test_scoring_a_hand_loads_only_what_it_needs() -> None:
    code = (
        "import io, contextlib, mcr_score.cli\n"
        "with contextlib.redirect_stdout(io.StringIO()) as out:\n"
        "    mcr_score.cli.main(['score', '123456789m123p5s5s'], standalone_mode=False)\n"
        "assert 'total 22' in out.getvalue(), out.getvalue()"
    )
    assert loaded_after(code) == []


def test_the_probe_sees_a_module_that_is_loaded() -> None:
    """The check above can fail: a command that needs the advice modules loads them."""
    code = (
        "import io, contextlib, mcr_score.cli\n"
        "with contextlib.redirect_stdout(io.StringIO()):\n"
        "    mcr_score.cli.main(['waits', '123456789m123p5s'], standalone_mode=False)"
    )
    assert "mcr_score.systems.mcr.advice" in loaded_after(code)


@pytest.mark.parametrize(
    "code", ["import mcr_score", "import mcr_score.cli", "import mcr_score.cli; mcr_score.compiled"]
)
def test_importing_the_package_or_the_group_loads_no_command(code: str) -> None:
    probe = f"{code}\nimport sys\nprint(sorted(m for m in sys.modules if m.startswith('mcr_score.')))"
    proc = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    expected = "['mcr_score.cli', 'mcr_score.cli.help_group']" if "cli" in code else "[]"
    assert proc.stdout.strip() == expected


def test_the_group_help_loads_no_command() -> None:
    probe = (
        "import io, contextlib, mcr_score.cli, sys\n"
        "with contextlib.redirect_stdout(io.StringIO()), contextlib.suppress(SystemExit):\n"
        "    mcr_score.cli.main(['--help'])\n"
        "print(sorted(m for m in sys.modules if m.startswith('mcr_score.')))"
    )
    proc = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    # No command and no rule system: the help's catalogue (and what it is read with) and the
    # registry, whose names the help lists.
    help_modules = ["cli", "cli.help_group", "cli.helptext", "errors", "lazy", "messages", "systems", "textwidth"]
    assert proc.stdout.strip() == str([f"mcr_score.{m}" for m in help_modules])


# --- the commands' table


def real_commands() -> dict[str, click.Command]:
    """Every command, imported from its module as `COMMANDS` says."""
    return {name: LazyCommands()[name] for name in COMMANDS}


def test_the_table_names_each_command_by_its_own_name() -> None:
    for name, command in real_commands().items():
        assert isinstance(command, click.Command), name
        assert command.name == name
        assert not command.hidden, name
        assert not command.deprecated, name
        assert command.short_help is None, name  # the help's first sentence is what `--help` lists
        assert command.help == f"help.{name}", name  # the id the group lists it by, not imported


@pytest.mark.parametrize("lang", messages.LANGS)
@pytest.mark.parametrize("limit", [10, 25, 45, 60, 74, 100, 200, 1000])
def test_the_table_holds_each_command_s_one_line_help(limit: int, lang: str) -> None:
    """What the group lists, shortened to any width, is the command's own help shortened alike: the
    summary is the first sentence of the help (click finds it where the language spaces its words)."""
    for name, command in real_commands().items():
        assert command.help is not None
        listed = helptext.short_help(f"help.{name}", lang, limit)
        own = helptext.command_help(command.help, lang)
        summary = helptext.help_text(f"help.{name}.summary", lang)
        assert own.startswith(summary), (name, lang)
        if helptext.width(summary) == len(summary):  # no wide character: click shortens the whole help
            assert click.Command(name, help=own).get_short_help_str(limit) == listed, (name, limit, lang)


@pytest.mark.parametrize("lang", messages.LANGS)
@pytest.mark.parametrize("width", [40, 80, 120, 250])
def test_the_group_help_is_the_one_written_from_the_commands_themselves(width: int, lang: str) -> None:
    eager = cli.Group(main.name, commands=real_commands(), help=main.help, params=main.params)
    assert all(eager.lazy.loaded(name) is not None for name in COMMANDS)
    runner = CliRunner()
    env = {"LANG": f"{lang}.UTF-8"}
    lazy = runner.invoke(fresh_group(), ["--help"], prog_name="mcr-score", terminal_width=width, env=env)
    want = runner.invoke(eager, ["--help"], prog_name="mcr-score", terminal_width=width, env=env)
    assert lazy.exit_code == want.exit_code == 0
    assert lazy.output == want.output
    heading = messages.text("i18n.colon", lang, label=messages.text("help.section.commands", lang), value="")
    assert f"{heading.rstrip()}\n  batch " in lazy.output


def fresh_group() -> cli.Group:
    """A group like `main` whose commands are not imported yet (the test process has imported them)."""
    group = cli.Group(main.name, help=main.help, params=main.params)
    assert all(group.lazy.loaded(name) is None for name in COMMANDS)
    return group


def test_a_loaded_command_is_listed_from_itself(cli_runner: CliRunner) -> None:
    group = fresh_group()
    group.lazy["parse"]  # loads it
    assert group.lazy.loaded("parse") is not None
    result = cli_runner.invoke(group, ["--help"], prog_name="mcr-score")
    assert "  parse      Parse HAND and print its canonical form and structure.\n" in result.stdout


def test_the_commands_mapping() -> None:
    commands = LazyCommands()
    assert list(commands) == list(COMMANDS)
    assert len(commands) == len(COMMANDS)
    assert "score" in commands
    assert "nothing" not in commands
    assert 3 not in commands
    assert commands.loaded("score") is None
    assert commands["score"] is commands["score"] is commands.loaded("score")
    with pytest.raises(KeyError):
        commands["nothing"]
    assert commands.get("nothing") is None
    extra = click.Command("extra")
    commands["extra"] = extra
    assert commands["extra"] is extra
    assert list(commands)[-1] == "extra"
    del commands["extra"], commands["score"]
    assert "extra" not in commands
    assert "score" not in commands
    assert len(commands) == len(COMMANDS) - 1


def test_an_unknown_command_is_a_usage_error(cli_runner: CliRunner) -> None:
    result = cli_runner.invoke(main, ["nothing"], prog_name="mcr-score")
    assert result.exit_code == 2
    assert "No such command 'nothing'" in result.stderr


def test_a_command_added_to_the_group_runs(cli_runner: CliRunner) -> None:
    group = fresh_group()

    @group.command("hello")
    def hello() -> None:
        """Say hello."""
        click.echo("hello")

    assert cli_runner.invoke(group, ["hello"]).stdout == "hello\n"
    assert "  hello      Say hello.\n" in cli_runner.invoke(group, ["--help"]).stdout


def test_commands_given_to_the_group_are_kept(cli_runner: CliRunner) -> None:
    hello = click.Command("hello", callback=lambda: click.echo("hello"), help="Say hello.")
    group = cli.Group(main.name, commands=[hello])
    assert list(group.commands)[-1] == "hello"
    assert cli_runner.invoke(group, ["hello"]).stdout == "hello\n"


def test_the_final_collection_is_skipped_once_per_process(monkeypatch: pytest.MonkeyPatch) -> None:
    registered: list[object] = []
    monkeypatch.setattr(cli.atexit, "register", registered.append)
    cli._skip_final_collection.cache_clear()
    try:
        for _ in range(2):
            CliRunner().invoke(fresh_group(), ["parse", "123456789m123p5s5s"])
    finally:
        cli._skip_final_collection.cache_clear()
    assert registered == [cli.gc.freeze]


# --- the package's names


def test_every_public_name_loads_from_its_module() -> None:
    import importlib

    assert set(mcr_score._EXPORTS) == set(mcr_score.__all__) - {"compiled"}
    for name, module in mcr_score._EXPORTS.items():
        assert getattr(mcr_score, name) is getattr(importlib.import_module(f"mcr_score.{module}"), name)
    namespace: dict[str, object] = {}
    exec("from mcr_score import *", namespace)
    assert set(namespace) - {"__builtins__"} == set(mcr_score.__all__)


def test_the_package_lists_its_names_and_refuses_others() -> None:
    assert set(mcr_score.__all__) <= set(dir(mcr_score))
    assert mcr_score.systems.mcr.api.score is mcr_score.score  # a submodule, as `import mcr_score` used to give
    with pytest.raises(AttributeError, match="has no attribute 'nothing'"):
        _ = mcr_score.nothing  # type: ignore[attr-defined]
    with pytest.raises(AttributeError, match="has no attribute '_private'"):
        _ = mcr_score._private  # type: ignore[attr-defined]


def test_a_submodule_that_fails_to_import_says_why(monkeypatch: pytest.MonkeyPatch) -> None:
    """Only a missing submodule is a missing attribute; a submodule's own failing import is reported."""
    import importlib

    def fail(name: str, package: str | None = None) -> None:
        raise ModuleNotFoundError("No module named 'no_such_module_here'", name="no_such_module_here")

    monkeypatch.setattr(importlib, "import_module", fail)
    with pytest.raises(ModuleNotFoundError, match="no_such_module_here"):
        _ = mcr_score.broken  # type: ignore[attr-defined]


# --- the catalogues, read line by line


@pytest.mark.parametrize("lang", messages.LANGS)
def test_a_catalogue_reads_as_tomllib_reads_it(lang: str) -> None:
    source = (Path(messages.LOCALES) / f"{lang}.toml").read_text(encoding="utf-8")
    data = messages.read_lines(source)
    assert data is not None, "the catalogue left the line format: tomllib reads it, slowly"
    assert data == tomllib.loads(source)
    assert json.dumps(data, ensure_ascii=False) == json.dumps(tomllib.loads(source), ensure_ascii=False)  # order too


@pytest.mark.parametrize(
    "source",
    [
        'a = "x"\n[b]\nc = "y"\n',  # a table header
        'a = "x" # a comment after the text\n',
        'a = "line\\nbreak"\n',  # an escape other than \"
        'a = "x\\\\"\n',  # an escaped backslash
        'a="x"\n',  # other spacing
        'a = "x"\na = "y"\n',  # a key twice (tomllib raises)
        'a = "x"\na.b = "y"\n',  # a text, then a table of the same name (tomllib raises)
        'a.b = "y"\na = "x"\n',
        "a = 'literal'\n",
        'a = """multi"""\n',
        "a = 1\n",
        '"quoted key" = "x"\n',
        "# a control \x01 in a comment\n",
        'a = "x"\r\n',
        'a = "x" junk\n',
        'a = "x"\njunk\nb = "y"\n',  # a line between two good ones
        'a = "vertical\x0btab"\n',  # a control character in a text (tomllib raises)
        'a = "x"\rb = "y"\n',
    ],
)
def test_anything_else_is_left_to_tomllib(source: str) -> None:
    assert messages.read_lines(source) is None


@pytest.mark.parametrize(
    "source",
    [
        "",
        "# only a comment\n\n   \n\t# indented comment\n",
        'a = "x"\nb.c = "y \\"quoted\\""\nb.d = "z"\ne = ""\n',
        'x.y.z = "deep"\nx.w = "{n:,} {name}"\n',
        'a = "no final newline"',
        'a = "\\"quoted\\" at both ends\\""\n\n\n',
        'a = "a\ttab and 中文 and ’"\n  \n',
    ],
)
def test_the_lines_read_as_tomllib_reads_them(source: str) -> None:
    assert messages.read_lines(source) == tomllib.loads(source)


def test_a_catalogue_outside_the_line_format_is_read_by_tomllib(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    en = (Path(messages.LOCALES) / "en.toml").read_text(encoding="utf-8")
    (tmp_path / "en.toml").write_text(
        en + '\n[extra]\nkey = "value" # a table and a trailing comment\n', encoding="utf-8"
    )
    monkeypatch.setattr(messages, "LOCALES", str(tmp_path))
    read = messages.catalogue.__wrapped__("en")
    assert read["extra.key"] == "value"
    assert read["column"] == messages.catalogue("en")["column"]
    (tmp_path / "en.toml").write_text('a = "x"\na = "y"\n', encoding="utf-8")
    with pytest.raises(tomllib.TOMLDecodeError):
        messages.catalogue.__wrapped__("en")
