"""Mau Mau Operations of Kenya (3.3): Rally (3.3.1), March (3.3.2), Terror (3.3.3); their cost of 1 Resource
a space, Resources permitting (3.1); Limited (2.3.4: March one destination from many origins); own pieces
from the map (1.4.1, ruling R-1.4.1); Control and Political Will as pieces move (1.7, ruling R-CONTROL-PW);
the free Limited Operation Raid runs in one Province (4.3.3, 5.4); and the Example of Play's Mau Mau steps
(8.0 L2599, L2617-2621, L2631, L2635) from the positions it describes."""

from __future__ import annotations

import pytest

import engine
from engine.core import canonical
from engine.core.chance import NoChance, Recorder
from engine.core.errors import IllegalActionError
from engine.core.flow import Context
from engine.games.kenya import (
    DEFINITION,
    maumau_ops,  # noqa: F401  (registers the Operations)
)
from engine.games.kenya import board as B
from engine.games.kenya.invariants import invariants
from engine.games.kenya.operation import new_op_frame
from engine.testing import Position, begin
from tests.engine.scripted import run_scripted

LOYAL, RESISTANCE = 1, -1


# -- helpers (this file's own) --------------------------------------------------------------------------

def position(pw: int = 12, res: int = 8, population: dict | None = None, **spaces) -> Position:
    """An empty map (every piece Available, the 8 Police Out of Play kept) with the given pieces and markers
    (space ids with underscores as keyword names; ``support`` -1, 0 or 1), Political Will *pw*, Mau Mau
    Resources *res* and the Populations that differ from the printed ones."""
    p = Position("kenya").clear().track(political_will=pw, resources_maumau=res)
    p.position["spaces"] = {}
    for sid, counts in spaces.items():
        p.put(sid.replace("_", "-"), **counts)
    if population:
        p.position["population"] = dict(population)
    return p


def mm(**kw) -> dict:
    """:func:`position` waiting at the Mau Mau's choice of a box, 1st Eligible on K17 (no Capability)."""
    return position(**kw).turn("maumau", "K17").state()


def check(state: dict) -> None:
    problems = invariants(state)
    assert not problems, problems


def run(state: dict, *actions: str) -> tuple[dict, list[dict]]:
    return run_scripted(state, actions, (), (), check)


def role(state: dict) -> str:
    return engine.active_roles(state)[0]


def legal(state: dict) -> dict:
    return engine.legal_actions(state, role(state))


def prompt_text(state: dict) -> str:
    return engine.prompt(state, role(state))["text"]


def refused(state: dict, order: str, match: str, rule: str | None = None) -> None:
    """*order* is refused with words matching *match* (and the rule *rule*), and the state is unchanged."""
    before = canonical.copy(state)
    with pytest.raises(IllegalActionError, match=match) as err:
        engine.apply(state, role(state), order)
    if rule is not None:
        assert err.value.rule == rule, err.value.rule
    assert state == before


def sp(state: dict, sid: str) -> dict:
    return state["spaces"][sid]


def texts(log: list[dict]) -> str:
    return "\n".join(e["text"] for e in log)


def decline_sa(state: dict) -> dict:
    """*state* after an Operation's last order: where the Operation then offers its Special Activity (4.1:
    after it; offered once the Special Activities' module is loaded), the Mau Mau decline it (``done``)."""
    if role(state) == "maumau" and "sa" in legal(state):
        assert legal(state)["done"] == []
        state, _ = run(state, "done")
    return state


def free_op(state: dict, op: str, sid: str, **flags) -> dict:
    """*state* with the frame Raid pushes for its free Limited Operation in *sid* (4.3.3, 5.4:
    ``new_op_frame(g, op, True, False, free=True, only=[sid])``) on top, its first automatic steps run."""
    s = canonical.copy(state)
    begin(Context(s, Recorder(NoChance()), DEFINITION.rules, DEFINITION.procedures), f"ke.op.{op}", "maumau",
          on_top=True, **new_op_frame(None, op, True, False, free=True, only=[sid], **flags))
    return s


# -- Rally (3.3.1) -------------------------------------------------------------------------------------

def test_3_3_1_rally_selects_reserve_provinces_even_loyal_or_unpopulated_and_other_spaces_without_loyalty():
    s = mm(kiambu={"police": 1, "support": LOYAL}, thika={"police": 1, "support": LOYAL},
           nairobi={"police": 1, "support": LOYAL}, rift_valley={"support": RESISTANCE}, population={"nyeri": 0})
    s, _ = run(s, "box opsa", "op rally")
    assert legal(s)["space"] == [x for x in B.SPACES if x not in ("nairobi", "thika")]
    assert {"kiambu", "nyeri", "aberdares", "mount-kenya", "rift-valley"} <= set(legal(s)["space"])
    refused(s, "space thika", r"Thika is Loyal: Rally selects Reserve Provinces and other spaces without "
            r"Loyalty \(3\.3\.1\)", "3.3.1")
    refused(s, "space nairobi", r"Nairobi is Loyal: Rally selects", "3.3.1")
    refused(s, "space mombasa", r"'mombasa' is not a space of the map")


