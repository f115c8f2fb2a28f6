"""The Dai Senso! political events desk played every way in (issue 32, "Done when"; GAME-STANDARD.md "playable
through every way in"): a game created through the API from a position file (and one refused, every fault with
its path), an event declared and resolved by a move file with the result in the log and the state, the game page
for each seat and the public, the snapshot and report documents with the position's facts, mail's HELP with the
desk's orders and a seat's position block, and a local game file through the command line.

The position is the sample the game ships (data/sample.json): an illustration built from the fragment's own
examples, flagged as such in every output, not a real scenario.
"""

from __future__ import annotations

import copy
import json

import pytest
from click.testing import CliRunner

import engine
from engine.games.dai_senso_events.data import SAMPLE
from mail.compose import help_blocks, position_blocks, text_of
from service import games as G
from service.reports import documents
from tests.service.test_api import assert_error
from tests.service.test_game_page import sit
from tests.service.ways_in import flat, game_json, send_move
from umpire_cli.main import cli

SLUG = "dai-senso-events"
ROLES = ("axis", "western", "soviet")
#: Military Takeover (15.24), received by the Axis, declining the Blitz it may place: no die, every part forced.
TAKEOVER = ["event 15.24", "receiver axis", "resolve", "decline"]


@pytest.fixture(autouse=True)
def queued(app):
    """Replaces the queue with a list: the test runs the worker's function itself."""
    ids: list[str] = []
    app.extensions["umpire"]["enqueue"] = ids.append
    return ids


def _created(client) -> tuple[str, dict]:
    r = client.post("/api/games", json={"game": SLUG, "position": SAMPLE})
    assert r.status_code == 201, r.get_data(as_text=True)
    return r.get_json()["id"], r.get_json()["tokens"]


def _takeover(client, sessions) -> tuple[str, dict]:
    gid, tokens = _created(client)
    out = send_move(client, sessions, gid, "axis", tokens["axis"], TAKEOVER, game_json(client, gid)["seq"])
    assert out["status"] == "accepted", out
    return gid, tokens


def test_15_a_game_is_created_from_a_position_file_with_a_seat_for_each_faction(client, sessions):
    gid, tokens = _created(client)
    assert set(tokens) == {*ROLES, "umpire"}
    public = game_json(client, gid)
    assert public["waiting_for"] == ["axis"]
    axis = game_json(client, gid, tokens["axis"])["prompts"]["axis"]
    assert "15.24" in axis["actions"]["event"] and "pass" in axis["actions"]
    with sessions() as s:
        game = G.get_game(s, gid)
        position = engine.definition(SLUG).position
        # the position as stored: the sample with its defaults written out (docs/positions.md: a round trip)
        assert position.to_position(game.state) == position.to_position(position.from_position(SAMPLE))


def test_15_a_position_with_faults_is_a_400_listing_each_with_its_path(client, sessions):
    bad = copy.deepcopy(SAMPLE)
    bad["war"] = "cold-war"
    bad["countries"]["hopeh"]["status"] = "allied"
    r = client.post("/api/games", json={"game": SLUG, "position": bad})
    e = assert_error(r, 400, "invalid")
    paths = {f["path"] for f in e["faults"]}
    assert {"war", "countries.hopeh.status"} <= paths, e["faults"]
    with sessions() as s:
        assert G.list_games(s, 10, 0) == [], "nothing is stored"


def test_15_24_declared_and_resolved_by_a_move_file_result_in_log_and_state(client, sessions):
    gid, tokens = _takeover(client, sessions)
    v = game_json(client, gid, tokens["western"])["view"]
    assert v["government"]["box"] == "delay"
    assert v["pieces"]["military-takeover"]["at"] == "strategic-warfare"
    assert game_json(client, gid)["waiting_for"] == ["axis"]  # back at the desk
    text = json.dumps(client.get(f"/api/games/{gid}/log").get_json())
    assert "Political event 15.24 Military Takeover, received by the Axis." in text
    assert "Military Takeover marker in the Strategic Warfare Box" in text


def test_15_an_order_the_desk_does_not_offer_is_refused_with_what_is_allowed(client, sessions):
    gid, tokens = _created(client)
    out = send_move(client, sessions, gid, "western", tokens["western"], ["pass"], game_json(client, gid)["seq"])
    assert out["status"] == "rejected" and "axis" in json.dumps(out).lower()
    out = send_move(client, sessions, gid, "axis", tokens["axis"], ["event 15.99"], game_json(client, gid)["seq"])
    assert out["status"] == "rejected" and "15.1 to 15.37" in json.dumps(out)
    assert game_json(client, gid)["seq"] == 0, "nothing changed"


