"""The Propaganda Round (rule 6): Political Will with victory (6.1, 7.0), Resources (6.2), Support (6.3),
Redeploy (6.4), Reset (6.5, with A34 Munich).

Every decision the round gives a player is asked of that player, in the rulebook's order: the British
Punishment chit to hold (6.2.1), the Rebels' Unity shift or Operations chit (6.2.2), the Foreign
Assistance Rally (6.2.3), the British Divide and Rebel Mobilize (6.3), British then Rebel Redeploy (6.4),
and the Munich Troops (6.5). Eligibility is not reset (ruling R-ELIGIBILITY).
"""

from __future__ import annotations

from ...coin.propaganda import PropagandaRound
from ...coin.will import shift_will
from ...core import notation
from ...core.flow import Context, Procedure, procedure
from . import board as B
from . import why as W
from .chits import CHIT_NAMES, draw_ops, hold_refusal, ops_label
from .data import CARDS
from .operation import cap, new_op_frame
from .rebel_ops import WORD_KEY
from .special import SA_RULE, roll_against_bases, sa_impossible, sa_possible, sa_title

notation.declare(__name__, {"hold", "unity", "sa", "troop", "police", "remove", "move", "place", "done"})

FINAL_PROPAGANDA = 3


def will_change(g: Context) -> tuple[int, list[str]]:
    """Net Political Will change of 6.1.1 to 6.1.4 (and A27 shaded), with the items that make it up. Places
    the Sabotage markers of 6.1.1 first."""
    parts: list[str] = []
    net = 0
    for r in B.RAILWAYS:
        x = B.sp(g, r)
        if B.guerrillas(x) > B.british_pieces(x):
            x["sabotage"] += 1
            g.say(f"A Sabotage marker was placed on {B.name(r)}: more Guerrillas than British pieces.", rule="6.1.1")
    sabotaged = [r for r in B.RAILWAYS if B.sp(g, r)["sabotage"]]
    if sabotaged:
        net -= len(sabotaged)
        parts.append(f"{len(sabotaged)} sabotaged Railway(s) -{len(sabotaged)}")
    clean_rail = (len(B.RAILWAYS) - len(sabotaged)) // 2
    if clean_rail:
        net += clean_rail
        parts.append(f"{len(B.RAILWAYS) - len(sabotaged)} Railway(s) without Sabotage +{clean_rail}")
    places = B.CITIES + B.DISTRICTS
    held = [s for s in places if B.rebel_pieces(B.sp(g, s)) > B.british_pieces(B.sp(g, s))]
    if held:
        net -= 2 * len(held)
        parts.append(f"{len(held)} City/District(s) with more Rebel than British pieces -{2 * len(held)}")
    clean = [s for s in places if not B.rebel_pieces(B.sp(g, s)) and not B.sp(g, s)["opposition"]]
    if len(clean) // 2:
        net += len(clean) // 2
        parts.append(f"{len(clean)} City/District(s) without Rebel pieces or Opposition +{len(clean) // 2}")
    leaders = [s for s in B.DISTRICTS if B.sp(g, s)["bases"]]
    if leaders:
        net -= len(leaders)
        parts.append(f"{len(leaders)} District(s) with a Base -{len(leaders)}")
    irr = B.irregulars_on_map(g) // 3
    if irr:
        net -= irr
        parts.append(f"{B.irregulars_on_map(g)} Irregulars on the map -{irr}")
    if cap(g, "A27") == "shaded":
        courts = len(B.opposition_spaces(g)) // 2
        if courts:
            net -= courts
            parts.append(f"Rebel Courts (A27): {len(B.opposition_spaces(g))} Opposition spaces -{courts}")
    return net, parts