def test_3_3_1_rally_places_one_underground_guerrilla_for_1_resource_and_control_shifts_will():
    s = mm(pw=12, res=3)
    s, log = run(s, "box opsa", "op rally", "space embu")
    assert legal(s) == {"place": ["guerrilla"]}  # no Base: one Guerrilla, nothing else
    assert prompt_text(s) == "Mau Mau Rally in Embu: place a Guerrilla (place guerrilla)"
    s, log2 = run(s, "place guerrilla")
    assert sp(s, "embu")["guerrillas_u"] == 1 and s["resources"]["maumau"] == 2
    assert s["control"]["embu"] == "maumau" and s["pw"] == 11  # Embu Population 1 (1.7)
    assert "Mau Mau paid 1 Resource for Rally in Embu (3 -> 2)." in texts(log + log2)
    assert "Rally: Mau Mau placed a Guerrilla in Embu." in texts(log2)
    lines = [e["text"] for e in log2]  # the placement first, then the Control it gave (1.7)
    placed = lines.index("Rally: Mau Mau placed a Guerrilla in Embu.")
    assert all(placed < i for i, t in enumerate(lines) if "Control" in t or "Political Will" in t), lines


def test_3_3_1_rally_with_a_base_places_up_to_population_plus_bases():
    s = mm(nairobi={"bases": 1, "police": 3})  # Population 2 + 1 Base: 3
    s, _ = run(s, "box opsa", "op rally", "space nairobi")
    assert "place up to 3 Guerrillas" in prompt_text(s)
    s, _ = run(s, "place guerrilla", "place guerrilla")
    assert legal(s) == {"place": ["guerrilla"], "done": []}
    assert "2 of up to 3 Guerrillas placed" in prompt_text(s)
    s2, _ = run(s, "place guerrilla")
    assert sp(s2, "nairobi")["guerrillas_u"] == 3
    assert "space" in legal(s2) and "place" not in legal(s2)  # the third ends the space's placement
    s3, _ = run(s, "done")
    assert sp(s3, "nairobi")["guerrillas_u"] == 2 and "space" in legal(s3)


@pytest.mark.parametrize("sid, bases, population, limit", [
    ("nyeri", 1, 1, 2),  # Relocated to 1: the current Population counts (1.3.2)
    ("nyeri", 1, 0, 1),  # Unpopulated: 0 + 1 Base
    ("aberdares", 2, None, 2),  # a Mountain Jungle: Population 0 + 2 Bases
])
def test_3_3_1_rally_limit_is_the_current_population_plus_bases(sid, bases, population, limit):
    s = mm(population={sid: population} if population is not None else None, **{sid: {"bases": bases}})
    s, _ = run(s, "box opsa", "op rally", f"space {sid}", *["place guerrilla"] * limit)
    assert sp(s, sid)["guerrillas_u"] == limit and "place" not in legal(s)


def test_3_3_1_rally_flips_all_guerrillas_underground_only_where_a_base_is():
    s = mm(mount_kenya={"bases": 1, "guerrillas_a": 2, "guerrillas_u": 1}, meru={"guerrillas_a": 1})
    s, _ = run(s, "box opsa", "op rally", "space meru")
    assert "flip" not in legal(s)
    refused(s, "flip", r"Meru has no Base: Rally flips Guerrillas Underground only where a Base already is "
            r"\(3\.3\.1\)", "3.3.1")
    s, _ = run(s, "place guerrilla", "space mount-kenya")
    assert legal(s)["flip"] == [] and "flip the 2 Active Guerrillas there Underground (flip)" in prompt_text(s)
    s, log = run(s, "flip")
    assert sp(s, "mount-kenya")["guerrillas_u"] == 3 and sp(s, "mount-kenya")["guerrillas_a"] == 0
    assert "Mau Mau flipped 2 Active Guerrillas in Mount Kenya Underground (Rally)." in texts(log)


def test_3_3_1_rally_flip_needs_an_active_guerrilla():
    s = mm(mount_kenya={"bases": 1, "guerrillas_u": 1})
    s, _ = run(s, "box opsa", "op rally", "space mount-kenya")
    assert "flip" not in legal(s)
    refused(s, "flip", r"Mount Kenya has no Active Guerrilla to flip Underground \(3\.3\.1\)")


