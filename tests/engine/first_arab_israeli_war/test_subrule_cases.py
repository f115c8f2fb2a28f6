"""Cases for the lettered sub-items (``N.na``) no other test named (issue 31: "every rule with a number in the
text has a case run on the test pack"), on the test pack (made-up data) through the engine's own orders and
functions.

A sub-item is cited as the audit of the rulebook text found it (``N.na``, its line in the text in brackets); where
the machine translation's lettering puts the sentence under another paragraph the docstring says which. The
sub-items another test already exercises under a behaviour's name, and those that are no rule of play (a heading,
a pointer to another section), have no case here.
"""

from __future__ import annotations

import pytest

import engine
from engine.core.errors import IllegalActionError
from engine.games.first_arab_israeli_war import amphibious, units, victory
from engine.games.first_arab_israeli_war.combat_results import split_brigade
from engine.games.first_arab_israeli_war.combat_units import Unit, equivalent
from engine.games.first_arab_israeli_war.view import open_hexes

from .faiw_air_helpers import ready_air
from .faiw_combat_helpers import combat_position, log_of, play, who
from .faiw_helpers import act, advance_to, deployed, put
from .faiw_movement_helpers import at_movement, force, frame, left
from .faiw_movement_helpers import legal as move_legal
from .faiw_reinf_helpers import ctx, empty, fresh, legal, phase

H = "0303"  # a Jewish settlement (clear) of the test map
NEXT = "0304"  # a desert hex next to it
GAZA, EL_ARISH = "0204", "0105"
ON_30 = {"optional": {"30": True}}


# 2.1b, 2.1c-g -----------------------------------------------------------------------------------------------------


def test_2_1b_the_british_withdrawal_removes_the_scheduled_units_as_the_turn_begins():
    """2.1b (L201): the British withdrawal phase opens the turn: in Scenario 2 the test pack's schedule withdraws
    0402's British in February 1948 (0403's in April): by the Arab Reinforcement phase of February the first are
    gone for good, the second still stand."""
    s = deployed("struggle")
    first = [c for c in units.on_map(s, "british") if s["units"][c]["at"] == "0402"]
    later = [c for c in units.on_map(s, "british") if s["units"][c]["at"] == "0403"]
    assert first and later
    advance_to(s, "arab", "reinforcement", "1948-01")
    assert all(s["units"][c]["status"] == "map" for c in first)
    advance_to(s, "arab", "reinforcement", "1948-02")
    assert all(s["units"][c]["status"] == "out" for c in first)
    assert all(s["units"][c]["status"] == "map" for c in later)


def test_2_1c_2_1g_the_arab_leagues_turn_of_the_first_impulse_phase_by_phase():
    """2.1c (L203) with its Arab League turn (L207-L219, the audit's 2.1e-g are its combat, terrorism and recovery
    phases): in the first impulse the Arab League has reinforcement, reorganization, movement, air operations,
    combat, terrorism and recovery, in that order, before the Israeli turn begins."""
    s = deployed()
    assert (s["impulse"], s["phasing"]) == (1, "arab")
    seen = []
    for _ in range(200):
        if s["phasing"] != "arab" or s["impulse"] != 1:
            break
        if not seen or seen[-1] != s["phase"]:
            seen.append(s["phase"])
        role = engine.active_roles(s)[0]
        lg = engine.legal_actions(s, role)
        act(s, role, "end" if "end" in lg else f"{next(iter(lg))} {lg[next(iter(lg))][0]}")
    assert seen == ["reinforcement", "reorganization", "movement", "air", "combat", "terrorism", "recovery"]
    assert (s["impulse"], s["phasing"], s["phase"]) == (1, "israel", "reinforcement")


# 5.2a, 5.2b -----------------------------------------------------------------------------------------------------


