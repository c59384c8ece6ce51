"""`mcr-score batch`: one output record per input record, in order, whatever the input; claims;
the summary and exit codes; streaming; parallel order; and resuming after Ctrl-C or kill -9.

Expected scores come from `score()` / `score --json` on the same hand, so these tests check the
batch layer (reading, record forms, errors, order, resume), not the engine.
"""

from __future__ import annotations

import gc
import io
import json
import multiprocessing
import os
import random
import re
import signal
import subprocess
import sys
import time
import weakref
from pathlib import Path

import pytest
from click.testing import CliRunner

from mcr_score import batch, format_hand, parse_hand, score
from mcr_score.batch import pool
from mcr_score.batch import records as batch_records
from mcr_score.batch.output import as_dict
from mcr_score.batch.reading import RawLine
from mcr_score.cli import main
from mcr_score.hand import Hand
from tests.support import strategies
from tests.support.cli import CLI, runner
from tests.support.procs import children


def record_of(hand: Hand, **extra) -> dict:
    """The JSON record form of a hand, built from the documented schema (not from batch.py)."""
    s = hand.situation
    melds = []
    for m in hand.melds:
        meld = {"type": m.kind, "tile": m.tile.code, "concealed": m.concealed}
        if m.claim is not None:
            meld["claim"] = m.claim
        melds.append(meld)
    return {
        **extra,
        "melds": melds,
        "hand": [t.code for t in hand.standing],
        "win": hand.winning.code if hand.winning else None,
        "self_drawn": s.self_drawn,
        "last_tile": s.last_copy,
        "kong": s.kong,
        "wall_last": s.wall_last,
        "seat_wind": s.seat_wind,
        "prevalent_wind": s.prevalent_wind,
        "flowers": s.flower_letters or s.flowers,
    }


def expected(hand, rules="green-book", **head) -> dict:
    return {**head, **score(hand, rules).to_dict()}


def cli(*args: str, input: bytes | None = None):
    result = runner().invoke(main, ["batch", *args], input=input)
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    assert "Traceback" not in result.stdout + result.stderr
    return result


def lines_of(text: str) -> list[dict]:
    return [json.loads(line) for line in text.splitlines()]


HANDS = strategies.generate(150, seed=11)


# --- One record in each form --------------------------------------------------------------------


def test_structured_json_scores_as_the_notation_does():
    for i, hand in enumerate(HANDS):
        out = batch.score_record(record_of(hand, id=f"h{i}"), line=i + 1)
        assert out == expected(hand, id=f"h{i}", line=i + 1)


def test_every_input_form_gives_the_score_json_object_plus_id_and_line():
    hand = HANDS[0]
    text = format_hand(hand)
    want = score(text, "china").to_dict()
    assert batch.score_line(text, "text", line=3, rules="china") == {"id": None, "line": 3, **want}
    assert batch.score_line(f"r1\t{text}", "text", line=3, rules="china") == {"id": "r1", "line": 3, **want}
    assert batch.score_line(json.dumps({"id": "r1", "notation": text}), "jsonl", rules="china") == {
        "id": "r1",
        "line": None,
        **want,
    }
    assert batch.score_line(f'r1,"{text}"', "csv", columns=("id", "notation"), rules="china") == {
        "id": "r1",
        "line": None,
        **want,
    }
    # The same object as `mcr-score score --json`.
    result = CliRunner().invoke(main, ["score", "--json", "--rules", "china", text])
    assert json.loads(result.output) == want


def test_blank_and_comment_lines_of_the_text_form_hold_no_record():
    assert batch.score_line("   ", "text") is None
    assert batch.score_line("  # a comment", "text") is None


def test_blank_lines_hold_no_record_in_every_format():
    # Issue 14: a blank line is skipped (and counted by a run), never an empty-record error.
    assert batch.score_line("", "jsonl") is None
    assert batch.score_line(" \t ", "jsonl") is None
    assert batch.score_line("", "csv", columns=("id", "notation")) is None


