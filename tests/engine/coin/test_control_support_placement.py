"""The COIN layer's Control, Support/Opposition, tracks, Resources and own pieces from the map (issue 26,
first part), on a four-space test map shaped like Malaya's: two Provinces, a City and an Economic Centre.

Malaya 1.7 (Control: a side's pieces outnumber the other's; an Economic Centre is never Controlled;
Thailand admits only MCP Control; Political Will shifts the moment MCP Control changes), 1.6 (three
levels), 1.8 (Resources 0..20), 1.4.1 IMPORTANT (own pieces from the map when none are Available), and the
simultaneous moves of 3.2.3/3.3.2 (hooks once, at the end of the move).
"""

from __future__ import annotations

import types

import pytest

from engine.coin import resources
from engine.coin.board import Board, PieceKind
from engine.coin.control import Control
from engine.coin.placement import FromMap, OwnPieces
from engine.coin.support import SupportTrack
from engine.coin.tracks import shift_track
from engine.core.chance import Recorder, SeededChance
from engine.core.errors import Refusal, RulesBugError
from engine.core.flow import Context, ProcedureTable
from engine.testing import begin

MAP = {
    "spaces": [
        {"id": "perak", "name": "Perak", "kind": "province", "pop": 3},
        {"id": "pahang", "name": "Pahang", "kind": "province", "pop": 1},
        {"id": "thailand", "name": "Thailand", "kind": "thailand", "pop": 0},
        {"id": "ec", "name": "Economic Centre", "kind": "ec"},
    ],
    "adjacency": [{"a": "perak", "b": "pahang", "source": "test"}, {"a": "perak", "b": "thailand", "source": "test"},
                  {"a": "perak", "b": "ec", "source": "test"}],
}
PIECES = [PieceKind("troops", "british", label="Troop", words=("troop",)),
          PieceKind("police", "british", label="Police cube", words=("police",)),
          PieceKind("guerrillas", "mcp", flips=True, label="Guerrilla", words=("guerrilla-u", "guerrilla-a")),
          PieceKind("bases", "mcp", stack=2, never_in=frozenset({"ec"}), label="Base", words=("base",))]


class GameFromMap(FromMap):
    """A game's own question (1.4.1 IMPORTANT), under its stored name; its ``own`` set per test."""

    name = "test.from_map"


def new_board() -> Board:
    return Board(MAP, PIECES, markers=("terror",), curfews=0, curfew_kinds=(), curfew_rule="",
                 boxes={})


def context(board: Board, **extra) -> Context:
    state = {"spaces": {s: board.empty_space() for s in board.spaces},
             "available": {"troops": 5, "police": 5, "guerrillas": 5, "bases": 2},
             "pw": 10, "resources": {"british": 20, "mcp": 10}, "flow": [], **extra}
    procs = ProcedureTable(("engine.coin",))
    procs["test.from_map"] = GameFromMap()
    return Context(state, Recorder(SeededChance(1)), rules=None, procs=procs)


def malaya_like(board: Board) -> Control:
    """Control as Malaya's 1.7: MCP gaining Control costs the Population in Political Will, losing it
    gives it back."""
    def shift(g, sid, before, after):
        if after == "mcp":
            shift_track(g, "pw", -board.pop[sid], 0, 20, "Political Will", "MCP Control", "1.7")
        elif before == "mcp":
            shift_track(g, "pw", board.pop[sid], 0, 20, "Political Will", "MCP Control lost", "1.7")
    return Control(board, ("british", "mcp"), frozenset({"province", "thailand"}), only={"thailand": ("mcp",)},
                   names={"mcp": "MCP"}, on_change=shift).install()


def texts(g: Context) -> list[str]:
    return [e["text"] for e in g.log]


# -- Control ----------------------------------------------------------------------------------------------

def test_1_7_control_follows_every_placement_removal_and_move_with_its_immediate_effect():
    board = new_board()
    control = malaya_like(board)
    g = context(board, control={s: None for s in control.spaces})
    board.place(g, "perak", "guerrillas", 2)
    assert g.s["control"]["perak"] == "mcp" and g.s["pw"] == 7  # Population 3
    board.place(g, "perak", "troops", 2)
    assert g.s["control"]["perak"] is None and g.s["pw"] == 10  # 2 against 2: Uncontrolled, PW back
    board.place(g, "perak", "police", 1)
    assert g.s["control"]["perak"] == "british" and g.s["pw"] == 10  # British Control: no PW effect
    board.move(g, "perak", "pahang", "troops", 2)
    assert g.s["control"] == {"perak": "mcp", "pahang": "british", "thailand": None}
    assert g.s["pw"] == 7
    board.remove(g, "perak", "guerrillas_u", 2)
    assert g.s["control"]["perak"] == "british" and g.s["pw"] == 10
    assert "Perak came under MCP Control." in texts(g)
    assert control.mismatches(g.s) == []