@procedure
class ArabRevoltPropaganda(PropagandaRound):
    """Runs the phases of 6.1 to 6.5 in order, calling on each player where the rules let them choose."""

    name = "ar.propaganda"
    script = ("will", "resources_british", "resources_rebels", "foreign_assistance", "support", "redeploy",
              "reset", "munich")

    def will(self, g, f):
        """6.1: net change computed first, then the marker moves once (6.1 NOTE); victory 6.1.5, 6.1.6."""
        s = g.s
        s["propaganda"] += 1
        net, parts = will_change(g)
        g.say("Political Will phase: " + ("; ".join(parts) or "no change") + f" (net {net:+d}).", kind="h2",
              rule="6.1")
        shift_will(g, net, "Political Will phase", rule="6.1")
        if s["pw"] == 0:
            self.win(g, "rebels", "British Political Will is at 0 (6.1.5)", "7.0.1")
        elif s["propaganda"] >= FINAL_PROPAGANDA:
            self.win(g, "british", "the final Propaganda Round ended without a Rebel victory (6.1.6)", "7.0.2")

    def resources_british(self, g, f):
        """6.2.1: every Punishment chit back to the cup but one the British may select to hold."""
        g.say("Resources phase.", kind="h2", rule="6.2")
        p = g.s["punishment"]
        p["pool"] = sorted(p["pool"] + p["held"] + p["set_aside"])
        p["held"], p["set_aside"] = [], []
        g.call(ResourcesBritish.name, "british")

    def resources_rebels(self, g, f):
        """6.2.2: a die at most the Bases on the map lets the Rebels shift Unity toward Centralized or hold an
        Operations chit; every other Operations chit goes back to the cup (ruling R-CHITS-2)."""
        ops = g.s["ops"]
        ops["pool"] = sorted(ops["pool"] + ops["held"] + ops["set_aside"] + ops["drawn"])
        ops["held"], ops["set_aside"], ops["drawn"] = [], [], []
        _, ok, words = roll_against_bases(g, "Resources")
        g.say(f"Rebels {words}: "
              f"{'they may shift the Unity Track toward Centralized or hold an Operations chit' if ok else 'no Unity shift and no Operations chit to hold'}.",
              faction="rebels", rule="6.2.2")
        if ok:
            g.call(ResourcesRebels.name, "rebels")

    def foreign_assistance(self, g, f):
        """6.2.3: draw an Operations chit; the Rebels may Rally in Foreign Countries up to its value, even with
        no Rebel pieces there; the chit goes back."""
        got = draw_ops(g, 1, "Foreign Assistance", "6.2.3")
        if not got:
            return
        v = got[0]
        g.s["ops"]["pool"].append(v)
        g.s["ops"]["pool"].sort()
        places = B.foreign_in_play(g)
        g.call("ar.op.rally", "rebels", **new_op_frame(g, "rally", True, False, spaces=v, optional=True,
                                                          only=places, anywhere=True, rule="6.2.3"))
        g.say(f"Foreign Assistance: the Rebels may Rally in up to {v} Foreign Country space(s) "
              f"({ops_label(v)} chit, returned to the cup).", faction="rebels", rule="6.2.3")

    def support(self, g, f):
        """6.3: the British may Divide, then the Rebels may Mobilize (pushed in reverse order)."""
        g.say("Support phase.", kind="h2", rule="6.3")
        g.call(MaySA.name, "rebels", sa="mobilize", rule="6.3.2")
        g.call(MaySA.name, "british", sa="divide", rule="6.3.1")

    def redeploy(self, g, f):
        """6.4: British Redeploy, then Rebel Redeploy (pushed in reverse order)."""
        g.say("Redeploy phase.", kind="h2", rule="6.4")
        g.call(RedeployRebels.name, "rebels")
        half = B.irregulars_on_map(g) // 2
        g.call(RedeployBritish.name, "british", stage="troops", arrived={}, irregulars=half)

    def reset(self, g, f):
        """6.5: Curfews and Sabotage off, Prison to Available, Guerrillas and Irregulars Underground."""
        s = g.s
        g.say("Reset phase.", kind="h2", rule="6.5")
        for x in s["spaces"].values():
            x["curfew"] = x["sabotage"] = 0
        for piece, n in s["prison"].items():
            s["available"][piece] += n
            s["prison"][piece] = 0
        B.BOARD.flip_all_underground(g)
        g.say("Curfew and Sabotage markers were removed, Prison emptied to Available, Guerrillas and Irregulars "
              "flipped Underground.", rule="6.5")

    def munich(self, g, f):
        """6.5, A34: the British place every Out of Play Troop in Cities."""
        if CARDS[g.s["current"]].get("munich") and g.s["out_of_play"]:
            g.call(Munich.name, "british")


