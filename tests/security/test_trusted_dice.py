"""Trusted dice against an attacker (issue 22): each numbered attack of the issue reproduced and shown to
fail, and the tamper table of ``umpire verify`` (every field of an export edited in turn: every edit found,
named with its position). docs/dice.md, "Threat model", lists these tests by guarantee.

Attack 1 (a deck label naming where a card is) is ``test_hidden_positions.py``; attack 5's database copy
is ``test_database_copy.py`` and the deck's state ``tests/engine/coin/test_deck.py``.
"""

from __future__ import annotations

import json
from collections import Counter

import pytest
from sqlalchemy import update

import engine
from engine.core import canonical, dice
from engine.core.chance import SeededChance
from engine.core.verify import verify
from engine.playout import choose
from service import adjudication
from service import games as G
from service.models import Game
from tests.service.test_api import auth, post_text
from umpire_app.web import create_app

ENTROPY = "ann-2026"


def _app(tmp_path):
    app = create_app({"DATABASE_URL": f"sqlite:///{tmp_path / 'dice.sqlite3'}", "REDIS_URL": ""})
    app.extensions["umpire"]["enqueue"] = lambda _id: None
    return app


class Table:
    """A game played through the service: moves, the umpire's acts, and its export."""

    def __init__(self, app):
        self.app, self.client = app, app.test_client()
        self.sessions = app.extensions["umpire"]["sessions"]
        r = self.client.post("/api/games", json={"game": "palestine", "seats": [
            {"role": "irgun", "player": "Ann", "entropy": ENTROPY}, {"role": "british", "player": "Bob"}]})
        assert r.status_code == 201, r.json
        self.gid, self.tokens = r.json["id"], r.json["tokens"]

    def row(self) -> Game:
        with self.sessions() as s:
            return G.get_game(s, self.gid)

    def move(self, role: str, text: str) -> dict:
        r = post_text(self.client, self.gid, self.tokens[role], text, query=f"?after={self.row().seq}")
        assert r.status_code == 202, r.json
        adjudication.adjudicate(self.sessions, r.json["id"])
        return self.client.get(f"/api/submissions/{r.json['id']}").json

    def play(self, actions: int, seed: int) -> None:
        picker = SeededChance(seed, context="trusted-dice")
        for _ in range(actions):
            state = self.row().state
            if engine.outcome(state):
                return
            role = engine.active_roles(state)[0]
            out = self.move(role, choose(engine.legal_actions(state, role), picker))
            assert out["status"] == "accepted", out

    def umpire(self, act: str, **body):
        r = self.client.post(f"/api/games/{self.gid}/{act}", json=body, headers=auth(self.tokens["umpire"]))
        assert r.status_code == 200, r.json
        return r.json

    def export(self) -> dict:
        r = self.client.get(f"/api/games/{self.gid}/export", headers=auth(self.tokens["umpire"]))
        assert r.status_code == 200
        return r.json


@pytest.fixture(scope="module")
def finished(tmp_path_factory):
    """A finished game with everything an export can hold: a rollback, a correction, a seed revealed mid-game
    (so a second key), seat entropy, and a resignation."""
    app = _app(tmp_path_factory.mktemp("finished"))
    t = Table(app)
    t.play(30, seed=1)
    t.umpire("rollback", to=10, reason="a card was misread")
    t.play(12, seed=3)
    t.umpire("pause")
    fix = 1 if t.row().state.get("haganah") != 1 else 2
    t.umpire("correct", correction=f"set haganah {fix} 6.5.3: the Haganah marker was misplaced")
    t.umpire("resume")
    t.play(5, seed=4)
    t.umpire("reveal")
    t.play(12, seed=5)
    t.umpire("resign", role="british")
    export = t.export()
    yield export
    app.extensions["umpire"]["engine"].dispose()


def test_the_finished_game_verifies_whole(finished):
    rep = verify(json.loads(json.dumps(finished)))
    assert rep.ok, rep.problems
    assert len(finished["keys"]) == 2 and all(k["seed"] for k in finished["keys"])
    assert rep.recomputed == rep.outcomes > 0 and not rep.unchecked
    assert any("replayed" in n and "result" in n for n in rep.notes)
    assert any("undone action(s) of 1 rollback(s) checked" in n for n in rep.notes)


# ------------------------------------------------------------------------------------ the tamper table


def _kept_with(export, kind: str, after: int = 0) -> dict:
    return next(m for m in export["moves"] if m["seq"] > after and any(o["kind"] == kind for o in m["outcomes"]))


def _rollback(export) -> dict:
    return next(e for e in export["events"] if e["kind"] == "rolled-back")


