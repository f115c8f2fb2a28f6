"""Each game has its own registry of procedures and order words (issue 23, item 2): no process-global set
of verbs, no one namespace for every game's procedures."""

from __future__ import annotations

import engine
from engine.core import flow, notation
from engine.core.flow import Procedure, ProcedureTable, procedure


def test_each_game_sees_only_its_own_procedures_and_order_words():
    pal, ar = engine.definition("palestine"), engine.definition("arab-revolt")
    assert "coin.round" in pal.procedures and "coin.round" in ar.procedures  # the shared COIN layer
    assert not any(n.startswith("ar.") for n in pal.procedures.names())
    assert not any(n.startswith("pal.") for n in ar.procedures.names())
    assert "terror" in pal.verbs and "terror" not in ar.verbs  # Palestine's Irgun Terror (3.3.4)
    assert "ambush" in ar.verbs and "ambush" not in pal.verbs  # Arab Revolt's Ambush


def test_two_games_may_use_one_procedure_name():
    """A procedure of another game, named as a COIN one, is not seen by the COIN games."""

    class Elsewhere(Procedure):
        name = "coin.round"

    Elsewhere.__module__ = "tests.fakegame.rules"
    procedure(Elsewhere)
    notation.declare("tests.fakegame.rules", {"teleport"})
    try:
        pal = ProcedureTable(engine.definition("palestine").packages())
        assert type(pal["coin.round"]).__module__ == "engine.coin.sequence"
        assert isinstance(ProcedureTable(("tests.fakegame",))["coin.round"], Elsewhere)
        assert "teleport" not in engine.definition("palestine").verbs
        assert notation.verbs_of(("tests.fakegame",)) == {"teleport"}
    finally:
        flow.forget("tests.fakegame.rules")
        notation.forget("tests.fakegame.rules")
    assert "coin.round" in ProcedureTable(("engine.coin",)) and "coin.round" not in ProcedureTable(("tests.fakegame",))
