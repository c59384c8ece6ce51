"""The static build of the page (`scripts/build-page`), served by a plain static file server with no
mcr-score process: Pyodide runs the package in the page. It scores `?q=` hands to the totals of
`mcr-score score --json`, finds the waits of `mcr-score waits --json`, scores again with the network
cut (the service worker), and asks nothing of any other origin. It also measures what a player
waits for (build/page-timing.json): the download, the first score cold and warm, a tap.

Needs Chromium (tests/support/browser.py) and, to build, node, npm and the package indexes (or
MCR_PYODIDE_TGZ, or the tarball cached in build/ by an earlier build).
"""

from __future__ import annotations

import contextlib
import gzip
import json
import os
import re
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import quote

import pytest
from click.testing import CliRunner

from benchmarks.page import FLOOR_WORKER, KEPT, floor_page, floor_run
from mcr_score.cli import main
from tests.support import REPO
from tests.support.browser import CHROMIUM, FLAGS, PHONE, launch, missing, need_chromium, open_page, shoot

playwright_api = pytest.importorskip("playwright.sync_api")

ROOT = REPO
LOAD_MS = 180_000  # a cold start on a slow shared machine: Pyodide compiles 8.6 MB of WebAssembly
HANDS = [
    ("123456789m123p5s5s", "green-book"),
    ("123m345p678s22m456s|EE1000|ab", "green-book"),  # a false Hu: 6 points and 2 flowers
    ("[EEEE][CCCC][FFFF][PPPP]NN", "green-book"),
    ("[WWWW1][444s]45m678pFF6m|ES1000", "china"),
    ("1z1z1z2z2z2z3z3z3z4z4z5z5z5z", "green-book"),  # not the canonical spelling: the grammar, Lark, in the page
]
WAITING = "1112345678999m"  # 13 tiles: nine waits


def build_page(tmp_path_factory: pytest.TempPathFactory, *flags: str) -> Path:
    if os.environ.get("MCR_SCORE_EXPECT_BUILD") == "compiled":
        pytest.skip("the static page runs the pure Python wheel: driven in the pure pass of CI")
    need_chromium()
    cached = any((ROOT / "build").glob("pyodide-*.tgz"))
    if shutil.which("npm") is None and not cached:
        missing("npm not found: the build fetches the pinned Pyodide with `npm pack`")
    if shutil.which("node") is None:
        missing("node not found: the build compiles the page's Python with Pyodide under Node")
    out = tmp_path_factory.mktemp("page") / "site"
    subprocess.run([sys.executable, str(ROOT / "scripts" / "build-page"), str(out), *flags], check=True)
    return out


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return build_page(tmp_path_factory)


@contextlib.contextmanager
def serve(folder: Path) -> Iterator[str]:
    """`folder` served by Python's own static file server on a free loopback port: no mcr-score process."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    command = [sys.executable, "-m", "http.server", str(port), "--bind", "127.0.0.1", "--directory", str(folder)]
    server = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 20
        while True:
            try:
                urllib.request.urlopen(url + "/index.html", timeout=2).close()
                break
            except OSError:
                assert time.monotonic() < deadline, "the static server did not start"
                time.sleep(0.1)
        yield url
    finally:
        server.terminate()
        server.wait(10)


@pytest.fixture(scope="module")
def site(built: Path) -> Iterator[str]:
    """The build served by a plain static file server."""
    with serve(built) as url:
        yield url


@pytest.fixture(scope="module")
def browser(site: str) -> Iterator[Any]:
    yield from launch(playwright_api)


@pytest.fixture(scope="module")
def visit(browser: Any, site: str) -> Iterator[tuple[Any, Any, list[str]]]:
    """One phone's visits, in order: a context, its page and every URL it asked for."""
    context = browser.new_context(viewport=PHONE, locale="en-GB")
    asked: list[str] = []
    context.on("request", lambda request: asked.append(request.url))
    page = context.new_page()
    yield context, page, asked
    context.close()


def cli(*args: str) -> dict[str, Any]:
    result = CliRunner().invoke(main, [*args, "--json"])
    return dict(json.loads(result.stdout))


def q(hand: str, rules: str = "green-book") -> str:
    return f"/?q={quote(hand, safe='')}&rules={rules}&lang=en"


