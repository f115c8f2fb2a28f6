"""Losses after a combat result (13.3, 13.4, 5.6, 19.5b-c): breaks chosen by the units' owner, a brigade split to
take one, eliminations and their VP.

- 13.3: a break flips an effective unit to its broken face; 13.4: a broken unit broken again by combat is
  eliminated. The owner chooses which of his units in the combat take each break (the text gives the choice to
  nobody else; 5.6's example is the owner's); identical counters are one choice (ruling R-4.6-alike).
- 5.6, 5.1a, 5.2-5.5: to take a break the owner may split a brigade into its battalions (from the counter mix,
  4.6: a split the mix cannot make is not offered; never Irgun or Stern units, 5.5) and break one of them; the
  battalions of a broken brigade are broken (5.3).
- 19.5b: if a result eliminates every combat unit of the defended hex, its non-combat units (and supply) are
  eliminated too; 19.5c: non-combat units are never broken.
- 23.2: an eliminated Arms Factory is out of the game; 24.2: an eliminated Secret Airfield returns two turns
  later (``state["flags"]["airfield_back"]``, as the Movement phase records it).
"""

from __future__ import annotations

from ...core import notation
from ...core.errors import Refusal
from ...core.flow import Procedure, procedure
from . import calendar, units, victory
from .combat_units import EQUIVALENCES, UNDERGROUND, _family
from .units import SIDE_TITLES

notation.declare(__name__, {"break", "split"})


def eliminate(g, cid: str, why: str) -> None:
    """Counter *cid* leaves the map eliminated, the enemy scoring its VP (28.1); the Arms Factory for good (23.2),
    the Secret Airfield back in two turns (24.2)."""
    s = g.s
    kind = units.counter(s, cid).type
    units.remove(s, cid, "out" if kind == "arms_factory" else "eliminated")
    if kind == "secret_airfield":
        s["flags"]["airfield_back"] = calendar.plus(s["month"], 2)
    victory.eliminated(g, cid, why)


def eliminate_supply(g, side: str, hex_: str, why: str, rule: str) -> None:
    """*side*'s supply points in *hex_* are eliminated (14.2: they leave the map)."""
    pts = g.s["supply"][side].pop(hex_, 0)
    if pts:
        g.say(f"{SIDE_TITLES[side]} lost {pts} supply point{'s' if pts != 1 else ''} in {hex_}: {why} ({rule}).",
              faction=side, rule=rule)


def clear_noncombat(g, side: str, hex_: str, why: str) -> None:
    """19.5b: no combat unit of *side* is left in *hex_* after a result: its non-combat units go too."""
    s = g.s
    mine = [cid for cid in units.at(s, hex_) if units.side_of(s, cid) == side]
    if any(units.unit(s, cid).combat for cid in mine):
        return
    for cid in mine:
        g.say(f"{cid} was eliminated in {hex_}: {why} (19.5b).", faction=side, rule="19.5b")
        eliminate(g, cid, why)
    eliminate_supply(g, side, hex_, why, "19.5b")


def _battalions_for(state: dict, cid: str) -> list[str] | None:
    """The counters of the mix that brigade *cid* splits into (5.2, 5.4, 4.6), or None if it cannot split."""
    c = units.counter(state, cid)
    if c.size != "brigade" or c.nationality in UNDERGROUND or c.side is None:
        return None
    kind = _family(c.type)
    want = EQUIVALENCES.get((c.side, kind, c.nationality)) or EQUIVALENCES.get((c.side, kind, None))
    if not want:
        return None
    pack = units.pack_of(state)
    chosen: list[str] = []
    for t in want:
        found = next((x for x, rec in state["units"].items() if rec["status"] == "pool" and x not in chosen
                      and pack.counters[x].side == c.side and pack.counters[x].nationality == c.nationality
                      and _family(pack.counters[x].type) == t and pack.counters[x].size in ("battalion", "regiment")),
                     None)
        if found is None:
            return None
        chosen.append(found)
    return chosen


