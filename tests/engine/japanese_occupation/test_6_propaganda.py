"""Japanese Occupation's Propaganda Round (6.0-6.6, L1505-1594; engine.games.japanese_occupation.propaganda and
propaganda_phases): the MPAJA Phase (6.1.1 Clashes, 6.1.2 Mobilize; ruling R-6.1.2), the Resistance Phase's
terms, net change and clamps (6.2.1-6.2.4, J15 shaded), the Zipper (6.2.5, 6.7.2: release, and return from the
map), Resources (6.3.1 with ruling R-6.3.1; 6.3.2 Construct), Support (6.4), Redeploy (6.5), Reset (6.6 with J17
and J25, ruling R-J25), and the Example of Play's round from the position before it (8.0 L1722-1729; digest B.9
card 7)."""

from __future__ import annotations

from engine.games.japanese_occupation import board as B
from engine.games.japanese_occupation import propaganda as P
from engine.games.japanese_occupation import propaganda_phases as PP
from engine.testing import begin, idle

from .helpers import do, legal, position, prompt_text, refused, role, said, sp

SCRIPT = P.JapaneseOccupationPropaganda.script


def run_round(g, step: str = "mpaja", rounds: int = 0):
    """Starts the Propaganda Round at script step *step*, *rounds* held before, and runs it to the first
    decision."""
    g.s["propaganda"] = rounds
    begin(g, "jo.propaganda", "british", pc=SCRIPT.index(step))
    return g


def phase(g, start):
    """Runs one phase's starter (``propaganda_phases.start_*``) on an empty flow, to its first decision."""
    start(idle(g))
    g.settle()
    return g


def round_step(g, step: str):
    """Runs one automatic step of the round (its method) on an empty flow."""
    getattr(g.procs["jo.propaganda"], step)(idle(g), {})
    g.settle()
    return g


# -- 6.1 MPAJA Phase -------------------------------------------------------------------------------------------

def test_6_1_1_clashes_remove_one_of_each_kind_forced_where_single():
    g = phase(position(kedah={"mpaja_u": 2, "non_mpaja_a": 1}, perak={"mpaja_u": 1}, pahang={"non_mpaja_u": 1}),
              PP.start_clashes)
    assert not g.s["flow"]
    assert (sp(g, "kedah")["mpaja_u"], sp(g, "kedah")["non_mpaja_a"]) == (1, 0)
    assert g.s["available"]["mpaja"] == 10 - 2 and g.s["available"]["non_mpaja"] == 4 - 1
    assert sp(g, "perak")["mpaja_u"] == 1 and sp(g, "pahang")["non_mpaja_u"] == 1
    assert "Clashes in Kedah" in said(g)


def test_6_1_1_clashes_british_choose_the_state_where_both_are():
    g = phase(position(kedah={"mpaja_u": 1, "mpaja_a": 1, "non_mpaja_u": 1}, selangor={"mpaja_a": 1}),
              PP.start_clashes)
    assert role(g) == "british"
    assert sorted(legal(g)["remove"]) == ["kedah mpaja-a", "kedah mpaja-u"]
    assert sp(g, "kedah")["non_mpaja_u"] == 0  # the forced half made at once
    refused(g, "remove kedah non-mpaja-u", "resolved already", rule="6.1.1")
    refused(g, "remove selangor mpaja-a", "no Clash", rule="6.1.1")
    refused(g, "remove kedah troops", "Guerrillas", rule="6.1.1")
    refused(g, "done", "Clashes must be resolved", rule="6.1.1")
    do(g, "remove kedah mpaja-a")
    assert sp(g, "kedah")["mpaja_u"] == 1 and sp(g, "kedah")["mpaja_a"] == 0
    assert not g.s["flow"]


def test_6_1_1_no_clash_is_logged():
    g = phase(position(kedah={"mpaja_u": 1}), PP.start_clashes)
    assert "no space holds both" in said(g)


def test_6_1_2_mobilize_places_in_each_opposition_space():
    g = phase(position(trengganu={"opposition": 1}, negri_sembilan={"opposition": 1, "troops": 6},
                       kedah={}), PP.start_mobilize)
    assert sp(g, "trengganu")["mpaja_u"] == 1 and sp(g, "negri-sembilan")["mpaja_u"] == 1
    assert B.mpaja(sp(g, "kedah")) == 0
    assert g.s["available"]["mpaja"] == 8


