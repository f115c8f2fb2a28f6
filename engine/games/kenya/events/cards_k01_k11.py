"""Kenya Event cards K1 to K11 (rule 5; texts and Tips in 9.0 from L2663): K1 Operation Anvil, K2 Jomo
Kenyatta, K3 Passive Wing (capability), K4 Lari Massacre (single text), K5 Legal Zones (capability), K6 Home
Guard, K7 Pseudo-Gangs (capability), K8 Evelyn Baring, K9 George Erskine, K10 Weapon Shortage, K11 Swynnerton
Plan (capability).

The capabilities' effects live where the rules they change live (5.3): K3 in Supply (special_maumau), K5 in
Air Strike and K11 unshaded in Reward (special_british), K7 in Deploy and Sweep (british_moves); K11 shaded's
placement after each Reward is :func:`k11_after_reward`, which Reward calls. The executing faction makes the
choices, except where a text names a faction ("Mau Mau may...", "British may...", "the other player may..."):
that faction decides (5.1, ruling R-EVENT-FACTION). A text that can change nothing is not offered (5.1.3).
"""

from __future__ import annotations

from ....coin.events import ScriptEvent
from ....coin.will import shift_will
from ....coin.wording import side_name
from ....core import notation
from ....core.flow import Context, procedure
from .. import board as B
from .. import why as W
from ..operation import OPS
from . import capability, event
from .common import (
    GUERRILLA_KEYS,
    can_place,
    choice_reason,
    choose,
    event_terror,
    pick,
    placeable,
    police_anywhere_possible,
    police_targets,
    put,
    put_police_anywhere,
)
from .granted import free_ops, op_frame, op_possible

notation.declare(__name__, {"choose", "space", "pipeline", "done"})

for _cid in ("K3", "K5", "K7", "K11"):
    capability(_cid, "unshaded")
    capability(_cid, "shaded")

NAIROBI = B.NAIROBI
#: The Mau Mau pieces an Event may place, by the word of ``choose`` (K1 shaded).
MAUMAU_PIECES = {"guerrilla": "guerrillas", "base": "bases"}
#: The pieces K4's other player may place, by the word of ``choose``.
K4_PIECES = {"guerrilla": "guerrillas", "police": "police"}


def other(faction: str) -> str:
    return "maumau" if faction == "british" else "british"


# -- K1 Operation Anvil -------------------------------------------------------------------------------------

def k1u_playable(g: Context, faction: str) -> bool:
    return bool(B.maumau(B.sp(g, NAIROBI))) or B.level(g, NAIROBI) != 1 or B.pipeline(g) < B.PIPELINE_MAX


@event("K1", "unshaded", playable=k1u_playable)
def anvil_unshaded(g: Context, faction: str) -> None:
    """K1 unshaded (Nairobi cleared): every Mau Mau piece, Guerrillas and Bases (Tip), leaves Nairobi for
    Available, +1 Political Will for each Base removed (Tip; 1.10: not beyond 20, 5.1.1); Nairobi is set to
    Loyal; the Pipeline shifts 1 step right (not past its end, ruling R-PIPELINE-1). Nothing to choose."""
    x = B.sp(g, NAIROBI)
    bases = x["bases"]
    for key in ("guerrillas_u", "guerrillas_a", "bases"):
        n = x[key]
        if n:
            B.remove(g, NAIROBI, key, n)
            g.say(f"Operation Anvil: {W.count(n, key)} removed from Nairobi to Available.", faction=faction,
                  rule="K1")
    if bases:
        shift_will(g, bases, f"Operation Anvil: {W.count(bases, 'bases')} removed", rule="K1")
    B.set_level(g, NAIROBI, 1, "Operation Anvil", "K1")
    if not B.shift_pipeline(g, 1, "Operation Anvil", "K1"):
        g.say("Operation Anvil: the Pipeline is at its last box and shifts no further.", faction=faction,
              rule="K1, ruling R-PIPELINE-1")


def maumau_kinds(g: Context, role: str, sid: str) -> list[str]:
    """The words (``guerrilla``, ``base``) of the Mau Mau pieces *role* could place in *sid* now: stacking
    (1.4.2: two Bases), from Available, or the Mau Mau's own from the map (ruling R-1.4.1)."""
    return [w for w, piece in MAUMAU_PIECES.items() if can_place(g, role, piece, sid)]


def k1s_playable(g: Context, faction: str) -> bool:
    return bool(maumau_kinds(g, faction, NAIROBI)) or B.level(g, NAIROBI) > -1


