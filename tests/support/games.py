"""Winning hands from simulated games: four players drawing, claiming and discarding until one wins
with the 8 points MCR asks (flowers kept out), for benchmarks that want the hands real play makes.

`generate` (strategies.py) aims at every fan; real batches are mostly small standard hands that
repeat suit shapes and seldom whole hands, and caches and fast paths are judged on those. The
players are greedy: each discards the tile that leaves the fewest tiles to ready (shanten; the
rarest kind among equals), claims a pung or a chow when it lowers that number, declares a
concealed kong when it holds four, and wins on any tile that completes a hand worth 8 points.
A game without a winner by the end of the wall is a draw. Deterministic for a seed.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from mcr_score import score
from mcr_score.engine.arrangements import is_complete
from mcr_score.engine.shanten import shanten_number
from mcr_score.hand import Hand, Meld, Situation
from mcr_score.tiles import TILES, WINDS

FLOWER = -1  # a flower or season in the wall (eight of them)
DEAD_WALL = 16  # tiles kept back as replacements for kongs and flowers; the game ends before them


@dataclass
class _Player:
    seat: str
    counts: list[int] = field(default_factory=lambda: [0] * 34)
    melds: list[Meld] = field(default_factory=list)
    flowers: int = 0

    def shanten(self) -> int:
        return shanten_number(self.counts, len(self.melds))


class _Game:
    def __init__(self, rng: random.Random, prevalent: str) -> None:
        self.rng = rng
        self.prevalent = prevalent
        self.wall = [i for i in range(34) for _ in range(4)] + [FLOWER] * 8
        rng.shuffle(self.wall)
        self.players = [_Player(seat) for seat in WINDS]
        self.visible = [0] * 34  # discards and exposed melds: what decides the last copy

    def draw(self, p: _Player) -> int | None:
        """The next tile for `p` (flowers set aside and replaced), None when the wall is spent."""
        while len(self.wall) > DEAD_WALL:
            t = self.wall.pop()
            if t != FLOWER:
                return t
            p.flowers += 1
        return None

    def hand(self, p: _Player, win: int, self_drawn: bool, kong: bool) -> Hand | None:
        """`p`'s hand won on `win`, if it is a winning hand worth the minimum."""
        counts = list(p.counts)
        counts[win] += 1
        if not is_complete(counts, len(p.melds)):
            return None
        counts[win] -= 1
        standing = tuple(TILES[i] for i in range(34) for _ in range(counts[i]))
        seen = self.visible[win] - (not self_drawn)  # a discard was counted when thrown
        last = seen == 3 and counts[win] == 0
        situation = Situation(
            self_drawn=self_drawn,
            last_copy=last,
            wall_last=len(self.wall) == DEAD_WALL,
            kong=kong,
            seat_wind=p.seat,
            prevalent_wind=self.prevalent,
            flowers=p.flowers,
        )
        hand = Hand(tuple(p.melds), standing, TILES[win], situation)
        return hand if score(hand, "china").meets_minimum else None

    def discard(self, p: _Player) -> int:
        """The tile whose discard leaves the fewest tiles to ready; among equals the rarest in the hand."""
        best: tuple[int, int, float] | None = None
        choice = -1
        for t in range(34):
            if not p.counts[t]:
                continue
            p.counts[t] -= 1
            key = (p.shanten(), p.counts[t], self.rng.random())
            p.counts[t] += 1
            if best is None or key < best:
                best, choice = key, t
        p.counts[choice] -= 1
        self.visible[choice] += 1
        return choice

    def claim(self, p: _Player, tile: int, step: int) -> bool:
        """`p`, `step` seats after the discarder, pungs (or, next in turn, chows) the discard `tile`
        when that lowers its shanten. A pung's claim digit is `step` (1 left, 2 opposite, 3 right)."""
        now = p.shanten()
        options: list[tuple[str, int, list[int], int]] = []
        if p.counts[tile] >= 2:
            options.append(("pung", tile, [tile, tile], step))
        if step == 1 and tile < 27:
            rank = tile % 9
            for low in range(max(0, rank - 2), min(6, rank) + 1):
                first = tile - rank + low
                need = [first + k for k in range(3) if low + k != rank]
                if all(p.counts[i] for i in need):
                    options.append(("chow", first, need, rank - low + 1))
        for kind, first, need, digit in options:
            for i in need:
                p.counts[i] -= 1
            p.melds.append(Meld(kind, TILES[first], claim=digit))
            if p.shanten() < now:
                for i in need:
                    self.visible[i] += 1
                return True
            p.melds.pop()
            for i in need:
                p.counts[i] += 1
        return False

    def play(self) -> Hand | None:
        for _ in range(13):
            for p in self.players:
                t = self.draw(p)
                if t is not None:
                    p.counts[t] += 1
        turn, drawing, kong = 0, True, False
        while True:
            p = self.players[turn]
            if drawing:
                t = self.draw(p)
                if t is None:
                    return None
                won = self.hand(p, t, self_drawn=True, kong=kong)
                if won is not None:
                    return won
                p.counts[t] += 1
                kong = False
                if p.counts[t] == 4 and len(p.melds) < 4:
                    p.counts[t] = 0
                    p.melds.append(Meld("kong", TILES[t], concealed=True))
                    kong = True
                    continue  # the replacement tile
            out = self.discard(p)
            others = [((turn + step) % 4, step) for step in (1, 2, 3)]
            for at, _ in others:
                won = self.hand(self.players[at], out, self_drawn=False, kong=False)
                if won is not None:
                    return won
            claimer = next(
                (
                    at
                    for at, step in others
                    if len(self.players[at].melds) < 4 and self.claim(self.players[at], out, step)
                ),
                None,
            )
            turn, drawing = (claimer, False) if claimer is not None else ((turn + 1) % 4, True)


def games_hands(n: int, seed: int) -> list[Hand]:
    """`n` winning hands, each the end of one simulated game (draws skipped), the same for a seed."""
    rng = random.Random(seed)
    out: list[Hand] = []
    while len(out) < n:
        hand = _Game(rng, rng.choice(WINDS)).play()
        if hand is not None:
            out.append(hand)
    return out


def main(argv: list[str] | None = None) -> None:
    """Write `games_hands(N, SEED)` in the notation, one a line: the benchmark's input (benchmarks/games.txt)."""
    import argparse

    from mcr_score import format_hand

    parser = argparse.ArgumentParser(description=main.__doc__)
    parser.add_argument("n", type=int)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    for hand in games_hands(args.n, args.seed):
        print(format_hand(hand))


if __name__ == "__main__":
    main()
