"""The British Special Activities of Japanese Occupation: Supply (4.2.1, L1416-1420), Gather (4.2.2, L1422-1426)
and Raid (4.2.3, L1428-1432); issue 30.

Each runs at any one time before, during or after its Operation (4.1 IMPORTANT L1406), selects a space once
(4.1 L1404) and only with the Operations its rule names (4.1.1, ruling R-4.1.1): Supply with Train or Contact,
Gather with Contact, Sabotage or Ambush, Raid with any British Operation. One an Event or a phase grants (J7,
J24, 6.4.1) has no Operation: its frame carries the card or phase as ``rule``, and may carry ``max`` (its
count), ``only`` (the spaces it may select) and ``optional`` (the text says "may": it may end with no space).

- Supply: up to two Provinces with Force 136 and a Jungle Camp, three at Operation Zipper '12' or higher (6.7.3
  L1610: :func:`board.supply_spaces`); in each the Jungle Camp gives way to a Supply Cache, one a space (1.4.2
  L1196-1198). With none Available the British may take one from the map (1.4.1 IMPORTANT L1188: their own
  forces placed by a Special Activity; ``own_pieces.place_own``), ruling R-4.2.1-CACHE. Capabilities: J8
  unshaded (one space without Force 136), J8 shaded (a die per space, 1-2: no replacement), J27 shaded (each
  Supply removes Opposition from one selected space if it can, the British choosing which).
- Gather: up to two spaces with Force 136 (J19 unshaded: three); in each selected space and each space adjacent
  to one, the British may Activate an Underground Guerrilla there to reveal its concealed Intel chit (1.11
  L1244-1246), each chit once; a chit nobody has seen gets its value from the chance source as it is revealed
  (``intel_chits.reveal_intel``). J19 shaded: the Guerrillas used outside the selected spaces must all be
  adjacent to one selected space (its Tip L1959). J22 unshaded: the Guerrillas used are not Activated.
- Raid: up to two spaces adjacent to a Supply Cache, three at Zipper '20' (6.7.3 L1612:
  :func:`board.raid_spaces`); in each, one or two Guerrillas move in from an adjacent space with a Supply Cache
  (ruling R-4.2.3-SOURCE: one such space), keeping their state (1.4.3 NOTE), then, if the British wish, a Limited
  Sabotage or Ambush there even without Force 136: the British Operation's own procedure (``jo.op.sabotage``,
  ``jo.op.ambush``) started for that one space with ``no_f136`` (ruling R-4.2.3-ACT).
"""

from __future__ import annotations

from ...core import notation
from ...core.flow import Context, procedure
from ...core.ruling_choice import chosen as ruling
from . import board as B
from . import intel_chits as chits
from . import why as W
from .operation import OP_PREFIX, cap, new_op_frame
from .own_pieces import place_own
from .special import GUERRILLA_KEYS, Selecting, sa_rule, word

notation.declare(__name__, {"space", "done", "move", "op", "reveal", "choose"})

#: The Underground Guerrillas' keys (1.4.3).
UNDERGROUND_KEYS = ("mpaja_u", "non_mpaja_u")
#: Raid's Limited Operations (4.2.3 L1432).
RAID_OPS = ("sabotage", "ambush")


# -- Supply (4.2.1) ------------------------------------------------------------------------------------------

def cache_for(g: Context, sid: str) -> bool:
    """Whether a Supply Cache could come to *sid*: one Available, or with none Available one elsewhere on the map
    (1.4.1 IMPORTANT L1188; ruling R-4.2.1-CACHE)."""
    return bool(g.s["available"]["caches"]) or any(B.sp(g, s)["caches"] for s in B.SPACES if s != sid)


