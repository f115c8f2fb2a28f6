"""The MPAJA card icons (5.5, L1494-1501; engine.games.japanese_occupation.mpaja): Mobilize Population, Kill
Traitors, Seize Supplies (1.10: a Jungle Camp from the map), Food Shortage; each carried out whenever it can be
(ruling R-5.5, or optional by the umpire's choice), the executing faction choosing, a single outcome applied at
once, no valid space no effect; the Example of Play's icons (8.0 L1652, L1666, L1676, L1690, L1704, L1714)."""

from __future__ import annotations

from engine.coin.game_setup import first_round
from engine.games.japanese_occupation import board as B
from engine.testing import begin

from .helpers import at_card, do, legal, on_setup, position, prompt_text, refused, role, said, sp


def icon(g, name: str, cid: str = "J1", who: str | None = None):
    """Pushes the MPAJA icon *name* for the faction 5.5 names (rules.py does so as a card is revealed)."""
    from engine.games.japanese_occupation.mpaja import EXECUTOR
    begin(g, "jo.mpaja", who or EXECUTOR[name], icon=name, cid=cid)
    return g


# -- Mobilize Population -------------------------------------------------------------------------------------

def test_5_5_mobilize_single_space_is_applied_at_once_example_l1652():
    """L1652: at setup Negri Sembilan is the only Jungle Camp space without Opposition: the British add it."""
    g = on_setup(scenario="example-of-play")
    first_round(g.s)
    g.settle()  # the first card, Secret Army (J14), is revealed and its icon resolved
    assert sp(g, "negri-sembilan")["opposition"] == 1
    assert "Negri Sembilan was set to Opposition" in said(g)
    assert g.top()["p"] == "coin.turn"  # the 1st Eligible's turn follows the icon


def test_5_5_mobilize_british_choose_among_spaces():
    g = icon(position(kedah={"jungle_camp": 1}, pahang={"jungle_camp": 1}, johore={"jungle_camp": 1, "terror": 1},
                      perak={"jungle_camp": 1, "opposition": 1}), "mobilize")
    assert role(g) == "british"
    assert sorted(legal(g)["oppose"]) == ["kedah", "pahang"]
    assert "done" not in legal(g)
    assert "oppose SPACE" in prompt_text(g)
    do(g, "oppose pahang")
    assert sp(g, "pahang")["opposition"] == 1 and sp(g, "kedah")["opposition"] == 0
    assert not g.s["flow"]


def test_5_5_mobilize_refusals_name_the_rule():
    g = icon(position(kedah={"jungle_camp": 1}, pahang={"jungle_camp": 1}, johore={"jungle_camp": 1, "terror": 1},
                      perak={"jungle_camp": 1, "opposition": 1}, selangor={}), "mobilize")
    refused(g, "oppose johore", "Terror", rule="5.5")
    refused(g, "oppose perak", "at Opposition already", rule="5.5")
    refused(g, "oppose selangor", "no Jungle Camp", rule="5.5")
    refused(g, "oppose ec-top", "no Jungle Camp", rule="5.5")
    refused(g, "done", "whenever it can be", rule="5.5")
    refused(g, "oppose narnia", "not a space", rule="1.3.1")


def test_5_5_mobilize_no_valid_space_has_no_effect():
    g = icon(position(kedah={"jungle_camp": 1, "terror": 1}, perak={"jungle_camp": 1, "opposition": 1}), "mobilize")
    assert not g.s["flow"]
    assert "no space qualifies" in said(g)
    assert sp(g, "kedah")["opposition"] == 0


def test_5_5_ruling_optional_lets_the_faction_decline():
    g = icon(position(kedah={"jungle_camp": 1}, rulings={"R-5.5": "optional"}), "mobilize")
    assert legal(g) == {"oppose": ["kedah"], "done": []}  # one space, yet asked: the icon may be declined
    do(g, "done")
    assert sp(g, "kedah")["opposition"] == 0
    assert "carried out none" in said(g)


# -- Kill Traitors ---------------------------------------------------------------------------------------------

