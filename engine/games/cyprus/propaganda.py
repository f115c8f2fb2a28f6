"""Cyprus's Propaganda Round (rule 6.0, L3494-3535) and victory (7.0-7.2, L3545-3570); issue 29.

Political Will phase (6.1). International Pressure first shifts International Opinion one box right for every
three Cells in Prison (6.1.1, L3502; never past Condemned, 6.5). The net change of Political Will is then
worked out before the marker moves (NOTE L3508): minus International Opinion's value (6.1.1); minus, for each
Sabotage marker in a Town or British Base, the number printed in its space, 2 in Nicosia and the Bases and 1
in the other Towns (6.1.2, L3504: per marker, as 7.2 says too); plus 2 with no Arms Cache in either Mountain
and plus 1 for every two Towns without a Sabotage marker, rounded down (6.1.3, L3506). Each term is logged
with its rule; the marker then moves once, within 0-15 (1.8). Political Will at 0 is an EOKA victory at once
(6.1.4, 7.0.1); otherwise the third and final Propaganda card ends the game with a British victory (6.1.5,
7.0.2). There is no draw. The outcome is ``state["outcome"] = {"winner": role, "reason": ...}``.

Resource phase (6.2): EOKA may place an Arms Cache (6.2.1); the British draw an Intel Chit, or discard half
theirs (6.2.2). Redeploy phase (6.3): British, then EOKA. Their choices are asked by the procedures of
:mod:`engine.games.cyprus.propaganda_phases`.

Reset phase (6.4, L3526-3535), in order: with C18 unshaded in play, every Cell in a Curfew space to Prison
(L3813: "at the start of the Reset phase"); the Troops on card C4 back to the British Bases, where the
faction that executed C4 chooses (L3675; ruling R-C4: at the start of the Reset, before its other steps);
International Opinion one box toward Ignored if three or fewer Towns have a Sabotage or Curfew marker; every
Curfew and Sabotage marker off the map; half the Cells in Prison, rounded down, to Available; every Cell
Underground; EOKA 1st Eligible and the British 2nd (the game's ``eligibility_after_propaganda``). The shared
card round then reveals the next card (2.3.2, engine.coin.sequence).

The script's steps ``will``, ``resources``, ``redeploy`` and ``reset`` begin the four phases (a position file
may start at each: engine.games.cyprus.position); ``intel``, ``eoka_redeploy`` and ``reset_markers`` continue
them once the choice before has been made.
"""

from __future__ import annotations

from ...coin.capabilities import cap
from ...coin.propaganda import PropagandaRound
from ...coin.wording import side_name
from ...core.flow import Context, procedure
from . import board as B
from . import why as W
from .propaganda_phases import (
    start_arms,
    start_british_redeploy,
    start_eoka_redeploy,
    start_intel,
    start_suez,
)
from .setup import PROPAGANDA_CARDS

#: 6.1.3: what no Arms Cache in either Mountain adds; Towns without Sabotage per point.
NO_MOUNTAIN_CACHE = 2
TOWNS_PER_POINT = 2
#: 6.4: International Opinion moves toward Ignored if at most this many Towns have a Sabotage or Curfew marker.
QUIET_TOWNS = 3


def final_round(g: Context) -> bool:
    """Whether this is the deck's final Propaganda card (6.1.5): the third, one in each pile (2.1)."""
    return g.s["propaganda"] >= len(PROPAGANDA_CARDS)


