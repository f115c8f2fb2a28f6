"""The Movement phase (2.1c, 7.0): the phasing side moves all, some or none of its ground units, one force at a
time, and may invade (12.0), fly aerial reconnaissance (10.4) and, under the optional rule 30, make amphibious
operations (``amphibious``).

A move, order by order:
1. ``move UNIT`` chooses a unit that has not moved this phase (7.1), or ``move supply@HEX`` supply points
   (14.0: supply moves too, at its counters' MF); the force so begun stands in the unit's hex;
2. before its first step: ``add UNIT`` brings another unit of the hex into the force (7.3a, 12.2: a force starts
   in one hex), ``carry N`` makes it carry N supply points of the hex (14.7: supply has no nationality),
   ``march`` makes it a forced march (7.3, 14.3a: one supply point of the hex spent now, every MF doubled);
3. ``enter HEX`` steps into an adjacent hex, each unit paying its own MP (7.2, 7.5, 7.6a, 9.4b, 27.4); the prompt
   lists only the legal hexes, each with its cost (``movement_force``); ``breach HEX`` is a step the truce or a
   treaty forbids, ordered on purpose (22.3, 25.3; ruling R-22.3-breach); ``invade HEX`` declares an invasion
   (12.1: +2 MP for every member, then the invasion procedure; 12.4b: it may stop the force);
4. ``drop UNIT`` (or ``drop supply``) leaves a member where the force stands, its move over; ``stop`` ends the
   force's move: its units are released and may not move again this phase (7.1); ``end`` stops the force on the
   move, if any, and ends the phase, after the stacking check (8.1a-b).

A step into a hex holding only enemy non-combat units eliminates or captures them (19.1a, 14.5); an Israeli step
into Egypt, Transjordan, Syria or Lebanon calls their special reinforcements (4.5); the political limits are
``movement_limits`` (22.1, 25.1-25.3, 26.1).
"""

from __future__ import annotations

from ...core import notation
from ...core.errors import Refusal
from ...core.flow import procedure
from ...core.grammar import Order
from ...hexwar.movement import allowance
from . import amphibious, calendar, invasion, recon, stacking_check, truce, units
from . import movement_effects as effects
from . import movement_force as mf
from .movement_limits import crossed_into
from .sequence import Phase
from .units import SIDE_NAMES, SIDE_TITLES
from .view import private_to

notation.declare(__name__, {"move", "add", "carry", "march", "enter", "breach", "invade", "drop", "stop"})

ORDERS = (
    Order("move UNIT", "movement: choose a unit that has not moved this phase to start a force in its hex; "
          "supply@HEX chooses the supply points there", "7.1, 14.0"),
    Order("add UNIT", "movement: bring another unit of the force's hex into the force, before it moves", "7.3a, 12.2"),
    Order("carry N", "movement: the force carries N supply points of its hex, before it moves", "14.0, 14.7"),
    Order("march", "movement: a forced march: one supply point of the force's hex is spent, every MF doubled", "7.3"),
    Order("enter HEX", "movement: the force steps into the adjacent hex (the prompt gives each hex's cost)", "7.2"),
    Order("breach HEX", "movement: step into a hex the truce or a treaty forbids, on purpose (the truce ends, the "
          "enemy gains 10 VP; or the British intervene)", "22.3, 25.3"),
    Order("invade HEX", "movement: the force invades the adjacent hex (2 MP for each unit)", "12.1"),
    Order("drop UNIT", "movement: leave a member (or `supply`) of the force where it stands; its move is over",
          "7.1, 12.2"),
    Order("stop", "movement: the force's move ends; its units may not move again this phase", "7.1"),
    *amphibious.ORDERS,
)


def _count(n: int, what: str) -> str:
    return f"{n} {what}{'s' if n != 1 else ''}"


#: The steps the force on the move may take, as the last prompt listed them: ``(legal, options)``, *legal* being
#: the very dict of legal actions that prompt returned (``_remember``). The prompt's text reads them back while a
#: caller holds that dict as ``Context.legal`` (the same position: ``engine.api``'s prompt, then its text), so the
#: options are worked out once a view rather than twice; any other dict finds nothing (``_options_of``).
_LAST: tuple[dict, list[mf.Option]] | None = None


def _remember(legal: dict, opts: list[mf.Option]) -> None:
    global _LAST
    _LAST = (legal, opts)


