"""The phases of Kenya's Propaganda Round that ask the players: Support (6.3), Redeploy with the Forest Camps
(6.4) and the Reset's Pipeline shift (6.5).

Support: the British may perform a Reward Special Activity (6.3.1), then the Mau Mau an Oath (6.3.2), each
under its own rule (4.2.1, 4.3.2, their Capabilities included), free and with no Operation (ruling
R-FREE-OPS). Each is offered (``sa reward`` / ``sa oath``, or ``done`` to forgo it) only when it could do
something; otherwise the log says the side could not. The Special Activity then runs as its procedure
``ke.sa.<name>`` with the locals an Event's free Special Activity gets (``rule``, ``free``, ``max``, ``only``).

Redeploy (6.4.1; ruling R-6.4-REDEPLOY): the British must move every Troop in a Mountain Jungle to a British
Controlled Province or Nairobi, then may move any Police on the map to such Provinces or Nairobi. The player
names the moves one at a time (``move FROM TO troop``, ``move FROM TO police``), each judged by the position as
the phase began; ``done`` after the Police makes them all together. A cube moves once; adjacency does not
matter. Control follows the moves once they are made, with the Political Will of Mau Mau Control gained or
lost (1.7, 6.4.3; ruling R-CONTROL-PW): the Forest Camps Rallies that follow change only the Mountain
Jungles, whose Population is 0, so no Political Will depends on whether their Control is adjusted with the
moves or after the Rallies.

Forest Camps (6.4.2): the Mau Mau may free Rally in each Mountain Jungle (``op rally`` / ``done``): one free
Rally Operation (``ke.op.rally``) that may select both Mountain Jungles and no other space (3.1.2, 5.4).

Reset (6.5, 6.6.1): the British may shift the Pipeline Track one box either way (``pipeline up|down``) or
leave it (``done``); never past either end (ruling R-PIPELINE-1).
"""

from __future__ import annotations

from ...core import notation
from ...core.errors import RulesBugError
from ...core.flow import Context, Procedure, Script, procedure
from . import board as B
from . import why as W
from .operation import SA_PREFIX, new_op_frame, op_refusal
from .rules import PIPELINE_STEPS, PassPipeline

notation.declare(__name__, {"sa", "op", "move", "done", "pipeline"})

#: The order words of the pieces Redeploy moves, and their space keys.
PIECE_KEY = {"troop": "troops", "police": "police"}
#: The Rally Operation's procedure (3.3.1), run free by the Forest Camps.
RALLY = "ke.op.rally"


def start_support(g: Context) -> None:
    """6.3: British Reward, then Mau Mau Oath, each offered in turn."""
    g.call(Support.name, "british")


def start_redeploy(g: Context) -> None:
    """6.4.1: the British Redeploy, Troops first, then Police."""
    g.call(Redeploy.name, "british", stage="troops", moves=[])


def start_forest_camps(g: Context) -> None:
    """6.4.2: the Mau Mau may free Rally in each Mountain Jungle; offered only if the Rally could select one."""
    frame = new_op_frame(g, "rally", False, False, spaces=len(B.MOUNTAIN_JUNGLES), free=True,
                         only=list(B.MOUNTAIN_JUNGLES), rule="6.4.2")
    _procedure(g, RALLY)
    why = op_refusal(g, "maumau", "rally", frame)
    if why:
        g.say(f"Forest Camps: the Mau Mau could not free Rally: {why}.", faction="maumau", rule="6.4.2")
        return
    g.call(Offer.name, "maumau", verb="op", word="rally", target=RALLY, local=frame, rule="6.4.2",
           label="Forest Camps", what="free Rally in each Mountain Jungle")


def start_reset_pipeline(g: Context) -> None:
    """6.5: the British may shift the Pipeline Track one box either way."""
    g.call(ResetPipeline.name, "british")


def _procedure(g: Context, name: str) -> Procedure:
    """The procedure *name* of this game; a missing one is a rules bug (the phase cannot run without it)."""
    proc = g.procs.get(name)
    if proc is None:
        raise RulesBugError(f"the Propaganda Round needs the procedure {name!r}, which Kenya does not have")
    return proc


# -- Support (6.3) ------------------------------------------------------------------------------------

@procedure
class Support(Script):
    """6.3: offers the British a Reward (6.3.1), then the Mau Mau an Oath (6.3.2); says so when a side could
    do nothing."""

    name = "ke.support"
    rule = "6.3"
    script = ("reward", "oath")

    def reward(self, g, f):
        self.offer(g, "british", "reward", "6.3.1")

    def oath(self, g, f):
        self.offer(g, "maumau", "oath", "6.3.2")

    @staticmethod
    def offer(g: Context, role: str, sa: str, rule: str) -> None:
        """Offers *role* the free Special Activity *sa* if it could do something now, else logs why not."""
        target = f"{SA_PREFIX}{sa}"
        proc = _procedure(g, target)
        local = {"rule": rule, "free": True, "max": None, "only": None}
        who, title = B.CONTROL.name(role), sa.title()
        if not proc.possible(g, local):
            g.say(f"Support phase: the {who} could not {title}: it has nothing it could do now.", faction=role,
                  rule=rule)
            return
        g.call(Offer.name, role, verb="sa", word=sa, target=target, local=local, rule=rule,
               label="Support phase", what=title)


