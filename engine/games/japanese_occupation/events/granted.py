"""Japanese Occupation Event cards whose texts grant Operations and Special Activities, with the texts printed
beside them (rule 5; texts and Tips in 9.0, L1739-2121): J1 Sook Ching, J7 South East Asia Command, J9 Atomic
Bombings (Mandatory, one text, 5.4), J11 KMT Guerrillas, J13 Lai Teck Betrayal, J21 Malay Collaboration, J24
Victory in Europe, J25 John Davis (unshaded; the shaded text is in cards_j18_j31), J26 Subhas Chandra Bose and
J32 MPAJU.

A granted Operation or Special Activity is the game's own procedure (``jo.op.<op>``, ``jo.sa.<sa>``) started with
the card as ``rule`` (ruling R-FREE-OPS): free, without Special Activity unless the text grants one (J25),
leaving Eligibility to the Event box (4.1), made by its owner whoever executes the Event (ruling R-5.1: the
Japanese make J21 shaded's Eliminate). Where the text names its spaces they replace the rule's count (``max``,
``only``) and a British Operation's Force 136 (``no_f136``; rulings R-J11, R-J13, R-J26); where it does not (J7,
J24, J25) the rule's own spaces apply, Capabilities included. "May" leaves each space and each granted action to
that faction (ruling R-EVENT-MAY, default ``each``): a granted one may end with no space (``optional``). A grant
that could do nothing is not asked: the log says why (5.1.3; engine.coin.granted). Under R-EVENT-MAY's ``whole``
reading a granted Special Activity of several spaces (J1 and J13 shaded, J7 and J24 unshaded) may still select
none, but once it has selected one it selects every space it can (its frame's ``whole``, special.Selecting).

Entry points: :func:`free_op` (one Operation), :func:`free_ops` (several, the kind of each chosen in turn:
``op NAME``, procedure ``jo.ev.free_ops``), :func:`free_sa` (one Special Activity), :class:`FreeSpecial` (any one
British Special Activity, ``sa NAME``: J25). Pieces are placed with the shared placement (``jo.ev.put``, ``place
SPACE``, events.common) and J21's other reading moves them (``move FROM TO PIECE``). Order words: ``op``, ``sa``,
``move``, ``remove`` (J11 shaded's choice of an MPAJA Guerrilla, ``jo.ev.choose``) and ``done``.
"""

from __future__ import annotations

from ....coin.events import ScriptEvent
from ....coin.granted import Grants, grant
from ....coin.wording import side_name
from ....core import notation
from ....core.flow import Context, Procedure, procedure
from ....core.ruling_choice import chosen
from .. import board as B
from .. import why as W
from ..operation import ACTIVITIES, OP_PREFIX, OPS, SA_PREFIX, new_op_frame, op_refusal
from ..propaganda import start_final_round, third_campaign
from ..special import SA_OF
from . import event
from .common import (
    THAI,
    TITLE,
    agents_in_camps,
    choose,
    next_to_sabotage,
    placeable,
    put,
    troops_and_opposition,
    whole,
)

notation.declare(__name__, {"op", "sa", "move", "remove", "done"})

#: J1 unshaded's most Resistance.
J1_MOST = 3


# -- granted Operations and Special Activities (ruling R-FREE-OPS) --------------------------------------------------

#: Japanese Occupation's granted Operations and Special Activities (engine.coin.granted.Grants).
GRANTS = Grants(ACTIVITIES, OP_PREFIX, SA_PREFIX)
op_title, sa_title = GRANTS.op_title, GRANTS.sa_title


def op_frame(g: Context, op: str, *, limited: bool, rule: str, spaces: int | None = None,
             only: list[str] | None = None, optional: bool = True, **flags) -> dict:
    """The locals of Operation *op* granted by card *rule* (operation.new_op_frame): no Special Activity (ruling
    R-FREE-OPS), Limited if *limited* (2.4.4), *spaces* the card's count (default: the Operation's own, 3.1),
    within *only*; *flags* the Operation's own (``no_f136``, ``mpaja_only``, ``resistance_instead``,
    ``police_as_troops``)."""
    return new_op_frame(g, op, limited, False, spaces=spaces, only=only, optional=optional, rule=rule, **flags)


def op_possible(g: Context, role: str, op: str, frame: dict) -> bool:
    return GRANTS.op_possible(g, role, op, frame)


def free_op(g: Context, role: str, op: str, *, limited: bool, rule: str, label: str, spaces: int | None = None,
            only: list[str] | None = None, optional: bool = True, **flags) -> bool:
    """*role* conducts one granted Operation *op* (:func:`op_frame`), or, where it has no space it may select,
    the log says why and nothing is asked (5.1.3). Returns whether it was started; its spaces come back to the
    caller's frame as ``ret``."""
    frame = op_frame(g, op, limited=limited, rule=rule, spaces=spaces, only=only, optional=optional, **flags)
    what = op_title(op, limited)
    return grant(g, role, f"{OP_PREFIX}{op}", frame, can=op_possible(g, role, op, frame),
                 why=lambda: op_refusal(g, role, op, frame), head=label, what=what, began=f"the card's {what}",
                 rule=rule)


def sa_local(*, rule: str, max: int | None = None, only: list[str] | None = None, optional: bool = True,
             **flags) -> dict:
    """The locals of a Special Activity granted by card *rule*: ``max`` the card's count (``None``: the Special
    Activity's own, 4.2, 4.3, 6.7.3 and Capabilities), ``only`` its spaces, ``optional`` ("may")."""
    local = {"rule": rule, "optional": optional, "only": only, **flags}
    if max is not None:
        local["max"] = max
    return local