def _set_log(e):
    m = next(m for m in e["moves"] if m["seq"] > 5 and m["log"])
    m["log"][0]["text"] = "The Irgun rolled a six."
    return m["seq"]


def _set_die(e):
    m = _kept_with(e, "die")
    o = next(o for o in m["outcomes"] if o["kind"] == "die")
    o["value"] = o["value"] % o["sides"] + 1
    return m["seq"]


def _set_draw(e):
    """Another card than the one drawn (the same card from another place of the list is found too)."""
    m, o = next((m, o) for m in e["moves"] for o in m["outcomes"] if m["seq"] > 0 and o["kind"] == "draw"
                and len(set(o["items"])) > 1)
    o["index"] = next(i for i, v in enumerate(o["items"]) if v != o["value"])
    o["value"] = o["items"][o["index"]]
    return m["seq"]


def _set_state(e):
    e["state"]["haganah"] = (e["state"].get("haganah") or 0) + 1
    return e["seq"]


def _set_key(name, value):
    def edit(e):
        e[name] = value
        return e["seq"]
    return edit


def _other_winner(e):
    e["result"] = {**e["result"], "winner": "british"}
    return e["seq"]


def _outcome(e):
    e["outcome"] = {"winner": "british", "reason": "forged"}
    return e["seq"]


def _drop_last(e):
    e["moves"].pop()
    return None


def _no_events(e):
    e["events"] = []
    return None


def _no_undone(e):
    e["undone"] = []
    return None


def _hide_rollback(e):
    """The rollback and the moves it undid both removed: what would hide a re-roll."""
    rb = _rollback(e)
    e["events"] = [x for x in e["events"] if x is not rb]
    e["undone"] = []
    # found at the first outcome after it: the moves up to there are a game that could have been played
    return next(m["seq"] for m in e["moves"] if m["seq"] > rb["data"]["to"] and m["outcomes"])


def _snapshot(e):
    s = e["snapshots"][-1]
    s["state_hash"] = "0" * 64
    return s["seq"]


def _seat_entropy(e):
    next(s for s in e["seats"] if s["role"] == "irgun")["entropy"] = "someone-else"
    return 0


def _outcome_entropy(e):
    m = _kept_with(e, "die")
    for o in m["outcomes"]:
        o["entropy"] = ""
    return m["seq"]


def _action(e):
    m = next(m for m in e["moves"] if m["seq"] > 3 and m["role"] != "umpire")
    m["action"] = "pass"
    return m["seq"]


def _role(e):
    m = next(m for m in e["moves"] if m["seq"] > 3 and m["role"] == "irgun")
    m["role"] = "british"
    return m["seq"]


def _drop_outcome(e):
    m = _kept_with(e, "die")
    m["outcomes"].pop()
    return m["seq"]


def _first_commitment(e):
    e["keys"][0]["commitment"] = dice.commitment(b"another seed")
    return None


def _first_seed(e):
    e["keys"][0]["seed"] = "22" * 32
    return None


def _no_rekey(e):
    e["events"] = [x for x in e["events"] if x["kind"] != "rekeyed"]
    return None


def _superseded(e):
    rb = _rollback(e)
    o = next(o for o in rb["data"]["superseded"] if "value" in o)
    o["value"] = o["value"] % 6 + 1 if o["kind"] == "die" else f"not {o['value']}"
    return o["seq"]


def _undone_outcome(e):
    u = next(u for u in e["undone"] if u["outcomes"])
    o = u["outcomes"][0]
    o["value"] = o["value"] % o["sides"] + 1 if o["kind"] == "die" else f"not {o['value']}"
    return u["seq"]


def _rollback_to(e):
    _rollback(e)["data"]["to"] += 1
    return None


def _no_seats(e):
    e["seats"] = []
    return None


TAMPER = {
    "a log line": _set_log,
    "a die's value": _set_die,
    "a card drawn": _set_draw,
    "state": _set_state,
    "state_hash": _set_key("state_hash", "0" * 64),
    "digest": _set_key("digest", "0" * 64),
    "result: the other side wins": _other_winner,
    "outcome": _outcome,
    "status": _set_key("status", "active"),
    "seq": _set_key("seq", 3),
    "the last move removed": _drop_last,
    "events deleted": _no_events,
    "undone deleted": _no_undone,
    "the rollback and the moves it undid deleted": _hide_rollback,
    "a snapshot's hash": _snapshot,
    "a seat's entropy": _seat_entropy,
    "an outcome's entropy": _outcome_entropy,
    "an action": _action,
    "a move's seat": _role,
    "an outcome removed": _drop_outcome,
    "the first commitment": _first_commitment,
    "the first seed": _first_seed,
    "the new seed's event deleted": _no_rekey,
    "a superseded outcome in the rollback's event": _superseded,
    "an undone move's outcome": _undone_outcome,
    "the rollback's position": _rollback_to,
    "the seats": _no_seats,
    "the top-level seed": lambda e: _set_key("seed", "33" * 32)(e) and None,
    "the top-level commitment": lambda e: _set_key("commitment", "44" * 32)(e) and None,
}


