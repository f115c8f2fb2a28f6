"""Kenya's Mau Mau Special Activities (4.3): Supply (4.3.1) and its path search, Oath (4.3.2), Raid (4.3.3)
with its free Limited Operation (3.1.2); any Mau Mau Operation accompanied (4.1.1), none Limited (2.3.4),
each space once (4.1), the Capabilities K3, K28 and K31 shaded, the Support Phase's and an Event's frames
(6.3.2, 5.4), and the Mau Mau Special Activities of the Example of Play (8.0: L2601 Oath, L2621 Supply, L2635
Raid)."""

from __future__ import annotations

import pytest

import engine
from engine.core import canonical
from engine.core.chance import Recorder, ScriptedChance
from engine.core.errors import IllegalActionError
from engine.core.flow import Context
from engine.games.kenya import maumau_ops, special_maumau  # noqa: F401  (register procedures)
from engine.games.kenya.invariants import invariants
from engine.games.kenya.special_maumau import supplied_bases
from engine.testing import Position, waiting

from ..scripted import run_scripted


def check(s: dict) -> None:
    problems = invariants(s)
    assert not problems, problems


def position(pipeline: int = 1, pw: int = 10, resources: int = 5, caps: dict | None = None, **spaces) -> Position:
    """An empty map with the given pieces and markers (``support`` -1 Resistance, 1 Loyal; ``terror``), the
    tracks and Capabilities; the decision is the caller's."""
    p = Position("kenya").clear().track(political_will=pw, resources_maumau=resources, pipeline=pipeline)
    for sid, counts in spaces.items():
        p.put(sid.replace("_", "-"), **counts)
    for cid, side in (caps or {}).items():
        p.capability(cid, side)
    return p


def maumau(**kw) -> dict:
    """:func:`position` at the Mau Mau choice of a box, 1st Eligible on K19."""
    return position(**kw).turn("maumau", "K19").state()


def run(state, *orders, rolls=()):
    return run_scripted(state, orders, rolls, (), check)


def legal(state):
    return engine.legal_actions(state, engine.active_roles(state)[0])


def refused(state, order, match):
    with pytest.raises(IllegalActionError, match=match):
        engine.apply(state, engine.active_roles(state)[0], order)


def texts(log) -> str:
    return "\n".join(e["text"] for e in log)


def sp(state, sid):
    return state["spaces"][sid]


def granted(state, sa, **local):
    """A copy of *state* with a Special Activity pushed by a phase or an Event (6.3.2, 5.4) with the frame
    contract (``rule``, ``max``, ``only``), its first automatic steps run."""
    s = canonical.copy(state)
    g = Context(s, Recorder(ScriptedChance()), engine.definition("kenya").rules)
    g.call(f"ke.sa.{sa}", "maumau", **local)
    g.settle()
    return s


# -- 4.1.1, 2.3.4, 4.1 ---------------------------------------------------------------------------------

@pytest.mark.parametrize("op", ["rally", "march", "terror"])
def test_4_1_1_each_mau_mau_special_activity_accompanies_any_operation(op):
    s = maumau(nairobi={"bases": 1}, nyeri={"guerrillas_u": 1}, nanyuki={"guerrillas_u": 1})
    s, _ = run(s, "box opsa", f"op {op}")
    assert legal(s)["sa"] == ["supply", "oath", "raid"]


def test_2_3_4_no_special_activity_with_a_limited_operation():
    s = maumau(nairobi={"bases": 1}, nyeri={"guerrillas_u": 1})
    s, _ = run(s, "box limited", "op terror")
    assert "sa" not in legal(s)
    refused(s, "sa supply", r"a Limited Operation comes with no Special Activity \(2\.3\.4")


# -- Supply (4.3.1) ------------------------------------------------------------------------------------

def test_4_3_1_supply_counts_nairobis_bases_and_those_connected_by_guerrillas_or_resistance():
    s = maumau(resources=1, nairobi={"bases": 1}, kiambu={"guerrillas_u": 1}, aberdares={"bases": 1},
               fort_hall={"support": -1}, nyeri={"bases": 1}, mount_kenya={"bases": 1})
    # Aberdares through Kiambu (a Guerrilla); Nyeri through Kiambu and Fort Hall (Resistance); Mount Kenya's
    # neighbours (Nyeri, Embu, Meru, Nanyuki) carry nothing: the Base in Nyeri is the path's end, not a step.
    assert supplied_bases(Context(s, None, None)) == {"nairobi": 1, "nyeri": 1, "aberdares": 1}
    s, log = run(s, "box opsa", "op terror", "sa supply")
    assert s["resources"]["maumau"] == 4 and waiting(s)["p"] == "ke.op.terror"
    assert "3 Base(s) supplied" in texts(log)


