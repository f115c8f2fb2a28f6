"""The Propaganda Round (6): Political Will (6.1), Resources (6.2), Support (6.3: Pacify then Agitate),
Redeploy (6.4, with Control adjusted after, ruling R-CONTROL-PW), Reset (6.5, 6.6; ruling R-COMMANDER), and
the Example of Play's round (8.0, L1646-1652; ruling R-8.0-ERRATA)."""

from __future__ import annotations

import pytest

import engine
from engine.core.errors import IllegalActionError

from .helpers import check, legal, position, role, run, sp, texts


def opening(phase: str = "political-will", cid: str = "M35", pw: int = 10, british: int = 10, mcp: int = 10,
            commander: int = 0, gurney_killed: bool = False, rounds: int = 0, capabilities: dict | None = None,
            first: str = "british", **spaces):
    """The start of *phase* of the Propaganda Round of card *cid*, on an otherwise empty map (space ids with
    underscores as keyword names), run to the first decision the round asks: the ``engine.api.Step`` (its
    ``state`` and the ``log`` of the phases run)."""
    b = position(pw=pw, british=british, mcp=mcp, commander=commander, capabilities=capabilities,
                 gurney_killed=gurney_killed, **spaces)
    b.eligible(first).rounds(rounds if phase == "political-will" else max(rounds, 1))
    step = b.propaganda(phase, cid).start()
    check(step.state)
    return step


def at(phase: str = "political-will", **kw) -> dict:
    """The state of :func:`opening`."""
    return opening(phase, **kw).state


def example_before_m35() -> dict:
    """The position the Example of Play reaches as PROPAGANDA! (M35) is revealed (L1600-1644): Political Will
    11, Resources British 2 and MCP 3, Commander Gurney, British 1st Eligible."""
    return at(pw=11, british=2, mcp=3,
              kuala_lumpur=dict(troops=5, police=2),
              perak=dict(troops=2, guerrillas_a=1, terror=1),
              johore=dict(troops=1, police=4, support=1),
              pahang=dict(troops=2, police=2, terror=1),
              kelantan=dict(bases=1, guerrillas_u=2, guerrillas_a=1, support=-1),
              trengganu=dict(bases=1, guerrillas_u=1, guerrillas_a=1, support=-1),
              kedah=dict(guerrillas_a=1, terror=1, support=-1),
              selangor=dict(guerrillas_u=1),
              negri_sembilan=dict(troops=2, guerrillas_a=1, terror=1, support=-1, new_village=1),
              ec_top=dict(guerrillas_a=1, sabotage=1))


# -- the Example of Play (8.0) ------------------------------------------------------------------------

def test_8_0_example_political_will_and_resources():
    """L1648-1649: net -4 (Support 2 less Opposition 5, Negri Sembilan's New Village not counted; one
    Sabotage), Political Will 11 -> 7; British 2 + 16 = 18, MCP 3 + 4 = 7."""
    s = example_before_m35()
    assert s["pw"] == 7
    assert s["resources"] == {"british": 18, "mcp": 7}
    assert role(s) == "british"
    # Johore is at Support already with no Terror; Perak has no Police: Pahang and Kuala Lumpur are offered.
    assert legal(s) == {"done": [], "pacify": ["pahang", "kuala-lumpur"]}


def test_8_0_example_support_redeploy_and_reset():
    """L1650-1652: Pacify in Kuala Lumpur (2) and Pahang (Terror 2, shift 2): British 12; Agitate in Selangor:
    MCP 6; no Troop must move; 2 Police Johore -> Perak; Reset: Terror and Sabotage off (ruling
    R-8.0-ERRATA), Guerrillas Underground, Commander Gurney -> Briggs."""
    s = example_before_m35()
    s, log = run(s, "pacify kuala-lumpur", "pacify pahang", "pacify pahang")
    assert s["resources"]["british"] == 12
    assert sp(s, "kuala-lumpur")["support"] == 1 and sp(s, "pahang")["support"] == 1
    assert sp(s, "pahang")["terror"] == 0
    # Two spaces used: the British are done; the MCP may Agitate where they have pieces and no British Control.
    assert role(s) == "mcp"
    # Kelantan and Trengganu are at Opposition with no Terror: nothing to do there.
    assert legal(s) == {"done": [], "agitate": ["kedah", "selangor"]}
    s, log2 = run(s, "agitate selangor", "done")
    assert s["resources"]["mcp"] == 6 and sp(s, "selangor")["support"] == -1
    assert role(s) == "british" and "move" in legal(s)
    assert "No Troop had to Redeploy" in texts(log2)
    s, log3 = run(s, "move johore perak police", "move johore perak police", "done")
    assert (sp(s, "johore")["police"], sp(s, "perak")["police"]) == (2, 2)
    assert s["control"]["johore"] == "british" and s["control"]["perak"] == "british"
    assert s["commander"] == 1 and not any(x["terror"] or x["sabotage"] for x in s["spaces"].values())
    assert all(not x["guerrillas_a"] for x in s["spaces"].values())
    assert s["pw"] == 7 and s["resources"] == {"british": 12, "mcp": 6}
    assert s["eligible"] == ["british", "mcp"]  # 2.3.1 NOTE: untouched
    assert s["current"] != "M35"  # the next card is revealed
    t = texts(log3)
    assert "British redeployed 2 Police cubes from Johore to Perak." in t
    assert "the Commander Track moved from Gurney to Briggs" in t


