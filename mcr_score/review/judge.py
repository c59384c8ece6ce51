"""Game review: each hand of a recorded game replayed from one player's seat, and each decision of
that player judged by the engine's own answers to `discards`, `shanten` and `waits`.

The replay is the one every record goes through (`replay.Table`, which checks every tile); what a
decision is judged on is only what the player saw (`view`): their own concealed tiles, melds and
flowers, every discard still on the table, the other seats' exposed melds and the wall's size. Nothing
else of the table is read, so changing a tile the player cannot see changes no judgement.

The decisions:
- a discard: the 14 tiles before it ranked by `advice.discards` (shanten, waits reaching 8, copies of
  the useful tiles left, best score); the choice is best, equal-best (same `merit` as the first) or
  worse, by shanten lost and copies of useful tiles lost. `shanten_before` is the position's shanten
  (the least any discard reaches), `shanten_after` the choice's;
- a claim made or passed on another player's discard, and a kong of the player's own: each choice
  (pass, every chow, pung or kong the player could make; the kong or the best discard) judged by the
  13-tile hand it leaves: its shanten, whether its waits reach 8 when ready, the copies left of its
  useful tiles. A claim that another player's claim (or Hu) outranked is no choice and is not judged;
- a Hu: declared (8 or more), false (under 8, or marked wrong by the record), or missed: a tile drawn,
  discarded or added to a kong that completed a Hu of 8 or more the player did not declare, while
  nobody else won on it.
"""

from __future__ import annotations

import dataclasses
import os
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from mcr_score.engine.arrangements import completing_tiles, counts_of
from mcr_score.errors import McrError
from mcr_score.games.errors import UnknownPlayerError
from mcr_score.games.model import CLAIMS, SHEET_FORMATS, Act, Event, Game, HandRecord, RecordFormat
from mcr_score.games.replay import KONG_CAUSE, Table, _Stop, describe
from mcr_score.hand import FOUR_SETS, MAX_FLOWERS, Hand, Meld, Situation, promoted_claim
from mcr_score.messages import Message, msg
from mcr_score.notation import format_hand, format_tiles
from mcr_score.review.seen import SeatView, seat_views
from mcr_score.review.verdicts import Judgement, judge
from mcr_score.systems.mcr import profiles
from mcr_score.systems.mcr.advice import Discard, discards, hand_value, shanten, waits
from mcr_score.systems.mcr.scoring import score_with_profile
from mcr_score.systems.mcr.valuation import NO_VALUE, Opponent, Value, let_go
from mcr_score.tiles import WINDS, Tile
from mcr_score.vocabulary import DecisionKind as Kind
from mcr_score.vocabulary import Verdict

COSTLIEST = 5  # the decisions a summary lists
ANSWERS = CLAIMS | {Act.PASS, Act.DECLINE, Act.WIN, Act.FALSE_WIN}  # what may follow a discard before play goes on
HU_KINDS = (Kind.MISSED_HU, Kind.FALSE_HU)
COPIES = 4  # of each tile in the game


@dataclass(frozen=True, slots=True)
class View:
    """What one seat sees: its concealed tiles (sorted), melds and flowers; every other tile in sight
    (discards on the table, the other seats' exposed melds), sorted; the tiles left in the wall."""

    concealed: tuple[Tile, ...]
    melds: tuple[Meld, ...]
    seen: tuple[Tile, ...]
    flowers: int
    wall_left: int | None
    opponents: tuple[Opponent, ...] = ()  # in turn order after the seat: exposed melds, tiles discarded


def view(table: Table, seat: int, discards: Sequence[tuple[int, int]] = ()) -> View:
    """The table as `seat` sees it: its own tiles, and of the others only what lies face up;
    `discards`, the hand's discards so far in order (each a seat and a kind), tell what each
    opponent let go without a Hu (`valuation.let_go`)."""
    seen: list[Tile] = []
    opponents = []
    for s, other in enumerate(table.seats):
        seen += [t for t in other.discards if t is not None]
        if s != seat:
            exposed = tuple(m for m in other.melds if not m.concealed)
            seen += [t for m in exposed for t in m.tiles]
    n = len(table.seats)
    for k in range(1, n):
        other = table.seats[(seat + k) % n]
        exposed = tuple(m for m in other.melds if not m.concealed)
        opponents.append(Opponent.of(other.discards, exposed, let_go(discards, (seat + k) % n)))
    own = table.seats[seat]
    return View(
        own.concealed(),
        tuple(own.melds),
        tuple(sorted(seen, key=lambda t: t.index)),
        len(own.flowers) + len(own.flowers_held),
        table.wall.left(),
        tuple(opponents),
    )


