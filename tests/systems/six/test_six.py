"""The six-player system (seed 004_fd76618afd005efe.txt, docs/rulesets.md §2): each test derives from
a sentence of the seed (quoted) or a reading of rulesets.md, never from our own output; the golden
table `tests/golden/six.toml` holds hands worked out by hand."""

from __future__ import annotations

import json
import random
import tomllib
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mcr_score import systems
from mcr_score.cli import main
from mcr_score.errors import McrError
from mcr_score.systems import Situated
from mcr_score.systems.six.rounds import RoundError
from tests.support import TESTS
from tests.support.cli import runner

GOLDEN = TESTS / "golden" / "six.toml"
CASES = tomllib.loads(GOLDEN.read_text(encoding="utf-8"))["case"]
SIX = systems.get("six")


def run(*args: str) -> Any:
    return runner().invoke(main, list(args))


def six_json(*args: str) -> dict[str, Any]:
    result = run(*args, "--system", "six", "--json")
    assert result.exit_code in (0, 1, 2), result.output
    data: dict[str, Any] = json.loads(result.stdout)
    return data


def _house(tmp_path: Path, switches: dict[str, str], **top: str) -> str:
    lines = [f'{k} = "{v}"' for k, v in {"system": "six", "name": "club", "base": "standard", **top}.items()]
    lines += ["[switches]", *(f'"{k}" = "{v}"' for k, v in switches.items())]
    path = tmp_path / "club.toml"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return str(path)


# ---- the golden table ---------------------------------------------------------------------------


@pytest.mark.parametrize("case", CASES, ids=[c["id"] for c in CASES])
def test_golden_case(case: dict[str, Any], tmp_path: Path) -> None:
    options = list(case.get("options", []))
    if "rules" in case:
        options += ["--rules", _house(tmp_path, case["rules"])]
    data = six_json("score", case["hand"], *options)
    assert data["winning"] is case["winning"], case["why"]
    if not case["winning"]:
        assert data["reason"] == case["reason"]
        return
    assert data["pattern"]["row"] == case["pattern"], case["why"]
    assert data["total"] == case["points"], case["why"]
    assert [[p["payer"], p["players"], p["amount"]] for p in data["payments"]] == case["payments"], case["why"]


def test_every_pattern_of_the_table_has_a_golden_case() -> None:
    patterns = {c["pattern"] for c in CASES if c["winning"]}
    assert patterns >= {"chows", "all-pungs", "pure", "four-pairs", "pungs-258", "pure-pungs-258"}
    assert patterns >= {"pure-terminals", "terminal-pungs", "pure-pungs"}


# ---- what the seed removes and forbids ------------------------------------------------------------


def test_honours_and_flowers_are_removed_from_the_game() -> None:
    """« Les honneurs, les fleurs et les saisons sont retirés du jeu »."""
    data = six_json("score", "EEE123m55m")
    assert data["ok"] is False
    assert data["error"]["code"] == "tile-not-in-system"
    assert data["error"]["column"] == 1
    assert "E is an honour" in data["error"]["message"]
    flowers = six_json("score", "123m456m77pa")
    assert flowers["error"]["code"] == "tile-not-in-system"


def test_no_chow_is_claimed() -> None:
    """« Les joueurs ne peuvent pas réclamer de chow »: a declared chow is an error; one in the hand is not."""
    data = six_json("score", "[123m1]456m77p")
    assert data["error"]["code"] == "claimed-chow"
    assert data["error"]["column"] == 1
    assert six_json("score", "123m456m77p")["winning"] is True
    assert six_json("score", "[555m1]456m77p")["winning"] is True  # a claimed pung is allowed


def test_a_hand_of_three_suits_does_not_win() -> None:
    """« Une main ne peut pas comporter les 3 familles mais seulement 1 ou 2 »."""
    data = six_json("score", "123m456p5s5s")
    assert (data["winning"], data["reason"]) == (False, "three-suits")


