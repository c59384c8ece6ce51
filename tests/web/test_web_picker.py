"""The page's picker as the engine answers it (`edit`: mcr_score/web/picker.py): the hand after a tap
in the canonical notation, its count and question, and the picker tiles it refuses. The service
and the page's engine answer the same; a refused pick is exactly a hand the core's own check
(`hand.building_problems`) refuses; and the page's script holds none of these rules (checked in
its text)."""

from __future__ import annotations

import contextlib
import json
import re
from importlib import resources
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mcr_score import errors
from mcr_score.hand import FOUR_SETS, building_problems, check_hand
from mcr_score.messages import LANGS, page_strings
from mcr_score.notation import parse_building, parse_hand
from mcr_score.tiles import COPIES, NAMES
from mcr_score.web.engine import answer
from mcr_score.web.picker import MODES, edit

STRAIGHT = "123456789m123p5s5s"


def ask(**params: str) -> tuple[int, Any]:
    got = json.loads(answer("edit", json.dumps(params)))
    return got["status"], got["body"]


def refused_by_edit(text: str, mode: str, tile: str) -> set[type[errors.McrError]]:
    """What the command itself says of the pick: the classes of the problems it raises (none: taken)."""
    try:
        edit(text, f"add {mode} {tile}")
    except errors.McrError as e:
        return {type(p) for p in e.problems}
    return set()


REASONS = {
    "page.refused.copies": {errors.TooManyCopiesError},
    "page.refused.no-chow": {errors.BadMeldError},
    "page.refused.full": {errors.TileCountError, errors.TooManyMeldsError},
}


def test_picking_the_14th_tile_makes_it_the_winning_tile() -> None:
    view = edit("123456789m123p5s", "add single 5s")
    assert view["notation"] == STRAIGHT
    assert (view["winning"], view["tiles"][-1]) == ("5s", "5s")
    assert view["count"] == {"held": 14, "full": FOUR_SETS.tiles(0), "missing": 0}
    assert view["question"] == "score"
    assert set(view["picker"]["refused"]["single"].values()) == {"page.refused.full"}
    waiting = edit(STRAIGHT, "remove 0")
    assert (waiting["notation"], waiting["question"], waiting["winning"]) == ("23456789m123p55s", "waits", None)
    assert edit("12m", "")["question"] == "none"
    assert edit("12m", "")["count"]["missing"] == 12


def test_each_edit() -> None:
    assert edit(STRAIGHT, "win 0")["notation"] == "23456789m123p55s1m"
    assert edit(STRAIGHT, "self-drawn 1")["notation"] == STRAIGHT + "|EE1000"
    assert edit(STRAIGHT + "|EE1000", "self-drawn 0")["notation"] == STRAIGHT
    assert edit(STRAIGHT, "seat S")["notation"] == STRAIGHT + "|ES0000"
    assert edit(STRAIGHT, "prevalent W")["notation"] == STRAIGHT + "|WE0000"
    assert edit(STRAIGHT, "last-copy 1")["situation"]["last_copy"] is True  # judged when scored, not here
    assert edit(STRAIGHT, "wall-last 1")["notation"] == STRAIGHT + "|EE0010"
    assert edit(STRAIGHT, "kong 1")["notation"] == STRAIGHT + "|EE0001"
    assert edit(STRAIGHT, "flower b")["notation"] == STRAIGHT + "|EE0000|b"
    assert edit(STRAIGHT + "|EE0000|b", "flower a")["flowers"] == "ab"
    assert edit(STRAIGHT + "|EE0000|ab", "flower a")["notation"] == STRAIGHT + "|EE0000|b"
    assert edit("", "add concealed E")["notation"] == "[EEEE]"
    assert edit("", "add kong E")["notation"] == "[EEEE1]"
    assert edit("", "add promoted E")["melds"] == [{"kind": "promoted", "tiles": ["E"] * 4}]
    assert edit("", "add chow 7s")["notation"] == "[789s]"
    assert edit("", "add pung 9s")["notation"] == "[999s]"
    assert edit("[999s][EEEE]1m", "unmeld 0")["notation"] == "[EEEE]1m"
    assert edit("1z1z1z", "")["notation"] == "EEE"  # any spelling is read; the page gets the canonical one
    assert edit("", "")["notation"] == ""


def test_the_columns_of_the_suffix_point_at_its_fields() -> None:
    view = edit(STRAIGHT, "self-drawn 1")
    text = view["notation"]
    assert {text[c - 1] for c in (view["columns"]["prevalent_wind"], view["columns"]["seat_wind"])} == {"E"}
    assert text[view["columns"]["self_drawn"] - 1] == "1"
    assert edit(STRAIGHT, "")["columns"] == {}
    with pytest.raises(errors.ImpossibleSituationError) as caught:  # a situation the tiles refuse, when scored
        parse_hand(edit(STRAIGHT, "last-copy 1")["notation"])
    assert caught.value.column == edit(STRAIGHT, "last-copy 1")["columns"]["last_copy"]


