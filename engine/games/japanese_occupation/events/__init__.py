"""Japanese Occupation's Event texts (rule 5 and section 9.0, L1739-2121), registered in one EventRegistry.

Every text of the 32 Event cards is registered here (the modules below register theirs when imported, end of
this file); a text missing from the registry is a rules bug (``RulesBugError``, engine.coin.events), never a
card quietly reduced to a Pass. J33-J35 are the Propaganda cards (2.5), which have no text. The choices the
texts share (place, remove, choose, Railways, Intel chits) are in ``common``.

How the texts that grant no Operation (``cards_j18_j23``, ``cards_j25_j31``) are carried out:

Who decides: the executing faction makes every choice a text leaves open, and a faction the text names ("British
may place", "Japanese may remove") makes that part's choices whoever executes (ruling R-5.1). "May" leaves each
space, piece or marker to that faction (ruling R-EVENT-MAY, default ``each``; with the umpire's ``whole`` reading
it may decline the whole action but, once it acts, acts in full). A text without "may" or "up to" is carried out
as fully as it can be (5.1.3), and one that can change nothing now is not offered (``playable``). A single
possible outcome is applied without asking.

Pieces and markers (5.1.1, 1.4.1, 1.9 NOTE): a faction placing its own forces by an Event may take them from the
map when none is Available (ruling R-EVENT-FROM-MAP, own_pieces.place_own); the other faction's forces and every
marker come from Available only. Events may stack Sabotage markers (1.4.2; ruling R-SABOTAGE-EVENTS: one a
Railway per card). Concealed Intel chits keep their values hidden: a value is drawn only as a chit is revealed or
set aside (1.11, intel_chits.reveal_intel, intel_chits.set_aside_concealed).

The Capabilities' effects live where the rules they change live (5.3): J19 in Gather, J22 in Gather (unshaded)
and Eliminate (shaded), J27 in Ambush and Sabotage (unshaded) and Supply (shaded).

The choices are the shared ones of ``events.common`` (``jo.ev.pick``, ``jo.ev.put``, ``jo.ev.choose``,
``jo.ev.rails``, ``jo.ev.reveal``, ``jo.ev.conceal``) and these cards' own (``jo.ev.remove_one`` in cards_j18_j23, J23's
``jo.ev.J23.unoppose``, J29's ``jo.ev.J29.moves``). Order words: ``remove SPACE PIECE`` (Guerrillas, Police:
``mpaja-u``, ``police``...; markers: ``force-136``, ``kempeitai``, ``cache``, ``intel``), ``place SPACE``, ``space
SPACE``, ``sabotage RAILWAY``, ``move FROM TO`` (Kempeitai), ``reveal SPACE``, ``conceal SPACE`` (Intel chits),
``done``.
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