def test_6_1_2_mobilize_too_few_available_british_choose_ruling_r_6_1_2():
    g = position(trengganu={"opposition": 1}, negri_sembilan={"opposition": 1}, kedah={"opposition": 1},
                 pahang={"mpaja_u": 8})
    assert g.s["available"]["mpaja"] == 2
    phase(g, PP.start_mobilize)
    assert role(g) == "british" and sorted(legal(g)["place"]) == ["kedah", "negri-sembilan", "trengganu"]
    assert "place SPACE" in prompt_text(g)
    refused(g, "place pahang", "Opposition", rule="6.1.2")
    do(g, "place kedah")
    refused(g, "place kedah", "already", rule="6.1.2")
    do(g, "place trengganu")
    assert not g.s["flow"]  # none left: Negri Sembilan receives none (no Guerrilla from the map)
    assert sp(g, "pahang")["mpaja_u"] == 8 and B.mpaja(sp(g, "negri-sembilan")) == 0


def test_6_1_2_mobilize_none_available():
    g = position(kedah={"opposition": 1}, pahang={"mpaja_u": 10})
    phase(g, PP.start_mobilize)
    assert not g.s["flow"] and "no MPAJA Guerrilla is Available" in said(g)


def test_6_1_2_j15_shaded_new_village_space_counts_as_neutral():
    g = position(kedah={"opposition": 1, "new_village": 1, "troops": 1}, perak={"opposition": 1},
                 capabilities={"J15": "shaded"})
    phase(g, PP.start_mobilize)
    assert B.mpaja(sp(g, "kedah")) == 0 and sp(g, "perak")["mpaja_u"] == 1
    assert "Resettlement Schemes" in said(g)


# -- 6.2 Resistance Phase ---------------------------------------------------------------------------------------

def test_6_2_terms_each_logged_and_net_moved_once():
    """+3 Intel, +2 Caches, +2 spaces with more Guerrillas than cubes, -2 for 9 Resources, -? Neutral Population
    (6.2.4) and -1 for 3 spaces with Police; the marker moves once by the sum."""
    g = position(resistance=5, resources=9, intel={"kedah": 2, "perak": 1},
                 kedah={"caches": 1, "mpaja_u": 1}, perak={"caches": 1, "mpaja_u": 2, "police": 1},
                 selangor={"police": 1}, kuala_lumpur={"police": 1, "troops": 1},
                 trengganu={"opposition": 1}, pahang={"opposition": 1}, negri_sembilan={"opposition": 1},
                 johore={"opposition": 1}, kelantan={"opposition": 1})
    terms = P.resistance_terms(g)
    assert [d for d, _, _ in terms] == [3, 2, 2, -2, -1, -1]  # Neutral: Kedah 2, Perak 3, Selangor 1, KL 2 = 8
    assert [r for _, _, r in terms] == ["6.2.1", "6.2.2", "6.2.2", "6.2.3", "6.2.4", "6.2.4"]
    round_step(g, "resistance")
    assert g.s["resistance"] == 5 + 3 and g.s["resources"] == 0
    log = said(g)
    for needle in ("Intel: revealed chits Kedah 2, Perak 1 (+3)", "2 Supply Caches on the map", "(-2)",
                   "8 Population at Neutral", "3 spaces with Police", "Resistance rose from 5 to 8",
                   "Japanese Resources fell from 9 to 0"):
        assert needle in log, needle


def test_6_2_concealed_intel_counts_nothing():
    g = position(resistance=5)
    g.s["intel"]["kedah"] = {"revealed": False, "seen": True, "value": 2}  # seen, then concealed by Eliminate
    assert P.resistance_terms(g)[0][0] == 0


def test_6_2_clamped_at_zero_and_twenty():
    low = position(resistance=1, resources=20)
    round_step(low, "resistance")
    assert low.s["resistance"] == 0
    high = position(resistance=19, intel={"kedah": 2, "perak": 2, "pahang": 2},
                    **{s.replace("-", "_"): {"opposition": 1} for s in B.OPPOSITION_SPACES})
    round_step(high, "resistance")
    assert high.s["resistance"] == 20
    assert "Resistance rose from 19 to 20" in said(high)


