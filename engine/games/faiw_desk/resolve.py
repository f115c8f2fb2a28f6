"""The die and the result (11.2b4-5, 11.5, 11.6a, 12.4a): the combat desk's arithmetic on the declared attack
(``engine.games.first_arab_israeli_war.combat.assess``: totals, odds, caps, shifts, column, table), one d6 through
``g.roll``, and the result read on the pack's CRT with its key; without a pack the desk gives the final column and
the die, and the umpire reads his CRT (ruling R-11.2b4-columns). The record of each attack is kept in
``state["attacks"]``; the pack counters that attacked are kept in the session's frame (11.1a)."""

from __future__ import annotations

from dataclasses import replace

from ..first_arab_israeli_war import calendar
from ..first_arab_israeli_war.combat import TABLES, Resolution, assess, crt_table
from .desk import NAMES, TITLES, build, options, pack_of, treaty_city

#: The columns the desk counts shifts on without a pack (ruling R-11.2b4-columns).
COLUMNS = ("1:3", "1:2", "1:1", "2:1", "3:1", "4:1", "5:1", "6:1", "7:1")
#: The code of every cell without a pack: the umpire reads his CRT.
UNREAD = "?"
_NO_CRT = {t: {"columns": list(COLUMNS), "rows": {str(r): [UNREAD] * len(COLUMNS) for r in range(1, 7)},
               "key": {UNREAD: "the umpire reads the result on his CRT (no data pack: ruling R-11.2b4-columns)"}}
           for t in TABLES}
#: The unit types 11.6a2 lets advance two hexes: Israeli from May 1948, Transjordanian, British.
_FAST = {"israel": frozenset({"armor", "mechanized", "recon"}), "transjordan": frozenset({"mechanized", "recon"}),
         "british": frozenset({"armor", "mechanized", "recon"})}


def crts(state: dict) -> dict:
    """The two CRTs: the pack's, or the desk's columns without results."""
    pack = pack_of(state)
    if pack is None:
        return _NO_CRT
    return {"raid": pack.crt.raid.as_dict(), "assault": pack.crt.assault.as_dict()}


def summary_of_attack(state: dict, af: dict) -> str:
    """The attack as the defender learns it (21.1: combat reveals the attacking stacks)."""
    units = ", ".join(u["id"] if "cs" not in u else f"{u['id']} ({u['cs']} CS, {u['size']})" for u in af["units"])
    more = []
    if af.get("invasion"):
        more.append("an invasion (12.3)")
    if af.get("fanatic"):
        more.append("fanaticism (31)")
    if af.get("leader"):
        more.append("a leader (20.2)")
    if af.get("truce"):
        more.append("a violation of the truce in effect (22.3)")
    if af.get("treaty"):
        more.append(f"the treaty city {treaty_city(af['treaty'])} attacked (25.3)")
    return (f"{NAMES[af['role']]}'s attack with {units} on the {af['table'].title()} table"
            + (f", with {', '.join(more)}" if more else ""))


def resolve(g, af: dict, df: dict) -> Resolution:
    """Assess the declared attack, roll the die, read the result, log it and record it."""
    s = g.s
    side = af["role"]
    attack = build(s, af, df)
    res = assess(attack, crts(s), options(s))
    n = len(s["attacks"]) + 1
    kind = "invasion" if attack.invasion else "combat"
    die = g.roll(f"{kind} {n}: {TITLES[side]} on the {res.table.title()} table, column {res.column}")
    table = crt_table(crts(s), res.table)
    code = table["rows"][str(die)][table["columns"].index(res.column)]
    meaning = table["key"][code]
    if pack_of(s) is None:
        said = f"die {die} on the {res.table.title()} table, column {res.column}: {meaning} (11.2b5, 11.5)"
        res = replace(res, roll=die, steps=res.steps + (said,))
    else:
        said = f"die {die} on the {res.table.title()} table, column {res.column}: {code}, {meaning} (11.2b5, 11.5)"
        res = replace(res, roll=die, result=code, meaning=meaning, steps=res.steps + (said,))
        res = replace(res, steps=res.steps + tuple(_after(s, res, attack)))
    if res.vp_cost:
        res = replace(res, steps=res.steps + ("the desk keeps no VP: the umpire deducts fanaticism's cost and checks "
                                              "the player had it (31.2b; ruling R-31.2b-desk)",))
    if res.truce_broken:
        res = replace(res, steps=res.steps + ("the desk keeps no VP nor truce: the umpire awards the 10 VP and ends "
                                              "the truce; later attacks are declared without it (22.3; ruling "
                                              "R-22.3-desk)",))
    if pack_of(s) is None and (af.get("leader") or df.get("leader")):
        res = replace(res, steps=res.steps + ("without a pack the desk sees no nationalities: 20.5's 50% condition "
                                              "for the leader is the umpire's to check (ruling R-20.5-desk)",))
    record = res.to_dict()
    record.pop("net")   # may be negative: the shifts each side gained are kept instead
    record.update(n=n, side=side, attacker_shifts=res.attacker_shifts, defender_shifts=res.defender_shifts, attackers=[u["id"] for u in af["units"]],
                  defenders=[u["id"] for u in df["units"]], invasion=attack.invasion)
    s["attacks"].append(record)
    if pack_of(s) is not None:
        s["flow"][0]["attacked"] = [*s["flow"][0].get("attacked", []), *record["attackers"]]
    g.say(line(n, side, res), faction=side, rule="11.2")
    g.say("Worked: " + "; ".join(res.steps) + ".", faction=side, rule="11.2", kind="detail")
    return res


