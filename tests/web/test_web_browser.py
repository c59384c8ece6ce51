"""The table-side page in a real browser: Playwright drives Debian's Chromium headless against the app
served by uvicorn on a free loopback port (tests/support/browser.py: skipped without Chromium, failed
in CI). Screenshots at phone and tablet size go to build/screenshots/ on every run.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest

pytest.importorskip("fastapi")
playwright_api = pytest.importorskip("playwright.sync_api")
uvicorn = pytest.importorskip("uvicorn")

from mcr_score.web.api import create_app  # noqa: E402
from tests.support.browser import (  # noqa: E402
    LANDSCAPE,
    PHONE,
    TABLET,
    choose,
    launch,
    open_page,
    serve,
    shoot,
    situation,
    tap,
)


@pytest.fixture(scope="module")
def server() -> Iterator[str]:
    yield from serve(create_app(), uvicorn)


@pytest.fixture(scope="module")
def browser(server: str) -> Iterator[Any]:
    yield from launch(playwright_api)


@pytest.fixture
def page(browser: Any) -> Iterator[Any]:
    context = browser.new_context(viewport=PHONE, locale="en-GB")
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    yield page
    context.close()
    assert not errors, errors


def open_scored(page: Any, url: str) -> Any:
    """Open the straight of 22 points, scored; Playwright's `expect` for what follows."""
    open_page(page, url)
    playwright_api.expect(page.locator("#verdict")).to_have_attribute("data-total", "22")
    return playwright_api.expect


STRAIGHT = ["1m", "2m", "3m", "4m", "5m", "6m", "7m", "8m", "9m", "1p", "2p", "3p", "5s", "5s"]
FALSE_HU = "123m345p678s22m456s%7CEE1000%7Cab"  # 6 points and 2 flowers: 8 in all, a false Hu


def test_pick_a_hand_and_see_its_verdict(server: str, page: Any) -> None:
    open_page(page, server + "/")
    for code in STRAIGHT:
        tap(page, code)
    expect = playwright_api.expect
    expect(page.locator("#notation")).to_have_value("123456789m123p5s5s")
    verdict = page.locator("#verdict")
    expect(verdict).to_have_attribute("data-total", "22")
    expect(verdict).to_have_attribute("data-points", "22")
    expect(verdict).to_have_attribute("data-valid", "true")
    expect(verdict.locator(".headline")).to_have_text("Valid Hu — 22")
    expect(page.locator("#result .fans")).to_contain_text("28 Pure Straight")
    expect(page.locator("#result .not-counted")).to_contain_text("its sets are already combined in 28 Pure Straight")
    expect(page.locator("#count")).to_have_text("14 / 14 tiles")
    assert "q=123456789m123p5s5s" in page.url


@pytest.mark.parametrize(("size", "name"), [(PHONE, "phone"), (TABLET, "tablet"), (LANDSCAPE, "landscape")])
def test_the_verdict_is_in_view_after_the_14th_tile(server: str, browser: Any, size: dict[str, int], name: str) -> None:
    """Wherever the 14th tile is tapped, its verdict box lies inside the viewport, without scrolling."""
    context = browser.new_context(viewport=size, locale="en-GB")
    page = context.new_page()
    open_page(page, server + "/")
    for code in STRAIGHT:
        tap(page, code)
    playwright_api.expect(page.locator("#verdict")).to_have_attribute("data-total", "22")
    box = page.locator("#verdict").bounding_box()
    assert box is not None
    assert box["y"] >= 0, box
    assert box["y"] + box["height"] <= size["height"], (box, size)
    shoot(page, f"{name}-score.png")
    context.close()


