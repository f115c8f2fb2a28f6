"""Golden test: the Japanese Occupation Example of Play (rulebook 8.0, L1648-1733), replayed as move files with the
example's chance; digest B.9 (rules-digest-enemy-of-my-enemy.md, PART B).

Each step of tests/data/japanese_occupation/example_of_play.json is one move file for one role, its orders as the
prompts list them; an MPAJA icon is the first order of the move file of the role that resolves it (the role that
acts next in each of the example's cards). After each step the position must be the one the text states, to the
stated end (L1729): Resistance 6, Operation Zipper '6', Japanese Resources 0, the British 1st Eligible, the final
map of digest B.9.

The chance is the example's: the Eliminate rolls 4 (Perak) then 1 (Johore) (L1708) and the Ambush roll 2
(Kelantan, L1718). No Intel chit is drawn: the scenario places the example's chits face down with their values
(L1650), and the Reset deals the chits again as chits with no value until revealed (1.11), so it draws nothing.
The eighth card, after the example, comes from the scripted chance's seeded fallback (the deck's draws,
engine.core.chance.ScriptedChance): its MPAJA icon waits for a decision, so the final position is the Reset's.

The Perak Construct of the Resources phase (L1726) removes a Sabotage marker from an adjacent Railway, and the
text does not say which: Perak-Kelantan or Perak-Pahang-Selangor, both sabotaged. The step pins Perak-Kelantan,
the choice a Japanese player makes for their Resources: with only Perak-Pahang-Selangor left sabotaged, each
Economic Center still reaches two starred Railways (the top one the two Thailand Railways through Perak-Kelantan,
the bottom one the two Johore Railways), so an Extract from both gives 4 (4.3.1); leaving Perak-Kelantan
sabotaged instead cuts the top Economic Center off from every Railway, and the same Extract gives 2. Either leaves
one Railway sabotaged, as digest B.9's final state says; the other choice is played below as well.
"""

from __future__ import annotations

import functools
import json
import re

import pytest

import engine
import engine.api
from engine.core.chance import ScriptedChance
from engine.games.japanese_occupation import board as B
from engine.games.japanese_occupation.setup import EXAMPLE_CARDS, EXAMPLE_INTEL

from ..golden import example_of_play, move, step_checker, views_hide_the_deck
from ..scripted import replay_steps
from .helpers import check

DATA = example_of_play("japanese_occupation")
STEPS = {step["id"]: step for step in DATA["steps"]}
ZERO = B.empty_space()
ROLES = ("british", "japanese", "public")
#: The whole countersheet (1.2; digest B.9 "Totals"): pieces, and markers that are never out of the game here.
PIECES = {"troops": 15, "police": 6, "mpaja": 10, "non_mpaja": 4, "caches": 5}
MARKERS = {"kempeitai": 3, "force_136": 3, "jungle_camp": 4, "new_village": 4}
#: The chits Gather reveals (L1716).
GATHERED = {"kedah": 2, "perak": 1, "trengganu": 2, "johore": 0}


def _start():
    s = engine.setup("japanese-occupation", DATA["scenario"], {}, ScriptedChance())
    assert s["current"] == "J14" and s["eligible"] == ["british", "japanese"]
    return s


def _own(s, key, want, step_id) -> bool:
    """The game's own keys of a step's ``expect``: the sabotaged Railways, the Intel chits face up, those
    concealed again after being seen, and the spaces whose chit has no value yet."""
    intel = s["intel"]
    if key == "sabotage":
        got = {rid: n for rid, n in s["railways"].items() if n}
    elif key == "revealed":
        got = {sid: c["value"] for sid, c in intel.items() if c["revealed"]}
    elif key == "seen_concealed":
        got = {sid: c["value"] for sid, c in intel.items() if c["seen"] and not c["revealed"]}
    elif key == "intel_unknown":
        got = sorted(sid for sid, c in intel.items() if c["value"] is None and sid not in s["intel_face_down"])
    else:
        return False
    assert got == want, f"step {step_id}: {key}"
    return True


