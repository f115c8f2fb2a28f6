"""A force on the move (7.1-7.3, 12.2, 20.1): the units that start one move together from one hex, the supply
points they carry, the MP each has left, and each step's cost and legality.

The Movement phase's frame holds at most one force on the move, ``f["force"]``:
``{"units": [ids], "carry": supply points carried, "start": hex, "at": hex, "path": [hexes], "march": bool,
"left": {member: half-MP left}}``. A member is a counter id, or ``"supply"`` for the carried points (one
non-combat unit of the hex library: ``units.supply_unit``; 14.7: supply has no nationality, any force may carry
it). MP are kept in halves (7.5a: a road hex costs 1/2), so the frame stays JSON.

- 7.1: each unit moves up to its movement factor and pays its own MP; a unit released (``f["moved"]``) does not
  move again this phase; supply points that moved are released in the hex they reached (``f["released"]``);
- 7.2: the one-hex minimum move, on the force's first step, for each unit short of MP (not from one enemy ZOC
  directly to another);
- 7.3, 14.3a: a forced march doubles every member's MF; one supply point of the force's hex (one that moved
  there this phase too) is spent as the force begins to move; each force pays its own (7.3b);
- 20.1: the units of a force that starts in a hex where a friendly leader stood as the phase began get +1 MF (+2
  on a forced march: 20.1a; one however many leaders: 20.1b; not the leaders: 20.3; ruling R-20.1-start).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache

from ...core.errors import Refusal
from ...hexwar.movement import allowance, step_cost
from ...hexwar.terrain import Unit, mp_text
from ...hexwar.zoc import ZocView, enemy_zoc
from . import units
from .amphibious import locked_supply
from .movement_limits import Limit, limits
from .sequence import truce as truce_in_effect
from .view import population_open

SUPPLY = "supply"


def new_force(start: str, cids: list[str], carry: int) -> dict:
    return {"units": list(cids), "carry": carry, "start": start, "at": start, "path": [start], "march": False,
            "left": {}}


def stepped(force: dict) -> bool:
    """Whether the force has begun its move: a step taken or an invasion declared (then no unit joins it, 12.2,
    no forced march starts, 7.3, and the minimum move is gone, 7.2)."""
    return len(force["path"]) > 1 or bool(force.get("invaded"))


def members(state: dict, side: str, force: dict) -> list[tuple[str, Unit]]:
    """The force's members as the hex library reads them (counters on their face up, 13.2; the supply)."""
    out = [(cid, units.unit(state, cid)) for cid in force["units"]]
    if force["carry"]:
        out.append((SUPPLY, units.supply_unit(state, side, force["at"])))
    return out


def with_leader(f: dict, force: dict) -> bool:
    """20.1: the force starts where a friendly leader stood as the phase began (R-20.1-start)."""
    return force["start"] in f["leaders_at"]


def reset_left(state: dict, side: str, f: dict) -> None:
    """Each member's MP (in halves) for the move about to start: MF, the leader's +1, doubled by a forced march
    (7.1, 7.3, 20.1; hexwar's ``allowance``)."""
    force = f["force"]
    lead = with_leader(f, force)
    force["left"] = {key: 2 * allowance(u, forced_march=force["march"], with_leader=lead)
                     for key, u in members(state, side, force)}


def carryable(state: dict, f: dict, side: str, hex_: str) -> int:
    """The supply points of *side* in *hex_* that have not moved yet this phase (7.1), nor landed by an amphibious
    operation this turn (30.2: ``amphibious.locked_supply``)."""
    moved = f["released"].get(hex_, 0)
    return max(0, units.supply_points(state, side, hex_) - moved - locked_supply(state, side, hex_, moved))


def half(mp: Fraction) -> int:
    """*mp* in half-MP, rounded toward zero as ``int(mp * 2)`` (integer arithmetic: a Fraction's terms)."""
    n, d = 2 * mp.numerator, mp.denominator
    return n // d if n >= 0 else -(-n // d)


@lru_cache(maxsize=256)
def text_mp(halves: int) -> str:
    """*halves* half-MP in words (7.5a): 3, 1/2, 2 1/2."""
    return mp_text(Fraction(halves, 2))


@dataclass
class Option:
    """The force's step into the adjacent ``to``: each member's cost (halves), the members that use the minimum
    move (7.2), the limits that make it a breach, or the refusal."""

    to: str
    costs: dict[str, int] = field(default_factory=dict)
    minimum: list[str] = field(default_factory=list)
    breaches: list[Limit] = field(default_factory=list)
    refusal: Refusal | None = None
    road: bool = False
    infiltration: bool = False
    british: bool = False
    captures: bool = False

    @property
    def legal(self) -> bool:
        return self.refusal is None and not self.breaches

    @property
    def breach(self) -> bool:
        return self.refusal is None and bool(self.breaches)

    def text(self) -> str:
        costs = sorted(set(self.costs.values()))
        mp = text_mp(costs[0]) if len(costs) == 1 else f"{text_mp(costs[0])}-{text_mp(costs[-1])}"
        notes = [n for n, on in (("road", self.road), ("infiltration", self.infiltration),
                                 ("minimum move", self.minimum), ("British: do not stop there, 27.4", self.british),
                                 ("enemy non-combat units there are eliminated, 19.1a", self.captures)) if on]
        return f"{self.to} {mp} MP" + (f" ({', '.join(notes)})" if notes else "")


