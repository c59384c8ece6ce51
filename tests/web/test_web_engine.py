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


def test_the_page_s_questions_import_no_click() -> None:
    """Every question the page asks (`QUESTIONS`) answered without importing click (the terminal's
    colours, which the page never draws): the static build's cut leaves its modules out, and the
    page's engine imports them neither at its start nor after."""
    code = (
        "import sys, json; import mcr_score.web.engine as e\n"
        "for name, params in e.QUESTIONS: e.answer(name, json.dumps(params))\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] == 'click'))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


def test_the_page_is_written_with_the_engines_first_answers() -> None:
    """index.html with `#first`: each of `FIRST`'s answers as the engine gives it live, the page's
    words in every language, and no `</` that would end the script element early."""
    import re
    from importlib import resources

    from mcr_score.messages import LANGS, page_strings
    from mcr_score.web import engine

    html = (resources.files("mcr_score.web") / "static" / "index.html").read_text(encoding="utf-8")
    written = engine.page_html(html)
    found = re.search(r'<script id="first" type="application/json">(.*?)</script>', written, re.S)
    assert found is not None
    assert "</" not in found[1]
    first = json.loads(found[1])
    assert set(first["answers"]) == {name for name, _ in engine.FIRST}
    for name, params in engine.FIRST:
        assert first["answers"][name] == ask(name, **params)[1], name
    assert first["strings"] == {lang: page_strings(lang) for lang in LANGS}
    assert first["answers"]["edit"]["picker"]["rows"][0][0] == "m"  # the picker the page draws first
    with pytest.raises(ValueError, match="first answers"):
        engine.page_html("<html></html>")


def test_the_page_is_written_with_its_picker_and_its_tile_faces() -> None:
    """index.html with the picker of the engine's first answer drawn (`picker_html`), the tile
    faces' sprite in the page, each face the picker names there, and the style sheet: drawn at the
    first paint, with no script run and no file fetched."""
    import re
    from importlib import resources

    from mcr_score.web import engine

    html = (resources.files("mcr_score.web") / "static" / "index.html").read_text(encoding="utf-8")
    written = engine.page_html(html)
    assert engine.PICKER_MARK not in written
    assert engine.TILES_MARK not in written
    assert written.count('<svg xmlns="http://www.w3.org/2000/svg" id="tiles"') == 1
    symbols = set(re.findall(r'<symbol id="(t-[^"]+)"', written))
    picker = written[written.index('<div id="picker"') :]
    used = re.findall(r'<use href="#(t-[^"]+)"></use>', picker)
    rows = engine.first_answers()["edit"]["picker"]["rows"]
    assert used == [f"t-{code}" for _, codes in rows for code in codes]
    assert set(used) <= symbols
    assert written.index('id="tiles"') < written.index('<div id="picker"')  # the faces before the tiles
    css = (resources.files("mcr_score.web") / "static" / "style.css").read_text(encoding="utf-8")
    assert f"<style>\n{css.strip()}\n</style>" in written  # the style sheet in the page, not fetched
    assert "static/style.css" not in written


def test_every_question_of_the_page_is_answered_or_refused_by_name() -> None:
    """`QUESTIONS`, which the static build cuts its Python to and the page's snapshot is warmed with,
    each answered (200) or refused with a named error (422): none crashes the engine."""
    from mcr_score.web import engine

    statuses = {ask(name, **params)[0] for name, params in engine.QUESTIONS}
    assert statuses == {200, 422}
    engine.warm()
    engine.warm(every=True)
