"""The JSON scanner of record files (`decoding.scan_json`, issue 26): a document it reads is the
document `json.loads` reads; one it cannot read goes to the parser, whose errors stay the errors.
The oracle is always the standard library's parser (with the no-key-twice hook), never the scanner."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import mcr_score
from mcr_score import decoding
from mcr_score.decoding import UNSCANNED, DataError, scan_json
from mcr_score.games import read_games
from mcr_score.games.errors import GameRecordError
from tests.support import REPO
from tests.support.strategies import longest_int

ROOT = REPO
SESSION = ROOT / "tests" / "fixtures" / "records" / "tziakcha" / "session-GHQY2zTj.json"

# What a program's record holds: the scanner must read all of it itself.
_PLAIN_LEAVES = st.one_of(
    st.integers(min_value=-(10**18) + 1, max_value=10**18 - 1),
    st.text(st.characters(min_codepoint=0x20, exclude_characters='"\\', exclude_categories=["Cs"]), max_size=8),
    st.booleans(),
    st.none(),
)
_PLAIN = st.recursive(
    _PLAIN_LEAVES,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text("abcé0,:", max_size=3), inner, max_size=4),
    max_leaves=20,
)
# Anything JSON holds: fractions, escapes, control characters, numbers of any length.
_ANY = st.recursive(
    st.one_of(
        st.integers(min_value=-(2**80), max_value=2**80),
        st.floats(allow_nan=False, allow_infinity=False),
        st.text(max_size=6),
        st.booleans(),
        st.none(),
    ),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=3), inner, max_size=4),
    max_leaves=20,
)
_LAYOUTS = st.sampled_from(
    [
        {},
        {"indent": 2},
        {"separators": (",", ":")},
        {"indent": "\t", "separators": (" ,", " : ")},
        {"ensure_ascii": False},
    ]
)


def _parsed(data: bytes, digits: int) -> Any:
    """The parser's answer (the scanner switched off): the oracle."""
    return decoding.loads_json(data.decode("utf-8"), digits=digits)


@given(_PLAIN, _LAYOUTS)
def test_a_plain_document_is_read_by_the_scanner_as_the_parser_reads_it(doc: Any, layout: dict[str, Any]) -> None:
    data = json.dumps(doc, **{**layout, "ensure_ascii": False}).encode("utf-8")  # no escape: all plain
    assert scan_json(data, 18) == json.loads(data) == doc


@given(_ANY, _LAYOUTS, st.integers(min_value=1, max_value=20))
def test_any_document_is_read_as_the_parser_reads_it_or_left_to_it(doc: Any, layout: dict[str, Any], n: int) -> None:
    data = json.dumps(doc, **layout).encode("utf-8")
    scanned = scan_json(data, n)
    if longest_int(doc) > n:  # the parser refuses it: so must the scanner leave it
        assert scanned is UNSCANNED
    elif scanned is not UNSCANNED:
        assert scanned == _parsed(data, n)


_JSONISH = st.sampled_from([*b'{}[]":,-0123456789 \t\n\\.eE', *b"truefalsn", 0x00, 0x1F, 0xC3, 0xA9, 0xFF])


_CHANGES = st.lists(
    st.tuples(st.integers(min_value=0), st.sampled_from(["insert", "delete", "replace"]), _JSONISH),
    min_size=1,
    max_size=3,
)


@settings(max_examples=400)
@given(_PLAIN, _CHANGES)
def test_a_spoiled_document_is_read_as_the_parser_reads_it_or_left_to_it(
    doc: Any, changes: list[tuple[int, str, int]]
) -> None:
    """A byte inserted, deleted or replaced: the scanner gives the parser's document, or leaves the
    bytes to it; it never reads a document the parser refuses (a key twice, a bad literal, a
    trailing comma, a leading zero, a control character in a string, bad UTF-8)."""
    data = bytearray(json.dumps(doc, separators=(",", ":"), ensure_ascii=False).encode("utf-8"))
    for at, how, byte in changes:
        i = at % (len(data) + 1)
        if how == "insert":
            data[i:i] = bytes([byte])
        elif i < len(data):
            data[i : i + 1] = b"" if how == "delete" else bytes([byte])
    scanned = scan_json(bytes(data), 18)
    try:
        expected = _parsed(bytes(data), 18)
    except (UnicodeDecodeError, DataError):
        assert scanned is UNSCANNED
    else:
        assert scanned is UNSCANNED or (scanned == expected and type(scanned) is type(expected))


@pytest.mark.parametrize(
    "text",
    [
        "[1:2]",
        '{"a":1:2}',
        "[1 2]",
        '{"a":1 "b":2}',
        '{"a",1}',
        "[1,,2]",
        "[-]",
        "[-01]",
        "[1]]",
        "{1:2}",
        "[tru]",
        "[nulls]",
    ],
)
def test_a_near_miss_is_left_to_the_parser_which_refuses_it(text: str) -> None:
    assert scan_json(text.encode("utf-8"), 18) is UNSCANNED
    with pytest.raises(DataError):
        _parsed(text.encode("utf-8"), 18)