class Context:
    """What a step of the force in hex *at* reads, once for a prompt (9.0, 7.4, 21.0): the board of the hexes
    within two of *at* and the enemy ZOC of *at* and its neighbours. A step from *at* asks only of the hex
    entered, a neighbour (its units: 7.4, 19.1, 27.4) and of whether *at* and it are in an enemy ZOC (9.4b); a
    hex's ZOC comes from the units in its neighbours (9.2), so those hexes' units give it whole, as the whole
    board would (``zoc``)."""

    def __init__(self, state: dict, side: str, at: str):
        self.state, self.side = state, side
        self.pack = units.pack_of(state)
        m = self.pack.map
        within2, within1 = _near(m, at)
        self.board = units.board_near(state, within2)
        zoc = enemy_zoc(m, self.board, side)
        self.zoc: ZocView = ZocView(side, {h: src for h, src in zoc.sources.items() if h in within1})

    def sees(self, hex_: str) -> bool:
        """Whether the side sees the enemy stack in *hex_* (21.0: ``view.open_hexes``)."""
        return hex_ in population_open(self.state, self.side) or hex_ in self.state["revealed"][self.side]


def _near(m, at: str) -> tuple[frozenset[str], frozenset[str]]:
    """The map's hexes within two of *at*, and within one (*at* and its neighbours), kept in ``MapData.memo``
    (the map never changes)."""
    key = ("faiw.near", at)
    found = m.memo.get(key)
    if found is None:
        one = {at, *m.neighbours(at)}
        two = set(one)
        for n in one:
            two.update(m.neighbours(n))
        found = m.memo[key] = (frozenset(two), frozenset(one))
    return found


def option(ctx: Context, f: dict, to: str, mem: list[tuple[str, Unit]] | None = None, *,
           escorted: bool | None = None, truce: bool | None = None) -> Option:
    """Whether and at what cost the force on the move may enter *to* (7.1-7.6, 9.4b, 19.1, 22.1, 25, 26.1, 27.4).
    *mem*: the force's :func:`members`, when the caller read them already (:func:`options`, once for every hex,
    each a neighbour of the force's hex on the map); *escorted* (a combat unit among them, 19.4) and *truce* (22.1c),
    when the caller worked them out once for every hex (:func:`options`), else they are worked out here."""
    s, side, force = ctx.state, ctx.side, f["force"]
    m = ctx.pack.map
    at = force["at"]
    opt = Option(to)
    if mem is None and (not m.has(to) or not m.adjacent(at, to)):
        opt.refusal = Refusal(f"{to} is not a hex adjacent to {at}, where the force stands: a unit moves from a hex "
                              f"to an adjacent one (7.1)", "7.1")
        return opt
    if ctx.board.enemies(to, side) and not ctx.sees(to):
        opt.refusal = Refusal(f"{to} holds enemy units your side cannot see: no unit enters a hidden enemy stack; only "
                              f"a stack seen to hold enemy non-combat units alone may be entered (8.3, 19.1a, 21.0; "
                              f"ruling R-21.0-enter)", "8.3")
        return opt
    if mem is None:
        mem = members(s, side, force)
    if escorted is None:
        escorted = any(u.combat for _, u in mem)
    if truce is None:
        truce = truce_in_effect(s)
    for key, u in mem:
        step = step_cost(m, ctx.pack.tec, u, at, to, road=None, zoc=ctx.zoc, board=ctx.board,
                         truce=truce, destroyed_bridges=s["destroyed_bridges"], escorted=escorted)
        who = "the supply points" if key == SUPPLY else key
        if isinstance(step, Refusal):
            opt.refusal = Refusal(f"{who}: {step}", step.rule)
            return opt
        for lim in limits(s, side, u, force["start"], at, to):
            if lim.kind == "refuse":
                opt.refusal = Refusal(lim.text, lim.rule)
                return opt
            if all(b.rule != lim.rule for b in opt.breaches):
                opt.breaches.append(lim)
        cost = half(step.mp)
        left = force["left"].get(key, 0)
        if cost > left:
            if not stepped(force) and not step.infiltration and left > 0:
                opt.minimum.append(key)  # 7.2
            else:
                why = (f"{who} has {text_mp(left)} MP left and entering {to} costs {text_mp(cost)} "
                       f"({'; '.join(step.parts)}) (7.1)")
                if not stepped(force) and step.infiltration:
                    why += "; the one-hex minimum move is not allowed directly from one enemy ZOC to another (7.2)"
                opt.refusal = Refusal(why, "7.1")
                return opt
        opt.costs[key] = cost
        opt.road = opt.road or step.road
        opt.infiltration = opt.infiltration or step.infiltration
        opt.british = opt.british or step.british
        opt.captures = opt.captures or bool(step.captures)
    if not mem:
        opt.refusal = Refusal("the force has no unit and carries no supply (7.1)", "7.1")
    return opt


def options(ctx: Context, f: dict) -> list[Option]:
    """The force's possible steps, one for each adjacent hex, in the map's order."""
    mem = members(ctx.state, ctx.side, f["force"])
    escorted, truce = any(u.combat for _, u in mem), truce_in_effect(ctx.state)  # the same for every hex
    return [option(ctx, f, n, mem, escorted=escorted, truce=truce) for n in ctx.pack.map.neighbours(f["force"]["at"])]


def pay(force: dict, opt: Option) -> None:
    """Each member pays its own cost (7.1); one on its minimum move has nothing left after it (7.2)."""
    for key, cost in opt.costs.items():
        force["left"][key] = 0 if key in opt.minimum else force["left"][key] - cost


def exhausted(force: dict) -> bool:
    """Whether no member has an MP left (the force can do nothing more but stop)."""
    return all(v <= 0 for v in force["left"].values())