# -- 6.1 Political Will ---------------------------------------------------------------------------------

def test_6_1_1_hearts_and_minds_skips_opposition_with_a_new_village():
    # Support: Perak 3. Opposition: Kedah 2, Johore 2 but with a New Village (not counted). Net +1.
    s = at(pw=10, perak=dict(troops=1, support=1), kedah=dict(guerrillas_u=1, support=-1),
           johore=dict(troops=1, guerrillas_u=1, support=-1, new_village=1))
    assert s["pw"] == 11


def test_6_1_2_sabotage_is_placed_where_guerrillas_outnumber_cubes():
    # ec-top: 2 Guerrillas vs 1 cube: Sabotage placed. ec-bottom: 1 vs 1: none. Terror in Kuala Lumpur -1.
    s = at(pw=10, ec_top=dict(guerrillas_u=2, police=1), ec_bottom=dict(guerrillas_u=1, troops=1),
           kuala_lumpur=dict(troops=1, terror=1))
    assert sp(s, "ec-top")["sabotage"] == 1 and sp(s, "ec-bottom")["sabotage"] == 0
    assert s["pw"] == 8
    # 6.2.1: only the bottom EC earns; Kuala Lumpur's Population 2 is British Controlled.
    assert s["resources"]["british"] == 10 + 2 + 6


def test_6_1_2_note_the_net_change_moves_the_marker_once():
    """6.1.2 NOTE: +3 and -2 are added first: 19 + 1 = 20, not 19 + 3 (stops at 20) - 2 = 18."""
    s = at(pw=19, perak=dict(troops=1, support=1), ec_top=dict(sabotage=1), ec_bottom=dict(sabotage=1))
    assert s["pw"] == 20
    assert engine.outcome(s)["winner"] == "british"


# -- 6.2 Resources ----------------------------------------------------------------------------------------

def test_6_2_resources_earned_and_capped_at_20():
    # British: Perak 3 + Kuala Lumpur 2 (British Controlled) + 12 (no Sabotage) = 17 -> 15 + 17 capped at 20.
    # MCP: 3 Bases, 2 each = 6 -> 16. Kedah (MCP Controlled) earns the British nothing.
    s = at(british=15, mcp=10, perak=dict(troops=1), kuala_lumpur=dict(police=1),
           kedah=dict(bases=2, guerrillas_u=1), kelantan=dict(bases=1))
    assert s["resources"] == {"british": 20, "mcp": 16}


# -- 6.3 Support ------------------------------------------------------------------------------------------

def test_6_3_1_pacify_needs_control_troops_and_police():
    s = at(british=10, perak=dict(troops=2, terror=1), johore=dict(troops=1, police=1, guerrillas_u=3),
           pahang=dict(troops=1, police=1, terror=1))
    assert legal(s) == {"done": [], "pacify": ["pahang"]}
    with pytest.raises(IllegalActionError, match="Perak has 2 Troops and no Police cube: Pacify needs British "
                                                   r"Control, Troops and Police \(6.3.1\)"):
        run(s, "pacify perak")
    with pytest.raises(IllegalActionError, match=r"Johore is MCP Controlled: Pacify needs British Control, "
                                                   r"Troops and Police \(6.3.1\)"):
        run(s, "pacify johore")


def test_6_3_1_no_space_to_pacify_is_said_and_the_mcp_go_on():
    step = opening(perak=dict(troops=2), kedah=dict(guerrillas_u=1))
    assert "British could not Pacify: no space has British Control, Troops and Police." in texts(step.log)
    assert role(step.state) == "mcp" and legal(step.state) == {"done": [], "agitate": ["kedah"]}


