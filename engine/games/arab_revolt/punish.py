"""Punish, the British Special Activity with the Punishment chits (4.2.1, 1.7.2), and the Opposition that
A1 Mass Detention shaded spreads from a Detain space. Its shared base is in ``special``; Divide and Air Recon
in ``special_british``."""

from __future__ import annotations

from ...coin.capabilities import cap
from ...core import notation
from ...core.flow import Context, Procedure, procedure
from . import board as B
from . import why as W
from .chits import CHIT_NAMES, draw_punishment, mobilize_effect, return_punishment, set_aside_punishment
from .rebel_ops import WORD_KEY
from .special import SpecialActivity

notation.declare(__name__, {"space", "chit", "remove", "done"})

# -- Punish (4.2.1) ----------------------------------------------------------------------------------------

#: Districts and Cities in board order: the spaces Punish may ever select (4.2.1).
PUNISH_POOL = [s for s in B.SPACES if B.KIND[s] in ("district", "city")]


def punish_spaces(g: Context, f: dict | None = None) -> list[str]:
    """Districts and Cities with Troops (4.2.1); an Event may drop the Troops condition (A22) or limit the
    spaces (``only``)."""
    return list(iter_punish_spaces(g, f))


def iter_punish_spaces(g: Context, f: dict | None = None):
    """:func:`punish_spaces` one at a time (whether there is one stops at the first)."""
    f = f or {}
    only, troops, spaces = f.get("only"), f.get("troops", True), g.s["spaces"]
    for s in PUNISH_POOL:
        if (only is None or s in only) and (not troops or spaces[s]["troops"]):
            yield s


def fine_railways(g: Context, sid: str) -> list[str]:
    return [r for r in sorted(B.adj(g, sid)) if B.KIND[r] == "railway" and B.sp(g, r)["sabotage"]]


