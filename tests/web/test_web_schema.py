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
from schemathesis.config._checks import NegativeDataRejectionConfig  # noqa: E402

from mcr_score.web.api import create_app  # noqa: E402

schema = schemathesis.openapi.from_asgi("/openapi.json", create_app())
# Bad data may also be refused as too large (413: a body over the service's 8 KiB, documented in
# docs/serve.md), before it is read: a status schemathesis's default list for refused bad data lacks.
schema.config.checks.negative_data_rejection = NegativeDataRejectionConfig(
    expected_statuses=[*NegativeDataRejectionConfig().expected_statuses, 413]
)


@schema.parametrize()
@settings(max_examples=25, deadline=None, suppress_health_check=list(HealthCheck))
def test_the_service_keeps_its_schema(case: schemathesis.Case) -> None:
    case.call_and_validate(excluded_checks=[positive_data_acceptance])
