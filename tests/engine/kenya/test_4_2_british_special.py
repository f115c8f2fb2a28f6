"""Kenya's British Special Activities (4.2): Reward (4.2.1), Reprisal (4.2.2) with its one roll for Outrage
(6.6.3), Air Strike (4.2.3); the Operations each accompanies (4.1.1), none with a Limited Operation (2.3.4),
each space once (4.1), the Capabilities K5 and K11 unshaded, an Event's count and K32's "no Roll for
Outrage" (5.4; rulings R-FREE-OPS, R-EVENT-PIPELINE), and the British Special Activities of the Example of
Play (8.0: L2611 Air Strike, L2627 Reprisal, L2645 Reward)."""

from __future__ import annotations

import pytest

import engine
from engine.core import canonical
from engine.core.chance import Recorder, ScriptedChance
from engine.core.errors import IllegalActionError
from engine.core.flow import Context
from engine.games.kenya import british_moves, british_ops, special_british  # noqa: F401  (register procedures)
from engine.games.kenya.invariants import invariants
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


def british(**kw) -> dict:
    """:func:`position` at the British choice of a box, 1st Eligible on K19."""
    return position(**kw).turn("british", "K19").state()


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


def granted(state, sa, rolls=(), **local):
    """A copy of *state* with a Special Activity an Event grants (5.4, ruling R-FREE-OPS) pushed with the
    frame contract (``rule``, ``max``, ``only``, ``outrage``) and its first automatic steps run."""
    s = canonical.copy(state)
    g = Context(s, Recorder(ScriptedChance(rolls=rolls)), engine.definition("kenya").rules)
    g.call(f"ke.sa.{sa}", "british", **local)
    g.settle()
    return s


# -- 4.1.1, 2.3.4, 4.1: which Special Activity with which Operation, and once ------------------------

@pytest.mark.parametrize("op, sas", [("deploy", ["reward", "air-strike"]), ("relocate", ["reward", "air-strike"]),
                                     ("sweep", ["reprisal", "air-strike"]), ("assault", ["reprisal", "air-strike"])])
def test_4_1_1_british_special_activities_by_operation(op, sas):
    s = british(pipeline=2, nyeri={"troops": 2, "police": 1, "guerrillas_a": 1},
                aberdares={"guerrillas_a": 1})
    s, _ = run(s, "box opsa", f"op {op}")
    assert legal(s)["sa"] == sas


def test_4_1_1_reward_only_with_deploy_or_relocate_reprisal_only_with_sweep_or_assault():
    s = british(nyeri={"troops": 2, "guerrillas_a": 1})
    a, _ = run(s, "box opsa", "op assault")
    refused(a, "sa reward", r"Reward may not accompany Assault \(4\.2\.1, 4\.1\.1\)")
    d, _ = run(s, "box opsa", "op deploy")
    refused(d, "sa reprisal", r"Reprisal may not accompany Deploy \(4\.2\.2, 4\.1\.1\)")


def test_2_3_4_a_limited_operation_has_no_special_activity():
    s = british(nyeri={"troops": 2, "guerrillas_a": 1})
    s, _ = run(s, "box limited", "op assault")
    assert "sa" not in legal(s)
    refused(s, "sa air-strike", r"a Limited Operation comes with no Special Activity \(2\.3\.4")


def test_4_1_one_special_activity_with_an_operation():
    s = british(nyeri={"troops": 2, "guerrillas_a": 2})
    s, _ = run(s, "box opsa", "op assault", "sa air-strike", "space nyeri")
    assert sp(s, "nyeri")["guerrillas_a"] == 1
    assert waiting(s)["p"] == "ke.op.assault" and "sa" not in legal(s)
    refused(s, "sa air-strike", r"already had its one Special Activity \(4\.1\)")


# -- Reward (4.2.1) ----------------------------------------------------------------------------------

def test_4_2_1_reward_removes_a_terror_and_shifts_toward_loyalty():
    s = british(nyeri={"troops": 3, "terror": 2, "support": -1}, embu={"guerrillas_u": 1, "support": -1},
                aberdares={"troops": 2})
    s, _ = run(s, "box opsa", "op deploy", "sa reward")
    assert legal(s) == {"space": ["nyeri"]}
    refused(s, "space embu", r"Embu is Mau Mau Controlled: Reward selects a British Controlled space \(4\.2\.1\)")
    refused(s, "space aberdares", r"Aberdares has Population 0: Reward selects a Populated space \(4\.2\.1, 1\.3\.2\)")
    refused(s, "done", r"the Reward has selected no space yet")
    s, log = run(s, "space nyeri")
    assert sp(s, "nyeri")["terror"] == 1 and sp(s, "nyeri")["support"] == 0  # one marker, one shift
    assert "British Rewarded in Nyeri" in texts(log)
    assert waiting(s)["p"] == "ke.op.deploy"


