"""The order words of The First Arab-Israeli War and their arguments (engine.core.grammar; docs/orders.md).
Units are written as their counter ids in the data pack (``IL-inf-bde-1``), hexes as their printed numbers
(``0203``). Each phase's module lists its own words (its ``ORDERS``); this is their union, in the order of play."""

from __future__ import annotations

from ...core.grammar import Order
from . import (
    air,
    amphibious,
    armistice,
    combat_phase,
    movement,
    phase_event,
    recon,
    recovery,
    reinforcement,
    reorganization,
    terrorism,
    treaties,
)

DEPLOYMENT = (
    Order("place UNIT HEX", "deployment: place the unit in the hex (identical counters are interchangeable: the "
          "prompt names one of each kind)", "Scenario 1, 3-4; Scenario 2, 2-4"),
    Order("supply HEX", "deployment: place one supply point in the hex", "Scenario 1, 3e, 4a2; 14.0"),
    Order("end", "end the phase at hand", "2.1"),
)

_PHASES = (phase_event, reinforcement, treaties, reorganization, movement, recon, amphibious, air, armistice, combat_phase,
           terrorism, recovery)


def _union() -> tuple[Order, ...]:
    out: list[Order] = list(DEPLOYMENT)
    words = {o.word for o in out}
    for module in _PHASES:
        for order in getattr(module, "ORDERS", ()):
            if order.word not in words:  # a word two phases share is described once, by the first
                words.add(order.word)
                out.append(order)
    return tuple(out)


ORDERS = _union()
