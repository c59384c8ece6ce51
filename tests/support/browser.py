"""What the browser tests share: Debian's Chromium driven by Playwright, the viewports, and the page's
controls as a player uses them. Without Chromium a test is skipped with the command that installs
it; in CI (CI=true) a missing browser fails it instead, so a green CI always means the page was driven.
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

CHROMIUM = Path(os.environ.get("MCR_CHROMIUM", "/usr/bin/chromium"))
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking"]
SHOTS = Path(__file__).resolve().parent.parent.parent / "build" / "screenshots"
PHONE = {"width": 390, "height": 844}
TABLET = {"width": 820, "height": 1180}
LANDSCAPE = {"width": 1180, "height": 820}
INSTALL = "Chromium not found at /usr/bin/chromium: install it with `apt-get install -y chromium` (Debian)"


def missing(what: str) -> None:
    """Skip for want of `what`; fail in CI, which must drive the page."""
    if os.environ.get("CI") == "true":
        pytest.fail(f"{what}; CI must drive the page")
    pytest.skip(what)


def need_chromium() -> None:
    if not CHROMIUM.exists():
        missing(INSTALL)


def serve(app: Any, uvicorn: Any) -> Iterator[str]:
    """The service `app` on a free local port, in a thread, for a module's tests (a fixture's body):
    its address, once it has started; it stops when the module is done."""
    need_chromium()
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not server.started:
        assert time.monotonic() < deadline, "the server did not start"
        time.sleep(0.05)
    yield f"http://127.0.0.1:{port}"
    server.should_exit = True
    thread.join(10)


def launch(playwright_api: Any) -> Iterator[Any]:
    """Chromium for a module's tests (a fixture's body)."""
    with playwright_api.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=str(CHROMIUM), args=FLAGS, headless=True)
        yield browser
        browser.close()


def shoot(page: Any, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / name), full_page=False)


def open_page(page: Any, url: str, timeout: float = 30_000) -> None:
    """Load the page and wait until its script has wired every control (and its engine has answered)."""
    page.goto(url)
    page.wait_for_selector("body[data-ready='1']", state="attached", timeout=timeout)


def choose(page: Any, mode: str) -> None:
    """Pick a mode on the segmented control (its radio is hidden behind its label)."""
    page.click(f"label:has(input[name=mode][value={mode}])")


def tap(page: Any, code: str, mode: str = "single") -> None:
    choose(page, mode)
    page.click(f"#picker [data-tile='{code}']")


def situation(page: Any) -> None:
    """Open the situation's line (a `<details>`), so that its buttons can be tapped."""
    page.evaluate("document.getElementById('situation-section').open = true")
