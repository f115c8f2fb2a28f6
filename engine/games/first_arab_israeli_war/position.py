"""Position files of The First Arab-Israeli War (issue 23, item 5; docs/positions.md, this game's section).

A position states the game as a player would set it up on the table: the scenario, the data pack, the month,
where play starts, the counters on the map by hex (the broken ones listed apart), the counters off the map by
status (everything else is the pool), the supply points per side and hex, the VP, the markers (terrorized hexes,
entrenchments, destroyed bridges, the truce), the reinforcements events gave that wait for the side's next
Reinforcement phase, and the rules' bookkeeping (``flags``)::

    {"format": "umpire-position/1", "game": "first-arab-israeli-war", "scenario": "independence",
     "pack": "test", "month": "1948-05", "start": {"impulse": 1, "side": "arab", "phase": "movement"},
     "map": {"0202": ["IL-mech-bde-1", "IL-inf-bde-1"], ...}, "broken": ["IL-inf-bde-1"],
     "off_map": {"eliminated": [], "out": ["AL-ldr-abd-el-kader"], "available": ["AL-air-egy-1"], "completed": []},
     "supply": {"arab": {"0204": 2}, "israel": {}}, "vp": {"arab": 8, "israel": 18},
     "terrorized": {"0404": null}, "entrenched": {}, "destroyed_bridges": [], "truce": null,
     "pending": {"arab": [], "israel": []}, "flags": {}}

``start`` is where play starts (2.1): ``{"impulse", "side", "phase"}``, the start of that side's phase of that
impulse, before anything of the phase has happened (its beginning runs as the position is built: the Arab
Salvation Army's die, the Arms Factory's supply...); or ``{"turn": "start"}``, the start of the month's turn,
before its Event phase (3.0; none on a scenario's first turn, special rule 5a) and its British Withdrawal (27.6).

:class:`FaiwPosition` reads and writes them (``to_position``, ``from_position``, ``start``, ``build``); the
checks are :mod:`.position_checks`. A game's ``GameDefinition.position`` is :data:`POSITION`.
"""

from __future__ import annotations

from itertools import combinations
from typing import Any

from ...coin.position import NoDice
from ...coin.position_checks import FORMAT, Fault, PositionError
from ...core import canonical
from ...core.errors import InvalidActionError
from . import packs, position_checks, units
from .sequence import FIRST_IMPULSE, SECOND_IMPULSE
from .setup import SCENARIOS, initial_state
from .units import SIDES

SLUG = position_checks.SLUG
#: The most dice a phase's beginning rolls (the AAS die, the British intervention of 25.3): ``to_position``
#: tries every roll of as many dice to find the beginning that gave the state (a die is chance, not position).
BEGIN_DICE = 2


class _NeedDie(Exception):
    """A rebuilt beginning asked for more dice than the trial gave."""


class _Trial:
    """A chance source that answers the dice of one trial in order, and asks for more by raising."""

    def __init__(self, rolls: tuple[int, ...]):
        self.rolls = list(rolls)

    def roll(self, sides: int, label: str) -> int:
        if not self.rolls:
            raise _NeedDie(label)
        return self.rolls.pop(0)

    def draw(self, items: list, label: str) -> int:
        raise _NeedDie(label)

    def shuffle(self, items: list, label: str) -> list:
        raise _NeedDie(label)


def with_start(body: dict, start: dict) -> dict:
    """*body* with ``start`` after ``month``, where a reader looks for it."""
    out: dict[str, Any] = {}
    for k, v in body.items():
        out[k] = v
        if k == "month":
            out["start"] = start
    return out


def _phases(impulse: int) -> tuple[str, ...]:
    return FIRST_IMPULSE if impulse == 1 else SECOND_IMPULSE


