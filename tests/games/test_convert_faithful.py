"""Issue 37: what `convert` writes reads back to the same hands, through every reader.

For every real record (tests/fixtures/records/, examples/records/) and for records mutated by
hypothesis (a value of a JSON record changed, a line of a text record deleted, repeated, moved or a
word of it changed), each hand written as PMN reads back, by our own PMN reader, to the hand read
from the original: the same wind, players, end, winners and discarders, winning hands in the
notation (their situation: self-drawn, last copy, last tile, kong, seat wind, flowers), claimed
totals and fans, results and penalties. A hand PMN cannot hold so is refused by name (the game and
the hand), never written; one `batch` calls unreplayable always is. And `--to jsonl` writes the
records `batch --from` scores, `--to notation` the same hands, each hand not written named.

The expectation is the original record's own reading, never the PMN text we write.
"""

from __future__ import annotations

import copy
import dataclasses
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mcr_score.cli import main
from mcr_score.errors import McrError
from mcr_score.games import read_games
from mcr_score.games.export import hand_outs
from mcr_score.games.model import Game, HandRecord
from mcr_score.games.pmn_write import PmnWriteError, write_game, write_hand
from tests.support import REPO
from tests.support.cli import runner

ROOT = REPO
FILES = sorted(p for p in (ROOT / "tests" / "fixtures" / "records").rglob("*") if p.is_file() and p.suffix != ".md")
FILES += sorted((ROOT / "examples" / "records").iterdir())
BOTZONE = ROOT / "examples" / "records" / "botzone.txt"
BOTZONE_LOG = ROOT / "examples" / "records" / "botzone-log.json"
SALASASA = ROOT / "examples" / "records" / "salasasa.json"
PMN1 = ROOT / "tests" / "fixtures" / "records" / "pmn" / "example_1.pmn"
SESSION = ROOT / "tests" / "fixtures" / "records" / "tziakcha" / "session-GHQY2zTj.json"

# What the real records hold that PMN cannot: the score sheets' hands (no deal, no play), the
# anonymised tziakcha hand (no deal), the Salasasa hand with North's false Hu. Every other hand is written.
REFUSED = {
    "gbhelper-record.json": {1: "convert.pmn-no-play", 2: "convert.pmn-no-play", 3: "convert.pmn-no-play"}
    | {4: "convert.pmn-no-play"},
    "mahjongscoring2.csv": dict.fromkeys((1, 2, 3, 4), "convert.pmn-no-play"),
    "mahjongscoring2.json": dict.fromkeys((1, 2, 3, 4), "convert.pmn-no-play"),
    "record_miner_example_record.json": {11: "convert.pmn-no-deal"},
    "salasasa.json": {1: "convert.pmn-false-hu"},
}


def facts(game: Game, hand: HandRecord) -> dict[str, Any]:
    """What the hand is, as the readers give it and `batch` scores it (ids apart: PMN's are its file's)."""
    return {
        "number": hand.number,
        "wind": hand.prevalent,
        "players": hand.players,
        "outcome": hand.outcome,
        "winners": [(w.seat, w.discarder) for w in hand.wins],
        "outs": [
            (o.id.rsplit("/", 1)[-1], o.notation, o.total, sorted(o.fans) if o.fans else None, o.problem is None)
            for o in hand_outs(game, hand)
        ],
        "scores": hand.scores,
        "penalties": hand.penalties,
        "false_wins": hand.false_wins,
        "replayed": hand.problem is None,
    }


def round_trip(data: bytes, fmt: str | None) -> dict[str, str | None] | None:
    """Each hand of the record written as PMN and read back (the facts equal), or refused by name:
    hand id -> None (written) or the refusal's message id; None: no reader takes the record."""
    try:
        games = read_games(data, fmt)
    except McrError:
        return None  # nothing to write: the readers' own errors are tested in test_games_fuzz
    out: dict[str, str | None] = {}
    for game in games:
        for hand in game.hands:
            rid = f"{game.id}/{hand.number}"
            try:
                text = write_hand(game, hand)
            except PmnWriteError as e:
                out[rid] = named(e, rid, hand)
                continue
            assert hand.problem is None, f"{rid}: an unreplayable hand written"
            again = read_games(text.encode(), "pmn")
            assert [len(g.hands) for g in again] == [1]
            assert facts(again[0], again[0].hands[0]) == facts(game, hand), text
            out[rid] = None
    return out