def test_5_2a_the_israeli_brigades_split_by_their_equivalences():
    """5.2a (L307): an Israeli infantry brigade is three infantry battalions, a mechanized one a recon, an infantry
    and a commando battalion, a tank brigade a tank and two recon battalions (the test pack has no tank brigade
    counter: the equivalence is read as a split reads it); a mechanized brigade split into three infantry
    battalions is refused."""
    def brigade(kind: str) -> Unit:
        return Unit(id=kind, side="israel", type=kind, size="brigade", nationality="zahal", front_cs=6, back_cs=3)

    assert sorted(equivalent(brigade("infantry"))) == ["infantry"] * 3
    assert sorted(equivalent(brigade("mechanized"))) == ["commando", "infantry", "recon"]
    assert sorted(equivalent(brigade("armor"))) == ["armor", "recon", "recon"]
    bns = [Unit(id=f"i{n}", side="israel", type="infantry", nationality="zahal", front_cs=2, back_cs=1)
           for n in range(3)]
    with pytest.raises(IllegalActionError) as e:
        split_brigade(brigade("mechanized"), bns)
    assert e.value.rule == "5.2"
    assert len(split_brigade(brigade("infantry"), bns)) == 3



def test_5_2b_an_arab_infantry_brigade_splits_into_three_infantry_battalions():
    """5.2b (L313): for the Arab League an infantry brigade is three infantry battalions: an Egyptian brigade
    split in the Reorganization phase leaves three Egyptian infantry battalions in its hex."""
    s = fresh()
    empty(s, "0305")
    for n in (1, 2, 3):
        s["units"][f"AL-egy-inf-bn-{n}"] = {"status": "pool", "at": None, "broken": False}
    put(s, "AL-egy-inf-bde-1", "0305")
    phase(s, "arab", "reorganization")
    act(s, "arab", "split AL-egy-inf-bde-1")
    here = units.at(s, "0305")
    assert "AL-egy-inf-bde-1" not in here and len(here) == 3
    for cid in here:
        c = units.counter(s, cid)
        assert (c.type, c.size, c.nationality) == ("infantry", "battalion", "egypt")


# 9.5a -----------------------------------------------------------------------------------------------------------


def test_9_5a_a_unit_in_an_enemy_zoc_need_not_attack():
    """9.5a (L446): an Egyptian battalion next to an Israeli one may attack it, and may end the Combat phase
    without attacking: nothing is fought, no unit is broken."""
    s = combat_position("arab")
    put(s, "AL-egy-inf-bn-1", NEXT)
    put(s, "IL-inf-bn-1", H)
    lg = legal(s, "arab")
    assert H in lg["attack"] and "end" in lg
    act(s, "arab", "end")
    assert s["phase"] != "combat"
    assert units.at(s, NEXT) == ["AL-egy-inf-bn-1"] and units.at(s, H) == ["IL-inf-bn-1"]
    assert not s["units"]["AL-egy-inf-bn-1"]["broken"] and not s["units"]["IL-inf-bn-1"]["broken"]


# 10.3d, 12.3d ---------------------------------------------------------------------------------------------------


def test_10_3d_an_air_unit_adds_nothing_to_a_ground_attack():
    """10.3d (L487): with an air unit ready, the attack's units are the ground units next to the hex alone: the air
    unit is not offered, and naming it is refused."""
    s = combat_position("arab")
    ready_air(s, "AL-air-egy-1")
    put(s, "AL-egy-inf-bn-1", NEXT)
    put(s, "IL-inf-bn-1", H)
    play(s, f"attack {H}")
    assert legal(s, "arab")["with"] == ["AL-egy-inf-bn-1"]
    with pytest.raises(IllegalActionError):
        act(s, "arab", "with AL-air-egy-1")
    text = log_of(play(s, "with AL-egy-inf-bn-1", ("table raid", [1])))
    assert "attack 2 against defence 2" in text


def test_12_3d_no_air_unit_in_an_invasion():
    """12.3d (L622): an air unit ready changes nothing in an invasion: no order of it names the air unit, and the
    odds are the ground units' alone."""
    s = at_movement(place={"IL-inf-bde-1": H, "AL-egy-inf-bn-1": NEXT})
    ready_air(s, "IL-air-1")
    act(s, "israel", "move IL-inf-bde-1")
    assert "IL-air-1" not in move_legal(s).get("add", [])
    act(s, "israel", f"invade {NEXT}")
    assert legal(s, "israel") == {"table": ["raid", "assault"]}
    text = log_of(play(s, ("table raid", [1])))
    assert "IL-air-1" not in text and "5 / 2" in text


