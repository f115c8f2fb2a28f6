"""Japanese Occupation Event cards that grant Operations and Special Activities (rule 5, 9.0 L1739-2121): J1, J7,
J9 (Mandatory), J11, J13, J21, J24, J25 unshaded, J26 and J32. Each text's effect, who makes its choices (ruling
R-5.1: the faction the text names, or the owner of the granted action, whoever executes; ruling R-FREE-OPS), its
spaces and counts, "may" (ruling R-EVENT-MAY), 5.1.3 (a text that can change nothing is not offered; a grant that
could do nothing is not asked), the card rulings (R-J9, R-J11, R-J13, R-J21, R-J26, R-J32) and the Example of
Play's J21 shaded (8.0 L1720).

The texts are started as the Event box starts them (``EVENTS.start``, helpers.execute) on a position built by
hand, the orders given with the driver of helpers.py, the invariants checked after each.
"""

from __future__ import annotations

import pytest

from engine.core.flow import Context
from engine.games.japanese_occupation import board as B
from engine.games.japanese_occupation.data import CARDS
from engine.games.japanese_occupation.events import EVENTS
from engine.games.japanese_occupation.events import granted as G
from engine.testing import begin

from .helpers import (
    at_card,
    check,
    do,
    execute,
    legal,
    offers_only_legal,
    over,
    pieces,
    position,
    proc,
    prompt_text,
    refused,
    role,
    said,
    sides,
    sp,
)

PK, PPS, NP, TK = "perak-kelantan", "perak-pahang-selangor", "negri-sembilan-pahang", "thailand-kedah"


# -- J1 Sook Ching -----------------------------------------------------------------------------------------------

def test_J1_unshaded_resistance_rises_one_per_terror_marker():
    """Stacked markers each count (1.4.2: Events stack Terror)."""
    g = position(resistance=4, perak={"terror": 1}, johore={"terror": 1})
    execute(g, "J1", "unshaded", "japanese")
    assert g.s["resistance"] == 6 and over(g)
    assert "2 Terror markers on the map" in said(g)


def test_J1_unshaded_at_most_three():
    g = position(resistance=4, perak={"terror": 2}, johore={"terror": 1}, kedah={"terror": 2})
    execute(g, "J1", "unshaded")
    assert g.s["resistance"] == 7
    assert "5 Terror markers on the map, 3 at most" in said(g)


def test_J1_unshaded_not_offered_without_terror_or_at_resistance_20():
    assert "unshaded" not in sides(position(resistance=4), "J1")
    assert "unshaded" not in sides(position(resistance=20, perak={"terror": 1}), "J1")


def test_J1_shaded_japanese_reprisal_in_each_space_with_troops_and_opposition_beyond_two():
    """Executed by the British, the Reprisal is still the Japanese' (ruling R-FREE-OPS); every such space, not
    Reprisal's two (4.3.2), and only those."""
    g = position(perak={"troops": 1, "opposition": 1, "mpaja_u": 1}, johore={"troops": 1, "opposition": 1},
                 kedah={"troops": 1, "opposition": 1}, selangor={"troops": 2})
    execute(g, "J1", "shaded", "british")
    assert role(g) == "japanese" and proc(g) == "jo.sa.reprisal"
    assert legal(g) == {"space": ["kedah", "perak", "johore"], "done": []}
    assert prompt_text(g).startswith("Japanese Reprisal (Sook Ching, J1)")
    offers_only_legal(g)
    refused(g, "space selangor", "Selangor is not among the spaces this Reprisal may select", rule="J1")
    do(g, "space kedah", "space perak")
    assert "kedah mpaja-u" in legal(g)["move"]  # the Japanese move the Guerrilla to a neighbour (4.3.2)
    do(g, "move kedah mpaja-u", "space johore")
    assert over(g)
    assert all(sp(g, s)["terror"] == 1 and not sp(g, s)["opposition"] for s in ("kedah", "perak", "johore"))
    assert "Sook Ching: the Japanese began the card's Reprisal." in said(g)


def test_J1_shaded_may_reprisal_nowhere():
    """Ruling R-EVENT-MAY (each): any, all or none of the spaces."""
    g = position(perak={"troops": 1, "opposition": 1})
    execute(g, "J1", "shaded", "japanese")
    do(g, "done")
    assert over(g) and sp(g, "perak")["opposition"] == 1


def test_J1_shaded_whole_reading_a_reprisal_begun_goes_to_every_such_space():
    """Ruling R-EVENT-MAY 'whole': the Japanese may decline the Reprisals, but once one space is selected, each
    other space with Troops and Opposition follows; under 'each' they may stop after one."""
    spaces = dict(perak={"troops": 1, "opposition": 1}, johore={"troops": 1, "opposition": 1})
    g = execute(position(**spaces), "J1", "shaded", "japanese")
    do(g, "space perak")
    assert legal(g) == {"space": ["johore"], "done": []}
    g = execute(position(rulings={"R-EVENT-MAY": "whole"}, **spaces), "J1", "shaded", "japanese")
    assert legal(g) == {"space": ["perak", "johore"], "done": []}  # the whole text may be declined
    do(g, "space perak")
    assert offers_only_legal(g) == {"space": ["johore"]} and "done" not in prompt_text(g)
    refused(g, "done", "the Reprisal has selected Perak and may still select Johore",
            "the umpire's reading 'whole' of ruling R-EVENT-MAY carries a begun text out in full", rule="J1")
    do(g, "space johore")
    assert over(g) and sp(g, "johore")["terror"] == 1 and not sp(g, "johore")["opposition"]


def test_J1_shaded_not_offered_without_troops_and_opposition_together():
    g = position(perak={"troops": 1}, johore={"opposition": 1})
    assert "shaded" not in sides(g, "J1", "japanese")


