"""Japanese Occupation's Propaganda Round (6.0-6.6, L1505-1594) and victory (7.0.1, L1616-1626); issue 30.

MPAJA Phase (6.1), resolved by the British: the Clashes (6.1.1), then an MPAJA Guerrilla in each Opposition space
(6.1.2); their choices are asked by :mod:`engine.games.japanese_occupation.propaganda_phases`.

Resistance Phase (6.2): the net change is worked out before the marker moves (the NOTE after 6.2.4): plus the
revealed Intel chits' values (6.2.1); plus 1 per Supply Cache on the map and 1 per space with more Guerrillas than
cubes (6.2.2); minus 1 per 4 Japanese Resources, rounded down, which then drop to 0 (6.2.3); minus 1 per 5
Population at Neutral (the Provinces and Kuala Lumpur without Opposition; with J15 shaded a space with a New
Village counts as Neutral) and 1 per 3 spaces with Police, rounded down (6.2.4). Each term is logged with its rule;
the marker moves once, within 0-20 (1.13). The Zipper marker then goes to the highest box not above Resistance
(6.2.5), releasing or taking back Supply Caches (6.7.2, :func:`board.set_zipper`). On the final Propaganda card
the game ends with the victory check (6.2.6, 7.0.1): Resistance below 18, a Japanese win; 20, a British win;
18 or 19, a British win with fewer Jungle Camps than Force 136 markers on the map, else the MPAJA win and both
players lose (``outcome = {"winner": None, "reason": ..., "losers": ["british", "japanese"]}``, the record the
service prints as "both players lost"). There is no earlier victory (7.0.1 NOTE).

The final card is the third Propaganda card (2.1: one a pile), or the round J9 Atomic Bombings starts in the third
Campaign: that Event calls :func:`start_final_round`, which sets ``state["flags"]["final"]`` (:data:`FINAL`) and
runs this round, which ends after the Resistance Phase (J9: "conduct MPAJA and Resistance Phases then check for
Victory").

Resources (6.3: British Opposition beside sabotaged Railways, then a Japanese Construct, ``jo.op.construct``),
Support (6.4: British Supply, Japanese Reprisal), Redeploy (6.5: Force 136, then Kempeitai and Police), Reset
(6.6): every Terror marker off the map (Sabotage stays, 6.6 NOTE), the Intel chits dealt again face down, every
Guerrilla Underground, J17's Troops back to Kuala Lumpur, J25's Force 136 back to a Province with a Jungle Camp
(or Available), the British 1st Eligible. The shared card round then reveals the next card.

The round counter ``state["propaganda"]`` rises as the round begins (its MPAJA Phase), as in the other games.
"""

from __future__ import annotations

from ...coin.propaganda import PropagandaRound
from ...coin.wording import side_name
from ...core.flow import Context, procedure
from . import board as B
from . import intel_chits as chits
from . import why as W
from .operation import new_op_frame
from .propaganda_phases import (
    neutral_spaces,
    offer_sa,
    procedure_of,
    return_burma,
    start_british_redeploy,
    start_clashes,
    start_davis,
    start_japanese_redeploy,
    start_mobilize,
    start_oppose,
)
from .setup import PROPAGANDA_CARDS

#: Where J9 Atomic Bombings marks the round it starts as the final one (``state["flags"]``).
FINAL = "final"
#: 6.2.3, 6.2.4: Resources, Neutral Population and spaces with Police per point of Resistance.
RESOURCES_PER_POINT, POPULATION_PER_POINT, POLICE_SPACES_PER_POINT = 4, 5, 3
#: 7.0.1: below 18 the Japanese win; at 20 the British; 18-19 the Jungle Camps and Force 136 decide.
CONTESTED, BRITISH_WIN = 18, 20
#: 4.3.2: the spaces a Reprisal selects (the Support phase's, 6.4.2).
REPRISAL_SPACES = 2
#: The Propaganda Round's procedure (rules.py names it; J9 starts it through :func:`start_final_round`).
ROUND = "jo.propaganda"


def final_round(g: Context) -> bool:
    """Whether this round ends the game (6.2.6): the third Propaganda card, or J9's round (:data:`FINAL`)."""
    return bool(g.s["flags"].get(FINAL)) or g.s["propaganda"] >= len(PROPAGANDA_CARDS)


def third_campaign(g: Context) -> bool:
    """Whether the card being played is in the third Campaign: two Propaganda Rounds held (J9)."""
    return g.s["propaganda"] == len(PROPAGANDA_CARDS) - 1


def start_final_round(g: Context, cid: str = "J9") -> None:
    """J9 Atomic Bombings in the third Campaign: the final Propaganda Round now, its MPAJA and Resistance Phases,
    then victory (the Event calls this)."""
    g.s["flags"][FINAL] = True
    g.say("The war ends early: the final Propaganda Round is held now (MPAJA and Resistance Phases, then "
          "Victory).", rule=f"{cid}, 7.0.1")
    g.call(ROUND, "british")


