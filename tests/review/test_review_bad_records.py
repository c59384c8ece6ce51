"""Issue 37: `review` of records that contradict themselves, of score sheets, of players who share a
name, with too many workers. A hand the review cannot replay is named (the file, the game, the hand,
the action) and the others are reviewed, as `batch` scores the others; a sheet is refused before
the run (exit 2); a name several seats have is refused, a seat is not; `--jobs` is bounded as
`batch -j` is, and the workers by the hands to review and the cores."""

from __future__ import annotations

import concurrent.futures
import dataclasses
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any, ClassVar

import pytest

from mcr_score.cli import batch as batch_cli
from mcr_score.cli import main
from mcr_score.cli import review as review_cli
from mcr_score.games import Act, read_game
from mcr_score.review import judge as review_module
from mcr_score.review.judge import Decision, review_file, review_hand
from mcr_score.review.text import costly_line
from mcr_score.vocabulary import DecisionKind as Kind
from mcr_score.vocabulary import Verdict
from tests.support import REPO
from tests.support.cli import runner

ROOT = REPO
PMN = ROOT / "tests" / "fixtures" / "records" / "pmn"
SESSION = ROOT / "tests" / "fixtures" / "records" / "tziakcha" / "session-GHQY2zTj.json"
EXAMPLES = ROOT / "examples" / "records"


def run(*args: str) -> Any:
    return runner().invoke(main, list(args))


def edited(tmp_path: Path, name: str, source: Path, old: str, new: str, extra: str = "") -> str:
    text = source.read_text(encoding="utf-8")
    assert old in text
    path = tmp_path / name
    path.write_text(text.replace(old, new) + extra, encoding="utf-8")
    return str(path)


def test_an_unreplayable_hand_is_named_and_the_others_reviewed(tmp_path: Path) -> None:
    """Board 2 of example_1 with East discarding a tile it does not hold (`batch`: unreplayable),
    then example_3 as a second game: the first is named, not reviewed, with the game, hand and
    action; the second is reviewed whole; the file is named on standard error; exit 0, as batch."""
    good = (PMN / "example_3.pmn").read_text(encoding="utf-8")
    path = edited(tmp_path, "bad.pmn", PMN / "example_1.pmn", "T0r3D0z1T1d3D1d6", "T0r3D0b7T1d3D1d6", "\n" + good)
    result = run("review", path, "--json")
    assert result.exit_code == 0, result.output
    first, second = json.loads(result.stdout)["games"]
    problems = {h["problem"] for h in first["hands"]}
    assert len(problems) == 1
    [problem] = problems
    assert problem.startswith("game bad#1, hand 2, line 15 Play token 2 (column 12) ")  # the Play tag: line 15
    assert "(E discard 7s): " in problem
    assert first["decisions"] == []
    assert all(h["problem"] is None for h in second["hands"])
    assert second["decisions"]
    assert result.stderr.splitlines() == [f"{path}: {problem}"]  # once, not once a player
    text = run("review", path)
    assert f"hand 1 not reviewed: {problem}" in text.stdout


def test_a_fifth_copy_stops_the_hand_at_its_act_not_the_review(tmp_path: Path) -> None:
    """East dealt four 5m while West holds the fifth (a deal no wall gives): the review used to fail
    whole with `too-many-copies … (--seen)`, an option never given. The hand is named where the fifth
    copy comes into East's sight (West's discard), the other players' decisions reviewed (or the
    hand named for each, when the replay refuses such a deal)."""
    path = edited(tmp_path, "five.pmn", PMN / "example_1.pmn", "c25566d579b2269wr2f", "c25555d579b2269wr2f")
    result = run("review", path, "--json")
    assert result.exit_code == 0, result.output
    [game] = json.loads(result.stdout)["games"]
    east = next(h for h in game["hands"] if h["seat"] == "E")
    assert "game five, hand 2, " in east["problem"]
    assert "5 copies of 5m" in east["problem"] or "5m" in east["problem"]
    assert "--seen" not in result.output
    for h in game["hands"]:
        assert h["problem"] is None or "game five, hand 2, " in h["problem"]
    assert path in result.stderr