def named(e: PmnWriteError, rid: str, hand: HandRecord) -> str:
    """A refusal's message id, once it is seen to name the hand (the replay's own names the game too)."""
    assert e.where == rid
    if e.msg.id.startswith("convert."):
        assert e.msg.text().startswith(f"hand {hand.number}: ")
    else:
        assert hand.problem is not None
        assert e.msg == hand.problem.msg
    return e.msg.id


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_every_real_record_reads_back_the_same(path: Path) -> None:
    result = round_trip(path.read_bytes(), None)
    assert result is not None
    refused = {int(rid.rsplit("/", 1)[1]): why for rid, why in result.items() if why is not None}
    assert refused == REFUSED.get(path.name, {})


def test_a_session_written_whole_reads_back_with_its_seats() -> None:
    """The 16 hands of the real session as one PMN file: one game again, each player at the seat of
    each hand (`order`), as a review of a player finds them."""
    game = read_games(SESSION)[0]
    text = write_game(game)
    [again] = read_games(text.encode(), "pmn")
    # East's 14th tile is its first `T`, as python-majiang writes a deal: 13 tiles a seat in `Deal`
    assert all(line.startswith('[Play "T0') for line in text.splitlines() if line.startswith("[Play "))
    for deal in (line for line in text.splitlines() if line.startswith("[Deal ")):
        east = deal.split('"')[1].split()[0]
        assert sum(c.isdigit() for c in east) == 13, deal
    assert again.players == game.players
    assert [h.order for h in again.hands] == [h.order for h in game.hands]
    assert len({h.order for h in game.hands}) > 1  # the players change seats in the session


# ---- records edited by hand: each class of the issue ---------------------------------------------


def edited(path: Path, old: str, new: str) -> bytes:
    text = path.read_text(encoding="utf-8")
    assert old in text
    return text.replace(old, new, 1).encode()


def test_a_robbing_the_kong_with_an_act_after_the_hu() -> None:
    """The issue's `…9p|SW0000` for `…5p|SW0101`: North's discard moved after West's Hu on South's
    added kong. PMN writes the Hu where it stands, so the hand reads back as read (or is refused,
    named, if the replay calls an act after the Hu unreplayable)."""
    data = edited(BOTZONE, "Player 3 Play B9\n", "").replace(b"Player 2 Hu B5\n", b"Player 2 Hu B5\nPlayer 3 Play B9\n")
    [game, _] = read_games(data)
    result = round_trip(data, "botzone")
    assert result is not None
    hand = game.hands[0]
    if hand.problem is None:
        assert [o.notation for o in hand_outs(game, hand)] == ["34678p123456sNN5p|SW0101"]
        assert result[f"{game.id}/1"] is None
    else:
        assert result[f"{game.id}/1"] is not None


@pytest.mark.parametrize(
    ("path", "old", "new", "why"),
    [
        (BOTZONE, "抢杠和*1", "抢杠和*9", "convert.pmn-fan-count"),  # counted 9 times: one hand counts it once
        (BOTZONE, "Fan 13 ", "Fan 14 ", "convert.pmn-total"),  # a total that is not the fans' sum
        (BOTZONE_LOG, '"fanCnt": 19', '"fanCnt": 21', "convert.pmn-total"),
        (BOTZONE_LOG, '"cnt": 1', '"cnt": 8', "convert.pmn-fan-count"),  # 杠上开花 counted 8 times
        (SALASASA, '"game_title"', '"game_title"', None),  # unchanged: the real record is written
    ],
)
def test_a_result_pmn_cannot_hold_is_refused_by_name(path: Path, old: str, new: str, why: str | None) -> None:
    data = edited(path, old, new)
    result = round_trip(data, None)
    assert result is not None
    if why is not None:
        assert why in result.values()


