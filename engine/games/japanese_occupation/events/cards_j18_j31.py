"""Japanese Occupation Event cards J18 to J31 that grant no Operation (rule 5; texts and Tips in 9.0, L1941-2107):
J18 Thai Administration, J20 Lim Bo Seng, J23 Allied Bombing, J25 John Davis (shaded), J28 Operation Gustavus,
J29 Kempeitai, J30 Malayan Volunteer Corps, J31 Comfort Women, and the Capabilities J19 Radios, J22 Jikeidan
System and J27 Jungle Conference. J21, J24, J26 and J25 unshaded, which grant Operations or Special Activities,
are written elsewhere.

Who decides: the executing faction makes every choice a text leaves open, and a faction the text names ("British
may place", "Japanese may remove") makes that part's choices whoever executes (ruling R-5.1). "May" leaves each
space, piece or marker to that faction (ruling R-EVENT-MAY, default ``each``; with the umpire's ``whole`` reading
it may decline the whole action but, once it acts, acts in full). A text without "may" or "up to" is carried out
as fully as it can be (5.1.3), and one that can change nothing now is not offered (``playable``). A single
possible outcome is applied without asking.

Pieces and markers (5.1.1, 1.4.1, 1.9 NOTE): a faction placing its own forces by an Event may take them from the
map when none is Available (ruling R-EVENT-FROM-MAP, own_pieces.place_own); the other faction's forces and every
marker come from Available only. Events may stack Sabotage markers (1.4.2; ruling R-SABOTAGE-EVENTS: one a
Railway per card). Concealed Intel chits keep their values hidden: a value is drawn only as a chit is revealed or
set aside (1.11, board.reveal_intel, board.set_aside_concealed).

The Capabilities' effects live where the rules they change live (5.3): J19 in Gather, J22 in Gather (unshaded)
and Eliminate (shaded), J27 in Ambush and Sabotage (unshaded) and Supply (shaded).

Order words: ``remove SPACE PIECE`` (Guerrillas, Police: ``mpaja-u``, ``police``...; markers: ``force-136``,
``kempeitai``, ``cache``, ``intel``), ``place SPACE``, ``space SPACE``, ``sabotage RAILWAY``, ``move FROM TO``
(Kempeitai), ``reveal SPACE``, ``conceal SPACE`` (Intel chits), ``done``.
"""

from __future__ import annotations

from ....coin import pickers, space_choice
from ....coin.events import ScriptEvent
from ....core import notation
from ....core.flow import Context, Procedure, procedure
from ....core.ruling_choice import chosen
from .. import board as B
from .. import why as W
from ..data import CARDS
from ..own_pieces import OWN, may_take_from_map, place_own
from . import capability, event

notation.declare(__name__, {"remove", "place", "space", "sabotage", "move", "reveal", "conceal", "done"})

for _cid in ("J19", "J22", "J27"):
    capability(_cid, "unshaded")
    capability(_cid, "shaded")

GUERRILLA_KEYS = ["mpaja_u", "mpaja_a", "non_mpaja_u", "non_mpaja_a"]
#: The order word of each marker (and the Supply Cache, the Intel chit) a card removes one of.
MARKER_WORD = {"force_136": "force-136", "kempeitai": "kempeitai", "caches": "cache", "intel": "intel"}
MARKER_KEY = {w: k for k, w in MARKER_WORD.items()}
MARKER_NOUN = {"force_136": "a Force 136 marker", "kempeitai": "a Kempeitai marker", "caches": "a Supply Cache",
               "intel": "a concealed Intel chit"}
#: How the log names each card's effects: its title.
TITLE = {cid: CARDS[cid]["title"] for cid in ("J18", "J20", "J23", "J25", "J28", "J29", "J30", "J31")}


def whole(g: Context) -> bool:
    """The umpire's ``whole`` reading of ruling R-EVENT-MAY: "may" declines the whole action or acts in full."""
    return chosen(g.s, "R-EVENT-MAY", "each") == "whole"


