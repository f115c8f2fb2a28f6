"""The Rebels' Operations chits (1.8, 2.3.4) and the British Punishment chits' cup (1.7).

Operations chits: before choosing a box the Rebels draw two chits (one at Decentralized, 6.6.4) and play
one, or a chit they hold; the others go back to the cup (1.8.1). After the Rebel turn, whatever it was,
the British may apply the played chit's effect unless the Unity Track is at Centralized (1.8.2, 6.6.3);
the chit is then set aside until the next Resources Phase.

Punishment chits are drawn by Punish (punish.py) and some Events; used ones are set aside until the
next Resources Phase; the British may hold chits (1.7.1).
"""

from __future__ import annotations

from ...core import notation
from ...core.flow import Context, Procedure, procedure
from . import board as B
from . import why as W

notation.declare(__name__, {"chit", "replace", "remove", "hold", "done"})

CHIT_NAMES = {"detain": "Detain", "demolish": "Demolish", "fine": "Fine"}


def ops_label(v: int) -> str:
    return f"{v} Op{'s' if v > 1 else ''}"


# -- Operations chits -------------------------------------------------------------------------------------

def draw_ops(g: Context, n: int, why: str, rule: str) -> list[int]:
    """Draws up to *n* Operations chits at random from the cup (fewer if fewer remain, ruling R-CHITS-1)."""
    cup = g.s["ops"]["pool"]
    got = [g.draw(cup, f"Operations chit ({why})") for _ in range(min(n, len(cup)))]
    if got:
        g.say(f"Rebels drew {', '.join(ops_label(v) for v in got)} ({why}).", faction="rebels", rule=rule)
    else:
        g.say(f"Rebels could draw no Operations chit ({why}): the cup is empty.", faction="rebels", rule=rule)
    return got


@procedure
class OpsChit(Procedure):
    """The Rebels draw two Operations chits (one at Decentralized) and play one, or a held chit (2.3.4)."""

    name = "ar.ops_chit"
    rule = "2.3.4"

    def step(self, g, f):
        ops = g.s["ops"]
        if f.get("drawn") is None:
            n = 1 if g.s["unity"] == B.DECENTRALIZED else 2
            f["drawn"] = draw_ops(g, n, "Rebel turn", "1.8.1" if n == 2 else "6.6.4")
            ops["drawn"] = list(f["drawn"])
            return True
        if not ops["drawn"] and not ops["held"]:
            ops["played"] = None
            g.say("Rebels have no Operations chit to play: no Operation this turn (ruling R-CHITS-1).",
                  faction="rebels", rule="1.8.1")
            g.end()
            return True
        return False

    def prompt(self, g, f):
        ops = g.s["ops"]
        return {"chit": sorted({str(v) for v in ops["drawn"]} | {f"held-{v}" for v in ops["held"]})}

    def text(self, g, f):
        ops = g.s["ops"]
        held = f"; held: {', '.join(str(v) for v in ops['held'])}" if ops["held"] else ""
        return (f"Rebels: play an Operations chit (drawn: {', '.join(str(v) for v in ops['drawn']) or 'none'}"
                f"{held})")

    def explain(self, g, f, verb, arg):
        ops = g.s["ops"]
        if verb == "box":
            return W.because("the Rebels play an Operations chit before they choose a box", "2.3.4")
        if verb in ("done", "pass"):
            return W.because("the Rebels must play an Operations chit, even to take the Event or Pass", "2.3.4")
        if verb != "chit" or arg is None or arg in self.prompt(g, f)["chit"]:
            return None
        drawn = ", ".join(str(v) for v in ops["drawn"]) or "none"
        held = ", ".join(str(v) for v in ops["held"]) or "none"
        value = arg.removeprefix("held-")
        if value not in ("1", "2", "3"):
            return W.because(f"{arg!r} is no Operations chit: they are worth 1, 2 or 3 (chit N, or chit held-N "
                             "for a held one)", "1.8.1")
        if arg.startswith("held-"):
            return W.because(f"the Rebels hold no {value} chit (held: {held})", "1.8.1")
        return W.because(f"the Rebels drew {drawn}: no {value} chit among them (held: {held})", "1.8.1")

    def act(self, g, f, verb, arg):
        ops = g.s["ops"]
        held = arg.startswith("held-")
        v = int(arg.removeprefix("held-"))
        back = list(ops["drawn"])
        if held:
            ops["held"].remove(v)
        else:
            back.remove(v)
        ops["pool"].extend(back)
        ops["pool"].sort()
        ops["drawn"] = []
        ops["played"] = {"value": v, "bonus": 0}
        g.say(f"Rebels played {'a held' if held else 'the'} {ops_label(v)} chit"
              f"{'; ' + ', '.join(ops_label(x) for x in back) + ' went back to the cup' if back else ''}.",
              faction="rebels", rule="1.8.1")
        g.end()