# 12.3e ----------------------------------------------------------------------------------------------------------


def test_12_3e_a_force_invades_the_same_unit_as_often_as_its_mp_allow():
    """12.3e (L624): an infantry brigade with 4 MP invades the same Egyptian battalion twice (two MP each time),
    and then no third time: its move ends with its MP."""
    s = at_movement(place={"IL-inf-bde-1": H, "AL-egy-inf-bn-1": NEXT})
    act(s, "israel", "move IL-inf-bde-1")
    for n in (1, 2):
        assert move_legal(s)["invade"] == [NEXT]
        act(s, "israel", f"invade {NEXT}")
        text = log_of(play(s, ("table raid", [1])))  # 5 / 2: 2:1, one column left: 1:1 Raid, 1: NE
        assert "column 1:1" in text and "NE" in text
        assert who(s) == "israel" and s["units"]["AL-egy-inf-bn-1"]["at"] == NEXT
        if n == 1:
            assert left(s) == {"IL-inf-bde-1": 2.0}
    assert force(s) is None and "IL-inf-bde-1" in frame(s)["moved"]  # no MP left: its move is over
    assert "invade" not in move_legal(s) and "IL-inf-bde-1" not in move_legal(s).get("move", [])


# 18.4c ----------------------------------------------------------------------------------------------------------


def test_18_4c_a_population_hex_terrorized_no_longer_shows_the_enemy():
    """18.4c (L764, with 21.3): an Arab stack next to a Jewish population hex is seen by Israel; once every Jewish
    population hex around it is terrorized, it is hidden."""
    s = combat_position("arab")
    put(s, "AL-egy-inf-bn-1", NEXT)
    m = units.pack_of(s).map
    jewish = [x for x in [NEXT, *m.neighbours(NEXT)] if m.hex(x).population == "jewish"]
    assert H in jewish and NEXT in open_hexes(s, "israel")
    for x in jewish:
        s["terrorized"][x] = "arab"
    assert NEXT not in open_hexes(s, "israel")


# 19.1c ----------------------------------------------------------------------------------------------------------


def test_19_1c_a_non_combat_unit_never_enters_enemy_combat_units():
    """19.1c (L778): a leader and supply points on the move are not offered the hex of an Egyptian battalion, and
    the step is refused citing the rule."""
    s = at_movement(place={"IL-ldr-allon": H, "AL-egy-inf-bn-1": NEXT}, supply={("israel", H): 1})
    for line in ("move IL-ldr-allon", "carry 1"):
        act(s, "israel", line)
    assert NEXT not in move_legal(s)["enter"]
    with pytest.raises(IllegalActionError) as e:
        act(s, "israel", f"enter {NEXT}")
    assert "19.1c" in str(e.value)
    assert units.at(s, NEXT) == ["AL-egy-inf-bn-1"] and s["units"]["IL-ldr-allon"]["at"] == H


# 20.2a ----------------------------------------------------------------------------------------------------------


def test_20_2a_a_leader_shifts_every_attack_from_its_hex():
    """20.2a (L808): Allon's hex attacks twice in one Combat phase, a brigade one hex and a battalion another: each
    attack has his column to the right."""
    s = combat_position("israel")
    for cid in ("IL-inf-bde-1", "IL-inf-bn-1", "IL-ldr-allon"):
        put(s, cid, H)
    put(s, "AL-egy-inf-bn-1", NEXT)
    put(s, "AL-egy-inf-bn-2", GAZA)
    first = log_of(play(s, f"attack {NEXT}", "with IL-inf-bde-1", "done", ("table raid", [2])))  # 2:1, +1: 3:1, 2: NE
    assert "leader Allon" in first and "(20.2)" in first and "column 3:1" in first
    assert who(s) == "israel" and GAZA in legal(s, "israel")["attack"]
    second = log_of(play(s, f"attack {GAZA}", "with IL-inf-bn-1", ("table raid", [1])))  # 1:1, +1: 2:1, 1: NE
    assert "leader Allon" in second and "(20.2)" in second and "column 2:1" in second