class FaiwPosition:
    """The position files of The First Arab-Israeli War (see the module)."""

    slug = SLUG

    # ------------------------------------------------------------------------------------------ checking

    def validate(self, p: Any) -> list[Fault]:
        """Every fault of *p* (:mod:`.position_checks`)."""
        return position_checks.validate(p)

    # ---------------------------------------------------------------------------------- state -> position

    def body(self, state: dict) -> dict:
        """Everything of a position but ``start``, read from *state* as it stands."""
        pack = units.pack_of(state)
        name = "test" if state["pack"]["digest"] == packs.TEST_PACK.digest else state["pack"]["digest"]
        out: dict[str, Any] = {"format": FORMAT, "game": SLUG, "scenario": state["scenario"]}
        opts = {k: v for k, v in (state.get("options") or {}).items() if k not in ("pack", "position")}
        if opts:
            out["options"] = canonical.copy(opts)
        out.update(pack=name, month=state["month"])
        on_map: dict[str, list[str]] = {}
        off: dict[str, list[str]] = {k: [] for k in position_checks.OFF_MAP}
        broken, arab_british = [], []
        for cid in pack.counters:
            rec = state["units"].get(cid)
            if rec is None:
                continue  # a supply counter: supply is points (R-14.0-points)
            if rec["status"] == "map":
                on_map.setdefault(rec["at"], []).append(cid)
                if rec["broken"]:
                    broken.append(cid)
            elif rec["status"] in off:
                off[rec["status"]].append(cid)
            elif rec["status"] != "pool":
                raise InvalidActionError(f"{cid} is {rec['status']}: a position states no counter waiting to be "
                                         "placed (deployment and reinforcement are under way)")
            if rec.get("side") == "arab":
                arab_british.append(cid)
        out["map"] = {h: on_map[h] for h in sorted(on_map)}
        out["broken"] = broken
        if arab_british:
            out["arab_british"] = arab_british
        out["off_map"] = off
        out["supply"] = {side: {h: state["supply"][side][h] for h in sorted(state["supply"][side])} for side in SIDES}
        out["vp"] = dict(state["vp"])
        out["terrorized"] = {h: state["terrorized"][h] for h in sorted(state["terrorized"])}
        out["entrenched"] = {h: state["entrenched"][h] for h in sorted(state["entrenched"])}
        out["destroyed_bridges"] = [sorted(p) for p in state["destroyed_bridges"]]
        out["truce"] = canonical.copy(state["truce"])
        out["revealed"] = {side: list(state["revealed"][side]) for side in SIDES}
        out["pending"] = canonical.copy(state["pending"])
        out["flags"] = canonical.copy(state["flags"])
        return out

    @staticmethod
    def start_of(state: dict) -> dict:
        """The ``start`` the state's frames wait at: the phase of the turn's frame (the position's rebuild checks
        that nothing of the phase has happened yet)."""
        flow = state.get("flow") or []
        turn = flow[0] if flow else {}
        top = flow[-1] if flow else {}
        if turn.get("p") != "faiw.turn" or turn.get("stage") != "impulses" or len(flow) < 2:
            raise InvalidActionError(f"the game waits for {top.get('role') or 'nobody'} in {top.get('p') or 'nothing'}:"
                                     " a position can state only the start of a turn or of a phase (the deployment "
                                     "is not one)")
        phases = _phases(turn["impulse"])
        i = turn["i"] - 1
        phase = phases[i] if 0 <= i < len(phases) else None
        if phase is None or flow[1].get("p") != f"faiw.phase.{phase}":
            raise InvalidActionError("the turn's frame and its phase do not agree: no position states this game")
        return {"impulse": turn["impulse"], "side": SIDES[turn["side"]], "phase": phase}

    def to_position(self, state: dict, start: dict | None = None) -> dict:
        """The position of *state*, waiting at the start of a phase (see the module).

        With *start*, that start is written and the state's frames are not read (a test describing a state by
        hand).

        :raises InvalidActionError: the game is over, or waits inside a phase (an order given, a combat under way)
            or anywhere else no position states.
        """
        if state.get("outcome"):
            raise InvalidActionError("the game is over: a position states a decision to start from")
        if start is not None:
            return with_start(self.body(state), canonical.copy(start))
        where = self.start_of(state)
        for bare in beginnings(state, where):
            p = with_start(self.body(bare), where)
            if not self.validate(p) and self.rebuilds(p, state):
                return p
        top = state["flow"][-1]
        raise InvalidActionError(
            f"the game waits for {top.get('role') or 'nobody'} in {top.get('p')}, after the start of the "
            f"{where['phase']} phase: a position can state only the start of a turn or of a phase, before any order "
            "of it")

    def rebuilds(self, p: dict, state: dict) -> bool:
        """Whether building *p* gives *state* again, with some roll of the dice its beginning rolls."""
        trials: list[tuple[int, ...]] = [()]
        while trials:
            rolls = trials.pop(0)
            try:
                rebuilt = self.start(p, _Trial(rolls)).state
            except _NeedDie:
                if len(rolls) < BEGIN_DICE:
                    trials.extend(rolls + (d,) for d in range(1, 7))
                continue
            except InvalidActionError:
                return False
            if self.same(rebuilt, state):
                return True
        return False

    @staticmethod
    def same(a: dict, b: dict) -> bool:
        """Whether two states are the same position (their ``seq`` aside)."""
        keys = (set(a) | set(b)) - {"seq"}
        return all(canonical.dumps(a.get(k)) == canonical.dumps(b.get(k)) for k in keys)

    # --------------------------------------------------------------------------------- position -> state

    def from_position(self, p: dict, chance=None) -> dict:
        """The state of position *p*, at the first decision from its start (the automatic steps run with
        *chance*: the Event phase's dice, a Reinforcement phase's...).

        :raises PositionError: every fault of *p*; InvalidActionError: a die needed without *chance*.
        """
        return self.start(p, chance).state

    def start(self, p: dict, chance=None):
        """:meth:`from_position` as an ``engine.api.Step``: the state, and the log and the dice of the automatic
        steps run from the position's start to the first decision."""
        from ...api import start
        scenario = p.get("scenario") if isinstance(p, dict) else None
        if scenario not in SCENARIOS:
            raise PositionError(self.validate(p) or [Fault("scenario", "a position names its scenario")])
        return start(SLUG, scenario, {"position": p}, chance or NoDice())

    def build(self, p: dict, g, scenario: str, options: dict) -> dict:
        """The state of position *p*, its frames pushed on *g* (``g.s`` becomes it); the caller settles.

        :raises PositionError: every fault of *p*.
        """
        faults = self.validate(p)
        if faults:
            raise PositionError(faults)
        digest = packs.digest_of(p["pack"])
        if "pack" in options and packs.from_option(options["pack"]) != digest:
            raise InvalidActionError("the game's option pack is not the position's pack: give one of them")
        opts = {k: v for k, v in options.items() if k != "pack"}
        state = initial_state(scenario, {**opts, "pack": digest})
        state["options"] = {**opts, "pack": digest}
        state["units"] = units.new_units(units.pack_of(state))  # every counter in the pool, then as stated
        for h, cids in p["map"].items():
            for cid in cids:
                units.place(state, cid, h)
        for cid in p.get("broken", []):
            state["units"][cid]["broken"] = True
        for status, cids in (p.get("off_map") or {}).items():
            for cid in cids:
                state["units"][cid] = {"status": status, "at": None, "broken": False}
        for cid in p.get("arab_british", []):
            state["units"][cid]["side"] = "arab"  # 25.3, ruling R-25.3-control
        sup = p.get("supply") or {}
        state["supply"] = {side: dict(sup.get(side) or {}) for side in SIDES}
        pend = p.get("pending") or {}
        state.update(
            month=p["month"], vp=dict(p["vp"]), terrorized=dict(p.get("terrorized") or {}),
            entrenched=dict(p.get("entrenched") or {}),
            destroyed_bridges=[list(x) for x in p.get("destroyed_bridges") or []],
            truce=canonical.copy(p.get("truce")),
            revealed={side: list((p.get("revealed") or {}).get(side) or []) for side in SIDES}, flags=canonical.copy(p.get("flags") or {}),
            pending={side: canonical.copy(pend.get(side) or []) for side in SIDES}, flow=[])
        g.s = state
        st = p["start"]
        if "turn" in st:
            state.update(impulse=1, phasing=None, phase="event")
            g.call("faiw.turn", None)  # the turn's first stage: the Event phase, the withdrawal (2.1a-b)
        else:
            imp, side, phase = st["impulse"], st["side"], st["phase"]
            state.update(impulse=imp, phasing=side, phase=phase)
            # the turn's frame as sequence.Turn leaves it once it has pushed this phase
            g.call("faiw.turn", None, stage="impulses", impulse=imp, side=SIDES.index(side),
                   i=_phases(imp).index(phase) + 1)
            g.call(f"faiw.phase.{phase}", side)
        return state