def line(n: int, side: str, res: Resolution) -> str:
    """The log line: the totals, the odds, each shift with its rule, the column, the die and the result."""
    odds = res.to_dict()["odds"] or "a defence of 0"
    base = f", from {res.base_column}" if res.base_column != odds else ""
    shifts = "; ".join(f"{s.what} 1 {'right' if s.side == 'attacker' else 'left'} ({s.rule})" if s.columns == 1
                       else f"{s.what} {s.columns} {'right' if s.side == 'attacker' else 'left'} ({s.rule})"
                       for s in res.shifts) or "no shift"
    if res.result is None:
        result = "the umpire reads the result on his CRT (ruling R-11.2b4-columns)"
    else:
        result = f"{res.result}, {res.meaning}"
    after = ""
    if res.truce_broken:
        gains = " and ".join(f"{NAMES[who]} gains {vp} VP" for who, vp in res.vp_award.items())
        after += f" The attack violated the truce: it ended, {gains} (22.3)."
    if res.british_intervention_due:
        after += (" Israel attacked a city of the treaties: the Arab League rolls a die for British units in its next "
                  "Reinforcement phase (25.3).")
    by = " (chosen by the defender, 29.2b)" if res.chooser == "defender" else ""
    return (f"Attack {n}, {NAMES[side]}: {res.attack_total} against {res.defence_total}, odds {odds}{base} "
            f"(11.2b); shifts: {shifts}; right {res.attacker_shifts}, left {res.defender_shifts} (11.2c); column "
            f"{res.column} on the {res.table.title()} table{by}; die {res.roll}: {result} (11.5).{after}")


def _after(state: dict, res: Resolution, attack) -> list[str]:
    """What the pack's effects of the result leave to the players: the breaks (13.3, 5.6), the advance (11.6a)."""
    pack = pack_of(state)
    effect = pack.crt.table(res.table).effects.get(res.result)
    if effect is None:
        return []
    out = []
    for who, n in (("attacker", effect.attacker_breaks), ("defender", effect.defender_breaks)):
        if n:
            out.append(f"the {who} chooses the {n} unit{'s that break' if n != 1 else ' that breaks'}; a brigade may split to "
                       f"take a break with one battalion; a broken unit that breaks is eliminated (13.3, 5.6, 13.4)")
    if effect.advance in ("attacker", "defender"):
        if attack.invasion:
            out.append("no advance after an invasion (12.4a)")
        else:
            units = attack.attackers if effect.advance == "attacker" else attack.defenders
            out.append(_advance(state, effect.advance, units))
    return out


def _advance(state: dict, who: str, units) -> str:
    """11.6a: who may advance one hex, and who two (11.6a2; ruling R-11.6a-leaders)."""
    month = state.get("month")
    fast = []
    for u in units:
        if u.side == "israel" and u.type in _FAST["israel"]:
            if month is None:
                fast.append(f"{u.id} (if the month is May 1948 or later)")
            elif month >= calendar.MAY_1948:
                fast.append(u.id)
        elif (u.nationality == "transjordan" and u.type in _FAST["transjordan"]) or \
                (u.side == "british" and u.type in _FAST["british"]):
            fast.append(u.id)
    two = f"; two hexes: {', '.join(fast)} (11.6a2), with a leader of their nationality stacked with them " \
          f"(ruling R-11.6a-leaders)" if fast else ""
    return f"the {who} may advance into the hex the enemy left, one hex (11.6a1){two}"
