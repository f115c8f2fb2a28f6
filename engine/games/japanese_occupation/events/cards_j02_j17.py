"""Japanese Occupation Event cards J2 to J17 of the first batch (rule 5; texts, Tips and Background in 9.0,
L1751-1939): J2 Greater East Asia Co-Prosperity Sphere, J3 Overseas Chinese Association, J4 Chin Peng, J5 "Hill
Rats", J6 Jungle is Neutral (Mandatory, one text, 5.4), J10 Rationing System, J14 "Secret Army", J16 Freddie
Spencer Chapman, J17 Burma Theater (one text), and the Capabilities J8 Air Drops, J12 Labor Service Corps and
J15 Resettlement Schemes, whose effects live where the rules they change live (5.3: Supply, Construct,
Extract and the Propaganda Round).

The executing faction makes every choice a text leaves open (5.1; ruling R-5.1), except where the text names
the faction that acts ("British may place ...": J3 unshaded, J16 unshaded), or where each faction removes its
own forces (J6; ruling R-J6). A text that can change nothing now is not offered (5.1.3), and what a text can
do, it must, "up to" and "may" leaving the count to the chooser (ruling R-EVENT-MAY). Events place only
Available pieces and markers (5.1.1), except a faction's own forces, which it may take from the map when none
is Available (1.4.1 IMPORTANT; ruling R-EVENT-FROM-MAP, engine.games.japanese_occupation.own_pieces); Force 136
markers never come from the map that way (1.9 NOTE), J16's own "move" aside.

The choices are the shared ones of ``events.common`` (``jo.ev.choose``, ``jo.ev.put``, ``jo.ev.pick``,
``jo.ev.rails``, ``jo.ev.conceal``) and the cards' own (``jo.ev.J<n>.<side>``, J16's ``jo.ev.J16.bring``); their
orders are ``place SPACE``, ``space SPACE``, ``remove SPACE PIECE``, ``move FROM TO``, ``sabotage RAILWAY``,
``repair RAILWAY``, ``conceal SPACE`` and ``done`` (with ``take SPACE PIECE`` of own_pieces and ``return SPACE`` of
the Zipper track). The board's helpers log each change.
"""

from __future__ import annotations

from ....coin.events import ScriptEvent
from ....coin.wording import side_name
from ....core import notation
from ....core.flow import Context, Procedure, procedure
from ....core.ruling_choice import chosen
from .. import board as B
from .. import why as W
from . import capability, event
from .common import (
    TITLE,
    Conceal,
    agents_in_camps,
    camps,
    choose,
    choose_one,
    intel_frame,
    pick,
    placeable,
    put,
    rail_test,
    rails,
    reason,
)

notation.declare(__name__, {"place", "space", "remove", "move", "done"})

for _cid in ("J8", "J12", "J15"):
    capability(_cid, "unshaded")
    capability(_cid, "shaded")

#: British forces (1.4 NOTE) and Japanese forces (1.4) by space key: what J6 makes each faction remove.
FORCE_KEYS = {"british": (*B.GUERRILLA_KEYS, "caches"), "japanese": ("troops", "police")}
#: The Jungle Provinces (1.3.2), in board order: J6 rolls for each.
JUNGLE = [s for s in B.PROVINCES if B.is_jungle(s)]


def neighbours_of(g: Context, rid: str) -> str:
    """``the Perak-Kelantan Railway is next to Perak (Neutral), Kelantan (Neutral) and ...``."""
    parts = []
    for s in B.RAIL_ADJ[rid]:
        state = "at Opposition" if B.opposed(g, s) else "Neutral" if B.neutral(g, s) else "never Neutral"
        parts.append(f"{B.NAME[s]} ({state})")
    return f"the {W.rail_name(rid)} is next to {W.names(parts, plain=True)}"


# -- J2 Greater East Asia Co-Prosperity Sphere ------------------------------------------------------------------

def next_to_opposition(g: Context, rid: str) -> bool:
    return any(B.opposed(g, s) for s in B.RAIL_ADJ[rid])


def next_to_neutral(g: Context, rid: str) -> bool:
    """A Railway next to a Neutral space: a Province or Kuala Lumpur without Opposition (1.6); an Economic
    Center is never Neutral (1.3.5 NOTE; ruling R-NEUTRAL)."""
    return any(B.neutral(g, s) for s in B.RAIL_ADJ[rid])


def j2u_reason(g: Context, rid: str, rule: str) -> str:
    if not B.sabotage_terror_left(g):
        return W.because(f"all {B.SABOTAGE_TERROR} Sabotage and Terror markers are on the map", f"{rule}, 1.2, 5.1.1")
    return W.because(f"the card sabotages Railways next to Opposition, and {neighbours_of(g, rid)}", rule)