def botzone_log_hu(**display: Any) -> bytes:
    """The Botzone match log with its Hu entry's `display` changed."""
    log = json.loads(BOTZONE_LOG.read_text(encoding="utf-8"))
    hu = next(e for e in log["log"] if e.get("output", {}).get("display", {}).get("action") == "HU")
    hu["output"]["display"].update(display)
    return json.dumps(log).encode()


def test_a_hu_without_fans_and_a_score_beyond_a_hand_are_refused() -> None:
    """A Botzone Hu whose record lists no fan but a total, and a score change of 10^19: written before
    as PMN our reader refuses (`Fan " None None None"`, a 20-digit `Result`); now refused by name
    (or the file by its reader)."""
    assert round_trip(botzone_log_hu(fan=[]), "botzone") == {"<bytes>/1": "convert.pmn-total-only"}
    result = round_trip(botzone_log_hu(score=[10**19, -27, -27, -27]), "botzone")
    assert result is None or result == {"<bytes>/1": "convert.pmn-score"}


def test_names_with_quotes_read_back_and_a_line_break_is_refused() -> None:
    """PMN's tag values are PGN strings: a quote or a backslash in a name is escaped and reads back
    (a quote used to be written as an apostrophe); a line break cannot be in a tag: refused by name."""
    game = read_games(PMN1)[0]
    names = ('A "B"', "C\\", "D", "E")
    named = dataclasses.replace(game.hands[0], players=names)
    [again] = read_games(write_hand(game, named).encode(), "pmn")
    assert again.hands[0].players == names
    broken = dataclasses.replace(game.hands[0], players=("A\nB", "C", "D", "E"))
    with pytest.raises(PmnWriteError, match="hand 2: the East 'A\\\\nB' holds a line break"):
        write_hand(game, broken)


def _won(win_change: dict[str, Any], fan_change: dict[str, Any] | None = None) -> tuple[Game, HandRecord]:
    """The Botzone log's hand (East's Hu, 19 points) with its Hu, or its first fan, changed."""
    game = read_games(BOTZONE_LOG)[0]
    hand = game.hands[0]
    win = hand.wins[0]
    if fan_change is not None:
        assert win.fans is not None
        win = dataclasses.replace(win, fans=(dataclasses.replace(win.fans[0], **fan_change), *win.fans[1:]))
    return game, dataclasses.replace(hand, wins=(dataclasses.replace(win, **win_change),))


@pytest.mark.parametrize(
    ("win", "fan", "why"),
    [
        ({"total": None}, None, "convert.pmn-fans-only"),  # fans without a total
        ({"total": None, "fans": None}, None, None),  # neither: written `None`, read back so
        ({}, {"fan": None, "name": "天和"}, "convert.pmn-fan-name"),
        ({}, {"points": 100}, "convert.pmn-fan-value"),
        ({}, {"count": 0}, "convert.pmn-fan-count"),
    ],
)
def test_each_fan_pmn_cannot_hold_is_named(win: dict[str, Any], fan: dict[str, Any] | None, why: str | None) -> None:
    game, hand = _won(win, fan)
    if why is None:
        [again] = read_games(write_hand(game, hand).encode(), "pmn")
        assert facts(again, again.hands[0]) == facts(game, hand)
        return
    with pytest.raises(PmnWriteError) as refused:
        write_hand(game, hand)
    assert refused.value.msg.id == why
    assert refused.value.where == f"{game.id}/1"
    assert refused.value.msg.text().startswith("hand 1: ")
    assert "E's Hu" in refused.value.msg.text()


def test_a_board_number_pmn_cannot_write_and_a_total_beyond_a_hand() -> None:
    game, hand = _won({})
    with pytest.raises(PmnWriteError, match="PMN numbers a board from 1 to 9999"):
        write_hand(game, dataclasses.replace(hand, number=10_000))
    [out] = hand_outs(*_won({"total": 400}))
    assert out.problem is not None
    assert out.problem.msg.text().startswith("E's Hu: the record's total 400 is more than any hand scores (at most 336")


