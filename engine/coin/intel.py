"""Intel Chits, the British resource of the Cell games (Palestine and Cyprus, rule 1.6.1; L276 and L3273).

Nine chits worth 0, 1 or 2 (three of each) sit in an opaque bag; the British draw them at random, reveal
them, and hold them face up (open information). A chit spent (Patrol, Assault) or discarded (Search, an
Intelligence Lead, Propaganda) goes back to the bag. The state is ``state["intel"] = {"bag": [values],
"held": [values]}``, both lists kept sorted so that two equal positions have equal states.

:class:`ChitChoice` is the question put to the British when another faction conducts an Operation for
them (an Event) and a chit could be spent or discarded: the chits stay the British player's to spend. A game
registers it under its own procedure name (``pal.op.chit``).

:class:`IntelChitsPosition` is the chits' part of a Cell game's position files (docs/positions.md): ``chits``
``{"intel": [values held]}``, the bag holding the rest.
"""

from __future__ import annotations

from ..core.errors import RulesBugError
from ..core.flow import Context, Procedure
from .position_checks import path_of

#: The chits of the bag at the start (1.6.1): values 0 to 2, three of each.
INTEL_CHITS: tuple[int, ...] = (0, 0, 0, 1, 1, 1, 2, 2, 2)


def fresh_intel() -> dict[str, list[int]]:
    """The ``intel`` part of a new game's state: every chit in the bag, none held (1.6.1)."""
    return {"bag": list(INTEL_CHITS), "held": []}


def draw_chit(g: Context, why: str, rule: str | None = None) -> int | None:
    """Draws one Intel Chit at random from the bag for the British and reveals it; ``None`` (and a log
    line) if the bag is empty. *why* names the cause in the log, *rule* the rule that gives the chit."""
    intel = g.s["intel"]
    if not intel["bag"]:
        g.say(f"British could not draw an Intel Chit ({why}): the bag is empty.", faction="british", rule=rule)
        return None
    v = g.draw(intel["bag"], f"Intel Chit ({why})")
    intel["held"].append(v)
    intel["held"].sort()
    g.say(f"British drew an Intel Chit of value {v} ({why}).", faction="british", rule=rule or "1.6.1")
    return v


def spend_chit(g: Context, value: int) -> None:
    """Returns one held chit of *value* to the bag, spent or discarded (1.6.1)."""
    intel = g.s["intel"]
    if value not in intel["held"]:
        raise RulesBugError(f"British hold no Intel Chit of value {value}")
    intel["held"].remove(value)
    intel["bag"].append(value)
    intel["bag"].sort()


def chit_values(g: Context, minimum: int = 0) -> list[str]:
    """The different values of the chits the British hold, at least *minimum*, as order words (``"1"``)."""
    return [str(v) for v in sorted(set(g.s["intel"]["held"])) if v >= minimum]


def held_text(g: Context) -> str:
    """The values of the chits the British hold, for a reason or a prompt: ``0, 2``, or ``none``."""
    h = g.s["intel"]["held"]
    return ", ".join(str(v) for v in h) if h else "none"


def bag_size(g: Context) -> int:
    return len(g.s["intel"]["bag"])


class ChitChoice(Procedure):
    """The British decide whether to spend or discard one Intel Chit in an Operation another faction
    conducts for them (1.6.1: the chits are the British player's). Ends with the value chosen, or ``none``.
    Frame: ``minimum`` (the lowest value that does anything: 1 to pay for Underground Cells, 0 for a
    Search's discard), ``ask`` (what the chit would do).

    A game subclasses it with its ``name`` and registers it; :meth:`elsewhere` gives the reason for an order
    of another step (Palestine: an Event text outside the Event box).
    """

    rule = "1.6.1"
    #: The rule a discard of any value belongs to (Search, 3.2.3 in both games).
    discard_rule = "3.2.3"

    def elsewhere(self, verb: str) -> str | None:
        return None

    def prompt(self, g, f):
        return {"chit": chit_values(g, f["minimum"]), "done": []}

    def text(self, g, f):
        return f"British: {f['ask']} (chit VALUE), or done"

    def explain(self, g, f, verb, arg):
        if verb != "chit":
            return self.elsewhere(verb)
        rule = self.discard_rule if f["minimum"] == 0 else "1.6.1"
        if arg == "0" and f["minimum"]:
            return "a chit of value 0 pays for no Underground Cell (1.6.1)"
        return f"the British hold no Intel Chit of value {arg} (held: {held_text(g)}) ({rule})"

    def act(self, g, f, verb, arg):
        g.end(arg if verb == "chit" else "none")


class IntelChitsPosition:
    """The Intel Chits in a position file (1.6.1), put before ``CoinPosition`` among a game's position bases
    (Palestine, Cyprus): ``chits`` is ``{"intel": [values held]}``, in increasing order; the bag holds the
    other chits of :data:`INTEL_CHITS`. The chits are open information, so the file states them."""

    def chits_to_position(self, state: dict) -> dict:
        return {"intel": list(state["intel"]["held"])}

    def chits_to_state(self, p: dict, state: dict) -> None:
        held = sorted(p.get("chits", {}).get("intel", []))
        bag = list(INTEL_CHITS)
        for v in held:
            bag.remove(v)
        state["intel"] = {"bag": bag, "held": held}

    def validate_chits(self, p: dict, fault) -> None:
        """Faults of ``chits``: another kind of chit, a value no chit has, more chits of a value than the
        nine hold (1.6.1), the values held out of order."""
        chits = p.get("chits", {})
        if not isinstance(chits, dict):
            fault("chits", 'must be {"intel": [values of the Intel Chits the British hold]}')
            return
        for k in chits:
            if k != "intel":
                fault(path_of("chits", str(k)[:60]), f"{self.slug.title()}'s chits are the Intel Chits: intel (1.6.1)")
        held = chits.get("intel", [])
        if not isinstance(held, list):
            fault("chits.intel", "must be a list of the values (0, 1, 2) of the Intel Chits the British hold")
            return
        values = sorted(set(INTEL_CHITS))
        seen: dict[int, int] = {}
        for i, v in enumerate(held):
            if isinstance(v, bool) or v not in values:
                fault(path_of("chits", "intel", i), f"Intel Chits are worth 0, 1 or 2, not {v!r} (1.6.1)")
                continue
            seen[v] = seen.get(v, 0) + 1
            if seen[v] == INTEL_CHITS.count(v) + 1:
                fault(path_of("chits", "intel", i), f"there are {INTEL_CHITS.count(v)} Intel Chits of value {v} "
                                                    "(1.6.1)")
        good = [v for v in held if not isinstance(v, bool) and v in values]
        if good != sorted(good):
            fault("chits.intel", "list the values held in increasing order")