def test_json_record_example_of_the_issue():
    record = {
        "id": "r1-h7",
        "melds": [{"type": "chow", "tile": "1m", "concealed": False}, {"type": "kong", "tile": "E", "concealed": True}],
        "hand": ["5p", "5p", "6p", "7p", "8p", "9p", "9p"],
        "win": "9p",
        "self_drawn": False,
        "last_tile": False,
        "kong": False,
        "wall_last": False,
        "seat_wind": "E",
        "prevalent_wind": "S",
        "flowers": 0,
    }
    out = batch.score_record(record)
    assert out == expected(parse_hand("[123m][EEEE]5567899p9p|SE0000"), id="r1-h7", line=None)


def test_json_flags_and_flowers_map_to_the_situation():
    record = {
        "hand": ["1m", "2m", "3m", "4m", "5m", "6m", "7m", "8m", "9m", "1p", "2p", "3p", "5s"],
        "win": "5s",
        "last_tile": False,
        "self_drawn": True,
        "wall_last": True,
        "seat_wind": "S",
        "prevalent_wind": "W",
        "flowers": "ace",
    }
    assert batch.score_record(record) == expected(parse_hand("123456789m123p5s5s|WS1010|ace"), id=None, line=None)
    record.update(flowers=3)
    assert batch.score_record(record) == expected(parse_hand("123456789m123p5s5s|WS1010|3"), id=None, line=None)


def test_an_exposed_kong_without_claim_gets_claim_1():
    record = {
        "melds": [{"type": "kong", "tile": "E"}],
        "hand": ["1m", "2m", "3m", "4m", "5m", "6m", "7m", "8m", "9m", "1p"],
        "win": "1p",
    }
    assert batch.score_record(record) == expected(parse_hand("[EEEE1]123456789m1p1p"), id=None, line=None)


def test_json_errors_name_the_field():
    def where(record) -> list[str]:
        out = batch.score_record({"win": None, **record}, line=9)
        assert out["ok"] is False
        assert out["line"] == 9
        return [p.get("where") for p in out["error"].get("problems", [out["error"]])]

    assert where({"melds": [{"type": "chow", "tile": "1m"}, {"type": "pung", "tile": "X1"}], "hand": []}) == [
        "melds[1].tile"
    ]
    assert where({"melds": [{"type": "chow", "tile": "8m"}], "hand": []}) == ["melds[0].tile"]
    assert where({"melds": [{"type": "pung", "tile": "E", "concealed": True}], "hand": []}) == ["melds[0].concealed"]
    assert where({"melds": [{"type": "pung", "tile": "E", "claim": 5}], "hand": []}) == ["melds[0].claim"]
    assert where({"melds": [{"type": "pair", "tile": "E"}], "hand": []}) == ["melds[0].type"]
    assert where({"melds": [{"type": "pung", "tile": "E", "from": 1}], "hand": []}) == ["melds[0].from"]
    assert where({"hand": ["1m", "2m", "zz"], "win": "1m"}) == ["hand[2]"]
    assert where({"hand": ["1m"] * 13, "win": "Q"}) == ["win"]
    assert where({"hand": [], "seat_wind": "X", "self_drawn": 1}) == ["self_drawn", "seat_wind"]
    assert where({"hand": [], "self_draw": True}) == ["self_draw"]  # a misspelt flag is not ignored
    assert where({"hand": [], "flowers": 9.5}) == ["flowers"]
    assert where({"id": "x"}) == ["hand"]
    assert [p["where"] for p in [batch.score_record({"hand": ["1m"] * 13})["error"]]] == ["win"]
    assert where({"hand": ["1m", "2m", "3m"] * 4 + ["5m", "5m"]}) == ["win"]  # 14 tiles and no winning tile
    assert where({"notation": "123m", "hand": []}) == ["hand"]
    assert where({"hand": [], "claimed_total": "lots"}) == ["claimed_total"]
    assert where({"hand": [], "claimed_fans": [1, 999]}) == ["claimed_fans[1]"]
    # Problems found by check_hand name the record's fields too.
    tiles = ["1m", "1m", "1m", "1m", "1m", "2m", "3m", "4m", "5m", "6m", "7m", "8m", "9m"]
    assert where({"hand": tiles, "win": "9m"}) == ["hand[4]"]  # the fifth 1m, in the order written
    assert where({"hand": tiles[5:], "win": "9m"}) == ["hand"]  # the tile count
    assert where(
        {
            "hand": ["1m", "1m", "2m", "3m", "4m", "5m", "6m", "7m", "8m", "9m", "1p", "2p", "3p"],
            "win": "1m",
            "last_tile": True,
        }
    ) == ["last_tile"]


