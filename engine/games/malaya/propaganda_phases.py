"""The Propaganda Round's phases that ask the players: Support (6.3) and Redeploy (6.4).

Support: the British may Pacify in up to two spaces with British Control, Troops and Police (6.3.1), then the
MCP may Agitate in up to two spaces with MCP pieces and no British Control (6.3.2; ruling R-8.0-ERRATA: the
rule, not the example's "MCP Controlled"). Both run the procedures of :mod:`pacify`.

Redeploy: the British must move every Troop in an Economic Center or in a Province with MCP Control to
Kuala Lumpur or a British Controlled Province, then may move Police to Economic Centers, Kuala Lumpur and
British Controlled Provinces (6.4.1; never Thailand, 1.4.2). Control is adjusted once the moves are over
(6.4.2; ruling R-CONTROL-PW): the player names the moves one by one (``move FROM TO troop``, ``move FROM TO
police``), each judged by the position as the phase began; ``done`` after the Police makes them all together,
and Control, with the Political Will of MCP Control gained or lost (1.7), follows. A cube moves once.
"""

from __future__ import annotations

from ...core import notation
from ...core.flow import Context, Procedure, Script, procedure
from . import board as B
from . import why as W
from .pacify import (
    agitate_ok_propaganda,
    pacify_ok,
    start_agitate,
    start_pacify,
)

notation.declare(__name__, {"move", "done"})

#: Spaces each side may use in the Support phase (6.3.1, 6.3.2).
SUPPORT_SPACES = 2
#: The order words of the pieces Redeploy moves, and their space keys.
PIECE_KEY = {"troop": "troops", "police": "police"}
#: Redeploy's move orders ``FROM TO troop|police``, by piece word, origin, then destination: the board's fixed
#: words, spelled once (the prompt lists every move each step).
REDEPLOY_ORDERS = {word: {a: {b: f"{a} {b} {word}" for b in B.SPACES} for a in B.SPACES} for word in PIECE_KEY}
#: The spaces whose Troops may have to Redeploy, in board order, each with whether it is an Economic Center (whose
#: Troops always must) or a Province (only with MCP Control): :func:`must_move` (6.4.1).
_TROOP_ORIGINS = tuple((s, B.KIND[s] == "ec") for s in B.SPACES if B.KIND[s] in ("ec", "province"))
#: The spaces cubes of each key may ever Redeploy to, in board order, each with whether it always may (Kuala
#: Lumpur; the Economic Centers for Police) or only under British Control (a Province): :func:`destinations`.
_DESTINATIONS = {key: tuple((s, s == B.KL or (key == "police" and B.KIND[s] == "ec")) for s in B.SPACES
                            if s == B.KL or B.KIND[s] == "province" or (key == "police" and B.KIND[s] == "ec"))
                 for key in ("troops", "police")}


def start_support(g: Context) -> None:
    """6.3: British Pacify, then MCP Agitate, each asked in turn."""
    g.call("my.support", "british")


def start_redeploy(g: Context) -> None:
    """6.4: the British Redeploy, Troops first (6.4.1), Control adjusted after (6.4.2)."""
    g.call("my.redeploy", "british", stage="troops", moves=[])


# -- Support (6.3) ------------------------------------------------------------------------------------

def _has_step(g: Context, sid: str, faction: str) -> bool:
    """Whether *sid* offers a first step: a Terror marker, or a level to shift toward *faction*'s side."""
    x = B.sp(g, sid)
    if x["terror"]:
        return True
    if not B.SUPPORT.takes(sid):
        return False
    end = B.SUPPORT.highest if faction == "british" else B.SUPPORT.lowest
    return B.level(g, sid) != end