def test_4_3_1_note_a_base_next_to_nairobi_needs_nothing_between():
    s = maumau(resources=1, thika={"bases": 1}, nyeri={"guerrillas_u": 1})
    s, _ = run(s, "box opsa", "op terror", "sa supply")
    assert s["resources"]["maumau"] == 2


def test_4_3_1_supply_is_not_offered_where_it_gains_nothing():
    s = maumau(aberdares={"bases": 1}, nyeri={"guerrillas_u": 1})  # Kiambu, Fort Hall hold nothing
    s, _ = run(s, "box opsa", "op terror")
    assert legal(s)["sa"] == ["oath", "raid"]
    refused(s, "sa supply", r"Supply has nothing it could do now \(4\.3\.1\)")
    full = maumau(resources=20, nairobi={"bases": 1}, nyeri={"guerrillas_u": 1})
    full, _ = run(full, "box opsa", "op terror")
    assert "supply" not in legal(full)["sa"]  # 1.8: no Resources beyond 20


@pytest.mark.parametrize("side, gain", [(None, 2), ("unshaded", 1), ("shaded", 4)])
def test_k3_fragile_supply_lines_and_support_network(side, gain):
    """K3 unshaded: a Guerrilla without Control or Resistance carries no Supply (its Tip); Mau Mau Control
    does. K3 shaded: 2 Resources a supplied Base."""
    caps = {"K3": side} if side else {}
    s = maumau(resources=1, caps=caps, nairobi={"bases": 1}, kiambu={"guerrillas_u": 1, "police": 1},
               aberdares={"bases": 1}, fort_hall={"guerrillas_u": 1}, nyeri={"guerrillas_u": 1})
    s, _ = run(s, "box opsa", "op terror", "sa supply")
    assert s["resources"]["maumau"] == 1 + gain


def test_k3_unshaded_mau_mau_control_carries_supply():
    s = maumau(resources=1, caps={"K3": "unshaded"}, kiambu={"guerrillas_u": 1}, aberdares={"bases": 1},
               nyeri={"guerrillas_u": 1})
    s, _ = run(s, "box opsa", "op terror", "sa supply")
    assert s["control"]["kiambu"] == "maumau" and s["resources"]["maumau"] == 2


# -- Oath (4.3.2) --------------------------------------------------------------------------------------

def test_4_3_2_oath_places_up_to_one_guerrilla_and_shifts_toward_resistance():
    s = maumau(nyeri={"guerrillas_u": 1, "troops": 2}, thika={"guerrillas_u": 1}, embu={"guerrillas_a": 1},
               aberdares={"guerrillas_u": 1})
    s, _ = run(s, "box opsa", "op terror", "sa oath")
    assert legal(s) == {"space": ["nyeri"]}
    refused(s, "space thika", r"Thika is a Non-Reserve Province: Oath selects a Reserve Province \(4\.3\.2, 1\.3\.2\)")
    refused(s, "space embu", r"Embu has no Underground Guerrilla: Oath needs one there \(4\.3\.2\)")
    refused(s, "space aberdares", r"Aberdares is a Mountain Jungle: Oath selects a Reserve Province")
    s, _ = run(s, "space nyeri")
    assert legal(s) == {"place": ["guerrilla", "none"]}
    refused(s, "place base", r"'place' here is written 'place guerrilla\|none'")
    refused(s, "done", r"the Oath in Nyeri places up to one Guerrilla first")
    s, log = run(s, "place guerrilla")
    assert sp(s, "nyeri")["guerrillas_u"] == 2 and sp(s, "nyeri")["support"] == -1
    assert waiting(s)["p"] == "ke.op.terror"
    t, _ = run(maumau(nyeri={"guerrillas_u": 1}, meru={"guerrillas_u": 1}), "box opsa", "op terror", "sa oath",
               "space meru", "place none")
    assert sp(t, "meru")["guerrillas_u"] == 1 and sp(t, "meru")["support"] == -1


def test_4_3_2_oath_in_an_unpopulated_reserve_province_is_refused():
    s = position(nyeri={"guerrillas_u": 1}, meru={"guerrillas_u": 1})
    s.position["population"] = {"meru": 0}
    s = s.turn("maumau", "K19").state()
    s, _ = run(s, "box opsa", "op terror", "sa oath")
    refused(s, "space meru", r"Meru has Population 0 \(printed 1\): Oath selects a Populated space")