def will_terms(g: Context) -> list[tuple[int, str, str]]:
    """The terms of the Political Will phase after International Pressure has moved International Opinion:
    ``(change, what, rule)`` for 6.1.1's cost, 6.1.2's Disorder and 6.1.3's Order, in the rule's order."""
    spaces = g.s["spaces"]
    io = B.io(g)
    terms = [(-io, f"International Pressure: International Opinion at {B.io_label(io)} costs {io}", "6.1.1")]
    disorder = [(s, spaces[s]["sabotage"]) for s in B.SPACES if spaces[s]["sabotage"] and B.sabotage_value(s)]
    if disorder:
        for s, n in disorder:
            v = B.sabotage_value(s)
            each = f" at {v} each" if n > 1 else ""
            terms.append((-n * v, f"Disorder: {W.count(n, 'sabotage')} in {B.name(s)} ({W.kind_of(s)}, value {v})"
                                  f"{each} cost {n * v}", "6.1.2"))
    else:
        terms.append((0, "Disorder: no Sabotage marker in a Town or British Base", "6.1.2"))
    held = {m: spaces[m]["caches"] for m in B.MOUNTAINS if spaces[m]["caches"]}
    if held:
        where = ", ".join(f"{W.count(n, 'caches')} in {B.name(m)}" for m, n in held.items())
        terms.append((0, f"Order: no +{NO_MOUNTAIN_CACHE}, the Mountains hold Arms Caches ({where})", "6.1.3"))
    else:
        terms.append((NO_MOUNTAIN_CACHE, f"Order: no Arms Cache in either Mountain adds {NO_MOUNTAIN_CACHE}", "6.1.3"))
    quiet = B.towns_without_sabotage(g)
    gain = len(quiet) // TOWNS_PER_POINT
    terms.append((gain, f"Order: {len(quiet)} Town{'s' if len(quiet) != 1 else ''} without Sabotage "
                        f"({W.names(quiet)}) add {gain}, one for every two", "6.1.3"))
    return terms


def international_pressure(g: Context) -> None:
    """6.1.1's first half: International Opinion one box right for every three Cells in Prison."""
    n, steps = B.prison(g), B.io_from_prison(g)
    if steps:
        made = B.shift_io(g, steps, f"International Pressure: {W.count(n, 'cells')} in Prison", "6.1.1")
        if made < steps:
            g.say(f"International Pressure: {W.count(n, 'cells')} in Prison shift International Opinion {steps} "
                  f"step{'s' if steps > 1 else ''} right; it stops at {B.io_label(B.IO_MAX)}, the end of its track.",
                  rule="6.1.1, 6.5")
    else:
        g.say(f"International Pressure: {W.count(n, 'cells')} in Prison, fewer than three: International Opinion "
              f"stays at {B.io_label(B.io(g))}.", rule="6.1.1")