def test_a_hand_that_would_read_back_as_another_is_named_with_what_differs(monkeypatch: pytest.MonkeyPatch) -> None:
    """The last guard: whatever the checks before miss, the text written is read back and compared.
    Shown with a reader that reads another hand, one that cannot replay it, one that refuses it."""
    from mcr_score.games import pmn

    game, hand = _won({})
    real = pmn.read
    other = read_games(PMN1)[0]

    monkeypatch.setattr(pmn, "read", lambda data: [other])
    with pytest.raises(PmnWriteError, match=r"read back, the players would be Sandy7169, .* instead of Player 0"):
        write_hand(game, hand)
    stopped = dataclasses.replace(other.hands[0], problem=McrError(pmn.msg("record.no-hands")))
    monkeypatch.setattr(pmn, "read", lambda data: [dataclasses.replace(other, hands=(stopped,))])
    with pytest.raises(PmnWriteError, match="hand 1: the PMN written for it does not read back: "):
        write_hand(game, hand)

    def refusing(data: Any) -> Any:
        raise McrError(pmn.msg("record.no-hands"))

    monkeypatch.setattr(pmn, "read", refusing)
    with pytest.raises(PmnWriteError, match="does not read back"):
        write_hand(game, hand)
    monkeypatch.setattr(pmn, "read", real)
    assert write_hand(game, hand)


# ---- the command line --------------------------------------------------------------------------------


def run(*args: str) -> Any:
    return runner().invoke(main, list(args))


def test_convert_to_pmn_names_an_unreplayable_hand_and_exits_1(tmp_path: Path) -> None:
    """A real board edited so that East discards a tile it does not hold: `batch` calls it
    unreplayable; `convert --to pmn` used to write it with exit 0 and "0 not written"."""
    path = tmp_path / "bad.pmn"
    path.write_bytes(edited(PMN1, "T0r3D0z1T1d3D1d6", "T0r3D0b7T1d3D1d6"))
    batch = run("batch", str(path), "--from", "pmn", "-j", "1")
    assert json.loads(batch.stdout.splitlines()[0])["error"]["code"] == "unreplayable"
    for target in ("pmn", "jsonl", "notation"):
        result = run("convert", str(path), "--to", target)
        assert result.exit_code == 1, (target, result.stderr)
        assert result.stdout == ""
        assert "bad/2" in result.stderr
        assert "game bad, hand 2" in result.stderr
        assert "0 hands of 1 game written, 1 not written" in result.stderr


def test_a_claim_no_hand_can_make_is_an_error_record_and_not_converted(tmp_path: Path) -> None:
    """A Botzone Hu counting 抢杠和 9 times: `batch --from` scored it as a claim mismatch while a
    converted file's line was refused by `batch` itself; now it is `bad-game-record` in both, and
    `convert --to jsonl|notation` names it, exit 1."""
    path = tmp_path / "nine.txt"
    path.write_bytes(edited(BOTZONE, "抢杠和*1", "抢杠和*9"))
    [record] = [
        json.loads(line) for line in run("batch", str(path), "--from", "botzone", "-j", "1").stdout.splitlines()
    ]
    assert record["error"]["code"] == "bad-game-record"
    assert record["error"]["message"] == (
        "game 5f0000000000000000000001, hand 1, line 24 (W win 5p from S): "
        "W's Hu: the record counts fan 47 9 times, more than one hand can count it (1)"
    )
    for target in ("jsonl", "notation"):
        result = run("convert", str(path), "--to", target)
        assert result.exit_code == 1
        assert result.stdout == ""
        assert result.stderr.startswith("5f0000000000000000000001/1/W: game 5f0000000000000000000001, hand 1, line 24")
        assert "W's Hu: the record counts fan 47 9 times" in result.stderr


