"""Japanese Occupation played every way in (issue 30; GAME-STANDARD.md "playable through every way in"): created
and played through the API by move files, its board on the game page, its snapshot and report documents with its
facts (Resistance, Japanese Resources, Operation Zipper, the Railways' Sabotage, the Intel chits), mail's HELP with
its orders, and a local game file through the command line. The Example of Play's deck and Intel chits, so the
first card and who acts first do not depend on the game's seed (8.0 L1650: Secret Army, J14, then Jungle
Conference, J27; the British 1st Eligible, setup L2152).

The Example places its Intel chits face down with known values (8.0 L1650), but no player may look at a concealed
chit (1.11): every way in is read after the first two moves (L1656-1662), before any chit is revealed, and none
may print a concealed chit's value, only that it is concealed."""

from __future__ import annotations

import json
import re

import pytest

import engine
from engine.games.japanese_occupation import board as B
from mail.compose import help_blocks, position_blocks, text_of
from service import games as G
from service.reports import documents
from tests.service.ways_in import cli_play, cli_show, flat, game_json, send_move

#: The Example of Play's first move file (8.0 L1656-1658): Contact placing the third Force 136 marker (and a
#: Jungle Camp) in Trengganu, then Raid into Selangor with an MPAJA Guerrilla from Perak, which Sabotages the
#: Perak-Pahang-Selangor Railway.
CONTACT = ["box opsa", "op contact", "choose place", "place trengganu", "sa raid", "space selangor",
           "move perak mpaja-u", "done", "op sabotage", "space selangor", "done", "done"]
#: The Japanese answer (L1660): a Limited Construct in Perak removing that Sabotage marker.
CONSTRUCT = ["box limited", "op construct", "space perak", "remove perak-pahang-selangor", "done"]
#: The game's facts of the Intel chits while all nine are concealed (1.11) and of the Operation Zipper Track at
#: Delay with its two Supply Caches (6.7, ruling R-ZIPPER), as the facts give them.
ALL_CONCEALED = ", ".join(f"{B.NAME[s]} concealed" for s in B.INTEL_SPACES)
ZIPPER = "Delay; Supply Caches on the track in boxes 6, 12"


@pytest.fixture(autouse=True)
def queued(app):
    """Replaces the queue with a list: the test runs the worker's function itself."""
    ids: list[str] = []
    app.extensions["umpire"]["enqueue"] = ids.append
    return ids


def _created(client) -> tuple[str, dict]:
    r = client.post("/api/games", json={"game": "japanese-occupation", "scenario": "example-of-play"})
    assert r.status_code == 201, r.get_data(as_text=True)
    b = r.get_json()
    return b["id"], b["tokens"]


def _played(client, sessions) -> tuple[str, dict]:
    """A Japanese Occupation game through the API to the Example's second card (8.0 L1656-1666): its id and
    tokens."""
    gid, tokens = _created(client)
    assert send_move(client, sessions, gid, "british", tokens["british"], CONTACT, 0)["status"] == "accepted"
    seq = game_json(client, gid, tokens["japanese"])["seq"]
    assert send_move(client, sessions, gid, "japanese", tokens["japanese"], CONSTRUCT, seq)["status"] == "accepted"
    return gid, tokens


