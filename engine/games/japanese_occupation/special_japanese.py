"""The Japanese Special Activities of Japanese Occupation: Extract (4.3.1, L1438-1444), Reprisal (4.3.2,
L1446-1450) and Eliminate (4.3.3, L1452-1456); issue 30.

Each runs at any one time before, during or after its Operation (4.1 IMPORTANT L1406), selects a space once
(4.1 L1404) and only with the Operations its rule names (4.1.1, ruling R-4.1.1): Extract with Deploy only,
Reprisal and Eliminate with Construct, Sweep or Assault; none with a Limited Operation (2.4.4). One an Event or
a phase grants has no Operation: its frame carries the card or phase as ``rule`` (J1, J13, J21, J32, 6.4.2)
and may carry ``max`` (its count), ``only`` (the spaces it may select) and ``optional`` (the text says "may":
it may end with no space). The selection is the six's (``special.Selecting``, engine.coin.special_select).

- Extract: up to two Economic Centers; each gives one Resource for every starred Railway without Sabotage joined
  to it by a chain of Railways without Sabotage (``board.extract_value``), then one more for each New Village on
  the map: once an Extract by default, or once for each selected Economic Center (ruling R-EXTRACT-NV). Japanese
  Resources stay within 0-20 (1.7). J12 shaded: before any Resource, the Japanese may remove one Sabotage
  marker from a Railway adjacent to Troops (``remove RAILWAY``, as Construct's, or ``done``). J15 unshaded: as
  the Extract ends, the British may place a Guerrilla of either kind in each space that then holds a New
  Village (:class:`Resettlement`; ruling R-J15: after the Resources, or by the umpire's other reading before
  them, once J12 shaded's removal is settled).
- Reprisal: up to two spaces with Troops; in each a Terror marker if none is there (1.4.2: an Operation's or a
  Special Activity's never stacks), the space set to Neutral, then one Guerrilla there, of the kind and state
  the Japanese choose, moved to an adjacent space they choose (``move TO PIECE``), keeping its state (1.4.3
  NOTE). The move is owed wherever a Guerrilla is; a single possible move is made without asking.
- Eliminate: up to two spaces with Kempeitai where it can do something (a revealed Intel chit to conceal, or a
  Jungle Camp or Force 136 marker to remove, ruling R-ELIMINATE); in each either the revealed chit is concealed
  (``conceal SPACE``, the space at hand) or a die is rolled (``roll``), plus one for each Police cube there: above the number of
  Guerrillas there, the Japanese may remove a Jungle Camp, or a Force 136 marker only where no Jungle Camp is
  (``remove jungle-camp|force-136``, or ``done``); J22 shaded lets them remove either (ruling R-J22-SHADED; the
  umpire may read it as Force 136 before Jungle Camps). A Force 136 marker removed lowers Resistance by 1
  (4.3.3, 7.2). Where only one of the two ways can do something, it is taken without asking.
"""

from __future__ import annotations

from ...core import notation
from ...core.flow import Context, Procedure, procedure
from ...core.ruling_choice import chosen
from . import board as B
from . import intel_chits as chits
from . import why as W
from .operation import cap
from .own_pieces import OWN, map_sources, may_take_from_map, place_own
from .special import GUERRILLA_KEYS, Selecting, sa_rule, word

notation.declare(__name__, {"space", "done", "move", "conceal", "roll", "remove", "place"})

#: The enemy markers Eliminate may remove, by order word (4.3.3; the Assault NOTE L1398; ruling R-ELIMINATE).
MARKER_WORDS = {"jungle-camp": "jungle_camp", "force-136": "force_136"}
#: The Guerrillas J15 unshaded lets the British place, by order word (placed Underground, 1.4.3).
PLACE_WORDS = {"mpaja": "mpaja", "non-mpaja": "non_mpaja"}
#: Ruling R-EXTRACT-NV's readings: the New Village bonus once an Extract, or once each selected EC.
NV_ONCE, NV_EACH = "once", "each_ec"