def sa_possible(g: Context, sa: str, local: dict) -> bool:
    return GRANTS.sa_possible(g, sa, local)


#: What a Special Activity needs that no space offers, where no space refuses it by itself.
SA_NEEDS = {
    "supply": "a Province with Force 136 and a Jungle Camp where a Supply Cache can go",
    "gather": "a space with Force 136 in or next to which an Underground Guerrilla stands with a concealed Intel chit",
    "raid": "a space adjacent to a Supply Cache with a Guerrilla to move in",
    "extract": "Resources to gain",
    "reprisal": "a space with Troops",
    "eliminate": "a space with Kempeitai and a revealed Intel chit, a Jungle Camp or a Force 136 marker",
}


def sa_reason(g: Context, role: str, sa: str, local: dict) -> str:
    """Why Special Activity *sa* with the card's locals could do nothing now: where the card names its spaces,
    their reasons (the Special Activity's own ``space_refusal``, each different one once); else, or where none
    refuses by itself, what it needs (:data:`SA_NEEDS`)."""
    only = local.get("only")
    if only:
        proc = GRANTS.sa_proc(g, sa)
        frame = {"p": proc.name, "role": role, "chosen": [], "stage": "select", **local}
        why = [str(r) for r in dict.fromkeys(proc.space_refusal(g, frame, s) for s in only) if r][:2]
        if why:
            return "; ".join(why)
    return f"it needs {SA_NEEDS[sa]}"


def free_sa(g: Context, role: str, sa: str, *, rule: str, label: str, max: int | None = None,
            only: list[str] | None = None, optional: bool = True, **flags) -> bool:
    """*role* conducts the granted Special Activity *sa* (:func:`sa_local`), needing no Operation (4.1; ruling
    R-FREE-OPS); where it could do nothing, the log says why and nothing is asked (5.1.3). Returns whether it
    was started; its spaces come back to the caller's frame as ``ret``."""
    local = sa_local(rule=rule, max=max, only=only, optional=optional, **flags)
    where = f" in {W.names(only, joint='or')}" if only else ""
    return grant(g, role, f"{SA_PREFIX}{sa}", local, can=sa_possible(g, sa, local),
                 why=lambda: sa_reason(g, role, sa, local), head=label, what=f"{sa_title(sa)}{where}",
                 began=f"the card's {sa_title(sa)}", rule=rule)


def free_ops(g: Context, role: str, ops: list[str], *, count: int, limited: bool, rule: str, label: str,
             only: list[str] | None = None, distinct: bool = False, one_kind: bool = False, **flags) -> None:
    """*role* may conduct up to *count* granted Operations one after the other, the kind of each among *ops*
    chosen as it starts (:class:`FreeOps`); with *distinct* each selects only spaces no earlier one did (J11:
    one action a space), with *one_kind* the first kind is kept (ruling R-J11 ``one-kind``)."""
    g.call(FreeOps.name, role, ops=list(ops), left=count, begun=0, limited=limited, only=only, distinct=distinct,
           used=[], one_kind=one_kind, kind=None, flags=dict(flags), whole=whole(g), rule=rule, label=label)


