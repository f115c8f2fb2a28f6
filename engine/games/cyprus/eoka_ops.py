"""EOKA Operations of Cyprus (rule 3.3, L3385-3416): Recruit, Travel, Sabotage and Ambush.

Recruit, Travel and Sabotage are the Cell games' (engine.coin.cell_ops, shared with Palestine) on Cyprus's
spaces; Ambush is Cyprus's own. Each selects up to three spaces, one if Limited (3.1, 2.3.4); an Offensive
(2.3.7, L3343: an Arms Cache from a space with no British cube to Available) adds one to Recruit, Sabotage and
Ambush, Limited ones too, never to Travel (engine.coin.cell_operation).

- Recruit (3.3.1, L3389-3393): Mountains and Towns without a Curfew; up to two Cells in a Mountain with an
  Arms Cache, one in a Mountain without, one in a Town with or next to an Arms Cache, none in another Town and
  never any in a British Base; Cells from Available only (1.4.1, L3249-3251), placed Underground (1.4.3).
- Travel (3.3.2, L3395-3404): up to three origins with Cells and no Curfew; their Cells go to any spaces, the
  origin itself too; each group from one origin to one destination ends Active where the destination is a
  British Base or has a Curfew and the group and the cubes there exceed three, else Underground. A Cell moves
  once a Travel (ruling R-TRAVEL-ONCE); no Special Activity while an origin's Cells move (R-TRAVEL-GROUP).
  Cordon and Search (C18): unshaded, a group entering a Curfew space always ends Active; shaded, a Cell
  travelling alone there stays Underground (ruling R-C18; the umpire's other reading: one Cell of any group).
- Sabotage (3.3.3, L3406-3410): Towns and British Bases with an Underground Cell; one Activated; before the
  roll EOKA may spend one Arms Cache in or next to the space (+2); a d6 less one per Police cube there above 2
  places a Sabotage marker, on others too, while any of the fifteen is left (ruling R-SABOTAGE-POOL). Turkish
  Police (C31): Police take nothing off the roll. Street Riots (C23): unshaded, a space with British pieces
  and more than one Cell first loses one Cell to Available, EOKA's choice (ruling R-C23); shaded, one space of
  each Sabotage may use a Cell already Active (ruling R-C23-SHADED).
- Ambush (3.3.4, L3414-3416): Towns with an Underground Cell; one Cell Activated (an Active one may serve, 1.4.3
  NOTE: ruling R-AMBUSH-CELL) and one Police cube removed to Available if there is one; a d6 above the cubes
  left places an Arms Cache from Available in the space or an adjacent Town or Mountain, EOKA's choice after
  the roll (ruling R-AMBUSH-CACHE). Road Ambushes (C32): unshaded, in a space with Troops the Activated Cell
  also goes to Available; shaded, in one space of each Ambush with Troops EOKA may remove no Police and take 1
  Political Will off on a success (ruling R-C32). An EOKA Pass may Ambush in one Town (2.3.3, L3333; the frame
  is rules.pass_ambush_frame, ruling R-PASS-AMBUSH).

Frame flags an Event passes (event_op_frame, event_limited_frame): ``only`` (C6's Mountains, C28's Bases,
C30's Towns), ``optional`` ("may"), ``card``/``count``/``rule``. C29 shaded's Political Will is the Event's to
raise before it grants the Sabotage; the Operation needs nothing more of those texts.
"""

from __future__ import annotations

from ...coin import cell_ops
from ...coin.capabilities import cap
from ...core import notation
from ...core.flow import procedure
from ...core.ruling_choice import chosen
from . import board as B
from . import why as W
from .operation import NO, Operation

notation.declare(__name__, {"place", "move", "cache", "roll", "remove", "use", "option"})

#: The states of a Cell as the orders name them, and their keys in a space.
CELL_KEYS = cell_ops.CELL_KEYS
CELL_STATES = list(CELL_KEYS)


#: The kinds of space next to an Ambush where its Arms Cache may go (3.3.4: an adjacent Town or Mountain).
CACHE_KINDS = frozenset({"town", "mountain"})


def _cell_words(state: str) -> str:
    return "an Underground Cell" if state == "underground" else "an Active Cell"


# -- 3.3.1 Recruit ----------------------------------------------------------------------------------------

