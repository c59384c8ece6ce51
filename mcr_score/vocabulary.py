"""The words the results are written in, one spelling each: every value here is what the JSON writes.

Each is a `StrEnum`, so a member is also its text: it compares equal to the string, hashes as the
string and `json.dumps` writes the string. Code names the member (`Form.SEVEN_PAIRS`); the string
appears once, here. The engine's hot modules bind the members they test to module names
(`SEVEN_PAIRS = Form.SEVEN_PAIRS`): a module name is read faster than an enum's attribute.

Declared melds keep their kinds as plain text in `hand.Meld` (its `repr` rebuilds the meld); the
readers give it `Kind`'s values, and the engine reads them as `Kind`s (`arrangements.meld_set`).
"""

from __future__ import annotations

from enum import StrEnum


class Form(StrEnum):
    """The five winning forms (R98 Art. 8), in the order the arrangements and the shanten list them."""

    STANDARD = "standard"  # four sets and a pair
    SEVEN_PAIRS = "seven-pairs"
    THIRTEEN_ORPHANS = "thirteen-orphans"
    HONORS_AND_KNITTED = "honors-and-knitted"  # lesser and greater honors and knitted tiles
    KNITTED_STRAIGHT = "knitted-straight"  # the knitted straight with one more set and a pair


class Kind(StrEnum):
    """What a group of tiles is: a meld's kind (chow, pung, kong), or the pair, the knitted tiles of
    the knitted forms and the single tiles of thirteen orphans in an arrangement."""

    CHOW = "chow"
    PUNG = "pung"
    KONG = "kong"
    PAIR = "pair"
    KNITTED = "knitted"
    SINGLE = "single"


MELD_KINDS = (Kind.CHOW, Kind.PUNG, Kind.KONG)
"""The kinds a declared meld can be, written once (`hand.MELD_KINDS` is these, as plain texts)."""


class Wait(StrEnum):
    """How the winning tile completed its group: the 3 of 1-2 or the 7 of 8-9 (edge), the middle of a
    chow (closed), either end of a two-sided chow (open), a pung, or a pair. Knitted tiles have no
    wait shape: they are not sets."""

    EDGE = "edge"
    CLOSED = "closed"
    OPEN = "open"
    PUNG = "pung"
    PAIR = "pair"


class Reason(StrEnum):
    """Why a hand does not win: a waiting hand of 13 tiles, or 14 tiles in no winning shape."""

    WAITING = "waiting"
    NO_SHAPE = "no-shape"


class Rule(StrEnum):
    """The rule that removed a fan found but not counted (`exclusions`, R98 Art. 10 一(五))."""

    IMPLIED = "implied"  # 不重复: a bigger fan implies it, or a higher fan of its series counts
    SAME_SET = "same-set"  # the same set already counts in the fan responsible
    NON_SEPARATION = "non-separation"  # 不拆移
    NON_IDENTICAL = "non-identical"  # 不得相同
    ACCOUNT_ONCE = "account-once"  # 套算一次


class EngineFlag(StrEnum):
    """Readings of profile switches that data cannot express (`profiles.Option.flags`); each is read
    in exactly one place of the engine."""

    DISCARD_PUNG_CONCEALED = "discard-pung-concealed"  # a pung completed by the winning discard stays concealed
    LIVE_WAITS_ONLY = "live-waits-only"  # a kind whose four copies the winner holds is not a wait
    TILE_HOG_SUITS_ONLY = "tile-hog-suits-only"  # Tile Hog counts four of a suit tile only


class DecisionKind(StrEnum):
    """A decision of a player that `review` judges (docs: README "Game review")."""

    DISCARD = "discard"  # a tile let go from 14
    CLAIM = "claim"  # a chow, pung or kong made on another player's discard
    PASS = "pass"  # such a claim left
    KONG = "kong"  # a concealed kong, or a drawn tile added to an exposed pung
    HU = "hu"  # a Hu declared of 8 points or more
    MISSED_HU = "missed-hu"  # a tile that completed a Hu of 8 or more, not taken
    FALSE_HU = "false-hu"  # a Hu declared below 8 points, or one the record marks wrong


class Method(StrEnum):
    """How a decision's chance of a valid Hu is found (`systems.mcr.valuation`)."""

    READY = "ready"  # from the waits and their copies left
    ONE_SHANTEN = "one-shanten"  # from the draws that reach a valid ready hand
    FAR = "far"  # an estimate from the shanten, the useful copies and sampled completions scored


class Verdict(StrEnum):
    """How a decision compares with the best one open to the player."""

    BEST = "best"
    EQUAL_BEST = "equal-best"  # another choice ranks the same
    WORSE = "worse"
