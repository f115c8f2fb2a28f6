"""Fuzzed move input (issue 9, part 1): hypothesis-made move files, valid-looking and garbage, sent to the
engine directly, to the API and through the mail pipeline.

Counted over the run and printed by ``test_figures`` (``pytest -s tests/security``): inputs tried,
crashes (an exception that is not the engine's own refusal: must be 0), 5xx answers (must be 0) and
state changes on a refused input (must be 0). The default run tries more than 10,000 inputs;
``UMPIRE_FUZZ_SCALE=10`` tries ten times as many (bench/soak.py's figure).
"""

from __future__ import annotations

import collections
import json
import os

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import engine
from engine.core import canonical
from engine.core.chance import SeededChance
from engine.core.errors import EngineError
from engine.core.moves import MOVE_FORMAT, apply_move, parse_move_file
from engine.playout import choose
from service import adjudication
from service import games as G
from umpire_app.web import create_app

SCALE = int(os.environ.get("UMPIRE_FUZZ_SCALE", "1"))
FIGURES: dict[str, collections.Counter] = collections.defaultdict(collections.Counter)


def fuzz_settings(n: int):
    return settings(max_examples=n * SCALE, derandomize=True, deadline=None, database=None,
                    suppress_health_check=list(HealthCheck))


# -- positions to fuzz against: each game at its setup and after some random legal play ------------------

def _positions() -> list[tuple[dict, str, list[str]]]:
    out = []
    for game in ("palestine", "arab-revolt"):
        for depth in (0, 7, 40):
            picker = SeededChance(depth + 1, context="fuzz positions")
            state = engine.setup(game, "standard", {}, SeededChance(depth, context="fuzz setup"))
            for _ in range(depth):
                if engine.outcome(state):
                    break
                role = engine.active_roles(state)[0]
                state = engine.apply(state, role, choose(engine.legal_actions(state, role), picker),
                                     SeededChance(depth, context="fuzz dice")).state
            role = engine.active_roles(state)[0]
            legal = [f"{v} {a}".strip() for v, args in engine.legal_actions(state, role).items() for a in (args or [""])]
            out.append((state, role, legal))
    return out


POSITIONS = _positions()
WORDS = sorted({w for _s, _r, legal in POSITIONS for o in legal for w in o.split()})

line = st.one_of(
    st.sampled_from(sorted({o for _s, _r, legal in POSITIONS for o in legal})),  # real orders, maybe out of place
    st.lists(st.sampled_from(WORDS), min_size=1, max_size=4).map(" ".join),  # real words, random order
    st.text(max_size=60),  # anything
)
text_orders = st.lists(line, max_size=8).map("\n".join)
json_value = st.recursive(st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=20),
                          lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner,
                                                                                      max_size=4), max_leaves=12)
json_file = st.one_of(
    st.fixed_dictionaries({"format": st.just(MOVE_FORMAT), "role": st.sampled_from(["irgun", "british", "rebels", "x"]),
                           "actions": st.lists(line, max_size=6)},
                          optional={"after": st.integers(min_value=-2, max_value=60) | st.none(),
                                    "game": st.text(max_size=12), "entropy": st.text(max_size=20),
                                    "extra": json_value}),
    st.dictionaries(st.text(max_size=10), json_value, max_size=5),
    json_value,
).map(lambda d: json.dumps(d))
raw_input = st.one_of(text_orders, json_file, st.binary(max_size=200).map(lambda b: b.decode("utf-8", "replace")))


# -- 1. the engine directly ---------------------------------------------------------------------------

@fuzz_settings(5000)
@given(which=st.integers(min_value=0, max_value=len(POSITIONS) - 1), raw=raw_input)
def test_engine_refuses_every_bad_input_cleanly_and_changes_nothing(which, raw):
    state, role, _legal = POSITIONS[which]
    before = canonical.digest(state)
    fig = FIGURES["engine"]
    fig["inputs"] += 1
    try:
        data = adjudication.decode(raw, "application/json" if raw.lstrip().startswith("{") else "text/plain")
        mv = parse_move_file(data)
        result = apply_move(state, mv["role"] or role, mv["actions"],
                            lambda n, applied: SeededChance(n, context="fuzz"), after=mv["after"])
        fig[result.status] += 1
        if result.status == "rejected":
            assert canonical.digest(result.state) == before, "a rejected move changed the position"
    except EngineError:
        fig["refused"] += 1
    except Exception as e:  # a crash: counted, then fails the test with the input
        fig["crashes"] += 1
        raise AssertionError(f"the engine crashed on {raw!r}: {type(e).__name__}: {e}") from e
    if canonical.digest(state) != before:
        fig["state changes"] += 1
        raise AssertionError(f"the input {raw!r} changed the position it was checked against")


# -- 2. the API: the preview for volume, moves adjudicated at once for state changes --------------------

@pytest.fixture(scope="module")
def api(tmp_path_factory):
    app = create_app({"DATABASE_URL": f"sqlite:///{tmp_path_factory.mktemp('fuzz') / 'u.sqlite3'}",
                      "REDIS_URL": "", "SWEEP_SECONDS": 3600})
    Session = app.extensions["umpire"]["sessions"]
    app.extensions["umpire"]["enqueue"] = lambda sid: adjudication.adjudicate(
        Session, sid, on_done=app.extensions["umpire"]["notifier"].done)  # as a worker does
    games = []
    for game in ("palestine", "arab-revolt"):
        with Session() as s, s.begin():
            row, tokens = G.create_game(s, game, "standard", {}, None, "fuzz")
            games.append((row.id, tokens))
    yield app, Session, games
    app.extensions["umpire"]["engine"].dispose()


def _state_digest(Session, gid: str) -> str:
    with Session() as s:
        return canonical.digest(G.get_game(s, gid).state)


