"""Japanese Occupation's Intel chits, concealed from both players (1.11): dealt face down to each Province and
Kuala Lumpur at setup and at every Reset (6.6), revealed by Gather (4.2.2) and events, concealed again by
Eliminate (4.3.3) and events, set aside by J20 until the Reset; their revealed values count at 6.2.1.

A space's chit in ``state["intel"]`` is stored as every role sees it (view.py hands it out as it is):
``{"revealed": face up, "seen": its value shown once, "value": the value, or None unless revealed or seen}``,
or None while J20 holds it aside (``state["intel_aside"]``). A chit nobody has seen has no value yet
(:func:`fresh_intel`), except those the Example of Play places face down (8.0), whose values are hidden
information: they are kept apart in ``state["intel_face_down"]`` (space -> value), which no view shows, until
the chit is revealed or set aside.
"""

from __future__ import annotations

from ...core.errors import RulesBugError
from ...core.flow import Context
from .board import INTEL_CHITS, INTEL_SPACES, NAME

#: The hidden key of the face-down values (8.0), which the view drops (view.py).
FACE_DOWN = "intel_face_down"


def concealed_chit() -> dict:
    """A chit face down that nobody has seen, as stored and shown (1.11)."""
    return {"revealed": False, "seen": False, "value": None}


def fresh_intel() -> dict[str, dict]:
    """Every Intel space's chit concealed, unseen and without a value (1.11, 6.6): the chits are dealt at random
    face down, and since neither player may look at one, its value is drawn from those not placed only when it
    is revealed (:func:`reveal_intel`), which gives each chit the same chance as a deal. The values the Example
    of Play sets face down (8.0 L1650) go to ``state["intel_face_down"]`` beside it (setup.py)."""
    return {s: concealed_chit() for s in INTEL_SPACES}


def intel_pool(state: dict) -> list[int]:
    """The chits whose place nobody knows: the nine less those with a value in a space (shown, or face down
    by 8.0) or set aside (J20)."""
    pool = list(INTEL_CHITS)
    for chit in state["intel"].values():
        if chit is not None and chit["value"] is not None:
            pool.remove(chit["value"])
    for v in state[FACE_DOWN].values():
        pool.remove(v)
    for v in state["intel_aside"]:
        pool.remove(v)
    return sorted(pool)


def chit_value(g: Context, sid: str, label: str) -> int:
    """The value of the chit in *sid*: its own if it was seen, else the one placed face down (8.0), now made
    public, else one drawn now from :func:`intel_pool` (1.11)."""
    chit = g.s["intel"][sid]
    if chit["value"] is None:
        face_down = g.s[FACE_DOWN]
        if sid in face_down:
            g.reveal(face_down[sid], label)  # hidden information made public, so a preview (a check of
            # orders) stops here, as it stops at a draw
            chit["value"] = face_down.pop(sid)
        else:
            chit["value"] = g.draw(intel_pool(g.s), label)
    return chit["value"]


def concealed(g: Context, sid: str) -> bool:
    chit = g.s["intel"].get(sid)
    return chit is not None and not chit["revealed"]


def revealed(g: Context, sid: str) -> bool:
    chit = g.s["intel"].get(sid)
    return chit is not None and chit["revealed"]


def reveal_intel(g: Context, sid: str, why: str, rule: str) -> int:
    """Flips the concealed chit in *sid* face up (Gather 4.2.2, J20) and returns its value."""
    if not concealed(g, sid):
        raise RulesBugError(f"no concealed Intel chit in {sid}")
    v = chit_value(g, sid, f"Intel chit in {NAME[sid]}")
    chit = g.s["intel"][sid]
    chit["revealed"] = chit["seen"] = True
    g.say(f"The Intel chit in {NAME[sid]} was revealed: value {v} ({why}).", rule=rule)
    return v


def conceal_intel(g: Context, sid: str, why: str, rule: str) -> None:
    """Flips the revealed chit in *sid* face down again (Eliminate 4.3.3, Events): its value was seen, and stays
    shown (1.11)."""
    if not revealed(g, sid):
        raise RulesBugError(f"no revealed Intel chit in {sid}")
    chit = g.s["intel"][sid]
    chit["revealed"], chit["seen"] = False, True
    g.say(f"The Intel chit in {NAME[sid]} was concealed ({why}).", rule=rule)


def set_aside_concealed(g: Context, sid: str, why: str, rule: str) -> int:
    """Removes the concealed chit in *sid* until the Reset (J20 shaded); returns its value, now shown."""
    if not concealed(g, sid):
        raise RulesBugError(f"no concealed Intel chit in {sid}")
    v = chit_value(g, sid, f"Intel chit in {NAME[sid]}")
    g.s["intel"][sid] = None
    g.s["intel_aside"].append(v)
    g.s["intel_aside"].sort()
    g.say(f"The concealed Intel chit in {NAME[sid]}, value {v}, was set aside until the Reset ({why}).", rule=rule)
    return v


def redeal_intel(g: Context, rule: str = "6.6") -> None:
    """Every chit back to the pool, then one dealt face down to each Province and Kuala Lumpur (6.6)."""
    g.s["intel"] = fresh_intel()
    g.s[FACE_DOWN] = {}
    g.s["intel_aside"] = []
    g.say("All Intel chits were returned and dealt again, face down, one in each Province and Kuala Lumpur.",
          rule=rule)


def revealed_total(state: dict) -> int:
    """The value of every revealed chit (6.2.1)."""
    return sum(c["value"] for c in state["intel"].values() if c is not None and c["revealed"])


def concealed_spaces(g: Context) -> list[str]:
    return [s for s in INTEL_SPACES if concealed(g, s)]


def revealed_spaces(g: Context) -> list[str]:
    return [s for s in INTEL_SPACES if revealed(g, s)]


def migrate_intel_v1(state: dict) -> None:
    """Rules version 1 -> 2 of a saved Japanese Occupation game, in place: each Intel chit stored as
    ``{"v", "up", "seen"}`` becomes the shape every role sees, ``{"revealed", "seen", "value"}`` (None stays
    None: set aside by J20), and a value placed face down by the Example of Play (8.0), neither revealed nor
    seen, moves to the hidden ``state["intel_face_down"]`` (1.11)."""
    intel, face_down = {}, {}
    for sid, c in state["intel"].items():
        if c is None:
            intel[sid] = None
        elif c["up"] or c["seen"]:
            intel[sid] = {"revealed": c["up"], "seen": c["seen"], "value": c["v"]}
        else:
            intel[sid] = concealed_chit()
            if c["v"] is not None:
                face_down[sid] = c["v"]
    state["intel"] = intel
    state[FACE_DOWN] = face_down
