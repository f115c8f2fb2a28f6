"""The tiny test game (tinygame.py) installed as a plug-in the way a real game is: a distribution whose
metadata declares it in the ``umpire.games`` entry-point group, in a temporary directory put on ``sys.path``,
found by ``engine.plugins.refresh()``; everything undone after each test module. The service's and the
mail's fixtures are the suites' own (tests/service/conftest.py, tests/mail/conftest.py)."""

from __future__ import annotations

import importlib
import sys
from contextlib import contextmanager
from pathlib import Path

import pytest

import engine
from engine import plugins
from engine.core import flow, notation
from engine.core.game import REGISTRY
from tests.mail.conftest import mail_app, relay  # noqa: F401  (fixtures)
from tests.service.conftest import _migrated_template, app, client, database_url, sessions  # noqa: F401  (fixtures)

SLUG = "tinygame"
MODULE = "tests.plugin_game.tinygame"


@contextmanager
def installed(site: Path):
    """The distribution ``tinygame-0.1`` installed in *site* (METADATA and entry_points.txt, as pip writes
    them), *site* on ``sys.path`` and the plug-ins loaded again; its game's definition. Afterwards the
    path, the registry, the game's procedures and verbs and its module are as they were."""
    dist = site / "tinygame-0.1.dist-info"
    dist.mkdir()
    (dist / "METADATA").write_text("Metadata-Version: 2.1\nName: tinygame\nVersion: 0.1\n", encoding="utf-8")
    (dist / "entry_points.txt").write_text(f"[{plugins.GROUP}]\n{SLUG} = {MODULE}:DEFINITION\n", encoding="utf-8")
    sys.path.insert(0, str(site))
    importlib.invalidate_caches()
    try:
        plugins.refresh()
        yield engine.definition(SLUG)
    finally:
        sys.path.remove(str(site))
        importlib.invalidate_caches()
        REGISTRY.pop(SLUG, None)
        flow.forget(MODULE)
        notation.forget(MODULE)
        sys.modules.pop(MODULE, None)
        plugins.refresh()


@pytest.fixture(scope="module", autouse=True)
def tinygame(tmp_path_factory):
    with installed(tmp_path_factory.mktemp("site")) as defn:
        yield defn
    assert SLUG not in {g["slug"] for g in engine.games()}, "the plug-in is still registered"
