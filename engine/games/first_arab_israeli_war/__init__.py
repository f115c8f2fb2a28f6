"""The First Arab-Israeli War (issue 31): a hex-and-counter game driven by the umpire's data pack.

Rules: ../shared/rules/first-arab-israeli-war.txt (a rough machine translation); digest:
rules-digest-arab-israeli-war-and-dai-senso.md part A. The text gives the rules, the odds procedure, the
reinforcement schedule, the scenarios and some VP values, but not the map, the tables or the counters (digest
A.0): the game is played on a data pack (``pack``: the typed pack; ``packs``: the registry by digest, with the
test pack the engine ships, made-up values flagged as test data). The service checks a pack against its schemas
(``service.packs``); the engine builds and reads it.

- ``calendar``: the months and the dates the rules turn on; ``units``: the counters in the state and the board
  the hex library reads; ``places``: the kinds of hex the rules name;
- ``setup`` and ``deployment``: the two scenarios; ``sequence``: the game turn, its impulses and phases (2.0);
- the phases: ``phase_event`` (3.0), ``reinforcement`` (4.0), ``reorganization`` (5.0, 6.0, 15.0),
  ``movement`` (7.0-9.0, 12.0, 19.0, 20.1), ``air`` (10.0), ``combat_phase`` (11.0, 13.0, 16.1), ``terrorism``
  (18.0), ``recovery`` (13.5, 14.6, 16.2);
- ``combat``, ``combat_units``, ``combat_checks``, ``combat_results``: the combat desk's arithmetic (11.0-12.0);
- ``victory`` (28.0), ``view`` (21.0, fog of war), ``facts``, ``invariants``, ``orders``.

The movement, zones of control, stacking and retreat rules are the generic ``engine.hexwar`` library's.
"""

from __future__ import annotations

from ...core.game import GameDefinition
from . import (  # noqa: F401  (register procedures)
    air,
    armistice,
    board,
    border_specials,
    combat_phase,
    deployment,
    hooks,
    invasion,
    movement,
    packs,
    phase_event,
    recon,
    recovery,
    reinforcement,
    reorganization,
    sequence,
    terrorism,
    treaties,
    units,
)
from .data import RULINGS
from .facts import facts
from .invariants import invariants
from .orders import ORDERS  # after the phases: it reads their ORDERS
from .persisted import PERSISTED
from .position import POSITION
from .setup import OPTIONS, SCENARIOS, setup
from .victory import margins
from .view import view

hooks.install(__name__)  # every refusal gives a reason with the facts; 15.4 after every order (hooks)

DEFINITION = GameDefinition(
    slug="first-arab-israeli-war",
    title="The First Arab-Israeli War",
    roles=("arab", "israel"),
    role_names={"arab": "Arab League", "israel": "Israel"},
    scenarios=SCENARIOS, options=OPTIONS, setup=setup, view=view, facts=facts, invariants=invariants,
    rulings=lambda: RULINGS, orders=ORDERS, persisted=PERSISTED, max_actions=60_000,
    protected=frozenset({"pack", "first_month", "last_month"}),
    position=POSITION,
    board=board.board_data,  # the pack's hex map, drawn by service.reports.hexboard
    open_prompts=False,  # a prompt names the side's own units, hidden from the enemy (21.0)
    restore=lambda options: packs.from_option(options["pack"]) if isinstance(options.get("pack"), dict) else None,
    margins=margins,  # the final VP difference (28.2): a tournament's tie-break
    reading=units.Reading,  # engine.view: the view's index of who stands where serves the prompt too (21.0)
)
