"""The combat desk of The First Arab-Israeli War (issue 31, item 4): for umpires who keep the map on their table.

An order declares an attack (the units' strengths or the pack's counters, the attacking hexes, the defender's
terrain and the other conditions) and gets the odds, the column shifts, the server-side roll and the result,
checked against every rule that needs no geometry; the arithmetic is the game's combat desk
(``engine.games.first_arab_israeli_war.combat``: 8.2, 11.2b-d, 12.3, 14.3, 15.3, 20.2/20.5, 22.1b/22.3, 25, 26.1b,
29.2, 31).
Registered as a game of its own, so that it has trusted dice, the log, the API, mail, the CLI and the PDFs.

- ``setup``: the one scenario ``desk`` and its options (``pack``, ``month``, ``optional``, ``rulings``);
- ``desk``: the declared attack as the combat desk reads it, and the shifts declared (ruling R-11.2c-sixth);
- ``session`` (attack, pass, end), ``attack`` (the attacker's declaration), ``units`` (who may be named),
  ``defend`` (the defender's declaration and the roll), ``resolve`` (the die, the result, the log);
- ``view`` (with ``facts`` and ``invariants``), ``orders``; ``data``: the desk's rulings and persisted names.
"""

from __future__ import annotations

from pathlib import Path

from ...core.game import GameDefinition
from ...versions import load_golden
from ..first_arab_israeli_war import packs
from ..first_arab_israeli_war.data import RULINGS as GAME_RULINGS
from . import attack, defend, session  # noqa: F401  (register procedures)
from .data import OWN_RULINGS
from .orders import ORDERS
from .setup import OPTIONS, SCENARIOS, SLUG, setup
from .view import facts, invariants, view

#: The game's rulings the combat desk applies, and the desk's own.
APPLIED = ("R-8.2", "R-11.2c", "R-11.2c-H", "R-11.2d", "R-11.6a-leaders", "R-11.1-order", "R-12.2-force", "R-20.5",
           "R-29.2b", "R-31.2b")
RULINGS = [r for r in GAME_RULINGS if r["id"] in APPLIED] + OWN_RULINGS

DEFINITION = GameDefinition(
    slug=SLUG,
    title="The First Arab-Israeli War: combat desk",
    roles=("arab", "israel"),
    role_names={"arab": "Arab League", "israel": "Israel"},
    scenarios=SCENARIOS, options=OPTIONS, setup=setup, view=view, facts=facts, invariants=invariants,
    rulings=lambda: RULINGS, orders=ORDERS, max_actions=5_000,
    persisted=load_golden(Path(__file__).parent / "data" / "persisted.json"),
    protected=frozenset({"pack", "attacks"}),
    open_prompts=False,  # the defender's prompt names his units before the die reveals them (21.1)
    restore=lambda options: packs.from_option(options["pack"]) if isinstance(options.get("pack"), dict) else None,
)
