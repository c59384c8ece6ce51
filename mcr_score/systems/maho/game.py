"""A game of Maho! (« la partie ») from its rounds won (« manches »): each round's winner and winning
hand give the running totals, and the mode's end condition (modes.py, as data) the game's winner.
« le 1er y parvenant gagne la manche. Puis on recommence une nouvelle manche »: only the winner of
a round scores, and there are no payments between players.

The file (JSON, or TOML when its name ends in `.toml`):
    {"system": "maho", "mode": "standard", "players": ["Ana", "Bo", "Cy", "Di"],
     "rounds": [{"winner": "Ana", "hand": "[123a][555x][7a7b7c][3a4b5c]99c"}, ...]}
`system` and `mode` are optional (`mode`: Standard unless `--mode` says; both must agree). No round
may follow the end of the game; every problem is reported at once, each naming its round.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from mcr_score import decoding, errors, files
from mcr_score.errors import McrError
from mcr_score.messages import Message, msg
from mcr_score.systems.maho.cards import file_where
from mcr_score.systems.maho.given import mode_of
from mcr_score.systems.maho.modes import MODES, End, EndKind, Mode
from mcr_score.systems.maho.rules import NAME
from mcr_score.systems.maho.scoring import MahoScore

TOP_FIELDS = ("system", "mode", "players", "rounds")
ROUND_FIELDS = ("winner", "hand")
MIN_PLAYERS = 2
MAX_PLAYERS = 16  # a bound on the input, not a rule: the seed does not say how many play
MAX_ROUNDS = 500  # a bound on the input: a game to 5 points ends within 5 rounds per player

Scorer = Callable[[str], MahoScore]


class GameError(McrError):
    """A game file that cannot be settled: its structure, a player, a round, a round after the end."""

    code = "bad-game"


@dataclass(frozen=True, slots=True)
class Round:
    n: int
    winner: int
    result: MahoScore
    totals: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class GameResult:
    """A settled game; `to_dict()` is `session --system maho --json`. `winners`: the game's winner
    (several on a tie of the Original mode's 13 rounds), empty while the game goes on."""

    rules: str
    mode: Mode
    players: tuple[str, ...]
    rounds: tuple[Round, ...]
    totals: tuple[int, ...]
    over: bool
    winners: tuple[int, ...]

    @property
    def end(self) -> End:
        return MODES[self.mode].end

    def to_dict(self) -> dict[str, Any]:
        return {
            "ok": True,
            "system": NAME,
            "mode": str(self.mode),
            "rules": self.rules,
            "players": list(self.players),
            "end": {"kind": str(self.end.kind), "n": self.end.n, "seed": self.end.seed},
            "rounds": [self._round_dict(r) for r in self.rounds],
            "totals": dict(zip(self.players, self.totals, strict=True)),
            "over": self.over,
            "winners": [self.players[p] for p in self.winners],
        }

    def _round_dict(self, r: Round) -> dict[str, Any]:
        score = r.result.to_dict()
        return {
            "n": r.n,
            "winner": self.players[r.winner],
            "hand": score["hand"],
            "points": r.result.total,
            "score": score,
            "totals": dict(zip(self.players, r.totals, strict=True)),
        }


def load_game(path: str | os.PathLike[str]) -> Any:
    """A game file's decoded data, the file named in any problem."""
    where = file_where(path)
    try:
        text = files.read_text(path)
        return decoding.loads_toml(text) if os.fspath(path).endswith(".toml") else decoding.loads_json(text)
    except McrError as e:
        raise GameError(msg("maho.game.file", path=where, reason=e.msg), where=where) from None


def game_mode(data: Any, given: str | None) -> Mode:
    """The game's mode: the file's `mode` and `--mode`, which must agree; Standard if neither says."""
    written = data.get("mode") if isinstance(data, Mapping) else None
    if written is not None and given is not None and written != given:
        raise GameError(msg("maho.game.mode-disagree", written=decoding.shown(written), given=given), where="mode")
    if written is not None:
        return mode_of(written, where="mode")
    return mode_of(given)


def settle_game(data: Any, mode: Mode, rules: str, scorer: Scorer) -> GameResult:
    """Settle a game file's decoded data in `mode`; raise every problem at once. `scorer` reads a
    hand of the game's deck and mode and scores it."""
    if not isinstance(data, Mapping):
        raise GameError(msg("maho.game.not-object"))
    problems: list[McrError] = [
        GameError(msg("maho.game.unknown-top", field=str(k))) for k in data if k not in TOP_FIELDS
    ]
    if data.get("system", NAME) != NAME:
        problems.append(GameError(msg("maho.game.system", system=decoding.shown(data["system"]))))
    players = data.get("players")
    if not (
        isinstance(players, list)
        and MIN_PLAYERS <= len(players) <= MAX_PLAYERS
        and all(isinstance(p, str) and p.strip() == p and p for p in players)
        and len(set(players)) == len(players)
    ):
        problems.append(GameError(msg("maho.game.players", low=MIN_PLAYERS, high=MAX_PLAYERS)))
        errors.raise_all(problems)
    rounds = data.get("rounds")
    if not (isinstance(rounds, list) and len(rounds) <= MAX_ROUNDS):
        problems.append(GameError(msg("maho.game.rounds", most=MAX_ROUNDS)))
        errors.raise_all(problems)
    game = _Game(tuple(players), MODES[mode].end, scorer)  # type: ignore[arg-type]  # checked above
    for n, raw in enumerate(rounds, 1):  # type: ignore[arg-type]  # checked above
        game.round(n, raw)
    errors.raise_all(problems + game.problems)
    return GameResult(
        rules, mode, game.players, tuple(game.rounds), tuple(game.totals), game.over is not None, game.winners()
    )


class _Game:
    """The game as its rounds are read: the running totals and the round it ended in."""

    def __init__(self, players: tuple[str, ...], end: End, scorer: Scorer) -> None:
        self.players = players
        self.end = end
        self.scorer = scorer
        self.totals = [0] * len(players)
        self.rounds: list[Round] = []
        self.problems: list[McrError] = []
        self.over: int | None = None  # the round the game ended in

    def problem(self, n: int, message: Message) -> None:
        self.problems.append(GameError(msg("maho.game.round", n=n, problem=message), where=f"rounds[{n - 1}]"))

    def round(self, n: int, raw: Any) -> None:
        if not isinstance(raw, Mapping) or set(raw) != set(ROUND_FIELDS):
            self.problem(n, msg("maho.game.round-fields"))
            return
        if self.over is not None:
            self.problem(n, msg("maho.game.over", round=self.over))
            return
        winner, text = raw["winner"], raw["hand"]
        if winner not in self.players:
            self.problem(n, msg("maho.game.player", value=decoding.shown(winner)))
            return
        if not isinstance(text, str):
            self.problem(n, msg("maho.game.hand"))
            return
        try:
            result = self.scorer(text)
        except McrError as e:
            self.problem(n, msg("maho.game.notation", error=e.msg))
            return
        if not result.winning:
            self.problem(n, msg("maho.game.not-winning", reason=msg(f"maho.reason.{result.reason}")))
            return
        player = self.players.index(winner)
        self.totals[player] += result.total
        self.rounds.append(Round(n, player, result, tuple(self.totals)))
        reached = self.end.kind is EndKind.REACH and self.totals[player] >= self.end.n
        if reached or (self.end.kind is EndKind.AFTER and n == self.end.n):
            self.over = n

    def winners(self) -> tuple[int, ...]:
        """The game's winner: who reached the target, or who has most after the last round (a tie
        is reported as it stands: « Original: tie after 13 rounds », rulesets.md §1.2)."""
        if self.over is None:
            return ()
        best = max(self.totals)
        return tuple(p for p, t in enumerate(self.totals) if t == best)
