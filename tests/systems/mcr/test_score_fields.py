"""The score's JSON fields are written once (`result.SCORE_FIELDS`, issue 38): `Score.to_dict`,
the batch's line (`batch/output.Scored.jsonl`), the service's schema (`web/schemas.ScoreBody`) and
the referee's verdict all follow it, so a field added there appears in each of them."""

from __future__ import annotations

import json

from mcr_score import parse_hand, score
from mcr_score.batch.output import Scored, line_plan, to_jsonl
from mcr_score.systems.mcr.pages.referee import VERDICT_FIELDS, explain
from mcr_score.systems.mcr.result import SCORE_FIELD_NAMES, SCORE_FIELDS, Score
from mcr_score.web.schemas import ScoreBody

HANDS = ("123456789m123p5s5s", "[123m1]456789m33pCC3p", "123456789m123p5s", "1133557799m1144p")


def test_to_dict_writes_every_field_in_order() -> None:
    for text in HANDS:
        assert list(score(text).to_dict()) == ["ok", *SCORE_FIELD_NAMES]


def test_the_service_schema_lists_the_same_fields() -> None:
    assert list(ScoreBody.model_fields) == ["ok", *SCORE_FIELD_NAMES]


def test_the_batch_line_writes_the_fields_in_order() -> None:
    for text in HANDS:
        line = Scored("r", 1, score(text), None).jsonl()
        assert list(json.loads(line)) == ["id", "line", "ok", *SCORE_FIELD_NAMES]


def test_a_new_field_appears_in_the_batch_line() -> None:
    """A field the line writer has no fast writer for is written as `to_dict` reads it."""

    def extra(s: Score) -> object:
        return {"tiles": [t.code for t in s.arrangement[0].tiles], "total": s.total}

    fields = (*SCORE_FIELDS, ("extra", extra))
    plan = line_plan(fields)
    s = score(HANDS[0])
    written = "".join(key + write(s) for key, write in plan)
    want = {name: read(s) for name, read in fields}
    assert json.loads("{" + written[2:] + "}") == json.loads(to_jsonl(want))
    assert [key for key, _ in plan][-1] == ', "extra": '


def test_the_verdict_reads_score_fields() -> None:
    assert set(VERDICT_FIELDS) <= set(SCORE_FIELD_NAMES)
    hand = parse_hand(HANDS[1])
    verdict = explain(hand)["verdict"]
    assert list(verdict) == [*VERDICT_FIELDS, "valid_hu"]