class JapaneseSpecial(Selecting):
    """A Japanese Special Activity: the selection of the six (``special.Selecting``), asked and logged for the
    Japanese; :meth:`moving_on` goes back to the selection once a space's work is over."""

    faction = "japanese"

    def moving_on(self, f: dict) -> None:
        """The work in the space at hand is over: back to the selection."""
        f.pop("here", None)
        f["stage"] = "select"


# -- Extract (4.3.1) --------------------------------------------------------------------------------------------

def labor_rails(g: Context) -> list[str]:
    """J12 shaded: the Railways with Sabotage adjacent to a space with Troops, whose Sabotage Extract may remove
    first (1.3.6: a Railway is adjacent to every space touching its border)."""
    return [r for r in B.RAILWAYS if g.s["railways"][r] and any(B.sp(g, s)["troops"] for s in B.RAIL_ADJ[r])]


def j15_reading(g: Context) -> str | None:
    """J15 unshaded in play: when the British place, ``after`` the Extract's Resources (default) or ``before``
    them (ruling R-J15); ``None`` without it."""
    if cap(g, "J15") != "unshaded":
        return None
    return chosen(g.s, "R-J15", "after")


def new_villages(g: Context) -> int:
    return B.markers_on_map(g.s, "new_village")


def nv_reading(g: Context) -> str:
    """Ruling R-EXTRACT-NV: the New Village bonus once an Extract (default) or once each selected EC."""
    return chosen(g.s, "R-EXTRACT-NV", NV_ONCE)


