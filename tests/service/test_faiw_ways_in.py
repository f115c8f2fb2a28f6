"""The First Arab-Israeli War played every way in (issue 31; GAME-STANDARD.md "playable through every way in"):
created through the API on the test pack and on a pack given whole (its digest recorded; a broken pack refused
with the pack checks' messages), its deployment (Scenario 1, 3-4) and the first phases of May 1948 played by
move files whose orders each seat reads from its own view, its game page for each seat and the public, its
snapshot and report documents, mail's HELP with its orders and a position block for each seat.

The test pack (engine/games/first_arab_israeli_war/data/test_pack) is made-up test data, not the game's: the
tests read its values only to exercise the ways in. The dice of a service game come from its seed, which the
service draws: past the deployment (which rolls none) the orders are chosen from the prompts as they come.
"""

from __future__ import annotations

import json

import pytest

import engine
from engine.games.first_arab_israeli_war.pack import pack_digest
from mail.compose import help_blocks, position_blocks, text_of
from service import games as G
from service.packs import load_pack
from service.reports import documents
from tests.service.faiw_ways_in import SLUG, TEST_PACK, created, deploy, play_one, whole_pack
from tests.service.test_game_page import sit
from tests.service.ways_in import flat, game_json, send_move

#: The test pack's facts that every way in prints (facts.py): the turn, the pack with its test-data flag.
TURN = "May 1948, impulse 1 (to January 1949)"


@pytest.fixture(autouse=True)
def queued(app):
    """Replaces the queue with a list: the test runs the worker's function itself."""
    ids: list[str] = []
    app.extensions["umpire"]["enqueue"] = ids.append
    return ids


def _first_or_end(actions: dict, role: str) -> str:
    """``end`` where the phase may end, else the first order offered (a choice the rules force, such as the
    Arab Salvation Army's die of 6: remove one AAS unit)."""
    if "end" in actions:
        return "end"
    verb = sorted(actions)[0]
    return f"{verb} {actions[verb][0]}" if actions[verb] else verb


def _deployed(client, sessions, **options) -> tuple[str, dict, dict]:
    gid, tokens = created(client, **options)
    sent = deploy(client, sessions, gid, tokens)
    return gid, tokens, sent


# 1. Created and played through the API.


def test_faiw_is_created_through_the_api_with_each_seats_own_prompt(client):
    r = client.post("/api/games", json={"game": SLUG, "scenario": "independence"})
    assert r.status_code == 201, r.get_data(as_text=True)
    b = r.get_json()
    gid, tokens = b["id"], b["tokens"]
    assert set(tokens) == {"arab", "israel", "umpire"} and b["waiting_for"] == ["arab"]
    # the creation's reply is read by whoever made the game: the Arab League's prompt names its units (21.0)
    assert b["prompts"]["arab"]["actions"] == {} and b["prompts"]["arab"]["text"] == "waiting for Arab League"
    arab = game_json(client, gid, tokens["arab"])
    p = arab["prompts"]["arab"]
    assert p["rule"] == "Scenario 1, 3a2" and "AL-aas-gue-1" in p["text"]
    assert p["actions"]["place"] and all(a.startswith("AL-aas-gue-1 ") for a in p["actions"]["place"])
    assert arab["view"]["prompt"] == p and arab["view"]["phase"] == "deployment"
    for who in ("israel", "umpire", None):
        other = game_json(client, gid, tokens[who] if who else None)
        assert other["prompts"] == {"arab": {"role": "arab", "rule": "Scenario 1, 3a2",
                                             "text": "waiting for Arab League", "actions": {}}}, who
        assert other["view"]["prompt"] is None and "AL-aas-gue-1" not in json.dumps(other["prompts"])
    v = arab["view"]
    assert v["month"] == "1948-05" and v["pack"]["test_data"] is True and v["pack"]["name"] == "FAIW test pack"
    assert not {"flow", "deck"} & set(v)


