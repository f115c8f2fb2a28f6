"""Japanese Occupation Event cards J18 to J23 that grant no Operation (rule 5; texts and Tips in 9.0,
L1941-2015): J18 Thai Administration, J20 Lim Bo Seng, J23 Allied Bombing and the Capabilities J19 Radios and
J22 Jikeidan System, with the removal of one marker, Supply Cache or Intel chit that J20 shares with J25
shaded, J28 shaded and J29 unshaded (``remove SPACE WORD``: :class:`RemoveOne`, :class:`OneRemoval`). J21,
which grants Operations and Special Activities, is in ``granted_j21_j32``; J25 to J31 in ``cards_j25_j31``.

How these texts are carried out (who decides, pieces and markers, Capabilities, the choices and order words) is
said once, in the package's docstring (``events``).
"""

from __future__ import annotations

from ....coin import pickers, space_choice
from ....coin.events import ScriptEvent
from ....core import notation
from ....core.flow import Context, procedure
from ....core.ruling_choice import chosen
from .. import board as B
from .. import intel_chits as chits
from .. import why as W
from . import capability, event
from .common import (
    THAI,
    TITLE,
    Reveal,
    any_placeable,
    choose_one,
    intel_fact,
    intel_frame,
    next_to_sabotage,
    pick,
    put,
    rail_test,
    rails,
    whole,
)

notation.declare(__name__, {"remove", "space", "move", "done"})

for _cid in ("J19", "J22"):
    capability(_cid, "unshaded")
    capability(_cid, "shaded")


# -- one marker, Supply Cache or Intel chit removed: ``remove SPACE WORD`` ----------------------------------------

#: The order word of each marker (and the Supply Cache, the Intel chit) a card removes one of.
MARKER_WORD = {"force_136": "force-136", "kempeitai": "kempeitai", "caches": "cache", "intel": "intel"}
MARKER_KEY = {w: k for k, w in MARKER_WORD.items()}
MARKER_NOUN = {"force_136": "a Force 136 marker", "kempeitai": "a Kempeitai marker", "caches": "a Supply Cache",
               "intel": "a concealed Intel chit"}


def marker_options(g: Context, keys: list[str], spaces) -> list[str]:
    """``SPACE WORD`` for each of *spaces* holding one of *keys* (an Intel chit: a concealed one)."""
    out = []
    for sid in spaces:
        for key in keys:
            if (chits.concealed(g, sid) if key == "intel" else B.sp(g, sid)[key]):
                out.append(f"{sid} {MARKER_WORD[key]}")
    return out


@procedure
class RemoveOne(pickers.WordedChoice):
    """The one marker, Supply Cache or Intel chit a text removes, where several could go: ``remove SPACE WORD``
    (frame ``keys``, ``spaces`` the card's spaces, ``need`` its words for them); the answer goes back as
    ``ret``."""

    name = "jo.ev.remove_one"
    words = W.WORDS

    def explain(self, g, f, verb, arg):
        if verb != "remove" or arg is None or arg in f["options"]:
            return super().explain(g, f, verb, arg)
        rule, keys = f["rule"], f["keys"]
        words = W.parts(arg, 2)
        if words is None:
            return W.form("remove", f"SPACE {'|'.join(MARKER_WORD[k] for k in keys)}", arg, rule)
        sid, word = words
        if not W.is_space(sid):
            return W.not_a_space(sid)
        key = MARKER_KEY.get(word)
        if key not in keys:
            wanted = W.names([MARKER_NOUN[k] for k in keys], plain=True, joint="or")
            return W.because(f"the card removes {wanted}, not {word!r}", rule)
        if key == "intel":
            return W.because(f"{intel_fact(g, sid)}: the card takes a concealed one", rule)
        if sid not in f["spaces"]:
            return W.because(f"{B.name(sid)} is not {f['need']}", rule)
        return W.because(f"{W.has(g, sid, key)} to remove", rule)


