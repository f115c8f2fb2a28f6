"""Arab Revolt's Event texts (rule 5 and section 9.0), registered in one shared EventRegistry.

No text is registered yet (issue 7): the sequence offers only the texts that are, so the Event box of an
unwritten card allows a Pass only, and a Mandatory Event not yet written is logged as such.
"""

from __future__ import annotations

from ....coin.events import EventRegistry

EVENTS = EventRegistry()
event = EVENTS.event
capability = EVENTS.capability
