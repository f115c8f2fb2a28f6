"""Races at scale (issue 9 part 3): exactly once, in order, per game, with many clients at once.

On the scale setting (``race_fixtures.scale``: gunicorn, 2 Celery worker processes, PostgreSQL, Redis,
real SMTP on localhost), from client threads over real HTTP and SMTP:

- many clients submit their own legal move for the same position at once: one is accepted, the others
  are refused as ``stale``; the log is gapless, in order, each accepted move in it once;
- many games are played at once, each with a second copy of every move sent right after it: each game's
  submissions are adjudicated one at a time (the workers' marks of one game never overlap) and in the
  order received (the first is accepted, the copy is stale), and no move lands in another game;
- the same mail (same Message-ID) delivered at the same moment twice through the webhook and twice
  through the SMTP listener: one stored message, one submission, one applied move, one answer sent;
- a seat's first two mails to a game (a move and STATUS) at the same moment: both handled and answered
  by the workers, none left to the mail sweeper;
- the same HTTP submission (same Idempotency-Key, or the same body without one) from many threads at
  once: stored and applied once;
- bad tokens sent to gunicorn's two processes on new connections are counted together (through Redis):
  the client is refused with 429 after the limit, whichever process it reaches.

Sizes: ``UMPIRE_RACE_CLIENTS`` (16), ``UMPIRE_RACE_POSITIONS`` (10), ``UMPIRE_RACE_GAMES`` (12),
``UMPIRE_RACE_DEPTH`` (20), ``UMPIRE_RACE_MAILS`` (3). Each test prints its figures (``pytest -s``).
"""

from __future__ import annotations

import collections
import os
import random
import re
import smtplib
import time
import uuid

import requests
from sqlalchemy import func, select

from bench.harness import HTTP_TIMEOUT, Game
from service.mail_models import InboundMail, OutboundMail
from service.models import Submission
from tests.mail.conftest import SECRET, letter
from tests.service.test_workers import run_threads

from .race_fixtures import (  # noqa: F401
    BAD_TOKEN_LIMIT,
    log_rows,
    marks,
    queues_idle,
    scale_setting,
    submissions,
    verdict_of,
)

CLIENTS = int(os.environ.get("UMPIRE_RACE_CLIENTS", "16"))
POSITIONS = int(os.environ.get("UMPIRE_RACE_POSITIONS", "10"))
GAMES = int(os.environ.get("UMPIRE_RACE_GAMES", "12"))
DEPTH = int(os.environ.get("UMPIRE_RACE_DEPTH", "20"))
MAILS = int(os.environ.get("UMPIRE_RACE_MAILS", "3"))
IRGUN_TURN = "box opsa\nop sabotage\nspace galilee\nroll\ndone\ndone\n"


def new_game(base: str, title: str) -> Game:
    return Game(requests.Session(), base, title)


def posted(r: requests.Response) -> dict:
    assert r.status_code in (200, 202), f"{r.request.method} {r.url}: {r.status_code} {r.text[:500]}"
    return r.json()


def done(base: str, sub: dict) -> dict:
    return sub if sub["status"] in ("accepted", "partial", "rejected", "failed") else verdict_of(base, sub["id"])


def assert_log_is_the_accepted_moves(sessions, gid: str, accepted: list[tuple[str, str]]) -> None:
    """The game's log: setup, then exactly the accepted (submission, order) pairs, in order, each once,
    every one made by a submission of this game."""
    rows = log_rows(sessions, gid)
    assert [r.seq for r in rows] == list(range(len(rows))), f"{gid}: the log has gaps: {[r.seq for r in rows]}"
    assert rows[0].action == "setup"
    assert [(r.submission_id, r.action) for r in rows[1:]] == accepted, f"{gid}: the log is not the accepted moves"
    assert all(r.game_id == gid for r in rows[1:]), f"{gid}: a move made by another game's submission"


# --- many clients, one game ---------------------------------------------------------------------------

