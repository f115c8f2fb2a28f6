"""Finding the games: a game is a plug-in that declares itself in the ``umpire.games``
entry-point group of its distribution, naming its :class:`~engine.core.game.GameDefinition`::

    [project.entry-points."umpire.games"]
    palestine = "engine.games.palestine:DEFINITION"

Nothing in the engine lists the games: ``engine.api`` asks this module, which loads every entry point
once per process (``refresh`` loads them again, for a distribution installed while the process runs, as
the plug-in test does). The engine's own games are declared in this project's ``pyproject.toml``.
"""

from __future__ import annotations

from importlib.metadata import entry_points

from .core.game import REGISTRY, GameDefinition, register

GROUP = "umpire.games"
_loaded = False


class PluginError(Exception):
    """An entry point of the ``umpire.games`` group that does not give a game definition."""


def load() -> dict[str, GameDefinition]:
    """Every declared game by slug (loaded the first time only)."""
    global _loaded
    if not _loaded:
        _load_all()
        _loaded = True
    return REGISTRY


def refresh() -> dict[str, GameDefinition]:
    """Loads the declared games again (a distribution added since the first load)."""
    global _loaded
    _loaded = False
    return load()


def _load_all() -> None:
    for ep in entry_points(group=GROUP):
        defn = ep.load()
        if not isinstance(defn, GameDefinition):
            raise PluginError(f"the {GROUP} entry point {ep.name!r} ({ep.value}) gives a "
                              f"{type(defn).__name__}, not a GameDefinition")
        if ep.name != defn.slug:
            raise PluginError(f"the {GROUP} entry point {ep.name!r} names the game {defn.slug!r}: the entry "
                              "point's name must be the game's slug")
        if REGISTRY.get(defn.slug) not in (None, defn):
            raise PluginError(f"two games declare the slug {defn.slug!r}")
        register(defn)
