"""Kenya Event cards K23 to K32 (rule 5; texts and Tips in 9.0, L2881-2975): K23 Mass Evictions, K24 Labour
Party, K25 McLean Inquiry, K26 Hola Detention Camp (one text), K27 Protected Villages, K28 Oathing
Ceremonies (capability), K29 Kikuyu Loyalism, K30 Chiefs Murdered, K31 Kenya Land and Freedom Army
(capability), K32 Racist Propaganda. K33 to K35 are Propaganda cards: no text (9.0 L2977).

The capabilities' effects live where the rules they change live (5.3): K28 in Oath (special_maumau), K31
unshaded in the Forest Camps' free Rally (propaganda), K31 shaded in Raid (special_maumau). The executing
faction makes the choices, except where a text names a faction ("British may...", "Mau Mau may...") or grants
a British Operation or Special Activity: that faction decides (5.1, ruling R-EVENT-FACTION). A text that can
change nothing now is not offered (5.1.3).

Relocate granted by K27 and K32 unshaded takes its number of spaces from the card, whatever the Pipeline
(ruling R-EVENT-PIPELINE): :class:`EventRelocate`, the Operation's own procedure with the card's count and,
for K32, no roll for Outrage.
"""

from __future__ import annotations

from ....coin.events import ScriptEvent
from ....coin.will import shift_will
from ....core.flow import Context, procedure
from .. import board as B
from .. import why as W
from ..british_ops import Relocate
from ..operation import new_op_frame
from ..outrage import roll_outrage
from . import capability, event
from .common import (
    can_place,
    choice_reason,
    choose,
    pick,
    police_anywhere_possible,
    police_targets,
    put,
    put_police_anywhere,
    shift_spaces,
    shiftable,
)
from .granted import free_op, free_sa, op_possible, sa_possible

for _cid in ("K28", "K31"):
    capability(_cid, "unshaded")
    capability(_cid, "shaded")


def pipeline_right(g: Context, rule: str, label: str) -> None:
    """Shifts the Pipeline one box right; at its last box it stays, and the log says so (ruling R-PIPELINE-1)."""
    if not B.shift_pipeline(g, 1, label, rule):
        g.say(f"{label}: the Pipeline is at its last box ({B.pipeline(g)}) and shifts no further.", rule=rule)


def pipeline_left(g: Context, rule: str, label: str) -> None:
    """Shifts the Pipeline one box left; at its first box it stays (ruling R-PIPELINE-1)."""
    if not B.shift_pipeline(g, -1, label, rule):
        g.say(f"{label}: the Pipeline is at its first box ({B.pipeline(g)}) and shifts no further.", rule=rule)


def will_by_pipeline(g: Context, rule: str, label: str) -> None:
    """Political Will falls by the Pipeline's current value (K24, K32 shaded; ruling R-PIPELINE-1: the box's
    value), not below 0 (5.1.1)."""
    value = B.pipeline(g)
    if not value:
        g.say(f"{label}: the Pipeline is at 0: Political Will does not fall.", rule=rule)
        return
    shift_will(g, -value, f"{label}, by the Pipeline's value {value}", rule)


# -- Relocate granted by an Event (K27, K32 unshaded; ruling R-EVENT-PIPELINE) -----------------------------

@procedure
class EventRelocate(Relocate):
    """Relocate (3.2.2) as K27 and K32 unshaded grant it: up to the card's count of spaces (``max``) whatever
    the Pipeline allows (5.1.1, ruling R-EVENT-PIPELINE), free, with no Special Activity (5.4, ruling
    R-FREE-OPS); every other requirement stands (British Controlled Populated Reserve Provinces). One roll for
    Outrage after it unless the card says "no Roll for Outrage" (``outrage: False``, K32)."""

    name = "ke.ev.relocate"
    pipeline_bound = False  # ok counts the card's max, whatever the Pipeline

    def ok(self, g, f, sid):
        return len(f["spaces"]) < f["max"] and B.may_reduce(g, sid) and B.control(g, sid) == "british"

    def why_not(self, g, f, sid):
        name = B.name(sid)
        if B.is_mountain_jungle(sid) or sid == B.NAIROBI:
            return W.because(f"{name} is {W.kind_of(sid)}: Relocate selects Reserve Provinces", self.rule)
        if not B.is_reserve(sid):
            return W.because(f"{name} is a Non-Reserve Province: Relocate selects Reserve Provinces", self.rule)
        if not B.populated(g, sid):
            return W.because(f"{W.population_of(g, sid)}: Relocate selects Populated Reserve Provinces", self.rule)
        return W.because(f"{W.control_of(g, sid)}: Relocate selects British Controlled Provinces", self.rule)

    def space_limit_refusal(self, g, f):
        return W.because(f"the card grants Relocate in up to {f['max']} space(s), and it has selected "
                         f"{W.names(f['spaces'])}", f["rule"])

    def count_text(self, g, f):
        return f"{len(f['spaces'])} of up to {f['max']} selected ({f['rule']}, whatever the Pipeline)"

    def on_select_done(self, g, f):
        f["stage"] = "final"
        if f.get("outrage") is False:
            g.say(f"No roll for Outrage after this Relocate: {f['label']} says so.", faction="british",
                  rule=f["rule"])
            return
        roll_outrage(g, "Relocate", rule=f"6.6.3, {f['rule']}")