def test_a_count_beyond_a_hand_is_refused_before_it_is_expanded() -> None:
    """A fan counted 10^19 times in a record's result: named at once, never a tuple of 10^19 ids."""
    game = read_games(BOTZONE_LOG)[0]
    hand = game.hands[0]
    win = hand.wins[0]
    assert win.fans is not None
    huge = dataclasses.replace(win, fans=(dataclasses.replace(win.fans[0], count=10**19),))
    [out] = hand_outs(game, dataclasses.replace(hand, wins=(huge,)))
    assert out.fans is None
    assert out.problem is not None
    assert "10000000000000000000 times" in out.problem.msg.text()
    with pytest.raises(PmnWriteError, match="10000000000000000000 times"):
        write_hand(game, dataclasses.replace(hand, wins=(huge,)))


def cli_round_trip(tmp_path: Path, source: Path) -> None:
    """`convert --to pmn` then `--to notation` of what it wrote gives the hands written (ids apart),
    exit 1 exactly when a hand is not written, each named with its game and hand. And `--to jsonl`
    then `batch` gives what `batch --from` gives, each of its error records named by `convert`."""
    pmn = tmp_path / "out.pmn"
    written = run("convert", str(source), "--to", "pmn", "-o", str(pmn))
    skipped = written.stderr.splitlines()[:-1]
    assert written.exit_code == (1 if skipped else 0), written.stderr
    expected = []
    try:
        games = read_games(source)
    except McrError:
        games = ()
    for game in games:
        for hand in game.hands:
            try:
                write_hand(game, hand)
            except PmnWriteError:
                assert any(line.startswith(f"{game.id}/{hand.number}: ") for line in skipped), skipped
                continue
            expected += [o.text().split("\t", 1)[1] for o in hand_outs(game, hand) if o.notation is not None]
    if pmn.read_text(encoding="utf-8").strip():
        again = run("convert", str(pmn), "--to", "notation")
        assert [line.split("\t", 1)[1] for line in again.stdout.splitlines()] == expected
    out = tmp_path / "out.jsonl"
    jsonl = run("convert", str(source), "--to", "jsonl", "-o", str(out))
    direct = [json.loads(line) for line in run("batch", str(source), "--from", "auto", "-j", "1").stdout.splitlines()]
    via = [json.loads(line) for line in run("batch", str(out), "-j", "1").stdout.splitlines()]
    assert [_scored(r) for r in via] == [_scored(r) for r in direct if r["ok"]]
    named = jsonl.stderr.splitlines()[:-1]
    assert all(any(r["id"] in line for line in named) for r in direct if not r["ok"]), named
    assert jsonl.exit_code == (1 if named else 0)


def _scored(record: dict[str, Any]) -> dict[str, Any]:
    """A batch output record but its line number (the error records of `--from` are not converted)."""
    return {k: v for k, v in record.items() if k != "line"}


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_every_real_record_through_the_command_line(tmp_path: Path, path: Path) -> None:
    cli_round_trip(tmp_path, path)


# ---- records mutated by hypothesis ------------------------------------------------------------------