def test_many_clients_one_position_exactly_one_accepted_the_others_stale(scale):
    """CLIENTS threads each send their own legal order for the same position, POSITIONS times."""
    g = new_game(scale.base, "race: one position")
    role_token = g.tokens
    accepted: list[tuple[str, str]] = []
    refused = collections.Counter()
    t0 = time.perf_counter()
    for _ in range(POSITIONS):
        role, orders = g.orders()
        seq = g.seq
        bodies = []
        for i in range(CLIENTS):
            # Each client's own order; where there are fewer orders than clients, the same order again
            # with a key of its own (else it would be the same submission, which is the test below).
            order = orders[i % len(orders)]
            key = None if i < len(orders) else f"client-{i}-{uuid.uuid4().hex}"
            bodies.append((order, key))

        def send(order, key, role=role, seq=seq):
            headers = {"Authorization": f"Bearer {role_token[role]}", **({"Idempotency-Key": key} if key else {})}
            body = {"format": "umpire-move/1", "game": g.id, "role": role, "after": seq, "actions": [order]}
            r = requests.post(f"{scale.base}/api/games/{g.id}/moves?wait=20", json=body, headers=headers,
                              timeout=HTTP_TIMEOUT)
            return order, done(scale.base, posted(r))

        results = run_threads([lambda o=o, k=k: send(o, k) for o, k in bodies], timeout=90)
        assert len({sub["id"] for _, sub in results}) == CLIENTS, "each client's move is a submission of its own"
        wins = [(o, sub) for o, sub in results if sub["status"] == "accepted"]
        assert len(wins) == 1, f"position {seq}: {len(wins)} moves accepted: {[(o, s['status']) for o, s in results]}"
        order, win = wins[0]
        assert win["verdict"]["seq"] == seq + 1
        for o, sub in results:
            if sub is not win:
                code = (sub["verdict"] or {}).get("error", {}).get("code")
                assert sub["status"] == "rejected" and code == "stale", f"position {seq}, {o!r}: {sub}"
                refused[code] += 1
        accepted.append((win["id"], order))
        g.seq, g.prompts = win["verdict"]["seq"], win["verdict"]["prompts"]
    wall = time.perf_counter() - t0

    assert_log_is_the_accepted_moves(scale.sessions, g.id, accepted)
    subs = submissions(scale.sessions, g.id)
    assert len(subs) == POSITIONS * CLIENTS
    assert collections.Counter(s.status for s in subs) == {"accepted": POSITIONS, "rejected": POSITIONS * (CLIENTS - 1)}
    print(f"\nmany clients, one game: {CLIENTS} clients x {POSITIONS} positions = {POSITIONS * CLIENTS} submissions "
          f"in {wall:.1f} s; accepted {len(accepted)} (one a position), refused {dict(refused)}; log gapless")


# --- many games at once -------------------------------------------------------------------------------

