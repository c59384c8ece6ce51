"""The table-side page on a phone (issue 39): Chromium at 390x844, device scale 3, touch, against the
app served by uvicorn. Everything a player needs is on the first screen (bounding boxes), the page
is usable before its engine answers (taps queue and are answered in order), every refusal is text
on the page with the engine's reason, and the DOM carries what other tools read.
"""

from __future__ import annotations

import json
import re
import time
from collections.abc import Callable, Iterator
from typing import Any

import pytest

pytest.importorskip("fastapi")
playwright_api = pytest.importorskip("playwright.sync_api")
uvicorn = pytest.importorskip("uvicorn")

from fastapi.testclient import TestClient  # noqa: E402

from mcr_score.messages import DEFAULT_LANG, page_strings  # noqa: E402
from mcr_score.web import engine  # noqa: E402
from mcr_score.web.api import create_app  # noqa: E402
from tests.support.browser import PHONE, choose, launch, open_page, serve, situation, tap  # noqa: E402

STRAIGHT = ["1m", "2m", "3m", "4m", "5m", "6m", "7m", "8m", "9m", "1p", "2p", "3p", "5s", "5s"]
KINDS = 34
BANNER_PX = 64


@pytest.fixture(scope="module")
def server() -> Iterator[str]:
    yield from serve(create_app(), uvicorn)


@pytest.fixture(scope="module")
def browser(server: str) -> Iterator[Any]:
    yield from launch(playwright_api)


@pytest.fixture
def phone(browser: Any) -> Iterator[Any]:
    """A phone: 390x844 CSS px, device scale 3, touch."""
    context = browser.new_context(viewport=PHONE, device_scale_factor=3, has_touch=True, is_mobile=True, locale="en-GB")
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    yield page
    context.close()
    assert not errors, errors


def box(page: Any, selector: str) -> dict[str, float]:
    found = page.locator(selector).first.bounding_box()
    assert found is not None, selector
    return dict(found)


def boxes(page: Any, selector: str) -> list[dict[str, float]]:
    return list(page.eval_on_selector_all(selector, "els => els.map(e => e.getBoundingClientRect().toJSON())"))


def in_view(b: dict[str, float]) -> bool:
    return (
        b["y"] >= 0
        and b["y"] + b["height"] <= PHONE["height"]
        and b["x"] >= 0
        and b["x"] + b["width"] <= PHONE["width"]
    )


def release(page: Any, held: list[Any], done: Callable[[], bool]) -> None:
    """Let the held questions through, in the order they were asked, and those they lead to, until `done`."""
    deadline = time.monotonic() + 20
    while not done():
        assert time.monotonic() < deadline, "the engine's answers did not come"
        while held:
            held.pop(0).continue_()
        page.wait_for_timeout(20)


def test_the_empty_page_fits_one_phone_screen(server: str, phone: Any) -> None:
    open_page(phone, server + "/")
    rows = phone.eval_on_selector_all(
        "#picker .suit",
        "rows => rows.map(r => [r.dataset.suit, [...r.children].map(t => t.getBoundingClientRect().top)])",
    )
    assert [key for key, _ in rows] == ["m", "p", "s", "z", "f"]
    for key, tops in rows:
        assert len(set(tops)) == 1, (key, tops)  # one row each: nine of a suit, the honours, the flowers
    assert [len(tops) for _, tops in rows] == [9, 9, 9, 7, 8]
    tiles = boxes(phone, "#picker .tile")
    assert len(tiles) == KINDS + 8
    assert all(in_view(t) for t in tiles), [t for t in tiles if not in_view(t)]
    assert all(t["width"] >= 40 and t["height"] >= 52 for t in tiles), tiles[0]
    for selector in ("#verdict", "#hand-section", "#picker-section", "header"):
        assert in_view(box(phone, selector)), selector
    assert box(phone, "#verdict")["height"] <= BANNER_PX
    assert box(phone, "header")["height"] <= BANNER_PX
    modes = boxes(phone, ".segmented label")
    assert len(modes) == 6
    assert len({m["y"] for m in modes}) == 1  # the mode control: one row
    line = box(phone, "#situation-section summary")
    assert line["height"] <= 48  # the situation: one line ...
    assert not phone.locator("#self-drawn").is_visible()
    phone.tap("#situation-section summary")  # ... that opens
    playwright_api.expect(phone.locator("#self-drawn")).to_be_visible()
    assert phone.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]