@procedure
class Support(Script):
    """6.3: asks the British to Pacify, then the MCP to Agitate; says so when a side has nothing it could do."""

    name = "my.support"
    rule = "6.3"
    script = ("pacify", "agitate")

    def pacify(self, g, f):
        """6.3.1: spaces with British Control, Troops and Police; 2 Resources a step (3 with M28 shaded)."""
        spaces = [s for s in B.SPACES if pacify_ok(g, s)]
        why = self.nothing(g, "british", spaces, "British Control, Troops and Police", "Support")
        if why:
            g.say(f"British could not Pacify: {why}.", faction="british", rule="6.3.1")
            return
        start_pacify(g, spaces, SUPPORT_SPACES, rule="6.3.1", label="Support phase")

    def agitate(self, g, f):
        """6.3.2: spaces with MCP pieces and no British Control; 1 Resource a step."""
        spaces = [s for s in B.SPACES if agitate_ok_propaganda(g, s)]
        why = self.nothing(g, "mcp", spaces, "MCP pieces and no British Control", "Opposition")
        if why:
            g.say(f"MCP could not Agitate: {why}.", faction="mcp", rule="6.3.2")
            return
        start_agitate(g, spaces, SUPPORT_SPACES, rule="6.3.2", label="Support phase")

    @staticmethod
    def nothing(g: Context, faction: str, spaces: list[str], needs: str, aim: str) -> str | None:
        """Why *faction* has nothing to do in the Support phase: no space qualifies, or none has a step; ``None``
        otherwise."""
        if not spaces:
            return f"no space has {needs}"
        if not any(_has_step(g, s, faction) for s in spaces):
            return f"no space with {needs} ({W.names(spaces)}) has a Terror marker or room to shift toward {aim}"
        return None  # too few Resources: the procedure says so, with the cost


# -- Redeploy (6.4) -----------------------------------------------------------------------------------

def must_move(g: Context, sid: str) -> bool:
    """Whether the Troops in *sid* must Redeploy: an Economic Center, or a Province with MCP Control (6.4.1)."""
    return B.KIND[sid] == "ec" or (B.KIND[sid] == "province" and B.control(g, sid) == "mcp")


def troop_destination(g: Context, sid: str) -> bool:
    """Troops Redeploy to Kuala Lumpur or a British Controlled Province (6.4.1)."""
    return sid == B.KL or (B.KIND[sid] == "province" and B.control(g, sid) == "british")


def police_destination(g: Context, sid: str) -> bool:
    """Police Redeploy to an Economic Center, Kuala Lumpur or a British Controlled Province (6.4.1)."""
    return B.KIND[sid] == "ec" or troop_destination(g, sid)


def destinations(g: Context, key: str) -> list[str]:
    """The spaces cubes of *key* may Redeploy to, in board order: those of :func:`troop_destination` or of
    :func:`police_destination`, every space tested at once (what each step's prompt lists)."""
    control = g.s["control"]
    return [s for s, always in _DESTINATIONS[key] if always or control.get(s) == "british"]