# -- removing Guerrillas and Police (engine.coin.pickers) -----------------------------------------------------

@procedure
class Pick(pickers.WordedPick):
    """An Event's removal of forces to Available (engine.coin.pickers.WordedPick): ``remove SPACE PIECE`` one at a
    time, at most ``per_space`` from a space, ``done`` once ``min`` are removed. With ``whole`` (ruling
    R-EVENT-MAY, ``whole``) the first removal binds the faction to the card's full count."""

    name = "jo.ev.b2.pick"
    words = W.WORDS

    def act(self, g, f, verb, arg):
        super().act(g, f, verb, arg)
        if verb != "done" and f.get("whole"):
            f["min"] = f["max"]

    def text(self, g, f):
        return pickers.count_text(f, "remove", f.get("what") or "a piece")


def pick(g: Context, role: str, keys: list[str], *, spaces: list[str], max: int, min: int = 0,
         per_space: int | None = None, what: str, rule: str, label: str, bind: bool = False) -> None:
    """*role* removes up to *max* forces of *keys* from *spaces* to Available, at least *min* (5.1.3), at most
    *per_space* from a space; *bind*: the first removal binds it to *max* (ruling R-EVENT-MAY ``whole``)."""
    g.call(Pick.name, role, **pickers.pick_frame(keys, spaces=spaces, max=max, min=min, per_space=per_space,
                                                 rule=rule, label=label, what=what, whole=bind))


# -- placing own forces (1.4.1 IMPORTANT, ruling R-EVENT-FROM-MAP) ------------------------------------------------

def can_place(g: Context, role: str, piece: str, sid: str) -> bool:
    """Whether *role* could place one *piece* in *sid* by an Event: stacking allows it (1.4.2) and one is
    Available, or it is *role*'s own and may come from the map (ruling R-EVENT-FROM-MAP)."""
    if B.BOARD.room(g, sid, piece) == 0:
        return False
    if g.s["available"][piece]:
        return True
    return may_take_from_map(g, role, piece, "event") and bool(OWN.sources(g, sid, piece))


def placeable(g: Context, role: str, piece: str, spaces) -> list[str]:
    return [s for s in spaces if can_place(g, role, piece, s)]


@procedure
class Put(pickers.WordedPut):
    """An Event's placement of forces (engine.coin.pickers.WordedPut): ``place SPACE`` one at a time, at most
    ``per_space`` in a space, ``done`` once ``min`` are placed. Each comes from Available, or for the placing
    faction's own forces with none Available from the map (own_pieces.place_own: it is asked which, or none)."""

    name = "jo.ev.b2.put"
    words = W.WORDS

    def fits(self, g, f, sid):
        return can_place(g, f["role"], f["piece"], sid)

    def take(self, g, f, arg):
        place_own(g, f["role"], arg, f["piece"], rule=f["rule"], label=f["label"], by="event")

    def text(self, g, f):
        return pickers.count_text(f, "place", B.BOARD.pieces[f["piece"]].named())

    def space_refusal(self, g, f, sid):
        """The card's limits on *sid*, stacking (1.4.2), a piece to place (5.1.1, 1.4.1)."""
        limit = super().space_refusal(g, f, sid)
        if limit is not None:
            return limit
        kind = B.BOARD.pieces[f["piece"]]
        if B.BOARD.room(g, sid, f["piece"]) == 0:
            return W.because(f"{W.has(g, sid, f['piece'])} already, the most one space holds", "1.4.2, 5.1.1")
        if kind.side != f["role"]:
            return W.because(f"no {kind.label} is Available: an Event places the other faction's forces from "
                             "Available only", f"{f['rule']}, 5.1.1")
        if may_take_from_map(g, f["role"], f["piece"], "event"):
            return W.because(f"no {kind.label} is Available or on the map to take", f"{f['rule']}, 1.4.1")
        return W.because(f"no {kind.label} is Available (the umpire's reading of ruling R-EVENT-FROM-MAP: an Event "
                         "places only Available pieces)", f"{f['rule']}, 5.1.1")


