"""How far the review's valuation can be trusted, measured on real games (issue 41). Opt-in: the
records are given on the command line and never kept in the repository.

    .venv/bin/python -m benchmarks.advice_calibration FILE_OR_DIR... [--from botzone] [--jobs 2]

For instance the 56 IJCAI-2026 games of a strong program (no licence: measurement only), after
`tar -xzf /work/shared/records-t4-scale/botzone-ijcai2026-logs56.tar.gz -C /tmp/bz`:

    .venv/bin/python -m benchmarks.advice_calibration /tmp/bz/suuttt-logs --from botzone --jobs 2
    .venv/bin/python -m benchmarks.advice_calibration tests/fixtures/records/tziakcha/session-GHQY2zTj.json

Printed, over every reviewed decision of every player:
- agreement per decision kind: the share not called worse (the goal: at least 85% of the strong
  program's discards), with the bad-move rate and the mean loss;
- danger's calibration: the chosen discards in five quintiles of their danger, with the deal-ins
  that followed (the record's Hu on that discard) against the danger predicted;
- `valid_chance`'s calibration: the chosen discards by their chance of a valid Hu, against the
  share of those hands the player went on to win with a valid Hu; then the same for each way the
  chance was found (ready, 1-shanten, further out: `vocabulary.Method`);
- where the dealt-in tiles rank by danger among their candidates (0: the most dangerous);
- the deal-ins of the chosen discards of a kind an opponent had discarded themselves (face up in
  their discards), against those of the other kinds: what `valuation.OWN_DISCARD` rests on;
- every candidate of every discard against the hands the other players held then (read from the
  record, for this measurement only: the model never sees them): a candidate *would deal in* when
  it completes another player's hand with a Hu of 8 or more on a discard. Ten times as many as the
  deal-ins that happened, these measure where such tiles rank by danger (ties at their middle) and
  the danger's calibration over all candidates, by quintile.
"""

from __future__ import annotations

import argparse
import itertools
import statistics
import time
from collections import defaultdict
from collections.abc import Iterator, Sequence
from pathlib import Path

from mcr_score.engine.arrangements import counts_of
from mcr_score.errors import McrError
from mcr_score.games.api import iter_games
from mcr_score.games.model import Act
from mcr_score.games.replay import Table, _Stop
from mcr_score.hand import MAX_FLOWERS, Hand, Situation
from mcr_score.notation import parse_hand, parse_tiles
from mcr_score.review.judge import Decision, GameReview, review_file
from mcr_score.systems.mcr import valuation
from mcr_score.systems.mcr.advice import Discard, waits
from mcr_score.tiles import WINDS
from mcr_score.vocabulary import DecisionKind as Kind
from mcr_score.vocabulary import Method, Verdict

BINS = (0.0, 0.05, 0.1, 0.2, 0.35, 0.5, 0.7, 1.01)


def files_of(paths: Sequence[str]) -> list[Path]:
    out: list[Path] = []
    for p in map(Path, paths):
        out += sorted(f for f in p.iterdir() if f.is_file()) if p.is_dir() else [p]
    return out


def chosen(d: Decision) -> Discard:
    return next(c for c in d.ranking if isinstance(c, Discard) and c.tile.code == d.choice)


def own_discards(reviews: Sequence[GameReview]) -> dict[str, list[Decision]]:
    """The discards of the other players in each hand one player won, split by whether that winner
    had discarded the kind before (face up in their discards at the time): a winner seldom waits on
    a kind they let go, which `valuation.OWN_DISCARD` weighs."""
    out: dict[str, list[Decision]] = {"of a kind the hand's winner had let go": [], "of another kind": []}
    for r in reviews:
        by_hand: dict[int, list[Decision]] = defaultdict(list)  # a `HandReview` is one player's
        for h in r.hands:
            by_hand[h.hand] += h.decisions
        for decisions in by_hand.values():
            winners = {d.seat for d in decisions if d.kind is Kind.HU}
            if len(winners) != 1:
                continue
            (winner,) = winners
            for d in decisions:
                if d.kind is not Kind.DISCARD or d.seat == winner or d.choice is None:
                    continue
                theirs = next((v.discards for v in d.table if v.seat == winner), ())
                let_go = any(t is not None and t.code == d.choice for t in theirs)
                out["of a kind the hand's winner had let go" if let_go else "of another kind"].append(d)
    return out