def test_3_3_1_rally_replaces_two_guerrillas_with_a_base_chosen_by_state():
    s = mm(fort_hall={"guerrillas_u": 1, "guerrillas_a": 2})
    s, _ = run(s, "box opsa", "op rally", "space fort-hall")
    assert legal(s)["replace"] == ["guerrilla-u guerrilla-a", "guerrilla-a guerrilla-a"]
    refused(s, "replace guerrilla-u guerrilla-u", r"Fort Hall has 1 Underground Guerrilla and 2 Active Guerrillas: "
            r"not the two Guerrillas named \(guerrilla-u guerrilla-u\) \(3\.3\.1\)")
    refused(s, "replace guerrilla-u", r"'replace' here is written 'replace guerrilla-u\|guerrilla-a "
            r"guerrilla-u\|guerrilla-a'")
    s, log = run(s, "replace guerrilla-a guerrilla-a")
    x = sp(s, "fort-hall")
    assert (x["bases"], x["guerrillas_u"], x["guerrillas_a"]) == (1, 1, 0)
    assert s["available"]["bases"] == 3 and s["available"]["guerrillas"] == 15 - 1
    assert "Mau Mau replaced two Guerrillas in Fort Hall with a Base (Rally)." in texts(log)


def test_1_4_2_rally_may_not_replace_with_a_third_base():
    s = mm(aberdares={"bases": 2, "guerrillas_u": 2})
    s, _ = run(s, "box opsa", "op rally", "space aberdares")
    assert "replace" not in legal(s)
    refused(s, "replace guerrilla-u guerrilla-u", r"Aberdares has 2 Bases: two Bases at most in a space "
            r"\(1\.4\.2\)", "1.4.2")


def test_1_4_1_rally_takes_a_base_from_the_map_when_none_is_available():
    s = mm(meru={"guerrillas_u": 2}, aberdares={"bases": 2}, mount_kenya={"bases": 2, "guerrillas_u": 1})
    assert s["available"]["bases"] == 0
    s, _ = run(s, "box opsa", "op rally", "space meru", "replace guerrilla-u guerrilla-u")
    assert legal(s) == {"take": ["aberdares base", "mount-kenya base"]}
    assert "no Base is Available; take one from the map" in prompt_text(s)
    refused(s, "take meru base", r"the Base goes to Meru: take one from another space \(1\.4\.1\)", "1.4.1")
    refused(s, "take embu base", r"Embu has no Base to take \(1\.4\.1\)")
    refused(s, "done", r"the two Guerrillas in Meru are replaced with a Base: take one from the map")
    s, log = run(s, "take aberdares base")
    assert sp(s, "meru")["bases"] == 1 and sp(s, "aberdares")["bases"] == 1
    assert sp(s, "meru")["guerrillas_u"] == 0 and s["available"]["guerrillas"] == 15 - 1
    assert "taken from Aberdares, none being Available" in texts(log)


def test_1_4_1_no_replacement_offered_when_no_base_is_available_or_elsewhere():
    s = mm(meru={"guerrillas_u": 2, "bases": 1}, embu={"bases": 2}, aberdares={"bases": 1})
    s, _ = run(s, "box opsa", "op rally", "space meru")
    assert "replace" in legal(s)  # the Aberdares' and Embu's Bases could come
    s = mm(meru={"guerrillas_u": 2, "bases": 2}, embu={"bases": 2})
    s, _ = run(s, "box opsa", "op rally", "space meru")
    assert "replace" not in legal(s)  # stacking, before Availability


def test_1_4_1_rally_takes_a_guerrilla_from_the_map_when_none_is_available():
    s = mm(aberdares={"guerrillas_a": 8, "bases": 1}, meru={"guerrillas_u": 7})
    assert s["available"]["guerrillas"] == 0
    s, _ = run(s, "box opsa", "op rally", "space embu", "place guerrilla")
    assert legal(s) == {"take": ["meru guerrilla-u", "aberdares guerrilla-a"], "done": []}
    s, log = run(s, "take aberdares guerrilla-a")
    assert sp(s, "embu")["guerrillas_u"] == 1 and sp(s, "aberdares")["guerrillas_a"] == 7  # Underground (1.4.3)
    assert "moved an Active Guerrilla from Aberdares to place it in Embu" in texts(log)
    assert "space" in legal(s)


def test_r_control_pw_rally_replacement_adjusts_control_once():
    """Ruling R-CONTROL-PW: the two Guerrillas and the Base change places at once, so Embu stays Mau Mau
    Controlled throughout: Political Will at 20 neither rises (clamped) nor then falls by 1."""
    s = mm(pw=20, embu={"guerrillas_u": 2})
    assert s["control"]["embu"] == "maumau"
    s, log = run(s, "box opsa", "op rally", "space embu", "replace guerrilla-u guerrilla-u")
    assert s["pw"] == 20 and s["control"]["embu"] == "maumau" and "Political Will" not in texts(log)