def test_japanese_occupation_is_created_and_played_through_the_api(client, sessions):
    r = client.post("/api/games", json={"game": "japanese-occupation", "scenario": "example-of-play"})
    assert r.status_code == 201, r.get_data(as_text=True)
    b = r.get_json()
    assert set(b["tokens"]) == {"british", "japanese", "umpire"} and b["waiting_for"] == ["british"]
    gid, tokens = b["id"], b["tokens"]
    # Secret Army's Mobilize Population icon (L1652): Opposition in Negri Sembilan, the one Jungle Camp space
    # without it, made at once
    v = game_json(client, gid)["view"]
    assert v["current"] == "J14" and v["spaces"]["negri-sembilan"]["opposition"] == 1
    out = send_move(client, sessions, gid, "british", tokens["british"], CONTACT, 0)
    assert out["status"] == "accepted", out
    g = game_json(client, gid, tokens["japanese"])
    v = g["view"]
    # L1654-1656: the third Force 136 marker and a Jungle Camp in Trengganu; one MPAJA Guerrilla from Perak into
    # Selangor, Active after its Sabotage of the Railway beside it
    assert v["spaces"]["trengganu"]["force_136"] == 1 and v["spaces"]["trengganu"]["jungle_camp"] == 1
    assert v["available"]["force_136"] == 0 and v["spaces"]["perak"]["mpaja_u"] == 1
    assert v["spaces"]["selangor"]["mpaja_a"] == 1 and v["railways"]["perak-pahang-selangor"] == 1
    assert not {"deck", "unused", "flow"} & set(v) and g["waiting_for"] == ["japanese"]
    # an illegal order is refused with its rule and the orders allowed, and changes nothing
    out = send_move(client, sessions, gid, "japanese", tokens["japanese"], ["box limited", "op train"], g["seq"])
    err = out["verdict"]["error"]
    assert out["status"] == "rejected" and err.get("rule") == "3.1", out
    assert "Train" in err["message"] and "British" in err["message"]
    assert set(err["legal"]["op"]) == {"deploy", "construct", "sweep", "assault"}
    assert game_json(client, gid)["seq"] == g["seq"]
    # the Japanese Limited Construct takes the marker off (L1660); Jungle Conference follows with its Food
    # Shortage icon, which the Japanese resolve before anyone acts, 1st Eligible (L1662-1666)
    out = send_move(client, sessions, gid, "japanese", tokens["japanese"], CONSTRUCT, g["seq"])
    assert out["status"] == "accepted", out
    g = game_json(client, gid, tokens["british"])
    v = g["view"]
    assert v["railways"]["perak-pahang-selangor"] == 0 and v["current"] == "J27"
    assert v["eligible"] == ["japanese", "british"] and g["waiting_for"] == ["japanese"]
    p = game_json(client, gid, tokens["japanese"])["prompts"]["japanese"]
    assert p["rule"] == "5.5" and "pahang mpaja-u" in p["actions"]["remove"]


def test_japanese_occupation_page_shows_its_board_and_tracks(client, sessions):
    gid, _ = _played(client, sessions)
    page = client.get(f"/games/{gid}").get_data(as_text=True)
    for space in B.SPACES:
        assert f'data-space="{space}"' in page, space
    for track in ("resistance", "resources", "zipper"):
        assert f'data-track="{track}"' in page, track
    assert "Schematic map" in page
    text = flat(page)
    # the board's tracks (their values, the Delay box named) and the facts beside it
    assert "Resistance: 2 0 1 2" in text and "Japanese Resources: 0 0 1 2" in text
    assert "Operation Zipper: 0 (Delay)" in text
    for label, value in (("Resistance", "2"), ("Japanese Resources", "0"), ("Operation Zipper", ZIPPER),
                         ("Opposition", "Perak, Negri Sembilan, Johore"), ("Sabotage", "none"),
                         ("Intel", ALL_CONCEALED)):
        assert f"{label} {value}" in text, label


def test_japanese_occupation_snapshot_and_report_print_its_facts(client, sessions):
    gid, _ = _played(client, sessions)
    with sessions() as s:
        game = G.get_game(s, gid)
        for html in (documents.snapshot_html(s, game, "british"), documents.report_html(s, game)):
            text = flat(html)
            for label, value in (("Resistance", "2"), ("Japanese Resources", "0"), ("Operation Zipper", ZIPPER),
                                 ("Opposition", "Perak, Negri Sembilan, Johore"), ("Intel", ALL_CONCEALED)):
                assert f"{label}: {value}" in text, label
            assert "Jungle Conference (J27)" in text
        # the report has every move: the Raid's Sabotage and the Construct that took it off (L1656-1660)
        report = flat(documents.report_html(s, game))
        assert "A Sabotage marker was placed on the Perak-Pahang-Selangor Railway" in report
        assert "A Sabotage marker was removed from the Perak-Pahang-Selangor Railway" in report
        assert "Waiting for the Japanese" in flat(documents.snapshot_html(s, game, "british"))


