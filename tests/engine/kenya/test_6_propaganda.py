"""Kenya's Propaganda Round (6.0): Political Will from the current Population (6.1.1-6.1.3; rulings
R-POPULATION, R-6.1.2), Resources (6.2), Support (6.3: Reward, then Oath), Redeploy (6.4.1, ruling
R-6.4-REDEPLOY; Control after the moves, 6.4.3, ruling R-CONTROL-PW), the Forest Camps (6.4.2, K31),
Reset (6.5, the Pipeline 6.6.1, eligibility untouched 2.3.1 NOTE), positions at each phase, and the Example
of Play's round (8.0 L2649-2655)."""

from __future__ import annotations

import pytest

import engine
from engine.core.errors import IllegalActionError
from engine.games.kenya import board as B
from engine.games.kenya import maumau_ops, propaganda, special_british, special_maumau  # noqa: F401  (register)
from engine.games.kenya.invariants import invariants
from engine.testing import Position, waiting

from ..scripted import run_scripted


def check(s: dict) -> None:
    problems = invariants(s)
    assert not problems, problems


def position(pw: int = 10, res: int = 0, pipeline: int = 2, capabilities: dict | None = None,
             population: dict | None = None, released: int = 0, **spaces) -> Position:
    """The position builder on an empty map with the given pieces and markers (space ids with underscores as
    keyword names; ``support`` -1 Resistance, 1 Loyal), Political Will, Mau Mau Resources, the Pipeline,
    Capabilities, lowered Populations and *released* Police moved from Out of Play to Available first."""
    b = Position("kenya").clear().track(political_will=pw, resources_maumau=res, pipeline=pipeline)
    b.box("out_of_play", n=-released)
    b.position["spaces"] = {}
    for sid, counts in spaces.items():
        b.put(sid.replace("_", "-"), **counts)
    for cid, side in (capabilities or {}).items():
        b.capability(cid, side)
    if population:
        b.position["population"] = dict(population)
    return b


def opening(phase: str = "political-will", cid: str = "K33", rounds: int = 0, first: str = "maumau", **kw):
    """The start of *phase* of the Propaganda Round of card *cid*, run to the first decision it asks: the
    ``engine.api.Step`` (its ``state`` and the ``log`` of the phases run)."""
    b = position(**kw).eligible(first).rounds(rounds if phase == "political-will" else max(rounds, 1))
    step = b.propaganda(phase, cid).start()
    check(step.state)
    return step


def at(phase: str = "political-will", **kw) -> dict:
    return opening(phase, **kw).state


def run(state: dict, *actions: str, rolls=()) -> tuple[dict, list[dict]]:
    return run_scripted(state, actions, rolls, (), check)


def role(s: dict) -> str:
    return engine.active_roles(s)[0]


def legal(s: dict) -> dict:
    return engine.legal_actions(s, role(s))


def texts(log: list[dict]) -> str:
    return "\n".join(e["text"] for e in log)


def sp(s: dict, sid: str) -> dict:
    return s["spaces"][sid]


def refused(s: dict, order: str, *needles: str) -> None:
    """*order* is refused for whoever acts, with each of *needles* in the message; *s* is unchanged."""
    before = repr(s)
    with pytest.raises(IllegalActionError) as e:
        engine.apply_in_place(s, role(s), order, None)
    for n in needles:
        assert n in str(e.value), (n, str(e.value))
    assert repr(s) == before


# -- 6.1 Political Will ---------------------------------------------------------------------------------

def test_6_1_1_kikuyu_resistance_counts_the_current_population():
    """Kiambu (2) and Nyeri Relocated to 1 at Resistance, Nairobi (2) Loyal: 2 - 3 = -1 (R-POPULATION)."""
    step = opening(pw=10, population={"nyeri": 1}, kiambu=dict(support=-1, guerrillas_u=1),
                   nyeri=dict(support=-1, guerrillas_u=1), nairobi=dict(support=1, police=1),
                   aberdares=dict(bases=1))
    assert step.state["pw"] == 10 - 1 + 2 + 2  # and 6.1.3: no Mau Mau piece in Nairobi, Bases only in a Jungle
    assert "Loyal Population 2 less Resistance Population 3 is -1, -1 to Political Will" in texts(step.log)