@procedure
class ResourcesBritish(Procedure):
    """6.2.1: the British may select one Punishment chit to hold."""

    name = "ar.resources_british"
    rule = "6.2.1"

    def prompt(self, g, f):
        return {"hold": sorted(set(g.s["punishment"]["pool"])), "done": []}

    def text(self, g, f):
        return "British: select a Punishment chit to hold, or done"

    def explain(self, g, f, verb, arg):
        return hold_refusal(g, arg) if verb == "hold" else None

    def act(self, g, f, verb, arg):
        g.end()
        if verb == "hold":
            p = g.s["punishment"]
            p["pool"].remove(arg)
            p["held"].append(arg)
            g.say(f"British chose to hold a {CHIT_NAMES[arg]} chit.", faction="british", rule="6.2.1")


@procedure
class ResourcesRebels(Procedure):
    """6.2.2 after a successful roll: the Rebels "may either" shift Unity toward Centralized or select an
    Operations chit to hold, or do neither. The shift is not offered at Centralized, where it would do
    nothing (ruling R-UNITY-2)."""

    name = "ar.resources_rebels"
    rule = "6.2.2"

    def prompt(self, g, f):
        out: dict[str, list[str]] = {"done": []}
        if g.s["unity"] < B.CENTRALIZED:
            out["unity"] = []
        chits = sorted({str(v) for v in g.s["ops"]["pool"]})
        if chits:
            out["hold"] = chits
        return out

    def text(self, g, f):
        can = g.prompted(self, f)
        choices = [x for verb, x in (("unity", "shift the Unity Track toward Centralized (unity)"),
                                     ("hold", "hold an Operations chit (hold N)")) if verb in can]
        return f"Rebels: {', '.join(choices)}, or neither (done)" if choices else "Rebels: nothing to take (done)"

    def explain(self, g, f, verb, arg):
        if verb == "unity" and g.s["unity"] >= B.CENTRALIZED:
            return W.because("the Unity Track is at Centralized already: a shift toward it does nothing "
                             "(ruling R-UNITY-2)", "6.6.1")
        if verb != "hold" or arg is None or arg in self.prompt(g, f).get("hold", ()):
            return None
        if arg not in ("1", "2", "3"):
            return W.because(f"{arg!r} is no Operations chit: they are worth 1, 2 or 3", "1.8.1")
        cup = ", ".join(str(v) for v in g.s["ops"]["pool"]) or "none"
        return W.because(f"no {arg} chit is in the cup to select (cup: {cup})", "6.2.2")

    def act(self, g, f, verb, arg):
        g.end()
        if verb == "done":
            g.say("Rebels took neither the Unity shift nor an Operations chit.", faction="rebels", rule="6.2.2")
            return
        if verb == "unity":
            B.shift_unity(g, 1, "Resources phase", rule="6.2.2")
            return
        ops = g.s["ops"]
        ops["pool"].remove(int(arg))
        ops["held"].append(int(arg))
        g.say(f"Rebels chose to hold a {ops_label(int(arg))} chit.", faction="rebels", rule="6.2.2")