# -- J7 South East Asia Command -------------------------------------------------------------------------------------

def gather_position(**extra) -> Context:
    """Force 136 in Perak, an Underground Guerrilla in Perak and Kedah over concealed chits (drawn 2 and 1)."""
    return position(draws=[2, 1], perak={"force_136": 1, "mpaja_u": 1}, kedah={"non_mpaja_u": 1}, **extra)


def test_J7_unshaded_zipper_to_6_releases_a_cache_then_the_british_may_gather():
    """6.7.2: the '6' box's Supply Cache goes to British Available; the Gather is the British', whoever
    executes (ruling R-5.1), in the rule's spaces (ruling R-FREE-OPS)."""
    g = gather_position()
    caches = g.s["available"]["caches"]
    execute(g, "J7", "unshaded", "japanese")
    assert g.s["zipper"] == 6 and g.s["available"]["caches"] == caches + 1
    assert role(g) == "british" and proc(g) == "jo.sa.gather"
    assert prompt_text(g).startswith("British Gather (South East Asia Command, J7)")
    assert "done" in legal(g)  # "may": the Gather may select nothing
    offers_only_legal(g)
    do(g, "space perak", "reveal perak mpaja-u", "reveal kedah non-mpaja-u")
    assert over(g)
    assert g.s["intel"]["perak"]["revealed"] and g.s["intel"]["kedah"]["revealed"]


def test_J7_unshaded_whole_reading_a_gather_begun_selects_every_space_it_can():
    """Ruling R-EVENT-MAY 'whole': once the Gather selects a space, it selects up to its count (4.2.2: two) while
    a space with Force 136 is left; the reveals stay the British's choice."""
    g = gather_position(johore={"force_136": 1}, rulings={"R-EVENT-MAY": "whole"})
    execute(g, "J7", "unshaded", "japanese")
    assert "done" in legal(g)
    do(g, "space perak")
    actions = offers_only_legal(g)
    assert actions == {"space": ["johore"], "reveal": ["kedah non-mpaja-u", "perak mpaja-u"]}
    refused(g, "done", "may still select Johore", "ruling R-EVENT-MAY", rule="J7")
    do(g, "reveal perak mpaja-u", "space johore")
    assert legal(g) == {"reveal": ["kedah non-mpaja-u"], "done": []}  # the count reached: done is back
    do(g, "done")
    assert over(g) and g.s["intel"]["perak"]["revealed"] and not g.s["intel"]["kedah"]["revealed"]


def test_J7_unshaded_without_a_gather_only_shifts_the_zipper():
    g = position(zipper=6)
    assert "unshaded" in sides(g, "J7")
    execute(g, "J7", "unshaded")
    assert g.s["zipper"] == 12 and over(g)
    assert "South East Asia Command: the British could conduct no Gather: " in said(g)


def test_J7_unshaded_not_offered_at_20_without_a_gather():
    assert "unshaded" not in sides(position(zipper=20), "J7")
    g = gather_position(zipper=20)
    assert "unshaded" in sides(g, "J7")
    execute(g, "J7", "unshaded")
    assert g.s["zipper"] == 20 and "Operation Zipper is at '20' already" in said(g)


def test_J7_shaded_two_boxes_toward_delay_take_back_both_caches_from_available():
    g = position(zipper=12)
    caches = g.s["available"]["caches"]
    assert g.s["zipper_caches"] == []
    execute(g, "J7", "shaded", "japanese")
    assert g.s["zipper"] == 0 and g.s["zipper_caches"] == [6, 12]
    assert g.s["available"]["caches"] == caches - 2 and over(g)


def test_J7_shaded_takes_a_cache_from_the_map_with_none_available():
    """Tip L1817: with no Supply Cache Available the British send one back from the map, choosing which."""
    g = position(zipper=6)
    for sid in B.PROVINCES:  # every Cache off the track on the map, one a space (1.4.2)
        if g.s["available"]["caches"]:
            g.s["available"]["caches"] -= 1
            g.s["spaces"][sid]["caches"] = 1
    check(g.s)
    execute(g, "J7", "shaded")
    assert g.s["zipper"] == 0 and role(g) == "british" and proc(g) == "jo.zipper.return"
    do(g, f"return {legal(g)['return'][0]}")
    assert over(g) and g.s["zipper_caches"] == [6, 12]


def test_J7_shaded_not_offered_at_delay():
    assert "shaded" not in sides(position(zipper=0), "J7")


# -- J9 Atomic Bombings (Mandatory) -----------------------------------------------------------------------------------

def mandatory_j9(g: Context) -> Context:
    """J9 revealed: the Mandatory Event as rules.py starts it after the MPAJA icon (5.4)."""
    at_card(g, "J9")
    begin(g, "jo.mandatory", "british", cid="J9")
    return g


def test_J9_third_campaign_holds_the_final_round_at_once():
    """Ruling R-J9: two Propaganda Rounds held; the MPAJA and Resistance Phases, then Victory (7.0.1)."""
    g = position(resistance=12, perak={"opposition": 1, "troops": 1})
    g.s["propaganda"] = 2
    assert sides(g, "J9") == ["event"]
    mandatory_j9(g)
    assert g.s["outcome"]["winner"] == "japanese"
    assert g.s["propaganda"] == 3 and sp(g, "perak")["mpaja_u"] == 1  # the MPAJA Phase ran (6.1.2)
    assert "The war ends early" in said(g) and "Resistance Phase." in said(g)
    assert "Resources Phase." not in said(g)


@pytest.mark.parametrize("held", [0, 1])
def test_J9_first_or_second_campaign_has_no_effect(held):
    g = position(resistance=12)
    g.s["propaganda"] = held
    assert sides(g, "J9") == []  # it can change nothing: 5.1.3 (the Event box is closed anyway, 5.4)
    mandatory_j9(g)
    assert not g.s.get("outcome") and over(g)
    assert "not the third Campaign: no effect (Tip L1841)" in said(g)


