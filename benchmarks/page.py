"""Load figures of the static page (issue 39): how soon a player can tap, and see a verdict, on a phone.

    .venv/bin/python -m benchmarks.page [--site DIR] [--runs 3] [--hand TEXT] [--no-quarter]

Takes a page built by `scripts/build-page` (or builds one into a temporary folder), serves it with a
plain static file server (Python's own, in this process, which counts every request and byte it
sends), and drives headless Chromium at 390x844, device scale 3, touch, a fresh profile for each
cold load. For a cold visit, a warm reload (the service worker in control) and an offline reload
(the network cut), it prints: the picker usable (its tiles drawn and enabled), a `?q=` link's
verdict, the bytes and requests of the first visit (as sent, and gzipped as a server would), and
the picker tiles inside the first screen of the empty page, and the CPU that every Chromium process
spent on the cold link (from `/proc`: steadier than its time at a quarter of a CPU, which that CPU
bounds), with V8's compile threads' and the engine's worker's part. Beside them, in each run, the floor of
any page on this engine: a page of nothing but a worker that starts the build's own Pyodide (its
WebAssembly, its standard library) and asks it `1+1`, timed to that answer as a link to its
verdict (a page that scores cannot answer before Pyodide can). Each time is the median of `--runs`,
in seconds from the navigation (the page's own clock, `performance.now()`, read in the frame after
the first where the condition holds, by a script the benchmark puts into each document before the
page's own). A reload comes once the first visit has finished its work (its files kept, its engine's
snapshot made), as a player's next visit would.

The whole set is measured twice: unthrottled, and with every Chromium process held to a quarter
of a CPU by a cgroup (`cpu.max` "25000 100000" on cgroup v2, `cpu.cfs_quota_us` 25000 per 100000
on v1), made for the run and removed after; DevTools' CPU throttle would not reach the engine's
worker. Without the rights to make a cgroup the quarter is skipped, and said so. The machine's
load average when the run began is printed with the figures (as `uptime` prints it): a loaded
machine lengthens every time.
"""

from __future__ import annotations

import argparse
import contextlib
import datetime
import gzip
import http.server
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any
from urllib.parse import quote

ROOT = Path(__file__).resolve().parent.parent
CHROMIUM = Path(os.environ.get("MCR_CHROMIUM", "/usr/bin/chromium"))
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking"]
PHONE = {"width": 390, "height": 844}
HAND = "123456789m123p5s5s"
TIMEOUT_MS = 240_000
QUARTER = (25_000, 100_000)  # microseconds of CPU per period: a quarter of one CPU
USABLE = "document.querySelectorAll('#picker .tile:not([disabled]):not([aria-disabled=true])').length > 0"
VERDICT = "document.querySelector('#verdict[data-total]') !== null"
IN_VIEW = """() => [...document.querySelectorAll('#picker .tile')].filter(t => {
  const b = t.getBoundingClientRect();
  return b.top >= 0 && b.left >= 0 && b.bottom <= innerHeight && b.right <= innerWidth;
}).map(t => t.dataset.tile)"""


@dataclass
class Served:
    """What the static server sent: each request's path and the bytes of its body."""

    sent: list[tuple[str, int]] = field(default_factory=list)
    asked: list[tuple[str, str]] = field(default_factory=list)  # every request, with its status
    lock: threading.Lock = field(default_factory=threading.Lock)

    def reset(self) -> None:
        with self.lock:
            self.sent.clear()
            self.asked.clear()

    def taken(self) -> list[tuple[str, int]]:
        with self.lock:
            return list(self.sent)


class _Handler(http.server.SimpleHTTPRequestHandler):
    served: Served

    def log_message(self, format: str, *args: Any) -> None:
        pass

    def log_request(self, code: int | str = "-", size: int | str = "-") -> None:
        with self.served.lock:
            self.served.asked.append((self.path, str(code)))

    def copyfile(self, source: Any, outputfile: Any) -> None:
        data = source.read()
        outputfile.write(data)
        with self.served.lock:
            self.served.sent.append((self.path, len(data)))