@dataclass(frozen=True, slots=True)
class Option:
    """One choice on a discard or a kong, judged by the 13-tile hand it leaves: its shanten, the
    copies left of its useful tiles, whether a wait reaches 8 points (None: not ready), and after a
    chow or pung the best discard that follows (`then`)."""

    choice: str
    shanten: int
    useful_left: int
    reaches_minimum: bool | None
    then: str | None = None
    value: Value | None = None

    @property
    def expected(self) -> float:
        return self.value.expected if self.value is not None else 0.0

    def merit(self) -> tuple[float, int, bool, int]:
        """Lower first: the expected score change (higher first), then as a discard's `merit`:
        shanten, ready short of 8, copies of useful tiles left."""
        return (-round(self.expected, 6), self.shanten, self.reaches_minimum is False, -self.useful_left)

    def to_dict(self) -> dict[str, Any]:
        return {
            "choice": self.choice,
            "shanten": self.shanten,
            "useful_left": self.useful_left,
            "reaches_minimum": self.reaches_minimum,
            "then": self.then,
            **(self.value.to_dict() if self.value is not None else NO_VALUE),
        }


Choice = Discard | Option


def _label(c: Choice) -> str:
    return c.tile.code if isinstance(c, Discard) else c.choice


@dataclass(frozen=True, slots=True)
class Decision:
    """One decision of a player. `hand`: the hand's place in the game (1 first); `turn`: the player's
    turn in the hand (1: before their first discard); `position`: their hand in notation (for a
    discard, the 14 tiles before it; for a claim or pass, the 13 before the discard; for a Hu, the
    winning hand); `visible`: the other tiles in sight; `ranking`: the choices open, best first;
    `shanten_lost`, `useful_lost`: how much worse than the best the choice is; `score`: a Hu's total."""

    hand: int
    player: str
    seat: str
    turn: int
    kind: Kind
    position: str
    visible: str
    choice: str | None
    shanten_before: int | None
    shanten_after: int | None
    ranking: tuple[Choice, ...]
    verdict: Verdict
    shanten_lost: int = 0
    useful_lost: int = 0
    score: int | None = None
    table: tuple[SeatView, ...] = ()  # `visible` seat by seat, for the viewer (`review.seen`)
    loss: float = 0.0  # points of expected score change given up against the best, >= 0
    reason: Message | None = None
    dealt_in: bool = False  # the discard completed an opponent's Hu, in the record
    wall_left: int | None = None  # the tiles left in the wall, as the player saw it
    opponents: tuple[Opponent, ...] = ()  # what the player saw of each opponent, in turn order after them

    @property
    def best(self) -> str | None:
        """The best choice (the first ranked), None for a Hu."""
        return _label(self.ranking[0]) if self.ranking else None

    def cost(self) -> tuple[bool, float, int, int]:
        """What orders the costliest decisions: a missed or false Hu first, then the points lost, the
        shanten lost, the Hu's score."""
        return (self.kind in HU_KINDS, self.loss, self.shanten_lost, self.score or 0)

    def to_dict(self, ranking: bool = True) -> dict[str, Any]:
        out: dict[str, Any] = {
            "hand": self.hand,
            "player": self.player,
            "seat": self.seat,
            "turn": self.turn,
            "kind": self.kind,
            "position": self.position,
            "visible": self.visible,
            "choice": self.choice,
            "best": self.best,
            "shanten_before": self.shanten_before,
            "shanten_after": self.shanten_after,
            "verdict": self.verdict,
            "shanten_lost": self.shanten_lost,
            "useful_lost": self.useful_lost,
            "score": self.score,
            "loss": round(self.loss, 2),
            "reason": None if self.reason is None else {"id": self.reason.id, "text": self.reason.text()},
            "dealt_in": self.dealt_in,
            "wall_left": self.wall_left,
            "opponents": [o.to_dict() for o in self.opponents],
        }
        if ranking:
            out["ranking"] = [c.to_dict() for c in self.ranking]
            out["table"] = [s.to_dict() for s in self.table]
        return out


@dataclass(frozen=True, slots=True)
class Summary:
    """A player's decisions counted: discards and how many agree with the best (best or
    equal-best), missed and false Hus, the shanten lost on average per discard, the costliest."""

    decisions: int
    discards: int
    agreed: int
    missed_hu: int
    false_hu: int
    shanten_lost: int
    costliest: tuple[Decision, ...]
    judged: int = 0  # decisions among ranked choices (discards, claims, passes, kongs)
    bad_moves: int = 0  # of those, lost beyond the tolerance
    loss: float = 0.0  # points lost over those

    @property
    def agreement(self) -> float | None:
        """The discards that agree with the best, in percent (None: no discard)."""
        return round(100 * self.agreed / self.discards, 1) if self.discards else None

    @property
    def bad_move_rate(self) -> float | None:
        """The ranked decisions lost beyond the tolerance, in percent (None: none judged)."""
        return round(100 * self.bad_moves / self.judged, 1) if self.judged else None

    @property
    def mean_loss(self) -> float | None:
        """Points of expected score change lost per ranked decision (None: none judged)."""
        return round(self.loss / self.judged, 3) if self.judged else None

    @property
    def average_shanten_lost(self) -> float | None:
        return round(self.shanten_lost / self.discards, 3) if self.discards else None

    def to_dict(self) -> dict[str, Any]:
        return {
            "decisions": self.decisions,
            "discards": self.discards,
            "agreed": self.agreed,
            "agreement": self.agreement,
            "missed_hu": self.missed_hu,
            "false_hu": self.false_hu,
            "average_shanten_lost": self.average_shanten_lost,
            "judged": self.judged,
            "bad_moves": self.bad_moves,
            "bad_move_rate": self.bad_move_rate,
            "mean_loss": self.mean_loss,
            "costliest": [d.to_dict(ranking=False) for d in self.costliest],
        }