def relocate_frame(g: Context, count: int, *, rule: str, label: str, optional: bool, outrage: bool) -> dict:
    return new_op_frame(g, "relocate", False, False, spaces=count, free=True, optional=optional, rule=rule,
                        label=label, outrage=outrage)


def relocate_possible(g: Context, count: int = 1) -> bool:
    """Whether an Event's Relocate has a space it may select now (:class:`EventRelocate`)."""
    return any(B.may_reduce(g, s) and B.control(g, s) == "british" for s in B.RESERVES) and count > 0


def event_relocate(g: Context, count: int, *, rule: str, label: str, optional: bool, outrage: bool = True) -> bool:
    """The British Relocate in up to *count* spaces as card *rule* grants it (:class:`EventRelocate`); if no
    space qualifies the log says why and nothing is asked (5.1.3). Returns whether it was pushed."""
    frame = relocate_frame(g, count, rule=rule, label=label, optional=optional, outrage=outrage)
    if not relocate_possible(g, count):
        proc = g.procs[EventRelocate.name]
        why = list(dict.fromkeys(proc.why_not(g, frame, s) for s in B.RESERVES))[:2]
        g.say(f"{label}: the British could Relocate nowhere: {'; '.join(why)}.", faction="british", rule=rule)
        return False
    g.say(f"{label}: the British began a free Relocate in up to {count} space(s).", faction="british", rule=rule)
    g.call(EventRelocate.name, "british", **frame)
    return True


# -- K23 Mass Evictions and K27 shaded: Population restored (ruling R-POPULATION) ----------------------------

def k23u_spaces(g: Context) -> list[str]:
    """Non-Reserve spaces (Nairobi and the Non-Reserve Provinces, 1.3.2, 1.3.4) not Loyal yet."""
    return shiftable(g, B.NON_RESERVE_SPACES, set_to=1)


@event("K23", "unshaded", playable=lambda g, faction: bool(k23u_spaces(g)) or B.pipeline(g) < B.PIPELINE_MAX)
@procedure
class MassEvictionsUnshaded(ScriptEvent):
    """K23 unshaded (Removed from Highlands): the executing faction sets 2 Non-Reserve spaces to Loyal (those
    not Loyal yet; all it can up to 2, 5.1.3; Terror no bar, ruling R-EVENT-LEVEL), then the Pipeline shifts
    one box right (not past its last box, ruling R-PIPELINE-1)."""

    name = "ke.ev.K23.unshaded"
    script = ("loyal", "pipeline")

    def loyal(self, g, f):
        shift_spaces(g, f["faction"], B.NON_RESERVE_SPACES, count=2, set_to=1, rule="K23", label="Mass Evictions")

    def pipeline(self, g, f):
        f.pop("ret", None)
        pipeline_right(g, "K23", "Mass Evictions")


def restorable(g: Context) -> list[str]:
    """Reserve Provinces whose Population Relocate lowered (below the printed value, ruling R-POPULATION)."""
    return [s for s in B.RESERVES if B.may_restore(g, s)]


def restore_reason(card: str):
    def reason(g: Context, f: dict, sid: str) -> str:
        if not B.is_reserve(sid):
            what = "a Non-Reserve Province" if B.KIND[sid] == "province" else W.kind_of(sid)
            return W.because(f"{B.name(sid)} is {what}: only a Reserve Province's Population is removed by "
                             "Relocate", f"{card}, 1.3.2")
        return W.because(f"{W.population_of(g, sid)}: no Population removed by Relocate to replace",
                         f"{card}, ruling R-POPULATION")
    return reason


