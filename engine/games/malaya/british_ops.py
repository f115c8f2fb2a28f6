"""The British Operations of Malaya: Train (3.2.1) and Assault (3.2.4), and what all four share; Garrison
(3.2.2) and Sweep (3.2.3), whose moves are made together, are in ``british_moves``.

None selects or enters Thailand (1.3.3, 3.2). Each selects any number of spaces, Resources permitting, one if
Limited (3.1, 2.3.4); Garrison and Sweep may bring pieces from several origins into their one destination.
What each costs:

- Train: 2 Resources for each space where it places cubes, nothing for a space where it places none (ruling
  R-TRAIN-PACIFY); with Jungle Warfare School shaded (M18), 4 for a space where it places Troops. The
  payment falls due as the first cube is placed (or the first Troop, for the added 2 of M18 shaded).
- Garrison: 2 Resources in all, paid as its first destination is selected.
- Sweep and Assault: 2 Resources for each space selected.

An Event's Operation is free (3.1.2, 5.4: frame ``free``), except the Pacify of a Train, which always costs
(``pacify``). Moves that happen at once (Garrison's and Sweep's) are written one order at a time and made
together when the player ends them, so that Control, and Political Will with it, changes once, at the end of
the step (ruling R-CONTROL-PW; ``board.together``).
"""

from __future__ import annotations

from ...coin import resources
from ...coin.will import shift_will
from ...core import notation
from ...core.flow import Context, procedure
from . import board as B
from . import why as W
from .operation import Operation, cap, place_own

notation.declare(__name__, {"place", "first", "done"})

#: The cube words of the orders and the piece each names.
CUBE_WORD = {"troops": "troop", "police": "police"}
WORD_CUBE = {w: k for k, w in CUBE_WORD.items()}
#: Cubes Train may place: up to 4 in Kuala Lumpur, up to 2 Police in a Province (3.2.1).
TRAIN_ROOM = {"city": 4, "province": 2}
#: What a Garrison costs, however many spaces it selects (3.2.2).
GARRISON_COST = 2


def kind_words(sid: str) -> str:
    """``an Economic Center``, ``a Province``, ``the capital city`` (Kuala Lumpur, 1.3.4)."""
    return "the capital city" if B.KIND[sid] == "city" else W.kind_of(sid)


def thailand_refusal(sid: str, what: str, rule: str) -> str:
    """The refusal for Thailand, which no British piece ever enters (1.3.3, 3.2)."""
    return W.because(f"{B.name(sid)} takes MCP forces only: British pieces never enter it, and {what}",
                     f"1.3.3, 3.2, {rule}")


# -- Assault (3.2.4), also Garrison's Assault in an Economic Center and the Events' free Assaults -------------

def assault_capacity(g: Context, sid: str) -> int:
    """How many Active MCP pieces an Assault in *sid* removes (3.2.4): one per cube in Kuala Lumpur and the
    Economic Centers, one per Troop in a Jungle Province, one per two Troops in a Mountain Province."""
    x = B.sp(g, sid)
    kind = B.KIND[sid]
    if kind in ("city", "ec"):
        return B.cubes(x)
    if kind != "province":
        return 0
    return x["troops"] // 2 if B.is_mountain(sid) else x["troops"]


def assault_outcome(g: Context, sid: str, bases_first: bool = False) -> tuple[int, int]:
    """(Active Guerrillas, Bases) an Assault in *sid* would remove (3.2.4): Active Guerrillas first, Bases only
    once no Guerrilla at all is left there, Underground ones included; or, where Min Yuen unshaded (M2) is used
    in the space, Bases before Guerrillas, even with Underground Guerrillas there."""
    x = B.sp(g, sid)
    room = assault_capacity(g, sid)
    if bases_first:
        bases = min(room, x["bases"])
        return min(room - bases, x["guerrillas_a"]), bases
    active = min(room, x["guerrillas_a"])
    cleared = not x["guerrillas_u"] and active == x["guerrillas_a"]
    return active, min(room - active, x["bases"]) if cleared else 0


