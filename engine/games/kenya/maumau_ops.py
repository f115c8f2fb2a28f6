"""The Mau Mau Operations of Kenya: Rally (3.3.1), March (3.3.2) and Terror (3.3.3).

Each selects any number of spaces, paying 1 Resource for each as it is selected (3.1: Resources permitting),
one if Limited (2.3.4; March one destination from any number of origins). A free Operation (Raid's free
Limited Operation, 4.3.3; an Event's, 5.4) pays nothing and may select only the spaces its frame allows
(``new_op_frame(..., free=True, only=[...])``). Pieces placed are the Mau Mau's own: with none Available they
may come from the map (1.4.1 IMPORTANT, ``own_pieces``; ruling R-1.4.1), a new Guerrilla always Underground
(1.4.3). Control, and with it Political Will, follows every placement, removal and move at once; a move or a
replacement made together is one change (1.7, ruling R-CONTROL-PW). No Capability modifies these three
Operations.
"""

from __future__ import annotations

from ...coin.march import GroupedMarch
from ...coin.wording import rule_with_card as mm_rule
from ...core import notation
from ...core.flow import Context, procedure
from . import board as B
from . import why as W
from .operation import Operation
from .own_pieces import map_sources, place_own

notation.declare(__name__, {"place", "replace", "take", "flip", "move", "remove", "done"})

#: The order words of a Guerrilla in each state and the space key they name (1.4.3).
WORD_KEY = {"guerrilla-u": "guerrillas_u", "guerrilla-a": "guerrillas_a"}
#: What a Mau Mau Operation costs in each selected space (3.1, 3.3.1-3.3.3).
COST = 1
#: The Police a Terror may remove in a space (3.3.3: "up to 2").
TERROR_POLICE = 2
#: March: a moving group goes Active when it and the cubes in its destination number more than this (3.3.2).
MARCH_EXPOSED_ABOVE = 3


class MauMauOperation(Operation):
    """A Mau Mau Operation: 1 Resource a selected space (3.1, 3.3), nothing if free (4.3.3, 5.4)."""

    faction = "maumau"
    most_cost = COST  # what a space costs at most (cost, below)

    def cost(self, g, f, sid):
        return COST

    def candidates(self, g, f):
        """No space where the Mau Mau cannot pay for one (3.1: every space costs the same), none tested; else
        the series' selection."""
        if not f.get("free") and B.resources(g) < COST:
            return []
        return super().candidates(g, f)

    def possible(self, g, f):
        if not f.get("free") and B.resources(g) < COST:
            return False
        return super().possible(g, f)


# -- Rally (3.3.1) -------------------------------------------------------------------------------------

def rally_refusal(g: Context, sid: str) -> str | None:
    """Why Rally may not select *sid*, ``None`` if it may: any Reserve Province (even Loyal or Unpopulated),
    and any other space without Loyalty (Nairobi, a Non-Reserve Province, a Mountain Jungle: rulings R-MAP-3
    and R-8.0-ERRATA, which follow 3.3.1 over the Example's 'Non-Reserve spaces', L2617)."""
    if B.is_reserve(sid) or B.level(g, sid) <= 0:
        return None
    return W.because(f"{B.name(sid)} is Loyal: Rally selects Reserve Provinces and other spaces without Loyalty",
                     "3.3.1")


def rally_limit(g: Context, sid: str) -> int:
    """Guerrillas a Rally may place in *sid*: one; where a Base already is, up to the current Population plus
    the Bases there (3.3.1; 1.3.2: a Relocated Province's current Population), one at least."""
    bases = B.sp(g, sid)["bases"]
    return max(1, B.pop(g, sid) + bases) if bases else 1


def replace_options(g: Context, sid: str) -> list[str]:
    """The pairs of Guerrillas (``guerrilla-u guerrilla-a``) a Rally in *sid* may replace with a Base (3.3.1):
    two Guerrillas there, room for a Base (1.4.2), and a Base Available or elsewhere on the map (1.4.1)."""
    x = B.sp(g, sid)
    if B.guerrillas(x) < 2 or not B.may_place(g, sid, "bases"):
        return []
    if not g.s["available"]["bases"] and not map_sources(g, sid, "bases"):
        return []
    u, a = x["guerrillas_u"], x["guerrillas_a"]
    pairs = (("guerrilla-u", "guerrilla-u", u >= 2), ("guerrilla-u", "guerrilla-a", u >= 1 and a >= 1),
             ("guerrilla-a", "guerrilla-a", a >= 2))
    return [f"{p} {q}" for p, q, ok in pairs if ok]