def test_4_2_1_reward_in_a_loyal_space_only_removes_terror():
    s = british(nairobi={"police": 2, "support": 1, "terror": 1})
    s = granted(s, "reward", rule="6.3.1")
    s, log = run(s, "space nairobi")
    assert sp(s, "nairobi")["support"] == 1 and sp(s, "nairobi")["terror"] == 0
    assert "Loyal already" in texts(log) and "4.2.1, 6.3.1" in [e.get("rule") for e in log]


def test_k11_unshaded_reward_selects_two_spaces_each_once():
    s = british(caps={"K11": "unshaded"}, nairobi={"police": 2}, thika={"police": 1, "support": -1})
    s, _ = run(s, "box opsa", "op deploy", "sa reward", "space nairobi")
    assert legal(s)["space"] == ["thika"] and "done" in legal(s)
    refused(s, "space nairobi", r"Nairobi is already selected for this Reward: a space only once \(4\.1\)")
    s, _ = run(s, "space thika")
    assert sp(s, "nairobi")["support"] == 1 and sp(s, "thika")["support"] == 0
    assert waiting(s)["p"] == "ke.op.deploy"


def test_4_2_1_without_k11_reward_selects_one_space():
    s = british(nairobi={"police": 2}, thika={"police": 1})
    s, _ = run(s, "box opsa", "op deploy", "sa reward", "space nairobi")
    assert waiting(s)["p"] == "ke.op.deploy"  # over after its one space
    assert sp(s, "thika")["support"] == 0


# -- Reprisal (4.2.2) --------------------------------------------------------------------------------

def test_4_2_2_reprisal_sets_neutral_places_terror_moves_a_guerrilla_and_rolls_once():
    s = british(pipeline=3, pw=10, nyeri={"troops": 2, "guerrillas_u": 1, "support": -1},
                nairobi={"troops": 1, "guerrillas_a": 1, "support": 1, "terror": 1},
                aberdares={"troops": 2, "guerrillas_a": 1}, embu={"guerrillas_u": 1})
    s, _ = run(s, "box opsa", "op assault", "sa reprisal")
    assert "up to 2 selected" in engine.prompt(s, "british")["text"]
    assert legal(s)["space"] == ["nairobi", "nyeri"]
    refused(s, "space aberdares", r"Aberdares has Population 0: Reprisal selects Populated spaces \(4\.2\.2, 1\.3\.2\)")
    refused(s, "space embu", r"Embu has no Troop: Reprisal selects spaces with British Troops \(4\.2\.2\)")
    s, log = run(s, "space nyeri")
    assert sp(s, "nyeri")["support"] == 0 and sp(s, "nyeri")["terror"] == 1
    assert legal(s) == {"move": ["fort-hall guerrilla-u", "embu guerrilla-u", "aberdares guerrilla-u",
                                 "mount-kenya guerrilla-u", "nanyuki guerrilla-u"]}
    refused(s, "space nairobi", r"the Reprisal in Nyeri moves one Guerrilla from there first \(4\.2\.2\)")
    refused(s, "move thika guerrilla-u", r"Thika is not adjacent to Nyeri: the Guerrilla moves to an adjacent space")
    refused(s, "move embu guerrilla-a", r"Nyeri has no Active Guerrilla to move \(4\.2\.2\)")
    refused(s, "move embu", r"'move' here is written 'move TO guerrilla-u\|guerrilla-a'")
    s, log2 = run(s, "move embu guerrilla-u")
    assert sp(s, "embu")["guerrillas_u"] == 2 and sp(s, "nyeri")["guerrillas_u"] == 0  # keeps its state
    s, log3 = run(s, "space nairobi", "move thika guerrilla-a", rolls=[2])
    x = sp(s, "nairobi")
    assert x["support"] == 0 and x["terror"] == 1  # Loyal set Neutral too; a marker there already: none added
    assert sp(s, "thika")["guerrillas_a"] == 1
    out = texts(log + log2 + log3)
    assert out.count("rolled") == 1 and "rolled 2, lower than the Pipeline's 3" in out
    assert s["control"]["thika"] == "maumau" and s["pw"] == 8  # 1.7: Thika (Population 1) lost; Outrage
    assert waiting(s)["p"] == "ke.op.assault"


