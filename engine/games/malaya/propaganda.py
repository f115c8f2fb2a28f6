"""The Propaganda Round (rule 6): Political Will with victory (6.1, 7.0), Resources (6.2), Support (6.3:
British Pacify, then MCP Agitate), Redeploy (6.4: British), Reset (6.5, with the Commander Track, 6.6).

The Political Will phase computes its net change first and moves the marker once (6.1.2 NOTE), then checks
victory (6.1.3) and, on the final Propaganda card, ends the game by 7.0.2, a tie at exactly 10. Eligibility
stays as it was (2.3.1 NOTE). Every decision the round gives a player is asked of that player, in the
rulebook's order (``support`` and ``redeploy``, ``propaganda_phases``).
"""

from __future__ import annotations

from ...coin import resources
from ...coin.propaganda import PropagandaRound
from ...coin.will import shift_will
from ...core.flow import Context, procedure
from . import board as B
from .propaganda_phases import start_redeploy, start_support
from .setup import DECKS

#: Political Will that ends the game at a victory check (6.1.3, 7.0.1).
MCP_WINS, BRITISH_WINS = range(0, 3), range(18, 21)
#: 7.0.2: below 10 the MCP win, above 10 the British, at 10 a tie.
TIE = 10


def will_change(g: Context) -> tuple[int, list[str]]:
    """Net Political Will change of 6.1.1 and 6.1.2, with the items that make it up. Places the Sabotage
    markers of 6.1.2 first (each EC without one where Guerrillas outnumber British cubes)."""
    parts: list[str] = []
    support = B.SUPPORT.population(g, lambda v: v > 0)
    opposition = B.SUPPORT.population(g, lambda v: v < 0, lambda s: not B.sp(g, s)["new_village"])
    net = support - opposition
    parts.append(f"Support Population {support} less Opposition Population without a New Village {opposition}: "
                 f"{net:+d}")
    for ec in B.ECS:
        x = B.sp(g, ec)
        if not x["sabotage"] and B.guerrillas(x) > B.cubes(x):
            x["sabotage"] = 1
            g.say(f"A Sabotage marker was placed in {B.name(ec)}: Guerrillas outnumber British cubes there.",
                  rule="6.1.2")
    sabotaged = [ec for ec in B.ECS if B.sp(g, ec)["sabotage"]]
    if sabotaged:
        net -= len(sabotaged)
        parts.append(f"{len(sabotaged)} Economic Center(s) with Sabotage -{len(sabotaged)}")
    if B.sp(g, B.KL)["terror"]:
        net -= 1
        parts.append("Terror in Kuala Lumpur -1")
    return net, parts


def british_earnings(g: Context) -> tuple[int, str]:
    """6.2.1: the Population under British Control plus 6 for each Economic Center without Sabotage."""
    pop = sum(B.POP[s] for s in B.CONTROL.held_by(g, "british"))
    econ = sum(B.ECON[ec] for ec in B.ECS if not B.sp(g, ec)["sabotage"])
    return pop + econ, f"British Controlled Population {pop}, Economic Centers without Sabotage {econ}"


def final_round(g: Context) -> bool:
    """Whether this is the deck's final Propaganda card (6.1.4): one Propaganda card a pile, three piles."""
    return g.s["propaganda"] >= DECKS[g.s["scenario"]]["piles"]


@procedure
class MalayaPropaganda(PropagandaRound):
    """Runs the phases of 6.1 to 6.5 in order, calling on each player where the rules let them choose."""

    name = "my.propaganda"
    script = ("will", "resources", "support", "redeploy", "reset")

    def will(self, g, f):
        """6.1: the net change computed first, the marker moved once (6.1.2 NOTE); victory (6.1.3, 7.0.1);
        the final card ends the game (6.1.4, 7.0.2)."""
        s = g.s
        s["propaganda"] += 1
        net, parts = will_change(g)
        g.say("Political Will phase: " + "; ".join(parts) + f" (net {net:+d}).", kind="h2", rule="6.1")
        shift_will(g, net, "Political Will phase", rule="6.1")
        pw = s["pw"]
        if pw in MCP_WINS:
            self.win(g, "mcp", f"British Political Will is {pw} (6.1.3: 0, 1 or 2)", "7.0.1")
        elif pw in BRITISH_WINS:
            self.win(g, "british", f"British Political Will is {pw} (6.1.3: 18, 19 or 20)", "7.0.1")
        elif final_round(g):
            if pw < TIE:
                self.win(g, "mcp", f"the final Propaganda Round ended with Political Will {pw}, below 10", "7.0.2")
            elif pw > TIE:
                self.win(g, "british", f"the final Propaganda Round ended with Political Will {pw}, above 10",
                         "7.0.2")
            else:
                self.draw(g, "the final Propaganda Round ended with Political Will exactly 10 (a tie)", "7.0.2")

    def resources(self, g, f):
        """6.2: the British earn their Controlled Population and the Economic Centers without Sabotage; the MCP
        twice the Bases on the map; each to 20 at most (1.8)."""
        g.say("Resources phase.", kind="h2", rule="6.2")
        earned, why = british_earnings(g)
        resources.shift(g, "british", earned, why, "6.2.1")
        bases = B.bases_on_map(g)
        resources.shift(g, "mcp", 2 * bases, f"{bases} Base(s) on the map, 2 each", "6.2.2")

    def support(self, g, f):
        """6.3: the British may Pacify in up to two spaces, then the MCP may Agitate in up to two (pushed in
        reverse order)."""
        g.say("Support phase.", kind="h2", rule="6.3")
        start_support(g)

    def redeploy(self, g, f):
        """6.4: the British Redeploy; Control is then adjusted (6.4.2: kept current as they move, ruling
        R-CONTROL-PW)."""
        g.say("Redeploy phase.", kind="h2", rule="6.4")
        start_redeploy(g)

    def reset(self, g, f):
        """6.5: Terror and Sabotage off the map, every Guerrilla Underground, the Commander Track one box right
        if it can (6.6.1; ruling R-COMMANDER), and Gurney Killed over (6.6.3)."""
        s = g.s
        g.say("Reset phase.", kind="h2", rule="6.5")
        for x in s["spaces"].values():
            x["terror"] = x["sabotage"] = 0
        B.BOARD.flip_all_underground(g)
        before = s["commander"]
        s["commander"] = min(before + 1, len(B.COMMANDERS) - 1)
        killed = s["gurney_killed"]
        s["gurney_killed"] = False
        moved = (f"the Commander Track moved from {B.COMMANDERS[before]} to {B.COMMANDERS[s['commander']]}"
                 if s["commander"] != before else f"the Commander Track stays at {B.COMMANDERS[before]}, its last box")
        g.say("Terror and Sabotage markers were removed, all Guerrillas flipped Underground; " + moved
              + ("; the Commander's effect applies again (Gurney Killed is over)" if killed else "") + ".",
              rule="6.5")