def test_japanese_occupation_mail_help_gives_its_orders():
    text = text_of(help_blocks("G-1", "japanese-occupation", "umpire@example.org", None, {}))
    orders = engine.definition("japanese-occupation").orders
    assert orders, "Japanese Occupation lists its orders (GameDefinition.orders, docs/orders.md)"
    for order in orders:  # the grammar as docs/orders.md gives it
        assert order.form in text, order.form
    for form in ("box BOX", "op NAME", "sa NAME", "space SPACE", "choose OPTION", "sabotage RAILWAY",
                 "oppose SPACE", "roll"):
        assert form in text, form
    assert "How to play game G-1 (japanese-occupation) by mail" in text


def test_japanese_occupation_mail_status_gives_the_seat_its_choices(client, sessions):
    gid, tokens = _played(client, sessions)
    g = game_json(client, gid, tokens["japanese"])
    text = " ".join(text_of(position_blocks(gid, g, "japanese")).split())
    assert "Resistance: 2" in text and f"Intel: {ALL_CONCEALED}" in text
    # its Food Shortage choices (5.5, L1666), every one
    assert "remove pahang mpaja-u | selangor mpaja-a | negri-sembilan mpaja-u | johore mpaja-u" in text


def test_japanese_occupation_through_the_command_line_with_a_local_file(tmp_path):
    path = tmp_path / "japanese-occupation.json"
    contact, construct = cli_play(path, "japanese-occupation", [("british", CONTACT), ("japanese", CONSTRUCT)])
    assert "A Force 136 marker was placed in Trengganu (Contact)." in contact.output
    assert "Jungle Conference (J27) was revealed." in construct.output
    shown = cli_show(path, "british")
    assert shown.exit_code == 0, shown.output
    state = json.loads(path.read_text())["state"]
    assert state["current"] == "J27" and state["spaces"]["trengganu"]["force_136"] == 1
    for line in ("Resistance: 2", "Japanese Resources: 0", "Operation Zipper: Delay", ALL_CONCEALED,
                 "Japanese to act"):
        assert line in " ".join(shown.output.split()), line


def test_japanese_occupation_no_output_shows_a_concealed_intel_chit(client, sessions):
    """The Example's chits lie face down with known values (8.0 L1650), and none is revealed yet: the API's view
    for each seat and the public, the log, the game page and its board, the snapshot and report documents and the
    STATUS mail each say every chit is concealed and give no value (1.11)."""
    gid, tokens = _played(client, sessions)
    with sessions() as s:
        game = G.get_game(s, gid)
        values = dict(game.state["intel_face_down"])
        texts = {"snapshot": flat(documents.snapshot_html(s, game, "japanese")),
                 "report": flat(documents.report_html(s, game))}
    assert values == {"kedah": 2, "perak": 1, "kelantan": 1, "trengganu": 2, "pahang": 0, "selangor": 0,
                      "kuala-lumpur": 1, "negri-sembilan": 2, "johore": 0}  # placed face down (L1650)
    for who in ("british", "japanese", None):
        g = game_json(client, gid, tokens[who] if who else None)
        intel = g["view"]["intel"]
        for sid in B.INTEL_SPACES:
            assert intel[sid] == {"revealed": False, "seen": False, "value": None}, (who, sid)
        assert "intel_face_down" not in json.dumps(g), who  # the hidden face-down values are never sent
        if who:
            texts[f"STATUS mail {who}"] = text_of(position_blocks(gid, g, who))
    texts["page"] = flat(client.get(f"/games/{gid}").get_data(as_text=True))
    log = client.get(f"/api/games/{gid}/log?format=text").get_data(as_text=True)
    assert "Intel" not in log, "no chit was revealed, so the log names none"
    # every fact of the Intel chits, in each output, says all nine are concealed and no more
    for where, text in texts.items():
        shown = re.findall(r"Intel:? (Kedah .*?);? Available", " ".join(text.split()))
        assert shown and set(shown) == {ALL_CONCEALED}, (where, shown)
    # the board: nine chits face down, each "Intel ?" (layout.json chits, 1.11 L1244-1246), none with a value
    svg = client.get(f"/games/{gid}/board.svg").get_data(as_text=True)
    chits = re.findall(r'<g class="chit" data-chit="intel"([^>]*)>(.*?)</g>', svg, re.S)
    assert len(chits) == len(B.INTEL_SPACES)
    for attrs, body in chits:
        assert attrs == ' data-state="concealed"' and flat(body).strip() == "Intel ?", (attrs, body)
