"""The apps' score sheets hold only numbers the game allows (issue 37): a 国标小助手 or MahjongScoring2
sheet with a total, a score, a penalty, a fan id or a fan's count past what one MCR hand can give is a
named error with its file and field (`bad-game-record`), never a sheet compared as if it were real.

The bounds are the game's (`mcr_score.systems.mcr.limits`, `systems.mcr.tournament.limits`,
docs/sessions.md): the highest hand 328 points and 8 flowers (336), a player's points in one hand
±2,064 (the largest Hu paid, 3 × (336 + 8), and the largest penalty, 1,032), a penalty ±1,032, 16
hands a session; a fan at most as often as one hand can count it (`claims.most`: R98 Art. 10, the
account-once principle), the 国标小助手 bit fields only the bits its fans use (`Record.h`: `fan_bits` bit
58 − n for fans 1-58, `fan2_bits` two bits for each of the ten 2-point fans, `fan1_bits` four bits
for each of the fourteen 1-point ones)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from mcr_score.cli import main
from mcr_score.games import GameRecordError, read_game
from tests.support import REPO
from tests.support.cli import runner

ROOT = REPO
GBHELPER = ROOT / "examples" / "records" / "gbhelper-record.json"
MS2_JSON = ROOT / "examples" / "records" / "mahjongscoring2.json"
MS2_CSV = ROOT / "examples" / "records" / "mahjongscoring2.csv"


def _gb() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(GBHELPER.read_text(encoding="utf-8"))
    return data


def _ms2() -> list[dict[str, Any]]:
    data: list[dict[str, Any]] = json.loads(MS2_JSON.read_text(encoding="utf-8"))
    return data


def refused(doc: Any, fmt: str) -> str:
    data = doc if isinstance(doc, bytes) else json.dumps(doc).encode()
    with pytest.raises(GameRecordError) as caught:
        read_game(data, fmt)
    return caught.value.message


def test_the_shipped_sheets_read_as_before() -> None:
    assert [h.wins[0].total if h.wins else None for h in read_game(GBHELPER, "gbhelper").hands] == [22, 8, None, 16]
    assert len(read_game(MS2_JSON, "mahjongscoring2").hands) == 4
    assert len(read_game(MS2_CSV, "mahjongscoring2").hands) == 4


# ---- 国标小助手 -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("field", "value", "fragment"),
    [
        ("fan", 65_535, "detail[3].fan: 65535 points: no hand scores more than 336"),
        ("fan", 337, "detail[3].fan: 337 points: no hand scores more than 336"),
        ("score", 400, "detail[3].score: 400 points"),  # the key of versions before 2018
    ],
)
def test_gbhelper_a_total_past_the_highest_hand_is_refused(field: str, value: int, fragment: str) -> None:
    sheet = _gb()
    detail = sheet["detail"][3]
    detail.pop("fan")
    detail[field] = value
    assert fragment in refused(sheet, "gbhelper")


def test_gbhelper_the_highest_total_is_read() -> None:
    sheet = _gb()
    sheet["detail"][3]["fan"] = 336
    assert read_game(json.dumps(sheet).encode(), "gbhelper").hands[3].wins[0].total == 336


@pytest.mark.parametrize("value", [1033, -1033, 32_767])
def test_gbhelper_a_penalty_past_what_the_largest_hu_moves_is_refused(value: int) -> None:
    sheet = _gb()
    sheet["detail"][2]["penalty_scores"] = [value, 0, 0, 0]
    message = refused(sheet, "gbhelper")
    assert f"detail[2].penalty_scores[0]: {value}: a penalty is at most ±1,032" in message


def test_gbhelper_the_largest_penalty_is_read() -> None:
    sheet = _gb()
    sheet["detail"][2]["penalty_scores"] = [-1032, 344, 344, 344]
    assert read_game(json.dumps(sheet).encode(), "gbhelper").hands[2].penalties is not None


@pytest.mark.parametrize(
    ("field", "value", "fragment"),
    [
        # Prevalent Wind (60) is the second 2-point fan: its count is bits 2-3; a hand counts it once
        ("fan2_bits", 3 << 2, "detail[0].fan2_bits: fan 60 counted 3 times, more than one hand can count it (1)"),
        # Flower Tiles (81) is the thirteenth 1-point fan: bits 48-51; there are eight flowers
        ("fan1_bits", 9 << 48, "detail[0].fan1_bits: fan 81 counted 9 times, more than one hand can count it (8)"),
        # Pure Double Chow (69): four sets hold three such pairs at most
        ("fan1_bits", 4, "detail[0].fan1_bits: fan 69 counted 4 times, more than one hand can count it (3)"),
        # the older keys, as the app upgrades them: Tile Hog (64) the first four bits of multiple_fan;
        # 14 tiles hold three kinds of four outside a kong
        ("multiple_fan", 4, "detail[0].multiple_fan: fan 64 counted 4 times, more than one hand can count it (3)"),
    ],
)
def test_gbhelper_a_fan_counted_more_often_than_a_hand_can_is_refused(field: str, value: int, fragment: str) -> None:
    sheet = _gb()
    sheet["detail"][0].update({"fan_bits": 0, "fan2_bits": 0, "fan1_bits": 0, field: value})
    assert fragment in refused(sheet, "gbhelper")


@pytest.mark.parametrize(
    ("field", "value", "fragment"),
    [
        ("fan_bits", 1 << 58, "detail[0].fan_bits: 288230376151711744 sets bits past the 58 that name fans"),
        ("fan_bits", 2**64 - 1, "detail[0].fan_bits:"),
        ("fan2_bits", 1 << 20, "detail[0].fan2_bits: 1048576 sets bits past the 20 that name fans"),
        ("fan1_bits", 1 << 56, "detail[0].fan1_bits: 72057594037927936 sets bits past the 56 that name fans"),
        ("unique_fan", 1 << 14, "detail[0].unique_fan: 16384 sets bits past the 14 that name fans"),
        ("multiple_fan", 1 << 36, "detail[0].multiple_fan: 68719476736 sets bits past the 36 that name fans"),
        ("packed_fan", 9, "detail[0].packed_fan: 9 is outside 0 to 8"),
    ],
)
def test_gbhelper_a_bit_that_names_no_fan_is_refused(field: str, value: int, fragment: str) -> None:
    sheet = _gb()
    sheet["detail"][0][field] = value
    assert fragment in refused(sheet, "gbhelper")


def test_gbhelper_fans_worth_more_than_any_hand_are_refused() -> None:
    """Big Four Winds, Big Three Dragons, All Green, Nine Gates (88 each): 352 points, more than the
    highest hand's 328 and 8 flowers."""
    sheet = _gb()
    big = sum(1 << (58 - fan) for fan in (1, 2, 3, 4))
    sheet["detail"][0].update({"fan_bits": big, "fan2_bits": 0, "fan1_bits": 0})
    assert "detail[0]: the fans add up to 352 points: no hand scores more than 336" in refused(sheet, "gbhelper")