def _options_of(legal: dict | None) -> list[mf.Option] | None:
    """The options the prompt that returned *legal* (this very dict) worked out, or None."""
    last = _LAST
    return last[1] if legal is not None and last is not None and last[0] is legal else None


@procedure
class MovementPhase(Phase):
    """The Movement phase of a player turn (2.1c, 7.0). Frame: ``moved`` (units released, 7.1), ``released``
    ({hex: supply points that moved there}), ``leaders_at`` (hexes with a friendly leader as the phase began,
    20.1), ``force`` (the force on the move: ``movement_force``), ``invading`` (an invasion is being fought)."""

    name = "faiw.phase.movement"
    rule = "7.0"
    phase = "movement"

    # -- the phase ---------------------------------------------------------------------------------------------
    def begin(self, g, f: dict) -> None:
        s, side = g.s, f["role"]
        f.update(moved=[], released={}, force=None)
        f["leaders_at"] = sorted({s["units"][c]["at"] for c in units.on_map(s, side)
                                  if units.counter(s, c).type == "leader"})

    def finish(self, g, f: dict) -> None:
        stacking_check.end_of_phase(g, "movement")  # 8.1a-b
        g.s["flags"]["moved"] = list(f["moved"])  # 10.5c: the Air Operations phase airlifts none of these

    def step(self, g, f: dict) -> bool:
        if f.get("invading") and "ret" in f:
            self._after_invasion(g, f, f.pop("ret") or {})
            return True
        if f.get("invading") and f.get("begun") and g.top() is f:
            # the invasion frame ended without a result: the force goes on (12.4a)
            self._after_invasion(g, f, {})
            return True
        return super().step(g, f)

    def act(self, g, f: dict, verb: str, arg: str | None) -> None:
        if verb == "end" and f.get("force"):
            self._stop(g, f)
        super().act(g, f, verb, arg)

    # -- the orders --------------------------------------------------------------------------------------------
    def actions(self, g, f: dict) -> dict[str, list[str]]:
        s, side = g.s, f["role"]
        out: dict[str, list[str]] = {}
        force = f.get("force")
        if force is None:
            out["move"] = self._movable(g, f)
        else:
            opts = mf.options(mf.Context(s, side, force["at"]), f)
            out["enter"] = [o.to for o in opts if o.legal]
            out["breach"] = [o.to for o in opts if o.breach]
            if not mf.stepped(force):
                out["add"] = self._joinable(g, f)
                out["carry"] = [str(n) for n in self._carry_choices(g, f) if n != force["carry"]]
                if not force["march"] and units.supply_points(s, side, force["at"]) - force["carry"] >= 1:
                    out["march"] = []
            out["invade"] = self._invadable(g, f)
            out["drop"] = list(force["units"]) + (["supply"] if force["carry"] else [])
            out["stop"] = []
            out.update(amphibious.actions(g, f))
        out.update(recon.actions(g, side))
        legal = {k: v for k, v in out.items() if v or k in ("march", "stop")}
        if force is not None:
            _remember(legal, opts)
        return legal

    def do(self, g, f: dict, verb: str, arg: str | None) -> None:
        if verb in ("move", "add", "carry", "march", "drop"):
            getattr(self, f"_{verb}")(g, f, arg)
        elif verb in ("enter", "breach"):
            self._enter(g, f, arg, breach=verb == "breach")
        elif verb == "invade":
            self._invade(g, f, arg)
        elif verb == "stop":
            self._stop(g, f)
        elif verb in amphibious.VERBS:
            amphibious.do(g, f, verb, arg)
        else:
            recon.do(g, f, verb, arg)

    # -- what may move -----------------------------------------------------------------------------------------
    def _movable(self, g, f: dict) -> list[str]:
        """The units of the side that may start a move (7.1: not moved yet; R-7.2-mf0: an MF above 0; 30.2: not
        landed this turn), and the hexes whose supply points may."""
        s, side = g.s, f["role"]
        moved, landed = set(f["moved"]), amphibious.landed_units(s)  # asked of every unit: read once
        out = [c for c in units.on_map(s, side) if c not in moved and allowance(units.unit(s, c)) > 0
               and c not in landed]
        for h in sorted(s["supply"][side]):
            if mf.carryable(s, f, side, h) and allowance(units.supply_unit(s, side, h)) > 0:
                out.append(f"supply@{h}")
        return out

    def _joinable(self, g, f: dict) -> list[str]:
        s, side, force = g.s, f["role"], f["force"]
        return [c for c in units.at(s, force["at"]) if units.side_of(s, c) == side and c not in force["units"]
                and c not in f["moved"] and allowance(units.unit(s, c)) > 0 and not amphibious.landed(s, c)]

    def _carry_choices(self, g, f: dict) -> list[int]:
        s, side, force = g.s, f["role"], f["force"]
        if allowance(units.supply_unit(s, side, force["at"])) <= 0:
            return []
        least = 0 if force["units"] else 1
        return list(range(least, mf.carryable(s, f, side, force["at"]) + 1))

    def _invadable(self, g, f: dict) -> list[str]:
        """12.1: the hexes the force may invade now, when every member has the 2 MP an invasion costs."""
        force, side = f["force"], f["role"]
        if not force["units"] or not force["left"] or any(v < 4 for v in force["left"].values()):
            return []
        return list(invasion.targets(g, side, list(force["units"]), force["at"]))

    # -- carrying out ------------------------------------------------------------------------------------------
    def _move(self, g, f: dict, arg: str) -> None:
        s, side = g.s, f["role"]
        if arg.startswith("supply@"):
            hex_ = arg.split("@", 1)[1]
            f["force"] = mf.new_force(hex_, [], 1)
        else:
            f["force"] = mf.new_force(s["units"][arg]["at"], [arg], 0)
        mf.reset_left(s, side, f)

    def _add(self, g, f: dict, cid: str) -> None:
        f["force"]["units"].append(cid)
        mf.reset_left(g.s, f["role"], f)

    def _carry(self, g, f: dict, n: str) -> None:
        f["force"]["carry"] = int(n)
        mf.reset_left(g.s, f["role"], f)

    def _march(self, g, f: dict, arg: None) -> None:
        """7.3, 14.3a: a supply point of the force's hex is spent as the force begins to move (one that moved there
        this phase first: 7.3 lets a supply point move and then supply a forced march)."""
        s, side, force = g.s, f["role"], f["force"]
        at = force["at"]
        if f["released"].get(at):
            f["released"][at] -= 1
            if not f["released"][at]:
                del f["released"][at]
        units.spend_supply(s, side, at, 1)
        force["march"] = True
        mf.reset_left(s, side, f)
        g.say(f"{SIDE_TITLES[side]} spent a supply point in {at} for a forced march (7.3, 14.3a).", faction=side,
              rule="7.3", to=private_to(s, side, at))

    def _enter(self, g, f: dict, to: str, *, breach: bool) -> None:
        s, side, force = g.s, f["role"], f["force"]
        ctx = mf.Context(s, side, force["at"])
        opt = mf.option(ctx, f, to)
        frm = force["at"]
        if breach:
            for lim in opt.breaches:
                if lim.truce:
                    truce.violated(g, side, f"its units crossed the border from {frm} into {to}")
                if lim.treaty:
                    s["flags"]["treaty_attacked"] = True
                    g.say(f"Israel entered {to}, a city of the treaties: the Arab League will roll for British units "
                          f"in its next Reinforcement phase (25.3).", faction=side, rule="25.3")
        mf.pay(force, opt)
        if opt.captures:
            effects.enter_enemy_noncombat(g, side, to)
        for cid in force["units"]:
            s["units"][cid]["at"] = to
        if force["carry"]:
            units.spend_supply(s, side, frm, force["carry"])
            s["supply"][side][to] = s["supply"][side].get(to, 0) + force["carry"]
        force["path"].append(to)
        force["at"] = to
        if len(force["path"]) == 2:
            effects.left_hex(g, side, frm)
        effects.crossing(g, side, crossed_into(s, frm, to))
        if mf.exhausted(force):
            self._stop(g, f)

    def _invade(self, g, f: dict, target: str) -> None:
        """12.1: every member pays 2 MP and the invasion is fought (``faiw.invasion``) before the force goes on."""
        force, side = f["force"], f["role"]
        for key in force["left"]:
            force["left"][key] -= 4
        force["invaded"] = True
        f["invading"] = True
        g.say(f"{SIDE_TITLES[side]} declared an invasion of {target} from {force['at']} (12.1).", faction=side,
              rule="12.1")
        g.call("faiw.invasion", side, force=list(force["units"]), at=force["at"], target=target,
               supply=force["carry"])

    def _after_invasion(self, g, f: dict, ret: dict) -> None:
        """12.4: the units still with the force go on, unless the result stops it (12.4b); units gone (eliminated,
        retreated) leave the force; the carried supply is what is left of it in the hex (12.3c may spend it)."""
        s, side, force = g.s, f["role"], f["force"]
        f.pop("invading", None)
        if force is None:
            return
        at = force["at"]
        gone = [c for c in force["units"] if s["units"][c]["status"] != "map" or s["units"][c]["at"] != at]
        for c in gone:
            force["units"].remove(c)
            force["left"].pop(c, None)
            if s["units"][c]["status"] == "map":
                f["moved"].append(c)
        force["carry"] = min(force["carry"], mf.carryable(s, f, side, at))
        if not force["carry"]:
            force["left"].pop(mf.SUPPLY, None)
        if ret.get("stop") or not (force["units"] or force["carry"]) or mf.exhausted(force):
            if ret.get("stop"):
                g.say(f"The invading force stopped in {at} (12.4b).", faction=side, rule="12.4b")
            self._stop(g, f)

    def _drop(self, g, f: dict, key: str) -> None:
        s, side, force = g.s, f["role"], f["force"]
        begun = mf.stepped(force)
        if key == "supply":
            n, cids = force["carry"], []
            force["carry"] = 0
            force["left"].pop(mf.SUPPLY, None)
        else:
            n, cids = 0, [key]
            force["units"].remove(key)
            force["left"].pop(key, None)
        if begun:
            self._release(g, f, force["at"], cids, n)
        if not force["units"] and not force["carry"]:
            self._stop(g, f)
        elif not begun:
            mf.reset_left(s, side, f)

    def _stop(self, g, f: dict) -> None:
        """7.1: the force's move ends; a force that never began its move releases nothing (its units may still
        move), one that did releases all (27.4 then eliminates those with British units)."""
        side, force = f["role"], f["force"]
        f["force"] = None
        if force is None:
            return
        if mf.stepped(force):
            self._release(g, f, force["at"], list(force["units"]), force["carry"])
            path = "-".join(force["path"])
            if len(force["path"]) > 1:
                g.say(f"{SIDE_TITLES[side]} moved a force {path}{' by forced march' if force['march'] else ''}.",
                      faction=side, rule="7.1")

    def _release(self, g, f: dict, at: str, cids: list[str], carry: int) -> None:
        """7.1: *cids* and *carry* supply points end their move in *at*, released for the phase; 27.4 there."""
        f["moved"].extend(cids)
        if carry:
            f["released"][at] = f["released"].get(at, 0) + carry
        effects.end_move(g, f["role"], at, cids, carry)

    # -- the prompt's text and the refusals --------------------------------------------------------------------
    def text(self, g, f: dict) -> str:
        s, side, force = g.s, f["role"], f.get("force")
        head = (f"{SIDE_TITLES[side]}'s Movement phase, {calendar.name(s['month'])}, impulse {s['impulse']}")
        if force is None:
            return (f"{head}: choose a force to move (move UNIT; move supply@HEX for supply points), or end the "
                    f"phase ({len(f['moved'])} unit{'s' if len(f['moved']) != 1 else ''} moved)")
        who = ", ".join(force["units"]) or "no unit"
        if force["carry"]:
            who += f" with {_count(force['carry'], 'supply point')}"
        left = ", ".join(f"{'supply' if k == mf.SUPPLY else k} {mf.text_mp(v)}" for k, v in force["left"].items())
        opts = _options_of(g.legal)
        if opts is None:
            opts = mf.options(mf.Context(s, side, force["at"]), f)
        enter = "; ".join(o.text() for o in opts if o.legal) or "none"
        breach = "; ".join(f"{o.text()}: {' '.join(b.text for b in o.breaches)}" for o in opts if o.breach)
        march = " by forced march" if force["march"] else ""
        line = (f"{head}: the force {who} in {force['at']}{march} (MP left: {left}). Enter: {enter}"
                + (f". Breach: {breach}" if breach else "") + "; or stop")
        if not mf.stepped(force):
            legal = g.legal if g.legal is not None else self.prompt(g, f)
            parts = [words for w, words in (("add", "add a unit of the hex"), ("carry", "carry supply points"),
                                            ("march", "march (a forced march, 1 supply point)")) if w in legal]
            if parts:  # only the orders open now (the text offers nothing the prompt does not list)
                line += "; before it moves, " + (", ".join(parts[:-1]) + " or " + parts[-1] if len(parts) > 1
                                                 else parts[0])
        return line

    def explain(self, g, f: dict, verb: str, arg: str | None) -> Refusal | None:
        s, side, force = g.s, f["role"], f.get("force")
        if verb == "scout":
            return recon.explain(g, side, verb, arg)
        if verb == "move":
            if force:
                return Refusal(f"the force in {force['at']} is on the move: stop it (stop) before choosing another "
                               f"(7.1)", "7.1")
            if arg and arg in f["moved"]:
                return Refusal(f"{arg} has moved this phase already: once moved and released a unit does not move "
                               f"again (7.1)", "7.1")
            if arg and arg in s["units"]:
                if units.side_of(s, arg) != side or s["units"][arg]["status"] != "map":
                    return Refusal(f"{arg} is not a unit of {SIDE_NAMES[side]} on the map: only friendly units move "
                                   f"(7.1)", "7.1")
                if allowance(units.unit(s, arg)) <= 0:
                    return Refusal(f"{arg} has a movement factor of 0: it does not move (7.1; ruling R-7.2-mf0)",
                                   "7.1")
                if amphibious.landed(s, arg):
                    return Refusal(f"{arg} made an amphibious landing this turn and moves no more (30.2)", "30.2")
            if arg and arg.startswith("supply@"):
                landed = amphibious.supply_refusal(s, side, arg[7:], f["released"].get(arg[7:], 0))
                if landed:
                    return landed  # 30.2
                return Refusal(f"{SIDE_NAMES[side]} has no supply point in {arg[7:]} that has not moved this phase "
                               f"(7.1, 14.0)", "7.1")
            return None
        if verb in ("enter", "breach", "add", "carry", "march", "drop", "stop", "invade") and not force:
            return Refusal("no force is on the move: choose one first with move UNIT (7.1)", "7.1")
        if verb in ("enter", "breach") and arg:
            opt = mf.option(mf.Context(s, side, force["at"]), f, arg)
            if opt.refusal:
                return opt.refusal
            if verb == "enter" and opt.breach:
                return Refusal(" ".join(b.text for b in opt.breaches), opt.breaches[0].rule)
            if verb == "breach" and opt.legal:
                return Refusal(f"entering {arg} breaks no truce or treaty: order enter {arg} (22.3, 25.3)", "22.3")
            return None
        if verb in ("add", "carry", "march") and mf.stepped(force):
            return Refusal("the force has begun its move: units join it, and its supply and forced march are "
                           "settled, in the hex it starts from before it moves (7.3, 12.2)", "7.3")
        if verb == "carry" and arg and arg.isdigit():
            landed = amphibious.supply_refusal(s, side, force["at"], f["released"].get(force["at"], 0), int(arg))
            if landed:
                return landed  # 30.2
        if verb == "march":
            if force["march"]:
                return Refusal("the force is on a forced march already (7.3)", "7.3")
            return Refusal(f"a forced march spends a supply point in the force's hex, and {force['at']} has none "
                           f"besides those the force carries (7.3, 14.3a)", "7.3")
        if verb == "add" and arg:
            if arg in f["moved"]:
                return Refusal(f"{arg} has moved this phase already (7.1)", "7.1")
            if arg in s["units"] and s["units"][arg]["at"] != force["at"]:
                return Refusal(f"{arg} is not in {force['at']}: a force is made of units starting in one hex "
                               f"(7.3a, 12.2)", "12.2")
            return None
        if verb == "invade":
            short = [k for k, v in force["left"].items() if v < 4]
            if short:
                return Refusal(f"an invasion costs every unit of the force 2 MP, and {', '.join(short)} "
                               f"{'has' if len(short) == 1 else 'have'} less left (12.1)", "12.1")
            return Refusal(f"{arg or 'that hex'} is not a hex the force in {force['at']} may invade now (12.0-12.2)",
                           "12.0")
        return None