@procedure
class Punish(SpecialActivity):
    """Punish: draw two Punishment chits (A18 unshaded: choose), play one or a held chit, the rest back to
    the cup; then its Punishment effect in up to two Districts or Cities with Troops, then its Mobilization
    effect in the same spaces (4.2.1, 1.7.2).

    Frame flags an Event may set: ``only`` (spaces allowed: A25), ``troops`` False (no Troops needed: A22),
    ``must`` (two spaces if possible: A22), ``held_only`` (a held chit only: A12), ``preset`` (the chit is
    given: A6 holds the Demolish it drew, and sets it aside only when this Punish ends with ``ret`` "used")."""

    name = "ar.sa.punish"
    sa = "punish"
    faction = "british"
    rule = "4.2.1"
    accompanies = ("deploy", "patrol", "sweep", "assault")  # any British Operation
    initial = {"stage": "draw"}

    def possible(self, g, f=None):
        """A space (:func:`punish_spaces`) and a chit to play: the one given, a held one, or one in the cup
        (4.2.1, 1.7.1; ``held_only``: a held one, A12)."""
        p = g.s["punishment"]
        f = f or {}
        chit = f.get("preset") or (p["held"] if f.get("held_only") else p["pool"] or p["held"])
        return bool(chit) and next(iter_punish_spaces(g, f), None) is not None

    def advance(self, g, f):
        stage = f["stage"]
        if stage == "draw":
            f["chosen"] = []
            if f.get("preset"):
                f["chit"] = f["preset"]
                f["stage"] = "space"
                return True
            choose_any = cap(g, "A18") == "unshaded" or f.get("held_only")
            f["drawn"] = [] if choose_any else draw_punishment(g, 2, "Punish", "4.2.1")
            f["stage"] = "chit"
            return True
        if stage == "chit" and not self.chit_options(g, f):
            g.say("British had no Punishment chit to play.", faction="british", rule="4.2.1")
            g.end()
            return True
        if stage == "space" and (len(f["chosen"]) >= f.get("max", 2) or not self.space_options(g, f)):
            if not f["chosen"]:
                g.say("Punish found no space to act in.", faction="british", rule="4.2.1")
                g.end()
                return True
            f["stage"] = "punishment"
            f["todo"] = list(f["chosen"])
            return True
        if stage == "punishment":
            if not f["todo"]:
                f["stage"] = "mobilization"
                return True
            sid = f["todo"][0]
            if "left" not in f:
                self.start_space(g, f, sid)
            opts, optional = self.punishment_options(g, f, sid)
            if f["left"] <= 0 or not opts:
                self.end_space(g, f, sid)
                return True
            if len(opts) == 1 and not optional:
                self.punishment(g, f, sid, opts[0])
                return True
            return False
        if stage == "mobilization":
            g.end("used" if f.get("preset") else None)  # A6 learns that its Demolish was used
            for sid in f["chosen"]:
                self.mobilization(g, f, sid)
            if f["chit"] == "detain" and cap(g, "A1") == "shaded":
                for sid in reversed([s for s in f["chosen"] if f["was_opposition"].get(s)]):
                    spread_opposition(g, sid)
            return True
        return False

    def chit_options(self, g, f):
        p = g.s["punishment"]
        held = sorted({f"held-{c}" for c in p["held"]})
        if f.get("held_only"):
            return held
        source = p["pool"] if cap(g, "A18") == "unshaded" else f["drawn"]
        return sorted(set(source)) + held

    def space_options(self, g, f):
        return [s for s in punish_spaces(g, f) if s not in f["chosen"]]

    def start_space(self, g, f, sid):
        """The chit's Punishment effect begins in *sid*: Detain removes one Guerrilla, and one more in a Curfew
        space with A1 Mass Detention unshaded (its Tip: from each selected space with a Curfew)."""
        x = B.sp(g, sid)
        f["left"] = 1
        f["hit"] = 0
        if f["chit"] == "detain":
            f.setdefault("was_opposition", {})[sid] = bool(x["opposition"])
            if cap(g, "A1") == "unshaded" and x["curfew"]:
                f["left"] = 2

    def end_space(self, g, f, sid):
        f["todo"].pop(0)
        del f["left"]
        if f.pop("hit"):
            return
        if f["chit"] == "detain":
            g.say(f"British Detained nothing in {B.name(sid)}: no Guerrilla there.", faction="british", rule="1.7.2")
        elif f["chit"] == "fine":
            g.say(f"British Fined {B.name(sid)}: no adjacent Railway has Sabotage.", faction="british", rule="1.7.2")

    def punishment_options(self, g, f, sid):
        """``(choices, optional)``: what the Punishment effect leaves the British to choose in *sid* now.

        Detain: which Guerrilla (Underground or Active, the British choose: 3.1, 4.1); with A27 Rebel Courts
        unshaded, in one space selected for Detain, a Base instead of a Guerrilla, which the British *may*
        take: where no Guerrilla is left the Base is optional (``done`` declines it). Fine: which adjacent
        Railway loses a Sabotage marker. Demolish: no choice."""
        x = B.sp(g, sid)
        chit = f["chit"]
        if chit == "detain":
            opts = [w for w, k in WORD_KEY.items() if x[k]]
            optional = not opts
            if cap(g, "A27") == "unshaded" and x["bases"] and not f.get("base_detained"):
                opts.append("base")
            return opts, optional
        if chit == "fine":
            return fine_railways(g, sid), False
        return ["demolish"], False

    def prompt(self, g, f):
        stage = f["stage"]
        if stage == "chit":
            return {"chit": self.chit_options(g, f)}
        if stage == "space":
            out = {"space": self.space_options(g, f)}
            if f["chosen"] and not f.get("must"):
                out["done"] = []
            return out
        if stage == "punishment":
            opts, optional = self.punishment_options(g, f, f["todo"][0])
            return {"remove": opts, "done": []} if optional else {"remove": opts}
        return {}

    def text(self, g, f):
        if f["stage"] == "chit":
            return "British Punish: play a drawn Punishment chit or a held one (chit NAME or chit held-NAME)"
        if f["stage"] == "space":
            done = ", or done" if f["chosen"] and not f.get("must") else ""
            return (f"British Punish ({CHIT_NAMES[f['chit']]}): select up to {f.get('max', 2)} Districts or Cities"
                    f"{' with Troops' if f.get('troops', True) else ''} ({len(f['chosen'])} selected){done}")
        sid = f["todo"][0]
        if f["chit"] == "fine":
            return f"British Fine in {B.name(sid)}: remove the Sabotage marker of an adjacent Railway"
        opts, optional = self.punishment_options(g, f, sid)
        more = f" ({f['left']} to remove here)" if f["left"] > 1 else ""
        if optional:
            return (f"British Detain in {B.name(sid)}: remove a Base to Prison instead of a Guerrilla (Rebel Courts, "
                    f"A27), or done{more}")
        return f"British Detain in {B.name(sid)}: choose the piece to remove to Prison{more}"

    def refusal(self, g, f, verb, arg):
        stage = f.get("stage")
        if stage == "chit" and verb == "chit":
            return self.chit_refusal(g, f, arg)
        if stage == "chit" and verb == "done":
            return W.because("Punish plays a Punishment chit: choose one", "4.2.1")
        if stage == "space" and verb == "space":
            return self.space_refusal(g, f, arg)
        if stage == "space" and verb == "done":
            if f.get("must") and self.space_options(g, f):
                return W.because("the British must Punish in two spaces where they can", W.rule_of(f, "4.2.1"))
            if not f["chosen"]:
                return W.because("Punish selects at least one space: none is selected yet", "4.2.1")
        if stage == "punishment" and verb in ("remove", "done"):
            return self.punishment_refusal(g, f, verb, arg)
        return None

    def chit_refusal(self, g: Context, f: dict, arg: str | None) -> str | None:
        """Why chit *arg* may not be played (:meth:`chit_options`): a drawn one (4.2.1; A18 unshaded: any in the
        cup), or a held one (1.7.1; A12: a held one only)."""
        if arg is None or arg in self.chit_options(g, f):
            return None
        p = g.s["punishment"]
        name = arg.removeprefix("held-")
        if name not in CHIT_NAMES:
            return W.because(f"{arg!r} is no Punishment chit: Detain, Demolish or Fine (chit NAME, or chit "
                             "held-NAME for a held one)", "1.7.1")
        held = ", ".join(CHIT_NAMES[c] for c in p["held"]) or "none"
        if arg.startswith("held-"):
            return W.because(f"the British hold no {CHIT_NAMES[name]} chit (held: {held})", "1.7.1")
        if f.get("held_only"):
            return W.because(f"this Punish plays a held chit only (held: {held})", W.rule_of(f, "1.7.1"))
        if cap(g, "A18") == "unshaded":
            cup = ", ".join(CHIT_NAMES[c] for c in p["pool"]) or "none"
            return W.because(f"no {CHIT_NAMES[name]} chit is in the cup to select (cup: {cup})", "A18")
        drawn = ", ".join(CHIT_NAMES[c] for c in f.get("drawn", [])) or "none"
        return W.because(f"the British drew {drawn}: no {CHIT_NAMES[name]} chit among them (held: {held})", "4.2.1")

    def space_refusal(self, g: Context, f: dict, arg: str | None) -> str | None:
        """Why Punish may not select *arg* (:meth:`space_options`): each space once (4.1), up to two (4.2.1),
        never a Foreign Country (1.3.7), Districts and Cities with Troops (4.2.1) or those an Event names."""
        if arg is None or arg in self.space_options(g, f):
            return None
        if not W.is_space(arg):
            return W.not_a_space(arg)
        name, kind = B.name(arg), B.KIND[arg]
        if arg in f["chosen"]:
            return W.because(f"{name} is already selected for this Punish: a space only once", "4.1")
        if len(f["chosen"]) >= f.get("max", 2):
            return W.because(f"Punish takes place in up to {f.get('max', 2)} spaces and has them", "4.2.1")
        if kind == "foreign":
            return W.because(f"{name} is a Foreign Country: British Special Activities never select one", "1.3.7")
        if kind not in ("district", "city"):
            return W.because(f"{name} is {W.kind_of(arg)}: Punish takes place in Districts and Cities", "4.2.1")
        if f.get("only") is not None and arg not in f["only"]:
            return W.because(f"{name} is not among the spaces this Punish may select ({W.names(f['only'])})",
                             W.rule_of(f, "4.2.1"))
        return W.because(f"{W.has(g, arg, 'troops')}: Punish takes place in spaces with Troops", "4.2.1")

    def punishment_refusal(self, g: Context, f: dict, verb: str, arg: str | None) -> str | None:
        """Why *verb arg* is refused while the chit's Punishment effect is resolved in a space
        (:meth:`punishment_options`, 1.7.2; A27 unshaded: a Base)."""
        sid = f["todo"][0]
        opts, optional = self.punishment_options(g, f, sid)
        name = B.name(sid)
        if verb == "done":
            if optional:
                return None
            if f["chit"] == "fine":
                return W.because(f"Fine removes a Sabotage marker from a Railway next to {name}: choose which",
                                 "1.7.2")
            return W.because(f"Detain removes a Guerrilla in {name} to Prison: choose which", "1.7.2")
        if arg is None or arg in opts:
            return None
        if f["chit"] == "fine":
            if not W.is_space(arg):
                return W.form("remove", "RAILWAY", arg, "1.7.2")
            if B.KIND[arg] != "railway" or arg not in B.adj(g, sid):
                return W.because(f"{B.name(arg)} is not a Railway adjacent to {name}: Fine removes a Sabotage "
                                 "marker from one", "1.7.2")
            return W.because(f"{W.has(g, arg, 'sabotage')} to remove", "1.7.2")
        if f["chit"] == "demolish":
            return W.form("remove", "demolish", arg, "1.7.2")
        if arg == "base":
            if cap(g, "A27") != "unshaded":
                return W.because("Detain removes a Guerrilla, not a Base (a Base only with Rebel Courts, A27, "
                                 "unshaded)", "1.7.2")
            if f.get("base_detained"):
                return W.because("Rebel Courts lets Detain take one Base in all, and it has taken one", "A27")
            return W.because(f"{W.has(g, sid, 'bases')} to Detain", "A27")
        key = WORD_KEY.get(arg)
        if key is None:
            return W.form("remove", "guerrilla-u|guerrilla-a", arg, "1.7.2")
        return W.because(f"{W.has(g, sid, key)} to Detain", "1.7.2")

    def act(self, g, f, verb, arg):
        p = g.s["punishment"]
        if f["stage"] == "chit":
            held = arg.startswith("held-")
            chit = arg.removeprefix("held-")
            back = list(f["drawn"])
            if held:
                p["held"].remove(chit)
            elif cap(g, "A18") == "unshaded":
                p["pool"].remove(chit)
            else:
                back.remove(chit)
            return_punishment(g, back)
            set_aside_punishment(g, chit)
            f["chit"] = chit
            f["stage"] = "space"
            g.say(f"British played {'a held' if held else 'a'} {CHIT_NAMES[chit]} chit"
                  f"{'; ' + ', '.join(CHIT_NAMES[c] for c in back) + ' went back to the cup' if back else ''}.",
                  faction="british", rule="1.7.1")
            return
        if f["stage"] == "space":
            if verb == "done":
                f["max"] = len(f["chosen"])
            else:
                f["chosen"].append(arg)
                g.say(f"British Punish selected {B.name(arg)}.", faction="british", rule="4.2.1")
            return
        sid = f["todo"][0]
        if verb == "done":  # the optional A27 Base declined, and no Guerrilla is left to Detain here
            g.say(f"British took no Base in {B.name(sid)} (Rebel Courts, A27).", faction="british", rule="A27")
            f["left"] = 0
            return
        self.punishment(g, f, sid, arg)

    def punishment(self, g, f, sid, choice):
        """One step of the chit's Punishment effect in *sid* (1.7.2): *choice* is the piece Detained (a Base:
        A27), the Railway Fined, or ``demolish``."""
        chit = f["chit"]
        f["left"] -= 1
        f["hit"] += 1
        if chit == "detain":
            if choice == "base":
                f["base_detained"] = True
                B.remove(g, sid, "bases", 1, to="prison")
                g.say(f"British Detained a Base in {B.name(sid)} instead of a Guerrilla (Rebel Courts, A27).",
                      faction="british", rule="A27")
                return
            key = WORD_KEY[choice]
            B.remove(g, sid, key, 1, to="prison")
            extra = " (Mass Detention, A1: one more under Curfew)" if f.get("hit", 0) > 1 else ""
            g.say(f"British Detained {B.BOARD.named(key)} in {B.name(sid)} (to Prison){extra}.", faction="british",
                  rule="1.7.2")
        elif chit == "demolish":
            f["left"] = 0
            gone = B.set_opposition(g, sid, False)
            g.say(f"British Demolished in {B.name(sid)}{': Opposition removed' if gone else ' (no Opposition)'}.",
                  faction="british", rule="1.7.2")
        else:
            B.sp(g, choice)["sabotage"] -= 1
            g.say(f"British Fined {B.name(sid)}: a Sabotage marker was removed from {B.name(choice)}.",
                  faction="british", rule="1.7.2")
            if cap(g, "A15") == "shaded" and B.place(g, choice, "guerrillas", 1):
                g.say(f"Human Shields: a Guerrilla replaced the marker on {B.name(choice)}.", rule="A15")

    def mobilization(self, g, f, sid):
        mobilize_effect(g, f["chit"], sid)