@procedure
class Recruit(cell_ops.Recruit, Operation):
    """Recruit (3.3.1): Mountains and Towns without a Curfew; up to two Cells in a Mountain with an Arms
    Cache, one in a Mountain without, one in a Town with or next to an Arms Cache; never a British Base."""

    name = "cy.op.recruit"
    op = "recruit"
    faction = "eoka"
    rule = "3.3.1"
    recruit_cells = {"mountain": (2, 1), "town": (1, 0)}
    near_kinds = frozenset({"town"})  # a Town with or adjacent to an Arms Cache; a Mountain's own only
    two_cells_where = "a Mountain with an Arms Cache"

    def eligible(self, g, f, sid, why=True):
        if why:
            return super().eligible(g, f, sid, why)
        # The prompt's test (cell_ops.Recruit's, by :attr:`recruit_cells`), on the counts directly: no Curfew, a
        # Cell Available, and a Mountain, or a Town with an Arms Cache in or next to it; never a Base.
        spaces = g.s["spaces"]
        x = spaces[sid]
        if x["curfew"] or not g.s["available"]["cells"]:
            return NO
        kind = B.KIND[sid]
        if kind == "mountain" or (kind == "town" and (x["caches"] or any(spaces[s]["caches"] for s in B.adj(g, sid)))):
            return None
        return NO


# -- 3.3.2 Travel -----------------------------------------------------------------------------------------

@procedure
class Travel(cell_ops.Travel, Operation):
    """Travel (3.3.2): from up to three origins with Cells and no Curfew, move Cells to any spaces; a group
    ending in a British Base or Curfew space with the cubes there over three is Active, else Underground (C18
    changes the Curfew case)."""

    name = "cy.op.travel"
    op = "travel"
    faction = "eoka"
    rule = "3.3.2"
    exposed_kinds = frozenset({"base"})
    curfew_origins = False
    group_ruling = "R-TRAVEL-GROUP"

    def ends_active(self, g, dest, n):
        """Cordon and Search (C18, L3813-3817) in a Curfew space: unshaded, the whole group is Active;
        shaded, a group of one Cell is Underground whatever the cubes (ruling R-C18 ``alone``), or under the
        umpire's reading ``one`` one Cell of any group stays Underground and the others are judged as a group
        of their own. Elsewhere, and without C18, the rule (3.3.2)."""
        side = cap(g, "C18")
        if not side or not B.sp(g, dest)["curfew"]:
            return super().ends_active(g, dest, n)
        if side == "unshaded":
            if not self.exposed(g, dest, n):
                g.say(f"Cordon and Search (C18): Cells Travelling to {B.name(dest)}, a Curfew space, flip Active.",
                      faction=self.faction, rule="C18")
            return n
        if chosen(g.s, "R-C18", "alone") == "one":
            rest = n - 1 if n > 1 and self.exposed(g, dest, n - 1) else 0
            if self.exposed(g, dest, n):
                g.say(f"Cells slip through (C18): one Cell entering {B.name(dest)} stays Underground.",
                      faction=self.faction, rule="C18")
            return rest
        if n == 1:
            if self.exposed(g, dest, n):
                g.say(f"Cells slip through (C18): a single Cell Travels to {B.name(dest)} without Activating.",
                      faction=self.faction, rule="C18")
            return 0
        return super().ends_active(g, dest, n)


# -- 3.3.3 Sabotage ---------------------------------------------------------------------------------------