@contextlib.contextmanager
def serve(folder: Path) -> Iterator[tuple[str, Served]]:
    """`folder` on a free loopback port, by the standard library's static file server."""
    served = Served()
    handler = type("Handler", (_Handler,), {"served": served})
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), partial(handler, directory=str(folder)))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}", served
    finally:
        server.shutdown()
        server.server_close()


@contextlib.contextmanager
def quarter_cpu() -> Iterator[Path | None]:
    """A Chromium launcher that joins a cgroup held to a quarter of a CPU (its children with it), or
    None where no cgroup can be made here."""
    v2 = Path("/sys/fs/cgroup")
    controllers = v2 / "cgroup.controllers"
    if controllers.exists() and "cpu" in controllers.read_text().split():
        group, limits = v2 / f"mcr-page-{os.getpid()}", {"cpu.max": f"{QUARTER[0]} {QUARTER[1]}"}
    else:
        group = v2 / "cpu" / f"mcr-page-{os.getpid()}"
        limits = {"cpu.cfs_period_us": str(QUARTER[1]), "cpu.cfs_quota_us": str(QUARTER[0])}
    try:
        group.mkdir()
        for name, value in limits.items():
            (group / name).write_text(value)
    except OSError as e:
        print(f"no cgroup for the quarter CPU ({group}: {e}); quarter skipped", file=sys.stderr)
        with contextlib.suppress(OSError):
            group.rmdir()
        yield None
        return
    with tempfile.TemporaryDirectory() as folder:
        launcher = Path(folder) / "chromium-quarter"
        launcher.write_text(f'#!/bin/sh\necho $$ > "{group}/cgroup.procs"\nexec "{CHROMIUM}" "$@"\n')
        launcher.chmod(0o755)
        try:
            yield launcher
        finally:
            for _ in range(50):  # the browser's processes leave the group as they end
                with contextlib.suppress(OSError):
                    group.rmdir()
                    break
                time.sleep(0.1)


CHROMIUM_BINARIES = {"chromium", "chrome", "headless_shell", "chrome-headless-shell"}
"""What a Chromium process's executable is named (`/proc/PID/exe`), Debian's and Playwright's."""
PROCESS_KINDS = ("renderer", "gpu-process", "utility")  # `--type=` of a child; the browser has none


@dataclass(frozen=True)
class ThreadCpu:
    """One thread of a Chromium process: its process's kind, its name, its CPU so far (clock ticks)."""

    process: str
    thread: str
    ticks: int


def chromium_threads(proc: Path = Path("/proc")) -> dict[tuple[str, str], ThreadCpu]:
    """Every thread of every Chromium process on the machine, by (process id, thread id), with its
    user and system CPU from `/proc` (nothing where there is no `/proc` to read)."""
    found: dict[tuple[str, str], ThreadCpu] = {}
    for pid in (p.name for p in proc.iterdir() if p.name.isdigit()) if proc.is_dir() else ():
        try:
            if Path(os.readlink(proc / pid / "exe")).name not in CHROMIUM_BINARIES:
                continue
            command = (proc / pid / "cmdline").read_bytes()  # Chromium rewrites it: not one argument a string
            kind = next((k for k in PROCESS_KINDS if f"--type={k}".encode() in command), "browser")
            for task in (proc / pid / "task").iterdir():
                stat = (task / "stat").read_text()
                fields = stat[stat.rindex(")") + 2 :].split()
                name = stat[stat.index("(") + 1 : stat.rindex(")")]
                found[(pid, task.name)] = ThreadCpu(kind, name, int(fields[11]) + int(fields[12]))
        except OSError:  # a process or thread that ended meanwhile, or one not ours to read
            continue
    return found