def test_a_false_hu_never_has_a_total_as_its_headline(server: str, page: Any) -> None:
    open_page(page, server + "/?q=" + FALSE_HU)
    expect = playwright_api.expect
    verdict = page.locator("#verdict")
    expect(verdict).to_have_attribute("data-valid", "false")
    expect(verdict).to_have_attribute("data-total", "8")  # as `mcr-score score --json` gives it
    expect(verdict).to_have_attribute("data-points", "6")
    expect(verdict).to_have_attribute("data-state", "bad")
    expect(verdict.locator(".headline")).to_have_text("False Hu — 6 points, 8 needed (flowers do not count)")
    shoot(page, "phone-false-hu.png")


def test_a_tile_used_four_times_is_disabled(server: str, page: Any) -> None:
    open_page(page, server + "/")
    tap(page, "9s", "pung")
    expect = playwright_api.expect
    expect(page.locator("#picker [data-tile='9s']")).to_be_disabled()  # a second pung would be six
    choose(page, "single")
    expect(page.locator("#picker [data-tile='9s']")).to_be_enabled()
    tap(page, "9s")
    expect(page.locator("#picker [data-tile='9s']")).to_be_disabled()
    choose(page, "chow")
    expect(page.locator("#picker [data-tile='7s']")).to_be_disabled()  # 789s needs a fifth 9s
    expect(page.locator("#picker [data-tile='8s']")).to_be_disabled()  # no chow starts at 8
    expect(page.locator("#picker [data-tile='E']")).to_be_disabled()  # no chow of honors


def test_targets_are_44_px_at_least(server: str, page: Any) -> None:
    """Every control 44 px at least; the picker's tiles 40x52 at least, so that a suit's nine fit one
    row of a 390 px phone (issue 39: nine 44 px tiles are 396 px)."""
    open_page(page, server + "/?q=123456789m123p5s5s")
    playwright_api.expect(page.locator("#verdict")).to_have_attribute("data-total", "22")
    situation(page)
    selector = "#hand button, .segmented label, #situation-section button, #situation-section summary, #undo, #clear"
    script = "els => els.map(e => [e.offsetWidth, e.offsetHeight, e.outerHTML.slice(0, 60)])"
    sizes = page.eval_on_selector_all(selector, script)
    assert len(sizes) > 40
    small = [s for s in sizes if min(s[0], s[1]) < 44]
    assert not small, small
    tiles = page.eval_on_selector_all("#picker .tile", script)
    assert len(tiles) == 42
    small = [s for s in tiles if s[0] < 40 or s[1] < 52]
    assert not small, small


def test_the_text_box_drives_the_picker(server: str, page: Any) -> None:
    open_page(page, server + "/")
    page.fill("#notation", "[EEEE][CCCC][FFFF][PPPP]NN")
    expect = playwright_api.expect
    expect(page.locator("#hand .meld")).to_have_count(4)
    expect(page.locator("#hand .meld[data-meld=concealed]")).to_have_count(4)
    expect(page.locator("#hand .meld .tile.down")).to_have_count(8)  # a concealed kong's ends face down
    expect(page.locator("#count")).to_have_text("14 / 14 tiles")
    expect(page.locator("#picker [data-tile='C']")).to_be_disabled()
    expect(page.locator("#verdict")).to_have_attribute("data-total", "308")  # as `mcr-score score` gives it
    page.fill("#notation", "1z1z1z2z2z2z3z3z3z4z4z5z5z5z")  # the engine reads every spelling
    expect(page.locator("#hand [data-tile=E]")).to_have_count(3)
    expect(page.locator("#verdict")).to_have_attribute("data-valid", "true")