def verdict(page: Any) -> dict[str, str]:
    page.wait_for_selector("#verdict[data-total]", state="attached", timeout=LOAD_MS)
    return dict(page.eval_on_selector("#verdict", "v => ({...v.dataset})"))


def test_the_static_page_scores_as_the_cli(site: str, visit: tuple[Any, Any, list[str]]) -> None:
    _, page, _ = visit
    for hand, rules in HANDS:
        open_page(page, site + q(hand, rules), LOAD_MS)
        expected = cli("score", hand, "--rules", rules)
        shown = verdict(page)
        assert (shown["total"], shown["points"]) == (str(expected["total"]), str(expected["points"])), hand
        assert shown["valid"] == str(expected["winning"] and expected["meets_minimum"]).lower(), hand
        if hand.endswith("|ab"):
            shoot(page, "static-false-hu.png")
    open_page(page, site + q(WAITING), LOAD_MS)
    waits = cli("waits", WAITING)["waits"]
    playwright_api.expect(page.locator("#result .card")).to_have_count(len(waits), timeout=LOAD_MS)
    for w in waits:
        card = page.locator(f"#result .card[data-wait='{w['tile']}']")
        playwright_api.expect(card.locator(".pts")).to_have_text(f"{w['discard']['total']} pts")
        playwright_api.expect(card.locator(".left")).to_have_text(f"{w['left']} left")


READY_DETAIL = '() => performance.getEntriesByName("engine-ready")[0].detail'


def test_a_first_visit_compiles_no_dataclass_method_in_the_browser(site: str, browser: Any) -> None:
    """The engine is imported with the methods `dataclasses` writes compiled by the build
    (`mcr_score.web._precompiled`): a first visit's start runs them and compiles none itself, and
    it has the build's Lark caches in place."""
    context = browser.new_context(viewport=PHONE, locale="en-GB")
    page = context.new_page()
    open_page(page, site + q(*HANDS[0]), LOAD_MS)
    assert verdict(page)["total"] == str(cli("score", HANDS[0][0], "--rules", HANDS[0][1])["total"])
    detail = page.evaluate(READY_DETAIL)
    context.close()
    assert "pyodide_from_snapshot" not in detail
    assert detail["methods_recorded"] > 0
    assert detail["methods_compiled"] == 0
    assert detail["lark_caches"] >= 1  # the grammar's parsers, read rather than built


def test_a_reload_with_the_network_cut_still_scores(site: str, visit: tuple[Any, Any, list[str]]) -> None:
    context, page, _ = visit
    open_page(page, site + q(HANDS[0][0]), LOAD_MS)
    page.evaluate("navigator.serviceWorker.ready")
    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=LOAD_MS)
    context.set_offline(True)
    try:
        hand, rules = HANDS[1]
        open_page(page, site + q(hand, rules), LOAD_MS)
        assert verdict(page)["total"] == str(cli("score", hand, "--rules", rules)["total"])
    finally:
        context.set_offline(False)


def test_an_engine_that_cannot_load_says_so(site: str, browser: Any) -> None:
    """The package's Python that does not arrive (injected): the verdict says nothing is scored, never a total."""
    context = browser.new_context(viewport=PHONE, locale="en-GB", service_workers="block")
    context.route("**/python/site.zip", lambda route: route.abort("connectionrefused"))
    page = context.new_page()
    page.goto(site + q(HANDS[0][0]))
    verdict = page.locator("#verdict")
    playwright_api.expect(verdict).to_have_attribute("data-state", "error", timeout=LOAD_MS)
    playwright_api.expect(verdict.locator(".headline")).to_have_text("Not scored: the scorer did not answer")
    assert page.get_attribute("#verdict", "data-total") is None
    context.close()