@procedure
class Supply(Selecting):
    """Supply (4.2.1): in each of up to two Provinces with Force 136 and a Jungle Camp (three at Zipper '12' or
    higher, 6.7.3) the Jungle Camp is replaced by a Supply Cache (the marker to Available, the Cache from
    Available or, with none there, from the map at the British choice, 1.4.1 IMPORTANT). A Province holding a
    Supply Cache already is not selected (1.4.2: placing never violates stacking; ruling R-4.2.1-CACHE), nor one
    no Supply Cache could reach. J8 unshaded: one selected Province needs no Force 136 (its Tip L1827: the count
    stays). J8 shaded: a die per selected space, on 1-2 the Jungle Camp stays. J27 shaded: once the selection
    ends, the Opposition of one selected space is removed, the British choosing which where several are at
    Opposition (its Tip L2057: one must be if any can). Sub-stages: ``placing`` (the British choose a Supply
    Cache on the map, ``jo.from_map``), ``opposition`` (J27's choice, ``choose SPACE``)."""

    name = "jo.sa.supply"
    sa = "supply"
    faction = "british"
    rule = "4.2.1"
    accompanies = ("train", "contact")
    where = "a Province with Force 136 and a Jungle Camp"

    def own_max(self, g):
        return B.supply_spaces(g)

    def own_count_rule(self, g):
        return "4.2.1, 6.7.3" if g.s["zipper"] >= B.SUPPLY_MORE_AT else self.rule

    def air_drop(self, g: Context, f: dict) -> bool:
        """J8 unshaded: this Supply may still select its one Province without Force 136."""
        return cap(g, "J8") == "unshaded" and not f.get("air_drop")

    def qualifies(self, g, f, sid):
        x = g.s["spaces"][sid]
        return (B.KIND[sid] == "province" and bool(x["jungle_camp"]) and not x["caches"]
                and (bool(x["force_136"]) or self.air_drop(g, f)) and cache_for(g, sid))

    def unqualified(self, g, f, sid):
        name, x = B.name(sid), B.sp(g, sid)
        if not B.is_province(sid):
            return W.because(f"{name} is {W.kind_of(sid)}: Supply takes place in Provinces", self.rule)
        if not x["jungle_camp"]:
            return W.because(f"{name} has no Jungle Camp for a Supply Cache to replace", self.rule)
        if x["caches"]:
            return W.because(f"{name} holds a Supply Cache already, and a space holds one at most: placing never "
                             "violates stacking (ruling R-4.2.1-CACHE)", "1.4.2, 4.2.1")
        if not x["force_136"] and not self.air_drop(g, f):
            if cap(g, "J8") == "unshaded":
                return W.because(f"{name} has no Force 136 marker, and this Supply's one Province without one is "
                                 f"{B.name(f['air_drop'])}", "J8")
            return W.because(f"{name} has no Force 136 marker: Supply takes place in Provinces with Force 136 and "
                             "a Jungle Camp", self.rule)
        return W.because(f"no Supply Cache is Available or elsewhere on the map to replace the Jungle Camp in {name} "
                         f"(Operation Zipper holds {len(g.s['zipper_caches'])}; ruling R-4.2.1-CACHE)", "1.4.1, 4.2.1")

    def on_space(self, g, f, sid):
        rule, name = sa_rule(f, self.rule), B.name(sid)
        if not B.sp(g, sid)["force_136"]:
            f["air_drop"] = sid
            g.say(f"British Supply in {name}, which has no Force 136: Air Drops allow one such Province.",
                  faction="british", rule=f"{rule}, J8")
        else:
            g.say(f"British Supply in {name}.", faction="british", rule=rule)
        if cap(g, "J8") == "shaded":
            die = g.roll(f"Air Drops (J8 shaded): Supply in {name}")
            lost = die <= 2
            g.say(f"Rolled {die} for Air Drops in {name}: "
                  f"{'supplies lost, the Jungle Camp is not replaced' if lost else 'the Jungle Camp is replaced'} "
                  "(1-2 loses them).", faction="british", rule="J8")
            if lost:
                return
        depth = len(g.frames)
        place_own(g, "british", sid, "caches", rule=rule, label="Supply")
        if len(g.frames) > depth:  # none Available: the British choose a Supply Cache on the map, or none
            f["stage"], f["here"] = "placing", sid
            return
        self.replaced(g, f, sid)

    def replaced(self, g: Context, f: dict, sid: str) -> None:
        """The Supply Cache came to *sid*: the Jungle Camp goes to Available; none came: the Jungle Camp stays
        (ruling R-4.2.1-CACHE)."""
        rule = sa_rule(f, self.rule)
        if B.sp(g, sid)["caches"]:
            B.remove_marker(g, sid, "jungle_camp", "Supply: replaced by the Supply Cache", rule)
        else:
            g.say(f"No Supply Cache came to {B.name(sid)}: the Jungle Camp there stays (ruling R-4.2.1-CACHE).",
                  faction="british", rule=rule)

    def sub_advance(self, g, f):
        if f["stage"] == "placing":  # the choice of a Supply Cache on the map was made
            self.replaced(g, f, f.pop("here"))
            f["stage"] = "select"
            return True
        return False

    # -- J27 shaded ----------------------------------------------------------------------------------------
    def close(self, g, f):
        if cap(g, "J27") != "shaded" or not f["chosen"]:
            return False
        opposed = [s for s in f["chosen"] if B.opposed(g, s)]
        if len(opposed) > 1:
            f["stage"] = "opposition"
            return True
        if opposed:
            B.set_neutral(g, opposed[0], "Jungle Conference: the Supply removes Opposition from a selected space",
                          "J27", faction="british")
        else:
            g.say("Jungle Conference: no space this Supply selected is at Opposition, so none is removed.",
                  faction="british", rule="J27")
        return False

    def sub_prompt(self, g, f):
        if f["stage"] == "opposition":
            return {"choose": [s for s in f["chosen"] if B.opposed(g, s)]}
        return {}

    def sub_text(self, g, f):
        if f["stage"] == "opposition":
            opposed = [s for s in f["chosen"] if B.opposed(g, s)]
            return (f"British Supply, Jungle Conference (J27): choose the selected space whose Opposition is removed "
                    f"({W.names(opposed, joint='or')}: choose SPACE)")
        return f"{self.head(f)}: a Supply Cache is being placed"

    def sub_refusal(self, g, f, verb, arg):
        if f["stage"] != "opposition":
            return None
        opposed = [s for s in f["chosen"] if B.opposed(g, s)]
        if verb == "choose" and arg is not None:
            if not W.is_space(arg):
                return W.not_a_space(arg)
            if arg not in f["chosen"]:
                return W.because(f"{B.name(arg)} is not a space this Supply selected ({W.names(f['chosen'])})", "J27")
            return W.because(f"{W.level_of(g, arg)}: the Opposition removed is one of {W.names(opposed)}", "J27")
        if verb == "done":
            return W.because(f"this Supply must remove the Opposition of one selected space, and "
                             f"{W.names(opposed)} are at Opposition: choose one", "J27")
        return None

    def sub_act(self, g, f, verb, arg):
        if f["stage"] == "opposition":
            B.set_neutral(g, arg, "Jungle Conference: the Supply removes Opposition from a selected space", "J27",
                          faction="british")
            g.end(list(f["chosen"]))