@procedure
class Sabotage(cell_ops.Sabotage, Operation):
    """Sabotage (3.3.3): in up to three Towns or British Bases with an Underground Cell, Activate one; an
    Arms Cache in or next to the space may be spent for +2 before the roll; the roll less one per Police cube
    above 2 places a Sabotage marker. C23 and C31 change it.

    Frame locals besides the base's: ``active_used`` (the space where C23 shaded's Active Cell served),
    ``use_active`` (EOKA chose it for the space being resolved); stages ``riot`` (C23 unshaded: which Cell goes)
    and ``cell`` (C23 shaded: which Cell serves)."""

    name = "cy.op.sabotage"
    op = "sabotage"
    faction = "eoka"
    rule = "3.3.3"
    space_kinds = frozenset({"town", "base"})
    cache_choice = "cy.op.cache"

    # -- Street Riots (C23, L3859-3865) -----------------------------------------------------------------
    def active_cell_serves(self, g, f, sid):
        """C23 shaded: one space of each Sabotage Operation may use a Cell already Active (ruling
        R-C23-SHADED: once per Operation, an Event's too)."""
        return cap(g, "C23") == "shaded" and not f.get("active_used") and B.sp(g, sid)["cells_a"] > 0

    def riots(self, g, sid) -> bool:
        """C23 unshaded: a selected space with British pieces and more than one Cell first loses a Cell."""
        x = B.sp(g, sid)
        return cap(g, "C23") == "unshaded" and B.british_pieces(x) > 0 and B.cells(x) > 1

    def eligible(self, g, f, sid, why=True):
        if not why:  # the prompt's test (cell_ops.Sabotage's), on the counts directly
            if B.KIND[sid] not in self.space_kinds or not (g.s["spaces"][sid]["cells_u"]
                                                           or self.active_cell_serves(g, f, sid)):
                return NO
            return self.event_refusal(g, f, sid, why) if "card" in f else None
        reason = super().eligible(g, f, sid, why)
        if reason is None:
            return reason
        x = B.sp(g, sid)
        used = f.get("active_used")
        if B.KIND[sid] in self.space_kinds and not x["cells_u"] and x["cells_a"] and used \
                and cap(g, "C23") == "shaded":
            return W.because(f"Sabotage needs an Underground Cell and {W.has(g, sid, 'cells_u')}; Street Riots let "
                             f"one space of a Sabotage use an Active Cell, and {B.name(used)} has used it",
                             "3.3.3, C23")
        return reason

    def on_space(self, g, f, sid):
        f["here"] = sid
        x = B.sp(g, sid)
        if self.riots(g, sid):
            if x["cells_u"] and x["cells_a"]:
                f["stage"] = "riot"  # which Cell goes is EOKA's choice (ruling R-C23)
                return
            self.riot(g, f, "underground" if x["cells_u"] else "active")
            return
        if x["cells_u"] and self.active_cell_serves(g, f, sid):
            f["stage"] = "cell"  # an Underground Cell or the Active one (C23 shaded: "may use")
            return
        super().on_space(g, f, sid)

    def riot(self, g, f, state: str) -> None:
        """C23 unshaded: one Cell of *state* in the space goes to Available, then the Sabotage goes on there if
        an Underground Cell is left (ruling R-C23), else does nothing more in it."""
        sid = f["here"]
        B.remove(g, sid, CELL_KEYS[state], 1)
        g.say(f"Crowds dispersed (C23): {_cell_words(state)} in {B.name(sid)} went to Available before the "
              "Sabotage.", faction=self.faction, rule="C23")
        if not B.sp(g, sid)["cells_u"]:
            g.say(f"No Underground Cell is left in {B.name(sid)}: the Sabotage there does nothing more.",
                  faction=self.faction, rule="C23")
            f["stage"] = "select"
            return
        super().on_space(g, f, sid)

    def activate_cell(self, g, f, sid):
        if f.pop("use_active", False) or not B.sp(g, sid)["cells_u"]:
            f["active_used"] = sid
            return "an Active Cell there was used (Demonstrations, C23)"
        return super().activate_cell(g, f, sid)

    # -- Turkish Police (C31, L3939) and the fifteen markers (ruling R-SABOTAGE-POOL) -------------------------
    def police_penalty(self, g, f, x):
        """One per Police cube (3.3.3); none with Turkish Police (C31) in effect, which the log says."""
        if not cap(g, "C31"):
            return x["police"]
        if x["police"]:
            g.say(f"Turkish Police (C31): the {W.count(x['police'], 'police')} in {B.name(f['here'])} take "
                  "nothing off the Sabotage roll.", faction=self.faction, rule="C31")
        return 0

    def place_marker(self, g, f, sid):
        return B.place_sabotage(g, sid, self.rule)

    # -- the stages of C23 -------------------------------------------------------------------------------
    def sub_prompt(self, g, f):
        if f["stage"] == "riot":
            return {"remove": list(CELL_STATES)}
        if f["stage"] == "cell":
            return {"use": list(CELL_STATES)}
        return super().sub_prompt(g, f)

    def sub_text(self, g, f):
        here = B.name(f["here"])
        if f["stage"] == "riot":
            return (f"EOKA Sabotage in {here}: Crowds dispersed (C23): remove 1 Cell to Available first "
                    "(remove underground|active)")
        if f["stage"] == "cell":
            return (f"EOKA Sabotage in {here}: Activate an Underground Cell, or use the Active Cell there "
                    "(Demonstrations, C23: one space of the Sabotage) (use underground|active)")
        return super().sub_text(g, f)

    def stage_refusal(self, g, f, verb, arg):
        stage = f["stage"]
        if stage in ("riot", "cell"):
            here = B.name(f["here"])
            order = "remove" if stage == "riot" else "use"
            what = ("which Cell Crowds dispersed send to Available first, an Underground or an Active one "
                    "(C23, ruling R-C23)" if stage == "riot" else
                    "whether an Underground Cell is Activated or the Active Cell serves (C23, ruling R-C23-SHADED)")
            if verb == order:
                return f"{order} underground|active: {what}; {W.has(g, f['here'], 'cells_u', 'cells_a')}"
            return f"first say, for the Sabotage in {here}, {what}: {order} underground|active"
        if stage == "select" and verb == "cache":
            return ("an Arms Cache is spent on a Sabotage roll before it is rolled (3.3.3: \"Before rolling\"): "
                    "select the space, then cache SPACE, then roll")
        return super().stage_refusal(g, f, verb, arg)

    def sub_act(self, g, f, verb, arg):
        if f["stage"] == "riot":
            self.riot(g, f, arg)
            return
        if f["stage"] == "cell":
            f["use_active"] = arg == "active"
            super().on_space(g, f, f["here"])
            return
        super().sub_act(g, f, verb, arg)


