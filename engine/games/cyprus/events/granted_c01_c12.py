"""Cyprus Event cards C1, C2, C3, C6, C8 and C12, whose texts grant Operations or Special Activities (rule 5;
texts and Tips in 9.0, L3643-3759), with their other texts: C1 Makarios III, C2 Georgios Grivas, C3 AKEL, C6
Operation Pepperpot, C8 School Children Revolt, C12 Hugh Foot.

Cyprus has no rule on free Operations; ruling R-FREE-OPS reads 4.1 (L3422) for them: a granted Operation or
Special Activity is part of executing the Event, leaves Eligibility to the Event box, needs no accompanying
Operation (a Special Activity), carries no Special Activity (an Operation) unless the text gives one, and keeps
its own requirements unless the text changes them. Ruling R-EVENT-LEAD: the Intelligence Lead or Offensive
(2.3.7) may add a space only to an Operation whose spaces the text does not fix (C2 shaded, C3 unshaded, C12
unshaded: ``operation.event_limited_frame``); the others are ``operation.event_op_frame`` of the text's count.

Who decides (5.1, ruling R-EVENT-FACTION): the faction the text names ("British may", "EOKA may", "British
conduct"), whoever executes it (cards.json ``acts``); an Operation a text grants without naming one (C2
unshaded's Assault) is its owner's; the rest is the executing faction's (C8 unshaded's Cells). A text saying
"may" can be declined (the Operation's ``done`` with no space, or ``done`` before the Special Activity); one
without it must be carried out as far as it can (5.1.3: ``done`` is refused while an Operation or Special
Activity it grants could still be conducted). A granted Operation or Special Activity that could do nothing is
not asked for: the log says why. A text that can change nothing now is not offered (5.1.3).

Sequences run as scripts (engine.coin.events.ScriptEvent) that wait for each granted procedure: C3 unshaded
(the Patrol, then Political Will, ruling R-C3), C6 unshaded (the cubes, then the Search in each Mountain,
ruling R-C6), C12 unshaded (two Limited Operations, then a Special Activity). Chosen in turn, one after the
other (:class:`LimitedOps`): C2 shaded's three Limited Operations and C12 unshaded's two, each of any kind, the
same kind again too, with the same pieces again (Tips L3659, L3757).
"""

from __future__ import annotations

from ....coin import worded
from ....coin.events import ScriptEvent
from ....coin.granted import grant
from ....coin.wording import side_name
from ....core import notation
from ....core.flow import Context, Procedure, procedure
from .. import board as B
from .. import why as W
from ..operation import ACTIVITIES, OP_PREFIX, SA_PREFIX, event_limited_frame, event_op_frame
from . import event
from .common import CELL_KEYS, cells_on_map, pick
from .granted import GRANTS, acting, label, op_local, op_possible, op_title, sa_possible, sa_proc

notation.declare(__name__, {"op", "sa", "move", "done"})


# -- whether a granted Operation or Special Activity could do anything, and starting it -------------------------

def op_why_not(g: Context, role: str, op: str, frame: dict) -> str:
    """Why *role*'s Operation *op* with the locals *frame* has no space it may select (its own reasons)."""
    local = op_local(role, op, frame)
    return worded.op_refusal(g, role, op, local, activities=ACTIVITIES, words=W.WORDS, prefix=OP_PREFIX) or ""


def grant_op(g: Context, role: str, op: str, frame: dict, *, cid: str, limited: bool = False) -> bool:
    """*role* conducts Operation *op* with the Event's locals *frame*: pushed for the player to select its
    spaces (or, where the text selected them, ``selected``, to resolve them), or, if it has no space it may
    select, logged with the reason and not asked for (5.1.3). Returns whether it was pushed."""
    what = op_title(op, limited)
    return grant(g, role, f"{OP_PREFIX}{op}", frame,
                 can=bool(frame.get("preselected")) or op_possible(g, role, op, frame),
                 why=lambda: op_why_not(g, role, op, frame), head=label(cid), what=what,
                 began=f"{'an' if what[0] in 'AEIOU' else 'a'} {what}", rule=cid)


# -- Limited Operations one after the other (C2 shaded, C12 unshaded) --------------------------------------------