@rail_test("J2-unshaded", j2u_reason)
def j2u_rails(g: Context) -> list[str]:
    """Every Railway next to a space at Opposition, sabotaged or not (Tip L1757), while a marker is left."""
    if not B.sabotage_terror_left(g):
        return []
    return [r for r in B.RAILWAYS if next_to_opposition(g, r)]


def j2s_reason(g: Context, rid: str, rule: str) -> str:
    if not B.sabotaged(g, rid):
        return W.because(f"the {W.rail_name(rid)} has no Sabotage marker to remove", rule)
    return W.because(f"the card repairs Railways next to Neutral spaces, and {neighbours_of(g, rid)}",
                     f"{rule}, ruling R-NEUTRAL")


@rail_test("J2-shaded", j2s_reason)
def j2s_rails(g: Context) -> list[str]:
    """Every sabotaged Railway next to a Neutral Province or Kuala Lumpur."""
    return [r for r in B.RAILWAYS if B.sabotaged(g, r) and next_to_neutral(g, r)]


@event("J2", "unshaded", playable=lambda g, faction: bool(j2u_rails(g)))
def co_prosperity_unshaded(g: Context, faction: str) -> None:
    """J2 unshaded (People refuse to cooperate): the executing faction places a Sabotage marker on each of up
    to 3 different Railways next to Opposition, one already sabotaged taking another (Tip L1757, 1.4.2; one
    marker a Railway, ruling R-SABOTAGE-EVENTS), while one of the 15 Sabotage/Terror markers is left (1.2).
    Example of Play L1676: the Perak-Kelantan, Perak-Pahang-Selangor and Negri Sembilan-Johore Railways."""
    rails(g, faction, "sabotage", "J2-unshaded", count=3, rule="J2", label=TITLE["J2"],
          ask="place a Sabotage marker on a Railway next to Opposition")


@event("J2", "shaded", playable=lambda g, faction: bool(j2s_rails(g)))
def co_prosperity_shaded(g: Context, faction: str) -> None:
    """J2 shaded (Seen as a route to independence): the executing faction removes one Sabotage marker from each
    of up to 2 different sabotaged Railways next to a Neutral Province or Kuala Lumpur (ruling R-NEUTRAL;
    one marker a Railway, ruling R-SABOTAGE-EVENTS, whose alternative ``all`` clears each Railway chosen)."""
    rails(g, faction, "repair", "J2-shaded", count=2, rule="J2", label=TITLE["J2"],
          ask="remove a Sabotage marker from a Railway next to a Neutral space")


# -- J3 Overseas Chinese Association ----------------------------------------------------------------------------

def force_136_spaces(g: Context) -> list[str]:
    """Every space with a Force 136 marker, Economic Centers included (ruling R-J3)."""
    return B.spaces_with(g, "force_136")


def j3u_playable(g: Context, faction: str) -> bool:
    spaces = force_136_spaces(g)
    return any(placeable(g, "british", piece, spaces) for piece in ("mpaja", "non_mpaja"))


@event("J3", "unshaded", playable=j3u_playable)
@procedure
class OverseasChineseUnshaded(ScriptEvent):
    """J3 unshaded (Chinese community resists): the British, whoever executes (the text names them; ruling
    R-5.1), may place up to 2 MPAJA Guerrillas, then up to 1 non-MPAJA Guerrilla, Underground (1.4.3), in spaces
    with Force 136, Economic Centers included (ruling R-J3), together or apart; their own, so from the map
    when none is Available (1.4.1 IMPORTANT; ruling R-EVENT-FROM-MAP)."""

    name = "jo.ev.J3.unshaded"
    script = ("mpaja", "non_mpaja")

    def mpaja(self, g, f):
        self.place(g, "mpaja", 2)

    def non_mpaja(self, g, f):
        self.place(g, "non_mpaja", 1)

    @staticmethod
    def place(g: Context, piece: str, most: int) -> None:
        spaces = force_136_spaces(g)
        if not placeable(g, "british", piece, spaces):
            g.say(f"{TITLE['J3']}: no {B.BOARD.pieces[piece].label} can be placed in a space with Force 136.",
                  faction="british", rule="J3, 5.1.1")
            return
        put(g, "british", piece, spaces=spaces, where="a space with Force 136", max=most, rule="J3",
            label=TITLE["J3"])