def ask_one(g: Context, f: dict, role: str, keys: list[str], spaces: list[str], *, need: str, rule: str,
            label: str) -> None:
    """*role* picks one of *keys* in *spaces* for the text to remove: none possible leaves no ``ret``; one
    possible is taken without asking; else a :class:`RemoveOne` prompt, whose answer comes back as ``ret``."""
    what = W.names([MARKER_NOUN[k] for k in keys], plain=True, joint="or")
    choose_one(g, f, role, marker_options(g, keys, spaces), verb="remove", rule=rule, label=label,
               ask=f"choose {what} to remove (remove SPACE {'|'.join(MARKER_WORD[k] for k in keys)})",
               proc=RemoveOne.name, keys=keys, spaces=list(spaces), need=need)


def take_one(g: Context, arg: str, *, to: str = "available", rule: str, label: str, faction: str) -> int | None:
    """Removes the one thing *arg* (``SPACE WORD``) names: a marker to Available or *to* (``davis``, ``out``), a
    Supply Cache to Available, a concealed Intel chit aside until the Reset (its value, returned)."""
    sid, word = arg.split(" ")
    key = MARKER_KEY[word]
    if key == "intel":
        return chits.set_aside_concealed(g, sid, label, rule)
    if key == "caches":
        B.remove(g, sid, "caches", 1)
        g.say(f"{label}: the Supply Cache in {B.name(sid)} was removed to Available.", faction=faction, rule=rule)
        return None
    B.remove_marker(g, sid, key, label, rule, to=to)
    return None


class OneRemoval(ScriptEvent):
    """A text that removes one thing the executing faction picks (``keys`` in :meth:`spaces`): asked, then taken
    (:meth:`taken` for what follows)."""

    script = ("ask", "take")
    keys: tuple[str, ...] = ()
    to = "available"
    cid = ""
    need = ""

    def spaces(self, g: Context) -> list[str]:
        return list(B.SPACES)

    def ask(self, g, f):
        ask_one(g, f, f["faction"], list(self.keys), self.spaces(g), need=self.need, rule=self.cid,
                label=TITLE[self.cid])

    def take(self, g, f):
        arg = f.pop("ret", None)
        if arg is None:
            g.say(f"{TITLE[self.cid]}: nothing is left to remove.", faction=f["faction"], rule=f"{self.cid}, 5.1.3")
            return
        self.taken(g, f, arg, take_one(g, arg, to=self.to, rule=self.cid, label=TITLE[self.cid],
                                       faction=f["faction"]))

    def taken(self, g: Context, f: dict, arg: str, value: int | None) -> None:
        """What the text does once the thing is removed."""


# -- J18 Thai Administration -------------------------------------------------------------------------------------

def j18u_playable(g: Context, faction: str) -> bool:
    return any_placeable(g, "british", "non_mpaja", THAI)


@event("J18", "unshaded", playable=j18u_playable)
def thai_unshaded(g: Context, faction: str) -> None:
    """J18 unshaded (Unpopular with Malays): the British, whoever executes (ruling R-5.1), place up to 3 non-MPAJA
    Guerrillas, Underground (1.4.3), in Kedah, Perak and Kelantan (the Provinces next to Thailand, ruling
    R-MAP-1), as they share them; with none Available they may take their own from the map (ruling
    R-EVENT-FROM-MAP)."""
    put(g, "british", "non_mpaja", spaces=THAI, where="Kedah, Perak or Kelantan", max=3, rule="J18",
        label=TITLE["J18"])


def thai_guerrillas(g: Context) -> list[str]:
    return [s for s in THAI if B.guerrillas(B.sp(g, s))]


def j18s_playable(g: Context, faction: str) -> bool:
    return bool(thai_guerrillas(g)) or any(B.sp(g, s)["troops"] for s in THAI)


@event("J18", "shaded", playable=j18s_playable)
@procedure
class ThaiShaded(ScriptEvent):
    """J18 shaded (Takes over northern states): the Japanese, whoever executes (ruling R-5.1), may remove 1
    Guerrilla, Underground or Active and of either kind (Tip L1947), from each of Kedah, Perak and Kelantan, any,
    all or none of them (ruling R-EVENT-MAY); then every Troop in those three moves to Kuala Lumpur, whatever
    was removed (R-EVENT-MAY)."""

    name = "jo.ev.J18.shaded"
    script = ("remove", "relocate")

    def remove(self, g, f):
        spaces = thai_guerrillas(g)
        if spaces:
            pick(g, "japanese", B.GUERRILLA_KEYS, spaces=spaces, max=len(spaces), per_space=1, what="a Guerrilla",
                 rule="J18", label=TITLE["J18"], bind=whole(g))

    def relocate(self, g, f):
        for sid in THAI:
            n = B.sp(g, sid)["troops"]
            if n:
                B.move(g, sid, B.KL, "troops", n)
                g.say(f"{TITLE['J18']}: {W.count(n, 'troops')} moved from {B.name(sid)} to Kuala Lumpur.",
                      faction="japanese", rule="J18")