def test_the_picker_takes_taps_before_the_engine_has_started(site: str, browser: Any) -> None:
    """The engine's Python held back: the picker is drawn from the answers the build wrote into the
    page, taps are taken, and the verdict says the scorer is starting; once the Python arrives,
    the taps are answered in their order."""
    context = browser.new_context(viewport=PHONE, device_scale_factor=3, has_touch=True, is_mobile=True, locale="en-GB")
    held: list[Any] = []
    context.route("**/python/site.zip", lambda route: held.append(route))
    page = context.new_page()
    page.goto(site + "/")
    page.wait_for_selector("body[data-usable='1']", state="attached", timeout=LOAD_MS)
    expect = playwright_api.expect
    expect(page.locator("#picker .tile")).to_have_count(42)
    for code in ("1m", "2m", "9p"):
        page.tap(f"#picker [data-tile='{code}']")
    expect(page.locator("#verdict")).to_have_attribute("data-state", "pending")
    expect(page.locator("#verdict .headline")).to_have_text("Starting the scorer")
    assert page.locator("#hand .tile").count() == 0
    deadline = time.monotonic() + LOAD_MS / 1000
    while not held:
        assert time.monotonic() < deadline, "the engine never asked for its Python"
        page.wait_for_timeout(50)
    for route in held:
        route.continue_()
    expect(page.locator("#notation")).to_have_value("12m9p", timeout=LOAD_MS)
    expect(page.locator("#count")).to_have_text("3 / 14 tiles")
    context.close()


FROM_SNAPSHOT = '() => performance.getEntriesByName("engine-ready")[0].detail.pyodide_from_snapshot !== undefined'


def snapshot_kept(page: Any) -> bool:
    """Whether the page's Cache Storage holds an engine snapshot, asked until it does (or a minute)."""
    deadline = time.monotonic() + 60
    while not page.evaluate(KEPT):
        if time.monotonic() > deadline:
            return False
        page.wait_for_timeout(200)
    return True


def test_a_build_with_its_snapshot_starts_from_it_on_the_first_visit(
    tmp_path_factory: pytest.TempPathFactory, browser: Any
) -> None:
    """`build-page --snapshot`: a first visit's engine starts from the build's snapshot (no Python
    started, no site unpacked before it answers), keeps it inflated for the next start, scores as
    the CLI, a hand in a spelling only the grammar reads among them, finds the waits once idle,
    and scores again with the network cut."""
    out = build_page(tmp_path_factory, "--snapshot")
    assert (out / "python" / "engine.snapshot").read_bytes()[:2] == b"\x1f\x8b"
    files = re.search(r"const FILES = (\[.*?\]);", (out / "sw.js").read_text(encoding="utf-8"))
    assert files is not None
    assert "python/engine.snapshot" in json.loads(files[1])  # kept for offline like every file
    with serve(out) as url:
        context = browser.new_context(viewport=PHONE, locale="en-GB")
        page = context.new_page()
        for hand, rules in HANDS:
            open_page(page, url + q(hand, rules), LOAD_MS)
            assert page.evaluate(FROM_SNAPSHOT), hand
            assert snapshot_kept(page), hand
            assert verdict(page)["total"] == str(cli("score", hand, "--rules", rules)["total"]), hand
        open_page(page, url + q(WAITING), LOAD_MS)
        playwright_api.expect(page.locator("#result .card")).to_have_count(len(cli("waits", WAITING)["waits"]))
        context.set_offline(True)
        open_page(page, url + q(HANDS[1][0], HANDS[1][1]), LOAD_MS)
        assert page.evaluate(FROM_SNAPSHOT)
        assert verdict(page)["total"] == str(cli("score", HANDS[1][0], "--rules", HANDS[1][1])["total"])
        context.close()


def test_a_first_visit_makes_the_snapshot_its_reload_starts_from(site: str, browser: Any) -> None:
    """The default build: once a first visit's engine has answered, a second worker makes the
    engine's snapshot in the browser (imported as the page imports it, every question asked); the
    next visit starts from it and scores as the CLI, a hand only the grammar reads among them."""
    context = browser.new_context(viewport=PHONE, locale="en-GB")
    page = context.new_page()
    open_page(page, site + q(*HANDS[0]), LOAD_MS)
    verdict(page)
    assert not page.evaluate(FROM_SNAPSHOT)
    assert snapshot_kept(page)
    for hand, rules in (HANDS[3], HANDS[4]):
        open_page(page, site + q(hand, rules), LOAD_MS)
        assert verdict(page)["total"] == str(cli("score", hand, "--rules", rules)["total"]), hand
        assert page.evaluate(FROM_SNAPSHOT), hand
    context.close()


