"""Contact, the British Operation of Japanese Occupation that selects no space (3.2.2, L1352-1356; the base
of the four is ``british_ops.BritishOperation``): one Available Force 136 marker placed in a Province, or any
markers moved, each once, to an adjacent space, each with up to one non-MPAJA Guerrilla of its space; then a
Jungle Camp in each Province a marker came to that has none.

Force 136 comes from Available only (1.9 NOTE); a Jungle Camp Contact must place with none Available is moved
from elsewhere on the map, the British choosing which (1.10 L1242; ruling R-3.2.2). A Limited Contact places one
marker or moves any (2.4.4); a British Pass may conduct a Contact (2.4.3: frame ``rule="2.4.3"``,
``optional``); an Event may restrict its spaces (``only``).
"""

from __future__ import annotations

from ...coin.wording import rule_with_card as op_rule
from ...core import notation
from ...core.flow import Context, procedure
from . import board as B
from . import why as W
from .british_ops import BritishOperation

notation.declare(__name__, {"place", "choose", "move", "carry", "take", "done"})

#: The non-MPAJA Guerrillas that may move with a Force 136 marker, by order word (3.2.2).
CARRY = {"non-mpaja-u": "non_mpaja_u", "non-mpaja-a": "non_mpaja_a"}
#: The argument of ``take`` naming a Jungle Camp moved for a Contact (1.10).
CAMP = "jungle-camp"