@event("K1", "shaded", playable=k1s_playable)
@procedure
class AnvilShaded(ScriptEvent):
    """K1 shaded (Indiscriminate sweep): 2 Mau Mau pieces placed in Nairobi, each a Guerrilla or a Base as the
    executing faction chooses (5.1, ruling R-EVENT-FACTION; no third Base, 1.4.2), then Nairobi shifts 1 level
    toward Resistance. The Mau Mau may take their own pieces from the map when none is Available (ruling
    R-1.4.1); the British place them from Available only (5.1.1). All that can be placed must be (5.1.3)."""

    name = "ke.ev.K1.shaded"
    script = ("kind", "place", "kind", "place", "shift")

    def kind(self, g, f):
        kinds = maumau_kinds(g, f["faction"], NAIROBI)
        if not kinds:
            return
        if len(kinds) == 1:
            f["ret"] = kinds[0]
            return
        choose(g, f["faction"], kinds, verb="choose", rule="K1", label="Operation Anvil",
               ask="place a Guerrilla (choose guerrilla) or a Base (choose base) in Nairobi")

    def place(self, g, f):
        word = f.pop("ret", None)
        if word is None:
            g.say("Operation Anvil: no Mau Mau piece can be placed in Nairobi.", faction=f["faction"],
                  rule="K1, 5.1.1, 5.1.3")
            return
        put(g, f["faction"], MAUMAU_PIECES[word], spaces=[NAIROBI], max=1, min=1, rule="K1",
            label="Operation Anvil")

    def shift(self, g, f):
        B.shift(g, NAIROBI, -1, "Operation Anvil", "K1")


# -- K2 Jomo Kenyatta ---------------------------------------------------------------------------------------

@event("K2", "unshaded", playable=lambda g, faction: bool(B.guerrillas(B.sp(g, NAIROBI)))
       or B.level(g, NAIROBI) < 1)
def kenyatta_unshaded(g: Context, faction: str) -> None:
    """K2 unshaded (Arrested during Jock Scott): every Guerrilla, Underground and Active, leaves Nairobi for
    Available; Nairobi shifts 1 level toward Loyal. Nothing to choose."""
    x = B.sp(g, NAIROBI)
    for key in GUERRILLA_KEYS:
        if n := x[key]:
            B.remove(g, NAIROBI, key, n)
            g.say(f"Jomo Kenyatta: {W.count(n, key)} removed from Nairobi to Available.", faction=faction,
                  rule="K2")
    B.shift(g, NAIROBI, 1, "Jomo Kenyatta", "K2")


@event("K2", "shaded", playable=lambda g, faction: can_place(g, faction, "guerrillas", NAIROBI)
       or B.level(g, NAIROBI) > -1)
@procedure
class KenyattaShaded(ScriptEvent):
    """K2 shaded (Controversial trial): 1 Guerrilla placed in Nairobi (the Mau Mau's own from the map when none
    is Available, ruling R-1.4.1; the British's from Available only, 5.1.1), then Nairobi shifts 1 level toward
    Resistance."""

    name = "ke.ev.K2.shaded"
    script = ("place", "shift")

    def place(self, g, f):
        if can_place(g, f["faction"], "guerrillas", NAIROBI):
            put(g, f["faction"], "guerrillas", spaces=[NAIROBI], max=1, min=1, rule="K2", label="Jomo Kenyatta")
        else:
            g.say("Jomo Kenyatta: no Guerrilla can be placed in Nairobi.", faction=f["faction"], rule="K2, 5.1.1")

    def shift(self, g, f):
        B.shift(g, NAIROBI, -1, "Jomo Kenyatta", "K2")


# -- K4 Lari Massacre ---------------------------------------------------------------------------------------

def k4_kinds(g: Context, placer: str, sid: str) -> list[str]:
    """What K4's other player could place in *sid*: ``guerrilla`` and ``police``, each if one is Available,
    or it is the placer's own and may come from the map (ruling R-K4, R-1.4.1)."""
    return [w for w, piece in K4_PIECES.items() if can_place(g, placer, piece, sid)]


def k4_changes(g: Context, faction: str, sid: str) -> bool:
    """Whether K4 in Province *sid* changes something: a Terror marker left to place, a level to set to
    Neutral, or a piece the other player could place."""
    return bool(B.terror_left(g)) or (B.takes_level(g, sid) and B.level(g, sid) != 0) \
        or bool(k4_kinds(g, other(faction), sid))


def k4_spaces(g: Context, faction: str) -> list[str]:
    return [s for s in B.PROVINCES if k4_changes(g, faction, s)]


