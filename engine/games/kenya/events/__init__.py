"""Kenya's Event texts (rule 5 and section 9.0), registered in one shared EventRegistry.

Every text of the 32 Event cards is registered here (the modules below register theirs when imported, end
of this file); a text missing from the registry is a rules bug (``RulesBugError``, engine.coin.events), never
a card quietly reduced to a Pass. K33-K35 are the Propaganda cards (2.4), which have no text.
"""

from __future__ import annotations

from ....coin.events import EventRegistry

EVENTS = EventRegistry()
event = EVENTS.event
capability = EVENTS.capability


from . import (  # noqa: E402, F401  (register texts and procedures)
    cards_k01_k11,
    cards_k12_k16,
    cards_k17_k22,
    cards_k23_k32,
    common,
    granted,
)