Key = tuple[str, str, int, str, int]  # file, game, hand (1 first), seat, turn (the seat's nth discard)


Hidden = dict[Key, tuple[frozenset[int], ...]]


def hidden_waits(files: Sequence[Path], fmt: str | None) -> Hidden:
    """At each discard of each seat, the kinds that would complete each other seat's hand as it
    stands with a Hu of 8 or more on that discard, those seats in turn order after the discarder
    (read from the record's hidden hands: for this measurement only)."""
    out: Hidden = {}
    for f in files:
        for game in iter_games(f, fmt):
            for i, record in enumerate(game.hands, 1):
                table = Table(record.deal, record.prevalent)
                if record.problem is not None or not table.known:
                    continue
                turns = [1] * len(WINDS)
                for event in record.events:
                    if event.act is Act.DISCARD:
                        key = (str(f), game.id, i, WINDS[event.seat], turns[event.seat])
                        seats = [(event.seat + k) % len(WINDS) for k in range(1, len(WINDS))]
                        out[key] = tuple(frozenset(_valid(table, s)) for s in seats)
                        turns[event.seat] += 1
                    try:
                        table.play(event)
                    except (_Stop, McrError):
                        break
    return out


def _valid(table: Table, seat: int) -> set[int]:
    """The kinds a discard would give `seat` a Hu of 8 or more on (flowers out)."""
    s = table.seats[seat]
    if s.count + 3 * len(s.melds) != 13:
        return set()
    flowers = min(len(s.flowers) + len(s.flowers_held), MAX_FLOWERS)
    situation = Situation(seat_wind=WINDS[seat], prevalent_wind=table.prevalent, flowers=flowers)
    try:
        found = waits(Hand(tuple(s.melds), s.concealed(), None, situation)).waits
    except McrError:
        return set()
    return {w.tile.index for w in found if w.discard.meets_minimum}


def discards_with_hidden(reviews: Sequence[GameReview], hidden: Hidden) -> Iterator[tuple[Key, Decision]]:
    """Each discard decision of the reviews whose other seats' hands `hidden` holds, with its key."""
    for r in reviews:
        for h in r.hands:
            for d in h.decisions:
                key = (r.file, r.game, h.hand, d.seat, d.turn)
                if d.kind is Kind.DISCARD and key in hidden:
                    yield key, d


def candidates(reviews: Sequence[GameReview], hidden: Hidden) -> tuple[list[tuple[float, bool]], list[float]]:
    """Every candidate of every discard as its danger and whether it would have dealt in
    (`hidden_waits`), and the rank by danger among its position's candidates of each that would
    have (0: the most dangerous, 1: the least; ties at their middle)."""
    pairs: list[tuple[float, bool]] = []
    ranks: list[float] = []
    for key, d in discards_with_hidden(reviews, hidden):
        dangers = [
            (c.value.danger, any(c.tile.index in w for w in hidden[key]))
            for c in d.ranking
            if isinstance(c, Discard) and c.value
        ]
        pairs += dangers
        if len(dangers) < 2:
            continue
        for danger, hit in dangers:
            if hit:
                above = sum(1 for x, _ in dangers if x > danger)
                ties = sum(1 for x, _ in dangers if x == danger) - 1
                ranks.append((above + ties / 2) / (len(dangers) - 1))
    return pairs, ranks