@choice_reason("K4-province")
def k4_reason(g: Context, f: dict, sid: str) -> str:
    if B.KIND[sid] != "province":
        return W.because(f"{B.name(sid)} is {W.kind_of(sid)}, not a Province (ruling R-MAP-3)", "K4, 1.3.1")
    return W.because(f"no Terror marker is left, {W.level_of(g, sid)} and no Guerrilla or Police could be "
                     "placed there: the text would change nothing", "K4, 5.1.3")


@event("K4", "event", playable=lambda g, faction: bool(k4_spaces(g, faction)))
@procedure
class LariMassacre(ScriptEvent):
    """K4 (Cycle of killings): the executing faction chooses 1 Province; a Terror marker is placed there (even
    where one is, 1.4.2; none if all 15 are on the map), and it is set to Neutral. Then the other player may
    place a Guerrilla or a Police cube there, its own kind (from the map when none is Available, ruling
    R-1.4.1) or the other faction's (from Available only, 5.1.1), or nothing (ruling R-K4)."""

    name = "ke.ev.K4.event"
    script = ("space", "terror", "kind", "place")

    def space(self, g, f):
        choose(g, f["faction"], k4_spaces(g, f["faction"]), verb="space", rule="K4", label="Lari Massacre",
               ask="choose a Province for the Terror marker: it is set to Neutral", why="K4-province")

    def terror(self, g, f):
        sid = f["sid"] = f.pop("ret")
        event_terror(g, sid, f["faction"], "K4", "Lari Massacre")
        if B.takes_level(g, sid) and B.level(g, sid):
            B.set_level(g, sid, 0, "Lari Massacre", "K4")

    def kind(self, g, f):
        placer = other(f["faction"])
        kinds = k4_kinds(g, placer, f["sid"])
        if not kinds:
            g.say(f"Lari Massacre: the {side_name(placer)} have no Guerrilla or Police to place in "
                  f"{B.name(f['sid'])}.", faction=placer, rule="K4, 5.1.1")
            f["pc"] = len(self.script)
            return
        choose(g, placer, kinds, verb="choose", rule="K4", label="Lari Massacre", optional=True,
               ask=f"the other player may place a Guerrilla (choose guerrilla) or a Police cube (choose police) in "
                   f"{B.name(f['sid'])}, or done to place nothing")

    def place(self, g, f):
        word, placer = f.pop("ret", None), other(f["faction"])
        if word is None:
            g.say(f"Lari Massacre: the {side_name(placer)} placed nothing in {B.name(f['sid'])}.", faction=placer,
                  rule="K4")
            return
        put(g, placer, K4_PIECES[word], spaces=[f["sid"]], max=1, min=1, rule="K4", label="Lari Massacre")


# -- K6 Home Guard ------------------------------------------------------------------------------------------

def k6_targets(g: Context) -> list[str]:
    """British Controlled Reserve Provinces, now (1.3.2, 1.7)."""
    return [s for s in B.RESERVES if B.control(g, s) == "british"]


def k6_reason(g: Context, sid: str) -> str:
    if not B.is_reserve(sid):
        return W.because(f"{B.name(sid)} is {W.kind_of(sid)}, not a Reserve Province (ruling R-MAP-3)",
                         "K6, 1.3.2")
    return W.because(f"{W.control_of(g, sid)}: the Police go to British Controlled Reserve Provinces", "K6, 1.7")


police_targets("K6", k6_reason)(k6_targets)


@event("K6", "unshaded", playable=lambda g, faction: police_anywhere_possible(g, "K6"))
def home_guard_unshaded(g: Context, faction: str) -> None:
    """K6 unshaded (Protect reserves): the executing faction places 3 Police in British Controlled Reserve
    Provinces, each from Available, the map or Out of Play as it chooses (ruling R-1.4.1: "from anywhere (even
    Out of Play)"); all 3 where it can (5.1.3). A Province is a target while British Controlled at the
    moment of each placement."""
    put_police_anywhere(g, faction, "K6", max=3, min=3, rule="K6", label="Home Guard")


def k6s_terror(g: Context) -> dict[str, int]:
    """The Terror markers in Reserve spaces (the Reserve Provinces, 1.3.2; ruling R-MAP-3), space -> count."""
    return {s: B.sp(g, s)["terror"] for s in B.RESERVES if B.sp(g, s)["terror"]}


