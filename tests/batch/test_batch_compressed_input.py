"""What a compressed input may expand to, and blank lines read a buffer at a time (issue 37).

A 30 KB `.gz` of blank lines (30 MB, 30 million lines) kept `batch` busy 34 s, read a line at a time
through five layers; a 300 KB one 405 s. Records are distinct lines, which gzip shrinks 3-16 times:
an input that expands past `MAX_RATIO` times what was read of it is stopped there, by name (the
records before it answered, exit 1, as a damaged `.gz`); and a run of blank lines is skipped a buffer
at a time, exactly as the line-at-a-time reading would skip it (the equivalence is a property test).
"""

from __future__ import annotations

import gzip
import io
import json
import random
from pathlib import Path
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from mcr_score.batch import reading
from mcr_score.batch.reading import MAX_RATIO, RATIO_SLACK, GuardedStream, open_records
from mcr_score.cli import main
from tests.support.cli import runner

HAND = "123456789m123p5s5s|EE0000"


def run(*args: str) -> Any:
    return runner().invoke(main, ["batch", *args, "-j", "1"])


def test_a_gz_of_blank_lines_is_stopped_by_name(tmp_path: Path) -> None:
    """5 MB of blank lines in 5 KB (gzip's limit, about 1,000 to 1): past 50 times what was read,
    after the first 64 KiB, it is not an input of records."""
    path = tmp_path / "blank.txt.gz"
    path.write_bytes(gzip.compress(f"r1\t{HAND}\n".encode() + b"\n" * 5_000_000 + f"r2\t{HAND}\n".encode(), 9))
    assert path.stat().st_size < 10_000
    out, summary = tmp_path / "out.jsonl", tmp_path / "s.json"
    result = run(str(path), "-o", str(out), "--summary-json", str(summary))
    assert result.exit_code == 1
    last = result.stderr.splitlines()[-1]
    assert last.startswith(f"Error: {path} expands to more than {MAX_RATIO} times its compressed size from line ")
    assert "the records before it were answered" in last
    assert [json.loads(line)["id"] for line in out.read_text().splitlines()] == ["r1"]
    data = json.loads(summary.read_text())
    assert data["input_damaged"] == last.removeprefix("Error: ")
    assert RATIO_SLACK < data["blank_lines"] < 1_000_000  # stopped long before the 5 million


def test_a_gz_of_records_reads_whole(tmp_path: Path) -> None:
    """Distinct records (here 16 times smaller compressed, as generated JSON lines are) and a small
    file of one line repeated (under the first 64 KiB, whatever its ratio) are read to the end."""
    rng = random.Random(37)
    lines = "".join(json.dumps({"id": f"r{i}-{rng.random()}", "notation": HAND}) + "\n" for i in range(5000))
    path = tmp_path / "in.jsonl.gz"
    path.write_bytes(gzip.compress(lines.encode(), 9))
    result = run(str(path), "-o", str(tmp_path / "out.jsonl"))
    assert result.exit_code == 0, result.stderr
    assert len((tmp_path / "out.jsonl").read_text().splitlines()) == 5000
    small = tmp_path / "same.txt.gz"
    small.write_bytes(gzip.compress(((HAND + "\n") * 2000).encode() + b"\n" * 10_000, 9))  # 62 KB in 0.3 KB
    result = run(str(small), "-o", str(tmp_path / "out2.jsonl"))
    assert result.exit_code == 0, result.stderr
    assert len((tmp_path / "out2.jsonl").read_text().splitlines()) == 2000


def test_a_plain_input_is_not_bounded_by_a_ratio(tmp_path: Path) -> None:
    path = tmp_path / "blank.txt"
    path.write_bytes(b"\n" * 3_000_000 + f"r1\t{HAND}\n".encode())
    summary = tmp_path / "s.json"
    result = run(str(path), "-o", str(tmp_path / "out.jsonl"), "--summary-json", str(summary))
    assert result.exit_code == 0, result.stderr
    data = json.loads(summary.read_text())
    assert (data["records"], data["blank_lines"], data["input_damaged"]) == (1, 3_000_000, None)
    assert json.loads((tmp_path / "out.jsonl").read_text())["line"] == 3_000_001


class Lines(io.BufferedReader):
    """A buffered input that counts the lines asked of it."""

    asked = 0

    def readline(self, size: int | None = -1, /) -> bytes:
        self.asked += 1
        return super().readline(size)


