"""Checks of the fan table (mcr_score/systems/mcr/fans/table.py) against its sources.

Sources: docs/fan-table.md (points, exclusions) and the French seed list (« Règles Officielles du
Mah-Jong » §V: numbering and French names), read where the project keeps it beside the repository,
`../shared/seeds/mcr-regles-officielles-fr.txt` (not shipped: the test that reads it is skipped
without it).
"""

from __future__ import annotations

import dataclasses
import re
from types import MappingProxyType

import pytest

from mcr_score.messages import LANGS
from mcr_score.systems.mcr import profiles
from mcr_score.systems.mcr.fans.detectors import DETECTORS
from mcr_score.systems.mcr.fans.ids import Fan
from mcr_score.systems.mcr.fans.table import BY_KEY, FANS, PROFILES, FanDef, points
from tests.support import REPO

SEED = REPO.parent / "shared" / "seeds" / "mcr-regles-officielles-fr.txt"

GB, CN, WMO = "green-book", "china", "wmo-2014"

# Green Book point tiers: (first id, last id, points, how many fans).
GB_TIERS = [
    (1, 7, 88, 7),
    (8, 13, 64, 6),
    (14, 15, 48, 2),
    (16, 18, 32, 3),
    (19, 27, 24, 9),
    (28, 33, 16, 6),
    (34, 38, 12, 5),
    (39, 48, 8, 10),
    (49, 54, 6, 6),
    (55, 58, 4, 4),
    (59, 68, 2, 10),
    (69, 81, 1, 13),
]


def test_ids_are_exactly_1_to_82_in_order() -> None:
    assert list(FANS) == list(range(1, 83))
    for fan_id, fan in FANS.items():
        assert isinstance(fan, FanDef)
        assert fan.id == fan_id


def test_by_key_matches_fans() -> None:
    assert len(BY_KEY) == 82
    assert {fan.key: fan for fan in FANS.values()} == dict(BY_KEY)


def test_keys_are_upper_snake_of_english_name() -> None:
    for fan in FANS.values():
        expected = re.sub(r"[^A-Za-z0-9]+", "_", fan.name).strip("_").upper()
        assert fan.key == expected, fan.id


@pytest.mark.parametrize("attr", ["key", *LANGS])
def test_names_unique_and_non_empty(attr: str) -> None:
    names = [fan.key if attr == "key" else fan.name_in(attr) for fan in FANS.values()]
    assert all(n and n == n.strip() for n in names)
    duplicates = sorted({n for n in names if names.count(n) > 1})
    assert not duplicates


def test_tables_are_read_only() -> None:
    assert isinstance(FANS, MappingProxyType)
    assert isinstance(BY_KEY, MappingProxyType)
    fan = FANS[28]
    with pytest.raises(dataclasses.FrozenInstanceError):
        fan.points = {}  # type: ignore[misc]
    with pytest.raises(TypeError):
        fan.points[GB] = 0  # type: ignore[index]
    assert isinstance(fan.excludes, frozenset)
    assert isinstance(fan.excludes_own, frozenset)


def test_tiers_cover_1_to_81() -> None:
    covered = [i for first, last, _, _ in GB_TIERS for i in range(first, last + 1)]
    assert covered == list(range(1, 82))
    assert all(last - first + 1 == n for first, last, _, n in GB_TIERS)


@pytest.mark.parametrize(("first", "last", "value", "count"), GB_TIERS)
def test_green_book_point_tiers(first: int, last: int, value: int, count: int) -> None:
    got = {i: FANS[i].points.get(GB) for i in range(first, last + 1)}
    assert got == dict.fromkeys(range(first, last + 1), value)
    assert len(got) == count


def test_china_differs_from_green_book_only_on_48_and_82() -> None:
    """wmo-2014 has the Green Book's points: 48 at 8 (2014 §8 table p.11, App. 8 p.14), no private fan."""
    for fan in FANS.values():
        assert set(fan.points) <= set(PROFILES)
        if fan.id == 48:
            assert dict(fan.points) == {GB: 8, CN: 6, WMO: 8}
        elif fan.id == 82:
            assert dict(fan.points) == {CN: 5}  # private fan 明暗杠: china profile only
        else:
            assert set(fan.points) == {GB, CN, WMO}, fan.id
            assert fan.points[GB] == fan.points[CN] == fan.points[WMO], fan.id


