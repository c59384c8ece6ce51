"""House-rules profiles written as data: a TOML file of switch = option, used wherever --rules is.

Expected scores come from the switch examples' hand arithmetic in tests/systems/mcr/test_profiles.py and
docs/rules-research.md (Two Concealed Kongs 6 instead of 8; Lesser Honors with Knitted Straight
24 instead of 12), not from mcr_score's output.
"""

import json

import pytest
from click.testing import CliRunner

from mcr_score import errors, score
from mcr_score.cli import main
from mcr_score.systems.mcr import profiles
from tests.support import REPO

ROOT = REPO
CLUB = ROOT / "examples" / "house-rules" / "club.toml"
KONGS = "[1111m][2222s]345pEE67s8s|EE1000"  # 48 + 56 + 73: 8 + 4 + 1 in green-book
LESSER = "147m258s369pESWNC"  # 34 alone (12) in green-book, 34 + 35 (24) in china


def test_the_example_house_file_is_green_book_with_two_switches_changed():
    club = profiles.get(str(CLUB))
    assert club.name == "club-house"
    changed = {k for k, v in club.choices.items() if v != profiles.PROFILE_CHOICES["green-book"][k]}
    assert changed == {"two-concealed-kongs", "lesser-knitted-with-knitted-straight"}
    assert club.points[48] == 6


def test_scoring_under_the_house_file():
    kongs = score(KONGS, str(CLUB))
    assert (kongs.rules, kongs.total, kongs.fan_counts()) == ("club-house", 4 + 6 + 1, {48: 1, 56: 1, 73: 1})
    lesser = score(LESSER, str(CLUB))
    assert (lesser.total, lesser.fan_counts()) == (24, {34: 1, 35: 1})


def test_a_file_without_base_starts_from_the_default_profile(tmp_path):
    """A club writes the switches it changes; the others are the default profile's (green-book), as a
    player expects, not "no option chosen" (issue 37). The reader alone, given no default, still
    asks for every switch."""
    from mcr_score.engine.house import read_house

    lines = [f'{s.key} = "{profiles.PROFILE_CHOICES["china"][s.key]}"' for s in profiles.SWITCHES]
    full = tmp_path / "full.toml"
    full.write_text('name = "all-china"\n[switches]\n' + "\n".join(lines) + "\n", encoding="utf-8")
    assert profiles.get(str(full)).choices == profiles.PROFILE_CHOICES["china"]
    short = tmp_path / "short.toml"
    short.write_text('name = "short"\n[switches]\n' + "\n".join(lines[1:]) + "\n", encoding="utf-8")
    first = profiles.SWITCHES[0].key
    expected = {**profiles.PROFILE_CHOICES["china"], first: profiles.PROFILE_CHOICES["green-book"][first]}
    assert profiles.load(short).choices == expected
    switches = {s.key: tuple(s.options) for s in profiles.SWITCHES}
    with pytest.raises(errors.ProfileFileError) as e:
        read_house(short, profiles.PROFILE_CHOICES, switches)
    assert [p.where for p in e.value.problems] == [f"{short}: switches.{first}"]


def test_every_problem_in_a_file_is_named_by_key(tmp_path):
    bad = tmp_path / "bad.toml"
    bad.write_text(
        'name = "china"\nbase = "gb"\ncolour = 1\n[switches]\ntwo-concealed-kongs = "7"\nno-such-switch = "x"\n',
        encoding="utf-8",
    )
    with pytest.raises(errors.ProfileFileError) as e:
        profiles.load(bad)
    found = {(p.code, p.where.split(": ", 1)[1]) for p in e.value.problems}
    assert found == {
        ("bad-profile-file", key)
        for key in ("colour", "name", "base", "switches.two-concealed-kongs", "switches.no-such-switch")
    }
    assert "options: 8, 6" in str(e.value)


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("name = \n", "not valid TOML"),
        ('name = ""\nbase = "china"\n', "needs a name"),
        ('name = "x"\nbase = "china"\nswitches = 3\n', "must be a table"),
    ],
)
def test_malformed_files(tmp_path, content, message):
    path = tmp_path / "house.toml"
    path.write_text(content, encoding="utf-8")
    with pytest.raises(errors.ProfileFileError, match=message):
        profiles.get(str(path))


def test_a_missing_file_and_an_unknown_name():
    with pytest.raises(errors.ProfileFileError, match="cannot read"):
        profiles.get("no/such/house.toml")
    with pytest.raises(ValueError, match="known: green-book, china"):
        profiles.get("greenbook")


def test_cli_commands_take_a_house_file(tmp_path):
    runner = CliRunner()
    out = runner.invoke(main, ["score", KONGS, "--rules", str(CLUB), "--json"])
    assert out.exit_code == 0
    assert json.loads(out.output)["rules"] == "club-house"
    assert json.loads(out.output)["total"] == 11
    out = runner.invoke(main, ["explain", KONGS, "--rules", str(CLUB), "--json"])
    assert out.exit_code == 0
    assert json.loads(out.output)["rules"] == "club-house"
    out = runner.invoke(main, ["fan", "48", "--rules", str(CLUB), "--json"])
    assert json.loads(out.output)["points"] == 6
    assert json.loads(out.output)["rules"] == "club-house"
    source = tmp_path / "hands.txt"
    source.write_text(f"{KONGS}\n{LESSER}\n", encoding="utf-8")
    target = tmp_path / "out.jsonl"
    out = runner.invoke(main, ["batch", str(source), "-o", str(target), "--rules", str(CLUB), "-j", "2"])
    assert out.exit_code == 0, out.output
    records = [json.loads(line) for line in target.read_text(encoding="utf-8").splitlines()]
    assert [(r["rules"], r["total"]) for r in records] == [("club-house", 11), ("club-house", 24)]
    out = runner.invoke(main, ["batch", str(source), "-o", str(target), "--rules", str(CLUB), "--resume"])
    assert out.exit_code == 0
    assert "2 from the earlier run" in out.output