@procedure
class CyprusPropaganda(PropagandaRound):
    """Runs the phases of 6.1 to 6.4 in order, asking each faction its choices (see the module docstring)."""

    name = "cy.propaganda"
    script = ("will", "resources", "intel", "redeploy", "eoka_redeploy", "reset", "reset_markers")

    # -- 6.1 ------------------------------------------------------------------------------------------------
    def will(self, g, f):
        """6.1: International Pressure's shift, the net change worked out and the marker moved once, the
        victory check (6.1.4) and the end of the game on the final card (6.1.5)."""
        s = g.s
        s["propaganda"] += 1
        g.say(f"Political Will phase (Propaganda Round {s['propaganda']} of {len(PROPAGANDA_CARDS)}).", kind="h2",
              rule="6.1")
        international_pressure(g)
        terms = will_terms(g)
        for delta, what, rule in terms:
            g.say(f"{what} ({delta:+d}).", rule=rule)
        net = sum(d for d, _, _ in terms)
        before = B.will(g)
        made = B.shift_will(g, net, f"Political Will phase, net {net:+d}", "6.1")
        if not made:
            g.say(f"Political Will stays at {before} (net {net:+d}"
                  f"{', at the end of its track' if net else ''}).", rule="6.1, 1.8")
        pw = B.will(g)
        if pw == B.PW_MIN:
            self.win(g, "eoka", "British Political Will is at 0 after the Political Will phase", "6.1.4, 7.0.1")
        elif final_round(g):
            self.win(g, "british", f"the final Propaganda Round's Political Will phase ended with Political Will {pw} "
                                   "and no EOKA victory", "6.1.5, 7.0.2")

    # -- 6.2 ------------------------------------------------------------------------------------------------
    def resources(self, g, f):
        """6.2.1: EOKA may place an Arms Cache."""
        g.say("Resource phase.", kind="h2", rule="6.2")
        start_arms(g)

    def intel(self, g, f):
        """6.2.2: the British draw an Intel Chit, or discard half theirs."""
        start_intel(g)

    # -- 6.3 ------------------------------------------------------------------------------------------------
    def redeploy(self, g, f):
        """6.3.1: the British Redeploy."""
        g.say("Redeploy phase.", kind="h2", rule="6.3")
        start_british_redeploy(g)

    def eoka_redeploy(self, g, f):
        """6.3.2: the EOKA Redeploy, once the British have finished theirs."""
        start_eoka_redeploy(g)

    # -- 6.4 ------------------------------------------------------------------------------------------------
    def reset(self, g, f):
        """The start of the Reset: C18 unshaded's arrests, then the return of C4's Troops (ruling R-C4)."""
        g.say("Reset phase.", kind="h2", rule="6.4")
        if cap(g, "C18") == "unshaded":
            cordon_and_search(g)
        start_suez(g)

    def reset_markers(self, g, f):
        """6.4's steps: International Opinion, the markers, the Prison, the Cells, the Initiative."""
        marked = B.towns_marked(g)
        if len(marked) <= QUIET_TOWNS:
            why = f"{len(marked)} Town{'s' if len(marked) != 1 else ''} with Sabotage or Curfew ({W.names(marked)})"
            if not B.shift_io(g, -1, f"Reset: {why}, three or fewer", "6.4"):
                g.say(f"Reset: {why}; International Opinion is at {B.io_label(B.io(g))} already.", rule="6.4")
        else:
            g.say(f"Reset: {len(marked)} Towns have Sabotage or Curfew ({W.names(marked)}), more than three: "
                  f"International Opinion stays at {B.io_label(B.io(g))}.", rule="6.4")
        clear_markers(g)
        if not B.release_half(g, "6.4"):
            g.say(f"No Cell returned from Prison: {W.prison_of(g)}, half of which, rounded down, is none.", rule="6.4")
        B.flip_all_underground(g)
        g.say("Every Cell on the map was flipped Underground.", rule="6.4")
        order = list(g.rules.eligibility_after_propaganda)
        if g.s["eligible"] == order:
            g.say(f"{side_name(order[0])} stay 1st Eligible and the {side_name(order[1])} 2nd.", rule="6.4")
        self.reset_eligibility(g, "6.4")


def cordon_and_search(g: Context) -> None:
    """C18 unshaded (L3813): at the start of the Reset every Cell in a Curfew space goes to Prison."""
    sent = []
    for sid in B.curfew_spaces(g):
        x = B.sp(g, sid)
        n = B.remove(g, sid, "cells_u", x["cells_u"], to="prison") + B.remove(g, sid, "cells_a", x["cells_a"],
                                                                              to="prison")
        if n:
            sent.append(f"{W.count(n, 'cells')} in {B.name(sid)}")
    if sent:
        g.say(f"Cordon and Search (C18): {', '.join(sent)} went to Prison; {W.prison_of(g)}.", rule="C18, 6.4")
    else:
        g.say("Cordon and Search (C18): no Cell was in a Curfew space.", rule="C18, 6.4")


def clear_markers(g: Context) -> None:
    """6.4: every Curfew (back to the pool) and Sabotage marker off the map, logged in one line."""
    curfews = B.curfew_spaces(g)
    sabotage = [(s, n) for s in B.SPACES if (n := B.sp(g, s)["sabotage"])]
    for x in g.s["spaces"].values():
        x["curfew"] = x["sabotage"] = 0
    parts = []
    if curfews:
        parts.append(f"the Curfew{'s' if len(curfews) > 1 else ''} in {W.names(curfews)}")
    if sabotage:
        where = W.names([f"{B.name(s)}{f' ({n})' if n > 1 else ''}" for s, n in sabotage], plain=True)
        parts.append(f"the Sabotage marker{'s' if sum(n for _, n in sabotage) > 1 else ''} in {where}")
    g.say(f"Removed from the map: {' and '.join(parts)}." if parts else "No Curfew or Sabotage marker was on the map.",
          rule="6.4")