def test_15_page_renders_for_each_seat_and_the_public_with_the_position(client, sessions):
    gid, tokens = _takeover(client, sessions)
    public = flat(client.get(f"/games/{gid}").get_data(as_text=True))
    assert "Axis Empires: Dai Senso! political events" in public
    assert "ILLUSTRATION built from the fragment's examples" in public
    assert "Mongolia neutral (Influence Soviet; PAC of disputes)" in public
    assert "Political event 15.24 Military Takeover, received by the Axis." in public
    for role in ROLES:
        seat = client.application.test_client()
        sit(seat, gid, tokens[role])
        page = seat.get(f"/games/{gid}")
        assert page.status_code == 200, role
        text = flat(page.get_data(as_text=True))
        assert "Japanese Government Navy side, in its Delay Box" in text.replace(":", ""), role
        if role == "axis":  # the desk's holder: its own prompt and the move form
            prompt = game_json(client, gid, tokens["axis"])["prompts"]["axis"]
            assert prompt["text"] in text and 'name="orders"' in page.get_data(as_text=True)


def test_15_snapshot_and_report_print_the_facts_and_the_log(client, sessions):
    gid, tokens = _takeover(client, sessions)
    with sessions() as s:
        game = G.get_game(s, gid)
        docs = {role: flat(documents.snapshot_html(s, game, role)) for role in (*ROLES, "public")}
        docs["report"] = flat(documents.report_html(s, game))
    for where, text in docs.items():
        assert "Posture Boxes: Britain Peace (Policy peace)" in text, where
        assert "ILLUSTRATION built from the fragment's examples" in text, where
    assert "The Japanese Mandate marker replaced the Hakko Ichiu marker on the VP track." in docs["report"]


def test_15_mail_help_gives_the_desks_orders_and_a_seats_position_block(client, sessions):
    text = text_of(help_blocks("G-1", SLUG, "umpire@example.org", None, {}))
    for order in engine.definition(SLUG).orders:
        assert order.form in text, order.form
    gid, tokens = _created(client)
    axis = game_json(client, gid, tokens["axis"])
    block = " ".join(text_of(position_blocks(gid, axis, "axis")).split())
    p = axis["prompts"]["axis"]
    assert f"Your move (rule {p['rule']}): {p['text']}" in block
    assert "event 15.24" in block or "15.24" in block
    western = game_json(client, gid, tokens["western"])
    block = " ".join(text_of(position_blocks(gid, western, "western")).split())
    assert "Your move" not in block and "Waiting for: Axis." in block


def test_15_a_local_game_file_through_the_command_line(tmp_path):
    position, path = tmp_path / "position.json", tmp_path / "game.json"
    position.write_text(json.dumps(SAMPLE))
    runner = CliRunner()
    out = runner.invoke(cli, ["new", SLUG, "--position", str(position), "-o", str(path), "--seed", "3"])
    assert out.exit_code == 0, out.output
    out = runner.invoke(cli, ["move", str(path), "--as", "axis", "-"], input="\n".join(TAKEOVER) + "\n")
    assert out.exit_code == 0, out.output
    assert "The Axis placed the Japanese Government marker in the Delay Box." in out.output
    out = runner.invoke(cli, ["show", str(path), "--as", "soviet"])
    assert out.exit_code == 0 and "Japanese Government: Navy side, in its Delay Box" in out.output
    out = runner.invoke(cli, ["move", str(path), "--as", "axis", "-"], input="event 15.99\n")
    assert out.exit_code != 0 and "15.1 to 15.37" in out.output


def test_15_1_the_servers_die_names_the_allied_faction_and_the_dice_record_checks(client, sessions):
    """15.1 received by the Axis: the server rolls the unmodified die (the dice record holds it, bound to the game's
    chain: docs/dice.md), 1-3 the Western faction decides, 4-6 the Soviet; the record verifies (engine.core.verify)
    once the game is over and its seed revealed."""
    from engine.core.verify import verify

    gid, tokens = _created(client)
    out = send_move(client, sessions, gid, "axis", tokens["axis"], ["event 15.1", "receiver axis", "resolve"], 0)
    assert out["status"] == "accepted", out
    dice = client.get(f"/api/games/{gid}/dice").get_json()
    rolls = [o for m in dice["moves"] for o in m.get("outcomes", [])]
    assert len(rolls) == 1 and "15.1 Allies Support Resistance" in rolls[0]["label"] and "unmodified" in rolls[0]["label"]
    chooser = "western" if rolls[0]["value"] <= 3 else "soviet"
    assert game_json(client, gid)["waiting_for"] == [chooser]
    g = game_json(client, gid, tokens[chooser])
    assert "decline" in g["prompts"][chooser]["actions"]
    out = send_move(client, sessions, gid, chooser, tokens[chooser], ["decline"], g["seq"])
    assert out["status"] == "accepted", out
    assert client.post(f"/api/games/{gid}/resign", json={"role": "axis"},
                       headers={"Authorization": f"Bearer {tokens['umpire']}"}).status_code == 200
    export = client.get(f"/api/games/{gid}/export", headers={"Authorization": f"Bearer {tokens['umpire']}"}).get_json()
    rep = verify(export)
    assert rep.ok and rep.outcomes == rep.recomputed == 1, (rep.problems, rep.unchecked)
