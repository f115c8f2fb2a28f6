"""The British Special Activities of Kenya: Reward (4.2.1), Reprisal (4.2.2) and Air Strike (4.2.3).

Each selects its spaces one at a time, each once (4.1; engine.coin.special_select), up to its count:
Reward one (K11 unshaded: two), Reprisal the Pipeline's number (6.6.2, ruling R-PIPELINE-2), Air Strike one
(K5 unshaded: two). Reward accompanies Deploy or Relocate, Reprisal Sweep or Assault, Air Strike any British
Operation (4.1.1); none comes with a Limited Operation (2.3.4). An Event's or a phase's Special Activity
(5.4, 6.3.1; ruling R-FREE-OPS) gives its card or rule in ``rule``, its count in ``max`` (ruling
R-EVENT-PIPELINE), its spaces in ``only``, and ``outrage: False`` where the card says "no Roll for Outrage"
(K32 unshaded). Each ends with the spaces it selected as the caller's ``ret``.
"""

from __future__ import annotations

from ...core import notation
from ...core.flow import Context, procedure
from . import board as B
from . import why as W
from .operation import cap
from .outrage import roll_outrage
from .special import Selecting, sa_rule

notation.declare(__name__, {"space", "move", "done"})

#: A Guerrilla's order word and its key in a space, by state (1.4.3).
GUERRILLA_WORDS = {"guerrilla-u": "guerrillas_u", "guerrilla-a": "guerrillas_a"}


class BritishSpecial(Selecting):
    faction = "british"


# -- Reward (4.2.1) ------------------------------------------------------------------------------------

@procedure
class Reward(BritishSpecial):
    """Reward (4.2.1, with Deploy or Relocate): one British Controlled Populated space (K11 unshaded: two).
    There a Terror marker is removed, if one is, and the space shifts once toward Loyalty (a Loyal space stays
    Loyal). The Support Phase's Reward (6.3.1) is this one, called with its ``rule``."""

    name = "ke.sa.reward"
    sa = "reward"
    rule = "4.2.1"
    accompanies = ("deploy", "relocate")
    where = "British Controlled and Populated"
    raised_by = ("K11", "unshaded", 2)

    def qualifies(self, g, f, sid):
        return g.s["control"].get(sid) == "british" and B.populated(g, sid)

    def possible(self, g, f=None):
        """:meth:`qualifies` of any space, in one loop (asked by every Deploy and Relocate prompt); its own count
        is never 0 (4.2.1, K11). An Event's or a phase's frame (its ``max``, ``only``) asks the series' test."""
        if f:
            return super().possible(g, f)
        control, population = g.s["control"], g.s["population"]
        for s in B.SPACES:
            if control.get(s) == "british" and population[s] > 0:
                return True
        return False

    def unqualified(self, g, f, sid):
        if B.control(g, sid) != "british":
            return W.because(f"{W.control_of(g, sid)}: Reward selects a British Controlled space", self.rule)
        return W.because(f"{W.population_of(g, sid)}: Reward selects a Populated space", "4.2.1, 1.3.2")

    def on_space(self, g, f, sid):
        rule = sa_rule(f, self.rule)
        g.say(f"British Rewarded in {B.name(sid)}.", faction="british", rule=rule)
        B.remove_terror(g, sid, rule)
        if not B.shift(g, sid, 1, "Reward", rule):
            g.say(f"{B.name(sid)} is Loyal already: no shift.", faction="british", rule=rule)

    def close(self, g, f):
        """As the Reward ends, with K11 shaded in play, the Mau Mau may place a Guerrilla in a Mountain Jungle:
        once a Reward, whatever the number of its spaces (ruling R-K11), after an Operation's, the Support
        phase's (6.3.1) or an Event's. The Reward's frame ends first, so the question comes after it."""
        if cap(g, "K11") != "shaded":
            return False
        g.end(self.result(f))
        from .events.cards_k01_k11 import k11_after_reward  # the card's module imports this one
        k11_after_reward(g)
        return True


# -- Reprisal (4.2.2) ----------------------------------------------------------------------------------