def test_the_build_writes_the_engines_first_answers_into_the_page(built: Path) -> None:
    """The picker the page draws before its engine starts is the engine's own answer."""
    from mcr_score.web import engine

    html = (built / "index.html").read_text(encoding="utf-8")
    found = re.search(r'<script id="first" type="application/json">(.*?)</script>', html, re.S)
    assert found is not None
    written = json.loads(found[1])
    for name, params in engine.FIRST:
        assert written["answers"][name] == json.loads(engine.answer(name, json.dumps(params)))["body"], name


def test_no_request_leaves_the_origin(site: str, visit: tuple[Any, Any, list[str]]) -> None:
    _, _, asked = visit
    assert asked
    assert all(url.startswith(site + "/") for url in asked), sorted({u for u in asked if not u.startswith(site)})


TAPPED = """selector => new Promise(resolve => {
  const verdict = document.getElementById("verdict");
  const start = performance.now();
  let pending = false;
  const watch = new MutationObserver(() => {
    if (verdict.dataset.state === "pending") pending = true;
    else if (pending) { watch.disconnect(); requestAnimationFrame(() => resolve(performance.now() - start)); }
  });
  watch.observe(verdict, { attributes: true });
  document.querySelector(selector).click();
})"""


def tapped(page: Any, selector: str) -> float:
    """Milliseconds from a tap to the next frame with its verdict, measured in the page."""
    return float(page.evaluate(TAPPED, selector))


LOAD_STEPS = """() => {
  const at = (name) => performance.getEntriesByName(name)[0];
  const ready = at("engine-ready");
  const start = at("engine-start").startTime;
  const steps = { page_script_ms: start };
  for (const [name, ms] of Object.entries(ready.detail)) steps[`${name}_ms`] = Math.round(start + ms);
  steps.ready_ms = Math.round(ready.startTime);
  steps.first_score_ms = Math.round(performance.now());
  return steps;
}"""


def load(page: Any, url: str) -> tuple[float, dict[str, int]]:
    """Seconds from asking for the page to its first score, and where they went (milliseconds from
    the navigation: the page's script, Pyodide started in its worker, the wheels unpacked, the
    package imported, the engine ready, the first score shown)."""
    start = time.perf_counter()
    open_page(page, url, LOAD_MS)
    verdict(page)
    return time.perf_counter() - start, page.evaluate(LOAD_STEPS)


