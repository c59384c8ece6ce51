"""schemathesis against `/openapi.json`: generated requests for every operation (bounded: a few dozen
examples each, in process through ASGI). No answer is a server error, and every answer matches the
documented schema, status code and content type. A valid-looking request may still be a hand the
engine rejects (422), so `positive_data_acceptance` is not asked; the rest of the default checks are.
"""

from __future__ import annotations

import pytest

pytest.importorskip("fastapi")
schemathesis = pytest.importorskip("schemathesis")

from hypothesis import HealthCheck, settings  # noqa: E402
from schemathesis.checks import positive_data_acceptance  # noqa: E402

from mcr_score.web.api import create_app  # noqa: E402

schema = schemathesis.openapi.from_asgi("/openapi.json", create_app())


@schema.parametrize()
@settings(max_examples=25, deadline=None, suppress_health_check=list(HealthCheck))
def test_the_service_keeps_its_schema(case: schemathesis.Case) -> None:
    case.call_and_validate(excluded_checks=[positive_data_acceptance])
