"""``load_pack``: a checked data pack as a frozen, typed :class:`Pack`.

The rulebook text gives the rules but not the map, the CRTs, the terrain effects, the events, air, bridge
and terrorism tables, the VP table, the counters or the British withdrawal schedule (digest A.0): the
umpire supplies them as a pack (digest A.16). :func:`load_pack` reads a pack's directory, refuses it with a
:class:`PackError` listing every problem (``check.check_files``), and otherwise builds the :class:`Pack`:
``pack.map`` an ``engine.hexwar.terrain.MapData``, ``pack.tec`` a ``Tec`` (both through their
constructors), ``pack.crt``, ``pack.events``, ``pack.air``, ``pack.terrorism``, ``pack.vp``,
``pack.counters``, ``pack.british_withdrawal``, the reinforcement areas and named places resolved to hex
labels, and ``pack.digest``: the SHA-256 of the canonical JSON of every file (``engine.core.canonical``),
the same however the files are laid out and different when any value in any file changes. The typed
parts are the engine's (``engine.games.first_arab_israeli_war.pack``), which the game builds on; the checks are
the service's.
"""

from __future__ import annotations

from engine.games.first_arab_israeli_war.pack import (
    AirTables,
    CounterData,
    Crts,
    CrtTable,
    DieTable,
    Event,
    Face,
    GazaLine,
    Modifier,
    Pack,
    VpTable,
    build_pack,
    pack_digest,
)

from .check import check_files
from .files import PackFiles, Problem


class PackError(ValueError):
    """A pack that does not pass ``check_pack``: ``problems`` lists every fault, one a line in the message."""

    def __init__(self, problems: list[Problem]):
        self.problems = list(problems)
        n = len(self.problems)
        super().__init__(f"the data pack has {n} problem{'s' if n != 1 else ''}:\n"
                         + "\n".join(f"  {p}" for p in self.problems))


def files_digest(files: PackFiles) -> str:
    """The digest of a read pack (``pack_digest`` of its manifest and files)."""
    return pack_digest(files.manifest, files.data)


def load_files(files: PackFiles) -> Pack:
    """The :class:`Pack` of *files*, or a :class:`PackError` with every problem (pure)."""
    problems = check_files(files)
    if problems:
        raise PackError(problems)
    return build_pack(files.manifest, files.data)



__all__ = ["AirTables", "CounterData", "CrtTable", "Crts", "DieTable", "Event", "Face", "GazaLine", "Modifier",
           "Pack", "PackError", "VpTable", "build_pack", "load_files", "pack_digest"]