@procedure
class Rally(MauMauOperation):
    """Rally (3.3.1): in each selected space, one Guerrilla placed, or two Guerrillas replaced with a Base
    (two Bases a space at most, 1.4.2); where a Base already is, instead up to Population + Bases Guerrillas
    placed (one at a time, ``done`` to stop), or every Guerrilla there flipped Underground. New Guerrillas go
    Underground (1.4.3); with none Available the Mau Mau may take them, or the Base, from the map (1.4.1
    IMPORTANT, ruling R-1.4.1). The space's choice is made before the next space is selected."""

    name = "ke.op.rally"
    op = "rally"
    rule = "3.3.1"

    def ok(self, g, f, sid):
        return B.is_reserve(sid) or g.s["spaces"][sid]["support"] <= 0

    def why_not(self, g, f, sid):
        return rally_refusal(g, sid) or W.because(f"{B.name(sid)} does not qualify for Rally", "3.3.1")

    def on_selected(self, g, f, sid):
        f["here"] = sid
        f["placed"] = 0
        f["limit"] = rally_limit(g, sid)
        f["stage"] = "rally"
        g.say(f"Mau Mau Rallied in {B.name(sid)}.", faction="maumau", rule=mm_rule(f, "3.3.1"))

    def sub_prompt(self, g, f):
        stage, here = f["stage"], f.get("here")
        if stage == "rally":
            out: dict[str, list[str]] = {"place": ["guerrilla"]}
            pairs = replace_options(g, here)
            if pairs:
                out["replace"] = pairs
            x = B.sp(g, here)
            if x["bases"] and x["guerrillas_a"]:
                out["flip"] = []
            return out
        if stage == "more":
            return {"place": ["guerrilla"], "done": []} if f["placed"] < f["limit"] else {"done": []}
        if stage == "base-from":
            return {"take": map_sources(g, here, "bases")}
        return {}

    def sub_text(self, g, f):
        stage, here = f["stage"], f.get("here")
        if stage == "rally":
            can = g.prompted(self, f)  # the prompt's orders, as it listed them (Context.legal)
            x = B.sp(g, here)
            acts = [f"place up to {f['limit']} Guerrillas (place guerrilla, one at a time)" if f["limit"] > 1
                    else "place a Guerrilla (place guerrilla)"]
            if "replace" in can:
                acts.append("replace two Guerrillas with a Base (replace PIECE PIECE)")
            if "flip" in can:
                acts.append(f"flip the {W.count(x['guerrillas_a'], 'guerrillas_a')} there Underground (flip)")
            return f"Mau Mau Rally in {B.name(here)}: {W.names(acts, plain=True, joint='or')}"
        if stage == "more":
            return (f"Mau Mau Rally in {B.name(here)}: {f['placed']} of up to {f['limit']} Guerrillas placed "
                    "(Population + Bases); place guerrilla, or done")
        if stage == "base-from":
            return (f"Mau Mau Rally in {B.name(here)}: no Base is Available; take one from the map to replace "
                    "the two Guerrillas (take SPACE base)")
        return ""

    def sub_explain(self, g, f, verb, arg):
        stage, here = f["stage"], f.get("here")
        name = B.name(here) if here else ""
        rule = "3.3.1"
        if stage == "rally":
            if verb == "place":
                return W.form("place", "guerrilla", arg, rule) if arg != "guerrilla" else None
            if verb == "replace":
                return self.replace_refusal(g, f, arg)
            if verb == "flip":
                if not B.sp(g, here)["bases"]:
                    return W.because(f"{W.has(g, here, 'bases')}: Rally flips Guerrillas Underground only where a "
                                     "Base already is", rule)
                return W.because(f"{W.has(g, here, 'guerrillas_a')} to flip Underground", rule)
            if verb == "done":
                return W.because(f"the Rally in {name} places a Guerrilla, replaces two with a Base, or (with a "
                                 "Base) flips them Underground: choose one", rule)
            if verb == "take":
                return W.because(f"a Base is taken from the map only once the Rally in {name} replaces two "
                                 "Guerrillas and none is Available", "1.4.1")
            return None
        if stage == "more":
            if verb == "place" and arg == "guerrilla":
                return W.because(f"the Rally in {name} places up to {f['limit']} Guerrillas (Population "
                                 f"{B.pop(g, here)} + {W.count(B.sp(g, here)['bases'], 'bases')}) and has placed "
                                 f"{f['placed']}", rule)
            if verb == "place":
                return W.form("place", "guerrilla", arg, rule)
            if verb in ("replace", "flip"):
                return W.because(f"the Rally in {name} is placing Guerrillas: one of its choices a space", rule)
            return None
        if stage == "base-from":
            if verb == "take":
                return self.take_refusal(g, f, arg)
            if verb == "done":
                return W.because(f"the two Guerrillas in {name} are replaced with a Base: take one from the map",
                                 "1.4.1")
        return None

    def replace_refusal(self, g: Context, f: dict, arg: str | None) -> str:
        """Why the Rally may not replace the Guerrillas *arg* with a Base: the form, two such Guerrillas
        there, stacking (1.4.2), a Base to place (1.4.1)."""
        here, rule = f["here"], "3.3.1"
        words = W.parts(arg, 2)
        if words is None or any(w not in WORD_KEY for w in words):
            return W.form("replace", "guerrilla-u|guerrilla-a guerrilla-u|guerrilla-a", arg, rule)
        x = B.sp(g, here)
        if B.guerrillas(x) < 2:
            return W.because(f"{W.has(g, here, 'guerrillas')}: a Base replaces two", rule)
        if not B.may_place(g, here, "bases"):
            return W.because(f"{W.has(g, here, 'bases')}: two Bases at most in a space", "1.4.2")
        if not g.s["available"]["bases"] and not map_sources(g, here, "bases"):
            return W.because("no Base is Available, and none is on the map elsewhere to take", "1.4.1")
        return W.because(f"{W.has(g, here, 'guerrillas_u', 'guerrillas_a')}: not the two Guerrillas named "
                         f"({arg})", rule)

    def take_refusal(self, g: Context, f: dict, arg: str | None) -> str | None:
        """Why the Base may not be taken from *arg* (1.4.1 IMPORTANT: from another space that has one)."""
        here = f["here"]
        words = W.parts(arg, 2)
        if words is None or words[1] != "base":
            return W.form("take", "SPACE base", arg, "1.4.1")
        src = words[0]
        if not W.is_space(src):
            return W.not_a_space(src)
        if src == here:
            return W.because(f"the Base goes to {B.name(here)}: take one from another space", "1.4.1")
        return W.because(f"{W.has(g, src, 'bases')} to take", "1.4.1")

    def sub_act(self, g, f, verb, arg):
        stage, here = f["stage"], f["here"]
        rule = mm_rule(f, "3.3.1")
        if verb == "done":
            f["stage"] = "select"
            return
        if verb == "place":
            f["placed"] += 1
            f["stage"] = "more" if f["placed"] < f["limit"] else "select"
            place_own(g, "maumau", here, "guerrillas", rule=rule, label="Rally")
            return
        if verb == "flip":
            x = B.sp(g, here)
            n = x["guerrillas_a"]
            x["guerrillas_u"] += n  # a flip changes no count of forces: Control stays as it is (1.7)
            x["guerrillas_a"] = 0
            f["stage"] = "select"
            g.say(f"Mau Mau flipped {W.count(n, 'guerrillas_a')} in {B.name(here)} Underground (Rally).",
                  faction="maumau", rule=rule)
            return
        if verb == "replace":
            f["pair"] = arg.split(" ")
            if g.s["available"]["bases"]:
                self.replace(g, f, None)
            else:
                f["stage"] = "base-from"
            return
        if stage == "base-from" and verb == "take":
            self.replace(g, f, arg.split(" ")[0])

    def replace(self, g: Context, f: dict, src: str | None) -> None:
        """Two Guerrillas in the Rally space replaced with a Base, from Available or from *src* on the map
        (1.4.1 IMPORTANT): one change, Control adjusted once it is over (ruling R-CONTROL-PW)."""
        here = f["here"]
        rule = mm_rule(f, "3.3.1")
        with B.together(g):
            for w in f.pop("pair"):
                B.remove(g, here, WORD_KEY[w], 1)
            if src is None:
                B.place(g, here, "bases", 1)
            else:
                B.move(g, src, here, "bases", 1)
        whence = f" (taken from {B.name(src)}, none being Available)" if src else ""
        g.say(f"Mau Mau replaced two Guerrillas in {B.name(here)} with a Base{whence} (Rally).", faction="maumau",
              rule=rule if src is None else f"{rule}, 1.4.1")
        f["stage"] = "select"

    def step(self, g, f):
        if f["stage"] == "more" and f["placed"] >= f["limit"]:
            f["stage"] = "select"
            return True
        return super().step(g, f)


