"""The COIN layer's Operations and Special Activities (issue 26): each described once on its class, the tables
derived from the classes (engine.coin.activities), and the per-space Resources cost of the games that have
Resources (3.1, "Resources permitting"; engine.coin.operation, engine.coin.resources).

The cost is tested on a test-only Operation in a three-space map; the tables on Palestine's and Arab
Revolt's, against their rulebooks (Palestine 3.2, 3.3, 4.2, 4.3; Arab Revolt the same sections).
"""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from engine.coin.activities import Activities
from engine.coin.capabilities import cap
from engine.coin.operation import Operation
from engine.coin.special import SpecialActivity
from engine.core.chance import NoChance, Recorder
from engine.core.errors import RulesBugError
from engine.core.flow import Context
from engine.games.arab_revolt import operation as ar_op
from engine.games.arab_revolt import punish as ar_punish
from engine.games.arab_revolt import special as ar_sa
from engine.games.arab_revolt import special_rebel as ar_rebel_sa
from engine.games.palestine import operation as pal_op
from engine.games.palestine import rules as pal_rules
from engine.games.palestine import special as pal_sa

# -- a tiny game with Resources ---------------------------------------------------------------------------

#: What selecting each space costs the test Operation.
COST = {"ashford": 1, "bexley": 2, "croydon": 5}
TINY = Activities()


class Toll(Operation):
    """A test Operation whose spaces cost Resources (COST), paid by its faction."""

    op = "toll"
    faction = "government"
    rule = "3.2.9"
    activities = TINY

    def cost(self, g, f, sid):
        return COST[sid]


class Walk(Operation):
    """A test Operation with no cost, the way Palestine's and Arab Revolt's are."""

    op = "walk"
    faction = "government"
    rule = "3.2.8"
    activities = TINY


class Leaflet(SpecialActivity):
    """A test Special Activity that accompanies Toll, and could act while the flag ``leaflets`` is set."""

    sa = "leaflet"
    faction = "government"
    rule = "4.2.9"
    accompanies = ("toll",)
    activities = TINY

    def possible(self, g, f=None):
        return bool(g.s.get("leaflets"))


def context(resources: int | None, **state) -> Context:
    """A context on the three-space map; *resources*: what the Government holds (``None``: a game without
    Resources, whose state has no such track)."""
    board = SimpleNamespace(spaces=tuple(COST), name=str.title)
    s = {"flow": [], **state}
    if resources is not None:
        s["resources"] = {"government": resources}
    return Context(s, Recorder(NoChance()), SimpleNamespace(board=board))


def frame(op: str = "toll", **flags) -> dict:
    return {"p": f"tiny.op.{op}", "role": "government", "op": op, "limited": False, "sa": "open", "max": 3,
            "optional": False, "spaces": [], "stage": "select", **flags}


def test_3_1_a_space_the_faction_cannot_pay_for_is_not_offered():
    g, f = context(3), frame()
    assert Toll().candidates(g, f) == ["ashford", "bexley"]
    assert Toll().prompt(g, f)["space"] == ["ashford", "bexley"]
    assert Toll().possible(g, f)


def test_3_1_the_refusal_names_the_cost_the_holding_and_the_rule():
    g, f = context(3), frame()
    why = Toll().explain(g, f, "space", "croydon")
    assert "Toll in Croydon costs 5 Resources" in why
    assert "Government Resources are 3" in why
    assert "3.1" in why
    assert Toll().explain(g, f, "space", "bexley") is None  # affordable: no refusal


def test_3_1_no_space_is_possible_when_the_faction_holds_nothing():
    g, f = context(0), frame()
    assert Toll().candidates(g, f) == []
    assert not Toll().possible(g, f)
    assert "no space can be selected now" in Toll().text(g, f)


def test_3_1_selecting_a_space_pays_its_cost():
    g, f = context(3), frame()
    Toll().act(g, f, "space", "bexley")
    assert g.s["resources"]["government"] == 1
    assert f["spaces"] == ["bexley"]
    assert any("paid 2 Resources for Toll in Bexley (3 -> 1)" in e["text"] for e in g.log)
    assert Toll().candidates(g, f) == ["ashford"]  # bexley taken, croydon beyond the 1 left


def test_3_1_2_a_free_operation_pays_nothing_and_may_select_any_space():
    g, f = context(3), frame(free=True)
    assert Toll().candidates(g, f) == ["ashford", "bexley", "croydon"]
    assert Toll().explain(g, f, "space", "croydon") is None
    Toll().act(g, f, "space", "croydon")
    assert g.s["resources"]["government"] == 3
    assert not [e for e in g.log if "paid" in e["text"]]


def test_an_operation_without_cost_never_reads_resources():
    """The fast path: with no cost (Palestine, Arab Revolt), no Resources track is read at all."""
    assert not Walk.costs and Toll.costs
    g, f = context(None), frame("walk")
    assert Walk().candidates(g, f) == list(COST)
    Walk().act(g, f, "space", "croydon")
    assert Walk().explain(g, f, "space", "bexley") is None


def test_4_1_1_the_table_lists_the_accompanying_special_activities_that_could_act():
    assert TINY.op_faction == {"walk": "government", "toll": "government"}  # rule order: 3.2.8, 3.2.9
    assert TINY.ops == {"government": ["walk", "toll"]}
    assert TINY.sa_accompany == {"walk": [], "toll": ["leaflet"]}
    assert TINY.sa_title == {"leaflet": "Leaflet"} and Toll.title == "Toll"
    assert TINY.problems() == []
    g, f = context(3), frame()
    assert Toll().sa_allowed(g, f) == [] and not TINY.possible(g, "leaflet")
    g.s["leaflets"] = True
    assert Toll().sa_allowed(g, f) == ["leaflet"] and TINY.possible(g, "leaflet")
    assert Toll().prompt(g, f)["sa"] == ["leaflet"]
    assert Walk().sa_allowed(g, frame("walk")) == []
    assert not TINY.possible(g, "no-such-activity")


