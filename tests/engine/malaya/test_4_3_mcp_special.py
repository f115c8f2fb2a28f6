"""MCP Special Activities of Malaya (4.3): Extort, Intimidate, Ambush; the Operations each may accompany
(4.1.1), one Special Activity at any one time of its Operation (4.1), an Event's free Special Activity
(5.4, ruling R-FREE-OPS), the Capabilities they read (M2, M8, M27), and the Example of Play's steps with
them (8.0 L1628-1630, L1642-1644)."""

import pytest

import engine
from engine.core import canonical
from engine.core.chance import NoChance, Recorder
from engine.core.errors import IllegalActionError
from engine.core.flow import Context
from engine.games.malaya import DEFINITION
from engine.testing import begin

from .helpers import board, legal, run, sp, texts


def mcp(**kw):
    return board(first="mcp", **kw)


def refused(state, order, match):
    with pytest.raises(IllegalActionError, match=match):
        engine.apply(state, engine.active_roles(state)[0], order)


def free_sa(state, sa, *, rule="M32", max=None, only=None):
    """*state* with an Event's free Special Activity pushed (the frame contract: ``rule``, ``free``, ``max``,
    ``only``; no Operation), its first automatic steps run."""
    s = canonical.copy(state)
    g = Context(s, Recorder(NoChance()), DEFINITION.rules, DEFINITION.procedures)
    begin(g, f"my.sa.{sa}", "mcp", on_top=True, rule=rule, free=True, max=max, only=only)
    return s


# -- 4.1.1: which Operations each accompanies ---------------------------------------------------------

def test_4_1_1_extort_and_intimidate_accompany_rally_ambush_only_attack():
    s = mcp(kedah={"guerrillas_u": 2, "police": 1}, perak={"guerrillas_u": 1, "troops": 1})
    r, _ = run(s, "box opsa", "op rally")
    assert legal(r)["sa"] == ["extort", "intimidate"]
    t, _ = run(s, "box opsa", "op terror")
    assert legal(t)["sa"] == ["extort", "intimidate"]
    m, _ = run(s, "box opsa", "op march")
    assert legal(m)["sa"] == ["extort"]
    refused(m, "sa intimidate", r"Intimidate may not accompany March \(4\.3\.2, 4\.1\.1\)")
    a, _ = run(s, "box opsa", "op attack")
    assert legal(a)["sa"] == ["ambush"]
    refused(a, "sa extort", r"Extort may not accompany Attack \(4\.3\.1, 4\.1\.1\)")


def test_4_1_special_activity_before_during_or_after_but_once():
    s = mcp(kedah={"guerrillas_u": 2}, perak={})
    s, _ = run(s, "box opsa", "op rally", "space perak", "place guerrilla", "sa extort", "space kedah", "done")
    assert s["resources"]["mcp"] == 10  # paid 1 for the Rally, gained 1
    assert "sa" not in legal(s)
    refused(s, "sa intimidate", r"the Rally already had its one Special Activity \(4\.1\)")


# -- Extort (4.3.1) ------------------------------------------------------------------------------------

def test_4_3_1_extort_activates_one_and_gains_1_in_up_to_two_spaces():
    s = mcp(mcp=5, kedah={"guerrillas_u": 2}, thailand={"guerrillas_u": 1}, perak={"guerrillas_u": 1},
            johore={"guerrillas_u": 1, "new_village": 1, "police": 1}, pahang={"guerrillas_a": 1})
    s, _ = run(s, "box opsa", "op terror", "sa extort")
    assert legal(s)["space"] == ["perak", "kedah", "thailand"]
    refused(s, "space johore", r"Johore has a New Village: Extort may not select a space with one \(4\.3\.1, 1\.12\)")
    refused(s, "space pahang", r"Pahang has no Underground Guerrilla: Extort needs one to Activate \(4\.3\.1\)")
    refused(s, "done", r"the Extort has selected no space yet")
    s, log = run(s, "space kedah")
    refused(s, "space kedah", r"Kedah is already selected for this Extort: a space only once \(4\.1\)")
    s, log2 = run(s, "space thailand")
    assert s["resources"]["mcp"] == 7
    assert sp(s, "kedah")["guerrillas_u"] == 1 and sp(s, "thailand")["guerrillas_a"] == 1
    assert "MCP Extorted in Thailand" in texts(log + log2)
    assert legal(s)["space"] == ["perak", "kedah", "johore"]  # the Extort is over; the Terror goes on


