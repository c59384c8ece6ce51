"""Never a record dropped with exit 0, for any format (issue 40): in each format `batch --from` reads
(MahjongScoring2's sheets hold no tiles: `batch` does not take them),
a file holding a record it cannot read (a tile code that is none, a field out of range, a line of no
kind) is either refused by name (exit non-zero) or gives an error record naming the file, counted
in the summary's errors; the records beside it are still scored. Written from each format's
description (`tests.support.records`, the examples), never from real records."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path

import pytest

from mcr_score.cli import main
from tests.support import REPO
from tests.support import records as R
from tests.support.cli import runner

EXAMPLES = REPO / "examples" / "records"


def _tziakcha() -> bytes:
    broken = R.to_tziakcha(R.KONG_FLOWER)
    k = next(i for i, a in enumerate(broken["step"]["a"]) if a[0] == 0x12)
    broken["step"]["a"][k][1] = 4 * 26 | 0x100  # a discard of a tile not held
    return R.dumps([broken, R.to_tziakcha(R.ROBBING, "rec2")])


def _salasasa() -> bytes:
    doc = R.to_salasasa([R.KONG_FLOWER, R.ROBBING])
    first = doc["record"]["game_round"]["round_index_1"]
    first["tiles_list"][0] = 99  # no tile's number
    return R.dumps(doc)


def _pmn() -> bytes:
    good = R.to_pmn(R.ROBBING)
    bad = re.sub(r'\[Play "T0w1', '[Play "T0q9', R.to_pmn(R.ROBBING, board=7))
    return (bad + "\n" + good).encode()


def _botzone_text() -> bytes:
    return (
        R.to_botzone_text(R.ROBBING, match="m1").replace("Player 0 Play", "Player 0 Play X9", 1)
        + R.to_botzone_text(R.ROBBING, match="m2")
    ).encode()


def _botzone_log() -> bytes:
    doc = R.to_botzone_log(R.ROBBING)
    play = next(e for e in doc["log"] if e.get("output", {}).get("display", {}).get("action") == "PLAY")
    play["output"]["display"]["tile"] = "X9"
    return R.dumps(doc)


def _gbhelper() -> bytes:
    doc = json.loads((EXAMPLES / "gbhelper-record.json").read_text(encoding="utf-8"))
    doc["detail"][0]["fan"] = 9999  # no hand's total
    return json.dumps(doc).encode()


CASES: dict[str, tuple[str, str, Callable[[], bytes]]] = {
    "tziakcha": ("tziakcha", "json", _tziakcha),
    "salasasa": ("salasasa", "json", _salasasa),
    "pmn": ("pmn", "pmn", _pmn),
    "botzone-text": ("botzone", "txt", _botzone_text),
    "botzone-log": ("botzone", "json", _botzone_log),
    "gbhelper": ("gbhelper", "json", _gbhelper),
}


@pytest.mark.parametrize("case", sorted(CASES))
@pytest.mark.parametrize("jobs", ["1", "2"])
def test_a_record_that_cannot_be_read_is_refused_or_reported(tmp_path: Path, case: str, jobs: str) -> None:
    fmt, ext, make = CASES[case]
    path = tmp_path / f"bad-{case}.{ext}"
    path.write_bytes(make())
    for given in (fmt, "auto"):
        result = runner().invoke(main, ["batch", str(path), "--from", given, "-j", jobs, "--no-progress"])
        if result.exit_code != 0:
            assert path.name in result.stderr, result.stderr  # refused by name
            continue
        records = [json.loads(line) for line in result.stdout.splitlines()]
        errors = [r for r in records if not r["ok"]]
        assert errors, (case, result.stdout, result.stderr)  # reported, not dropped
        # named: by the file, or by the game and hand it holds (a tziakcha session's id)
        assert all(r["id"] or path.name in r["error"]["message"] for r in errors)
        counted = re.search(r"errors\s+(\d+)", result.stderr)
        assert counted is not None
        assert int(counted[1]) == len(errors)