def limited_options(g: Context, role: str) -> list[str]:
    """*role*'s Operations that could select a space now as a Limited Operation an Event grants."""
    return [op for op in ACTIVITIES.ops.get(role, []) if op_possible(g, role, op, event_limited_frame(g, op))]


def limited_ops(g: Context, role: str, count: int, cid: str) -> None:
    """*role* conducts *count* Limited Operations, one after the other, each of the kind it names in turn
    (:class:`LimitedOps`)."""
    g.call(LimitedOps.name, role, left=count, count=count, cid=cid, rule=cid)


@procedure
class LimitedOps(Procedure):
    """The Limited Operations a text grants one after the other (C2 shaded: three, EOKA; C12 unshaded: two,
    British): ``op NAME`` names the kind of the next, any of the faction's own (3.2, 3.3), the same again too,
    with the same pieces again (Tips L3659, L3757). Each is a Limited Operation (one space, one origin for
    Travel, no Special Activity: 2.3.4) that an Intelligence Lead or Offensive may extend (2.3.7; ruling
    R-EVENT-LEAD). The text says "conducts": ``done`` is refused while a kind could still select a space
    (5.1.3); when none can, the rest is logged and dropped. Frame: ``left``, ``count``, ``cid``."""

    name = "cy.ev.limited-ops"
    rule = "5.1"

    def prompt(self, g, f):
        ops = limited_options(g, f["role"]) if f["left"] > 0 else []
        return {"op": ops} if ops else {"done": []}

    def rule_for(self, g, f):
        return f["cid"]

    def text(self, g, f):
        n = f["count"] - f["left"] + 1
        ops = g.legal.get("op", []) if g.legal is not None else limited_options(g, f["role"])
        kinds = W.names([op_title(k) for k in ops], plain=True, joint="or")
        return (f"{side_name(f['role'])} ({label(f['cid'])}): Limited Operation {n} of {f['count']}, of any kind "
                f"(op NAME: {kinds}, those with a space now)")

    def explain(self, g, f, verb, arg):
        """Why ``op NAME`` or ``done`` is refused: the text's Operations must be conducted while one can (5.1.3);
        a kind not the faction's (3.1), or one with no space it may select now (its own reasons)."""
        role, cid = f["role"], f["cid"]
        if verb == "done":
            if limited_options(g, role):
                return W.because(f"the text grants {f['count']} Limited Operations and {f['left']} remain to be "
                                 "conducted: what an Event can do, it must", f"{cid}, 5.1.3")
            return None
        if verb != "op":
            return W.elsewhere(verb) or W.turn_order(verb)
        if not arg:
            return W.form("op", "NAME", arg, cid)
        frame = event_limited_frame(g, arg) if arg in ACTIVITIES.op_faction else {}
        return worded.op_refusal(g, role, arg, frame, activities=ACTIVITIES, words=W.WORDS, prefix=OP_PREFIX)

    def act(self, g, f, verb, arg):
        if verb == "done":
            g.end()
            return
        f["left"] -= 1
        n = f["count"] - f["left"]
        g.say(f"{label(f['cid'])}: the {side_name(f['role'])} began Limited Operation {n} of {f['count']}, a "
              f"{op_title(arg, True)}.", faction=f["role"], rule=f["cid"])
        g.call(f"{OP_PREFIX}{arg}", f["role"], **event_limited_frame(g, arg))

    def step(self, g, f):
        if f["left"] <= 0:
            g.end()
            return True
        if not limited_options(g, f["role"]):
            g.say(f"{label(f['cid'])}: no {side_name(f['role'])} Operation had a space it could select; "
                  f"{f['left']} of the {f['count']} Limited Operations could not be conducted.", faction=f["role"],
                  rule=f["cid"])
            g.end()
            return True
        return False


# -- a Special Activity the text grants (C1 unshaded, C3 shaded, C8 shaded, C12 unshaded) ---------------------

def sa_options(g: Context, f: dict) -> list[str]:
    return [sa for sa in f["sas"] if sa_possible(g, sa, f["local"])]


