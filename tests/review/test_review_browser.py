"""`review --html` in a real browser (issue 41): Playwright drives Debian's Chromium headless over the
page written for the real tziakcha session, at phone (390x844) and desktop size. Keys and taps step
through decisions and hands, the URL hash opens a decision, the bars are the values of the embedded
JSON, the valuation's fields are drawn when a decision has them, and nothing English shows in French
or Chinese. Screenshots go to build/screenshots/ (tests/support/browser.py)."""

from __future__ import annotations

import copy
import json
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import Any

import pytest

playwright_api = pytest.importorskip("playwright.sync_api")

from mcr_score.review import html  # noqa: E402
from mcr_score.review.judge import GameReview, review_file  # noqa: E402
from tests.core.test_i18n import fallbacks  # noqa: E402
from tests.support import REPO  # noqa: E402
from tests.support.browser import PHONE, launch, need_chromium, shoot  # noqa: E402

SESSION = REPO / "tests" / "fixtures" / "records" / "tziakcha" / "session-GHQY2zTj.json"
PMN = REPO / "tests" / "fixtures" / "records" / "pmn" / "example_2.pmn"
DESKTOP = {"width": 1280, "height": 800}
EVIL = "</script><b>bold</b>"


@cache
def session() -> tuple[GameReview, ...]:
    return review_file(SESSION)