def test_6_3_1_nothing_to_do_in_the_qualifying_spaces_is_said():
    step = opening(perak=dict(troops=1, police=1, support=1))
    assert ("British could not Pacify: no space with British Control, Troops and Police (Perak) has a Terror "
            "marker or room to shift toward Support.") in texts(step.log)


def test_6_3_1_british_without_resources_cannot_pacify_and_the_log_says_so():
    # Pahang's Population 1 is the British earnings (both ECs are Sabotaged): 0 + 1 = 1, below a Pacify's 2.
    step = opening(british=0, mcp=0, pahang=dict(troops=1, police=1, terror=1), ec_top=dict(sabotage=1),
                   ec_bottom=dict(sabotage=1))
    t = texts(step.log)
    assert "British could not Pacify: Pacify costs 2 Resources; British Resources are 1 (6.3.1)." in t
    assert "MCP could not Agitate: no space has MCP pieces and no British Control." in t


def test_6_3_2_agitate_needs_mcp_pieces_and_no_british_control_not_mcp_control():
    """Ruling R-8.0-ERRATA: the rule's "MCP pieces and no British Control", not the example's "MCP Controlled":
    Uncontrolled Perak (1 Guerrilla, 1 Troop) may be Agitated; British Controlled Johore may not."""
    s = at(british=0, perak=dict(guerrillas_u=1, troops=1), johore=dict(troops=2, guerrillas_u=1),
           kedah=dict(troops=1))
    assert role(s) == "mcp" and legal(s) == {"done": [], "agitate": ["perak"]}
    with pytest.raises(IllegalActionError, match=r"Johore is British Controlled: Agitate needs MCP pieces and no "
                                                   r"British Control \(6.3.2\)"):
        run(s, "agitate johore")
    with pytest.raises(IllegalActionError, match=r"Kedah has no MCP piece: Agitate needs MCP pieces"):
        run(s, "agitate kedah")
    s, log = run(s, "agitate perak")
    assert sp(s, "perak")["support"] == -1 and s["resources"]["mcp"] == 9
    assert "Perak went from Neutral to Opposition (Agitate, Support phase)." in texts(log)


def test_6_3_2_agitate_up_to_two_spaces():
    s = at(british=0, kedah=dict(guerrillas_u=1), kelantan=dict(guerrillas_u=1), perak=dict(guerrillas_u=1))
    s, _ = run(s, "agitate kedah", "agitate kelantan")
    # Both used, nothing left in them: the MCP are done and the Redeploy follows.
    assert role(s) == "british" and sp(s, "perak")["support"] == 0
    assert s["resources"]["mcp"] == 8


# -- 6.4 Redeploy --------------------------------------------------------------------------------------

def redeploy(**kw) -> dict:
    s = at("redeploy", **kw)
    assert role(s) == "british"
    return s


def test_6_4_1_troops_in_ecs_and_mcp_provinces_must_move():
    s = redeploy(ec_top=dict(troops=1), kedah=dict(troops=1, guerrillas_u=2), perak=dict(troops=1),
                 selangor=dict(troops=1, guerrillas_u=1))
    opts = legal(s)
    assert "done" not in opts
    # Origins: the EC and MCP Controlled Kedah; destinations Kuala Lumpur and British Controlled Perak.
    assert sorted(opts["move"]) == sorted(f"{a} {b} troop" for a in ("kedah", "ec-top")
                                          for b in ("perak", "kuala-lumpur"))
    with pytest.raises(IllegalActionError, match=r"1 Troop in Kedah, 1 Troop in Economic Center \(top\) still to "
                                                   r"move \(6.4.1\)"):
        run(s, "done")
    with pytest.raises(IllegalActionError, match=r"Selangor is Uncontrolled: only Troops in Economic Centers or "
                                                   r"MCP Controlled Provinces Redeploy \(6.4.1\)"):
        run(s, "move selangor perak troop")
    with pytest.raises(IllegalActionError, match=r"Selangor is Uncontrolled: Troops Redeploy to Kuala Lumpur or "
                                                   r"British Controlled Provinces \(6.4.1\)"):
        run(s, "move kedah selangor troop")
    with pytest.raises(IllegalActionError, match=r"the Troops that must move come first"):
        run(s, "move perak kuala-lumpur police")