@pytest.mark.parametrize(
    "text",
    [
        '{"a": 1, "a": 2}',  # a key twice
        "[1, 12345678901234567890123]",  # a number too long
        "[1.5e400]",  # infinity
        "[NaN]",
        "[1, 2,]",
        "[01]",
        '{"a" 1}',
        '"tab\there"',
        "[" * 100_000 + "]" * 100_000,  # deeper than the scanner goes, and than the parser takes
        "",
        "[true false]",
    ],
)
def test_with_the_scanner_on_a_refused_document_gets_the_parsers_error(
    text: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(decoding, "SCAN", False)
    with pytest.raises(DataError) as parsed:
        decoding.loads_json(text, digits=20, raw=text.encode("utf-8"))
    monkeypatch.setattr(decoding, "SCAN", True)
    with pytest.raises(DataError) as scanned:
        decoding.loads_json(text, digits=20, raw=text.encode("utf-8"))
    assert scanned.value.msg == parsed.value.msg


def test_the_scanner_reads_the_real_records_and_every_json_example_as_the_parser() -> None:
    """Every JSON file of the repository's examples and fixtures: the parser's document, and the
    game records (the tziakcha session is the one a benchmark times) read by the scanner itself."""
    paths = sorted([*ROOT.glob("examples/**/*.json"), *ROOT.glob("tests/fixtures/**/*.json")])
    assert len(paths) >= 15
    for path in paths:
        data = path.read_bytes().removeprefix(b"\xef\xbb\xbf")
        scanned = scan_json(data, 20)
        if "records" in path.parts:  # a program's records: plain, read by the scanner itself
            assert scanned == json.loads(data), path
        else:
            assert scanned is UNSCANNED or scanned == json.loads(data), path


def test_the_scanner_runs_where_it_is_the_quicker() -> None:
    """Compiled, the scanner is tried first; in pure Python the parser in C is quicker alone."""
    assert decoding.SCAN is mcr_score.compiled


@pytest.mark.parametrize("scan", [False, True])
def test_games_read_the_same_with_the_scanner_on_or_off(
    scan: bool, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setattr(decoding, "SCAN", False)
    expected = read_games(str(SESSION), "tziakcha")
    doc = json.loads(SESSION.read_text(encoding="utf-8"))
    doc["records"][3]["step"]["a"][7][1] = 10**21  # a number too long, in the fourth hand
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(doc), encoding="utf-8")
    with pytest.raises(GameRecordError) as refused:
        read_games(str(bad), "tziakcha")
    monkeypatch.setattr(decoding, "SCAN", scan)
    copy = tmp_path / "copy.json"
    copy.write_bytes(SESSION.read_bytes())
    assert read_games(str(copy), "tziakcha") == expected
    with pytest.raises(GameRecordError) as again:
        read_games(str(bad), "tziakcha")
    assert str(again.value) == str(refused.value)


@pytest.mark.parametrize("data", [b'{"step": {"a": "\xff"}}', b'{"step": \xc3 {}}', b'\xef\xbb\xbf{"step": "\xe9"}'])
def test_a_record_not_in_utf8_is_named_by_its_byte_with_the_scanner_on_or_off(
    data: bytes, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The reader decodes the text only when the scanner leaves the bytes to the parser; a document
    the scanner reads is valid UTF-8, and one that is not gets the reader's message naming the byte."""
    messages = []
    for scan in (False, True):
        monkeypatch.setattr(decoding, "SCAN", scan)
        with pytest.raises(GameRecordError, match="byte") as refused:
            read_games(data)
        messages.append(str(refused.value))
    assert messages[0] == messages[1]


@pytest.mark.parametrize(
    "script",
    [
        None,  # the real record's step, as tziakcha's own API gives it
        b'{"a": [], "a": []}',  # a key twice
        b'{"w": "\xff"}',  # not UTF-8
        b"\xef\xbb\xbf{}",  # a byte-order mark, which JSON text has not
    ],
)
def test_a_script_record_reads_the_same_with_the_scanner_on_or_off(
    script: bytes | None, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A record's `script` (base64 of zlib of JSON, §4.1) is scanned when it can be: the same game,
    or the same problem named, as the parser gives."""
    import base64
    import zlib

    record = json.loads(SESSION.read_text(encoding="utf-8"))["records"][0]
    step = record.pop("step")
    raw = json.dumps(step, ensure_ascii=False).encode("utf-8") if script is None else script
    record["script"] = base64.b64encode(zlib.compress(raw)).decode()
    data = json.dumps(record).encode("utf-8")
    answers = []
    for scan in (False, True):
        monkeypatch.setattr(decoding, "SCAN", scan)
        try:
            answers.append(read_games(data, "tziakcha"))
        except GameRecordError as e:
            answers.append(str(e))
    assert answers[0] == answers[1]
    assert isinstance(answers[0], str) is (script is not None)
