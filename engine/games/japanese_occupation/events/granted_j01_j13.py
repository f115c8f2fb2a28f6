"""Japanese Occupation Event cards J1 to J13 whose texts grant Operations and Special Activities, with the texts
printed beside them (rule 5; texts and Tips in 9.0, L1739-1881): J1 Sook Ching, J7 South East Asia Command, J9
Atomic Bombings (Mandatory, one text, 5.4), J11 KMT Guerrillas and J13 Lai Teck Betrayal, with J24 Victory in
Europe, whose unshaded text J7's shares (Operation Zipper, then a British Special Activity). J21 to J32 are in
``granted_j21_j32``.

The granted Operations and Special Activities are those of ``events.granted`` (:func:`free_op`, :func:`free_ops`,
:func:`free_sa`; ruling R-FREE-OPS): made by their owner whoever executes the Event (ruling R-5.1), each space
and each granted action left to that faction where the text says "may" (ruling R-EVENT-MAY). Order words:
``remove`` (J11 shaded's choice of an MPAJA Guerrilla, ``jo.ev.choose``) and ``done``, with the granted ones'
``op`` and ``sa``.
"""

from __future__ import annotations

from ....core import notation
from ....core.flow import Context, Procedure, procedure
from ....core.ruling_choice import chosen
from .. import board as B
from .. import why as W
from ..propaganda import start_final_round, third_campaign
from . import event
from .common import (
    THAI,
    TITLE,
    agents_in_camps,
    choose,
    troops_and_opposition,
    whole,
)
from .granted import (
    free_ops,
    free_sa,
    op_frame,
    op_possible,
    sa_local,
    sa_possible,
)

notation.declare(__name__, {"remove", "done"})

#: J1 unshaded's most Resistance.
J1_MOST = 3


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
