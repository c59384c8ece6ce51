"""A piece of a Botzone text read at once (`games/_api_fast.py`) is read as `api._lines` reads it:
the same lines, but for their line break; and never read where `_lines` names a problem (bytes not UTF-8, a
line too long), nor where the piece is cut inside a line."""

from __future__ import annotations

import tempfile
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mcr_score.games import _api_fast, api
from mcr_score.games.errors import GameRecordError
from tests.support import REPO

EXAMPLE = REPO / "examples" / "records" / "botzone.txt"


def _read(path: Path, start: int, end: int) -> list[str] | str:
    """`_lines`' lines without their line break (the reader strips each line), or its error."""
    try:
        return [line.removesuffix("\n") for line in api._lines(path, start, end)]
    except GameRecordError as e:
        return f"error: {e.message}"


def test_each_piece_of_the_example_is_read_at_once_as_line_by_line() -> None:
    data = EXAMPLE.read_bytes()
    starts = [i for i in range(len(data)) if data.startswith(b"Match ", i) and (i == 0 or data[i - 1] == 10)]
    assert len(starts) > 1
    for start, end in zip(starts, [*starts[1:], len(data)], strict=True):
        lines = _api_fast.piece_lines(str(EXAMPLE), start, end)
        assert lines is not None
        assert lines == _read(EXAMPLE, start, end)
    assert _api_fast.piece_lines(str(EXAMPLE), 0, len(data)) == EXAMPLE.read_text(encoding="utf-8").splitlines()


PARTS = [b"Match 1\n", b"Player 0 Draw W1\r\n", b"\xef\xbb\xbfWind 0\n", b"\n", b"  \t\n", b"\xe4\xb8\xad\n",
         b"\xff\n", b"\xe4\xb8", b"x" * 30_000 + b"\n", b"\x0b\x1c\xe2\x80\xa8\n", b"no end"]  # fmt: skip


@settings(max_examples=200, deadline=None)
@given(st.lists(st.sampled_from(PARTS), max_size=8), st.integers(0, 40), st.integers(0, 400))
def test_a_piece_is_read_at_once_as_line_by_line_or_left_to_it(parts: list[bytes], start: int, span: int) -> None:
    data = b"".join(parts)
    with tempfile.TemporaryDirectory() as folder:  # hypothesis: no `tmp_path` for each example
        path = Path(folder) / "piece.txt"
        path.write_bytes(data)
        start = min(start, len(data))
        end = start + span
        lines = _api_fast.piece_lines(str(path), start, end)
        expected = _read(path, start, end)
    if lines is not None:
        assert lines == expected
    elif not isinstance(expected, str):  # left to `_lines` without a problem: a cut inside a line, a long line
        piece = data[start:end]
        cut = bool(piece) and not piece.endswith(b"\n") and end < len(data)
        long = any(len(line) >= _api_fast.SAFE_LINE for line in data[start:].split(b"\n"))
        assert cut or long or b"\xff" in data or b"\xe4\xb8" in data


@pytest.mark.parametrize("bad", [b"\xff\n", b"x" * (api.MAX_TEXT_LINE + 5) + b"\n"])
def test_a_piece_with_a_problem_is_left_to_line_by_line(tmp_path: Path, bad: bytes) -> None:
    path = tmp_path / "t.txt"
    path.write_bytes(b"Match 1\nWind 0\n" + bad + b"Huang\n")
    assert _api_fast.piece_lines(str(path), 0, path.stat().st_size) is None
    assert isinstance(_read(path, 0, path.stat().st_size), str)
