"""Axis Empires: Dai Senso! political events (issue 32): Umpire adjudicates the political events (rules 15.1-15.37,
rules/dai-senso-political-events.txt) of a Dai Senso! game whose other rules the players handle.

- ``state``: the state the events read and write (digest B.4, trimmed) and the helpers they share (activation,
  ending a Policy, players' steps, manual rulings);
- ``position``: position files (format, validation with each fault's path, to/from position); ``setup``: the one
  scenario ``position`` (the sample position without a file: an illustration, not a real scenario);
- ``desk``: the desk (event, pass, clear, end) and the declaration of an event (receiver, the fields the event
  needs, resolve, cancel); ``event_base``: the events' base class, the registry of the events implemented and of
  the declaration's fields (country, faction, card...); the events, one procedure each, by batch: ``events`` (the
  first fifteen), ``events_map`` with ``events_policies`` and the shared ``hex_strike``, ``events_countries`` with
  ``events_failure`` and ``events_created``, ``events_options`` with ``events_europe``, ``events_politics``,
  ``events_zaction`` and the shared ``postures``;
- ``view`` (with ``facts`` and ``invariants``), ``orders``; ``data``: events.json (the 37 events with their marks
  and lines), rulings.json, sample.json, persisted.json.
"""

from __future__ import annotations

from pathlib import Path

from ...core.game import GameDefinition
from ...versions import load_golden
from . import (  # noqa: F401  (register procedures)
    desk,
    events,
    events_countries,
    events_created,
    events_europe,
    events_failure,
    events_map,
    events_options,
    events_policies,
    events_politics,
    events_zaction,
    hex_strike,
)
from .data import RULINGS
from .orders import ORDERS
from .position import POSITION
from .setup import OPTIONS, SCENARIOS, SLUG, setup
from .state import ROLE_NAMES
from .view import facts, invariants, view

DEFINITION = GameDefinition(
    slug=SLUG,
    title="Axis Empires: Dai Senso! political events",
    roles=("axis", "western", "soviet"),
    role_names=dict(ROLE_NAMES),
    scenarios=SCENARIOS, options=OPTIONS, setup=setup, view=view, facts=facts, invariants=invariants,
    rulings=lambda: RULINGS, orders=ORDERS, max_actions=2_000, position=POSITION,
    persisted=load_golden(Path(__file__).parent / "data" / "persisted.json"),
)
