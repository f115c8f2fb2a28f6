"""Kenya's Event texts (rule 5 and section 9.0), registered in one shared EventRegistry.

A text missing from the registry is a rules bug (``RulesBugError``, engine.coin.events), never a card
quietly reduced to a Pass: Kenya is not registered as a game until every text of its 32 Event cards is here
(issue 28).
"""

from __future__ import annotations

from ....coin.events import EventRegistry

EVENTS = EventRegistry()
event = EVENTS.event
capability = EVENTS.capability