def test_many_games_at_once_each_adjudicated_in_order_one_at_a_time(scale):
    """GAMES games played at once for DEPTH positions; each move is followed at once by a copy (its own
    Idempotency-Key, so a submission of its own) written for the same position."""
    start_marks = len(marks(scale.marker))
    games = [new_game(scale.base, f"race: game {i}") for i in range(GAMES)]
    plays: dict[str, list[tuple[dict, dict, str]]] = {}

    def play(g: Game, seed: int):
        rng, out = random.Random(seed), []
        for _ in range(DEPTH):
            if g.over:
                break
            role, orders = g.orders()
            order = rng.choice(orders)
            first = posted(g.post(role, order, wait=None))
            copy = posted(g.post(role, order, wait=None, key=f"copy-{uuid.uuid4().hex}"))
            first, copy = done(g.base, first), done(g.base, copy)
            out.append((first, copy, order))
            if first["status"] == "accepted":
                v = first["verdict"]
                g.seq, g.prompts, g.over = v["seq"], v["prompts"], bool(v.get("outcome"))
            else:
                g.refresh()
        plays[g.id] = out

    t0 = time.perf_counter()
    run_threads([lambda g=g, i=i: play(g, 1000 + i) for i, g in enumerate(games)], timeout=300)
    wall = time.perf_counter() - t0

    sids: set[str] = set()
    for g in games:
        accepted = []
        for first, copy, order in plays[g.id]:
            sids |= {first["id"], copy["id"]}
            if first["status"] == "accepted":
                accepted.append((first["id"], order))
                code = (copy["verdict"] or {}).get("error", {}).get("code")
                assert copy["status"] == "rejected" and code == "stale", \
                    f"{g.id}: the copy sent after an accepted move was not refused as stale: {copy}"
            else:  # an order the prompt offered but the rules refused: its copy gets the same verdict
                assert first["status"] == "rejected" and copy["status"] == "rejected", (first, copy)
                assert copy["verdict"]["error"]["code"] == first["verdict"]["error"]["code"]
        assert accepted, f"{g.id}: nothing accepted"
        assert_log_is_the_accepted_moves(scale.sessions, g.id, accepted)

    # The workers' marks: each submission adjudicated once; per game, one at a time, in the order received.
    got = [m for m in marks(scale.marker)[start_marks:] if m[2] in sids]
    per_sid = collections.Counter(m[2] for m in got)
    assert set(per_sid) == sids and set(per_sid.values()) == {1}, \
        f"submissions not adjudicated exactly once: {[(s, n) for s, n in per_sid.items() if n != 1][:5]}"
    overlaps_across = 0
    for g in games:
        mine = sorted((m for m in got if m[1] == g.id), key=lambda m: m[3])
        for a, b in zip(mine, mine[1:], strict=False):
            assert b[3] >= a[4], f"{g.id}: {a[2]} and {b[2]} were adjudicated at the same time by {a[0]} and {b[0]}"
        received = [s.id for s in submissions(scale.sessions, g.id)]
        assert [m[2] for m in mine] == received, f"{g.id}: not adjudicated in the order received"
    ordered = sorted(got, key=lambda m: m[3])
    for a, b in zip(ordered, ordered[1:], strict=False):
        overlaps_across += b[3] < a[4] and a[1] != b[1]
    pids = {m[0] for m in got}
    assert len(pids) == 2, f"expected both worker processes to adjudicate: {pids}"
    n_acc = sum(1 for g in games for f, _c, _o in plays[g.id] if f["status"] == "accepted")
    print(f"\nmany games at once: {GAMES} games x {DEPTH} positions, {len(sids)} submissions in {wall:.1f} s "
          f"({n_acc} accepted, every copy of an accepted move stale); adjudications of one game overlapping: 0; "
          f"of two different games running at once (adjacent pairs): {overlaps_across}; worker processes {len(pids)}")


# --- the same mail, twice, through two ways in -----------------------------------------------------------

def _webhook(base: str, raw: bytes) -> tuple[int, int]:
    r = requests.post(f"{base}/api/mail/inbound", data=raw, timeout=HTTP_TIMEOUT,
                      headers={"Authorization": f"Bearer {SECRET}", "Content-Type": "message/rfc822"})
    assert r.status_code in (200, 202), r.text
    return r.status_code, r.json()["id"]


def _smtp(port: int, raw: bytes, rcpt: str) -> tuple[int, int]:
    with smtplib.SMTP("127.0.0.1", port, timeout=60) as smtp:
        smtp.ehlo()
        smtp.mail("ann@example.org")
        smtp.rcpt(rcpt)
        code, msg = smtp.data(raw)
    assert code == 250, (code, msg)
    return code, int(re.search(rb"message (\d+)", msg).group(1))


