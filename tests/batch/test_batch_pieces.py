"""`batch --from` read in the workers (issue 40): the game files cut at record boundaries by the main
process (`batch.slices`), each piece read, replayed and scored where it is sent, the writer numbering
the records. The reference is the reading in the main process (`games.records`, what `batch --from`
did before): the same bytes, the same summary, whatever `--jobs` and the pieces' size, on the real
records of the tests and on inputs full of errors (matches that are none, a match id given twice
across pieces, a byte that is not UTF-8 midway, a tziakcha hand that cannot be replayed)."""

from __future__ import annotations

import io
import itertools
import json
from pathlib import Path

import pytest

from mcr_score import batch
from mcr_score.batch import games, slices
from mcr_score.batch.errors import BatchError
from mcr_score.batch.slices import text_pieces
from mcr_score.cli import main
from tests.batch.test_batch_games import _inputs
from tests.support import records as R
from tests.support.cli import runner


def _text(matches: int) -> str:
    """Botzone text of `matches` matches: robbing wins and draws (the text holds no flowers)."""
    return "".join(R.to_botzone_text(R.DRAWN if k % 3 == 2 else R.ROBBING, match=f"m{k:04d}") for k in range(matches))


def _broken_text() -> bytes:
    """Botzone text with errors in many pieces: a line of no kind, a match id given again (far from
    its first), blank lines and a byte-order mark before a `Match`, and a bad byte near the end."""
    parts = _text(40).split("Match ")
    parts[3] = parts[3].replace("Wind", "Wnd", 1)
    parts[30] = parts[5]  # the id of match 4 again, in another piece
    parts[12] = "\n\n  \ufeff" + "Match " + parts[12]
    body = "Match ".join(parts).replace("\n  \ufeffMatch Match ", "\n  \ufeffMatch ")
    data = body.encode()
    cut = data.rindex(b"Match ")
    return data[:cut] + b"Player 0 Draw \xff\n" + data[cut:]


def _reference(paths: list[str], out: Path, **options: object) -> tuple[bytes, dict[str, object]]:
    tally = games.GameTally()
    opened = games.records(paths, None, tally)
    return _finish(paths, out, opened, tally, **options)


def _pieces(paths: list[str], out: Path, size: int, **options: object) -> tuple[bytes, dict[str, object]]:
    tally = games.GameTally()
    opened = slices.opened(paths, None, tally, size)
    return _finish(paths, out, opened, tally, **options)


def _finish(
    paths: list[str], out: Path, opened: batch.reading.Opened, tally: games.GameTally, **options: object
) -> tuple[bytes, dict[str, object]]:
    outcome = batch.run(paths[0], str(out), opened_input=opened, progress=False, stderr=io.StringIO(), **options)  # type: ignore[arg-type]
    summary = outcome.to_dict()
    for key in ("seconds", "hands_per_second", "jobs"):
        summary.pop(key, None)
    return out.read_bytes(), {**summary, "games": tally.to_dict()}


@pytest.fixture
def inputs(tmp_path: Path) -> list[str]:
    text = tmp_path / "broken.txt"
    text.write_bytes(_broken_text())
    clean = tmp_path / "clean.txt"
    clean.write_text(_text(25), encoding="utf-8")
    return [str(clean), *_inputs(tmp_path), str(text)]


@pytest.mark.parametrize(
    ("size", "options"),
    [
        (200, {"rules": "china", "jobs": 1}),
        (3, {"rules": "china", "jobs": 1}),
        (3, {"rules": "china", "jobs": 2}),
        (1, {"rules": "green-book", "jobs": 2, "out_fmt": "csv"}),
        (7, {"rules": "green-book", "jobs": 1, "out_fmt": "csv"}),
    ],
)
def test_pieces_score_as_the_files_read_here(
    tmp_path: Path, inputs: list[str], size: int, options: dict[str, object]
) -> None:
    expected, expected_summary = _reference(inputs, tmp_path / "ref", **options)
    got, summary = _pieces(inputs, tmp_path / "got", size, **options)
    assert got == expected
    assert summary == expected_summary
    assert summary["errors"] >= 5  # type: ignore[operator]  # the broken matches, the bad byte, tziakcha's hands
    lines = [json.loads(line) for line in got.decode().splitlines()] if options.get("out_fmt") != "csv" else []
    assert [r["line"] for r in lines] == list(range(1, len(lines) + 1))
    if lines:
        named = [r["error"]["message"] for r in lines if not r["ok"]]
        assert any("broken.txt" in m and "line" in m for m in named)  # errors still name file and line
        assert any("given twice" in m or "twice" in m for m in named)


def test_jobs_one_and_two_are_byte_for_byte_on_the_command_line(tmp_path: Path, inputs: list[str]) -> None:
    outs = []
    for jobs in ("1", "2"):
        out = tmp_path / f"j{jobs}.jsonl"
        result = runner().invoke(
            main, ["batch", *inputs, "--from", "auto", "-j", jobs, "--chunk-size", "4", "-o", str(out), "--no-progress"]
        )
        assert result.exit_code == 0, result.stderr
        outs.append(out.read_bytes())
    assert outs[0] == outs[1]
    assert outs[0].count(b"\n") > 60