def put(g: Context, role: str, piece: str, *, spaces: list[str], max: int, min: int = 0,
        per_space: int | None = None, rule: str, label: str) -> None:
    """*role* places up to *max* of *piece* in *spaces*, at least *min* (5.1.3), at most *per_space* in one."""
    g.call(Put.name, role, max_spaces=None, quota=None,
           **pickers.put_frame(piece, spaces=list(spaces), max=max, per_space=per_space, min=min, rule=rule,
                               label=label))


# -- one marker, Supply Cache or Intel chit removed: ``remove SPACE WORD`` ----------------------------------------

def marker_options(g: Context, keys: list[str], spaces) -> list[str]:
    """``SPACE WORD`` for each of *spaces* holding one of *keys* (an Intel chit: a concealed one)."""
    out = []
    for sid in spaces:
        for key in keys:
            if (B.concealed(g, sid) if key == "intel" else B.sp(g, sid)[key]):
                out.append(f"{sid} {MARKER_WORD[key]}")
    return out


def intel_fact(g: Context, sid: str) -> str:
    """What *sid* holds of an Intel chit, never a concealed value (1.11)."""
    name = B.name(sid)
    if sid not in B.INTEL_SPACES:
        return f"{name} is {W.kind_of(sid)}, which has no Intel chit (1.3.5 NOTE)"
    if g.s["intel"][sid] is None:
        return f"the Intel chit of {name} is set aside until the Reset"
    return f"the Intel chit in {name} is {'revealed' if B.revealed(g, sid) else 'concealed'}"


@procedure
class RemoveOne(pickers.WordedChoice):
    """The one marker, Supply Cache or Intel chit a text removes, where several could go: ``remove SPACE WORD``
    (frame ``keys``, ``spaces`` the card's spaces, ``need`` its words for them); the answer goes back as
    ``ret``."""

    name = "jo.ev.b2.remove"
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
    options = marker_options(g, keys, spaces)
    if len(options) == 1:
        f["ret"] = options[0]
    elif options:
        what = W.names([MARKER_NOUN[k] for k in keys], plain=True, joint="or")
        g.call(RemoveOne.name, role, verb="remove", options=options, keys=keys, spaces=list(spaces), need=need,
               ask=f"choose {what} to remove (remove SPACE {'|'.join(MARKER_WORD[k] for k in keys)})", rule=rule,
               label=label, why=None, optional=False)


def take_one(g: Context, arg: str, *, to: str = "available", rule: str, label: str, faction: str) -> int | None:
    """Removes the one thing *arg* (``SPACE WORD``) names: a marker to Available or *to* (``davis``, ``out``), a
    Supply Cache to Available, a concealed Intel chit aside until the Reset (its value, returned)."""
    sid, word = arg.split(" ")
    key = MARKER_KEY[word]
    if key == "intel":
        return B.set_aside_concealed(g, sid, label, rule)
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


# -- Intel chits revealed or concealed one space at a time (engine.coin.space_choice.Spaces) -----------------------

class IntelSpaces(space_choice.Spaces):
    """Intel chits chosen one space at a time (``count``, at least ``min``), each flipped as it is chosen."""

    words = W.WORDS
    state = ""

    def head(self, g, f):
        return f"{pickers.who(f)}: choose {'an' if self.state[0] in 'aeiou' else 'a'} {self.state} Intel chit to " \
               f"{self.verb} ({self.verb} SPACE)"

    def space_refusal(self, g, f, sid):
        return W.because(f"{intel_fact(g, sid)}: the card {self.verb}s a {self.state} one", f["rule"])