@procedure
class FreeOps(Procedure):
    """Granted Operations, each of the kind the faction names as it starts (``op NAME``), or ``done`` to stop
    (ruling R-EVENT-MAY ``each``; with ``whole``, only before the first: once begun, the text is carried out in
    full and the later ones must select a space). Frame: ``ops`` (the kinds), ``left`` (how many more),
    ``begun``, ``limited``, ``only``, ``distinct`` with ``used`` (the spaces earlier ones selected),
    ``one_kind`` with ``kind``, ``flags`` (the Operations' own), ``whole``, ``rule``, ``label``."""

    name = "jo.ev.free_ops"

    def kinds(self, f: dict) -> list[str]:
        return [f["kind"]] if f.get("kind") else list(f["ops"])

    @staticmethod
    def where(f: dict) -> list[str] | None:
        """The spaces the next Operation may select: ``only``, less those used where ``distinct``."""
        if not f["distinct"] or not f["used"]:
            return f["only"]
        pool = B.SPACES if f["only"] is None else f["only"]
        return [s for s in pool if s not in f["used"]]

    @staticmethod
    def bound(f: dict) -> bool:
        """Whether the faction must go on (ruling R-EVENT-MAY ``whole``, once an Operation has begun)."""
        return f["whole"] and f["begun"] > 0

    def frame(self, g: Context, f: dict, op: str) -> dict:
        return op_frame(g, op, limited=f["limited"], rule=f["rule"], only=self.where(f), optional=not self.bound(f),
                        **f["flags"])

    def options(self, g: Context, f: dict) -> list[str]:
        if f["left"] <= 0:
            return []
        return [op for op in self.kinds(f) if op_possible(g, f["role"], op, self.frame(g, f, op))]

    def prompt(self, g, f):
        ops = self.options(g, f)
        out: dict[str, list[str]] = {"op": ops} if ops else {}
        if not ops or not self.bound(f):
            out["done"] = []
        return out

    def rule_for(self, g, f):
        return f["rule"]

    def text(self, g, f):
        legal = g.prompted(self, f)
        kind = "Limited " if f["limited"] else ""
        kinds = W.names([op_title(k) for k in self.kinds(f)], plain=True, joint="or")
        where = self.where(f)
        at = f" among {W.names(where)}" if where is not None else ""
        head = f"{side_name(f['role'])} ({f['label']}): "
        if "op" not in legal:
            return f"{head}no further {kind}{kinds} is possible{at}; done"
        ops = "|".join(legal["op"])
        tail = ", or done" if "done" in legal else ""
        return f"{head}conduct the card's {kind}{kinds}{at} (op {ops}), {f['left']} left{tail}"

    def explain(self, g, f, verb, arg):
        """Why ``op NAME`` or ``done`` is refused: ``done`` once begun under ruling R-EVENT-MAY ``whole``; an
        Operation not the faction's (3.1) or not one the card grants, the kind ruling R-J11 ``one-kind`` keeps,
        or one with no space it may select now (its own reasons)."""
        rule = f["rule"]
        if verb == "done":
            if "done" in self.prompt(g, f):
                return None
            return W.because("the card's Operations have begun and more can be made: the umpire's reading 'whole' of "
                             "ruling R-EVENT-MAY carries a begun text out in full", f"{rule}, ruling R-EVENT-MAY")
        if verb != "op" or arg is None:
            return W.turn_order(verb)
        if f["left"] <= 0:
            return W.because(f"the card's Operations are made ({f['begun']})", rule)
        mine = OPS.get(f["role"], [])
        if arg in mine and arg not in f["ops"]:
            granted = W.names([op_title(k) for k in f["ops"]], plain=True, joint="or")
            return W.because(f"the card grants {granted}, not {op_title(arg)}", rule)
        if arg in mine and f.get("kind") and arg != f["kind"]:
            return W.because(f"the {side_name(f['role'])} chose {op_title(f['kind'])} for this card: one kind for all "
                             "its spaces (the umpire's reading 'one-kind' of ruling R-J11)", f"{rule}, ruling R-J11")
        frame = self.frame(g, f, arg) if arg in ACTIVITIES.op_faction else {}
        return op_refusal(g, f["role"], arg, frame)

    def act(self, g, f, verb, arg):
        if verb == "done":
            g.say(f"{f['label']}: the {side_name(f['role'])} made no more of the card's Operations.",
                  faction=f["role"], rule=f["rule"])
            g.end()
            return
        frame = self.frame(g, f, arg)
        f["left"] -= 1
        f["begun"] += 1
        f["running"] = True
        if f["one_kind"]:
            f["kind"] = arg
        g.say(f"{f['label']}: the {side_name(f['role'])} began the card's {op_title(arg, f['limited'])}.",
              faction=f["role"], rule=f["rule"])
        g.call(f"{OP_PREFIX}{arg}", f["role"], **frame)

    def step(self, g, f):
        if f.pop("running", False):  # an Operation has ended: its spaces are used
            f["used"] += [s for s in (f.pop("ret", None) or []) if s not in f["used"]]
        if not self.options(g, f):
            if f["left"] > 0:
                g.say(f"{f['label']}: no further Operation of the card has a space it may select.", faction=f["role"],
                      rule=f["rule"])
            g.end()
            return True
        return False


@procedure
class FreeSpecial(Procedure):
    """J25 unshaded's "any Special Activity": the British name one of theirs that could act now (``sa NAME``:
    Supply, Gather or Raid, 4.2), started with the card's ``rule`` and the rule's own spaces (ruling R-FREE-OPS),
    or ``done`` for none ("may", ruling R-EVENT-MAY; not once the text has begun under its ``whole`` reading,
    ``bound``). Frame: ``rule``, ``label``, ``bound``."""

    name = "jo.ev.free_sa"

    @staticmethod
    def local(f: dict) -> dict:
        return sa_local(rule=f["rule"])

    def options(self, g: Context, f: dict) -> list[str]:
        return [sa for sa in SA_OF[f["role"]] if sa_possible(g, sa, self.local(f))]

    def prompt(self, g, f):
        sas = self.options(g, f)
        if not sas:
            return {"done": []}
        return {"sa": sas} if f.get("bound") else {"sa": sas, "done": []}

    def rule_for(self, g, f):
        return f["rule"]

    def text(self, g, f):
        legal = g.prompted(self, f)
        head = f"{side_name(f['role'])} ({f['label']}): "
        if "sa" not in legal:
            return f"{head}no Special Activity could do anything now; done"
        tail = ", or done for none" if "done" in legal else ""
        return f"{head}conduct any one Special Activity (sa {'|'.join(legal['sa'])}){tail}"

    def explain(self, g, f, verb, arg):
        """Why ``sa NAME`` or ``done`` is refused: ``done`` once the text has begun under ruling R-EVENT-MAY
        ``whole``; not one of the faction's Special Activities (4.2, 4.3), or one that could do nothing now."""
        if verb == "done" and "done" not in self.prompt(g, f):
            return W.because("the British made the card's Contact: the umpire's reading 'whole' of ruling "
                             "R-EVENT-MAY carries a begun text out in full", f"{f['rule']}, ruling R-EVENT-MAY")
        if verb != "sa" or arg is None or arg in self.options(g, f):
            return W.turn_order(verb) if verb not in ("sa", "done") else None
        mine = SA_OF[f["role"]]
        if arg not in mine:
            listed = W.names([sa_title(a) for a in mine], plain=True, joint="or")
            return W.because(f"{arg!r} is no {side_name(f['role'])} Special Activity; the card grants {listed}",
                             f"{f['rule']}, 4.2")
        return W.because(f"{sa_title(arg)} could do nothing now: {sa_reason(g, f['role'], arg, self.local(f))}",
                         f"{f['rule']}, {ACTIVITIES.sa_rule[arg]}")

    def act(self, g, f, verb, arg):
        g.end()
        if verb == "done":
            g.say(f"{f['label']}: the {side_name(f['role'])} conducted no Special Activity.", faction=f["role"],
                  rule=f["rule"])
            return
        g.say(f"{f['label']}: the {side_name(f['role'])} began the card's {sa_title(arg)}.", faction=f["role"],
              rule=f["rule"])
        g.call(f"{SA_PREFIX}{arg}", f["role"], **self.local(f))