def summarize(decisions: Sequence[Decision]) -> Summary:
    """The summary of some decisions (a hand's, a game's)."""
    played = [d for d in decisions if d.kind is Kind.DISCARD]
    ranked = [d for d in decisions if d.ranking]
    worse = sorted((d for d in decisions if d.verdict is Verdict.WORSE), key=lambda d: d.cost(), reverse=True)
    return Summary(
        decisions=len(decisions),
        discards=len(played),
        agreed=sum(1 for d in played if d.verdict is not Verdict.WORSE),
        missed_hu=sum(1 for d in decisions if d.kind is Kind.MISSED_HU),
        false_hu=sum(1 for d in decisions if d.kind is Kind.FALSE_HU),
        shanten_lost=sum(d.shanten_lost for d in played),
        costliest=tuple(worse[:COSTLIEST]),
        judged=len(ranked),
        bad_moves=sum(1 for d in ranked if d.verdict is Verdict.WORSE),
        loss=sum(d.loss for d in ranked),
    )


@dataclass(frozen=True, slots=True)
class HandReview:
    """One player's decisions in one hand; `problem`: why the hand was not reviewed, or not to its
    end (a record without the deal, a replay that stopped)."""

    hand: int
    number: int
    player: str
    seat: str
    decisions: tuple[Decision, ...]
    problem: Message | None = None
    replayed: bool = True  # False: the record contradicts itself in this hand (what `batch` calls unreplayable)

    @property
    def summary(self) -> Summary:
        return summarize(self.decisions)

    def to_dict(self) -> dict[str, Any]:
        return {
            "hand": self.hand,
            "number": self.number,
            "player": self.player,
            "seat": self.seat,
            "summary": self.summary.to_dict(),
            "problem": self.problem.text() if self.problem is not None else None,
        }


@dataclass(frozen=True, slots=True)
class GameReview:
    """The review of a game for some of its players (the game's id, title and format; an untitled
    game is called by its file's name): each reviewed hand, in the game's order and the players'
    order, and a summary per player (`players`: their names, `labels`); `file` the record's file."""

    game: str
    title: str
    format: RecordFormat
    rules: str
    players: tuple[str, ...]
    hands: tuple[HandReview, ...]
    file: str = ""

    def summary(self, player: str) -> Summary:
        return summarize([d for h in self.hands if h.player == player for d in h.decisions])

    @property
    def decisions(self) -> tuple[Decision, ...]:
        return tuple(d for h in self.hands for d in h.decisions)

    def to_dict(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "title": self.title,
            "format": self.format,
            "rules": self.rules,
            "players": [{"player": p, "summary": self.summary(p).to_dict()} for p in self.players],
            "hands": [h.to_dict() for h in self.hands],
            "decisions": [d.to_dict() for d in self.decisions],
        }


class UnreviewableRecordError(McrError):
    """A file of a format that records no deal and no play (an app's score sheet): there is nothing
    to replay. A usage error, before the run: the file is not one `review` takes."""

    code = "unreviewable-record"
    exit_code = 2


class AmbiguousPlayerError(McrError):
    """`--player` naming a name that several seats of the game have: a usage error, exit 2."""

    code = "ambiguous-player"
    exit_code = 2