def resistance_terms(g: Context) -> list[tuple[int, str, str]]:
    """The terms of the Resistance Phase, ``(change, what, rule)`` in the rule's order (6.2.1-6.2.4)."""
    spaces = g.s["spaces"]
    terms = []
    shown = [(s, g.s["intel"][s]["value"]) for s in chits.revealed_spaces(g)]
    total = chits.revealed_total(g.s)
    if shown:
        terms.append((total, "Intel: revealed chits " + ", ".join(f"{B.name(s)} {v}" for s, v in shown), "6.2.1"))
    else:
        terms.append((0, "Intel: no revealed chit", "6.2.1"))
    caches = B.spaces_with(g, "caches")
    terms.append((len(caches), f"Defenses Undermined: {W.count(len(caches), 'caches')} on the map"
                               f"{' (' + W.names(caches) + ')' if caches else ''}", "6.2.2"))
    more = [s for s in B.SPACES if B.guerrillas(spaces[s]) > B.cubes(spaces[s])]
    terms.append((len(more), f"Defenses Undermined: {len(more)} space{'s' if len(more) != 1 else ''} with more "
                             f"Guerrillas than cubes{' (' + W.names(more) + ')' if more else ''}", "6.2.2"))
    res = g.s["resources"]
    terms.append((-(res // RESOURCES_PER_POINT), f"Resources Extracted: {res} Japanese Resources, one per "
                                                 f"{RESOURCES_PER_POINT}", "6.2.3"))
    neutral = neutral_spaces(g)
    pop = sum(B.POP[s] for s in neutral)
    terms.append((-(pop // POPULATION_PER_POINT), f"Population Subdued: {pop} Population at Neutral"
                                                  f"{' (' + W.names(neutral) + ')' if neutral else ''}, one per "
                                                  f"{POPULATION_PER_POINT}", "6.2.4"))
    police = B.spaces_with(g, "police")
    terms.append((-(len(police) // POLICE_SPACES_PER_POINT),
                  f"Population Subdued: {len(police)} space{'s' if len(police) != 1 else ''} with Police"
                  f"{' (' + W.names(police) + ')' if police else ''}, one per {POLICE_SPACES_PER_POINT}", "6.2.4"))
    return terms


@procedure
class JapaneseOccupationPropaganda(PropagandaRound):
    """Runs 6.1 to 6.6 in order, asking each faction its choices (see the module docstring). A frame may start at
    a later step with ``pc`` (the script's index), as a test or a position does."""

    name = ROUND
    script = ("mpaja", "mobilize", "resistance", "zipper", "game_end", "resources", "construct", "support",
              "reprisal", "redeploy", "japanese_redeploy", "reset", "reset_davis", "reset_end")

    # -- 6.1 MPAJA Phase ---------------------------------------------------------------------------------------
    def mpaja(self, g, f):
        """6.1: the round counted; 6.1.1 Clashes."""
        s = g.s
        s["propaganda"] += 1
        tail = ", the final one" if final_round(g) else ""
        g.say(f"MPAJA Phase (Propaganda Round {s['propaganda']} of {len(PROPAGANDA_CARDS)}{tail}); the British "
              "resolve it.", kind="h2", rule="6.1")
        start_clashes(g)

    def mobilize(self, g, f):
        """6.1.2: an MPAJA Guerrilla in each Opposition space."""
        start_mobilize(g)

    # -- 6.2 Resistance Phase ------------------------------------------------------------------------------------
    def resistance(self, g, f):
        """6.2.1-6.2.4: the net change worked out, each term logged, the marker moved once; Resources to 0."""
        g.say("Resistance Phase.", kind="h2", rule="6.2")
        terms = resistance_terms(g)
        for delta, what, rule in terms:
            g.say(f"{what} ({delta:+d}).", rule=rule)
        net = sum(d for d, _, _ in terms)
        before = g.s["resistance"]
        made = B.shift_resistance(g, net, f"Resistance Phase, net {net:+d}", "6.2")
        if not made:
            end = ", at the end of its track" if net else ""
            g.say(f"Resistance stays at {before} (net {net:+d}{end}).", rule="6.2, 1.13")
        if g.s["resources"]:
            B.gain_resources(g, -g.s["resources"], "Resources Extracted: set to 0", "6.2.3")

    def zipper(self, g, f):
        """6.2.5: the Zipper marker to the highest box not above Resistance; Supply Caches released or returned."""
        r = g.s["resistance"]
        box = B.zipper_for(r)
        if box == g.s["zipper"]:
            g.say(f"Invasion Preparation: Resistance {r}; Operation Zipper stays at {B.zipper_label(box)}.",
                  rule="6.2.5")
            return
        B.set_zipper(g, box, f"Invasion Preparation, Resistance {r}", "6.2.5")

    def game_end(self, g, f):
        """6.2.6: the final card ends the game with the victory check (7.0.1)."""
        if final_round(g):
            self.victory(g)
        else:
            g.say("Not the final Propaganda card: the round continues.", rule="6.2.6")

    def victory(self, g: Context) -> None:
        """7.0.1 (see the module docstring)."""
        r = g.s["resistance"]
        if r < CONTESTED:
            self.win(g, "japanese", f"the final Resistance is {r}, below 18", "7.0.1")
        elif r >= BRITISH_WIN:
            self.win(g, "british", f"the final Resistance is {r}", "7.0.1")
        else:
            camps, f136 = B.markers_on_map(g.s, "jungle_camp"), B.markers_on_map(g.s, "force_136")
            count = (f"{W.count(camps, 'jungle_camp')} and {W.count(f136, 'force_136')} on the map")
            if camps < f136:
                self.win(g, "british", f"the final Resistance is {r} with fewer Jungle Camps than Force 136 markers "
                                       f"({count})", "7.0.1")
            else:
                self.mpaja_win(g, f"the final Resistance is {r} and the Jungle Camps are not fewer than the Force "
                                  f"136 markers ({count})", "7.0.1")

    def mpaja_win(self, g: Context, reason: str, rule: str) -> None:
        """7.0.1: the non-player MPAJA win and both players lose."""
        g.s["outcome"] = {"winner": None, "reason": f"the MPAJA won: {reason}", "losers": list(g.rules.factions)}
        g.say(f"The MPAJA won and both players lose: {reason}.", kind="h1", rule=rule)

    # -- 6.3 Resources Phase -------------------------------------------------------------------------------------
    def resources(self, g, f):
        """6.3.1: the British may set spaces beside sabotaged Railways to Opposition."""
        g.say("Resources Phase.", kind="h2", rule="6.3")
        start_oppose(g)

    def construct(self, g, f):
        """6.3.2: the Japanese may Construct (a full Operation, up to three spaces, no Special Activity)."""
        name = "jo.op.construct"
        proc = procedure_of(g, name)
        frame = new_op_frame(g, "construct", False, False, optional=True, rule="6.3.2")
        if not proc.possible(g, frame):
            g.say("Resources Phase: no Province may be selected for Construct (3.3.2: more cubes than "
                  "Guerrillas), so the Japanese do not Construct.", faction="japanese", rule="6.3.2")
            return
        g.say("Resources Phase: the Japanese may Construct, or forgo it.", faction="japanese",
              rule="6.3.2")
        g.call(name, "japanese", **frame)

    # -- 6.4 Support Phase ---------------------------------------------------------------------------------------
    def support(self, g, f):
        """6.4.1: the British may Supply."""
        g.say("Support Phase.", kind="h2", rule="6.4")
        offer_sa(g, "british", "supply", "6.4.1", {"rule": "6.4.1", "max": B.supply_spaces(g), "only": None})

    def reprisal(self, g, f):
        """6.4.2: the Japanese may Reprisal."""
        offer_sa(g, "japanese", "reprisal", "6.4.2", {"rule": "6.4.2", "max": REPRISAL_SPACES, "only": None})

    # -- 6.5 Redeploy Phase --------------------------------------------------------------------------------------
    def redeploy(self, g, f):
        """6.5.1: the British may move Force 136 to spaces with Jungle Camps."""
        g.say("Redeploy Phase.", kind="h2", rule="6.5")
        start_british_redeploy(g)

    def japanese_redeploy(self, g, f):
        """6.5.2: the Japanese may move Kempeitai and Police."""
        start_japanese_redeploy(g)

    # -- 6.6 Reset Phase -----------------------------------------------------------------------------------------
    def reset(self, g, f):
        """6.6: Terror off, Intel dealt again, Guerrillas Underground; J17's Troops back to Kuala Lumpur."""
        g.say("Reset Phase.", kind="h2", rule="6.6")
        terror = [s for s in B.SPACES if B.sp(g, s)["terror"]]
        for s in terror:
            B.sp(g, s)["terror"] = 0
        g.say(f"Terror removed from {W.names(terror)}." if terror else "No Terror marker was on the map.",
              rule="6.6")
        chits.redeal_intel(g, "6.6")
        B.flip_all_underground(g)
        g.say("All Guerrillas were flipped Underground.", rule="6.6")
        return_burma(g)

    def reset_davis(self, g, f):
        """J25 shaded: its Force 136 back to a Province with a Jungle Camp, or to Available."""
        start_davis(g)

    def reset_end(self, g, f):
        """6.6: the British 1st Eligible, the Japanese 2nd."""
        order = list(g.rules.eligibility_after_propaganda)
        if g.s["eligible"] == order:
            g.say(f"{side_name(order[0])} stay 1st Eligible.", rule="6.6")
        self.reset_eligibility(g, "6.6")