def test_6_2_4_j15_shaded_new_villages_count_as_neutral():
    spaces = {s.replace("-", "_"): {"opposition": 1} for s in B.OPPOSITION_SPACES}
    spaces["perak"] = {"opposition": 1, "new_village": 1, "troops": 1}
    spaces["kedah"] = {"opposition": 1, "new_village": 1, "troops": 1}
    plain = position(**spaces)
    assert P.resistance_terms(plain)[4][0] == 0
    j15 = position(capabilities={"J15": "shaded"}, **spaces)
    assert P.resistance_terms(j15)[4][0] == -1  # Perak 3 + Kedah 2 = 5 Neutral Population


def test_6_2_5_zipper_releases_the_caches_it_reaches():
    g = position(resistance=13)
    caches = g.s["available"]["caches"]
    round_step(g, "zipper")
    assert g.s["zipper"] == 12 and g.s["zipper_caches"] == []
    assert g.s["available"]["caches"] == caches + 2


def test_6_2_5_zipper_falls_and_takes_caches_back_from_the_map():
    """6.7.2: falling from '12' to Delay returns two Supply Caches, none Available: the British choose which on
    the map (jo.zipper.return)."""
    g = position(resistance=5, zipper=12, kedah={"caches": 1}, perak={"caches": 1}, pahang={"caches": 1},
                 johore={"caches": 1}, selangor={"caches": 1})
    assert g.s["available"]["caches"] == 0
    round_step(g, "zipper")
    assert g.s["zipper"] == 0
    assert g.top()["p"] == "jo.zipper.return" and role(g) == "british"
    do(g, "return kedah")
    assert g.top()["p"] == "jo.zipper.return"
    do(g, "return johore")
    assert g.s["zipper_caches"] == [6, 12]
    assert sp(g, "kedah")["caches"] == 0 and sp(g, "johore")["caches"] == 0


def test_6_2_6_not_the_final_card_continues():
    g = position(resistance=3)
    run_round(g, "game_end", rounds=1)
    assert not g.s.get("outcome")
    assert "Not the final Propaganda card" in said(g)


# -- 6.3 Resources Phase -------------------------------------------------------------------------------------------

def test_6_3_1_one_space_a_railway_matched_and_refusals():
    g = position(sabotage={"perak-kelantan": 1, "perak-pahang-selangor": 1, "negri-sembilan-johore": 1},
                 perak={"terror": 1}, johore={"terror": 1}, negri_sembilan={"opposition": 1})
    phase(g, PP.start_oppose)
    assert sorted(legal(g)["oppose"]) == ["kelantan", "kuala-lumpur", "pahang", "selangor"]
    refused(g, "oppose perak", "Terror", rule="6.3.1")
    refused(g, "oppose ec-top", "never at Opposition", rule="6.3.1")
    refused(g, "oppose negri-sembilan", "at Opposition already", rule="6.3.1")
    refused(g, "oppose kedah", "no Railway next to Kedah", rule="6.3.1")
    do(g, "oppose selangor")
    assert sorted(legal(g)["oppose"]) == ["kelantan"]  # the Perak-Pahang-Selangor Railway is spent
    refused(g, "oppose pahang", "serves a space chosen already", rule="6.3.1")
    do(g, "oppose kelantan")
    assert not g.s["flow"]
    assert sp(g, "kelantan")["opposition"] == 1 and sp(g, "selangor")["opposition"] == 1
    assert "Selangor by the Perak-Pahang-Selangor Railway, Kelantan by the Perak-Kelantan Railway" in said(g)


def test_6_3_1_matching_reassigns_railways():
    """Perak first, then Kelantan: Perak's Railway is re-chosen so that both are served."""
    g = position(sabotage={"perak-kelantan": 1, "thailand-perak": 1})
    phase(g, PP.start_oppose)
    do(g, "oppose kelantan")  # it could have taken the Perak-Kelantan Railway
    assert legal(g)["oppose"] == ["perak"]  # Perak still served by the Thailand-Perak Railway
    do(g, "oppose perak")
    assert sp(g, "perak")["opposition"] == 1 and sp(g, "kelantan")["opposition"] == 1


def test_6_3_1_kuala_lumpur_by_ruling():
    g = position(sabotage={"negri-sembilan-pahang": 1}, rulings={"R-6.3.1": "provinces"},
                 pahang={"terror": 1}, negri_sembilan={"terror": 1})
    phase(g, PP.start_oppose)
    assert not g.s["flow"] and sp(g, B.KL)["opposition"] == 0  # no Province left: nothing offered
    g2 = position(sabotage={"negri-sembilan-pahang": 1}, rulings={"R-6.3.1": "provinces"}, pahang={"terror": 1})
    phase(g2, PP.start_oppose)
    refused(g2, "oppose kuala-lumpur", "no Province", rule="6.3.1")
    do(g2, "done")
    assert sp(g2, "negri-sembilan")["opposition"] == 0 and "set no space" in said(g2)