# 20.4b ----------------------------------------------------------------------------------------------------------


def test_20_4b_a_leader_stacked_with_the_advancing_units_advances_with_them():
    """20.4b (L820): after a DR, Allon, stacked with the brigade that attacked, is offered the advance with it and
    ends in the vacated hex; Marcus, next to that hex but not with the attackers, is not offered it, and his
    advance is refused citing the rule."""
    s = combat_position("israel")
    for cid in ("IL-inf-bde-1", "IL-ldr-allon"):
        put(s, cid, H)
    put(s, "IL-ldr-marcus", GAZA)
    put(s, "AL-egy-inf-bn-1", NEXT)
    play(s, f"attack {NEXT}", "with IL-inf-bde-1", ("table raid", [1]))  # 2:1, +1: 3:1, 1: DR
    play(s, f"retreat {legal(s, 'arab')['retreat'][0]}")
    assert who(s) == "israel"
    assert sorted(legal(s, "israel")["advance"]) == [f"IL-inf-bde-1 {NEXT}", f"IL-ldr-allon {NEXT}"]
    with pytest.raises(IllegalActionError) as e:
        act(s, "israel", f"advance IL-ldr-marcus {NEXT}")
    assert "20.4b" in str(e.value)
    play(s, f"advance IL-inf-bde-1 {NEXT}", f"advance IL-ldr-allon {NEXT}")
    assert sorted(units.at(s, NEXT)) == ["IL-inf-bde-1", "IL-ldr-allon"] and units.at(s, GAZA) == ["IL-ldr-marcus"]


# 26.1f ----------------------------------------------------------------------------------------------------------


def test_26_1f_transjordanian_units_outside_transjordan_at_the_end_of_april_1948():
    """26.1f (L917): the check at the end of the April 1948 turn gives Israel 5 VP for each Transjordanian unit
    outside Transjordan; with every one inside, nothing."""
    s = deployed("struggle")
    m = units.pack_of(s).map
    inside = next(h for h in m.hexes if m.hex(h).country == "Transjordan" and not units.at(s, h))
    outside = next(h for h in m.hexes if m.hex(h).country == "Palestine" and not units.at(s, h))
    for cid in [c for c in units.on_map(s, "arab") if units.counter(s, c).nationality == "transjordan"]:
        put(s, cid, inside)
    put(s, "AL-tj-recon-1", inside)
    before = dict(s["vp"])
    g = ctx(s)
    victory.mandate_check(g)
    assert s["vp"] == before and "(26.1f)" in "\n".join(e["text"] for e in g.log)
    put(s, "AL-tj-recon-1", outside)
    put(s, "AL-tj-recon-2", outside)
    victory.mandate_check(ctx(s))
    assert s["vp"]["israel"] == before["israel"] + 10 and s["vp"]["arab"] == before["arab"]


# 30.1b (the audit's 30.2b) ----------------------------------------------------------------------------------------


def test_30_1b_the_egyptians_sail_twice_a_turn_from_may_to_october_1948():
    """30.1b (L1010; the audit's 30.2b): two Egyptian battalions sail in one turn, a third is not offered the sea;
    the count is a turn's (two again next turn, October 1948 the last month), none in November 1948."""
    place = {f"AL-egy-inf-bn-{n}": EL_ARISH for n in (1, 2, 3)}
    s = at_movement("arab", place=place, **ON_30)
    for n in (1, 2):
        act(s, "arab", f"move AL-egy-inf-bn-{n}")
        assert GAZA in move_legal(s, "arab")["sail"]
        act(s, "arab", f"sail {GAZA}")
        assert s["units"][f"AL-egy-inf-bn-{n}"]["at"] == GAZA
    assert amphibious.operations_left(s, "arab") == 0
    act(s, "arab", "move AL-egy-inf-bn-3")
    assert "sail" not in move_legal(s, "arab")
    s["month"] = "1948-10"
    assert amphibious.operations_left(s, "arab") == 2
    s["month"] = "1948-11"
    assert amphibious.operations_left(s, "arab") == 0