@procedure
class Extract(JapaneseSpecial):
    """Extract (4.3.1, with Deploy only): the Japanese gain Resources from up to two Economic Centers and from
    the New Villages on the map (see the module). Frame locals besides the selection's: ``labor`` (set as the
    Extract begins), ``repaired`` (the Railway J12 shaded repaired), ``fled`` (J15's question asked before the
    Resources, ruling R-J15 ``before``), ``then`` (what follows J15's question); stage ``labor`` while J12
    shaded's question is open, ``fled`` while J15 unshaded's British frame (:class:`Resettlement`) runs."""

    name = "jo.sa.extract"
    sa = "extract"
    rule = "4.3.1"
    accompanies = ("deploy",)
    where = "an Economic Center"

    def qualifies(self, g, f, sid):
        return B.is_ec(sid)

    def unqualified(self, g, f, sid):
        return W.because(f"{B.name(sid)} is {W.kind_of(sid)}: Extract selects Economic Centers", "4.3.1, 1.3.5")

    def possible(self, g, f=None):
        """Something to gain (Resources below 20, and a starred Railway joined to an EC or a New Village), or J12
        shaded's Sabotage to remove."""
        if cap(g, "J12") == "shaded" and labor_rails(g):
            return True
        if g.s["resources"] >= B.RESOURCES_MAX:
            return False
        only = (f or {}).get("only")
        return new_villages(g) > 0 or any(B.extract_value(g, ec) for ec in B.ECS if only is None or ec in only)

    def advance(self, g, f):
        if "labor" not in f:  # the Extract begins: J12 shaded comes before any Resource
            f["labor"] = False
            if cap(g, "J12") == "shaded":
                if labor_rails(g):
                    f["stage"] = "labor"
                    return True
                g.say("Labor Service Corps: no Railway adjacent to Troops has a Sabotage marker to remove.",
                      faction="japanese", rule="J12")
            return True
        if f["stage"] == "select" and "fled" not in f and j15_reading(g) == "before":
            f["fled"] = True  # J15 unshaded, the umpire's reading: the British place before any Resource
            self.resettle(g, f, then="select")
            return True
        return super().advance(g, f)

    def on_space(self, g, f, sid):
        rule = sa_rule(f, self.rule)
        rails = sorted(B.connected_rails(g.s["railways"], sid) & B.STARRED, key=B.RAILWAYS.index)
        n = len(rails)
        via = f": {W.names([B.RAIL_NAME[r] for r in rails], plain=True)}" if rails else ""
        g.say(f"Japanese Extract from the {B.name(sid)}: {n} starred Railway(s) without Sabotage connected to it"
              f"{via}.", faction="japanese", rule=rule)
        nv = new_villages(g) if nv_reading(g) == NV_EACH else 0
        if nv:
            g.say(f"The {W.count(nv, 'new_village')} on the map add {nv} for this Economic Center (ruling "
                  "R-EXTRACT-NV: each selected Economic Center).", faction="japanese", rule=rule)
        self.gain(g, n + nv, f"Extract from the {B.name(sid)}", rule)

    def gain(self, g: Context, n: int, why: str, rule: str) -> None:
        """Japanese Resources up by *n*, never past 20 (1.7): said where the track's end stops some or all."""
        if not n:
            return
        got = B.gain_resources(g, n, why, rule)
        if got < n:
            g.say(f"Japanese Resources stop at {B.RESOURCES_MAX}: {n - got} of the {n} gained are lost.",
                  faction="japanese", rule="1.7")

    # -- J12 shaded: one Sabotage removed first --------------------------------------------------------------
    def sub_prompt(self, g, f):
        if f["stage"] == "labor":
            return {"remove": labor_rails(g), "done": []}
        return {}

    def sub_text(self, g, f):
        if f["stage"] == "labor":
            return ("Japanese Extract, Labor Service Corps (J12 shaded): first remove one Sabotage marker from a "
                    f"Railway adjacent to Troops ({W.names([B.RAIL_NAME[r] for r in labor_rails(g)], plain=True)}: "
                    "remove RAILWAY), or done to remove none")
        return "Japanese Extract: the British answer Resettlement Schemes (J15)"

    def sub_refusal(self, g, f, verb, arg):
        if f["stage"] != "labor":
            return None
        if verb == "remove":
            rid = W.rail_of(arg)
            if rid is None:
                return W.not_a_railway(str(arg), "J12")
            name = B.RAIL_NAME[rid]
            if not B.sabotaged(g, rid):
                return W.because(f"the {name} has no Sabotage marker to remove", "J12")
            return W.because(f"no space adjacent to the {name} ({W.names(B.RAIL_ADJ[rid])}) has Troops: Labor "
                             "Service Corps removes Sabotage from a Railway adjacent to Troops", "J12")
        if verb == "space":
            return W.because("Labor Service Corps comes before any Resource is added: first remove a Sabotage "
                             "marker (remove RAILWAY) or none (done)", "J12")
        return None

    def sub_act(self, g, f, verb, arg):
        f["labor"], f["stage"] = True, "select"
        if verb == "done":
            g.say("Labor Service Corps: the Japanese removed no Sabotage marker before Extracting.",
                  faction="japanese", rule="J12")
            return
        rid = W.rail_of(arg)
        B.repair(g, rid, "Extract with Labor Service Corps", "4.3.1, J12")
        f["repaired"] = rid
        f["optional"] = True  # the Extract has done something: it may end with no Economic Center

    # -- the end: the New Villages, then J15 unshaded ---------------------------------------------------------
    def close(self, g, f):
        if nv_reading(g) == NV_ONCE:
            nv = new_villages(g)
            if nv:
                g.say(f"Japanese Extract: {W.count(nv, 'new_village')} on the map, one Resource each.",
                      faction="japanese", rule=sa_rule(f, self.rule))
                self.gain(g, nv, "Extract: New Villages", sa_rule(f, self.rule))
        return j15_reading(g) == "after" and self.resettle(g, f, then="end")

    def resettle(self, g: Context, f: dict, then: str) -> bool:
        """J15 unshaded: the British answer in each space with a New Village (:class:`Resettlement`), then the
        Extract goes on (*then* ``select``) or ends (``end``); ``True`` if they are asked."""
        where = B.spaces_with(g, "new_village")
        if not where:
            g.say("Resettlement Schemes: no space has a New Village, so the British place no Guerrilla.",
                  faction="british", rule="J15")
            return False
        f["stage"], f["then"] = "fled", then
        g.call(Resettlement.name, "british", spaces=where, left=list(where))
        return True

    def sub_advance(self, g, f):
        if f["stage"] == "fled":  # the British have answered J15
            if f.pop("then") == "end":
                g.end(list(f["chosen"]))
            else:
                f["stage"] = "select"
            return True
        return False