# -- J11 KMT Guerrillas -------------------------------------------------------------------------------------------------

def kmt_position(**extra) -> Context:
    """Kedah: a Police cube and an Underground MPAJA Guerrilla, no Force 136; Perak: an Underground non-MPAJA
    Guerrilla; Kelantan: an Underground MPAJA Guerrilla and a Troop; Pahang (not next to Thailand) likewise."""
    spaces = dict(kedah={"police": 1, "mpaja_u": 1}, perak={"non_mpaja_u": 1},
                  kelantan={"mpaja_u": 1, "troops": 1}, pahang={"mpaja_u": 1, "police": 1})
    spaces.update(extra)
    return position(**spaces)


def test_J11_unshaded_ambush_or_sabotage_next_to_thailand_without_force_136():
    """Ruling R-J11 (per-space): the British, whoever executes, choose the kind space by space, Force 136 not
    needed (ruling R-FREE-OPS); Tip L1863: either kind of Guerrilla."""
    g = kmt_position()
    execute(g, "J11", "unshaded", "japanese")
    assert role(g) == "british" and proc(g) == "jo.ev.free_ops"
    assert legal(g) == {"op": ["ambush", "sabotage"], "done": []}
    offers_only_legal(g)
    refused(g, "op assault", "Assault is a Japanese Operation", rule="3.1")
    refused(g, "op train", "the card grants Ambush or Sabotage, not Train", rule="J11")
    do(g, "op ambush")
    assert proc(g) == "jo.op.ambush"
    assert legal(g)["space"] == ["kedah", "kelantan"]  # Perak has no Japanese force; Pahang is not next to Thailand
    refused(g, "space pahang", "Pahang is not among the spaces this Ambush may select", rule="J11")
    do(g, "space kedah", "remove police")
    assert sp(g, "kedah")["police"] == 0 and sp(g, "kedah")["mpaja_a"] == 1
    do(g, "done")
    assert proc(g) == "jo.ev.free_ops"
    do(g, "op sabotage")
    assert legal(g)["space"] == ["perak", "kelantan"]  # Kedah used already: one action a space
    refused(g, "space kedah", "Kedah is not among the spaces this Sabotage may select", rule="J11")
    do(g, "space perak", f"sabotage {PK}", "done")
    assert g.s["railways"][PK] == 1 and sp(g, "perak")["non_mpaja_a"] == 1
    do(g, "done")  # Kelantan left alone ("may")
    assert over(g) and sp(g, "kelantan")["mpaja_u"] == 1


def test_J11_unshaded_ends_when_every_space_is_used():
    g = kmt_position()
    execute(g, "J11", "unshaded")
    do(g, "op sabotage", "space kedah", "space perak", f"sabotage {PK}", "space kelantan")
    assert legal(g) == {"done": []}  # every space next to Thailand selected
    do(g, "done")
    assert over(g)
    assert "Sabotage" in said(g) and g.s["railways"][TK] == 1


def test_J11_unshaded_one_kind_reading_keeps_the_first_kind():
    g = kmt_position(rulings={"R-J11": "one-kind"})
    execute(g, "J11", "unshaded")
    do(g, "op ambush", "space kedah", "remove police", "done")
    assert legal(g) == {"op": ["ambush"], "done": []}
    refused(g, "op sabotage", "one kind for all its spaces", rule="J11")


def test_J11_unshaded_not_offered_without_an_underground_guerrilla_next_to_thailand():
    g = position(kedah={"police": 1, "mpaja_a": 1}, pahang={"mpaja_u": 1, "police": 1})
    assert "unshaded" not in sides(g, "J11")


def test_J11_shaded_removes_an_mpaja_guerrilla_and_the_opposition_where_both_kinds_are():
    """Forced in Kedah (one MPAJA state there), the executing faction's choice in Perak; Pahang has no non-MPAJA
    Guerrilla and keeps its own."""
    g = position(kedah={"mpaja_u": 1, "non_mpaja_u": 1, "opposition": 1},
                 perak={"mpaja_u": 1, "mpaja_a": 1, "non_mpaja_a": 1, "opposition": 1},
                 pahang={"mpaja_u": 2, "opposition": 1})
    execute(g, "J11", "shaded", "japanese")
    assert pieces(g, "kedah") == {"non_mpaja_u": 1}
    assert role(g) == "japanese" and legal(g) == {"remove": ["perak mpaja-u", "perak mpaja-a"]}
    offers_only_legal(g)
    refused(g, "remove perak non-mpaja-a", "not a choice here", rule="J11")
    refused(g, "done", "the card's text must be carried out", rule="J11")
    do(g, "remove perak mpaja-a")
    assert over(g)
    assert pieces(g, "perak") == {"mpaja_u": 1, "non_mpaja_a": 1}
    assert pieces(g, "pahang") == {"mpaja_u": 2, "opposition": 1}
    assert "KMT Guerrillas: an Active MPAJA Guerrilla in Perak was removed to Available." in said(g)


def test_J11_shaded_says_where_there_was_no_opposition():
    g = position(kedah={"mpaja_u": 1, "non_mpaja_u": 1})
    execute(g, "J11", "shaded")
    assert sp(g, "kedah")["mpaja_u"] == 0 and "Kedah is Neutral: no Opposition to remove" in said(g)


def test_J11_shaded_not_offered_without_both_kinds_in_a_space():
    g = position(kedah={"mpaja_u": 1}, perak={"non_mpaja_u": 1})
    assert "shaded" not in sides(g, "J11")


# -- J13 Lai Teck Betrayal ----------------------------------------------------------------------------------------------

