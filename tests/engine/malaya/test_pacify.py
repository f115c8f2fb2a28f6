"""Pacify and Agitate (engine.games.malaya.pacify): the procedures Train (3.2.1), Rally (3.3.1) and the
Support phase (6.3.1, 6.3.2) share. Each step removes one Terror marker, or once none remains shifts the
space once (twice for Pacify with M28 unshaded); 2 British Resources a step (3 with M28 shaded), 1 MCP;
paid even in a free Operation (3.1.2, 5.4), except M30 shaded's Agitate (ruling R-M30). The spaces and how
many may be used come from the caller; the player may stop at any point."""

from __future__ import annotations

import pytest

import engine
from engine.core import canonical
from engine.core.chance import Recorder, ScriptedChance
from engine.core.errors import IllegalActionError
from engine.core.flow import Context
from engine.games.malaya.pacify import (
    agitate_ok_propaganda,
    agitate_ok_rally,
    pacify_ok,
    start_agitate,
    start_pacify,
)
from engine.testing import waiting

from .helpers import board, legal, role, run, sp, texts
from .test_6_propaganda import at


def pushed(state: dict, start, *args, **kw) -> tuple[dict, list[dict]]:
    """*state* with *start* (start_pacify or start_agitate) called on it, as an Operation or Event does, and run
    to the next decision; and the log."""
    s = canonical.copy(state)
    defn = engine.definition("malaya")
    g = Context(s, Recorder(ScriptedChance()), defn.rules, defn.procedures)
    start(g, *args, **kw)
    g.settle()
    return s, g.log


def context(state: dict) -> Context:
    defn = engine.definition("malaya")
    return Context(canonical.copy(state), Recorder(ScriptedChance()), defn.rules, defn.procedures)


# -- which spaces qualify ------------------------------------------------------------------------------

def test_3_2_1_pacify_ok_needs_british_control_troops_and_police():
    s = board(perak=dict(troops=1, police=1), kedah=dict(troops=2), johore=dict(troops=1, police=1,
                                                                               guerrillas_u=3),
              ec_top=dict(troops=1, police=1))
    g = context(s)
    assert [sid for sid in ("perak", "kedah", "johore", "ec-top") if pacify_ok(g, sid)] == ["perak"]


def test_3_3_1_and_6_3_2_agitate_tests():
    """3.3.1: MCP Control and a Base; 6.3.2: MCP pieces and no British Control (ruling R-8.0-ERRATA)."""
    s = board(perak=dict(bases=1, guerrillas_u=1), kedah=dict(guerrillas_u=1, troops=1),
              johore=dict(guerrillas_u=1, troops=2), ec_top=dict(guerrillas_u=1))
    g = context(s)
    rally = [sid for sid in ("perak", "kedah", "johore", "ec-top") if agitate_ok_rally(g, sid)]
    support = [sid for sid in ("perak", "kedah", "johore", "ec-top") if agitate_ok_propaganda(g, sid)]
    assert rally == ["perak"] and support == ["perak", "kedah", "ec-top"]


# -- Pacify -----------------------------------------------------------------------------------------------

def train_pacify(state: dict, spaces=("pahang",), count: int = 1) -> tuple[dict, list[dict]]:
    return pushed(state, start_pacify, list(spaces), count, rule="3.2.1", label="Train")


def test_3_2_1_pacify_removes_terror_one_at_a_time_then_shifts_once():
    s = board(british=10, pahang=dict(troops=1, police=1, terror=2, support=-1))
    s, _ = train_pacify(s)
    assert role(s) == "british" and legal(s) == {"done": [], "pacify": ["pahang"]}
    s, log = run(s, "pacify pahang", "pacify pahang")
    assert sp(s, "pahang")["terror"] == 0 and sp(s, "pahang")["support"] == -1
    assert s["resources"]["british"] == 6
    t = texts(log)
    assert "British paid 2 Resources for Pacify in Pahang, to remove a Terror marker (10 -> 8)." in t
    assert "A Terror marker was removed from Pahang (Pacify, Train)." in t
    s, log = run(s, "pacify pahang")
    assert sp(s, "pahang")["support"] == 0 and s["resources"]["british"] == 4
    assert "Pahang went from Opposition to Neutral (Pacify, Train)." in texts(log)
    # One shift a space: nothing left, the Pacify is over and the turn goes on.
    assert waiting(s)["p"] != "my.pacify"


def test_3_2_1_pacify_may_stop_at_any_point():
    s = board(british=10, pahang=dict(troops=1, police=1, terror=2))
    s, _ = train_pacify(s)
    s, _ = run(s, "pacify pahang", "done")
    assert sp(s, "pahang")["terror"] == 1 and s["resources"]["british"] == 8
    assert waiting(s)["p"] != "my.pacify"


def test_3_1_2_pacify_in_a_free_train_still_costs():
    """3.1.2, 5.4: start_pacify has no free form: the step is paid even in an Event's Train."""
    s = board(british=2, pahang=dict(troops=1, police=1))
    s, _ = train_pacify(s)
    s, _ = run(s, "pacify pahang")
    assert s["resources"]["british"] == 0 and sp(s, "pahang")["support"] == 1


