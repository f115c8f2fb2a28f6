"""Arab Revolt's Event texts (rule 5 and section 9.0), registered in one shared EventRegistry.

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
    cards_a01_a08,
    cards_a09_a16,
    cards_a17_a24,
    cards_a25_a32,
    choosers,
    common,
    granted,
)