@pytest.fixture(scope="module")
def pages(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """The session's page in each language, written once."""
    need_chromium()
    folder = tmp_path_factory.mktemp("review")
    out = {}
    for lang in ("en", "fr", "zh"):
        out[lang] = folder / f"review-{lang}.html"
        out[lang].write_text(html.review_html(session(), lang), encoding="utf-8")
    return out


@pytest.fixture(scope="module")
def browser(pages: dict[str, Path]) -> Iterator[Any]:
    yield from launch(playwright_api)


@pytest.fixture(params=[PHONE, DESKTOP], ids=["phone", "desktop"])
def page(browser: Any, request: pytest.FixtureRequest) -> Iterator[Any]:
    context = browser.new_context(viewport=request.param, has_touch=request.param == PHONE)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.route("**/*", lambda route: route.abort() if not route.request.url.startswith("file:") else route.continue_())
    yield page
    context.close()
    assert not errors, errors


def open_at(page: Any, path: Path, where: str = "") -> None:
    page.goto(path.as_uri() + where)
    page.wait_for_selector("body[data-ready='1']", state="attached")


def at(page: Any) -> dict[str, int]:
    """The decision the page shows, from its URL hash."""
    query = page.evaluate("location.hash").lstrip("#")
    return {k: int(v) for k, v in (part.split("=") for part in query.split("&"))}


def data(page: Any) -> Any:
    return json.loads(page.locator("#review-data").text_content())


def shown(page: Any) -> dict[str, Any]:
    """The decision of the JSON the hash names: the one the page should be drawing."""
    where, game = at(page), data(page)["games"][at(page)["game"] - 1]
    player = game["players"][where["player"] - 1]["player"]
    mine = [d for d in game["decisions"] if d["player"] == player and d["hand"] == where["hand"]]
    return dict(mine[where["decision"] - 1])


def drawn_tiles(page: Any, selector: str) -> list[str]:
    return list(page.locator(f"{selector} .tile").evaluate_all("ts => ts.map(t => t.dataset.tile)"))


def percents(fills: Any) -> list[float]:
    """The widths the bars are given, in percent of their track."""
    widths = fills.evaluate_all("fs => fs.map(f => f.style.width)")
    assert all(w.endswith("%") for w in widths), widths
    return [float(w.removesuffix("%")) for w in widths]


def check_drawn(page: Any) -> None:
    """The page draws the decision of its hash: its tiles, its verdict, one bar per choice."""
    d = shown(page)
    p = d["draw"]["position"]
    assert drawn_tiles(page, ".hand .standing") == p["standing"]
    assert drawn_tiles(page, ".hand .meld") == [t for m in p["melds"] for t in m["tiles"]]
    assert page.locator(".verdict").get_attribute("data-verdict") == d["verdict"]
    assert page.locator(".candidate").count() == len(d["ranking"])
    seats = page.locator(".seen .seat-row").evaluate_all("rs => rs.map(r => r.dataset.seat)")
    assert sorted(seats) == ["E", "N", "S", "W"]
    assert seats[0] == d["seat"]  # the player's own seat first
    for s in d["table"]:
        row = f".seen .seat-row[data-seat='{s['seat']}']"
        assert drawn_tiles(page, f"{row} .meld") == [t for m in s["melds"] for t in m["tiles"]]
        assert drawn_tiles(page, f"{row} .river") == [t or "back" for t in s["discards"]]  # claimed: face down


def test_keys_step_through_decisions_and_hands(page: Any, pages: dict[str, Path]) -> None:
    open_at(page, pages["en"])
    assert at(page) == {"game": 1, "player": 1, "hand": 1, "decision": 1}  # written on opening: a link to it
    page.keyboard.press("ArrowRight")
    assert at(page) == {"game": 1, "player": 1, "hand": 1, "decision": 2}
    check_drawn(page)
    page.keyboard.press("ArrowLeft")
    assert at(page)["decision"] == 1
    page.keyboard.press("ArrowDown")
    assert (at(page)["hand"], at(page)["decision"]) == (2, 1)
    page.keyboard.press("PageDown")
    assert at(page)["hand"] == 3
    check_drawn(page)
    page.keyboard.press("PageUp")
    page.keyboard.press("ArrowUp")
    assert at(page)["hand"] == 1
    page.keyboard.press("ArrowLeft")
    assert at(page)["decision"] == 1  # nothing before the first
    last = page.locator(".timeline .stop").count()
    for _ in range(last):
        page.keyboard.press("ArrowRight")
    assert (at(page)["hand"], at(page)["decision"]) == (2, 1)  # past a hand's last decision: the next hand
    page.keyboard.press("ArrowLeft")
    assert (at(page)["hand"], at(page)["decision"]) == (1, last)
    check_drawn(page)


def test_taps_on_buttons_of_44_px_or_more(page: Any, pages: dict[str, Path]) -> None:
    open_at(page, pages["en"])
    for button in page.locator("button").all():
        box = button.bounding_box()
        assert box["width"] >= 44 and box["height"] >= 44, button.text_content()  # noqa: PT018
    phone = page.viewport_size == PHONE

    def press(selector: str, nth: int = 0) -> None:
        target = page.locator(selector).nth(nth)
        target.tap() if phone else target.click()

    press(".next-turn")
    assert at(page)["decision"] == 2
    press(".next-hand")
    assert (at(page)["hand"], at(page)["decision"]) == (2, 1)
    press(".timeline .stop", 3)
    assert at(page)["decision"] == 4
    check_drawn(page)
    press(".players .player", 2)
    where = at(page)
    assert (where["player"], where["hand"], where["decision"]) == (3, 1, 1)
    assert page.locator(".players .player").nth(2).get_attribute("aria-pressed") == "true"
    assert page.locator(".prev-turn").is_disabled()  # the first decision: nothing before it
    assert page.evaluate("document.documentElement.scrollWidth") <= page.viewport_size["width"]


def test_the_hash_opens_a_decision(page: Any, pages: dict[str, Path]) -> None:
    open_at(page, pages["en"], "#game=1&player=2&hand=8&decision=5")
    assert at(page) == {"game": 1, "player": 2, "hand": 8, "decision": 5}
    check_drawn(page)
    d = shown(page)
    assert page.locator(".where strong").text_content() == f"Hand 8, turn {d['turn']}"
    page.evaluate("location.hash = '#game=1&player=4&hand=16&decision=2'")  # a link followed within the page
    page.wait_for_function("document.querySelector('.where strong').textContent.startsWith('Hand 16')")
    check_drawn(page)
    link = page.locator("#summaries a").first
    href = link.get_attribute("href")
    link.click()
    assert page.evaluate("location.hash") == href
    assert shown(page)["verdict"] == "worse"  # a costliest decision opens on its worse verdict
    shoot(page, f"review-{page.viewport_size['width']}.png")


def test_the_bars_are_the_values_of_the_json(page: Any, pages: dict[str, Path]) -> None:
    open_at(page, pages["en"], "#game=1&player=1&hand=3&decision=8")
    for _ in range(6):
        d = shown(page)
        # the review's valuation (issue 41) gives each choice its expected score: a bar from the left
        # when none is negative, else a signed one from the middle, half of the track for the largest
        assert all("expected" in e for e in d["ranking"])
        values = [e["expected"] for e in d["ranking"]]
        scale = max(abs(v) for v in values) or 1
        fills = page.locator(".candidate .value .fill")
        assert fills.evaluate_all("fs => fs.map(f => f.dataset.metric)") == ["expected"] * len(values)
        assert fills.evaluate_all("fs => fs.map(f => Number(f.dataset.value))") == pytest.approx(values)
        share = 50 if any(v < 0 for v in values) else 100
        assert percents(fills) == pytest.approx([abs(v) / scale * share for v in values], abs=0.01)
        track = page.locator(".candidate .value").first.bounding_box()["width"]
        first = fills.first.bounding_box()["width"]
        assert abs(first - track * abs(values[0]) / scale * share / 100) <= 1.5
        page.keyboard.press("ArrowRight")


def valued(game: dict[str, Any]) -> dict[str, Any]:
    """A game whose first discard carries the valuation's fields, as issue 41 names them."""
    out = copy.deepcopy(game)
    d = next(d for d in out["decisions"] if d["kind"] == "discard" and len(d["ranking"]) >= 3)
    for i, e in enumerate(d["ranking"]):
        e |= {
            "valid_chance": round(0.4 - 0.1 * i, 2),
            "expected": round(3.5 - 2.5 * i, 2),
            "danger": round(0.05 * i, 2),
            "good_draws": 10 - i,
            "dead_draws": i,
        }
    d |= {"loss": 2.5, "reason": {"id": "hand-made", "text": "keeps the Mixed Straight"}, "dealt_in": True}
    return out


def test_the_valuation_s_fields_are_drawn_by_name(page: Any, tmp_path: Path) -> None:
    game = html.game_data(review_file(PMN)[0], "en")
    made = valued(game)
    path = tmp_path / "valued.html"
    path.write_text(html.page({"lang": "en", "games": [made]}, "en"), encoding="utf-8")
    d = next(d for d in made["decisions"] if "loss" in d)
    player = made["players"].index(next(p for p in made["players"] if p["player"] == d["player"])) + 1
    mine = [x for x in made["decisions"] if x["player"] == d["player"] and x["hand"] == d["hand"]]
    open_at(page, path, f"#game=1&player={player}&hand={d['hand']}&decision={mine.index(d) + 1}")
    fills = page.locator(".candidate .value .fill")
    assert fills.evaluate_all("fs => fs.map(f => f.dataset.metric)") == ["expected"] * len(d["ranking"])
    scale = max(abs(e["expected"]) for e in d["ranking"])
    # signed values: from the middle of the track, half of it for the largest
    assert percents(fills) == pytest.approx([abs(e["expected"]) / scale * 50 for e in d["ranking"]], abs=0.01)
    starts = fills.evaluate_all("fs => fs.map(f => parseFloat(f.style.marginLeft))")
    assert starts == pytest.approx(
        [50 if e["expected"] >= 0 else 50 - abs(e["expected"]) / scale * 50 for e in d["ranking"]], abs=0.01
    )
    negative = fills.evaluate_all("fs => fs.map(f => f.classList.contains('negative'))")
    assert negative == [e["expected"] < 0 for e in d["ranking"]]
    dangers = percents(page.locator(".candidate .danger .fill"))
    assert dangers == pytest.approx([e["danger"] * 100 for e in d["ranking"]], abs=0.01)
    facts = page.locator(".candidate .facts").nth(1).text_content()
    assert "good draws: 9" in facts and "dead draws: 1" in facts  # noqa: PT018
    assert page.locator(".verdict .reason").text_content() == "keeps the Mixed Straight"
    assert page.locator(".verdict .loss").text_content() == "points lost: 2.5"
    assert page.locator(".verdict .dealt-in").count() == 1
    shoot(page, f"review-valued-{page.viewport_size['width']}.png")


@pytest.mark.parametrize("lang", ["fr", "zh"])
def test_nothing_english_in_french_or_chinese(page: Any, pages: dict[str, Path], lang: str) -> None:
    for where in ("", "#game=1&player=2&hand=4&decision=4", "#game=1&player=1&hand=1&decision=12"):
        open_at(page, pages[lang], where)
        shown_text = page.locator("body").inner_text()
        assert fallbacks(shown_text, lang) == [], where
        for label in ("Hand", "Next hand", "Previous decision", "best", "played"):
            assert label not in page.locator("#viewer").inner_text().split("\n")


def test_a_name_with_markup_is_shown_as_written(page: Any, tmp_path: Path) -> None:
    record = tmp_path / "evil.pmn"
    record.write_text(PMN.read_text(encoding="utf-8").replace('[East "SIM"]', f'[East "{EVIL}"]'), encoding="utf-8")
    path = tmp_path / "evil.html"
    path.write_text(html.review_html(review_file(record), "en"), encoding="utf-8")
    open_at(page, path)
    assert page.locator(".players .player").first.text_content() == EVIL
    assert page.locator("b").count() == 0
    assert page.locator("script").count() == 3


def test_a_file_of_several_games_steps_from_one_to_the_next(page: Any, tmp_path: Path) -> None:
    reviews = review_file(REPO / "examples" / "records" / "botzone.txt")
    assert len(reviews) == 2
    path = tmp_path / "two.html"
    path.write_text(html.review_html(reviews, "en"), encoding="utf-8")
    open_at(page, path)
    assert page.locator("select.games option").all_text_contents() == [
        f"Game {i}: {r.title}" for i, r in enumerate(reviews, 1)
    ]
    last = max(h.hand for h in reviews[0].hands if h.player == reviews[0].players[0])
    open_at(page, path, f"#game=1&player=1&hand={last}&decision=1")
    page.keyboard.press("ArrowDown")
    assert (at(page)["game"], at(page)["hand"]) == (2, 1)
    page.keyboard.press("ArrowLeft")  # before the game's first decision: the last of the game before
    assert (at(page)["game"], at(page)["hand"]) == (1, last)
    page.locator("select.games").select_option("1")
    assert at(page) == {"game": 2, "player": 1, "hand": 1, "decision": 1}
    page.keyboard.press("ArrowUp")
    assert (at(page)["game"], at(page)["hand"]) == (1, last)
    end = max(h.hand for h in reviews[1].hands if h.player == reviews[1].players[0])
    open_at(page, path, f"#game=2&player=1&hand={end}&decision=999")
    where = at(page)
    page.keyboard.press("ArrowRight")  # the file's last decision: nothing after it
    page.keyboard.press("ArrowDown")
    assert at(page) == where
    assert page.locator(".next-turn").is_disabled()
    assert page.locator(".next-hand").is_disabled()