@procedure
class CacheChoice(cell_ops.CacheChoice):
    """EOKA decide whether to spend an Arms Cache for +2 in a Sabotage another faction conducts (3.3.3:
    "EOKA may expend an Arms Cache"); by ruling R-EVENT-FACTION EOKA conduct every Sabotage an Event grants,
    so this asks them only where an umpire's reading hands the Operation to the British."""

    name = "cy.op.cache"
    rule = "3.3.3"
    faction = "eoka"
    B = B
    W = W


# -- 3.3.4 Ambush -----------------------------------------------------------------------------------------

@procedure
class Ambush(Operation):
    """Ambush (3.3.4): in up to three Towns with an Underground Cell, Activate one Cell and remove one Police
    cube if there is one; a d6 above the cubes left places an Arms Cache in the space or an adjacent Town or
    Mountain. C32 changes it.

    Frame locals: ``here`` (the Town being resolved), ``lorries`` (the space where C32 shaded's option was
    taken); stages ``cell`` (which Cell is the Activated one, ruling R-AMBUSH-CELL), ``option`` (C32 shaded)
    and ``cache`` (where the Arms Cache goes)."""

    name = "cy.op.ambush"
    op = "ambush"
    faction = "eoka"
    rule = "3.3.4"
    kinds = frozenset({"town"})

    def space_pool(self, g, f):
        return cell_ops.pool_of(self, self.kinds)

    def eligible(self, g, f, sid, why=True):
        if B.KIND[sid] not in self.kinds:
            return f"{B.name(sid)} is {W.kind_of(sid)}: Ambush selects Towns only ({self.rule})" if why else NO
        if not g.s["spaces"][sid]["cells_u"]:
            return (f"Ambush needs a Town with an Underground Cell ({self.rule}); "
                    f"{W.has(g, sid, 'cells_u', 'cells_a')}") if why else NO
        return None

    def offensive_refusal(self, g, f, arg):
        """An EOKA Pass Ambushes in one space (2.3.3), with no Offensive unless the umpire chose the reading
        that makes it a Limited Operation (ruling R-PASS-AMBUSH)."""
        if f.get("rule") == "2.3.3" and not f["extras"]:
            return ("an EOKA Pass Ambushes in one space: no Offensive adds one (2.3.3, ruling R-PASS-AMBUSH)")
        return super().offensive_refusal(g, f, arg)

    # -- the steps in a space ------------------------------------------------------------------------------
    def on_space(self, g, f, sid):
        f["here"] = sid
        x = B.sp(g, sid)
        if x["cells_a"] and chosen(g.s, "R-AMBUSH-CELL", "note") == "note":
            f["stage"] = "cell"  # an Active Cell there may be the one Activated (1.4.3 NOTE)
            return
        self.activate(g, f, "underground")

    def activate(self, g, f, state: str) -> None:
        """Activates one Cell: an Underground one flips, an Active one stays as it is (1.4.3 NOTE); then the
        Police step."""
        here = f["here"]
        if state == "underground":
            B.activate(g, here, 1)
            done = "a Cell was Activated"
        else:
            done = "an Active Cell there is the one Activated (1.4.3 NOTE)"
        g.say(f"EOKA Ambush in {B.name(here)}: {done}.", faction=self.faction, rule=self.rule)
        if self.lorries_possible(g, f):
            f["stage"] = "option"
            return
        self.police(g, f, "police")

    def lorries_possible(self, g, f) -> bool:
        """C32 shaded: in one Ambush space with Troops EOKA may take the Political Will option (ruling R-C32)."""
        return cap(g, "C32") == "shaded" and not f.get("lorries") and B.sp(g, f["here"])["troops"] > 0

    def police(self, g, f, option: str) -> None:
        """Removes one Police cube to Available if there is one (3.3.4), or under C32 shaded's option none;
        C32 unshaded then sends the Activated Cell to Available where Troops are; then the roll."""
        here = f["here"]
        name = B.name(here)
        x = B.sp(g, here)
        if option == "will":
            f["lorries"] = here
            g.say(f"Troop lorries attacked (C32): no Police cube is removed in {name}; a success will lower "
                  "Political Will by 1.", faction=self.faction, rule="C32")
        elif B.remove(g, here, "police", 1):
            g.say(f"EOKA removed a Police cube in {name} to Available.", faction=self.faction, rule=self.rule)
        else:
            g.say(f"There is no Police cube in {name} to remove.", faction=self.faction, rule=self.rule)
        if cap(g, "C32") == "unshaded" and x["troops"]:
            B.remove(g, here, "cells_a", 1)
            g.say(f"Adapt to attacks (C32): the Activated Cell in {name} went to Available (British Troops "
                  "there).", faction=self.faction, rule="C32")
        self.roll(g, f)

    def roll(self, g, f) -> None:
        """The d6 against the cubes left in the space (3.3.4: "greater than the number of cubes remaining");
        a success lowers Political Will where C32 shaded's option was taken, and places an Arms Cache."""
        here = f["here"]
        name = B.name(here)
        cubes = B.cubes(B.sp(g, here))
        die = g.roll(f"Ambush in {name}")
        f["stage"] = "select"
        if die <= cubes:
            g.say(f"EOKA rolled {die} for the Ambush in {name}, not more than the {W.count(cubes, 'cubes')} "
                  "there: no Arms Cache.", faction=self.faction, rule=self.rule)
            return
        over = f"more than the {W.count(cubes, 'cubes')} there" if cubes else "with no British cube there"
        g.say(f"EOKA rolled {die} for the Ambush in {name}, {over}: it succeeds.", faction=self.faction,
              rule=self.rule)
        if f.get("lorries") == here:
            B.shift_will(g, -1, f"Troop lorries attacked in {name}", rule="C32")
        self.cache_step(g, f)

    # -- the Arms Cache (3.3.4, 1.4.1, 1.4.2; ruling R-AMBUSH-CACHE) -----------------------------------------
    def cache_spaces(self, g, sid: str) -> list[str]:
        """Where the Arms Cache may go: the space and the Towns and Mountains adjacent to it, each with room
        (1.4.2: two at most, never a British Base), in board order."""
        near, spaces, kind = B.adj(g, sid), g.s["spaces"], B.KIND
        return [s for s in B.SPACES if (s == sid or (s in near and kind[s] in CACHE_KINDS))
                and kind[s] != "base" and spaces[s]["caches"] < B.CACHES_MAX]  # B.may_place, inline

    def optional_cache(self, g) -> bool:
        """Whether EOKA may decline the Arms Cache (the Example's "EOKA may add", L3614: the umpire's reading
        ``may`` of ruling R-AMBUSH-CACHE); by default it is placed (3.3.4: "place one Arms Cache")."""
        return chosen(g.s, "R-AMBUSH-CACHE", "must") == "may"

    def cache_step(self, g, f) -> None:
        here = f["here"]
        name = B.name(here)
        if not g.s["available"]["caches"]:
            g.say(f"No Arms Cache is Available to place for the Ambush in {name}; none is taken from the map.",
                  faction=self.faction, rule="1.4.1")
            return
        # With a Cache Available at most three are on the map, so the Town or a Town or Mountain next to it
        # (every Town has one, 1.3.5) has room: there is always a space to choose.
        f["stage"] = "cache"  # where is EOKA's choice, made after the roll (3.3.4)

    def place_cache(self, g, f, sid: str) -> None:
        B.place(g, sid, "caches", 1)
        g.say(f"EOKA placed an Arms Cache in {B.name(sid)} (Ambush in {B.name(f['here'])}).",
              faction=self.faction, rule=self.rule)
        f["stage"] = "select"

    # -- prompts, orders and refusals of the stages ------------------------------------------------------------
    def sub_prompt(self, g, f):
        stage = f["stage"]
        if stage == "cell":
            return {"use": list(CELL_STATES)}
        if stage == "option":
            return {"option": ["police", "will"]}
        if stage == "cache":
            out = {"place": self.cache_spaces(g, f["here"])}
            if self.optional_cache(g):
                out["done"] = []
            return out
        return {}

    def sub_text(self, g, f):
        stage, here = f["stage"], B.name(f["here"])
        head = f"EOKA Ambush in {here}"
        if stage == "cell":
            return f"{head}: Activate an Underground Cell, or let an Active Cell there be the one (use underground|active)"
        if stage == "option":
            return (f"{head}: remove a Police cube as usual (option police), or Troop lorries attacked, C32: remove "
                    "no Police and lower Political Will by 1 if the roll succeeds (option will)")
        if stage == "cache":
            more = ", or done to place none" if self.optional_cache(g) else ""
            return f"{head}: place the Arms Cache (place SPACE: {W.names(g.prompted(self, f)['place'])}){more}"
        return head

    def stage_refusal(self, g, f, verb, arg):
        stage = f["stage"]
        if stage == "select":
            return None
        here = B.name(f["here"])
        if stage == "cell":
            if verb == "use":
                return (f"use underground|active: which Cell is the one Activated ({self.rule}, 1.4.3 NOTE, "
                        f"ruling R-AMBUSH-CELL); {W.has(g, f['here'], 'cells_u', 'cells_a')}")
            return f"first say which Cell the Ambush in {here} Activates: use underground|active ({self.rule})"
        if stage == "option":
            if verb == "option":
                return ("option police|will: remove a Police cube as usual, or none and 1 Political Will off on a "
                        "success (C32, ruling R-C32)")
            return f"first choose the Ambush's option in {here}: option police|will (C32)"
        if verb == "place":
            sid = W.space_of(arg)
            if sid is None:
                return W.not_a_space(arg or "")
            spaces = self.cache_spaces(g, f["here"])
            if sid == f["here"] or (sid in B.adj(g, f["here"]) and B.KIND[sid] != "base"):
                return (f"{W.has(g, sid, 'caches')}: two Arms Caches at most in a space (1.4.2); the Cache goes "
                        f"to {W.names(spaces)}")
            return (f"{B.name(sid)} is not {here} nor a Town or Mountain adjacent to it: the Arms Cache goes to "
                    f"{W.names(spaces)} ({self.rule})")
        if verb == "done":
            return (f"the Ambush in {here} succeeded: an Arms Cache is placed, place SPACE ({self.rule}: \"place "
                    "one Arms Cache\", ruling R-AMBUSH-CACHE)")
        return f"first place the Arms Cache the Ambush in {here} won: place SPACE ({self.rule})"

    def sub_act(self, g, f, verb, arg):
        stage = f["stage"]
        if stage == "cell":
            self.activate(g, f, arg)
        elif stage == "option":
            self.police(g, f, arg)
        elif verb == "place":
            self.place_cache(g, f, arg)
        else:
            g.say(f"EOKA placed no Arms Cache for the Ambush in {B.name(f['here'])}.", faction=self.faction,
                  rule=self.rule)
            f["stage"] = "select"
