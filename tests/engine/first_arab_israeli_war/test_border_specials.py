"""The border specials (4.5; Reinforcement Table L1215, L1230, L1242, L1252) on the test pack (issue 31)."""

from __future__ import annotations

import engine
from engine.games.first_arab_israeli_war import border_specials, units

from .faiw_helpers import act
from .faiw_reinf_helpers import ctx, fresh, legal, refused, top


def _crossed(s, country):
    g = ctx(s)
    border_specials.crossed(g, country)
    g.settle()
    return g


def test_4_5_first_israeli_entry_into_egypt_brings_three_infantry_battalions_placed_by_the_arab_player():
    s = fresh()
    _crossed(s, "Egypt")
    f = top(s)
    assert f["p"] == "faiw.border_special" and f["role"] == "arab" and engine.active_roles(s) == ["arab"]
    assert [units.counter(s, i["cid"]).type for i in f["todo"]] == ["infantry"] * 3
    assert {a.split()[1] for a in legal(s, "arab")["place"]} == {"0105"}  # Egypt's reinforcement hexes
    refused(s, "arab", "place AL-egy-inf-bn-1 0703", "not a hex where")
    for _ in range(3):
        act(s, "arab", f"place {legal(s, 'arab')['place'][0]}")
    assert top(s)["p"] != "faiw.border_special"
    assert sum(1 for c in units.at(s, "0105") if c.startswith("AL-egy-inf-bn")) == 3


def _free_lebanese(s):
    """The May 1948 Lebanese battalion back in the pool (the Arab phase under the test had reserved it)."""
    f = top(s)
    f["todo"] = [i for i in f["todo"] if i["cid"] != "AL-leb-inf-1"]
    s["units"]["AL-leb-inf-1"]["status"] = "pool"


def test_4_5_once_a_game_per_country():
    s = fresh()
    _free_lebanese(s)
    _crossed(s, "Lebanon")
    assert top(s)["p"] == "faiw.border_special" and legal(s, "arab")["place"][0].startswith("AL-leb-inf-1")
    act(s, "arab", f"place {legal(s, 'arab')['place'][0]}")
    depth = len(s["flow"])
    _crossed(s, "Lebanon")
    assert len(s["flow"]) == depth and s["flags"]["border_specials"] == ["Lebanon"]


def test_4_5_palestine_brings_nothing_and_what_the_mix_lacks_is_not_received():
    s = fresh()
    depth = len(s["flow"])
    _crossed(s, "Palestine")
    assert len(s["flow"]) == depth
    for cid in ("AL-egy-inf-bn-1", "AL-egy-inf-bn-2", "AL-egy-inf-bn-3"):
        s["units"][cid]["status"] = "out"
    g = _crossed(s, "Egypt")
    assert len(s["flow"]) == depth and any("3 fewer" in e["text"] and "(4.6)" in e["text"] for e in g.log)


def test_4_5_with_every_hex_enemy_held_they_are_lost():
    s = fresh()
    _free_lebanese(s)
    for cid in [c for c in units.at(s, "0201")]:
        s["units"][cid] = {"status": "pool", "at": None, "broken": False}
    s["supply"]["arab"].pop("0201", None)
    for h, cid in zip(("0201", "0301", "0401"), ("IL-cdo-bn-2", "IL-cdo-bn-3", "IL-inf-bn-12"), strict=True):
        units.place(s, cid, h)
    depth = len(s["flow"])
    g = _crossed(s, "Lebanon")
    assert len(s["flow"]) == depth and s["units"]["AL-leb-inf-1"]["status"] == "out"
    assert any("lost the reinforcement AL-leb-inf-1" in e["text"] for e in g.log)