def bases_first_matters(g: Context, sid: str) -> bool:
    """Whether removing Bases first (M2 unshaded) would remove other pieces in *sid* than the usual order."""
    return assault_outcome(g, sid, True) != assault_outcome(g, sid, False)


def assault_space(g: Context, sid: str, rule: str, bases_first: bool = False) -> tuple[int, int]:
    """Assaults in *sid* (3.2.4; :func:`assault_outcome`): removes the pieces to Available and raises Political
    Will by 1 for each Base removed (1.10, 7.1); Control follows each removal (1.7). Returns what it removed."""
    active, bases = assault_outcome(g, sid, bases_first)
    name = B.name(sid)
    order = (("bases", bases), ("guerrillas_a", active)) if bases_first else (("guerrillas_a", active), ("bases", bases))
    parts = [W.count(n, key) for key, n in order if n]
    how = " (Bases first: Min Yuen, M2 unshaded)" if bases_first else ""
    g.say(f"British Assaulted in {name}{how}, removing {W.names(parts, plain=True) if parts else 'nothing'} "
          f"({assault_capacity(g, sid)} piece(s) at most there).", faction="british",
          rule="M2" if bases_first else rule)
    for key, n in order:
        if n:
            B.remove(g, sid, key, n)
    if bases:
        shift_will(g, bases, f"{W.count(bases, 'bases')} removed by Assault in {name}", "3.2.4")
    return active, bases


class BritishOperation(Operation):
    """What the four British Operations share: the British conduct them. A Special Activity asked for in the
    middle of a step (cubes being placed or moves being written) is refused with that reason (4.1: before,
    during or after the Operation, between its steps; engine.coin.worded)."""

    faction = "british"


class PaidPerSpace(BritishOperation):
    """An Operation that costs Resources for each space selected (Sweep, Assault: 2 each), paid as the space
    is selected (engine.coin.operation: the base pays, nothing if the Operation is free, 3.1.2)."""


# -- Train (3.2.1) ----------------------------------------------------------------------------------------