# -- J1 Sook Ching ---------------------------------------------------------------------------------------------------

def terror_on_map(g: Context) -> int:
    """Every Terror marker on the map, several in one space each counted (1.4.2: Events stack them)."""
    return B.on_map(g, "terror")


@event("J1", "unshaded", playable=lambda g, faction: terror_on_map(g) > 0 and g.s["resistance"] < B.RES_MAX)
def sook_ching_unshaded(g: Context, faction: str) -> None:
    """J1 unshaded (Massacres alienate population): Resistance rises by 1 for each Terror marker on the map, by 3
    at most, never past 20 (1.13, 5.1.1). Nothing to choose."""
    n = terror_on_map(g)
    gain = min(n, J1_MOST)
    most = f", {J1_MOST} at most" if n > J1_MOST else ""
    B.shift_resistance(g, gain, f"{TITLE['J1']}: {W.count(n, 'terror')} on the map{most}", "J1")


@event("J1", "shaded", playable=lambda g, faction: bool(troops_and_opposition(g)))
def sook_ching_shaded(g: Context, faction: str) -> None:
    """J1 shaded (Suspected resistance crushed): the Japanese, whoever executes (ruling R-5.1), may make a
    Reprisal (4.3.2) in each space with Troops and Opposition as the text is carried out, any, all or none of
    them (ruling R-EVENT-MAY), without Reprisal's limit of two spaces (ruling R-FREE-OPS)."""
    spaces = troops_and_opposition(g)
    free_sa(g, "japanese", "reprisal", rule="J1", label=TITLE["J1"], max=len(spaces), only=spaces, whole=whole(g))


# -- J7 South East Asia Command, J24 Victory in Europe: Operation Zipper, then a British Special Activity ------------

def zipper_ready(g: Context, cid: str) -> None:
    """Operation Zipper one box toward Ready (6.7.1), releasing a Supply Cache from the box it reaches (6.7.2);
    none past '20'."""
    if g.s["zipper"] >= B.ZIPPER_BOXES[-1]:
        g.say(f"{TITLE[cid]}: Operation Zipper is at '20' already and shifts no further.", rule=f"{cid}, 6.7")
        return
    B.shift_zipper(g, 1, TITLE[cid], cid)


def j7u_playable(g: Context, faction: str) -> bool:
    return g.s["zipper"] < B.ZIPPER_BOXES[-1] or sa_possible(g, "gather", sa_local(rule="J7"))


@event("J7", "unshaded", playable=j7u_playable)
def seac_unshaded(g: Context, faction: str) -> None:
    """J7 unshaded (Mountbatten aids Force 136): Operation Zipper one box toward Ready, then the British, whoever
    executes (ruling R-5.1), may Gather (4.2.2) in the rule's spaces (ruling R-FREE-OPS: J19 Radios in effect)."""
    zipper_ready(g, "J7")
    free_sa(g, "british", "gather", rule="J7", label=TITLE["J7"], whole=whole(g))


@event("J7", "shaded", playable=lambda g, faction: g.s["zipper"] > 0)
def seac_shaded(g: Context, faction: str) -> None:
    """J7 shaded (Focuses on other fronts): Operation Zipper two boxes toward Delay, none below it (6.7.1); each
    box it passes that started with a Supply Cache takes one back, from Available first, else from the map, the
    British choosing which (6.7.2, Tip L1817; board.shift_zipper)."""
    B.shift_zipper(g, -2, TITLE["J7"], "J7")


def j24u_playable(g: Context, faction: str) -> bool:
    return g.s["zipper"] < B.ZIPPER_BOXES[-1] or sa_possible(g, "supply", sa_local(rule="J24"))


@event("J24", "unshaded", playable=j24u_playable)
def victory_in_europe_unshaded(g: Context, faction: str) -> None:
    """J24 unshaded (Resources to the Pacific): Operation Zipper one box toward Ready, then the British, whoever
    executes (ruling R-5.1), may Supply (4.2.1) with the rule's count at the new Zipper level (6.7.3) and any
    Capability in effect (ruling R-FREE-OPS)."""
    zipper_ready(g, "J24")
    free_sa(g, "british", "supply", rule="J24", label=TITLE["J24"], whole=whole(g))


@event("J24", "shaded", playable=lambda g, faction: bool(agents_in_camps(g)) and g.s["resistance"] > B.RES_MIN)
def victory_in_europe_shaded(g: Context, faction: str) -> None:
    """J24 shaded (Cold War tensions loom): Resistance falls by 1 for each space with Force 136 and a Jungle Camp
    (several markers in one space count once), never below 0 (1.13, 5.1.1). Nothing to choose."""
    spaces = agents_in_camps(g)
    B.shift_resistance(g, -len(spaces), f"{TITLE['J24']}: Force 136 and a Jungle Camp in {W.names(spaces)}", "J24")


# -- J9 Atomic Bombings (Mandatory) ------------------------------------------------------------------------------------

