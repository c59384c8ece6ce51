"""What the six-player variant forbids in a hand that MCR's notation can write: honours and flowers
(« Les honneurs, les fleurs et les saisons sont retirés du jeu »), a claimed chow (« Les joueurs ne
peuvent pas réclamer de chow »), and MCR's situation fields the seed does not have. Each problem is
located as `hand.check_hand` locates its own (a column in the notation, else a field)."""

from __future__ import annotations

from mcr_score.errors import HandError, ImpossibleSituationError, McrError, SituationNotInSystemError
from mcr_score.hand import Hand, Locator, Ref, Situation, field_locator
from mcr_score.messages import Message, count, msg

_PLAIN = Situation()


class TileNotInSystemError(HandError):
    """A tile (an honour, a flower) that the system's tile set does not have."""

    code = "tile-not-in-system"


class ClaimedChowError(HandError):
    """A chow declared as a meld where the system allows no chow claim."""

    code = "claimed-chow"


def check_six(
    hand: Hand, first_discard: bool = False, locate: Locator = field_locator, text: str | None = None
) -> list[McrError]:
    """Every problem of the hand under the six-player system's tile set and claims, and of a win
    « sur la 1ère tuile jetée » (a claimed discard, so never self-drawn: G7)."""
    problems: list[McrError] = []

    def add(cls: type[McrError], message: Message, ref: Ref) -> None:
        column, where = locate(ref)
        problems.append(cls(message, text=text, column=column, where=where))

    for i, meld in enumerate(hand.melds):
        if meld.kind == "chow":
            add(ClaimedChowError, msg("six.error.claimed-chow"), ("meld", i))
        elif meld.tile.is_honor:
            add(TileNotInSystemError, msg("six.error.honor", tile=meld.tile), ("meld", i))
    for i, tile in enumerate(hand.standing):
        if tile.is_honor:
            add(TileNotInSystemError, msg("six.error.honor", tile=tile), ("standing", i))
    if hand.winning is not None and hand.winning.is_honor:
        add(TileNotInSystemError, msg("six.error.honor", tile=hand.winning), ("winning",))
    s = hand.situation
    if s.flowers:
        add(
            TileNotInSystemError,
            msg("six.error.flowers", n=count("n.flower-tile", s.flowers)),
            ("situation", "flowers"),
        )
    for name in ("last_copy", "wall_last", "seat_wind", "prevalent_wind"):
        if getattr(s, name) != getattr(_PLAIN, name):
            add(SituationNotInSystemError, msg(f"six.error.situation.{name}"), ("situation", name))
    if first_discard and s.self_drawn:
        add(ImpossibleSituationError, msg("six.error.first-discard-self-drawn"), ("situation", "first_discard"))
    return problems
