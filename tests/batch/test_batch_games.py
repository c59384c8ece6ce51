"""`batch --from` hands the scorer each winning hand as the replay rebuilt it (`reading.GameHand`), not
as the JSON line of its notation read back (issue 26): the output must be the line's, byte for byte.
Pinned here against that line path on every real record of the tests and the examples (all formats),
on records with hands that cannot be replayed, in both output formats, with workers and --resume;
and against `convert --to jsonl` then a plain batch, on the command line."""

from __future__ import annotations

import io
import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from mcr_score import batch, format_hand
from mcr_score.batch import games
from mcr_score.batch.output import Scored, serialize
from mcr_score.batch.reading import GameHand, Opened, RawLine
from mcr_score.batch.records import score_game_hand, score_raw
from mcr_score.batch.report import Report
from mcr_score.cli import main
from mcr_score.games.export import HandOut
from tests.support import REPO
from tests.support import records as R
from tests.support.cli import runner
from tests.support.games import games_hands

ROOT = REPO
REAL = sorted(p for p in (ROOT / "tests" / "fixtures" / "records").glob("*/*") if p.suffix in (".json", ".pmn"))
EXAMPLES = [ROOT / "examples" / "records" / n for n in ("botzone-log.json", "botzone.txt", "salasasa.json")]
EXAMPLES.append(ROOT / "examples" / "records" / "gbhelper-record.json")  # a Hu without its tiles: no record


def _broken() -> bytes:
    """Three tziakcha records: a discard of a tile not held (an error record), a robbing win, a draw."""
    broken = R.to_tziakcha(R.KONG_FLOWER)
    k = next(i for i, a in enumerate(broken["step"]["a"]) if a[0] == 0x12)
    broken["step"]["a"][k][1] = 4 * 26 | 0x100
    return R.dumps([broken, R.to_tziakcha(R.ROBBING, "rec2"), R.to_tziakcha(R.DRAWN, "rec3")])


def _inputs(tmp_path: Path) -> list[str]:
    spec = {
        "spec-salasasa.json": R.dumps(R.to_salasasa([R.KONG_FLOWER, R.ROBBING, R.DRAWN])),
        "spec-robbing.pmn": R.to_pmn(R.ROBBING).encode(),
        "spec-thirteen.pmn": R.to_pmn(R.ROBBING).replace("D0r1", "").encode(),  # a Hu on 13 tiles
        "spec-botzone.json": R.dumps(R.to_botzone_log(R.KONG_FLOWER)),
        "spec-broken.json": _broken(),
    }
    paths = [str(p) for p in (*REAL, *EXAMPLES)]
    for name, data in spec.items():
        (tmp_path / name).write_bytes(data)
        paths.append(str(tmp_path / name))
    return paths


def _as_lines(records: Iterator[RawLine | GameHand]) -> Iterator[RawLine | GameHand]:
    """The records as `batch --from` gave them before: each winning hand the JSON line of its record."""
    for r in records:
        yield RawLine(r.number, r.out.jsonl(), None, 0) if isinstance(r, GameHand) else r


def _run(paths: list[str], out: Path, old: bool, **options: object) -> tuple[bytes, dict[str, object]]:
    tally = games.GameTally()
    opened = games.records(paths, None, tally)
    if old:
        opened = Opened(opened.fmt, opened.columns, opened.delimiter, _as_lines(opened.records))
    outcome = batch.run(paths[0], str(out), opened_input=opened, progress=False, stderr=io.StringIO(), **options)  # type: ignore[arg-type]
    summary = outcome.to_dict()
    summary.pop("seconds")
    summary.pop("hands_per_second", None)
    return out.read_bytes(), {**summary, "games": tally.to_dict()}


