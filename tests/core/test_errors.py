"""Error classes and the data model's own checks, for hands built in code rather than parsed."""

from __future__ import annotations

import json

import pytest

from mcr_score import HandError, McrError, NotationError, Situation, Tile, check_hand, errors, with_situation
from mcr_score.hand import Hand, Meld
from mcr_score.messages import msg

NOTATION = [
    errors.IllegalCharacterError,
    errors.MissingSuitError,
    errors.BadTileError,
    errors.UnclosedMeldError,
    errors.BadMeldError,
    errors.BadClaimError,
    errors.BadSituationError,
    errors.SyntaxProblemError,
]
HAND = [
    errors.TooManyCopiesError,
    errors.TileCountError,
    errors.TooManyMeldsError,
    errors.FlowerError,
    errors.ImpossibleSituationError,
]


@pytest.mark.parametrize("cls", NOTATION, ids=lambda c: c.code)
def test_notation_errors_exit_2(cls):
    assert issubclass(cls, NotationError)
    assert issubclass(cls, ValueError)
    assert cls.exit_code == 2


@pytest.mark.parametrize("cls", HAND, ids=lambda c: c.code)
def test_hand_errors_exit_1(cls):
    assert issubclass(cls, HandError)
    assert not issubclass(cls, NotationError)
    assert issubclass(cls, ValueError)
    assert cls.exit_code == 1


def test_codes_are_distinct():
    """Codes are the stable interface (JSON, docs); two classes must never share one."""
    codes = [c.code for c in NOTATION + HAND]
    assert len(set(codes)) == len(codes)
    assert issubclass(NotationError, McrError)
    assert issubclass(HandError, McrError)


def test_describe_with_column_shows_input_and_caret():
    e = errors.BadTileError(msg("error.notation.honor-rank", rank="8"), text="123m8z", column=5)
    assert str(e) == "bad-tile: 8z is not a tile (honors are 1z-7z) (column 5)\n  123m8z\n      ^"


def test_describe_without_column_names_the_field():
    nine = msg("error.flowers.too-many", n=9)
    e = errors.FlowerError(nine, text="1112345678999s9s", where="--flowers")
    assert str(e) == "flowers: 9 flowers; there are only 8 (--flowers)\n  1112345678999s9s"
    assert str(errors.FlowerError(nine)) == "flowers: 9 flowers; there are only 8"


def test_raise_all_orders_notation_first_then_by_column():
    """The first raised decides the exit code, so a notation problem wins over an earlier hand problem."""
    hand_problem = errors.TileCountError(
        msg("error.tile-count", held=1, melds=0, want=14, waiting=13), text="t", column=1
    )
    late = errors.IllegalCharacterError(msg("error.notation.character", char="'x'"), text="t", column=9)
    early = errors.MissingSuitError(msg("error.notation.no-suit", digits="'12'"), text="t", column=3)
    with pytest.raises(McrError) as info:
        errors.raise_all([hand_problem, late, early])
    assert info.value is early
    assert info.value.problems == (early, late, hand_problem)
    errors.raise_all([])


def test_to_dict_lists_every_problem_once():
    """Regression: `problems` contains the error itself; `to_dict` recursed forever on it."""
    first = errors.BadMeldError(msg("error.meld.kind", kind="bad"), text="[124m][EEF]", column=1)
    second = errors.BadMeldError(msg("error.meld.kind", kind="bad too"), text="[124m][EEF]", column=7)
    with pytest.raises(McrError) as info:
        errors.raise_all([second, first])
    out = info.value.to_dict()
    bad, bad_too = "meld kind 'bad' is not chow, pung or kong", "meld kind 'bad too' is not chow, pung or kong"
    assert out == {
        "code": "bad-meld",
        "message": bad,
        "column": 1,
        "problems": [
            {"code": "bad-meld", "message": bad, "column": 1},
            {"code": "bad-meld", "message": bad_too, "column": 7},
        ],
    }
    json.dumps(out)
    flowers = errors.FlowerError(msg("error.flowers.too-many", n=9), where="w")
    alone = {"code": "flowers", "message": "9 flowers; there are only 8", "where": "w"}
    assert flowers.to_dict() == {**alone, "problems": [alone]}  # `problems` even for one (issue 12)


def test_an_error_takes_a_message_not_a_string():
    """Every error is built from a message id; an English string is refused at once."""
    with pytest.raises(TypeError, match="takes a Message"):
        errors.BadMeldError("bad")