def test_3_1_rally_is_resources_permitting():
    s = mm(res=1)
    s, _ = run(s, "box opsa", "op rally", "space embu", "place guerrilla")
    assert "space" not in legal(s) and "done" in legal(s)
    assert prompt_text(s) == "Mau Mau Rally: no space can be selected now (1 selected); done"
    refused(s, "space meru", r"Rally in Meru costs 1 Resource; Mau Mau Resources are 0 \(3\.1: Resources "
            r"permitting\)", "3.1")


def test_3_3_1_rally_must_act_in_the_space_selected():
    s = mm()
    s, _ = run(s, "box opsa", "op rally", "space embu")
    refused(s, "done", r"the Rally in Embu places a Guerrilla, replaces two with a Base.*choose one", "3.3.1")
    refused(s, "place base", r"'place' here is written 'place guerrilla', not 'place base'")
    refused(s, "space meru", r"this step takes only place, not space")  # the space's choice first


def test_2_3_4_limited_rally_one_space():
    s = mm()
    s, _ = run(s, "box limited", "op rally", "space embu", "place guerrilla")
    assert legal(s) == {"done": []}
    refused(s, "space meru", r"a Limited Operation selects one space, and this Rally has selected Embu "
            r"\(2\.3\.4\)", "2.3.4")
    s, _ = run(s, "done")
    assert role(s) == "british" and s["resources"]["maumau"] == 7


# -- March (3.3.2) -------------------------------------------------------------------------------------

def test_3_3_2_march_destinations_cost_1_each_resources_permitting():
    s = mm(res=2, nyeri={"guerrillas_u": 3})
    s, log = run(s, "box opsa", "op march", "space nanyuki", "space aberdares")
    assert s["resources"]["maumau"] == 0
    paid = [t for t in texts(log).splitlines() if "paid" in t]
    assert paid == ["Mau Mau paid 1 Resource for March in Nanyuki (2 -> 1).",
                    "Mau Mau paid 1 Resource for March in Aberdares (1 -> 0)."]
    refused(s, "space embu", r"March in Embu costs 1 Resource; Mau Mau Resources are 0 \(3\.1")


def test_3_3_2_march_destination_needs_a_guerrilla_adjacent():
    s = mm(thika={"guerrillas_u": 1})
    s, _ = run(s, "box opsa", "op march")
    assert legal(s)["space"] == ["nairobi", "kiambu", "fort-hall"]
    refused(s, "space nyeri", r"no space adjacent to Nyeri \(Aberdares, Embu, Fort Hall, Mount Kenya and Nanyuki\) "
            r"has a Guerrilla to March in: Guerrillas move from adjacent spaces \(3\.3\.2\)", "3.3.2")


def test_3_3_2_march_moves_from_adjacent_spaces_keeping_their_state():
    s = mm(nyeri={"guerrillas_u": 1, "guerrillas_a": 1}, thompsons_falls={"guerrillas_u": 1}, kiambu={"guerrillas_u": 1})
    s, _ = run(s, "box opsa", "op march", "space nanyuki", "done")
    assert legal(s)["move"] == ["nyeri nanyuki guerrilla-u", "nyeri nanyuki guerrilla-a",
                                "thompsons-falls nanyuki guerrilla-u"]
    refused(s, "move kiambu nanyuki guerrilla-u", r"Kiambu is not adjacent to Nanyuki: March moves Guerrillas from "
            r"adjacent spaces \(3\.3\.2\)")
    refused(s, "move nyeri embu guerrilla-u", r"Embu is not a destination of this March \(Nanyuki\) \(3\.3\.2\)")
    refused(s, "move nyeri nanyuki troop", r"'move' here is written 'move FROM TO guerrilla-u\|guerrilla-a'")
    refused(s, "move nanyuki nanyuki guerrilla-u", r"in Nanyuki already")
    s, _ = run(s, "move thompsons-falls nanyuki guerrilla-u")
    refused(s, "move thompsons-falls nanyuki guerrilla-u", r"the 1 Underground Guerrilla in Thompson's Falls are all "
            r"declared to move already: each Guerrilla moves once \(3\.3\.2\)")
    assert "declared: 1 Thompson's Falls to Nanyuki" in prompt_text(s)
    s, log = run(s, "move nyeri nanyuki guerrilla-a", "done")
    x = sp(s, "nanyuki")
    assert (x["guerrillas_u"], x["guerrillas_a"]) == (1, 1) and sp(s, "nyeri")["guerrillas_u"] == 1
    assert "Mau Mau Marched 1 Guerrilla from Thompson's Falls to Nanyuki." in texts(log)
    assert role(decline_sa(s)) == "british"