def test_points_function() -> None:
    assert points(28, GB) == 16
    assert points(28, CN) == 16
    assert points(48, GB) == 8
    assert points(48, CN) == 6
    assert points(82, GB) is None
    assert points(82, CN) == 5
    assert points(48, WMO) == 8
    assert points(82, WMO) is None
    assert points(81, CN) == 1
    with pytest.raises(ValueError, match="unknown profile"):
        points(1, "riichi")
    with pytest.raises(KeyError):
        points(83, CN)


def test_excluded_ids_exist_and_are_not_self() -> None:
    for fan in FANS.values():
        for other in fan.excludes | fan.excludes_own:
            assert other in FANS, (fan.id, other)
            assert other != fan.id, fan.id
        # A fan is removed either for the whole hand or for this fan's own sets, not both.
        assert not fan.excludes & fan.excludes_own, fan.id


# (excluding fan, excluded fan) -> why a fan may absorb a fan worth more points.
# None so far: every exclusion in fan-table.md points at an equal or cheaper fan.
HIGHER_EXCLUSION_EXCEPTIONS: dict[tuple[int, int], str] = {}


@pytest.mark.parametrize("profile", [CN, GB])
def test_exclusions_point_at_equal_or_cheaper_fans(profile: str) -> None:
    bad = []
    for fan in FANS.values():
        mine = fan.points.get(profile)
        if mine is None:
            continue
        for other in sorted(fan.excludes | fan.excludes_own):
            theirs = FANS[other].points.get(profile)
            if theirs is not None and theirs > mine and (fan.id, other) not in HIGHER_EXCLUSION_EXCEPTIONS:
                bad.append((fan.id, mine, other, theirs))
    assert not bad


# Independent transcription of the fan-table.md "Absorbed by" column (98 and A+ together):
# for each fan, the fans that list it as excluded. This checks the `excludes` column row by row
# against the reverse column. When exclusions are changed on purpose, update both.
ABSORBED_BY: dict[int, set[int]] = {
    18: {7, 8, 11},
    19: {6, 13, 14},
    22: {4, 6, 13},
    23: {14, 15, 24},
    24: {14, 15, 23},
    30: {16},
    34: {20},
    36: {25},
    37: {27},
    38: {1, 9},
    49: {1, 5, 8, 11, 12, 15, 18, 21},
    50: {3},
    52: {7, 20, 34},
    54: {2, 10},
    55: {8, 11, 18},
    56: {4, 6, 7, 12, 19, 20, 34},
    58: {47},
    59: {2, 10, 54},
    60: {1},
    61: {1},
    62: {4, 6, 7, 12, 19, 20, 34},
    63: {13, 29},
    64: {14},
    65: {8, 32},
    66: {48},
    68: {21, 26, 31},
    69: {13, 14, 23},
    70: {29, 41},
    71: {16, 28},
    72: {13, 16, 28, 29},
    73: {1, 8, 11, 18},  # whole hand; the "own sets" cases are checked below
    75: {3, 11, 40},
    76: {4, 6, 8, 13, 21, 22, 25, 26, 27, 29, 31, 36, 37, 63, 68},
    79: {5, 6, 7, 19, 20, 34, 53},
    80: {44, 46, 56},
}


def test_excludes_match_absorbed_by_column() -> None:
    for fan_id in FANS:
        absorbers = {f.id for f in FANS.values() if fan_id in f.excludes}
        assert absorbers == ABSORBED_BY.get(fan_id, set()), fan_id


def test_pung_of_terminals_or_honors_own_sets() -> None:
    # fan-table.md no. 73: "only the fan's own sets with 2, 9, 10, 38, 54, 59, 60, 61".
    assert {f.id for f in FANS.values() if 73 in f.excludes_own} == {2, 9, 10, 38, 54, 59, 60, 61}
    assert {f.id for f in FANS.values() if f.excludes_own} == {2, 9, 10, 38, 54, 59, 60, 61}
    # "one set fewer with 4" (73×1): in neither set, recorded in the citation.
    assert 73 not in FANS[4].excludes | FANS[4].excludes_own
    assert "73×1" in FANS[4].cite