def test_an_unreadable_notation_marks_the_picker_and_the_link_follows_it(server: str, page: Any) -> None:
    expect = open_scored(page, server + "/?q=123456789m123p5s5s")
    page.fill("#notation", "123456789m123p5s5x")
    expect(page.locator("#notation")).to_have_attribute("aria-invalid", "true")
    expect(page.locator("#picker")).to_have_attribute("data-invalid", "true")
    expect(page.locator("#hand .tile")).to_have_count(0)  # not the previous hand
    expect(page.locator("#verdict")).to_have_attribute("data-state", "error")
    expect(page.locator("#verdict")).not_to_have_attribute("data-total", "22")
    expect(page.locator("#result pre.error")).to_contain_text("'x' is not part of the hand notation")
    assert "q=123456789m123p5s5x" in page.url
    page.select_option("#rules", "china")  # asked again: still the text on screen, not the old hand
    expect(page.locator("#notation")).to_have_value("123456789m123p5s5x")
    expect(page.locator("#result pre.error")).to_contain_text("'x' is not part of the hand notation")
    expect(page).to_have_url(re.compile(r"rules=china"))
    page.fill("#notation", "123456789m123p5s5s")
    expect(page.locator("#picker")).to_have_attribute("data-invalid", "false")
    expect(page.locator("#verdict")).to_have_attribute("data-total", "22")


def test_a_failed_request_leaves_no_old_result_looking_current(server: str, page: Any) -> None:
    expect = open_scored(page, server + "/?q=123456789m123p5s5s")
    page.route("**/api/explain?**", lambda route: route.abort("connectionrefused"))
    situation(page)
    page.click("#self-drawn")
    expect(page.locator("#verdict")).to_have_attribute("data-state", "error")
    expect(page.locator("#verdict .headline")).to_have_text("Not scored: the scorer did not answer")
    assert page.get_attribute("#verdict", "data-total") is None
    expect(page.locator("#result .fans")).to_have_count(0)


def test_a_slow_request_shows_pending_until_it_answers(server: str, page: Any) -> None:
    expect = open_scored(page, server + "/?q=123456789m123p5s5s")
    held: list[Any] = []
    page.route("**/api/explain?**", lambda route: held.append(route))
    situation(page)
    page.click("#self-drawn")
    expect(page.locator("#verdict")).to_have_attribute("data-state", "pending")
    assert page.get_attribute("#verdict", "data-total") is None
    expect(page.locator("#result")).to_have_attribute("aria-busy", "true")
    expect(page.locator("#result .fans")).not_to_be_visible()
    for route in held:
        route.continue_()
    page.unroute("**/api/explain?**")
    expect(page.locator("#verdict")).to_have_attribute("data-total", "24")
    expect(page.locator("#result")).not_to_have_attribute("aria-busy", "true")


def test_situation_buttons_and_their_errors_in_words(server: str, page: Any) -> None:
    expect = open_scored(page, server + "/?q=123456789m123p5s5s&lang=fr")
    situation(page)
    page.click("#self-drawn")
    expect(page.locator("#self-drawn")).to_have_attribute("aria-pressed", "true")
    expect(page.locator("#notation")).to_have_value("123456789m123p5s5s|EE1000")  # picker rewrote it
    expect(page.locator("#verdict")).to_have_attribute("data-total", "24")
    page.click("#seat [data-wind=S]")
    expect(page.locator("#notation")).to_have_value("123456789m123p5s5s|ES1000")
    page.click("#last-copy")  # the last copy of 5s, with another 5s standing
    expect(page.locator("#result pre.error")).to_contain_text("situation impossible")
    expect(page.locator("#last-copy")).to_have_class(re.compile(r"\bat-fault\b"))  # the button that caused it
    assert page.get_attribute("#verdict", "data-total") is None


def test_language_switch(server: str, page: Any) -> None:
    open_page(page, server + "/?q=123456789m123p5s5s")
    expect = playwright_api.expect
    expect(page.locator("#result .fans")).to_contain_text("Pure Straight")
    page.select_option("#lang", "zh")
    expect(page.locator("h1")).to_have_text("国标麻将算番器")
    expect(page.locator("#result .fans")).to_contain_text("清龙")
    expect(page.locator("#verdict .headline")).to_have_text("和牌有效 — 22")
    page.select_option("#lang", "fr")
    expect(page.locator("#verdict .headline")).to_contain_text("Hu valide")
    assert "lang=fr" in page.url


