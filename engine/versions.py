"""Versioned persisted names.

A saved game holds the names of the procedures on its stack and their stages (``state["flow"]``): a rules
change that renames one would leave old games unreadable. So every game records the ``rules_version`` it
was made under (``state["rules_version"]``); each definition states the version new games get
(``GameDefinition.rules_version``), the names a game of each version may hold (``persisted``: the golden
list, ``engine/games/<game>/data/persisted.json``, checked by ``tests/engine/test_versions.py``) and how to
bring a state from one version to the next (``migrations``).

``upgrade`` runs the written migrations in place; a state with no way to the engine's version is refused
with :class:`RulesVersionError`, which names both versions, never with a ``KeyError`` deep in the rules.
"""

from __future__ import annotations

import json
from pathlib import Path

from . import api
from .core.errors import EngineError


class RulesVersionError(EngineError):
    """A saved game this engine cannot run: made under another edition of its rules, with no migration."""

    code = "rules-version"


def version_of(state: dict) -> int:
    v = state.get("rules_version", 1)
    return v if isinstance(v, int) and not isinstance(v, bool) else -1


def problem(state: dict) -> str | None:
    """Why this engine cannot run *state* as it is and cannot migrate it, or None."""
    defn = api.definition(state["game"])
    have, want = version_of(state), defn.rules_version
    if have == want:
        return None
    if have > want:
        return (f"this {defn.title} game was saved under rules version {have}, newer than this engine's "
                f"{want}: run it on an Umpire with a newer engine")
    missing = [v for v in range(have, want) if v not in defn.migrations]
    if have < 1 or missing:
        return (f"this {defn.title} game was saved under rules version {have}; this engine runs version {want} "
                f"and has no migration from version {missing[0] if missing else have}: it cannot be run here "
                "(export it from an Umpire whose engine runs its version)")
    return None


def upgrade(state: dict) -> list[int]:
    """Brings *state* to its game's current rules version in place; returns the versions it migrated from.

    :raises RulesVersionError: no way to the current version (``problem``).
    """
    why = problem(state)
    if why:
        raise RulesVersionError(why)
    defn = api.definition(state["game"])
    done = []
    while version_of(state) < defn.rules_version:
        v = version_of(state)
        defn.migrations[v](state)
        state["rules_version"] = v + 1
        done.append(v)
    return done


def names_in(state: dict) -> set[str]:
    """The persisted names in *state*: each frame's procedure, and ``procedure/stage`` for a staged one."""
    out = set()
    for f in state.get("flow") or []:
        out.add(f["p"])
        if isinstance(f.get("stage"), str):
            out.add(f"{f['p']}/{f['stage']}")
    return out


def load_golden(path: Path) -> dict[int, frozenset]:
    """A game's golden list of persisted names by rules version, from its data file. A version whose change
    renamed nothing (a new format of the state) may give ``{"as": "1"}``: the names of the version named."""
    data = json.loads(path.read_text(encoding="utf-8"))["versions"]
    return {int(v): frozenset(data[names["as"]] if isinstance(names, dict) else names) for v, names in data.items()}