@procedure
class Reveal(IntelSpaces):
    """J20 unshaded's chits: ``reveal SPACE``, each concealed chit flipped face up, its value drawn if nobody has
    seen it (1.11)."""

    name = "jo.ev.b2.reveal"
    verb = "reveal"
    state = "concealed"

    def candidates(self, g, f):
        return B.concealed_spaces(g)

    def chose(self, g, f, sid):
        B.reveal_intel(g, sid, f["label"], f["rule"])


@procedure
class Conceal(IntelSpaces):
    """J29 shaded's chits: ``conceal SPACE``, each revealed chit flipped face down (1.11)."""

    name = "jo.ev.b2.conceal"
    verb = "conceal"
    state = "revealed"

    def candidates(self, g, f):
        return B.revealed_spaces(g)

    def chose(self, g, f, sid):
        B.conceal_intel(g, sid, f["label"], f["rule"])


def intel_frame(*, count: int, min: int, rule: str, label: str) -> dict:
    return dict(count=count, min=min, chosen=[], rule=rule, label=label)


# -- J18 Thai Administration -------------------------------------------------------------------------------------

THAI = B.NEXT_TO_THAILAND


def j18u_playable(g: Context, faction: str) -> bool:
    return bool(placeable(g, "british", "non_mpaja", THAI))