def cpu_between(before: dict[tuple[str, str], ThreadCpu], after: dict[tuple[str, str], ThreadCpu]) -> dict[str, float]:
    """Seconds of CPU spent between two `chromium_threads` readings, by "process kind: thread name"
    (a thread that began meanwhile counts whole; one that ended meanwhile is not seen)."""
    ticks = os.sysconf("SC_CLK_TCK")
    spent: dict[str, float] = {}
    for key, now in after.items():
        earlier = before.get(key)
        used = now.ticks - (earlier.ticks if earlier is not None and earlier.thread == now.thread else 0)
        if used > 0:
            label = f"{now.process}: {now.thread}"
            spent[label] = spent.get(label, 0.0) + used / ticks
    return spent


@contextlib.contextmanager
def cpu_spent() -> Iterator[dict[str, float]]:
    """The CPU every Chromium process spends within the block (`cpu_between`), filled in at its end:
    a steadier figure than a time at a quarter of a CPU, which is bound by that CPU."""
    spent: dict[str, float] = {}
    before = chromium_threads()
    yield spent
    spent.update(cpu_between(before, chromium_threads()))


def cpu_figures(spent: dict[str, float], prefix: str) -> dict[str, float]:
    """The CPU of a load, all of it and the two parts that the engine's start makes: V8's compile
    threads and the worker that runs Pyodide, both in the page's renderer."""

    def part(name: str) -> float:
        return sum(v for k, v in spent.items() if k.startswith(f"renderer: {name}"))

    return {
        f"{prefix}_cpu_s": sum(spent.values()),
        f"{prefix}_cpu_compile_s": part("ThreadPoolForeg"),
        f"{prefix}_cpu_worker_s": part("DedicatedWorker"),
    }


CONDITIONS = {"usable": USABLE, "verdict": VERDICT}
WATCH = (
    "(() => { const seen = (window.__loadFigures = {}); const held = {}; const when = {"
    + ", ".join(f"{name}: () => {condition}" for name, condition in CONDITIONS.items())
    + "}; const tick = () => { for (const [k, holds] of Object.entries(when)) {"
    " if (k in seen) continue; if (!holds()) { delete held[k]; continue; }"
    " if (k in held) seen[k] = performance.now(); else held[k] = true; }"
    " if (Object.keys(seen).length < Object.keys(when).length) requestAnimationFrame(tick); };"
    " requestAnimationFrame(tick); })();"
)
"""Put into every document as it is made (`add_init_script`, before any script of the page): from
the document's first frame on, each condition's time is noted by the page's clock at the start of
the second frame in a row where it holds, that is once a frame showing it has been made (the
first frame's own callback comes before its style, layout and paint)."""


def at(page: Any, name: str) -> float:
    """Seconds from the navigation to the frame after the first where the condition `name` of
    `CONDITIONS` holds: the page's clock, read in that frame by `WATCH` (which the context puts into each of its
    documents), not when this process hears of it (DevTools' round trips and a poll injected once
    the page's main thread is free are hundreds of milliseconds at a quarter of a CPU)."""
    handle = page.wait_for_function(f"window.__loadFigures && window.__loadFigures.{name}", timeout=TIMEOUT_MS)
    return float(handle.json_value()) / 1000


def go(page: Any, url: str) -> None:
    """Navigate, awaited to the commit only: the figures are the page's own (`at`)."""
    page.goto(url, wait_until="commit")


def sw_ready(page: Any) -> None:
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=TIMEOUT_MS)


KEPT = """async () => {
  for (const name of await caches.keys())
    if (name.endsWith("-snapshot") && (await (await caches.open(name)).keys()).length) return true;
  return false;
}"""


def snapshot_kept(page: Any, site: Path) -> None:
    """Wait until the engine's snapshot is kept, where the build makes one: a return visit, as a
    player's next one, after the first visit has made it."""
    if "makeMemorySnapshot" not in (site / "static" / "engine-worker.js").read_text(encoding="utf-8"):
        return
    deadline = time.monotonic() + TIMEOUT_MS / 1000
    while not page.evaluate(KEPT):  # asked in turn: `wait_for_function` would take the promise as true
        if time.monotonic() > deadline:
            raise TimeoutError("the engine's snapshot was never kept")
        page.wait_for_timeout(250)


