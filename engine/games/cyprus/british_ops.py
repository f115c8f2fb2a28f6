"""British Operations of Cyprus (rule 3.2, L3365-3383): Deploy, Patrol, Search and Assault, the Cell games'
Operations (engine.coin.police_ops, engine.coin.cell_removal) with Cyprus's spaces, rates and readings.

- Deploy (3.2.1, L3367-3369): Towns and British Bases with more Troops than EOKA pieces, tested as each is
  selected; one Police each; then, even if Limited, Troops from anywhere to one space, by default any space
  (ruling R-DEPLOY: the umpire may choose that a Limited Deploy's Troops go to its one selected space). No
  Intelligence Lead (2.3.7, L3343).
- Patrol (3.2.2, L3371-3373): non-Mountain destinations with Cells; Police from anywhere; then in one
  destination Cells to Prison, one per Police (C17 shaded: one per two Police), Underground ones paid for with
  Intel Chits and counted in that number (3.2.4 NOTE, L3383).
- Search (3.2.3, L3375-3377): adjacent Troops move in together; Mountains and Bases Activate one Cell per
  cube; Towns take a Curfew and Activate one per three cubes, or the British discard a chit of any value for
  one per cube and no Curfew. With the four Curfews on the map the British move one from another Town, their
  choice (1.10 L3293, ruling R-CURFEW-POOL), asked of them whoever conducts the Search (:class:`CurfewChoice`).
  A Curfew in a destination its Troops leave is checked when the moves are over, since they are made together
  (ruling R-SEARCH-TOGETHER).
- Assault (3.2.4, L3379-3383): spaces with Troops and EOKA pieces; one piece per Troop, per two Troops in a
  Mountain (a Base per Troop, L3604); Active Cells first (ruling R-OP-ACTIVE-FIRST), Underground ones by chits,
  Arms Caches once no Cell remains, each +1 Political Will and a chit; Cells to Available and Prison in turn,
  Available first, over the whole Operation (ruling R-ASSAULT-PRISON, or per space where the umpire chose).
  C2 unshaded (L3655) passes ``caches_first``: the Caches go before the Cells.

Frame flags an Event passes: ``only`` and ``selected`` (C6, C15, C19, C30; an Assault resolves the spaces an
Event selected for it in turn), ``caches_first`` (C2 unshaded), and the Event frames of engine.games.cyprus
.operation (C3's Limited Patrol, C24's Patrol in up to two spaces). When another faction conducts one of these
for an Event, the chits and the Curfew moved stay the British player's to choose (1.6.1; ruling
R-EVENT-FACTION): they are asked (:class:`ChitChoice`, :class:`CurfewChoice`).
"""

from __future__ import annotations

from ...coin import cell_ops, intel, police_ops
from ...coin.capabilities import cap
from ...core import notation
from ...core.flow import Procedure, procedure
from ...core.ruling_choice import chosen
from . import board as B
from . import why as W
from .operation import NO, Operation

notation.declare(__name__, {"to", "troop", "move", "chit", "curfew", "remove", "done"})


@procedure
class ChitChoice(intel.ChitChoice):
    """The British decide whether to spend or discard an Intel Chit in an Operation another faction conducts
    for an Event (1.6.1: the chits are the British player's)."""

    name = "cy.op.chit"

    def elsewhere(self, verb):
        return W.elsewhere(verb)


@procedure
class CurfewChoice(Procedure):
    """The British choose the Town whose Curfew moves to a Search's Town when none is left in the pool and
    another faction conducts the Search (1.10 L3293: "the British player must move one"; ruling R-CURFEW-POOL).
    Frame: ``town`` (where it goes), ``sources`` (the Towns it may come from). Ends with the Town chosen."""

    name = "cy.op.curfew"
    rule = "1.10"

    def prompt(self, g, f):
        return {"curfew": list(f["sources"])}

    def text(self, g, f):
        return (f"British: no Curfew is left in the pool; choose the Town whose Curfew moves to "
                f"{B.name(f['town'])} (curfew FROM: {W.names(f['sources'])})")

    def explain(self, g, f, verb, arg):
        if verb != "curfew":
            return W.elsewhere(verb)
        return curfew_source_refusal(g, f["town"], f["sources"], arg)

    def act(self, g, f, verb, arg):
        g.end(arg)


