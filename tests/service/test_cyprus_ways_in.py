"""Cyprus played every way in (issue 29; GAME-STANDARD.md "playable through every way in"): created and played
through the API by move files, its board on the game page, its snapshot and report documents with its facts
(International Opinion with its box's name, ruling R-IO-LABELS; the Intel Chits held), mail's HELP with its
orders, and a local game file through the command line. The Example of Play's deck, so the first card and who
acts first do not depend on the game's seed (8.0 L3574-3576: AKEL, C3; EOKA 1st Eligible, setup L4133).

The Intel Chits the British hold are open, value by value (1.6.1, L3273); the chits in the bag are drawn at
random (1.6.1), so no output shows which they are, only how many: every way in is read after a British Pass
has drawn a chit with the game's own seed (L3582), and none may print the bag's chits in any form."""

from __future__ import annotations

import json
import re

import pytest

import engine
from mail.compose import help_blocks, position_blocks, text_of
from service import games as G
from service.reports import documents
from tests.service.ways_in import cli_play, cli_show, flat, game_json, send_move

#: The Example of Play's first move file (8.0, L3576-3580): Recruit in the Troodos Mountains, Nicosia and Paphos,
#: then Smuggle an Arms Cache into Paphos.
RECRUIT = ["box opsa", "op recruit", "space troodos", "place 2", "space nicosia", "place 1", "space paphos", "place 1",
           "sa smuggle", "place paphos", "done"]
#: The British answer (L3582): a Pass in the Limited Op box, which draws an Intel Chit from the bag.
PASS = ["box limited", "pass"]


@pytest.fixture(autouse=True)
def queued(app):
    """Replaces the queue with a list: the test runs the worker's function itself."""
    ids: list[str] = []
    app.extensions["umpire"]["enqueue"] = ids.append
    return ids


def _played(client, sessions) -> tuple[str, dict]:
    """A Cyprus game through the API to the British Pass of the Example (8.0 L3576-3582): its id and tokens."""
    r = client.post("/api/games", json={"game": "cyprus", "scenario": "example-of-play"})
    assert r.status_code == 201, r.get_data(as_text=True)
    b = r.get_json()
    gid, tokens = b["id"], b["tokens"]
    assert send_move(client, sessions, gid, "eoka", tokens["eoka"], RECRUIT, 0)["status"] == "accepted"
    seq = game_json(client, gid, tokens["british"])["seq"]
    assert send_move(client, sessions, gid, "british", tokens["british"], PASS, seq)["status"] == "accepted"
    return gid, tokens


def _bag_forms(bag: list[int]) -> list[str]:
    """The ways a list of chits would be printed: as JSON or Python lists, comma-separated, and tallied as the
    board's counters tally a list (``0 ×3, 1 ×3, 2 ×2``), sorted and in the stored order."""
    forms = []
    for values in (list(bag), sorted(bag)):
        seen: dict[int, int] = {}
        for v in values:
            seen[v] = seen.get(v, 0) + 1
        forms += [json.dumps(values), str(values), ", ".join(map(str, values)),
                  ", ".join(str(k) if n == 1 else f"{k} \u00d7{n}" for k, n in seen.items())]
    return forms


def _hides_the_bag(text: str, bag: list[int], where: str) -> None:
    """*text* shows none of the bag's chits, and wherever it speaks of the bag, its number only."""
    assert '"bag"' not in text and "'bag'" not in text, where
    for form in _bag_forms(bag):
        assert form not in text, (where, form)
    for shown in re.findall(r"Intel bag:? *([^ ;,<]+)", text):
        assert shown == str(len(bag)), (where, shown)
    for shown in re.findall(r"([^ ;,>]+) in the bag", text):
        assert shown == str(len(bag)), (where, shown)


def test_cyprus_is_created_and_played_through_the_api(client, sessions):
    r = client.post("/api/games", json={"game": "cyprus", "scenario": "example-of-play"})
    assert r.status_code == 201, r.get_data(as_text=True)
    b = r.get_json()
    assert set(b["tokens"]) == {"eoka", "british", "umpire"} and b["waiting_for"] == ["eoka"]
    gid, tokens = b["id"], b["tokens"]
    out = send_move(client, sessions, gid, "eoka", tokens["eoka"], RECRUIT, 0)
    assert out["status"] == "accepted", out
    g = game_json(client, gid, tokens["british"])
    v = g["view"]
    # L3580: four new Cells and a new Arms Cache; Political Will 14 and International Opinion 2 unchanged.
    assert v["spaces"]["troodos"]["cells_u"] == 3 and v["spaces"]["troodos"]["caches"] == 1
    assert v["spaces"]["paphos"]["cells_u"] == 2 and v["spaces"]["paphos"]["caches"] == 1
    assert v["spaces"]["nicosia"]["cells_u"] == 2 and v["available"]["cells"] == 2
    assert v["pw"] == 14 and v["io"] == 2 and v["current"] == "C3"
    assert not {"deck", "unused", "flow"} & set(v) and g["waiting_for"] == ["british"]
    # an illegal order is refused with its rule and the orders allowed, and changes nothing
    out = send_move(client, sessions, gid, "british", tokens["british"], ["box limited", "op recruit"], g["seq"])
    err = out["verdict"]["error"]
    assert out["status"] == "rejected" and err.get("rule") == "3.1", out
    assert "Recruit is an EOKA Operation" in err["message"] and err["legal"]["op"] == ["deploy", "patrol", "search",
                                                                                       "assault"]
    assert game_json(client, gid)["seq"] == g["seq"]
    # the British Pass draws an Intel Chit (L3582), held in the open; the next card follows, British 1st
    out = send_move(client, sessions, gid, "british", tokens["british"], PASS, g["seq"])
    assert out["status"] == "accepted", out
    g = game_json(client, gid, tokens["eoka"])
    v = g["view"]
    assert len(v["intel"]["held"]) == 1 and v["intel"]["held"][0] in (0, 1, 2) and v["intel"]["bag_size"] == 8
    assert v["current"] == "C21" and v["eligible"] == ["british", "eoka"] and g["waiting_for"] == ["british"]