def neutral_population(g: Context) -> int:
    """The Population of the Neutral Provinces and Kuala Lumpur (1.6; ruling R-NEUTRAL: an Economic Center has
    none). J15 shaded counts New Villages as Neutral only in the Propaganda Round (Tip L1913), not here."""
    return sum(B.POP[s] for s in B.OPPOSITION_SPACES if B.neutral(g, s))


@event("J3", "shaded", playable=lambda g, faction: neutral_population(g) >= 2
       and g.s["resources"] < B.RESOURCES_MAX)
def overseas_chinese_shaded(g: Context, faction: str) -> None:
    """J3 shaded (Gives "donation" to Japanese): Japanese Resources rise by 1 for every 2 Neutral Population,
    rounded down, not beyond 20 (1.7, 5.1.1). Nothing to choose."""
    pop = neutral_population(g)
    B.gain_resources(g, pop // 2, f"{TITLE['J3']}: {pop} Neutral Population", "J3")


# -- J4 Chin Peng -------------------------------------------------------------------------------------------

@event("J4", "unshaded", playable=lambda g, faction: bool(agents_in_camps(g)) and g.s["resistance"] < B.RES_MAX)
def chin_peng_unshaded(g: Context, faction: str) -> None:
    """J4 unshaded (Works with British agents): Resistance rises by 1 for each space with Force 136 and a Jungle
    Camp (several Force 136 markers in one space count once), not beyond 20 (1.13, 5.1.1)."""
    spaces = agents_in_camps(g)
    B.shift_resistance(g, len(spaces), f"{TITLE['J4']}: Force 136 and a Jungle Camp in {W.names(spaces)}", "J4")


@event("J4", "shaded", playable=lambda g, faction: bool(agents_in_camps(g)))
def chin_peng_shaded(g: Context, faction: str) -> None:
    """J4 shaded (Mutual distrust about post-war struggle): the Jungle Camp of every space with Force 136 goes
    to Available (1.10). Nothing to choose."""
    for sid in agents_in_camps(g):
        B.remove_marker(g, sid, "jungle_camp", TITLE["J4"], "J4")


# -- J5 "Hill Rats" -----------------------------------------------------------------------------------------

def active_anywhere(g: Context) -> bool:
    return any(B.active_guerrillas(B.sp(g, s)) for s in B.SPACES)


@event("J5", "unshaded", playable=lambda g, faction: active_anywhere(g))
def hill_rats_unshaded(g: Context, faction: str) -> None:
    """J5 unshaded (Rebels mistaken for bandits): every Guerrilla on the map, of both kinds, is flipped
    Underground (1.4.3). Nothing to choose."""
    n = sum(B.active_guerrillas(B.sp(g, s)) for s in B.SPACES)
    B.flip_all_underground(g)
    g.say(f"{TITLE['J5']}: every Guerrilla on the map is Underground ({W.count(n, 'active')} flipped).",
          faction=faction, rule="J5")


def opposed_with_active(g: Context) -> list[str]:
    """The spaces at Opposition with an Active Guerrilla: where J5 shaded changes something."""
    return [s for s in B.OPPOSITION_SPACES if B.opposed(g, s) and B.active_guerrillas(B.sp(g, s))]


@reason("J5-shaded")
def j5_reason(g: Context, f: dict, sid: str) -> str:
    if not B.active_guerrillas(B.sp(g, sid)):
        return W.because(f"the card removes Opposition from a space with an Active Guerrilla, and "
                         f"{W.has(g, sid, 'active')}", "J5")
    return W.because(f"{W.level_of(g, sid)}: no Opposition to remove", "J5, 5.1.3")


@event("J5", "shaded", playable=lambda g, faction: bool(opposed_with_active(g)))
@procedure
class HillRatsShaded(ScriptEvent):
    """J5 shaded (Bandits disguised as rebels): the executing faction chooses a space at Opposition with an
    Active Guerrilla and sets it Neutral (1.6); a space without Opposition would change nothing, so only those
    at Opposition are offered (5.1.3), the only one without asking."""

    name = "jo.ev.J5.shaded"
    script = ("space", "neutral")

    def space(self, g, f):
        choose_one(g, f, f["faction"], opposed_with_active(g), verb="space", rule="J5", label=TITLE["J5"],
                   why="J5-shaded", ask="choose a space at Opposition with an Active Guerrilla to set Neutral "
                                        "(space SPACE)")

    def neutral(self, g, f):
        B.set_neutral(g, f.pop("ret"), TITLE["J5"], "J5", faction=f["faction"])


# -- J6 Jungle is Neutral (Mandatory) -----------------------------------------------------------------------------

def own_forces(g: Context, role: str, sid: str) -> list[str]:
    """The keys of *role*'s forces in *sid* (1.4: Guerrillas of each kind and state and Supply Caches for the
    British, Troops and Police for the Japanese; markers are no forces, Tip L1805)."""
    x = B.sp(g, sid)
    return [k for k in FORCE_KEYS[role] if x[k]]


@event("J6", "event")
@procedure
class JungleIsNeutral(Procedure):
    """J6 (Attrition from rough conditions), Mandatory (5.4): a die is rolled for each Jungle Province in turn
    (Tip L1805: one roll each, in board order); on a 1 or 2 each faction with forces there removes one of its
    own, the owner choosing which (Tip L1805: the British may keep a Supply Cache by giving up a Guerrilla;
    ruling R-J6): a Troop goes to Kuala Lumpur, any other force to Available. Both removals happen at once, so
    that a New Village is checked once they are both made (1.15; ruling R-J6). Force 136, Jungle Camps and
    Kempeitai are markers, not forces (Tip L1805). A faction with one kind of force there is not asked.

    Frame: ``i`` (the next Jungle Province), ``hit`` (the Province whose roll hit, while its removals are
    chosen), ``picks`` (role -> the key it removes, or ``None``), ``asking`` (the role asked now)."""

    name = "jo.ev.J6.event"
    rule = "J6"

    def step(self, g, f):
        if g.s.get("outcome"):
            return False
        if "ret" in f:
            _, word = f.pop("ret").split(" ")
            f["picks"][f.pop("asking")] = B.BOARD.key_of_word[word]
            return True
        if f.get("hit") is None:
            return self.roll(g, f)
        sid = f["hit"]
        for role in ("british", "japanese"):
            if role in f["picks"]:
                continue
            keys = own_forces(g, role, sid)
            if len(keys) > 1:
                f["asking"] = role
                choose(g, role, [f"{sid} {B.BOARD.word_of_key[k]}" for k in keys], verb="remove", rule="J6",
                       label=TITLE["J6"],
                       ask=f"the die hit {B.NAME[sid]}: remove one of your forces there (remove SPACE PIECE)")
                return True
            f["picks"][role] = keys[0] if keys else None
        self.remove(g, sid, f["picks"])
        f["hit"], f["picks"] = None, {}
        return True

    def roll(self, g: Context, f: dict) -> bool:
        i = f.get("i", 0)
        if i >= len(JUNGLE):
            g.end()
            return True
        f["i"] = i + 1
        sid = JUNGLE[i]
        die = g.roll(f"{TITLE['J6']}: {B.NAME[sid]}")
        if die > 2:
            g.say(f"{TITLE['J6']}: the die for {B.NAME[sid]} rolled {die}; nothing happens there (a 1 or 2 was "
                  "needed).", rule="J6")
            return True
        if not any(own_forces(g, role, sid) for role in FORCE_KEYS):
            g.say(f"{TITLE['J6']}: the die for {B.NAME[sid]} rolled {die}, but no forces are there.", rule="J6")
            return True
        g.say(f"{TITLE['J6']}: the die for {B.NAME[sid]} rolled {die}; each faction removes one of its forces "
              "there.", rule="J6")
        f["hit"], f["picks"] = sid, {}
        return True

    @staticmethod
    def remove(g: Context, sid: str, picks: dict) -> None:
        """Both factions' removals in *sid* at once (:meth:`engine.coin.board.Board.together`)."""
        with B.BOARD.together(g):
            for role in ("british", "japanese"):
                key = picks.get(role)
                if key is None:
                    g.say(f"{TITLE['J6']}: the {side_name(role)} have no forces in {B.NAME[sid]}.", faction=role,
                          rule="J6")
                elif key == "troops":
                    B.move(g, sid, B.KL, "troops")
                    g.say(f"{TITLE['J6']}: a Troop left {B.NAME[sid]} for Kuala Lumpur.", faction=role, rule="J6")
                else:
                    B.remove(g, sid, key, 1)
                    g.say(f"{TITLE['J6']}: {B.BOARD.named(key)} in {B.NAME[sid]} was removed to Available.",
                          faction=role, rule="J6")


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


@event("J14", "unshaded", playable=lambda g, faction: bool(placeable(g, faction, "mpaja", cache_spaces(g))))
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


@event("J16", "shaded", playable=lambda g, faction: bool(agents_in_camps(g)) or bool(B.revealed_spaces(g)))
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
        spaces = B.revealed_spaces(g)
        if not spaces:
            g.say(f"{TITLE['J16']}: no Intel chit is revealed to conceal.", faction=f["faction"], rule="J16, 5.1.3")
        elif len(spaces) == 1:
            B.conceal_intel(g, spaces[0], TITLE["J16"], "J16")
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