@pytest.mark.parametrize(
    ("text", "change", "where"),
    [
        (STRAIGHT, "add single 5s", None),  # a fifteenth tile
        ("5555s", "add single 5s", None),  # a fifth copy
        ("", "add chow 8s", None),  # no chow from an 8
        ("", "add single 0s", "edit"),
        ("", "add double 5s", "edit"),
        ("", "jump", "edit"),
        ("12m", "remove 2", "edit"),
        ("12m", "remove -1", "edit"),
        ("12m", "remove ١", "edit"),  # a digit, not an ASCII one
        ("12m", "win 0", "edit"),  # no winning tile yet
        ("12m", "flower z", "edit"),
        ("12m", "seat X", "edit"),
        ("12m", "self-drawn yes", "edit"),
        ("12x", "", None),  # unreadable text
        (STRAIGHT + "5s", "", None),  # fifteen tiles typed
    ],
)
def test_what_an_edit_refuses_is_named(text: str, change: str, where: str | None) -> None:
    """A pick the hand cannot take, or text it cannot read, by the core's error; an edit the page
    does not send, by `bad-edit` naming the field."""
    with pytest.raises(errors.McrError) as caught:
        edit(text, change)
    assert (caught.value.code == "bad-edit") == (where == "edit")
    if where:
        assert caught.value.where == where
    status, body = ask(hand=text, edit=change)
    assert (status, body["ok"], body["error"]["code"]) == (422, False, caught.value.code)


EDITS = [
    ("", ""),
    ("", "add single 1m"),
    ("123456789m123p5s", "add single 5s"),
    (STRAIGHT, "win 3"),
    (STRAIGHT, "self-drawn 1"),
    ("[999s]", "add single 9s"),
    ("[EEEE][CCCC][FFFF][PPPP]N", "add single N"),
    ("12m", "jump"),
    ("12x", ""),
]


@pytest.mark.parametrize(("text", "change"), EDITS)
def test_the_service_and_the_page_engine_answer_the_same(text: str, change: str) -> None:
    pytest.importorskip("fastapi")
    from fastapi.testclient import TestClient

    from mcr_score.web.api import create_app

    served = TestClient(create_app()).get("/api/edit", params={"hand": text, "edit": change})
    assert ask(hand=text, edit=change) == (served.status_code, served.json())


def picks() -> st.SearchStrategy[list[tuple[str, str]]]:
    return st.lists(st.tuples(st.sampled_from(MODES), st.sampled_from(NAMES)), max_size=24)


@settings(max_examples=60, deadline=None)
@given(picks(), st.data())
def test_a_pick_is_refused_exactly_when_the_core_refuses_its_hand(taps: list[tuple[str, str]], data: Any) -> None:
    """Hands put together by random picks (each refused one skipped); then every pick in every mode:
    the picker refuses it, with the reason of the core's problem, exactly when the command does,
    which checks the hand it would make with `hand.building_problems` (a fifth copy, no room)."""
    text = ""
    for mode, tile in taps:
        with contextlib.suppress(errors.McrError):  # a refused pick: the hand stays as it was
            text = edit(text, f"add {mode} {tile}")["notation"]
    view = edit(text)
    hand = parse_building(text)
    assert not building_problems(hand)
    assert view["notation"] == text
    full = view["question"] == "score"
    assert full == (hand.winning is not None)
    if full or view["question"] == "waits":
        assert not [p for p in check_hand(hand) if isinstance(p, errors.TileCountError)]
    for mode in data.draw(st.lists(st.sampled_from(MODES), min_size=1, max_size=2, unique=True)):
        refused = view["picker"]["refused"][mode]
        for tile in NAMES:
            said = refused_by_edit(text, mode, tile)
            reason = refused.get(tile)
            assert (reason is None) == (not said), (text, mode, tile, said)
            assert reason is None or REASONS[reason] & said, (text, mode, tile, reason, said)


def test_no_tile_past_its_copies_or_the_hand_size() -> None:
    view = edit("[999s]", "add single 9s")
    assert view["picker"]["refused"]["single"] == {"9s": "page.refused.copies"}
    assert {view["picker"]["refused"]["chow"][t] for t in ("8m", "9p", "E", "P")} == {"page.refused.no-chow"}
    assert view["picker"]["refused"]["chow"]["7s"] == "page.refused.copies"  # 789s needs a fifth 9s
    assert view["tiles"].count("9s") + 3 == COPIES