def _seat(data, games) -> tuple[str, str]:
    """A game of the fixture and one of its seats' tokens."""
    gid, tokens = data.draw(st.sampled_from(games))
    return gid, tokens[data.draw(st.sampled_from([r for r in tokens if r != "umpire"]))]


def _no_5xx(fig: collections.Counter, r, raw: str) -> None:
    fig["inputs"] += 1
    if r.status_code >= 500:
        fig["5xx"] += 1
        raise AssertionError(f"5xx for {raw!r}: {r.get_data(as_text=True)[:300]}")


def _post(client, path: str, raw: str, token: str, as_json: bool):
    ctype = "application/json" if as_json else "text/plain"
    return client.post(path, data=raw.encode("utf-8", "surrogatepass"), content_type=ctype,
                       headers={"Authorization": f"Bearer {token}"})


@fuzz_settings(4000)
@given(data=st.data(), raw=raw_input, as_json=st.booleans())
def test_api_check_never_fails_and_never_changes_the_game(api, data, raw, as_json):
    app, Session, games = api
    gid, token = _seat(data, games)
    fig = FIGURES["api check"]
    before = _state_digest(Session, gid) if fig["inputs"] % 50 == 0 else None
    r = _post(app.test_client(), f"/api/games/{gid}/check", raw, token, as_json)
    _no_5xx(fig, r, raw)
    fig[f"http {r.status_code}"] += 1
    assert r.is_json and ("code" in r.json or "status" in r.json), r.get_data(as_text=True)[:300]
    if before is not None and _state_digest(Session, gid) != before:
        fig["state changes"] += 1
        raise AssertionError(f"a preview changed the game: {raw!r}")


@fuzz_settings(800)
@given(data=st.data(), raw=raw_input, as_json=st.booleans())
def test_api_moves_refused_change_nothing_and_never_fail(api, data, raw, as_json):
    app, Session, games = api
    gid, token = _seat(data, games)
    before = _state_digest(Session, gid)
    r = _post(app.test_client(), f"/api/games/{gid}/moves?wait=5", raw, token, as_json)
    fig = FIGURES["api moves"]
    _no_5xx(fig, r, raw)
    status = r.json.get("status") if r.status_code in (200, 202) else f"http {r.status_code}"
    fig[str(status)] += 1
    if status not in ("accepted", "partial") and _state_digest(Session, gid) != before:
        fig["state changes"] += 1
        raise AssertionError(f"a refused move ({status}) changed the game: {raw!r}")


# -- 3. the mail pipeline ----------------------------------------------------------------------------

@pytest.fixture(scope="module")
def mail_app(tmp_path_factory):
    app = create_app({"DATABASE_URL": f"sqlite:///{tmp_path_factory.mktemp('mailfuzz') / 'u.sqlite3'}",
                      "REDIS_URL": "", "SWEEP_SECONDS": 3600,
                      "MAIL": {"domain": "umpire.test", "webhook_secret": "s" * 24}})
    Session = app.extensions["umpire"]["sessions"]
    with Session() as s, s.begin():
        row, tokens = G.create_game(s, "palestine", "standard", {}, None, "mail fuzz")
    yield app, Session, row.id, tokens
    app.extensions["umpire"]["engine"].dispose()


@fuzz_settings(400)
@given(body=raw_input, with_token=st.booleans(), subject=st.text(max_size=30))
def test_mail_pipeline_answers_every_bad_mail_cleanly_and_changes_nothing(mail_app, body, with_token, subject):
    from email.message import EmailMessage

    from mail import inbound
    from mail.config import settings as mail_settings

    app, Session, gid, tokens = mail_app
    msg = EmailMessage()
    msg["From"] = "fuzz@example.org"
    msg["To"] = f"game-{gid.lower()}@umpire.test"
    msg["Subject"] = "".join(ch for ch in subject if ch.isprintable())  # a header value: one line
    msg.set_content((f"Token: {tokens['irgun']}\n" if with_token else "") + body.replace("\x00", ""))
    before = _state_digest(Session, gid)
    fig = FIGURES["mail"]
    fig["inputs"] += 1
    s = mail_settings(app)
    try:
        rid, _new = inbound.receive(Session, s, msg.as_bytes(), "webhook")
        res = inbound.handle(Session, s, rid)
        if res.submission_id:
            adjudication.adjudicate(Session, res.submission_id)
            with Session() as ss:
                status = adjudication.submission_status(ss, res.submission_id)["status"]
        else:
            status = "no move"
    except Exception as e:
        fig["crashes"] += 1
        raise AssertionError(f"the mail pipeline crashed on {body!r}: {type(e).__name__}: {e}") from e
    fig[status] += 1
    if status not in ("accepted", "partial") and _state_digest(Session, gid) != before:
        fig["state changes"] += 1
        raise AssertionError(f"a refused mail ({status}) changed the game: {body!r}")


def test_figures():
    """Prints the figures of this run (docs/reliability.md records them); checks the totals."""
    if not FIGURES:
        pytest.skip("the fuzz tests did not run in this session")
    total = sum(f["inputs"] for f in FIGURES.values())
    for name, fig in FIGURES.items():
        print(f"{name}: " + ", ".join(f"{k} {v}" for k, v in sorted(fig.items())))
    print(f"inputs tried: {total}; crashes {sum(f['crashes'] for f in FIGURES.values())}; "
          f"5xx {sum(f['5xx'] for f in FIGURES.values())}; "
          f"state changes on a refused input {sum(f['state changes'] for f in FIGURES.values())}")
    assert total >= 10_000 * SCALE if len(FIGURES) == 4 else total > 0
    assert not any(f["crashes"] or f["5xx"] or f["state changes"] for f in FIGURES.values())