def spread_opposition(g: Context, sid: str) -> None:
    """A1 Mass Detention shaded: Detain used in *sid*, already at Opposition: the Rebels may add Opposition
    to one adjacent District or City."""
    near = [a for a in sorted(B.adj(g, sid)) if B.KIND[a] in ("district", "city") and not B.sp(g, a)["opposition"]]
    if near:
        g.call(SpreadOpposition.name, "rebels", near=near, origin=sid)


@procedure
class SpreadOpposition(Procedure):
    """A1 shaded: Opposition in one space adjacent to a Detain space already at Opposition, or done."""

    name = "ar.a1s"
    rule = "A1"

    def options(self, g, f):
        return [a for a in f["near"] if not B.sp(g, a)["opposition"]]

    def prompt(self, g, f):
        c = self.options(g, f)
        return {"space": c, "done": []} if c else {}

    def step(self, g, f):
        if self.options(g, f):
            return False
        g.end()  # an earlier spread took the last space next to this one: nothing left to choose
        return True

    def text(self, g, f):
        return f"Rebels (Mass Detention, A1): add Opposition next to {B.name(f['origin'])}, or done"

    def explain(self, g, f, verb, arg):
        if verb != "space" or arg is None or arg in self.options(g, f):
            return None
        if not W.is_space(arg):
            return W.not_a_space(arg)
        if arg not in f["near"]:
            return W.because(f"{B.name(arg)} is not a District or City adjacent to {B.name(f['origin'])}", "A1")
        return W.because(f"{B.name(arg)} has Opposition already", "A1")

    def act(self, g, f, verb, arg):
        g.end()
        if verb == "space":
            B.set_opposition(g, arg, True)
            g.say(f"Mass Detention: Opposition spread to {B.name(arg)}.", faction="rebels", rule="A1")