def test_a_win_is_eight_tiles_plus_one_per_kong() -> None:
    """7 in hand (« 4 tuiles, puis 2 tuiles puis 1 tuile »), 8 to win, one more per kong."""
    assert six_json("score", "1234567m")["reason"] == "waiting"
    assert six_json("score", "[2222s]888s55s")["winning"] is True
    wrong = six_json("score", "123456789m123p5s5s")
    assert wrong["error"]["code"] == "tile-count"
    assert "expected 8" in wrong["error"]["message"]


def test_the_seed_has_no_mcr_situation_fields() -> None:
    data = six_json("score", "123m456m77p|EE0010")
    assert data["error"]["code"] == "situation-not-in-system"
    assert six_json("score", "123m456m77p", "--seat", "S")["error"]["code"] == "not-in-system"


def test_a_first_discard_win_is_not_self_drawn() -> None:
    """« 1ère tuile jetée réclamée »: a claimed discard (G7)."""
    data = six_json("score", "123m456m77p", "--first-discard", "--self-drawn")
    assert data["error"]["code"] == "impossible-situation"


# ---- payments -------------------------------------------------------------------------------------


@pytest.mark.parametrize("order", [1, 2, 3, 4, 5])
def test_the_kth_winner_takes_from_each_of_the_6_minus_k_still_in(order: int) -> None:
    """« le 1er prend à chaque joueur ; le 2ème prend au 3ème, au 4ème, au 5ème et au 6ème ; … le
    5ème prend au 6ème »."""
    data = six_json("score", "123m456m77m", "--self-drawn", "--order", str(order))
    assert data["payments"] == [{"payer": "each-still-in", "players": 6 - order, "amount": 4}]
    assert data["receives"] == 4 * (6 - order)


def test_on_a_discard_the_discarder_pays() -> None:
    """« En cas de ron : c'est le joueur qui a défaussé la tuile gagnante qui perd des points »."""
    data = six_json("score", "123m456m77m", "--order", "4")
    assert data["payments"] == [{"payer": "discarder", "players": 1, "amount": 4}]


# ---- the value never depends on the order the tiles are written in ------------------------------


@settings(max_examples=40, deadline=None)
@given(st.sampled_from([c for c in CASES if c["winning"] and "[" not in c["hand"]]), st.randoms())
def test_a_value_does_not_depend_on_tile_order(case: dict[str, Any], rng: random.Random) -> None:
    hand = SIX.read(case["hand"], Situated({}))
    assert hand.winning is not None
    tiles = [t.code for t in hand.standing]
    rng.shuffle(tiles)
    shuffled = "".join(tiles) + hand.winning.code
    first = SIX.score(hand, SIX.profile("standard"), Situated({}))
    again = SIX.score(SIX.read(shuffled, Situated({})), SIX.profile("standard"), Situated({}))
    assert again.total == first.total


# ---- switches and house files ---------------------------------------------------------------------


def test_every_switch_example_scores_differently_between_its_options(tmp_path: Path) -> None:
    from mcr_score.systems.six.rules import SWITCHES

    for switch in SWITCHES:
        answers = set()
        for option in switch.options:
            data = six_json("score", switch.example, "--rules", _house(tmp_path, {switch.key: str(option)}))
            answers.add((data["winning"], data["total"]))
        assert len(answers) == len(switch.options), switch.key


def test_a_house_file_names_its_system(tmp_path: Path) -> None:
    house = _house(tmp_path, {"pairs": "distinct"})
    result = run("score", "11115599m", "--rules", house, "--json")  # no --system: the file says six
    assert json.loads(result.stdout)["system"] == "six"
    mismatch = run("score", "11115599m", "--rules", house, "--system", "mcr")
    assert mismatch.exit_code == 2
    assert "house file of the six system" in mismatch.output
    bad = _house(tmp_path, {"pairs": "sometimes"})
    refused = run("score", "11115599m", "--rules", bad, "--system", "six")
    assert refused.exit_code == 2
    assert "switch 'pairs' has no option 'sometimes'" in refused.output


def test_a_profile_of_another_system_is_refused() -> None:
    result = run("score", "123m456m77p", "--system", "six", "--rules", "china")
    assert result.exit_code == 2
    assert "unknown rule profile 'china'" in result.output


