"""The First Arab-Israeli War through the service (issue 31), the steps its ways-in tests share: a game created
through the API on the test pack (or on a pack given whole), its deployment played by move files whose orders
each seat reads from its own ``GET /api/games/ID`` (``prompts[role]["actions"]``), and the hidden facts of a
position (21.0): the enemy units and supply points a seat may not see, computed from the full state.

The deployment's choices spread each side's counters over the hexes the prompt offers (``spread``), so that
after it each side holds stacks the other sees (21.3: in or next to its population) and stacks it does not."""

from __future__ import annotations

import importlib
import json
import re
from pathlib import Path

from engine.games.first_arab_israeli_war import units
from tests.service.ways_in import game_json, send_move

SLUG = "first-arab-israeli-war"
TEST_PACK = Path(__file__).resolve().parents[2] / "engine" / "games" / "first_arab_israeli_war" / "data" / "test_pack"
#: engine.games.first_arab_israeli_war.view, the module (the package's name ``view`` is the function).
VIEW = importlib.import_module("engine.games.first_arab_israeli_war.view")


def created(client, scenario: str = "independence", **options) -> tuple[str, dict]:
    """A new game through ``POST /api/games``: its id and the seats' tokens."""
    body = {"game": SLUG, "scenario": scenario, **({"options": options} if options else {})}
    r = client.post("/api/games", json=body)
    assert r.status_code == 201, r.get_data(as_text=True)
    b = r.get_json()
    return b["id"], b["tokens"]


def spread(actions: dict, n: int) -> str:
    """The seat's *n*-th deployment order: the first counter the prompt offers (or a supply point), in a hex
    chosen by stepping through the hexes offered, so the counters do not all stand in one hex."""
    if "supply" in actions:
        return f"supply {actions['supply'][n % len(actions['supply'])]}"
    first = actions["place"][0].split()[0]
    mine = [a for a in actions["place"] if a.split()[0] == first]
    return f"place {mine[(n * 7) % len(mine)]}"


def whole_pack(root: Path = TEST_PACK) -> dict:
    """The pack in *root* as the option ``pack`` takes it whole: ``{"manifest", "files": {part: data}}``."""
    manifest = json.loads((root / "pack.json").read_text())
    return {"manifest": manifest,
            "files": {part: json.loads((root / name).read_text()) for part, name in manifest["files"].items()}}


def play_one(client, sessions, gid: str, tokens: dict, choose) -> dict:
    """One order of the seat awaited, read from its own prompt (``choose(actions, role)``), sent as a move
    file; returns the submission (with its verdict)."""
    public = game_json(client, gid)
    (role,) = public["waiting_for"]
    g = game_json(client, gid, tokens[role])
    order = choose(g["prompts"][role]["actions"], role)
    return send_move(client, sessions, gid, role, tokens[role], [order], g["seq"])


def deploy(client, sessions, gid: str, tokens: dict) -> dict[str, list[dict]]:
    """Both sides' deployment (Scenario 1, 3-4), one order a move file, each from the seat's own prompt
    (``spread``); returns each seat's submissions, every one accepted."""
    count = {"arab": 0, "israel": 0}
    sent: dict[str, list[dict]] = {"arab": [], "israel": []}

    def choose(actions, role):
        order = spread(actions, count[role])
        count[role] += 1
        return order

    while game_json(client, gid)["view"]["phase"] == "deployment":
        role = game_json(client, gid)["waiting_for"][0]
        out = play_one(client, sessions, gid, tokens, choose)
        assert out["status"] == "accepted", out
        sent[role].append(out)
    return sent


def hidden_from(state: dict, seat: str) -> dict:
    """What *seat* may not see now (21.0), from the full state: the enemy's units on the map outside the
    hexes where the seat sees the enemy's stacks (``view.open_hexes``), and the enemy's supply points there."""
    enemy = units.other(seat)
    seen = VIEW.open_hexes(state, seat)
    return {"units": sorted(cid for cid, rec in state["units"].items() if rec["status"] == "map"
                            and units.side_of(state, cid) == enemy and rec["at"] not in seen),
            "supply": {h: p for h, p in state["supply"][enemy].items() if h not in seen}}


def names_any(text: str, ids) -> list[str]:
    """The ids of *ids* that *text* names (whole: ``IL-inf-bn-1`` is not ``IL-inf-bn-11``)."""
    return [i for i in ids if re.search(rf"(?<![\w-]){re.escape(i)}(?![\w-])", text)]