def test_same_mail_at_once_through_webhook_and_smtp_stored_applied_and_answered_once(scale):
    """Each of MAILS messages goes at the same moment twice through the webhook and twice over SMTP."""
    rounds = []
    for i in range(MAILS):
        g = new_game(scale.base, f"race: mail {i}")
        msg = letter(g.id, f"Token: {g.tokens['irgun']}\n{IRGUN_TURN}", subject=f"race {i}")
        raw, rcpt = msg.as_bytes(), str(msg["To"])
        hook = lambda raw=raw: _webhook(scale.base, raw)  # noqa: E731
        smtp = lambda raw=raw, rcpt=rcpt: _smtp(scale.smtp_port, raw, rcpt)  # noqa: E731
        got = run_threads([hook, hook, smtp, smtp], timeout=90)
        assert len({rid for _, rid in got}) == 1, f"the same message stored under several ids: {got}"
        assert sum(code == 202 for code, _ in got[:2]) <= 1, "the webhook said 'received' twice"
        rounds.append((g, msg, got[0][1]))

    S = scale.sessions
    for _g, _msg, rid in rounds:  # bounded: until the answer is sent
        deadline = time.monotonic() + 120
        while True:
            with S() as s:
                row = s.get(InboundMail, rid)
                sent = s.execute(select(OutboundMail.status).where(OutboundMail.key == f"reply:{rid}")).scalar()
            if row.status == "answered" and sent == "sent":
                break
            assert time.monotonic() < deadline, f"mail {rid} not answered within 120 s: {row.status}, {sent}"
            time.sleep(0.2)
    queues_idle(scale.stack.redis_url)

    for g, msg, _rid in rounds:
        with S() as s:
            stored = s.execute(select(func.count()).select_from(InboundMail)
                               .where(InboundMail.message_id == msg["Message-ID"])).scalar()
            subs = s.execute(select(Submission).where(Submission.game_id == g.id)).scalars().all()
            replies = s.execute(select(func.count()).select_from(OutboundMail)
                                .where(OutboundMail.game_id == g.id, OutboundMail.kind == "reply")).scalar()
        assert stored == 1, f"{g.id}: {stored} stored messages"
        assert [s.status for s in subs] == ["accepted"], f"{g.id}: {[(s.id, s.status) for s in subs]}"
        assert_log_is_the_accepted_moves(S, g.id, [(subs[0].id, line) for line in IRGUN_TURN.splitlines()])
        assert replies == 1, f"{g.id}: {replies} answers in the outbox"
        answers = [m for m in scale.relay.messages if m["In-Reply-To"] == msg["Message-ID"]]
        assert len(answers) == 1, f"{g.id}: {len(answers)} answers relayed"
        assert "accepted" in str(answers[0]["Subject"])
    print(f"\nthe same mail at once: {MAILS} messages x 4 deliveries (2 webhook, 2 SMTP): stored {MAILS}, "
          f"submissions {MAILS}, moves applied once each, answers relayed {MAILS}")


def test_two_mails_from_one_seat_at_once_are_both_handled(scale):
    """A seat's first two mails to a game (a move and STATUS, two Message-IDs) arrive at the same moment
    through the webhook: both are read and answered by the workers at once, none left to the sweeper."""
    rounds = []
    for i in range(MAILS):
        g = new_game(scale.base, f"race: two mails {i}")
        raws = [letter(g.id, f"Token: {g.tokens['irgun']}\n{body}", subject=f"two {i}").as_bytes()
                for body in (IRGUN_TURN, "STATUS\n")]
        got = run_threads([lambda raw=raw: _webhook(scale.base, raw) for raw in raws], timeout=90)
        assert [code for code, _ in got] == [202, 202], got
        rounds.append((g, [rid for _, rid in got]))
    S = scale.sessions
    deadline = time.monotonic() + 45  # the mail sweeper (not running here) would come after 60 s
    for g, rids in rounds:
        while True:
            with S() as s:
                states = [s.get(InboundMail, rid).status for rid in rids]
            if states == ["answered", "answered"]:
                break
            assert time.monotonic() < deadline, f"{g.id}: mails left unhandled: {list(zip(rids, states, strict=True))}"
            time.sleep(0.2)
        assert [x.status for x in submissions(S, g.id)] == ["accepted"]
    print(f"\ntwo mails from one seat at once: {MAILS} pairs (a move and STATUS), all {2 * MAILS} handled and answered")