def beginnings(state: dict, where: dict):
    """The states *state* may have been at its phase's start, before the phase's beginning ran: the state itself
    (a beginning that changes only its frame), or for a Reinforcement phase the state with its beginning undone
    (:func:`unbegin_reinforcement`) and, since the air units a table row gives go to the Available box at once
    (10.1a) and nothing marks them, each choice of the side's Available air units put back in the pool."""
    bare = canonical.copy(state)
    if where["phase"] != "reinforcement":
        yield bare
        return
    unbegin_reinforcement(bare, state["flow"][1])
    side = where["side"]
    air = [cid for cid, rec in bare["units"].items() if rec["status"] == "available"
           and units.counter(bare, cid).type == "air" and (rec.get("side") or units.side_of(bare, cid)) == side]
    for n in range(len(air) + 1):
        for back in combinations(air, n):
            trial = canonical.copy(bare)
            for cid in back:
                trial["units"][cid] = {"status": "pool", "at": None, "broken": False}
            yield trial


def unbegin_reinforcement(state: dict, frame: dict) -> None:
    """Undoes in *state* what a Reinforcement phase's beginning did that the position states (its waiting
    counters, ``todo``, back where they were taken from, 4.4; the reinforcements an event gave, 4.1b, pending
    again; the Arms Factory's and the Secret Airfield's supply taken back, 23.1, 24.1; the airfield's return,
    24.2), so that the position is the phase's start. What cannot be undone so (a counter lost at once, 4.2) fails
    the rebuild, and no position is written."""
    from . import reinforcement_israel as israel

    side = frame["role"]
    by_entry: dict[tuple, dict] = {}
    pending: list[dict] = []
    for it in frame.get("todo", ()):
        state["units"][it["cid"]] = {"status": it["from"], "at": None, "broken": False}
        if it["rule"] == "4.1b":
            c = units.counter(state, it["cid"])
            key = (c.nationality, it["area"])
            if key not in by_entry:
                by_entry[key] = {"kind": "units", "nationality": c.nationality, "units": [], "area": it["area"]}
                pending.append(by_entry[key])
            specs = by_entry[key]["units"]
            spec = next((u for u in specs if u["type"] == c.type and u["size"] == c.size), None)
            if spec is None:
                specs.append({"type": c.type, "size": c.size, "count": 1})
            else:
                spec["count"] += 1
        if it["area"] == "airfield" and it["rule"] == "24.2":
            state["flags"]["airfield_back"] = state["month"]
    for sup in frame.get("supply", ()):
        if sup["rule"] == "4.1b":
            pending.append({"kind": "supply", "points": sup["points"], "area": sup["area"]})
    state["pending"][side] = pending + state["pending"][side]
    if side == "israel":
        for kind in ("arms_factory", "secret_airfield"):
            cid = israel._on_map(state, kind)
            if cid and not any(it["cid"] == cid for it in frame.get("todo", ())):
                h = state["units"][cid]["at"]
                have = state["supply"]["israel"].get(h, 0)
                take = min(have, israel.PLACEMENT[kind]["points"])
                if take:
                    units.spend_supply(state, "israel", h, take)


#: The game's position files (``GameDefinition.position``).
POSITION = FaiwPosition()