def end_rebel_turn(g: Context) -> None:
    """After the Rebel turn: the played chit is set aside and the British may apply its effect (1.8.2)."""
    ops = g.s["ops"]
    played = ops["played"]
    if not played:
        return
    v = played["value"]
    ops["played"] = None
    ops["set_aside"].append(v)
    ops["set_aside"].sort()
    if g.s["unity"] == B.CENTRALIZED:
        g.say(f"The {ops_label(v)} chit has no effect: the Unity Track is at Centralized.", rule="6.6.3")
        return
    if v == 1 or not active_guerrilla_spaces(g):
        g.say(f"The {ops_label(v)} chit had no effect{'' if v == 1 else ': no Active Guerrilla'}.", rule="1.8.2")
        return
    g.call(ChitEffect.name, "british", value=v)


def active_guerrilla_spaces(g: Context) -> list[str]:
    return [s for s in B.SPACES if B.sp(g, s)["guerrillas_a"]]


@procedure
class ChitEffect(Procedure):
    """The British may replace (3 chit) or remove (2 chit) one Active Guerrilla (1.8.2)."""

    name = "ar.chit_effect"
    rule = "1.8.2"

    def prompt(self, g, f):
        return {"replace" if f["value"] == 3 else "remove": active_guerrilla_spaces(g), "done": []}

    def text(self, g, f):
        what = "replace one Active Guerrilla with an Irregular" if f["value"] == 3 else "remove one Active Guerrilla"
        return f"British ({ops_label(f['value'])} chit): {what}, or done"

    def explain(self, g, f, verb, arg):
        mine = "replace" if f["value"] == 3 else "remove"
        if verb in ("replace", "remove") and verb != mine:
            return W.because(f"the {ops_label(f['value'])} chit's effect is to {mine} one Active Guerrilla, "
                             f"not to {verb} one", "1.8.2")
        if verb != mine or arg is None or arg in active_guerrilla_spaces(g):
            return None
        if not W.is_space(arg):
            return W.form(verb, "SPACE", arg, "1.8.2")
        return W.because(f"{W.has(g, arg, 'guerrillas_a')}: the chit's effect takes an Active Guerrilla", "1.8.2")

    def act(self, g, f, verb, arg):
        g.end()
        if verb == "done":
            g.say(f"British declined the {ops_label(f['value'])} chit's effect.", faction="british", rule="1.8.2")
            return
        B.remove(g, arg, "guerrillas_a", 1)
        if verb == "remove":
            g.say(f"British removed an Active Guerrilla in {B.name(arg)} (2 Ops chit).", faction="british",
                  rule="1.8.2")
            return
        placed = B.KIND[arg] != "foreign" and B.place(g, arg, "irregulars", 1)
        g.say(f"British replaced an Active Guerrilla in {B.name(arg)} "
              f"{'with an Irregular' if placed else '(no Irregular could be placed: removed)'} (3 Ops chit).",
              faction="british", rule="1.8.2")


# -- Punishment chits -------------------------------------------------------------------------------------