def curfew_source_refusal(g, town: str, sources: list[str], arg: str | None) -> str:
    """Why ``curfew ARG`` may not move a Curfew to *town*: no Town named, not one of *sources* (it has no
    Curfew, it is the Town itself, or this Search has just placed the Curfew there)."""
    rule = "1.10, ruling R-CURFEW-POOL"
    if not arg:
        return (f"no Curfew is left in the pool: the British move one from another Town to {B.name(town)}, "
                f"curfew FROM, one of {W.names(sources)} ({rule})")
    sid = W.space_of(arg)
    if sid is None:
        return W.not_a_space(arg)
    if sid == town:
        return f"the Curfew goes to {B.name(town)}; it moves from another Town ({rule})"
    if not B.sp(g, sid)["curfew"]:
        return f"{W.has(g, sid, 'curfew')} to move; Curfews stand in {W.names(B.curfew_spaces(g))} ({rule})"
    return (f"this Search has just placed the Curfew in {B.name(sid)}; it is not taken from there again "
            f"({rule}): {W.names(sources)}")


class British:
    """What the four British Operations say alike, put first among their bases: their faction, the British
    choice of a chit when another faction conducts one, and the rulings their refusals cite (R-OP-REMOVE:
    choosing Cells and spending chits; R-OP-MOVE-ONCE: each cube moves once)."""

    faction = "british"
    chit_choice = ChitChoice.name
    removal_ruling = "R-OP-REMOVE"
    moves_once_ruling = ", ruling R-OP-MOVE-ONCE"


@procedure
class Deploy(British, police_ops.Deploy, Operation):
    """Deploy (3.2.1): one Police in each selected Town or British Base with more Troops than EOKA pieces;
    then, even if Limited, move any Troops from anywhere to one space, a Mountain too (ruling R-DEPLOY)."""

    name = "cy.op.deploy"
    op = "deploy"
    rule = "3.2.1"
    deploy_kinds = ("town", "base")
    deploy_where = "Towns and British Bases"

    def space_pool(self, g, f):
        """The Towns and British Bases: Deploy selects no other space (3.2.1)."""
        return cell_ops.pool_of(self, self.deploy_kinds)

    def eligible(self, g, f, sid, why=True):
        if why:
            return super().eligible(g, f, sid, why)
        # The prompt's test (police_ops.Deploy's), on the counts directly: more Troops than EOKA pieces.
        x = g.s["spaces"][sid]
        if B.KIND[sid] in self.deploy_kinds and x["troops"] > x["cells_u"] + x["cells_a"] + x["caches"]:
            return None
        return NO

    def same_space(self, g, f) -> bool:
        """Whether this Deploy's Troops may go only to its one selected space: a Limited Deploy under the
        umpire's reading ``same`` of ruling R-DEPLOY (2.3.4: "only one destination space")."""
        return f["limited"] and chosen(g.s, "R-DEPLOY", "any") == "same"

    def troop_destinations(self, g, f):
        return list(f["spaces"]) if self.same_space(g, f) else list(B.SPACES)

    def troop_destination_refusal(self, g, f, sid):
        return (f"{B.name(sid)} is not the space this Limited Deploy selected: its Troops go to "
                f"{W.names(f['spaces'])} only (2.3.4, ruling R-DEPLOY)")


