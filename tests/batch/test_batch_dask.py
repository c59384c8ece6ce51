"""`mcr-score batch --dask ADDRESS` (issue 40): the run's chunks scored on a Dask cluster give the local
batch's output byte for byte (hands in notation and game records read in the workers), `--resume`
finishes an interrupted output, a worker killed mid-run loses no record, a bad ADDRESS is a usage
error naming it, and without Dask the error names the extra to install. The cluster tests start
LocalClusters (slow: `tests/conftest.py`)."""

from __future__ import annotations

import io
import os
import signal
import subprocess
import sys
import threading
import time
from concurrent.futures import Future, ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest

from mcr_score.batch import distributed
from mcr_score.batch.distributed import Address, DaskAddressError, parse_address
from mcr_score.cli import main
from tests.batch.test_batch import mixed_lines, write_lines
from tests.batch.test_batch_pieces import _broken_text, _text
from tests.support.cli import CLI, runner


def _batch(*args: str) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run([*CLI, "batch", *args, "--no-progress"], capture_output=True, check=False)


@pytest.fixture
def notation(tmp_path: Path) -> Path:
    return write_lines(tmp_path / "in.jsonl", mixed_lines(300, seed=8))  # garbage lines included


@pytest.fixture
def records(tmp_path: Path) -> list[str]:
    clean = tmp_path / "clean.txt"
    clean.write_text(_text(60), encoding="utf-8")
    broken = tmp_path / "broken.txt"
    broken.write_bytes(_broken_text())
    return [str(clean), str(broken)]


def test_dask_local_gives_the_local_batch_byte_for_byte(tmp_path: Path, notation: Path, records: list[str]) -> None:
    for inputs, extra in (([str(notation)], []), (records, ["--from", "botzone"])):
        local = _batch(*inputs, *extra, "-j", "1", "--rules", "china", "--chunk-size", "9")
        assert local.returncode == 0, local.stderr
        out = tmp_path / "dask.jsonl"
        report = tmp_path / "report.md"
        dask = _batch(*inputs, *extra, "--dask", "local:2", "--rules", "china", "--chunk-size", "9", "-o", str(out))
        assert dask.returncode == 0, dask.stderr
        assert out.read_bytes() == local.stdout
        assert b"2 processes" in dask.stderr or b"2 " in dask.stderr  # the summary, as today
        with_report = _batch(*inputs, *extra, "--dask", "local:1", "--rules", "china", "--report", str(report))
        assert with_report.returncode == 0, with_report.stderr
        assert with_report.stdout == local.stdout
        assert report.read_text(encoding="utf-8")


