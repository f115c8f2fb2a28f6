"""Japanese Occupation Event cards J8 to J17 of the first batch (rule 5; texts, Tips and Background in 9.0,
L1845-1939): J10 Rationing System, J14 "Secret Army", J16 Freddie Spencer Chapman, J17 Burma Theater (one text),
and the Capabilities J8 Air Drops, J12 Labor Service Corps and J15 Resettlement Schemes, whose effects live where
the rules they change live (5.3: Supply, Construct, Extract and the Propaganda Round). J9, J11 and J13, which
grant Operations or Special Activities, are in ``granted_j01_j13``; J2 to J6 in ``cards_j02_j06``.

The executing faction makes every choice a text leaves open (5.1; ruling R-5.1), except where the text names
the faction that acts ("British may place ...": J16 unshaded). A text that can change nothing now is not offered
(5.1.3), and what a text can do, it must, "up to" and "may" leaving the count to the chooser (ruling
R-EVENT-MAY). Events place only Available pieces and markers (5.1.1), except a faction's own forces, which it may
take from the map when none is Available (1.4.1 IMPORTANT; ruling R-EVENT-FROM-MAP,
engine.games.japanese_occupation.own_pieces); Force 136 markers never come from the map that way (1.9 NOTE),
J16's own "move" aside.

The choices are the shared ones of ``events.common`` (``jo.ev.choose``, ``jo.ev.put``, ``jo.ev.pick``,
``jo.ev.conceal``) and the cards' own (``jo.ev.J<n>.<side>``, J16's ``jo.ev.J16.bring``); their orders are
``place SPACE``, ``space SPACE``, ``remove SPACE PIECE``, ``move FROM TO``, ``conceal SPACE`` and ``done`` (with
``take SPACE PIECE`` of own_pieces and ``return SPACE`` of the Zipper track). The board's helpers log each
change.
"""

from __future__ import annotations

from ....coin.events import ScriptEvent
from ....core import notation
from ....core.flow import Context, Procedure, procedure
from ....core.ruling_choice import chosen
from .. import board as B
from .. import intel_chits as chits
from .. import why as W
from . import capability, event
from .common import (
    TITLE,
    Conceal,
    agents_in_camps,
    any_placeable,
    camps,
    choose_one,
    intel_frame,
    pick,
    put,
    reason,
)

notation.declare(__name__, {"place", "space", "remove", "move", "done"})

for _cid in ("J8", "J12", "J15"):
    capability(_cid, "unshaded")
    capability(_cid, "shaded")


# -- J10 Rationing System ------------------------------------------------------------------------------------

def halved(state: dict) -> int:
    """Japanese Resources after J10 unshaded: half, the result rounded down (7 to 3), by ruling R-J10's default
    (``result``); the umpire may round down the loss instead (``loss``: 7 to 4)."""
    r = state["resources"]
    return r // 2 if chosen(state, "R-J10", "result") == "result" else r - r // 2


@event("J10", "unshaded", playable=lambda g, faction: halved(g.s) != g.s["resources"])
def rationing_unshaded(g: Context, faction: str) -> None:
    """J10 unshaded (Occupation economy collapses): Japanese Resources are halved (ruling R-J10 on the
    rounding). Nothing to choose."""
    r = g.s["resources"]
    B.gain_resources(g, halved(g.s) - r, f"{TITLE['J10']}: halved from {r}", "J10")


@event("J10", "shaded", playable=lambda g, faction: B.on_map(g, "new_village") > 0
       and g.s["resources"] < B.RESOURCES_MAX)
def rationing_shaded(g: Context, faction: str) -> None:
    """J10 shaded (Resources extracted for war effort): Japanese Resources rise by 2 for each New Village on the
    map, not beyond 20 (1.7, 5.1.1). Nothing to choose."""
    n = B.on_map(g, "new_village")
    B.gain_resources(g, 2 * n, f"{TITLE['J10']}: {W.count(n, 'new_village')} on the map", "J10")


# -- J14 "Secret Army" ---------------------------------------------------------------------------------------

def cache_spaces(g: Context) -> list[str]:
    return B.spaces_with(g, "caches")


