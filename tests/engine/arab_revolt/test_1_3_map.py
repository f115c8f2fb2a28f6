"""The map (rule 1.3) as data: every space, its kind, adjacency with provenance (stated / example /
inferred), the Foreign Country spaces and which are Out of Play at setup (1.3.7)."""

import re

from engine.games.arab_revolt import board as B
from engine.games.arab_revolt.data import MAP

PROVENANCE = re.compile(r"^(stated|example|inferred): \S")


def edges(key="adjacency"):
    return {frozenset((e["a"], e["b"])) for e in MAP[key]}


def test_1_3_1_every_space_present_with_its_kind():
    kinds = {}
    for s in MAP["spaces"]:
        kinds.setdefault(s["kind"], set()).add(s["id"])
    assert kinds["district"] == {"galilee", "haifa-district", "samaria", "lydda", "jerusalem-district", "gaza"}
    assert kinds["city"] == {"haifa-city", "tel-aviv-jaffa", "jerusalem-city"}
    assert kinds["railway"] == {"rail-egypt", "rail-jerusalem", "rail-haifa", "rail-syria"}
    assert kinds["foreign"] == {"lebanon", "syria", "transjordan", "egypt"}
    assert len(MAP["spaces"]) == len({s["id"] for s in MAP["spaces"]}) == 17


def test_1_3_3_no_populations_in_arab_revolt():
    # 1.3.3 NOTE: the numbers printed in Districts and Cities are ignored; nothing may rely on them.
    assert all(s["population"] is None for s in MAP["spaces"])
    assert "1.3.3" in MAP["populations"]


def test_1_3_5_adjacency_is_symmetric_and_irreflexive():
    for a in B.SPACES:
        assert a not in B.BOARD.adj[a]
        for b in B.BOARD.adj[a]:
            assert a in B.BOARD.adj[b], (a, b)
    assert len(edges()) == len(MAP["adjacency"]), "an edge is listed twice"


def test_1_3_5_every_space_is_connected_and_has_neighbours():
    seen, todo = set(), ["jerusalem-city"]
    while todo:
        s = todo.pop()
        if s not in seen:
            seen.add(s)
            todo.extend(B.BOARD.adj[s])
    assert seen == set(B.SPACES)


def test_1_3_4_tel_aviv_haifa_railway_neighbours_exactly_as_the_example():
    # L68: the Tel Aviv-Jaffa to Haifa Railway is adjacent to exactly these five spaces.
    assert B.BOARD.adj["rail-haifa"] == {"tel-aviv-jaffa", "haifa-city", "haifa-district", "samaria", "lydda"}


def test_1_3_4_railways_touch_their_named_ends_and_no_other_railway():
    ends = {"rail-egypt": {"tel-aviv-jaffa", "egypt"}, "rail-jerusalem": {"tel-aviv-jaffa", "jerusalem-city"},
            "rail-haifa": {"tel-aviv-jaffa", "haifa-city"}, "rail-syria": {"haifa-city", "syria"}}
    for r, e in ends.items():
        assert e <= B.BOARD.adj[r], r
        assert not (B.BOARD.adj[r] & set(B.RAILWAYS)), r


def test_1_3_5_not_adjacent_pairs_are_not_edges():
    assert not (edges("not_adjacent") & edges())


def test_8_0_example_of_play_moves_follow_edges():
    # March L589-594, Raid L616, Sweep L573 and L632, Divide L622.
    for a, b in [("samaria", "haifa-district"), ("samaria", "rail-haifa"), ("samaria", "jerusalem-district"),
                 ("lydda", "rail-jerusalem"), ("lydda", "rail-egypt"), ("lydda", "gaza"), ("syria", "rail-syria"),
                 ("galilee", "samaria"), ("jerusalem-city", "jerusalem-district")]:
        assert b in B.BOARD.adj[a], (a, b)


def test_1_3_7_foreign_countries_and_out_of_play_at_setup():
    oop = {s["id"] for s in MAP["spaces"] if s.get("out_of_play")}
    assert oop == {"transjordan", "egypt"}
    assert "lebanon" in B.BOARD.adj["galilee"] and "syria" in B.BOARD.adj["galilee"]
    # A30 unshaded needs the Districts adjacent to Transjordan (ruling R-MAP-2).
    assert {s for s in B.BOARD.adj["transjordan"] if B.KIND[s] == "district"} == {"galilee", "samaria",
                                                                               "jerusalem-district", "gaza"}


def test_data_provenance_on_every_space_and_edge():
    for item in MAP["spaces"] + MAP["adjacency"] + MAP["not_adjacent"]:
        assert PROVENANCE.match(item["source"]), item
    for s in MAP["spaces"]:
        if s.get("out_of_play"):
            assert PROVENANCE.match(s["out_of_play"]), s


def test_palestine_board_edges_are_kept():
    # Same printed board as Palestine (1.3 L50): every Palestine edge is an Arab Revolt edge.
    from engine.games.palestine.data import MAP as PAL
    assert {frozenset((e["a"], e["b"])) for e in PAL["adjacency"]} <= edges()
