"""Named errors of session sheets, standings and catch-up: each an `McrError` with a stable code.

A problem of one hand names the hand (its message is `session.hand`: "hand N: ..."); every problem
of a file is reported at once (`errors.raise_all`)."""

from __future__ import annotations

from mcr_score.errors import McrError


class SessionError(McrError):
    """A session file that cannot be read as a session (format, players, settings).
    `hand` is the number of the hand at fault (its message says it too), None for the file."""

    code = "bad-session"
    hand: int | None = None


class SessionHandError(SessionError):
    """A hand of the sheet with a missing, unknown or contradictory field."""

    code = "bad-session-hand"


class TooManyHandsError(SessionError):
    code = "too-many-hands"


class EmptySessionError(SessionError):
    """A sheet with no hands: nothing was played, so there is nothing to settle and no table points."""

    code = "empty-session"


class DuplicateSessionError(SessionError):
    """Standings given the same session twice (the same players and hands), in one file or two."""

    code = "same-session"


class HandNotationError(SessionError):
    """A hand's notation that is not valid notation or an impossible hand (the engine's error, named by hand)."""

    code = "session-notation"


class WindsMismatchError(SessionError):
    """A notation whose winds (or self-draw flag) contradict the sheet's for that hand."""

    code = "winds-mismatch"


class PointsMismatchError(SessionError):
    """A hand giving both points and notation, whose notation scores another total."""

    code = "points-mismatch"


class UnbalancedError(SessionError):
    """Recorded scores of a hand whose payments do not sum to zero (penalties apart)."""

    code = "unbalanced"


class ScoresMismatchError(SessionError):
    """Recorded scores of a hand that differ from what its result pays."""

    code = "scores-mismatch"


class PlayersFileError(McrError):
    """A players file (EMA numbers and countries) that cannot be read."""

    code = "bad-players-file"


class CatchUpError(McrError):
    """Catch-up asked with other than four scores or a player outside 1-4."""

    code = "bad-catchup"
    exit_code = 2