def test_6_4_1_a_troop_moves_once_and_control_is_adjusted_after():
    """Ruling R-CONTROL-PW: the moves are made together when the Redeploy is done, and Control follows with
    its Political Will: Kedah (Population 2) is MCP Controlled with 1 Troop and 2 Guerrillas; its Troop leaving
    changes nothing; Perak's Police leaving for the EC makes Perak MCP Controlled: -3."""
    s = redeploy(pw=10, kedah=dict(troops=1, guerrillas_u=2), perak=dict(police=1),
                 johore=dict(troops=1, police=1))
    s, _ = run(s, "move kedah kuala-lumpur troop")
    with pytest.raises(IllegalActionError, match=r"the Troops' moves are over"):
        run(s, "move kuala-lumpur perak troop")
    # Moves wait for the end: Perak's Police have not left yet, Kedah's Troop is still there.
    s, _ = run(s, "move perak ec-top police")
    assert sp(s, "kedah")["troops"] == 1 and sp(s, "perak")["police"] == 1
    with pytest.raises(IllegalActionError, match=r"Perak has 1 Police cube, 1 of them already moving in this "
                                                   r"Redeploy \(a cube moves once\) \(6.4.1\)"):
        run(s, "move perak kuala-lumpur police")
    s, log = run(s, "done")
    assert sp(s, "kuala-lumpur")["troops"] == 1 and sp(s, "ec-top")["police"] == 1
    assert s["control"]["perak"] is None and s["control"]["kuala-lumpur"] == "british"
    assert s["pw"] == 10  # Perak was British Controlled and is now Uncontrolled: no MCP Control change
    t = texts(log)
    assert t.index("British redeployed 1 Troop from Kedah to Kuala Lumpur.") < t.index("Perak became Uncontrolled")


def test_6_4_2_mcp_control_gained_in_redeploy_shifts_political_will():
    """1.7 and ruling R-CONTROL-PW: both Police leave Johore (2 Police, 1 Guerrilla) and MCP Control follows:
    Political Will -2 (Johore's Population). With no Police left to move, the Redeploy ends by itself."""
    s = redeploy(pw=10, johore=dict(police=2, guerrillas_u=1))
    s, log = run(s, "move johore kuala-lumpur police", "move johore kuala-lumpur police")
    assert s["control"]["johore"] == "mcp" and s["pw"] == 8
    assert "MCP gained Control of Johore" in texts(log)


def test_6_4_1_police_destinations_and_thailand():
    s = redeploy(perak=dict(troops=1, police=2), kedah=dict(guerrillas_u=1))
    assert role(s) == "british"
    dests = {m.split()[1] for m in legal(s)["move"]}
    assert dests == {"ec-top", "ec-bottom", "kuala-lumpur"}
    with pytest.raises(IllegalActionError, match=r"British pieces never enter Thailand \(1.4.2\)"):
        run(s, "move perak thailand police")
    with pytest.raises(IllegalActionError, match=r"Kedah is MCP Controlled: Police Redeploy to Economic Centers, "
                                                   r"Kuala Lumpur or British Controlled Provinces \(6.4.1\)"):
        run(s, "move perak kedah police")
    with pytest.raises(IllegalActionError, match=r"Kedah has no Police cube \(6.4.1\)"):
        run(s, "move kedah perak police")
    with pytest.raises(IllegalActionError, match=r"British Redeploy moves Troops and Police, not 'base'"):
        run(s, "move perak kuala-lumpur base")


def test_6_4_1_police_may_stay():
    s = redeploy(perak=dict(troops=1, police=2))
    s, log = run(s, "done")
    assert sp(s, "perak")["police"] == 2
    assert "British redeployed no Police." in texts(log)
    assert "Control was adjusted: no space changed Control." in texts(log)


# -- 6.5 Reset and the Commander Track (6.6) ------------------------------------------------------------

def test_6_5_reset_markers_guerrillas_commander():
    s = at("reset", commander=1, kedah=dict(guerrillas_a=2, terror=1, support=-1), ec_top=dict(sabotage=1),
           first="mcp")
    assert not sp(s, "kedah")["terror"] and not sp(s, "ec-top")["sabotage"]
    assert sp(s, "kedah")["guerrillas_u"] == 2 and sp(s, "kedah")["support"] == -1
    assert s["commander"] == 2 and s["eligible"] == ["mcp", "british"]


def test_6_6_1_templer_stays_at_reset():
    """Ruling R-COMMANDER: at Templer the shift is not possible."""
    step = opening("reset", commander=2)
    assert step.state["commander"] == 2
    assert "the Commander Track stays at Templer, its last box" in texts(step.log)


def test_6_6_3_gurney_killed_ends_at_reset():
    """M10 shaded cancels the Commander's effect until the next Reset (6.6.3; ruling R-COMMANDER)."""
    step = opening("reset", commander=0, gurney_killed=True)
    s = step.state
    assert s["gurney_killed"] is False and s["commander"] == 1
    assert "the Commander's effect applies again (Gurney Killed is over)" in texts(step.log)
