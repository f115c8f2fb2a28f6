"""Japanese Occupation's Event texts (rule 5 and section 9.0, L1739-2121), registered in one EventRegistry.

Every text of the 32 Event cards is registered here (the modules below register theirs when imported, end of
this file); a text missing from the registry is a rules bug (``RulesBugError``, engine.coin.events), never a
card quietly reduced to a Pass. J33-J35 are the Propaganda cards (2.5), which have no text. The choices the
texts share (place, remove, choose, Railways, Intel chits) are in ``common``.
"""

from __future__ import annotations

from ....coin.events import EventRegistry

EVENTS = EventRegistry()
event = EVENTS.event
capability = EVENTS.capability


from . import (  # noqa: E402, F401  (register texts and procedures)
    cards_j02_j06,
    cards_j08_j17,
    cards_j18_j23,
    cards_j25_j31,
    common,
    granted,
    granted_j01_j13,
    granted_j21_j32,
)