def test_3_3_2_march_group_into_a_populated_non_reserve_space_goes_active_above_three_per_group():
    s = mm(nyeri={"guerrillas_u": 2}, thompsons_falls={"guerrillas_u": 1}, nanyuki={"troops": 2})
    s, _ = run(s, "box opsa", "op march", "space nanyuki", "done")
    s, log = run(s, "move nyeri nanyuki guerrilla-u", "move nyeri nanyuki guerrilla-u",
                 "move thompsons-falls nanyuki guerrilla-u", "done")
    x = sp(s, "nanyuki")
    assert x["guerrillas_a"] == 2 and x["guerrillas_u"] == 1  # Nyeri's 2 + 2 cubes > 3; Thompson's Falls' 1 + 2 not
    assert ("2 Underground Guerrillas went Active (Nanyuki is a Populated Non-Reserve space, and 2 moving + 2 "
            "British cubes > 3)") in texts(log)


def test_3_3_2_march_into_nairobi_is_into_a_populated_non_reserve_space():
    s = mm(kiambu={"guerrillas_u": 1}, nairobi={"police": 3})
    s, _ = run(s, "box opsa", "op march", "space nairobi", "done", "move kiambu nairobi guerrilla-u", "done")
    assert sp(s, "nairobi")["guerrillas_a"] == 1  # 1 + 3 Police > 3


def test_3_3_2_march_into_a_loyal_reserve_province_goes_active_a_neutral_one_or_mountain_jungle_not():
    s = mm(nyeri={"guerrillas_u": 2, "guerrillas_a": 1}, embu={"troops": 2, "support": LOYAL},
           aberdares={"troops": 5}, fort_hall={"guerrillas_u": 2}, kiambu={"troops": 3})
    s, log = run(s, "box opsa", "op march", "space embu", "space aberdares", "space kiambu", "done",
                 "move nyeri embu guerrilla-u", "move nyeri embu guerrilla-u",
                 "move fort-hall aberdares guerrilla-u", "move fort-hall kiambu guerrilla-u", "done")
    assert sp(s, "embu")["guerrillas_a"] == 2 and "Embu is a Loyal Reserve Province" in texts(log)
    assert sp(s, "aberdares")["guerrillas_u"] == 1  # a Mountain Jungle: never (1 + 5 > 3)
    assert sp(s, "kiambu")["guerrillas_u"] == 1  # a Neutral Reserve Province: never (1 + 3 > 3)
    assert sp(s, "nyeri")["guerrillas_a"] == 1  # not moved: stays Active


def test_2_3_4_limited_march_one_destination_from_several_origins():
    s = mm(nyeri={"guerrillas_u": 1}, thompsons_falls={"guerrillas_u": 1}, nanyuki={"police": 1})
    s, _ = run(s, "box limited", "op march", "space nanyuki")
    refused(s, "space aberdares", r"a Limited Operation selects one space, and this March has selected Nanyuki "
            r"\(2\.3\.4\)", "2.3.4")
    s, _ = run(s, "done", "move nyeri nanyuki guerrilla-u", "move thompsons-falls nanyuki guerrilla-u", "done")
    assert sp(s, "nanyuki")["guerrillas_u"] == 2 and s["control"]["nanyuki"] == "maumau"
    assert role(s) == "british"


def test_3_3_2_march_may_move_no_guerrilla():
    s = mm(nyeri={"guerrillas_u": 1})
    s, log = run(s, "box opsa", "op march", "space nanyuki", "done", "done")
    assert sp(s, "nyeri")["guerrillas_u"] == 1 and s["resources"]["maumau"] == 7
    assert "Mau Mau Marched no Guerrilla." in texts(log)


def test_r_control_pw_march_moves_are_simultaneous():
    """Guerrillas leave Embu for Meru while another enters Embu from Mount Kenya: Embu stays Mau Mau
    Controlled through the move (ruling R-CONTROL-PW), so Political Will at 20 is not clamped on the way;
    Meru's Control then costs its Population, 1."""
    s = mm(pw=20, embu={"guerrillas_u": 1}, mount_kenya={"guerrillas_u": 1})
    s, log = run(s, "box opsa", "op march", "space meru", "space embu", "done",
                 "move embu meru guerrilla-u", "move mount-kenya embu guerrilla-u", "done")
    assert s["control"]["embu"] == "maumau" and s["control"]["meru"] == "maumau" and s["pw"] == 19
    assert texts(log).count("Political Will") == 1


# -- Terror (3.3.3) ------------------------------------------------------------------------------------

def test_3_3_3_terror_selects_spaces_with_an_underground_guerrilla():
    s = mm(meru={"guerrillas_u": 1}, embu={"guerrillas_a": 2}, aberdares={"guerrillas_u": 1})
    s, _ = run(s, "box opsa", "op terror")
    assert legal(s)["space"] == ["meru", "aberdares"]
    refused(s, "space embu", r"Embu has no Underground Guerrilla: Terror needs one to Activate \(3\.3\.3\)", "3.3.3")