def test_1_8_extort_gains_stop_at_20():
    s = mcp(mcp=20, kedah={"guerrillas_u": 1}, perak={})
    s, _ = run(s, "box opsa", "op rally", "space perak", "place guerrilla", "sa extort", "space kedah")
    assert s["resources"]["mcp"] == 20


@pytest.mark.parametrize("reading, gain", [(None, 2), ("instead", 2), ("plus", 3)])
def test_m2_shaded_extort_in_mcp_control_gains_the_population_as_ruling_r_m2_reads(reading, gain):
    s = mcp(mcp=0, capabilities={"M2": "shaded"}, kedah={"guerrillas_u": 2}, perak={"guerrillas_u": 1,
                                                                                   "troops": 2})
    if reading:
        s["rulings"] = {"R-M2": reading}
    assert s["control"]["kedah"] == "mcp" and s["control"]["perak"] == "british"
    s = free_sa(s, "extort", rule="M2")
    s, log = run(s, "space kedah", "space perak")
    assert s["resources"]["mcp"] == gain + 1  # Kedah (Population 2, MCP Control); Perak British: 1
    assert "ruling R-M2" in texts(log)


def test_r_m2_extort_in_mcp_controlled_thailand_gains_nothing_instead():
    s = mcp(mcp=0, capabilities={"M2": "shaded"}, thailand={"guerrillas_u": 1})
    s = free_sa(s, "extort", rule="M2")
    s, _ = run(s, "space thailand")
    assert s["resources"]["mcp"] == 0 and sp(s, "thailand")["guerrillas_a"] == 1


# -- Intimidate (4.3.2) --------------------------------------------------------------------------------

def test_4_3_2_intimidate_removes_police_and_leaves_the_guerrilla_underground():
    s = mcp(perak={"guerrillas_u": 1, "troops": 2, "police": 2}, kedah={"guerrillas_u": 1},
            pahang={"guerrillas_a": 1, "police": 1})
    s, _ = run(s, "box opsa", "op terror", "sa intimidate")
    assert legal(s) == {"space": ["perak"]}
    refused(s, "space kedah", r"Kedah has no Police cube and no New Village: Intimidate would remove nothing there "
            r"\(ruling R-INTIMIDATE\) \(4\.3\.2\)")
    refused(s, "space pahang", r"Pahang has no Underground Guerrilla: Intimidate needs one \(4\.3\.2\)")
    s, log = run(s, "space perak")
    assert sp(s, "perak")["police"] == 1 and sp(s, "perak")["guerrillas_u"] == 1
    assert "space" in legal(s) and "kedah" in legal(s)["space"]  # back in the Terror


def test_4_3_2_intimidate_removes_a_new_village_and_support_where_guerrillas_outnumber():
    s = mcp(johore={"guerrillas_u": 3, "police": 1, "troops": 1, "new_village": 1, "support": 1})
    s, _ = run(s, "box opsa", "op rally", "sa intimidate", "space johore")
    assert legal(s) == {"remove": ["police", "new-village"]}
    refused(s, "remove troop", r"'remove' here is written 'remove police\|new-village'")
    s, log = run(s, "remove new-village")
    x = sp(s, "johore")
    assert x["new_village"] == 0 and x["support"] == 0 and x["police"] == 1 and s["new_villages"] == 4
    assert "The New Village in Johore was removed" in texts(log)


def test_r_intimidate_a_new_village_without_outnumbering_is_not_removable():
    s = mcp(johore={"guerrillas_u": 1, "troops": 2, "new_village": 1}, perak={"guerrillas_u": 1, "police": 1})
    s, _ = run(s, "box opsa", "op terror", "sa intimidate")
    assert legal(s) == {"space": ["perak"]}
    refused(s, "space johore", r"Johore has no Police cube, 1 Guerrilla and 2 British pieces: Intimidate removes a "
            r"Police cube, or a New Village where Guerrillas outnumber British forces")


def test_m27_unshaded_intimidate_in_one_space_and_its_guerrilla_flips_active():
    s = mcp(capabilities={"M27": "unshaded"}, perak={"guerrillas_u": 1, "police": 2},
            kedah={"guerrillas_u": 1, "police": 1})
    s, _ = run(s, "box opsa", "op terror", "sa intimidate")
    assert "up to 1" in engine.prompt(s, "mcp")["text"]
    s, log = run(s, "space perak")
    assert sp(s, "perak")["guerrillas_a"] == 1 and sp(s, "perak")["police"] == 1
    assert "Local collaboration" in texts(log)
    assert "sa" not in legal(s) and "space" in legal(s)  # one space: the Intimidate is over