@procedure
class Resettlement(Procedure):
    """J15 unshaded (Resettlement Schemes), as the Japanese Extract: the British may place one Guerrilla, MPAJA or
    non-MPAJA, in each space that holds a New Village (``place SPACE mpaja|non-mpaja``), each space once, then
    ``done``. Their own forces placed by an Event's text: from Available, or with none there from the map where
    the umpire reads 1.4.1 IMPORTANT over 5.1.1 (``own_pieces``: ruling R-EVENT-FROM-MAP). A Guerrilla placed where no
    Japanese force is removes the New Village (1.15). Frame: ``spaces`` (the New Village spaces as the Extract
    ended), ``left`` (those not placed in yet)."""

    name = "jo.extract.resettlement"
    rule = "J15"

    @staticmethod
    def can_place(g: Context, sid: str, piece: str) -> bool:
        return bool(g.s["available"][piece]) or (may_take_from_map(g, "british", piece, "event")
                                                 and bool(map_sources(g, sid, piece)))

    def options(self, g: Context, f: dict) -> list[str]:
        return [f"{s} {w}" for s in f["left"] for w, piece in PLACE_WORDS.items() if self.can_place(g, s, piece)]

    def step(self, g, f):
        if self.options(g, f):
            return False
        if f["left"]:
            where = "Available or on the map" if may_take_from_map(g, "british", "mpaja", "event") else "Available"
            g.say(f"Resettlement Schemes: no Guerrilla is {where} to place in {W.names(f['left'])}.",
                  faction="british", rule="J15, 1.4.1")
        g.end()
        return True

    def prompt(self, g, f):
        return {"place": self.options(g, f), "done": []}

    def text(self, g, f):
        return ("British, Resettlement Schemes (J15 unshaded): the Japanese Extracted; place a Guerrilla in each "
                f"space with a New Village if you wish ({W.names(f['left'])}: place SPACE mpaja|non-mpaja), or done")

    def explain(self, g, f, verb, arg):
        if verb != "place" or arg in self.options(g, f):
            return None
        words = W.parts(arg, 2)
        if words is None or words[1] not in PLACE_WORDS:
            return W.form("place", "SPACE mpaja|non-mpaja", arg, "J15")
        sid, piece = words[0], PLACE_WORDS[words[1]]
        if not W.is_space(sid):
            return W.not_a_space(sid)
        if sid not in f["spaces"]:
            return W.because(f"{B.name(sid)} had no New Village as the Japanese Extracted (those with one: "
                             f"{W.names(f['spaces'])})", "J15")
        if sid not in f["left"]:
            return W.because(f"the British placed their Guerrilla in {B.name(sid)} already: one a space", "J15")
        label = B.BOARD.pieces[piece].label
        if may_take_from_map(g, "british", piece, "event"):
            return W.because(f"no {label} is Available or on the map to take", "1.4.1")
        return W.because(f"no {label} is Available, and Events place only Available pieces here (ruling "
                         f"{OWN.event_ruling})", "5.1.1, 1.4.1")

    def act(self, g, f, verb, arg):
        if verb == "done":
            g.say(f"Resettlement Schemes: the British placed no more Guerrillas"
                  f"{' (' + W.names(f['left']) + ' left)' if f['left'] else ''}.", faction="british", rule="J15")
            g.end()
            return
        sid, w = arg.split(" ")
        f["left"].remove(sid)
        place_own(g, "british", sid, PLACE_WORDS[w], rule="J15", label="Resettlement Schemes", by="event")


# -- Reprisal (4.3.2) -------------------------------------------------------------------------------------------

#: ``TO PIECE``, Reprisal's move order, for every space and Guerrilla key (written once).
_TO_WORD = {dst: {k: f"{dst} {word(k)}" for k in GUERRILLA_KEYS} for dst in B.SPACES}