def test_timing_and_size(built: Path, site: str, browser: Any) -> None:
    """The figures of the closing note: measured, written to build/page-timing.json, not judged."""
    files = [p for p in built.rglob("*") if p.is_file()]
    size = sum(p.stat().st_size for p in files)
    zipped = sum(len(gzip.compress(p.read_bytes())) for p in files)
    context = browser.new_context(viewport=PHONE, locale="en-GB")
    page = context.new_page()
    hand = HANDS[0][0]
    cold, cold_steps = load(page, site + q(hand))
    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=LOAD_MS)
    warm, warm_steps = load(page, site + q(hand))
    taps = [tapped(page, "#self-drawn" if i % 2 == 0 else "#discard") for i in range(10)]
    assert page.get_attribute("#verdict", "data-total") == "22"
    page.click("#clear")
    for code in ["1m", "2m", "3m", "4m", "5m", "6m", "7m", "8m", "9m", "1p", "2p", "3p"]:
        page.click(f"#picker [data-tile='{code}']")
    waits = tapped(page, "#picker [data-tile='5s']")  # the 13th tile: its waits, each scored twice
    fourteenth = tapped(page, "#picker [data-tile='5s']")
    assert page.get_attribute("#verdict", "data-total") == "22"
    context.close()
    figures = {
        "bytes": size,
        "gzip_bytes": zipped,
        "cold_first_score_s": round(cold, 2),
        "warm_first_score_s": round(warm, 2),
        "cold_steps": cold_steps,
        "warm_steps": warm_steps,
        "toggle_median_ms": round(sorted(taps)[len(taps) // 2]),
        "toggle_max_ms": round(max(taps)),
        "tap_13th_tile_ms": round(waits),
        "tap_14th_tile_ms": round(fourteenth),
    }
    (ROOT / "build").mkdir(exist_ok=True)
    (ROOT / "build" / "page-timing.json").write_text(json.dumps(figures, indent=2) + "\n")
    print(figures)
    assert cold * 1000 < LOAD_MS


def test_the_benchmarks_floor_page_answers_from_the_builds_pyodide(built: Path, browser: Any, tmp_path: Path) -> None:
    """`benchmarks.page`'s floor (a cold page of nothing but the build's Pyodide asked `1+1`) is
    timed to a real answer (`floor_run` refuses any but `2`), from the build's own Pyodide files and
    none of mcr-score's."""
    floor = floor_page(built, tmp_path / "floor")
    assert sorted(p.name for p in floor.iterdir()) == ["floor-worker.js", "index.html", "pyodide"]
    assert (floor / "pyodide" / "pyodide.asm.wasm").read_bytes() == (
        built / "pyodide" / "pyodide.asm.wasm"
    ).read_bytes()
    (floor / "floor-worker.js").write_text(FLOOR_WORKER.replace('"1+1"', '"1+2"'), encoding="utf-8")
    with serve(floor) as url, pytest.raises(RuntimeError, match="answered '3' to 1\\+1"):
        floor_run(browser, url)
    (floor / "floor-worker.js").write_text(FLOOR_WORKER, encoding="utf-8")
    with serve(floor) as url:
        load = floor_run(browser, url)
    assert 0 < load.seconds * 1000 < LOAD_MS
    assert load.cpu  # read before its page was closed: Chromium's threads, each with some CPU


def test_the_manifest_and_its_icons_are_in_the_build(built: Path) -> None:
    """What a home-screen install needs of the manifest: a name, the start URL, a standalone window,
    PNG icons of 192 and 512 pixels that the build holds."""
    manifest = json.loads((built / "manifest.webmanifest").read_text(encoding="utf-8"))
    assert manifest["start_url"] == "./"
    assert manifest["display"] == "standalone"
    assert manifest["name"]
    assert manifest["short_name"]
    pngs = {icon["sizes"] for icon in manifest["icons"] if icon["type"] == "image/png"}
    assert pngs >= {"192x192", "512x512"}
    for icon in manifest["icons"]:
        assert (built / icon["src"]).is_file(), icon
        if icon["type"] == "image/png":
            width, height = (int(n) for n in icon["sizes"].split("x"))
            header = (built / icon["src"]).read_bytes()[:24]
            assert header[:8] == b"\x89PNG\r\n\x1a\n", icon
            assert header[16:24] == width.to_bytes(4) + height.to_bytes(4), icon
    page = (built / "index.html").read_text(encoding="utf-8")
    assert '<link rel="manifest" href="manifest.webmanifest">' in page
    assert 'data-engine="pyodide"' in page


def installability_errors(browser: Any, url: str) -> list[str]:
    """What Chromium says stops the page at `url` from being installed (CDP
    `Page.getInstallabilityErrors`), once its service worker controls it. Asked in a profile on
    disk: the test contexts are incognito ones, which are never installable."""
    with tempfile.TemporaryDirectory() as profile:
        context = browser.browser_type.launch_persistent_context(
            profile, executable_path=str(CHROMIUM), args=FLAGS, headless=True, viewport=PHONE
        )
        try:
            page = context.new_page()
            open_page(page, url, LOAD_MS)
            page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=LOAD_MS)
            cdp = context.new_cdp_session(page)
            assert cdp.send("Page.getAppManifest")["errors"] == []
            return [e["errorId"] for e in cdp.send("Page.getInstallabilityErrors")["installabilityErrors"]]
        finally:
            context.close()


def test_chromium_can_install_the_page(built: Path, site: str, browser: Any, tmp_path: Path) -> None:
    """The build on a plain static server at 127.0.0.1 is installable on a home screen; the same build
    with a manifest that has no icon is not (the check can fail)."""
    assert installability_errors(browser, site + "/") == []
    broken = tmp_path / "site"
    shutil.copytree(built, broken)
    manifest = json.loads((broken / "manifest.webmanifest").read_text(encoding="utf-8"))
    (broken / "manifest.webmanifest").write_text(json.dumps({**manifest, "icons": []}), encoding="utf-8")
    with serve(broken) as url:
        assert "manifest-missing-suitable-icon" in installability_errors(browser, url + "/")