@procedure
class MaySA(Procedure):
    """A Special Activity with no Operation that a player may perform or not: Divide and Mobilize in the Support
    phase (6.3), and those Events grant (4.1). Frame locals other than ``sa`` go to the Special Activity
    (``rule``, ``only``, ``troops``...)."""

    name = "ar.may_sa"
    rule = "6.3"

    def prompt(self, g, f):
        return {"sa": [f["sa"]], "done": []} if sa_possible(g, f["sa"], f) else {"done": []}

    def text(self, g, f):
        return f"{f['role'].title()}: perform {sa_title(f['sa'])} (sa {f['sa']}), or done"

    def explain(self, g, f, verb, arg):
        if verb != "sa" or arg is None:
            return None
        if arg != f["sa"]:
            return W.because(f"this step offers {sa_title(f['sa'])} only, not {sa_title(arg)}", f["rule"])
        return sa_impossible(g, arg, f) or W.because(f"{sa_title(arg)} has nothing to do now", SA_RULE.get(arg, "4.1"))

    def act(self, g, f, verb, arg):
        g.end()
        if verb == "sa":
            extra = {k: v for k, v in f.items() if k not in ("p", "role", "sa")}
            g.call(f"ar.sa.{arg}", f["role"], parent_op=None, parent_spaces=[], **extra)

    def step(self, g, f):
        if "sa" not in self.prompt(g, f):
            g.say(f"{f['role'].title()} could not {f['sa'].title()}.", faction=f["role"], rule=f["rule"])
            g.end()
            return True
        return False


#: Where British Redeploy moves Police: Railways, then Cities (6.4.1).
POLICE_DESTINATIONS = B.RAILWAYS + B.CITIES