FROM_SNAPSHOT = """() => Boolean(performance.getEntriesByName("engine-ready")[0]?.detail?.pyodide_from_snapshot)"""


def engine_ready(page: Any) -> float:
    """Seconds from the navigation to the engine's start, as the page marked it (0 if it has none)."""
    ms = page.evaluate('() => performance.getEntriesByName("engine-ready")[0]?.startTime ?? 0')
    return float(ms) / 1000


STEPS = """() => {
  const first = (name) => performance.getEntriesByName(name)[0];
  const start = first("engine-start"), ready = first("engine-ready"), answered = first("engine-answered");
  const t = (ready && ready.detail) || {};
  const base = t.origin ? t.origin - performance.timeOrigin : start ? start.startTime : 0;
  const at = (k) => (k in t ? (base + t[k]) / 1000 : 0);
  return { worker: start ? start.startTime / 1000 : 0, pyodide: at("pyodide"), site: at("site"),
           imported: at("imported"), answered: answered ? answered.startTime / 1000 : 0 };
}"""
"""Where a start from nothing went, by the page's marks and its worker's (`timing` in
engine-worker.js): seconds from the navigation to the worker made, Pyodide started, the site
unpacked, the engine imported and its first answer received (0 where the build marks none)."""


def gzipped(site: Path, path: str) -> int:
    name = path.split("?")[0].lstrip("/") or "index.html"
    file = site / name
    if file.is_dir():
        file = file / "index.html"
    return len(gzip.compress(file.read_bytes())) if file.is_file() else 0


PHONE_CONTEXT = {"viewport": PHONE, "device_scale_factor": 3, "has_touch": True, "is_mobile": True, "locale": "en-GB"}

FLOOR_PAGE = """<!doctype html><meta charset="utf-8"><title>Pyodide alone</title><output id="verdict"></output>
<script>
new Worker("floor-worker.js").onmessage = (e) => { document.getElementById("verdict").dataset.total = e.data; };
</script>
"""
FLOOR_WORKER = """importScripts("pyodide/pyodide.js");
loadPyodide({ indexURL: new URL("pyodide/", self.location).href })
  .then((py) => postMessage(String(py.runPython("1+1"))));
"""


def floor_page(site: Path, folder: Path) -> Path:
    """The floor page in `folder`: the site's `pyodide/` and a worker that starts it and asks `1+1`
    (`FLOOR_PAGE`, `FLOOR_WORKER`); none of mcr-score, no service worker."""
    shutil.copytree(site / "pyodide", folder / "pyodide")
    (folder / "index.html").write_text(FLOOR_PAGE, encoding="utf-8")
    (folder / "floor-worker.js").write_text(FLOOR_WORKER, encoding="utf-8")
    return folder


@dataclass(frozen=True)
class FloorLoad:
    """A cold visit of the floor page: seconds to its answer, and the CPU spent meanwhile (`cpu_spent`)."""

    seconds: float
    cpu: dict[str, float]


def floor_run(browser: Any, url: str) -> FloorLoad:
    """A cold visit of the floor page to its answer in `#verdict[data-total]`; an answer other than
    Pyodide's `2` is an error, not a time. The CPU is read before the page is closed (a closed
    page's processes are gone from `/proc`)."""
    context = browser.new_context(**PHONE_CONTEXT)
    context.add_init_script(WATCH)
    page = context.new_page()
    with cpu_spent() as spent:
        go(page, url + "/")
        seconds = at(page, "verdict")
    answer = page.get_attribute("#verdict", "data-total")
    context.close()
    if answer != "2":
        raise RuntimeError(f"the floor page answered {answer!r} to 1+1, not '2'")
    return FloorLoad(seconds, spent)


