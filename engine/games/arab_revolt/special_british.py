"""The British Special Activities of Arab Revolt: Punish with its chits (4.2.1), Divide (4.2.2) and Air
Recon (4.2.3). Their shared base and ``sa_possible`` are in ``special``."""

from __future__ import annotations

from ...core import notation
from ...core.flow import Context, Procedure, procedure
from . import board as B
from .chits import CHIT_NAMES, draw_punishment, mobilize_effect, return_punishment, set_aside_punishment
from .operation import cap, place_own
from .rebel_ops import WORD_KEY
from .special import SpecialActivity

notation.declare(__name__, {"space", "chit", "remove", "replace", "roll", "place", "done"})


# -- Punish (4.2.1) ----------------------------------------------------------------------------------------

def punish_spaces(g: Context, f: dict | None = None) -> list[str]:
    """Districts and Cities with Troops (4.2.1); an Event may drop the Troops condition (A22) or limit the
    spaces (``only``)."""
    f = f or {}
    out = []
    for s in B.SPACES:
        if B.KIND[s] not in ("district", "city"):
            continue
        if f.get("only") is not None and s not in f["only"]:
            continue
        if f.get("troops", True) and not B.sp(g, s)["troops"]:
            continue
        out.append(s)
    return out


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
    initial = {"stage": "draw"}

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
            return "British Punish: play a drawn Punishment chit or a held one (held-CHIT)"
        if f["stage"] == "space":
            return (f"British Punish ({CHIT_NAMES[f['chit']]}): select up to {f.get('max', 2)} Districts or Cities"
                    f"{' with Troops' if f.get('troops', True) else ''} ({len(f['chosen'])} selected), or done")
        sid = f["todo"][0]
        if f["chit"] == "fine":
            return f"British Fine in {B.name(sid)}: remove the Sabotage marker of an adjacent Railway"
        opts, optional = self.punishment_options(g, f, sid)
        more = f" ({f['left']} to remove here)" if f["left"] > 1 else ""
        if optional:
            return (f"British Detain in {B.name(sid)}: remove a Base to Prison instead of a Guerrilla (Rebel Courts, "
                    f"A27), or done{more}")
        return f"British Detain in {B.name(sid)}: choose the piece to remove to Prison{more}"

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

    def act(self, g, f, verb, arg):
        g.end()
        if verb == "space":
            B.set_opposition(g, arg, True)
            g.say(f"Mass Detention: Opposition spread to {B.name(arg)}.", faction="rebels", rule="A1")


# -- Divide (4.2.2) ------------------------------------------------------------------------------------------

def divide_replacements(g: Context, used: list[str]) -> list[str]:
    """``SOURCE TARGET guerrilla-u|guerrilla-a``: an Underground Irregular in SOURCE (not used yet) replaces a
    Guerrilla in or adjacent to it; never into a Foreign Country, where British pieces may not go (1.4.2)."""
    out = []
    for src in B.SPACES:
        if src in used or not B.sp(g, src)["irregulars_u"]:
            continue
        for tgt in B.within_one(g, src):
            if B.KIND[tgt] == "foreign":
                continue
            for w, k in WORD_KEY.items():
                if B.sp(g, tgt)[k]:
                    out.append(f"{src} {tgt} {w}")
    return out


@procedure
class Divide(SpecialActivity):
    """Divide: in spaces up to the Unity Track value, Activate an Underground Irregular to replace a Guerrilla
    in or adjacent to it with an Irregular; or roll a die, at most the Irregulars on the map shifting the
    Unity Track toward Decentralized (4.2.2, 6.6.2).

    Frame flags an Event may set: ``no_roll`` (the replacements only: A3, A29), ``then_roll`` (the roll after
    them: A3), ``must`` (at least one replacement where one is possible: A29 unshaded)."""

    name = "ar.sa.divide"
    sa = "divide"
    initial = {"used": []}

    def prompt(self, g, f):
        used = f["used"]
        out: dict[str, list[str]] = {}
        if len(used) < B.unity_value(g):
            reps = divide_replacements(g, used)
            if reps:
                out["replace"] = reps
        if used or f.get("no_roll"):
            if out and not (f.get("must") and not used):
                out["done"] = []
        else:
            out["roll"] = []
        return out

    def text(self, g, f):
        if f.get("used"):
            return (f"British Divide: another replacement ({len(f['used'])} of up to {B.unity_value(g)}), or done")
        return (f"British Divide: replace a Guerrilla with an Irregular (replace SOURCE TARGET KIND; up to "
                f"{B.unity_value(g)} space(s)), or roll against the Irregulars on the map")

    def act(self, g, f, verb, arg):
        if verb == "roll":
            g.end()
            divide_roll(g)
            return
        if verb == "done":
            self.finish(g, f)
            return
        src, tgt, word = arg.split(" ")
        f["used"].append(src)
        B.activate(g, src, 1, "irregulars")
        B.remove(g, tgt, WORD_KEY[word], 1)
        g.say(f"British Divided: the Irregular in {B.name(src)} was Activated to replace a Guerrilla in "
              f"{B.name(tgt)}.", faction="british", rule="4.2.2")
        # The new Irregular: from Available, else one the British may take from the map, else none and the
        # Guerrilla is simply removed (1.4.1 IMPORTANT and second paragraph, 1.4.3; ruling ).
        place_own(g, "british", tgt, "irregulars", rule="4.2.2", label="Divide")

    def advance(self, g, f):
        if not self.prompt(g, f) or (f["used"] and "replace" not in self.prompt(g, f)):
            if not f["used"] and f.get("no_roll"):
                g.say("British Divide: no Guerrilla could be replaced.", faction=f["role"], rule=self.rule_for(g, f))
            self.finish(g, f)
            return True
        return False

    def finish(self, g, f):
        """Ends the Divide; A3 unshaded: the roll follows the replacements."""
        g.end()
        if f.get("then_roll"):
            divide_roll(g)


def divide_roll(g: Context) -> None:
    die = g.roll("Divide")
    n = B.irregulars_on_map(g)
    g.say(f"British Divide rolled {die} against {n} Irregular(s) on the map.", faction="british", rule="4.2.2")
    if die <= n:
        B.shift_unity(g, -1, "Divide", rule="4.2.2")


# -- Air Recon (4.2.3) ---------------------------------------------------------------------------------------

def air_recon_spaces(g: Context) -> list[str]:
    return [s for s in B.SPACES if B.KIND[s] in ("district", "railway") and B.sp(g, s)["guerrillas_u"]]


@procedure
class AirRecon(SpecialActivity):
    """Air Recon: Activate one Guerrilla in each of up to two Districts or Railways (4.2.3); A32 unshaded
    grants one that Activates two (frame ``per``)."""

    name = "ar.sa.air-recon"
    sa = "air-recon"
    initial = {"chosen": []}

    def prompt(self, g, f):
        done = f["chosen"]
        out: dict[str, list[str]] = {}
        c = [s for s in air_recon_spaces(g) if s not in done]
        if c and len(done) < 2:
            out["space"] = c
        if done:
            out["done"] = []
        return out

    def text(self, g, f):
        return "British Air Recon: select up to 2 Districts or Railways to Activate Guerrillas in, or done"

    def act(self, g, f, verb, arg):
        if verb == "done":
            f["over"] = True
            return
        f["chosen"].append(arg)
        k = B.activate(g, arg, f.get("per", 1))
        g.say(f"British Air Recon Activated {k} Guerrilla(s) in {B.name(arg)}.", faction="british", rule="4.2.3")

    def advance(self, g, f):
        if f.get("over") or "space" not in self.prompt(g, f):
            g.end()
            return True
        return False
