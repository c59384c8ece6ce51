"""Golden tables: hand -> fans for every fan, each expectation with its source.

`tests/golden/china.toml` holds hands with their complete expected fan counts and totals under
the "china" profile. The expectations come from the rulebooks' worked examples (summerinsects'
score_definition.xml and score_principles.xml, the 1998 rulebook, rules-notes.md §4) and from the
reference calculator, PyMahjongGB 1.4.0, never from mcr_score's own output. Three checks:

1. each case scores exactly as recorded (fan -> count map and total; the 8-point minimum where given);
2. the table covers every fan 1-82 in at least two cases;
3. each case still matches the reference, so the golden data cannot drift from it.
"""

from __future__ import annotations

import sys
import tomllib
from collections import Counter
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

from mcr_score import parse_hand  # noqa: E402
from mcr_score.fans.table import FANS  # noqa: E402
from mcr_score.scoring import score  # noqa: E402

GOLDEN = Path(__file__).resolve().parent / "golden" / "china.toml"
PROFILE = "china"
FAN_IDS = range(1, 83)
MIN_CASES_PER_FAN = 2
REQUIRED = ("id", "hand", "fans", "total", "source")
OPTIONAL = ("meets_minimum", "note")


def _load() -> list[dict]:
    with GOLDEN.open("rb") as f:
        cases = tomllib.load(f)["case"]
    for case in cases:
        # TOML keys are strings; the fan ids are integers.
        case["fans"] = {int(fan): count for fan, count in case["fans"].items()}
    return cases


CASES = _load()
IDS = [case["id"] for case in CASES]


def _describe(case: dict) -> str:
    text = f"case {case['id']!r} ({case['hand']}), source: {case['source']}"
    if "note" in case:
        text += f"; note: {case['note']}"
    return text


def _named(fans: dict[int, int]) -> str:
    return ", ".join(f"{fan} {FANS[fan].en} x{count}" for fan, count in sorted(fans.items()))


def test_golden_file_is_well_formed():
    assert len(IDS) == len(set(IDS)), [i for i, n in Counter(IDS).items() if n > 1]
    for case in CASES:
        missing = [key for key in REQUIRED if key not in case]
        unknown = [key for key in case if key not in REQUIRED + OPTIONAL]
        assert not missing and not unknown, f"{case.get('id')}: missing {missing}, unknown {unknown}"
        assert case["source"].strip(), case["id"]
        assert all(fan in FAN_IDS and count >= 1 for fan, count in case["fans"].items()), case["id"]
        # The recorded total is the recorded fans at the china profile's points.
        points = sum(FANS[fan].points[PROFILE] * count for fan, count in case["fans"].items())
        assert points == case["total"], f"{case['id']}: fans add up to {points}, total says {case['total']}"


@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_golden_case(case):
    result = score(case["hand"], PROFILE)
    got = result.fan_counts()
    assert result.winning, f"{_describe(case)}: not scored as a win ({result.reason})"
    assert got == case["fans"], (
        f"{_describe(case)}\n  expected: {_named(case['fans'])}\n  got:      {_named(got)}")
    assert result.total == case["total"], (
        f"{_describe(case)}: expected total {case['total']}, got {result.total}")
    if "meets_minimum" in case:
        assert result.meets_minimum == case["meets_minimum"], (
            f"{_describe(case)}: expected meets_minimum {case['meets_minimum']}, got {result.meets_minimum}")


def test_every_fan_has_at_least_two_cases():
    seen = Counter(fan for case in CASES for fan in case["fans"])
    thin = {fan: seen[fan] for fan in FAN_IDS if seen[fan] < MIN_CASES_PER_FAN}
    assert not thin, f"fans with fewer than {MIN_CASES_PER_FAN} golden cases: {thin}"


@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_golden_case_matches_reference(case):
    pytest.importorskip("MahjongGB", reason="the reference calculator (pymahjonggb 1.4.0) is not installed")
    from reference import reference_fans, reference_total

    hand = parse_hand(case["hand"])
    ref = reference_fans(hand)
    assert ref is not None, f"{_describe(case)}: the reference says this is not a winning hand"
    assert ref == case["fans"], (
        f"{_describe(case)}: golden data drifted from the reference\n"
        f"  golden:    {_named(case['fans'])}\n  reference: {_named(ref)}")
    total = reference_total(hand)
    assert total == case["total"], f"{_describe(case)}: golden total {case['total']}, reference {total}"
    if "meets_minimum" in case:
        assert (total - hand.situation.flowers >= 8) == case["meets_minimum"], _describe(case)