def lai_teck() -> Context:
    """Johore: Kempeitai and an Underground MPAJA Guerrilla, no Force 136; Kedah: a Police cube and an Underground
    non-MPAJA Guerrilla with Force 136; Selangor: an Underground MPAJA Guerrilla next to the sabotaged-free
    Perak-Pahang-Selangor Railway."""
    return position(rolls=[1], johore={"kempeitai": 1, "mpaja_u": 1},
                    kedah={"police": 1, "non_mpaja_u": 1, "force_136": 1}, selangor={"mpaja_u": 1})


def test_J13_unshaded_two_limited_operations_using_mpaja_guerrillas():
    """Ruling R-J13 (mpaja): any space with an Underground MPAJA Guerrilla, Force 136 or not; a non-MPAJA one
    does not serve. Each Limited, without Special Activity (2.4.4)."""
    g = lai_teck()
    execute(g, "J13", "unshaded", "japanese")
    assert role(g) == "british" and legal(g) == {"op": ["ambush", "sabotage"], "done": []}
    assert "Limited Ambush or Sabotage" in prompt_text(g) and "2 left" in prompt_text(g)
    do(g, "op ambush")
    assert legal(g)["space"] == ["johore"]
    refused(g, "space kedah", "only MPAJA Guerrillas serve this Ambush", rule="J13")
    refused(g, "sa gather", "comes with no Special Activity", rule="J13")
    do(g, "space johore")  # no Police: the roll, at once; 1 > 0 cubes
    assert sp(g, "johore")["mpaja_a"] == 1
    do(g, "move kempeitai", "done")
    assert sp(g, "kuala-lumpur")["kempeitai"] == 1 and g.s["resistance"] == 3
    assert proc(g) == "jo.ev.free_ops" and "1 left" in prompt_text(g)
    do(g, "op sabotage", "space selangor")
    assert g.s["railways"][PPS] == 1  # Selangor's one Railway
    do(g, "done")
    assert over(g)


def test_J13_unshaded_the_british_may_stop_after_one():
    g = position(johore={"kempeitai": 1, "mpaja_u": 1}, selangor={"mpaja_u": 1})
    execute(g, "J13", "unshaded")
    do(g, "op sabotage", "space selangor", "done", "done")
    assert over(g) and "the British made no more of the card's Operations" in said(g)


def test_J13_unshaded_whole_reading_binds_the_british_to_the_second():
    g = position(johore={"kempeitai": 1, "mpaja_u": 1}, selangor={"mpaja_u": 1}, rulings={"R-EVENT-MAY": "whole"})
    execute(g, "J13", "unshaded")
    assert "done" in legal(g)  # declining the whole text
    do(g, "op sabotage", "space selangor", "done")
    assert legal(g) == {"op": ["ambush", "sabotage"]}
    refused(g, "done", "carries a begun text out in full", rule="J13")
    offers_only_legal(g)


def test_J13_unshaded_not_offered_without_an_underground_mpaja_guerrilla():
    g = position(kedah={"police": 1, "non_mpaja_u": 1, "force_136": 1}, johore={"mpaja_a": 1, "police": 1})
    assert "unshaded" not in sides(g, "J13")


def either_position() -> Context:
    """For ruling R-J13 'either': Force 136 in Kedah (a non-MPAJA Guerrilla, Police) and Perak (both kinds,
    Police); none in Johore (Kempeitai, an MPAJA Guerrilla), Selangor (both kinds) or Pahang (a non-MPAJA
    Guerrilla, Police)."""
    return position(rolls=[1], rulings={"R-J13": "either"}, johore={"kempeitai": 1, "mpaja_u": 1},
                    kedah={"police": 1, "non_mpaja_u": 1, "force_136": 1},
                    perak={"police": 1, "mpaja_u": 1, "non_mpaja_u": 1, "force_136": 1},
                    selangor={"mpaja_u": 1, "non_mpaja_u": 1}, pahang={"police": 1, "non_mpaja_u": 1})


def test_J13_unshaded_either_reading_force_136_spaces_as_usual_mpaja_guerrillas_elsewhere():
    """Ruling R-J13 'either' (british_ops ``mpaja_elsewhere``): where Force 136 is, any Underground Guerrilla
    serves (the British choose its kind in Perak); elsewhere a space with an Underground MPAJA Guerrilla, and it
    is the one Activated (Selangor's non-MPAJA one stays Underground); a space with neither is refused."""
    g = either_position()
    execute(g, "J13", "unshaded", "japanese")
    do(g, "op ambush")
    assert legal(g)["space"] == ["kedah", "perak", "johore"]
    refused(g, "space pahang", "Pahang has no Force 136 marker and no Underground MPAJA Guerrilla",
            "the umpire's reading 'either' of ruling R-J13", rule="J13")
    refused(g, "space selangor", "Ambush needs Japanese forces or Kempeitai", rule="3.2.4")
    do(g, "space kedah")  # Force 136 there: its non-MPAJA Guerrilla serves
    assert sp(g, "kedah")["non_mpaja_a"] == 1
    do(g, "remove police", "space perak")
    assert offers_only_legal(g) == {"activate": ["mpaja-u", "non-mpaja-u"]}
    do(g, "activate non-mpaja-u", "remove police", "space johore")  # no Police: the roll at once, 1 > 0 cubes
    assert sp(g, "johore")["mpaja_a"] == 1
    assert "British Ambush in Johore, which has no Force 136: an MPAJA Guerrilla serves there." in said(g)
    do(g, "move kempeitai", "done", "op sabotage")
    assert legal(g)["space"] == ["perak", "selangor"]  # Perak's MPAJA Guerrilla is still Underground
    do(g, "space selangor")
    assert pieces(g, "selangor") == {"mpaja_a": 1, "non_mpaja_u": 1}
    assert g.s["railways"][PPS] == 1
    do(g, "done")
    assert over(g)


