"""A round of the six-player variant, as a file of events, settled: kong payments when a kong is
declared, each win's payments by its order, and the exhaustive draw's ready-hand settlement.

The file: `{"system": "six", "players": [six names], "events": [...]}`, events in order:
- `{"kong": "concealed"|"promoted"|"discard", "by": name, "from": name}` (`from`: a discard kong's
  discarder only). Paid at once (seed table): concealed, 2 from each player still in; promoted
  (« kong exposé »), 1 from each; on a discard, 2 from the discarder. No refund (G9).
- `{"win": name, "hand": notation, "self_drawn": bool, "from": name, "first_discard": bool,
  "replacement": bool}`: the k-th win of the round scores with order k; the discarder pays, or
  self-drawn each of the 6 − k players still in (« le 1er prend à chaque joueur ; le 2ème prend au
  3ème ... »). Several may win on one discard (G10): their order is the file's.
- `{"draw": {"ready": {name: hand}}}`: « Les joueurs tenpai qui n'ont pas fait mahjong prennent à
  ceux qui sont notés : 2 points si tout pung, 1 point sinon »: each ready player still in takes 2
  (if a winning tile completes the hand as all pungs, G11) or 1 from each player still in who is
  not ready. The round ends « Quand 5 joueurs ont fait mahjong ou quand la pioche est vide »: no
  event may follow the draw or the fifth win.
Every problem of the file is reported at once, each naming its event.

Counts are the game's: a hand holds 7 tiles and wins with 8, plus one per kong, as two sets and a
pair or four pairs (docs/rulesets.md §2.1, « 4 tuiles, puis 2 tuiles puis 1 tuile »), so a player
declares at most `MAX_KONGS` kongs in a round (each stays one of the hand's two sets); a round is
then at most `MAX_EVENTS` events. The wins on the round's first discard (« 1ère tuile jetée
réclamée ») are all on that one tile: the first wins of the round, from one discarder, after no
kong but that discarder's concealed ones (no other player has drawn before the first discard).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from mcr_score import errors
from mcr_score.decoding import shown
from mcr_score.errors import McrError
from mcr_score.hand import Hand
from mcr_score.messages import Message, Name, msg
from mcr_score.systems.six.rules import SixRules
from mcr_score.systems.six.scoring import PLAYERS, SixScore, Win, ready, score
from mcr_score.systems.six.table import TABLE, Row

MAX_WINNERS = PLAYERS - 1  # « Quand 5 joueurs ont fait mahjong ... le tour est fini »
MAX_KONGS = 2  # a hand is two sets and a pair (or four pairs): each kong is one of the two sets
MAX_EVENTS = PLAYERS * MAX_KONGS + MAX_WINNERS + 1  # every kong, every win and the draw: 18
EVENT_FIELDS = {
    "kong": ("kong", "by", "from"),
    "win": ("win", "hand", "self_drawn", "from", "first_discard", "replacement"),
    "draw": ("draw",),
}
TOP_FIELDS = ("system", "players", "events")


class KongKind(StrEnum):
    CONCEALED = "concealed"
    PROMOTED = "promoted"
    DISCARD = "discard"


_KONG_ROW = {
    KongKind.CONCEALED: Row.CONCEALED_KONG,
    KongKind.PROMOTED: Row.PROMOTED_KONG,
    KongKind.DISCARD: Row.DISCARD_KONG,
}


Reader = Callable[[str, Mapping[str, bool]], Hand]


class RoundError(McrError):
    """A round file that cannot be settled: its structure, a player, an event out of turn."""

    code = "bad-round"


@dataclass(frozen=True, slots=True)
class Transfer:
    payer: int
    payee: int
    amount: int


@dataclass(frozen=True, slots=True)
class Settled:
    """One event with what it moved; `result` for a win, `ready` for the draw (player -> all pungs)."""

    n: int
    kind: str
    transfers: tuple[Transfer, ...]
    result: SixScore | None = None
    order: int | None = None
    ready: Mapping[int, bool] | None = None


@dataclass(frozen=True, slots=True)
class RoundResult:
    """A settled round; `to_dict()` is `session --system six --json`."""

    rules: str
    players: tuple[str, ...]
    events: tuple[Settled, ...]
    totals: tuple[int, ...]
    winners: tuple[int, ...]

    def to_dict(self) -> dict[str, Any]:
        def event(e: Settled) -> dict[str, Any]:
            out: dict[str, Any] = {
                "n": e.n,
                "kind": e.kind,
                "payments": [
                    {"from": self.players[t.payer], "to": self.players[t.payee], "amount": t.amount}
                    for t in e.transfers
                ],
            }
            if e.result is not None:
                out["order"] = e.order
                out["score"] = e.result.to_dict()
            if e.ready is not None:
                out["ready"] = {self.players[p]: "all-pungs" if pungs else "ready" for p, pungs in e.ready.items()}
            return out

        return {
            "ok": True,
            "system": "six",
            "rules": self.rules,
            "players": list(self.players),
            "events": [event(e) for e in self.events],
            "winners": [self.players[p] for p in self.winners],
            "totals": dict(zip(self.players, self.totals, strict=True)),
        }


def settle_round(
    data: Any,
    rules: SixRules,
    parse: Reader,
) -> RoundResult:
    """Settle a round file's decoded JSON; raise every problem at once. `parse` reads a hand of
    the system with the event's flags (`self_drawn`, `replacement`, `first_discard`) applied and
    checked, raising located errors."""
    problems: list[McrError] = []
    if not isinstance(data, Mapping):
        raise RoundError(msg("six.round.not-object"))
    problems += [RoundError(msg("six.round.unknown-top", field=str(k))) for k in data if k not in TOP_FIELDS]
    players = data.get("players")
    if not (
        isinstance(players, list)
        and len(players) == PLAYERS
        and all(isinstance(p, str) and p.strip() == p and p for p in players)
        and len(set(players)) == PLAYERS
    ):
        problems.append(RoundError(msg("six.round.players", n=PLAYERS)))
        errors.raise_all(problems)
    names: tuple[str, ...] = tuple(players)  # type: ignore[arg-type]  # checked just above
    events = data.get("events")
    if not isinstance(events, list):
        problems.append(RoundError(msg("six.round.events")))
        errors.raise_all(problems)
    listed: list[Any] = events  # type: ignore[assignment]  # checked just above
    state = _Round(names, rules, parse)
    for n, raw in enumerate(listed[:MAX_EVENTS], 1):
        state.event(n, raw)
    if len(listed) > MAX_EVENTS:  # more than a round can hold: the rest is not read, event by event
        state.problem(MAX_EVENTS + 1, msg("six.round.too-many", n=len(listed), most=MAX_EVENTS, kongs=MAX_KONGS))
    errors.raise_all(problems + state.problems)
    return RoundResult(rules.name, names, tuple(state.settled), tuple(state.totals), tuple(state.out))


class _Round:
    """The round as its events are read: who is out, in which order, and the running totals."""

    def __init__(
        self,
        names: tuple[str, ...],
        rules: SixRules,
        parse: Reader,
    ) -> None:
        self.names = names
        self.rules = rules
        self.parse = parse
        self.out: list[int] = []
        self.ended = False
        self.kongs = [0] * len(names)  # the kongs each player declared
        self.kinds: list[tuple[KongKind, int]] = []  # each kong declared, in order: its kind and who
        self.first: list[int | None] = []  # the discarder of each win, None for a win not on the first discard
        self.totals = [0] * len(names)
        self.settled: list[Settled] = []
        self.problems: list[McrError] = []

    def problem(self, n: int, message: Message) -> None:
        error = RoundError(msg("six.round.event", n=n, problem=message))
        error.where = f"events[{n - 1}]"
        self.problems.append(error)

    def player(self, n: int, raw: Mapping[str, Any], field: str, still_in: bool = True) -> int | None:
        value = raw.get(field)
        if value not in self.names:
            self.problem(n, msg("six.round.player", field=field, value=str(value)))
            return None
        index = self.names.index(value)
        if still_in and index in self.out:
            self.problem(n, msg("six.round.out", field=field, player=value))
            return None
        return index

    def still_in(self, *but: int) -> list[int]:
        return [p for p in range(len(self.names)) if p not in self.out and p not in but]

    def record(self, n: int, kind: str, transfers: list[Transfer], **extra: Any) -> None:
        for t in transfers:
            self.totals[t.payer] -= t.amount
            self.totals[t.payee] += t.amount
        self.settled.append(Settled(n, kind, tuple(transfers), **extra))

    def event(self, n: int, raw: Any) -> None:
        kinds = [k for k in EVENT_FIELDS if isinstance(raw, Mapping) and k in raw]
        if len(kinds) != 1:
            self.problem(n, msg("six.round.event-kind"))
            return
        kind = kinds[0]
        unknown = [str(k) for k in raw if k not in EVENT_FIELDS[kind]]
        if unknown:
            self.problem(n, msg("six.round.unknown-field", fields=", ".join(unknown), kind=kind))
            return
        if self.ended:
            self.problem(n, msg("six.round.ended"))
            return
        {"kong": self.kong, "win": self.win, "draw": self.draw}[kind](n, raw)

    def kong(self, n: int, raw: Mapping[str, Any]) -> None:
        try:
            kind = KongKind(raw["kong"])
        except (ValueError, TypeError):
            self.problem(n, msg("six.round.kong-kind", value=str(raw["kong"])))
            return
        by = self.player(n, raw, "by")
        if by is not None and self.kongs[by] >= MAX_KONGS:
            self.problem(n, msg("six.round.kongs", player=self.names[by], most=MAX_KONGS))
            return
        if kind is KongKind.DISCARD:
            discarder = self.player(n, raw, "from")
            if by is None or discarder is None:
                return
            if discarder == by:
                self.problem(n, msg("six.round.own-discard"))  # « une tuile défaussée qu'il a lui-même défaussée »
                return
            self.declared(kind, by)
            self.record(n, "kong", [Transfer(discarder, by, TABLE[Row.DISCARD_KONG].value)])
            return
        if "from" in raw:
            self.problem(n, msg("six.round.kong-from", kind=str(kind)))
            return
        if by is not None:
            amount = TABLE[_KONG_ROW[kind]].value
            self.declared(kind, by)
            self.record(n, "kong", [Transfer(p, by, amount) for p in self.still_in(by)])

    def declared(self, kind: KongKind, by: int) -> None:
        self.kongs[by] += 1
        self.kinds.append((kind, by))

    def first_discard(self, n: int, discarder: int | None) -> bool:
        """Whether a win on the round's first discard can be one: the first wins of the round, all
        from one discarder, after no kong but that discarder's concealed ones."""
        if self.first and (self.first[-1] is None or self.first[0] != discarder):
            self.problem(n, msg("six.round.first-discard-late"))
            return False
        if any(kind is not KongKind.CONCEALED or by != discarder for kind, by in self.kinds):
            self.problem(n, msg("six.round.first-discard-kong"))
            return False
        return True

    def win(self, n: int, raw: Mapping[str, Any]) -> None:
        flags = {}
        for field in ("self_drawn", "first_discard", "replacement"):
            value = raw.get(field, False)
            if not isinstance(value, bool):
                self.problem(n, msg("six.round.flag", field=field))
                return
            flags[field] = value
        winner = self.player(n, raw, "win")
        discarder = None
        if flags["self_drawn"] == ("from" in raw):
            self.problem(n, msg("six.round.win-from"))
            return
        if "from" in raw:
            discarder = self.player(n, raw, "from")
            if discarder is None:
                return
        if winner is None:
            return
        if discarder == winner:
            self.problem(n, msg("six.round.own-discard"))
            return
        if len(self.out) >= MAX_WINNERS:
            self.problem(n, msg("six.round.ended"))
            return
        if flags["first_discard"] and discarder is not None and not self.first_discard(n, discarder):
            return
        text = raw.get("hand")
        if not isinstance(text, str):
            self.problem(n, msg("six.round.hand"))
            return
        try:
            hand = self.parse(text, flags)
        except McrError as e:
            self.problem(n, msg("six.round.notation", error=e.msg))
            return
        order = len(self.out) + 1
        s = hand.situation
        result = score(hand, self.rules, Win(s.self_drawn, s.replacement, flags["first_discard"], order))
        if not result.winning:
            self.problem(n, msg("six.round.not-winning", reason=msg(f"six.reason.{result.reason}")))
            return
        points = result.total
        payers = self.still_in(winner) if discarder is None else [discarder]
        self.record(n, "win", [Transfer(p, winner, points) for p in payers], result=result, order=order)
        self.out.append(winner)
        self.first.append(discarder if flags["first_discard"] else None)
        if len(self.out) == MAX_WINNERS:
            self.ended = True

    def draw(self, n: int, raw: Mapping[str, Any]) -> None:
        body = raw["draw"]
        ready_raw = body.get("ready", {}) if isinstance(body, Mapping) else None
        if not isinstance(ready_raw, Mapping) or (isinstance(body, Mapping) and set(body) - {"ready"}):
            self.problem(n, msg("six.round.draw"))
            return
        waiting: dict[int, bool] = {}
        for name, text in ready_raw.items():
            player = self.player(n, {"ready": name}, "ready")
            if player is None:
                continue
            if not isinstance(text, str):
                self.problem(n, msg("six.round.hand"))
                continue
            try:
                hand = self.parse(text, {})
            except McrError as e:
                self.problem(n, msg("six.round.notation", error=e.msg))
                continue
            kind = ready(hand, self.rules) if hand.winning is None else None
            if kind is None:
                self.problem(n, msg("six.round.not-ready", player=Name(name)))
                continue
            waiting[player] = kind
        self.ended = True
        transfers = [
            Transfer(p, r, 2 if pungs else 1)
            for r, pungs in waiting.items()
            for p in self.still_in()
            if p not in waiting
        ]
        self.record(n, "draw", transfers, ready=waiting)


def read_round(path: str, rules: SixRules) -> RoundResult:
    """A round file (JSON: `{"system": "six", "players": [...], "events": [...]}`) read and settled;
    a file that cannot be read or decoded, or that is for another system, names itself."""
    from mcr_score import decoding, files
    from mcr_score.systems import Situated
    from mcr_score.systems.six import read

    try:
        data = decoding.loads_json(files.read_text(path))
    except McrError as e:
        raise RoundError(msg("six.round.file", path=path, reason=e.msg)) from None
    if isinstance(data, Mapping) and data.get("system") != "six":
        raise RoundError(msg("six.round.system", path=path, system=shown(data.get("system"))))
    try:
        return settle_round(data, rules, lambda text, flags: read(text, Situated(flags)))
    except McrError as e:
        raise errors_in_file(e, path) from None


def errors_in_file(error: McrError, path: str) -> McrError:
    """The same problems, each with the file named first."""
    named = [RoundError(msg("six.round.in-file", path=path, problem=p.msg), where=p.where) for p in error.problems]
    first = named[0]
    first.problems = tuple(named)
    return first
