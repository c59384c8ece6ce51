"""The shared readers of user files and data (`files`, `decoding`): what every surface that reads a
file, writes one or decodes a number relies on (issue 22: one rule everywhere)."""

from __future__ import annotations

import datetime
import json
import os
import threading
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from mcr_score import decoding, files
from mcr_score.decoding import DataError, ascii_int, loads_json, loads_toml, shown
from mcr_score.files import InputFileError, OutputFileError, check_output, csv_text, read_text, write_text
from mcr_score.messages import msg
from tests.support.strategies import longest_int


@pytest.mark.parametrize(
    ("text", "value"),
    [("12", 12), (" 7 ", 7), ("-30", -30), ("0", 0), ("999999999", 999_999_999)],
)
def test_ascii_int_reads_ascii_digits(text: str, value: int) -> None:
    assert ascii_int(text) == value


@pytest.mark.parametrize(
    "text", ["١٢", "１２", "1_2", "+8", "", "-", "1 2", "²", "1.0", "1e3", "0x10", "1000000000", "9" * 5000]
)
def test_ascii_int_refuses_everything_else(text: str) -> None:
    assert ascii_int(text) is None


def test_too_long_tells_a_large_number_from_a_word() -> None:
    assert decoding.too_long("9" * 5000)
    assert decoding.too_long("-1234567890")
    for word in ("12", "abc", "+8"):
        assert not decoding.too_long(word)


def test_json_refuses_a_repeated_key_huge_numbers_constants_and_deep_nesting() -> None:
    with pytest.raises(DataError, match='"hands" appears twice'):
        loads_json('{"hands": [1], "hands": []}')
    with pytest.raises(DataError, match="more than 9 digits"):
        loads_json('{"points": ' + "9" * 5000 + "}")
    with pytest.raises(DataError, match="more than 9 digits"):
        loads_json("[-1234567890]")
    with pytest.raises(DataError, match="NaN is not a number"):
        loads_json("[NaN]")
    with pytest.raises(DataError, match="nested too deeply"):
        loads_json("[" * 100_000 + "]" * 100_000)
    with pytest.raises(DataError, match=r"line 2, column 1"):
        loads_json('{"a": 1,\n}')
    assert loads_json('{"a": [1, -2, 3.5, "x"]}') == {"a": [1, -2, 3.5, "x"]}


def test_toml_bounds_numbers_and_nesting() -> None:
    with pytest.raises(DataError, match="more than 9 digits"):
        loads_toml("a = " + "9" * 5000)
    with pytest.raises(DataError, match="more than 9 digits"):
        loads_toml("[t]\nb = [1, [2, 12345678901]]")
    with pytest.raises(DataError, match="nested too deeply"):
        loads_toml("a = " + "[" * 100_000 + "]" * 100_000)
    with pytest.raises(DataError, match="not valid TOML"):
        loads_toml("a = 1\na = 2")
    assert loads_toml("a = 07:32:00")["a"] == datetime.time(7, 32)


def test_shown_writes_any_decoded_value() -> None:
    assert shown(datetime.time(7, 32)) == "07:32:00"
    assert shown("é") == '"é"'
    assert shown(object()) == "object"
    assert len(shown("x" * 1000)) == 40


