"""What each role sees of a Malaya game (engine.games.malaya.view; DESIGN.md section 3) and the headline
values every generic layer prints (engine.games.malaya.facts).

Malaya hides only the draw deck: the next cards and which Events are set aside (2.1, 2.2: the played cards
and the number left are open). Underground Guerrillas are on the map for both players (1.4.3). Each output is
compared with the hidden facts themselves: the cards still in the deck never appear in any role's view,
facts or prompt, at any step of random games."""

from __future__ import annotations

import engine
from engine.coin import deck
from engine.core import canonical
from engine.core.chance import SeededChance
from engine.playout import choose

ROLES = ("british", "mcp", "public")


def fresh(seed: int = 1) -> dict:
    return engine.setup("malaya", "standard", {}, SeededChance(seed))


def test_1_8_1_10_1_11_1_12_facts_show_the_tracks_and_pools():
    f = {x["label"]: x["value"] for x in engine.facts(engine.view(fresh(), "mcp"))}
    assert f["Political Will"] == "12" and f["Resources"] == "British 20, MCP 10" and f["Commander"] == "Gurney"
    assert f["New Villages"] == "4 in the pool of 4" and f["Eligible"] == "1st British, 2nd MCP"
    assert f["Available"] == "Troops 7, Police cubes 9, Guerrillas 9, Bases 2"
    assert f["Propaganda Rounds"] == "0 of 3"
    # 1.7, 1.6: the setup's Control markers and levels (L2176-2186)
    assert f["Control"] == "British Perak, Johore, Kuala Lumpur; MCP Kelantan, Trengganu, Pahang"
    assert f["Support"] == "Kuala Lumpur" and f["Opposition"] == "Pahang"


def test_1_6_the_text_board_leaves_levels_to_the_facts():
    from service.textboard import render_text
    text = render_text({"id": "g1"}, engine.view(fresh(), "public"))
    assert "Opposition: Pahang" in text and "support" not in text
    assert "  Pahang                       Gu2 B1" in text


def test_6_6_3_facts_say_gurney_killed():
    s = fresh()
    s["gurney_killed"] = True
    f = {x["label"]: x["value"] for x in engine.facts(engine.view(s, "public"))}
    assert f["Commander"] == "Gurney (Gurney Killed: no effect until Reset)"


def test_2_2_views_show_the_map_and_hide_the_deck_only():
    s = fresh()
    for role in ROLES:
        v = engine.view(s, role)
        assert "deck" not in v and "unused" not in v and "flow" not in v
        assert v["deck_size"] == deck.size(s) == 20 and v["current_card"]["id"] == s["current"]
        assert v["spaces"] == s["spaces"] and v["control"] == s["control"] and v["resources"] == s["resources"]


def test_2_2_no_output_names_a_card_still_in_the_deck_along_random_games():
    for seed in range(6):
        s = fresh(seed)
        picker, dice = SeededChance(seed, context="picker"), SeededChance(seed, context="dice")
        for _ in range(400):
            if engine.outcome(s):
                break
            hidden = deck.remaining(s)
            for role in ROLES:
                v = engine.view(s, role)
                text = canonical.dumps([v, engine.facts(v)])
                named = [c for c in hidden if f'"{c}"' in text or f"({c})" in text or f"{c}," in text]
                assert not named, (seed, role, named)
            role = engine.active_roles(s)[0]
            engine.apply_in_place(s, role, choose(engine.legal_actions(s, role), picker), dice)