@event("J9", "event", playable=lambda g, faction: third_campaign(g))
def atomic_bombings(g: Context, faction: str) -> None:
    """J9 (Early end to the war?), Mandatory (5.4, started by rules.py's ``jo.mandatory`` after the MPAJA icon):
    in the third Campaign (two Propaganda Rounds held, ruling R-J9) the final Propaganda Round is held at once,
    its MPAJA and Resistance Phases, then Victory (7.0.1; propaganda.start_final_round); revealed earlier it does
    nothing (Tip L1841) but close the Event box (5.4)."""
    if third_campaign(g):
        start_final_round(g, "J9")
        return
    held = g.s["propaganda"]
    g.say(f"{TITLE['J9']}: {held} Propaganda Round{'' if held == 1 else 's'} held, so this is not the third Campaign: "
          "no effect (Tip L1841).", rule="J9, ruling R-J9")


# -- J11 KMT Guerrillas -----------------------------------------------------------------------------------------------

def j11u_ops(g: Context) -> dict:
    """The frame flags of J11 unshaded's Operations: no Force 136 needed in its spaces (ruling R-J11)."""
    return {"no_f136": True}


def j11u_playable(g: Context, faction: str) -> bool:
    return any(op_possible(g, "british", op, op_frame(g, op, limited=False, rule="J11", only=list(THAI),
                                                      **j11u_ops(g)))
               for op in ("ambush", "sabotage"))


@event("J11", "unshaded", playable=j11u_playable)
def kmt_unshaded(g: Context, faction: str) -> None:
    """J11 unshaded (Establish proto-state in north): the British, whoever executes (ruling R-5.1), may make an
    Ambush (3.2.4) or a Sabotage (3.2.3) in each of Kedah, Perak and Kelantan, Force 136 or not, each Activating
    an Underground Guerrilla of either kind there (ruling R-J11, Tip L1863): ``op ambush|sabotage`` starts one
    that selects among the spaces not used yet, as many of them as the British like, in the order they like; the
    kind is chosen space by space (default ``per-space``) or once for all (``one-kind``)."""
    free_ops(g, "british", ["ambush", "sabotage"], count=len(THAI), limited=False, rule="J11", label=TITLE["J11"],
             only=list(THAI), distinct=True, one_kind=chosen(g.s, "R-J11", "per-space") == "one-kind",
             **j11u_ops(g))


def both_kinds(g: Context) -> list[str]:
    """The spaces with both MPAJA and non-MPAJA Guerrillas."""
    return [s for s in B.SPACES if B.mpaja(B.sp(g, s)) and B.non_mpaja(B.sp(g, s))]


@event("J11", "shaded", playable=lambda g, faction: bool(both_kinds(g)))
@procedure
class KmtShaded(Procedure):
    """J11 shaded (Fight the communists): from each space with both kinds of Guerrilla, one MPAJA Guerrilla goes
    to Available and the Opposition, if any, is removed (1.6). Where the space holds MPAJA Guerrillas in both
    states the executing faction chooses which goes (``remove SPACE mpaja-u|mpaja-a``); elsewhere it is forced.
    The spaces are those of the moment the text is carried out. Frame: ``todo`` (the spaces left)."""

    name = "jo.ev.J11.shaded"
    rule = "J11"
    KEYS = ("mpaja_u", "mpaja_a")

    def step(self, g, f):
        if "todo" not in f:
            f["todo"] = both_kinds(g)
            return True
        if "ret" in f:
            sid, word = f.pop("ret").split(" ")
            self.fight(g, f, sid, B.BOARD.key_of_word[word])
            return True
        if not f["todo"]:
            g.end()
            return True
        sid = f["todo"][0]
        keys = [k for k in self.KEYS if B.sp(g, sid)[k]]
        if len(keys) > 1:
            choose(g, f["faction"], [f"{sid} {B.BOARD.word_of_key[k]}" for k in keys], verb="remove", rule="J11",
                   label=TITLE["J11"], ask=f"remove an Active or an Underground MPAJA Guerrilla from {B.name(sid)} "
                                           "(remove SPACE PIECE)")
            return True
        self.fight(g, f, sid, keys[0])
        return True

    @staticmethod
    def fight(g: Context, f: dict, sid: str, key: str) -> None:
        f["todo"].remove(sid)
        B.remove(g, sid, key, 1)
        g.say(f"{TITLE['J11']}: {B.BOARD.named(key)} in {B.name(sid)} was removed to Available.",
              faction=f["faction"], rule="J11")
        if not B.set_neutral(g, sid, TITLE["J11"], "J11", faction=f["faction"]):
            g.say(f"{TITLE['J11']}: {W.level_of(g, sid)}: no Opposition to remove.", faction=f["faction"],
                  rule="J11")


# -- J13 Lai Teck Betrayal ----------------------------------------------------------------------------------------------

#: J13 unshaded's count of Limited Operations.
J13_OPS = 2


def j13u_flags(g: Context) -> dict:
    """Ruling R-J13: by default (``mpaja``) any space with an Underground MPAJA Guerrilla, Force 136 or not, the
    Guerrilla Activated an MPAJA one; with ``either``, Force 136 spaces as usual with any Guerrilla, and any other
    space with an Underground MPAJA Guerrilla, which is then the one Activated (the Operations' flag
    ``mpaja_elsewhere``)."""
    if chosen(g.s, "R-J13", "mpaja") == "either":
        return {"mpaja_elsewhere": True}
    return {"no_f136": True, "mpaja_only": True}


def j13u_playable(g: Context, faction: str) -> bool:
    return any(op_possible(g, "british", op, op_frame(g, op, limited=True, rule="J13", **j13u_flags(g)))
               for op in ("ambush", "sabotage"))