def test_error_records_keep_id_and_notation_errors_their_column():
    out = batch.score_line('{"id": "r7", "notation": "123m4x5m"}', "jsonl", line=4)
    assert out["id"] == "r7"
    assert out["line"] == 4
    assert out["ok"] is False
    assert (out["error"]["code"], out["error"]["column"], out["error"]["where"]) == ("missing-suit", 5, "notation")
    assert [(p["code"], p["column"]) for p in out["error"]["problems"]] == [
        ("missing-suit", 5),
        ("illegal-character", 6),
    ]
    out = batch.score_line("r8\t123m4x5m", "text", line=5)
    assert (out["id"], out["error"]["column"]) == ("r8", 5)


GARBAGE = [
    ("not json", "bad-json"),
    ("[1, 2]", "bad-json"),
    ('{"hand": ', "bad-json"),
    ("[" * 5000 + "]" * 5000, "bad-json"),  # nested too deeply for the JSON decoder
    ('"just a string"', "bad-json"),
    ('{"notation": ""}', "empty-record"),
    ('{"notation": 5}', "bad-field"),
]


@pytest.mark.parametrize(("text", "code"), GARBAGE)
def test_garbage_json_lines_get_an_error_record(text, code):
    out = batch.score_line(text, "jsonl", line=2)
    assert out["ok"] is False
    assert out["line"] == 2
    assert out["error"]["code"] == code


def test_a_long_garbage_notation_lists_a_bounded_number_of_problems():
    out = batch.score_line("x" * 100, "text", line=1)
    assert out["error"]["code"] == "illegal-character"
    # The parser stops reading garbage after its own cap; the record lists at most MAX_PROBLEMS.
    assert len(out["error"]["problems"]) == batch.MAX_PROBLEMS


def test_a_notation_longer_than_any_hand_is_not_parsed(monkeypatch):
    def no_parsing(*args, **kwargs):
        raise AssertionError("an oversized notation must not reach the parser")

    monkeypatch.setattr(batch_records, "score_hand", no_parsing)
    out = batch.score_line("x" * (batch.MAX_LINE - 1), "text", line=1)
    assert out["error"]["code"] == "oversized"
    assert out["error"]["where"] == "notation"


def test_an_unexpected_exception_becomes_an_internal_error_record(monkeypatch):
    def broken(hand, rules):
        raise ZeroDivisionError("boom")

    monkeypatch.setattr(batch_records, "score_hand", broken)
    out = batch.score_line("r1\t123456789m123p5s5s", "text", line=3)
    assert out["ok"] is False
    assert out["id"] == "r1"
    assert out["line"] == 3
    assert out["error"]["code"] == "internal-error"
    assert "ZeroDivisionError: boom" in out["error"]["message"]