def test_6_3_1_no_sabotage_is_logged():
    g = phase(position(), PP.start_oppose)
    assert not g.s["flow"] and "no Railway has a Sabotage marker" in said(g)


def test_6_3_2_japanese_may_construct():
    g = position(perak={"troops": 3}, sabotage={"thailand-perak": 1})
    run_round(g, "construct", rounds=1)
    f = g.top()
    assert f["p"] == "jo.op.construct" and f["role"] == "japanese" and f["rule"] == "6.3.2" and f["max"] == 3
    assert "done" in legal(g)  # may: declined at once


def test_6_3_2_no_construct_possible_is_logged():
    g = position(perak={"mpaja_u": 1})
    begin(g, "jo.propaganda", "british", settle=False, pc=SCRIPT.index("construct"))
    g.procs["jo.propaganda"].construct(g, g.top())
    assert g.top()["p"] == "jo.propaganda" and "do not Construct" in said(g)


# -- 6.4 Support Phase ---------------------------------------------------------------------------------------------

def test_6_4_1_supply_offered_taken_and_declined():
    g = position(kelantan={"force_136": 1, "jungle_camp": 1})
    run_round(g, "support", rounds=1)
    assert g.top()["p"] == "jo.propaganda.offer" and legal(g) == {"sa": ["supply"], "done": []}
    refused(g, "sa raid", "offers the British a Supply", rule="6.4.1")
    do(g, "sa supply")
    assert g.top()["p"] == "jo.sa.supply" and g.top()["rule"] == "6.4.1"
    g2 = run_round(position(kelantan={"force_136": 1, "jungle_camp": 1}), "support", rounds=1)
    do(g2, "done")
    assert "chose not to Supply" in said(g2) and sp(g2, "kelantan")["jungle_camp"] == 1


def test_6_4_nothing_to_do_is_logged():
    g = run_round(position(), "support", rounds=1)
    log = said(g)
    assert "the British could not Supply" in log and "the Japanese could not Reprisal" in log


def test_6_4_2_reprisal_offered():
    g = position(kelantan={"troops": 1, "non_mpaja_u": 1})
    run_round(g, "reprisal", rounds=1)
    assert g.top()["p"] == "jo.propaganda.offer" and role(g) == "japanese"
    do(g, "sa reprisal")
    assert g.top()["p"] == "jo.sa.reprisal" and g.top()["rule"] == "6.4.2"


# -- 6.5 Redeploy Phase --------------------------------------------------------------------------------------------

def test_6_5_1_force_136_to_jungle_camps_each_once():
    g = position(perak={"force_136": 2}, kelantan={"jungle_camp": 1}, pahang={"jungle_camp": 1, "force_136": 1})
    phase(g, PP.start_british_redeploy)
    assert sorted(legal(g)["move"]) == ["pahang kelantan", "perak kelantan", "perak pahang"]
    refused(g, "move perak kedah", "no Jungle Camp", rule="6.5.1")
    refused(g, "move kedah pahang", "no Force 136", rule="6.5.1")
    do(g, "move perak kelantan")
    refused(g, "move kelantan pahang", "moves once", rule="6.5.1")
    do(g, "done")
    assert sp(g, "perak")["force_136"] == 1 and sp(g, "kelantan")["force_136"] == 1


def test_6_5_1_nothing_to_move_is_logged():
    g = phase(position(perak={"force_136": 1, "jungle_camp": 1}), PP.start_british_redeploy)
    assert not g.s["flow"] and "no Force 136 marker can move" in said(g)


def test_6_5_2_kempeitai_and_police_to_troop_strongholds():
    g = position(kuala_lumpur={"kempeitai": 1, "police": 2, "troops": 2}, kelantan={"troops": 1},
                 johore={"troops": 1, "mpaja_u": 1, "kempeitai": 1}, perak={"troops": 3, "kempeitai": 1,
                                                                            "mpaja_a": 2})
    phase(g, PP.start_japanese_redeploy)
    assert role(g) == "japanese"
    refused(g, "move kuala-lumpur johore kempeitai", "more Japanese Troops than Guerrillas", rule="6.5.2")
    refused(g, "move kelantan perak police", "no Police", rule="6.5.2")
    refused(g, "move kuala-lumpur kelantan troops", "kempeitai|police", rule="6.5.2")
    do(g, "move kuala-lumpur kelantan kempeitai", "move kuala-lumpur perak police")
    refused(g, "move perak kelantan police", "moves once", rule="6.5.2")
    do(g, "done")
    assert sp(g, "kelantan")["kempeitai"] == 1 and sp(g, "perak")["police"] == 1
    assert sp(g, "kuala-lumpur")["police"] == 1