def test_dask_resume_finishes_an_interrupted_output(tmp_path: Path, records: list[str]) -> None:
    full = _batch(*records, "--from", "botzone", "-j", "1", "--chunk-size", "7")
    assert full.returncode == 0, full.stderr
    cut = tmp_path / "cut.jsonl"
    cut.write_bytes(full.stdout[: full.stdout.index(b"\n", len(full.stdout) // 3) + 25])  # a partial last line
    resumed = _batch(
        *records, "--from", "botzone", "--dask", "local:2", "--chunk-size", "7", "-o", str(cut), "--resume"
    )
    assert resumed.returncode == 0, resumed.stderr
    assert cut.read_bytes() == full.stdout


def test_a_worker_killed_mid_run_loses_nothing(tmp_path: Path) -> None:
    from dask.distributed import Client, LocalCluster

    path = tmp_path / "many.txt"
    path.write_text(_text(1200), encoding="utf-8")
    local = _batch(str(path), "--from", "botzone", "-j", "1", "--chunk-size", "10")
    assert local.returncode == 0, local.stderr
    with (
        LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as cluster,
        Client(cluster) as client,
    ):
        pids = list(client.run(os.getpid).values())
        out = tmp_path / "out.jsonl"
        run = subprocess.Popen(
            [
                *CLI,
                "batch",
                str(path),
                "--from",
                "botzone",
                "--dask",
                cluster.scheduler_address,
                "--chunk-size",
                "10",
                "-o",
                str(out),
                "--no-progress",
            ],
            stderr=subprocess.PIPE,
        )

        def kill() -> None:
            deadline = time.monotonic() + 60
            while time.monotonic() < deadline and (not out.exists() or out.stat().st_size < 20_000):
                time.sleep(0.05)
            os.kill(pids[0], signal.SIGKILL)  # a worker dies mid-run; the nanny starts another

        killer = threading.Thread(target=kill)
        killer.start()
        _, stderr = run.communicate(timeout=600)
        killer.join()
        assert run.returncode == 0, stderr
        assert pids[0] not in client.run(os.getpid).values()  # it did die
    assert out.read_bytes() == local.stdout


@pytest.mark.parametrize("address", ["tcp://host", "local:0", "local:x", "http://h:8786", "tcp://h:99999", ""])
def test_a_bad_address_is_a_usage_error_naming_it(tmp_path: Path, address: str) -> None:
    path = write_lines(tmp_path / "in.jsonl", mixed_lines(3))
    result = runner().invoke(main, ["batch", str(path), "--dask", address])
    assert result.exit_code == 2
    assert repr(address) in result.stderr
    assert "tcp://HOST:PORT" in result.stderr
    with pytest.raises(DaskAddressError):
        parse_address(address)


def test_addresses_read() -> None:
    assert parse_address("tcp://10.0.0.5:8786") == Address("tcp://10.0.0.5:8786")
    assert parse_address("tcp://[::1]:8786") == Address("tcp://[::1]:8786")
    assert parse_address("local:3") == Address(None, 3)


def test_jobs_and_dask_are_one_or_the_other(tmp_path: Path) -> None:
    path = write_lines(tmp_path / "in.jsonl", mixed_lines(3))
    result = runner().invoke(main, ["batch", str(path), "--dask", "local:1", "-j", "2"])
    assert result.exit_code == 2
    assert "--jobs" in result.stderr


def test_without_dask_the_error_names_the_extra(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = write_lines(tmp_path / "in.jsonl", mixed_lines(3))
    out = tmp_path / "out.jsonl"
    out.write_text("kept\n")
    monkeypatch.setitem(sys.modules, "dask.distributed", None)  # import fails as when it is not installed
    result = runner().invoke(main, ["batch", str(path), "--dask", "local:1", "-o", str(out)])
    assert result.exit_code == 1
    assert "pip install 'mcr-score[dask]'" in result.stderr
    assert out.read_text() == "kept\n"  # refused before the output is opened


def test_a_scheduler_out_of_reach_is_named(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = write_lines(tmp_path / "in.jsonl", mixed_lines(3))
    monkeypatch.setattr(distributed, "CONNECT_SECONDS", 1)
    result = runner().invoke(main, ["batch", str(path), "--dask", "tcp://127.0.0.1:9"])
    assert result.exit_code == 1
    assert "tcp://127.0.0.1:9" in result.stderr


class _Failing(ThreadPoolExecutor):
    """An executor whose first `fail` tasks of the functions `fns` fail, as a task whose workers all died does."""

    def __init__(self, fail: int, fns: tuple[object, ...]) -> None:
        super().__init__(max_workers=2)
        self.fail, self.fns = fail, fns

    def submit(self, fn, /, *args, **kwargs):  # type: ignore[no-untyped-def,override]
        if fn in self.fns and self.fail:
            self.fail -= 1
            failed: Future[object] = Future()
            failed.set_exception(RuntimeError("KilledWorker"))
            return failed
        return super().submit(fn, *args, **kwargs)


@pytest.mark.parametrize("pieces", [False, True])
def test_a_chunk_whose_tasks_fail_is_scored_record_by_record(
    tmp_path: Path, notation: Path, pieces: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`pool._on_executor`: a chunk whose task failed on the cluster (its workers killed) is scored a
    record a task (a chunk of pieces, again whole), so nothing is lost; a task failing again is an
    error record (`internal-error`), never a record missing."""
    from mcr_score.batch import games, pool, runner, slices
    from mcr_score.batch.pool import run_task, score_chunk

    text = tmp_path / "t.txt"
    text.write_text(_text(30), encoding="utf-8")
    source = str(text) if pieces else str(notation)

    def run(fail: int, *fns: object) -> bytes:
        out = tmp_path / "out.jsonl"
        opened = slices.opened([source], "botzone", games.GameTally(), 7) if pieces else None
        with _Failing(fail, fns) as executor:

            def on_cluster(*args: Any, **kwargs: Any) -> Any:
                return pool.process(*args, **{**kwargs, "executor": executor, "jobs": 2})

            monkeypatch.setattr(runner, "process", on_cluster)
            runner.run(source, str(out), opened_input=opened, chunk_size=9, progress=False, stderr=io.StringIO())
        return out.read_bytes()

    clean = run(0, run_task)
    assert run(2, run_task) == clean  # two chunks' tasks failed: scored again
    if pieces:
        broken = run(10**6, run_task)  # every task of a piece fails: one error record a chunk
        assert b"internal-error" in broken
    else:
        broken = run(10**6, run_task, score_chunk)  # a record's own task fails too: its error record, in its place
        assert broken.count(b"\n") == clean.count(b"\n")
        assert b"internal-error" in broken
