"""Cyprus's Event texts (rule 5 and section 9.0, L3639-3960), registered in one EventRegistry.

Every text of the 32 Event cards is registered here (the modules below register theirs when imported, end of
this file); a text missing from the registry is a rules bug (``RulesBugError``, engine.coin.events), never a
card quietly reduced to a Pass. C33-C35 are the Propaganda cards (2.4), which have no text.
"""

from __future__ import annotations

from ....coin.events import EventRegistry

EVENTS = EventRegistry()
event = EVENTS.event
capability = EVENTS.capability


from . import (  # noqa: E402, F401  (register texts and procedures)
    cards_c04_c11,
    cards_c13_c22,
    cards_c23_c32,
    common,
    granted_c01_c12,
    granted_c15_c24,
    granted_c27_c30,
)