@procedure
class Offer(Procedure):
    """A phase's "may": *role* takes the Special Activity or Operation offered (``sa NAME`` / ``op NAME``),
    which then runs in this frame's place, or forgoes it (``done``). Locals: ``verb``, ``word``, ``target``
    (the procedure run), ``local`` (its frame locals), ``rule``, ``label`` and ``what`` (for the text)."""

    name = "ke.propaganda.offer"

    def rule_for(self, g, f):
        return f["rule"]

    def prompt(self, g, f):
        return {f["verb"]: [f["word"]], "done": []}

    def text(self, g, f):
        who = B.CONTROL.name(f["role"])
        return f"{f['label']}: the {who} may {f['what']} ({f['verb']} {f['word']}), or done to forgo it"

    def explain(self, g, f, verb, arg):
        if verb == f["verb"]:
            return W.because(f"the {f['label']} offers the {B.CONTROL.name(f['role'])} {f['what']} "
                             f"({f['verb']} {f['word']}), not {arg!r}", f["rule"])
        return W.turn_order(verb)

    def act(self, g, f, verb, arg):
        who = B.CONTROL.name(f["role"])
        if verb == "done":
            g.say(f"{f['label']}: the {who} chose not to {f['what']}.", faction=f["role"], rule=f["rule"])
            g.end()
            return
        g.say(f"{f['label']}: the {who} began a free {f['word'].title()}.", faction=f["role"], rule=f["rule"])
        g.goto(f["target"], f["role"], **f["local"])


# -- Redeploy (6.4.1) ---------------------------------------------------------------------------------

def troop_must_move(sid: str) -> bool:
    """Troops in a Mountain Jungle must Redeploy (6.4.1)."""
    return B.is_mountain_jungle(sid)


def destination(g: Context, sid: str) -> bool:
    """Troops and Police Redeploy to Nairobi, whoever Controls it, or a British Controlled Province; never a
    Mountain Jungle (6.4.1; ruling R-6.4-REDEPLOY)."""
    return sid == B.NAIROBI or (B.KIND[sid] == "province" and B.control(g, sid) == "british")


#: Redeploy's move orders ``FROM TO troop|police``, by piece word and (origin, destination), written once (a
#: prompt lists many).
MOVE_ORDERS = {w: {(a, b): f"{a} {b} {w}" for a in B.SPACES for b in B.SPACES} for w in ("troop", "police")}


def destinations(g: Context) -> list[str]:
    """The spaces of :func:`destination`, in board order, every space tested at once (what each step's prompt
    lists)."""
    control, kind = g.s["control"], B.KIND
    return [s for s in B.SPACES if s == B.NAIROBI or (kind[s] == "province" and control.get(s) == "british")]


