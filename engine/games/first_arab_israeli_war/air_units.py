"""The air units off the map (10.1): the Available and Completed boxes, one mission an impulse, and when air units
may fly at all.

- 10.1a: a side's air units wait in its Available box (status ``available``); one that flew a mission goes to the
  Completed box (``completed``) and comes back to Available at the start of the side's next Air Operations phase.
- 10.1b, 10.2b: an air unit flies one mission an impulse (strike, airlift, reconnaissance or interception). The
  digest (A.6, AMBIGUITY) notes that 10.1a alone would let a unit that reconnoitred in the Movement phase fly
  again in the Air Operations phase of the same impulse: the units that flew are listed per impulse
  (``state["flags"]["air"]``: ``{"impulse": "1948-06/1", "flown": [ids], "airlift": {side: month}}``) and a unit
  that flew in the impulse may not fly again in it (ruling R-10.1b-impulse).
- 10.7: a mission never mixes air units of different countries (the counter's nationality).
- 26.1b: no air unit flies from December 1947 to April 1948; 22.1b: no air strike and no interception while a
  truce is in effect, unless the truce may be violated (22.3: not in its first turn), which ends it.
- Air counters carry no values (the pack's counters give an air unit only its side and nationality), so a
  nationality's air units are interchangeable (ruling R-4.6-alike): a prompt names the first of each kind.
"""

from __future__ import annotations

from functools import lru_cache

from . import calendar, packs, units
from .sequence import truce as truce_in_effect


def side_of(state: dict, cid: str) -> str:
    """The side an air unit flies for: its counter's, or the side a British intervention gave it (25.3:
    ``state["units"][id]["side"]``, ruling R-25.3-control)."""
    return state["units"][cid].get("side") or units.side_of(state, cid)


def country(state: dict, cid: str) -> str:
    """The country of an air unit (10.7): its counter's nationality."""
    return units.counter(state, cid).nationality or side_of(state, cid)


def impulse_key(state: dict) -> str:
    return f"{state['month']}/{state['impulse']}"


def book(state: dict) -> dict:
    """The air bookkeeping of the impulse (``state["flags"]["air"]``), started afresh in a new impulse."""
    b = state["flags"].get("air")
    key = impulse_key(state)
    if b is None or b["impulse"] != key:
        b = {"impulse": key, "flown": [], "airlift": dict(b["airlift"]) if b else {}}
        state["flags"]["air"] = b
    return b


def flown(state: dict, cid: str) -> bool:
    """Whether air unit *cid* flew a mission this impulse (10.2b)."""
    b = state["flags"].get("air")
    return bool(b) and b["impulse"] == impulse_key(state) and cid in b["flown"]


def air_units(state: dict, side: str, status: str | None = None) -> list[str]:
    """*side*'s air units in the box *status* (or in either box: 10.1), in the manifest's order."""
    air = _air_ids(state["pack"]["digest"])
    statuses = (status,) if status else ("available", "completed")
    printed, brit = units.printed_sides(state), units.british_side(state)
    return [cid for cid, rec in state["units"].items()
            if cid in air and rec["status"] in statuses
            and (rec.get("side") or printed[cid] or brit) == side]  # side_of, inline


@lru_cache(maxsize=16)
def _air_ids(pack_digest: str) -> frozenset[str]:
    """The pack's air counters."""
    return frozenset(cid for cid, c in packs.get(pack_digest).counters.items() if c.type == "air")


def ready(state: dict, side: str, country_: str | None = None, exclude=()) -> list[str]:
    """*side*'s air units that may fly now: in the Available box, not flown this impulse (10.1, 10.2b), of
    *country_* if given (10.7), not in *exclude*."""
    b = state["flags"].get("air")
    flew = b["flown"] if b and b["impulse"] == impulse_key(state) else ()  # flown, once for all
    return [cid for cid in air_units(state, side, "available") if cid not in flew and cid not in exclude
            and (country_ is None or country(state, cid) == country_)]


def kinds(state: dict, cids) -> list[str]:
    """One air unit of each interchangeable kind (R-4.6-alike)."""
    return units.interchangeable(state, list(cids))


def fly(state: dict, cid: str) -> None:
    """*cid* flies a mission: listed as flown this impulse (10.2b)."""
    b = book(state)
    if cid not in b["flown"]:
        b["flown"].append(cid)


def complete(state: dict, cid: str) -> None:
    """The mission over, *cid* goes to the Completed box (10.1a, 10.3c, 10.4)."""
    rec = state["units"][cid]
    rec["status"], rec["at"] = "completed", None


def recover(g, side: str) -> None:
    """10.1a: at the start of the side's Air Operations phase its Completed air units return to Available."""
    back = air_units(g.s, side, "completed")
    for cid in back:
        g.s["units"][cid]["status"] = "available"
    if back:
        g.say(f"{units.SIDE_TITLES[side]}'s air units {', '.join(back)} returned from the Completed box to the "
              f"Available box (10.1a).", faction=side, rule="10.1a")


def grounded(state: dict) -> str | None:
    """Why no air unit flies at all now, or None: the mandate period (26.1b)."""
    if calendar.mandate(state["month"]):
        return f"no air unit flies from December 1947 to April 1948: it is {calendar.name(state['month'])} (26.1b)"
    return None


def truce_first_turn(state: dict) -> bool:
    """Whether a truce is in effect and in the turn it took effect (22.3: its terms bind; no violation)."""
    t = state.get("truce")
    return truce_in_effect(state) and bool(t) and t["from"] == state["month"]


def attack_barred(state: dict) -> str | None:
    """Why an air strike or an interception is refused now (26.1b, 22.1b/22.3), or None. After a truce's first
    turn an attack is allowed and violates it (22.3)."""
    why = grounded(state)
    if why:
        return why
    if truce_first_turn(state):
        return ("no air strike or interception during a truce, and a truce may not be violated in the turn it "
                "takes effect (22.1b, 22.3)")
    return None