def test_4_2_2_a_reprisal_where_no_guerrilla_is_moves_none_and_no_outrage_at_pipeline_1():
    s = british(pipeline=1, thika={"troops": 1, "support": -1}, nyeri={"troops": 2, "guerrillas_a": 1})
    s, _ = run(s, "box opsa", "op sweep", "sa reprisal")
    assert "up to 1 selected" in engine.prompt(s, "british")["text"]
    s, log = run(s, "space thika")  # no die scripted: none is rolled at Pipeline 1 (6.6.3)
    assert sp(s, "thika")["terror"] == 1 and sp(s, "thika")["support"] == 0
    assert "No Guerrilla is in Thika to move" in texts(log) and "No Outrage roll after Reprisal" in texts(log)
    assert waiting(s)["p"] == "ke.op.sweep"


def test_r_pipeline_2_no_reprisal_at_pipeline_0():
    s = british(pipeline=0, nyeri={"troops": 2, "guerrillas_a": 1})
    s, _ = run(s, "box opsa", "op assault")
    assert legal(s)["sa"] == ["air-strike"]
    refused(s, "sa reprisal", r"Reprisal has nothing it could do now \(4\.2\.2\)")


def test_r_terror_reprisal_with_no_terror_marker_left_still_sets_neutral():
    spaces = {sid: {"terror": 3} for sid in ("kiambu", "embu", "meru", "thika", "rift_valley")}
    s = british(pipeline=1, nyeri={"troops": 1, "support": 1}, **spaces)
    s = granted(s, "reprisal", rule="K32", max=1, outrage=False)
    s, log = run(s, "space nyeri")
    assert sp(s, "nyeri")["support"] == 0 and sp(s, "nyeri")["terror"] == 0
    assert "all 15 are on the map" in texts(log)
    assert "No roll for Outrage after this Reprisal: the Event says so" in texts(log)


def test_r_event_pipeline_an_events_reprisal_selects_its_count_whatever_the_pipeline():
    s = british(pipeline=0, nyeri={"troops": 1})
    s = granted(s, "reprisal", rule="K32", max=1, outrage=False)
    assert legal(s) == {"space": ["nyeri"]}
    s, _ = run(s, "space nyeri")
    assert sp(s, "nyeri")["terror"] == 1


# -- Air Strike (4.2.3) ------------------------------------------------------------------------------

def test_4_2_3_air_strike_removes_one_active_guerrilla_in_a_province_never_a_base():
    s = british(nyeri={"troops": 2, "guerrillas_a": 2, "guerrillas_u": 1, "bases": 1},
                nairobi={"police": 1, "guerrillas_a": 1}, embu={"guerrillas_u": 1})
    s, _ = run(s, "box opsa", "op deploy", "sa air-strike")
    assert legal(s) == {"space": ["nyeri"]}
    refused(s, "space nairobi", r"Nairobi is Nairobi: Air Strike selects a Province or a Mountain Jungle \(4\.2\.3\)")
    refused(s, "space embu", r"Embu has no Active Guerrilla for Air Strike to remove \(4\.2\.3\)")
    s, log = run(s, "space nyeri")
    x = sp(s, "nyeri")
    assert (x["guerrillas_a"], x["guerrillas_u"], x["bases"]) == (1, 1, 1)
    assert "British Air Strike removed 1 Active Guerrilla in Nyeri" in texts(log)


def test_4_2_3_air_strike_removes_up_to_two_in_a_mountain_jungle():
    s = british(aberdares={"guerrillas_a": 3, "bases": 1}, mount_kenya={"guerrillas_a": 1})
    s, _ = run(s, "box opsa", "op sweep", "sa air-strike", "space aberdares")
    assert sp(s, "aberdares")["guerrillas_a"] == 1 and sp(s, "aberdares")["bases"] == 1
    t = british(mount_kenya={"guerrillas_a": 1, "guerrillas_u": 2})
    t, _ = run(t, "box opsa", "op sweep", "sa air-strike", "space mount-kenya")
    assert sp(t, "mount-kenya")["guerrillas_a"] == 0 and sp(t, "mount-kenya")["guerrillas_u"] == 2