@procedure
class Train(BritishOperation):
    """Train (3.2.1): Kuala Lumpur and Provinces without MCP Control. In each selected space the British place
    cubes one at a time (up to 4, Troops or Police, in Kuala Lumpur; up to 2 Police in a Province), taken from
    the map when none is Available (1.4.1 IMPORTANT). Then they may Pacify in one selected space with British
    Control, Troops and Police, two at Templer unless the Train is Limited (6.6.2; ``pacify``).

    Frame locals of its own: ``here`` (the space placing now), ``placed`` (space -> cubes placed by kind),
    ``paid`` (space -> Resources paid there), ``awaiting`` (the cube asked of the map, until placed)."""

    name = "my.op.train"
    op = "train"
    faction = "british"
    rule = "3.2.1"
    kinds = ("province", "city")

    def ok(self, g, f, sid):
        kind = B.KIND[sid]
        return kind == "city" or (kind == "province" and g.s["control"].get(sid) != "mcp")

    def why_not(self, g, f, sid):
        kind = B.KIND[sid]
        if kind == "foreign":
            return thailand_refusal(sid, "Train selects Kuala Lumpur and Provinces", "3.2.1")
        if kind == "ec":
            return W.because(f"{B.name(sid)} is an Economic Center: Train selects Kuala Lumpur and Provinces",
                             "3.2.1")
        return W.because(f"{W.control_of(g, sid)}: Train selects Provinces without MCP Control", "3.2.1")

    def on_selected(self, g, f, sid):
        f["here"] = sid
        f.setdefault("placed", {})[sid] = {"troops": 0, "police": 0}
        f.setdefault("paid", {})[sid] = 0
        f["stage"] = "place"
        g.say(f"British Train selected {B.name(sid)}.", faction="british", rule=self.rule)

    # -- placing ----------------------------------------------------------------------------------------
    def room(self, f: dict, sid: str) -> int:
        """Cubes Train may still place in *sid* (3.2.1)."""
        placed = f["placed"][sid]
        return TRAIN_ROOM[B.KIND[sid]] - placed["troops"] - placed["police"]

    def due(self, g: Context, f: dict, sid: str, piece: str) -> int:
        """Resources the British must pay before placing *piece* in *sid*: what the space costs once it places
        cubes, 2, or 4 with Troops under Jungle Warfare School shaded (M18), less what was paid there already
        (ruling R-TRAIN-PACIFY); nothing in a free Train (3.1.2, 5.4)."""
        if f.get("free"):
            return 0
        troops = piece == "troops" or f["placed"][sid]["troops"] > 0
        total = 4 if troops and cap(g, "M18") == "shaded" else 2
        return max(0, total - f["paid"][sid])

    def cost_rule_of(self, g: Context, f: dict, sid: str, piece: str) -> str:
        """M18 where Jungle Warfare School shaded raises the price, else 3.2.1."""
        return "M18" if cap(g, "M18") == "shaded" and (piece == "troops" or f["placed"][sid]["troops"]) else "3.2.1"

    def supply(self, g: Context, sid: str, piece: str) -> bool:
        """Whether a *piece* can be had for *sid*: Available, or elsewhere on the map (1.4.1 IMPORTANT)."""
        if g.s["available"][piece] > 0:
            return True
        spaces = g.s["spaces"]
        for s in B.SPACES:  # a plain loop that stops at the first (the prompt asks it each step)
            if s != sid and spaces[s][piece]:
                return True
        return False

    def place_options(self, g: Context, f: dict) -> list[str]:
        """The cubes Train may place in the space at hand now (3.2.1: Troops only in Kuala Lumpur)."""
        sid = f["here"]
        if self.room(f, sid) <= 0:
            return []
        out: list[str] = []
        for k in ("troops", "police") if B.KIND[sid] == "city" else ("police",):
            if self.supply(g, sid, k) and resources.can_pay(g, "british", self.due(g, f, sid, k)):
                out.append(CUBE_WORD[k])
        return out

    def pay_and_count(self, g: Context, f: dict, sid: str, piece: str) -> None:
        """Pays what placing *piece* in *sid* brings due (:meth:`due`) and counts the cube."""
        n = self.due(g, f, sid, piece)
        if n:
            rule = self.cost_rule_of(g, f, sid, piece)
            extra = ", placing Troops (Jungle Warfare School)" if rule == "M18" else ""
            resources.pay(g, "british", n, f"Train in {B.name(sid)}{extra}", rule)
            f["paid"][sid] += n
        f["placed"][sid][piece] += 1

    def piece_left(self, g: Context, f: dict, src: str, key: str) -> None:
        """The cube asked of the map (1.4.1 IMPORTANT) was taken: it is paid for and counted now."""
        piece = f.pop("awaiting", None)
        if piece:
            self.pay_and_count(g, f, f["here"], piece)

    def sub_prompt(self, g, f):
        opts = self.place_options(g, f)
        return {"place": opts, "done": []} if opts else {"done": []}

    def sub_text(self, g, f):
        sid = f["here"]
        placed = f["placed"][sid]
        n = placed["troops"] + placed["police"]
        what = "Troops or Police" if B.KIND[sid] == "city" else "Police"
        price = "free" if f.get("free") else f"paid so far {f['paid'][sid]}"
        # Context.offers, inline (no closure to build each step)
        if not ("place" in g.legal if g.legal is not None else self.place_options(g, f)):
            return (f"British Train in {B.name(sid)}: no cube can be placed ({n} placed, {price}; a cube needs "
                    "the Resources and a piece Available or on the map); done")
        return (f"British Train in {B.name(sid)}: place a cube ({what}, place troop|police; {n} of up to "
                f"{TRAIN_ROOM[B.KIND[sid]]} placed, {price}), or done")

    def sub_explain(self, g, f, verb, arg):
        if verb != "place":
            return None
        sid = f["here"]
        name = B.name(sid)
        if arg not in WORD_CUBE:
            return W.form("place", "troop|police", arg, self.rule)
        piece = WORD_CUBE[arg]
        if piece == "troops" and B.KIND[sid] != "city":
            return W.because(f"{name} is a Province: Train places Troops only in Kuala Lumpur, Police in "
                             "Provinces", self.rule)
        if self.room(f, sid) <= 0:
            return W.because(f"this Train has placed {TRAIN_ROOM[B.KIND[sid]]} cubes in {name}, as many as it may "
                             "there", self.rule)
        if not self.supply(g, sid, piece):
            return W.because(f"no {W.NOUNS[piece][0]} is Available or elsewhere on the map", "1.4.1")
        n = self.due(g, f, sid, piece)
        return resources.refusal(g, "british", n, f"Train in {name}", self.cost_rule_of(g, f, sid, piece))

    def sub_act(self, g, f, verb, arg):
        if verb == "done":
            f["stage"] = "select"
            return
        sid, piece = f["here"], WORD_CUBE[arg]
        if g.s["available"][piece]:
            self.pay_and_count(g, f, sid, piece)
        else:
            f["awaiting"] = piece  # paid once the owner takes one from the map (piece_left)
        place_own(g, "british", sid, piece, rule=self.rule, label="Train")

    def step(self, g, f):
        if f.pop("awaiting", None):  # the owner took no cube from the map: nothing placed, nothing paid
            return True
        if f["stage"] == "place" and self.room(f, f["here"]) <= 0:  # all placed: the selection goes on
            f["stage"] = "select"
            return True
        return super().step(g, f)

    def on_select_done(self, g, f):
        """The placements are over: the Pacify of 3.2.1 may follow in the selected spaces that qualify."""
        from .pacify import pacify_ok, start_pacify  # the Propaganda module's (imported when first needed)

        f["stage"] = "final"
        spaces = [s for s in f["spaces"] if pacify_ok(g, s)]
        if spaces:
            start_pacify(g, spaces, B.pacify_spaces(g, f["limited"]), rule=self.rule, label="Train")