@pytest.mark.parametrize(
    ("name", "fmt"),
    [("gbhelper-record.json", "gbhelper"), ("mahjongscoring2.csv", "mahjongscoring2"), ("mahjongscoring2.json", None)],
)
def test_a_score_sheet_is_refused_before_the_run(name: str, fmt: str | None) -> None:
    """A sheet has no deal and no play: refused, exit 2, naming the file, its format, what it is
    (it used to give 16 "not reviewed" lines, "0 of 0 discards agree", exit 0)."""
    path = str(EXAMPLES / name)
    app = fmt or "mahjongscoring2"
    for args in ((), ("--from", app)):
        result = run("review", path, *args, "--json")
        assert result.exit_code == 2, result.output
        error = json.loads(result.stdout)["error"]
        assert error["code"] == "unreviewable-record"
        assert error["message"].startswith(f"{path} is a {app} score sheet: it records the hands' results")
    assert run("review", path).stdout == ""


def test_players_who_share_a_name_are_told_apart_by_seat(tmp_path: Path) -> None:
    """Four players all named A: `--player A` names none of them (it used to review East's only):
    refused with their seats; a seat is reviewed; `all` reviews four players, each by name and seat."""
    text = (PMN / "example_1.pmn").read_text(encoding="utf-8")
    for seat in ("East", "South", "West", "North"):
        line = next(li for li in text.splitlines() if li.startswith(f"[{seat} "))
        text = text.replace(line, f'[{seat} "A"]')
    path = tmp_path / "a.pmn"
    path.write_text(text, encoding="utf-8")
    refused = run("review", str(path), "--player", "A", "--json")
    assert refused.exit_code == 2
    error = json.loads(refused.stdout)["error"]
    assert error["code"] == "ambiguous-player"
    assert "(E, S, W, N)" in error["message"]
    south = json.loads(run("review", str(path), "--player", "S", "--json").stdout)["games"][0]
    assert [p["player"] for p in south["players"]] == ["A (S)"]
    assert {h["seat"] for h in south["hands"]} == {"S"}
    every = json.loads(run("review", str(path), "--json").stdout)["games"][0]
    assert [p["player"] for p in every["players"]] == ["A (E)", "A (S)", "A (W)", "A (N)"]
    named = json.loads(run("review", str(PMN / "example_1.pmn"), "--json").stdout)["games"][0]
    assert [unnamed(p["summary"]) for p in every["players"]] == [unnamed(p["summary"]) for p in named["players"]]


def unnamed(summary: dict[str, Any]) -> dict[str, Any]:
    """A player's summary without the name its decisions carry."""
    return {**summary, "costliest": [{**d, "player": None} for d in summary["costliest"]]}


def test_jobs_is_bounded_as_batch_bounds_it(monkeypatch: pytest.MonkeyPatch) -> None:
    assert review_cli.JOBS_PER_CORE == batch_cli.JOBS_PER_CORE
    monkeypatch.setattr(review_module, "cores", lambda: 2)
    result = run("review", str(PMN / "example_1.pmn"), "--jobs", "9")
    assert result.exit_code == 2
    assert "at most 8 (4 per core, 2 cores)" in result.stderr
    assert run("review", str(PMN / "example_1.pmn"), "--jobs", "8").exit_code == 0


class Pool:
    """A process pool that runs each task at once, in this process, and remembers its size."""

    sizes: ClassVar[list[int]] = []

    def __init__(self, max_workers: int) -> None:
        Pool.sizes.append(max_workers)

    def __enter__(self) -> Pool:
        return self

    def __exit__(self, *exc: object) -> None:
        return None

    def submit(self, fn: Callable[..., Any], *args: Any) -> concurrent.futures.Future[Any]:
        future: concurrent.futures.Future[Any] = concurrent.futures.Future()
        future.set_result(fn(*args))
        return future


def test_the_workers_are_bounded_by_the_hands_and_the_cores(monkeypatch: pytest.MonkeyPatch) -> None:
    """`--jobs 64` used to start 64 processes for one game (1.4 GB). One board: no process at all;
    the 16-hand session on 2 cores: 2, whatever `jobs` asks; the same review either way."""
    monkeypatch.setattr(concurrent.futures, "ProcessPoolExecutor", Pool)
    monkeypatch.setattr(review_module, "cores", lambda: 2)
    Pool.sizes = []
    one = review_file(PMN / "example_1.pmn", jobs=64)
    assert Pool.sizes == []
    assert one == review_file(PMN / "example_1.pmn")
    name = read_game(SESSION).players[0]
    assert review_file(SESSION, player=name, jobs=64) == review_file(SESSION, player=name)
    assert Pool.sizes == [2]