#: Available compared entry by entry: a step names only the entries the text states.
_check = step_checker(ZERO, partial=("available",), own=_own)


def _replay(upto=None):
    return replay_steps(_start(), DATA["steps"], _check, check, upto)


@functools.cache
def _played() -> tuple:
    """The example played once, step by step: ``(step, the position before it, its move result)``."""
    out, s = [], _start()
    for step in DATA["steps"]:
        res, chance = move(s, step["role"], step["actions"], step.get("rolls", []), step.get("draws", []))
        assert res.status == "accepted" and not chance.rolls and not chance.draws, step["id"]
        out.append((step, s, res))
        s = res.state
    return tuple(out)


def _before(step_id):
    """The position just before step *step_id*."""
    return next(before for step, before, _ in _played() if step["id"] == step_id)


def _after(step_id):
    return next(res.state for step, _, res in _played() if step["id"] == step_id)


def _upto(step_id, order, nth=1):
    """The position of step *step_id* just before the *nth* occurrence of its order *order*."""
    step = STEPS[step_id]
    at = [i for i, a in enumerate(step["actions"]) if a == order][nth - 1]
    res, _ = move(_before(step_id), step["role"], step["actions"][:at], step.get("rolls", []))
    assert res.status == "accepted", res.error
    return res.state


def _total(s, name):
    return sum(x[key] for x in s["spaces"].values() for key in B.BOARD.pieces[name].keys) if name in PIECES \
        else sum(x[name] for x in s["spaces"].values())


# -- the whole example ------------------------------------------------------------------------------------------

def test_8_0_example_of_play_every_step_to_the_stated_end():
    s = _replay()
    assert s["resistance"] == 6 and s["zipper"] == 6 and B.zipper_label(s["zipper"]) == "6"
    assert s["resources"] == 0 and s["eligible"] == ["british", "japanese"]
    assert s["outcome"] is None and s["propaganda"] == 1
    assert s["played"][:7] == EXAMPLE_CARDS == ["J14", "J27", "J2", "J17", "J8", "J21", "J33"]
    assert len(s["played"]) == 8 and s["current"] == s["played"][7] not in EXAMPLE_CARDS
    # Digest B.9's final map, every space: nothing else anywhere, every Guerrilla Underground, no Terror.
    occupied = {sid: {k: v for k, v in x.items() if v} for sid, x in s["spaces"].items() if any(x.values())}
    assert occupied == {
        "kedah": {"mpaja_u": 1},
        "perak": {"troops": 3, "police": 1, "kempeitai": 1, "mpaja_u": 2, "caches": 1, "force_136": 1},
        "kelantan": {"troops": 1, "kempeitai": 1, "caches": 1, "force_136": 1},
        "trengganu": {"non_mpaja_u": 2, "mpaja_u": 1, "jungle_camp": 1, "opposition": 1},
        "pahang": {"force_136": 1, "caches": 1, "non_mpaja_u": 1, "mpaja_u": 1},
        "selangor": {"mpaja_u": 1, "opposition": 1},
        "kuala-lumpur": {"troops": 2, "police": 2},
        "negri-sembilan": {"troops": 6, "police": 1},
        "johore": {"troops": 1, "police": 1, "kempeitai": 1, "mpaja_u": 1, "new_village": 1, "opposition": 1},
        "ec-top": {"troops": 1}, "ec-bottom": {"troops": 1}}
    assert s["available"] == {"troops": 0, "police": 1, "mpaja": 3, "non_mpaja": 1, "caches": 1,
                              "new_village": 3, "jungle_camp": 3, "force_136": 0}
    assert s["zipper_caches"] == [12]  # the '12' box's Supply Cache still on the track
    assert {rid for rid, n in s["railways"].items() if n} == {"perak-pahang-selangor"}
    # Every piece and marker accounted for (digest B.9 "Totals"): on the map, Available, the Zipper track.
    assert {k: _total(s, k) + s["available"][k] + (len(s["zipper_caches"]) if k == "caches" else 0)
            for k in PIECES} == PIECES
    assert {k: _total(s, k) + s["available"].get(k, 0) for k in MARKERS} == MARKERS
    # L1729: the chits dealt again face down, none with a value, none seen.
    assert all(c == {"revealed": False, "seen": False, "value": None} for c in s["intel"].values())


