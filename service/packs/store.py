"""The service's part in playing on a data pack (issue 31): the engine registers a pack by digest
(``engine.games.first_arab_israeli_war.packs``) and asks the service for two things it does not own.

- :func:`check`: the pack checks (JSON Schemas and consistency, ``check_files``) run on a pack given whole as the
  game option ``pack`` when a game is created;
- :func:`finder`: where a process that has not seen a pack yet finds it: the options of the game created on it
  (a game keeps its pack in its options, so its export holds the data it was played on).
:func:`install` gives both to the engine; the web process and the workers call it as the app is made.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping

from sqlalchemy import select
from sqlalchemy.exc import SQLAlchemyError

from engine.games.first_arab_israeli_war import packs
from engine.games.first_arab_israeli_war.pack import PARTS, file_name, pack_digest

from .check import check_files
from .files import PackFiles

#: The games whose option ``pack`` is a data pack.
GAME = "first-arab-israeli-war"
log = logging.getLogger(__name__)


def check(manifest: Mapping, data: Mapping) -> list[str]:
    """Every problem of a pack given whole (``{"manifest", "files"}`` of the option ``pack``), one a line."""
    files = PackFiles(manifest=manifest, data={p: data[p] for p in PARTS if p in data},
                      names={p: file_name(manifest, p) for p in PARTS})
    for p in PARTS:
        if p not in data:
            return [f"the pack has no {p} file: a pack has {', '.join(PARTS)} (digest A.16)"]
    return [str(p) for p in check_files(files)]


def finder(sessions):
    """``(digest) -> (manifest, files) | None`` reading the options of the games on a pack (*sessions*: a
    sessionmaker of the service's database)."""
    def find(digest: str):
        from ..models import Game  # the models import the engine: imported when first used

        try:
            with sessions() as s:
                for (options,) in s.execute(select(Game.options).where(Game.game == GAME)):
                    pack = (options or {}).get("pack")
                    if isinstance(pack, Mapping) and isinstance(pack.get("manifest"), Mapping) and isinstance(
                            pack.get("files"), Mapping) and pack_digest(pack["manifest"], pack["files"]) == digest:
                        return pack["manifest"], pack["files"]
        except SQLAlchemyError as e:  # the database is not there (a process whose app is gone): not found here
            log.warning("looking for the data pack %s in the database failed: %s", digest[:12], e)
        return None
    return find


def install(sessions=None) -> None:
    """Gives the engine the pack checks and, with *sessions*, the finder of packs in the database."""
    packs.set_checker(check)
    if sessions is not None:
        packs.set_finder(finder(sessions))