def cores() -> int:
    """The cores this process may run on."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


def players_of(game: Game, spec: str | None) -> tuple[int, ...] | None:
    """The players `--player` names, as indices of `Game.players`: a name, a seat of hand 1 (E, S, W,
    N), or `all` (None: all four). A name several seats have names none of them: it is refused, with
    their seats (a seat names one)."""
    if spec is None or spec.lower() == "all":
        return None
    named = tuple(i for i, name in enumerate(game.players) if name == spec)
    if len(named) > 1:
        seats = ", ".join(WINDS[i] for i in named)
        raise AmbiguousPlayerError(
            msg("review.player-ambiguous", player=spec, game=game.id, seats=seats), where="--player"
        )
    if named:
        return named
    if spec.upper() in WINDS:
        return (WINDS.index(spec.upper()),)
    names = ", ".join(game.players)
    raise UnknownPlayerError(msg("review.player-unknown", player=spec, game=game.id, players=names), where="--player")


def labels(game: Game) -> tuple[str, ...]:
    """Each player of the game as the review names them: their name, with their seat of hand 1 when
    another seat has the same name (`A (E)`, `A (S)`), so that no two are taken for one."""
    return tuple(
        name if game.players.count(name) == 1 else f"{name} ({WINDS[i]})" for i, name in enumerate(game.players)
    )


def review_game(
    game: Game,
    players: Iterable[int] | None = None,
    rules: str | os.PathLike[str] = profiles.DEFAULT,
    file: str = "",
) -> GameReview:
    """Review `game` for the players at these indices of `Game.players` (None: all four) under a
    rule profile (a name or a house file, as `discards` takes); `file`: the record's file, which an
    untitled game is called by."""
    profile = profiles.get(rules)
    chosen = tuple(range(len(game.players))) if players is None else tuple(players)
    names = labels(game)
    hands = tuple(
        review
        for i, record in enumerate(game.hands, 1)
        for review in _review_seats(game.id, record, i, _seats(record, chosen, names), rules)
    )
    return _game_review(game, profile.name, tuple(names[p] for p in chosen), hands, file)


def _game_review(
    game: Game, rules: str, players: tuple[str, ...], hands: tuple[HandReview, ...], file: str
) -> GameReview:
    title = game.title or os.path.basename(file)
    return GameReview(game.id, title, game.format, rules, players, hands, file)


def _seats(record: HandRecord, chosen: Sequence[int], names: Sequence[str]) -> tuple[tuple[int, str], ...]:
    """The seats of the chosen players in this hand, with their names (a player not at the table of
    this hand has none)."""
    return tuple((record.order.index(p), names[p]) for p in chosen if p in record.order)


def _review_seats(
    game: str, record: HandRecord, index: int, seats: Sequence[tuple[int, str]], rules: str | os.PathLike[str]
) -> tuple[HandReview, ...]:
    return tuple(review_hand(record, index, seat, name, rules, game=game) for seat, name in seats)


def check_reviewable(source: str | os.PathLike[str], format: str | RecordFormat | None = None) -> RecordFormat:
    """The file's format (the one given, or told from its content), if a review can replay its
    records; a score sheet (国标小助手, MahjongScoring2) records results, not the deal and the play:
    `UnreviewableRecordError`, naming the file and the format."""
    from mcr_score.games.api import detect, record_format

    fmt = record_format(format) or detect(source)
    if fmt in SHEET_FORMATS:
        name = os.fspath(source) if isinstance(source, str | os.PathLike) else "<bytes>"
        raise UnreviewableRecordError(msg("review.sheet", file=name, format=fmt.value), where=name)
    return fmt


def review_file(
    source: str | os.PathLike[str],
    format: str | RecordFormat | None = None,
    player: str | None = None,
    rules: str | os.PathLike[str] = profiles.DEFAULT,
    jobs: int = 1,
    progress: Callable[[int, int], None] | None = None,
) -> tuple[GameReview, ...]:
    """Every game of a record file reviewed for the players `player` names (`players_of`), in the
    file's order. With `jobs` over 1, the hands are reviewed by at most that many processes, and
    no more than there are cores and hands to review (a review costs far more than reading: the
    file is read once, here, and each process is sent hands). `progress` is told (hands reviewed,
    hands to review) after each hand."""
    check_reviewable(source, format)
    profile = profiles.get(rules)  # a house file's problem before any work
    file = os.fspath(source)
    from mcr_score.games.api import iter_games

    games = []
    for game in iter_games(source, format):
        chosen = players_of(game, player)
        names = labels(game)
        picked = tuple(range(len(game.players))) if chosen is None else chosen
        tasks = [(i, record, _seats(record, picked, names)) for i, record in enumerate(game.hands, 1)]
        games.append((game, tuple(names[p] for p in picked), tasks))
    work = sum(1 for _, _, tasks in games for _, _, seats in tasks if seats)
    workers = min(jobs, cores(), work)
    done = 0

    def tick() -> None:
        nonlocal done
        done += 1
        if progress is not None:
            progress(done, work)

    reviews: list[GameReview] = []
    if workers <= 1:
        for game, players, tasks in games:
            hands: list[HandReview] = []
            for i, record, seats in tasks:
                if seats:
                    hands += _review_seats(game.id, record, i, seats, rules)
                    tick()
            reviews.append(_game_review(game, profile.name, players, tuple(hands), file))
        return tuple(reviews)
    from concurrent.futures import ProcessPoolExecutor  # here: the usual run needs no processes

    with ProcessPoolExecutor(max_workers=workers) as pool:
        futures = [
            [pool.submit(_safe_seats, game.id, record, i, seats, rules) for i, record, seats in tasks if seats]
            for game, _, tasks in games
        ]
        for (game, players, _), submitted in zip(games, futures, strict=True):
            reviewed: list[HandReview] = []
            for future in submitted:
                part = future.result()
                if isinstance(part, _Failed):
                    raise part.kind(part.message, where=part.where)
                reviewed += part
                tick()
            reviews.append(_game_review(game, profile.name, players, tuple(reviewed), file))
    return tuple(reviews)


@dataclass(frozen=True, slots=True)
class _Failed:
    """A worker's error sent back as its parts (an `McrError` is built from a `Message`, which
    pickling an exception does not keep)."""

    kind: type[McrError]
    message: Message
    where: str | None


def _safe_seats(*args: Any) -> tuple[HandReview, ...] | _Failed:
    try:
        return _review_seats(*args)
    except McrError as e:
        return _Failed(type(e), e.msg, e.where)


def review_hand(
    record: HandRecord,
    index: int,
    seat: int,
    player: str,
    rules: str | os.PathLike[str] = profiles.DEFAULT,
    game: str = "",
) -> HandReview:
    """One seat's decisions in one hand, as the play went. A hand whose deal the record does not
    give cannot be reviewed (the player's tiles are unknown); nor can a hand the replay found
    contradicting its record (`record.problem`, which names the game, the hand and the action).
    A hand whose play stops the review midway (an act the table refuses, or a position no deal can
    give) keeps the decisions before it, and its problem names the action."""
    wind = WINDS[seat]
    table = Table(record.deal, record.prevalent)
    if record.problem is not None:  # first: a deal the replay refused is named, not "not given"
        return HandReview(index, record.number, player, wind, (), record.problem.msg, replayed=False)
    if not table.known:
        return HandReview(index, record.number, player, wind, (), msg("review.no-deal"))
    walk = _Walk(record, index, seat, player, rules, table)
    try:
        walk.run()
    except _Stop as stop:
        event = stop.event
        at = (event.at or "?") if event is not None else "end"
        act = describe(event) if event is not None else "-"
        where = msg("replay.at", game=game, hand=record.number, at=at, act=act, problem=stop.problem)
        return HandReview(
            index, record.number, player, wind, tuple(walk.out), msg("review.stopped", problem=where), replayed=False
        )
    return HandReview(index, record.number, player, wind, tuple(walk.out))


class _Walk:
    """The events of a hand played one at a time, each of the seat's decisions judged at its moment."""

    def __init__(
        self, record: HandRecord, index: int, seat: int, player: str, rules: str | os.PathLike[str], table: Table
    ) -> None:
        self.record, self.index, self.seat, self.player, self.table = record, index, seat, player, table
        self.rules = rules
        self.profile = profiles.get(rules)
        self.out: list[Decision] = []
        self.turn = 1
        self.drawn: Tile | None = None  # the tile the seat just drew, while it is the 14th
        self.discards: list[tuple[int, int]] = []  # the hand's discards so far: each a seat and a kind

    def situation(self, v: View, self_drawn: bool = False, wall_last: bool = False, kong: bool = False) -> Situation:
        return Situation(
            self_drawn=self_drawn,
            wall_last=wall_last,
            kong=kong,
            seat_wind=WINDS[self.seat],
            prevalent_wind=self.record.prevalent,
            flowers=min(v.flowers, MAX_FLOWERS),
        )

    def decision(self, kind: Kind, v: View, position: Hand, choice: str | None, **rest: Any) -> Decision:
        return Decision(
            hand=self.index,
            player=self.player,
            seat=WINDS[self.seat],
            turn=self.turn,
            kind=kind,
            position=format_hand(position),
            visible=format_tiles(v.seen),
            choice=choice,
            table=seat_views(self.table, self.seat),
            wall_left=v.wall_left,
            opponents=v.opponents,
            **rest,
        )

    def run(self) -> None:
        """Each event played and the seat's decisions at it judged; an event the table refuses, or
        at which the seat's view is no position of the game, stops the walk (`_Stop` with it)."""
        events = self.record.events
        for i, event in enumerate(events):
            try:
                self.step(events, i, event)
            except _Stop as stop:
                raise _Stop(stop.problem, stop.event or event) from None
            except McrError as e:  # a position the engine refuses: said as the record's problem, at its act
                raise _Stop(msg("review.position", problem=e.msg), event) from None

    def step(self, events: Sequence[Event], i: int, event: Event) -> None:
        seat = self.seat
        mine = event.seat == seat
        if mine and event.act in _JUDGED:
            v = self.view()
            if event.act is Act.FALSE_WIN:
                self.out.append(self.false_win(v, event))
            elif (tile := _playable(v, event)) is not None:  # else the replay stops at it, below
                if event.act is Act.DISCARD:
                    dealt = any(e.act is Act.WIN and e.seat != seat for e in _answers(events, i))
                    self.out.append(discard_decision(self, v, self.drawn, tile, dealt))
                else:
                    self.out.append(self.kong(v, event, tile))
        self.table.play(event)
        if event.act is Act.DISCARD and event.tile is not None:
            self.discards.append((event.seat, event.tile.index))
        if mine:
            self.after_own(event, events, i)
        elif event.act in (Act.DISCARD, Act.ADDED_KONG) and event.tile is not None:
            self.on_offer(event, _answers(events, i))

    def view(self) -> View:
        """The seat's view (`view`), checked to be a position of the game: no tile seen or held
        more than four times (a record may deal or show a fifth copy the replay takes as given)."""
        v = view(self.table, self.seat, self.discards)
        counts = counts_of((*v.concealed, *(t for m in v.melds for t in m.tiles), *v.seen))
        for index, n in enumerate(counts):
            if n > COPIES:
                seat = WINDS[self.seat]
                raise _Stop(msg("review.copies", seat=seat, tile=Tile.from_index(index).code, n=n))
        return v

    # -- the seat's own acts -------------------------------------------------------------------

    def after_own(self, event: Event, events: Sequence[Event], i: int) -> None:
        act = event.act
        if act is Act.DISCARD:
            self.turn += 1
            self.drawn = None
        elif act in (Act.DRAW, Act.REPLACEMENT) and event.tile is not None:
            self.drawn = event.tile
            follows = next((e for e in events[i + 1 :] if e.seat == self.seat and e.act not in _IDLE), None)
            if follows is None or follows.act not in (Act.WIN, Act.FALSE_WIN):
                self.missed(event.tile, self_drawn=True)
        elif act in CLAIMS or act in (Act.CONCEALED_KONG, Act.ADDED_KONG):
            self.drawn = None
        elif act is Act.WIN:
            self.win()

    def win(self) -> None:
        hand = self.table.hands[self.seat]
        result = score_with_profile(hand, self.profile)
        good = result.meets_minimum and self.seat not in self.record.false_wins
        v = self.view()
        self.out.append(
            self.decision(
                Kind.HU if good else Kind.FALSE_HU,
                v,
                hand,
                hand.winning.code if hand.winning else None,
                shanten_before=0,
                shanten_after=-1,
                ranking=(),
                verdict=Verdict.BEST if good else Verdict.WORSE,
                score=result.total,
                reason=msg("review.reason.hu", score=result.total) if good else msg("review.reason.false-hu"),
            )
        )

    def false_win(self, v: View, event: Event) -> Decision:
        """A Hu the record marks wrong: the hand as it stood, with the tile it was declared on."""
        tile = event.tile or self.drawn
        last = self.table.last_discard
        concealed = v.concealed
        if tile is None and last is not None:
            tile = last[1]
        elif tile is not None and len(concealed) == FOUR_SETS.tiles(len(v.melds)):
            concealed = _minus(concealed, tile)
        hand = Hand(v.melds, concealed, tile, self.situation(v, self_drawn=event.source is None))
        result = score_with_profile(hand, self.profile) if tile is not None else None
        return self.decision(
            Kind.FALSE_HU,
            v,
            hand,
            tile.code if tile else None,
            shanten_before=None,
            shanten_after=None,
            ranking=(),
            verdict=Verdict.WORSE,
            score=result.total if result is not None and result.winning else None,
            reason=msg("review.reason.false-hu"),
        )

    def kong(self, v: View, event: Event, tile: Tile) -> Decision:
        """A kong of the seat's own (concealed, or added to a pung) against the best discard."""
        position = _fourteen(v, self.drawn, self.situation(v))
        best = discards(position, self.rules, v.seen, v.wall_left, v.opponents).discards[0]
        if event.act is Act.CONCEALED_KONG:
            melds = (*v.melds, Meld("kong", tile, concealed=True))
            rest = _minus(v.concealed, tile, 4)
        else:
            melds = tuple(
                Meld("kong", tile, claim=promoted_claim(m.claim or 1)) if _is_pung(m, tile) else m for m in v.melds
            )
            rest = _minus(v.concealed, tile)
        choice = f"kong {tile.code}"
        made = self.option(choice, Hand(melds, rest, None, self.situation(v)), v.seen, v)
        passed = _option_of(f"discard {best.tile.code}", best)
        return self.judged(Kind.KONG, v, position, made, (passed, made), best.shanten)

    # -- another seat's discard or added kong --------------------------------------------------

    def on_offer(self, event: Event, answers: Sequence[Event]) -> None:
        tile = event.tile
        assert tile is not None
        seat = self.seat
        winners = {e.seat for e in answers if e.act is Act.WIN}
        if seat in winners:
            return
        taken = next((e for e in answers if e.act in CLAIMS), None)
        if not winners and not any(e.seat == seat and e.act is Act.FALSE_WIN for e in answers):
            self.missed(tile, self_drawn=False, robbing=event.act is Act.ADDED_KONG)
        if event.act is not Act.DISCARD or winners:
            return
        v = self.view()
        options = _claims(v.concealed, tile, event.seat, seat)
        if taken is not None and taken.seat != seat:  # outranked: a pung or kong before a chow
            options = [o for o in options if o.kind != "chow"] if taken.act is Act.CHOW else []
        if not options:
            return
        situation = self.situation(v)
        before = Hand(v.melds, v.concealed, None, situation)
        passed = self.option("pass", before, v.seen, v)
        seen = _minus(v.seen, tile)
        made = [self.claimed(o, tile, v, situation, seen) for o in options]
        if taken is not None and taken.seat == seat:
            meld = tuple(sorted(taken.meld, key=lambda t: t.index))
            chosen = next(
                (m for m, o in zip(made, options, strict=True) if o.kind == taken.act and meld in ((), o.tiles)), None
            )
            if chosen is None:  # a meld the record writes that none of ours matches: not judged
                return
            self.out.append(self.judged(Kind.CLAIM, v, before, chosen, (passed, *made), passed.shanten))
        else:
            self.out.append(self.judged(Kind.PASS, v, before, passed, (passed, *made), passed.shanten))

    def claimed(self, meld: Meld, tile: Tile, v: View, situation: Situation, seen: Sequence[Tile]) -> Option:
        """The hand after claiming `tile` into `meld`: a kong waits for its replacement (13 tiles);
        after a chow or a pung the player discards, and the best discard is taken."""
        rest = v.concealed
        used = list(meld.tiles)
        used.remove(tile)
        for t in used:
            rest = _minus(rest, t)
        choice = f"{meld.kind} {format_tiles(meld.tiles)}"
        melds = (*v.melds, meld)
        if meld.kind == "kong":
            return self.option(choice, Hand(melds, rest, None, situation), seen, v)
        after = Hand(melds, rest[:-1], rest[-1], situation)
        best = discards(after, self.rules, seen, v.wall_left, v.opponents).discards[0]
        return _option_of(choice, best)

    def option(self, choice: str, hand: Hand, seen: Sequence[Tile], v: View) -> Option:
        """A 13-tile hand judged: shanten, copies of useful tiles left, whether a wait reaches 8, and
        its value as it stands (no tile let go)."""
        reading = shanten(hand, seen)
        reach = None
        if reading.shanten == 0:
            reach = any(w.meets_minimum for w in waits(hand, self.rules, seen).waits)
        value = hand_value(hand, self.rules, seen, v.wall_left, v.opponents)
        return Option(choice, reading.shanten, reading.useful_left, reach, value=value)

    def judged(
        self, kind: Kind, v: View, position: Hand, chosen: Option, options: Sequence[Option], before: int
    ) -> Decision:
        """A claim, pass or kong judged against the others; `options[0]` is the hand left as it is
        (the pass, the best discard instead of the kong)."""
        ranking = tuple(sorted(options, key=lambda o: o.merit()))
        judgement = judge(ranking, chosen, [o.choice for o in ranking], [o.useful_left for o in ranking])
        return self.ranked(kind, v, position, chosen.choice, (before, chosen.shanten), ranking, judgement)

    def ranked(
        self,
        kind: Kind,
        v: View,
        position: Hand,
        choice: str,
        shanten: tuple[int, int],
        ranking: tuple[Choice, ...],
        judgement: Judgement,
        dealt_in: bool = False,
    ) -> Decision:
        """A decision among ranked choices: the shanten before and after, the verdict and the loss."""
        return self.decision(
            kind,
            v,
            position,
            choice,
            shanten_before=shanten[0],
            shanten_after=shanten[1],
            ranking=ranking,
            verdict=judgement.verdict,
            shanten_lost=judgement.shanten_lost,
            useful_lost=judgement.useful_lost,
            loss=judgement.loss,
            reason=judgement.reason,
            dealt_in=dealt_in,
        )

    def missed(self, tile: Tile, self_drawn: bool, robbing: bool = False) -> None:
        """A Hu of 8 or more on `tile` the seat did not declare: a missed Hu."""
        v = self.view()
        concealed = _minus(v.concealed, tile) if self_drawn else v.concealed
        counts = counts_of(concealed)
        melds = len(v.melds)
        if len(concealed) != FOUR_SETS.waiting(melds) or tile.index not in completing_tiles(counts, melds):
            return
        last = self.table.seats[self.seat].last_cause == KONG_CAUSE
        situation = self.situation(
            v, self_drawn=self_drawn, wall_last=v.wall_left == 0, kong=robbing or (self_drawn and last)
        )
        seen = v.seen if self_drawn else _minus(v.seen, tile)
        hand = Hand(v.melds, concealed, None, situation)
        wait = next((w for w in waits(hand, self.rules, seen).waits if w.tile == tile), None)
        result = None if wait is None else wait.self_drawn if self_drawn else wait.discard
        if result is None or not result.meets_minimum:
            return
        assert wait is not None
        won = Hand(v.melds, concealed, tile, dataclasses.replace(situation, last_copy=wait.last_copy))
        self.out.append(
            self.decision(
                Kind.MISSED_HU,
                v,
                won,
                tile.code,
                shanten_before=-1,
                shanten_after=None,
                ranking=(),
                verdict=Verdict.WORSE,
                score=result.total,
                reason=msg("review.reason.missed-hu", tile=tile.code, score=result.total),
            )
        )


_JUDGED = frozenset({Act.DISCARD, Act.CONCEALED_KONG, Act.ADDED_KONG, Act.FALSE_WIN})  # judged before they are played
_NEEDS = {Act.DISCARD: 1, Act.CONCEALED_KONG: 4, Act.ADDED_KONG: 1}


def _playable(v: View, event: Event) -> Tile | None:
    """The tile of a discard or kong the seat can make (14 tiles, the tile held, for an added kong
    its pung), else None."""
    tile = event.tile
    if tile is None or len(v.concealed) != FOUR_SETS.tiles(len(v.melds)) or v.concealed.count(tile) < _NEEDS[event.act]:
        return None
    return tile if event.act is not Act.ADDED_KONG or any(_is_pung(m, tile) for m in v.melds) else None


_IDLE = frozenset({Act.PASS, Act.DECLINE, Act.FLOWER})  # acts that leave the drawn tile where it is


def discard_decision(walk: _Walk, v: View, drawn: Tile | None, choice: Tile, dealt_in: bool = False) -> Decision:
    """A discard judged: the 14 tiles before it ranked as `mcr-score discards` ranks them (the same
    ranking, `advice.rank`), with the wall and the opponents as the seat sees them."""
    position = _fourteen(v, drawn, walk.situation(v))
    ranking = discards(position, walk.rules, v.seen, v.wall_left, v.opponents).discards
    chosen = next(d for d in ranking if d.tile == choice)
    shanten_ = (min(c.shanten for c in ranking), chosen.shanten)  # the best may be further out
    judgement = judge(ranking, chosen, [d.tile.code for d in ranking], [d.useful_left for d in ranking])
    return walk.ranked(Kind.DISCARD, v, position, choice.code, shanten_, ranking, judgement, dealt_in)


def _option_of(choice: str, d: Discard) -> Option:
    """The hand a claim leaves, by the best discard after it (its value, that discard's)."""
    reach = any(w.meets_minimum for w in d.waits) if d.shanten == 0 else None
    return Option(choice, d.shanten, d.useful_left, reach, d.tile.code, d.value)


def _answers(events: Sequence[Event], i: int) -> tuple[Event, ...]:
    """The events that answer the discard at `i`: passes, Hus and the first claim."""
    out = []
    for e in events[i + 1 :]:
        if e.act not in ANSWERS:
            break
        out.append(e)
        if e.act in CLAIMS:
            break
    return tuple(out)


def _claims(concealed: Sequence[Tile], tile: Tile, source: int, seat: int) -> list[Meld]:
    """Every meld the seat could claim with `tile`: a kong, a pung, a chow from the player on its left."""
    held = counts_of(concealed)[tile.index]
    digit = (seat - source) % len(WINDS)
    out = []
    if held >= 3:
        out.append(Meld("kong", tile, claim=digit))
    if held >= 2:
        out.append(Meld("pung", tile, claim=digit))
    if digit == 1 and tile.index < 27:
        counts = counts_of(concealed)
        rank = tile.index % 9
        for low in range(max(0, rank - 2), min(rank, 6) + 1):
            start = tile.index - rank + low
            if all(counts[start + k] for k in range(3) if start + k != tile.index):
                out.append(Meld("chow", Tile.from_index(start), claim=rank - low + 1))
    return out


def _is_pung(meld: Meld, tile: Tile) -> bool:
    return meld.kind == "pung" and meld.tile == tile


def _minus(tiles: Sequence[Tile], tile: Tile, n: int = 1) -> tuple[Tile, ...]:
    """`tiles` without `n` copies of `tile`."""
    out = list(tiles)
    for _ in range(n):
        out.remove(tile)
    return tuple(out)


def _fourteen(v: View, drawn: Tile | None, situation: Situation) -> Hand:
    """The 14 tiles before a discard, the tile just drawn apart (after a claim: the last tile)."""
    last = drawn if drawn is not None and drawn in v.concealed else v.concealed[-1]
    return Hand(v.melds, _minus(v.concealed, last), last, situation)