@event("J14", "unshaded", playable=lambda g, faction: any_placeable(g, faction, "mpaja", cache_spaces(g)))
def secret_army_unshaded(g: Context, faction: str) -> None:
    """J14 unshaded (Hidden guerrilla force): one MPAJA Guerrilla, Underground (1.4.3), in each space with a
    Supply Cache. With enough Available they are placed at once; with too few the executing faction chooses the
    spaces that get one (5.1.3), the British taking their own from the map when none is Available (1.4.1
    IMPORTANT; ruling R-EVENT-FROM-MAP), the Japanese placing Available ones only (5.1.1)."""
    spaces = cache_spaces(g)
    if g.s["available"]["mpaja"] >= len(spaces):
        for sid in spaces:
            B.place(g, sid, "mpaja")
            g.say(f"{TITLE['J14']}: an MPAJA Guerrilla was placed Underground in {B.NAME[sid]}.", faction=faction,
                  rule="J14")
        return
    put(g, faction, "mpaja", spaces=spaces, where="a space with a Supply Cache", max=len(spaces),
        min=len(spaces), per_space=1, rule="J14", label=TITLE["J14"])


@reason("J14-shaded")
def j14_reason(g: Context, f: dict, sid: str) -> str:
    return W.because(f"{W.has(g, sid, 'caches')} to remove from the game", "J14")


@event("J14", "shaded", playable=lambda g, faction: bool(cache_spaces(g)))
@procedure
class SecretArmyShaded(ScriptEvent):
    """J14 shaded (Arms hidden for post-war struggle): the executing faction chooses a Supply Cache on the map
    (the only one without asking) and removes it from the game for good (Tip L1899: the British keep four at
    most; ``removed``)."""

    name = "jo.ev.J14.shaded"
    script = ("space", "remove")

    def space(self, g, f):
        choose_one(g, f, f["faction"], cache_spaces(g), verb="space", rule="J14", label=TITLE["J14"],
                   why="J14-shaded", ask="choose the space whose Supply Cache leaves the game (space SPACE)")

    def remove(self, g, f):
        sid = f.pop("ret")
        B.remove(g, sid, "caches", 1, to="removed")
        g.say(f"{TITLE['J14']}: the Supply Cache in {B.NAME[sid]} was removed from the game "
              f"({g.s['removed']} out of the game now).", faction=f["faction"], rule="J14")


# -- J16 Freddie Spencer Chapman -------------------------------------------------------------------------------

def j16u_moves(g: Context, brought: dict[str, int]) -> list[str]:
    """``FROM TO``: a Force 136 marker not brought by this Event, to another space with a Jungle Camp."""
    dests = camps(g)
    out = []
    for src in B.SPACES:
        if B.sp(g, src)["force_136"] - brought.get(src, 0) > 0:
            out += [f"{src} {dst}" for dst in dests if dst != src]
    return out


def j16u_playable(g: Context, faction: str) -> bool:
    return bool(camps(g)) and (bool(g.s["available"]["force_136"]) or bool(j16u_moves(g, {})))


@event("J16", "unshaded", playable=j16u_playable)
def chapman_unshaded(g: Context, faction: str) -> None:
    """J16 unshaded (Operatives hidden by MPAJA): the British, whoever executes (the text names them; ruling
    R-5.1), bring Force 136 markers into Jungle Camp spaces (:class:`BringForce136`)."""
    g.call(BringForce136.name, "british")