def test_read_text_refuses_what_is_not_a_regular_file(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe.json"
    os.mkfifo(fifo)
    with pytest.raises(InputFileError, match="a FIFO"):
        read_text(fifo)  # would wait for a writer forever if opened
    with pytest.raises(InputFileError, match="a device"):
        read_text("/dev/zero")
    with pytest.raises(InputFileError, match="a directory"):
        read_text(tmp_path)
    loop = tmp_path / "loop.toml"
    loop.symlink_to(loop)
    with pytest.raises(InputFileError, match="symbolic link loop"):
        read_text(loop)
    with pytest.raises(InputFileError, match="empty file name"):
        read_text("")
    with pytest.raises(InputFileError, match="NUL"):
        read_text("a\x00b")
    with pytest.raises(InputFileError, match="No such file"):
        read_text(tmp_path / "missing.json")


def test_read_text_bounds_the_size_and_names_a_bad_byte(tmp_path: Path) -> None:
    big = tmp_path / "big.json"
    big.write_bytes(b" " * 101)
    with pytest.raises(InputFileError, match="larger than 100 bytes"):
        read_text(big, limit=100)
    bad = tmp_path / "bad.json"
    bad.write_bytes(b"\xef\xbb\xbf{}\xff")
    with pytest.raises(InputFileError, match="byte 0xff at byte 6"):
        read_text(bad)
    bad.write_bytes(b"\xef\xbb\xbf{}")
    assert read_text(bad) == "{}"


def test_read_text_does_not_wait_on_a_fifo_swapped_in(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A regular file replaced by a FIFO between the check and the open: refused, not a hang."""
    fifo = tmp_path / "swapped"
    os.mkfifo(fifo)
    real_stat = os.stat
    monkeypatch.setattr(files.os, "stat", lambda p: real_stat(__file__) if str(p) == str(fifo) else real_stat(p))
    done = threading.Event()
    outcome: list[BaseException] = []

    def attempt() -> None:
        try:
            read_text(fifo)
        except InputFileError as e:
            outcome.append(e)
        done.set()

    threading.Thread(target=attempt, daemon=True).start()
    assert done.wait(5), "read_text waited for a writer"
    assert "a FIFO" in str(outcome[0])


def test_check_output_refuses_before_any_work(tmp_path: Path) -> None:
    source = tmp_path / "session.json"
    source.write_text("{}")
    with pytest.raises(OutputFileError, match="--html needs a file name"):
        check_output("", "--html")
    with pytest.raises(OutputFileError, match=r"folder .*missing.* does not exist"):
        check_output(tmp_path / "missing" / "out.html", "--html")
    with pytest.raises(OutputFileError, match="a directory"):
        check_output(tmp_path, "--csv")
    loop = tmp_path / "loop.csv"
    loop.symlink_to(loop)
    with pytest.raises(OutputFileError, match="symbolic link loop"):
        check_output(loop, "--csv")
    dangling = tmp_path / "dangling.csv"
    dangling.symlink_to(tmp_path / "nowhere" / "x.csv")
    with pytest.raises(OutputFileError, match="symbolic link to nothing"):
        check_output(dangling, "--csv")
    with pytest.raises(OutputFileError, match="refusing to overwrite"):
        check_output(source, "--html", inputs=[source])
    alias = tmp_path / "alias.json"
    alias.symlink_to(source)
    with pytest.raises(OutputFileError, match="refusing to overwrite"):
        check_output(alias, "--html", inputs=[source])
    with pytest.raises(OutputFileError, match="same file as --html"):
        check_output(tmp_path / "x.out", "--csv", outputs=[("--html", tmp_path / "x.out")])
    check_output(tmp_path / "new.csv", "--csv", inputs=[source], outputs=[("--html", tmp_path / "new.html")])
    check_output("/dev/null", "--csv", inputs=[source])


def test_write_text_names_the_file_that_failed() -> None:
    with pytest.raises(OutputFileError, match="No space left") as caught:
        write_text("/dev/full", "x" * 100_000, "--csv")
    assert caught.value.where == "--csv /dev/full"


@pytest.mark.parametrize(
    ("cell", "safe"),
    [("=1+2", "'=1+2"), ("+33", "'+33"), ("-x", "'-x"), ("@a", "'@a"), ("\tx", "'\tx"), ("Ana", "Ana"), ("", "")],
)
def test_csv_text_neutralises_formulas(cell: str, safe: str) -> None:
    assert csv_text(cell) == safe


_LEAVES = st.one_of(
    st.integers(min_value=-(10**30), max_value=10**30),
    st.text(alphabet="0123456789abcdef,:[ ", max_size=40),
    st.booleans(),
)
_DOCS = st.recursive(
    _LEAVES,
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(alphabet="0123456789,:", max_size=25), inner, max_size=4)
    ),
    max_leaves=12,
)


@given(_DOCS, st.sampled_from([None, 0, 2]), st.integers(min_value=1, max_value=20))
def test_json_numbers_are_refused_exactly_when_too_long(doc: object, indent: int | None, digits: int) -> None:
    """The fast path (no hook when no number can be too long) never lets a long number through, and
    digits in strings (a record's hex wall) never refuse a document."""
    text = json.dumps(doc, indent=indent)
    if longest_int(doc) > digits:
        with pytest.raises(decoding.DataError):
            decoding.loads_json(text, digits=digits)
    else:
        assert decoding.loads_json(text, digits=digits) == doc


def _reference_may_hold_long_int(text: str, digits: int) -> bool:
    """The gate as first written, on the text with a regular expression: the oracle of the byte search."""
    import re

    for run in re.finditer(rf"[0-9]{{{digits + 1}}}", text):
        i = run.start() - 1
        if i >= 0 and text[i] == "-":
            i -= 1
        while i >= 0 and text[i] in " \t\n\r":
            i -= 1
        if i < 0 or text[i] in "[,:":
            return True
    return False


@given(st.text(alphabet='0123456789-[,: \t\n\r"x雀١\U0001f000', max_size=80), st.integers(min_value=0, max_value=6))
def test_the_long_number_gate_finds_the_runs_the_text_search_finds(text: str, digits: int) -> None:
    """The byte search over UTF-8 sees the same runs, and the same characters before them, as a search
    of the text (non-ASCII characters and digits of other scripts included)."""
    assert decoding._may_hold_long_int(text, digits) == _reference_may_hold_long_int(text, digits)
    raw = text.encode("utf-8")  # what a file read gives (a reader passes its bytes, not encoding again)
    assert decoding._may_hold_long_int(text, digits, raw) == _reference_may_hold_long_int(text, digits)


def test_a_record_file_with_a_long_number_is_refused_from_its_bytes(tmp_path: Path) -> None:
    """The game reader hands the file's own bytes (a byte-order mark dropped) to the long-number gate."""
    from mcr_score.games import read_games
    from mcr_score.games.errors import GameRecordError

    path = tmp_path / "r.json"
    path.write_bytes(b'\xef\xbb\xbf{"step": [1, 12345678901234567890123]}')
    with pytest.raises(GameRecordError, match="digits"):
        read_games(str(path))


@given(st.lists(st.tuples(st.sampled_from(["a", "b", "c", "d"]), st.integers()), max_size=8))
def test_an_object_with_a_key_twice_names_the_first_key_seen_again(pairs: list[tuple[str, int]]) -> None:
    """The same object, or the same refusal naming the same key, as adding the pairs one by one."""
    expected: dict[str, int] = {}
    repeated = None
    for key, value in pairs:
        if key in expected:
            repeated = key
            break
        expected[key] = value
    if repeated is None:
        assert decoding._json_object(pairs) == expected
    else:
        with pytest.raises(DataError) as caught:
            decoding._json_object(pairs)
        assert caught.value.msg == msg("data.duplicate-key", key=repeated)