def test_1_4_1_oath_with_no_guerrilla_available_takes_one_from_the_map():
    left = Position("kenya").clear().position["available"]["guerrillas"]  # all 15: none Available after these
    s = position(nyeri={"guerrillas_u": 1}, meru={"guerrillas_a": 1}, aberdares={"guerrillas_u": left - 2})
    s = s.turn("maumau", "K19").state()
    s, _ = run(s, "box opsa", "op rally", "sa oath", "space nyeri", "place guerrilla")
    assert waiting(s)["p"] == "ke.from_map" and "aberdares guerrilla-u" in legal(s)["take"]
    assert sp(s, "nyeri")["support"] == 0  # the shift follows the placement
    s, _ = run(s, "take meru guerrilla-a")
    assert sp(s, "nyeri")["guerrillas_u"] == 2 and sp(s, "meru")["guerrillas_a"] == 0
    assert sp(s, "nyeri")["support"] == -1 and waiting(s)["p"] == "ke.op.rally"


def test_k28_unshaded_oath_may_not_select_a_british_controlled_space():
    s = maumau(caps={"K28": "unshaded"}, nyeri={"guerrillas_u": 1, "troops": 2}, meru={"guerrillas_u": 1})
    s, _ = run(s, "box opsa", "op terror", "sa oath")
    assert legal(s) == {"space": ["meru"]}
    refused(s, "space nyeri", r"Nyeri is British Controlled: with 'Vomiting the Oath' Oath may not select a British "
            r"Controlled space \(Oathing Ceremonies, K28\)")


def test_k28_shaded_oath_selects_up_to_two_populated_spaces_nairobi_included():
    s = maumau(caps={"K28": "shaded"}, nairobi={"guerrillas_u": 1}, thika={"guerrillas_u": 1},
               aberdares={"guerrillas_u": 1})
    s, _ = run(s, "box opsa", "op terror", "sa oath")
    assert legal(s) == {"space": ["nairobi", "thika"]}
    refused(s, "space aberdares", r"Aberdares is a Mountain Jungle, never at Resistance")
    s, _ = run(s, "space nairobi", "place none", "space thika", "place guerrilla")
    assert sp(s, "nairobi")["support"] == -1 and sp(s, "thika")["support"] == -1
    assert sp(s, "thika")["guerrillas_u"] == 2 and waiting(s)["p"] == "ke.op.terror"


def test_6_3_2_the_support_phases_oath_cites_its_phase():
    s = maumau(embu={"guerrillas_u": 1})
    s = granted(s, "oath", rule="6.3.2")
    s, log = run(s, "space embu", "place none")
    assert sp(s, "embu")["support"] == -1 and "4.3.2, 6.3.2" in [e.get("rule") for e in log]


# -- Raid (4.3.3) --------------------------------------------------------------------------------------

def test_4_3_3_raid_selects_a_province_adjacent_to_a_mountain_jungle_with_a_guerrilla_to_move():
    s = maumau(aberdares={"guerrillas_u": 1}, nairobi={"guerrillas_u": 1}, thika={"guerrillas_u": 1})
    s, _ = run(s, "box opsa", "op terror", "sa raid")
    assert legal(s) == {"space": ["kiambu", "fort-hall", "nyeri", "rift-valley", "nanyuki", "thompsons-falls"]}
    refused(s, "space nairobi", r"Nairobi is Nairobi: Raid selects a Province \(4\.3\.3, 1\.3\.1\)")
    refused(s, "space thika", r"Thika is adjacent to no Mountain Jungle: Raid selects a Province adjacent to one")
    refused(s, "space meru", r"Meru has no Guerrilla and Mount Kenya no Guerrilla: Raid would move none in or out")