def test_J13_unshaded_either_reading_is_offered_with_a_non_mpaja_guerrilla_where_force_136_is():
    """Under the default reading (mpaja) the same position offers J13 unshaded only through the MPAJA
    Guerrillas; with only a non-MPAJA one by Force 136, 'either' offers it and 'mpaja' does not."""
    spaces = dict(kedah={"police": 1, "non_mpaja_u": 1, "force_136": 1}, johore={"mpaja_a": 1, "police": 1})
    assert "unshaded" not in sides(position(**spaces), "J13")
    assert "unshaded" in sides(position(rulings={"R-J13": "either"}, **spaces), "J13")


def test_J13_shaded_eliminate_in_each_kempeitai_space_beyond_two():
    g = position(rolls=[6, 6, 6], intel={"perak": 1},
                 perak={"kempeitai": 1, "police": 1, "force_136": 1},
                 kedah={"kempeitai": 1, "jungle_camp": 1},
                 johore={"kempeitai": 1, "jungle_camp": 1, "mpaja_u": 1},
                 pahang={"kempeitai": 1})
    execute(g, "J13", "shaded", "british")
    assert role(g) == "japanese" and proc(g) == "jo.sa.eliminate"
    assert legal(g) == {"space": ["kedah", "perak", "johore"], "done": []}
    refused(g, "space pahang", "Eliminate could conceal nothing and remove nothing there", rule="4.3.3")
    do(g, "space kedah", "remove jungle-camp", "space perak", "conceal perak", "space johore", "remove jungle-camp")
    assert over(g)
    assert not sp(g, "kedah")["jungle_camp"] and not sp(g, "johore")["jungle_camp"] and not g.s["intel"]["perak"]["revealed"]


def test_J13_shaded_whole_reading_an_eliminate_begun_goes_to_every_such_space():
    """Ruling R-EVENT-MAY 'whole': the Eliminate may select no space, but once it has selected one it selects
    every space with Kempeitai where it can act."""
    g = position(rolls=[6, 6], kedah={"kempeitai": 1, "jungle_camp": 1}, johore={"kempeitai": 1, "jungle_camp": 1},
                 rulings={"R-EVENT-MAY": "whole"})
    execute(g, "J13", "shaded", "british")
    assert legal(g) == {"space": ["kedah", "johore"], "done": []}
    do(g, "space kedah", "remove jungle-camp")
    assert offers_only_legal(g) == {"space": ["johore"]}
    refused(g, "done", "the Eliminate has selected Kedah and may still select Johore", rule="J13")
    do(g, "space johore", "remove jungle-camp")
    assert over(g) and B.on_map(g, "jungle_camp") == 0


def test_J13_shaded_not_offered_where_eliminate_can_do_nothing():
    g = position(perak={"kempeitai": 1}, kedah={"jungle_camp": 1})
    assert "shaded" not in sides(g, "J13", "japanese")


# -- J21 Malay Collaboration ----------------------------------------------------------------------------------------------

def test_J21_unshaded_british_place_available_non_mpaja_guerrillas_anywhere():
    """Ruling R-J21 (available): any or all of those Available, Underground, an Economic Center too."""
    g = position()
    n = g.s["available"]["non_mpaja"]
    execute(g, "J21", "unshaded", "japanese")
    assert role(g) == "british" and len(legal(g)["place"]) == len(B.SPACES) and "done" in legal(g)
    assert prompt_text(g) == (f"British (Malay Collaboration): place a non-MPAJA Guerrilla in any space (place SPACE)"
                              f" (0 of up to {n}), or done")
    offers_only_legal(g)
    do(g, "place ec-top", "place kedah", "place kedah", "done")
    assert over(g) and sp(g, "kedah")["non_mpaja_u"] == 2 and sp(g, "ec-top")["non_mpaja_u"] == 1
    assert g.s["available"]["non_mpaja"] == n - 3


def test_J21_unshaded_all_available_placed_ends_the_text():
    g = position(kedah={"non_mpaja_a": 1})
    n = g.s["available"]["non_mpaja"]
    g.s["available"]["non_mpaja"] = 2
    g.s["spaces"]["perak"]["non_mpaja_u"] = n - 2
    check(g.s)
    execute(g, "J21", "unshaded")
    do(g, "place johore", "place johore")
    assert over(g) and sp(g, "kedah")["non_mpaja_a"] == 1  # none taken from the map (ruling R-J21)


def test_J21_unshaded_not_offered_with_none_available():
    g = position()
    n = g.s["available"]["non_mpaja"]
    g.s["available"]["non_mpaja"] = 0
    g.s["spaces"]["perak"]["non_mpaja_u"] = n
    check(g.s)
    assert "unshaded" not in sides(g, "J21")
    g.s["rulings"] = {"R-J21": "map"}
    assert "unshaded" in sides(g, "J21")


def test_J21_unshaded_map_reading_places_map_guerrillas_anew_each_once():
    """Ruling R-J21 (map): after the Available ones, the British take theirs from the map and place them anew,
    Underground; one placed by the card is not taken again."""
    g = position(rulings={"R-J21": "map"}, kedah={"non_mpaja_a": 1})
    n = g.s["available"]["non_mpaja"]
    g.s["available"]["non_mpaja"] = 1
    g.s["spaces"]["perak"]["non_mpaja_u"] = n - 1
    check(g.s)
    execute(g, "J21", "unshaded")
    do(g, "place johore")
    assert proc(g) == "jo.ev.J21.relocate"
    assert "johore johore non-mpaja-u" not in legal(g)["move"]
    refused(g, "move johore kedah non-mpaja-u", "placed there by this card: each Guerrilla once", rule="J21")
    refused(g, "move pahang kedah non-mpaja-u", "Pahang has no Underground non-MPAJA Guerrilla", rule="J21")
    offers_only_legal(g)
    do(g, "move kedah ec-bottom non-mpaja-a")
    assert sp(g, "kedah")["non_mpaja_a"] == 0 and sp(g, "ec-bottom")["non_mpaja_u"] == 1
    assert "ec-bottom perak non-mpaja-u" not in legal(g)["move"]
    do(g, "done")
    assert over(g)


