"""Time per `parse_hand` call on generated hands, in canonical notation and in other spellings.

    .venv/bin/python -m benchmarks.parse --hands 5000 --seed 1

Hands come from `tests/strategies.generate` (winning hands of every shape). Each is written four
ways: canonical (`format_hand`), canonical without a default `|EE0000` suffix, respelled (spaces,
`1z`-`7z`, Unicode tiles, standing tiles shuffled, `,` before claim digits, melds moved, inline
flower letters), and broken (one character replaced by `x`, so every problem is collected and
located). `parse_hand` reads canonical text without the grammar; `parse_located` always uses it.
The texts are built untimed; each set is then parsed `--repeat` times and the best pass
is reported, in CPU µs per hand (`process_time`: other processes on a shared machine take no part of
it), so a garbage-collection pause counts once at most.
"""

from __future__ import annotations

import argparse
import contextlib
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path

import mcr_score
from mcr_score import McrError, format_hand, parse_hand
from mcr_score.hand import Hand
from mcr_score.notation import parse_located
from mcr_score.tiles import TO_UNICODE, Z_HONORS, Tile
from tests.support import strategies


def respell(hand: Hand, rng: random.Random) -> str:
    """Another text of the same hand, as a player or another tool might write it."""
    sep = rng.choice(("", " "))

    def tile(t: Tile) -> str:
        style = rng.choice(("plain", "unicode", "z") if t.is_honor else ("plain", "unicode"))
        if style == "unicode":
            return TO_UNICODE[t.code]
        return f"{Z_HONORS.index(t.code) + 1}z" if style == "z" else t.code

    groups = [tile(t) for t in rng.sample(hand.standing, len(hand.standing))]
    if hand.winning is not None:
        groups.append(tile(hand.winning))
    places = sorted(rng.randrange(len(groups) + 1) for _ in hand.melds)  # melds keep their order
    for place, m in reversed(list(zip(places, hand.melds, strict=False))):
        claim = "" if m.claim is None else rng.choice(("", ",")) + str(m.claim)
        groups.insert(place, "[" + sep.join(tile(t) for t in m.tiles) + claim + "]")
    s = hand.situation
    inline = s.flower_letters[: rng.randrange(len(s.flower_letters) + 1)]
    flags = "".join("1" if f else "0" for f in (s.self_drawn, s.last_copy, s.wall_last, s.kong))
    suffix = f"|{s.prevalent_wind}{s.seat_wind}{flags}"
    rest = s.flower_letters[len(inline) :]
    if rest:
        suffix += "|" + rest
    elif s.flowers and not s.flower_letters:
        suffix += f"|{s.flowers}"
    return sep.join(groups + list(inline)) + sep + suffix


def broken(text: str, rng: random.Random) -> str:
    i = rng.randrange(len(text))
    return text[:i] + "x" + text[i + 1 :]


def best_pass(parse: Callable[[str], object], texts: list[str], repeat: int) -> float:
    """CPU µs per text of the fastest of `repeat` passes."""
    best = float("inf")
    for _ in range(repeat):
        started = time.process_time()
        for text in texts:
            with contextlib.suppress(McrError):
                parse(text)
        best = min(best, time.process_time() - started)
    return best / len(texts) * 1e6


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=5000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args(argv)

    rng = random.Random(args.seed)
    hands = strategies.generate(args.hands, args.seed)
    canonical = [format_hand(h) for h in hands]
    sets = {
        "canonical": canonical,
        "canonical, no |EE0000": [t.removesuffix("|EE0000") for t in canonical],
        "other spellings": [respell(h, rng) for h in hands],
        "broken (one character x)": [broken(t, rng) for t in canonical],
    }
    for text, hand in zip(sets["other spellings"], hands, strict=False):
        assert parse_hand(text) == hand, text
    parse_hand(canonical[0])  # builds the parsers outside the timings
    print(
        f"{len(hands):,} hands, seed {args.seed}, best of {args.repeat} passes, Python {sys.version.split()[0]}, "
        f"mcr_score from {Path(mcr_score.__file__).parent}"
    )
    parsers: list[tuple[str, Callable[[str], object]]] = [
        ("parse_hand", parse_hand),
        ("grammar only (parse_located)", parse_located),
    ]
    for label, texts in sets.items():
        for name, parse in parsers:
            print(f"  {name:28s} {label:26s} {best_pass(parse, texts, args.repeat):8.1f} CPU µs/hand")
    return 0


if __name__ == "__main__":
    sys.exit(main())
