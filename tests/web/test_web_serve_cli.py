"""`mcr-score serve`: its options reach uvicorn, and without the web extra it says how to install it."""

from __future__ import annotations

import sys
from typing import Any

import pytest
from click.testing import CliRunner

from mcr_score.cli import main

uvicorn = pytest.importorskip("uvicorn")

from mcr_score.web.server import NoDelayProtocol  # noqa: E402


def test_serve_runs_the_app_on_the_host_and_port(cli_runner: CliRunner, monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[dict[str, Any]] = []
    monkeypatch.setattr(uvicorn, "run", lambda app, **kw: calls.append({"app": app, **kw}))
    result = cli_runner.invoke(main, ["serve", "--host", "0.0.0.0", "--port", "8123", "--workers", "2"])
    assert result.exit_code == 0, result.output
    assert calls == [
        {
            "app": "mcr_score.web.api:create_app",
            "factory": True,
            "host": "0.0.0.0",
            "port": 8123,
            "workers": 2,
            "log_level": "warning",
            "http": NoDelayProtocol,  # TCP_NODELAY on the socket --workers binds (test_web_server)
        }
    ]
    assert "http://0.0.0.0:8123/" in result.stderr


def test_serve_defaults_to_this_machine_only(cli_runner: CliRunner, monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[dict[str, Any]] = []
    monkeypatch.setattr(uvicorn, "run", lambda app, **kw: calls.append(kw))
    assert cli_runner.invoke(main, ["serve"]).exit_code == 0
    assert (calls[0]["host"], calls[0]["port"]) == ("127.0.0.1", 8000)
    monkeypatch.setattr(uvicorn, "run", lambda app, **kw: calls.append(kw))
    result = cli_runner.invoke(main, ["serve", "--host", "::1"])
    assert "http://[::1]:8000/" in result.stderr


def test_serve_without_the_web_extra_names_it(cli_runner: CliRunner, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "uvicorn", None)  # an import of it now raises ImportError
    result = cli_runner.invoke(main, ["serve"], env={"LANG": "fr_FR.UTF-8"})
    assert result.exit_code == 1
    assert "pip install 'mcr-score[web]'" in result.stderr
    assert "uvicorn manque" in result.stderr


def test_serve_rejects_a_bad_port(cli_runner: CliRunner) -> None:
    result = cli_runner.invoke(main, ["serve", "--port", "70000"])
    assert result.exit_code == 2