def test_6_1_1_a_loyal_majority_never_raises_political_will():
    """6.1.1 NOTE: Loyal 4 against Resistance 1 adds nothing; a Base outside the Jungles and a Guerrilla in
    Nairobi stop both +2 of 6.1.3."""
    s = at(pw=10, nairobi=dict(support=1, guerrillas_u=1, police=2), kiambu=dict(support=1, police=1),
           meru=dict(support=-1, bases=1))
    assert s["pw"] == 10


def test_6_1_2_r_6_1_2_each_populated_non_reserve_space_with_terror_once():
    """Two markers in Nairobi count once, Rift Valley once; Kiambu is a Reserve Province: not counted."""
    step = opening(pw=10, nairobi=dict(terror=2, guerrillas_u=1), rift_valley=dict(terror=1),
                   kiambu=dict(terror=1), meru=dict(bases=1))
    assert step.state["pw"] == 8
    assert "Settlers Intimidated: Terror in Nairobi, Rift Valley -2" in texts(step.log)


@pytest.mark.parametrize("nairobi, base_in, gain", [
    ({}, "aberdares", 4), ({"guerrillas_u": 1}, "aberdares", 2), ({}, "thika", 2),
    ({"bases": 1}, "mount-kenya", 0)])
def test_6_1_3_mau_mau_contained(nairobi, base_in, gain):
    """+2 with no Mau Mau piece in Nairobi (a Base is one), +2 with no Base outside the Mountain Jungles."""
    b = position(pw=10, **({"nairobi": nairobi} if nairobi else {}))
    b.put(base_in, bases=1)
    s = b.eligible("maumau").rounds(0).propaganda("political-will", "K33").state()
    assert s["pw"] == 10 + gain


def test_6_1_the_net_change_moves_the_marker_once_within_20():
    step = opening(pw=17, rounds=0, aberdares=dict(bases=1), nairobi=dict(police=1))
    assert step.state["pw"] == 20  # 17 + 4 stops at 20 (1.10): a British win (6.1.4)
    assert step.state["outcome"]["winner"] == "british"
    assert "(net +4)" in texts(step.log)


# -- 6.2 Resources --------------------------------------------------------------------------------------

def test_6_2_mau_mau_gain_a_resource_per_base_to_20():
    s = at(pw=10, res=3, meru=dict(bases=2), aberdares=dict(bases=1), nairobi=dict(guerrillas_u=1))
    assert s["resources"]["maumau"] == 6
    s = at(pw=10, res=19, meru=dict(bases=2), nairobi=dict(guerrillas_u=1))
    assert s["resources"]["maumau"] == 20


# -- 6.3 Support -----------------------------------------------------------------------------------------

def support_position(**kw) -> dict:
    return at("support", pw=10, nairobi=dict(police=2, terror=1, support=-1),
              kiambu=dict(guerrillas_u=1), **kw)


def test_6_3_1_british_may_reward_free_under_6_3_1():
    s = support_position()
    assert role(s) == "british" and legal(s) == {"sa": ["reward"], "done": []}
    s, log = run(s, "sa reward")
    assert waiting(s)["p"] == "ke.sa.reward" and waiting(s)["rule"] == "6.3.1"
    assert legal(s) == {"space": ["nairobi"]}
    s, log = run(s, "space nairobi")
    assert sp(s, "nairobi")["terror"] == 0 and sp(s, "nairobi")["support"] == 0
    # then the Mau Mau are offered their Oath in Kiambu, a Populated Reserve Province with an Underground one
    assert role(s) == "maumau" and legal(s) == {"sa": ["oath"], "done": []}


def test_6_3_1_k11_shaded_after_the_support_phases_reward_the_mau_mau_may_place_in_a_mountain_jungle():
    """K11 shaded (ruling R-K11): once after each Reward, the Support phase's too; then the phase goes on."""
    s = support_position(capabilities={"K11": "shaded"})
    s, log = run(s, "sa reward", "space nairobi")
    assert role(s) == "maumau" and legal(s) == {"place": ["aberdares", "mount-kenya"], "done": []}
    s, log = run(s, "place aberdares")
    assert sp(s, "aberdares")["guerrillas_u"] == 1
    assert role(s) == "maumau" and legal(s) == {"sa": ["oath"], "done": []}