# -- J20 Lim Bo Seng -----------------------------------------------------------------------------------------------

def price_only(g: Context) -> bool:
    """Ruling R-J20 (default ``price``): unshaded reveals nothing unless a Force 136 marker is removed."""
    return chosen(g.s, "R-J20", "price") == "price"


def j20u_playable(g: Context, faction: str) -> bool:
    if B.on_map(g, "force_136"):
        return True
    return not price_only(g) and bool(chits.concealed_spaces(g))


class LimBoSeng(ScriptEvent):
    """What both texts of J20 share: the executing faction removes a Force 136 marker of its choice to Available
    (ruling R-J20)."""

    def ask_price(self, g, f):
        ask_one(g, f, f["faction"], ["force_136"], B.spaces_with(g, "force_136"), need="a space with Force 136",
                rule="J20", label=TITLE["J20"])

    def pay(self, g, f):
        arg = f.pop("ret", None)
        f["paid"] = arg is not None
        if arg is None:
            g.say(f"{TITLE['J20']}: no Force 136 marker is on the map to remove.", faction=f["faction"],
                  rule="J20, 5.1.3")
            return
        take_one(g, arg, rule="J20", label=TITLE["J20"], faction=f["faction"])


@event("J20", "unshaded", playable=j20u_playable)
@procedure
class LimBoSengUnshaded(LimBoSeng):
    """J20 unshaded (Contacts in Singapore): the executing faction removes a Force 136 marker to Available, then
    reveals any 2 concealed Intel chits of its choice, 1 if only 1 is left (ruling R-J20); the value of a chit
    nobody has seen is drawn as it turns (1.11). With no Force 136 marker on the map the text reveals nothing
    (ruling R-J20 ``price``) or reveals anyway (``partial``)."""

    name = "jo.ev.J20.unshaded"
    script = ("ask_price", "pay", "reveal")

    def reveal(self, g, f):
        if not f["paid"]:
            if price_only(g):
                g.say(f"{TITLE['J20']}: without a Force 136 marker removed no Intel chit is revealed.",
                      faction=f["faction"], rule="J20, ruling R-J20")
                return
            g.say(f"{TITLE['J20']}: the chits are revealed anyway (the umpire's reading 'partial').",
                  faction=f["faction"], rule="J20, ruling R-J20, 5.1.3")
        spaces = chits.concealed_spaces(g)
        if not spaces:
            g.say(f"{TITLE['J20']}: no Intel chit is concealed to reveal.", faction=f["faction"], rule="J20, 5.1.3")
        elif len(spaces) <= 2:
            for sid in spaces:
                chits.reveal_intel(g, sid, TITLE["J20"], "J20")
        else:
            g.call(Reveal.name, f["faction"], **intel_frame(count=2, min=2, rule="J20", label=TITLE["J20"]))


def j20s_playable(g: Context, faction: str) -> bool:
    return bool(B.on_map(g, "force_136") or chits.concealed_spaces(g))


@event("J20", "shaded", playable=j20s_playable)
@procedure
class LimBoSengShaded(LimBoSeng):
    """J20 shaded (Tortured by Kempeitai): the executing faction removes a Force 136 marker to Available and a
    concealed Intel chit of its choice (one seen before included): the chit is revealed as it goes (its value
    drawn if nobody has seen it), set aside until the next Reset Phase, and Resistance falls by its value, not
    below 0 (5.1.1; Tip L1971; ruling R-J20). Either part acts without the other (5.1.3)."""

    name = "jo.ev.J20.shaded"
    script = ("ask_price", "pay", "ask_chit", "aside")

    def ask_chit(self, g, f):
        ask_one(g, f, f["faction"], ["intel"], chits.concealed_spaces(g),
                need="a space with a concealed Intel chit", rule="J20", label=TITLE["J20"])

    def aside(self, g, f):
        arg = f.pop("ret", None)
        if arg is None:
            g.say(f"{TITLE['J20']}: no Intel chit is concealed to remove.", faction=f["faction"], rule="J20, 5.1.3")
            return
        value = take_one(g, arg, rule="J20", label=TITLE["J20"], faction=f["faction"])
        if not B.shift_resistance(g, -value, f"{TITLE['J20']}: the value of the chit set aside", "J20"):
            g.say(f"{TITLE['J20']}: Resistance stays at {g.s['resistance']} (the chit's value is {value}).",
                  faction=f["faction"], rule="J20, 5.1.1")