def test_after_the_14th_tile_the_fans_are_under_the_verdict(server: str, phone: Any) -> None:
    open_page(phone, server + "/")
    for code in STRAIGHT:
        tap(phone, code)
    verdict = phone.locator("#verdict")
    playwright_api.expect(verdict).to_have_attribute("data-total", "22")
    playwright_api.expect(verdict).to_have_attribute("data-points", "22")
    playwright_api.expect(verdict).to_have_attribute("data-valid", "true")
    playwright_api.expect(verdict).to_have_attribute("data-state", "ok")
    head = box(phone, "#verdict")
    assert head["height"] <= BANNER_PX
    first = box(phone, "#result [data-fan]")
    assert in_view(first)
    assert 0 <= first["y"] - (head["y"] + head["height"]) <= 48  # directly under it: the fans' title between
    fans = phone.eval_on_selector_all(
        "#result .fans [data-fan]", "rows => rows.map(r => [r.dataset.fan, r.textContent])"
    )
    assert fans[0][0] == "28"  # its id ...
    assert "Pure Straight" in fans[0][1]  # ... its name ...
    assert "16" in fans[0][1]  # ... and its points
    assert all(re.fullmatch(r"\d+", fan) for fan, _ in fans)


def test_a_false_hu_keeps_the_banner_small_and_says_why_in_text(server: str, phone: Any) -> None:
    open_page(phone, server + "/?q=123m345p678s22m456s%7CEE1000%7Cab")
    verdict = phone.locator("#verdict")
    playwright_api.expect(verdict).to_have_attribute("data-state", "bad")
    playwright_api.expect(verdict).to_have_attribute("data-valid", "false")
    assert box(phone, "#verdict")["height"] <= BANNER_PX
    playwright_api.expect(phone.locator("#why")).to_have_text(
        "2 short; the flowers, 2 points, are added only to a valid Hu"
    )
    assert in_view(box(phone, "#why"))


def test_taps_before_the_engine_answers_are_queued_and_answered_in_order(server: str, phone: Any) -> None:
    """Every question to the engine held: the picker is drawn and takes taps all the same, the verdict
    is pending, and once the engine answers the hand is the taps' in their order."""
    held: list[Any] = []
    phone.route("**/api/**", lambda route: held.append(route))
    phone.goto(server + "/")
    phone.wait_for_selector("body[data-usable='1']", state="attached")
    playwright_api.expect(phone.locator("#picker .tile")).to_have_count(KINDS + 8)
    playwright_api.expect(phone.locator("#verdict")).to_contain_text("Pick 14 more tiles")  # the engine's first answer
    for code in ("1m", "9p", "E"):
        phone.tap(f"#picker [data-tile='{code}']")
    choose(phone, "pung")
    phone.tap("#picker [data-tile='5s']")
    playwright_api.expect(phone.locator("#verdict")).to_have_attribute("data-state", "pending")
    assert phone.locator("#hand .tile").count() == 0
    release(phone, held, lambda: phone.input_value("#notation") == "[555s]1m9pE")
    playwright_api.expect(phone.locator("#count")).to_have_text("6 / 14 tiles")


def test_the_predrawn_picker_is_the_engines_live_answer(server: str, phone: Any) -> None:
    """The page written with the engine's first answers draws the same picker before and after its
    engine answers; those answers are the engine's live ones."""
    page = TestClient(create_app()).get("/").text
    written = json.loads(re.search(r'<script id="first" type="application/json">(.*?)</script>', page, re.S)[1])  # type: ignore[index]
    for name, params in engine.FIRST:
        assert written["answers"][name] == json.loads(engine.answer(name, json.dumps(params)))["body"], name
    held: list[Any] = []
    phone.route("**/api/**", lambda route: held.append(route))
    phone.goto(server + "/")
    phone.wait_for_selector("body[data-usable='1']", state="attached")
    before = phone.inner_html("#picker")
    assert not held or all("/api/edit" not in r.request.url for r in held)  # drawn with no question asked
    release(phone, held, lambda: True)
    phone.unroute("**/api/**")
    phone.goto(server + "/")
    phone.wait_for_selector("body[data-ready='1']", state="attached")
    live = phone.evaluate("fetch('api/edit?hand=&edit=').then(r => r.json())")
    assert live["picker"] == written["answers"]["edit"]["picker"]
    assert phone.inner_html("#picker") == before