def test_1_7_an_economic_centre_is_never_controlled_and_thailand_only_by_the_mcp():
    board = new_board()
    control = malaya_like(board)
    g = context(board, control={s: None for s in control.spaces})
    board.place(g, "ec", "troops", 3)
    assert "ec" not in g.s["control"]
    board.place(g, "thailand", "troops", 1)  # a test of the rule alone: British pieces never enter Thailand
    assert g.s["control"]["thailand"] is None
    board.place(g, "thailand", "guerrillas", 2)
    assert g.s["control"]["thailand"] == "mcp" and g.s["pw"] == 10  # Population 0


def test_simultaneous_move_runs_the_hooks_once_at_its_end():
    """A Sweep's Troops leave Perak and arrive in Pahang at once: Perak, left and refilled by the same move,
    neither loses nor regains Control on the way (hooks run once, in board order, at the end)."""
    board = new_board()
    control = malaya_like(board)
    g = context(board, control={s: None for s in control.spaces})
    board.place(g, "perak", "troops", 2)
    board.place(g, "perak", "guerrillas", 1)
    board.place(g, "pahang", "troops", 2)
    before = len(g.log)
    with board.together(g):
        board.move(g, "perak", "pahang", "troops", 2)
        board.move(g, "pahang", "perak", "troops", 2)
        assert g.batch == {"perak", "pahang"}
    assert g.batch is None
    assert g.log[before:] == []  # nothing changed Control
    with board.together(g):
        board.move(g, "perak", "pahang", "troops", 2)
        with board.together(g):  # a nested one joins the outer
            board.remove(g, "pahang", "troops", 1)
        assert g.s["control"]["perak"] == "british"  # not yet
    assert g.s["control"] == {"perak": "mcp", "pahang": "british", "thailand": None}
    assert g.s["pw"] == 7


def test_control_mismatches_name_a_space_whose_kept_value_is_stale():
    board = new_board()
    control = malaya_like(board)
    g = context(board, control={s: None for s in control.spaces})
    g.s["spaces"]["pahang"]["guerrillas_u"] = 1  # written past the board: the invariant must see it
    assert control.mismatches(g.s) == ["pahang: kept None, computed 'mcp'"]


# -- Support/Opposition, Population ---------------------------------------------------------------------

def test_1_6_three_levels_shift_and_stop_at_the_ends():
    board = new_board()
    track = SupportTrack(board, ("opposition", "neutral", "support"), frozenset({"province"}))
    g = context(board)
    assert (track.lowest, track.highest) == (-1, 1)
    assert track.shift(g, "perak", 1, "Pacify") == 1 and track.label(g, "perak") == "Support"
    assert track.shift(g, "perak", 1, "Pacify") == 0
    assert track.shift(g, "pahang", -3, "Agitate") == -1 and track.label(g, "pahang") == "Opposition"
    assert "Pahang went from Neutral to Opposition (Agitate)." in texts(g)
    assert track.population(g, lambda v: v > 0) == 3 and track.population(g, lambda v: v < 0) == 1
    with pytest.raises(RulesBugError):
        track.set(g, "ec", 1, "test")
    assert not track.takes("thailand")


def test_five_levels_name_their_middle_neutral():
    board = new_board()
    track = SupportTrack(board, ("active-opposition", "passive-opposition", "neutral", "passive-support",
                                 "active-support"), frozenset({"province"}))
    g = context(board)
    track.shift(g, "perak", -5, "test")
    assert track.level(g, "perak") == -2 and track.label(g, "perak") == "Active Opposition"


def test_5_1_1_tracks_stop_at_their_ends():
    board = new_board()
    g = context(board)
    assert shift_track(g, "pw", 15, 0, 20, "Political Will", "test") == 10 and g.s["pw"] == 20
    assert shift_track(g, "pw", -25, 0, 20, "Political Will", "test") == -20 and g.s["pw"] == 0


# -- Resources ------------------------------------------------------------------------------------------

def test_1_8_resources_pay_shift_and_refuse_with_the_figures():
    board = new_board()
    g = context(board)
    assert resources.can_pay(g, "mcp", 10) and not resources.can_pay(g, "mcp", 11)
    resources.pay(g, "mcp", 3, "Rally in 3 spaces", "3.3.1")
    assert resources.held(g, "mcp") == 7
    assert "MCP paid 3 Resources for Rally in 3 spaces (10 -> 7)." in texts(g)
    with pytest.raises(RulesBugError):
        resources.pay(g, "mcp", 8, "more than it holds")
    assert resources.shift(g, "british", 5, "Pass") == 0 and resources.held(g, "british") == 20
    assert resources.shift(g, "mcp", -9, "Event") == -7 and resources.held(g, "mcp") == 0
    words = resources.refusal(g, "mcp", 1, "Rally in Perak", "3.3.1")
    assert words == "Rally in Perak costs 1 Resource; MCP Resources are 0 (3.3.1: Resources permitting)"


# -- own pieces from the map (1.4.1 IMPORTANT) ----------------------------------------------------------