# -- March (3.3.2) -------------------------------------------------------------------------------------

def exposed(g: Context, dest: str) -> bool:
    """Whether a group Marching into *dest* may be exposed (3.3.2): a Populated Non-Reserve space (Nairobi or
    a Non-Reserve Province, 1.3.4) or a Reserve Province at Loyalty."""
    if B.is_non_reserve(dest):
        return B.populated(g, dest)
    return B.is_reserve(dest) and B.level(g, dest) > 0


@procedure
class March(GroupedMarch, MauMauOperation):
    """March (3.3.2; engine.coin.march): destinations are selected, 1 Resource each; a group goes Active if its
    destination is a Populated Non-Reserve space or a Loyal Reserve Province (:func:`exposed`) and the group plus
    the cubes there number more than three (1.4.3); a March may move none (ruling R-MARCH-NONE)."""

    name = "ke.op.march"
    op = "march"
    exposed_above = MARCH_EXPOSED_ABOVE

    def exposed(self, g, dest):
        return exposed(g, dest)

    def exposed_where(self, g, dest):
        return "a Loyal Reserve Province" if B.is_reserve(dest) else "a Populated Non-Reserve space"


# -- Terror (3.3.3) ------------------------------------------------------------------------------------

@procedure
class Terror(MauMauOperation):
    """Terror (3.3.3): in each selected space with an Underground Guerrilla, one goes Active; then the Mau
    Mau choose: a Terror marker placed if none is there (never a second by the Operation, 1.4.2 L2265, NOTE
    L2418; none if all 15 are on the map) and a shift once toward Resistance (``place terror``: the shift
    even where no marker is placed, nothing where the space takes no level; ruling R-TERROR), or up to two
    Police removed (``remove police``, one at a time, ``done`` after the first to stop). Where the space has
    no Police, removing up to two would do nothing: the first choice is made at once (as the Example of Play
    does, L2599)."""

    name = "ke.op.terror"
    op = "terror"
    rule = "3.3.3"

    def ok(self, g, f, sid):
        return bool(g.s["spaces"][sid]["guerrillas_u"])

    def why_not(self, g, f, sid):
        return W.because(f"{W.has(g, sid, 'guerrillas_u')}: Terror needs one to Activate", "3.3.3")

    def on_selected(self, g, f, sid):
        rule = mm_rule(f, "3.3.3")
        B.activate(g, sid, 1, "guerrillas")
        g.say(f"Mau Mau carried out Terror in {B.name(sid)}: an Underground Guerrilla went Active.",
              faction="maumau", rule=rule)
        f["here"] = sid
        f["removed"] = 0
        if B.sp(g, sid)["police"]:
            f["stage"] = "terror"
        else:
            self.mark(g, f, sid)

    def mark(self, g: Context, f: dict, sid: str) -> None:
        """The first choice: a Terror marker if none is there, and a shift once toward Resistance."""
        rule = mm_rule(f, "3.3.3")
        x = B.sp(g, sid)
        if x["terror"]:
            g.say(f"No Terror marker was placed in {B.name(sid)}: one is there already (Terror places no second, "
                  "1.4.2).", faction="maumau", rule=f"{rule}, 1.4.2")
        elif not B.place_terror(g, sid, rule):
            g.say(f"No Terror marker was placed in {B.name(sid)}: all {B.TERROR_MARKERS} are on the map.",
                  faction="maumau", rule=f"{rule}, 1.9")
        if not B.shift(g, sid, -1, "Terror", rule):
            g.say(f"{W.level_of(g, sid)}: no shift.", faction="maumau", rule=f"{rule}, 1.6")
        f["stage"] = "select"

    def sub_prompt(self, g, f):
        stage = f["stage"]
        if stage == "terror":
            return {"place": ["terror"], "remove": ["police"]}
        if stage == "police":
            return {"remove": ["police"], "done": []}
        return {}

    def sub_text(self, g, f):
        here = f["here"]
        if f["stage"] == "terror":
            return (f"Mau Mau Terror in {B.name(here)} ({W.has(g, here, 'police', 'terror')}): place a Terror "
                    "marker if none is there and shift once toward Resistance (place terror), or remove up to "
                    "2 Police (remove police, one at a time)")
        return (f"Mau Mau Terror in {B.name(here)}: {f['removed']} of up to {TERROR_POLICE} Police removed; "
                "remove police, or done")

    def sub_explain(self, g, f, verb, arg):
        stage, here = f["stage"], f.get("here")
        rule = "3.3.3"
        if verb == "place":
            if stage == "terror":
                return W.form("place", "terror", arg, rule)
            return W.because(f"the Terror in {B.name(here)} is removing Police: either a Terror marker and a "
                             "shift or up to 2 Police, not both", rule)
        if verb == "remove":
            return W.form("remove", "police", arg, rule)
        if verb == "done" and stage == "terror":
            return W.because(f"the Terror in {B.name(here)} places a Terror marker and shifts toward Resistance "
                             "(place terror) or removes up to 2 Police (remove police): choose one", rule)
        return None

    def sub_act(self, g, f, verb, arg):
        here = f["here"]
        if verb == "place":
            self.mark(g, f, here)
            return
        if verb == "done":
            f["stage"] = "select"
            return
        with B.together(g):  # the removal's line first, then what it changed (Control, 1.7)
            B.remove(g, here, "police", 1)
            f["removed"] += 1
            g.say(f"Mau Mau removed a Police cube from {B.name(here)} (Terror).", faction="maumau",
                  rule=mm_rule(f, "3.3.3"))
        more = f["removed"] < TERROR_POLICE and B.sp(g, here)["police"]
        f["stage"] = "police" if more else "select"