def would_deal_in(reviews: Sequence[GameReview], hidden: Hidden) -> list[str]:
    """Every candidate of every discard against the kinds that would have dealt in (`candidates`)."""
    pairs, ranks = candidates(reviews, hidden)
    if not ranks:
        return []
    lines = [
        f"  candidates that would have dealt in: {len(ranks)} of {len(pairs)}, mean danger rank among their"
        f" position's candidates {statistics.fmean(ranks):.2f} (ties at their middle)"
    ]
    pairs.sort(key=lambda x: x[0])
    n = len(pairs)
    for q in range(5):
        part = pairs[q * n // 5 : (q + 1) * n // 5]
        predicted = sum(x for x, _ in part)
        lines.append(
            f"    all candidates Q{q + 1} danger {part[0][0]:.3f}-{part[-1][0]:.3f}: predicted {predicted:.1f},"
            f" would have dealt in {sum(1 for _, y in part if y)}"
        )
    return lines


LET_GO = ("a kind they discarded", "a kind let go since their last discard", "a kind let go before it")


def let_go_weights(reviews: Sequence[GameReview], hidden: Hidden) -> list[str]:
    """What `valuation.OWN_DISCARD`, `PASSED_NOW` and `PASSED_BEFORE` rest on: for each candidate
    and opponent where the opponent had discarded the kind, or let it go, the deal-ins to that
    opponent it would have made against those the model expects without that weight (its danger
    from that opponent: their ready chance times the kind's share of the waits)."""
    found = dict.fromkeys(LET_GO, 0)
    expected = dict.fromkeys(LET_GO, 0.0)
    for key, d in discards_with_hidden(reviews, hidden):
        hand = parse_hand(d.position)
        seen = counts_of([*hand.concealed_tiles(), *(t for m in hand.melds for t in m.tiles), *parse_tiles(d.visible)])
        view = valuation.Sight(tuple(max(0, valuation.COPIES - n) for n in seen), 0, d.opponents)
        shapes = [valuation._shapes(t, view.unseen) for t in range(valuation.KINDS)]
        spread = sum(shapes) or 1.0
        for c in d.ranking:
            if not isinstance(c, Discard):
                continue
            t = c.tile.index
            for o, w in zip(d.opponents, hidden[key], strict=True):
                flags = (t in o.own, t in o.passed, t in o.passed_before and t not in o.passed)
                share = min(1.0, valuation.WAITS_WHEN_READY * valuation._suit_weight(o, t) * shapes[t] / spread)
                for name, flag in zip(LET_GO, flags, strict=True):
                    if flag:
                        found[name] += t in w
                        expected[name] += valuation.ready_chance(o) * share
    lines = []
    for name in LET_GO:
        if expected[name]:
            bound = f", at most {3 / expected[name]:.3f} by the rule of three" if not found[name] else ""
            lines.append(
                f"  candidates of {name} (an opponent's): would have dealt in to them {found[name]},"
                f" expected without the weight {expected[name]:.1f} (weight {found[name] / expected[name]:.3f}{bound})"
            )
    return lines


def report(reviews: Sequence[GameReview], hidden: Hidden | None = None) -> list[str]:
    lines: list[str] = []
    decisions = [d for r in reviews for d in r.decisions]
    by_kind: dict[Kind, list[Decision]] = defaultdict(list)
    for d in decisions:
        if d.ranking:
            by_kind[d.kind].append(d)
    lines.append("agreement per decision kind (not called worse):")
    for kind, ds in sorted(by_kind.items()):
        ok = sum(1 for d in ds if d.verdict is not Verdict.WORSE)
        loss = statistics.fmean(d.loss for d in ds)
        lines.append(f"  {kind:8} {ok}/{len(ds)} = {100 * ok / len(ds):.1f}%  mean loss {loss:.2f} points")
    discards = [d for d in decisions if d.kind is Kind.DISCARD]
    values = [(chosen(d), d) for d in discards]
    lines.append("danger calibration (chosen discards by quintile of danger):")
    ordered = sorted(values, key=lambda x: x[0].value.danger if x[0].value else 0.0)
    n = len(ordered)
    for q in range(5):
        part = ordered[q * n // 5 : (q + 1) * n // 5]
        if not part:
            continue
        predicted = statistics.fmean(c.value.danger if c.value else 0.0 for c, _ in part)
        dealt = sum(1 for _, d in part if d.dealt_in)
        lo = part[0][0].value.danger if part[0][0].value else 0.0
        hi = part[-1][0].value.danger if part[-1][0].value else 0.0
        lines.append(
            f"  Q{q + 1} danger {lo:.3f}-{hi:.3f}: {len(part)} discards, predicted {predicted * len(part):.1f}"
            f" deal-ins, happened {dealt}"
        )
    ranks = []
    for c, d in values:
        if d.dealt_in:
            dangers = sorted((x.value.danger for x in d.ranking if isinstance(x, Discard) and x.value), reverse=True)
            ranks.append(dangers.index(c.value.danger) / max(1, len(dangers) - 1) if c.value else 1.0)
    if ranks:
        lines.append(
            f"  dealt-in tiles: {len(ranks)}, mean danger rank among their candidates {statistics.fmean(ranks):.2f}"
            " (0 = the most dangerous, 0.5 = chance)"
        )
    lines += would_deal_in(reviews, hidden or {})
    lines += let_go_weights(reviews, hidden or {})
    for name, part in own_discards(reviews).items():
        dealt = sum(1 for d in part if d.dealt_in)
        share = 100 * dealt / len(part) if part else 0.0
        lines.append(f"  chosen discards {name}: {len(part)}, dealt in {dealt} ({share:.2f}%)")
    rows = [
        (chosen(d), any(x.kind is Kind.HU for x in h.decisions))
        for r in reviews
        for h in r.hands
        for d in h.decisions
        if d.kind is Kind.DISCARD
    ]
    lines.append("valid_chance calibration (chosen discards by chance, against a valid Hu of that hand):")
    for lo, hi in itertools.pairwise(BINS):
        part = [(c, won) for c, won in rows if c.value is not None and lo <= c.value.valid_chance < hi]
        if not part:
            continue
        pred = statistics.fmean(c.value.valid_chance for c, _ in part if c.value is not None)
        hit = sum(1 for _, won in part if won) / len(part)
        lines.append(f"  {lo:.2f}-{hi:.2f}: {len(part)} discards, predicted {pred:.3f}, happened {hit:.3f}")
    lines.append("valid_chance calibration by method (chosen discards):")
    for method in Method:
        part = [(c, won) for c, won in rows if c.value is not None and c.value.method is method]
        if not part:
            continue
        pred = statistics.fmean(c.value.valid_chance for c, _ in part if c.value is not None)
        hit = sum(1 for _, won in part if won) / len(part)
        lines.append(f"  {method:11} {len(part)} discards, predicted {pred:.3f}, happened {hit:.3f}")
        for lo, hi in itertools.pairwise(BINS):
            cell = [(c, won) for c, won in part if c.value is not None and lo <= c.value.valid_chance < hi]
            if cell:
                pred = statistics.fmean(c.value.valid_chance for c, _ in cell if c.value is not None)
                hit = sum(1 for _, won in cell if won) / len(cell)
                lines.append(f"    {lo:.2f}-{hi:.2f}: {len(cell)} discards, predicted {pred:.3f}, happened {hit:.3f}")
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("paths", nargs="+")
    parser.add_argument("--from", dest="fmt", default=None)
    parser.add_argument("--jobs", type=int, default=1)
    args = parser.parse_args(argv)
    start = time.perf_counter()
    reviews: list[GameReview] = []
    files = files_of(args.paths)
    for f in files:
        reviews += review_file(f, args.fmt, None, jobs=args.jobs)
    took = time.perf_counter() - start
    n = sum(len(r.decisions) for r in reviews)
    print(f"{len(reviews)} games, {n} decisions reviewed in {took:.1f} s (--jobs {args.jobs})")
    print("\n".join(report(reviews, hidden_waits(files, args.fmt))))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