def test_6_3_2_mau_mau_may_oath_or_forgo_it():
    s, log = run(support_position(), "done")
    assert "the British chose not to Reward" in texts(log)
    s2, log = run(s, "sa oath", "space kiambu", "place guerrilla")
    assert sp(s2, "kiambu")["support"] == -1 and sp(s2, "kiambu")["guerrillas_u"] == 2
    s3, log = run(s, "done")
    assert "the Mau Mau chose not to Oath" in texts(log) and sp(s3, "kiambu")["support"] == 0
    # Support is over: on to the Redeploy (nothing to move) and the Forest Camps
    assert role(s3) == "maumau" and legal(s3) == {"op": ["rally"], "done": []}


def test_6_3_a_side_that_could_do_nothing_is_not_asked():
    """No British Controlled Populated space; no Underground Guerrilla in a Populated Reserve Province."""
    step = opening("support", pw=10, kiambu=dict(guerrillas_a=1), nairobi=dict(guerrillas_u=1))
    log = texts(step.log)
    assert "the British could not Reward" in log and "the Mau Mau could not Oath" in log
    assert waiting(step.state)["p"] == "ke.propaganda.offer" and legal(step.state) == {"op": ["rally"], "done": []}


def test_6_3_offer_refuses_another_activity():
    s = support_position()
    refused(s, "sa reprisal", "offers the British Reward", "6.3.1")


# -- 6.4 Redeploy ------------------------------------------------------------------------------------------

def redeploy_position(**kw) -> dict:
    spaces = dict(aberdares=dict(troops=2, bases=1), fort_hall=dict(troops=1), thika=dict(police=2),
                  nanyuki=dict(police=1, guerrillas_u=1), meru=dict(guerrillas_u=1))
    spaces.update(kw)
    return at("redeploy", pw=10, **spaces)


def test_6_4_1_troops_in_the_mountain_jungles_must_move():
    s = redeploy_position()
    assert role(s) == "british"
    # destinations: Nairobi always, and the British Controlled Provinces (Fort Hall, Thika); never a Jungle
    assert legal(s) == {"move": ["aberdares nairobi troop", "aberdares fort-hall troop", "aberdares thika troop"]}
    refused(s, "done", "must move every Troop in a Mountain Jungle", "2 Troops in Aberdares", "6.4.1")
    refused(s, "move fort-hall thika troop", "only Troops in the Mountain Jungles Redeploy", "6.4.1")
    refused(s, "move aberdares meru troop", "Meru is Mau Mau Controlled", "R-6.4-REDEPLOY")
    refused(s, "move aberdares mount-kenya troop", "Mount Kenya is a Mountain Jungle", "R-6.4-REDEPLOY")
    refused(s, "move thika fort-hall police", "Troops in the Mountain Jungles move first")
    refused(s, "move aberdares nairobi tank", "not 'tank'")


def test_6_4_1_r_control_pw_moves_are_made_together_then_control_follows():
    """The Police leaving Nanyuki (1) hand it to the Mau Mau: -1 Political Will once the moves are made;
    planned moves change nothing until done."""
    s = redeploy_position()
    s, log = run(s, "move aberdares nairobi troop", "move aberdares thika troop")
    assert sp(s, "aberdares")["troops"] == 2  # planned only
    assert legal(s)["done"] == [] and "nanyuki nairobi police" in legal(s)["move"]
    refused(s, "move aberdares nairobi troop", "Troops' moves are over")
    s, log = run(s, "move nanyuki thika police")
    refused(s, "move nanyuki nairobi police", "a cube moves once")
    pw = s["pw"]
    s, log = run(s, "done")
    assert sp(s, "aberdares")["troops"] == 0 and sp(s, "nairobi")["troops"] == 1 and sp(s, "thika")["troops"] == 1
    assert sp(s, "thika")["police"] == 3 and sp(s, "nanyuki")["police"] == 0
    assert s["control"]["nanyuki"] == "maumau" and s["pw"] == pw - 1
    assert "Mau Mau gained Control of Nanyuki, Population 1" in texts(log)


