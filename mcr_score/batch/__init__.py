"""Batch scoring: many recorded hands in, one output record per input record, in input order.

Three layers, each usable on its own:

1. Reading (`reading`): a byte stream becomes numbered records, one line at a time.
2. Scoring one record (`score_line`, `score_record`, `score_notation`, in `records`): a pure
   function of the record and the rule profile that never raises for a bad record: the function
   to call from Dask, Spark or any other engine.
3. Running (`run`, in `runner`; `process`, in `pool`): chunks of records scored in this process or
   in worker processes, written in order; `--resume`, progress, interrupts.

The other modules: `output` (JSON lines and CSV),
`tally` (the summary), `resume`, `progress`, `errors` (the batch's error codes); claims are read and
checked by the core's `mcr_score.systems.mcr.claims` (`Claim` is named here too).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from mcr_score.lazy import attributes
from mcr_score.notation import MAX_NOTATION

if TYPE_CHECKING:
    from mcr_score.batch.errors import BatchError
    from mcr_score.batch.output import CSV_COLUMNS, OUTPUT_FORMATS, OutputRecord
    from mcr_score.batch.pool import default_jobs, process
    from mcr_score.batch.reading import INPUT_FORMATS, MAX_LINE, RawLine, input_format
    from mcr_score.batch.records import MAX_PROBLEMS, score_line, score_notation, score_record
    from mcr_score.batch.runner import run
    from mcr_score.batch.tally import Outcome, Tally, summary_text
    from mcr_score.systems.mcr.claims import Claim

DEFAULT_CHUNK = 200  # records per task: ~0.1-0.3 s of scoring, so Ctrl-C and progress stay responsive

# Each name is imported from its module on first use (PEP 562), so that `mcr-score score`, which
# registers the batch command, does not load the worker pool and the rest at start-up.
_HOME = {
    "Claim": ".claims",  # the core's module (`mcr_score.systems.mcr.claims`): one dot more than batch's own
    "BatchError": "errors",
    "CSV_COLUMNS": "output",
    "OUTPUT_FORMATS": "output",
    "OutputRecord": "output",
    "default_jobs": "pool",
    "process": "pool",
    "INPUT_FORMATS": "reading",
    "MAX_LINE": "reading",
    "RawLine": "reading",
    "input_format": "reading",
    "MAX_PROBLEMS": "records",
    "score_line": "records",
    "score_notation": "records",
    "score_record": "records",
    "run": "runner",
    "Outcome": "tally",
    "Tally": "tally",
    "summary_text": "tally",
}


__getattr__ = attributes(__name__, _HOME, globals())


__all__ = [
    "CSV_COLUMNS",
    "DEFAULT_CHUNK",
    "INPUT_FORMATS",
    "MAX_LINE",
    "MAX_NOTATION",
    "MAX_PROBLEMS",
    "OUTPUT_FORMATS",
    "BatchError",
    "Claim",
    "Outcome",
    "OutputRecord",
    "RawLine",
    "Tally",
    "default_jobs",
    "input_format",
    "process",
    "run",
    "score_line",
    "score_notation",
    "score_record",
    "summary_text",
]