choice_reason("K23-restore")(restore_reason("K23"))
choice_reason("K27-restore")(restore_reason("K27"))


class PopulationReplaced(ScriptEvent):
    """K23 shaded (Forced into the Reserve) and K27 shaded (Infiltrated by Mau Mau), one text: the executing
    faction chooses a Reserve Province whose Population Relocate lowered; it gets 1 Population back (a space
    raised from 0 is Neutral) and then a Guerrilla (their Tips; ruling R-POPULATION). The Guerrilla comes from
    Available; the Mau Mau executing may take one from the map with none Available (ruling R-1.4.1), the
    British place it from Available only (5.1.1). With no such Province the text does nothing, not even the
    Guerrilla ("the space selected"): it is not offered (5.1.3)."""

    script = ("space", "restore")
    card = ""
    label = ""

    def space(self, g, f):
        choose(g, f["faction"], restorable(g), verb="space", rule=self.card, label=self.label,
               ask="choose a Reserve Province whose Population Relocate removed: 1 Population is replaced and a "
                   "Guerrilla placed there", why=f"{self.card}-restore")

    def restore(self, g, f):
        sid = f.pop("ret")
        B.restore_population(g, sid, self.label, self.card)
        if can_place(g, f["faction"], "guerrillas", sid):
            put(g, f["faction"], "guerrillas", spaces=[sid], max=1, min=1, rule=self.card, label=self.label)
        else:
            g.say(f"{self.label}: no Guerrilla is Available to place in {B.name(sid)}.", faction=f["faction"],
                  rule=f"{self.card}, 5.1.1")


@event("K23", "shaded", playable=lambda g, faction: bool(restorable(g)))
@procedure
class MassEvictionsShaded(PopulationReplaced):
    __doc__ = PopulationReplaced.__doc__
    name = "ke.ev.K23.shaded"
    card, label = "K23", "Mass Evictions"


# -- K24 Labour Party ----------------------------------------------------------------------------------------

def k24u_playable(g: Context, faction: str) -> bool:
    """Deploy always has Nairobi (3.2.1); Reward its British Controlled Populated spaces (4.2.1)."""
    frame = new_op_frame(g, "deploy", False, False, free=True, rule="K24")
    return op_possible(g, "british", "deploy", frame) or sa_possible(g, "reward", {"rule": "K24", "max": None})


@event("K24", "unshaded", playable=k24u_playable)
@procedure
class LabourPartyUnshaded(ScriptEvent):
    """K24 unshaded (Pushes for reforms): the British Deploy, then Reward, whoever executes (ruling
    R-EVENT-FACTION): a free Deploy with no Special Activity, in one space at least (the text does not say
    "may", 5.1.3; it may place no cube, ruling R-DEPLOY), then a free Reward alone (5.4, ruling R-FREE-OPS;
    K11 unshaded: two spaces)."""

    name = "ke.ev.K24.unshaded"
    script = ("deploy", "reward")

    def deploy(self, g, f):
        free_op(g, "british", "deploy", limited=False, rule="K24", label="Labour Party", optional=False)

    def reward(self, g, f):
        f.pop("ret", None)
        free_sa(g, "british", "reward", rule="K24", label="Labour Party")


@event("K24", "shaded", playable=lambda g, faction: B.pipeline(g) > B.PIPELINE_MIN)
def labour_party_shaded(g: Context, faction: str) -> None:
    """K24 shaded (Exposes repression): Political Will falls by the Pipeline's current value, then the Pipeline
    shifts one box left (ruling R-PIPELINE-1). At Pipeline 0 it changes nothing: not offered (5.1.3)."""
    will_by_pipeline(g, "K24", "Labour Party")
    pipeline_left(g, "K24", "Labour Party")


# -- K25 McLean Inquiry ------------------------------------------------------------------------------------

@event("K25", "unshaded", playable=lambda g, faction: B.will(g) < B.PW_MAX or B.pipeline(g) > B.PIPELINE_MIN)
def mclean_unshaded(g: Context, faction: str) -> None:
    """K25 unshaded (Officers held accountable): Political Will +2 (to 20 at most, 5.1.1), then the Pipeline one
    box left."""
    shift_will(g, 2, "McLean Inquiry", "K25")
    pipeline_left(g, "K25", "McLean Inquiry")