def grant_sa(g: Context, role: str, sas: list[str], local: dict, *, cid: str, optional: bool, ask: str) -> None:
    """*role* conducts one of the Special Activities *sas* with the Event's locals *local* (4.1: no Operation
    with it; ruling R-FREE-OPS). One named by the text starts at once, ``optional`` where the text says "may"
    (the Special Activity's own ``done`` declines it); among several the faction is asked which first
    (:class:`GrantedSA`). If none could do anything, nothing is asked and the log says why (5.1.3)."""
    if len(sas) > 1:
        g.call(GrantedSA.name, role, sas=list(sas), local=dict(local), cid=cid, rule=cid, optional=optional,
               ask=ask)
        return
    sa = sas[0]
    title = GRANTS.sa_title(sa)
    grant(g, role, f"{SA_PREFIX}{sa}", {**local, "optional": optional}, can=sa_possible(g, sa, local),
          why=lambda: sa_why_not(g, sa, local), head=label(cid), what=title, began=title, rule=cid)


def sa_why_not(g: Context, sa: str, local: dict) -> str:
    """Why the Special Activity *sa* with the Event's locals *local* could do nothing now (its own words)."""
    return str(sa_proc(g, sa).no_space(g, local))


@procedure
class GrantedSA(Procedure):
    """A Special Activity a text grants, with no Operation (4.1, ruling R-FREE-OPS): ``sa NAME`` starts it with
    the text's locals (``local``: its card as ``rule``, the text's count and conditions); ``done`` declines where
    the text says "may" (``optional``), and is refused otherwise while one could act (5.1.3). Frame: ``sas``
    (those the text allows), ``local``, ``cid``, ``optional``, ``ask`` (the text's words for the prompt)."""

    name = "cy.ev.granted-sa"
    rule = "4.1"

    def prompt(self, g, f):
        sas = sa_options(g, f)
        out: dict[str, list[str]] = {"sa": sas} if sas else {}
        if f["optional"] or not sas:
            out["done"] = []
        return out

    def rule_for(self, g, f):
        return f["cid"]

    def text(self, g, f):
        titles = W.names([ACTIVITIES.sa_title.get(s, s.title()) for s in sa_options(g, f)], plain=True, joint="or")
        end = ", or done to decline" if f["optional"] else ""
        return f"{side_name(f['role'])} ({label(f['cid'])}): {f['ask']} (sa NAME: {titles}){end}"

    def explain(self, g, f, verb, arg):
        """Why ``sa NAME`` or ``done`` is refused: a Special Activity the text does not grant, another faction's,
        or one with nothing to do now (its own reason); ``done`` where the text does not say "may" (5.1.3)."""
        cid, role = f["cid"], f["role"]
        if verb == "done":
            if not f["optional"] and sa_options(g, f):
                return W.because(f"the text grants a Special Activity to conduct, not to decline: {f['ask']}",
                                 f"{cid}, 5.1.3")
            return None
        if verb != "sa":
            return W.elsewhere(verb) or W.turn_order(verb)
        sa = W.word_of(arg, ACTIVITIES.sa_faction)
        allowed = W.names([ACTIVITIES.sa_title.get(s, s) for s in f["sas"]], plain=True, joint="or")
        if sa not in ACTIVITIES.sa_faction:
            return W.because(f"{arg!r} is no Special Activity of Cyprus; the text grants {allowed}", "4.2, 4.3")
        owner = ACTIVITIES.sa_faction[sa]
        if owner != role:
            return W.because(f"{ACTIVITIES.sa_title[sa]} is {side_name(owner)}'s; the text grants the "
                             f"{side_name(role)} {allowed}", cid)
        if sa not in f["sas"]:
            return W.because(f"the text grants {allowed}, not {ACTIVITIES.sa_title[sa]}", cid)
        return sa_why_not(g, sa, f["local"])

    def act(self, g, f, verb, arg):
        if verb == "done":
            g.say(f"{label(f['cid'])}: the {side_name(f['role'])} conducted no Special Activity.", faction=f["role"],
                  rule=f["cid"])
            g.end()
            return
        title = ACTIVITIES.sa_title.get(arg, arg.title())
        g.say(f"{label(f['cid'])}: the {side_name(f['role'])} began {title}.", faction=f["role"], rule=f["cid"])
        g.goto(f"{SA_PREFIX}{arg}", f["role"], **f["local"])

    def step(self, g, f):
        if not sa_options(g, f):
            titles = W.names([ACTIVITIES.sa_title.get(s, s.title()) for s in f["sas"]], plain=True, joint="or")
            why = "; ".join(sa_why_not(g, s, f["local"]) for s in f["sas"])
            g.say(f"{label(f['cid'])}: the {side_name(f['role'])} could conduct no {titles}: {why}.",
                  faction=f["role"], rule=f["cid"])
            g.end()
            return True
        return False