@pytest.mark.parametrize("out_fmt", ["jsonl", "csv"])
def test_an_output_record_that_cannot_be_written_becomes_an_internal_error_and_the_chunk_is_kept(monkeypatch, out_fmt):
    real = pool._score_one

    class Unwritable:
        def __str__(self) -> str:
            raise ValueError("no text")

    def spoiled(record, task):
        out = real(record, task)
        if record.number == 2:
            out = as_dict(out)  # a record scored is written from its score: its output object, spoiled
            out["id"] = "r2"
            out["total"] = Unwritable()  # neither JSON nor CSV can write it: a bug, not a lost record
        return out

    monkeypatch.setattr(pool, "_score_one", spoiled)
    records = tuple(RawLine(i, "123456789m123p5s5s", None, 19) for i in range(1, 4))
    text, tally = pool.score_chunk(pool.Task("text", "green-book", None, out_fmt, records))
    lines = text.splitlines()
    assert len(lines) == 3
    if out_fmt == "jsonl":
        outs = [json.loads(line) for line in lines]
        assert [o["line"] for o in outs] == [1, 2, 3]
        assert [o["ok"] for o in outs] == [True, False, True]
        assert outs[1]["id"] == "r2"
        assert outs[1]["error"]["code"] == "internal-error"
        assert outs[0] == batch.score_line("123456789m123p5s5s", "text", line=1)
    else:
        assert lines[1].startswith("2,r2,,false,")
        assert "internal-error" in lines[1]
    assert (tally.records, tally.errors, tally.error_codes["internal-error"]) == (3, 1, 1)


def test_keyboard_interrupt_is_not_swallowed(monkeypatch):
    def interrupted(hand, rules):
        raise KeyboardInterrupt

    monkeypatch.setattr(batch_records, "score_hand", interrupted)
    with pytest.raises(KeyboardInterrupt):
        batch.score_line('{"notation": "123456789m123p5s5s"}', "jsonl")


# --- Claims --------------------------------------------------------------------------------------


def test_claims_report_missing_and_extra_fans():
    text = "123456789m123p5s5s"  # 28 Pure Straight, 62, 63, 70, 79: 22 points
    out = batch.score_line(f"r1\t{text}\t22\t28 62 63 70 79", "text")
    assert out["claim"] == {
        "matches": True,
        "claimed_total": 22,
        "claimed_fans": [28, 62, 63, 70, 79],
        "missing": [],
        "extra": [],
    }
    out = batch.score_line(
        json.dumps({"notation": text, "claimed_total": 24, "claimed_fans": [28, 62, 71, 71]}), "jsonl"
    )
    assert out["claim"] == {
        "matches": False,
        "claimed_total": 24,
        "claimed_fans": [28, 62, 71, 71],
        "missing": [63, 70, 79],
        "extra": [71, 71],
    }
    out = batch.score_line(
        f'x,{text},22,"28 62 63x1 70 79 71x2"', "csv", columns=("id", "notation", "claimed_total", "claimed_fans")
    )
    assert out["claim"]["matches"] is False
    assert out["claim"]["extra"] == [71, 71]
    out = batch.score_line(json.dumps({"notation": text, "claimed_total": 21}), "jsonl")
    assert out["claim"] == {"matches": False, "claimed_total": 21, "claimed_fans": None, "missing": None, "extra": None}


def test_a_claim_on_a_hand_that_does_not_win():
    out = batch.score_line("r1\t123456789m123p5s6s\t8\t43", "text")
    assert out["winning"] is False
    assert out["claim"] == {"matches": False, "claimed_total": 8, "claimed_fans": [43], "missing": [], "extra": [43]}


# --- Whole runs through the CLI ------------------------------------------------------------------


def write_lines(path: Path, lines: list[str | bytes]) -> Path:
    with open(path, "wb") as f:
        for line in lines:
            f.write(line if isinstance(line, bytes) else line.encode())
            f.write(b"\n")
    return path