def test_m32_shaded_free_intimidate_in_2_spaces_prevails_over_m27_unshaded():
    s = mcp(capabilities={"M27": "unshaded"}, perak={"guerrillas_u": 1, "police": 2},
            kedah={"guerrillas_u": 1, "police": 1}, selangor={"guerrillas_u": 1, "police": 1})
    s = free_sa(s, "intimidate", rule="M32", max=2)
    s, _ = run(s, "space perak", "space kedah")
    assert sp(s, "perak")["police"] == 1 and sp(s, "kedah")["police"] == 0
    assert sp(s, "kedah")["guerrillas_a"] == 1 and s["resources"]["mcp"] == 10
    assert engine.active_roles(s) == ["mcp"] and "box" in legal(s)


def test_5_1_free_intimidate_selects_only_among_its_spaces():
    s = mcp(perak={"guerrillas_u": 1, "police": 2}, kedah={"guerrillas_u": 1, "police": 1})
    s = free_sa(s, "intimidate", rule="M32", max=2, only=["kedah"])
    refused(s, "space perak", r"Perak is not among the spaces this Intimidate may select \(Kedah\) \(SEP, M32\)")


# -- Ambush (4.3.3) ------------------------------------------------------------------------------------

def test_4_3_3_ambush_in_a_space_of_the_attack_paid_for_activates_one_removes_one_police_first():
    s = mcp(pw=10, mcp=2, selangor={"guerrillas_u": 3, "troops": 3, "police": 1}, kedah={"guerrillas_u": 1})
    s, _ = run(s, "box opsa", "op attack", "sa ambush")
    assert legal(s) == {"space": ["selangor"]}
    refused(s, "space kedah", r"Kedah has 1 Guerrilla and no British cube: Ambush takes place in a space an Attack "
            r"may select")
    s, log = run(s, "space selangor")
    x = sp(s, "selangor")
    assert x["guerrillas_u"] == 2 and x["guerrillas_a"] == 1 and x["police"] == 0 and x["troops"] == 3
    assert s["resources"]["mcp"] == 1 and s["pw"] == 10
    assert "MCP paid 1 Resource for Attack in Selangor" in texts(log)
    refused(s, "space selangor", r"Selangor is already selected for this Attack: a space only once \(3\.1\)")


def test_4_3_3_ambush_removing_a_troop_lowers_political_will():
    s = mcp(pw=10, selangor={"guerrillas_u": 1, "troops": 3})
    s, _ = run(s, "box opsa", "op attack", "sa ambush", "space selangor", "done")
    assert sp(s, "selangor")["troops"] == 2 and s["pw"] == 9


def test_m8_shaded_ambush_removes_any_two_cubes():
    s = mcp(capabilities={"M8": "shaded"}, selangor={"guerrillas_u": 1, "troops": 2, "police": 2})
    s, _ = run(s, "box opsa", "op attack", "sa ambush", "space selangor")
    assert legal(s) == {"remove": ["troop", "police"]}
    s, _ = run(s, "remove troop", "remove police")
    x = sp(s, "selangor")
    assert x["troops"] == 1 and x["police"] == 1 and s["pw"] == 9


def test_m8_unshaded_ambush_loses_the_ambushing_guerrilla_for_a_troop():
    s = mcp(capabilities={"M8": "unshaded"}, selangor={"guerrillas_u": 2, "troops": 3})
    s, log = run(s, "box opsa", "op attack", "sa ambush", "space selangor")
    x = sp(s, "selangor")
    assert x["troops"] == 2 and x["guerrillas_a"] == 0 and x["guerrillas_u"] == 1 and s["pw"] == 9
    assert "High casualties" in texts(log)


def test_4_3_3_no_ambush_once_its_only_space_was_attacked():
    s = mcp(selangor={"guerrillas_u": 2, "troops": 5})
    s, _ = run(s, "box opsa", "op attack", "space selangor", rolls=[6])
    assert "sa" not in legal(s)
    refused(s, "sa ambush", r"Ambush has nothing it could do now \(4\.3\.3\)")