# -- C1 Makarios III --------------------------------------------------------------------------------------

#: The locals C1 unshaded gives its Restore (ruling R-FREE-OPS): two spaces, each with British cubes and no
#: EOKA piece, in place of 4.2.1's one space with Troops and Police (``cubes``).
C1_RESTORE = {"rule": "C1", "max": 2, "cubes": True}


def c1_spaces(g: Context) -> list[str]:
    """The spaces C1 unshaded's Restore could clear: British cubes, no EOKA piece, and a Curfew or Sabotage
    marker to remove."""
    out = []
    for sid in B.SPACES:
        x = B.sp(g, sid)
        if B.cubes(x) and not B.eoka_pieces(x) and (x["curfew"] or x["sabotage"]):
            out.append(sid)
    return out


@event("C1", "unshaded", playable=lambda g, faction: bool(c1_spaces(g)))
def makarios_unshaded(g: Context, faction: str) -> None:
    """C1 unshaded (Troublemaker deported, L3645): the British may Restore in up to 2 spaces, each with British
    cubes (Troops or Police) and no EOKA piece, removing their Curfews and Sabotage markers (4.2.1 with the
    card's conditions, no Deploy: ruling R-FREE-OPS). Not offered where no such space has a marker to remove
    (5.1.3)."""
    grant_sa(g, acting("C1", "unshaded", faction), ["restore"], C1_RESTORE, cid="C1", optional=True,
             ask="Restore in up to 2 spaces with British cubes and no EOKA piece")


@event("C1", "shaded", playable=lambda g, faction: B.io(g) < B.IO_MAX)
def makarios_shaded(g: Context, faction: str) -> None:
    """C1 shaded (Political leader of Enosis): International Opinion shifts 2 steps right, toward Condemned, not
    past its end (6.5; ruling R-IO-LABELS). Not offered at Condemned."""
    B.shift_io(g, 2, label("C1"), "C1")


# -- C2 Georgios Grivas -------------------------------------------------------------------------------------

def c2_spaces(g: Context) -> list[str]:
    """The spaces where C2 unshaded's Assault could remove a piece: Troops enough for one removal (one per
    Troop, per two in a Mountain: 3.2.4) and an Arms Cache (taken first, L3655), an Active Cell, or an
    Underground Cell and an Intel Chit of value 1 or more to pay for it (1.6.1)."""
    paying = any(v >= 1 for v in g.s["intel"]["held"])
    out = []
    for sid in B.SPACES:
        x = B.sp(g, sid)
        if x["troops"] // (2 if B.is_mountain(sid) else 1) == 0:
            continue
        if x["caches"] or x["cells_a"] or (x["cells_u"] and paying):
            out.append(sid)
    return out


@event("C2", "unshaded", playable=lambda g, faction: bool(c2_spaces(g)))
def grivas_unshaded(g: Context, faction: str) -> None:
    """C2 unshaded (Escapes leaving documents, L3655): the British Assault in one space with Troops, removing its
    Arms Caches before any Cell (``caches_first``), each still +1 Political Will and an Intel Chit (3.2.4). The
    text has no "may": the Assault must be made where it can remove something (5.1.3), so the space is one of
    those (``only``); the Assault is the British's, who choose it, whoever executes (ruling R-EVENT-FACTION). Its
    one space is fixed: no Intelligence Lead (ruling R-EVENT-LEAD)."""
    frame = event_op_frame(g, "assault", 1, only=c2_spaces(g), caches_first=True)
    grant_op(g, acting("C2", "unshaded", faction), "assault", frame, cid="C2")


