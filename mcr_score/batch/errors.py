"""The error codes of batch records, and `BatchError`, the one error that stops a whole run.

A record's problem never stops the run: it becomes that record's error record. The field errors
of the JSON record form (`bad-field`, `unknown-field`) belong to `mcr_score.notation.record`.
"""

from __future__ import annotations

from mcr_score.errors import McrError, RecordError


class EmptyRecordError(RecordError):
    code = "empty-record"


class OversizedRecordError(RecordError):
    code = "oversized"


class EncodingError(RecordError):
    code = "encoding"


class BadJsonError(RecordError):
    code = "bad-json"


class BadCsvError(RecordError):
    code = "bad-csv"


class InternalError(RecordError):
    """A bug: an unexpected exception while scoring this record (please report it with the record)."""

    code = "internal-error"


class UnreplayableError(RecordError):
    """A hand of a game record that cannot be replayed (`batch --from`): the message names the game,
    the hand and the action (the replay's own `games.ReplayError`, as a batch record's error)."""

    code = "unreplayable"


class BadGameRecordError(RecordError):
    """A game record file that stops being one midway (`batch --from`): the message names the file
    and the field."""

    code = "bad-game-record"


# The problems the reader finds in a line before anyone reads it, by code.
LINE_ERRORS: dict[str, type[RecordError]] = {
    c.code: c for c in (OversizedRecordError, EncodingError, UnreplayableError, BadGameRecordError)
}


class BatchError(McrError):
    """A problem with the run itself (not one record): a bad CSV header, an output that does not
    belong to the input on --resume. The CLI reports it as a usage error (exit 2)."""

    code = "batch"
    exit_code = 2


class BatchWriteError(BatchError):
    """The output could not be written (a full disk): not a usage error, exit 1."""

    exit_code = 1


class ClusterError(BatchError):
    """`--dask`: Dask not installed, or its scheduler out of reach: not a usage error, exit 1."""

    code = "dask"
    exit_code = 1