def test_8_0_the_first_card_s_icon_sets_negri_sembilan_to_opposition_before_anyone_acts():
    """L1652: Mobilize Population as J14 is revealed; Negri Sembilan is the only space with a Jungle Camp and no
    Opposition, so it is set there without a question (5.5). The example's chits lie face down (L1650)."""
    step = engine.api.start("japanese-occupation", DATA["scenario"], {}, ScriptedChance())
    texts = [e["text"] for e in step.log]
    assert "Negri Sembilan was set to Opposition (Mobilize Population (MPAJA icon, J14))." in texts
    s = step.state
    assert s["spaces"]["negri-sembilan"]["opposition"] == 1 and engine.active_roles(s) == ["british"]
    assert s["intel_face_down"] == EXAMPLE_INTEL  # hidden apart (1.11)
    assert all(c == {"revealed": False, "seen": False, "value": None} for c in s["intel"].values())


def test_8_0_each_step_states_the_tracks_the_text_gives():
    """Resistance: 2 until the Kelantan Ambush (L1718: 3), 6 from the Resistance phase (L1725). Resources: 8 from
    the Extract (L1668) until the Resistance phase sets them to 0 (L1725). Operation Zipper: Delay until '6'."""
    tracks = [(res.state["resistance"], res.state["resources"], res.state["zipper"]) for _, _, res in _played()]
    assert tracks == [(2, 0, 0)] * 2 + [(2, 8, 0)] * 8 + [(3, 8, 0)] + [(6, 0, 6)] * 7
    assert [r for step in DATA["steps"] for r in step.get("rolls", [])] == [4, 1, 2]
    assert not [d for step in DATA["steps"] for d in step.get("draws", [])]


# -- chance -----------------------------------------------------------------------------------------------------

def test_8_0_every_die_and_draw_is_followed_by_what_it_did():
    """Each die the example rolls is named in the log of the order that rolled it, with its value, what it was
    against and that it succeeded; each card revealed is named as revealed by the order that revealed it. The only
    draw is the deck's, the eighth card (after the example); no Intel chit is drawn, not by the Gather (the
    example's chits have their values, L1650) nor by the Reset (L1729: dealt with no value until revealed)."""
    dice, cards, draws, chits = [], [], [], []
    for step, _, res in _played():
        for order in res.steps:
            texts = [e["text"] for e in order["log"]]
            for o in order["outcomes"]:
                if o["kind"] == "d6":
                    where = o["label"].split(" in ")[-1]
                    said = [t for t in texts if f"rolled {o['value']}" in t and where in t]
                    assert len(said) == 1 and " succeeds" in said[0], (step["id"], o, texts)
                    dice.append((step["id"], o["label"], o["value"]))
                elif o["kind"] == "reveal" and o["label"].startswith("Intel chit in "):
                    # a chit the example placed face down, its value made public by the Gather (hidden before)
                    where = o["label"].removeprefix("Intel chit in ")
                    assert [t for t in texts if f"Intel chit in {where} was revealed: value {o['value']}" in t], \
                        (step["id"], o, texts)
                    chits.append((where, o["value"]))
                elif o["kind"] == "reveal":
                    assert [t for t in texts if t.endswith(f"({o['value']}) was revealed.")], (step["id"], o, texts)
                    cards.append(o["value"])
                else:
                    assert o["kind"] == "draw" and o["label"].startswith("deck:"), (step["id"], o)
                    draws.append((step["id"], o["value"]))
    assert dice == [("9", "Eliminate in Perak", 4), ("9", "Eliminate in Johore", 1), ("11", "Ambush in Kelantan", 2)]
    assert chits == [("Kedah", 2), ("Perak", 1), ("Trengganu", 2), ("Johore", 0)]  # the Gather of L1716
    eighth = _after("18")["current"]
    assert cards == [*EXAMPLE_CARDS[1:], eighth] and draws == [("18", eighth)]


