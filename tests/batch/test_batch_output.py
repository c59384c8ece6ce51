"""The batch's JSON line of a scored record, written straight from the score (`output.Scored.jsonl`),
is the JSON of its output object (`to_jsonl(Scored.to_dict())`) byte for byte: every field of a
score, under every profile, with ids, claims and rule names that JSON must escape."""

from __future__ import annotations

import dataclasses
import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mcr_score import batch, parse_hand, score
from mcr_score.batch import output
from mcr_score.batch.output import Scored, serialize, to_jsonl
from mcr_score.systems.mcr.claims import claim_from_json
from mcr_score.systems.mcr.profiles import PROFILES
from mcr_score.tiles import INDEX, Tile
from tests.support import REPO, strategies

ROOT = REPO
GAMES = [t for t in (ROOT / "benchmarks" / "games.txt").read_text().splitlines() if t.strip()][:300]
ODD = (  # a waiting hand, one with no winning shape, seven pairs, thirteen orphans, knitted, flowers
    "123456789m123p5s",
    "123456789m1235p5s",
    "1133557799m1177p",
    "19m19p19sESWNCFPP",
    "147m258p369sESWNC",
    "147m258p3sESWNCFP",
    "123456789m123p5s5s|SW1000|abcd",
)
IDS = (None, "h1", 7, 2**70, 'a "quoted" \\ id', "名前\n\t\u2028\x7f", "")


def hands() -> list:
    rng = random.Random(3)
    found = strategies.generate(300, 11)
    found += [strategies.draw_non_winning_hand(rng) for _ in range(50)]
    return found + [parse_hand(t) for t in (*GAMES, *ODD)]


@pytest.mark.parametrize("rules", sorted(PROFILES))
def test_a_scored_records_line_is_the_json_of_its_output_object(rules):
    seen = {"alternatives": 0, "not_counted": 0, "waiting": 0, "claims": 0}
    for i, hand in enumerate(hands()):
        result = score(hand, rules)
        seen["alternatives"] += bool(result.alternatives)
        seen["not_counted"] += bool(result.not_counted)
        seen["waiting"] += not result.winning
        fans = [f.id for f in result.fans][: i % 3] or None
        claim = claim_from_json(result.total + i % 2, fans) if i % 4 else None
        checked = claim.check(result) if claim is not None else None
        seen["claims"] += checked is not None
        scored = Scored(IDS[i % len(IDS)], i if i % 5 else None, result, checked)
        line = scored.jsonl()
        assert line == to_jsonl(scored.to_dict()), hand
        assert serialize([scored], "jsonl") == line
    assert all(seen.values()), seen  # every part of a score was written


def test_a_rule_name_json_must_escape_is_escaped():
    result = score("123456789m123p5s5s")
    for name in ('club "house"', "俱乐部\\规则", "tab\there"):
        scored = Scored("x", 1, dataclasses.replace(result, rules=name), None)
        assert scored.jsonl() == to_jsonl(scored.to_dict())
        assert json.loads(scored.jsonl())["rules"] == name


def test_every_tiles_code_is_json_as_written():
    """The writer quotes a tile's code once and keeps it: each is plain text that JSON leaves as is."""
    for code in INDEX:
        assert json.dumps(Tile(code).code, ensure_ascii=False) == f'"{code}"'
    assert output._tiles(()) == json.dumps([])  # no tile: no quoted code either


@pytest.mark.parametrize(
    "text",
    ["\ufeff{}", "\ufeff", '\ufeff{"id": 1}', '{"id": "a"} x', "[", '{"id": tru}', '{"id": "a"}{}', " [", '{"id": 1,}'],
)
def test_a_json_line_is_refused_as_json_loads_refuses_it(text):
    """The batch keeps one decoder for every line: the error of a line is still `json.loads`'s own
    (a line that starts with a byte order mark included: the first line's is the file's, taken off)."""
    with pytest.raises(json.JSONDecodeError) as refused:
        json.loads(text)
    out = batch.score_line(text, "jsonl", line=2)
    assert out["error"]["code"] == "bad-json"
    assert str(refused.value) in out["error"]["message"]


def test_a_scored_record_is_a_frozen_value_of_its_fields():
    """`Scored` writes its `__init__` out (compiled, made without interpreted code): the dataclass's."""
    scored = Scored("h1", 3, score("123456789m123p5s5s"), None)
    names = [f.name for f in dataclasses.fields(Scored)]
    assert names == ["rid", "line", "score", "claim"]
    assert Scored(*(getattr(scored, n) for n in names)) == scored
    assert Scored(**{n: getattr(scored, n) for n in names}) == scored
    with pytest.raises(AttributeError):
        scored.rid = "h2"  # type: ignore[misc]


@pytest.mark.parametrize("around", [(" ", ""), ("", " \t"), ("\t", "  ")])
def test_a_json_line_with_whitespace_around_its_record_is_that_record(around):
    """The scanner is called at once on a line that is its value and nothing else (`records._decoded`);
    whitespace before or after the value goes through the decoder's own steps, to the same record."""
    melds = [{"type": "pung", "tile": t} for t in "ESW"]
    record = json.dumps({"id": "w", "hand": ["1m", "1m", "2m", "3m"], "win": "4m", "melds": melds})
    want = batch.score_line(record, "jsonl", line=1)
    assert want["ok"] is True
    assert batch.score_line(around[0] + record + around[1], "jsonl", line=1) == want


def test_a_key_twice_is_refused_on_either_path():
    twice = '{"id": "k", "melds": [{"type": "pung", "type": "kong", "tile": "E"}], "hand": [], "win": "E"}'
    for text in (twice, " " + twice, twice + " "):
        out = batch.score_line(text, "jsonl", line=1)
        assert (out["error"]["code"], out["error"]["where"]) == ("bad-json", "type")


CLAIM_VALUES = (
    st.none() | st.booleans() | st.integers(-3, 2**70) | st.lists(st.integers(0, 90) | st.booleans(), max_size=4)
)


@settings(max_examples=300, deadline=None)
@given(
    st.fixed_dictionaries(dict.fromkeys(("matches", "claimed_total", "claimed_fans", "missing", "extra"), CLAIM_VALUES))
    | st.dictionaries(st.sampled_from(["matches", "extra", "x", "claimed_total"]), CLAIM_VALUES, max_size=5)
)
def test_a_claim_s_object_is_written_as_json_writes_it(claim: dict[str, object]) -> None:
    """The claim of a scored record, written at once (`output._claim_text`), is the encoder's JSON."""
    assert output._claim_text(claim) == output._encode(claim)
    assert json.loads(output._claim_text(claim)) == claim
