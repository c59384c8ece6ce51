"""The service's inputs and the shapes of its answers, as pydantic models for validation and `/openapi.json`.

The inputs are the CLI's: one field per argument or option, named after it. The answers are not
built from these models (the endpoints return the CLI's own dicts unchanged); the models only
describe them, so the schema documents the JSON and schemathesis checks that it tells the truth.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

from mcr_score.decoding import shown
from mcr_score.errors import BadFieldError, McrError, UnknownProfileError
from mcr_score.messages import DEFAULT_LANG, LANGS, msg
from mcr_score.systems.mcr.claims import claim_from_text
from mcr_score.systems.mcr.limits import MAX_POINTS
from mcr_score.systems.mcr.profiles import DEFAULT, PROFILES
from mcr_score.systems.mcr.valuation import WALL_MOST, opponents_from_text

MAX_HAND = 200
"""The longest hand text accepted: a hand with four kongs, a suffix and flowers spelled out fits in 80."""

Wind = Literal["E", "S", "W", "N"]
if TYPE_CHECKING:
    Lang = str
else:
    Lang = Literal[LANGS]  # the catalogues' languages (`Literal` takes the tuple as its values)
"""messages.LANGS as a type: `/openapi.json` lists the languages, pydantic refuses another."""

_RULES = Field(
    DEFAULT,
    description="A built-in rule profile (house profile files are a CLI feature: the service reads no file).",
    json_schema_extra={"enum": list(PROFILES)},
)


class NoInput(BaseModel):
    """An endpoint's fields: here none. Unknown fields are refused by name (a misspelt option is not
    silently ignored), and a field is given by its name as the API documents it (`from`, not the
    attribute `discarder`)."""

    model_config = ConfigDict(extra="forbid")

    def problems(self) -> list[McrError]:
        """What the field types cannot say: each problem a named error whose `where` is its field's name."""
        return []


class RulesInput(NoInput):
    """`--rules`: a built-in profile name."""

    rules: str = _RULES

    @field_validator("rules")
    @classmethod
    def _known(cls, value: str) -> str:
        """A built-in profile: the refusal is ours (`reading.pydantic_problem` says it as it is)."""
        if value not in PROFILES:
            raise UnknownProfileError(msg("error.request.profile", name=shown(value), known=", ".join(PROFILES)))
        return value


class HandOnly(NoInput):
    """HAND, the argument of every hand command."""

    hand: str = Field(min_length=1, max_length=MAX_HAND, description="The hand in the notation (docs/notation.md).")


class SituationInput(HandOnly):
    """HAND and the situation options, one field per option (`waits` and `discards` take no `--win`)."""

    self_drawn: bool | None = Field(None, description="--self-drawn (true) / --discard (false); unset: the suffix.")
    last_tile: bool = Field(False, description="--last-tile: the winning tile was the last copy (fan 58).")
    wall_last: bool = Field(False, description="--wall-last: the last tile of the wall (fans 44/45).")
    kong: bool = Field(False, description="--kong: robbing a kong on a discard, the replacement tile on a self-draw.")
    robbing_kong: bool = Field(False, description="--robbing-kong: --kong with --discard.")
    replacement: bool = Field(False, description="--replacement: --kong with --self-drawn.")
    seat: Wind | None = Field(None, description="--seat: seat wind.")
    prevalent: Wind | None = Field(None, description="--prevalent: prevalent (round) wind.")
    flowers: int | None = Field(None, ge=0, le=8, description="--flowers: number of flowers.")


class SituatedInput(SituationInput):
    """And `--win`: `mcr-score parse`."""

    win: str | None = Field(
        None, min_length=1, max_length=8, description="--win: the winning tile (5m, E, 5z), one of the hand's tiles."
    )


class HandInput(SituatedInput, RulesInput):
    """`mcr-score score`: the hand, its situation options and `--rules`."""