def example_j21() -> Context:
    """8.0 L1720, before the Japanese execute J21 shaded: Kempeitai in Perak (Force 136, the 1-value chit revealed
    by the Gather, no Police since the Ambush), Johore (its 0 chit revealed, its Police gone to the icon) and Kuala
    Lumpur; the other revealed chits Kedah 2 and Trengganu 2."""
    return position(intel={"kedah": 2, "perak": 1, "trengganu": 2, "johore": 0},
                    perak={"troops": 3, "kempeitai": 1, "force_136": 1, "caches": 1, "mpaja_a": 1},
                    johore={"troops": 1, "kempeitai": 1, "mpaja_a": 1, "terror": 1},
                    kuala_lumpur={"troops": 4, "police": 1, "kempeitai": 1},
                    kelantan={"troops": 1, "non_mpaja_a": 1, "force_136": 1, "jungle_camp": 1},
                    negri_sembilan={"troops": 6, "opposition": 1})


def test_8_0_J21_shaded_police_in_three_provinces_then_eliminate_conceals_perak():
    """L1720: Police into Perak, Negri Sembilan and Johore; Eliminate in Perak conceals the 1-value chit."""
    g = example_j21()
    police = g.s["available"]["police"]
    execute(g, "J21", "shaded", "japanese")
    assert role(g) == "japanese" and legal(g)["place"] == B.PROVINCES
    assert "done" not in legal(g)
    offers_only_legal(g)
    refused(g, "place kuala-lumpur", "not among the spaces the card places in", rule="J21")
    refused(g, "done", "what an Event can do, it must", rule="J21")
    do(g, "place perak")
    refused(g, "place perak", "1 piece(s) in Perak already, the most the card allows in one space", rule="J21")
    do(g, "place negri-sembilan", "place johore")
    assert g.s["available"]["police"] == police - 3
    assert proc(g) == "jo.sa.eliminate" and legal(g) == {"space": ["perak", "johore"]}
    refused(g, "done", "has selected no space yet", rule="J21")
    do(g, "space perak")
    assert legal(g) == {"conceal": ["perak"], "roll": []}
    do(g, "conceal perak")
    assert over(g) and not g.s["intel"]["perak"]["revealed"] and g.s["intel"]["perak"]["value"] == 1


def test_J21_shaded_executed_by_the_british_the_japanese_eliminate():
    g = example_j21()
    execute(g, "J21", "shaded", "british")
    assert role(g) == "british"
    do(g, "place kedah", "place pahang", "place johore")
    assert role(g) == "japanese" and legal(g) == {"space": ["johore"]}


def test_J21_shaded_without_an_eliminate_places_the_police_only():
    g = position()
    execute(g, "J21", "shaded", "japanese")
    do(g, "place kedah", "place perak", "place pahang")
    assert over(g) and "the Japanese could conduct no Eliminate" in said(g)


# -- J24 Victory in Europe ------------------------------------------------------------------------------------------------

def test_J24_unshaded_zipper_then_a_supply_at_the_new_level():
    """6.7.3: at '12' Supply selects three Provinces; the count is the rule's (ruling R-FREE-OPS)."""
    g = position(zipper=6, kedah={"force_136": 1, "jungle_camp": 1}, perak={"force_136": 1, "jungle_camp": 1},
                 pahang={"force_136": 1, "jungle_camp": 1})
    execute(g, "J24", "unshaded", "japanese")
    assert g.s["zipper"] == 12 and role(g) == "british" and proc(g) == "jo.sa.supply"
    assert "of up to 3 selected" in prompt_text(g)
    offers_only_legal(g)
    do(g, "space kedah", "space perak", "space pahang")
    assert over(g) and all(sp(g, s)["caches"] == 1 and not sp(g, s)["jungle_camp"] for s in ("kedah", "perak", "pahang"))


def test_J24_unshaded_may_supply_nowhere():
    g = position(zipper=6, kedah={"force_136": 1, "jungle_camp": 1})
    execute(g, "J24", "unshaded")
    do(g, "done")
    assert over(g) and sp(g, "kedah")["jungle_camp"] == 1


def test_J24_unshaded_whole_reading_a_supply_begun_selects_every_province_it_can():
    """Ruling R-EVENT-MAY 'whole': declined, nothing happens; begun, the Supply goes on while a Province with Force
    136 and a Jungle Camp is left (6.7.3: three at '12'). Under 'each' it may stop after one."""
    spaces = dict(kedah={"force_136": 1, "jungle_camp": 1}, perak={"force_136": 1, "jungle_camp": 1})
    g = execute(position(zipper=6, **spaces), "J24", "unshaded")
    do(g, "space kedah")
    assert legal(g) == {"space": ["perak"], "done": []}
    g = execute(position(zipper=6, rulings={"R-EVENT-MAY": "whole"}, **spaces), "J24", "unshaded")
    do(g, "space kedah")
    assert offers_only_legal(g) == {"space": ["perak"]}
    refused(g, "done", "the Supply has selected Kedah and may still select Perak", rule="J24")
    do(g, "space perak")
    assert over(g) and sp(g, "perak")["caches"] == 1


def test_J24_shaded_resistance_falls_per_space_with_force_136_and_a_jungle_camp():
    g = position(resistance=5, kedah={"force_136": 2, "jungle_camp": 1}, perak={"force_136": 1, "jungle_camp": 1},
                 pahang={"jungle_camp": 1})
    execute(g, "J24", "shaded", "japanese")
    assert g.s["resistance"] == 3 and over(g)