def test_4_3_3_raid_moves_one_or_two_in_from_one_jungle_then_a_free_limited_operation():
    s = maumau(resources=1, aberdares={"guerrillas_u": 1, "guerrillas_a": 1},
               mount_kenya={"guerrillas_u": 1}, nyeri={"police": 1}, nairobi={"guerrillas_u": 1})
    s, _ = run(s, "box opsa", "op terror", "sa raid", "space nyeri")
    assert legal(s) == {"in": ["aberdares guerrilla-u", "aberdares guerrilla-a", "mount-kenya guerrilla-u"]}
    refused(s, "done", r"the Raid in Nyeri moves at least one Guerrilla in or out first \(4\.3\.3\)")
    refused(s, "out aberdares guerrilla-u", r"Nyeri has no Underground Guerrilla to move")
    s, _ = run(s, "in aberdares guerrilla-a")
    assert legal(s) == {"in": ["aberdares guerrilla-u"], "done": []}
    refused(s, "in mount-kenya guerrilla-u", r"moves its Guerrillas from one Mountain Jungle, Aberdares "
            r"\(ruling R-RAID\)")
    s, log = run(s, "in aberdares guerrilla-u")  # the second: the Operation follows at once
    x = sp(s, "nyeri")
    assert (x["guerrillas_u"], x["guerrillas_a"]) == (1, 1)  # each keeps its state
    assert legal(s) == {"op": ["rally", "march", "terror"]}
    refused(s, "op assault", r"'assault' is no Mau Mau Operation: Raid's free Limited Operation is Rally, March or "
            r"Terror \(4\.3\.3, 3\.3\)")
    refused(s, "space nyeri", r"the Raid in Nyeri performs a free Limited Operation there now")
    s, log2 = run(s, "op terror")
    w = waiting(s)
    assert w["p"] == "ke.op.terror" and w["only"] == ["nyeri"] and w["max"] == 1 and w["free"] is True
    assert w["limited"] is True and w["sa"] == "none" and w["rule"] == "4.3.3"
    assert legal(s) == {"space": ["nyeri"]}
    s, log3 = run(s, "space nyeri", "remove police", "done")
    assert s["resources"]["maumau"] == 1 and sp(s, "nyeri")["police"] == 0  # free: no Resource paid
    w = waiting(s)
    assert w["p"] == "ke.op.terror" and w["sa"] == "used" and w["spaces"] == []  # back in the Terror it accompanies
    assert "free Limited Terror in Nyeri" in texts(log2)


def test_4_3_3_note_the_operation_needs_a_guerrilla_moved_in_and_only_possible_ones_are_offered():
    s = maumau(resources=1, mount_kenya={"guerrillas_a": 1}, meru={"guerrillas_u": 1, "support": 1},
               nyeri={"guerrillas_u": 1})
    s, _ = run(s, "box opsa", "op terror", "sa raid", "space nanyuki", "in mount-kenya guerrilla-a", "done")
    assert legal(s) == {"op": ["rally", "march"]}  # the Guerrilla moved in is Active: no Terror there
    refused(s, "op terror", r"Nanyuki has no Underground Guerrilla: Terror needs one to Activate \(3\.3\.3\)")
    s, _ = run(s, "op rally", "space nanyuki", "place guerrilla", "done")
    assert sp(s, "nanyuki")["guerrillas_u"] == 1 and waiting(s)["p"] == "ke.op.terror"
    assert s["resources"]["maumau"] == 1  # the Raid's Rally is free (3.1.2)


def test_4_3_3_raid_moves_any_guerrillas_out_to_one_jungle_and_flips_them_underground():
    s = maumau(nyeri={"guerrillas_a": 2, "guerrillas_u": 1, "troops": 2}, aberdares={"bases": 1},
               mount_kenya={}, embu={"guerrillas_u": 1})
    s, _ = run(s, "box opsa", "op terror", "sa raid", "space nyeri")
    assert legal(s) == {"out": ["aberdares guerrilla-u", "aberdares guerrilla-a", "mount-kenya guerrilla-u",
                                "mount-kenya guerrilla-a"]}
    s, _ = run(s, "out aberdares guerrilla-a")
    refused(s, "out mount-kenya guerrilla-a", r"to one Mountain Jungle, Aberdares \(ruling R-RAID\)")
    refused(s, "in aberdares guerrilla-u", r"moves Guerrillas out: either in for an Operation or out")
    s, log = run(s, "out aberdares guerrilla-a", "done")
    assert sp(s, "aberdares")["guerrillas_u"] == 2 and sp(s, "aberdares")["guerrillas_a"] == 0
    assert sp(s, "nyeri")["guerrillas_u"] == 1 and s["control"]["nyeri"] == "british"
    assert waiting(s)["p"] == "ke.op.terror"


def test_4_3_3_a_raid_moving_out_every_guerrilla_ends_by_itself():
    s = maumau(nanyuki={"guerrillas_u": 1}, nyeri={"guerrillas_u": 1})
    s, _ = run(s, "box opsa", "op terror", "sa raid", "space nanyuki")
    assert legal(s) == {"out": ["aberdares guerrilla-u", "mount-kenya guerrilla-u"]}
    s, _ = run(s, "out mount-kenya guerrilla-u")
    assert sp(s, "mount-kenya")["guerrillas_u"] == 1 and waiting(s)["p"] == "ke.op.terror"