class ExplainInput(HandInput):
    """`mcr-score explain`: and `--from`, the seat that discarded the winning tile."""

    discarder: Wind | None = Field(None, alias="from", description="--from: seat wind of the discarder.")
    claim: int | None = Field(
        None, ge=0, le=MAX_POINTS, description="--claim: the total claimed at the table (flowers included)."
    )
    claim_fans: str | None = Field(
        None,
        max_length=MAX_HAND,
        description="--claim-fans: the fans claimed, e.g. 28,62,69x2 (each at most as often as a hand can count it).",
    )

    def problems(self) -> list[McrError]:
        """The claimed fans read by the one claims reader (each fan at most as often as a hand can
        count it, read without expanding a count): its error, named by this field. A field given
        with no fan in it (`" "`) is refused too: the claim was meant and names nothing."""
        if self.claim_fans is None:
            return []
        try:
            claim = claim_from_text(None, self.claim_fans)
        except McrError as e:
            e.where = "claim_fans"
            return [e]
        if claim is None:
            return [BadFieldError(msg("error.claimed.no-fans"), where="claim_fans")]
        return []


_SEEN = Field(
    "",
    max_length=MAX_HAND,
    description="--seen: tiles other players have shown (discards, their melds), e.g. 335m7pEE: fewer copies left.",
)


class WaitsInput(SituationInput, RulesInput):
    """`mcr-score waits` and `mcr-score discards`: the hand, its situation, `--rules` and `--seen`."""

    seen: str = _SEEN


MAX_OPPONENTS_TEXT = 800
"""`opponent`, at most: three opponents of 40 discards each, with what they let go written out."""


class DiscardsInput(WaitsInput):
    """`mcr-score discards`: and `--wall` and `--opponent`, the opponents as the option writes each,
    separated by spaces, read by the option's own reader."""

    wall: int | None = Field(
        None,
        ge=0,
        le=WALL_MOST,
        description="--wall: the tiles left in the wall; unset: estimated from the tiles seen.",
    )
    opponent: str = Field(
        "",
        max_length=MAX_OPPONENTS_TEXT,
        description="--opponent, once per opponent: each D:M[:S][/TILES[/NOW[/BEFORE]]], separated by spaces "
        "(at most three), e.g. 9:2:s/19m5p 8:0; empty: three opponents sharing the tiles seen.",
    )

    def problems(self) -> list[McrError]:
        """Each opponent read by `--opponent`'s reader, and at most three: a problem names this field."""
        try:
            opponents_from_text(self.opponent, where="opponent")
        except McrError as e:
            return [e]
        return []


class ShantenInput(HandOnly):
    """`mcr-score shanten`: the hand and `--seen` (no situation, no rules: shanten is about shape)."""

    seen: str = _SEEN


class EditInput(HandOnly):
    """The page's picker: the hand so far (empty at first) and one tap (mcr_score/web/picker.py)."""

    hand: str = Field("", max_length=MAX_HAND, description="The hand so far in the notation; empty: no tile yet.")
    edit: str = Field(
        "",
        max_length=40,
        description="One tap: add MODE TILE, remove I, win I, unmeld I, flower L, "
        "self-drawn|last-copy|wall-last|kong 0|1, prevalent|seat WIND; empty: the hand as it is.",
    )


class TextInput(HandInput):
    """A hand command's text output: `--lang`."""

    lang: Lang = DEFAULT_LANG


class ExplainTextInput(ExplainInput):
    lang: Lang = DEFAULT_LANG


# ---- answers -------------------------------------------------------------------------------------


class _Open(BaseModel):
    """A described object: the listed fields, and the CLI may add more."""

    model_config = ConfigDict(extra="allow")


class ErrorDetail(_Open):
    code: str = Field(description="Stable code: illegal-character, too-many-copies, bad-request, ...")
    message: str = Field(description="In English, as in the CLI's JSON.")
    column: int | None = Field(None, description="1-based column in the hand text.")
    where: str | None = Field(None, description="The field or option at fault.")
    problems: list[dict[str, Any]] | None = Field(None, description="Every problem, when there are several.")


