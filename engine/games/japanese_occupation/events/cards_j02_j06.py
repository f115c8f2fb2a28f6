"""Japanese Occupation Event cards J2 to J6 (rule 5; texts, Tips and Background in 9.0, L1751-1843): J2 Greater
East Asia Co-Prosperity Sphere, J3 Overseas Chinese Association, J4 Chin Peng, J5 "Hill Rats" and J6 Jungle is
Neutral (Mandatory, one text, 5.4). J8 to J17 are in ``cards_j08_j17``.

The executing faction makes every choice a text leaves open (5.1; ruling R-5.1), except where the text names
the faction that acts ("British may place ...": J3 unshaded), or where each faction removes its own forces (J6;
ruling R-J6). A text that can change nothing now is not offered (5.1.3), and what a text can do, it must, "up
to" and "may" leaving the count to the chooser (ruling R-EVENT-MAY). Events place only Available pieces and
markers (5.1.1), except a faction's own forces, which it may take from the map when none is Available (1.4.1
IMPORTANT; ruling R-EVENT-FROM-MAP, engine.games.japanese_occupation.own_pieces); Force 136 markers never come
from the map that way (1.9 NOTE).

The choices are the shared ones of ``events.common`` (``jo.ev.choose``, ``jo.ev.put``, ``jo.ev.pick``,
``jo.ev.rails``) and the cards' own (``jo.ev.J<n>.<side>``); their orders are ``place SPACE``, ``space SPACE``,
``remove SPACE PIECE``, ``sabotage RAILWAY``, ``repair RAILWAY`` and ``done`` (with ``take SPACE PIECE`` of
own_pieces). The board's helpers log each change.
"""

from __future__ import annotations

from ....coin.events import ScriptEvent
from ....coin.wording import side_name
from ....core import notation
from ....core.flow import Context, Procedure, procedure
from .. import board as B
from .. import why as W
from . import event
from .common import (
    TITLE,
    agents_in_camps,
    any_placeable,
    choose,
    choose_one,
    put,
    rail_test,
    rails,
    reason,
)

notation.declare(__name__, {"place", "space", "remove", "move", "done"})

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
    return any(any_placeable(g, "british", piece, spaces) for piece in ("mpaja", "non_mpaja"))


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
        if not any_placeable(g, "british", piece, spaces):
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