@pytest.mark.parametrize("die, removed", [(2, True), (1, False)])
def test_8_0_l1708_eliminate_in_perak_needs_more_than_its_two_guerrillas(die, removed):
    """L1708: the roll plus one per Police cube must exceed the Guerrillas there (4.3.3): in Perak, 2 MPAJA and 1
    Police, a 2 (3) succeeds and a 1 (2) fails, the Jungle Camp kept."""
    s = _upto("9", "sa eliminate")  # after the Assault, before the Eliminate
    assert s["spaces"]["perak"]["mpaja_u"] == 2 and s["spaces"]["perak"]["police"] == 1
    res, chance = move(s, "japanese", ["sa eliminate", "space perak"], rolls=[die])
    assert res.status == "accepted" and not chance.rolls
    line = [e["text"] for e in res.log if e["text"].startswith(f"Japanese rolled {die} ")]
    assert line and (" succeeds" if removed else " fails") in line[0]
    legal = engine.legal_actions(res.state, "japanese")
    assert ("remove" in legal) is removed
    s = move(res.state, "japanese", ["remove jungle-camp"])[0].state if removed else res.state
    assert s["spaces"]["perak"]["jungle_camp"] == (0 if removed else 1)
    assert s["spaces"]["perak"]["force_136"] == 1  # Jungle Camps before Force 136 (4.3.3)


@pytest.mark.parametrize("die, moved", [(2, True), (1, False)])
def test_8_0_l1718_the_kelantan_ambush_counts_the_perak_supply_cache(die, moved):
    """L1718: against Troops the roll must exceed the cubes there, +1 for the adjacent Perak Supply Cache (3.2.4):
    with Kelantan's 2 Troops a 2 (3) succeeds; a 1 (2) fails and no Troop moves."""
    s = _upto("11", "space kelantan")
    res, _ = move(s, "british", ["space kelantan", "move troops", "done"] if moved else ["space kelantan", "done"],
                  rolls=[die])
    assert res.status == "accepted"
    assert res.state["resistance"] == (3 if moved else 2)
    assert res.state["spaces"]["kelantan"]["troops"] == (1 if moved else 2)


# -- hidden information -----------------------------------------------------------------------------------------

@pytest.mark.parametrize("step_id", ["1", "5", "10", "11", "12", "17", "18"])
def test_8_0_example_of_play_views_hide_the_cards_to_come(step_id):
    """The next cards are hidden (2.2): no view holds the deck or names a card of the example still to come."""
    s = _after(step_id)
    views_hide_the_deck(s, ROLES, EXAMPLE_CARDS[len(s["played"]):])