def one_run(browser: Any, url: str, served: Served, site: Path, hand: str) -> dict[str, Any]:
    """A fresh profile: a cold visit of the empty page, a cold `?q=` link in another, then warm and
    offline reloads of the link."""
    link = f"{url}/?q={quote(hand, safe='')}&lang=en"
    figures: dict[str, Any] = {}
    context = browser.new_context(**PHONE_CONTEXT)
    context.add_init_script(WATCH)
    page = context.new_page()
    served.reset()
    go(page, url + "/")
    figures["cold_usable_s"] = at(page, "usable")
    figures["tiles_in_first_screen"] = len(page.evaluate(IN_VIEW))
    figures["tile_kinds_in_first_screen"] = len({t for t in page.evaluate(IN_VIEW) if t not in "abcdefgh"})
    sw_ready(page)
    page.wait_for_selector("body[data-ready='1']", state="attached", timeout=TIMEOUT_MS)
    sent = served.taken()
    figures["first_visit_requests"] = len(sent)
    figures["first_visit_revalidated"] = sum(code == "304" for _, code in served.asked)
    figures["first_visit_mb"] = sum(n for _, n in sent) / 1e6
    figures["first_visit_gzip_mb"] = sum(gzipped(site, p) for p, _ in sent) / 1e6
    snapshot_kept(page, site)
    go(page, url + "/")
    figures["warm_usable_s"] = at(page, "usable")
    context.close()

    context = browser.new_context(**PHONE_CONTEXT)
    context.add_init_script(WATCH)
    page = context.new_page()
    with cpu_spent() as spent:
        go(page, link)
        figures["cold_link_usable_s"] = at(page, "usable")
        figures["cold_link_verdict_s"] = at(page, "verdict")
    figures.update(cpu_figures(spent, "cold_link"))
    figures["cold_engine_ready_s"] = engine_ready(page)
    for step, seconds in page.evaluate(STEPS).items():
        figures[f"cold_step_{step}_s"] = seconds
    sw_ready(page)
    page.wait_for_selector("body[data-ready='1']", state="attached", timeout=TIMEOUT_MS)
    snapshot_kept(page, site)
    go(page, link)
    figures["warm_link_usable_s"] = at(page, "usable")
    figures["warm_link_verdict_s"] = at(page, "verdict")
    figures["warm_engine_ready_s"] = engine_ready(page)
    figures["warm_from_snapshot"] = float(page.evaluate(FROM_SNAPSHOT))
    context.set_offline(True)
    go(page, link)
    figures["offline_link_usable_s"] = at(page, "usable")
    figures["offline_link_verdict_s"] = at(page, "verdict")
    context.close()
    return figures


def measure(site: Path, floor: Path, hand: str, runs: int, executable: Path) -> dict[str, float]:
    from playwright.sync_api import sync_playwright

    with serve(site) as (url, served), serve(floor) as (floor_url, _), sync_playwright() as p:
        browser = p.chromium.launch(executable_path=str(executable), args=FLAGS, headless=True)
        try:
            all_runs = []
            for _ in range(runs):
                figures = one_run(browser, url, served, site, hand)
                bare = floor_run(browser, floor_url)
                figures["floor_verdict_s"] = bare.seconds
                figures.update(cpu_figures(bare.cpu, "floor"))
                all_runs.append(figures)
        finally:
            browser.close()
    return summary(all_runs)


SPREAD = ("cold_usable_s", "cold_link_verdict_s", "floor_verdict_s", "cold_link_cpu_s")
"""The figures whose least and most of the runs are printed beside their median: the times at a
quarter of a CPU move from one load to the next by more than most changes to the page."""


def summary(runs: list[dict[str, float]]) -> dict[str, float]:
    """Each figure's median over the runs, and for `SPREAD`'s also its least (`_min`) and most (`_max`)."""
    out = {key: statistics.median(r[key] for r in runs) for key in runs[0]}
    for key in SPREAD:
        out[f"{key}_min"] = min(r[key] for r in runs)
        out[f"{key}_max"] = max(r[key] for r in runs)
    return out


def build(out: Path) -> Path:
    subprocess.run([sys.executable, str(ROOT / "scripts" / "build-page"), str(out)], check=True)
    return out