def outrage_can_hurt(g: Context) -> bool:
    """Whether a roll for Outrage could lower Political Will now: Pipeline 2 or more (6.6.3) and Will above 0."""
    return B.outrage_possible(B.pipeline(g)) and B.will(g) > B.PW_MIN


@event("K25", "shaded", playable=lambda g, faction: outrage_can_hurt(g))
def mclean_shaded(g: Context, faction: str) -> None:
    """K25 shaded (Atrocities continue): a roll for Outrage (6.6.3) whose result below the Pipeline's value
    lowers Political Will by 2. At Pipeline 0 or 1 no die can be lower, and at Will 0 none can lower it: then
    the text changes nothing and is not offered (5.1.3)."""
    roll_outrage(g, "McLean Inquiry", rule="K25, 6.6.3", loss=2)


# -- K26 Hola Detention Camp (one text) ------------------------------------------------------------------------

def k26_spaces(g: Context) -> list[str]:
    """Spaces with Troops and a Base."""
    return [s for s in B.SPACES if B.sp(g, s)["troops"] and B.sp(g, s)["bases"]]


def k26_playable(g: Context, faction: str) -> bool:
    return bool(k26_spaces(g)) or outrage_can_hurt(g) or B.pipeline(g) < B.PIPELINE_MAX


@event("K26", "event", playable=k26_playable)
@procedure
class HolaDetentionCamp(ScriptEvent):
    """K26 (Brutal detention center), a single text either faction may execute, to the full (Tip L2915): the
    executing faction removes 1 Base from a space with Troops (+1 Political Will), then a roll for Outrage
    whose result below the Pipeline's value lowers Political Will by 2, then, only after the roll, the Pipeline
    shifts one box right."""

    name = "ke.ev.K26.event"
    script = ("base", "outrage", "pipeline")

    def base(self, g, f):
        spaces = k26_spaces(g)
        if not spaces:
            g.say("Hola Detention Camp: no space has both Troops and a Base: no Base is removed.",
                  faction=f["faction"], rule="K26, 5.1.3")
            return
        pick(g, f["faction"], ["bases"], spaces=spaces, max=1, min=1, on_base="pw", rule="K26",
             label="Hola Detention Camp")

    def outrage(self, g, f):
        roll_outrage(g, "Hola Detention Camp", rule="K26, 6.6.3", loss=2)

    def pipeline(self, g, f):
        pipeline_right(g, "K26", "Hola Detention Camp")


# -- K27 Protected Villages ------------------------------------------------------------------------------------

@event("K27", "unshaded", playable=lambda g, faction: B.pipeline(g) < B.PIPELINE_MAX or relocate_possible(g, 2))
@procedure
class ProtectedVillagesUnshaded(ScriptEvent):
    """K27 unshaded (Rapid relocation): the Pipeline shifts one box right, then the British may Relocate in up
    to 2 spaces, whoever executes (ruling R-EVENT-FACTION), whatever the Pipeline allows, with its roll for
    Outrage (ruling R-EVENT-PIPELINE); free (5.4)."""

    name = "ke.ev.K27.unshaded"
    script = ("pipeline", "relocate")

    def pipeline(self, g, f):
        pipeline_right(g, "K27", "Protected Villages")

    def relocate(self, g, f):
        event_relocate(g, 2, rule="K27", label="Protected Villages", optional=True)


@event("K27", "shaded", playable=lambda g, faction: bool(restorable(g)))
@procedure
class ProtectedVillagesShaded(PopulationReplaced):
    __doc__ = PopulationReplaced.__doc__
    name = "ke.ev.K27.shaded"
    card, label = "K27", "Protected Villages"


# -- K29 Kikuyu Loyalism --------------------------------------------------------------------------------------

def k29_targets_reason(g: Context, sid: str) -> str:
    if not B.is_reserve(sid):
        return W.because(f"{B.name(sid)} is not a Reserve Province: the Police go to British Controlled Reserve "
                         "Provinces", "K29, 1.3.2")
    return W.because(f"{W.control_of(g, sid)}: the Police go to British Controlled Reserve Provinces", "K29")