@procedure
class Redeploy(Procedure):
    """British Redeploy (6.4.1); see the module docstring."""

    name = "ke.redeploy"
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
        """The Troops that must still move, by Mountain Jungle (6.4.1)."""
        return {sid: n for sid, n in self.left(g, f, "troops").items() if troop_must_move(sid)}

    def options(self, g: Context, f: dict) -> list[str]:
        dests = destinations(g)
        if f["stage"] == "troops":
            orders = MOVE_ORDERS["troop"]
            return [orders[a, b] for a in self.to_move(g, f) for b in dests]
        orders = MOVE_ORDERS["police"]
        return [orders[a, b] for a in self.left(g, f, "police") for b in dests if b != a]

    def prompt(self, g, f):
        out: dict[str, list[str]] = {}
        opts = self.options(g, f)
        if opts:
            out["move"] = opts
        if f["stage"] == "police":
            out["done"] = []
        return out

    def step(self, g, f):
        """Passes over a stage with nothing to move: no Troop in a Mountain Jungle, no Police that may move."""
        if f["stage"] == "troops" and not self.to_move(g, f):
            if not f["moves"]:
                g.say("No Troop had to Redeploy: none was in a Mountain Jungle.", faction="british", rule="6.4.1")
            f["stage"] = "police"
            return True
        if f["stage"] == "police" and not self.police_may_move(g, f):
            self.finish(g, f)
            return True
        return False

    def police_may_move(self, g: Context, f: dict) -> bool:
        """Whether :meth:`options` lists a Police move (asked at every step: stops at the first)."""
        left = self.left(g, f, "police")
        return bool(left) and any(b != a for b in destinations(g) for a in left)

    def text(self, g, f):
        planned = self.planned(f)
        tail = f"; planned, made together at the end: {planned}" if planned else ""
        if f["stage"] == "troops":
            left = ", ".join(f"{B.name(s)} {n}" for s, n in self.to_move(g, f).items())
            return ("British Redeploy: move each Troop in a Mountain Jungle to a British Controlled Province or "
                    f"Nairobi (move FROM TO troop); still to move: {left}{tail}")
        return ("British Redeploy: move Police to British Controlled Provinces or Nairobi (move FROM TO police), "
                f"or done to make the moves{tail}")

    @staticmethod
    def planned(f: dict) -> str:
        counts: dict[tuple, int] = {}
        for a, b, k in f["moves"]:
            counts[(a, b, k)] = counts.get((a, b, k), 0) + 1
        return ", ".join(f"{W.count(n, k)} {B.name(a)} to {B.name(b)}" for (a, b, k), n in counts.items())

    # -- refusals ----------------------------------------------------------------------------------------
    def explain(self, g, f, verb, arg):
        if verb == "done":
            return W.because("the British must move every Troop in a Mountain Jungle: "
                             + ", ".join(f"{W.count(n, 'troops')} in {B.name(s)}"
                                         for s, n in self.to_move(g, f).items()) + " still to move", "6.4.1")
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
            return W.because("the Troops in the Mountain Jungles move first ("
                             + ", ".join(f"{W.count(n, 'troops')} in {B.name(s)}"
                                         for s, n in self.to_move(g, f).items()) + "), then Police", "6.4.1")
        if a == b:
            return W.because(f"the {W.NOUNS[key][0]} is in {B.name(a)} already", "6.4.1")
        if key == "troops" and not troop_must_move(a):
            return W.because(f"{B.name(a)} is {W.kind_of(a)}: only Troops in the Mountain Jungles Redeploy",
                             "6.4.1")
        if a not in self.left(g, f, key):
            moved = self.moved(f, key).get(a, 0)
            extra = f", {moved} of them already moving in this Redeploy (a cube moves once)" if moved else ""
            return W.because(f"{W.has(g, a, key)}{extra}", "6.4.1")
        what = "Troops" if key == "troops" else "Police"
        if B.is_mountain_jungle(b):
            where = f"{B.name(b)} is a Mountain Jungle"
        else:
            where = W.control_of(g, b)
        return W.because(f"{where}: {what} Redeploy to British Controlled Provinces or Nairobi",
                         "6.4.1, ruling R-6.4-REDEPLOY")

    # -- doing ---------------------------------------------------------------------------------------------
    def act(self, g, f, verb, arg):
        if verb == "done":
            self.finish(g, f)
            return
        a, b, piece = arg.split()
        f["moves"].append([a, b, PIECE_KEY[piece]])
        if f["stage"] == "troops" and not self.to_move(g, f):
            f["stage"] = "police"

    def finish(self, g: Context, f: dict) -> None:
        """Makes the moves together; Control follows once they are all made (6.4.3; ruling R-CONTROL-PW)."""
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
        if not any(k == "police" for _, _, k in moves):
            g.say("British redeployed no Police.", faction="british", rule="6.4.1")
        if g.s["control"] == before:
            g.say("Control was adjusted: no space changed Control.", rule="6.4.3")
        g.end()


# -- Reset: the Pipeline (6.5, 6.6.1) ---------------------------------------------------------------------

@procedure
class ResetPipeline(PassPipeline):
    """6.5: the British may shift the Pipeline Track one box up or down (6.6.1), or leave it (``done``); a
    shift past either end is not offered (ruling R-PIPELINE-1)."""

    name = "ke.reset_pipeline"
    rule = "6.5"

    def text(self, g, f):
        value = B.pipeline(g)
        ways = [f"pipeline {w} to {value + PIPELINE_STEPS[w]} ({B.pipeline_name(value + PIPELINE_STEPS[w])})"
                for w in self.options(g)]
        return (f"Reset phase: the Pipeline Track is at {value} ({B.pipeline_name(value)}); the British may shift "
                f"it one box ({' or '.join(ways)}), or done to leave it")

    def explain(self, g, f, verb, arg):
        if verb == "pipeline":
            if arg not in PIPELINE_STEPS:
                return W.because(f"the Pipeline shifts one box, up or down, not {arg!r}", "6.5")
            return W.because(f"the Pipeline Track is at its {'last' if arg == 'up' else 'first'} box "
                             f"({B.pipeline(g)}) and shifts no further", "6.5, 6.6, ruling R-PIPELINE-1")
        return W.turn_order(verb)

    def act(self, g, f, verb, arg):
        if verb == "pipeline":
            B.shift_pipeline(g, PIPELINE_STEPS[arg], "the Reset phase", "6.5")
        else:
            g.say("The British left the Pipeline Track as it was.", faction="british", rule="6.5")
        g.end()