@procedure
class Reprisal(JapaneseSpecial):
    """Reprisal (4.3.2, with Construct, Sweep or Assault): up to two spaces with Japanese Troops, an Economic
    Center too (ruling R-REPRISAL-EC). In each: a Terror marker unless one is there (1.4.2; none if all fifteen
    Sabotage/Terror markers are out, 1.2), the space set to Neutral (an EC never is at Opposition, 1.3.5 NOTE),
    then one Guerrilla moved to an adjacent space (see the module). 6.4.2 calls it with ``rule`` "6.4.2"; J1
    shaded with the spaces with Troops and Opposition as ``only`` and ``max``; J32 shaded with its Province.
    Frame: ``here`` while the Guerrilla waits to move (stage ``move``)."""

    name = "jo.sa.reprisal"
    sa = "reprisal"
    rule = "4.3.2"
    accompanies = ("construct", "sweep", "assault")
    where = "a space with Troops"

    def qualifies(self, g, f, sid):
        return g.s["spaces"][sid]["troops"] > 0

    def possible(self, g, f=None):
        """engine.coin.special_select.Selecting.possible with :meth:`qualifies` inline: a space with Troops,
        within ``only``."""
        f = f or {}
        if self.most(g, f) <= 0:
            return False
        only, spaces = f.get("only"), g.s["spaces"]
        for s in B.SPACES:
            if (only is None or s in only) and spaces[s]["troops"] > 0:
                return True
        return False

    def unqualified(self, g, f, sid):
        return W.because(f"{W.has(g, sid, 'troops')}: Reprisal takes place in spaces with Japanese Troops", self.rule)

    def on_space(self, g, f, sid):
        rule, name, x = sa_rule(f, self.rule), B.name(sid), B.sp(g, sid)
        g.say(f"Japanese Reprisal in {name}.", faction="japanese", rule=rule)
        if x["terror"]:
            g.say(f"{name} has a Terror marker already: Reprisal adds none.", faction="japanese", rule="4.3.2, 1.4.2")
        elif not B.add_terror(g, sid, "Reprisal", rule):
            g.say(f"No Terror marker is left to place in {name}: all {B.SABOTAGE_TERROR} Sabotage/Terror markers are "
                  "on the map.", faction="japanese", rule="1.2")
        if not B.set_neutral(g, sid, "Reprisal", rule, faction="japanese"):
            level = f"{name} is Neutral already" if B.neutral(g, sid) else W.level_of(g, sid)
            g.say(f"{level}: no Opposition to remove.", faction="japanese", rule=rule)
        moves = self.move_options(g, sid)
        if not moves:
            g.say(f"No Guerrilla is in {name} for the Reprisal to move.", faction="japanese", rule=rule)
        elif len(moves) == 1:
            self.move_one(g, f, sid, moves[0])
        else:
            f["here"], f["stage"] = sid, "move"

    def move_options(self, g: Context, sid: str) -> list[str]:
        """``TO PIECE``: a Guerrilla of a kind and state *sid* holds, to a space adjacent to it (1.3.7;
        Guerrillas have no stacking limit, 1.4.2)."""
        x = B.sp(g, sid)
        keys = [k for k in GUERRILLA_KEYS if x[k]]
        if not keys:
            return []
        return [_TO_WORD[dst][k] for dst in B.adj_in_order(g, sid) for k in keys]

    def move_one(self, g: Context, f: dict, here: str, order: str) -> None:
        dst, w = order.split(" ")
        key = B.BOARD.key_of_word[w]
        g.say(f"Japanese Reprisal moved {W.count(1, key)} from {B.name(here)} to {B.name(dst)}.",
              faction="japanese", rule=sa_rule(f, self.rule))
        B.move(g, here, dst, key)

    def sub_prompt(self, g, f):
        if f["stage"] == "move":
            return {"move": self.move_options(g, f["here"])}
        return {}

    def sub_text(self, g, f):
        return (f"{self.head(f)} in {B.name(f['here'])}: move one Guerrilla from there to an adjacent space, the "
                "kind and state you choose (move TO mpaja-u|mpaja-a|non-mpaja-u|non-mpaja-a)")

    def sub_refusal(self, g, f, verb, arg):
        here = f["here"]
        if verb in ("space", "done"):
            return W.because(f"the Reprisal in {B.name(here)} moves one Guerrilla from there first (move TO PIECE)",
                             self.rule)
        if verb != "move" or arg in self.move_options(g, here):
            return None
        words = W.parts(arg, 2)
        if words is None or words[1] not in (word(k) for k in GUERRILLA_KEYS):
            return W.form("move", "TO mpaja-u|mpaja-a|non-mpaja-u|non-mpaja-a", arg, self.rule)
        dst, w = words
        if not W.is_space(dst):
            return W.not_a_space(dst)
        if dst not in B.adj(g, here):
            return W.because(f"{B.name(dst)} is not adjacent to {B.name(here)}: the Guerrilla moves to an adjacent "
                             "space", "4.3.2, 1.3.7")
        return W.because(f"{W.has(g, here, B.BOARD.key_of_word[w])} to move", self.rule)

    def sub_act(self, g, f, verb, arg):
        self.move_one(g, f, f["here"], arg)
        self.moving_on(f)