# -- J23 Allied Bombing --------------------------------------------------------------------------------------------

def j23u_reason(g: Context, rid: str, rule: str) -> str:
    return W.because(f"all {B.SABOTAGE_TERROR} Sabotage and Terror markers are on the map", f"{rule}, 1.2")


@rail_test("J23-unshaded", j23u_reason)
def j23u_rails(g: Context) -> list[str]:
    """Any Railway, sabotaged or not (Tip L2009), while one of the 15 Sabotage/Terror markers is off the map
    (1.2)."""
    return list(B.RAILWAYS) if B.sabotage_terror_left(g) else []


@event("J23", "unshaded", playable=lambda g, faction: B.sabotage_terror_left(g) > 0)
def bombing_unshaded(g: Context, faction: str) -> None:
    """J23 unshaded (Devastates railway network): the British, whoever executes (ruling R-5.1), may place a
    Sabotage marker on each of 2 different Railways of their choice, sabotaged ones included (Tip L2009; ruling
    R-SABOTAGE-EVENTS), fewer if they wish (ruling R-EVENT-MAY) or if the markers run out (1.2)."""
    rails(g, "british", "sabotage", "J23-unshaded", count=2, rule="J23", label=TITLE["J23"], bind=whole(g),
          ask="choose a Railway for a Sabotage marker")


def j23s_spaces(g: Context) -> list[str]:
    """Provinces at Opposition next to a Railway with a Sabotage marker (1.3.6)."""
    return [s for s in next_to_sabotage(g) if B.opposed(g, s)]


@procedure
class Unoppose(space_choice.Spaces):
    """J23 shaded's Provinces: ``space SPACE`` for each, its Opposition removed (1.6), up to ``count``, at least
    ``min`` (5.1.3)."""

    name = "jo.ev.J23.unoppose"
    words = W.WORDS
    does = ("sets Neutral", "set Neutral")

    def candidates(self, g, f):
        return j23s_spaces(g)

    def head(self, g, f):
        return f"{pickers.who(f)}: choose a Province at Opposition next to a sabotaged Railway to set Neutral " \
               "(space SPACE)"

    def chose(self, g, f, sid):
        B.set_neutral(g, sid, f["label"], f["rule"], faction=f["role"])

    def space_refusal(self, g, f, sid):
        rule = f["rule"]
        if not B.is_province(sid):
            return W.because(f"{B.name(sid)} is not a Province: the card takes Opposition from Provinces", rule)
        if not B.opposed(g, sid):
            return W.because(f"{W.level_of(g, sid)}: no Opposition to remove", rule)
        near = W.names([B.RAIL_NAME[r] for r in B.rails_of(sid)], plain=True)
        return W.because(f"no Railway next to {B.name(sid)} ({near}) has a Sabotage marker", f"{rule}, 1.3.6")


@event("J23", "shaded", playable=lambda g, faction: bool(j23s_spaces(g)))
def bombing_shaded(g: Context, faction: str) -> None:
    """J23 shaded (Anger at collateral damage): the executing faction removes the Opposition from 2 Provinces
    next to a sabotaged Railway (1.3.6), its choice where more than 2 qualify; from all of them where 2 or fewer
    do (5.1.3). Kuala Lumpur and the Economic Centers are no Provinces."""
    spaces = j23s_spaces(g)
    if len(spaces) <= 2:
        for sid in spaces:
            B.set_neutral(g, sid, TITLE["J23"], "J23", faction=faction)
        return
    g.call(Unoppose.name, faction, count=2, min=2, chosen=[], rule="J23", label=TITLE["J23"])