@procedure
class Patrol(British, police_ops.Patrol, Operation):
    """Patrol (3.2.2): select non-Mountain destinations with Cells; move Police from anywhere to them, each
    once; then in one destination remove Cells to Prison, one per Police there (C17 shaded: one per two
    Police), Underground ones by spending Intel Chits worth at least as many (ruling R-OP-REMOVE)."""

    name = "cy.op.patrol"
    op = "patrol"
    rule = "3.2.2"
    patrol_kinds = ("town", "base")
    patrol_where = "non-Mountain spaces"

    def space_pool(self, g, f):
        """The Towns and British Bases: Patrol selects no Mountain (3.2.2)."""
        return cell_ops.pool_of(self, self.patrol_kinds)

    def eligible(self, g, f, sid, why=True):
        if why:
            return super().eligible(g, f, sid, why)
        # The prompt's test (police_ops.Patrol's), on the counts directly: a destination with Cells.
        x = g.s["spaces"][sid]
        return None if B.KIND[sid] in self.patrol_kinds and (x["cells_u"] or x["cells_a"]) else NO

    def patrol_capacity(self, g, f, sid):
        """One Cell per Police cube there; C17 shaded (L3805), one per two."""
        police = B.sp(g, sid)["police"]
        return police // 2 if cap(g, "C17") == "shaded" else police

    def start_removal(self, g, f, sid, capacity):
        if cap(g, "C17") == "shaded":
            g.say(f"Police stretched thin (C17): {W.count(B.sp(g, sid)['police'], 'police')} in {B.name(sid)} "
                  f"remove {capacity} Cell(s) at most.", faction="british", rule="C17")
        super().start_removal(g, f, sid, capacity)


@procedure
class Search(British, police_ops.Search, Operation):
    """Search (3.2.3): move adjacent Troops into the destinations together; Activate one Cell per cube in
    Mountains and Bases; in Towns a Curfew (moved from another Town when the pool is empty, the British's
    choice) and one per three cubes, or a chit discarded for one per cube and no Curfew; the moves are made
    together (engine.coin.police_ops.Search, ruling R-SEARCH-TOGETHER). Frame ``curfewed``: the Towns where
    this Search has placed a Curfew."""

    name = "cy.op.search"
    op = "search"
    rule = "3.2.3"

    # -- the Curfew of a Town (1.10, L3293; ruling R-CURFEW-POOL) -------------------------------------------
    def curfew_sources(self, g, f, sid):
        """With the pool empty, the Towns whose Curfew may move to *sid*: every other Town with one, except
        those where this Search has just placed one; none when *sid* takes no Curfew (one there already, or no
        British piece, 1.10) or the pool has one."""
        x = B.sp(g, sid)
        if B.curfew_pool(g) or x["curfew"] or not B.british_pieces(x):
            return []
        done = f.get("curfewed", [])
        return [s for s in B.curfew_spaces(g) if s != sid and s not in done]

    def search_curfew(self, g, f, sid, source):
        x = B.sp(g, sid)
        if x["curfew"] or not B.british_pieces(x):
            return False
        placed = B.move_curfew(g, source, sid, rule="3.2.3, 1.10") if source else B.place_curfew(g, sid)
        if placed:
            f.setdefault("curfewed", []).append(sid)
        return placed

    def resolve_city(self, g, f, chit, source=None):
        sid = f["cities"][0]
        if chit is None and source is None and f["role"] != "british":
            sources = self.curfew_sources(g, f, sid)
            if sources:  # the Curfew to move is the British player's choice (1.10): ask them
                f["asked"] = "curfew"
                g.call(CurfewChoice.name, "british", town=sid, sources=sources)
                return
        super().resolve_city(g, f, chit, source)

    def step(self, g, f):
        if f.get("asked") == "curfew" and "ret" in f:
            del f["asked"]
            self.resolve_city(g, f, None, f.pop("ret"))
            return True
        return super().step(g, f)

    def stage_refusal(self, g, f, verb, arg):
        if f["stage"] == "city" and verb == "curfew":
            town = f["cities"][0]
            sources = self.curfew_sources(g, f, town)
            if not sources:
                return f"curfew takes nothing after it here: a Curfew {self.curfew_words(g, f, town)} (3.2.3, 1.10)"
            return curfew_source_refusal(g, town, sources, arg)
        return super().stage_refusal(g, f, verb, arg)

    def curfew_words(self, g, f, town: str) -> str:
        """Where the Curfew of the Search in *town* comes from, for a refusal (1.10)."""
        x = B.sp(g, town)
        if x["curfew"]:
            return f"stands in {B.name(town)} already and none is added"
        if not B.british_pieces(x):
            return f"cannot stand in {B.name(town)}, which has no British piece"
        return "comes from the pool"

    def sub_text(self, g, f):
        text = super().sub_text(g, f)
        if f["stage"] != "city":
            return text
        # The British's prompt lists the sources (sub_prompt): read there while a caller holds it.
        sources = g.prompted(self, f)["curfew"] if f["role"] == "british" else \
            self.curfew_sources(g, f, f["cities"][0])
        if sources:
            text += "; no Curfew is left in the pool: curfew FROM moves one from another Town"
        return text