@procedure
class RedeployBritish(Procedure):
    """6.4.1: Troops on Railways must move to Cities; then Police may move to Railways or Cities (each cube
    once); then up to half the Irregulars on the map (rounded down) may be removed to Available."""

    name = "ar.redeploy_british"
    rule = "6.4.1"

    def prompt(self, g, f):
        stage = f["stage"]
        spaces = g.s["spaces"]
        if stage == "troops":
            return {"troop": [B.PAIRS[r][c] for r in B.RAILWAYS if spaces[r]["troops"] for c in B.CITIES]}
        if stage == "police":
            arrived, moves = f["arrived"], []
            for a in B.SPACES:
                if spaces[a]["police"] - arrived.get(a, 0) > 0:
                    pair = B.PAIRS[a]
                    for b in POLICE_DESTINATIONS:  # a loop, not a comprehension: a few destinations each time
                        if a != b:
                            moves.append(pair[b])
            return {"police": moves, "done": []} if moves else {"done": []}
        c = [f"{s} {w}" for s in B.SPACES for w, k in (("irregular-u", "irregulars_u"), ("irregular-a", "irregulars_a"))
             if B.sp(g, s)[k]] if f["irregulars"] > 0 else []
        return {"remove": c, "done": []} if c else {"done": []}

    def police_may_move(self, g, f) -> bool:
        """Whether some Police cube may still move (the prompt's test, stopping at the first found)."""
        return any(B.sp(g, a)["police"] - f["arrived"].get(a, 0) > 0 for a in B.SPACES)

    def text(self, g, f):
        if f["stage"] == "troops":
            return "British Redeploy: move each Troop on a Railway to a City (troop RAILWAY CITY)"
        if f["stage"] == "police":
            if not g.offers("police", lambda: self.police_may_move(g, f)):
                return "British Redeploy: no Police cube is left to move; done"
            return "British Redeploy: move Police to Railways or Cities (police FROM TO), or done"
        return f"British Redeploy: remove an Irregular to Available ({f['irregulars']} more at most), or done"

    def explain(self, g, f, verb, arg):
        stage = f["stage"]
        if stage == "troops" and verb == "done":
            left = [r for r in B.RAILWAYS if B.sp(g, r)["troops"]]
            return W.because(f"Troops on Railways must move to Cities first; Troops remain on {W.names(left)}",
                             "6.4.1")
        if arg is None or arg in self.prompt(g, f).get(verb, [arg]):
            return None
        if stage == "troops" and verb == "troop":
            got = W.space_args(arg, 2, "troop", "RAILWAY CITY", "6.4.1")
            if not isinstance(got, list):
                return got
            rail, city = got
            if B.KIND[rail] != "railway":
                return W.because(f"{B.name(rail)} is not a Railway: Redeploy moves the Troops on Railways", "6.4.1")
            if not B.sp(g, rail)["troops"]:
                return W.because(f"{W.has(g, rail, 'troops')} to move", "6.4.1")
            return W.because(f"{B.name(city)} is not a City: Troops on Railways go to Cities", "6.4.1")
        if stage == "police" and verb == "police":
            got = W.space_args(arg, 2, "police", "FROM TO", "6.4.1")
            if not isinstance(got, list):
                return got
            src, dst = got
            if B.KIND[dst] not in ("railway", "city"):
                return W.because(f"{B.name(dst)} is {W.kind_of(dst)}: Police go to Railways or Cities", "6.4.1")
            if src == dst:
                return W.because(f"the Police cube is in {B.name(dst)} already", "6.4.1")
            if not B.sp(g, src)["police"]:
                return W.because(f"{W.has(g, src, 'police')} to move", "6.4.1")
            return W.because(f"every Police cube in {B.name(src)} moved in this Redeploy already: each cube moves "
                             "once", "6.4.1")
        if stage == "irregulars" and verb == "remove":
            if f["irregulars"] <= 0:
                return W.because("the British may remove up to half the Irregulars on the map (rounded down), and "
                                 "have removed that many", "6.4.1")
            words = W.parts(arg, 2)
            if words is None or words[1] not in ("irregular-u", "irregular-a"):
                return W.form("remove", "SPACE irregular-u|irregular-a", arg, "6.4.1")
            if not W.is_space(words[0]):
                return W.not_a_space(words[0])
            return W.because(f"{W.has(g, words[0], B.BOARD.key_of_word[words[1]])} to remove", "6.4.1")
        return None

    def act(self, g, f, verb, arg):
        if verb == "done":
            if f["stage"] == "police":
                f["stage"] = "irregulars"
            else:
                g.end()
            return
        if verb == "troop":
            a, b = arg.split(" ")
            B.move(g, a, b, "troops")
            g.say(f"British redeployed a Troop from {B.name(a)} to {B.name(b)}.", faction="british", rule="6.4.1")
        elif verb == "police":
            a, b = arg.split(" ")
            B.move(g, a, b, "police")
            f["arrived"][b] = f["arrived"].get(b, 0) + 1
            g.say(f"British redeployed a Police cube from {B.name(a)} to {B.name(b)}.", faction="british",
                  rule="6.4.1")
        else:
            sid, word = arg.split(" ")
            B.remove(g, sid, B.BOARD.key_of_word[word], 1)
            f["irregulars"] -= 1
            g.say(f"British removed an Irregular in {B.name(sid)} to Available.", faction="british", rule="6.4.1")

    def step(self, g, f):
        if f["stage"] == "troops" and not self.prompt(g, f)["troop"]:
            f["stage"] = "police"
            return True
        if f["stage"] == "irregulars" and list(self.prompt(g, f)) == ["done"]:
            g.end()
            return True
        return False


def rebel_redeploy_destinations(g: Context) -> list[str]:
    """Spaces with Rebel Bases, or with none on the map, Foreign Countries in play (6.4.2)."""
    bases = [s for s in B.SPACES if B.sp(g, s)["bases"]]
    return bases or B.foreign_in_play(g)