# --- the same HTTP submission from many threads -------------------------------------------------------

def test_same_submission_from_many_threads_stored_and_applied_once(scale):
    """CLIENTS threads send the same JSON move at once, POSITIONS times: at even positions with one
    Idempotency-Key, at odd ones without a key (the same body from the same seat for the same position)."""
    g = new_game(scale.base, "race: one submission")
    accepted = []
    for n in range(POSITIONS):
        role, orders = g.orders()
        order = orders[0]
        headers = {"Authorization": f"Bearer {g.tokens[role]}",
                   **({"Idempotency-Key": f"same-{uuid.uuid4().hex}"} if n % 2 == 0 else {})}
        body, url = g.body(role, order), f"{scale.base}/api/games/{g.id}/moves?wait=20"
        https = [requests.Session() for _ in range(CLIENTS)]

        def send(h, body=body, headers=headers, url=url):
            return done(scale.base, posted(h.post(url, json=body, timeout=HTTP_TIMEOUT, headers=headers)))

        try:
            results = run_threads([lambda h=h: send(h) for h in https], timeout=90)
        finally:
            for h in https:
                h.close()
        assert len({r["id"] for r in results}) == 1, f"position {g.seq}: one submission expected, {results}"
        assert {r["status"] for r in results} == {"accepted"}, results[0]
        accepted.append((results[0]["id"], order))
        v = results[0]["verdict"]
        assert v["seq"] == g.seq + 1
        g.seq, g.prompts = v["seq"], v["prompts"]
    assert_log_is_the_accepted_moves(scale.sessions, g.id, accepted)
    assert len(submissions(scale.sessions, g.id)) == POSITIONS
    print(f"\nthe same submission at once: {CLIENTS} threads x {POSITIONS} positions (half with one Idempotency-Key, "
          f"half the same body without): {POSITIONS} submissions stored, {POSITIONS} moves applied")


def test_bad_tokens_are_counted_across_the_web_processes(scale):
    """gunicorn's two processes share the throttle's counts through Redis (service.throttle): a client
    sending more than the limit of bad tokens on new connections, whichever process each reaches, is
    then refused with 429, even with the right token; another client is not. (Split between processes
    that each counted alone, the 7 guesses would leave both under the limit of 6.) The client addresses are only
    ``X-Forwarded-For`` values (the stack trusts one proxy); nothing is sent to them."""
    g = new_game(scale.base, "throttle")
    url = f"{scale.base}/api/games/{g.id}"
    guesser, other = {"X-Forwarded-For": "198.51.100.7"}, {"X-Forwarded-For": "198.51.100.8"}
    codes = [requests.get(url, headers={**guesser, "Authorization": f"Bearer guess-{i}", "Connection": "close"},
                          timeout=HTTP_TIMEOUT).status_code for i in range(BAD_TOKEN_LIMIT + 1)]
    right = {"Authorization": f"Bearer {g.tokens['irgun']}", "Connection": "close"}
    blocked = requests.get(url, headers={**guesser, **right}, timeout=HTTP_TIMEOUT)
    fine = requests.get(url, headers={**other, **right}, timeout=HTTP_TIMEOUT)
    print(f"\nthrottle across 2 web processes: limit {BAD_TOKEN_LIMIT}; answers {codes}; then the right token "
          f"{blocked.status_code} from the guesser, {fine.status_code} from another client")
    assert codes == [401] * (BAD_TOKEN_LIMIT + 1)  # the one past the limit is still answered; then 429
    assert blocked.status_code == 429 and blocked.json()["code"] == "too-many-bad-tokens"
    assert int(blocked.headers["Retry-After"]) >= 1
    assert fine.status_code == 200 and fine.json()["id"] == g.id
