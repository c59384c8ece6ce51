"""`examples/dask_batch.py`: the batch's own chunk scorer run as tasks on a `dask.distributed`
LocalCluster gives exactly the output of `mcr-score batch`, for one file and for a directory of
partition files (each compared with the command run on that partition)."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from tests.support import REPO

pytest.importorskip("dask.distributed")

from tests.batch.test_batch import mixed_lines, write_lines
from tests.support.cli import CLI

EXAMPLE = REPO / "examples" / "dask_batch.py"


def batch_output(path: Path) -> bytes:
    cli = subprocess.run([*CLI, "batch", str(path), "--rules", "china", "--jobs", "1"], capture_output=True, check=True)
    return cli.stdout


def run_example(source: Path, output: Path) -> subprocess.CompletedProcess[str]:
    argv = [sys.executable, str(EXAMPLE), str(source), "-o", str(output), "--rules", "china"]
    result = subprocess.run([*argv, "--workers", "2", "--chunk-size", "37"], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    return result


def test_dask_example_gives_the_batch_commands_output(tmp_path: Path) -> None:
    lines = mixed_lines(400, seed=3)  # with garbage lines: bad UTF-8, broken JSON, oversized, blank
    path = write_lines(tmp_path / "in.jsonl", lines)
    result = run_example(path, tmp_path / "out.jsonl")
    want = batch_output(path)
    assert (tmp_path / "out.jsonl").read_bytes() == want
    errors = want.count(b'"ok": false')
    assert errors > 0
    records = sum(line != "" for line in lines)  # a blank line is no record
    assert records < len(lines)
    assert f"{records} records" in result.stderr  # the batch's summary
    skipped = re.search(r"blank lines skipped\s+(\d+)", result.stderr)  # and its blank lines
    assert skipped is not None
    assert int(skipped[1]) == len(lines) - records


def test_dask_example_scores_each_partition_of_a_directory(tmp_path: Path) -> None:
    parts = tmp_path / "parts"
    parts.mkdir()
    write_lines(parts / "part-0.jsonl", mixed_lines(120, seed=4))
    write_lines(parts / "part-1.jsonl", mixed_lines(90, seed=6))
    (parts / "README").write_text("not a partition\n")
    run_example(parts, tmp_path / "scored")
    assert sorted(p.name for p in (tmp_path / "scored").iterdir()) == ["part-0.jsonl", "part-1.jsonl"]
    for name in ("part-0.jsonl", "part-1.jsonl"):
        assert (tmp_path / "scored" / name).read_bytes() == batch_output(parts / name)