@pytest.mark.parametrize("field", list(TAMPER))
def test_issue_22_attack_4_verify_finds_every_edit_and_names_its_position(finished, field):
    doctored = json.loads(json.dumps(finished))
    where = TAMPER[field](doctored)
    rep = verify(doctored)
    assert rep.problems, f"{field}: edited, but verify found nothing"
    assert not rep.ok
    if where is not None:
        assert rep.first.seq is not None and rep.first.seq <= where, (field, where, rep.problems)
        assert str(rep.first).startswith(f"position {rep.first.seq}: ")


def test_issue_22_attack_4_the_cli_exits_1_naming_the_first_difference(finished, tmp_path):
    from click.testing import CliRunner

    from umpire_cli.main import cli

    doctored = json.loads(json.dumps(finished))
    seq = _set_log(doctored)
    path = tmp_path / "doctored.json"
    path.write_text(json.dumps(doctored))
    res = CliRunner().invoke(cli, ["verify", str(path)])
    assert res.exit_code == 1 and f"FIRST DIFFERENCE: position {seq}: " in res.output, res.output


def test_issue_22_attack_4_verify_and_import_are_one_check(finished):
    """The import refuses what verify refuses, naming the same first position."""
    from service.errors import ServiceError
    from service.importer import check

    for field in ("a log line", "a die's value", "digest", "the rollback and the moves it undid deleted"):
        doctored = json.loads(json.dumps(finished))
        TAMPER[field](doctored)
        first = verify(json.loads(json.dumps(doctored))).first
        with pytest.raises(ServiceError) as err:
            check(doctored)
        assert err.value.extra.get("seq") == first.seq, (field, err.value.message, first)


def test_issue_22_attack_4_an_unrevealed_export_is_checked_as_far_as_it_can_be(tmp_path):
    """Without the seed, verify still replays the moves and follows the chain; it says what it could not
    check (the outcomes' values against the seed), and a changed action is still caught."""
    app = _app(tmp_path)
    try:
        t = Table(app)
        t.play(25, seed=2)
        export = t.export()
        assert export["seed"] is None and "state" not in export
        rep = verify(json.loads(json.dumps(export)))
        assert not rep.problems and not rep.seed_known and rep.actions == export["seq"] > 0
        assert rep.recomputed == 0 and any("not revealed" in u for u in rep.unchecked)
        assert any("replayed" in n for n in rep.notes)
        doctored = json.loads(json.dumps(export))
        seq = _action(doctored)
        assert verify(doctored).first.seq == seq
    finally:
        app.extensions["umpire"]["engine"].dispose()


def test_issue_22_attack_4_a_position_edited_in_the_database_is_found(tmp_path):
    """An operator edits a position in the database mid-game; the game is played on for 15 moves: the
    export no longer replays, and verify names where."""
    app = _app(tmp_path)
    try:
        t = Table(app)
        t.play(10, seed=6)
        at = t.row().seq
        with t.sessions() as s, s.begin():
            state = canonical.copy(t.row().state)
            state["haganah"] = (state.get("haganah") or 0) + 2
            s.execute(update(Game).where(Game.id == t.gid).values(state=state))
        t.play(15, seed=7)
        t.umpire("resign", role="british")
        rep = verify(t.export())
        assert rep.problems and rep.first.kind == "replay" and rep.first.seq > at, rep.problems
    finally:
        app.extensions["umpire"]["engine"].dispose()


# ------------------------------------------------------------------------- attack 2: a revealed seed


def test_issue_22_attack_2_a_revealed_seed_is_followed_by_a_new_commitment(tmp_path):
    """After the umpire reveals the seed mid-game, the next outcomes come from a new seed whose commitment
    was published at once in the log: the revealed seed predicts none of them."""
    app = _app(tmp_path)
    try:
        t = Table(app)
        t.play(6, seed=8)
        c0 = t.row().commitment
        out = t.umpire("reveal")
        old = bytes.fromhex(out["seed"])
        assert dice.commitment(old) == c0 and out["commitment"] != c0 and out["status"] == "active"
        ev = t.client.get(f"/api/games/{t.gid}/log").json["events"]
        assert [e["kind"] for e in ev] == ["seed-revealed", "rekeyed"]
        assert ev[1]["data"]["commitment"] == out["commitment"] and ev[1]["data"]["previous_seed"] == out["seed"]
        t.play(60, seed=9)
        after = [o for m in t.export()["moves"] if m["seq"] > 6 for o in m["outcomes"]]
        assert len(after) >= 5, "the test needs outcomes after the reveal"
        # what the revealed seed would give for these outcomes is not what they are
        predicted = [dice.recompute(old, t.gid, o) for o in after]
        assert predicted != [o["value"] for o in after]
        assert not t.row().revealed
        from service.reports import documents
        with t.sessions() as s:
            html = documents.report_html(s, G.get_game(s, t.gid))
        assert c0 in html and out["commitment"] in html and out["seed"] in html, "the report shows both keys"
        t.umpire("resign", role="irgun")
        rep = verify(t.export())
        assert rep.ok, rep.problems
    finally:
        app.extensions["umpire"]["engine"].dispose()