def test_a_false_hu_without_points_says_why() -> None:
    """`false Hu on N, None points`: a false Hu on tiles that make no winning hand has no points, and
    one the record gives without its tile names none."""
    d = Decision(1, "Bo", "S", 3, Kind.FALSE_HU, "123m", "", "N", None, None, (), Verdict.WORSE)
    assert costly_line(d, "en") == "hand 1, turn 3: false Hu on N, not a winning hand"
    assert "None" not in costly_line(d, "fr")
    assert "None" not in costly_line(d, "zh")
    unknown = Decision(1, "Bo", "S", 3, Kind.FALSE_HU, "123m", "", None, None, None, (), Verdict.WORSE)
    assert costly_line(unknown, "en") == "hand 1, turn 3: false Hu on a tile the record does not give"


def test_a_false_hu_the_record_marks_on_no_winning_hand() -> None:
    """The real session's first hand with its winner's Hu marked wrong after its first draw: the
    review's false Hu has no score, and the summary line says so."""
    game = read_game(SESSION)
    record = game.hands[0]
    win = next(e for e in record.events if e.act is Act.WIN)
    first = next(i for i, e in enumerate(record.events) if e.seat == win.seat and e.act is Act.DRAW)
    events = (*record.events[: first + 1], win._replace(act=Act.FALSE_WIN, tile=None, source=None))
    wrong = dataclasses.replace(record, events=events, wins=(), false_wins=(win.seat,))
    last = review_hand(wrong, 1, win.seat, "x").decisions[-1]
    assert last.kind is Kind.FALSE_HU
    assert last.score is None
    assert costly_line(last, "en").endswith("not a winning hand")


def test_an_untitled_game_is_called_by_its_file() -> None:
    """A Botzone match has no title: the review's head gave `5f…01:  (botzone)`."""
    result = run("review", str(EXAMPLES / "botzone.txt"), "--player", "W")
    assert result.exit_code == 0
    assert result.stdout.startswith("Review of game 5f0000000000000000000001: botzone.txt (botzone), rules green-book")


def test_a_workers_error_comes_back_whole(monkeypatch: pytest.MonkeyPatch) -> None:
    """An error in a worker is sent back as its parts (a pickled `McrError` loses its message) and
    raised as itself."""
    monkeypatch.setattr(concurrent.futures, "ProcessPoolExecutor", Pool)
    monkeypatch.setattr(review_module, "cores", lambda: 2)

    def failing(*args: Any, **kwargs: Any) -> Any:
        raise review_module.UnreviewableRecordError(review_module.msg("review.no-deal"), where="x")

    monkeypatch.setattr(review_module, "review_hand", failing)
    with pytest.raises(review_module.UnreviewableRecordError, match="does not give the deal") as raised:
        review_file(SESSION, player="E", jobs=2)
    assert raised.value.where == "x"


def test_a_position_the_engine_refuses_stops_the_hand_at_its_act(monkeypatch: pytest.MonkeyPatch) -> None:
    """Whatever else a record makes of a position (`tile-count … (end)` was one), the engine's refusal
    stops that hand at the act, named, instead of the whole review."""
    from mcr_score.errors import TileCountError

    def refusing(*args: Any, **kwargs: Any) -> Any:
        raise TileCountError(review_module.msg("review.no-deal"))

    monkeypatch.setattr(review_module, "discards", refusing)
    game = read_game(PMN / "example_1.pmn")
    reviewed = review_module.review_game(game, (0,))
    [hand] = reviewed.hands
    assert hand.problem is not None
    assert not hand.replayed
    text = hand.problem.text()
    assert text.startswith("the replay stopped: game example_1, hand 2, line 15 Play token 2 (column 12) ")
    assert "(E discard " in text
    why = (
        "the record gives a position no deal can give: "
        + "the record does not give the deal: the player's tiles are unknown"
    )
    assert text.endswith(f": {why}")
