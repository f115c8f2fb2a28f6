"""The First Arab-Israeli War's hidden information (21.0, fog of war; engine view.py) in every output of the
service: after the deployment, each seat's API view, its verdicts, its move log, its game page and board, its
snapshot, its mail STATUS and HELP; and the public's page, view, log, report and dice record.

The hidden facts are computed from the full state itself, not from the view: the enemy's units on the map
outside the hexes where a seat sees the enemy's stacks (``view.open_hexes``: 21.3, and what a combat revealed,
21.1), and the enemy's supply points there. No output a seat gets may name one of those units (its id, or its
designation where that is its own), say where those supply points are, or give the enemy's prompt or orders.
The log is public: what it says both players may know. Then an attack on a hidden stack reveals it (21.1): the
attacker's view shows it, and the stacks still hidden stay so.
"""

from __future__ import annotations

import json
import re

import pytest

from engine.games.first_arab_israeli_war import units
from engine.games.first_arab_israeli_war.units import SIDE_TITLES
from mail.compose import help_blocks, position_blocks, text_of
from service import games as G
from service.reports import documents
from tests.service.faiw_ways_in import SLUG, created, deploy, hidden_from, names_any
from tests.service.test_game_page import sit
from tests.service.ways_in import flat, game_json, send_move

SEATS = ("arab", "israel")


@pytest.fixture(autouse=True)
def queued(app):
    """Replaces the queue with a list: the test runs the worker's function itself."""
    ids: list[str] = []
    app.extensions["umpire"]["enqueue"] = ids.append
    return ids


def _state(sessions, gid: str) -> dict:
    with sessions() as s:
        return json.loads(json.dumps(G.get_game(s, gid).state))


def _designations(state: dict, ids) -> list[str]:
    """The designations printed on the counters *ids* that name one counter: no other counter shares it
    (``Supply 1`` names six) and it has a number (``Arms Factory`` or ``Allon`` is also the rules' word)."""
    mix = units.pack_of(state).counters
    count: dict[str, int] = {}
    for c in mix.values():
        count[c.designation] = count.get(c.designation, 0) + 1
    return [mix[i].designation for i in ids if count[mix[i].designation] == 1
            and re.search(r"\d", mix[i].designation)]


def _seat_outputs(client, sessions, gid: str, tokens: dict, seat: str, submissions: list[dict]) -> dict[str, str]:
    """Every output *seat* gets, by where it comes from: raw text (JSON, HTML with its SVG, mail text)."""
    auth = {"Authorization": f"Bearer {tokens[seat]}"}
    g = game_json(client, gid, tokens[seat])
    out = {"API view": json.dumps(g),
           "verdicts": json.dumps([client.get(f"/api/submissions/{x['id']}").get_json() for x in submissions]),
           "log": client.get(f"/api/games/{gid}/log", headers=auth).get_data(as_text=True),
           "log text": client.get(f"/api/games/{gid}/log?format=text", headers=auth).get_data(as_text=True),
           "mail STATUS": text_of(position_blocks(gid, g, seat)),
           "mail HELP": text_of(help_blocks(gid, SLUG, "umpire@example.org", seat, g["prompts"]))}
    with sessions() as s:
        out["snapshot"] = documents.snapshot_html(s, G.get_game(s, gid), seat)
    browser = client.application.test_client()
    sit(browser, gid, tokens[seat])
    out["page"] = browser.get(f"/games/{gid}").get_data(as_text=True)
    return out


def _public_outputs(client, sessions, gid: str) -> dict[str, str]:
    out = {"page": client.get(f"/games/{gid}").get_data(as_text=True),
           "view": json.dumps(game_json(client, gid)),
           "log": client.get(f"/api/games/{gid}/log").get_data(as_text=True),
           "log text": client.get(f"/api/games/{gid}/log?format=text").get_data(as_text=True),
           "dice": client.get(f"/api/games/{gid}/dice").get_data(as_text=True)}
    with sessions() as s:
        game = G.get_game(s, gid)
        out["snapshot"] = documents.snapshot_html(s, game, "public")
        out["report"] = documents.report_html(s, game)
    return out


def _supply_hexes_said(text: str, side: str) -> set[str]:
    """The hexes the sentences of *text* about *side*'s supply points name ("Israel placed a supply point in
    0302."): a hidden stack's supply must not be among them."""
    said = set()
    for sentence in re.split(r"(?<=\.)\s+|\n|\"text\": \"", flat(text)):
        if sentence.startswith(SIDE_TITLES[side]) and "supply point" in sentence:
            said |= set(re.findall(r"\b\d{4}\b", sentence))
    return said


