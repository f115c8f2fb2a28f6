"""Local game files (``umpire-game/1``): a game's state, its history and its chance seed, in one JSON file.

The seed of a local game sits in the file: local play is for practice and umpiring at a table, where
everyone may read it. Outcome *k* of action *n* comes from ``HMAC-SHA256(seed, id|n|counter)``, so a
replay of the same actions gives the same dice.
"""

from __future__ import annotations

import json
import os
import secrets
import tempfile
from pathlib import Path

import engine
from engine.core.chance import SeededChance

GAME_FORMAT = "umpire-game/1"


def chance_for(game: dict):
    seed = bytes.fromhex(game["seed"])
    return lambda n: SeededChance(seed, context=f"{game['id']}|{n}")


def new_game(slug: str, scenario: str, seed: int | None) -> dict:
    seed_bytes = (seed.to_bytes(16, "big") if seed is not None else secrets.token_bytes(16))
    gid = "L-" + (f"{seed:08x}" if seed is not None else secrets.token_hex(4))
    game = {"format": GAME_FORMAT, "id": gid, "game": slug, "scenario": scenario, "seed": seed_bytes.hex(),
            "history": []}
    game["state"] = engine.setup(slug, scenario, {}, SeededChance(seed_bytes, context=f"{gid}|setup"))
    return game


def load(path: str | Path) -> dict:
    text = Path(path).read_text(encoding="utf-8")
    try:
        game = json.loads(text)
    except json.JSONDecodeError as e:
        raise ValueError(f"{path} is not JSON: {e}") from None
    if not isinstance(game, dict) or game.get("format") != GAME_FORMAT:
        raise ValueError(f"{path} is not an Umpire game file (format {GAME_FORMAT})")
    return game


def save(game: dict, path: str | Path) -> None:
    """Writes atomically: a crash mid-write leaves the old file whole."""
    path = Path(path)
    fd, tmp = tempfile.mkstemp(dir=path.parent or ".", prefix=".umpire-", suffix=".json")
    with os.fdopen(fd, "w", encoding="utf-8") as fh:
        json.dump(game, fh, sort_keys=True, separators=(",", ":"))
    os.replace(tmp, path)
