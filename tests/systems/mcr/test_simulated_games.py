"""The benchmark's hands from simulated games (`benchmarks/games.txt`, `tests.support.games`) and its
line per rule system: the file is what the simulator writes, every hand in it a valid win worth the
minimum, and each other system's hands score."""

from __future__ import annotations

from benchmarks.speed import GAMES, other_systems, system_hands
from mcr_score import format_hand, parse_hand, score, systems
from tests.support.games import games_hands


def test_the_games_file_is_what_the_simulator_writes() -> None:
    lines = GAMES.read_text().splitlines()
    assert len(lines) == 5000
    assert lines[:6] == [format_hand(h) for h in games_hands(6, 1)]


def test_every_game_hand_is_a_win_worth_the_minimum() -> None:
    for line in GAMES.read_text().splitlines():
        result = score(parse_hand(line), "china")
        assert result.winning, line
        assert result.meets_minimum, line


def test_each_other_system_has_hands_that_score(capsys) -> None:
    other_systems(0)
    out = capsys.readouterr().out
    for name in systems.NAMES:
        if name != systems.DEFAULT:
            texts, _ = system_hands(name)
            assert len(texts) >= 5, name
            assert f"  {name} " in out, name
