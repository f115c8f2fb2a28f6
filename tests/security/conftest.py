"""Fixtures of the security suite (issue 9, part 5): the service's app, client and sessions fixtures
(``tests/service/conftest.py``), with the queue replaced by a list so no broker or worker is involved."""

from __future__ import annotations

import pytest

from tests.mail.conftest import mail_app, relay  # noqa: F401  (fixtures, reused)
from tests.service.conftest import (  # noqa: F401  (fixtures, reused)
    _migrated_template,
    app,
    client,
    database_url,
    redis_url,
    sessions,
)


@pytest.fixture(autouse=True)
def queued(request):
    """Where a test uses the app: the queue is a list of the ids queued (no broker, no worker)."""
    if "app" not in request.fixturenames:
        return None
    the_app = request.getfixturevalue("app")
    ids: list[str] = []
    the_app.extensions["umpire"]["enqueue"] = ids.append
    return ids
