"""`examples/dask_batch.py`: the pure scoring function run by Dask's local scheduler gives the
same records as `mcr-score batch` (but for `line`, which Dask's `read_text` does not know)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("dask.bag")

from tests.support.cli import CLI
from tests.test_batch import mixed_lines, write_lines

EXAMPLE = Path(__file__).resolve().parent.parent / "examples" / "dask_batch.py"


def test_dask_example_matches_the_batch_command(tmp_path):
    lines = [line for line in mixed_lines(400, seed=3) if isinstance(line, str)]  # Dask decodes the whole block
    path = write_lines(tmp_path / "in.jsonl", lines)
    cli = subprocess.run([*CLI, "batch", str(path), "--rules", "china", "--jobs", "1"], capture_output=True, check=True)
    want = [{**json.loads(line), "line": None} for line in cli.stdout.decode().splitlines()]
    result = subprocess.run(
        [
            sys.executable,
            str(EXAMPLE),
            str(path),
            "-o",
            str(tmp_path / "out"),
            "--rules",
            "china",
            "--scheduler",
            "processes",
            "--blocksize",
            "16kB",
        ],
        capture_output=True,
        text=True,
    )
    assert result.returncode == 0, result.stderr
    parts = sorted((tmp_path / "out").glob("*.jsonl"))
    assert len(parts) > 3  # really split into partitions
    got = [json.loads(line) for part in parts for line in part.read_text().splitlines()]
    assert got == want
    errors = sum(1 for r in want if not r["ok"])
    assert f"error {errors:,}" in result.stderr
