"""Palestine's Event texts (rule 5), registered in one :class:`engine.coin.events.EventRegistry`.

``playable(g, faction)`` says whether a text can do anything now (5.1.3; ruling R-5.1.3: a text that can
do nothing at all is not offered, as the P3 tip says of its unshaded text).
"""

from __future__ import annotations

from ....coin.events import EventRegistry, EventText, ScriptEvent  # noqa: F401  (re-exported)

EVENTS = EventRegistry()
event = EVENTS.event
capability = EVENTS.capability