# -- Gather (4.2.2) ------------------------------------------------------------------------------------------

@procedure
class Gather(Selecting):
    """Gather (4.2.2): up to two spaces with Force 136 (J19 unshaded: three); in each selected space and each
    space adjacent to one, the British may Activate one Underground Guerrilla there to reveal its concealed Intel
    chit (``reveal SPACE mpaja-u|non-mpaja-u``), each chit once (an EC has none, 1.3.5 NOTE). The selection and
    the reveals may interleave (4.1: the faction chooses the order of actions): a reveal is offered once a
    selected space reaches it. J19 shaded: the reveals outside the selected spaces must all be adjacent to one
    same selected space (its Tip L1959). J22 unshaded: the Guerrilla used stays Underground; it must still be
    Underground (ruling R-J22)."""

    name = "jo.sa.gather"
    sa = "gather"
    faction = "british"
    rule = "4.2.2"
    accompanies = ("contact", "sabotage", "ambush")
    where = "a space with Force 136"
    raised_by = ("J19", "unshaded", 3)

    def qualifies(self, g, f, sid):
        return bool(g.s["spaces"][sid]["force_136"])

    def unqualified(self, g, f, sid):
        return W.because(f"{B.name(sid)} has no Force 136 marker: Gather takes place in spaces with Force 136",
                         self.rule)

    def possible(self, g, f=None):
        """A space it may select from which a chit could be revealed (in it or next to it, 4.2.2)."""
        f = f or {}
        if self.most(g, f) <= 0:
            return False
        only, spaces, intel = f.get("only"), g.s["spaces"], g.s["intel"]
        for s in B.SPACES:
            if spaces[s]["force_136"] and (only is None or s in only):  # qualifies, inline
                for t in (s, *B.adj(g, s)):
                    chit, x = intel.get(t), spaces[t]  # usable, inline
                    if chit is not None and not chit["revealed"] and x["mpaja_u"] + x["non_mpaja_u"] > 0:
                        return True
        return False

    @staticmethod
    def usable(g: Context, t: str) -> bool:
        """*t* has a concealed Intel chit and an Underground Guerrilla to reveal it (1.11, 4.2.2)."""
        return chits.concealed(g, t) and B.underground(B.sp(g, t)) > 0

    def reach(self, g: Context, f: dict, t: str) -> bool:
        """Whether the Guerrillas of *t* may serve: *t* selected or adjacent to a selected space; J19 shaded, those
        outside the selected spaces all adjacent to one selected space."""
        chosen = f["chosen"]
        if t in chosen:
            return True
        if cap(g, "J19") == "shaded":
            outside = [u for u in f.get("used", ()) if u not in chosen] + [t]
            return any(all(u in B.adj(g, s) for u in outside) for s in chosen)
        return any(t in B.adj(g, s) for s in chosen)

    def targets(self, g: Context, f: dict) -> list[str]:
        """The spaces whose chit may be revealed now, in board order: not revealed in this Gather, :meth:`usable`
        (inline) and within :meth:`reach`; none before a space is selected (each reveal is in or next to one)."""
        chosen = f["chosen"]
        if not chosen:
            return []
        used, intel, spaces, reach = f.get("used", ()), g.s["intel"], g.s["spaces"], self.reach
        out = []
        for t in B.INTEL_SPACES:
            if t in used:
                continue
            chit, x = intel.get(t), spaces[t]
            if chit is not None and not chit["revealed"] and x["mpaja_u"] + x["non_mpaja_u"] > 0 and reach(g, f, t):
                out.append(t)
        return out

    def more(self, g, f, out):
        spaces = g.s["spaces"]
        reveals = [f"{t} {word(k)}" for t in self.targets(g, f) for k in UNDERGROUND_KEYS if spaces[t][k]]
        if reveals:
            out["reveal"] = reveals

    def more_text(self, g, f):
        if not g.offers("reveal", lambda: bool(self.targets(g, f))):
            return []
        how = "used, not Activated" if cap(g, "J22") == "unshaded" else "Activated"
        return [f"reveal a concealed Intel chit in or next to a selected space, an Underground Guerrilla there {how} "
                "(reveal SPACE mpaja-u|non-mpaja-u)"]

    def more_refusal(self, g, f, verb, arg):
        if verb != "reveal" or arg is None:
            return None
        words = W.parts(arg, 2)
        if words is None or words[1] not in ("mpaja-u", "non-mpaja-u"):
            return W.form("reveal", "SPACE mpaja-u|non-mpaja-u", arg, self.rule)
        t, w = words
        if not W.is_space(t):
            return W.not_a_space(t)
        name, chosen = B.name(t), f["chosen"]
        if t in f.get("used", ()):
            return W.because(f"this Gather revealed the chit in {name} already: each chit once", self.rule)
        if t not in B.INTEL_SPACES:
            return W.because(f"{name} is {W.kind_of(t)}, which holds no Intel chit", "1.3.5, 1.11")
        chit = g.s["intel"][t]
        if chit is None:
            return W.because(f"{name} has no Intel chit until the Reset (set aside by Lim Bo Seng)", "J20, 1.11")
        if chit["revealed"]:
            return W.because(f"the Intel chit in {name} is revealed already: Gather reveals a concealed one",
                             self.rule)
        if not chosen:
            return W.because("Gather reveals chits in and next to its selected spaces: select a space first",
                             self.rule)
        if t not in chosen and not any(t in B.adj(g, s) for s in chosen):
            return W.because(f"{name} is neither selected for this Gather ({W.names(chosen)}) nor adjacent to a "
                             "selected space", self.rule)
        key = W.piece_key(w)
        if not B.sp(g, t)[key]:
            return W.because(f"{W.has(g, t, key)} to reveal the chit with", self.rule)
        outside = [u for u in f.get("used", ()) if u not in chosen]
        return W.because(f"Radios down: the Guerrillas used outside the selected spaces must all be adjacent to one "
                         f"selected space, and {W.names([*outside, t])} are not", "J19")

    def more_act(self, g, f, verb, arg):
        t, w = arg.split(" ")
        key, rule = W.piece_key(w), sa_rule(f, self.rule)
        f.setdefault("used", []).append(t)
        if cap(g, "J22") == "unshaded":
            g.say(f"British Gather in {B.name(t)}: {W.count(1, key)} gave the intelligence and stays Underground "
                  "(Jikeidan System).", faction="british", rule=f"{rule}, J22")
        else:
            B.activate(g, t, key)
            g.say(f"British Gather in {B.name(t)}: {W.count(1, key)} went Active.", faction="british", rule=rule)
        chits.reveal_intel(g, t, "Gather", rule)