@procedure
class Redeploy(Procedure):
    """British Redeploy (6.4.1) and the Control adjustment after it (6.4.2); see the module docstring."""

    name = "my.redeploy"
    rule = "6.4.1"

    # -- the moves planned ----------------------------------------------------------------------------
    @staticmethod
    def moved(f: dict, key: str) -> dict[str, int]:
        """The cubes of *key* planned to move so far, by origin (a cube moves once)."""
        n: dict[str, int] = {}
        for a, _, k in f["moves"]:
            if k == key:
                n[a] = n.get(a, 0) + 1
        return n

    def left(self, g: Context, f: dict, key: str) -> dict[str, int]:
        """The cubes of *key* not yet moved in this Redeploy, by space (those with none left out)."""
        spaces = g.s["spaces"]
        if not f["moves"]:
            return {sid: n for sid in B.SPACES if (n := spaces[sid][key]) > 0}
        moved = self.moved(f, key)
        return {sid: n for sid in B.SPACES if (n := spaces[sid][key] - moved.get(sid, 0)) > 0}

    def to_move(self, g: Context, f: dict) -> dict[str, int]:
        """The Troops that must still move, by space (6.4.1): those of :meth:`left` where :func:`must_move`
        (both tested inline, in one pass over the Provinces and Economic Centers)."""
        spaces, control = g.s["spaces"], g.s["control"]
        moved = self.moved(f, "troops") if f["moves"] else None
        out: dict[str, int] = {}
        for sid, ec in _TROOP_ORIGINS:
            if ec or control.get(sid) == "mcp":
                n = spaces[sid]["troops"] - (moved.get(sid, 0) if moved else 0)
                if n > 0:
                    out[sid] = n
        return out

    def options(self, g: Context, f: dict) -> list[str]:
        out: list[str] = []
        append = out.append  # plain loops: cheaper than a comprehension for a few destinations
        if f["stage"] == "troops":
            dests, orders = destinations(g, "troops"), REDEPLOY_ORDERS["troop"]
            for a in self.to_move(g, f):
                to = orders[a]
                for b in dests:
                    append(to[b])
            return out
        dests, orders, spaces = destinations(g, "police"), REDEPLOY_ORDERS["police"], g.s["spaces"]
        moved = self.moved(f, "police") if f["moves"] else None
        for a in B.SPACES:  # the origins of :meth:`left`, tested inline
            n = spaces[a]["police"]
            if n > 0 and (moved is None or n > moved.get(a, 0)):
                to = orders[a]
                for b in dests:
                    if b != a:
                        append(to[b])
        return out

    def prompt(self, g, f):
        out: dict[str, list[str]] = {}
        opts = self.options(g, f)
        if opts:
            out["move"] = opts
        if f["stage"] == "police" or not opts:  # Troops that must move have a destination: KL always (6.4.1)
            out["done"] = []
        return out

    def step(self, g, f):
        """Passes over a stage with nothing to move: no Troop that must move, no Police that may."""
        if f["stage"] == "troops" and not self.to_move(g, f):
            if not f["moves"]:
                g.say("No Troop had to Redeploy: none was in an Economic Center or an MCP Controlled Province.",
                      faction="british", rule="6.4.1")
            f["stage"] = "police"
            return True
        if f["stage"] == "police" and not self.police_may_move(g, f):
            self.finish(g, f)
            return True
        return False

    def police_may_move(self, g: Context, f: dict) -> bool:
        """Whether :meth:`options` lists a Police move (asked at every step: stops at the first)."""
        # Kuala Lumpur and the two Economic Centers are always Police destinations (6.4.1): every Police cube
        # not yet moved has one other than its own space
        spaces = g.s["spaces"]
        moved = self.moved(f, "police") if f["moves"] else {}
        for sid in B.SPACES:  # :meth:`left`, stopping at the first
            if spaces[sid]["police"] > moved.get(sid, 0):
                return True
        return False

    def text(self, g, f):
        planned = self.planned(f)
        tail = f"; planned, made together at the end (6.4.2): {planned}" if planned else ""
        if f["stage"] == "troops":
            name, parts = B.NAME, []  # a plain loop: the text says this each step
            for s, n in self.to_move(g, f).items():
                parts.append(f"{name[s]} {n}")
            left = ", ".join(parts)
            return ("British Redeploy: move each Troop in an Economic Center or MCP Controlled Province to Kuala "
                    f"Lumpur or a British Controlled Province (move FROM TO troop); still to move: {left}{tail}")
        return ("British Redeploy: move Police to Economic Centers, Kuala Lumpur or British Controlled Provinces "
                f"(move FROM TO police), or done to make the moves{tail}")

    @staticmethod
    def planned(f: dict) -> str:
        counts: dict[tuple, int] = {}
        for a, b, k in f["moves"]:
            move = a, b, k
            counts[move] = counts.get(move, 0) + 1
        name, count, parts = B.NAME, W.cube_count, []  # a plain loop: the text says this each step
        for (a, b, k), n in counts.items():
            parts.append(f"{count(n, k)} {name[a]} to {name[b]}")
        return ", ".join(parts)

    # -- refusals ----------------------------------------------------------------------------------------
    def explain(self, g, f, verb, arg):
        if verb == "done":
            left = self.to_move(g, f)
            return W.because("the British must move every Troop in an Economic Center or an MCP Controlled "
                             "Province: " + ", ".join(f"{W.count(n, 'troops')} in {B.name(s)}"
                                                      for s, n in left.items()) + " still to move", "6.4.1")
        if verb != "move":
            return W.turn_order(verb)
        words = (arg or "").split()
        if len(words) != 3 or words[2] not in PIECE_KEY:
            if len(words) == 3 and all(W.is_space(w) for w in words[:2]):
                return W.because(f"British Redeploy moves Troops and Police, not {words[2]!r}", "6.4.1")
            return W.form(verb, "FROM TO troop|police", arg, "6.4.1")
        a, b, piece = words
        for w in (a, b):
            if not W.is_space(w):
                return W.not_a_space(w)
        key = PIECE_KEY[piece]
        if f["stage"] == "police" and key == "troops":
            return W.because("the Troops' moves are over: Troops move first, then Police", "6.4.1")
        if f["stage"] == "troops" and key == "police":
            return W.because("the Troops that must move come first ("
                             + ", ".join(f"{W.count(n, 'troops')} in {B.name(s)}"
                                         for s, n in self.to_move(g, f).items()) + "), then Police", "6.4.1")
        if a == b:
            return W.because(f"the {W.NOUNS[key][0]} is in {B.name(a)} already", "6.4.1")
        if key == "troops" and not must_move(g, a):
            where = W.control_of(g, a) if B.KIND[a] == "province" else f"{B.name(a)} is {W.kind_of(a)}"
            return W.because(f"{where}: only Troops in Economic Centers or MCP Controlled Provinces Redeploy",
                             "6.4.1")
        if a not in self.left(g, f, key):
            moved = self.moved(f, key).get(a, 0)
            extra = f", {moved} of them already moving in this Redeploy (a cube moves once)" if moved else ""
            return W.because(f"{W.has(g, a, key)}{extra}", "6.4.1")
        if b == B.THAILAND:
            return W.because("British pieces never enter Thailand", "1.4.2")
        if key == "troops":
            return W.because(f"{self.dest_words(g, b)}: Troops Redeploy to Kuala Lumpur or British Controlled "
                             "Provinces", "6.4.1")
        return W.because(f"{self.dest_words(g, b)}: Police Redeploy to Economic Centers, Kuala Lumpur or British "
                         "Controlled Provinces", "6.4.1")

    @staticmethod
    def dest_words(g: Context, sid: str) -> str:
        if B.KIND[sid] == "province":
            return W.control_of(g, sid)
        return f"{B.name(sid)} is {W.kind_of(sid)}"

    # -- doing ---------------------------------------------------------------------------------------------
    def act(self, g, f, verb, arg):
        if verb == "done":
            if f["stage"] == "troops":
                f["stage"] = "police"
            else:
                self.finish(g, f)
            return
        a, b, piece = arg.split()
        f["moves"].append([a, b, PIECE_KEY[piece]])

    def finish(self, g: Context, f: dict) -> None:
        """Makes the moves together, then Control is adjusted (6.4.2; ruling R-CONTROL-PW), and ends."""
        moves = f["moves"]
        before = dict(g.s["control"])
        counts: dict[tuple, int] = {}
        for a, b, k in moves:
            counts[(a, b, k)] = counts.get((a, b, k), 0) + 1
        with B.together(g):
            for (a, b, k), n in counts.items():
                B.move(g, a, b, k, n)
                g.say(f"British redeployed {W.count(n, k)} from {B.name(a)} to {B.name(b)}.", faction="british",
                      rule="6.4.1")
        if not moves:
            g.say("British redeployed no Police.", faction="british", rule="6.4.1")
        if g.s["control"] == before:
            g.say("Control was adjusted: no space changed Control.", rule="6.4.2")
        g.end()
