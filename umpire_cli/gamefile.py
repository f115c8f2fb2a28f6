"""Local game files (``umpire-game/1``): a game's state, its history and its dice seed, in one JSON file.

Local games use the same dice as the service (engine.core.dice, docs/dice.md): outcomes derived from the
seed, the game id, the action number and the digest of the actions before it. The seed of a local game
sits in the file, so everyone at the table can verify (and could predict) the dice: local play is for
practice and face-to-face umpiring.
"""

from __future__ import annotations

import json
import os
import secrets
import tempfile
from pathlib import Path

import engine
from engine.core import dice

GAME_FORMAT = "umpire-game/1"


def binder(game: dict, role: str) -> dice.Binder:
    return dice.Binder(bytes.fromhex(game["seed"]), game["id"], game["digest"], game.get("entropy", ""), role)


def new_game(slug: str, scenario: str, seed: int | None, options: dict | None = None,
             position: dict | None = None) -> dict:
    """A new local game; with *position* (a position file, docs/positions.md) it starts there. The options
    the game was made with (the position among them) are kept in the file's ``options``, so that ``umpire
    verify`` rebuilds the setup; ``setup_log`` is what the automatic steps to the first decision did."""
    seed_bytes = (seed.to_bytes(32, "big") if seed is not None else secrets.token_bytes(32))
    gid = "L-" + (f"{seed:08x}" if seed is not None else secrets.token_hex(4))
    digest = dice.first_digest(gid)
    chance = dice.DerivedChance(seed_bytes, gid, 0, digest, "")
    options = {**(options or {}), **({"position": position} if position is not None else {})}
    started = engine.api.start(slug, scenario, options, chance)
    game = {"format": GAME_FORMAT, "id": gid, "game": slug, "scenario": scenario, "seed": seed_bytes.hex(),
            "commitment": dice.commitment(seed_bytes), "digest": digest, "entropy": "",
            "setup_outcomes": chance.records, "history": [], "state": started.state}
    if position is not None:
        game["options"] = options
        game["setup_log"] = started.log
    return game


def record(game: dict, result, role: str, bnd: dice.Binder) -> None:
    """Adds a move's accepted steps (with their outcome records) to the file's history."""
    for step in result.steps:
        game["history"].append({**step, "dice": bnd.records(step["seq"])})
    game["digest"] = bnd.digest_after(result.applied)
    game["state"] = result.state


def load(path: str | Path) -> dict:
    text = Path(path).read_text(encoding="utf-8")
    try:
        game = json.loads(text)
    except json.JSONDecodeError as e:
        raise ValueError(f"{path} is not JSON: {e}") from None
    if not isinstance(game, dict) or game.get("format") != GAME_FORMAT:
        raise ValueError(f"{path} is not an Umpire game file (format {GAME_FORMAT})")
    from engine.core.errors import EngineError
    from engine.versions import upgrade
    try:  # saved under an older edition of the rules: migrated, or refused naming both (engine.versions)
        upgrade(game["state"])
    except (EngineError, KeyError, TypeError) as e:
        raise ValueError(f"{path}: {getattr(e, 'message', e)}") from None
    return game


def save(game: dict, path: str | Path) -> None:
    """Writes atomically: a crash mid-write leaves the old file whole."""
    path = Path(path)
    fd, tmp = tempfile.mkstemp(dir=path.parent or ".", prefix=".umpire-", suffix=".json")
    with os.fdopen(fd, "w", encoding="utf-8") as fh:
        json.dump(game, fh, sort_keys=True, separators=(",", ":"))
    os.replace(tmp, path)