def test_J24_shaded_not_offered_at_zero_or_without_such_a_space():
    assert "shaded" not in sides(position(resistance=0, kedah={"force_136": 1, "jungle_camp": 1}), "J24")
    assert "shaded" not in sides(position(resistance=5, kedah={"force_136": 1}), "J24")


# -- J25 John Davis (unshaded) ---------------------------------------------------------------------------------------------

def test_J25_unshaded_contact_then_any_special_activity():
    """The Contact places a Force 136 marker and a Jungle Camp (3.2.2); then the British choose one Special
    Activity that could act (Supply here), with the rule's spaces."""
    g = position(kedah={"mpaja_u": 1})
    execute(g, "J25", "unshaded", "japanese")
    assert role(g) == "british" and proc(g) == "jo.op.contact"
    do(g, "place perak")
    assert sp(g, "perak")["force_136"] == 1 and sp(g, "perak")["jungle_camp"] == 1
    assert proc(g) == "jo.ev.free_sa"
    assert legal(g) == {"sa": ["supply", "gather"], "done": []}  # Kedah's Guerrilla is next to Perak
    offers_only_legal(g)
    refused(g, "sa extract", "'extract' is no British Special Activity", rule="J25")
    refused(g, "sa raid", "Raid could do nothing now", rule="J25")
    do(g, "sa supply")
    assert proc(g) == "jo.sa.supply" and prompt_text(g).startswith("British Supply (John Davis, J25)")
    do(g, "space perak")
    assert over(g) and sp(g, "perak")["caches"] == 1


def test_J25_unshaded_contact_declined_the_special_activity_still_offered():
    g = position(kedah={"mpaja_u": 1, "force_136": 1})
    execute(g, "J25", "unshaded")
    do(g, "done")
    assert proc(g) == "jo.ev.free_sa" and legal(g) == {"sa": ["gather"], "done": []}
    do(g, "done")
    assert over(g) and "the British conducted no Special Activity" in said(g)


def test_J25_unshaded_whole_reading_declining_the_contact_declines_the_text():
    g = position(kedah={"mpaja_u": 1, "force_136": 1}, rulings={"R-EVENT-MAY": "whole"})
    execute(g, "J25", "unshaded")
    do(g, "done")
    assert over(g) and "declined the Contact, and with it the text" in said(g)


def test_J25_unshaded_whole_reading_a_contact_made_binds_the_british_to_a_special_activity():
    g = position(kedah={"mpaja_u": 1}, rulings={"R-EVENT-MAY": "whole"})
    execute(g, "J25", "unshaded")
    do(g, "place perak")
    assert legal(g) == {"sa": ["supply", "gather"]}
    refused(g, "done", "carries a begun text out in full", rule="J25")
    offers_only_legal(g)


def test_J25_unshaded_not_offered_when_nothing_could_act():
    """Every Force 136 marker waiting on the card (J25 shaded): no Contact, and no Special Activity could act."""
    g = position()
    g.s["davis"], g.s["available"]["force_136"] = g.s["available"]["force_136"], 0
    check(g.s)
    assert "unshaded" not in sides(g, "J25")
    g.s["davis"], g.s["available"]["force_136"] = g.s["davis"] - 1, 1
    assert "unshaded" in sides(g, "J25")


# -- J26 Subhas Chandra Bose -------------------------------------------------------------------------------------------------

def test_J26_unshaded_ambush_success_raises_resistance_by_two_instead_of_moving():
    """Ruling R-J26 (no-f136): one space with Troops, no Force 136 needed; the roll (a Police cube there does not
    offer its removal), +1 for the Supply Cache next door: 3 > 2 cubes."""
    g = position(rolls=[2], resistance=4, kelantan={"troops": 1, "police": 1, "mpaja_u": 1},
                 perak={"caches": 1, "mpaja_u": 1}, johore={"police": 1, "mpaja_u": 1})
    execute(g, "J26", "unshaded", "japanese")
    assert role(g) == "british" and proc(g) == "jo.op.ambush"
    assert legal(g)["space"] == ["kelantan"]
    refused(g, "space johore", "this Ambush goes to a space with Troops", rule="J26")
    do(g, "space kelantan")
    assert g.s["resistance"] == 6 and sp(g, "kelantan")["troops"] == 1 and sp(g, "kelantan")["police"] == 1
    assert "space" not in legal(g)  # one space
    do(g, "done")
    assert over(g)


def test_J26_unshaded_failed_roll_changes_nothing_more():
    g = position(rolls=[2], resistance=4, kelantan={"troops": 2, "mpaja_u": 1})
    execute(g, "J26", "unshaded")
    do(g, "space kelantan", "done")
    assert g.s["resistance"] == 4 and sp(g, "kelantan")["mpaja_a"] == 1


def test_J26_unshaded_f136_reading_needs_force_136():
    g = position(kelantan={"troops": 1, "mpaja_u": 1}, rulings={"R-J26": "f136"})
    assert "unshaded" not in sides(g, "J26")
    g.s["spaces"]["kelantan"]["force_136"] = 1
    g.s["available"]["force_136"] -= 1
    assert "unshaded" in sides(g, "J26")


def test_J26_shaded_sweep_in_two_spaces_police_moving_as_troops():
    """Tip L2043: Police move in from adjacent spaces; the Activation counts them as cubes (3.3.3)."""
    g = position(kuala_lumpur={"police": 2}, selangor={"mpaja_u": 2}, perak={"troops": 1}, kedah={"mpaja_u": 1})
    execute(g, "J26", "shaded", "british")
    assert role(g) == "japanese" and proc(g) == "jo.op.sweep"
    assert "0 of 2 selected" in prompt_text(g)
    do(g, "space selangor", "space kedah")
    assert "space" not in legal(g)
    do(g, "done", "move kuala-lumpur selangor police", "move kuala-lumpur selangor police",
       "move perak kedah troops")
    assert over(g)  # nothing more could move: the moves were made together, then the Activation (3.3.3)
    assert sp(g, "selangor")["police"] == 2 and sp(g, "selangor")["mpaja_a"] == 2
    assert sp(g, "kedah")["troops"] == 1 and sp(g, "kedah")["mpaja_u"] == 1  # a Jungle Province: one per two cubes