WHY = types.SimpleNamespace(
    because=lambda text, rule: Refusal(f"{text} ({rule})", rule=rule),
    form=lambda verb, shape, arg, rule: Refusal(f"{verb!r} here is written '{verb} {shape}' ({rule})", rule=rule),
    has=lambda g, sid, key: f"{sid} has no {key}",
    is_space=lambda w: w in ("perak", "pahang", "thailand", "ec"),
    not_a_space=lambda w: Refusal(f"{w!r} is not a space", rule="1.3"),
    parts=lambda arg, n: (arg or "").split() if len((arg or "").split()) == n else None,
)


@pytest.mark.parametrize("reading,event_takes", [(None, False), ("map", True), ("available", False)])
def test_1_4_1_important_own_pieces_from_the_map_by_op_and_by_event_as_the_ruling_reads(reading, event_takes):
    board = new_board()
    own = OwnPieces(board, WHY, proc="test.from_map", event_ruling="R-TEST" if reading else None)
    g = context(board, rulings={"R-TEST": reading} if reading else {})
    assert own.may_take(g, "mcp", "guerrillas", "op")
    assert not own.may_take(g, "british", "guerrillas", "op")  # never the other side's pieces
    assert own.may_take(g, "mcp", "guerrillas", "event") is event_takes


def test_1_4_1_important_sources_never_a_base_from_its_own_space():
    board = new_board()
    own = OwnPieces(board, WHY, proc="test.from_map")
    g = context(board)
    board.place(g, "perak", "bases", 1)
    board.place(g, "pahang", "bases", 1)
    board.place(g, "pahang", "guerrillas", 1)
    board.activate(g, "pahang", 1, "guerrillas")
    assert own.sources(g, "perak", "bases") == ["pahang base"]
    assert own.sources(g, "perak", "guerrillas") == ["pahang guerrilla-a"]


def test_1_4_1_important_place_asks_for_a_map_piece_only_when_none_is_available():
    board = new_board()
    own = OwnPieces(board, WHY, proc="test.from_map")
    g = context(board)
    g.procs["test.from_map"].own = own
    own.place(g, "mcp", "perak", "guerrillas", rule="3.3.1", label="Rally")
    assert board.sp(g, "perak")["guerrillas_u"] == 1 and g.frames == []
    g.s["available"]["guerrillas"] = 0
    own.place(g, "mcp", "pahang", "guerrillas", rule="3.3.1", label="Rally")
    assert g.frames[-1]["p"] == "test.from_map" and g.frames[-1]["options"] == ["perak guerrilla-u"]
    own.place(g, "mcp", "ec", "bases", rule="3.3.1", label="Rally")  # never in an Economic Centre (1.4.2)
    assert "Rally: no Base may go in Economic Centre (1.4.2)." in texts(g)


def test_1_4_1_important_from_map_moves_the_piece_and_refuses_with_reasons():
    board = new_board()
    own = OwnPieces(board, WHY, proc="test.from_map")
    g = context(board)
    proc = g.procs["test.from_map"]
    proc.own = own
    board.place(g, "perak", "guerrillas", 1)
    g.s["available"]["guerrillas"] = 0
    f = begin(g, "test.from_map", "mcp", on_top=True, settle=False, sid="pahang", piece="guerrillas",
              options=own.sources(g, "pahang", "guerrillas"), rule="3.3.1", label="Rally")
    assert proc.prompt(g, f) == {"take": ["perak guerrilla-u"], "done": []}
    assert "MCP (Rally): no Guerrilla is Available" in proc.text(g, f)
    assert "'take' here is written" in proc.explain(g, f, "take", "perak")
    assert "take one of those, not a Troop" in proc.explain(g, f, "take", "perak troop")
    assert proc.explain(g, f, "take", "pahang guerrilla-u").rule == "1.4.1"
    proc.act(g, f, "take", "perak guerrilla-u")
    assert board.sp(g, "perak")["guerrillas_u"] == 0 and board.sp(g, "pahang")["guerrillas_u"] == 1
    assert "Rally: MCP moved an Underground Guerrilla from Perak to place it in Pahang." in texts(g)


# -- the Propaganda Round's ends: a draw, and eligibility per game -----------------------------------------

def test_7_0_2_a_draw_is_an_outcome_with_no_winner():
    from engine.coin.propaganda import PropagandaRound
    g = context(new_board())
    PropagandaRound().draw(g, "Political Will is exactly 10 after the final Propaganda Round", "7.0.2")
    assert g.s["outcome"] == {"winner": None,
                              "reason": "Political Will is exactly 10 after the final Propaganda Round"}
    assert texts(g)[-1].startswith("The game ended in a draw")
    PropagandaRound().win(g, "mcp", "Political Will 2", "7.1")
    assert texts(g)[-1] == "MCP won: Political Will 2."


@pytest.mark.parametrize("order,after", [(None, ["british", "mcp"]), (("mcp", "british"), ["mcp", "british"])])
def test_reset_sets_the_initiative_only_where_the_game_says_so(order, after):
    from engine.coin.propaganda import PropagandaRound
    g = context(new_board(), eligible=["british", "mcp"])
    g.rules = types.SimpleNamespace(eligibility_after_propaganda=order)
    PropagandaRound().reset_eligibility(g, "6.4")
    assert g.s["eligible"] == after
    assert (texts(g) == ["MCP became 1st Eligible."]) is (order is not None)
