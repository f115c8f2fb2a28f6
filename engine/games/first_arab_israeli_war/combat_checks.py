"""Who may attack (The First Arab-Israeli War, 11.1 and its restrictions): the refusals of a declared attack.

:func:`refusals` gives every reason a declared ground combat may not be made, each naming its rule: the
attackers (11.1a, 11.0, 27.2, 19.5, 1.4a), the defended hex (27.5, 19.2, 11.8), truces (22.1b, 22.3),
treaties (25.1, 25.2, 25.3) and the mandate period (26.1b, 26.1d), the 2-brigade cap per hex for the
attacker and the units that count for the defender (8.2, ruling R-8.2; 11.1b), an invasion's single hex
(12.2), supply points (14.3b/c, 12.3c), hexside terrain (11.2c), the CRT and who chooses it (11.3, 29.2b)
and fanaticism's VP (31, 31.2b). Digest part A, A.7, A.16 ("Checkable WITHOUT the map").

Who chooses the CRT (:func:`.combat.crt_chooser`) and what fanaticism costs
(:func:`.combat.fanaticism_cost`) are the combat desk's, which reads their rulings; they are imported when
a check runs (the desk imports this module).
"""

from __future__ import annotations

from engine.core.errors import Refusal

from .combat_units import (
    _SIDE_NAMES,
    _TOWNS_AND_BASES,
    DEFAULTS,
    TREATY_PLACES,
    Attack,
    CombatOptions,
    _brigades,
    _norm,
)

# --------------------------------------------------------------------------------------------------------
# Who may attack (11.1 and the restrictions), the CRT choice
# --------------------------------------------------------------------------------------------------------


def _r(text: str, rule: str) -> Refusal:
    return Refusal(text, rule)


def refusals(attack: Attack, options: CombatOptions = DEFAULTS) -> list[Refusal]:
    """Every reason the declared attack may not be made, each naming its rule (empty: it may)."""
    from .combat import TABLES, crt_chooser, fanaticism_cost

    out: list[Refusal] = []
    if not attack.attackers:
        return [_r("an attack needs at least one attacking unit (11.1a)", "11.1a")]
    side = attack.side
    enemy = [u for u in attack.defenders if u.side != "british"]
    seen: set[str] = set()
    for u in attack.attackers:
        if u.id in seen:
            out.append(_r(f"{u.label} is named twice: a unit attacks once in a combat (11.1a)", "11.1a"))
        seen.add(u.id)
        if u.side == "british":
            out.append(_r(f"{u.label} is British: British units cannot move or attack (27.2)", "27.2"))
        elif u.side != side:
            out.append(_r(f"{u.label} belongs to {_SIDE_NAMES.get(u.side, u.side)}, not to the attacker "
                          f"{_SIDE_NAMES.get(side, side)}: one side attacks (11.0)", "11.0"))
        if u.type == "air":
            out.append(_r(f"{u.label} is an air unit: ground combat is fought by ground units; air units "
                          f"strike in the Air Operations phase (11.0, 10.3)", "11.0"))
        elif not u.is_combat:
            out.append(_r(f"{u.label} is a non-combat unit: non-combat units can never attack (19.5)", "19.5"))
        elif u.paren:
            out.append(_r(f"{u.label} has its CS in parentheses: it can only defend, never attack (1.4a)",
                          "1.4a"))
        if not u.hex:
            out.append(_r(f"{u.label}: say the hex it attacks from (11.1a)", "11.1a"))
        elif u.hex == attack.defender_hex:
            out.append(_r(f"{u.label} is in the defended hex {u.hex}: attackers are adjacent to it (11.1a)",
                          "11.1a"))
        if u.id in attack.attacked_already:
            out.append(_r(f"{u.label} has already attacked this combat phase: each unit attacks once (11.1a)",
                          "11.1a"))
    # The defended hex.
    if any(u.side == "british" for u in attack.defenders):
        out.append(_r(f"{attack.defender_hex} holds a British unit: hexes with British units can never be "
                      f"attacked (27.5)", "27.5"))
    if not enemy:
        out.append(_r(f"{attack.defender_hex} holds no enemy unit to attack (11.0)", "11.0"))
    elif not any(u.is_combat for u in enemy):
        out.append(_r(f"{attack.defender_hex} holds only non-combat units: they cannot be attacked from an "
                      f"adjacent hex; a combat unit may enter the hex instead (19.2, 19.1a)", "19.2"))
    for u in enemy:
        if u.side == side:
            out.append(_r(f"{u.label} in {attack.defender_hex} is the attacker's own unit: the defenders are "
                          f"the enemy's (11.0, 8.3)", "11.0"))
    if attack.sea_or_lake:
        out.append(_r("units cannot attack into, from or across an all-sea or all-lake hex or hexside (11.8)",
                      "11.8"))
    # Truce, treaties, mandate.
    if attack.truce == "first_turn":
        out.append(_r("a truce took effect this turn: no attacks of any kind while its terms must be followed "
                      "(22.1b, 22.3)", "22.1b"))
    elif attack.truce == "later" and not attack.violate_truce:
        out.append(_r("a truce is in effect: no attacks (22.1b); an attack may be declared as a violation, "
                      "which ends the truce and gives the other player 10 VP (22.3)", "22.1b"))
    elif attack.truce not in ("none", "later"):
        out.append(_r(f"truce must be none, first_turn or later, not {attack.truce!r} (22.1)", "22.1"))
    if side == "israel":
        for tag in attack.defender_tags:
            place = TREATY_PLACES.get(_norm(tag))
            if place and not options.treaty_attacks:
                rule = "25.2" if place == "Damascus" else "25.1"
                out.append(_r(f"Israeli ground units may never attack {place} (optional rule 25.3 not in use) "
                              f"({rule})", rule))
        if attack.mandate and attack.defender_country and _norm(attack.defender_country) != "palestine" \
                and _norm(attack.defender_settlement) in _TOWNS_AND_BASES:
            for u in attack.attackers:
                if u.is_commando:
                    out.append(_r(f"{u.label}: Israeli commando/guerrilla units may not attack cities, towns "
                                  f"or bases outside Palestine until May 1948 (26.1d)", "26.1d"))
    # The 2-brigade cap (8.2), the invasion force (12.2).
    by_hex: dict[str, int] = {}
    for u in attack.attackers:
        by_hex[u.hex] = by_hex.get(u.hex, 0) + u.halves
    for h, halves in by_hex.items():
        if halves > 4:
            out.append(_r(f"{_brigades(halves)} attack from {h}: at most 2 brigades attack from a hex, the others "
                          f"cannot attack (8.2; ruling R-8.2)", "8.2"))
    if attack.invasion and len(by_hex) > 1:
        out.append(_r(f"an invasion's units start in one hex and move together, not from {', '.join(by_hex)} "
                      f"(12.2)", "12.2"))
    out += _counting_refusals(attack)
    out += _supply_refusals(attack)
    out += _hexside_refusals(attack)
    # The CRT.
    table = _norm(attack.crt)
    if table not in TABLES:
        out.append(_r(f"the table is raid or assault, not {attack.crt!r} (11.3)", "11.3"))
    elif table == "assault" and attack.mandate:
        out.append(_r("the Assault table cannot be used in the mandate period (Dec 1947 - Apr 1948): the Raid "
                      "table may (26.1b)", "26.1b"))
    chooser, why = crt_chooser(attack, options)
    if attack.crt_named_by != chooser:
        out.append(_r(f"the {chooser} chooses the CRT here, not the {attack.crt_named_by}: {why}",
                      "29.2b" if chooser == "defender" else "11.3"))
    # Fanaticism (31).
    for who, declared, vp in (("attacker", attack.fanatic_attacker, attack.attacker_vp),
                              ("defender", attack.fanatic_defender, attack.defender_vp)):
        if not declared:
            continue
        if not options.fanaticism:
            out.append(_r(f"the {who} declares fanaticism, but optional rule 31 is not in use (31)", "31"))
            continue
        cost = fanaticism_cost(attack, who, options)
        if vp is None:
            out.append(_r(f"fanaticism costs the {who} {cost} VP: say how many VP the {who} has (31.2b)",
                          "31.2b"))
        elif vp < cost:
            out.append(_r(f"fanaticism costs the {who} {cost} VP (the battalions involved) but the {who} has "
                          f"{vp} (31.2b)", "31.2b"))
    return out