@event("K6", "shaded", playable=lambda g, faction: bool(k6s_terror(g)))
@procedure
class HomeGuardShaded(ScriptEvent):
    """K6 shaded (Abuses create recruits): each Terror marker in a Reserve Province is removed and a Guerrilla
    placed there for it (Underground, 1.4.3). With too few Guerrillas Available, the executing faction chooses
    where they go (the Mau Mau may take their own from the map, ruling R-1.4.1), and the markers left without
    one are removed all the same (5.1.1: remove rather than replace)."""

    name = "ke.ev.K6.shaded"
    script = ("replace",)

    def replace(self, g, f):
        markers = k6s_terror(g)
        for sid, n in markers.items():
            B.remove_terror(g, sid, "K6", n)
        total = sum(markers.values())
        if g.s["available"]["guerrillas"] >= total:
            for sid, n in markers.items():
                B.place(g, sid, "guerrillas", n)
                g.say(f"Home Guard: {W.count(n, 'guerrillas_u')} placed in {B.name(sid)} for its Terror "
                      f"marker{'s' if n > 1 else ''}.", faction=f["faction"], rule="K6")
            return
        spaces = list(markers)
        if not placeable(g, f["faction"], "guerrillas", spaces):
            g.say("Home Guard: no Guerrilla can replace the Terror markers: they are removed only.",
                  faction=f["faction"], rule="K6, 5.1.1")
            return
        put(g, f["faction"], "guerrillas", spaces=spaces, max=total, min=total, quota=markers, rule="K6",
            label="Home Guard")


# -- K8 Evelyn Baring ---------------------------------------------------------------------------------------

K8_OPS = ["deploy", "sweep"]


def k8_ops_possible(g: Context) -> bool:
    return any(op_possible(g, "british", op, op_frame(g, op, limited=False, spaces=1, rule="K8")) for op in K8_OPS)


@event("K8", "unshaded", playable=lambda g, faction: B.pipeline(g) < B.PIPELINE_MAX or k8_ops_possible(g))
@procedure
class BaringUnshaded(ScriptEvent):
    """K8 unshaded (Declares emergency): the Pipeline shifts 1 step right (not past its end, ruling
    R-PIPELINE-1); then the British (ruling R-EVENT-FACTION) Deploy or Sweep in 2 spaces: in each, chosen one
    after the other, a free one-space Deploy or Sweep with its whole procedure, deciding separately which (the
    Tip; ruling R-FREE-OPS), with no Special Activity, in two different spaces, up to two (5.4)."""

    name = "ke.ev.K8.unshaded"
    script = ("pipeline", "ops")

    def pipeline(self, g, f):
        if not B.shift_pipeline(g, 1, "Evelyn Baring", "K8"):
            g.say("Evelyn Baring: the Pipeline is at its last box and shifts no further.", faction=f["faction"],
                  rule="K8, ruling R-PIPELINE-1")

    def ops(self, g, f):
        if not k8_ops_possible(g):
            g.say("Evelyn Baring: the British could Deploy or Sweep in no space.", faction="british", rule="K8")
            return
        free_ops(g, "british", 2, limited=False, spaces=1, ops=K8_OPS, distinct=True, rule="K8",
                 label="Evelyn Baring")


@event("K8", "shaded", playable=lambda g, faction: bool(placeable(g, "maumau", "guerrillas", B.PROVINCES)))
def baring_shaded(g: Context, faction: str) -> None:
    """K8 shaded (Revolt spreads): the Mau Mau (ruling R-EVENT-FACTION) may place 1 Guerrilla each in up to 2
    Provinces (never Nairobi nor a Mountain Jungle, ruling R-MAP-3), from the map when none is Available
    (ruling R-1.4.1)."""
    put(g, "maumau", "guerrillas", spaces=B.PROVINCES, max=2, per_space=1, rule="K8", label="Evelyn Baring")


# -- K9 George Erskine --------------------------------------------------------------------------------------

def k9_ops_possible(g: Context) -> bool:
    return any(op_possible(g, "british", op, op_frame(g, op, limited=True, rule="K9")) for op in OPS["british"])