@procedure
class BringForce136(Procedure):
    """J16 unshaded (Operatives hidden by MPAJA): the British, whoever executes (the text names them; ruling
    R-5.1), may bring up to 2 Force 136 markers into spaces with a Jungle Camp, each placed from Available
    (``place SPACE``; 1.9 NOTE: none taken from the map that way) or moved from any other space (``move FROM
    TO``), both in one space or one in each, one placed and one moved (Tip L1925); "may": fewer, or none
    (``done``; ruling R-EVENT-MAY, whose alternative ``whole`` lets the British decline the text but, once
    one marker is brought, demands the second where it can be). A marker this Event brought is not moved
    again. Frame: ``n`` (brought so far), ``brought`` (space -> markers brought there)."""

    name = "jo.ev.J16.bring"
    rule = "J16"
    MOST = 2

    def prompt(self, g, f):
        out: dict[str, list[str]] = {}
        if f.get("n", 0) < self.MOST:
            if g.s["available"]["force_136"] and camps(g):
                out["place"] = camps(g)
            moves = j16u_moves(g, f.get("brought", {}))
            if moves:
                out["move"] = moves
        if not out or f.get("n", 0) == 0 or chosen(g.s, "R-EVENT-MAY", "each") == "each":
            out["done"] = []
        return out

    def text(self, g, f):
        legal = g.prompted(self, f)
        how = " or ".join(shape for w, shape in (("place", "place SPACE"), ("move", "move FROM TO")) if w in legal)
        head = (f"British ({TITLE['J16']}): bring a Force 136 marker into a space with a Jungle Camp ({how}), "
                f"{f.get('n', 0)} of up to {self.MOST}")
        return f"{head}, or done" if "done" in legal else head

    def explain(self, g, f, verb, arg):
        """Why *verb arg* is refused: ``done`` under ruling R-EVENT-MAY's ``whole`` once one is brought, the
        card's count, a space without a Jungle Camp, no Force 136 Available (1.9 NOTE), no Force 136 in the
        space it leaves, one brought already."""
        if verb == "done" and "done" not in self.prompt(g, f):
            return W.because("one Force 136 marker is brought, and the second can be: the umpire's reading of "
                             "ruling R-EVENT-MAY (whole) carries a begun text out in full", "J16, 5.1.3")
        if verb not in ("place", "move") or arg is None or arg in self.prompt(g, f).get(verb, []):
            return None
        if f.get("n", 0) >= self.MOST:
            return W.because(f"the card brings up to {self.MOST} Force 136 markers and has brought them", "J16")
        if verb == "place":
            if not W.is_space(arg):
                return W.not_a_space(arg)
            if not g.s["available"]["force_136"]:
                return W.because("no Force 136 marker is Available: an Event places Available markers only, and "
                                 "none is taken from the map to be placed", "J16, 1.9 NOTE, 5.1.1")
            return W.because(f"the card brings Force 136 into spaces with a Jungle Camp, and "
                             f"{W.has(g, arg, 'jungle_camp')}", "J16")
        spaces = W.space_args(arg, 2, "move", "FROM TO", "J16")
        if not isinstance(spaces, list):
            return spaces
        src, dst = spaces
        if src == dst:
            return W.because(f"the marker would stay in {B.NAME[src]}: it moves to another space", "J16")
        if not B.sp(g, dst)["jungle_camp"]:
            return W.because(f"the card brings Force 136 into spaces with a Jungle Camp, and "
                             f"{W.has(g, dst, 'jungle_camp')}", "J16")
        if B.sp(g, src)["force_136"]:
            return W.because(f"the Force 136 in {B.NAME[src]} was brought there by this Event: another marker "
                             "moves", "J16")
        return W.because(f"{W.has(g, src, 'force_136')} to move", "J16")

    def act(self, g, f, verb, arg):
        if verb == "done":
            g.end()
            return
        if verb == "place":
            dst = arg
            B.place_marker(g, dst, "force_136", TITLE["J16"], "J16", faction="british")
        else:
            src, dst = arg.split(" ")
            B.move_marker(g, src, dst, "force_136", TITLE["J16"], "J16", faction="british")
        f["n"] = f.get("n", 0) + 1
        brought = f.setdefault("brought", {})
        brought[dst] = brought.get(dst, 0) + 1

    def step(self, g, f):
        if set(self.prompt(g, f)) <= {"done"}:
            g.end()
            return True
        return False


@reason("J16-space")
def j16_space_reason(g: Context, f: dict, sid: str) -> str:
    return W.because(f"the card removes a Jungle Camp from a space with Force 136, and "
                     f"{W.has(g, sid, 'force_136', 'jungle_camp')}", "J16")


@event("J16", "shaded",
       playable=lambda g, faction: bool(agents_in_camps(g)) or bool(chits.revealed_spaces(g)))