def test_gbhelper_a_sheet_with_a_number_out_of_bounds_is_not_settled(tmp_path: Path) -> None:
    """`session --from gbhelper`: the error names the file and the field, exit 1, nothing compared."""
    sheet = _gb()
    sheet["detail"][3]["fan"] = 65_535
    path = tmp_path / "record.json"
    path.write_text(json.dumps(sheet), encoding="utf-8")
    result = runner().invoke(main, ["session", str(path), "--from", "gbhelper"])
    assert result.exit_code == 1
    assert "Compared with" not in result.output
    assert f"bad-game-record: {path}: detail[3].fan: 65535 points" in result.output


# ---- MahjongScoring2 ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("field", "value", "fragment"),
    [
        ("pointsP1", 10**19, "[0].rounds[0].pointsP1: 10000000000000000000: a player's points in one hand are at most"),
        ("pointsP1", 999_999, "[0].rounds[0].pointsP1: 999999: a player's points in one hand are at most ±2,064"),
        ("pointsP4", -2065, "[0].rounds[0].pointsP4: -2065"),
        ("handPoints", 999_999, "[0].rounds[0].handPoints: 999999 points: no hand scores more than 336"),
        ("handPoints", 337, "[0].rounds[0].handPoints: 337 points"),
        ("penaltyP2", 1033, "[0].rounds[0].penaltyP2: 1033: a penalty is at most ±1,032"),
        ("roundNumber", 17, "[0].rounds[0].roundNumber: 17 is outside 1 to 16"),
    ],
)
def test_mahjongscoring2_a_number_past_what_the_game_allows_is_refused(field: str, value: int, fragment: str) -> None:
    doc = _ms2()
    doc[0]["rounds"][0][field] = value
    assert fragment in refused(doc, "mahjongscoring2")


def test_mahjongscoring2_the_bounds_themselves_are_read() -> None:
    doc = _ms2()
    doc[0]["rounds"][0].update({"handPoints": 336, "pointsP1": 2064, "pointsP2": -2064, "penaltyP3": -1032})
    assert read_game(json.dumps(doc).encode(), "mahjongscoring2").hands[0].wins[0].total == 336


def test_mahjongscoring2_more_hands_than_a_session_is_refused() -> None:
    doc = _ms2()
    doc[0]["rounds"] = [dict(doc[0]["rounds"][2], roundNumber=k) for k in range(1, 17)] * 2
    assert "[0].rounds: 32 hands: a session has at most 16" in refused(doc, "mahjongscoring2")