def test_3_3_3_terror_without_police_places_a_marker_and_shifts_at_once():
    s = mm(res=2, meru={"guerrillas_u": 2})
    s, log = run(s, "box opsa", "op terror", "space meru")
    x = sp(s, "meru")
    assert (x["guerrillas_u"], x["guerrillas_a"], x["terror"], x["support"]) == (1, 1, 1, RESISTANCE)
    assert s["resources"]["maumau"] == 1 and "space" not in legal(s)  # nothing else qualifies
    assert texts(log).splitlines()[-3:] == [
        "Mau Mau carried out Terror in Meru: an Underground Guerrilla went Active.",
        "A Terror marker was placed in Meru.", "Meru went from Neutral to Resistance (Terror)."]


def test_3_3_3_terror_with_police_chooses_the_marker_and_shift():
    s = mm(kiambu={"guerrillas_u": 1, "police": 2, "support": LOYAL})
    s, _ = run(s, "box opsa", "op terror", "space kiambu")
    assert legal(s) == {"place": ["terror"], "remove": ["police"]}
    assert prompt_text(s).startswith("Mau Mau Terror in Kiambu (Kiambu has 2 Police cubes and no Terror marker): "
                                     "place a Terror marker")
    refused(s, "done", r"places a Terror marker and shifts toward Resistance \(place terror\) or removes up to 2 "
            r"Police \(remove police\): choose one \(3\.3\.3\)", "3.3.3")
    refused(s, "remove troop", r"'remove' here is written 'remove police', not 'remove troop'")
    s, _ = run(s, "place terror")
    x = sp(s, "kiambu")
    assert (x["terror"], x["support"], x["police"], x["guerrillas_a"]) == (1, 0, 2, 1)


def test_3_3_3_terror_removes_up_to_two_police_instead_and_control_shifts_will():
    s = mm(pw=12, rift_valley={"guerrillas_u": 1, "police": 3}, thika={"guerrillas_u": 1, "police": 2})
    s, _ = run(s, "box opsa", "op terror", "space rift-valley", "remove police")
    assert legal(s) == {"remove": ["police"], "done": []}
    refused(s, "place terror", r"is removing Police: either a Terror marker and a shift or up to 2 Police, not "
            r"both \(3\.3\.3\)")
    s, log = run(s, "remove police")
    x = sp(s, "rift-valley")
    assert (x["police"], x["terror"], x["support"], x["guerrillas_a"]) == (1, 0, 0, 1)
    assert "space" in legal(s) and "remove" not in legal(s)  # two at most
    s, log2 = run(s, "space thika", "remove police", "done")
    assert sp(s, "thika")["police"] == 1 and s["control"]["thika"] is None and s["pw"] == 12
    assert s["available"]["police"] == 15 - 8 - 5 + 3
    assert texts(log).count("Mau Mau removed a Police cube from Rift Valley (Terror).") == 1


def test_1_4_2_terror_places_no_second_marker_but_still_shifts():
    s = mm(meru={"guerrillas_u": 1, "terror": 1})
    s, log = run(s, "box opsa", "op terror", "space meru")
    assert sp(s, "meru")["terror"] == 1 and sp(s, "meru")["support"] == RESISTANCE
    assert "No Terror marker was placed in Meru: one is there already" in texts(log)


def test_r_terror_all_markers_on_the_map_none_placed_still_shifts():
    spaces = {sid.replace("-", "_"): {"terror": 2} for sid in ("nairobi", "kiambu", "fort-hall", "nyeri", "embu",
                                                                "aberdares", "mount-kenya")}
    spaces["rift_valley"] = {"terror": 1, "guerrillas_u": 0}
    spaces["meru"] = {"guerrillas_u": 1}
    s = mm(**spaces)
    s, log = run(s, "box opsa", "op terror", "space meru")
    assert sp(s, "meru")["terror"] == 0 and sp(s, "meru")["support"] == RESISTANCE
    assert "all 15 are on the map" in texts(log)


def test_r_terror_in_a_mountain_jungle_or_unpopulated_province_places_a_marker_and_shifts_nothing():
    s = mm(aberdares={"guerrillas_u": 1}, nyeri={"guerrillas_u": 1}, population={"nyeri": 0})
    s, log = run(s, "box opsa", "op terror", "space aberdares", "space nyeri")
    assert sp(s, "aberdares")["terror"] == 1 and sp(s, "nyeri")["terror"] == 1
    assert sp(s, "aberdares")["support"] == 0 and sp(s, "nyeri")["support"] == 0
    assert "Aberdares is a Mountain Jungle, never at Loyalty or Resistance (1.3.3): no shift." in texts(log)
    assert "Nyeri is Unpopulated, never at Loyalty or Resistance (1.6): no shift." in texts(log)