def test_3_2_1_one_space_and_its_refusals():
    s = board(british=10, pahang=dict(troops=1, police=1, terror=1), johore=dict(troops=1, police=1),
              perak=dict(troops=1, police=1), kedah=dict(troops=1))
    s, _ = train_pacify(s, spaces=("pahang", "johore"))
    s, _ = run(s, "pacify pahang")
    assert legal(s) == {"done": [], "pacify": ["pahang"]}
    with pytest.raises(IllegalActionError, match=r"Pacify here takes up to 1 space\(s\), and Pahang has been used "
                                                   r"\(3.2.1\)"):
        run(s, "pacify johore")
    with pytest.raises(IllegalActionError, match=r"Perak is not among the spaces where this Pacify may take place "
                                                   r"\(Pahang and Johore\) \(3.2.1\)"):
        run(s, "pacify perak")
    with pytest.raises(IllegalActionError, match=r"Kedah has 1 Troop and no Police cube: Pacify needs British "
                                                   r"Control, Troops and Police \(3.2.1\)"):
        run(s, "pacify kedah")
    with pytest.raises(IllegalActionError, match=r"'atlantis' is not a space of the map \(1.3.1\)"):
        run(s, "pacify atlantis")


def test_6_6_2_templer_two_spaces_are_the_callers_count():
    """6.6.2 NOTE: the Train passes 2 at Templer (board.pacify_spaces); both spaces may then be Pacified."""
    s = board(british=10, commander=2, pahang=dict(troops=1, police=1), johore=dict(troops=1, police=1))
    s, _ = train_pacify(s, spaces=("pahang", "johore"), count=2)
    s, _ = run(s, "pacify pahang", "pacify johore")
    assert sp(s, "pahang")["support"] == 1 and sp(s, "johore")["support"] == 1
    assert s["resources"]["british"] == 6


def test_6_3_1_pacify_at_support_with_no_terror_has_nothing_to_do():
    s = board(british=10, pahang=dict(troops=1, police=1, support=1), johore=dict(troops=1, police=1))
    s, _ = train_pacify(s, spaces=("pahang", "johore"))
    assert legal(s) == {"done": [], "pacify": ["johore"]}
    with pytest.raises(IllegalActionError, match=r"Pahang has no Terror marker and is at Support already "
                                                   r"\(3.2.1\)"):
        run(s, "pacify pahang")


def test_6_3_1_one_shift_a_space():
    s = at(british=10, pahang=dict(troops=1, police=1, support=-1), johore=dict(troops=1, police=1))
    s, _ = run(s, "pacify pahang")
    with pytest.raises(IllegalActionError, match=r"Pahang has shifted once toward Support in this Pacify: one "
                                                   r"shift a space \(6.3.1\)"):
        run(s, "pacify pahang")
    assert sp(s, "pahang")["support"] == 0


def test_6_3_1_running_out_of_resources_ends_the_pacify_and_says_why():
    # Earnings: Pahang 1 + Johore 2 (both ECs Sabotaged): 3 Resources, one step and 1 left.
    s = at(british=0, pahang=dict(troops=1, police=1, terror=3, support=-1), johore=dict(troops=1, police=1),
           ec_top=dict(sabotage=1), ec_bottom=dict(sabotage=1))
    assert s["resources"]["british"] == 3
    s, log = run(s, "pacify pahang")
    assert s["resources"]["british"] == 1 and sp(s, "pahang")["terror"] == 2
    assert waiting(s)["p"] == "my.redeploy"  # the MCP have no piece to Agitate with
    assert "British could not Pacify further: Pacify costs 2 Resources; British Resources are 1 (6.3.1)." in \
        texts(log)


def test_m28_unshaded_pacify_shifts_up_to_two_levels():
    """M28 unshaded (Tip L1932): Terror first, then up to two shifts, 2 Resources each."""
    s = at(british=10, capabilities={"M28": "unshaded"}, pahang=dict(troops=1, police=1, terror=1, support=-1))
    s, _ = run(s, "pacify pahang", "pacify pahang", "pacify pahang")
    assert sp(s, "pahang")["support"] == 1 and sp(s, "pahang")["terror"] == 0
    # 10 + 1 (Pahang) + 12 = 20 (the most), less 6.
    assert s["resources"]["british"] == 14


def test_m28_unshaded_two_shifts_then_refused():
    s = at(british=10, capabilities={"M28": "unshaded"}, pahang=dict(troops=1, police=1, support=-1),
           johore=dict(troops=1, police=1, support=-1))
    s, _ = run(s, "pacify pahang", "pacify johore", "pacify pahang")
    assert sp(s, "pahang")["support"] == 1
    with pytest.raises(IllegalActionError, match=r"Pahang has no Terror marker and is at Support already"):
        run(s, "pacify pahang")
    s, _ = run(s, "pacify johore")
    assert sp(s, "johore")["support"] == 1


def test_m28_unshaded_in_train_too():
    s = board(british=10, capabilities={"M28": "unshaded"}, pahang=dict(troops=1, police=1, support=-1))
    s, _ = train_pacify(s)
    s, _ = run(s, "pacify pahang", "pacify pahang")
    assert sp(s, "pahang")["support"] == 1 and s["resources"]["british"] == 6