def test_4_3_3_ambush_is_resources_permitting_as_an_attack_space():
    s = mcp(mcp=1, selangor={"guerrillas_u": 2, "troops": 5}, perak={"guerrillas_u": 1, "police": 1})
    s, _ = run(s, "box opsa", "op attack", "space selangor", rolls=[6])
    assert "sa" not in legal(s)  # no Resource left to pay for the Ambush's space


def test_4_3_3_note_free_ambush_acts_as_a_free_attack():
    s = mcp(mcp=0, selangor={"guerrillas_u": 2, "police": 1}, perak={"guerrillas_u": 1, "police": 1})
    s = free_sa(s, "ambush", rule="M6", only=["perak"])
    assert legal(s) == {"space": ["perak"]}
    s, _ = run(s, "space perak")
    assert sp(s, "perak")["police"] == 0 and s["resources"]["mcp"] == 0
    assert engine.active_roles(s) == ["mcp"] and "box" in legal(s)


# -- The Example of Play (8.0) ------------------------------------------------------------------------

def test_8_0_l1628_intimidate_in_perak_then_terror_in_three_spaces():
    """L1628-1630: Intimidate first, in Perak, the one space eligible: a Police cube removed. Terror in Kedah,
    Negri Sembilan and the top Economic Center: Terror markers and Opposition in the two Provinces, Sabotage
    in the Economic Center, 2 Resources (2 to 0)."""
    s = mcp(mcp=2, perak={"troops": 2, "police": 2, "guerrillas_u": 1}, kedah={"guerrillas_u": 1},
            negri_sembilan={"guerrillas_u": 1}, ec_top={"guerrillas_u": 1},
            kelantan={"bases": 1, "guerrillas_u": 2, "guerrillas_a": 1})
    s, _ = run(s, "box opsa", "op terror", "sa intimidate")
    assert legal(s)["space"] == ["perak"]
    s, _ = run(s, "space perak", "space kedah", "space negri-sembilan", "space ec-top", "done")
    assert sp(s, "perak")["police"] == 1
    for sid in ("kedah", "negri-sembilan"):
        assert sp(s, sid)["terror"] == 1 and sp(s, sid)["support"] == -1 and sp(s, sid)["guerrillas_a"] == 1
    assert sp(s, "ec-top")["sabotage"] == 1 and sp(s, "ec-top")["guerrillas_a"] == 1
    assert s["resources"]["mcp"] == 0 and engine.active_roles(s) == ["british"]


def test_8_0_l1642_ambush_in_perak_then_attack_in_negri_sembilan_rolling_4():
    """L1642-1644: Ambush first, in Perak: its one Guerrilla goes Active and the one Police cube there is
    removed. Attack in Negri Sembilan: a roll of 4 against one Guerrilla does nothing. 1 Resource a space, 5
    to 3."""
    s = mcp(pw=9, mcp=5, perak={"troops": 2, "police": 1, "guerrillas_u": 1},
            negri_sembilan={"troops": 2, "guerrillas_a": 1, "new_village": 1, "support": -1})
    s, log = run(s, "box opsa", "op attack", "sa ambush", "space perak", "space negri-sembilan", "done",
                 rolls=[4])
    assert sp(s, "perak")["police"] == 0 and sp(s, "perak")["guerrillas_a"] == 1 and sp(s, "perak")["troops"] == 2
    assert sp(s, "negri-sembilan")["troops"] == 2 and sp(s, "negri-sembilan")["new_village"] == 1
    assert s["resources"]["mcp"] == 3 and s["pw"] == 9 and engine.active_roles(s) == ["british"]
    assert "rolled 4 against 1 Guerrilla: no effect" in texts(log)


def test_4_3_3_ambush_may_not_take_a_space_already_attacked():
    s = mcp(selangor={"guerrillas_u": 2, "troops": 5}, perak={"guerrillas_u": 1, "police": 1})
    s, _ = run(s, "box opsa", "op attack", "space selangor", "sa ambush", rolls=[6])
    assert legal(s) == {"space": ["perak"]}
    refused(s, "space selangor", r"the Attack in Selangor has taken place already: Ambush replaces the Attack's "
            r"procedure in a space, so it comes as the space is selected \(4\.3\.3\)")
    s, _ = run(s, "space perak")
    assert sp(s, "perak")["police"] == 0 and s["resources"]["mcp"] == 8