@procedure
class Assault(British, police_ops.Assault, Operation):
    """Assault (3.2.4): in each selected space with Troops and EOKA pieces remove one piece per Troop, per two
    Troops in a Mountain: Active Cells first (ruling R-OP-ACTIVE-FIRST, an umpire option), Underground Cells by
    spending Intel Chits, Arms Caches once no Cells remain (C2 unshaded: first), each +1 Political Will and a
    chit; Cells to Available and Prison in turn, Available first (ruling R-ASSAULT-PRISON). Frame
    ``assaulted``: the spaces resolved so far."""

    name = "cy.op.assault"
    op = "assault"
    rule = "3.2.4"
    active_first_ruling = "R-OP-ACTIVE-FIRST"
    active_first_rule = "3.2.4, ruling R-OP-ACTIVE-FIRST"

    def eligible(self, g, f, sid, why=True):
        if why:
            return super().eligible(g, f, sid, why)
        # The prompt's test (police_ops.Assault's), on the counts directly: Troops and EOKA pieces.
        x = g.s["spaces"][sid]
        return None if x["troops"] and (x["cells_u"] or x["cells_a"] or x["caches"]) else NO

    def troops_per_removal(self, g, sid):
        """One Troop per piece; two in a Mountain (3.2.4, L3381; a Base counts per Troop, L3604)."""
        return 2 if B.KIND[sid] == "mountain" else 1

    def on_space(self, g, f, sid):
        f.setdefault("assaulted", []).append(sid)
        if chosen(g.s, "R-ASSAULT-PRISON", "operation") == "space":
            f["alt"] = 0  # the umpire's reading: each space starts again with Available
        super().on_space(g, f, sid)

    def pending(self, f) -> list[str]:
        """Spaces an Event selected for this Assault (``selected``) not resolved yet."""
        done = f.get("assaulted", [])
        return [s for s in f["spaces"] if s not in done]

    def on_select_done(self, g, f):
        rest = self.pending(f)
        if rest:  # the Event's selection: its spaces are resolved in turn, then the Assault is over
            f["fixed"] = True
            self.on_space(g, f, rest[0])
        else:
            f["stage"] = "final"

    def end_removal(self, g, f):
        rest = self.pending(f)
        if rest:
            self.on_space(g, f, rest[0])
        else:
            f["stage"] = "final" if f.get("fixed") else "select"

    def before_cells(self, g, f):
        """C2 unshaded (L3655, "Assault removing any Arms Caches first"): the Caches go before any Cell, each
        still +1 Political Will and a chit (3.2.4), counted in the pieces the Troops remove."""
        if not f.get("caches_first"):
            return
        here = f["here"]
        k = B.remove(g, here, "caches", f["cap"] - f["taken"])
        f["taken"] += k
        rule = f.get("card") or "C2"
        for _ in range(k):
            g.say(f"British removed an Arms Cache in {B.name(here)}, Arms Caches first.", faction="british",
                  rule=rule)
            self.cache_bonus(g, here, "3.2.4")

    def removal_refusal(self, g, f, verb, arg):
        if verb == "remove" and arg == "cache" and f.get("caches_first"):
            where = B.name(f["here"])
            return self.card_refusal(g, f, f"this Assault removed the Arms Caches in {where} first, as many as "
                                           f"its Troops allowed; {W.has(g, f['here'], 'caches')} left to take")
        return super().removal_refusal(g, f, verb, arg)