def _csv(*rows: str) -> bytes:
    head = MS2_CSV.read_text(encoding="utf-8").splitlines()[0]
    return "\n".join([head, *rows, ""]).encode()


@pytest.mark.parametrize(
    ("row", "fragment"),
    [
        ("1,Ana,Cy,8,999999,-8,-16,-8,0,0,0,0,g,x,y", "line 2, Points Ana: 999999: a player's points in one hand"),
        ("1,Ana,Cy,999,32,-8,-16,-8,0,0,0,0,g,x,y", "line 2, Hand Points: 999 points: no hand scores more than 336"),
        ("1,Ana,Cy,8,32,-8,-16,-8,0,0,-5000,0,g,x,y", "line 2, Penalty Cy: -5000: a penalty is at most ±1,032"),
        ("0,Ana,Cy,8,32,-8,-16,-8,0,0,0,0,g,x,y", "line 2, Round: 0 is outside 1 to 16"),
        ("-3,Ana,Cy,8,32,-8,-16,-8,0,0,0,0,g,x,y", "line 2, Round: -3 is outside 1 to 16"),
    ],
)
def test_mahjongscoring2_csv_numbers_past_the_game_are_refused(row: str, fragment: str) -> None:
    assert fragment in refused(_csv(row), "mahjongscoring2")


def test_mahjongscoring2_csv_more_hands_than_a_session_is_refused() -> None:
    rows = [f"{k},-,-,0,0,0,0,0,0,0,0,0,g,x,y" for k in range(1, 17)] + ["1,-,-,0,0,0,0,0,0,0,0,0,g,x,y"]
    assert "line 18: 17 hands: a session has at most 16" in refused(_csv(*rows), "mahjongscoring2")


def test_mahjongscoring2_a_sheet_out_of_bounds_is_not_settled_nor_ranked(tmp_path: Path) -> None:
    doc = _ms2()
    doc[0]["rounds"][0]["pointsP1"] = 10**19
    path = tmp_path / "games.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    for command in ("session", "standings"):
        result = runner().invoke(main, [command, str(path), "--from", "mahjongscoring2"])
        assert result.exit_code == 1, (command, result.output)
        assert f"{path}: [0].rounds[0].pointsP1: 10000000000000000000" in result.output


# ---- a number below its least: the bound given, never "0 to None" ------------------------------------


@pytest.mark.parametrize("field", ["fan", "fan_bits", "fan2_bits", "fan1_bits"])
def test_a_negative_gbhelper_field_names_its_least_not_a_missing_bound(field: str) -> None:
    doc = json.loads(GBHELPER.read_text(encoding="utf-8"))
    doc["detail"][0][field] = -1
    message = refused(doc, "gbhelper")
    assert f"detail[0].{field}: -1 is below 0" in message
    assert "None" not in message


def test_a_negative_mahjongscoring2_total_is_not_called_more_than_the_highest() -> None:
    doc = json.loads(MS2_JSON.read_text(encoding="utf-8"))
    doc[0]["rounds"][1]["handPoints"] = -1
    message = refused(doc, "mahjongscoring2")
    assert "[0].rounds[1].handPoints: -1 is below 0" in message
    assert "more than" not in message


@pytest.mark.parametrize("lang", ["fr", "zh"])
def test_the_least_of_a_field_is_said_in_the_users_language(tmp_path: Path, lang: str) -> None:
    doc = json.loads(GBHELPER.read_text(encoding="utf-8"))
    doc["detail"][0]["fan"] = -1
    path = tmp_path / "record.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    result = runner().invoke(main, ["session", str(path), "--from", "gbhelper", "--lang", lang])
    assert result.exit_code == 1
    assert "None" not in result.stderr
    assert ("inférieur à 0" if lang == "fr" else "小于此字段的最小值0") in result.stderr


# ---- a MahjongScoring2 CSV: a cell named by its line and its column ---------------------------------


@pytest.mark.parametrize(
    ("old", "new", "where"),
    [
        (",12,", ",1x2,", "line 4, Hand Points: '1x2' is not a whole number"),
        ("2,Bo,-", "2,Zed,-", "line 4, Winner: 'Zed' is none of the four players"),
        ("2,Bo,-", "2,Bo,Zed", "line 4, Discarder: 'Zed' is none of the four players"),
        ("2,Bo,-,12,-20", "2,Bo,-,12,-2o", "line 4, Points Ana: '-2o' is not a whole number"),
        ("\n2,Bo", "\nx2,Bo", "line 4, Round: 'x2' is not a whole number"),
    ],
)
def test_a_bad_mahjongscoring2_csv_cell_names_its_column(old: str, new: str, where: str) -> None:
    text = MS2_CSV.read_text(encoding="utf-8")
    assert old in text
    assert where in refused(text.replace(old, new, 1).encode(), "mahjongscoring2")
