"""Issue 21, finding 6: anyone could create games (and imports) and make the service mail any address.

Who may create games and import exports is a setting (``service.access``): ``UMPIRE_CREATE_TOKEN`` (then
``POST /api/games`` and ``POST /api/imports`` need ``Authorization: Bearer <it>``, checked before the body is
read); open only on the embedded default's loopback (a client on this machine, not forwarded, the server
not bound beyond loopback); refused in the scale setting (``REDIS_URL`` or a non-SQLite ``DATABASE_URL``
in the environment, as the Procfile runs it) unless ``UMPIRE_OPEN_CREATION=1``. The command line acts on
the database itself and needs no token.

A seat's address (given at creation, in the mail settings or when a seat is replaced) and the umpire's get
one confirmation mail and nothing else until it is confirmed by answering that mail (``mail.confirm``); a
confirmation mail goes to one address at most once per window (``UMPIRE_MAIL_CONFIRM_HOURS``).
"""

from __future__ import annotations

import threading
from datetime import timedelta

import pytest
from click.testing import CliRunner
from sqlalchemy import func, select

from mail import notices, outbound
from mail import sweep as mail_sweep
from mail.config import settings
from service.mail_models import OutboundMail
from service.models import Game, now
from tests.mail.conftest import DOMAIN, deliver, letter
from umpire_app.web import create_app
from umpire_cli.main import cli

CREATE_TOKEN = "creation-token-for-the-tests-0123456789"
SEATS = [{"role": "irgun", "player": "Ann", "email": "ann@example.org"},
         {"role": "british", "player": "Bob", "email": "bob@example.org"}]


def bearer(token: str) -> dict:
    return {"Authorization": f"Bearer {token}"}


def games_count(app) -> int:
    with app.extensions["umpire"]["sessions"]() as s:
        return s.scalar(select(func.count()).select_from(Game))


@pytest.fixture
def deployed(tmp_path, monkeypatch, redis_url):
    """``create_app()`` as the Procfile's web process makes it: the scale setting from the environment
    (REDIS_URL; a SQLite file keeps the test light), plus the extra variables given."""
    made = []

    def make(**env):
        for k in ("UMPIRE_CREATE_TOKEN", "UMPIRE_OPEN_CREATION"):
            monkeypatch.delenv(k, raising=False)
        monkeypatch.setenv("REDIS_URL", redis_url)
        monkeypatch.setenv("DATABASE_URL", f"sqlite:///{tmp_path / f'scale{len(made)}.sqlite3'}")
        monkeypatch.setenv("UMPIRE_INSTANCE", str(tmp_path / "instance"))
        for k, v in env.items():
            monkeypatch.setenv(k, v)
        app = create_app()
        made.append(app)
        return app

    yield make
    for app in made:
        app.extensions["umpire"]["engine"].dispose()


def test_finding6_creating_games_and_imports_needs_the_creation_setting(deployed, app, tmp_path, monkeypatch):
    game = {"game": "palestine", "seats": SEATS}

    # The scale setting, no creation setting: refused (creation and imports), nothing made.
    scale = deployed()
    c = scale.test_client()
    r = c.post("/api/games", json=game)
    assert r.status_code == 403, f"the scale setting created a game for anyone: {r.status_code} {r.get_json()}"
    assert r.get_json()["code"] == "creation-closed" and "UMPIRE_CREATE_TOKEN" in r.get_json()["message"]
    r = c.post("/api/imports", json={"format": "umpire-export/1"})
    assert r.status_code == 403 and r.get_json()["code"] == "creation-closed"
    assert games_count(scale) == 0

    # With UMPIRE_CREATE_TOKEN: none 401, a wrong one 403, both before the body is read (a body that the
    # strict JSON check refuses, or no JSON at all, is not reached); the right one creates.
    scale = deployed(UMPIRE_CREATE_TOKEN=CREATE_TOKEN)
    c = scale.test_client()
    dup = b'{"game": "palestine", "game": "palestine"}'
    for path in ("/api/games", "/api/imports"):
        r = c.post(path, data=dup, content_type="application/json")
        assert r.status_code == 401 and r.get_json()["code"] == "creation-token-needed", r.get_json()
        assert "Authorization: Bearer" in r.get_json()["message"]
        r = c.post(path, data=b"not json", content_type="text/plain", headers=bearer("a-guess"))
        assert r.status_code == 403 and r.get_json()["code"] == "bad-creation-token", r.get_json()
    r = c.post("/api/games", json=game, headers=bearer(CREATE_TOKEN))
    assert r.status_code == 201, r.get_json()
    r = c.post("/api/imports", json={"format": "umpire-export/1"}, headers=bearer(CREATE_TOKEN))
    assert r.status_code == 400 and r.get_json()["code"] != "creation-token-needed"  # read, and refused
    assert games_count(scale) == 1

    # Opting in explicitly opens it.
    scale = deployed(UMPIRE_OPEN_CREATION="1")
    assert scale.test_client().post("/api/games", json=game).status_code == 201

    # The embedded default (an app made by a program, SQLite): open to this machine only.
    local = app.test_client()
    assert local.post("/api/games", json=game).status_code == 201          # README's curl session
    r = local.post("/api/games", json=game, environ_base={"REMOTE_ADDR": "203.0.113.7"})
    assert r.status_code == 403 and r.get_json()["code"] == "creation-closed"
    r = local.post("/api/games", json=game, headers={"X-Forwarded-For": "203.0.113.7"})
    assert r.status_code == 403, "a request forwarded by a proxy on this machine is not from this machine"
    from service.embedded import bind_creation
    bind_creation(app, "0.0.0.0")                                          # umpire serve --host 0.0.0.0
    assert local.post("/api/games", json=game).status_code == 403
    assert games_count(app) == 1

    # The command line acts on the database itself: no token, whatever the setting.
    monkeypatch.setenv("UMPIRE_CREATE_TOKEN", CREATE_TOKEN)
    env = {"DATABASE_URL": f"sqlite:///{tmp_path / 'cli.sqlite3'}", "UMPIRE_INSTANCE": str(tmp_path / "instance")}
    res = CliRunner().invoke(cli, ["new", "palestine", "--db"], env=env)
    assert res.exit_code == 0 and "Created G-" in res.output, res.output