class ErrorBody(_Open):
    ok: Literal[False]
    error: ErrorDetail


class FanOut(_Open):
    id: int
    name: str
    points: int
    count: int
    sets: list[list[str]]


class NotCountedOut(_Open):
    id: int
    name: str
    rule: str
    by: int | None
    sets: list[list[str]]
    by_sets: list[list[str]]


class ScoreBody(_Open):
    """`mcr-score score --json` (docs/python-api.md: `score --json`)."""

    ok: Literal[True]
    rules: str
    winning: bool
    reason: str | None
    total: int
    points: int
    flower_points: int
    meets_minimum: bool
    minimum: int = Field(description="The least points a valid Hu scores, flowers kept out (8).")
    short_by: int | None = Field(
        description="The points a winning hand lacks to reach the minimum (0 when it does); null when it does not win."
    )
    form: str | None
    win_tile: str | None
    win_set: list[str] | None
    wait: str | None
    fans: list[FanOut]
    not_counted: list[NotCountedOut]
    arrangement: list[dict[str, Any]]
    alternatives: list[dict[str, Any]]


class ParseBody(_Open):
    """`mcr-score parse --json`."""

    ok: Literal[True]
    canonical: str
    melds: list[dict[str, Any]]
    standing: list[str]
    winning: str | None
    waiting: bool
    situation: dict[str, Any]


class ExplainBody(_Open):
    """`mcr-score explain --json`."""

    ok: Literal[True]
    hand: str
    rules: str
    verdict: dict[str, Any]
    form: str | None
    winning_tile: str | None
    wait: str | None
    arrangement: list[dict[str, Any]]
    fans: list[dict[str, Any]]
    not_counted: list[dict[str, Any]]
    alternatives: list[dict[str, Any]]
    situation: dict[str, Any]
    payments: Any
    claim: dict[str, Any] | None = Field(None, description="With claim or claim_fans: the claim checked.")


class WaitsBody(_Open):
    """`mcr-score waits --json`: each winning tile with the scores of the win on a discard and self-drawn."""

    ok: Literal[True]
    rules: str
    ready: bool
    waits: list[dict[str, Any]]


class EditBody(_Open):
    """The page's picker: the hand after the tap, as the page shows it."""

    ok: Literal[True]
    notation: str = Field(description="The hand in the canonical notation, without the default |EE0000.")
    melds: list[dict[str, Any]]
    tiles: list[str] = Field(description="The concealed tiles, the winning tile last.")
    winning: str | None
    flowers: str
    situation: dict[str, Any]
    columns: dict[str, int] = Field(description="The column of each situation field in the notation.")
    count: dict[str, int] = Field(description="held, full and missing tiles, a declared meld counting 3.")
    question: Literal["score", "waits", "none"]
    picker: dict[str, Any] = Field(description="rows: the picker's tiles; refused: per mode, tile -> message id.")


class ShantenBody(_Open):
    """`mcr-score shanten --json`."""

    ok: Literal[True]
    shanten: int
    forms: dict[str, Any]
    useful: list[str]
    useful_left: int


class DiscardsBody(_Open):
    """`mcr-score discards --json`."""

    ok: Literal[True]
    rules: str
    discards: list[dict[str, Any]]


class FanRow(_Open):
    """One row of `mcr-score fans --json`."""

    id: int
    names: dict[str, str]
    points: int | None
    rules: str


class FanDetail(FanRow):
    """`mcr-score fan N --json`."""

    definition: str
    cite: str
    example: dict[str, Any]


class RulesBody(_Open):
    """`mcr-score rules --json`."""

    ok: Literal[True]
    default: str
    profiles: list[dict[str, Any]]
    switches: list[dict[str, Any]]


class SessionBody(_Open):
    """`mcr-score session --json`: the settled score sheet."""

    ok: Literal[True]
    players: list[str]
    hands: list[dict[str, Any]]
    totals: list[int]
    table_points: list[float]
    ranks: list[int]
