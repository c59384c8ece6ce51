"""Golden tables: hand -> fans, each expectation with its source, one table per rule profile.

`tests/golden/china.toml` holds hands with their complete expected fan counts and totals under
the "china" profile. The expectations come from the rulebooks' worked examples (summerinsects'
score_definition.xml and score_principles.xml, the 1998 rulebook, rules-notes.md §4) and from the
reference calculator, PyMahjongGB 1.4.0, never from mcr_score's own output.

`tests/golden/green-book.toml` holds hands built to Green Book Appendix 1 captions and to solved
exercises published from Green Book events, each worked out by hand (its header says why the
Appendix's own tile pictures could not be transcribed). Where the text leaves the player a choice
of equal value, `or_fans` lists the other accepted fan maps.

`tests/golden/wmo-2014.toml` holds the WMO-2014 rule tests of SkyEye-FAST/mcr-mahjong (the 2014 text's
own examples could not be read here: its header says so), each with the 2014 clause it rests on and the
fans the test does not assert worked out by hand.

Checks:
1. each case scores exactly as recorded (fan -> count map and total; the 8-point minimum where given);
2. the china table covers every fan 1-82 in at least two cases;
3. each china case still matches the reference, so the golden data cannot drift from it.
"""

from __future__ import annotations

import tomllib
from collections import Counter

import pytest

from mcr_score import parse_hand, score
from mcr_score.systems.mcr.fans.table import FANS
from tests.support import TESTS

GOLDEN = TESTS / "golden"
FAN_IDS = range(1, 83)
MIN_CASES_PER_FAN = 2
# profile -> (required fields, optional fields)
FIELDS = {
    "china": (("id", "hand", "fans", "total", "source"), ("meets_minimum", "note")),
    "green-book": (("id", "hand", "fans", "total", "source", "why"), ("meets_minimum", "or_fans")),
    "wmo-2014": (("id", "hand", "fans", "total", "source", "why"), ("meets_minimum", "or_fans")),
}


def _fans(table: dict) -> dict[int, int]:
    # TOML keys are strings; the fan ids are integers.
    return {int(fan): count for fan, count in table.items()}


def _load(profile: str) -> list[dict]:
    with (GOLDEN / f"{profile}.toml").open("rb") as f:
        cases = tomllib.load(f)["case"]
    for case in cases:
        case["profile"] = profile
        case["fans"] = _fans(case["fans"])
    return cases


def _accepted(case: dict) -> list[dict[int, int]]:
    return [case["fans"], *(_fans(alt) for alt in case.get("or_fans", ()))]


TABLES = {profile: _load(profile) for profile in FIELDS}
CASES = [case for cases in TABLES.values() for case in cases]
IDS = [f"{case['profile']}:{case['id']}" for case in CASES]
CHINA = TABLES["china"]
CHINA_IDS = [case["id"] for case in CHINA]


def _describe(case: dict) -> str:
    text = f"{case['profile']} case {case['id']!r} ({case['hand']}), source: {case['source']}"
    for key in ("note", "why"):
        if key in case:
            text += f"; {key}: {case[key]}"
    return text


def _named(fans: dict[int, int]) -> str:
    return ", ".join(f"{fan} {FANS[fan].en} x{count}" for fan, count in sorted(fans.items()))


@pytest.mark.parametrize("profile", sorted(TABLES))
def test_golden_file_is_well_formed(profile):
    cases = TABLES[profile]
    required, optional = FIELDS[profile]
    ids = [case["id"] for case in cases]
    assert len(ids) == len(set(ids)), [i for i, n in Counter(ids).items() if n > 1]
    for case in cases:
        missing = [key for key in required if key not in case]
        unknown = [key for key in case if key not in required + optional + ("profile",)]
        assert not missing, f"{case.get('id')}: missing {missing}"
        assert not unknown, f"{case.get('id')}: unknown {unknown}"
        assert case["source"].strip(), case["id"]
        assert case.get("why", "-").strip(), case["id"]
        for fans in _accepted(case):
            assert all(fan in FAN_IDS and count >= 1 for fan, count in fans.items()), case["id"]
            # The recorded total is the recorded fans at the profile's points.
            points = sum(FANS[fan].points[profile] * count for fan, count in fans.items())
            assert points == case["total"], f"{case['id']}: fans add up to {points}, total says {case['total']}"


@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_golden_case(case):
    result = score(case["hand"], case["profile"])
    got = result.fan_counts()
    accepted = _accepted(case)
    assert result.winning, f"{_describe(case)}: not scored as a win ({result.reason})"
    assert got in accepted, (
        f"{_describe(case)}\n  expected: {' or '.join(_named(fans) for fans in accepted)}\n  got:      {_named(got)}"
    )
    assert result.total == case["total"], f"{_describe(case)}: expected total {case['total']}, got {result.total}"
    if "meets_minimum" in case:
        assert result.meets_minimum == case["meets_minimum"], (
            f"{_describe(case)}: expected meets_minimum {case['meets_minimum']}, got {result.meets_minimum}"
        )


def test_every_fan_has_at_least_two_china_cases():
    seen = Counter(fan for case in CHINA for fan in case["fans"])
    thin = {fan: seen[fan] for fan in FAN_IDS if seen[fan] < MIN_CASES_PER_FAN}
    assert not thin, f"fans with fewer than {MIN_CASES_PER_FAN} golden cases: {thin}"


@pytest.mark.parametrize("case", CHINA, ids=CHINA_IDS)
def test_golden_case_matches_reference(case):
    pytest.importorskip("MahjongGB", reason="the reference calculator (pymahjonggb 1.4.0) is not installed")
    from tests.support.reference import reference_fans, reference_total

    hand = parse_hand(case["hand"])
    ref = reference_fans(hand)
    assert ref is not None, f"{_describe(case)}: the reference says this is not a winning hand"
    assert ref == case["fans"], (
        f"{_describe(case)}: golden data drifted from the reference\n"
        f"  golden:    {_named(case['fans'])}\n  reference: {_named(ref)}"
    )
    total = reference_total(hand)
    assert total == case["total"], f"{_describe(case)}: golden total {case['total']}, reference {total}"
    if "meets_minimum" in case:
        assert (total - hand.situation.flowers >= 8) == case["meets_minimum"], _describe(case)