def test_6_4_1_no_troop_to_move_and_no_police_skips_to_the_forest_camps():
    step = opening("redeploy", pw=10, meru=dict(guerrillas_u=1))
    assert "No Troop had to Redeploy" in texts(step.log)
    assert legal(step.state) == {"op": ["rally"], "done": []}


def test_6_4_2_forest_camps_free_rally_in_the_mountain_jungles_only():
    s = at("forest-camps", pw=10, res=0, aberdares=dict(bases=1), meru=dict(guerrillas_u=1))
    assert role(s) == "maumau" and legal(s) == {"op": ["rally"], "done": []}
    s, log = run(s, "op rally")
    assert waiting(s)["free"] and waiting(s)["only"] == B.MOUNTAIN_JUNGLES
    refused(s, "space meru", "Meru")
    s, log = run(s, "space aberdares", "place guerrilla", "done")
    assert sp(s, "aberdares")["guerrillas_u"] == 1 and s["resources"]["maumau"] == 0  # free (5.4)


def test_6_4_2_k31_unshaded_no_forest_camps():
    step = opening("forest-camps", pw=10, capabilities={"K31": "unshaded"}, aberdares=dict(bases=1))
    assert "do not free Rally (Kenya Land and Freedom Army, K31 unshaded)" in texts(step.log)
    assert waiting(step.state)["p"] == "ke.reset_pipeline"


# -- 6.5 Reset ---------------------------------------------------------------------------------------------

def test_6_5_reset_terror_guerrillas_pipeline_and_eligibility():
    step = opening("reset", pw=10, pipeline=4, first="british", kiambu=dict(terror=1, guerrillas_a=2),
                   nairobi=dict(terror=2, guerrillas_a=1, guerrillas_u=1))
    s = step.state
    assert all(x["terror"] == 0 and x["guerrillas_a"] == 0 for x in s["spaces"].values())
    assert sp(s, "kiambu")["guerrillas_u"] == 2 and sp(s, "nairobi")["guerrillas_u"] == 2
    assert "3 Terror markers were removed" in texts(step.log)
    assert role(s) == "british" and legal(s) == {"pipeline": ["down"], "done": []}
    refused(s, "pipeline up", "last box", "R-PIPELINE-1")
    s, log = run(s, "pipeline down")
    assert s["pipeline"] == 3 and s["eligible"] == ["british", "maumau"]  # 2.3.1 NOTE: untouched
    assert all(f["p"] != "ke.propaganda" for f in s["flow"])  # the round is over: the next card
    s2, _ = run(step.state, "done")
    assert s2["pipeline"] == 4


# -- positions at each phase --------------------------------------------------------------------------------

@pytest.mark.parametrize("phase, who, p", [
    ("political-will", "british", "ke.propaganda.offer"), ("resources", "british", "ke.propaganda.offer"),
    ("support", "british", "ke.propaganda.offer"), ("redeploy", "british", "ke.redeploy"),
    ("forest-camps", "maumau", "ke.propaganda.offer"), ("reset", "british", "ke.reset_pipeline")])
def test_6_0_a_position_at_each_phase(phase, who, p):
    step = opening(phase, pw=10, res=5, aberdares=dict(troops=1, bases=1), nairobi=dict(police=2),
                   kiambu=dict(guerrillas_a=1))
    s = step.state
    assert role(s) == who and waiting(s)["p"] == p
    # Political Will is computed in its own phase only: a later phase starts with the position's 10
    assert s["pw"] == (14 if phase == "political-will" else 10)
    assert s["resources"]["maumau"] == (6 if phase in ("political-will", "resources") else 5)


def test_6_0_a_position_file_round_trips_at_a_phase_start():
    from engine.games.kenya import POSITION
    b = position(pw=10, aberdares=dict(troops=1)).eligible("maumau").rounds(1)
    s = b.propaganda("redeploy", "K33").state()
    assert POSITION.decision_of(s) == {"at": "propaganda", "phase": "redeploy"}


