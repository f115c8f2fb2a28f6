"""British Operations: Deploy, Patrol, Search, Assault (rule 3.2, L368-384), the Cell games' Operations
(engine.coin.police_ops, engine.coin.cell_removal) with Palestine's spaces, rates and Capabilities: P17
(Search in Cities), P18 (Assault), P23 (Patrol), P25 (Arms Caches), and the British choice of an Intel Chit in
an Operation another faction conducts (:class:`ChitChoice`)."""

from __future__ import annotations

from ...coin import intel, police_ops
from ...coin.capabilities import cap
from ...core import notation
from ...core.flow import procedure
from . import board as B
from .operation import Operation
from .why import elsewhere

notation.declare(__name__, {"to", "troop", "move", "chit", "curfew", "arrest", "remove", "done"})


@procedure
class ChitChoice(intel.ChitChoice):
    """The British decide whether to spend or discard an Intel Chit in an Operation another faction conducts
    for an Event (1.6.1; ruling R-EV-OWNER)."""

    name = "pal.op.chit"

    def elsewhere(self, verb):
        return elsewhere(verb)


class British:
    """What Palestine's four British Operations say alike, put first among their bases: their faction, the
    British choice of a chit when another faction conducts one, and the rulings their refusals cite (R-OP-3:
    choosing Cells and spending chits; R-OP-8: each cube moves once)."""

    faction = "british"
    chit_choice = ChitChoice.name
    removal_ruling = "R-OP-3"
    moves_once_ruling = ", ruling R-OP-8"


@procedure
class Deploy(British, police_ops.Deploy, Operation):
    """Deploy (3.2.1): one Police in each selected District or City with more Troops than Irgun pieces;
    then, even if Limited, move any Troops from anywhere to one space (a Railway too)."""

    name = "pal.op.deploy"
    op = "deploy"
    rule = "3.2.1"
    deploy_kinds = ("district", "city")
    deploy_where = "Districts and Cities"


@procedure
class Patrol(British, police_ops.Patrol, Operation):
    """Patrol (3.2.2): select destinations with Cells; move Police from anywhere to them; then in one
    destination (two with P23 unshaded) remove Cells to Prison, one per Police there, Underground ones by
    spending Intel Chits worth at least as many (ruling R-OP-3); P23 shaded: Road Mines."""

    name = "pal.op.patrol"
    op = "patrol"
    rule = "3.2.2"
    extra_removal_card = "P23"

    def removal_spaces(self, g, f):
        return 2 if cap(g, "P23") == "unshaded" else 1

    def after_moves(self, g, f):
        """P23 shaded: Police moving into a space with Sabotage are lost on a roll of 1-3 (ruling R-P23)."""
        if cap(g, "P23") != "shaded":
            return
        for sid in f["moved_into"]:
            x = B.sp(g, sid)
            if x["sabotage"] and x["police"]:
                die = g.roll(f"Road Mines in {B.name(sid)}")
                if die <= 3:
                    B.remove(g, sid, "police", 1)
                    g.say(f"Road Mines (P23): rolled {die}, a Police cube in {B.name(sid)} was removed.",
                          rule="P23")
                else:
                    g.say(f"Road Mines (P23): rolled {die}, no loss in {B.name(sid)}.", rule="P23")


@procedure
class Search(British, police_ops.Search, Operation):
    """Search (3.2.3): move adjacent Troops into the destinations at once; Activate one Cell per two cubes
    in Districts and Railways; in Cities place a Curfew and Activate one per three cubes (four with P17
    shaded), or discard an Intel Chit to Activate one per cube with no Curfew."""

    name = "pal.op.search"
    op = "search"
    rule = "3.2.3"

    def open_rate(self, g, sid):
        return 2

    def curfew_rate(self, g):
        return 4 if cap(g, "P17") == "shaded" else 3


@procedure
class Assault(British, police_ops.Assault, Operation):
    """Assault (3.2.4): in each selected space with Troops and Irgun pieces remove one piece per two Troops
    (P18 unshaded: per Troop): Active Cells first (ruling R-OP-3b, an umpire option), Underground Cells by
    spending Intel Chits, Arms Caches once no Cells remain, each +1 Political Will and a chit (P25 unshaded:
    +2 and two); Cells go to Available and Prison alternately, Available first (P18 shaded: all Available)."""

    name = "pal.op.assault"
    op = "assault"
    rule = "3.2.4"
    active_first_ruling = "R-OP-3b"
    active_first_rule = "3.2.4, ruling R-OP-3b"

    def troops_per_removal(self, g, sid):
        return 1 if cap(g, "P18") == "unshaded" else 2

    def alternates(self, g, f):
        return cap(g, "P18") != "shaded"

    def cache_bonuses(self, g):
        return 2 if cap(g, "P25") == "unshaded" else 1