@procedure
class Assault(PaidPerSpace):
    """Assault (3.2.4): spaces with British cubes and MCP pieces, 2 Resources each; see :func:`assault_space`.
    With Min Yuen unshaded (M2) in play, the British choose in one space of each Assault to remove Bases
    first; they are asked only where it would change what is removed."""

    name = "my.op.assault"
    op = "assault"
    faction = "british"
    rule = "3.2.4"
    kinds = ("province", "city", "ec")

    def ok(self, g, f, sid):
        x = g.s["spaces"][sid]
        return bool((x["troops"] or x["police"]) and (x["guerrillas_u"] or x["guerrillas_a"] or x["bases"]))

    def why_not(self, g, f, sid):
        if B.KIND[sid] == "foreign":
            return thailand_refusal(sid, "Assault needs British cubes in the space", self.rule)
        return W.because(f"{W.has(g, sid, 'cubes', 'mcp')}: Assault needs British cubes and MCP pieces there",
                         self.rule)

    most_cost = 2  # what a space costs at most (cost, below)

    def cost(self, g, f, sid):
        return 2

    def on_selected(self, g, f, sid):
        if cap(g, "M2") == "unshaded" and not f.get("bases_first") and bases_first_matters(g, sid):
            f["here"] = sid
            f["stage"] = "first"
            return
        assault_space(g, sid, self.rule)

    def sub_prompt(self, g, f):
        return {"first": ["bases", "guerrillas"]}

    def sub_text(self, g, f):
        sid = f["here"]
        plain, first = assault_outcome(g, sid), assault_outcome(g, sid, True)
        return (f"British Assault in {B.name(sid)}: remove Bases first here, once this Assault (Min Yuen, M2; "
                f"removes {first[1]} Base(s) and {first[0]} Active Guerrilla(s)), or Guerrillas first (removes "
                f"{plain[0]} Active Guerrilla(s) and {plain[1]} Base(s)): first bases|guerrillas")

    def sub_explain(self, g, f, verb, arg):
        if verb == "first":
            return W.form("first", "bases|guerrillas", arg, "M2")
        return None

    def sub_act(self, g, f, verb, arg):
        sid = f.pop("here")
        f["stage"] = "select"
        if arg == "bases":
            f["bases_first"] = sid
        assault_space(g, sid, self.rule, bases_first=arg == "bases")