@event("J13", "unshaded", playable=j13u_playable)
def lai_teck_unshaded(g: Context, faction: str) -> None:
    """J13 unshaded (Former British agent): the British, whoever executes (ruling R-5.1), may make 2 Limited
    Operations, each an Ambush or a Sabotage chosen as it starts (twice the same allowed), one after the other,
    without Special Activity (2.4.4), using MPAJA Guerrillas (ruling R-J13); a space may serve both. A British
    Limited Operation keeps every space it may select (3.1, 2.4.4)."""
    free_ops(g, "british", ["ambush", "sabotage"], count=J13_OPS, limited=True, rule="J13", label=TITLE["J13"],
             **j13u_flags(g))


def kempeitai_spaces(g: Context) -> list[str]:
    return B.spaces_with(g, "kempeitai")


def j13s_local(g: Context) -> dict:
    spaces = kempeitai_spaces(g)
    return sa_local(rule="J13", max=len(spaces), only=spaces)


@event("J13", "shaded", playable=lambda g, faction: bool(kempeitai_spaces(g))
       and sa_possible(g, "eliminate", j13s_local(g)))
def lai_teck_shaded(g: Context, faction: str) -> None:
    """J13 shaded (Provides information to Kempeitai): the Japanese, whoever executes (ruling R-5.1), may
    Eliminate (4.3.3) in each space with Kempeitai, any, all or none of them (ruling R-EVENT-MAY), without
    Eliminate's limit of two spaces (ruling R-FREE-OPS)."""
    spaces = kempeitai_spaces(g)
    free_sa(g, "japanese", "eliminate", rule="J13", label=TITLE["J13"], max=len(spaces), only=spaces,
            whole=whole(g))


# -- J21 Malay Collaboration --------------------------------------------------------------------------------------------

def from_map_too(g: Context) -> bool:
    """Ruling R-J21: ``available`` (default) places the non-MPAJA Guerrillas in Available only; ``map`` lets the
    British then take theirs from the map and place them anew."""
    return chosen(g.s, "R-J21", "available") == "map"


def j21u_playable(g: Context, faction: str) -> bool:
    return bool(g.s["available"]["non_mpaja"]) or (from_map_too(g) and B.on_map(g, "non_mpaja_u")
                                                   + B.on_map(g, "non_mpaja_a") > 0)


@event("J21", "unshaded", playable=j21u_playable)
@procedure
class MalayUnshaded(ScriptEvent):
    """J21 unshaded (Malays form guerrilla groups): the British, whoever executes (ruling R-5.1), may place the
    non-MPAJA Guerrillas in Available, Underground (1.4.3), each in any space, Economic Centers included, any or
    all of them (ruling R-EVENT-MAY); none comes from the map (ruling R-J21 ``available``). With R-J21's ``map``
    the British may then take any of their non-MPAJA Guerrillas from the map, each once, and place it anew,
    Underground, in any space (:class:`Relocate`)."""

    name = "jo.ev.J21.unshaded"
    script = ("place", "relocate")

    def place(self, g, f):
        n = g.s["available"]["non_mpaja"]
        if not n:
            g.say(f"{TITLE['J21']}: no non-MPAJA Guerrilla is Available.", faction="british", rule="J21, ruling R-J21")
            return
        put(g, "british", "non_mpaja", spaces=list(B.SPACES), where="any space", max=n, rule="J21",
            label=TITLE["J21"], bind=whole(g))

    def relocate(self, g, f):
        placed = f.pop("ret", None) or {}
        if not from_map_too(g):
            return
        g.call(Relocate.name, "british", fresh=dict(placed), moved=0, rule="J21", label=TITLE["J21"])


#: The non-MPAJA Guerrillas J21's ``map`` reading takes from the map, by order word.
NON_MPAJA = {"non-mpaja-u": "non_mpaja_u", "non-mpaja-a": "non_mpaja_a"}