LINES = [
    ("picker usable, cold (s)", "cold_usable_s"),
    ("    the runs, least-most (s)", "cold_usable_s_min"),
    ("picker usable, warm reload (s)", "warm_usable_s"),
    ("picker usable, offline reload (s)", "offline_link_usable_s"),
    ("?q= link: picker usable, cold (s)", "cold_link_usable_s"),
    ("?q= link -> verdict, cold (s)", "cold_link_verdict_s"),
    ("    the runs, least-most (s)", "cold_link_verdict_s_min"),
    ("  floor: Pyodide alone -> 1+1, cold (s)", "floor_verdict_s"),
    ("    the runs, least-most (s)", "floor_verdict_s_min"),
    ("?q= link, cold: CPU of every Chromium process (s)", "cold_link_cpu_s"),
    ("    the runs, least-most (s)", "cold_link_cpu_s_min"),
    ("  of it, V8's compile threads (s)", "cold_link_cpu_compile_s"),
    ("  of it, the engine's worker (s)", "cold_link_cpu_worker_s"),
    ("  floor: CPU of every Chromium process (s)", "floor_cpu_s"),
    ("  of it, V8's compile threads (s)", "floor_cpu_compile_s"),
    ("  of it, Pyodide's worker (s)", "floor_cpu_worker_s"),
    ("?q= link -> verdict, warm reload (s)", "warm_link_verdict_s"),
    ("?q= link -> verdict, offline reload (s)", "offline_link_verdict_s"),
    ("engine started, cold (s)", "cold_engine_ready_s"),
    ("  cold: its worker made (s)", "cold_step_worker_s"),
    ("  cold: Pyodide started (s)", "cold_step_pyodide_s"),
    ("  cold: site unpacked (s)", "cold_step_site_s"),
    ("  cold: engine imported (s)", "cold_step_imported_s"),
    ("  cold: its first answer (s)", "cold_step_answered_s"),
    ("engine started, warm reload (s)", "warm_engine_ready_s"),
    ("warm reload started from the snapshot (1 yes)", "warm_from_snapshot"),
    ("first visit: requests with a body", "first_visit_requests"),
    ("first visit: requests answered 304", "first_visit_revalidated"),
    ("first visit: MB sent", "first_visit_mb"),
    ("first visit: MB gzipped", "first_visit_gzip_mb"),
    ("picker tiles in the first screen (of 42)", "tiles_in_first_screen"),
    ("tile kinds in the first screen (of 34)", "tile_kinds_in_first_screen"),
]


def report(results: dict[str, dict[str, float]]) -> None:
    names = list(results)
    print(f"{'':52}" + "".join(f"{n:>16}" for n in names))
    for label, key in LINES:
        if key.endswith("_min"):  # the least and the most of the runs, as one range
            most = key.removesuffix("_min") + "_max"
            print(f"{label:52}" + "".join(f"{f'{results[n][key]:.2f}-{results[n][most]:.2f}':>16}" for n in names))
        else:
            print(f"{label:52}" + "".join(f"{results[n][key]:>16.2f}" for n in names))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", type=Path, help="a folder built by scripts/build-page (default: build one)")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--hand", default=HAND)
    parser.add_argument("--no-quarter", action="store_true", help="measure unthrottled only")
    args = parser.parse_args()
    load = os.getloadavg()
    now = datetime.datetime.now(datetime.UTC)
    print(f"{now:%Y-%m-%d %H:%M:%S} UTC, load average {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}")
    with tempfile.TemporaryDirectory() as made:
        site = args.site or build(Path(made) / "site")
        floor = floor_page(site, Path(made) / "floor")
        results = {"unthrottled": measure(site, floor, args.hand, args.runs, CHROMIUM)}
        if not args.no_quarter:
            with quarter_cpu() as launcher:
                if launcher is not None:
                    results["quarter CPU"] = measure(site, floor, args.hand, args.runs, launcher)
    report(results)


if __name__ == "__main__":
    main()