def draw_punishment(g: Context, n: int, why: str, rule: str, who: str = "british") -> list[str]:
    """*who* draws up to *n* Punishment chits at random (fewer if fewer remain, ruling R-CHITS-1)."""
    cup = g.s["punishment"]["pool"]
    got = [g.draw(cup, f"Punishment chit ({why})") for _ in range(min(n, len(cup)))]
    if got:
        g.say(f"{who.title()} drew {', '.join(CHIT_NAMES[c] for c in got)} ({why}).", faction=who, rule=rule)
    else:
        g.say(f"No Punishment chit could be drawn ({why}): the cup is empty.", faction="british", rule=rule)
    return got


def return_punishment(g: Context, chits: list[str]) -> None:
    pool = g.s["punishment"]["pool"]
    pool.extend(chits)
    pool.sort()


def set_aside_punishment(g: Context, chit: str) -> None:
    aside = g.s["punishment"]["set_aside"]
    aside.append(chit)
    aside.sort()


@procedure
class HoldPunishment(Procedure):
    """The British select a Punishment chit from the cup to hold (2.3.3 Pass; 1.7.1)."""

    name = "ar.hold_punishment"
    rule = "2.3.3"

    def prompt(self, g, f):
        return {"hold": sorted(set(g.s["punishment"]["pool"]))}

    def text(self, g, f):
        return "British: select a Punishment chit to hold"

    def explain(self, g, f, verb, arg):
        if verb == "done":
            return W.because("a British Pass selects a Punishment chit to hold", "2.3.3")
        if verb == "hold":
            return hold_refusal(g, arg)
        return None

    def act(self, g, f, verb, arg):
        p = g.s["punishment"]
        p["pool"].remove(arg)
        p["held"].append(arg)
        p["held"].sort()
        g.say(f"British selected a {CHIT_NAMES[arg]} chit to hold.", faction="british", rule=f.get("rule") or self.rule)
        g.end()


def hold_refusal(g: Context, arg: str | None) -> str | None:
    """Why the British may not select Punishment chit *arg* to hold: a chit in the cup (1.7.1: used chits are
    set aside until the next Resources Phase)."""
    p = g.s["punishment"]
    if arg is None or arg in p["pool"]:
        return None
    if arg not in CHIT_NAMES:
        return W.because(f"{arg!r} is no Punishment chit: Detain, Demolish or Fine", "1.7.1")
    cup = ", ".join(CHIT_NAMES[c] for c in sorted(set(p["pool"]))) or "none"
    aside = ", ".join(CHIT_NAMES[c] for c in p["set_aside"]) or "none"
    return W.because(f"no {CHIT_NAMES[arg]} chit is in the cup (cup: {cup}; set aside: {aside}; held: "
                     f"{', '.join(CHIT_NAMES[c] for c in p['held']) or 'none'})", "1.7.1")


def mobilize_effect(g: Context, chit: str, sid: str, placer: str | None = None) -> None:
    """A chit's Mobilization effect in *sid* (1.7.2): Detain places Opposition if none; Demolish places a
    Guerrilla; Fine has none. The Guerrilla comes from Available only when the British resolve the effect
    in their Punish, or the Rebels under a Capability (A18): neither is a faction placing its own forces by
    an Operation, Special Activity or Event. *placer* is the Rebels resolving it by an Event's text (A10
    shaded): their own Guerrilla, which may come from the map where ruling R-1.4.1-EVENT allows."""
    if chit == "detain":
        if B.set_opposition(g, sid, True):
            g.say(f"Mobilization: Opposition was placed in {B.name(sid)}.", rule="1.7.2")
    elif chit == "demolish":
        if placer:
            from .operation import place_own
            place_own(g, placer, sid, "guerrillas", rule="1.7.2", label="Mobilization", by="event")
        elif B.place(g, sid, "guerrillas", 1):
            g.say(f"Mobilization: a Guerrilla was placed in {B.name(sid)}.", rule="1.7.2")
        else:
            g.say(f"Mobilization: no Guerrilla Available to place in {B.name(sid)}.", rule="1.4.1")
