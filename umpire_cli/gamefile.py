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
from engine.core import canonical, dice
from engine.core.errors import EngineError
from engine.core.replay import RecordedChance, ReplayMismatch, apply_recorded

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
        game["setup_log"] = started.log
    if options:
        game["options"] = options  # what verify rebuilds the setup from (a position, a data pack...)
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
    from engine.versions import upgrade
    try:  # saved under an older edition of the rules: migrated, or refused naming both (engine.versions)
        upgrade(game["state"])
        engine.restore(game["game"], game.get("options"))  # what the options hold outside the state (a pack)
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


# -- the PDFs of a local game (``umpire render GAMEFILE``, issue 27) ---------------------------------------

def moves(game: dict) -> list[dict]:
    """The file's moves as the service's move log gives them (``service.games.move_log``): position 0 the
    setup, with its outcomes, then every step of the history with its log and its outcome records (the
    inputs of each die, draw and shuffle; the seed is in the file, so every value is shown)."""
    out = [{"seq": 0, "role": "umpire", "action": "setup", "log": game.get("setup_log", []),
            "outcomes": game.get("setup_outcomes", [])}]
    return out + [{"seq": h["seq"], "role": h["role"], "action": h["action"], "log": h.get("log", []),
                   "outcomes": h.get("dice", [])} for h in game["history"]]


def states_at(game: dict, positions: list[int]) -> dict[int, dict]:
    """The states of the file's game at *positions* (0, the setup, to the current one), each a copy: the
    setup made again from its recorded outcomes, then the history replayed with its own (as ``umpire
    verify`` does; ``engine.core.replay``).

    :raises ValueError: a position outside the game, or a history that does not replay (the message says
    where).
    """
    seq = game["state"].get("seq", len(game["history"]))
    bad = [p for p in positions if isinstance(p, bool) or not isinstance(p, int) or not 0 <= p <= seq]
    if bad:
        raise ValueError(f"no position {bad[0]!r} in {game['id']}: positions run from 0 (the setup) to {seq}")
    wanted, out, p = sorted(set(positions)), {}, 0
    options = game.get("options") or game["state"].get("options") or {}
    try:
        state = engine.setup(game["game"], game["scenario"], options, RecordedChance(game.get("setup_outcomes", [])))
        recorded = iter(moves(game)[1:])
        at = 0
        for p in wanted:
            while at < p:
                m = next(recorded)
                apply_recorded(state, m)
                at = m["seq"]
            out[p] = canonical.copy(state)
    except (ReplayMismatch, EngineError, StopIteration) as e:
        raise ValueError(f"{game['id']}: the history does not replay to position {p}: "
                         f"{getattr(e, 'message', e) or 'it ends before it'}") from None
    return out


def summary(game: dict) -> dict:
    """What the PDFs say of the file's game, as the service's summary of a game (``service.games.summary``):
    a local game has no title and no dates."""
    state = game["state"]
    return {"id": game["id"], "game": game["game"], "scenario": game["scenario"], "title": "",
            "seq": state.get("seq", len(game["history"])), "commitment": game["commitment"],
            "outcome": engine.outcome(state), "created_at": "not recorded (a local game file)",
            "updated_at": "not recorded (a local game file)"}


def prompts(game: dict, viewer: str | None = None) -> dict:
    """What each role that must act now is asked, with its orders (nobody, once the game is over), as *viewer*
    may see it (``engine.open_prompt``)."""
    state = game["state"]
    return {} if engine.outcome(state) else {r: engine.open_prompt(game["game"], engine.prompt(state, r), viewer)
                                             for r in engine.active_roles(state)}


def snapshot_html(game: dict, role: str) -> str:
    """The snapshot PDF's HTML of *role* (a role of the game, or ``public``) at the file's position."""
    from service.reports.documents import snapshot_of

    check_role(game, role)
    return snapshot_of(summary(game), game["state"], role, moves(game), prompts(game, role))


def report_html(game: dict, boards: str = "none") -> str:
    """The game report's HTML of the file's game, with the boards *boards* asks for (``none``, ``card`` or
    ``propaganda``: service.reports.boards), their positions replayed from the file (``states_at``)."""
    from types import SimpleNamespace

    from service.games import engine_version
    from service.reports.documents import report_of
    from service.rulings import data_version, rulings_in_force

    slug, state = game["game"], game["state"]
    defn = engine.definition(slug)
    recorded = SimpleNamespace(  # what the rulings list reads of a game: a local game runs on every ruling
        id=game["id"], game=slug, state=state, rulings=[r["id"] for r in (defn.rulings() if defn.rulings else [])],
        engine_version=engine_version(), rules_version=state.get("rules_version", 1), data_version=data_version(slug))
    record = {**summary(game), "local": True, "seats": [{"role": r, "player": ""} for r in defn.roles], "moves": moves(game),
              "events": [], "undone": [], "keys": [{"epoch": 0, "commitment": game["commitment"], "seed": game["seed"]}]}
    return report_of(record, state, rulings_in_force(recorded), boards, lambda ps: states_at(game, ps))


def check_role(game: dict, role: str) -> str:
    """*role* if the file's game has it (or it is ``public``).

    :raises ValueError: it has not; the message lists the roles it has.
    """
    roles = engine.definition(game["game"]).roles
    if role != "public" and role not in roles:
        raise ValueError(f"{role!r} is not a role of {game['game']}: use one of {', '.join(roles)}, or public")
    return role