def test_8_0_concealed_intel_values_appear_in_no_view_until_revealed():
    """1.11: neither player may look at a concealed chit. The scenario's values lie in the state from setup
    (L1650), but no role's view, nor its facts, shows one before the Gather reveals it (L1716: Kedah 2, Perak 1,
    Trengganu 2, Johore 0); the five never revealed are never shown; Perak's, concealed again by the J21
    Eliminate (L1720), stays shown as seen; after the Reset (L1729) none has a value."""
    def shown(s, role):
        """The chits whose value *role*'s view shows, and the Intel fact it prints."""
        v = engine.view(s, role)
        assert "intel_face_down" not in json.dumps(v), role  # the face-down values never reach a view
        facts = [f["value"] for f in engine.facts(v) if f["label"] == "Intel"]
        return {sid: c["value"] for sid, c in v["intel"].items() if c["value"] is not None}, facts[0]

    states = [_start()] + [res.state for _, _, res in _played()]
    gather = [step["id"] for step, _, _ in _played()].index("11") + 1
    for i, s in enumerate(states):
        for role in ROLES:
            values, facts = shown(s, role)
            if i < gather:
                assert values == {}, (i, role)
                assert not re.search(r"\d", facts), (i, role, facts)
            elif s["intel"]["kedah"]["value"] is not None:  # before the Reset
                assert values == GATHERED, (i, role)
                assert "Kedah 2" in facts and "Kelantan concealed," in facts, (i, role, facts)
            else:
                assert values == {}, (i, role)
            # the chits no one saw: never a value in any view
            for sid in ("kelantan", "pahang", "selangor", "kuala-lumpur", "negri-sembilan"):
                assert sid not in values
    # the log is open to all: before the Gather no line names a chit's value; the Gather names exactly the four
    reveals = [(step["id"], e["text"]) for step, _, res in _played() for e in res.log
               if "Intel chit" in e["text"] and "value" in e["text"]]
    assert reveals == [("11", f"The Intel chit in {B.NAME[sid]} was revealed: value {v} (Gather).")
                       for sid, v in GATHERED.items()]
    after_j21 = engine.view(_after("12"), "japanese")["intel"]["perak"]
    assert after_j21 == {"revealed": False, "seen": True, "value": 1}


# -- the choices the text names or leaves open -------------------------------------------------------------------

@pytest.mark.parametrize("railway, kept, extract", [("perak-kelantan", "perak-pahang-selangor", 4),
                                                    ("perak-pahang-selangor", "perak-kelantan", 2)])
def test_8_0_l1726_the_perak_construct_may_repair_either_railway(railway, kept, extract):
    """L1726 leaves open which Railway the Perak Construct repairs: both are offered, and either leaves one
    sabotaged, the rest of the example unchanged. The step pins Perak-Kelantan (see the module): an Extract from
    both Economic Centers then gives 4 rather than 2 (4.3.1)."""
    s = _before("14")
    res, _ = move(s, "japanese", ["space perak"])
    assert sorted(engine.legal_actions(res.state, "japanese")["remove"]) == ["perak-kelantan", "perak-pahang-selangor"]
    actions = [a.replace("remove perak-kelantan", f"remove {railway}") for a in STEPS["14"]["actions"]]
    res, _ = move(s, "japanese", actions)
    assert res.status == "accepted"
    left = {rid for rid, n in res.state["railways"].items() if n}
    assert left == {kept}
    assert sum(len(B.connected_rails(res.state["railways"], ec) & B.STARRED) for ec in B.ECS) == extract
    assert STEPS["14"]["actions"][:2] == ["space perak", "remove perak-kelantan"]  # the pinned choice


def test_8_0_the_spaces_the_text_says_qualify_are_the_ones_offered():
    """L1670: Deploy has only Kuala Lumpur (Perak and Johore at Opposition). L1704: Seize Supplies may take the
    Supply Cache of Trengganu or Negri Sembilan. L1712: Limited Contact may move all three markers, the Perak one
    too. L1718: Ambush only in Perak and Kelantan. L1720: the J21 Eliminate in Perak may conceal its chit instead
    of rolling."""
    s = _upto("3", "space kuala-lumpur")
    assert engine.legal_actions(s, "japanese")["space"] == ["kuala-lumpur"]
    assert engine.legal_actions(_before("9"), "japanese") == {"replace": ["trengganu", "negri-sembilan"]}
    s = _upto("10", "done")
    assert {m.split()[0] for m in engine.legal_actions(s, "british")["move"]} == {"perak"}
    s = _upto("11", "space perak", nth=2)  # the Gather's done: the Ambush selects
    assert engine.legal_actions(s, "british")["space"] == ["perak", "kelantan"]
    s = _upto("12", "conceal perak")
    assert engine.legal_actions(s, "japanese") == {"conceal": ["perak"], "roll": []}