def test_m28_shaded_pacify_costs_three():
    s = board(british=5, capabilities={"M28": "shaded"}, pahang=dict(troops=1, police=1, terror=1))
    s, _ = train_pacify(s)
    s, log = run(s, "pacify pahang")
    assert s["resources"]["british"] == 2
    assert "British paid 3 Resources for Pacify in Pahang" in texts(log)
    assert "British could not Pacify further: Pacify costs 3 Resources; British Resources are 2 (3.2.1, M28 " \
           "shaded)." in texts(log)


def test_1_12_pacify_to_support_removes_the_new_village():
    s = board(british=10, pahang=dict(troops=1, police=1, new_village=1))
    s, _ = train_pacify(s)
    s, log = run(s, "pacify pahang")
    assert sp(s, "pahang")["new_village"] == 0 and s["new_villages"] == 4
    assert "The New Village in Pahang was removed" in texts(log)


# -- Agitate --------------------------------------------------------------------------------------------

def rally_agitate(state: dict, spaces=("kedah",), **kw) -> tuple[dict, list[dict]]:
    return pushed(state, start_agitate, list(spaces), 1, rule=kw.pop("rule", "3.3.1"), label="Rally", **kw)


def test_3_3_1_agitate_removes_terror_then_shifts_toward_opposition():
    s = board(mcp=5, kedah=dict(bases=1, guerrillas_u=1, terror=1, support=1))
    s, _ = rally_agitate(s)
    assert role(s) == "mcp" and legal(s) == {"done": [], "agitate": ["kedah"]}
    s, log = run(s, "agitate kedah", "agitate kedah")
    assert sp(s, "kedah")["terror"] == 0 and sp(s, "kedah")["support"] == 0
    assert s["resources"]["mcp"] == 3
    assert "MCP paid 1 Resource for Agitate in Kedah, to shift it (4 -> 3)." in texts(log)
    assert waiting(s)["p"] != "my.agitate"


def test_3_3_1_agitate_refusals_name_the_rally_conditions():
    s = board(mcp=5, kedah=dict(bases=1, guerrillas_u=1, terror=1), perak=dict(guerrillas_u=1),
              johore=dict(troops=1, bases=1))
    s, _ = rally_agitate(s)
    with pytest.raises(IllegalActionError, match=r"Perak has no Base: Agitate with Rally needs MCP Control and a "
                                                   r"Base \(3.3.1\)"):
        run(s, "agitate perak")
    with pytest.raises(IllegalActionError, match=r"Johore is Uncontrolled: Agitate with Rally needs MCP Control "
                                                   r"and a Base \(3.3.1\)"):
        run(s, "agitate johore")


def test_1_6_agitate_in_an_economic_center_has_no_level_to_shift():
    s = at(british=0, mcp=5, ec_top=dict(guerrillas_u=1), ec_bottom=dict(troops=1, guerrillas_u=2),
           kedah=dict(guerrillas_u=1))
    assert role(s) == "mcp" and legal(s) == {"done": [], "agitate": ["kedah"]}
    with pytest.raises(IllegalActionError, match=r"Economic Center \(top\) has no Terror marker and is never at "
                                                   r"Support or Opposition \(1.6\)"):
        run(s, "agitate ec-top")


def test_m30_shaded_agitate_is_free():
    """Ruling R-M30: the caller passes free=True; no Resource is paid."""
    s = board(mcp=0, kedah=dict(bases=1, guerrillas_u=1))
    s, _ = rally_agitate(s, rule="M30", free=True)
    assert legal(s) == {"done": [], "agitate": ["kedah"]}
    s, log = run(s, "agitate kedah")
    assert s["resources"]["mcp"] == 0 and sp(s, "kedah")["support"] == -1
    assert "paid" not in texts(log)


def test_3_3_1_agitate_with_no_resources_says_why():
    s = board(mcp=0, kedah=dict(bases=1, guerrillas_u=1))
    s, log = rally_agitate(s)
    assert waiting(s)["p"] != "my.agitate"
    assert "MCP could not Agitate: Agitate costs 1 Resource; MCP Resources are 0 (3.3.1)." in texts(log)


def test_3_3_1_wrong_form_and_other_orders():
    s = board(mcp=5, kedah=dict(bases=1, guerrillas_u=1))
    s, _ = rally_agitate(s)
    with pytest.raises(IllegalActionError, match=r"'agitate' here is written 'agitate SPACE'"):
        run(s, "agitate kedah perak")
    with pytest.raises(IllegalActionError, match=r"Events are executed only from the Event box"):
        run(s, "shaded")


def test_1_4_2_pacify_in_thailand_is_refused_for_british_pieces():
    s = board(british=10, pahang=dict(troops=1, police=1))
    s, _ = train_pacify(s)
    with pytest.raises(IllegalActionError, match=r"British pieces never enter Thailand: Pacify needs British "
                                                   r"Control, Troops and Police \(1.4.2, 3.2.1\)"):
        run(s, "pacify thailand")