def test_text_pieces_cut_at_match_lines(tmp_path: Path) -> None:
    path = tmp_path / "t.txt"
    data = _broken_text()
    path.write_bytes(data)
    pieces = list(text_pieces(0, str(path), "botzone", 5))
    assert pieces[0].start == 0
    assert pieces[-1].end == len(data)
    assert all(a.end == b.start for a, b in itertools.pairwise(pieces))
    for p in pieces:
        first = data[p.start : data.index(b"\n", p.start)].decode("utf-8", "replace")
        assert "Match " in first
        assert p.first_line == data[: p.start].count(b"\n") + 1
    assert any(p.earlier for p in pieces)  # the id given again, in a later piece
    assert list(text_pieces(0, str(tmp_path / "t.txt"), None, 10_000)) == [
        pieces[0].__class__(0, str(path), None, 0, len(data), 1, (), len(data))
    ]
    (tmp_path / "empty.txt").write_bytes(b"")
    assert list(text_pieces(0, str(tmp_path / "empty.txt"), None, 5)) == []


def test_resume_checks_and_skips_the_records_written(tmp_path: Path, inputs: list[str]) -> None:
    body, _ = _pieces(inputs, tmp_path / "full", 3, rules="china", jobs=1)
    cut = tmp_path / "cut"
    cut.write_bytes(body[: body.index(b"\n", len(body) // 2) + 10])  # half the records and a partial line
    resumed, _ = _pieces(inputs, cut, 3, rules="china", jobs=2, resume=True)
    assert resumed == body
    # an output that is not this input's: its last record differs
    lines = body.splitlines(keepends=True)
    edited = tmp_path / "edited"
    bad = lines[9].replace(b', "total": ', b', "total": 1', 1)
    edited.write_bytes(b"".join(lines[:9]) + bad)
    with pytest.raises(BatchError, match="10"):
        _pieces(inputs, edited, 3, rules="china", jobs=1, resume=True)
    longer = tmp_path / "longer"
    longer.write_bytes(body + lines[-1].replace(b'"line": ', b'"line": 9', 1))
    with pytest.raises(BatchError):
        _pieces(inputs, longer, 3, rules="china", jobs=1, resume=True)


def test_what_crosses_to_a_worker_pickles_in_both_builds(tmp_path: Path) -> None:
    """Compiled, a frozen class is not rebuilt by pickle's default (`values.reduce` rebuilds it)."""
    import pickle

    from mcr_score.batch.slices import Numbered, Slice
    from mcr_score.games.export import HandOut
    from mcr_score.games.reading import Input

    piece = Slice(1, "a.txt", "botzone", 10, 20, 3, (("m1", "line 1"),), 10)
    tally = games.GameTally(files=1, formats={"botzone": 2})
    done = Numbered(("{", "{"), ("}\n", "}\n"), ((True, True, True, 8, None, None),) * 2, tally, 1, True)
    out = HandOut("g/1/E", "123m", 8, (1,), None)
    for value in (piece, done, out):
        assert pickle.loads(pickle.dumps(value)) == value
    data = pickle.loads(pickle.dumps(Input("x.json", b"[]")))
    assert (data.name, data.data) == ("x.json", b"[]")


def test_a_piece_that_kills_its_worker_is_one_error_record(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """`--jobs 2`: a worker dies reading a piece (here: it exits; for real, out of memory). The piece is
    tried again alone in a fresh pool; dying again, one `internal-error` record stands for it, in its
    place, and the other pieces are written as they are."""
    import os as os_module

    from mcr_score.batch import pool

    path = tmp_path / "t.txt"
    path.write_text(_text(30), encoding="utf-8")
    clean, _ = _pieces([str(path)], tmp_path / "clean", 10, rules="china", jobs=2)
    real = pool.score_pieces

    def deadly(pieces: tuple[slices.Slice, ...], rules: str, out_fmt: str) -> slices.Numbered:
        if pieces[0].first_line > 1 and pieces[0].start < 2 * pieces[0].size:  # the second piece
            os_module._exit(3)
        return real(pieces, rules, out_fmt)

    monkeypatch.setattr(pool, "score_pieces", deadly)  # the workers are forked: they have it too
    got, summary = _pieces([str(path)], tmp_path / "got", 10, rules="china", jobs=2)
    lines = got.decode().splitlines()
    died = [json.loads(line) for line in lines if "internal-error" in line]
    assert len(died) == 1
    won = 7  # of each piece's ten matches, three are drawn (`_text`): seven records a piece
    assert died[0]["line"] == won + 1  # after the first piece's records
    assert summary["errors"] == 1
    assert len(lines) == clean.decode().count("\n") - won + 1  # the second piece's records are that one