def test_blank_lines_are_skipped_a_buffer_at_a_time() -> None:
    """A million blank lines between two records: a handful of lines asked of the input, not a million."""
    stream = Lines(io.BytesIO(f"{HAND}\n".encode() + b"\n" * 1_000_000 + b" \t\r\n" * 1000 + f"{HAND}\n".encode()))
    opened = open_records(GuardedStream(stream, "x"), "text")
    records = list(opened.records)
    assert [r.number for r in records] == [1, 1_001_002]
    assert opened.blank_lines == 1_001_000
    assert stream.asked < 100


def _read(stream: Any, fmt: str | None) -> tuple[list[Any], int, Any]:
    guarded = GuardedStream(stream, "x")
    try:
        opened = open_records(guarded, fmt)
    except Exception as e:  # a CSV header problem: the same for both readings
        return [type(e).__name__, str(e)], -1, None
    return list(opened.records), opened.blank_lines, guarded.damage


class Unbuffered(io.RawIOBase):
    """An input that shows no buffer (no `peek`): read a line at a time, the readable definition."""

    def __init__(self, data: bytes) -> None:
        self.data = io.BytesIO(data)

    def readline(self, size: int | None = -1, /) -> bytes:
        return self.data.readline(size)


PIECES = [b"\n", b"\r\n", b" ", b"\t", b"\r", b"#", b"x", HAND.encode(), b"\xef\xbb\xbf", b"\xff", b" " * 150]
PIECES += [b"\n" * 50, b"notation\n", b'{"notation": "1m"}\n']


@settings(max_examples=300, deadline=None)
@given(
    st.lists(st.sampled_from(PIECES), max_size=60),
    st.sampled_from([None, "text", "jsonl", "csv"]),
    st.integers(min_value=1, max_value=64),
)
def test_skipping_blank_lines_a_buffer_at_a_time_reads_as_a_line_at_a_time(
    pieces: list[bytes], fmt: str | None, buffer: int
) -> None:
    """The same records, numbers, sizes, blank lines and damage as the line-at-a-time reading, for any
    input, whatever the buffer's size."""
    data = b"".join(pieces)
    fast = _read(io.BufferedReader(io.BytesIO(data), buffer_size=buffer), fmt)
    assert fast == _read(Unbuffered(data), fmt)


def test_the_blank_prefix_is_whole_blank_lines() -> None:
    prefix = reading._blank_prefix
    assert prefix(b"\n\n\r\n \t\nx\n") == 7
    assert prefix(b"\r\r\n") == 0  # taken by the line-at-a-time reading (blank there too)
    assert prefix(b" \r \n") == 0  # not blank: a CR inside
    assert prefix(b"\n  ") == 1  # a line under way is not skipped
    assert prefix(b" " * 101 + b"\n") == 0  # long: read as a line (101 spaces is blank, 10,001 oversized)


def test_the_compressed_bytes_are_counted_as_the_decompressor_takes_them(tmp_path: Path) -> None:
    path = tmp_path / "in.gz"
    path.write_bytes(gzip.compress(bytes(range(256)) * 400, 9))
    with path.open("rb") as raw:
        counted = reading.Counted(raw)
        unzipped = gzip.GzipFile(fileobj=counted)
        first = unzipped.read(1000)
        assert 0 < counted.taken <= reading.COUNTED_READ + 64  # no more than a piece ahead
        unzipped.seek(0)  # a rewind: counted from the start again
        assert unzipped.read(1000) == first
        assert counted.taken <= reading.COUNTED_READ + 64


def test_a_number_past_python_s_digits_is_named_in_the_user_s_words(tmp_path: Path) -> None:
    """A claimed total of 5,000 digits: `bad-json` saying so, not Python's advice to programmers."""
    path = tmp_path / "in.jsonl"
    path.write_text(json.dumps({"notation": HAND})[:-1] + ', "claimed_total": ' + "9" * 5000 + "}\n")
    result = run(str(path))
    record = json.loads(result.stdout.splitlines()[0])
    assert record["error"]["code"] == "bad-json"
    message = "not valid JSON here: a number of more than 4,300 digits, far past any of a record"
    assert record["error"]["message"] == message
    assert "sys." not in result.stdout
