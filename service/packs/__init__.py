"""The data pack of *The First Arab-Israeli War* (issue 31): the data the rulebook text lacks, supplied by the umpire.

The text gives the rules, the odds procedure, the reinforcement schedule, the scenarios and some VP values,
but not the map, the Combat Results Tables, the Terrain Effects Table, the Events Table, the air, bridge
and terrorism tables, the Victory Point Table, the counter values or the British withdrawal schedule
(digest A.0). A pack is a directory of JSON files (digest A.16): ``pack.json`` (name, version,
``test_data``, the files) and ``map.json``, ``tec.json``, ``crt.json``, ``events.json``, ``air.json``,
``terrorism.json``, ``vp.json``, ``counters.json``, ``british_withdrawal.json``, each with its JSON Schema
in ``service/packs/schemas/`` and a ``source`` saying where its data comes from. Nothing made up is presented as the
game's: a test pack says ``"test_data": true`` and every one of its sources says "test data".

- ``check_files(files) -> list[Problem]``: every fault, with its file, JSON path, what is wrong and what is
  allowed (``check``);
- ``load_files(files) -> Pack``: the checked pack, frozen and typed, with ``pack.digest`` (``load``).
``read_pack_dir(dir)``, ``check_pack(dir)`` and ``load_pack(dir)`` read a directory (``read``). The pack lives in
the service, not the engine: checking JSON against its schemas needs the ``jsonschema`` library, and reading a
directory is I/O; the engine's hex library and combat desk take the built :class:`Pack`'s typed parts.
"""

from .check import PLACES, check_files
from .files import (
    MANIFEST,
    PARTS,
    SCHEMAS,
    PackFiles,
    Problem,
    parse_json,
    problem,
    problem_with_name,
    schema_problems,
)
from .load import (
    AirTables,
    CounterData,
    Crts,
    CrtTable,
    DieTable,
    Event,
    Face,
    GazaLine,
    Pack,
    PackError,
    VpTable,
    build_pack,
    load_files,
    pack_digest,
)
from .read import check_pack, load_pack, read_pack_dir

__all__ = [
    "PARTS", "PLACES", "SCHEMAS", "AirTables", "CounterData", "CrtTable", "Crts", "DieTable", "Event", "Face",
    "GazaLine", "MANIFEST", "Pack", "PackError", "PackFiles", "Problem", "VpTable", "build_pack", "check_files",
    "check_pack", "load_files", "load_pack", "pack_digest", "read_pack_dir", "parse_json", "problem", "problem_with_name", "schema_problems",
]