def test_a_class_that_says_too_little_or_twice_is_a_rules_bug():
    table = Activities()
    with pytest.raises(RulesBugError, match="possible"):
        type("Mute", (SpecialActivity,), {"sa": "mute", "faction": "x", "rule": "4.2.1", "activities": table})
    with pytest.raises(RulesBugError, match="no faction"):
        type("Nobody", (Operation,), {"op": "nobody", "rule": "3.2.1", "activities": table})
    type("One", (Operation,), {"op": "twin", "faction": "x", "rule": "3.2.1", "activities": table})
    with pytest.raises(RulesBugError, match="defined twice"):
        type("Two", (Operation,), {"op": "twin", "faction": "x", "rule": "3.2.2", "activities": table})


# -- the games' tables, as their rulebooks list them -------------------------------------------------------

def test_palestine_tables_3_and_4():
    acts = pal_sa.ACTIVITIES
    assert pal_op.OP_FACTION["deploy"] == "british" and pal_op.OP_RULE["deploy"] == "3.2.1"
    assert pal_sa.SA_ACCOMPANY["deploy"] == ["restore", "negotiate"]
    assert pal_rules.OPS == {"british": ["deploy", "patrol", "search", "assault"],
                             "irgun": ["recruit", "travel", "sabotage", "rob"]}
    assert pal_op.OP_RULE == {"deploy": "3.2.1", "patrol": "3.2.2", "search": "3.2.3", "assault": "3.2.4",
                              "recruit": "3.3.1", "travel": "3.3.2", "sabotage": "3.3.3", "rob": "3.3.4"}
    # 4.2.1 Deploy only; 4.2.2 Deploy, Patrol or Search; 4.2.3 Search or Assault; 4.3.1, 4.3.2 any Irgun one.
    assert pal_sa.SA_ACCOMPANY == {
        "deploy": ["restore", "negotiate"], "patrol": ["negotiate"], "search": ["negotiate", "mass-detention"],
        "assault": ["mass-detention"], "recruit": ["silence", "propagandize"], "travel": ["silence", "propagandize"],
        "sabotage": ["silence", "propagandize"], "rob": ["silence", "propagandize"]}
    assert pal_sa.SA_RULE == {"restore": "4.2.1", "negotiate": "4.2.2", "mass-detention": "4.2.3",
                              "silence": "4.3.1", "propagandize": "4.3.2", "terror": "4.3.3"}
    assert pal_sa.SA_TITLE["mass-detention"] == "Mass Detention"
    assert acts.sa_of == {"british": ("restore", "negotiate", "mass-detention"),
                          "irgun": ("silence", "propagandize", "terror")}
    assert acts.problems() == []


def test_palestine_4_3_3_terror_accompanies_sabotage_declared_inside_it():
    """Terror may only accompany Sabotage and is declared in a Sabotage City before the roll: the Sabotage's
    own ``terror`` order, never offered as ``sa terror``."""
    terror = pal_sa.ACTIVITIES.specials["terror"]
    assert terror.accompanies == ("sabotage",) and not terror.offered
    assert pal_sa.SA_FACTION["terror"] == "irgun"
    assert all("terror" not in sas for sas in pal_sa.SA_ACCOMPANY.values())
    assert not pal_sa.sa_possible(None, "terror")


def test_arab_revolt_tables_3_and_4():
    assert ar_op.OP_FACTION["deploy"] == "british" and ar_op.OP_RULE["sweep"] == "3.2.3"
    assert ar_op.OPS == {"british": ["deploy", "patrol", "sweep", "assault"],
                         "rebels": ["rally", "march", "sabotage", "ambush"]}
    # 4.2.1 and 4.2.3 any British Operation; 4.2.2 Deploy or Patrol; 4.3.1 Rally or March; 4.3.2 any Rebel
    # Operation; 4.3.3 Rally, Sabotage or Ambush.
    assert ar_op.SA_ACCOMPANY == {
        "deploy": ["punish", "divide", "air-recon"], "patrol": ["punish", "divide", "air-recon"],
        "sweep": ["punish", "air-recon"], "assault": ["punish", "air-recon"],
        "rally": ["mobilize", "coordinate", "raid"], "march": ["mobilize", "coordinate"],
        "sabotage": ["coordinate", "raid"], "ambush": ["coordinate", "raid"]}
    assert ar_sa.SA_RULE == {"punish": "4.2.1", "divide": "4.2.2", "air-recon": "4.2.3", "mobilize": "4.3.1",
                             "coordinate": "4.3.2", "raid": "4.3.3"}
    assert ar_sa.SA_OF == {"british": ("punish", "divide", "air-recon"), "rebels": ("mobilize", "coordinate", "raid")}
    assert ar_sa.sa_title("air-recon") == "Air Recon"
    assert ar_op.ACTIVITIES.specials["punish"] is ar_punish.Punish
    assert ar_op.ACTIVITIES.specials["raid"] is ar_rebel_sa.Raid
    assert ar_op.ACTIVITIES.problems() == []


def test_5_3_one_capability_test_for_both_games():
    assert pal_op.cap is cap and ar_op.cap is cap
    g = context(None, capabilities={"P9": "shaded"})
    assert cap(g, "P9") == "shaded" and cap(g, "P13") is None