@procedure
class RedeployRebels(Procedure):
    """6.4.2: Guerrillas on Railways and in Cities must move to spaces with Rebel Bases (or Foreign
    Countries if no Base)."""

    name = "ar.redeploy_rebels"
    rule = "6.4.2"

    def prompt(self, g, f):
        dests = rebel_redeploy_destinations(g)
        moves = [f"{a} {b} {w}" for a in B.RAILWAYS + B.CITIES for w, k in (("guerrilla-u", "guerrillas_u"),
                                                                         ("guerrilla-a", "guerrillas_a"))
                 if B.sp(g, a)[k] for b in dests if b != a]
        return {"move": moves} if moves else {}

    def text(self, g, f):
        return "Rebels Redeploy: move each Guerrilla on a Railway or in a City to a space with a Base (move FROM TO KIND)"

    def respell(self, g, f, verb, arg):
        """``move FROM KIND TO``, the order this step took before docs/orders.md's one order (FROM TO KIND):
        games saved then replay, and a player who writes it is understood."""
        words = arg.split(" ")
        if verb == "move" and len(words) == 3 and words[1] in WORD_KEY:
            return f"{words[0]} {words[2]} {words[1]}"
        return None

    def explain(self, g, f, verb, arg):
        if verb == "done":
            left = [s for s in B.RAILWAYS + B.CITIES if B.guerrillas(B.sp(g, s))]
            return W.because(f"Guerrillas on Railways and in Cities must move; Guerrillas remain in {W.names(left)}",
                             "6.4.2")
        if verb != "move" or arg is None or arg in self.prompt(g, f).get("move", ()):
            return None
        words = W.parts(arg, 3)
        if words is not None and words[1] in WORD_KEY:  # the older order, FROM KIND TO (respell)
            words = [words[0], words[2], words[1]]
        if words is None or words[2] not in WORD_KEY or not all(W.is_space(w) for w in (words[0], words[1])):
            return W.form("move", "FROM TO guerrilla-u|guerrilla-a", arg, "6.4.2")
        src, dst, word = words
        if B.KIND[src] not in ("railway", "city"):
            return W.because(f"{B.name(src)} is {W.kind_of(src)}: Redeploy moves the Guerrillas on Railways and in "
                             "Cities", "6.4.2")
        if not B.sp(g, src)[WORD_KEY[word]]:
            return W.because(f"{W.has(g, src, WORD_KEY[word])} to move", "6.4.2")
        dests = rebel_redeploy_destinations(g)
        what = "spaces with Rebel Bases" if any(B.sp(g, s)["bases"] for s in B.SPACES) else \
            "Foreign Countries in play (no Rebel Base is on the map)"
        return W.because(f"{B.name(dst)} is not one of the {what}: {W.names(d for d in dests if d != src)}", "6.4.2")

    def act(self, g, f, verb, arg):
        a, b, word = arg.split(" ")
        B.move(g, a, b, B.BOARD.key_of_word[word])
        g.say(f"Rebels redeployed a Guerrilla from {B.name(a)} to {B.name(b)}.", faction="rebels", rule="6.4.2")

    def step(self, g, f):
        if not self.prompt(g, f):
            g.end()
            return True
        return False


@procedure
class Munich(Procedure):
    """A34 Munich conference, at Reset: the British place every Out of Play Troop in any Cities (6.5)."""

    name = "ar.munich"
    rule = "A34"

    def prompt(self, g, f):
        return {"place": list(B.CITIES)}

    def text(self, g, f):
        return f"British (Munich, A34): place an Out of Play Troop in a City ({g.s['out_of_play']} left)"

    def explain(self, g, f, verb, arg):
        if verb == "done":
            return W.because(f"every Out of Play Troop goes to a City: {g.s['out_of_play']} left", "A34")
        if verb != "place" or arg is None or arg in B.CITIES:
            return None
        return W.because(f"{B.name(arg) if W.is_space(arg) else repr(arg)} is not a City: the Troops go to "
                         f"Cities ({W.names(B.CITIES)})", "A34")

    def act(self, g, f, verb, arg):
        g.s["out_of_play"] -= 1
        B.sp(g, arg)["troops"] += 1
        g.say(f"British placed an Out of Play Troop in {B.name(arg)} (Munich, A34).", faction="british", rule="A34")

    def step(self, g, f):
        if not g.s["out_of_play"]:
            g.end()
            return True
        return False