# ------------------------------------------------------------------------------------- confirmation


def run_mail(app, at=None) -> list[int]:
    """The mail sweep as its task runs it, synchronously: confirmation mails, "your move" mails, deadline
    mails, each sent through the relay. Returns the outbox ids sent."""
    Session, s = app.extensions["umpire"]["sessions"], settings(app)
    todo = mail_sweep.sweep(Session, s, at)
    ids = list(todo.outbox)
    for gid in sorted(todo.games):
        ids += notices.answer_game(Session, s, gid)
    for oid in ids:
        outbound.send(Session, s, oid)
    return ids


def mails_to(app, addr: str) -> list[OutboundMail]:
    with app.extensions["umpire"]["sessions"]() as s:
        return list(s.scalars(select(OutboundMail).where(OutboundMail.to_addr == addr, OutboundMail.status == "sent")
                              .order_by(OutboundMail.id)))


def test_finding6_an_address_gets_one_confirmation_and_nothing_else_until_confirmed(mail_app, relay):
    client = mail_app.test_client()
    r = client.post("/api/games", json={"game": "palestine", "title": "Club game", "seats": SEATS})
    assert r.status_code == 201
    gid, tokens = r.get_json()["id"], r.get_json()["tokens"]
    run_mail(mail_app)

    # One confirmation each, with no PDF, and no "your move" (the Irgun must act) to an unconfirmed address.
    for addr in ("ann@example.org", "bob@example.org"):
        got = [m for m in relay.messages if str(m["To"]) == addr]
        assert [m["Subject"].split("] ")[1].split()[0] for m in got] == ["CONFIRM"], \
            f"{addr} was mailed before confirming: {[m['Subject'] for m in got]}"
        assert not any(p.get_content_type() == "application/pdf" for p in got[0].walk())
        assert str(got[0]["Reply-To"]) == f"game-{gid.lower()}@{DOMAIN}"
    confirmation = next(m for m in relay.messages if str(m["To"]) == "ann@example.org")

    # More games naming the same address, the address set again, the sweep run again: no more mail to it
    # within the window (one confirmation per address per window), nothing else either.
    for _ in range(3):
        assert client.post("/api/games", json={"game": "palestine", "seats": SEATS}).status_code == 201
    r = client.post(f"/api/games/{gid}/mail-settings", json={"emails": {"irgun": "ann@example.org"},
                                                             "umpire_email": "ump@example.org", "hours": 48},
                    headers=bearer(tokens["umpire"]))
    assert r.status_code == 200
    for _ in range(3):
        run_mail(mail_app)
    assert len(mails_to(mail_app, "ann@example.org")) == 1 and len(mails_to(mail_app, "bob@example.org")) == 1
    assert [m.kind for m in mails_to(mail_app, "ump@example.org")] == ["confirm"]

    # A wrong code confirms nothing (the answer goes to its sender, as every answer).
    res = deliver(mail_app, letter(gid, "CONFIRM 0123456789abcdef0123456789abcdef", sender="eve@example.org"))
    assert res["status"] == "refused" and "confirm" in res["reason"]
    assert len(mails_to(mail_app, "ann@example.org")) == 1

    # Ann answers the confirmation (an empty answer above the quote: its subject carries the code). Then the
    # game mails her: the "your move" mail with her PDF. Confirming again changes nothing and sends nothing.
    quoted = "\n".join("> " + ln for ln in confirmation.get_body(("plain",)).get_content().splitlines())
    answer = letter(None, f"On Monday, Umpire wrote:\n{quoted}\n", sender="ann@example.org",
                    to=str(confirmation["Reply-To"]), subject="Re: " + str(confirmation["Subject"]),
                    headers={"In-Reply-To": str(confirmation["Message-ID"])})
    res = deliver(mail_app, answer)
    assert res["status"] == "answered", res
    run_mail(mail_app)
    kinds = [m.kind for m in mails_to(mail_app, "ann@example.org")]
    assert kinds == ["confirm", "reply", "turn"], kinds
    turn = [m for m in relay.messages if str(m["To"]) == "ann@example.org"][-1]
    assert any(p.get_content_type() == "application/pdf" for p in turn.walk())
    again = deliver(mail_app, letter(gid, "CONFIRM " + str(confirmation["Subject"]).split()[-1],
                                     sender="ann@example.org"))
    assert again["status"] == "answered"
    run_mail(mail_app)
    assert [m.kind for m in mails_to(mail_app, "ann@example.org")] == ["confirm", "reply", "turn"]
    assert len(mails_to(mail_app, "bob@example.org")) == 1          # Bob has not confirmed: nothing more

    # A seat given to a new player with an address: that address too gets its confirmation, and only that.
    r = client.post(f"/api/games/{gid}/replace-seat", json={"role": "irgun", "player": "Dan",
                                                            "email": "dan@example.org"},
                    headers=bearer(tokens["umpire"]))
    assert r.status_code == 200
    run_mail(mail_app)
    assert [m.kind for m in mails_to(mail_app, "dan@example.org")] == ["confirm"]

    # After the window, the next confirmation (Ann's next game) goes: once per window, not once for ever.
    later = now() + timedelta(hours=settings(mail_app).confirm_hours, minutes=1)
    run_mail(mail_app, at=later)
    assert [m.kind for m in mails_to(mail_app, "ann@example.org")][-1] == "confirm"
    assert [m.kind for m in mails_to(mail_app, "ann@example.org")].count("confirm") == 2