def test_k5_unshaded_air_strike_selects_up_to_two_spaces():
    s = british(caps={"K5": "unshaded"}, nyeri={"troops": 1, "guerrillas_a": 1}, aberdares={"guerrillas_a": 2})
    s, _ = run(s, "box opsa", "op assault", "sa air-strike", "space nyeri")
    assert legal(s)["space"] == ["aberdares"] and "done" in legal(s)
    s, _ = run(s, "space aberdares")
    assert sp(s, "aberdares")["guerrillas_a"] == 0 and waiting(s)["p"] == "ke.op.assault"


def test_k5_shaded_air_strike_selects_mountain_jungles_only():
    s = british(caps={"K5": "shaded"}, nyeri={"troops": 1, "guerrillas_a": 1}, aberdares={"guerrillas_a": 1})
    s, _ = run(s, "box opsa", "op assault", "sa air-strike")
    assert legal(s) == {"space": ["aberdares"]}
    refused(s, "space nyeri", r"Nyeri is a Province: with Legal Zones shaded Air Strike selects Mountain Jungles "
            r"only \(Legal Zones, K5\)")


# -- the Example of Play (8.0) -----------------------------------------------------------------------

def test_8_0_l2611_air_strike_in_nyeri_sets_british_control():
    """After the Sweep (L2609): Nyeri holds 2 Troops and 2 Active Guerrillas, Uncontrolled; the Air Strike
    removes one and Nyeri is British Controlled (L2611)."""
    s = british(pw=14, nyeri={"troops": 2, "guerrillas_a": 2, "support": -1},
                aberdares={"troops": 4, "bases": 1, "guerrillas_a": 1})
    assert s["control"]["nyeri"] is None
    s, _ = run(s, "box opsa", "op sweep", "sa air-strike", "space nyeri")
    assert sp(s, "nyeri")["guerrillas_a"] == 1 and s["control"]["nyeri"] == "british" and s["pw"] == 14


def test_8_0_l2627_reprisal_in_nyeri_before_the_assault():
    """McLEAN INQUIRY (L2627): at Villagization (2) the Reprisal selects one space, Nyeri (2 Troops, an Active
    and an Underground Guerrilla, at Resistance): a Terror marker, Neutral, the Active Guerrilla to Mount
    Kenya and British Control in Nyeri; the Outrage roll of 5 is not lower than 2."""
    s = british(pipeline=2, pw=12, nyeri={"troops": 2, "guerrillas_a": 1, "guerrillas_u": 1, "support": -1},
                mount_kenya={"troops": 4, "bases": 1, "guerrillas_a": 1, "guerrillas_u": 1})
    s, _ = run(s, "box opsa", "op assault", "sa reprisal")
    assert "up to 1 selected" in engine.prompt(s, "british")["text"]
    s, log = run(s, "space nyeri", "move mount-kenya guerrilla-a", rolls=[5])
    x = sp(s, "nyeri")
    assert (x["terror"], x["support"], x["guerrillas_a"], x["guerrillas_u"]) == (1, 0, 0, 1)
    assert sp(s, "mount-kenya")["guerrillas_a"] == 2 and s["control"]["nyeri"] == "british"
    assert s["pw"] == 12 and "No Outrage after Reprisal: rolled 5" in texts(log)
    assert waiting(s)["p"] == "ke.op.assault"  # the Assault follows (L2629)


def test_8_0_l2645_reward_in_nairobi_after_the_deploy():
    """PSEUDO-GANGS (L2643-2645, ruling R-8.0-ERRATA: a Deploy with a Reward): Nairobi, British Controlled
    again, with a Terror marker and at Resistance: the Reward removes the Terror and shifts it to Neutral."""
    s = british(pw=13, nairobi={"troops": 2, "police": 5, "bases": 1, "guerrillas_a": 1, "guerrillas_u": 2,
                                "terror": 1, "support": -1}, nyeri={"troops": 2, "police": 1})
    s, _ = run(s, "box opsa", "op deploy", "sa reward")
    assert legal(s)["space"] == ["nairobi", "nyeri"]
    s, _ = run(s, "space nairobi")
    assert sp(s, "nairobi")["terror"] == 0 and sp(s, "nairobi")["support"] == 0 and s["pw"] == 13