@procedure
class Relocate(Procedure):
    """Ruling R-J21 ``map``: the British take a non-MPAJA Guerrilla of the kind and state they choose from the map
    and place it anew, Underground (1.4.3), in any space, the same one included (``move FROM TO PIECE``), each
    Guerrilla once (one this card placed is not taken again), or ``done``. Frame: ``fresh`` (space -> the
    Underground non-MPAJA Guerrillas this card put there), ``moved``."""

    name = "jo.ev.J21.relocate"

    @staticmethod
    def movable(g: Context, f: dict, src: str, key: str) -> int:
        return B.sp(g, src)[key] - (f["fresh"].get(src, 0) if key == "non_mpaja_u" else 0)

    def options(self, g: Context, f: dict) -> list[str]:
        return [f"{src} {dst} {w}" for src in B.SPACES for w, k in NON_MPAJA.items()
                if self.movable(g, f, src, k) > 0 for dst in B.SPACES]

    def prompt(self, g, f):
        moves = self.options(g, f)
        return {"move": moves, "done": []} if moves else {"done": []}

    def rule_for(self, g, f):
        return f["rule"]

    def text(self, g, f):
        head = f"British ({f['label']}): "
        if not g.offers("move", lambda: bool(self.options(g, f))):
            return f"{head}no non-MPAJA Guerrilla is left on the map to place anew; done"
        return (f"{head}take a non-MPAJA Guerrilla from the map and place it anew, Underground, in any space (move "
                f"FROM TO non-mpaja-u|non-mpaja-a; {f['moved']} so far), or done")

    def explain(self, g, f, verb, arg):
        if verb != "move" or arg is None or arg in self.options(g, f):
            return None
        words = (arg or "").split()
        if len(words) != 3 or words[2] not in NON_MPAJA:
            return W.form("move", "FROM TO non-mpaja-u|non-mpaja-a", arg, "J21")
        for w in words[:2]:
            if not W.is_space(w):
                return W.not_a_space(w)
        src, key = words[0], NON_MPAJA[words[2]]
        if B.sp(g, src)[key]:
            return W.because(f"the {W.NOUNS[key][1]} of {B.name(src)} were placed there by this card: each Guerrilla "
                             "once", "J21, ruling R-J21")
        return W.because(f"{W.has(g, src, key)} to take", "J21, ruling R-J21")

    def act(self, g, f, verb, arg):
        if verb == "done":
            g.say(f"{f['label']}: the British placed {f['moved']} non-MPAJA Guerrilla(s) anew from the map.",
                  faction="british", rule=f"{f['rule']}, ruling R-J21")
            g.end()
            return
        src, dst, word = arg.split(" ")
        B.remove(g, src, NON_MPAJA[word], 1)
        B.place(g, dst, "non_mpaja", 1)
        f["fresh"][dst] = f["fresh"].get(dst, 0) + 1
        f["moved"] += 1
        g.say(f"{f['label']}: {B.BOARD.named(NON_MPAJA[word])} of {B.name(src)} was placed anew, Underground, in "
              f"{B.name(dst)}.", faction="british", rule=f"{f['rule']}, ruling R-J21")

    def step(self, g, f):
        if not self.options(g, f):
            g.end()
            return True
        return False


#: J21 shaded's Provinces that get a Police cube.
J21_POLICE = 3


def j21s_eliminate_spaces(g: Context) -> list[str]:
    """The Provinces with Police and Kempeitai: where J21 shaded's Eliminate may go."""
    return [s for s in B.PROVINCES if B.sp(g, s)["police"] and B.sp(g, s)["kempeitai"]]


def j21s_local(g: Context) -> dict:
    return sa_local(rule="J21", max=1, only=j21s_eliminate_spaces(g), optional=False)


def j21s_playable(g: Context, faction: str) -> bool:
    return bool(placeable(g, faction, "police", B.PROVINCES)) or sa_possible(g, "eliminate", j21s_local(g))


@event("J21", "shaded", playable=j21s_playable)
@procedure
class MalayShaded(ScriptEvent):
    """J21 shaded (Collaborate with Japanese): the executing faction places 1 Police cube in each of 3 different
    Provinces of its choice, as many as it can (5.1.3; the Japanese may take theirs from the map with none
    Available, ruling R-EVENT-FROM-MAP, the British place Available ones only, 5.1.1); then the Japanese, whoever
    executes (ruling R-FREE-OPS), Eliminate (4.3.3) in 1 Province with Police and Kempeitai, which they must
    where one can do something (no "may", 5.1.3). Example of Play L1720: Police into Perak, Negri Sembilan and
    Johore, then the 1-value Intel chit of Perak concealed."""

    name = "jo.ev.J21.shaded"
    script = ("police", "eliminate")

    def police(self, g, f):
        faction = f["faction"]
        if not placeable(g, faction, "police", B.PROVINCES):
            g.say(f"{TITLE['J21']}: no Police cube can be placed in a Province.", faction=faction, rule="J21, 5.1.1")
            return
        put(g, faction, "police", spaces=list(B.PROVINCES), where="a Province", max=J21_POLICE, min=J21_POLICE,
            per_space=1, rule="J21", label=TITLE["J21"])

    def eliminate(self, g, f):
        f.pop("ret", None)
        local = j21s_local(g)
        free_sa(g, "japanese", "eliminate", rule="J21", label=TITLE["J21"], max=1, only=local["only"],
                optional=False)


# -- J25 John Davis (unshaded) -----------------------------------------------------------------------------------------

def j25u_playable(g: Context, faction: str) -> bool:
    contact = op_frame(g, "contact", limited=False, rule="J25")
    return op_possible(g, "british", "contact", contact) or any(
        sa_possible(g, sa, sa_local(rule="J25")) for sa in SA_OF["british"])


@event("J25", "unshaded", playable=j25u_playable)
@procedure
class DavisUnshaded(ScriptEvent):
    """J25 unshaded (Meets with Chin Peng): the British, whoever executes (ruling R-5.1), may Contact (3.2.2), then
    conduct any one British Special Activity (Supply, Gather or Raid, 4.2), each free, in the rule's spaces
    (ruling R-FREE-OPS), either or both declined (ruling R-EVENT-MAY; with its ``whole`` reading, declining the
    Contact declines the text)."""

    name = "jo.ev.J25.unshaded"
    script = ("contact", "special")

    def contact(self, g, f):
        f["contacted"] = free_op(g, "british", "contact", limited=False, rule="J25", label=TITLE["J25"])

    def special(self, g, f):
        spaces = f.pop("ret", None)
        bound = whole(g) and bool(spaces)
        if whole(g) and f.get("contacted") and not spaces:
            g.say(f"{TITLE['J25']}: the British declined the Contact, and with it the text (the umpire's reading "
                  "'whole' of ruling R-EVENT-MAY).", faction="british", rule="J25, ruling R-EVENT-MAY")
            return
        if not any(sa_possible(g, sa, sa_local(rule="J25")) for sa in SA_OF["british"]):
            g.say(f"{TITLE['J25']}: no British Special Activity could do anything now.", faction="british",
                  rule="J25, 5.1.3")
            return
        g.call(FreeSpecial.name, "british", rule="J25", label=TITLE["J25"], bound=bound)


