"""`--help` of the group and of every command: it must render on every click version pyproject allows
(click 8.2 changed how parameter types are asked for their metavar, and a broken one only shows here)."""

from __future__ import annotations

import click
import pytest
from click.testing import CliRunner

from mcr_score.cli import main
from mcr_score.cli.options import RULES
from mcr_score.systems.mcr.profiles import PROFILES

COMMANDS = [
    "batch",
    "card",
    "catchup",
    "convert",
    "discards",
    "explain",
    "fan",
    "fans",
    "parse",
    "review",
    "rules",
    "score",
    "serve",
    "session",
    "shanten",
    "standings",
    "waits",
]
RULES_METAVAR = "[" + "|".join(PROFILES) + "|FILE.toml]"


def test_the_group_lists_every_command(cli_runner: CliRunner) -> None:
    result = cli_runner.invoke(main, ["--help"], prog_name="mcr-score")
    assert result.exit_code == 0, result.output
    assert result.stdout.startswith("Usage: mcr-score [OPTIONS] COMMAND [ARGS]...")
    assert sorted(main.commands) == COMMANDS
    for name in COMMANDS:
        assert f"\n  {name} " in result.stdout


@pytest.mark.parametrize("name", COMMANDS)
def test_every_command_has_help(cli_runner: CliRunner, name: str) -> None:
    result = cli_runner.invoke(main, [name, "--help"], prog_name="mcr-score")
    assert result.exit_code == 0, result.output
    assert result.exception is None
    assert result.stdout.startswith(f"Usage: mcr-score {name} [OPTIONS]")


@pytest.mark.parametrize("name", ["batch", "explain", "fan", "score", "session", "standings"])
def test_rules_option_shows_the_profiles_and_files(cli_runner: CliRunner, name: str) -> None:
    result = cli_runner.invoke(main, [name, "--help"], prog_name="mcr-score", terminal_width=200)
    assert f"--rules {RULES_METAVAR}" in result.stdout


def test_rules_metavar_takes_either_calling_convention() -> None:
    """click 8.1 calls get_metavar(param); 8.2+ calls get_metavar(param=..., ctx=...)."""
    param = click.Option(["--rules"], type=RULES)
    ctx = click.Context(main)
    assert RULES.get_metavar(param) == RULES_METAVAR
    assert RULES.get_metavar(param=param, ctx=ctx) == RULES_METAVAR
