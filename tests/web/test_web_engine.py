"""The page's engine (`mcr_score.web.engine`, what Pyodide runs in the static page) answers as the
service does: the same status and body for each question the page asks, so the page scores the
same whether it runs on `mcr-score serve` or alone."""

from __future__ import annotations

import json
import subprocess
import sys
from typing import Any

import pytest

from mcr_score.web.engine import answer

pytest.importorskip("fastapi")
from fastapi.testclient import TestClient

from mcr_score.web import api

HANDS = ["123456789m123p5s5s", "[EEEE][CCCC][FFFF][PPPP]NN", "123m456p789s11m23p|EE0000|abc", "1112345678999m", "12m"]


@pytest.fixture(scope="module")
def client() -> TestClient:
    return TestClient(api.create_app())


def ask(name: str, **params: str) -> tuple[int, Any]:
    got = json.loads(answer(name, json.dumps(params)))
    return got["status"], got["body"]


@pytest.mark.parametrize("hand", HANDS)
@pytest.mark.parametrize("name", ["explain", "waits", "parse"])
def test_the_engine_answers_as_the_service(client: TestClient, name: str, hand: str) -> None:
    params = {"hand": hand} | ({} if name == "parse" else {"rules": "china"})
    served = client.get(f"/api/{name}", params=params)
    assert ask(name, **params) == (served.status_code, served.json())


def test_text_rules_and_fans_as_served(client: TestClient) -> None:
    for hand in HANDS:
        served = client.get("/api/text/explain", params={"hand": hand, "lang": "fr"})
        assert ask("text/explain", hand=hand, lang="fr") == (served.status_code, served.text)
    assert ask("rules") == (200, client.get("/api/rules").json())
    assert ask("fans", rules="wmo-2014") == (200, client.get("/api/fans?rules=wmo-2014").json())


def test_what_the_engine_refuses_is_named() -> None:
    status, body = ask("explain", hand="123456789m123p5s5s", rules="house")
    assert (status, body["error"]["where"]) == (422, "rules")
    status, body = ask("text/explain", hand="12m", lang="de")
    assert (status, body["error"]["where"]) == (422, "lang")
    status, body = ask("session")
    assert (status, body["error"]["where"]) == (422, "path")


def test_the_engine_needs_neither_fastapi_nor_pydantic() -> None:
    """Pyodide has neither: the engine's imports must not reach them."""
    code = (
        "import sys; import mcr_score.web.engine as e; e.answer('explain', '{\"hand\": \"123456789m123p5s5s\"}');"
        "print(sorted(m for m in sys.modules if m.split('.')[0] in ('fastapi', 'pydantic', 'starlette')))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"