@procedure
class ChapmanShaded(ScriptEvent):
    """J16 shaded (Guerrillas refuse to cooperate): the executing faction removes the Jungle Camp of a space
    with Force 136 to Available, then conceals a revealed Intel chit anywhere (1.11, ``jo.ev.conceal``), each
    chosen by it (the only one without asking); a part that can do nothing is left out (5.1.3)."""

    name = "jo.ev.J16.shaded"
    script = ("space", "camp", "chit")

    def space(self, g, f):
        choose_one(g, f, f["faction"], agents_in_camps(g), verb="space", rule="J16", label=TITLE["J16"],
                   why="J16-space", ask="choose a space with Force 136 whose Jungle Camp is removed (space SPACE)")

    def camp(self, g, f):
        sid = f.pop("ret", None)
        if sid is None:
            g.say(f"{TITLE['J16']}: no space has Force 136 and a Jungle Camp.", faction=f["faction"],
                  rule="J16, 5.1.3")
            return
        B.remove_marker(g, sid, "jungle_camp", TITLE["J16"], "J16")

    def chit(self, g, f):
        spaces = chits.revealed_spaces(g)
        if not spaces:
            g.say(f"{TITLE['J16']}: no Intel chit is revealed to conceal.", faction=f["faction"], rule="J16, 5.1.3")
        elif len(spaces) == 1:
            chits.conceal_intel(g, spaces[0], TITLE["J16"], "J16")
        else:
            g.call(Conceal.name, f["faction"], **intel_frame(count=1, min=1, rule="J16", label=TITLE["J16"]))


# -- J17 Burma Theater -------------------------------------------------------------------------------------------

def troops_picker(g: Context, faction: str) -> str:
    """Who chooses the Troops J17 takes from the map: the executing faction, by ruling R-J17's default
    (``executor``, ruling R-5.1); the Japanese, their owner, whoever executes, where the umpire chose
    ``japanese``."""
    return faction if chosen(g.s, "R-J17", "executor") == "executor" else "japanese"


def troops_anywhere(g: Context) -> int:
    return g.s["available"]["troops"] + B.on_map(g, "troops")


@event("J17", "event", playable=lambda g, faction: g.s["zipper"] > 0 or troops_anywhere(g) > 0)
@procedure
class BurmaTheater(ScriptEvent):
    """J17 (Major victories divert resources): Operation Zipper shifts one box toward Delay (6.7.1; none below
    Delay; 6.7.2 may send a Supply Cache back to the track, the British choosing one from the map when none is
    Available); then 3 Troops are set on the card (``burma``) until the next Reset Phase returns them to Kuala
    Lumpur (6.6, the Propaganda Round's). Troops are never Available in play, so they come from the map (ruling
    R-J17: the Event prevails over 5.1.1), chosen by the executing faction (R-J17's default; the Japanese by its
    alternative) where there is a choice; all there are if fewer (5.1.3). A New Village left with British forces
    and no Japanese ones goes (1.15). Tip L1937: either faction may execute it."""

    name = "jo.ev.J17.event"
    script = ("zipper", "troops")

    def zipper(self, g, f):
        if g.s["zipper"] == 0:
            g.say(f"{TITLE['J17']}: Operation Zipper is at Delay already and shifts no further.",
                  faction=f["faction"], rule="J17, 6.7")
            return
        B.shift_zipper(g, -1, TITLE["J17"], "J17")

    def troops(self, g, f):
        need = B.BURMA_TROOPS
        avail = min(need, g.s["available"]["troops"])
        if avail:
            g.s["available"]["troops"] -= avail
            g.s["burma"] += avail
            g.say(f"{TITLE['J17']}: {W.count(avail, 'troops')} from Available set on the card.",
                  faction=f["faction"], rule="J17")
            need -= avail
        spaces = B.spaces_with(g, "troops")
        on_map = B.on_map(g, "troops")
        if not need:
            return
        if not on_map:
            g.say(f"{TITLE['J17']}: no Troops are on the map to set on the card.", faction=f["faction"],
                  rule="J17, 5.1.3")
            return
        if on_map <= need or len(spaces) == 1:
            for sid in spaces:
                n = min(need, B.sp(g, sid)["troops"])
                B.remove(g, sid, "troops", n, to="burma")
                g.say(f"{TITLE['J17']}: {W.count(n, 'troops')} left {B.NAME[sid]} for the card.", faction=f["faction"],
                      rule="J17")
                need -= n
            return
        pick(g, troops_picker(g, f["faction"]), ["troops"], spaces=None, max=need, min=need, dest="burma",
             what="a Troop from the map to set on the card until the next Reset (remove SPACE troops)", rule="J17",
             label=TITLE["J17"])