@pytest.mark.parametrize(
    ("make", "cls"),
    [
        pytest.param(lambda: Meld("set", Tile("1m")), errors.BadMeldError, id="unknown-kind"),
        pytest.param(lambda: Meld("chow", Tile("E")), errors.BadMeldError, id="honor-chow"),
        pytest.param(lambda: Meld("chow", Tile("8m")), errors.BadMeldError, id="chow-from-8"),
        pytest.param(lambda: Meld("pung", Tile("1m"), concealed=True), errors.BadMeldError, id="concealed-pung"),
        pytest.param(lambda: Meld("chow", Tile("1m"), claim=5), errors.BadClaimError, id="chow-claim-5"),
        pytest.param(lambda: Meld("pung", Tile("1m"), claim=0), errors.BadClaimError, id="pung-claim-0"),
        pytest.param(lambda: Meld("kong", Tile("1m"), claim=4), errors.BadClaimError, id="kong-claim-4"),
        pytest.param(lambda: Meld("kong", Tile("1m")), errors.BadClaimError, id="exposed-kong-without-claim"),
        pytest.param(
            lambda: Meld("kong", Tile("1m"), concealed=True, claim=1),
            errors.BadClaimError,
            id="concealed-kong-with-claim",
        ),
    ],
)
def test_meld_rejects_impossible_melds(make, cls):
    with pytest.raises(cls):
        make()


def test_meld_tiles():
    assert Meld("chow", Tile("7p"), claim=3).tiles == (Tile("7p"), Tile("8p"), Tile("9p"))
    assert Meld("kong", Tile("C"), concealed=True).tiles == (Tile("C"),) * 4
    assert Meld("kong", Tile("C"), claim=5).promoted
    assert not Meld("kong", Tile("C"), claim=3).promoted


ELEVEN = tuple(Tile(c) for c in ("1m", "2m", "3m", "4m", "5m", "6m", "7m", "8m", "9m", "1p", "1p", "2s", "3s"))


def codes_and_places(hand: Hand) -> list[tuple[str, str | None, int | None]]:
    return [(p.code, p.where, p.column) for p in check_hand(hand)]


@pytest.mark.parametrize(
    ("hand", "expected"),
    [
        pytest.param(Hand((), ELEVEN, Tile("4s")), [], id="valid"),
        pytest.param(Hand((), ELEVEN[:-1], Tile("4s")), [("tile-count", "end", None)], id="tile-count"),
        pytest.param(
            Hand((Meld("kong", Tile("1m"), concealed=True),), ELEVEN[1:11], Tile("1m")),
            [("too-many-copies", "winning", None)],
            id="five-copies",
        ),
        pytest.param(
            Hand((), ELEVEN, Tile("4s"), Situation(seat_wind="X")),
            [("bad-situation", "situation.seat_wind", None)],
            id="bad-seat-wind",
        ),
        pytest.param(
            Hand((), ELEVEN, Tile("4s"), Situation(flowers=9)),
            [("flowers", "situation.flowers", None)],
            id="nine-flowers",
        ),
        pytest.param(
            Hand((), ELEVEN, Tile("4s"), Situation(flowers=3, flower_letters="ab")),
            [("flowers", "situation.flowers", None)],
            id="count-and-letters-disagree",
        ),
        pytest.param(
            Hand((), ELEVEN, Tile("4s"), Situation(flowers=2, flower_letters="ai")),
            [("flowers", "situation.flowers", None)],
            id="no-flower-i",
        ),
        pytest.param(
            Hand((), ELEVEN, Tile("1m"), Situation(kong=True)),
            [("impossible-situation", "situation.kong", None)],
            id="robbed-kong-yet-copy-held",
        ),
        pytest.param(
            Hand((), ELEVEN, Tile("4s"), Situation(self_drawn=True, kong=True)),
            [("impossible-situation", "situation.kong", None)],
            id="replacement-without-kong",
        ),
        pytest.param(
            Hand((), ELEVEN, Tile("1p"), Situation(last_copy=True)),
            [("impossible-situation", "situation.last_copy", None)],
            id="last-copy-yet-copy-held",
        ),
        pytest.param(Hand((), ELEVEN, None, Situation(last_copy=True, kong=True)), [], id="waiting-has-no-win-rules"),
    ],
)
def test_check_hand_names_fields(hand, expected):
    """Hands built in code have no text: problems name the field instead of a column."""
    assert codes_and_places(hand) == expected


def test_too_many_melds():
    melds = (*(Meld("chow", Tile("1m"), claim=1) for _ in range(4)), Meld("chow", Tile("4p"), claim=1))
    assert codes_and_places(Hand(melds, (), Tile("E"))) == [("too-many-melds", "melds[4]", None)]


def test_with_situation_replaces_only_given_fields():
    h = Hand((), ELEVEN, Tile("4s"), Situation(seat_wind="S", flowers=2, flower_letters="ab"))
    changed = with_situation(h, self_drawn=True, seat_wind=None, flowers=3)
    assert changed.situation == Situation(self_drawn=True, seat_wind="S", flowers=3, flower_letters="")
    assert (changed.melds, changed.standing, changed.winning) == (h.melds, h.standing, h.winning)
    assert with_situation(h) == h