def test_cyprus_page_shows_its_board_and_tracks(client, sessions):
    gid, _ = _played(client, sessions)
    page = client.get(f"/games/{gid}").get_data(as_text=True)
    for space in ("nicosia", "famagusta", "larnaca", "limassol", "paphos", "karpas", "troodos", "kyrenia",
                  "akrotiri", "dhekelia"):
        assert f'data-space="{space}"' in page, space
    assert 'data-track="pw"' in page and 'data-track="io"' in page and "Schematic map" in page
    text = flat(page)
    # the International Opinion Track names its boxes (ruling R-IO-LABELS); the tracks and the Prison are shown
    assert "International Opinion: 2 (Debated)" in text and "Political Will: 14" in text
    # the Intel Chits held by value, the bag by its number (1.6.1)
    assert "Intel Chits held" in text and "8 in the bag" in text
    assert re.search(r"Intel bag:? *8\b", text), "the board's Intel bag counter shows how many chits are in it"


def test_cyprus_snapshot_and_report_print_its_facts(client, sessions):
    gid, _ = _played(client, sessions)
    with sessions() as s:
        game = G.get_game(s, gid)
        held = game.state["intel"]["held"]
        assert len(held) == 1
        for html in (documents.snapshot_html(s, game, "british"), documents.report_html(s, game)):
            text = flat(html)
            assert "International Opinion: Debated (2)" in text and "Political Will: 14" in text
            assert f"Intel Chits: held {held[0]}; 8 in the bag" in text
            assert "Prison: 0 Cells" in text and "Curfews: none; 4 in the pool" in text
        assert "Waiting for the British" in flat(documents.snapshot_html(s, game, "eoka"))


def test_cyprus_mail_help_gives_its_orders():
    text = text_of(help_blocks("G-1", "cyprus", "umpire@example.org", None, {}))
    orders = engine.definition("cyprus").orders
    assert orders, "Cyprus lists its orders (GameDefinition.orders, docs/orders.md)"
    for order in orders:  # the grammar as docs/orders.md gives it
        assert order.form in text, order.form
    for form in ("box BOX", "op NAME", "sa NAME", "space SPACE", "offensive SPACE", "lead N", "chit N", "roll"):
        assert form in text, form
    assert "How to play game G-1 (cyprus) by mail" in text


def test_cyprus_through_the_command_line_with_a_local_file(tmp_path):
    path = tmp_path / "cyprus.json"
    recruit, _ = cli_play(path, "cyprus", [("eoka", RECRUIT), ("british", PASS)])
    assert "EOKA Smuggled an Arms Cache into Paphos from Available." in recruit.output
    shown = cli_show(path, "eoka")
    assert shown.exit_code == 0, shown.output
    state = json.loads(path.read_text())["state"]
    held = state["intel"]["held"]
    assert len(held) == 1 and len(state["intel"]["bag"]) == 8
    for line in ("Political Will: 14", "International Opinion: Debated (2)", f"Intel Chits: held {held[0]}; 8 in the bag",
                 "Troodos Mountains            Cu3 AC1", "Paphos                       Cu2 AC1", "British to act"):
        assert line in shown.output, line
    _hides_the_bag(shown.output, state["intel"]["bag"], "umpire show")


def test_cyprus_no_output_shows_the_chits_in_the_bag(client, sessions):
    """The API's view for each seat and the public, the log, the game page and its board, an earlier position's
    page, the snapshot and report documents and the STATUS mail: each gives the bag's number of chits at most,
    never which chits are in it (1.6.1: drawn at random)."""
    gid, tokens = _played(client, sessions)
    with sessions() as s:
        game = G.get_game(s, gid)
        bag = list(game.state["intel"]["bag"])
        docs = {"snapshot": documents.snapshot_html(s, game, "british"), "report": documents.report_html(s, game)}
    assert len(bag) == 8
    outputs = {f"/games/{gid}": None, f"/games/{gid}/board.svg": None, f"/api/games/{gid}/log": None,
               f"/api/games/{gid}/log?format=text": None}
    for url in outputs:
        r = client.get(url)
        assert r.status_code == 200, url
        outputs[url] = r.get_data(as_text=True)
    # the page of the position before the Pass: the nine chits of the setup still in the bag (L4125)
    r = client.get(f"/games/{gid}?at=12")
    assert r.status_code == 200
    _hides_the_bag(flat(r.get_data(as_text=True)), [0, 0, 0, 1, 1, 1, 2, 2, 2], "the page at position 12")
    for who in ("eoka", "british", None):
        g = game_json(client, gid, tokens[who] if who else None)
        v = g["view"]
        assert "bag" not in v["intel"] and v["intel"]["bag_size"] == 8, who
        outputs[f"view {who or 'public'}"] = json.dumps(g)
        if who:
            outputs[f"STATUS mail {who}"] = text_of(position_blocks(gid, g, who))
    outputs.update(docs)
    for where, text in outputs.items():
        _hides_the_bag(flat(text) if where.startswith("/games") or where in docs else text, bag, where)