def split(g, cid: str) -> list[str]:
    """5.6: brigade *cid* is split into its battalions in its hex (broken if it was, 5.3); returns their ids."""
    s = g.s
    parts = _battalions_for(s, cid) or []
    rec = s["units"][cid]
    for b in parts:
        units.place(s, b, rec["at"], broken=rec["broken"])
    g.say(f"{SIDE_TITLES[units.side_of(s, cid)]} split {cid} in {rec['at']} into "
          f"{', '.join(parts)}{' (broken, 5.3)' if rec['broken'] else ''} to take the loss (5.6).",
          faction=units.side_of(s, cid), rule="5.6")
    s["units"][cid] = {"status": "pool", "at": None, "broken": False}
    return parts


def break_one(g, cid: str, why: str) -> None:
    """13.3/13.4: *cid* takes one break from combat."""
    s = g.s
    side = units.side_of(s, cid)
    where = s["units"][cid]["at"]
    if s["units"][cid]["broken"]:
        g.say(f"{cid}, already broken, was broken again in {where} and eliminated: {why} (13.4).", faction=side,
              rule="13.4")
        eliminate(g, cid, why)
    else:
        s["units"][cid]["broken"] = True
        g.say(f"{cid} was broken in {where}: {why} (13.3).", faction=side, rule="13.3")


def _kinds(state: dict, cids: list[str]) -> list[str]:
    """One of each kind among *cids*: identical counters on the same face in the same hex (R-4.6-alike)."""
    return units.interchangeable(state, cids, placed=True)


@procedure
class Losses(Procedure):
    """The owner takes *n* breaks among the units *pool* (13.3, 13.4, 5.6). Frame: ``side``, ``pool``, ``n``,
    ``why``, ``hex`` (the defended hex, for 19.5b, or None for the attacker); ends with ``{"split": {brigade:
    [battalions]}}``."""

    name = "faiw.combat.losses"
    rule = "13.3"

    @staticmethod
    def _live(g, f) -> list[str]:
        return [cid for cid in f["pool"] if g.s["units"][cid]["status"] == "map"]

    def _finish(self, g, f) -> None:
        if f.get("hex"):
            clear_noncombat(g, f["side"], f["hex"], f["why"])
        g.end({"split": f.get("splits", {})})

    def step(self, g, f) -> bool:
        live = self._live(g, f)
        if f["n"] <= 0 or not live:
            self._finish(g, f)
            return True
        kinds = _kinds(g.s, live)
        if len(kinds) == 1 and not self._splittable(g, live):
            f["n"] -= 1
            break_one(g, kinds[0], f["why"])
            return True
        return False

    @staticmethod
    def _splittable(g, live: list[str]) -> list[str]:
        return [cid for cid in live if _battalions_for(g.s, cid)]

    def prompt(self, g, f):
        live = self._live(g, f)
        out = {"break": _kinds(g.s, live)}
        sp = _kinds(g.s, self._splittable(g, live))
        if sp:
            out["split"] = sp
        return out

    def text(self, g, f):
        legal = g.legal if g.legal is not None else self.prompt(g, f)
        split = ", or split a brigade to take it (5.6)" if "split" in legal else ""
        return (f"{SIDE_TITLES[f['side']]} takes {f['n']} break{'s' if f['n'] != 1 else ''} ({f['why']}): break a "
                f"unit (a broken one is eliminated, 13.4){split}")

    def explain(self, g, f, verb, arg):
        if verb == "split" and arg in f["pool"]:
            c = units.counter(g.s, arg)
            if c.nationality in UNDERGROUND:
                return Refusal(f"{arg} is {c.nationality.title()}: Irgun and Stern units never split (5.5)",
                                        "5.5")
            return Refusal(f"{arg} cannot split: it is not a brigade, or the counter mix lacks its "
                                    f"battalions (5.2, 4.6)", "5.2")
        if verb in ("break", "split") and arg not in f["pool"]:
            return Refusal(f"{arg} is not one of the units in this combat: {', '.join(self._live(g, f))} "
                                    f"(13.3)", "13.3")
        return None

    def act(self, g, f, verb, arg):
        if verb == "split":
            parts = split(g, arg)
            f["pool"] = [x for x in f["pool"] if x != arg] + parts
            f.setdefault("splits", {})[arg] = parts
            return
        f["n"] -= 1
        break_one(g, arg, f["why"])