def test_scenario_1_deployment_and_first_phases_by_move_files(client, sessions):
    gid, tokens = created(client)
    # an order the prompt does not list is refused with the orders allowed, and changes nothing
    arab = game_json(client, gid, tokens["arab"])
    out = send_move(client, sessions, gid, "arab", tokens["arab"], ["place AL-aas-gue-1 0805"], 0)
    assert out["status"] == "rejected", out
    assert out["verdict"]["error"]["legal"] == arab["prompts"]["arab"]["actions"]
    # the seat not on move is refused: it has no decision
    out = send_move(client, sessions, gid, "israel", tokens["israel"], ["place IL-ldr-allon 0202"], 0)
    assert out["status"] == "rejected" and "no decision" in out["verdict"]["error"]["message"], out
    assert game_json(client, gid)["seq"] == 0
    # Scenario 1, 3-4: both deployments, one order a move file read from the seat's own prompt
    sent = deploy(client, sessions, gid, tokens)
    assert [s["role"] for s in sent["arab"]] and len(sent["arab"]) == 27 and len(sent["israel"]) == 20
    seqs = [s["verdict"]["seq"] for s in sent["arab"] + sent["israel"]]
    assert seqs == list(range(1, 48))  # each order a position
    first = sent["arab"][0]["verdict"]
    assert first["applied"] == ["place AL-aas-gue-1 0204"]
    assert first["log"][0]["text"] == "The Arab League placed AL-aas-gue-1 in 0204."
    last = sent["israel"][-1]["verdict"]
    texts = [e["text"] for e in last["log"]]
    assert "Israel finished deploying." in texts and "The turn of May 1948 began." in texts
    # the Arab League's Reinforcement phase (4.0) awaits it; each seat sees its own units where it put them
    g = game_json(client, gid, tokens["arab"])
    v = g["view"]
    assert g["seq"] == 47 and v["phase"] == "reinforcement" and v["phasing"] == "arab" and v["impulse"] == 1
    assert v["units"]["AL-aas-gue-2"]["at"] == "0404" and v["supply"]["arab"]["0404"] == 3
    iv = game_json(client, gid, tokens["israel"])["view"]
    assert iv["units"]["IL-ldr-allon"] == {"status": "map", "at": "0202", "broken": False}
    assert sum(iv["supply"]["israel"].values()) == 4  # Zahal's 4 supply units (Scenario 1, 4a2)
    # the first phases of May 1948 by move files: ended one by one, the view following them (2.0)
    phases = [v["phase"]]
    while v["phasing"] == "arab" and v["impulse"] == 1:
        out = play_one(client, sessions, gid, tokens, _first_or_end)
        assert out["status"] == "accepted", out
        assert out["verdict"]["seq"] == g["seq"] + 1
        g = game_json(client, gid, tokens["arab"])
        v = g["view"]
        if v["phase"] != phases[-1]:
            phases.append(v["phase"])
    assert phases[:8] == ["reinforcement", "reorganization", "movement", "air", "combat", "terrorism", "recovery",
                          "reinforcement"]
    assert v["phasing"] == "israel" and g["waiting_for"] == ["israel"]
    assert game_json(client, gid)["seq"] == g["seq"]


def test_a_game_on_a_whole_pack_records_its_digest(client, sessions, tmp_path):
    """A pack given whole as the option ``pack`` (packs.from_option): checked, registered and recorded by its
    digest; the game's options keep the whole pack, so its export holds the data it was played on."""
    pack = whole_pack()
    pack["files"]["counters"]["counters"][4]["designation"] = "1 Mech (a pack of this test)"
    digest = pack_digest(pack["manifest"], pack["files"])
    assert digest != load_pack(TEST_PACK).digest
    gid, tokens = created(client, pack=pack)
    v = game_json(client, gid, tokens["arab"])["view"]
    assert v["pack"] == {"digest": digest, "name": "FAIW test pack", "test_data": True}
    assert v["options"] == {"pack": digest}
    with sessions() as s:
        game = G.get_game(s, gid)
        assert game.options["pack"] == pack  # kept whole
        export = G.export(s, game)
    assert export["options"]["pack"]["files"]["counters"]["counters"][4]["designation"].endswith("of this test)")
    # the test pack given whole is the test pack: the same digest
    gid2, tokens2 = created(client, pack=whole_pack())
    assert game_json(client, gid2, tokens2["israel"])["view"]["pack"]["digest"] == load_pack(TEST_PACK).digest
    # and the game plays on it
    out = play_one(client, sessions, gid, tokens, lambda actions, role: "place " + actions["place"][0])
    assert out["status"] == "accepted", out


@pytest.mark.parametrize("case", ["file-missing", "bad-value", "not-a-pack"])
def test_a_broken_pack_is_refused_with_the_pack_checks_messages(client, case):
    pack = whole_pack()
    if case == "file-missing":
        del pack["files"]["crt"]
        words = ["the pack has no crt file"]
    elif case == "bad-value":
        pack["files"]["map"]["hexes"]["0304"]["terrain"] = "marsh"
        words = ["the data pack has 1 problem", "the terrain 'marsh' is not in the Terrain Effects Table"]
    else:
        pack = {"map": {}}
        words = ["the option pack is 'test', a loaded pack's digest, or a whole pack"]
    r = client.post("/api/games", json={"game": SLUG, "scenario": "independence", "options": {"pack": pack}})
    assert r.status_code == 400, r.get_data(as_text=True)
    body = r.get_json()
    for w in words:
        assert w in body["message"], (w, body)
    assert client.get("/api/games").get_json() == [] or all(
        g["game"] != SLUG for g in client.get("/api/games").get_json())


# 2. The game page, the documents and the mail.


