"""Kenya is registered for its own tests only while it is being built (issue 28: it has no entry point
until it can be played), and unregistered after each test module, so that no other test meets a game that
cannot yet be played."""

from __future__ import annotations

import pytest

from engine.core.game import REGISTRY


@pytest.fixture(scope="module", autouse=True)
def kenya():
    from engine.games.kenya import DEFINITION
    REGISTRY[DEFINITION.slug] = DEFINITION
    try:
        yield DEFINITION
    finally:
        REGISTRY.pop(DEFINITION.slug, None)
