"""Game records mutated at random (issue 22's guarantee, for issue 26's readers): whatever a record
holds, reading it gives games or a named error (`McrError`), never another exception; a hand that
contradicts itself carries a named problem; and batch answers every record."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mcr_score import batch
from mcr_score.batch import games as batch_games
from mcr_score.errors import McrError
from mcr_score.games import read_games
from tests.support import REPO, TESTS
from tests.support import records as R

FIXTURES = TESTS / "fixtures" / "records"
SESSION: dict[str, Any] = json.loads((FIXTURES / "tziakcha" / "session-GHQY2zTj.json").read_text(encoding="utf-8"))
PMN = (FIXTURES / "pmn" / "example_3.pmn").read_text(encoding="utf-8")
TEXTS = {
    "pmn": PMN,
    "botzone": R.to_botzone_text(R.ROBBING),
    "salasasa": json.dumps(R.to_salasasa([R.KONG_FLOWER, R.ROBBING])),
    "gbhelper": (REPO / "examples" / "records" / "gbhelper-record.json").read_text(),
}
VALUES = st.one_of(
    st.integers(min_value=-(2**70), max_value=2**70),
    st.text(max_size=5),
    st.none(),
    st.booleans(),
    st.lists(st.integers(min_value=-5, max_value=300), max_size=4),
)


def _read(data: bytes, fmt: str | None) -> None:
    start = time.process_time()
    try:
        games = read_games(data, fmt)
    except McrError:
        return
    finally:
        assert time.process_time() - start < 2.0
    for game in games:
        for hand in game.hands:
            for win in hand.wins:
                assert (win.hand is None) == (win.problem is not None) or win.hand is None


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    record=st.integers(min_value=0, max_value=15),
    action=st.integers(min_value=0, max_value=200),
    part=st.integers(min_value=0, max_value=2),
    value=VALUES,
)
def test_a_tziakcha_action_changed(record: int, action: int, part: int, value: Any) -> None:
    step = json.loads(json.dumps(SESSION["records"][record]["step"]))
    actions = step["a"]
    if actions:
        actions[action % len(actions)][part % len(actions[action % len(actions)])] = value
    _read(json.dumps(step).encode(), "tziakcha")


@settings(max_examples=40, deadline=None)
@given(key=st.sampled_from(["w", "d", "i", "b", "s", "y", "p", "g", "a"]), value=VALUES)
def test_a_tziakcha_field_changed(key: str, value: Any) -> None:
    step = json.loads(json.dumps(SESSION["records"][3]["step"]))
    step[key] = value
    _read(json.dumps(step).encode(), None)


@settings(max_examples=80, deadline=None)
@given(
    fmt=st.sampled_from(sorted(TEXTS)),
    at=st.integers(min_value=0, max_value=10**6),
    cut=st.integers(0, 6),
    insert=st.text(alphabet='0123456789[]{}",: abcdefpwrzHNTDCPBAZR-', max_size=6),
)
def test_a_text_record_edited(fmt: str, at: int, cut: int, insert: str) -> None:
    text = TEXTS[fmt]
    k = at % (len(text) + 1)
    edited = text[:k] + insert + text[k + cut :]
    _read(edited.encode(), fmt)
    _read(edited.encode(), None)


def test_batch_answers_every_record_of_a_broken_file(tmp_path: Path) -> None:
    """A session with a hand broken, a truncated file, and a good one: every winning hand answered,
    the broken hand an error record, the truncated file one error record naming it."""
    broken = json.loads(json.dumps(SESSION))
    actions = broken["records"][2]["step"]["a"]
    k = next(i for i, a in enumerate(actions) if a[0] & 15 == 7)  # a draw: another tile than the wall's
    actions[k][1] = (actions[k][1] & 0xFF) + 4 & 0x7F
    paths = []
    for name, content in (("a.json", json.dumps(broken)), ("b.pmn", PMN[: len(PMN) // 2]), ("c.pmn", PMN)):
        path = tmp_path / name
        path.write_text(content, encoding="utf-8")
        paths.append(str(path))
    out = tmp_path / "out.jsonl"
    tally = batch_games.GameTally()
    try:
        batch_games.check_inputs(paths, "auto")
    except batch.BatchError:
        paths.remove(str(tmp_path / "b.pmn"))  # a file no reader takes is refused before the run
    batch.run(paths[0], str(out), jobs=1, opened_input=batch_games.records(paths, "auto", tally), progress=False)
    records = [json.loads(line) for line in out.read_text().splitlines()]
    assert len(records) == tally.winning_hands + sum(1 for r in records if not r["ok"])
    assert any(not r["ok"] and r["id"].startswith("GHQY2zTj/3") for r in records)