@procedure
class Contact(BritishOperation):
    """Contact (3.2.2 L1352-1356): either one Available Force 136 marker placed in any Province (1.9 NOTE: never
    one from the map), or any Force 136 markers moved, each once, to an adjacent space, each taking along up to
    one non-MPAJA Guerrilla of its space, whose state stays (1.4.3 NOTE); then a Jungle Camp in each Province
    where a marker was placed or moved that has none (L1654, L1712).

    Contact selects no space: its steps are ``choose place|move`` (asked only when both are possible),
    ``place PROVINCE``, ``move FROM TO`` (one marker) then ``carry non-mpaja-u|non-mpaja-a`` or ``done``, and
    ``done`` once the markers wanted have moved. A Jungle Camp with none Available is moved from another space
    (1.10: ``take SPACE jungle-camp`` when there is a choice); a camp of a Province this Contact placed or
    moved a marker into stays there, and a marker or a Guerrilla moves once (ruling R-3.2.2)."""

    name = "jo.op.contact"
    op = "contact"
    rule = "3.2.2"

    # -- what may be done ------------------------------------------------------------------------------------
    @staticmethod
    def _allowed(f: dict, sid: str) -> bool:
        only = f.get("only")
        return only is None or sid in only

    def place_targets(self, g: Context, f: dict) -> list[str]:
        """The Provinces a marker may be placed in: any, with one Available (3.2.2, 1.9 NOTE)."""
        if not g.s["available"]["force_136"]:
            return []
        return [s for s in B.PROVINCES if self._allowed(f, s)]

    @staticmethod
    def movable(g: Context, f: dict, sid: str) -> int:
        """Markers in *sid* that may still move: those there less those that moved in during this Contact."""
        return B.sp(g, sid)["force_136"] - (f.get("arrived") or {}).get(sid, 0)

    def moves(self, g: Context, f: dict) -> list[str]:
        """``FROM TO`` for each marker that may still move (:meth:`movable`) and each adjacent space allowed
        (:meth:`_allowed`), both inline (3.2.2, 1.3.7)."""
        spaces, arrived, only = g.s["spaces"], f.get("arrived") or {}, f.get("only")
        out = []
        for s in B.SPACES:
            if spaces[s]["force_136"] > arrived.get(s, 0):
                pair = B.PAIRS[s]  # the orders' words, written once
                out += [pair[t] for t in B.sorted_adj(g, s) if only is None or t in only]
        return out

    def can_move(self, g: Context, f: dict) -> bool:
        """Whether :meth:`moves` holds a move: the same test, stopping at the first."""
        spaces, arrived, only = g.s["spaces"], f.get("arrived") or {}, f.get("only")
        for s in B.SPACES:
            if spaces[s]["force_136"] > arrived.get(s, 0):
                if only is None:
                    if B.adj(g, s):
                        return True
                elif any(t in only for t in B.adj(g, s)):
                    return True
        return False

    def can_place(self, g: Context, f: dict) -> bool:
        """Whether :meth:`place_targets` holds a Province: the same test, without the list."""
        if not g.s["available"]["force_136"]:
            return False
        only = f.get("only")
        return only is None or any(s in only for s in B.PROVINCES)

    def possible(self, g, f):
        return self.can_place(g, f) or self.can_move(g, f)

    def ok(self, g, f, sid):
        return False  # Contact selects no space

    def space_refusal(self, g, f, arg):
        """Why no Contact is possible (asked by the turn's refusal): no marker to place or to move."""
        return W.because("no Force 136 marker is Available to place or on the map to move", "3.2.2, 1.9")

    def carriable(self, g: Context, f: dict, sid: str) -> list[str]:
        """The non-MPAJA Guerrillas of *sid* that may go with a marker: not one that came in this Contact."""
        came = (f.get("carried") or {}).get(sid, {})
        x = B.sp(g, sid)
        return [w for w, k in CARRY.items() if x[k] - came.get(k, 0) > 0]

    def camp_sources(self, g: Context, f: dict, sid: str) -> list[str]:
        """The spaces whose Jungle Camp may be moved to *sid* (1.10): another space with one, not a Province
        this Contact placed or moved a marker into (ruling R-3.2.2)."""
        return [s for s in B.jungle_camp_sources(g, sid) if s not in f["targets"]]

    def interruptible(self, g, f):
        return f["stage"] in ("choose", "place", "move")

    # -- steps ------------------------------------------------------------------------------------------------
    def opening(self, g: Context, f: dict) -> str:
        """The first step: the choice, or the one way that is possible."""
        can_place, can_move = self.can_place(g, f), self.can_move(g, f)
        if can_place and can_move:
            return "choose"
        if can_place:
            return "place"
        if can_move:
            return "move"
        g.say("The British could not Contact: no Force 136 marker is Available or on the map.", faction="british",
              rule=op_rule(f, self.rule))
        return "final"

    def to_camps(self, f: dict) -> None:
        f["camps"] = [s for s in dict.fromkeys(f["targets"]) if B.is_province(s)]
        f["stage"] = "camps"

    def step(self, g, f):
        stage = f["stage"]
        if stage == "select":
            f.update(arrived={}, carried={}, targets=[], moved=0)
            f["stage"] = self.opening(g, f)
            return True
        if stage == "move" and f["moved"] and not self.can_move(g, f):
            self.to_camps(f)
            return True
        if stage == "camps":
            self.place_camps(g, f)
            return True
        return super().step(g, f)

    def place_camps(self, g: Context, f: dict) -> None:
        """A Jungle Camp in each Province a marker was placed or moved into that has none (3.2.2): from
        Available, else moved from the one other space that has one, else the British choose (1.10)."""
        rule = op_rule(f, self.rule)
        todo = f["camps"]
        while todo:
            sid = todo[0]
            if B.sp(g, sid)["jungle_camp"]:
                todo.pop(0)
                continue
            if B.place_marker(g, sid, "jungle_camp", "Contact", rule, faction="british"):
                todo.pop(0)
                continue
            sources = self.camp_sources(g, f, sid)
            if len(sources) > 1:
                f["stage"] = "camp"
                return
            todo.pop(0)
            if sources:
                B.move_marker(g, sources[0], sid, "jungle_camp", "Contact: none Available, the only one that may "
                              "move", f"{rule}, 1.10", faction="british")
            else:
                g.say(f"No Jungle Camp was placed in {B.NAME[sid]}: none is Available, and none elsewhere on the map "
                      "may move there.", faction="british", rule=f"{rule}, 1.10")
        f["stage"] = "final"

    def sub_prompt(self, g, f):
        stage = f["stage"]
        out: dict[str, list[str]] = {}
        if stage == "choose":
            out["choose"] = ["place", "move"]
            if f["optional"]:
                out["done"] = []
        elif stage == "place":
            out["place"] = self.place_targets(g, f)
            if f["optional"]:
                out["done"] = []
        elif stage == "move":
            moves = self.moves(g, f)
            if moves:
                out["move"] = moves
            if f["moved"] or f["optional"] or not moves:
                out["done"] = []
        elif stage == "carry":
            out["carry"] = self.carriable(g, f, f["carry"][0])
            out["done"] = []
        elif stage == "camp":
            out["take"] = [f"{s} {CAMP}" for s in self.camp_sources(g, f, f["camps"][0])]
        return out

    def sub_text(self, g, f):
        stage, who = f["stage"], self.label(f)
        legal = g.prompted(self, f)
        done = " or done" if "done" in legal else ""
        if stage == "choose":
            return (f"{who}: choose place (one Available Force 136 marker into a Province) or choose move (any Force "
                    f"136 markers, each to an adjacent space){done}")
        if stage == "place":
            return f"{who}: place a Force 136 marker in a Province (place PROVINCE){done}"
        if stage == "move":
            moved = f"{f['moved']} moved so far; " if f["moved"] else ""
            if "move" not in legal:
                return f"{who}: {moved}no Force 136 marker may move now; done"
            return f"{who}: {moved}move a Force 136 marker to an adjacent space (move FROM TO){done}"
        if stage == "carry":
            src, dst = f["carry"]
            return (f"{who}: a non-MPAJA Guerrilla of {B.NAME[src]} may go with the marker to {B.NAME[dst]} "
                    f"(carry {'|'.join(legal['carry'])}) or done to take none")
        if stage == "camp":
            sid = f["camps"][0]
            return (f"{who}: a Jungle Camp goes to {B.NAME[sid]} and none is Available; move one from the map "
                    f"(take SPACE {CAMP})")
        return ""

    def sub_explain(self, g, f, verb, arg):
        stage, rule = f["stage"], W.rule_of(f, "3.2.2")
        if stage == "choose":
            if verb == "choose":
                if arg not in ("place", "move"):
                    return W.form("choose", "place|move", arg, "3.2.2")
                return None
            if verb == "done":
                return W.because("a Contact places one Force 136 marker or moves any: choose place or move", rule)
            if verb in ("place", "move"):
                return W.because(f"choose first whether this Contact places or moves (choose {verb}): it does one, "
                                 "not both", "3.2.2")
            return None
        if stage == "place":
            if verb == "place":
                return self.place_refusal(g, f, arg)
            if verb == "done":
                return W.because("this Contact places a Force 136 marker: place it in a Province", rule)
            if verb in ("move", "choose"):
                return W.because("this Contact places a Force 136 marker and moves none: one or the other", "3.2.2")
            return None
        if stage == "move":
            if verb == "move":
                return self.move_refusal(g, f, arg)
            if verb == "done":
                return W.because("this Contact has moved no Force 136 marker yet: move at least one", rule)
            if verb in ("place", "choose"):
                return W.because("this Contact moves Force 136 markers and places none: one or the other", "3.2.2")
            return None
        if stage == "carry":
            if verb == "carry":
                return self.carry_refusal(g, f, arg)
            src, dst = f["carry"]
            return W.because(f"first say whether a non-MPAJA Guerrilla goes with the marker from {B.NAME[src]} to "
                             f"{B.NAME[dst]}: carry one, or done for none", "3.2.2")
        if stage == "camp":
            sid = f["camps"][0]
            if verb == "take":
                return self.camp_refusal(g, f, arg)
            return W.because(f"a Jungle Camp must go to {B.NAME[sid]} and none is Available: move one from the map "
                             f"(take SPACE {CAMP})", "1.10")
        return None

    def place_refusal(self, g: Context, f: dict, arg: str | None) -> str:
        if arg is None:
            return W.form("place", "PROVINCE", arg, "3.2.2")
        if not W.is_space(arg):
            return W.not_a_space(arg)
        if not B.is_province(arg):
            return W.because(f"{B.NAME[arg]} is {W.kind_of(arg)}: Contact places Force 136 in a Province", "3.2.2")
        if not self._allowed(f, arg):
            return W.because(f"{B.NAME[arg]} is not among the spaces this Contact may use ({W.names(f['only'])})",
                             W.rule_of(f, "5.1"))
        return W.because("no Force 136 marker is Available: Contact places only an Available one", "1.9")

    def move_refusal(self, g: Context, f: dict, arg: str | None) -> str:
        words = W.space_args(arg, 2, "move", "FROM TO", "3.2.2")
        if not isinstance(words, list):
            return words
        src, dst = words
        if not B.sp(g, src)["force_136"]:
            return W.because(f"{W.has(g, src, 'force_136')} to move", "3.2.2")
        if self.movable(g, f, src) <= 0:
            return W.because(f"the Force 136 marker(s) in {B.NAME[src]} moved there in this Contact: each marker "
                             "moves once, to an adjacent space", "3.2.2")
        if dst not in B.adj(g, src):
            return W.because(f"{B.NAME[dst]} is not adjacent to {B.NAME[src]}: a Force 136 marker moves to an "
                             "adjacent space", "3.2.2, 1.3.7")
        return W.because(f"{B.NAME[dst]} is not among the spaces this Contact may use ({W.names(f['only'] or [])})",
                         W.rule_of(f, "5.1"))

    def carry_refusal(self, g: Context, f: dict, arg: str | None) -> str:
        src = f["carry"][0]
        if arg in ("mpaja-u", "mpaja-a"):
            return W.because("only a non-MPAJA Guerrilla may go with a moving Force 136 marker", "3.2.2")
        if arg not in CARRY:
            return W.form("carry", "non-mpaja-u|non-mpaja-a", arg, "3.2.2")
        key = CARRY[arg]
        if B.sp(g, src)[key]:
            return W.because(f"the {W.NOUNS[key][1]} of {B.NAME[src]} came there in this Contact: a Guerrilla "
                             "moves once with a marker", "3.2.2")
        return W.because(f"{W.has(g, src, key)} to go with the marker", "3.2.2")

    def camp_refusal(self, g: Context, f: dict, arg: str | None) -> str:
        sid = f["camps"][0]
        words = W.parts(arg, 2)
        if words is None or words[1] != CAMP:
            return W.form("take", f"SPACE {CAMP}", arg, "1.10")
        src = words[0]
        if not W.is_space(src):
            return W.not_a_space(src)
        if src == sid:
            return W.because(f"the Jungle Camp goes to {B.NAME[sid]}: move one from another space", "1.10")
        if src in f["targets"] and B.sp(g, src)["jungle_camp"]:
            return W.because(f"this Contact placed or moved Force 136 into {B.NAME[src]}, whose Jungle Camp stays "
                             "(ruling R-3.2.2)", "3.2.2, 1.10")
        return W.because(f"{W.has(g, src, 'jungle_camp')} to move", "1.10")

    def sub_act(self, g, f, verb, arg):
        stage, rule = f["stage"], op_rule(f, self.rule)
        if verb == "done":
            if stage == "carry":
                f["stage"] = "move"
            elif stage == "move" and f["moved"]:
                self.to_camps(f)
            else:
                g.say("The British conducted no Contact.", faction="british", rule=rule)
                f["stage"] = "final"
            return
        if verb == "choose":
            f["stage"] = arg
            return
        if verb == "place":
            B.place_marker(g, arg, "force_136", "Contact", rule, faction="british")
            f["targets"].append(arg)
            f["spaces"].append(arg)
            self.to_camps(f)
            return
        if verb == "move":
            src, dst = arg.split(" ")
            B.move_marker(g, src, dst, "force_136", "Contact", rule, faction="british")
            f["arrived"][dst] = f["arrived"].get(dst, 0) + 1
            f["moved"] += 1
            f["targets"].append(dst)
            if dst not in f["spaces"]:
                f["spaces"].append(dst)
            if self.carriable(g, f, src):
                f["carry"] = [src, dst]
                f["stage"] = "carry"
            return
        if verb == "carry":
            src, dst = f.pop("carry")
            key = CARRY[arg]
            B.move(g, src, dst, key, 1)
            came = f["carried"].setdefault(dst, {})
            came[key] = came.get(key, 0) + 1
            g.say(f"{B.BOARD.named(key)[0].upper()}{B.BOARD.named(key)[1:]} moved with the Force 136 marker from "
                  f"{B.NAME[src]} to {B.NAME[dst]}.", faction="british", rule=rule)
            f["stage"] = "move"
            return
        if verb == "take":
            sid = f["camps"].pop(0)
            src = arg.split(" ")[0]
            B.move_marker(g, src, sid, "jungle_camp", "Contact: none Available", f"{rule}, 1.10", faction="british")
            f["stage"] = "camps"