# -- J26 Subhas Chandra Bose -------------------------------------------------------------------------------------------

def j26u_frame(g: Context) -> dict:
    """J26 unshaded's Ambush: one space with Troops, the roll taken, Resistance +2 on a success instead of a move
    (``resistance_instead``); Force 136 not needed (ruling R-J26 ``no-f136``) or needed (``f136``)."""
    no_f136 = chosen(g.s, "R-J26", "no-f136") == "no-f136"
    return op_frame(g, "ambush", limited=False, rule="J26", spaces=1, resistance_instead=True,
                    **({"no_f136": True} if no_f136 else {}))


@event("J26", "unshaded", playable=lambda g, faction: op_possible(g, "british", "ambush", j26u_frame(g)))
def bose_unshaded(g: Context, faction: str) -> None:
    """J26 unshaded (Assassination attempt): the British, whoever executes (ruling R-5.1), may Ambush (3.2.4) in 1
    space with Troops and an Underground Guerrilla, Activating it and rolling (+1 for each Supply Cache in or
    next to the space); above the cubes there, Resistance rises by 2 and no Troop moves (ruling R-J26)."""
    frame = j26u_frame(g)
    flags = {k: frame[k] for k in ("resistance_instead", "no_f136") if k in frame}
    free_op(g, "british", "ambush", limited=False, rule="J26", label=TITLE["J26"], spaces=1, **flags)


#: J26 shaded's Sweep destinations.
J26_SWEEP = 2


def j26s_frame(g: Context) -> dict:
    return op_frame(g, "sweep", limited=False, rule="J26", spaces=J26_SWEEP, police_as_troops=True)


@event("J26", "shaded", playable=lambda g, faction: op_possible(g, "japanese", "sweep", j26s_frame(g)))
def bose_shaded(g: Context, faction: str) -> None:
    """J26 shaded (Indian National Army): the Japanese, whoever executes (ruling R-5.1), may Sweep (3.3.3) in up to
    2 spaces, Police moving in from adjacent spaces and counting as Troops do (Tip L2043: ``police_as_troops``)."""
    free_op(g, "japanese", "sweep", limited=False, rule="J26", label=TITLE["J26"], spaces=J26_SWEEP,
            police_as_troops=True)


# -- J32 MPAJU ---------------------------------------------------------------------------------------------------------

def camps_at_opposition(g: Context) -> list[str]:
    return [s for s in B.PROVINCES if B.sp(g, s)["jungle_camp"] and B.opposed(g, s)]


@event("J32", "unshaded", playable=lambda g, faction: bool(placeable(g, "british", "mpaja",
                                                                          camps_at_opposition(g))))
def mpaju_unshaded(g: Context, faction: str) -> None:
    """J32 unshaded (Supply jungle camps): the British, whoever executes (ruling R-5.1), may place an MPAJA
    Guerrilla, Underground (1.4.3), in each space with a Jungle Camp and Opposition, any, all or none (ruling
    R-EVENT-MAY); their own, so from the map when none is Available (ruling R-EVENT-FROM-MAP)."""
    spaces = camps_at_opposition(g)
    put(g, "british", "mpaja", spaces=spaces, where="a space with a Jungle Camp and Opposition", max=len(spaces),
        per_space=1, rule="J32", label=TITLE["J32"], bind=whole(g))


def j32s_frame(g: Context) -> dict:
    return op_frame(g, "sweep", limited=True, rule="J32", spaces=1, only=next_to_sabotage(g))


@event("J32", "shaded", playable=lambda g, faction: bool(next_to_sabotage(g))
       and op_possible(g, "japanese", "sweep", j32s_frame(g)))
@procedure
class MpajuShaded(ScriptEvent):
    """J32 shaded (Exposed to reprisals): the Japanese, whoever executes (ruling R-5.1), may make a Limited Sweep
    (3.3.3, 2.4.4) into 1 Province adjacent to a Railway with a Sabotage marker, then a Reprisal (4.3.2) in that
    Province (ruling R-FREE-OPS), each free. Declining the Sweep, they may still Reprisal in one such Province
    with Troops (ruling R-J32, default ``either``, with R-EVENT-MAY ``each``); with R-J32's ``after-sweep``, or
    R-EVENT-MAY's ``whole``, declining the Sweep declines the Reprisal, and with ``whole`` a Sweep made binds the
    Japanese to the Reprisal where it can be made."""

    name = "jo.ev.J32.shaded"
    script = ("sweep", "reprisal")

    def sweep(self, g, f):
        f["swept"] = free_op(g, "japanese", "sweep", limited=True, rule="J32", label=TITLE["J32"], spaces=1,
                             only=next_to_sabotage(g))

    def reprisal(self, g, f):
        spaces = f.pop("ret", None) or []
        if not spaces and f.get("swept") and (whole(g) or chosen(g.s, "R-J32", "either") == "after-sweep"):
            g.say(f"{TITLE['J32']}: the Japanese declined the Sweep, and with it the Reprisal that follows it "
                  "(ruling R-J32 'after-sweep', or the reading 'whole' of ruling R-EVENT-MAY).", faction="japanese",
                  rule="J32, ruling R-J32")
            return
        only = spaces[:1] or next_to_sabotage(g)
        free_sa(g, "japanese", "reprisal", rule="J32", label=TITLE["J32"], max=1, only=only,
                optional=not (whole(g) and spaces))