@event("C2", "shaded", playable=lambda g, faction: bool(limited_options(g, "eoka")))
def grivas_shaded(g: Context, faction: str) -> None:
    """C2 shaded (EOKA leader, L3657): EOKA conduct 3 Limited Operations, one after the other, each of any kind
    and possibly with the same pieces (Tip L3659); an Offensive may add a space to each (ruling R-EVENT-LEAD).
    As many as can be conducted must be (5.1.3)."""
    limited_ops(g, acting("C2", "shaded", faction), 3, "C2")


# -- C3 AKEL ------------------------------------------------------------------------------------------------

def c3_patrol(g: Context) -> dict:
    """The Limited Patrol C3 unshaded grants: one space, no Special Activity (2.3.4), an Intelligence Lead may
    add one (ruling R-EVENT-LEAD); "may": it may end with none."""
    return event_limited_frame(g, "patrol", optional=True)


@event("C3", "unshaded",
       playable=lambda g, faction: B.will(g) < B.PW_MAX or op_possible(g, "british", "patrol", c3_patrol(g)))
@procedure
class AkelUnshaded(ScriptEvent):
    """C3 unshaded (Operation Lobster Pot, L3665): the British may make a Limited Patrol (declined by ``done``
    with no space selected), then Political Will rises by 1 whether they Patrolled or not (ruling R-C3), not
    above 15 (1.8, 5.1.1)."""

    name = "cy.ev.C3.unshaded"
    script = ("patrol", "will")

    def patrol(self, g, f):
        grant_op(g, acting("C3", "unshaded", f["faction"]), "patrol", c3_patrol(g), cid="C3", limited=True)

    def will(self, g, f):
        f.pop("ret", None)
        B.shift_will(g, 1, label("C3"), "C3, ruling R-C3")


#: The locals C3 shaded gives its Propagandize: one space with a Cell and a Curfew (``need_curfew``).
C3_PROPAGANDIZE = {"rule": "C3", "max": 1, "need_curfew": True}


@event("C3", "shaded", playable=lambda g, faction: sa_possible(g, "propagandize", C3_PROPAGANDIZE))
def akel_shaded(g: Context, faction: str) -> None:
    """C3 shaded (Cypriot Communist Party, L3667): EOKA may Propagandize (4.3.3) in 1 space with a Cell and a
    Curfew, with no Operation (ruling R-FREE-OPS); a Sabotage marker there too makes it the -1 Political Will
    (4.3.3)."""
    grant_sa(g, acting("C3", "shaded", faction), ["propagandize"], C3_PROPAGANDIZE, cid="C3", optional=True,
             ask="Propagandize in 1 space with a Cell and a Curfew")


# -- C6 Operation Pepperpot --------------------------------------------------------------------------------

CUBE_KEYS = ("troops", "police")


def cubes_on_map(g: Context) -> int:
    return sum(B.cubes(B.sp(g, s)) for s in B.SPACES)


def c6_search(g: Context) -> dict:
    """The Search in each Mountain: one Operation with every Mountain selected by the text, its spaces fixed
    (no Intelligence Lead: ruling R-EVENT-LEAD), no Special Activity."""
    return event_op_frame(g, "search", len(B.MOUNTAINS), only=list(B.MOUNTAINS), selected=list(B.MOUNTAINS))