# -- Raid (4.2.3) --------------------------------------------------------------------------------------------

def raid_sources(g: Context, sid: str) -> list[str]:
    """The spaces adjacent to *sid* with a Supply Cache and a Guerrilla to move in (4.2.3), in board order."""
    adj = B.adj(g, sid)
    return [s for s in B.SPACES if s in adj and B.sp(g, s)["caches"] and B.guerrillas(B.sp(g, s))]


def one_source(g: Context) -> bool:
    """Ruling R-4.2.3-SOURCE: the Guerrillas moving into one Raid space come from one space (default), or each
    from any adjacent space with a Supply Cache."""
    return ruling(g.s, "R-4.2.3-SOURCE", "one") == "one"


@procedure
class Raid(Selecting):
    """Raid (4.2.3): up to two spaces adjacent to a Supply Cache (three at Zipper '20', 6.7.3). In each, one or
    two Guerrillas move in from an adjacent space with a Supply Cache (``move FROM PIECE``, any kind and state,
    the state kept; from one such space, ruling R-4.2.3-SOURCE), ``done`` after the first; then, if the British
    wish, a Limited Sabotage or Ambush in that space alone even without Force 136 (``op sabotage|ambush``: the
    Operation's own procedure, ruling R-4.2.3-ACT), or ``done``. Frame: ``here``, ``moved``, ``source`` while a
    space's moves are made; stage ``act`` while the Operation is chosen, ``running`` while it runs."""

    name = "jo.sa.raid"
    sa = "raid"
    faction = "british"
    rule = "4.2.3"
    accompanies = ("train", "contact", "sabotage", "ambush")
    where = "a space adjacent to a Supply Cache with a Guerrilla"

    def own_max(self, g):
        return B.raid_spaces(g)

    def own_count_rule(self, g):
        return "4.2.3, 6.7.3" if g.s["zipper"] >= B.RAID_MORE_AT else self.rule

    def qualifies(self, g, f, sid):
        spaces = g.s["spaces"]  # raid_sources holds one: an adjacent space with a Supply Cache and a Guerrilla
        return any(spaces[s]["caches"] and B.guerrillas(spaces[s]) for s in B.adj(g, sid))

    def possible(self, g, f=None):
        """The selection's test, asked only where a Supply Cache and a Guerrilla share a space somewhere (a
        :func:`raid_sources` for some space): elsewhere no space qualifies."""
        spaces = g.s["spaces"]
        if not any(x["caches"] and B.guerrillas(x) for x in spaces.values()):
            return False
        return super().possible(g, f)

    def unqualified(self, g, f, sid):
        near = [s for s in sorted(B.adj(g, sid)) if B.sp(g, s)["caches"]]
        if near:
            return W.because(f"{B.name(sid)} is adjacent to a Supply Cache only in {W.names(near)}, where no "
                             "Guerrilla is to move in", self.rule)
        return W.because(f"{B.name(sid)} is adjacent to no space with a Supply Cache", self.rule)

    # -- the moves -----------------------------------------------------------------------------------------
    def on_space(self, g, f, sid):
        f.update(stage="move", here=sid, moved=0, source=None)
        g.say(f"British Raid into {B.name(sid)}.", faction="british", rule=sa_rule(f, self.rule))

    def moves(self, g: Context, f: dict) -> list[str]:
        """``FROM PIECE`` for each Guerrilla that may move in now (one or two, 4.2.3)."""
        if f["moved"] >= 2:
            return []
        srcs = [f["source"]] if f["source"] and one_source(g) else raid_sources(g, f["here"])
        return [f"{s} {word(k)}" for s in srcs for k in GUERRILLA_KEYS if B.sp(g, s)[k]]

    def op_frame(self, g: Context, f: dict, op: str) -> dict:
        """The frame of Raid's Limited Sabotage or Ambush: one space, the Raid's, no Force 136 needed, no Special
        Activity (2.4.4), optional (4.2.3: if desired)."""
        return new_op_frame(g, op, True, False, spaces=1, only=[f["here"]], optional=True, no_f136=True,
                            rule=self.rule)

    def ops(self, g: Context, f: dict) -> list[str]:
        """The Limited Operations Raid may perform in its space now."""
        out = []
        for op in RAID_OPS:
            proc = g.procs.get(f"{OP_PREFIX}{op}")
            if proc is not None and proc.possible(g, self.op_frame(g, f, op)):
                out.append(op)
        return out

    def sub_prompt(self, g, f):
        if f["stage"] == "move":
            out: dict[str, list[str]] = {}
            m = self.moves(g, f)
            if m:
                out["move"] = m
            if f["moved"]:
                out["done"] = []
            return out
        if f["stage"] == "act":
            out = {"done": []}
            ops = self.ops(g, f)
            if ops:
                out["op"] = ops
            return out
        return {}

    def sub_text(self, g, f):
        name = B.name(f["here"])
        if f["stage"] == "move":
            if f["moved"]:
                return (f"British Raid into {name}: {f['moved']} Guerrilla moved in; a second (move FROM PIECE), or "
                        "done")
            return (f"British Raid into {name}: move in a Guerrilla from an adjacent space with a Supply Cache "
                    "(move FROM PIECE)")
        if f["stage"] == "act":
            ops = self.ops(g, f) if g.legal is None else g.legal.get("op", [])
            return (f"British Raid in {name}: a Limited Sabotage or Ambush there, even without Force 136 "
                    f"(op {'|'.join(ops)}), or done")
        return f"British Raid in {name}"

    def sub_refusal(self, g, f, verb, arg):
        name, stage = B.name(f["here"]), f["stage"]
        if stage == "move":
            if verb == "move":
                return self.move_refusal(g, f, arg)
            if verb == "done":
                return W.because(f"Raid moves one or two Guerrillas into {name}: none moved yet", self.rule)
            if verb in ("space", "op"):
                return W.because(f"the Raid into {name} moves its Guerrillas in first", self.rule)
            return None
        if stage == "act":
            if verb == "op":
                return self.op_refusal(g, f, arg)
            if verb in ("space", "move"):
                return W.because(f"the Raid in {name} has moved its Guerrillas in: a Limited Sabotage or Ambush "
                                 "there, or done, comes first", self.rule)
        return None

    def move_refusal(self, g: Context, f: dict, arg: str | None) -> str | None:
        """Why *arg* (``FROM PIECE``) may not move in: one or two (4.2.3), from an adjacent space with a Supply
        Cache, from one such space (ruling R-4.2.3-SOURCE), a piece there."""
        here = f["here"]
        if f["moved"] >= 2:
            return W.because(f"Raid moves one or two Guerrillas into {B.name(here)} and has moved 2", self.rule)
        if arg is None:
            return None
        words = W.parts(arg, 2)
        if words is None or words[1] not in [word(k) for k in GUERRILLA_KEYS]:
            return W.form("move", "FROM mpaja-u|mpaja-a|non-mpaja-u|non-mpaja-a", arg, self.rule)
        src, w = words
        if not W.is_space(src):
            return W.not_a_space(src)
        if src not in B.adj(g, here):
            return W.because(f"{B.name(src)} is not adjacent to {B.name(here)}", self.rule)
        if not B.sp(g, src)["caches"]:
            return W.because(f"{B.name(src)} has no Supply Cache: Raid moves Guerrillas in from a space with one",
                             self.rule)
        if f["source"] and src != f["source"] and one_source(g):
            return W.because(f"the Raid's Guerrillas into {B.name(here)} come from one space, {B.name(f['source'])} "
                             "(ruling R-4.2.3-SOURCE)", self.rule)
        return W.because(f"{W.has(g, src, W.piece_key(w))} to move in", self.rule)

    def op_refusal(self, g: Context, f: dict, arg: str | None) -> str | None:
        if arg is None or arg in self.ops(g, f):
            return None
        if arg not in RAID_OPS:
            return W.because(f"{arg!r}: Raid's Operation is a Limited Sabotage or Ambush", self.rule)
        name = f"{OP_PREFIX}{arg}"
        proc = g.procs.get(name)
        frame = {**self.op_frame(g, f, arg), "p": name, "role": "british"}
        why = proc.space_refusal(g, frame, f["here"]) if proc is not None else None
        return why or W.because(f"a Limited {arg.title()} could do nothing in {B.name(f['here'])}", self.rule)

    def sub_act(self, g, f, verb, arg):
        here, rule = f["here"], sa_rule(f, self.rule)
        if f["stage"] == "move":
            if verb == "done":
                f["stage"] = "act"
                return
            src, w = arg.split(" ")
            key = W.piece_key(w)
            B.move(g, src, here, key)
            f["moved"] += 1
            f["source"] = f["source"] or src
            g.say(f"British Raid: {W.count(1, key)} moved from {B.name(src)} into {B.name(here)}.",
                  faction="british", rule=rule)
            if f["moved"] >= 2:
                f["stage"] = "act"
            return
        if f["stage"] == "act":
            if verb == "done":
                self.next_space(f)
                return
            g.say(f"British Raid: a Limited {arg.title()} in {B.name(here)}, without Force 136.", faction="british",
                  rule=rule)
            f["stage"] = "running"
            g.call(f"{OP_PREFIX}{arg}", "british", **self.op_frame(g, f, arg))

    @staticmethod
    def next_space(f: dict) -> None:
        for k in ("here", "moved", "source", "ret"):
            f.pop(k, None)
        f["stage"] = "select"

    def sub_advance(self, g, f):
        stage = f["stage"]
        if stage == "running":  # the Limited Operation has ended
            self.next_space(f)
            return True
        if stage == "move" and f["moved"] and not self.moves(g, f):
            f["stage"] = "act"  # no second Guerrilla can come: nothing to ask
            return True
        if stage == "act" and not self.ops(g, f):
            g.say(f"No Limited Sabotage or Ambush is possible in {B.name(f['here'])}: the Raid there ends.",
                  faction="british", rule=self.rule)
            self.next_space(f)
            return True
        return False