def test_3_1_an_operation_selects_a_space_before_it_ends():
    s = mm(meru={"guerrillas_u": 1})
    s, _ = run(s, "box opsa", "op terror")
    refused(s, "done", r"the Terror has selected no space yet: select at least one \(3\.1\)")


def test_3_1_a_mau_mau_operation_needs_a_space_it_can_pay_for():
    s = mm(res=0, meru={"guerrillas_u": 1})
    s, _ = run(s, "box opsa")
    refused(s, "op terror", r"Terror has no space it may select")


# -- Raid's free Limited Operation (4.3.3, 5.4) -------------------------------------------------------------

@pytest.mark.parametrize("op, orders, sid, after", [
    ("rally", ["space nanyuki", "place guerrilla", "done"], "nanyuki", {"guerrillas_u": 2}),
    ("march", ["space nanyuki", "done", "move nyeri nanyuki guerrilla-u", "done"], "nanyuki",
     {"guerrillas_u": 2}),
    ("terror", ["space nanyuki", "done"], "nanyuki", {"guerrillas_a": 1, "terror": 1}),
])
def test_4_3_3_raids_free_limited_operation_costs_nothing_and_selects_its_province_only(op, orders, sid, after):
    s = mm(res=0, nanyuki={"guerrillas_u": 1}, nyeri={"guerrillas_u": 1}, thika={"guerrillas_u": 1})
    s = free_op(s, op, sid)
    assert legal(s)["space"] == ["nanyuki"]
    refused(s, "space thika", r"Thika is not among the spaces this .* may select \(Nanyuki\) \(5\.1\)")
    refused(s, "sa supply", r"a Limited Operation comes with no Special Activity \(2\.3\.4, 4\.1\)")
    s, log = run(s, *orders)
    assert s["resources"]["maumau"] == 0 and "paid" not in texts(log)
    assert all(sp(s, sid)[k] == n for k, n in after.items()), sp(s, sid)
    assert role(s) == "maumau" and "box" in legal(s)  # back to the turn that Raid's Operation interrupted


# -- The Example of Play (8.0) ------------------------------------------------------------------------

def test_8_0_l2599_terror_in_four_reserve_provinces_from_the_setup():
    """L2599: from the setup, Terror in Meru, Embu, Fort Hall and Kiambu costs 4 (8 to 4); each Guerrilla goes
    Active, a Terror marker is placed and each space shifts from Neutral to Resistance (no Police there)."""
    s = Position("kenya").turn("maumau", "K19").state()
    s, _ = run(s, "box opsa", "op terror", "space meru", "space embu", "space fort-hall", "space kiambu")
    assert s["resources"]["maumau"] == 4
    for sid in ("meru", "embu", "fort-hall", "kiambu"):
        x = sp(s, sid)
        assert (x["guerrillas_a"], x["guerrillas_u"], x["terror"], x["support"]) == (1, 0, 1, RESISTANCE)
    assert legal(s)["space"] == ["nairobi", "nyeri", "aberdares", "mount-kenya"] and s["pw"] == 12


def l2617() -> dict:
    """The position of L2617 (KENYA POLICE RESERVE): the setup after the first two cards (L2599-2613)."""
    return mm(pw=14, res=4,
              nairobi={"bases": 1, "guerrillas_a": 1, "police": 3},
              kiambu={"guerrillas_a": 1, "terror": 1, "support": RESISTANCE},
              fort_hall={"guerrillas_a": 1, "terror": 1, "support": RESISTANCE},
              embu={"guerrillas_a": 1, "terror": 1, "support": RESISTANCE},
              meru={"guerrillas_a": 1, "terror": 1, "support": RESISTANCE},
              nyeri={"guerrillas_a": 1, "troops": 2, "support": RESISTANCE},
              aberdares={"bases": 1, "guerrillas_a": 1, "troops": 4},
              mount_kenya={"bases": 1, "guerrillas_a": 1, "troops": 4},
              rift_valley={"police": 1}, nanyuki={"police": 1}, thompsons_falls={"police": 1}, thika={"police": 1})