def test_finding6_sweeps_at_once_on_postgresql_send_an_address_one_confirmation(tmp_path):
    """The window is taken by one conditional UPDATE (or the address's first INSERT): six sweeps at once,
    over five games naming one address, write one confirmation mail to it; of twelve takers of one
    address's window at once (a new address, then one whose window has passed), one has it."""
    from mail import confirm
    from service import games as G
    from tests.mail.conftest import mail_config
    from tests.service.conftest import throwaway_database

    with throwaway_database("umpire_confirm") as (url, _name):
        app = create_app({"DATABASE_URL": url, "REDIS_URL": "", "MAIL": mail_config(2525)})
        Session, s = app.extensions["umpire"]["sessions"], settings(app)
        try:
            with Session() as session, session.begin():
                for _ in range(5):
                    G.create_game(session, "palestine", seats=[{"role": "irgun", "email": "Ann@example.org"},
                                                               {"role": "british"}])
            n = 6
            barrier, errors = threading.Barrier(n), []

            def sweep():
                try:
                    barrier.wait()
                    with Session() as session, session.begin():
                        confirm.send_due(session, s)
                except Exception as e:  # noqa: BLE001 - reported below
                    errors.append(e)

            threads = [threading.Thread(target=sweep) for _ in range(n)]
            for t in threads:
                t.start()
            for t in threads:
                t.join(60)
            assert not errors, errors
            with Session() as session:
                rows = session.scalars(select(OutboundMail).where(OutboundMail.kind == "confirm")).all()
            assert [r.to_addr for r in rows] == ["ann@example.org"], [r.to_addr for r in rows]

            window = timedelta(hours=s.confirm_hours)
            for addr, at in (("bob@example.org", now()), ("ann@example.org", now() + 2 * window)):
                n, took = 12, []
                barrier = threading.Barrier(n)

                def take(addr=addr, at=at, barrier=barrier, took=took):
                    barrier.wait()
                    with Session() as session, session.begin():
                        took.append(confirm._take_window(session, addr, at, window))

                threads = [threading.Thread(target=take) for _ in range(n)]
                for t in threads:
                    t.start()
                for t in threads:
                    t.join(60)
                assert sorted(took) == [False] * (n - 1) + [True], (addr, took)
        finally:
            app.extensions["umpire"]["engine"].dispose()