# -- the Example of Play (8.0 L2649-2655) --------------------------------------------------------------

def example_before_k35() -> Position:
    """The position as PROPAGANDA! (K35) is revealed, after the six cards of the Example of Play
    (L2599-2647): Political Will 13, Mau Mau Resources 1, Pipeline 2 (Villagization), Nyeri Relocated to
    Population 1, K31 shaded, Mau Mau 1st Eligible; Out of Play 7 Police."""
    return position(pw=13, res=1, pipeline=2, capabilities={"K31": "shaded"}, population={"nyeri": 1}, released=1,
                 nairobi=dict(bases=1, guerrillas_a=1, guerrillas_u=2, police=5),
                 kiambu=dict(guerrillas_a=1, terror=1, support=-1),
                 fort_hall=dict(guerrillas_a=1, troops=2, terror=1, support=-1),
                 embu=dict(guerrillas_a=1, terror=1, support=-1),
                 meru=dict(guerrillas_a=1, terror=1, support=-1),
                 nyeri=dict(police=1, terror=1),
                 aberdares=dict(bases=1, troops=4), mount_kenya=dict(bases=1, troops=4),
                 rift_valley=dict(guerrillas_a=1), nanyuki=dict(bases=1, guerrillas_u=1),
                 thompsons_falls=dict(police=1), thika=dict(police=1))


def test_8_0_example_propaganda_round():
    """L2651-2655: Political Will 13 -> 7 (-6: Resistance 6, Loyal 0; no Terror in a Populated Non-Reserve
    space; Mau Mau in Nairobi, Bases outside the Jungles); Resources 1 -> 5 (4 Bases); Reward Nairobi to
    Loyal, no Oath possible; 8 Troops from the Jungles to Fort Hall, Thompson's Falls, Thika and Nyeri, no
    Police; a Guerrilla Rallied in each Jungle; Reset: Terror off, Guerrillas Underground, Pipeline 2 -> 3."""
    step = example_before_k35().eligible("maumau").rounds(0).propaganda("political-will", "K35").start()
    s, log0 = step.state, step.log
    check(s)
    assert s["pw"] == 7 and s["resources"]["maumau"] == 5 and not s["outcome"]
    assert "Loyal Population 0 less Resistance Population 6 is -6" in texts(log0)
    assert legal(s) == {"sa": ["reward"], "done": []}
    s, log = run(s, "sa reward", "space nairobi")
    assert sp(s, "nairobi")["support"] == 1
    assert "the Mau Mau could not Oath" in texts(log)
    dests = {m.split()[1] for m in legal(s)["move"] if m.startswith("aberdares")}
    assert dests == {"nairobi", "fort-hall", "nyeri", "thompsons-falls", "thika"}  # British Controlled, Nairobi
    s, log = run(s, *[f"move {a} {b} troop" for a, b in (
        ("aberdares", "fort-hall"), ("aberdares", "fort-hall"), ("aberdares", "thompsons-falls"),
        ("aberdares", "thompsons-falls"), ("mount-kenya", "thika"), ("mount-kenya", "thika"),
        ("mount-kenya", "nyeri"), ("mount-kenya", "nyeri"))], "done")
    assert [sp(s, x)["troops"] for x in ("fort-hall", "thompsons-falls", "thika", "nyeri")] == [4, 2, 2, 2]
    assert s["pw"] == 7  # no Mau Mau Control gained or lost
    s, log = run(s, "op rally", "space aberdares", "place guerrilla", "space mount-kenya", "place guerrilla",
                 "done")
    assert s["control"]["aberdares"] == "maumau" and s["control"]["mount-kenya"] == "maumau"
    assert s["available"]["guerrillas"] == 4 and s["pw"] == 7
    s, log = run(s, "pipeline up")
    assert s["pipeline"] == 3 and B.pipeline_name(3) == "Prison System"
    assert all(x["terror"] == 0 and x["guerrillas_a"] == 0 for x in s["spaces"].values())
    assert s["eligible"] == ["maumau", "british"] and s["pw"] == 7 and s["resources"]["maumau"] == 5