# ---- the command line -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "command", ["parse", "score", "explain", "fans", "fan", "rules", "waits", "shanten", "discards", "batch"]
)
def test_every_command_shows_system_in_its_help(command: str) -> None:
    assert "--system" in run(command, "--help").output


def test_the_group_help_names_the_systems() -> None:
    assert "--system" in run("--help").output


@pytest.mark.parametrize(("command", "args"), [("waits", ["1234567m"]), ("shanten", ["1234567m"]), ("fan", ["3"])])
def test_a_command_a_system_cannot_answer_is_a_usage_error(command: str, args: list[str]) -> None:
    result = run(command, *args, "--system", "six")
    assert result.exit_code == 2
    assert f"{command} is not available for the six system" in result.output


def test_explain_lists_every_reading() -> None:
    data = six_json("explain", "11223344m")
    assert [r["form"] for r in data["readings"]] == ["sets-and-pair", "sets-and-pair", "four-pairs"]
    assert sum(r["chosen"] for r in data["readings"]) == 1
    text = run("explain", "11223344m", "--system", "six", "--lang", "fr").output
    assert "« 4 paires »" in text


def test_rules_and_fans_show_the_seed_table() -> None:
    rules = six_json("rules")
    assert [s["key"] for s in rules["switches"]] == ["unlisted-combinations", "terminals", "two-five-eight", "pairs"]
    assert {s["default"] for s in rules["switches"]} == {"max", "outside", "all-tiles", "may-repeat"}
    rows = six_json("fans")
    assert len(rows) == 16
    assert rows[0]["seed"] == "1 kong"
    assert "Pungs purs de 2, 5 et 8" in run("fans", "--system", "six").output


# ---- a round of play --------------------------------------------------------------------------------

PLAYERS = ["Ana", "Bo", "Cy", "Di", "Eve", "Fu"]


def _round(tmp_path: Path, *events: dict[str, Any]) -> str:
    path = tmp_path / "round.json"
    path.write_text(json.dumps({"system": "six", "players": PLAYERS, "events": list(events)}), encoding="utf-8")
    return str(path)


def test_kong_payments_when_declared(tmp_path: Path) -> None:
    """« 1 kong caché ... 2 (payés par ceux qui n'ont pas mahjong) », « 1 kong exposé 1 », « 1 kong
    sur une défausse 2 (payé par le défausseur) »."""
    data = six_json(
        "session",
        _round(
            tmp_path,
            {"kong": "concealed", "by": "Ana"},
            {"kong": "promoted", "by": "Bo"},
            {"kong": "discard", "by": "Cy", "from": "Di"},
        ),
    )
    assert data["totals"] == {"Ana": 10 - 1, "Bo": 5 - 2, "Cy": -2 - 1 + 2, "Di": -2 - 1 - 2, "Eve": -3, "Fu": -3}


def test_wins_in_order_and_the_chain_of_payers(tmp_path: Path) -> None:
    data = six_json(
        "session",
        _round(
            tmp_path,
            {"win": "Ana", "hand": "123m456m77m", "self_drawn": True},  # 4 from each of 5
            {"win": "Bo", "hand": "123m456m77m", "from": "Cy"},  # 4 from Cy
            {"win": "Cy", "hand": "123m456m77m", "self_drawn": True},  # 3rd: 4 from Di, Eve, Fu
        ),
    )
    assert [e["order"] for e in data["events"]] == [1, 2, 3]
    assert data["totals"] == {"Ana": 20, "Bo": -4 + 4, "Cy": -4 - 4 + 12, "Di": -8, "Eve": -8, "Fu": -8}
    assert data["winners"] == ["Ana", "Bo", "Cy"]