@procedure
class MountainMoves(Procedure):
    """C6 unshaded's moves: the British move any number of their cubes, Troops and Police, from any space into
    the Mountains, one at a time (``move FROM TO PIECE``: ``move nicosia troodos troops``), each cube once (a cube
    moved into a Mountain does not move again: ruling R-C6), then ``done``. A Curfew left with no British piece is
    lifted at once (1.10). Frame: ``arrived`` (Mountain -> cubes of each key moved in)."""

    name = "cy.ev.C6.moves"
    rule = "C6"

    def movable(self, g: Context, f: dict, sid: str, key: str) -> int:
        return B.sp(g, sid)[key] - f["arrived"].get(sid, {}).get(key, 0)

    def options(self, g: Context, f: dict) -> list[str]:
        out = []
        for a in B.SPACES:
            for key in CUBE_KEYS:
                if self.movable(g, f, a, key) > 0:
                    out += [f"{a} {m} {B.BOARD.word_of_key[key]}" for m in B.MOUNTAINS if m != a]
        return out

    def prompt(self, g, f):
        opts = self.options(g, f)
        return {"move": opts, "done": []} if opts else {"done": []}

    def rule_for(self, g, f):
        return "C6"

    def text(self, g, f):
        n = sum(sum(v.values()) for v in f["arrived"].values())
        return (f"British ({label('C6')}): move a cube into a Mountain (move FROM TO troops|police; {n} moved so "
                "far), or done; then the Search in each Mountain")

    def explain(self, g, f, verb, arg):
        """Why ``move FROM TO PIECE`` is refused: its form, a space not of the map, a destination not a Mountain,
        the cube's own space, a piece not a cube, none there, or only cubes that moved in already."""
        if verb != "move":
            return W.elsewhere(verb) or W.turn_order(verb)
        words = W.parts(arg, 3)
        if words is None:
            return W.form("move", "FROM TO troops|police", arg, "C6")
        a, b, word = words
        for w in (a, b):
            if not W.is_space(w):
                return W.not_a_space(w)
        if not B.is_mountain(b):
            return W.because(f"the cubes go to Mountain spaces ({W.names(B.MOUNTAINS)}); {B.name(b)} is "
                             f"{W.kind_of(b)}", "C6")
        if a == b:
            return W.because(f"the cube is in {B.name(a)} already: it moves from another space", "C6")
        key = W.piece_key(word)
        if key not in CUBE_KEYS:
            return W.because("the text moves British cubes: Troops or Police (move FROM TO troops|police)", "C6")
        if not B.sp(g, a)[key]:
            return W.because(f"{W.has(g, a, key)} to move", "C6")
        return W.because(f"{W.has(g, a, key)}, each moved into it by this Event already: a cube moves once",
                         "C6, ruling R-C6")

    def act(self, g, f, verb, arg):
        if verb == "done":
            g.end()
            return
        a, b, word = arg.split(" ")
        key = B.BOARD.key_of_word[word]
        B.move(g, a, b, key)
        here = f["arrived"].setdefault(b, {})
        here[key] = here.get(key, 0) + 1
        g.say(f"{label('C6')}: British moved {B.named(key)} from {B.name(a)} to {B.name(b)}.", faction="british",
              rule="C6")

    def step(self, g, f):
        if not self.options(g, f):
            g.end()
            return True
        return False


@event("C6", "unshaded", playable=lambda g, faction: cubes_on_map(g) > 0)
@procedure
class PepperpotUnshaded(ScriptEvent):
    """C6 unshaded (British sweep mountains, L3693): the British may move any number of their cubes from anywhere
    into the Mountains (:class:`MountainMoves`; none at all declines the moves), then Search (3.2.3) in each
    Mountain space: one Search with both Mountains selected by the text, which moves adjacent Troops in and
    Activates one Cell per cube there (ruling R-C6). Not offered with no British cube on the map (nothing could
    move, and a Search with no cube Activates nothing)."""

    name = "cy.ev.C6.unshaded"
    script = ("moves", "search")

    def moves(self, g, f):
        g.call(MountainMoves.name, acting("C6", "unshaded", f["faction"]), arrived={})

    def search(self, g, f):
        grant_op(g, acting("C6", "unshaded", f["faction"]), "search", c6_search(g), cid="C6")


def c6_travel(g: Context) -> dict:
    """The Travel of C6 shaded: origins among the Mountains, each may be one (the text fixes them: no extra
    space), "may": it may end with none."""
    return event_op_frame(g, "travel", len(B.MOUNTAINS), only=list(B.MOUNTAINS), optional=True)


@event("C6", "shaded", playable=lambda g, faction: any(B.cells(B.sp(g, m)) for m in B.MOUNTAINS))
def pepperpot_shaded(g: Context, faction: str) -> None:
    """C6 shaded (EOKA tipped off, L3695): EOKA may Travel (3.3.2) with each Mountain space as an origin, their
    Cells going anywhere as Travel allows; declined by ``done`` with no origin selected. Not offered with no Cell
    in a Mountain."""
    grant_op(g, acting("C6", "shaded", faction), "travel", c6_travel(g), cid="C6")


