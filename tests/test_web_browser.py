"""The table-side page in a real browser: Playwright drives Debian's Chromium headless against the app
served by uvicorn on a free loopback port. Screenshots at phone and tablet size go to build/screenshots/
on every run.

Without Chromium the tests are skipped with the command that installs it; in CI (CI=true) a missing
browser fails them instead, so a green CI always means the page was driven.
"""

from __future__ import annotations

import os
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("fastapi")
playwright_api = pytest.importorskip("playwright.sync_api")
uvicorn = pytest.importorskip("uvicorn")

from mcr_score.web.api import create_app  # noqa: E402

CHROMIUM = Path(os.environ.get("MCR_CHROMIUM", "/usr/bin/chromium"))
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking"]
SHOTS = Path(__file__).resolve().parent.parent / "build" / "screenshots"
PHONE = {"width": 390, "height": 844}
TABLET = {"width": 820, "height": 1180}
INSTALL = "Chromium not found at /usr/bin/chromium: install it with `apt-get install -y chromium` (Debian)"


@pytest.fixture(scope="module")
def server() -> Iterator[str]:
    if not CHROMIUM.exists():
        if os.environ.get("CI") == "true":
            pytest.fail(f"{INSTALL}; CI must drive the page")
        pytest.skip(INSTALL)
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    server = uvicorn.Server(uvicorn.Config(create_app(), host="127.0.0.1", port=port, log_level="warning"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not server.started:
        assert time.monotonic() < deadline, "the server did not start"
        time.sleep(0.05)
    yield f"http://127.0.0.1:{port}"
    server.should_exit = True
    thread.join(10)


@pytest.fixture(scope="module")
def browser(server: str) -> Iterator[Any]:
    with playwright_api.sync_playwright() as p:
        b = p.chromium.launch(executable_path=str(CHROMIUM), args=FLAGS, headless=True)
        yield b
        b.close()


@pytest.fixture
def page(browser: Any) -> Iterator[Any]:
    context = browser.new_context(viewport=PHONE, locale="en-GB")
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    yield page
    context.close()
    assert not errors, errors


def shoot(page: Any, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / name), full_page=False)


def open_page(page: Any, url: str) -> None:
    """Load the page and wait until its script has wired every control."""
    page.goto(url)
    page.wait_for_selector("body[data-ready='1']", state="attached")


def tap(page: Any, code: str, mode: str = "single") -> None:
    page.check(f"input[name=mode][value={mode}]")
    page.click(f"#picker [data-tile='{code}']")


def test_pick_a_hand_and_see_its_total(server: str, page: Any) -> None:
    open_page(page, server + "/")
    for code in ["1m", "2m", "3m", "4m", "5m", "6m", "7m", "8m", "9m", "1p", "2p", "3p", "5s", "5s"]:
        tap(page, code)
    expect = playwright_api.expect
    expect(page.locator("#notation")).to_have_value("123456789m123p5s5s")
    expect(page.locator("#result .total")).to_have_attribute("data-total", "22")
    expect(page.locator("#result .fans")).to_contain_text("28 Pure Straight")
    expect(page.locator("#result .not-counted")).to_contain_text("its sets are already combined in 28 Pure Straight")
    expect(page.locator("#count")).to_have_text("14 / 14 tiles")
    assert "q=123456789m123p5s5s" in page.url
    page.evaluate("window.scrollTo(0, document.querySelector('#situation-section').offsetTop - 8)")
    shoot(page, "phone-score.png")


def test_a_tile_used_four_times_is_disabled(server: str, page: Any) -> None:
    open_page(page, server + "/")
    tap(page, "9s", "pung")
    expect = playwright_api.expect
    expect(page.locator("#picker [data-tile='9s']")).to_be_disabled()  # a second pung would be six
    page.check("input[name=mode][value=single]")
    expect(page.locator("#picker [data-tile='9s']")).to_be_enabled()
    tap(page, "9s")
    expect(page.locator("#picker [data-tile='9s']")).to_be_disabled()
    page.check("input[name=mode][value=chow]")
    expect(page.locator("#picker [data-tile='7s']")).to_be_disabled()  # 789s needs a fifth 9s
    expect(page.locator("#picker [data-tile='8s']")).to_be_disabled()  # no chow starts at 8
    expect(page.locator("#picker [data-tile='E']")).to_be_disabled()  # no chow of honors


def test_the_text_box_drives_the_picker(server: str, page: Any) -> None:
    open_page(page, server + "/")
    page.fill("#notation", "[EEEE][CCCC][FFFF][PPPP]NN")
    expect = playwright_api.expect
    expect(page.locator("#hand .meld")).to_have_count(4)
    expect(page.locator("#hand .meld[data-meld=concealed]")).to_have_count(4)
    expect(page.locator("#count")).to_have_text("14 / 14 tiles")
    expect(page.locator("#picker [data-tile='C']")).to_be_disabled()
    expect(page.locator("#result .total")).to_have_attribute("data-total", "308")  # as `mcr-score score` gives it
    # A spelling the page does not read itself goes through /api/parse.
    page.fill("#notation", "1z1z1z2z2z2z3z3z3z4z4z5z5z5z")
    expect(page.locator("#hand [data-tile=E]")).to_have_count(3)
    expect(page.locator("#result .total")).to_be_visible()


def test_situation_toggles_and_their_errors_in_words(server: str, page: Any) -> None:
    open_page(page, server + "/?q=123456789m123p5s5s&lang=fr")
    expect = playwright_api.expect
    expect(page.locator("#result .total")).to_have_attribute("data-total", "22")
    page.check("#self-drawn")
    expect(page.locator("#notation")).to_have_value("123456789m123p5s5s|EE1000")  # picker rewrote it
    expect(page.locator("#result .total")).to_have_attribute("data-total", "24")
    page.check("#kong-win")  # a replacement-tile win without a kong
    expect(page.locator("#result pre.error")).to_contain_text("situation impossible")


def test_language_switch(server: str, page: Any) -> None:
    open_page(page, server + "/?q=123456789m123p5s5s")
    expect = playwright_api.expect
    expect(page.locator("#result .fans")).to_contain_text("Pure Straight")
    page.select_option("#lang", "zh")
    expect(page.locator("h1")).to_have_text("国标麻将算番器")
    expect(page.locator("#result .fans")).to_contain_text("清龙")
    expect(page.locator("#result .total")).to_have_text("合计 22")
    page.select_option("#lang", "fr")
    expect(page.locator("#result .verdict")).to_contain_text("Hu valide")
    assert "lang=fr" in page.url


def test_a_shared_url_opens_scored_at_tablet_size(server: str, browser: Any) -> None:
    context = browser.new_context(viewport=TABLET)
    page = context.new_page()
    open_page(page, server + "/?q=%5BWWWW1%5D%5B444s%5D45m678pFF6m%7CES1000&rules=china&lang=en")
    expect = playwright_api.expect
    expect(page.locator("#rules")).to_have_value("china")
    expect(page.locator("#hand .meld")).to_have_count(2)
    expect(page.locator("#result .total")).to_be_visible()
    expect(page.locator("#self-drawn")).to_be_checked()
    shoot(page, "tablet-score.png")
    context.close()


def test_undo_and_clear(server: str, page: Any) -> None:
    open_page(page, server + "/?q=123456789m123p5s5s")
    expect = playwright_api.expect
    expect(page.locator("#count")).to_have_text("14 / 14 tiles")
    page.click("#hand [data-tile='5s'] >> nth=1")
    expect(page.locator("#count")).to_have_text("13 / 14 tiles")
    page.click("#undo")
    expect(page.locator("#count")).to_have_text("14 / 14 tiles")
    page.click("#clear")
    expect(page.locator("#notation")).to_have_value("")
    expect(page.locator("#result")).to_contain_text("Pick 14 more tiles")


def test_the_docs_page_works_offline(server: str, page: Any) -> None:
    page.goto(server + "/docs")
    expect = playwright_api.expect
    expect(page.locator("#score_get")).to_contain_text("/api/score")
    expect(page.locator("#schema-ScoreBody")).to_be_visible()


NINE_GATES = "1112345678999m"


def test_thirteen_tiles_show_the_waits_cards(server: str, browser: Any) -> None:
    context = browser.new_context(viewport=PHONE)
    page = context.new_page()
    asked: list[str] = []
    page.on("request", lambda request: asked.append(request.url) if "/api/waits?" in request.url else None)
    open_page(page, server + "/")
    for code in NINE_GATES[:-1]:
        tap(page, code + "m")
    expect = playwright_api.expect
    expect(page.locator("#count")).to_have_text("13 / 14 tiles")
    expect(page.locator("#result .card")).to_have_count(9)
    assert "hand=1112345678999m" in asked[-1]
    card = page.locator("#result .card[data-wait='5m']")
    expect(card.locator(".badge")).to_have_text("8+")
    expect(card.locator(".pts")).to_have_text("90 pts")  # as `mcr-score score 1112345678999m5m` gives it
    card.click()
    expect(card).to_have_attribute("aria-expanded", "true")
    expect(page.locator("#result .card-fans .fans")).to_contain_text("4 Nine Gates")  # that hand's fans
    page.check("#self-drawn")  # the cards now show the self-drawn win
    expect(page.locator("#result .card[data-wait='5m'] .pts")).to_have_text("94 pts")
    page.select_option("#lang", "zh")
    expect(page.locator("#result h2").first).to_have_text("和牌张")
    page.evaluate("window.scrollTo(0, document.querySelector('#result').offsetTop - 8)")
    shoot(page, "phone-waits.png")
    context.close()