def test_every_reason_and_message_of_the_picker_is_in_every_catalogue() -> None:
    source = (resources.files("mcr_score.web") / "picker.py").read_text(encoding="utf-8")
    ids = set(re.findall(r'"(page\.[a-z.-]+)"', source))
    assert {"page.refused.copies", "page.refused.full", "page.refused.no-chow", "page.edit.unknown"} <= ids
    for lang in LANGS:
        assert ids <= set(page_strings(lang)), (lang, ids - set(page_strings(lang)))


# ---- the page's script holds no rule ---------------------------------------------------------------

_STATIC = resources.files("mcr_score.web") / "static"
_INLINE = re.findall(r"<script>(.*?)</script>", (_STATIC / "index.html").read_text(encoding="utf-8"), re.S)
SCRIPT = "\n".join([(_STATIC / "app.js").read_text(encoding="utf-8"), *_INLINE])
"""The page's script and the scripts written in its page (the taps kept before it runs)."""
COUNTS = {2, 3, 4, 8, 9, 13, 14, 18}  # tiles in a set, copies, flowers, ranks, a hand waiting and won


def scan(script: str) -> tuple[str, list[str]]:
    """The script's code with its comments dropped and each string, template text and regular
    expression blanked to `""`, and the texts of those strings (enough JavaScript for this script)."""
    code: list[str] = []
    texts: list[str] = []
    i, n = 0, len(script)
    while i < n:
        c = script[i]
        if script.startswith("//", i):
            i = script.find("\n", i) if "\n" in script[i:] else n
        elif c in "\"'`" or (c == "/" and re.search(r"[(,=:!&|?{};]\s*$", "".join(code[-3:]) or "(")):
            end, j, depth = c, i + 1, 0
            while j < n and not (script[j] == end and depth == 0):
                if script[j] == "\\":
                    j += 1
                elif end == "`" and script.startswith("${", j):
                    depth += 1
                elif end == "`" and script[j] == "}" and depth:
                    depth -= 1
                j += 1
            texts.append(script[i + 1 : j])
            code.append('""')
            i = j + 1
        else:
            code.append(c)
            i += 1
    return "".join(code), texts


def code_of(script: str) -> str:
    return scan(script)[0]


OPERATOR = r"(?:[<>]=?|[!=]==?|[-+*/%])"


def numbers_in(code: str) -> set[str]:
    """The numbers compared or counted with (`n !== 14`, `14 - n`), or passed to a call."""
    found = re.findall(rf"{OPERATOR}\s*(\d+)\b", code) + re.findall(rf"\b(\d+)\s*{OPERATOR}(?!>)", code)
    return set(found + re.findall(r"\w\(\s*(\d+)", code)) - {"0", "1"}


def constants_in(code: str) -> dict[str, str]:
    return dict(re.findall(r"^const ([A-Z_]+) = (\d+);", code, re.MULTILINE))


def test_the_script_compares_and_counts_with_no_number_but_0_and_1() -> None:
    """A count of tiles (13, 14, four copies, eight flowers, a chow's 7) would be a rule: the engine's
    answers say how many tiles the hand holds of how many, and which picks it refuses. A named
    number is a time or an HTTP status, never a count."""
    code = code_of(SCRIPT)
    assert not numbers_in(code), sorted(numbers_in(code))
    constants = constants_in(code)
    assert all(name.endswith("_MS") or name.startswith("HTTP_") for name in constants), constants
    assert not {int(v) for v in constants.values()} & COUNTS, constants


def test_the_script_writes_no_notation_and_sorts_no_tile() -> None:
    code, texts = scan(SCRIPT)
    assert not [text for text in texts if "|" in text]  # the suffix is the engine's to write
    assert ".sort(" not in code  # the order of tiles is the notation's
    assert not re.search(r"\[\s*\d\s*,\s*\d", code)  # no list of ranks
    assert 'ask("edit"' in SCRIPT  # every tap goes to the engine
    for name in ("tileCount", "canAdd", "copies(", "writeTiles", "tileSort", "MELD_SIZE", "SUFFIX_BUTTON"):
        assert name not in code, name


@pytest.mark.parametrize(
    "line",
    [
        "  return tileCount(state) + room <= 14;",
        "  if (need.some((c) => used[c] > 4)) return false;",
        "  if (!invalid && (!text || (n !== 13 && n !== 14))) {",
        "    const words = n > 14 ? t('page.extra', { n: n - 14 }) : t('page.pick', { n: 14 - n });",
        "  if (code.length !== 2 || Number(code[0]) > 7) return null;",
        "  const standing = s.tiles.slice(0, -1).sort(tileSort);",
        "const MAX_TILES = 14;",
        "    out += `|${x.prevalent}${x.seat}${flags}`;",
    ],
)
def test_the_checks_find_the_rules_the_script_had(line: str) -> None:
    """Each line, from the script before the rules moved to the engine, fails one of the checks."""
    code, texts = scan(line)
    assert numbers_in(code) or constants_in(code) or any("|" in t for t in texts) or ".sort(" in code, line