def _leaks(text: str, state: dict, ids, supply: dict, enemies, revealed=()) -> list[str]:
    """What *text* gives away of the hidden facts: ids and designations of the hidden units *ids* (but those
    a combat revealed: *revealed*), and the hexes of the hidden supply points *supply* of *enemies*."""
    ids = [i for i in ids if i not in revealed]
    found = names_any(text, ids)
    plain = flat(text)
    found += [f"designation {d!r}" for d in _designations(state, ids)
              if re.search(rf"(?<![\w/-]){re.escape(d)}(?![\w/-])", plain)]
    for side in enemies:
        found += [f"{side} supply in {h}" for h in _supply_hexes_said(text, side) & set(supply)]
    return found


def _orders_of(submissions: list[dict]) -> list[str]:
    """The orders of *submissions* that name a counter or a hex (``place IL-ldr-allon 0202``, ``supply 0302``;
    not ``end`` or ``table raid``, which the grammar of every HELP prints)."""
    return [a for x in submissions for a in x["verdict"]["applied"] if re.search(r"\b(AL|IL|BR)-|\b\d{4}\b", a)]


def _check_seat(client, sessions, gid, tokens, seat, sent, revealed=()) -> None:
    state = _state(sessions, gid)
    enemy = units.other(seat)
    hidden = hidden_from(state, seat)
    outputs = _seat_outputs(client, sessions, gid, tokens, seat, sent[seat])
    enemy_prompt = game_json(client, gid, tokens[enemy])["prompts"].get(enemy)
    enemy_orders = set(_orders_of(sent[enemy])) - set(_orders_of(sent[seat]))
    for where, text in outputs.items():
        assert not _leaks(text, state, hidden["units"], hidden["supply"], [enemy], revealed), (seat, where)
        if enemy_prompt:
            assert enemy_prompt["text"] not in text, (seat, where)
        assert not [o for o in enemy_orders if o in text and not names_any(o, revealed)], (seat, where)
    v = json.loads(outputs["API view"])["view"]
    assert not set(hidden["units"]) & set(v["units"]), seat
    assert not set(hidden["supply"]) & set(v["supply"][enemy]), seat
    # the hidden stacks stand on the map as such: the hexes, not what is in them (ruling R-21.0-hidden)
    assert {state["units"][c]["at"] for c in hidden["units"]} <= set(v["hidden_stacks"][enemy]), seat


def _check_public(client, sessions, gid, sent, revealed=()) -> None:
    state = _state(sessions, gid)
    hidden = {s: hidden_from(state, s) for s in SEATS}
    ids = hidden["arab"]["units"] + hidden["israel"]["units"]
    supply = {**hidden["arab"]["supply"], **hidden["israel"]["supply"]}
    orders = set(_orders_of(sent["arab"] + sent["israel"]))
    for where, text in _public_outputs(client, sessions, gid).items():
        assert not _leaks(text, state, ids, supply, SEATS, revealed), where
        assert not [o for o in orders if o in text and not names_any(o, revealed)], where
        assert "waiting for arab league" in flat(text).lower() or where in ("log", "log text", "dice", "report"), where
    # the public view shows only the stacks both sides see (view.py)
    v = game_json(client, gid)["view"]
    assert not set(ids) & set(v["units"]) and not set(supply) & {h for s in SEATS for h in v["supply"][s]}


def _deployed(client, sessions):
    gid, tokens = created(client)
    sent = deploy(client, sessions, gid, tokens)
    state = _state(sessions, gid)
    for seat in SEATS:  # the position has something to hide from each side
        h = hidden_from(state, seat)
        assert h["units"] and h["supply"], (seat, h)
    return gid, tokens, sent


@pytest.mark.parametrize("seat", SEATS)
def test_21_0_no_output_of_a_seat_names_what_it_cannot_see(client, sessions, seat):
    gid, tokens, sent = _deployed(client, sessions)
    _check_seat(client, sessions, gid, tokens, seat, sent)


def test_21_0_no_public_output_names_what_a_side_cannot_see(client, sessions):
    gid, tokens, sent = _deployed(client, sessions)
    _check_public(client, sessions, gid, sent)


