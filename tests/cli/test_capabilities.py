"""Every command that takes `--system` is a capability of the systems (`cli.options.system_option`):
its `--help` names only the systems that have it, a system without it is refused by name (exit 2),
and the options a system declares (`systems/<x>/options.py`) reach the commands they name without
any module of `cli/` naming the system."""

from __future__ import annotations

import json

import click
import pytest
from click.testing import CliRunner

from mcr_score import systems
from mcr_score.cli import COMMANDS, main
from mcr_score.cli import options as cli_options
from mcr_score.systems.base import Capability, OptionKind, OptionSpec


def _system_option(command: click.Command) -> click.Option | None:
    return next((p for p in command.params if isinstance(p, click.Option) and p.name == "system"), None)


@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_each_command_lists_only_the_systems_that_have_it(cli_runner: CliRunner, name: str) -> None:
    command = main.commands[name]
    if isinstance(command, click.Group):  # `card`: its `check`
        command = command.commands["check"]
        args = ["card", "check", "--help"]
    else:
        args = [name, "--help"]
    option = _system_option(command)
    if option is None:
        return  # a command without --system
    capability = cli_options.capability_of(command)
    assert capability is not None
    having = [n for n in systems.NAMES if systems.get(n).can(capability)]
    result = cli_runner.invoke(main, args, terminal_width=200, env={"LANG": "C.UTF-8"})
    assert result.exit_code == 0, result.output
    assert f"--system [{'|'.join(having)}]" in result.output
    for other in set(systems.NAMES) - set(having):
        assert f"{other} (" not in result.output, other  # `--system`'s help names each system it lists


def test_an_mcr_only_command_s_rules_help_names_no_other_system(cli_runner: CliRunner) -> None:
    result = cli_runner.invoke(main, ["waits", "--help"], terminal_width=200)
    assert "--system [mcr]" in result.output
    assert "--system six" not in result.output
    assert "NAME.toml." in result.output
    scored = cli_runner.invoke(main, ["score", "--help"], terminal_width=200)
    assert "with --system six, hk, maho or nmjl: standard" in scored.output


@pytest.mark.parametrize(
    ("args", "system"),
    [
        (["waits", "123456789m11p46s", "--system", "maho"], "maho"),
        (["shanten", "19m19p1sESWNCF5p5s", "--system", "hk", "--json"], "hk"),
        (["catchup", "--scores", "1,2,3,4", "--system", "six"], "six"),
        (["fans", "--system", "nmjl"], "nmjl"),
    ],
)
def test_a_system_without_the_command_is_refused_by_name(cli_runner: CliRunner, args: list[str], system: str) -> None:
    result = cli_runner.invoke(main, args)
    assert result.exit_code == 2
    if "--json" in args:
        error = json.loads(result.stdout)["error"]
        assert error["code"] == "not-in-system"
        assert system in error["message"]
    else:
        assert f"not-in-system: {args[0]} is not available for the {system} system" in result.stderr


def test_a_system_s_declared_option_reaches_the_commands_it_names(monkeypatch: pytest.MonkeyPatch) -> None:
    """A planted system option (as a new system's `options.py` would declare it) is added by the one
    decorator to the commands it names, typed by its kind, and to no other."""
    SCORE = frozenset({Capability.SCORE})
    planted = (
        OptionSpec("tempo", "--tempo", OptionKind.NUMBER, "help.opt.order", SCORE, low=1, high=3),
        OptionSpec("hat", "--hat", OptionKind.WORD, "help.opt.mode", SCORE, check=str.upper),
        OptionSpec("fast", "--fast", OptionKind.FLAG, "help.opt.bet", frozenset({Capability.PARSE})),
    )
    monkeypatch.setattr(systems, "option_specs", lambda: planted)

    @click.command(cls=cli_options.Command)
    @cli_options.system_options(Capability.SCORE)
    def probe(**fields: object) -> None:
        click.echo(json.dumps(fields, sort_keys=True))

    assert [p.name for p in probe.params] == ["tempo", "hat"]
    runner = CliRunner()
    assert json.loads(runner.invoke(probe, ["--tempo", "2", "--hat", "felt"]).stdout) == {"hat": "FELT", "tempo": 2}
    assert runner.invoke(probe, ["--tempo", "9"]).exit_code == 2  # its bounds


def test_a_word_the_system_refuses_is_a_usage_error_naming_the_option(cli_runner: CliRunner) -> None:
    result = cli_runner.invoke(main, ["score", "[123a][555x][7a7b7c][3a4b5c]9c9c", "--system", "maho", "--mode", "x"])
    assert result.exit_code == 2
    assert "--mode" in result.stderr


def test_the_files_a_system_s_options_name_are_inputs() -> None:
    fields = {"deck": "deck.toml", "bonus": None, "card": "", "mode": "basic"}
    assert cli_options.input_files(fields) == ["deck.toml"]


@pytest.mark.parametrize(
    ("lang", "written"),
    [("en", "with --system six, hk or maho:"), ("fr", "avec --system six, hk ou maho :"), ("zh", "six、hk或maho时")],
)
def test_the_rules_help_names_the_command_s_systems_as_a_choice(cli_runner: CliRunner, lang: str, written: str) -> None:
    """`fans` (no nmjl): the systems whose profiles `--rules` takes, joined as a choice in each language."""
    result = cli_runner.invoke(main, ["fans", "--help", "--lang", lang], terminal_width=400)
    assert written in result.output


def test_a_command_without_system_is_no_capability() -> None:
    assert cli_options.capability_of(click.Command("plain")) is None