def test_faiw_page_renders_for_each_seat_and_the_public(client, sessions):
    gid, tokens, _ = _deployed(client, sessions)
    public = client.get(f"/games/{gid}")
    assert public.status_code == 200
    text = flat(public.get_data(as_text=True))
    assert f"Turn {TURN}" in text and "The First Arab-Israeli War" in text
    assert "Data pack FAIW test pack" in text and "TEST DATA, not the game's" in text
    assert "Phase The Arab League's Reinforcement" in text and "Now Waiting for Arab League" in text
    assert "Israel finished deploying." in text  # the log, public
    for role in ("arab", "israel"):
        seat = client.application.test_client()
        sit(seat, gid, tokens[role])
        page = seat.get(f"/games/{gid}")
        assert page.status_code == 200, role
        text = flat(page.get_data(as_text=True))
        assert f"Turn {TURN}" in text, role
        prompt = game_json(client, gid, tokens[role])["prompts"]["arab"]
        if role == "arab":  # its own prompt and orders, with the move form
            assert prompt["text"] in text and 'name="orders"' in page.get_data(as_text=True)
        else:  # who is awaited, not what it is asked
            assert prompt["text"] == "waiting for Arab League" and prompt["actions"] == {}
            mine = game_json(client, gid, tokens["arab"])["prompts"]["arab"]
            assert mine["text"] not in text and "Now Waiting for Arab League" in text
        # the hex map (service/reports/hexboard.py): a stack in each hex of the seat's own units and in each
        # hex where it knows only that the enemy stands (21.0, ruling R-21.0-hidden)
        raw = page.get_data(as_text=True)
        v = game_json(client, gid, tokens[role])["view"]
        own = {"arab": "AL-", "israel": "IL-"}[role]
        stacks = {r["at"] for c, r in v["units"].items() if r["status"] == "map" and c.startswith(own)}
        stacks |= {h for hexes in v["hidden_stacks"].values() for h in hexes}
        assert stacks and v["hidden_stacks"], role
        for h in sorted(stacks):
            assert f'data-hex="{h}"' in raw, (role, h)


def test_faiw_snapshot_and_report_print_its_facts(client, sessions):
    gid, tokens, _ = _deployed(client, sessions)
    with sessions() as s:
        game = G.get_game(s, gid)
        snapshots = {role: flat(documents.snapshot_html(s, game, role)) for role in ("arab", "israel", "public")}
        report = flat(documents.report_html(s, game))
    for where, text in [*snapshots.items(), ("report", report)]:
        assert f"Turn: {TURN}" in text, where
        assert "VP: Arab League" in text and "Truce: none" in text, where
        assert "Data pack: FAIW test pack" in text and "TEST DATA, not the game's" in text, where
    # the Arab League's snapshot gives it its orders; the others see who is awaited, not what it is asked
    prompt = game_json(client, gid, tokens["arab"])["prompts"]["arab"]
    assert prompt["text"] in snapshots["arab"]
    for who in ("israel", "public"):
        assert prompt["text"] not in snapshots[who] and "waiting for Arab League" in snapshots[who], who
    # the report has every move's log: the deployment, the turn that began
    assert "The Arab League placed AL-aas-gue-1 in 0204." in report
    assert "Israel finished deploying." in report and "The turn of May 1948 began." in report


def test_faiw_mail_help_gives_its_orders():
    text = text_of(help_blocks("G-1", SLUG, "umpire@example.org", None, {}))
    orders = engine.definition(SLUG).orders
    assert orders, "The First Arab-Israeli War lists its orders (GameDefinition.orders, docs/orders.md)"
    for order in orders:  # the grammar as docs/orders.md gives it
        assert order.form in text, order.form
    for form in ("place", "move UNIT", "attack HEX", "end"):
        assert form in text, form
    assert f"How to play game G-1 ({SLUG}) by mail" in text


def test_faiw_mail_position_blocks_for_each_seat(client, sessions):
    gid, tokens, _ = _deployed(client, sessions)
    arab = game_json(client, gid, tokens["arab"])
    text = " ".join(text_of(position_blocks(gid, arab, "arab")).split())
    assert f"Turn: {TURN}" in text
    p = arab["prompts"]["arab"]
    assert f"Your move (rule {p['rule']}): {p['text']}" in text
    for verb, args in p["actions"].items():  # every order word with its first and last argument
        assert (f"{verb} {args[0]}" if args else verb) in text, verb
        assert not args or args[-1] in text, verb
    israel = game_json(client, gid, tokens["israel"])
    text = " ".join(text_of(position_blocks(gid, israel, "israel")).split())
    assert f"Turn: {TURN}" in text and "Waiting for: Arab League." in text
    assert "Your move" not in text and p["text"] not in text
    # HELP to a seat gives its own choices only
    help_israel = text_of(help_blocks(gid, SLUG, "umpire@example.org", "israel", israel["prompts"]))
    assert "AL-egy-inf-bde-1" not in help_israel