def test_repeatable_fans() -> None:
    # Counted per set, per tile kind, per flower or per pair of chows (fan-table.md definitions).
    for fan_id in (59, 64, 65, 69, 70, 71, 72, 73, 81):
        assert FANS[fan_id].repeatable, fan_id
    # Only one possible per hand, or capped at one by rule (77-79: at most one wait fan).
    for fan_id in (1, 28, 43, 49, 54, 57, 60, 61, 66, 67, 74, 77, 78, 79, 80, 82):
        assert not FANS[fan_id].repeatable, fan_id
    # A fan worth more than 2 cannot occur twice in one 14-tile hand.
    for fan in FANS.values():
        if fan.repeatable:
            assert max(fan.points.values()) <= 2, fan.id


def test_definitions_and_citations_are_single_lines() -> None:
    for fan in FANS.values():
        assert fan.definition().endswith("."), fan.id
        assert "\n" not in fan.definition(), fan.id
        assert not re.search(r"\.\s+[A-Z]", fan.definition()), fan.id
        assert fan.definition("fr").endswith("."), fan.id
        assert fan.definition("zh").endswith("。"), fan.id
        assert fan.cite, fan.id
        assert "\n" not in fan.cite, fan.id
    for fan_id in range(1, 82):
        assert f"GB fan {fan_id} " in FANS[fan_id].cite, fan_id
        # R98 and A number our 49-53 as #48-#52 and our 48 as #53 (fan-table.md legend).
        r98 = {48: 53, 49: 48, 50: 49, 51: 50, 52: 51, 53: 52}.get(fan_id, fan_id)
        assert FANS[fan_id].cite.startswith(f"R98 #{r98} p."), fan_id
        assert f"A#{r98}" in FANS[fan_id].cite, fan_id


def _seed_list() -> dict[int, tuple[str, str]]:
    if not SEED.is_file():
        pytest.skip(f"shared seed file not found: {SEED}")
    text = SEED.read_text(encoding="utf-8")
    start = text.index("V – Les 81 combinaisons")
    end = text.index("Vocabulaire", start)
    rows: dict[int, tuple[str, str]] = {}
    for line in text[start:end].splitlines():
        m = re.fullmatch(r"(\d{1,2}) – (.+?) – (.+)", line.strip())
        if m:
            number = int(m.group(1))
            assert number not in rows, number
            rows[number] = (m.group(2), m.group(3))
    return rows


def test_french_names_match_seed_list() -> None:
    seed = _seed_list()
    assert sorted(seed) == list(range(1, 82))
    mismatches = {i: (FANS[i].name_in("fr"), seed[i][0]) for i in seed if FANS[i].name_in("fr") != seed[i][0]}
    assert not mismatches
    # No. 82 is not in the seed list and its French name must not clash with one there.
    assert FANS[82].name_in("fr") not in {fr for fr, _ in seed.values()}


@pytest.mark.parametrize("profile", PROFILES)
def test_the_engine_reads_the_points_the_table_prints(profile: str) -> None:
    built = profiles.PROFILES[profile]
    assert dict(built.points) == {f.fan: f.points[profile] for f in FANS.values() if profile in f.points}


def test_every_fan_is_an_enum_member_with_one_detector() -> None:
    assert list(FANS) == list(Fan)
    assert all(isinstance(fan, Fan) and FANS[fan].fan is fan for fan in FANS)
    assert set(DETECTORS) == set(Fan)


def test_series_point_down_their_family() -> None:
    """Only the highest fan of a series counts: each lower member belongs to the same series and is cheaper."""
    for fan in FANS.values():
        assert bool(fan.series_excludes) <= bool(fan.series), fan.fan
        for lower in fan.series_excludes:
            assert FANS[lower].series == fan.series, (fan.fan, lower)
            assert FANS[lower].points.get(GB, 0) <= fan.points.get(GB, fan.points.get(CN, 0)), (fan.fan, lower)
    waits = [f.fan for f in FANS.values() if f.series == "wait"]
    assert waits == [Fan.EDGE_WAIT, Fan.CLOSED_WAIT, Fan.SINGLE_WAIT]
    assert FANS[Fan.EDGE_WAIT].series_excludes == {Fan.CLOSED_WAIT, Fan.SINGLE_WAIT}