def test_a_bad_house_file_is_a_usage_error(tmp_path):
    bad = tmp_path / "bad.toml"
    bad.write_text('name = "x"\nbase = "china"\n[switches]\ntwo-concealed-kongs = "7"\n', encoding="utf-8")
    out = CliRunner().invoke(main, ["score", KONGS, "--rules", str(bad)])
    assert out.exit_code == 2
    assert f"{bad}: switches.two-concealed-kongs" in out.output
    assert "Traceback" not in out.output


# Issue 12: every bad house file is a named error with the file's name, never a traceback.


@pytest.mark.parametrize(
    ("base", "type_name"),
    [('["china"]', "array"), ("{a = 1}", "table"), ("1", "integer"), ("true", "boolean")],
)
def test_a_base_of_the_wrong_type_is_named(tmp_path, base, type_name):
    path = tmp_path / "club.toml"
    path.write_text(f'name = "club"\nbase = {base}\n')
    with pytest.raises(errors.ProfileFileError) as info:
        profiles.load(path)
    assert info.value.code == "bad-profile-file"
    assert str(info.value).startswith(
        f"bad-profile-file: base is the name of one built-in profile (green-book, china, wmo-2014), not {type_name}"
    )
    assert info.value.where == f"{path}: base"


def test_a_deeply_nested_file_is_named(tmp_path):
    path = tmp_path / "deep.toml"
    path.write_text('name = "club"\nbase = "china"\nz = ' + "[" * 100_000 + "]" * 100_000 + "\n")
    with pytest.raises(errors.ProfileFileError) as info:
        profiles.load(path)
    assert info.value.message == "not valid TOML: arrays or tables nested too deeply"
    assert info.value.where == str(path)


def test_a_file_not_in_utf8_is_named_with_its_code_and_file(tmp_path):
    path = tmp_path / "latin.toml"
    path.write_bytes(b'name = "caf\xe9"\nbase = "china"\n')
    with pytest.raises(errors.ProfileFileError) as info:
        profiles.load(path)
    assert info.value.code == "bad-profile-file"
    assert info.value.message == "not UTF-8: byte 0xe9 at byte 12"
    assert info.value.where == str(path)


@pytest.mark.parametrize(
    "content",
    [b'name = "x"\nbase = ["china"]\n', b'name = "x"\nbase = {a = 1}\n', b'name = "\xe9"\n', b"z = " + b"[" * 50_000],
)
def test_the_cli_reports_a_bad_house_file_as_a_usage_error(tmp_path, content):
    path = tmp_path / "club.toml"
    path.write_bytes(content)
    result = CliRunner().invoke(main, ["score", "123456789m123p5s5s", "--rules", str(path)])
    assert result.exit_code == 2
    assert "bad-profile-file: " in result.output
    assert str(path) in result.output
    assert not isinstance(result.exception, (TypeError, RecursionError))


# A system whose table has values a club sets (seed 003's kong, limit, minimum) reads them from a
# [values] table, each a whole number within its bounds; a system without values refuses the table.
_VALUES = {"kong": (0, 99), "limit": (1, 99)}


def test_values_are_whole_numbers_within_their_bounds(tmp_path):
    from mcr_score.engine.house import read_house

    path = tmp_path / "house.toml"
    path.write_text('name = "club"\nbase = "b"\n[values]\nkong = 2\n', encoding="utf-8")
    house = read_house(path, {"b": {}}, {}, values=_VALUES)
    assert dict(house.values) == {"kong": 2}  # limit left out: unset
    bad = tmp_path / "bad.toml"
    bad.write_text('name = "club"\nbase = "b"\n[values]\nkong = true\nlimit = 100\nbonus = 1\n', encoding="utf-8")
    with pytest.raises(errors.ProfileFileError) as e:
        read_house(bad, {"b": {}}, {}, values=_VALUES)
    found = {p.where.split(": ", 1)[1]: p.message for p in e.value.problems}
    assert found == {
        "values.kong": "kong is a whole number from 0 to 99, not a boolean",
        "values.limit": "limit is a whole number from 1 to 99, not 100",
        "values.bonus": "unknown value 'bonus'; this system's values: kong, limit",
    }
    table = tmp_path / "table.toml"
    table.write_text('name = "club"\nbase = "b"\nvalues = 3\n', encoding="utf-8")
    with pytest.raises(errors.ProfileFileError, match=r"\[values\] must be a table"):
        read_house(table, {"b": {}}, {}, values=_VALUES)


def test_a_system_without_values_refuses_the_table(tmp_path):
    path = tmp_path / "house.toml"
    path.write_text('name = "club"\nbase = "china"\n[values]\nkong = 2\n', encoding="utf-8")
    with pytest.raises(errors.ProfileFileError, match="unknown key 'values'"):
        profiles.get(str(path))
