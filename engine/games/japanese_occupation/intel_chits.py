"""Japanese Occupation's Intel chits, concealed from both players (1.11): dealt face down to each Province and
Kuala Lumpur at setup and at every Reset (6.6), revealed by Gather (4.2.2) and events, concealed again by
Eliminate (4.3.3) and events, set aside by J20 until the Reset; their revealed values count at 6.2.1.

A space's chit in ``state["intel"]``: ``{"v": value or None, "up": face up, "seen": its value shown once}``,
or None while J20 holds it aside (``state["intel_aside"]``). A chit nobody has seen has no value yet
(:func:`fresh_intel`); views show only chits face up (view.py).
"""

from __future__ import annotations

from ...core.errors import RulesBugError
from ...core.flow import Context
from .board import INTEL_CHITS, INTEL_SPACES, NAME


def fresh_intel(fixed: dict[str, int] | None = None) -> dict[str, dict]:
    """Every Intel space's chit concealed (1.11, 6.6). A chit nobody has seen holds no value: the chits are
    dealt at random face down, and since neither player may look at one, its value is drawn from those not
    placed only when it is revealed (:func:`reveal_intel`), which gives each chit the same chance as a deal.
    *fixed*: values the Example of Play sets face down (8.0 L1650), hidden as any concealed chit."""
    return {s: {"v": (fixed or {}).get(s), "up": False, "seen": False} for s in INTEL_SPACES}


def intel_pool(state: dict) -> list[int]:
    """The chits whose place nobody knows: the nine less those with a value in a space or set aside (J20)."""
    pool = list(INTEL_CHITS)
    for chit in state["intel"].values():
        if chit is not None and chit["v"] is not None:
            pool.remove(chit["v"])
    for v in state["intel_aside"]:
        pool.remove(v)
    return sorted(pool)


def chit_value(g: Context, sid: str, label: str) -> int:
    """The value of the chit in *sid*, drawn now from :func:`intel_pool` if it has none yet."""
    chit = g.s["intel"][sid]
    if chit["v"] is None:
        chit["v"] = g.draw(intel_pool(g.s), label)
    elif not chit["seen"]:
        g.reveal(chit["v"], label)  # a value placed face down (8.0): hidden information made public, so a
        # preview (a check of orders) stops here, as it stops at a draw
    return chit["v"]


def concealed(g: Context, sid: str) -> bool:
    chit = g.s["intel"].get(sid)
    return chit is not None and not chit["up"]


def revealed(g: Context, sid: str) -> bool:
    chit = g.s["intel"].get(sid)
    return chit is not None and chit["up"]


def reveal_intel(g: Context, sid: str, why: str, rule: str) -> int:
    """Flips the concealed chit in *sid* face up (Gather 4.2.2, J20) and returns its value."""
    if not concealed(g, sid):
        raise RulesBugError(f"no concealed Intel chit in {sid}")
    v = chit_value(g, sid, f"Intel chit in {NAME[sid]}")
    chit = g.s["intel"][sid]
    chit["up"] = chit["seen"] = True
    g.say(f"The Intel chit in {NAME[sid]} was revealed: value {v} ({why}).", rule=rule)
    return v


def conceal_intel(g: Context, sid: str, why: str, rule: str) -> None:
    """Flips the revealed chit in *sid* face down again (Eliminate 4.3.3, Events); its value was seen."""
    if not revealed(g, sid):
        raise RulesBugError(f"no revealed Intel chit in {sid}")
    g.s["intel"][sid]["up"] = False
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
    g.s["intel_aside"] = []
    g.say("All Intel chits were returned and dealt again, face down, one in each Province and Kuala Lumpur.",
          rule=rule)


def revealed_total(state: dict) -> int:
    """The value of every revealed chit (6.2.1)."""
    return sum(c["v"] for c in state["intel"].values() if c is not None and c["up"])


def concealed_spaces(g: Context) -> list[str]:
    return [s for s in INTEL_SPACES if concealed(g, s)]


def revealed_spaces(g: Context) -> list[str]:
    return [s for s in INTEL_SPACES if revealed(g, s)]