def test_5_5_kill_traitors_single_space_example_l1714():
    """L1714: the British remove the Police in Johore, where an MPAJA Guerrilla is."""
    g = icon(position(johore={"police": 1, "mpaja_a": 1}, perak={"police": 1, "non_mpaja_u": 1},
                      kuala_lumpur={"police": 2}), "kill_traitors", cid="J21")
    assert sp(g, "johore")["police"] == 0 and sp(g, "perak")["police"] == 1
    assert g.s["available"]["police"] == 6 - 3
    assert "Police cube was removed from Johore" in said(g)


def test_5_5_kill_traitors_choice_and_refusals():
    g = icon(position(johore={"police": 1, "mpaja_a": 1}, kedah={"police": 2, "mpaja_u": 1},
                      perak={"police": 1, "non_mpaja_u": 1}, pahang={"mpaja_u": 1}), "kill_traitors")
    assert sorted(legal(g)["remove"]) == ["johore police", "kedah police"]
    refused(g, "remove perak police", "MPAJA", rule="5.5")
    refused(g, "remove pahang police", "no Police", rule="5.5")
    refused(g, "remove kedah troops", "Police cube", rule="5.5")
    do(g, "remove kedah police")
    assert sp(g, "kedah")["police"] == 1 and sp(g, "johore")["police"] == 1


def test_5_5_kill_traitors_without_mpaja_has_no_effect():
    g = icon(position(johore={"police": 1, "non_mpaja_a": 1}), "kill_traitors")
    assert not g.s["flow"] and "no space qualifies" in said(g)
    assert sp(g, "johore")["police"] == 1


# -- Seize Supplies ----------------------------------------------------------------------------------------------

def test_5_5_seize_supplies_japanese_choose_example_l1704():
    """L1704: two Supply Caches in spaces without Jungle Camps; the Japanese replace Trengganu's."""
    g = icon(position(trengganu={"caches": 1, "non_mpaja_u": 3}, negri_sembilan={"caches": 1},
                      perak={"caches": 1, "jungle_camp": 1}), "seize_supplies", cid="J8")
    assert role(g) == "japanese"
    assert sorted(legal(g)["replace"]) == ["negri-sembilan", "trengganu"]
    camps = g.s["available"]["jungle_camp"]
    caches = g.s["available"]["caches"]
    do(g, "replace trengganu")
    x = sp(g, "trengganu")
    assert x["caches"] == 0 and x["jungle_camp"] == 1
    assert g.s["available"]["jungle_camp"] == camps - 1 and g.s["available"]["caches"] == caches + 1
    assert sp(g, "negri-sembilan")["caches"] == 1


def test_5_5_seize_supplies_no_space_example_l1690():
    """L1690: the only Supply Cache is in Perak, which has a Jungle Camp: no effect."""
    g = icon(position(perak={"caches": 1, "jungle_camp": 1}), "seize_supplies", cid="J17")
    assert not g.s["flow"] and "no space qualifies" in said(g)
    assert sp(g, "perak")["caches"] == 1


def test_5_5_seize_supplies_never_in_kuala_lumpur():
    """Ruling R-5.5-SEIZE: a Jungle Camp goes only in a Province (1.4.2), so Kuala Lumpur's Cache stays."""
    g = icon(position(kuala_lumpur={"caches": 1}, kedah={"caches": 1}, pahang={"caches": 1}), "seize_supplies")
    assert sorted(legal(g)["replace"]) == ["kedah", "pahang"]
    refused(g, "replace kuala-lumpur", "only in a Province", rule="1.4.2")
    refused(g, "replace selangor", "no Supply Cache", rule="5.5")


def test_5_5_seize_supplies_camp_from_the_map_japanese_choose_1_10():
    """1.10 L1242: none Available, the Japanese move a Jungle Camp from the map, choosing which."""
    g = position(kedah={"caches": 1}, perak={"jungle_camp": 1}, johore={"jungle_camp": 1},
                 pahang={"jungle_camp": 1}, negri_sembilan={"jungle_camp": 1})
    assert g.s["available"]["jungle_camp"] == 0
    icon(g, "seize_supplies")
    assert sp(g, "kedah")["caches"] == 0  # replaced: the Cache went first
    assert sorted(legal(g)["take"]) == ["johore jungle-camp", "negri-sembilan jungle-camp", "pahang jungle-camp",
                                        "perak jungle-camp"]
    assert "take SPACE jungle-camp" in prompt_text(g)
    refused(g, "take kedah jungle-camp", "another space", rule="1.10")
    refused(g, "take johore troops", "take SPACE jungle-camp", rule="1.10")
    do(g, "take johore jungle-camp")
    assert sp(g, "kedah")["jungle_camp"] == 1 and sp(g, "johore")["jungle_camp"] == 0
    assert "Jungle Camp moved from Johore to Kedah" in said(g)


