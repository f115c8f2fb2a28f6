"""Victory points and victory (28.0), and the VP the rules award as play goes on.

- The ledger ``state["vp"]`` starts at the scenario's values (Scenario 1: Arab League 8, Israel 18; Scenario 2:
  0 and 0) and moves by the awards of the rules: 22.3 (+10 to the side that did not violate a truce), 26.1f
  (+5 to Israel for each Transjordanian unit outside Transjordan at the end of the April 1948 turn), 18.4a
  (the victim of terrorism), 31.2b (fanaticism costs its declarer), eliminated units (4.2, 27.4: the pack's VP
  table, since the text gives no values).
- 28.3: at the end, each objective of the pack's VP table scores for the side that occupies it, a ground unit of
  its own physically in the hex (combat or not; ZOC irrelevant); 18.5: each terrorist scores the pack's VP for
  every enemy-population hex it terrorized.
- 28.2: the side with more VP wins; the difference gives the level: 0-9 a draw, 10-39 a marginal victory, 40-69
  a strategic victory, 70 or more a decisive victory.
- ``margins``: the VP difference of a finished game (28.2) per side, a tournament's tie-break (issue 33, item 4).
"""

from __future__ import annotations

from . import units
from .units import SIDE_NAMES, SIDE_TITLES, SIDES

#: 28.2: the least difference of each level, highest first.
LEVELS = ((70, "decisive victory"), (40, "strategic victory"), (10, "marginal victory"), (0, "draw"))


def level(difference: int) -> str:
    """The victory level of a VP *difference* (28.2)."""
    for least, name in LEVELS:
        if abs(difference) >= least:
            return name
    return "draw"


def award(g, side: str, vp: int, why: str, rule: str) -> None:
    """*side* gains *vp* (a negative *vp*: loses) and the log says why."""
    if not vp:
        return
    g.s["vp"][side] += vp
    verb = "gained" if vp > 0 else "lost"
    g.say(f"{SIDE_TITLES[side]} {verb} {abs(vp)} VP: {why} ({rule}); VP now Arab League {g.s['vp']['arab']}, "
          f"Israel {g.s['vp']['israel']}.", faction=side, rule=rule, kind="vp")


def eliminated(g, cid: str, why: str) -> None:
    """The enemy of counter *cid*'s side scores the pack's VP for its elimination (28.1; none for a reinforcement
    lost on arrival: 4.2, which does not call this)."""
    s = g.s
    c = units.counter(s, cid)
    side = units.side_of(s, cid)  # a British counter fighting for a side is its loss (27.8, 25.3: ruling R-27.8-vp)
    if side not in SIDES:
        return
    vp = units.pack_of(s).vp.eliminated_vp(c, side)
    award(g, units.other(side), vp, f"{cid} was eliminated ({why})", "28.1")


def mandate_check(g) -> None:
    """26.1f: at the end of the April 1948 turn, +5 VP to Israel for each Transjordanian unit outside
    Transjordan."""
    s = g.s
    hexes = units.pack_of(s).map
    out = [cid for cid in units.on_map(s, "arab")
           if units.counter(s, cid).nationality == "transjordan" and hexes.hex(s["units"][cid]["at"]).country
           != "Transjordan"]
    if out:
        award(g, "israel", 5 * len(out), f"{len(out)} Transjordanian unit{'s' if len(out) != 1 else ''} outside "
              f"Transjordan at the end of April 1948: {', '.join(out)}", "26.1f")
    else:
        g.say("Every Transjordanian unit was inside Transjordan at the end of April 1948 (26.1f).", rule="26.1f")


def occupant(state: dict, hex_: str) -> str | None:
    """The side with a ground unit (combat or not, supply included) physically in *hex_* (28.3), or None."""
    for cid in units.at(state, hex_):
        side = units.side_of(state, cid)
        if side in SIDES:
            return side
    for side in SIDES:
        if units.supply_points(state, side, hex_):
            return side
    return None


def final_scores(state: dict) -> tuple[dict[str, int], list[str]]:
    """The VP after the end-of-game awards (28.3 objectives, 18.5 terrorized hexes) and a line for each award."""
    pack = units.pack_of(state)
    vp = dict(state["vp"])
    lines = []
    for obj in pack.vp.objectives:
        if obj.get("when", "end_of_game") != "end_of_game":
            continue
        who = occupant(state, obj["hex"])
        if who and obj["side"] in ("either", who):
            vp[who] += obj["vp"]
            lines.append(f"{SIDE_TITLES[who]} occupies {obj.get('name', obj['hex'])}: +{obj['vp']} (28.3)")
    per_hex = pack.vp.terrorism_per_hex
    for side in SIDES:
        n = sum(1 for by in state["terrorized"].values() if by == side)
        if n and per_hex:
            vp[side] += n * per_hex
            lines.append(f"{SIDE_TITLES[side]} terrorized {n} enemy hex{'es' if n != 1 else ''}: +{n * per_hex} "
                         f"(18.5)")
    return vp, lines


def final(g) -> None:
    """28.2: the game ends after the scenario's last turn; the side with more VP wins at the level of the
    difference; a difference under 10 is a draw (the outcome names no winner)."""
    s = g.s
    vp, lines = final_scores(s)
    s["vp"] = vp
    for line in lines:
        g.say(line + ".", rule="28.3", kind="vp")
    diff = vp["arab"] - vp["israel"]
    name = level(diff)
    score = f"Arab League {vp['arab']} VP, Israel {vp['israel']} VP"
    if name == "draw":
        s["outcome"] = {"winner": None, "reason": f"a draw: {score}, a difference of {abs(diff)} (28.2)",
                        "level": name, "vp": vp}
    else:
        winner = "arab" if diff > 0 else "israel"
        s["outcome"] = {"winner": winner, "reason": f"a {name} for {SIDE_NAMES[winner]}: {score}, a difference "
                        f"of {abs(diff)} (28.2)", "level": name, "vp": vp}
    s["flow"].clear()
    g.say(f"The game ended: {s['outcome']['reason']}.", rule="28.2", kind="end")


def margins(state: dict) -> dict[str, float] | None:
    """The final VP difference (28.2): each side's VP less the other's, end-of-game awards included (28.3)."""
    outcome = state.get("outcome")
    if not outcome:
        return None
    vp = outcome.get("vp") or state["vp"]  # final() records the totals it decided on in the outcome
    return {side: float(vp[side] - vp[units.other(side)]) for side in SIDES}