# -- J32 MPAJU ---------------------------------------------------------------------------------------------------------------

def test_J32_unshaded_british_place_an_mpaja_guerrilla_in_each_camp_at_opposition():
    g = position(kedah={"jungle_camp": 1, "opposition": 1}, perak={"jungle_camp": 1, "opposition": 1},
                 pahang={"jungle_camp": 1}, johore={"opposition": 1})
    execute(g, "J32", "unshaded", "japanese")
    assert role(g) == "british" and legal(g) == {"place": ["kedah", "perak"], "done": []}
    assert "a space with a Jungle Camp and Opposition (place SPACE)" in prompt_text(g)
    refused(g, "place pahang", "not among the spaces the card places in", rule="J32")
    do(g, "place kedah")
    refused(g, "place kedah", "the most the card allows in one space", rule="J32")
    do(g, "place perak")
    assert over(g) and sp(g, "kedah")["mpaja_u"] == sp(g, "perak")["mpaja_u"] == 1


def test_J32_unshaded_not_offered_without_such_a_space():
    assert "unshaded" not in sides(position(kedah={"jungle_camp": 1}, perak={"opposition": 1}), "J32")


def mpaju_position(**extra) -> Context:
    """Sabotage on the Perak-Kelantan Railway; Troops in Kedah next to Perak and in Kelantan; Guerrillas in Perak."""
    return position(sabotage={PK: 1}, kedah={"troops": 2}, perak={"mpaja_u": 2, "opposition": 1},
                    kelantan={"troops": 1}, **extra)


def test_J32_shaded_limited_sweep_then_reprisal_in_that_province():
    g = mpaju_position()
    execute(g, "J32", "shaded", "british")
    assert role(g) == "japanese" and proc(g) == "jo.op.sweep"
    assert legal(g)["space"] == ["perak", "kelantan"]  # the Provinces next to the sabotaged Railway
    refused(g, "space pahang", "Pahang is not among the spaces this Sweep may select", rule="J32")
    do(g, "space perak")
    assert "space" not in legal(g)  # Limited: one destination
    do(g, "done", "move kedah perak", "move kedah perak", "done")
    assert sp(g, "perak")["troops"] == 2 and sp(g, "perak")["mpaja_a"] == 2
    assert proc(g) == "jo.sa.reprisal" and legal(g) == {"space": ["perak"], "done": []}
    do(g, "space perak", "move pahang mpaja-a")
    assert over(g)
    assert sp(g, "perak")["terror"] == 1 and not sp(g, "perak")["opposition"] and sp(g, "pahang")["mpaja_a"] == 1


def test_J32_shaded_no_troops_swept_in_no_reprisal_there():
    """The Reprisal needs Troops in the swept Province (ruling R-FREE-OPS); none moved in, the log says why."""
    g = mpaju_position()
    execute(g, "J32", "shaded", "japanese")
    do(g, "space perak", "done", "done")
    assert over(g) and sp(g, "perak")["terror"] == 0
    assert "MPAJU: the Japanese could conduct no Reprisal in Perak: Perak has no Troop" in said(g)


def test_J32_shaded_sweep_declined_the_reprisal_may_go_to_another_such_province():
    """Ruling R-J32 (either): without a Sweep the Japanese may still Reprisal in one such Province with Troops."""
    g = mpaju_position()
    execute(g, "J32", "shaded", "japanese")
    do(g, "done")
    assert proc(g) == "jo.sa.reprisal" and legal(g) == {"space": ["kelantan"], "done": []}
    do(g, "space kelantan")
    assert over(g) and sp(g, "kelantan")["terror"] == 1


def test_J32_shaded_whole_reading_a_sweep_made_binds_the_japanese_to_the_reprisal():
    g = mpaju_position(rulings={"R-EVENT-MAY": "whole"})
    execute(g, "J32", "shaded", "japanese")
    do(g, "space perak", "done", "move kedah perak", "done")
    assert legal(g) == {"space": ["perak"]}
    refused(g, "done", "has selected no space yet", rule="J32")


@pytest.mark.parametrize("ruling", [{"R-J32": "after-sweep"}, {"R-EVENT-MAY": "whole"}])
def test_J32_shaded_sweep_declined_no_reprisal_under_the_other_readings(ruling):
    g = mpaju_position(rulings=ruling)
    execute(g, "J32", "shaded", "japanese")
    do(g, "done")
    assert over(g) and sp(g, "kelantan")["terror"] == 0
    assert "declined the Sweep, and with it the Reprisal" in said(g)


def test_J32_shaded_not_offered_without_a_sabotaged_railway():
    g = position(kuala_lumpur={"troops": 2}, perak={"mpaja_u": 2})
    assert "shaded" not in sides(g, "J32", "japanese")


# -- every text of the batch is registered -----------------------------------------------------------------------------------

@pytest.mark.parametrize("cid", ["J1", "J7", "J11", "J13", "J21", "J24", "J26", "J32"])
def test_5_2_both_texts_registered(cid):
    assert (cid, "unshaded") in EVENTS and (cid, "shaded") in EVENTS


def test_5_4_J9_single_mandatory_text_and_J25_unshaded_registered():
    assert ("J9", "event") in EVENTS and CARDS["J9"]["mandatory"]
    assert ("J25", "unshaded") in EVENTS and G.TITLE["J25"] == "John Davis"
