"""The page benchmark's own arithmetic (`benchmarks.page`), without a browser: its CPU figures read
from a `/proc` made here, and the summary of its runs."""

from __future__ import annotations

import os
from pathlib import Path

from benchmarks.page import SPREAD, ThreadCpu, chromium_threads, cpu_between, cpu_figures, summary


def process(proc: Path, pid: int, exe: str, command: list[str], threads: dict[int, tuple[str, int, int]]) -> None:
    """A process in the fake `proc`: its executable, its command line and its threads (name, user
    and system ticks), each with a `stat` line as Linux writes it."""
    folder = proc / str(pid)
    (folder / "task").mkdir(parents=True)
    os.symlink(exe, folder / "exe")
    (folder / "cmdline").write_bytes(b"\0".join(a.encode() for a in command) + b"\0")
    for tid, (name, user, system) in threads.items():
        (folder / "task" / str(tid)).mkdir()
        rest = ["S", *["0"] * 10, str(user), str(system), *["0"] * 30]
        (folder / "task" / str(tid) / "stat").write_text(f"{tid} ({name}) {' '.join(rest)}\n")


def test_only_chromiums_threads_are_read_with_their_process_kind(tmp_path: Path) -> None:
    process(tmp_path, 10, "/usr/lib/chromium/chromium", ["chromium", "--headless"], {10: ("chromium", 5, 1)})
    process(
        tmp_path,
        11,
        "/usr/lib/chromium/chromium",
        ["/usr/lib/chromium/chromium --type=renderer --lang=en-GB"],  # as Chromium rewrites its command line
        {11: ("chromium", 2, 0), 12: ("DedicatedWorker", 30, 3)},
    )
    process(tmp_path, 20, "/usr/bin/python3", ["python3"], {20: ("python3", 99, 9)})
    (tmp_path / "self").mkdir()  # not a process id
    found = chromium_threads(tmp_path)
    assert found == {
        ("10", "10"): ThreadCpu("browser", "chromium", 6),
        ("11", "11"): ThreadCpu("renderer", "chromium", 2),
        ("11", "12"): ThreadCpu("renderer", "DedicatedWorker", 33),
    }
    assert chromium_threads(tmp_path / "none") == {}


def test_cpu_between_counts_what_each_thread_spent_and_new_threads_whole() -> None:
    ticks = os.sysconf("SC_CLK_TCK")
    before = {
        ("1", "1"): ThreadCpu("browser", "chromium", 100),
        ("2", "3"): ThreadCpu("renderer", "ThreadPoolForeg", 10),
    }
    after = {
        ("1", "1"): ThreadCpu("browser", "chromium", 100 + ticks),  # one second more
        ("2", "3"): ThreadCpu("renderer", "ThreadPoolForeg", 10 + ticks // 2),
        ("2", "4"): ThreadCpu("renderer", "ThreadPoolForeg", ticks),  # began meanwhile
        ("2", "5"): ThreadCpu("renderer", "DedicatedWorker", 2 * ticks),
    }
    spent = cpu_between(before, after)
    assert spent == {"browser: chromium": 1.0, "renderer: ThreadPoolForeg": 1.5, "renderer: DedicatedWorker": 2.0}
    assert cpu_figures(spent, "cold_link") == {
        "cold_link_cpu_s": 4.5,
        "cold_link_cpu_compile_s": 1.5,
        "cold_link_cpu_worker_s": 2.0,
    }


def test_the_summary_is_each_figures_median_with_the_spread_of_the_noisy_ones() -> None:
    runs = [dict.fromkeys(SPREAD, 1.0) | {"first_visit_mb": 5.0} for _ in range(3)]
    runs[0]["cold_link_verdict_s"], runs[1]["cold_link_verdict_s"] = 14.1, 9.5  # and 1.0
    out = summary(runs)
    assert out["cold_link_verdict_s"] == 9.5
    assert (out["cold_link_verdict_s_min"], out["cold_link_verdict_s_max"]) == (1.0, 14.1)
    assert out["first_visit_mb"] == 5.0
    assert "first_visit_mb_min" not in out