@event("J18", "unshaded", playable=j18u_playable)
def thai_unshaded(g: Context, faction: str) -> None:
    """J18 unshaded (Unpopular with Malays): the British, whoever executes (ruling R-5.1), place up to 3 non-MPAJA
    Guerrillas, Underground (1.4.3), in Kedah, Perak and Kelantan (the Provinces next to Thailand, ruling
    R-MAP-1), as they share them; with none Available they may take their own from the map (ruling
    R-EVENT-FROM-MAP)."""
    put(g, "british", "non_mpaja", spaces=THAI, max=3, rule="J18", label=TITLE["J18"])


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
            pick(g, "japanese", GUERRILLA_KEYS, spaces=spaces, max=len(spaces), per_space=1, what="a Guerrilla",
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
    return not price_only(g) and bool(B.concealed_spaces(g))


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
        spaces = B.concealed_spaces(g)
        if not spaces:
            g.say(f"{TITLE['J20']}: no Intel chit is concealed to reveal.", faction=f["faction"], rule="J20, 5.1.3")
        elif len(spaces) <= 2:
            for sid in spaces:
                B.reveal_intel(g, sid, TITLE["J20"], "J20")
        else:
            g.call(Reveal.name, f["faction"], **intel_frame(count=2, min=2, rule="J20", label=TITLE["J20"]))


def j20s_playable(g: Context, faction: str) -> bool:
    return bool(B.on_map(g, "force_136") or B.concealed_spaces(g))


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
        ask_one(g, f, f["faction"], ["intel"], B.concealed_spaces(g), need="a space with a concealed Intel chit",
                rule="J20", label=TITLE["J20"])

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

@procedure
class Rails(Procedure):
    """J23 unshaded's Railways: ``sabotage RAILWAY`` for each of up to ``count`` different Railways, one Sabotage
    marker each, even where one is (1.4.2; ruling R-SABOTAGE-EVENTS), while one of the 15 Sabotage and Terror
    markers is off the map (1.2); ``done`` once ``min`` are chosen. With ``whole`` (ruling R-EVENT-MAY) the first
    Railway binds the faction to ``count``."""

    name = "jo.ev.b2.rails"

    def options(self, g: Context, f: dict) -> list[str]:
        if len(f["chosen"]) >= f["count"] or not B.sabotage_terror_left(g):
            return []
        return [r for r in B.RAILWAYS if r not in f["chosen"]]

    def prompt(self, g, f):
        return pickers.counted_prompt("sabotage", self.options(g, f), len(f["chosen"]), f["min"])

    def text(self, g, f):
        return pickers.tally(f"{pickers.who(f)}: choose a Railway for a Sabotage marker (sabotage RAILWAY)",
                             len(f["chosen"]), f["min"], f["count"])

    def rule_for(self, g, f):
        return f["rule"]

    def explain(self, g, f, verb, arg):
        rule, opts = f["rule"], self.options(g, f)
        if verb == "done" and len(f["chosen"]) < f["min"] and opts:
            return pickers.owed(W.WORDS, f, f"the card places a marker on {f['min']} Railways, and "
                                            f"{len(f['chosen'])} so far")
        if verb != "sabotage" or arg is None or arg in opts:
            return None
        rid = W.rail_of(arg)
        if rid is None:
            return W.not_a_railway(arg, rule)
        if len(f["chosen"]) >= f["count"]:
            return W.because(f"the card places markers on up to {f['count']} Railways, and has placed them", rule)
        if rid in f["chosen"]:
            return W.because(f"the {B.RAIL_NAME[rid]} has this card's marker already: one on each of "
                             f"{f['count']} different Railways", f"{rule}, ruling R-SABOTAGE-EVENTS")
        if not B.sabotage_terror_left(g):
            return W.because(f"all {B.SABOTAGE_TERROR} Sabotage and Terror markers are on the map", f"{rule}, 1.2")
        if arg != rid:
            return W.because(f"{arg!r} is written 'sabotage {rid}'", rule)
        return None

    def act(self, g, f, verb, arg):
        if verb == "done":
            g.end()
            return
        f["chosen"].append(arg)
        B.sabotage(g, arg, f["label"], f["rule"], stack=True)
        if f.get("whole"):
            f["min"] = f["count"]

    def step(self, g, f):
        if not self.options(g, f):
            g.end()
            return True
        return False


@event("J23", "unshaded", playable=lambda g, faction: B.sabotage_terror_left(g) > 0)
def bombing_unshaded(g: Context, faction: str) -> None:
    """J23 unshaded (Devastates railway network): the British, whoever executes (ruling R-5.1), may place a
    Sabotage marker on each of 2 different Railways of their choice, sabotaged ones included (Tip L2009; ruling
    R-SABOTAGE-EVENTS), fewer if they wish (ruling R-EVENT-MAY) or if the markers run out (1.2)."""
    g.call(Rails.name, "british", count=2, min=0, chosen=[], whole=whole(g), rule="J23", label=TITLE["J23"])


def j23s_spaces(g: Context) -> list[str]:
    """Provinces at Opposition next to a Railway with a Sabotage marker (1.3.6)."""
    near = {s for r in B.sabotaged_rails(g) for s in B.RAIL_ADJ[r]}
    return [s for s in B.PROVINCES if s in near and B.opposed(g, s)]


@procedure
class Unoppose(space_choice.Spaces):
    """J23 shaded's Provinces: ``space SPACE`` for each, its Opposition removed (1.6), up to ``count``, at least
    ``min`` (5.1.3)."""

    name = "jo.ev.b2.unoppose"
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


# -- J25 John Davis (shaded) -----------------------------------------------------------------------------------------

@event("J25", "shaded", playable=lambda g, faction: B.on_map(g, "force_136") > 0)
@procedure
class DavisShaded(OneRemoval):
    """J25 shaded (Loses contact with command): the executing faction moves a Force 136 marker of its choice from
    the map onto the card (``davis``); it comes back at the next Reset Phase to a Province with a Jungle Camp, or
    to Available if none, the Province chosen by the faction that executed the text (ruling R-J25: recorded in
    ``flags["davis_by"]``; the return is the Reset's, propaganda_phases)."""

    name = "jo.ev.J25.shaded"
    keys = ("force_136",)
    to = "davis"
    cid = "J25"
    need = "a space with Force 136"

    def taken(self, g, f, arg, value):
        g.s["flags"]["davis_by"] = f["faction"]
        g.say(f"{TITLE['J25']}: the Force 136 marker waits on the card until the next Reset Phase, when the "
              f"{f['faction'].title()} return it to a Province with a Jungle Camp, or to Available if none.",
              faction=f["faction"], rule="J25, ruling R-J25")


# -- J28 Operation Gustavus ----------------------------------------------------------------------------------------

def camps(g: Context) -> list[str]:
    return B.spaces_with(g, "jungle_camp")


def j28u_options(g: Context, faction: str) -> list[str]:
    """The Provinces with a Jungle Camp J28 unshaded may choose (ruling R-J28): where a Supply Cache can be placed
    and some such Province has none, those; else any where something can be placed."""
    cache_in = [s for s in camps(g) if can_place(g, faction, "caches", s)]
    if cache_in:
        return cache_in
    return camps(g) if g.s["available"]["force_136"] else []


@event("J28", "unshaded", playable=lambda g, faction: bool(j28u_options(g, faction)))
@procedure
class GustavusUnshaded(ScriptEvent):
    """J28 unshaded (Submarine landings): into one Province with a Jungle Camp, the executing faction's choice, go
    a Force 136 marker (from Available only, 1.9 NOTE) and a Supply Cache (one a space, 1.4.2; from Available, or
    with none the British, whose force it is, may take one from the map: ruling R-EVENT-FROM-MAP). A Province
    where the Cache can go is chosen if there is one (ruling R-J28); the Jungle Camp stays."""

    name = "jo.ev.J28.unshaded"
    script = ("ask", "land")

    def ask(self, g, f):
        options = j28u_options(g, f["faction"])
        if len(options) == 1:
            f["ret"] = options[0]
            return
        g.call(Choose.name, f["faction"], verb="space", options=options, rule="J28", label=TITLE["J28"],
               ask="choose the Province with a Jungle Camp for the landing (space SPACE)", why="J28", optional=False)

    def land(self, g, f):
        sid = f.pop("ret")
        if not B.place_marker(g, sid, "force_136", TITLE["J28"], "J28", faction=f["faction"]):
            g.say(f"{TITLE['J28']}: no Force 136 marker is Available to place.", faction=f["faction"],
                  rule="J28, 1.9 NOTE, 5.1.1")
        place_own(g, f["faction"], sid, "caches", rule="J28", label=TITLE["J28"], by="event")


#: The cards' own reasons why a space is not among a choice's options (engine.coin.pickers.Reasons).
REASONS = pickers.Reasons()


@REASONS.register("J28")
def j28_reason(g: Context, f: dict, sid: str):
    if not B.sp(g, sid)["jungle_camp"]:
        return W.because(f"{B.name(sid)} has no Jungle Camp: the landing goes to a Province with one", "J28")
    return W.because(f"{W.has(g, sid, 'caches')} already; a Province with a Jungle Camp where the Supply Cache can "
                     "go comes first", "J28, ruling R-J28, 1.4.2")


@procedure
class Choose(pickers.WordedChoice):
    """One choice a text asks for (engine.coin.pickers.WordedChoice), with the card's own reason for a space left
    out (``why``, :data:`REASONS`); the answer goes back as ``ret``."""

    name = "jo.ev.b2.choose"
    words = W.WORDS
    reasons = REASONS


def near_troops(g: Context) -> list[str]:
    """Provinces with Troops or next to a space with Troops."""
    return [s for s in B.PROVINCES
            if B.sp(g, s)["troops"] or any(B.sp(g, a)["troops"] for a in B.adj(g, s))]


@event("J28", "shaded", playable=lambda g, faction: bool(marker_options(g, ["force_136", "caches"], near_troops(g))))
@procedure
class GustavusShaded(OneRemoval):
    """J28 shaded (Japanese naval patrols): the executing faction removes a Force 136 marker or a Supply Cache, its
    choice, from a Province with Troops or next to a space with Troops, to Available."""

    name = "jo.ev.J28.shaded"
    keys = ("force_136", "caches")
    cid = "J28"
    need = "a Province with Troops or next to Troops"

    def spaces(self, g):
        return near_troops(g)


# -- J29 Kempeitai -------------------------------------------------------------------------------------------------

@event("J29", "unshaded", playable=lambda g, faction: B.on_map(g, "kempeitai") > 0)
@procedure
class KempeitaiUnshaded(OneRemoval):
    """J29 unshaded (Diverted to other theaters): the executing faction takes a Kempeitai marker of its choice out
    of the game for good (Tip L2081)."""

    name = "jo.ev.J29.unshaded"
    keys = ("kempeitai",)
    to = "out"
    cid = "J29"
    need = "a space with Kempeitai"


@procedure
class KempeitaiMoves(Procedure):
    """J29 shaded's moves: ``move FROM TO`` sends one Kempeitai marker not yet moved by the card to any other
    space (1.4.2 NOTE: several may share one); ``done`` stops (ruling R-EVENT-MAY; with ``whole``, only before
    the first move or after the last). Frame ``left``: space -> markers there not yet moved."""

    name = "jo.ev.b2.kempeitai"

    def options(self, g: Context, f: dict) -> list[str]:
        return [f"{s} {d}" for s in B.SPACES if f["left"].get(s) for d in B.SPACES if d != s]

    def may_stop(self, f: dict) -> bool:
        return not f["whole"] or f["moved"] in (0, f["total"])

    def prompt(self, g, f):
        out = {"move": self.options(g, f)}
        if self.may_stop(f):
            out["done"] = []
        return out

    def text(self, g, f):
        head = (f"{pickers.who(f)}: move a Kempeitai marker the card has not moved to any space (move FROM TO) "
                f"({f['moved']} of {f['total']} moved)")
        return f"{head}, or done" if self.may_stop(f) else head

    def rule_for(self, g, f):
        return f["rule"]

    def explain(self, g, f, verb, arg):
        rule = f["rule"]
        if verb == "done" and not self.may_stop(f):
            return W.because(f"the Japanese began moving the Kempeitai markers and move all {f['total']} "
                             "(the umpire's reading 'whole' of ruling R-EVENT-MAY)", f"{rule}, ruling R-EVENT-MAY")
        if verb != "move" or arg is None or arg in self.options(g, f):
            return None
        words = W.space_args(arg, 2, "move", "FROM TO", rule)
        if not isinstance(words, list):
            return words
        src, dst = words
        if src == dst:
            return W.because(f"a Kempeitai marker sent from {B.name(src)} to {B.name(src)} would not move", rule)
        if B.sp(g, src)["kempeitai"]:
            return W.because(f"the Kempeitai in {B.name(src)} have been moved there by this card: each moves once",
                             rule)
        return W.because(f"{W.has(g, src, 'kempeitai')} to move", rule)

    def act(self, g, f, verb, arg):
        if verb == "done":
            g.end()
            return
        src, dst = arg.split(" ")
        f["left"][src] -= 1
        f["moved"] += 1
        B.move_marker(g, src, dst, "kempeitai", f["label"], f["rule"], faction=f["role"])

    def step(self, g, f):
        if f["moved"] >= f["total"]:
            g.end()
            return True
        return False


def j29s_playable(g: Context, faction: str) -> bool:
    return bool(B.on_map(g, "kempeitai") or B.revealed_spaces(g))


@event("J29", "shaded", playable=j29s_playable)
@procedure
class KempeitaiShaded(ScriptEvent):
    """J29 shaded (Brutal interrogations): the Japanese, whoever executes (ruling R-5.1), may move every Kempeitai
    marker on the map, each once, to any space (ruling R-EVENT-MAY: any, all or none), then conceal up to 2
    revealed Intel chits of their choice (1.11)."""

    name = "jo.ev.J29.shaded"
    script = ("move", "conceal")

    def move(self, g, f):
        left = {s: B.sp(g, s)["kempeitai"] for s in B.spaces_with(g, "kempeitai")}
        if left:
            g.call(KempeitaiMoves.name, "japanese", left=left, moved=0, total=sum(left.values()), whole=whole(g),
                   rule="J29", label=TITLE["J29"])

    def conceal(self, g, f):
        if not B.revealed_spaces(g):
            g.say(f"{TITLE['J29']}: no Intel chit is revealed to conceal.", faction="japanese", rule="J29")
            return
        g.call(Conceal.name, "japanese", **intel_frame(count=2, min=0, rule="J29", label=TITLE["J29"]))


# -- J30 Malayan Volunteer Corps ----------------------------------------------------------------------------------

def j30u_spaces(g: Context) -> list[str]:
    """Spaces with Guerrillas, Opposition and a Police cube to remove."""
    return [s for s in B.SPACES if B.guerrillas(B.sp(g, s)) and B.opposed(g, s) and B.sp(g, s)["police"]]


@event("J30", "unshaded", playable=lambda g, faction: bool(j30u_spaces(g)))
def volunteers_unshaded(g: Context, faction: str) -> None:
    """J30 unshaded (Intimidated by guerrillas): the executing faction removes 1 Police cube each from up to 3
    spaces with Guerrillas and Opposition, to Available ("up to": it may stop sooner)."""
    pick(g, faction, ["police"], spaces=j30u_spaces(g), max=3, per_space=1, what="a Police cube", rule="J30",
         label=TITLE["J30"])


def troop_spaces(g: Context) -> list[str]:
    return B.spaces_with(g, "troops")


@event("J30", "shaded", playable=lambda g, faction: bool(placeable(g, faction, "police", troop_spaces(g))))
def volunteers_shaded(g: Context, faction: str) -> None:
    """J30 shaded (Local defense forces): 1 Police cube in each space with Troops, from Available (the Japanese,
    placing their own, may take Police from the map when none is Available: ruling R-EVENT-FROM-MAP). With
    enough Available every such space gets one without a choice; with too few the executing faction chooses
    which spaces get them (ruling R-EVENT-MAY), as many as are Available (5.1.3)."""
    spaces = troop_spaces(g)
    if g.s["available"]["police"] >= len(spaces):
        for sid in spaces:
            place_own(g, faction, sid, "police", rule="J30", label=TITLE["J30"], by="event")
        return
    put(g, faction, "police", spaces=spaces, max=len(spaces), min=g.s["available"]["police"], per_space=1,
        rule="J30", label=TITLE["J30"])


# -- J31 Comfort Women ---------------------------------------------------------------------------------------------

def troops_and_opposition(g: Context) -> list[str]:
    return [s for s in troop_spaces(g) if B.opposed(g, s)]


@event("J31", "unshaded", playable=lambda g, faction: bool(troops_and_opposition(g)) and g.s["resources"] > 0)
def comfort_unshaded(g: Context, faction: str) -> None:
    """J31 unshaded (Demands resisted): Japanese Resources fall by 1 for each space with Troops and Opposition,
    not below 0 (1.7, 5.1.1)."""
    spaces = troops_and_opposition(g)
    B.gain_resources(g, -len(spaces), f"{TITLE['J31']}: Troops and Opposition in {W.names(spaces)}", "J31")


@event("J31", "shaded", playable=lambda g, faction: bool(troop_spaces(g)) and g.s["resources"] < B.RESOURCES_MAX)
def comfort_shaded(g: Context, faction: str) -> None:
    """J31 shaded (Forced compliance): Japanese Resources rise by 1 for each space with Troops, not above 20 (1.7,
    5.1.1)."""
    spaces = troop_spaces(g)
    B.gain_resources(g, len(spaces), f"{TITLE['J31']}: Troops in {W.names(spaces)}", "J31")
