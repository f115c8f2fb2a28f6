"""The rules a game runs on: engine version, rules edition, data version and the rulings
in force, each with its rule number, text and provenance, read from the game's own data files."""

from __future__ import annotations

import hashlib
import importlib
import json
from functools import cache
from pathlib import Path

import engine

from .models import Game


def data_dir(slug: str) -> Path:
    """The game's data folder: ``data/`` in the package of the module of its setup (``engine.games.palestine``
    for ``engine.games.palestine.setup``), or beside that module if it is in no package. It may not exist:
    a game may have no data files (no rulings, no board layout)."""
    module = importlib.import_module(engine.definition(slug).setup.__module__)
    spec = module.__spec__
    package = spec.parent if spec is not None and spec.parent and not hasattr(module, "__path__") else None
    where = importlib.import_module(package) if package else module
    return Path(where.__file__).resolve().parent / "data"


@cache
def data_version(slug: str) -> str:
    """SHA-256 (first 16 hex digits) over the game's data files (map, cards, rulings, layout), by name:
    a game records it at creation, so a change to the data shows as a different version."""
    h = hashlib.sha256()
    for path in sorted(data_dir(slug).glob("*.json")):
        h.update(path.name.encode() + b"\0" + path.read_bytes() + b"\0")
    return h.hexdigest()[:16]


@cache
def _rulings_file(slug: str) -> dict:
    path = data_dir(slug) / "rulings.json"
    return json.loads(path.read_text(encoding="utf-8")) if path.is_file() else {"rulings": []}


def rulings_in_force(game: Game) -> dict:
    """The game's versions and its rulings in force (those it recorded at creation), each with its rule
    number, text and provenance (``ruling``: our decision where the text is silent or contradicts itself)."""
    data = _rulings_file(game.game)
    by_id = {r["id"]: r for r in (engine.definition(game.game).rulings or (lambda: data["rulings"]))()}
    rows = []
    for rid in game.rulings or []:
        r = by_id.get(rid)
        if r is None:  # recorded by an older data version that no longer has it
            rows.append({"id": rid, "rule": "", "text": "", "provenance": "ruling",
                         "note": "not in this data version any more"})
            continue
        row = {"id": rid, "rule": r.get("rule", ""), "text": r.get("ruling", r.get("text", "")),
               "provenance": r.get("provenance", "ruling")}
        if r.get("alternatives"):  # the umpire may have chosen another reading (engine.core.ruling_choice)
            picked = ((game.state or {}).get("rulings") or {}).get(rid)
            row.update(choice=picked or r["default"], choices=dict(r["alternatives"]),
                       text=r["alternatives"][picked or r["default"]])
            if picked:
                row["provenance"] = "umpire's choice at creation"
        rows.append(row)
    over = (game.state or {}).get("map")
    if over:  # the umpire's corrections of inferred adjacency, chosen at creation (engine.coin.map_overrides)
        for verb, edges in (("removed", over["remove"]), ("added", over["add"])):
            for a, b in edges:
                rows.append({"id": f"MAP-{verb.upper()}-{a}-{b}", "rule": "1.3",
                             "text": f"{a} and {b} are {'not ' if verb == 'removed' else ''}adjacent in this game "
                                     f"(edge {verb} by the umpire at creation)",
                             "provenance": f"umpire: {over['citation']}"})
    return {"id": game.id, "game": game.game, "engine_version": game.engine_version,
            "rules_edition": game.rules_version, "data_version": game.data_version or "unrecorded",
            "source": data.get("source", ""), "rulings": rows}