@pytest.mark.parametrize(
    "options",
    [
        {"rules": "china", "jobs": 1},
        {"rules": "green-book", "jobs": 1, "out_fmt": "csv"},
        {"rules": "china", "jobs": 2, "chunk_size": 3},
        {"rules": "green-book", "jobs": 2, "chunk_size": 5, "out_fmt": "csv"},
    ],
)
def test_the_hands_score_as_their_lines_byte_for_byte(tmp_path: Path, options: dict[str, object]) -> None:
    paths = _inputs(tmp_path)
    new, new_summary = _run(paths, tmp_path / "new", False, **options)
    old, old_summary = _run(paths, tmp_path / "old", True, **options)
    assert new == old
    assert new_summary == old_summary
    assert new_summary["errors"] == 2  # the hands that could not be replayed: their error records compared too
    assert new_summary["games"]["winning_hands"] > 30  # type: ignore[index]


def test_the_report_and_resume_are_the_lines(tmp_path: Path) -> None:
    paths = _inputs(tmp_path)
    reports = []
    for old in (False, True):
        report = Report("jsonl", None)
        body, _ = _run(paths, tmp_path / f"out{old}", old, rules="green-book", jobs=1, report=report)
        reports.append(report.render("r.md", "in", 0, "green-book"))
        cut = tmp_path / f"cut{old}"
        cut.write_bytes(body[: body.index(b"\n", len(body) // 2) + 10])  # half the records and a partial line
        resumed, _ = _run(paths, cut, old, rules="green-book", jobs=1, resume=True)
        assert resumed == body
    assert reports[0] == reports[1]


def test_a_hand_scores_as_its_notation_in_a_worker_and_here() -> None:
    """What the fast path rests on: a hand that scores, scores as its notation does (`score` checks a
    `Hand` as reading checks the hand it reads), under every profile; a claim the line refuses is
    refused as the line refuses it; and a worker gets the notation."""
    hands = games_hands(150, 7)
    scored = 0
    for rules in ("china", "green-book", "wmo-2014"):
        for n, hand in enumerate(hands, 1):
            fans = (76,) if n % 5 else (48, 48)  # one claim in five refused: fan 48 counted twice
            out = HandOut(f"g/{n}/E", format_hand(hand), 8, fans, None)
            here = GameHand(n, out, hand)
            sent = pickle_round_trip(here)
            assert sent.hand is None
            line = serialize([score_raw(n, out.jsonl(), None, "jsonl", rules, None)], "jsonl")
            for record in (here, sent):
                result = score_game_hand(record, rules)
                scored += isinstance(result, Scored)
                assert serialize([result], "jsonl") == line
    assert scored == 2 * 3 * 120


def pickle_round_trip(record: GameHand) -> GameHand:
    import pickle

    data = pickle.dumps(record)
    assert len(data) < 400  # the notation travels, not the hand
    back: GameHand = pickle.loads(data)
    return back


def test_batch_from_is_convert_then_batch(tmp_path: Path) -> None:
    """On the command line: `convert --to jsonl` then a plain batch gives the very lines of `batch --from`."""
    paths = [str(p) for p in (*REAL, *EXAMPLES[:-1])]  # every Hu with its tiles: convert writes them all
    converted = tmp_path / "hands.jsonl"
    result = runner().invoke(main, ["convert", *paths, "--to", "jsonl", "-o", str(converted)])
    assert result.exit_code == 0, result.stderr
    for rules in ("china", "green-book"):
        plain = runner().invoke(main, ["batch", str(converted), "--rules", rules, "-j", "1"])
        assert plain.exit_code == 0, plain.stderr
        tally = games.GameTally()
        out = tmp_path / f"from-{rules}"
        batch.run(
            paths[0],
            str(out),
            rules=rules,
            jobs=1,
            opened_input=games.records(paths, None, tally),
            progress=False,
            stderr=io.StringIO(),
        )
        assert out.read_text() == plain.stdout
        assert len(plain.stdout.splitlines()) == tally.winning_hands == 25
        assert all(json.loads(line)["ok"] for line in plain.stdout.splitlines())
