"""Kenya's Propaganda Round (rule 6.0): Political Will with its victory checks (6.1, 7.0), Resources (6.2),
Support (6.3: British Reward, then Mau Mau Oath), Redeploy (6.4: the British Redeploy, the Forest Camps,
Control), Reset (6.5, with the Pipeline Track, 6.6).

The Political Will phase computes its net change first and moves the marker once (6.1), from the current
Population of each space (1.3.2, ruling R-POPULATION; :func:`board.population_at`): 6.1.1 lowers it by the
Population at Resistance beyond the Population at Loyalty, never raises it; 6.1.2 costs 1 for each Populated
Non-Reserve space with a Terror marker (ruling R-6.1.2: spaces, not markers); 6.1.3 adds 2 with no Mau Mau
piece in Nairobi and 2 with no Base outside the Mountain Jungles. Then the victory check (6.1.4, 7.0.1) and,
on the final Propaganda card, the end of the game by 7.0.2, a tie at exactly 10 (6.1.5). The outcome is
``state["outcome"] = {"winner": role or None, "reason": ...}``. Eligibility stays as it was (2.3.1 NOTE,
L2329). Every choice the round gives a player is asked of that player, in the rulebook's order
(:mod:`propaganda_phases`).
"""

from __future__ import annotations

from ...coin.capabilities import cap
from ...coin.propaganda import PropagandaRound
from ...coin.will import shift_will
from ...core.flow import Context, procedure
from . import board as B
from . import why as W
from .propaganda_phases import start_forest_camps, start_redeploy, start_reset_pipeline, start_support
from .setup import PROPAGANDA_CARDS

#: Political Will that ends the game at the victory check (6.1.4, 7.0.1).
MAUMAU_WINS, BRITISH_WINS = range(0, 3), range(18, 21)
#: 7.0.2: below 10 the Mau Mau win, above 10 the British, at 10 a tie.
TIE = 10
#: 6.1.3: what each condition of Mau Mau Contained? adds.
CONTAINED = 2


def will_change(g: Context) -> tuple[int, list[str]]:
    """The net Political Will change of 6.1.1 to 6.1.3, with the items that make it up (for the log)."""
    loyal = B.population_at(g, lambda v: v > 0)
    resistant = B.population_at(g, lambda v: v < 0)
    diff = loyal - resistant
    net = min(diff, 0)  # 6.1.1 and its NOTE: never an increase
    parts = [f"Kikuyu Resistance: Loyal Population {loyal} less Resistance Population {resistant} is {diff:+d}, "
             f"{net:+d} to Political Will"]
    terror = [s for s in B.NON_RESERVE_SPACES if B.populated(g, s) and B.sp(g, s)["terror"]]
    if terror:
        net -= len(terror)
        parts.append(f"Settlers Intimidated: Terror in {', '.join(B.name(s) for s in terror)} -{len(terror)}")
    else:
        parts.append("Settlers Intimidated: no Terror in a Populated Non-Reserve space")
    if not B.maumau(B.sp(g, B.NAIROBI)):
        net += CONTAINED
        parts.append(f"no Mau Mau piece in Nairobi +{CONTAINED}")
    outside = [s for s in B.SPACES if B.sp(g, s)["bases"] and not B.is_mountain_jungle(s)]
    if not outside:
        net += CONTAINED
        parts.append(f"no Base outside the Mountain Jungles +{CONTAINED}")
    return net, parts


def final_round(g: Context) -> bool:
    """Whether this is the deck's final Propaganda card (6.1.5): the third, one in each pile (2.1)."""
    return g.s["propaganda"] >= len(PROPAGANDA_CARDS)


def forest_camps_barred(g: Context) -> bool:
    """K31 unshaded (Hungry and desperate): the Mau Mau no longer free Rally in the Redeploy phase (6.4.2)."""
    return cap(g, "K31") == "unshaded"


@procedure
class KenyaPropaganda(PropagandaRound):
    """Runs the phases of 6.1 to 6.5 in order, calling on each player where the rules let them choose (see
    the module docstring). Its steps are the phases a position file may start at
    (:attr:`position.KenyaPosition.phases`)."""

    name = "ke.propaganda"
    script = ("will", "resources", "support", "redeploy", "forest_camps", "reset")

    def will(self, g, f):
        """6.1: the net change computed first, the marker moved once; the victory check (6.1.4, 7.0.1); the
        final card ends the game (6.1.5, 7.0.2)."""
        s = g.s
        s["propaganda"] += 1
        net, parts = will_change(g)
        g.say("Political Will phase: " + "; ".join(parts) + f" (net {net:+d}).", kind="h2", rule="6.1")
        shift_will(g, net, "Political Will phase", rule="6.1")
        pw = s["pw"]
        if pw in MAUMAU_WINS:
            self.win(g, "maumau", f"British Political Will is {pw} (6.1.4: 0, 1 or 2)", "6.1.4, 7.0.1")
        elif pw in BRITISH_WINS:
            self.win(g, "british", f"British Political Will is {pw} (6.1.4: 18, 19 or 20)", "6.1.4, 7.0.1")
        elif final_round(g):
            if pw < TIE:
                self.win(g, "maumau", f"the final Propaganda Round ended with Political Will {pw}, below 10",
                         "6.1.5, 7.0.2")
            elif pw > TIE:
                self.win(g, "british", f"the final Propaganda Round ended with Political Will {pw}, above 10",
                         "6.1.5, 7.0.2")
            else:
                self.draw(g, "the final Propaganda Round ended with Political Will exactly 10 (a tie)",
                          "6.1.5, 7.0.2")

    def resources(self, g, f):
        """6.2: the Mau Mau gain a Resource for each Base on the map, to 20 at most (1.8)."""
        g.say("Resources phase.", kind="h2", rule="6.2")
        bases = B.bases_on_map(g)
        B.shift_resources(g, bases, f"{bases} Base(s) on the map", "6.2")

    def support(self, g, f):
        """6.3: the British may Reward, then the Mau Mau may Oath (each asked in turn)."""
        g.say("Support phase.", kind="h2", rule="6.3")
        start_support(g)

    def redeploy(self, g, f):
        """6.4.1: the British Redeploy; Control follows the moves, made together (6.4.3; ruling R-CONTROL-PW)."""
        g.say("Redeploy phase.", kind="h2", rule="6.4")
        start_redeploy(g)

    def forest_camps(self, g, f):
        """6.4.2: the Mau Mau may free Rally in each Mountain Jungle, unless K31 unshaded is in play."""
        if forest_camps_barred(g):
            g.say("Forest Camps: the Mau Mau do not free Rally (Kenya Land and Freedom Army, K31 unshaded).",
                  faction="maumau", rule="6.4.2, K31")
            return
        start_forest_camps(g)

    def reset(self, g, f):
        """6.5: every Terror marker off the map, every Guerrilla Underground, then the British may shift the
        Pipeline one box either way (6.6.1); eligibility untouched (2.3.1 NOTE)."""
        g.say("Reset phase.", kind="h2", rule="6.5")
        terror = B.BOARD.on_map(g, "terror")
        for x in g.s["spaces"].values():
            x["terror"] = 0
        B.BOARD.flip_all_underground(g)
        gone = "No Terror marker was" if not terror else f"{W.count(terror, 'terror')} {'was' if terror == 1 else 'were'}"
        g.say(f"{gone} removed from the map; all Guerrillas were flipped Underground.", rule="6.5")
        self.reset_eligibility(g, "6.5, 2.3.1")
        start_reset_pipeline(g)