@police_targets("K29", k29_targets_reason)
def k29_targets(g: Context) -> list[str]:
    """The Reserve Provinces British Controlled now (tested at each placement: Control follows each cube)."""
    return [s for s in B.RESERVES if B.control(g, s) == "british"]


@event("K29", "unshaded", playable=lambda g, faction: police_anywhere_possible(g, "K29"))
def kikuyu_loyalism_unshaded(g: Context, faction: str) -> None:
    """K29 unshaded (Join British): the executing faction places 3 Police, each from Available, the map or Out
    of Play as it chooses (the card's "from anywhere (even Out of Play)", ruling R-1.4.1), into British
    Controlled Reserve Provinces; all 3 where it can (5.1.3)."""
    put_police_anywhere(g, faction, "K29", max=3, min=3, rule="K29", label="Kikuyu Loyalism")


def k29s_playable(g: Context, faction: str) -> bool:
    return op_possible(g, "maumau", "terror", new_op_frame(g, "terror", False, False, spaces=2, free=True))


@event("K29", "shaded", playable=k29s_playable)
def kikuyu_loyalism_shaded(g: Context, faction: str) -> None:
    """K29 shaded (Targeted by Mau Mau): the Mau Mau may conduct a free Terror in up to 2 spaces, whoever
    executes (ruling R-EVENT-FACTION; 5.4, ruling R-FREE-OPS: no cost, no Special Activity)."""
    free_op(g, "maumau", "terror", limited=False, spaces=2, rule="K29", label="Kikuyu Loyalism", optional=True)


# -- K30 Chiefs Murdered ------------------------------------------------------------------------------------

def resistance_spaces(g: Context) -> list[str]:
    return [s for s in B.SPACES if B.takes_level(g, s) and B.level(g, s) == -1]


@choice_reason("K30-resistance")
def k30u_reason(g: Context, f: dict, sid: str) -> str:
    return W.because(f"{W.level_of(g, sid)}: the card sets a Resistance space to Loyal", "K30")


@event("K30", "unshaded", playable=lambda g, faction: bool(resistance_spaces(g)))
@procedure
class ChiefsMurderedUnshaded(ScriptEvent):
    """K30 unshaded (Popular chiefs killed): the executing faction sets a Resistance space to Loyal and places
    a Police cube there from Available (the card's words: never from the map nor Out of Play, ruling R-1.4.1);
    with none Available, none is placed (5.1.3)."""

    name = "ke.ev.K30.unshaded"
    script = ("space", "loyal")

    def space(self, g, f):
        choose(g, f["faction"], resistance_spaces(g), verb="space", rule="K30", label="Chiefs Murdered",
               ask="choose a Resistance space: it is set to Loyal and gets a Police cube from Available",
               why="K30-resistance")

    def loyal(self, g, f):
        sid = f.pop("ret")
        B.set_level(g, sid, 1, "Chiefs Murdered", "K30")
        if g.s["available"]["police"]:
            B.place(g, sid, "police", 1)
            g.say(f"Chiefs Murdered: placed a Police cube from Available in {B.name(sid)}.", faction=f["faction"],
                  rule="K30")
        else:
            g.say("Chiefs Murdered: no Police cube is Available to place.", faction=f["faction"], rule="K30, 5.1.1")


def k30s_all(g: Context) -> list[str]:
    """Spaces with a Police cube and Mau Mau pieces."""
    return [s for s in B.SPACES if B.sp(g, s)["police"] and B.maumau(B.sp(g, s))]


def k30s_spaces(g: Context) -> list[str]:
    """Where K30 shaded may remove its Police: the spaces of :func:`k30s_all` that may take Resistance (Nairobi
    or a Populated Province) if any, else all of them, there only to remove the Police (ruling
    R-EVENT-LEVEL: the whole text where it can be)."""
    every = k30s_all(g)
    whole = [s for s in every if B.takes_level(g, s)]
    return whole or every


@choice_reason("K30s-space")
def k30s_reason(g: Context, f: dict, sid: str) -> str:
    x = B.sp(g, sid)
    if not x["police"] or not B.maumau(x):
        return W.because(f"{W.has(g, sid, 'police', 'maumau')}: the card removes a Police cube from a space with Mau "
                         "Mau pieces", "K30")
    return W.because(f"{W.level_of(g, sid)}, and another space with Police and Mau Mau pieces may be set to "
                     "Resistance: the whole text must be carried out where it can", "K30, 5.1.3, ruling R-EVENT-LEVEL")