def _paths(doc: Any, at: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    if isinstance(doc, dict):
        for k, v in doc.items():
            yield (*at, k)
            yield from _paths(v, (*at, k))
    elif isinstance(doc, list):
        for i, v in enumerate(doc):
            yield (*at, i)
            yield from _paths(v, (*at, i))


def _words(doc: Any) -> list[Any]:
    """The short strings of a document: tile codes, fan names, actions, to put in another place."""
    found = set()
    for at in _paths(doc):
        value: Any = doc
        for k in at:
            value = value[k]
        if isinstance(value, str) and len(value) <= 12:
            found.add(value)
    return sorted(found)


NUMBERS = st.sampled_from([0, 1, 2, 3, 4, 8, 9, 13, 88, 256, 999_999, 10**19, -1, -30])


@st.composite
def mutated_json(draw: st.DrawFn, doc: Any) -> Any:
    doc = copy.deepcopy(doc)
    paths = list(_paths(doc))
    words = _words(doc)
    for _ in range(draw(st.integers(1, 3))):
        at = draw(st.sampled_from(paths))
        parent: Any = doc
        try:
            for k in at[:-1]:
                parent = parent[k]
            value = parent[at[-1]]
        except (KeyError, IndexError, TypeError):
            continue
        op = draw(st.sampled_from(["set", "delete", "repeat"]))
        if op == "delete" and isinstance(parent, (list, dict)):
            del parent[at[-1]]
        elif op == "repeat" and isinstance(parent, list):
            parent.insert(at[-1], copy.deepcopy(value))
        elif isinstance(value, (bool, int)):
            parent[at[-1]] = draw(NUMBERS)
        elif isinstance(value, str):
            parent[at[-1]] = draw(st.sampled_from(words))
    return doc


@st.composite
def mutated_text(draw: st.DrawFn, text: str) -> str:
    lines = text.splitlines()
    words = sorted({w for line in lines for w in line.split()})
    for _ in range(draw(st.integers(1, 3))):
        i = draw(st.integers(0, len(lines) - 1))
        op = draw(st.sampled_from(["delete", "repeat", "move", "word"]))
        if op == "delete" and len(lines) > 1:
            del lines[i]
        elif op == "repeat":
            lines.insert(draw(st.integers(0, len(lines))), lines[i])
        elif op == "move":
            line = lines.pop(i)
            lines.insert(draw(st.integers(0, len(lines))), line)
        elif lines[i].split():
            parts = lines[i].split()
            parts[draw(st.integers(0, len(parts) - 1))] = draw(st.sampled_from(words))
            lines[i] = " ".join(parts)
    return "\n".join(lines) + "\n"


def _json(path: Path) -> Any:
    return json.loads(path.read_text(encoding="utf-8"))


JSON_RECORDS = [
    ("tziakcha", _json(SESSION)),
    ("salasasa", _json(SALASASA)),
    ("botzone", _json(BOTZONE_LOG)),
    ("gbhelper", _json(ROOT / "examples" / "records" / "gbhelper-record.json")),
    ("mahjongscoring2", _json(ROOT / "examples" / "records" / "mahjongscoring2.json")),
    ("tziakcha", _json(ROOT / "tests" / "fixtures" / "records" / "tziakcha" / "record_miner_example_record.json")),
]
TEXT_RECORDS = [
    ("botzone", BOTZONE.read_text(encoding="utf-8")),
    ("mahjongscoring2", (ROOT / "examples" / "records" / "mahjongscoring2.csv").read_text(encoding="utf-8")),
    *(
        ("pmn", p.read_text(encoding="utf-8"))
        for p in sorted((ROOT / "tests" / "fixtures" / "records" / "pmn").iterdir())
    ),
]
SETTINGS = settings(
    max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large]
)


@SETTINGS
@given(data=st.data(), which=st.integers(0, len(JSON_RECORDS) - 1))
def test_a_mutated_json_record_reads_back_the_same(data: st.DataObject, which: int) -> None:
    fmt, doc = JSON_RECORDS[which]
    round_trip(json.dumps(data.draw(mutated_json(doc)), ensure_ascii=False).encode(), fmt)


@SETTINGS
@given(data=st.data(), which=st.integers(0, len(TEXT_RECORDS) - 1))
def test_a_mutated_text_record_reads_back_the_same(data: st.DataObject, which: int) -> None:
    fmt, text = TEXT_RECORDS[which]
    round_trip(data.draw(mutated_text(text)).encode(), fmt)


@settings(
    max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture]
)
@given(data=st.data(), which=st.integers(0, 2))
def test_a_mutated_record_through_the_command_line(tmp_path: Path, data: st.DataObject, which: int) -> None:
    if which == 0:
        text = data.draw(mutated_text(BOTZONE.read_text(encoding="utf-8")))
        name = "m.txt"
    else:
        doc = data.draw(mutated_json(_json(SALASASA if which == 1 else BOTZONE_LOG)))
        text, name = json.dumps(doc, ensure_ascii=False), "m.json"
    source = tmp_path / name
    source.write_text(text, encoding="utf-8")
    if run("convert", str(source), "--to", "notation").exit_code == 2:
        return  # no record of any format: refused before the run (test_games_cli)
    cli_round_trip(tmp_path, source)