def test_issue_22_attack_2_a_finished_game_rolled_back_resumes_under_a_new_seed(tmp_path):
    """The game ends by the rules (its seed revealed); the umpire rolls it back and resumes it: it goes on
    under a new seed, never under the revealed one."""
    app = _app(tmp_path)
    try:
        t = Table(app)
        t.play(5000, seed=10)
        assert engine.outcome(t.row().state) and t.row().revealed, "the game should have ended by the rules"
        t.umpire("rollback", to=4)
        g = t.row()
        assert g.status == "paused" and g.revealed, "rolled back from its end: paused, its seed still known"
        assert t.client.post(f"/api/games/{t.gid}/moves", data=b"pass", content_type="text/plain",
                             headers=auth(t.tokens["irgun"])).status_code == 409
        t.umpire("resume")
        g = t.row()
        assert g.status == "active" and not g.revealed
        kinds = [e["kind"] for e in t.client.get(f"/api/games/{t.gid}/log").json["events"]]
        assert kinds[-2:] == ["rekeyed", "resumed"]
    finally:
        app.extensions["umpire"]["engine"].dispose()


def test_issue_22_attack_2_a_game_made_before_issue_22_cannot_go_on_once_revealed(tmp_path):
    """A game whose state holds its deck's order (made before cards were drawn as revealed): revealing its
    seed mid-game pauses it for good, and resuming it is refused, saying why."""
    app = _app(tmp_path)
    try:
        t = Table(app)
        with t.sessions() as s, s.begin():
            state = canonical.copy(t.row().state)
            from engine.coin import deck
            state["deck"] = sorted(deck.remaining(state))  # an order, as such games kept it
            deck.keep_sizes(state)
            s.execute(update(Game).where(Game.id == t.gid).values(state=state))
        assert t.umpire("reveal")["status"] == "paused"
        r = t.client.post(f"/api/games/{t.gid}/resume", json={}, headers=auth(t.tokens["umpire"]))
        assert r.status_code == 409 and r.json["code"] == "cannot-rekey" and "abandon" in r.json["message"]
    finally:
        app.extensions["umpire"]["engine"].dispose()


# ------------------------------------------------------------------------------- attack 3: a rollback


def test_issue_22_attack_3_outcomes_after_a_rollback_are_independent_of_the_superseded():
    """By the derivation: the die of the same action at the same position, before and after a rollback,
    over many seeds: the pairs fall evenly on the 36 cells (a chi-square far below what dependence gives)."""
    game = "G-ABC123"
    d = dice.next_digest(dice.first_digest(game), "irgun", "box opsa")
    pairs = Counter()
    for i in range(3600):
        seed = i.to_bytes(32, "big")
        before = dice.DerivedChance(seed, game, 2, d, "").roll(6, "x")
        undone = dice.next_digest(d, "irgun", "op sabotage")
        after = dice.DerivedChance(seed, game, 2, dice.rollback_digest(undone, 1), "").roll(6, "x")
        pairs[before, after] += 1
    same = sum(pairs[v, v] for v in range(1, 7))
    chi2 = sum((pairs[a, b] - 100) ** 2 / 100 for a in range(1, 7) for b in range(1, 7))
    assert 600 - 6 * 22 < same < 600 + 6 * 22  # about a sixth the same, as for independent dice
    assert chi2 < 90  # 35 degrees of freedom: 90 is beyond p = 1e-6


def test_issue_22_attack_3_a_correction_that_changes_nothing_is_refused(tmp_path):
    app = _app(tmp_path)
    try:
        t = Table(app)
        t.play(4, seed=11)
        t.umpire("pause")
        same = t.row().state.get("haganah")
        r = t.client.post(f"/api/games/{t.gid}/correct", json={"correction": f"set haganah {same} 6.5.3: no change"},
                          headers=auth(t.tokens["umpire"]))
        assert r.status_code in (400, 409) and "changes nothing" in r.json["message"], r.json
    finally:
        app.extensions["umpire"]["engine"].dispose()