@event("K30", "shaded", playable=lambda g, faction: bool(k30s_all(g)))
@procedure
class ChiefsMurderedShaded(ScriptEvent):
    """K30 shaded (Waruhiu wa Kung'u killed): the executing faction removes 1 Police cube from a space with Mau
    Mau pieces to set that space to Resistance; no Police removed, no Resistance (Tip L2953). A Mountain
    Jungle or an Unpopulated Province only when no Populated space qualifies, and there the Police cube alone
    is removed (ruling R-EVENT-LEVEL)."""

    name = "ke.ev.K30.shaded"
    script = ("space", "resist")

    def space(self, g, f):
        choose(g, f["faction"], k30s_spaces(g), verb="space", rule="K30", label="Chiefs Murdered",
               ask="choose a space with Police and Mau Mau pieces: a Police cube is removed there and it is set to "
                   "Resistance", why="K30s-space")

    def resist(self, g, f):
        sid = f.pop("ret")
        B.remove(g, sid, "police", 1)
        g.say(f"Chiefs Murdered: a Police cube in {B.name(sid)} was removed to Available.", faction=f["faction"],
              rule="K30")
        if not B.takes_level(g, sid):
            g.say(f"Chiefs Murdered: {W.level_of(g, sid)}: it is not set to Resistance.", faction=f["faction"],
                  rule="K30, 1.6, ruling R-EVENT-LEVEL")
            return
        B.set_level(g, sid, -1, "Chiefs Murdered", "K30")


# -- K32 Racist Propaganda ------------------------------------------------------------------------------------

def reprisal_possible(g: Context) -> bool:
    return sa_possible(g, "reprisal", {"rule": "K32", "max": 1, "free": True, "only": None, "outrage": False})


def k32_ways(g: Context) -> list[str]:
    """K32 unshaded's Operations that could do anything now: ``relocate`` and ``reprisal``."""
    return [w for w, ok in (("relocate", relocate_possible(g)), ("reprisal", reprisal_possible(g))) if ok]


@event("K32", "unshaded", playable=lambda g, faction: B.will(g) < B.PW_MAX or bool(k32_ways(g)))
@procedure
class RacistPropagandaUnshaded(ScriptEvent):
    """K32 unshaded (Dehumanize enemy): Political Will +1 (to 20 at most), then the British, whoever executes
    (ruling R-EVENT-FACTION), Relocate or Reprisal in 1 space, whatever the Pipeline allows (ruling
    R-EVENT-PIPELINE), with no roll for Outrage; free, no other Special Activity or Operation with it (5.4,
    ruling R-FREE-OPS). They choose which where both can act; one must be carried out where one can
    (5.1.3)."""

    name = "ke.ev.K32.unshaded"
    script = ("will", "way", "act")

    def will(self, g, f):
        shift_will(g, 1, "Racist Propaganda", "K32")

    def way(self, g, f):
        ways = k32_ways(g)
        if not ways:
            g.say("Racist Propaganda: the British can neither Relocate (no British Controlled Populated Reserve "
                  "Province) nor Reprisal (no Populated space with Troops) now.", faction="british",
                  rule="K32, 5.1.3")
            f["pc"] = len(self.script)
            return
        if len(ways) == 1:
            f["ret"] = ways[0]
            return
        choose(g, "british", ways, verb="choose", rule="K32", label="Racist Propaganda",
               ask="Relocate in 1 space (choose relocate) or Reprisal in 1 space (choose reprisal), with no roll "
                   "for Outrage")

    def act(self, g, f):
        way = f.pop("ret")
        if way == "relocate":
            event_relocate(g, 1, rule="K32", label="Racist Propaganda", optional=False, outrage=False)
        else:
            free_sa(g, "british", "reprisal", max=1, rule="K32", label="Racist Propaganda", outrage=False)


@event("K32", "shaded", playable=lambda g, faction: B.pipeline(g) > 0 and B.will(g) > B.PW_MIN)
def racist_propaganda_shaded(g: Context, faction: str) -> None:
    """K32 shaded (British atrocities revealed): Political Will falls by the Pipeline's value (ruling
    R-PIPELINE-1); at Pipeline 0 or Will 0 it changes nothing and is not offered (5.1.3)."""
    will_by_pipeline(g, "K32", "Racist Propaganda")