def test_the_exhaustive_draw_pays_the_ready_players(tmp_path: Path) -> None:
    """« Les joueurs tenpai qui n'ont pas fait mahjong prennent à ceux qui sont notés : 2 points si
    tout pung, 1 point sinon »."""
    data = six_json(
        "session",
        _round(
            tmp_path,
            {"win": "Ana", "hand": "123m456m77m", "from": "Bo"},
            {"draw": {"ready": {"Cy": "2225588m", "Di": "1234567m"}}},
        ),
    )
    draw = data["events"][1]
    assert draw["ready"] == {"Cy": "all-pungs", "Di": "ready"}
    # Cy takes 2 and Di 1 from each of Bo, Eve, Fu (still in, not ready); Ana is out.
    assert data["totals"] == {"Ana": 4, "Bo": -4 - 3, "Cy": 6, "Di": 3, "Eve": -3, "Fu": -3}


def test_round_problems_are_named_by_event(tmp_path: Path) -> None:
    path = _round(
        tmp_path,
        {"kong": "discard", "by": "Ana", "from": "Ana"},
        {"win": "Zed", "hand": "123m456m77m", "from": "Bo"},
        {"win": "Bo", "hand": "1234567m", "from": "Cy"},
        {"draw": {"ready": {"Cy": "1357999m"}}},
        {"kong": "concealed", "by": "Di"},
    )
    result = run("session", path, "--system", "six")
    assert result.exit_code == 1
    for n, words in [
        (1, "qu'il a lui-même défaussée"),
        (2, "'Zed' is not a player"),
        (3, "does not win"),
        (4, "not ready"),
        (5, "the round is over"),
    ]:
        assert f"event {n}: " in result.output
        assert words in result.output


def test_a_round_file_of_another_system_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "r.json"
    path.write_text(json.dumps({"system": "mcr", "players": PLAYERS, "events": []}))
    result = run("session", str(path), "--system", "six")
    assert result.exit_code == 1
    assert "bad-round" in result.output


def test_the_round_page_is_printable_html(tmp_path: Path) -> None:
    out = tmp_path / "round.html"
    path = _round(tmp_path, {"win": "Ana", "hand": "123m456m77m", "self_drawn": True})
    assert run("session", path, "--system", "six", "--html", str(out)).exit_code == 0
    page = out.read_text(encoding="utf-8")
    assert page.startswith("<!DOCTYPE html>")
    assert "<td><b>+20</b></td>" in page


@settings(max_examples=30, deadline=None)
@given(st.lists(st.sampled_from(["kong", "win-self", "win-ron"]), max_size=8), st.randoms())
def test_payments_always_sum_to_zero(kinds: list[str], rng: random.Random) -> None:
    """« pour un joueur qui marque des points, un ou des joueurs perdent autant de points »."""
    from mcr_score.systems.six import SYSTEM, read
    from mcr_score.systems.six.rounds import settle_round

    events: list[dict[str, Any]] = []
    out: list[str] = []
    for kind in kinds:
        still = [p for p in PLAYERS if p not in out]
        if len(out) == 5:
            break
        who = rng.choice(still)
        if kind == "kong":
            events.append({"kong": rng.choice(["concealed", "promoted"]), "by": who})
        elif kind == "win-self":
            events.append({"win": who, "hand": rng.choice(["123m456m77m", "222m555m88m"]), "self_drawn": True})
            out.append(who)
        else:
            other = rng.choice([p for p in still if p != who])
            events.append({"win": who, "hand": "111m222p33p", "from": other})
            out.append(who)
    try:
        result = settle_round(
            {"system": "six", "players": PLAYERS, "events": events},
            SYSTEM.profile("standard"),
            lambda text, flags: read(text, Situated(flags)),
        )
    except RoundError:
        return
    assert sum(result.totals) == 0


def test_a_bad_round_structure_is_a_named_error(tmp_path: Path) -> None:
    from mcr_score.systems.six.rounds import settle_round

    for data in ([], {"players": PLAYERS[:5], "events": []}, {"players": PLAYERS, "events": {}}):
        with pytest.raises(McrError):
            settle_round(data, SIX.profile("standard"), lambda text, flags: SIX.read(text, Situated(flags)))


# ---- counts of a round: what six hands of 7 tiles allow (issue 37) --------------------------------