# -- Eliminate (4.3.3) ------------------------------------------------------------------------------------------

def removable(g: Context, sid: str) -> list[str]:
    """The enemy markers Eliminate may remove in *sid* after a roll that succeeds (4.3.3): a Jungle Camp, or a
    Force 136 marker where no Jungle Camp is. J22 shaded: either, the Japanese choosing (ruling R-J22-SHADED,
    default ``either``); the umpire's other reading, ``reversed``: a Force 136 marker, or a Jungle Camp where no
    Force 136 marker is."""
    x = B.sp(g, sid)
    here = [w for w, m in MARKER_WORDS.items() if x[m]]
    if cap(g, "J22") == "shaded":
        if chosen(g.s, "R-J22-SHADED", "either") == "reversed":
            return here[-1:]
        return here
    return here[:1]


def first_text(g: Context) -> str:
    """The order of removal in force, for a prompt (4.3.3; J22 shaded)."""
    if cap(g, "J22") != "shaded":
        return " (Jungle Camps before Force 136)"
    if chosen(g.s, "R-J22-SHADED", "either") == "reversed":
        return " (Jikeidan System: Force 136 before Jungle Camps)"
    return ""


@procedure
class Eliminate(JapaneseSpecial):
    """Eliminate (4.3.3, with Construct, Sweep or Assault): up to two spaces with Kempeitai markers where it can
    do something (see the module). J13 shaded calls it with every Kempeitai space (``max``), J21 shaded with one
    Province with Police and Kempeitai (``only``, ``max`` 1). Frame: ``here`` and stage ``way`` while the
    Japanese choose to conceal or roll, ``remove`` while they choose the marker after a roll that succeeds."""

    name = "jo.sa.eliminate"
    sa = "eliminate"
    rule = "4.3.3"
    accompanies = ("construct", "sweep", "assault")
    where = "a space with Kempeitai and a revealed Intel chit, a Jungle Camp or a Force 136 marker"

    @staticmethod
    def ways(g: Context, sid: str) -> list[str]:
        """``conceal`` where a revealed Intel chit is (1.11), ``roll`` where an enemy marker is (4.3.3)."""
        x = B.sp(g, sid)
        out = ["conceal"] if chits.revealed(g, sid) else []
        if x["jungle_camp"] or x["force_136"]:
            out.append("roll")
        return out

    def qualifies(self, g, f, sid):
        x = g.s["spaces"][sid]  # Kempeitai, and :meth:`ways` holds one (inline, without the list)
        return x["kempeitai"] > 0 and bool(chits.revealed(g, sid) or x["jungle_camp"] or x["force_136"])

    def unqualified(self, g, f, sid):
        if not B.sp(g, sid)["kempeitai"]:
            return W.because(f"{W.has(g, sid, 'kempeitai')}: Eliminate takes place in spaces with Kempeitai",
                             self.rule)
        chit = "no Intel chit" if sid not in B.INTEL_SPACES or g.s["intel"][sid] is None else \
            "its Intel chit concealed"
        return W.because(f"{B.name(sid)} has {chit}, no Jungle Camp and no Force 136 marker: Eliminate could "
                         "conceal nothing and remove nothing there (ruling R-ELIMINATE)", self.rule)

    def on_space(self, g, f, sid):
        g.say(f"Japanese Eliminate in {B.name(sid)}.", faction="japanese", rule=sa_rule(f, self.rule))
        ways = self.ways(g, sid)
        f["here"] = sid
        if len(ways) > 1:
            f["stage"] = "way"
        elif ways == ["conceal"]:
            self.conceal(g, f)
        else:
            self.roll(g, f)

    def conceal(self, g: Context, f: dict) -> None:
        chits.conceal_intel(g, f["here"], "Eliminate", sa_rule(f, self.rule))
        self.moving_on(f)

    def roll(self, g: Context, f: dict) -> None:
        """A die, plus one for each Police cube in the space, against the Guerrillas there: above them, the
        Japanese may remove a marker (stage ``remove``)."""
        sid, rule = f["here"], sa_rule(f, self.rule)
        x = B.sp(g, sid)
        die = g.roll(f"Eliminate in {B.name(sid)}")
        police, n = x["police"], B.guerrillas(x)
        total = die + police
        shown = f"{die} (+{police} for {W.count(police, 'police')}: {total})" if police else f"{die}"
        ok = total > n
        g.say(f"Japanese rolled {shown} for Eliminate in {B.name(sid)} against {W.count(n, 'guerrillas')}: "
              f"{'succeeds' if ok else 'fails, no marker is removed'} (needs more than {n}).",
              faction="japanese", rule=rule)
        if ok:
            f["stage"] = "remove"
        else:
            self.moving_on(f)

    def sub_prompt(self, g, f):
        if f["stage"] == "way":
            return {"conceal": [f["here"]], "roll": []}
        if f["stage"] == "remove":
            return {"remove": removable(g, f["here"]), "done": []}
        return {}

    def sub_text(self, g, f):
        name = B.name(f["here"])
        if f["stage"] == "way":
            return (f"{self.head(f)} in {name}: conceal its revealed Intel chit (conceal {f['here']}), or roll a "
                    "die, plus one for each Police cube there, to remove a Jungle Camp or Force 136 marker if it "
                    "beats the Guerrillas there (roll)")
        options = removable(g, f["here"])
        what = W.names([f"remove {w}" for w in options], plain=True, joint="or")
        return f"{self.head(f)} in {name}: the roll succeeded; {what}{first_text(g)}, or done to remove none"

    def sub_refusal(self, g, f, verb, arg):
        here = f["here"]
        name = B.name(here)
        if f["stage"] == "way":
            if verb in ("space", "done"):
                return W.because(f"the Eliminate in {name} either conceals its revealed Intel chit or rolls a die: "
                                 f"conceal {here} or roll", self.rule)
            if verb == "conceal" and arg != here:
                return W.because(f"this Eliminate takes place in {name}: it conceals the chit there (conceal "
                                 f"{here})", f"{self.rule}, 4.1")
            return None
        if verb == "space":
            return W.because(f"the Eliminate in {name} removes a marker first (remove "
                             f"{'|'.join(removable(g, here))}), or none (done)", self.rule)
        if verb != "remove" or arg in removable(g, here):
            return None
        if arg not in MARKER_WORDS:
            return W.form("remove", "jungle-camp|force-136", arg, self.rule)
        if not B.sp(g, here)[MARKER_WORDS[arg]]:
            return W.because(f"{W.has(g, here, MARKER_WORDS[arg])} to remove", self.rule)
        if cap(g, "J22") == "shaded":
            return W.because(f"{name} has a Force 136 marker, and with Jikeidan System Eliminate removes Force 136 "
                             "before Jungle Camps (ruling R-J22-SHADED: reversed)", "J22, 4.3.3")
        return W.because(f"{name} has a Jungle Camp, and Eliminate removes Jungle Camps before Force 136",
                         self.rule)

    def sub_act(self, g, f, verb, arg):
        if f["stage"] == "way":
            self.conceal(g, f) if verb == "conceal" else self.roll(g, f)
            return
        sid, rule = f["here"], sa_rule(f, self.rule)
        if verb == "done":
            g.say(f"The Japanese removed no marker in {B.name(sid)}.", faction="japanese", rule=rule)
        else:
            marker = MARKER_WORDS[arg]
            B.remove_marker(g, sid, marker, "Eliminate", rule)
            if marker == "force_136":
                B.shift_resistance(g, -1, "a Force 136 marker removed by Eliminate", "4.3.3, 7.2")
        self.moving_on(f)
