"""Kenya's tests: the game's definition as a fixture."""

from __future__ import annotations

import pytest

import engine


@pytest.fixture(scope="module")
def kenya():
    return engine.definition("kenya")