def test_a_shared_url_opens_scored_at_tablet_size(server: str, browser: Any) -> None:
    context = browser.new_context(viewport=TABLET)
    page = context.new_page()
    open_page(page, server + "/?q=%5BWWWW1%5D%5B444s%5D45m678pFF6m%7CES1000&rules=china&lang=en")
    expect = playwright_api.expect
    expect(page.locator("#rules")).to_have_value("china")
    expect(page.locator("#hand .meld")).to_have_count(2)
    expect(page.locator("#verdict")).to_have_attribute("data-valid", "true")
    expect(page.locator("#self-drawn")).to_have_attribute("aria-pressed", "true")
    context.close()


def test_tap_makes_the_winning_tile_and_remove_undo_clear(server: str, page: Any) -> None:
    open_page(page, server + "/?q=123456789m123p5s5s")
    expect = playwright_api.expect
    expect(page.locator("#hand .tile.win")).to_have_attribute("data-tile", "5s")
    page.click("#hand .item >> nth=0 >> .tile")  # 1m: now the winning tile
    expect(page.locator("#hand .tile.win")).to_have_attribute("data-tile", "1m")
    expect(page.locator("#notation")).to_have_value("23456789m123p55s1m")
    expect(page.locator("#verdict")).to_have_attribute("data-valid", "true")
    page.click("#hand .item >> nth=13 >> .remove")
    expect(page.locator("#count")).to_have_text("13 / 14 tiles")
    page.click("#undo")
    expect(page.locator("#count")).to_have_text("14 / 14 tiles")
    page.click("#clear")
    expect(page.locator("#notation")).to_have_value("")
    expect(page.locator("#verdict")).to_contain_text("Pick 14 more tiles")


def test_the_docs_page_works_offline_and_on_a_phone(server: str, page: Any) -> None:
    page.goto(server + "/docs")
    expect = playwright_api.expect
    expect(page.locator("#score_get")).to_contain_text("/api/score")
    expect(page.locator("#schema-ScoreBody")).to_be_visible()
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]  # nothing wider than the phone


NINE_GATES = "1112345678999m"


def test_thirteen_tiles_show_the_waits_cards(server: str, browser: Any) -> None:
    context = browser.new_context(viewport=PHONE)
    page = context.new_page()
    asked: list[str] = []
    page.on("request", lambda request: asked.append(request.url) if "/api/waits?" in request.url else None)
    open_page(page, server + "/")
    for code in NINE_GATES[:-1]:
        tap(page, code + "m")
    playwright_api.expect(page.locator("#verdict .headline")).to_have_text("Waiting on 9 tiles")
    expect = playwright_api.expect
    expect(page.locator("#count")).to_have_text("13 / 14 tiles")
    expect(page.locator("#result .card")).to_have_count(9)
    assert "hand=1112345678999m" in asked[-1]
    card = page.locator("#result .card[data-wait='5m']")
    expect(card.locator(".badge")).to_have_text("8+")
    expect(card.locator(".pts")).to_have_text("90 pts")  # as `mcr-score score 1112345678999m5m` gives it
    expect(card.locator(".left")).to_have_text("3 left")
    card.click()
    expect(card).to_have_attribute("aria-expanded", "true")
    expect(page.locator("#result .card-fans .fans")).to_contain_text("4 Nine Gates")  # that hand's fans
    situation(page)
    page.click("#self-drawn")  # the cards now show the self-drawn win
    expect(page.locator("#result .card[data-wait='5m'] .pts")).to_have_text("94 pts")
    page.select_option("#lang", "zh")
    expect(page.locator("#result h2").first).to_have_text("和牌张")
    page.evaluate("window.scrollTo(0, document.querySelector('#result').offsetTop - 8)")
    shoot(page, "phone-waits.png")
    context.close()