@event("K9", "unshaded", playable=lambda g, faction: B.pipeline(g) > B.PIPELINE_MIN or k9_ops_possible(g))
@procedure
class ErskineUnshaded(ScriptEvent):
    """K9 unshaded (New operational plan): the British (ruling R-EVENT-FACTION) may conduct 2 free Limited
    Operations, of any kinds, one after the other, possibly with the same pieces (the Tip; 2.3.4, 5.4: one
    space, no Special Activity; a Relocate takes the Pipeline's number, at most one, ruling R-EVENT-PIPELINE);
    then they may shift the Pipeline 1 step left (``pipeline down``, or ``done``)."""

    name = "ke.ev.K9.unshaded"
    script = ("ops", "pipeline", "shifted")

    def ops(self, g, f):
        if k9_ops_possible(g):
            free_ops(g, "british", 2, limited=True, rule="K9", label="George Erskine")
        else:
            g.say("George Erskine: no British Limited Operation has a space it may select.", faction="british",
                  rule="K9, 5.1.3")

    def pipeline(self, g, f):
        if B.pipeline(g) <= B.PIPELINE_MIN:
            g.say("George Erskine: the Pipeline is at its first box and shifts no further left.", faction="british",
                  rule="K9, ruling R-PIPELINE-1")
            f["pc"] = len(self.script)
            return
        v = B.pipeline(g)
        choose(g, "british", ["down"], verb="pipeline", rule="K9", label="George Erskine", optional=True,
               ask=f"the British may shift the Pipeline 1 step left, from {v} ({B.pipeline_name(v)}) to {v - 1} "
                   f"({B.pipeline_name(v - 1)}): pipeline down, or done to leave it")

    def shifted(self, g, f):
        if f.pop("ret", None) == "down":
            B.shift_pipeline(g, -1, "George Erskine", "K9")
        else:
            g.say("George Erskine: the British left the Pipeline where it was.", faction="british", rule="K9")


def troops_and_terror(g: Context) -> list[str]:
    return [s for s in B.SPACES if B.sp(g, s)["troops"] and B.sp(g, s)["terror"]]


@event("K9", "shaded", playable=lambda g, faction: bool(troops_and_terror(g)) and B.will(g) > B.PW_MIN)
def erskine_shaded(g: Context, faction: str) -> None:
    """K9 shaded (Fails to halt abuses): Political Will -1 (not below 0, 5.1.1) if any space holds both Troops
    and a Terror marker."""
    where = troops_and_terror(g)
    shift_will(g, -1, f"George Erskine: Troops and Terror in {W.names(where)}", rule="K9")


# -- K10 Weapon Shortage ------------------------------------------------------------------------------------

def crowded(g: Context) -> list[str]:
    """Spaces with more than 2 Guerrillas (ruling R-K10: Guerrillas counted, Bases not)."""
    return [s for s in B.SPACES if B.guerrillas(B.sp(g, s)) > 2]


@event("K10", "unshaded", playable=lambda g, faction: bool(crowded(g)))
def weapon_shortage_unshaded(g: Context, faction: str) -> None:
    """K10 unshaded (Mau Mau barely armed): 1 Guerrilla removed from each space with more than 2 Guerrillas
    (ruling R-K10), Underground or Active as the executing faction chooses, one from each (5.1.3)."""
    spaces = crowded(g)
    pick(g, faction, GUERRILLA_KEYS, spaces=spaces, max=len(spaces), min=len(spaces), per_space=1, rule="K10",
         label="Weapon Shortage")


def with_police(g: Context) -> list[str]:
    return [s for s in B.SPACES if B.sp(g, s)["police"]]


@event("K10", "shaded", playable=lambda g, faction: bool(placeable(g, "maumau", "guerrillas", with_police(g))))
def weapon_shortage_shaded(g: Context, faction: str) -> None:
    """K10 shaded (Police station raid): the Mau Mau (ruling R-EVENT-FACTION) may place up to 2 Guerrillas in 1
    space with Police (from the map when none is Available, ruling R-1.4.1)."""
    put(g, "maumau", "guerrillas", spaces=with_police(g), max=2, max_spaces=1, rule="K10", label="Weapon Shortage")


# -- K11 Swynnerton Plan (capability) -----------------------------------------------------------------------

def k11_after_reward(g: Context) -> None:
    """K11 shaded (Limited reforms), called once after each Reward (4.2.1, 6.3.1, K24; ruling R-K11): the Mau
    Mau may place 1 Guerrilla in a Mountain Jungle of their choice (from the map when none is Available,
    ruling R-1.4.1). Nothing is asked if none could be placed."""
    if placeable(g, "maumau", "guerrillas", B.MOUNTAIN_JUNGLES):
        put(g, "maumau", "guerrillas", spaces=B.MOUNTAIN_JUNGLES, max=1, rule="K11", label="Swynnerton Plan")
    else:
        g.say("Swynnerton Plan: the Mau Mau have no Guerrilla to place in a Mountain Jungle.", faction="maumau",
              rule="K11")