@procedure
class Reprisal(BritishSpecial):
    """Reprisal (4.2.2, with Sweep or Assault): Populated spaces with British Troops, up to the Pipeline's
    number (6.6.2; none at Pipeline 0, ruling R-PIPELINE-2). In each the level is set to Neutral, a Terror
    marker placed unless one is there (1.4.2, 4.2.2 NOTE; none if all 15 are on the map, ruling R-TERROR) and
    the British move one Guerrilla of the state they choose to an adjacent space they choose; it keeps its
    state. Then one roll for Outrage, whatever the number of spaces (6.6.3 NOTE), unless the Event that
    granted it says otherwise (``outrage: False``, K32 unshaded). Frame: ``here`` while that Guerrilla waits
    to move."""

    name = "ke.sa.reprisal"
    sa = "reprisal"
    rule = "4.2.2"
    accompanies = ("sweep", "assault")
    where = "Populated, with British Troops"

    def own_max(self, g):
        return B.reprisal_spaces(B.pipeline(g))

    def own_count_rule(self, g):
        return "4.2.2, 6.6.2"

    def qualifies(self, g, f, sid):
        return g.s["spaces"][sid]["troops"] > 0 and B.populated(g, sid)

    def possible(self, g, f=None):
        """Its count now (none at Pipeline 0, 6.6.2), then :meth:`qualifies` of any space, in one loop (asked by
        every Sweep and Assault prompt). An Event's or a phase's frame (its ``max``, ``only``) asks the series'
        test."""
        if f:
            return super().possible(g, f)
        if self.own_max(g) <= 0:
            return False
        spaces, population = g.s["spaces"], g.s["population"]
        for s in B.SPACES:
            if spaces[s]["troops"] > 0 and population[s] > 0:
                return True
        return False

    def unqualified(self, g, f, sid):
        if not B.sp(g, sid)["troops"]:
            return W.because(f"{W.has(g, sid, 'troops')}: Reprisal selects spaces with British Troops", self.rule)
        return W.because(f"{W.population_of(g, sid)}: Reprisal selects Populated spaces", "4.2.2, 1.3.2")

    def space_refusal(self, g, f, arg):
        if not f.get("max") and W.is_space(arg) and self.own_max(g) == 0:
            return W.because(f"{W.pipeline_of(g)}", "4.2.2, 6.6.2")
        return super().space_refusal(g, f, arg)

    def on_space(self, g, f, sid):
        rule, name = sa_rule(f, self.rule), B.name(sid)
        g.say(f"British carried out a Reprisal in {name}.", faction="british", rule=rule)
        B.set_level(g, sid, 0, "Reprisal", rule)
        x = B.sp(g, sid)
        if x["terror"]:
            g.say(f"{name} has a Terror marker already: Reprisal places none.", faction="british",
                  rule="4.2.2 NOTE")
        elif not B.place_terror(g, sid, rule):
            g.say(f"No Terror marker was placed in {name}: all {B.TERROR_MARKERS} are on the map.",
                  faction="british", rule="1.9")
        if self.move_options(g, sid):
            f["here"], f["stage"] = sid, "move"
        else:
            g.say(f"No Guerrilla is in {name} to move.", faction="british", rule=rule)

    def move_options(self, g: Context, sid: str) -> list[str]:
        """``TO guerrilla-u|guerrilla-a``: a Guerrilla of *sid*, of a state it has there, to an adjacent space
        with room for it (1.4.2: no limit on Guerrillas)."""
        x = B.sp(g, sid)
        states = [w for w, k in GUERRILLA_WORDS.items() if x[k]]
        return [f"{dst} {w}" for dst in B.SPACES if dst in B.adj(g, sid) and B.may_place(g, dst, "guerrillas") for w in states]

    def sub_prompt(self, g, f):
        return {"move": self.move_options(g, f["here"])}

    def sub_text(self, g, f):
        return (f"British Reprisal in {B.name(f['here'])}: move one Guerrilla from there to an adjacent space "
                "(move TO guerrilla-u|guerrilla-a; it keeps its state)")

    def sub_refusal(self, g, f, verb, arg):
        here = f["here"]
        if verb in ("space", "done"):
            return W.because(f"the Reprisal in {B.name(here)} moves one Guerrilla from there first", self.rule)
        if verb != "move" or arg in self.move_options(g, here):
            return None
        words = W.parts(arg, 2)
        if words is None or words[1] not in GUERRILLA_WORDS:
            return W.form("move", "TO guerrilla-u|guerrilla-a", arg, self.rule)
        dst, word = words
        if not W.is_space(dst):
            return W.not_a_space(dst)
        if dst not in B.adj(g, here):
            return W.because(f"{B.name(dst)} is not adjacent to {B.name(here)}: the Guerrilla moves to an "
                             "adjacent space", "4.2.2, 1.3.6")
        return W.because(f"{W.has(g, here, GUERRILLA_WORDS[word])} to move", self.rule)

    def sub_act(self, g, f, verb, arg):
        here = f.pop("here")
        dst, word = arg.split(" ")
        key = GUERRILLA_WORDS[word]
        g.say(f"British Reprisal moved {W.count(1, key)} from {B.name(here)} to {B.name(dst)}.",
              faction="british", rule=sa_rule(f, self.rule))
        B.move(g, here, dst, key)
        f["stage"] = "select"

    def close(self, g, f):
        """One roll for Outrage as the Reprisal ends, if it selected a space (6.6.3 NOTE)."""
        if not f["chosen"]:
            return False
        if f.get("outrage") is False:
            g.say("No roll for Outrage after this Reprisal: the Event says so.", faction="british",
                  rule=W.rule_of(f, "6.6.3"))
            return False
        roll_outrage(g, "Reprisal")
        return False