def test_the_picker_written_into_the_page_is_the_scripts_own_drawing(server: str, browser: Any, phone: Any) -> None:
    """The picker's markup written into the page (`engine.picker_html`, from the engine's first
    answer) is the browser's reading of it before any script has run, and what the page's script
    draws (`buildPicker`) from the engine's live answer."""
    page = TestClient(create_app()).get("/").text
    rows = [(key, list(codes)) for key, codes in engine.first_answers()["edit"]["picker"]["rows"]]
    written = engine.picker_html(rows, page_strings(DEFAULT_LANG))
    assert f'<div id="picker" class="picker">{written}</div>' in page
    context = browser.new_context(viewport=PHONE, java_script_enabled=False)
    try:
        bare = context.new_page()
        bare.goto(server + "/")
        assert bare.inner_html("#picker") == written  # no script: the picker is there all the same
        assert bare.locator("#picker .tile").count() == KINDS + 8
    finally:
        context.close()
    open_page(phone, server + "/")
    drawn = phone.evaluate(
        """async () => {
          const live = await (await fetch("api/edit?hand=&edit=")).json();
          const picker = document.getElementById("picker");
          picker.textContent = "";
          buildPicker(live.picker.rows);
          return picker.innerHTML;
        }"""
    )
    assert drawn == written


def test_taps_before_the_script_runs_are_answered_in_order(server: str, phone: Any) -> None:
    """The page's script held back: the written picker takes taps (kept by the page's first
    script, with the way to add each), and the script, once it has run, answers them in order."""
    held: list[Any] = []
    phone.route("**/static/app.js", lambda route: held.append(route))
    phone.goto(server + "/", wait_until="commit")
    phone.wait_for_selector("#picker [data-tile='9s']")
    phone.tap("#picker [data-tile='1m']")
    choose(phone, "pung")
    phone.tap("#picker [data-tile='9s']")
    assert phone.locator("#hand .tile").count() == 0
    assert phone.evaluate("window.earlyTaps.map((t) => `${t.mode} ${t.el.dataset.tile}`)") == ["single 1m", "pung 9s"]
    release(phone, held, lambda: phone.input_value("#notation") == "[999s]1m")
    playwright_api.expect(phone.locator("#count")).to_have_text("4 / 14 tiles")


def test_a_fifth_copy_typed_says_the_engines_reason(server: str, phone: Any) -> None:
    open_page(phone, server + "/")
    phone.fill("#notation", "11111m")
    headline = phone.locator("#verdict .headline")
    playwright_api.expect(headline).to_have_text("5 copies of 1m; there are only 4")
    assert in_view(box(phone, "#verdict .headline"))
    phone.fill("#notation", "123456789m123p5s5x")
    playwright_api.expect(headline).to_have_text("digits '5' have no suit letter (m, p, s or z)")


def test_a_refused_tile_says_why_in_text(server: str, phone: Any) -> None:
    open_page(phone, server + "/?q=9999s")
    tile = phone.locator("#picker [data-tile='9s']")
    playwright_api.expect(tile).to_have_attribute("aria-disabled", "true")
    playwright_api.expect(tile).to_be_disabled()
    assert tile.get_attribute("title") is None  # no tooltip: a touch screen never shows one
    tile.tap(force=True)
    refusal = phone.locator("#refusal")
    playwright_api.expect(refusal).to_have_text("9s: All four copies are in the hand")
    assert in_view(box(phone, "#refusal"))
    playwright_api.expect(phone.locator("#notation")).to_have_value("9999s")  # nothing added
    choose(phone, "chow")
    phone.locator("#picker [data-tile='8m']").tap(force=True)
    playwright_api.expect(refusal).to_have_text("8m: No chow starts at this tile")
    phone.tap("#picker [data-tile='1m']")  # a tile it takes: the refusal goes
    playwright_api.expect(refusal).to_be_empty()
    playwright_api.expect(phone.locator("#notation")).to_have_value(re.compile(r"\[123m\]"))


@pytest.mark.parametrize(
    ("lang", "name"), [("en", "Green Book (2006)"), ("fr", "Pratique chinoise"), ("zh", "绿皮书（2006）")]
)
def test_rule_names_are_translated(server: str, phone: Any, lang: str, name: str) -> None:
    open_page(phone, server + f"/?lang={lang}")
    names = phone.eval_on_selector_all("#rules option", "os => os.map(o => o.textContent)")
    assert name in names
    assert not [n for n in names if re.fullmatch(r"[a-z0-9-]+", n)]  # no rule id shown


def test_the_situation_line_says_the_situation(server: str, phone: Any) -> None:
    open_page(phone, server + "/?q=123456789m123p5s5s%7CES1000")
    line = phone.locator("#situation-line")
    playwright_api.expect(line).to_have_text("Self-drawn · East round, South seat")
    situation(phone)
    phone.click("#wall-last")
    playwright_api.expect(line).to_have_text("Self-drawn · East round, South seat · Last tile of the wall")