def _counting_refusals(attack: Attack) -> list[Refusal]:
    """8.2 for the defender: over 2 brigades, he names the units that count, up to the cap (11.1b)."""
    combat = [u for u in attack.defenders if u.is_combat and u.side != "british"]
    total = sum(u.halves for u in combat)
    named = attack.defender_counting
    if named is None:
        if total > 4:
            return [_r(f"{attack.defender_hex} holds {_brigades(total)}: the defender names the units that "
                       f"count, at most 2 brigades; the others count CS 0 but take the result (8.2)", "8.2")]
        return []
    ids = {u.id: u for u in combat}
    out = [_r(f"{x} is not a combat unit in {attack.defender_hex}: the units that count are named among its "
              f"defenders (8.2)", "8.2") for x in named if x not in ids]
    if out:
        return out
    halves = sum(ids[x].halves for x in set(named))
    if halves > 4:
        return [_r(f"the units named to count in {attack.defender_hex} make {_brigades(halves)}: at most 2 "
                   f"brigades count (8.2)", "8.2")]
    left = [u for u in combat if u.id not in named and halves + u.halves <= 4]
    if left:
        return [_r(f"{left[0].label} fits within the 2 brigades that count in {attack.defender_hex}: the "
                   f"defender cannot withhold a unit (11.1b, 8.2)", "11.1b")]
    return []


def _supply_refusals(attack: Attack) -> list[Refusal]:
    """14.3b/c: one point in a hex doubles all the side's units there for this one combat."""
    out = []
    hexes = set(attack.attacking_hexes)
    for i, h in enumerate(attack.attacker_supply):
        if h in attack.attacker_supply[:i]:
            out.append(_r(f"one supply point already doubles every attacker in {h} for this attack; a second "
                          f"adds nothing (14.3b)", "14.3b"))
        elif h not in hexes:
            out.append(_r(f"no unit attacks from {h}: a supply point doubles the attackers in its own hex "
                          f"(14.3b)", "14.3b"))
        elif not any(u.type == "supply" and u.hex == h and u.side == attack.side and u.points > 0
                     for u in attack.support):
            where = " moving with the invading force" if attack.invasion else ""
            out.append(_r(f"no {_SIDE_NAMES.get(attack.side, attack.side)} supply point in {h}{where} to spend "
                          f"(14.3b{', 12.3c' if attack.invasion else ''})", "14.3b"))
    if attack.defender_supply:
        foe = next((u.side for u in attack.defenders if u.is_combat), "")
        if not any(u.type == "supply" and u.side == foe and u.points > 0 for u in attack.defenders):
            out.append(_r(f"no supply point of the defender in {attack.defender_hex} to spend (14.3c)", "14.3c"))
    return out


def _hexside_refusals(attack: Attack) -> list[Refusal]:
    hexes = set(attack.attacking_hexes)
    return [_r(f"hexside terrain is given for {h}, but no unit attacks from it (11.2c)", "11.2c")
            for h in attack.hexsides if h not in hexes]