def test_8_0_l2617_rally_in_four_spaces_takes_nairobi_then_nyeri():
    """L2617-2621: Rally in Aberdares, Mount Kenya, Nairobi and Thompson's Falls (4 Resources to 0): one
    Guerrilla in Thompson's Falls removes British Control; Aberdares and Mount Kenya place Population 0 + 1
    Base = one each; Nairobi Population 2 + 1 Base = three, gaining Mau Mau Control (Political Will 14 to 12).
    Supply then gains 3 (its own helper's; the 3 Resources are set here), and a Rally in Nyeri (3 to 2)
    removes British Control there."""
    s = l2617()
    assert s["available"]["guerrillas"] == 7 and s["control"]["nairobi"] == "british"
    s, log = run(s, "box opsa", "op rally", "space aberdares", "place guerrilla", "space mount-kenya",
                 "place guerrilla", "space nairobi", "place guerrilla", "place guerrilla", "place guerrilla",
                 "space thompsons-falls", "place guerrilla")
    assert s["resources"]["maumau"] == 0 and "space" not in legal(s)
    assert sp(s, "aberdares")["guerrillas_u"] == 1 and sp(s, "mount-kenya")["guerrillas_u"] == 1
    assert sp(s, "nairobi")["guerrillas_u"] == 3 and s["control"]["nairobi"] == "maumau" and s["pw"] == 12
    assert s["control"]["thompsons-falls"] is None and s["control"]["aberdares"] == "british"
    assert "Mau Mau gained Control of Nairobi, Population 2" in texts(log)
    s["resources"]["maumau"] = 3  # Supply's 3 Resources (L2621)
    s, _ = run(s, "space nyeri", "place guerrilla", "done")
    s = decline_sa(s)
    assert s["resources"]["maumau"] == 2 and s["control"]["nyeri"] is None and s["pw"] == 12
    assert s["available"]["guerrillas"] == 0 and role(s) == "british"


def test_8_0_l2631_limited_march_into_nanyuki_from_both_directions():
    """L2631: a Limited March into Nanyuki (2 Resources to 1), one Guerrilla from Thompson's Falls (British
    Control there again) and one from Nyeri: Mau Mau Control of Nanyuki (Political Will 12 to 11); each group
    is 1 Guerrilla + 1 Police, not above three, so both stay Underground."""
    s = mm(pw=12, res=2, nanyuki={"police": 1}, thompsons_falls={"police": 1, "guerrillas_u": 1},
           nyeri={"troops": 2, "guerrillas_u": 1, "terror": 1})
    assert s["control"]["thompsons-falls"] is None and s["control"]["nanyuki"] == "british"
    s, log = run(s, "box limited", "op march", "space nanyuki", "done", "move thompsons-falls nanyuki guerrilla-u",
                 "move nyeri nanyuki guerrilla-u", "done")
    assert s["resources"]["maumau"] == 1 and sp(s, "nanyuki")["guerrillas_u"] == 2
    assert s["control"]["nanyuki"] == "maumau" and s["control"]["thompsons-falls"] == "british"
    assert s["control"]["nyeri"] == "british" and s["pw"] == 11
    assert "went Active" not in texts(log) and role(s) == "british"


def test_8_0_l2635_raids_free_rally_and_terror_then_terror_in_nairobi():
    """L2635: after Raid's moves (one Guerrilla each from Mount Kenya to Nanyuki and from Aberdares to Rift
    Valley), its free Limited Rally in Nanyuki replaces two Guerrillas with a Base, its free Limited Terror in
    Rift Valley Activates the Guerrilla and removes the Police cube (Mau Mau Control, Political Will 11 to
    10); then the Terror Operation pays 1 (1 to 0) in Nairobi: a Guerrilla Active, a Terror marker, Resistance,
    and no Resources left for any further space."""
    s = mm(pw=11, res=1, nanyuki={"police": 1, "guerrillas_u": 3}, rift_valley={"police": 1, "guerrillas_u": 1},
           nairobi={"bases": 1, "guerrillas_u": 3, "police": 3}, thika={"guerrillas_u": 1})
    assert s["available"]["bases"] == 3
    s = free_op(s, "rally", "nanyuki")
    s, _ = run(s, "space nanyuki", "replace guerrilla-u guerrilla-u", "done")
    x = sp(s, "nanyuki")
    assert (x["bases"], x["guerrillas_u"], x["police"]) == (1, 1, 1) and s["control"]["nanyuki"] == "maumau"
    s = free_op(s, "terror", "rift-valley", rule="4.3.3")  # Raid's frame names its rule
    s, log = run(s, "space rift-valley", "remove police", "done")
    assert {e["rule"] for e in log if e.get("faction") == "maumau"} == {"3.3.3, 4.3.3"}
    x = sp(s, "rift-valley")
    assert (x["guerrillas_a"], x["police"], x["terror"]) == (1, 0, 0)
    assert s["control"]["rift-valley"] == "maumau" and s["pw"] == 10 and s["resources"]["maumau"] == 1
    s, _ = run(s, "box opsa", "op terror", "space nairobi", "place terror")
    x = sp(s, "nairobi")
    assert (x["guerrillas_a"], x["terror"], x["support"], x["police"]) == (1, 1, RESISTANCE, 3)
    assert s["resources"]["maumau"] == 0 and "space" not in legal(s)
    refused(s, "space thika", r"Terror in Thika costs 1 Resource; Mau Mau Resources are 0")