# -- 6.6 Reset Phase -------------------------------------------------------------------------------------------------

def test_6_6_reset_terror_intel_guerrillas_eligibility():
    g = position(intel={"kedah": 2}, perak={"terror": 1, "mpaja_a": 2, "non_mpaja_a": 1},
                 johore={"terror": 2}, sabotage={"thailand-perak": 1})
    g.s["eligible"] = ["japanese", "british"]
    g.s["burma"] = 3  # the Troops Burma Theater (J17) set on its card
    g.s["available"]["troops"] -= 3
    run_round(g, "reset", rounds=1)
    assert all(x["terror"] == 0 for x in g.s["spaces"].values())
    assert g.s["railways"]["thailand-perak"] == 1  # Sabotage stays (6.6 NOTE)
    assert all(c == {"revealed": False, "seen": False, "value": None} for c in g.s["intel"].values())
    assert sp(g, "perak")["mpaja_u"] == 2 and sp(g, "perak")["non_mpaja_u"] == 1
    assert sp(g, "kuala-lumpur")["troops"] == 3 and g.s["burma"] == 0
    assert g.s["eligible"] == ["british", "japanese"]
    assert not g.s["flow"]


def test_6_6_j25_force_136_returns_where_its_executor_chooses():
    g = position(kedah={"jungle_camp": 1}, pahang={"jungle_camp": 1}, perak={"force_136": 2})
    g.s["available"]["force_136"] -= 1
    g.s["davis"] = 1
    g.s["flags"]["davis_by"] = "japanese"
    run_round(g, "reset", rounds=1)
    assert g.top()["p"] == "jo.propaganda.davis" and role(g) == "japanese"
    refused(g, "place selangor", "no Jungle Camp", rule="J25")
    refused(g, "place ec-top", "Province", rule="J25")
    do(g, "place pahang")
    assert sp(g, "pahang")["force_136"] == 1 and g.s["davis"] == 0
    assert "davis_by" not in g.s["flags"] and not g.s["flow"]


def test_6_6_j25_no_jungle_camp_goes_to_available():
    g = position()
    g.s["available"]["force_136"] -= 1
    g.s["davis"] = 1
    run_round(g, "reset", rounds=1)
    assert g.s["available"]["force_136"] == 3 and g.s["davis"] == 0


# -- the Example of Play's round (8.0 L1722-1729) ---------------------------------------------------------------

def example_position():
    """The position before Propaganda! (J33), digest B.9 card 7."""
    g = position(resistance=3, resources=8, intel={"kedah": 2, "trengganu": 2, "johore": 0},
                 sabotage={"perak-kelantan": 1, "perak-pahang-selangor": 1, "negri-sembilan-johore": 1},
                 kedah={"mpaja_a": 1},
                 perak={"troops": 3, "police": 1, "kempeitai": 1, "mpaja_a": 2, "caches": 1, "force_136": 1,
                        "terror": 1},
                 kelantan={"troops": 1, "non_mpaja_a": 1, "force_136": 1, "jungle_camp": 1},
                 trengganu={"non_mpaja_u": 1, "non_mpaja_a": 1, "jungle_camp": 1, "opposition": 1},
                 pahang={"force_136": 1, "jungle_camp": 1},
                 selangor={"mpaja_a": 1},
                 kuala_lumpur={"troops": 2, "police": 2, "kempeitai": 1},
                 negri_sembilan={"troops": 6, "police": 1, "opposition": 1},
                 johore={"troops": 1, "police": 1, "kempeitai": 1, "mpaja_a": 1, "terror": 1},
                 ec_top={"troops": 1}, ec_bottom={"troops": 1})
    g.s["intel"]["perak"] = {"revealed": False, "seen": True, "value": 1}  # revealed by Gather, concealed by J21
    g.s["eligible"] = ["japanese", "british"]
    return g