def test_every_input_line_but_blank_ones_gets_one_output_record_in_order(tmp_path):
    good = [json.dumps(record_of(h, id=f"h{i}")) for i, h in enumerate(HANDS[:40])]
    bad = [
        b"\xff\xfe not utf-8",
        "x" * (batch.MAX_LINE + 1),
        "é" * (batch.MAX_LINE - 1),
        "",
        "{}",
        "garbage",
        b"\x00\x01\x02",
        "[" * 9000,
    ]
    lines = []
    for i, g in enumerate(good):
        lines.append(g)
        if i % 5 == 0:
            lines.append(bad[(i // 5) % len(bad)])
    path = write_lines(tmp_path / "in.jsonl", lines)
    for jobs in ("1", "2"):
        result = cli(str(path), "--jobs", jobs, "--chunk-size", "7")
        assert result.exit_code == 0, result.stderr
        outs = lines_of(result.stdout)
        blank = [i for i, line in enumerate(lines, start=1) if line == ""]
        assert [o["line"] for o in outs] == [n for n in range(1, len(lines) + 1) if n not in blank]
        errors = [o for o in outs if not o["ok"]]
        assert len(errors) == len(lines) - len(good) - len(blank)
        assert {o["error"]["code"] for o in errors} >= {
            "encoding",
            "oversized",
            "bad-json",
            "bad-field",
        }
        assert re.search(rf"blank lines skipped +{len(blank)}\n", result.stderr)
        scored = [o for o in outs if o["ok"]]
        assert [o["id"] for o in scored] == [f"h{i}" for i in range(len(good))]
        assert scored[3] == expected(HANDS[3], id="h3", line=scored[3]["line"])


def test_a_huge_line_is_skipped_without_holding_it(tmp_path):
    path = tmp_path / "huge.txt"
    with open(path, "wb") as f:
        f.write(b"123456789m123p5s5s\n")
        f.write(b"1m" * 3_000_000 + b"\n")  # 6 MB on one line
        f.write(b"123456789m123p5s5s")  # no final newline
    outs = lines_of(cli(str(path), "--jobs", "1").stdout)
    assert [(o["line"], o["ok"]) for o in outs] == [(1, True), (2, False), (3, True)]
    assert outs[1]["error"]["code"] == "oversized"


def test_text_input_with_ids_comments_and_claims(tmp_path):
    path = write_lines(
        tmp_path / "sheet.txt",
        [
            "# round 1",
            "",
            "r1\t123456789m123p5s5s|EE0000\t22",
            "r2\t[123p1][345s2][999s3]6m6pEW1m",
            "1112345678999m9m|EE1000",
        ],
    )
    result = cli(str(path), "--jobs", "1")
    outs = lines_of(result.stdout)
    assert [(o["id"], o["line"]) for o in outs] == [("r1", 3), ("r2", 4), (None, 5)]
    assert outs[0]["claim"]["matches"] is True
    assert outs[1]["winning"] is False
    assert "3 records" in result.stderr


def test_csv_in_and_csv_out(tmp_path):
    path = write_lines(
        tmp_path / "sheet.csv",
        [
            "id,notation,claimed_total",
            "a,123456789m123p5s5s,22",
            'b,"123456789m123p5s5s",20',
            "c,12m",
            "",
            'd,"unclosed',
        ],
    )
    result = cli(str(path), "--format", "csv", "--jobs", "1")
    rows = result.stdout.splitlines()
    assert rows[0] == ",".join(batch.CSV_COLUMNS)
    import csv

    table = list(csv.DictReader(io.StringIO(result.stdout)))
    assert [(r["line"], r["id"], r["ok"]) for r in table] == [
        ("2", "a", "true"),
        ("3", "b", "true"),
        ("4", "c", "false"),
        ("6", "", "false"),  # line 5 is blank: no record (issue 14)
    ]
    assert table[0]["fans"] == "28 62 63 70 79"
    assert table[0]["total"] == "22"
    assert table[0]["claim_matches"] == "true"
    assert table[1]["claim_matches"] == "false"
    assert table[1]["missing"] == ""
    assert table[1]["claimed_total"] == "20"
    assert table[2]["error_code"] == "tile-count"
    assert table[2]["error_where"] == "notation"
    assert table[3]["error_code"] == "bad-csv"


def test_a_csv_without_notation_column_is_a_usage_error(tmp_path):
    path = write_lines(tmp_path / "bad.csv", ["id,hand", "a,123m"])
    result = cli(str(path))
    assert result.exit_code == 2
    assert "notation" in result.stderr


def test_standard_input_and_input_format(tmp_path):
    result = cli("-", "--input-format", "jsonl", "--jobs", "1", input=b'{"id": 1, "notation": "123456789m123p5s5s"}\n')
    assert lines_of(result.stdout)[0]["id"] == 1


def test_summary_exit_codes_and_summary_json(tmp_path):
    path = write_lines(
        tmp_path / "in.txt",
        [
            "a\t123456789m123p5s5s\t22",  # valid, claim matches
            "b\t123456789m123p5s5s\t20",  # claim mismatch
            "c\t123456789m123p5s6s",  # not winning
            "d\t[123m][456p][678s]12s3s4p4p",  # below 8 points
            "e\t5x",  # error
        ],
    )
    summary = tmp_path / "summary.json"
    result = cli(str(path), "--jobs", "1", "--summary-json", str(summary))
    assert result.exit_code == 0
    data = json.loads(summary.read_text())
    assert {
        k: data[k]
        for k in ("records", "winning", "valid", "below_minimum", "not_winning", "errors", "claims", "claim_mismatches")
    } == {
        "records": 5,
        "winning": 3,
        "valid": 2,
        "below_minimum": 1,
        "not_winning": 1,
        "errors": 1,
        "claims": 2,
        "claim_mismatches": 1,
    }
    assert data["error_codes"] == {"missing-suit": 1}
    assert sum(data["totals"].values()) == 3
    assert data["totals"]["22"] == 2
    assert data["hands_per_second"] > 0
    assert data["interrupted"] is False
    for words in ("5 records", "winning hands", "below 8 points", "errors", "claim mismatches", "totals", "hands/s"):
        assert words in result.stderr
    assert cli(str(path), "--jobs", "1", "--strict").exit_code == 1
    good = write_lines(tmp_path / "good.txt", ["123456789m123p5s5s"])
    assert cli(str(good), "--jobs", "1", "--strict").exit_code == 0


def test_usage_errors(tmp_path):
    path = write_lines(tmp_path / "in.txt", ["123456789m123p5s5s"])
    assert cli(str(path), "--resume").exit_code == 2  # --resume needs -o
    assert cli(str(tmp_path / "missing.txt")).exit_code == 2
    assert cli(str(path), "-o", str(path)).exit_code == 2


def test_progress_bar_only_when_asked_or_on_a_terminal(tmp_path):
    path = write_lines(tmp_path / "in.txt", ["123456789m123p5s5s"] * 30)
    err = io.StringIO()
    batch.run(str(path), str(tmp_path / "out.jsonl"), jobs=1, progress=True, stderr=err, chunk_size=5)
    assert "records" in err.getvalue()
    assert "left" in err.getvalue()
    err = io.StringIO()  # not a terminal
    batch.run(str(path), str(tmp_path / "out.jsonl"), jobs=1, stderr=err, chunk_size=5)
    assert err.getvalue() == ""


# --- The collector -------------------------------------------------------------------------------


def test_settling_the_collector_frees_garbage_cycles_before_freezing_the_survivors():
    class Node:
        pass

    a, b = Node(), Node()
    a.other, b.other = b, a  # a cycle: only the collector frees it
    gone = weakref.ref(a)
    kept = Node()
    del a, b
    pool.settle_gc()
    assert gone() is None  # collected, not frozen for good
    assert gc.get_freeze_count() > 0
    assert kept is not None


def test_a_run_puts_back_the_callers_collector_threshold(tmp_path):
    path = tmp_path / "in.txt"
    path.write_text("123456789m123p5s5s\n")
    before = gc.get_threshold()
    batch.run(str(path), str(tmp_path / "out.jsonl"), jobs=1, stderr=io.StringIO())
    assert gc.get_threshold() == before


# --- Streaming and order -------------------------------------------------------------------------


@pytest.mark.parametrize("jobs", [1, 2])
def test_reading_stays_a_bounded_distance_ahead_of_writing(jobs):
    read = {"n": 0}
    gap = []

    def endless():
        line = json.dumps({"notation": "123456789m123p5s5s"})
        for i in range(1, 2001):
            read["n"] += 1
            yield RawLine(i, line, None, len(line) + 1)

    written = {"n": 0}

    def write(text: str) -> None:
        written["n"] += text.count("\n")
        gap.append(read["n"] - written["n"])

    tally, finished = batch.process(endless(), write, fmt="jsonl", rules="green-book", jobs=jobs, chunk_size=50)
    assert finished
    assert tally.records == written["n"] == 2000
    assert max(gap) <= (2 * jobs + 2) * 50  # the chunks in flight, never the whole input


@pytest.mark.skipif(multiprocessing.get_start_method() != "fork", reason="patches the worker code by forking")
def test_a_worker_that_dies_loses_only_its_record(monkeypatch):
    real = pool._score_one

    def fragile(record, task):
        if record[1] and "die" in record[1]:
            os._exit(3)
        return real(record, task)

    monkeypatch.setattr(pool, "_score_one", fragile)
    records = [RawLine(i, "die" if i == 7 else "123456789m123p5s5s", None, 10) for i in range(1, 31)]
    out = io.StringIO()
    _tally, finished = batch.process(iter(records), out.write, fmt="text", rules="green-book", jobs=2, chunk_size=4)
    outs = lines_of(out.getvalue())
    assert finished
    assert [o["line"] for o in outs] == list(range(1, 31))
    assert [o["line"] for o in outs if not o["ok"]] == [7]
    assert outs[6]["error"]["code"] == "internal-error"


# --- Resume ----------------------------------------------------------------------------------------


def mixed_lines(n: int, seed: int = 5) -> list[str | bytes]:
    """n lines of JSON records: structured and notation forms, with claims and 1% garbage."""
    rng = random.Random(seed)
    pool = strategies.generate(min(n, 2500), seed)
    lines: list[str | bytes] = []
    for i in range(n):
        r = rng.random()
        if r < 0.01:
            lines.append(rng.choice([b"\xff garbage", "{not json", "", "x" * (batch.MAX_LINE + 5), '{"hand": 5}']))
            continue
        hand = pool[i % len(pool)]
        if r < 0.5:
            lines.append(json.dumps(record_of(hand, id=f"g{i}")))
        else:
            lines.append(
                json.dumps(
                    {
                        "id": f"g{i}",
                        "notation": format_hand(hand),
                        **({"claimed_total": rng.randrange(8, 40)} if r > 0.9 else {}),
                    }
                )
            )
    return lines


def test_resume_truncates_a_partial_line_and_continues(tmp_path):
    lines = mixed_lines(300)
    path = write_lines(tmp_path / "in.jsonl", lines)
    records = sum(line != "" for line in lines)  # a blank line is no record (issue 14)
    full = tmp_path / "full.jsonl"
    assert cli(str(path), "-o", str(full), "--jobs", "1").exit_code == 0
    data = full.read_bytes()
    cut = data.index(b"\n", len(data) // 2) + 1
    for tail in (b"", b'{"id": "g1", "line": 15'):
        part = tmp_path / "part.jsonl"
        part.write_bytes(data[:cut] + tail)
        result = cli(str(path), "-o", str(part), "--jobs", "2", "--resume", "--summary-json", str(tmp_path / "s.json"))
        assert result.exit_code == 0
        assert part.read_bytes() == data
        summary = json.loads((tmp_path / "s.json").read_text())
        assert summary["records"] == records
        assert summary["resumed_from"] == data[:cut].count(b"\n")
    # Resuming a finished run adds nothing.
    assert cli(str(path), "-o", str(full), "--resume").exit_code == 0
    assert full.read_bytes() == data


def test_resume_refuses_an_output_of_another_input_or_rules(tmp_path):
    path = write_lines(tmp_path / "in.jsonl", mixed_lines(40))
    out = tmp_path / "out.jsonl"
    assert cli(str(path), "-o", str(out), "--jobs", "1").exit_code == 0
    other = write_lines(tmp_path / "other.jsonl", mixed_lines(20, seed=9))
    assert cli(str(other), "-o", str(out), "--resume").exit_code == 2
    shifted = write_lines(tmp_path / "shifted.jsonl", ["", "", *mixed_lines(40)])
    assert cli(str(shifted), "-o", str(out), "--resume").exit_code == 2
    assert cli(str(path), "-o", str(out), "--resume", "--rules", "china").exit_code == 2


def test_resume_of_csv_output(tmp_path):
    path = write_lines(tmp_path / "in.jsonl", mixed_lines(120))
    full = tmp_path / "full.csv"
    assert cli(str(path), "-o", str(full), "--format", "csv", "--jobs", "1").exit_code == 0
    data = full.read_bytes()
    part = tmp_path / "part.csv"
    part.write_bytes(data[: data.index(b"\n", len(data) // 3) + 1] + b"57,g5")
    assert cli(str(path), "-o", str(part), "--format", "csv", "--resume").exit_code == 0
    assert part.read_bytes() == data


@pytest.fixture(scope="module")
def big_run(tmp_path_factory):
    """A ~20k-line input and its uninterrupted output, shared by the kill tests."""
    root = tmp_path_factory.mktemp("kill")
    path = write_lines(root / "in.jsonl", mixed_lines(20_000))
    full = root / "full.jsonl"
    subprocess.run([*CLI, "batch", str(path), "-o", str(full)], check=True, stderr=subprocess.DEVNULL)
    return root, path, full.read_bytes()


def start_and_wait_for_output(args: list[str], out: Path, records: int) -> subprocess.Popen:
    proc = subprocess.Popen(CLI + args, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, start_new_session=True)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if out.exists() and out.stat().st_size and out.read_bytes().count(b"\n") >= records:
            return proc
        assert proc.poll() is None, "the run ended before it could be interrupted"
        time.sleep(0.02)
    raise AssertionError("no output")


def alive(pid: int) -> bool:
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="uses /proc and process groups")
def test_ctrl_c_leaves_complete_records_and_resume_finishes_the_same_output(big_run):
    root, path, full = big_run
    out = root / "sigint.jsonl"
    proc = start_and_wait_for_output(["batch", str(path), "-o", str(out)], out, 3000)
    os.killpg(proc.pid, signal.SIGINT)  # as a terminal does: the whole process group
    _, stderr = proc.communicate(timeout=60)
    assert proc.returncode == 130, stderr
    assert b"interrupted" in stderr
    assert b"Traceback" not in stderr
    part = out.read_bytes()
    assert part.endswith(b"\n")
    assert full.startswith(part)
    assert len(part) < len(full)
    assert all(json.loads(line)["line"] for line in part.splitlines())
    result = subprocess.run([*CLI, "batch", str(path), "-o", str(out), "--resume"], capture_output=True)
    assert result.returncode == 0, result.stderr
    assert out.read_bytes() == full


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="uses /proc")
def test_kill_9_then_resume_gives_the_same_output(big_run):
    root, path, full = big_run
    out = root / "sigkill.jsonl"
    proc = start_and_wait_for_output(["batch", str(path), "-o", str(out), "--jobs", "2"], out, 3000)
    workers = children(proc.pid)
    proc.kill()
    proc.communicate(timeout=30)
    deadline = time.monotonic() + 10
    while any(alive(w) for w in workers) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not any(alive(w) for w in workers), "workers outlived their killed parent"
    part = out.read_bytes()
    assert full.startswith(part[: part.rfind(b"\n") + 1])
    assert len(part) < len(full)
    with open(out, "ab") as f:
        f.write(b'{"id": "g99", "li')  # as if killed in the middle of a write
    result = subprocess.run([*CLI, "batch", str(path), "-o", str(out), "--resume", "--jobs", "2"], capture_output=True)
    assert result.returncode == 0, result.stderr
    assert out.read_bytes() == full