def test_21_0_orders_in_the_log_are_the_movers_own(client, sessions):
    """The move log names each order whole to the seat that gave it (and the umpire); to the other seat and
    the public, its first word only, while the game goes on (service.games.hides_orders)."""
    gid, tokens, sent = _deployed(client, sessions)
    first = sent["israel"][0]["verdict"]["applied"][0]
    assert first.startswith("place IL-ldr-allon ")

    seq = sent["israel"][0]["verdict"]["seq"]

    def action(token=None):
        headers = {"Authorization": f"Bearer {token}"} if token else {}
        entries = client.get(f"/api/games/{gid}/log", headers=headers).get_json()["entries"]
        return next(e["action"] for e in entries if e["seq"] == seq)
    assert action(tokens["israel"]) == first and action(tokens["umpire"]) == first
    assert action(tokens["arab"]) == action() == "place (hidden)"
    assert client.get(f"/api/games/{gid}/dice").get_json()["orders_hidden"] is True
    with sessions() as s:
        moves = G.export(s, G.get_game(s, gid))["moves"]
    assert next(m["action"] for m in moves if m["seq"] == seq) == first  # the umpire's export: whole


def _answer(actions: dict, role: str) -> str:
    """The orders of the fight, each seat's from its own prompt: the attacker names the Raid table; a
    decision that may be ended is ended (no supply spent, 14.3); else the first order offered."""
    if "table" in actions:
        return "table raid"
    for word in ("done", "end"):
        if word in actions:
            return word
    verb = sorted(actions)[0]
    return f"{verb} {actions[verb][0]}" if actions[verb] else verb


def _send(client, sessions, gid, tokens, role, order, sent) -> dict:
    g = game_json(client, gid, tokens[role])
    out = send_move(client, sessions, gid, role, tokens[role], [order], g["seq"])
    assert out["status"] == "accepted", out
    sent[role].append(out)
    return out


def test_21_1_an_attack_reveals_the_stack_it_attacks(client, sessions):
    gid, tokens, sent = _deployed(client, sessions)
    # the Arab League ends its phases to its Combat phase (a choice forced on it taken as offered)
    while True:
        g = game_json(client, gid, tokens["arab"])
        if g["view"]["phase"] == "combat" and g["waiting_for"] == ["arab"]:
            break
        role = g["waiting_for"][0]
        actions = game_json(client, gid, tokens[role])["prompts"][role]["actions"]
        _send(client, sessions, gid, tokens, role, _answer(actions, role), sent)
    v = g["view"]
    targets = [h for h in g["prompts"]["arab"]["actions"]["attack"] if h in v["hidden_stacks"].get("israel", [])]
    assert targets, "an Israeli stack the Arab League cannot see stands next to one of its units"
    target = targets[0]
    state = _state(sessions, gid)
    inside = sorted(c for c in units.at(state, target) if units.side_of(state, c) == "israel")
    assert inside and not set(inside) & set(v["units"])
    _check_seat(client, sessions, gid, tokens, "arab", sent)  # before the attack: hidden
    # 11.1: the attack, its attackers from the Arab League's prompt, then each side's decisions as asked
    _send(client, sessions, gid, tokens, "arab", f"attack {target}", sent)
    attackers = game_json(client, gid, tokens["arab"])["prompts"]["arab"]["actions"]["with"]
    from_hex = state["units"][attackers[0]]["at"]
    attacking = sorted(c for c in units.at(state, from_hex) if units.side_of(state, c) == "arab")
    out = _send(client, sessions, gid, tokens, "arab", f"with {attackers[0]}", sent)
    for _ in range(20):
        role = out["verdict"]["prompts"] and next(iter(out["verdict"]["prompts"]))
        g = game_json(client, gid, tokens[role])
        if role == "arab" and "attack" in g["prompts"]["arab"]["actions"] or g["view"]["phase"] != "combat":
            break
        out = _send(client, sessions, gid, tokens, role, _answer(g["prompts"][role]["actions"], role), sent)
    fight = " ".join(e["text"] for x in sent["arab"][-3:] + sent["israel"][-3:] for e in x["verdict"]["log"])
    assert f"The Arab League attacked {target} with {attackers[0]}" in fight
    # 21.1: the combat revealed the stack to the attacker (and the attacker's to the defender)
    state = _state(sessions, gid)
    assert target in state["revealed"]["arab"]
    v = game_json(client, gid, tokens["arab"])["view"]
    still = [c for c in inside if state["units"][c]["status"] == "map" and state["units"][c]["at"] == target]
    assert all(v["units"][c]["at"] == target for c in still), (still, v["units"])
    assert target in v["revealed"]["arab"] and target not in v["hidden_stacks"].get("israel", [])
    # what stays hidden stays so, in every output; the units the combat revealed may be named (11.6b retreats)
    _check_seat(client, sessions, gid, tokens, "arab", sent, revealed=inside)
    _check_seat(client, sessions, gid, tokens, "israel", sent, revealed=attacking)
    _check_public(client, sessions, gid, sent, revealed=inside + attacking)