def test_8_0_example_mpaja_and_resistance_phases():
    """L1724-1725: no Clashes; MPAJA in Trengganu and Negri Sembilan; +4 +1 +3 -2 -2 -1 = +3, Resistance 6;
    Zipper '6' releases a Supply Cache; Resources 0."""
    g = example_position()
    run_round(g)
    assert sp(g, "trengganu")["mpaja_u"] == 1 and sp(g, "negri-sembilan")["mpaja_u"] == 1
    assert g.s["available"]["mpaja"] == 3
    assert [d for d, _, _ in P.resistance_terms(example_after_mpaja())] == [4, 1, 3, -2, -2, -1]
    assert g.s["resistance"] == 6 and g.s["resources"] == 0
    assert g.s["zipper"] == 6 and g.s["zipper_caches"] == [12] and g.s["available"]["caches"] == 3
    assert "13 Population at Neutral" in said(g) and "4 spaces with Police" in said(g)
    assert g.s["propaganda"] == 1 and not g.s.get("outcome")
    # 6.3.1: the British set Kelantan and Selangor to Opposition
    assert g.top()["p"] == "jo.propaganda.oppose"
    assert sorted(legal(g)["oppose"]) == ["kelantan", "kuala-lumpur", "pahang", "selangor"]
    do(g, "oppose kelantan", "oppose selangor")
    assert sp(g, "kelantan")["opposition"] == 1 and sp(g, "selangor")["opposition"] == 1
    assert g.top()["p"] == "jo.op.construct" and role(g) == "japanese"


def test_8_0_example_whole_round_to_the_stated_position():
    """L1726-1729 then the digest's expected final state: Construct in Perak (the Perak-Kelantan Railway: the
    text does not say which), Negri Sembilan and Johore (a New Village, Opposition); Supply in Kelantan and
    Pahang; Reprisal in Kelantan and Negri Sembilan moving both Guerrillas into Pahang; the Kempeitai in Kuala
    Lumpur to Kelantan; the Reset."""
    g = example_position()
    run_round(g)
    do(g, "oppose kelantan", "oppose selangor",
       "space perak", "remove perak-kelantan", "space negri-sembilan", "remove negri-sembilan-johore",
       "space johore", "place new-village", "done",
       "sa supply", "space kelantan", "space pahang",
       "sa reprisal", "space kelantan", "move pahang non-mpaja-a", "space negri-sembilan", "move pahang mpaja-u",
       "done", "move kuala-lumpur kelantan kempeitai", "done")
    assert not g.s["flow"] and not g.s.get("outcome")
    want = {"kedah": {"mpaja_u": 1},
            "perak": {"troops": 3, "police": 1, "kempeitai": 1, "mpaja_u": 2, "caches": 1, "force_136": 1},
            "kelantan": {"troops": 1, "kempeitai": 1, "caches": 1, "force_136": 1},
            "trengganu": {"non_mpaja_u": 2, "mpaja_u": 1, "jungle_camp": 1, "opposition": 1},
            "pahang": {"force_136": 1, "caches": 1, "non_mpaja_u": 1, "mpaja_u": 1},
            "selangor": {"mpaja_u": 1, "opposition": 1},
            "kuala-lumpur": {"troops": 2, "police": 2},
            "negri-sembilan": {"troops": 6, "police": 1},
            "johore": {"troops": 1, "police": 1, "kempeitai": 1, "mpaja_u": 1, "new_village": 1, "opposition": 1},
            "ec-top": {"troops": 1}, "ec-bottom": {"troops": 1}}
    assert {s: {k: n for k, n in x.items() if n} for s, x in g.s["spaces"].items()} == want
    assert g.s["available"] == {"troops": 0, "police": 1, "mpaja": 3, "non_mpaja": 1, "caches": 1,
                                "new_village": 3, "jungle_camp": 3, "force_136": 0}
    assert [r for r, n in g.s["railways"].items() if n] == ["perak-pahang-selangor"]
    assert (g.s["resistance"], g.s["zipper"], g.s["zipper_caches"], g.s["resources"]) == (6, 6, [12], 0)
    assert g.s["eligible"] == ["british", "japanese"] and g.s["propaganda"] == 1
    assert not any(c["revealed"] for c in g.s["intel"].values())


def example_after_mpaja():
    g = example_position()
    PP.start_clashes(idle(g))
    PP.start_mobilize(g)
    g.settle()
    return g