def test_5_5_seize_supplies_single_space_with_camp_available_is_applied_at_once():
    g = icon(position(kedah={"caches": 1, "mpaja_u": 1}, perak={"caches": 1, "jungle_camp": 1}), "seize_supplies")
    assert not g.s["flow"]
    assert sp(g, "kedah")["caches"] == 0 and sp(g, "kedah")["jungle_camp"] == 1
    assert "Supply Cache in Kedah was removed" in said(g)


# -- Food Shortage -------------------------------------------------------------------------------------------------

def test_5_5_food_shortage_japanese_choose_example_l1666():
    """L1666: the Japanese remove the MPAJA Guerrilla in Pahang (Perak's are beside a Supply Cache)."""
    g = position(perak={"mpaja_u": 2, "caches": 1}, pahang={"mpaja_u": 1}, negri_sembilan={"mpaja_u": 1},
                 johore={"mpaja_u": 2})
    at_card(g, "J27")
    icon(g, "food_shortage", cid="J27")
    assert sorted(legal(g)["remove"]) == ["johore mpaja-u", "negri-sembilan mpaja-u", "pahang mpaja-u"]
    refused(g, "remove perak mpaja-u", "Supply Cache", rule="5.5")
    refused(g, "remove pahang mpaja-a", "no Active MPAJA Guerrilla", rule="5.5")
    refused(g, "remove pahang non-mpaja-u", "MPAJA Guerrilla", rule="5.5")
    do(g, "remove pahang mpaja-u")
    assert B.mpaja(sp(g, "pahang")) == 0 and g.s["available"]["mpaja"] == 10 - 5


def test_5_5_food_shortage_state_is_the_japanese_choice():
    g = icon(position(kedah={"mpaja_u": 1, "mpaja_a": 1}), "food_shortage")
    assert sorted(legal(g)["remove"]) == ["kedah mpaja-a", "kedah mpaja-u"]
    do(g, "remove kedah mpaja-a")
    assert sp(g, "kedah")["mpaja_u"] == 1 and sp(g, "kedah")["mpaja_a"] == 0


def test_5_5_food_shortage_single_piece_removed_at_once():
    g = icon(position(kedah={"mpaja_a": 1}, perak={"mpaja_u": 1, "caches": 1}, pahang={"non_mpaja_u": 1}),
             "food_shortage")
    assert not g.s["flow"]
    assert B.mpaja(sp(g, "kedah")) == 0 and B.mpaja(sp(g, "perak")) == 1


def test_5_5_the_umpire_sets_a_cards_printed_icon_with_the_option_icons():
    """Ruling R-ICONS: the icon of 26 cards is not in the text; the umpire's option gives the printed one, the
    log says where each icon comes from, and a bad option is refused before the game is made."""
    import pytest

    import engine
    from engine.core.chance import SeededChance
    from engine.core.errors import InvalidActionError
    from engine.games.japanese_occupation.rules import icon_of, icon_source

    s = engine.setup("japanese-occupation", "standard", {"icons": {"J1": "food_shortage"}}, SeededChance(3))
    assert icon_of(s, "J1") == "food_shortage" and "option icons" in icon_source(s, "J1")
    assert icon_of(s, "J2") == "mobilize" and "Example of Play" in icon_source(s, "J2")  # 8.0 L1676
    assert "ruling R-ICONS" in icon_source(s, "J3")
    with pytest.raises(InvalidActionError, match="an icon is one of"):
        engine.setup("japanese-occupation", "standard", {"icons": {"J1": "ambush"}}, SeededChance(3))
    with pytest.raises(InvalidActionError, match="not an Event card"):
        engine.setup("japanese-occupation", "standard", {"icons": {"J33": "mobilize"}}, SeededChance(3))