# -- Air Strike (4.2.3) --------------------------------------------------------------------------------

@procedure
class AirStrike(BritishSpecial):
    """Air Strike (4.2.3, with any Operation): one Province or Mountain Jungle, never Nairobi (ruling
    R-MAP-3); K5 unshaded: up to two, K5 shaded: Mountain Jungles only. It removes one Active Guerrilla there,
    two in a Mountain Jungle where two are (the British gain by every removal: ruling R-AIR-STRIKE); never a
    Base (ruling R-8.0-ERRATA). A space with no Active Guerrilla is not offered: the strike would remove
    nothing."""

    name = "ke.sa.air-strike"
    sa = "air-strike"
    title = "Air Strike"
    rule = "4.2.3"
    accompanies = ("deploy", "relocate", "sweep", "assault")
    where = "a Province or Mountain Jungle with an Active Guerrilla"
    raised_by = ("K5", "unshaded", 2)

    def kinds(self, g: Context) -> tuple[str, ...]:
        return ("mountain-jungle",) if cap(g, "K5") == "shaded" else ("province", "mountain-jungle")

    def qualifies(self, g, f, sid):
        return g.s["spaces"][sid]["guerrillas_a"] > 0 and B.KIND[sid] in self.kinds(g)  # the cheaper test first

    def possible(self, g, f=None):
        """:meth:`qualifies` of any space, the kinds read once, in one loop (asked by every British Operation's
        prompt); its own count is never 0 (4.2.3, K5). An Event's or a phase's frame (its ``max``, ``only``) asks
        the series' test."""
        if f:
            return super().possible(g, f)
        spaces, kind, kinds = g.s["spaces"], B.KIND, self.kinds(g)
        for s in B.SPACES:
            if spaces[s]["guerrillas_a"] > 0 and kind[s] in kinds:
                return True
        return False

    def unqualified(self, g, f, sid):
        if B.KIND[sid] not in self.kinds(g):
            if cap(g, "K5") == "shaded":
                return W.because(f"{B.name(sid)} is {W.kind_of(sid)}: with Legal Zones shaded Air Strike selects "
                                 "Mountain Jungles only", "K5")
            return W.because(f"{B.name(sid)} is {W.kind_of(sid)}: Air Strike selects a Province or a Mountain "
                             "Jungle", self.rule)
        return W.because(f"{W.has(g, sid, 'guerrillas_a')} for Air Strike to remove", self.rule)

    def on_space(self, g, f, sid):
        n = min(2 if B.is_mountain_jungle(sid) else 1, B.sp(g, sid)["guerrillas_a"])
        g.say(f"British Air Strike removed {W.count(n, 'guerrillas_a')} in {B.name(sid)}.", faction="british",
              rule=sa_rule(f, self.rule))
        B.remove(g, sid, "guerrillas_a", n)