# -- C8 School Children Revolt -----------------------------------------------------------------------------

@event("C8", "unshaded", playable=lambda g, faction: cells_on_map(g) > 0)
def school_children_unshaded(g: Context, faction: str) -> None:
    """C8 unshaded (Education system reform, L3713): the executing faction removes 2 Cells of its choice, Active
    or Underground, from any spaces to Available; fewer if fewer are on the map (5.1.3); never from Prison."""
    n = min(2, cells_on_map(g))
    pick(g, faction, CELL_KEYS, max=2, min=n, rule="C8", label=label("C8"))


#: The locals C8 shaded gives its Propagandize: one space with a Curfew, no Cell needed (Tip L3717).
C8_PROPAGANDIZE = {"rule": "C8", "max": 1, "need_curfew": True, "no_cell": True}


@event("C8", "shaded", playable=lambda g, faction: sa_possible(g, "propagandize", C8_PROPAGANDIZE))
def school_children_shaded(g: Context, faction: str) -> None:
    """C8 shaded (Demonstrations, L3715): EOKA may Propagandize (4.3.3) in 1 space with a Curfew, with or without a
    Cell there (Tip L3717), and no Operation (ruling R-FREE-OPS): a Cell there is Activated if all are
    Underground; then -1 Political Will with a Sabotage marker there, else International Opinion one step
    right."""
    grant_sa(g, acting("C8", "shaded", faction), ["propagandize"], C8_PROPAGANDIZE, cid="C8", optional=True,
             ask="Propagandize in 1 space with a Curfew (no Cell needed)")


# -- C12 Hugh Foot ------------------------------------------------------------------------------------------

#: The locals C12 unshaded gives its Special Activity: the card, no Operation with it (ruling R-FREE-OPS).
C12_SA = {"rule": "C12"}


def c12_sas(g: Context) -> list[str]:
    return [sa for sa in ACTIVITIES.sa_of.get("british", ()) if sa_possible(g, sa, C12_SA)]


@event("C12", "unshaded", playable=lambda g, faction: bool(limited_options(g, "british") or c12_sas(g)))
@procedure
class HughFootUnshaded(ScriptEvent):
    """C12 unshaded (New approach, L3753): the British conduct 2 Limited Operations one after the other, each of
    any kind, possibly with the same pieces (Tip L3757), an Intelligence Lead may extend each (ruling
    R-EVENT-LEAD); then any one British Special Activity (4.2), with no Operation (ruling R-FREE-OPS). No "may":
    what can be conducted must be (5.1.3)."""

    name = "cy.ev.C12.unshaded"
    script = ("ops", "special")

    def ops(self, g, f):
        role = acting("C12", "unshaded", f["faction"])
        if limited_options(g, role):
            limited_ops(g, role, 2, "C12")
            return
        g.say(f"{label('C12')}: no British Operation had a space it could select; the 2 Limited Operations could "
              "not be conducted.", faction=role, rule="C12")

    def special(self, g, f):
        grant_sa(g, acting("C12", "unshaded", f["faction"]), list(ACTIVITIES.sa_of.get("british", ())), C12_SA,
                 cid="C12", optional=False, ask="then any Special Activity")


def c12_sabotage(g: Context) -> dict:
    """The Sabotage C12 shaded grants: up to 3 spaces, fixed by the text (no Offensive: ruling R-EVENT-LEAD), each
    with an Underground Cell as usual (Tip L3757); "may": it may end with none."""
    return event_op_frame(g, "sabotage", 3, optional=True)


@event("C12", "shaded", playable=lambda g, faction: op_possible(g, "eoka", "sabotage", c12_sabotage(g)))
def hugh_foot_shaded(g: Context, faction: str) -> None:
    """C12 shaded (Welcomed with terror, L3755): EOKA may Sabotage (3.3.3) in up to 3 spaces, each a Town or British
    Base with an Underground Cell unless C23 shaded says otherwise (Tip L3757); declined by ``done`` with no space
    selected."""
    grant_op(g, acting("C12", "shaded", faction), "sabotage", c12_sabotage(g), cid="C12")