# -- the Example of Play (8.0) -------------------------------------------------------------------------

def test_8_0_l2601_oath_in_nyeri_after_the_terror():
    """ONE-MILE STRIP (L2599-2601): after the Terror in Meru, Embu, Fort Hall and Kiambu (their Guerrillas
    Active), Nyeri is the only possible Oath: a Guerrilla placed, Nyeri to Resistance."""
    s = Position("kenya").turn("maumau", "K19").state()
    s, _ = run(s, "box opsa", "op terror", "space meru", "space embu", "space fort-hall", "space kiambu", "sa oath")
    assert legal(s) == {"space": ["nyeri"]}
    s, _ = run(s, "space nyeri", "place guerrilla", "done")
    assert sp(s, "nyeri")["guerrillas_u"] == 2 and sp(s, "nyeri")["support"] == -1
    assert s["resources"]["maumau"] == 4


def test_8_0_l2621_supply_during_the_rally():
    """KENYA POLICE RESERVE (L2617-2621): the Rally's last paid space before the pause is Thompson's Falls
    (Resources 1 to 0; the Guerrillas of Aberdares, Mount Kenya and Nairobi are placed already); Supply then
    counts the Base in Nairobi and those in Aberdares and Mount Kenya: 3, and the Rally goes on in Nyeri."""
    s = maumau(resources=1, pw=12,
               nairobi={"bases": 1, "guerrillas_u": 3, "guerrillas_a": 1, "police": 3},
               kiambu={"guerrillas_a": 1, "support": -1, "terror": 1}, fort_hall={"guerrillas_a": 1, "support": -1},
               embu={"guerrillas_a": 1, "support": -1}, meru={"guerrillas_a": 1, "support": -1},
               nyeri={"troops": 2, "guerrillas_a": 1, "support": -1},
               aberdares={"troops": 4, "bases": 1, "guerrillas_u": 1, "guerrillas_a": 1},
               mount_kenya={"troops": 4, "bases": 1, "guerrillas_u": 1, "guerrillas_a": 1},
               thompsons_falls={"police": 1})
    s, _ = run(s, "box opsa", "op rally", "space thompsons-falls", "place guerrilla")
    assert s["resources"]["maumau"] == 0 and s["control"]["thompsons-falls"] is None
    s, log = run(s, "sa supply")
    assert s["resources"]["maumau"] == 3 and waiting(s)["p"] == "ke.op.rally"
    s, _ = run(s, "space nyeri", "place guerrilla")
    assert s["resources"]["maumau"] == 2 and s["control"]["nyeri"] is None


def test_8_0_l2635_raid_under_k31_in_nanyuki_and_rift_valley():
    """SURRENDER SCHEMES (L2635): with K31 shaded the Raid selects two Provinces: a Guerrilla from Mount Kenya
    into Nanyuki and a free Rally there replacing two Guerrillas with a Base; one from Aberdares into Rift
    Valley and a free Terror there removing the Police cube: Mau Mau Control, Political Will 11 to 10."""
    s = maumau(caps={"K31": "shaded"}, resources=1, pw=11,
               nanyuki={"guerrillas_u": 2, "police": 1}, rift_valley={"police": 1},
               mount_kenya={"troops": 4, "bases": 1, "guerrillas_u": 1},
               aberdares={"troops": 4, "bases": 1, "guerrillas_u": 1},
               nairobi={"bases": 1, "guerrillas_u": 1, "police": 2})
    s, _ = run(s, "box opsa", "op terror", "sa raid")
    assert "up to 2 selected" in engine.prompt(s, "maumau")["text"]
    s, _ = run(s, "space nanyuki", "in mount-kenya guerrilla-u", "done", "op rally", "space nanyuki",
               "replace guerrilla-u guerrilla-u", "done")
    x = sp(s, "nanyuki")
    assert (x["bases"], x["guerrillas_u"]) == (1, 1)
    s, log = run(s, "space rift-valley", "in aberdares guerrilla-u", "done", "op terror", "space rift-valley",
                 "remove police", "done")
    y = sp(s, "rift-valley")
    assert (y["guerrillas_a"], y["police"]) == (1, 0) and s["control"]["rift-valley"] == "maumau"
    assert s["pw"] == 10 and s["resources"]["maumau"] == 1  # both Operations free
    w = waiting(s)
    assert w["p"] == "ke.op.terror" and w["sa"] == "used"
    s, _ = run(s, "space nairobi", "place terror", "done")  # L2637: the Terror in Nairobi, paid
    assert s["resources"]["maumau"] == 0 and sp(s, "nairobi")["support"] == -1
