"""The First Arab-Israeli War is registered for these tests only while it is being built (issue 31): the fixture
puts its definition in the registry and takes it out after each test, so the other games' tests never see it."""

from __future__ import annotations

import pytest

from engine.core.game import REGISTRY
from engine.games.first_arab_israeli_war import DEFINITION


@pytest.fixture(autouse=True)
def faiw_registered():
    had = REGISTRY.get(DEFINITION.slug)
    REGISTRY[DEFINITION.slug] = DEFINITION
    yield DEFINITION
    if had is None:
        REGISTRY.pop(DEFINITION.slug, None)