def test_a_player_declares_at_most_two_kongs(tmp_path: Path) -> None:
    """A hand holds 7 tiles and wins with 8 « plus one per kong »: two sets and a pair, or four pairs
    (docs/rulesets.md §2.1), so each kong is one of its two sets and a third cannot be declared."""
    kong = {"kong": "concealed", "by": "Ana"}
    win = {"win": "Ana", "hand": "[2222s][3333s]55s", "self_drawn": True, "replacement": True}
    result = run("session", _round(tmp_path, kong, kong, kong, win), "--system", "six")
    assert result.exit_code == 1
    assert "event 3: Ana has declared 2 kongs already: a hand is two sets and a pair" in result.output
    assert "totals" not in result.output
    data = six_json("session", _round(tmp_path, kong, kong, win))  # two kongs, and the win on the second
    assert data["winners"] == ["Ana"]


def test_a_round_of_two_thousand_kongs_is_refused_at_once(tmp_path: Path) -> None:
    """At most 18 events: six players' two kongs each, five wins and the draw. The events past them are
    named once, not one by one."""
    events = [{"kong": "promoted", "by": PLAYERS[k % 6]} for k in range(2000)]
    with pytest.raises(RoundError) as caught:
        settle(events)
    messages = [p.message for p in caught.value.problems]
    assert messages[-1] == (
        "event 19: 2000 events: a round holds at most 18 (each of the six players' 2 kongs, five wins and "
        "the draw); the events from here on are not read"
    )
    assert len(messages) == 7  # events 13-18: a third kong by each player; then the count
    assert all("has declared 2 kongs already" in m for m in messages[:6])


def test_the_largest_round_settles() -> None:
    """Twelve kongs, five wins, the draw: 18 events."""
    kongs = [{"kong": "concealed", "by": p} for p in PLAYERS for _ in range(2)]
    wins = [{"win": p, "hand": "[2222s][3333s]55s", "self_drawn": True} for p in PLAYERS[:5]]
    result = settle([*kongs, *wins])
    assert len(result.events) == 17
    assert sum(result.totals) == 0
    with pytest.raises(RoundError, match="event 18: the round is over"):
        settle([*kongs, *wins, {"draw": {"ready": {}}}])


def _first(who: str, discarder: str) -> dict[str, Any]:
    return {"win": who, "hand": "123m456m77m", "from": discarder, "first_discard": True}


@pytest.mark.parametrize(
    ("events", "fragment"),
    [
        # « 1ère tuile jetée réclamée »: one tile, so one discarder for every win on it
        ([_first("Ana", "Bo"), _first("Cy", "Di")], "event 2: a win on the first discard comes before every other"),
        # and the first wins of the round
        (
            [{"win": "Ana", "hand": "123m456m77m", "from": "Bo"}, _first("Cy", "Bo")],
            "event 2: a win on the first discard comes before every other",
        ),
        # no discard was claimed and no one else drew before it
        ([{"kong": "discard", "by": "Ana", "from": "Bo"}, _first("Cy", "Bo")], "event 2: a win on the first discard"),
        ([{"kong": "promoted", "by": "Bo"}, _first("Cy", "Bo")], "event 2: a win on the first discard after a kong"),
        ([{"kong": "concealed", "by": "Ana"}, _first("Cy", "Bo")], "event 2: a win on the first discard after a kong"),
    ],
)
def test_the_wins_on_the_first_discard_are_on_one_tile(events: list[dict[str, Any]], fragment: str) -> None:
    with pytest.raises(RoundError) as caught:
        settle(events)
    assert fragment in caught.value.message


def test_several_win_on_the_first_discard_after_its_discarder_s_concealed_kong() -> None:
    """G10: several may win on one discard; the dealer may declare a concealed kong before discarding."""
    result = settle([{"kong": "concealed", "by": "Bo"}, _first("Ana", "Bo"), _first("Cy", "Bo")])
    assert [e.order for e in result.events[1:]] == [1, 2]


def settle(events: list[dict[str, Any]]) -> Any:
    from mcr_score.systems.six.rounds import settle_round

    data = {"system": "six", "players": PLAYERS, "events": events}
    return settle_round(data, SIX.profile("standard"), lambda text, flags: SIX.read(text, Situated(flags)))
