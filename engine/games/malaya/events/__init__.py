"""Malaya's Event texts (rule 5 and section 9.0), registered in one shared EventRegistry.

Every text of the 32 Event cards is registered here (the modules below register theirs when imported,
end of this file); a text missing from the registry is a rules bug (``RulesBugError``), never a card
quietly reduced to a Pass.
"""

from __future__ import annotations

from ....coin.events import EventRegistry

EVENTS = EventRegistry()
event = EVENTS.event
capability = EVENTS.capability


from . import (  # noqa: E402, F401  (register texts and procedures)
    cards_m01_m08,
    cards_m09_m16,
    cards_m17_m24,
    cards_m25_m32,
    common,
    granted,
)
