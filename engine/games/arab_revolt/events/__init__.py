"""Arab Revolt's Event texts (rule 5 and section 9.0), registered in one shared EventRegistry.

Not every text is written yet (issue 7): the sequence offers only the texts registered here, so the
Event box of an unwritten card allows a Pass only, and a Mandatory Event not yet written is logged as
such. The modules below register their texts when imported (end of this file).
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
