"""A copy of the database does not give away the dice (issue 22, attack 5: the database attacker).

Anyone who reads the database (a stolen backup, a copied SQLite file, the operator at the ``psql`` prompt)
must not learn a game's seed while it is unrevealed: with it they could compute every future die, draw and
shuffle (docs/dice.md). ``games.seed`` holds the seed sealed under the server secret ``UMPIRE_SECRET_KEY``
(``service.seeds``), which is never in the database.

- a sealed seed opens under its own secret, for its own game and commitment only, and anything else is
  refused with ``seed-unreadable`` naming ``UMPIRE_SECRET_KEY`` (a changed secret, a value copied from
  another game's row), through the service too;
- games created and played through the real service, on SQLite and on PostgreSQL: every cell of every
  table read as raw rows (and the SQLite files themselves) holds the seed in none of its encodings, and no
  32 bytes found in them hash to the commitment, so nothing there recomputes the next outcome; the same
  search finds a seed planted in a copy, so it would have found a leak;
- migration 0009 seals a legacy plain-hex row, its downgrade opens it again, and without the secret
  (or with another one) it refuses to touch the rows;
- moves still get the dice docs/dice.md derives from the (opened) seed (also
  ``tests/service/test_dice_service.py``).
"""

from __future__ import annotations

import base64
import contextlib
import hashlib
import json
import re
import secrets
from types import SimpleNamespace

import pytest
from alembic import command
from sqlalchemy import inspect, text

from engine.core import dice
from service import games as G
from service import seeds
from service.migrate import alembic_config, upgrade
from service.models import Game, Move
from service.seeds import SeedUnreadable, open_seed
from tests.service.conftest import throwaway_database
from tests.service.test_api import FIRST, WITH_DIE, adjudicated, auth, new_game, post_text
from umpire_app.web import create_app

SECRET = "a-server-secret-for-these-tests-" + "x" * 16


def _raises_unreadable(call) -> SeedUnreadable:
    with pytest.raises(SeedUnreadable) as e:
        call()
    err = e.value
    assert err.status == 500 and err.code == "seed-unreadable" and "UMPIRE_SECRET_KEY" in err.message, err.message
    return err


# ------------------------------------------------------------------------- (a) seal and open


def test_a_sealed_seed_opens_only_under_its_secret_for_its_own_game_and_seed():
    seed, gid = secrets.token_bytes(32), "G-A1B2C3"
    c = dice.commitment(seed)
    sealed = seeds.seal(SECRET, gid, seed)
    assert sealed.startswith("s1:") and len(sealed) == seeds.SEALED_CHARS == 99 <= Game.seed.type.length
    assert seed.hex() not in sealed and seeds.unseal(SECRET, gid, c, sealed) == seed
    assert seeds.seal(SECRET, gid, seed) == sealed  # the same seed of the same game: the same value
    assert seeds.seal(SECRET, "G-D4E5F6", seed) != sealed  # another game: another pad, another value
    _raises_unreadable(lambda: seeds.unseal(SECRET + "!", gid, c, sealed))  # a changed secret
    _raises_unreadable(lambda: seeds.unseal(SECRET, "G-D4E5F6", c, sealed))  # copied into another game's row
    other = secrets.token_bytes(32)  # the game given a new seed: the old sealed value does not open as it
    _raises_unreadable(lambda: seeds.unseal(SECRET, gid, dice.commitment(other), sealed))
    flipped = sealed[:10] + ("0" if sealed[10] != "0" else "1") + sealed[11:]
    _raises_unreadable(lambda: seeds.unseal(SECRET, gid, c, flipped))  # tampered
    _raises_unreadable(lambda: seeds.unseal(SECRET, gid, c, sealed[:-2]))  # cut short

    session = SimpleNamespace(info={"secret_key": SECRET})
    assert open_seed(session, SimpleNamespace(id=gid, seed=sealed, commitment=c)) == seed
    assert open_seed(session, SimpleNamespace(id=gid, seed=seed.hex(), commitment=c)) == seed  # before 0009
    _raises_unreadable(lambda: open_seed(session, SimpleNamespace(id=gid, seed="s2:zz", commitment=c)))
    other_game = SimpleNamespace(id="G-D4E5F6", seed=sealed, commitment=c)
    err = _raises_unreadable(lambda: open_seed(session, other_game))
    assert "G-D4E5F6" in err.message and "another row" in err.message
    with pytest.raises(ValueError):
        seeds.seal(SECRET, gid, seed[:31])


def _check(client, gid: str, token: str):
    return post_text(client, gid, token, FIRST, path="check", After="0")


def test_a_seed_moved_to_another_games_row_or_read_under_another_secret_is_refused_saying_so(app, client, sessions):
    a, b = new_game(client), new_game(client)
    assert _check(client, a["id"], a["tokens"]["irgun"]).status_code == 200
    with sessions() as s, s.begin():  # the attacker (or a botched restore) copies A's sealed seed into B's row
        s.execute(text("UPDATE games SET seed = (SELECT seed FROM games WHERE id = :a) WHERE id = :b"),
                  {"a": a["id"], "b": b["id"]})
    r = _check(client, b["id"], b["tokens"]["irgun"])
    assert r.status_code == 500 and r.get_json()["code"] == "seed-unreadable", r.get_data(as_text=True)
    assert "UMPIRE_SECRET_KEY" in r.get_json()["message"] and b["id"] in r.get_json()["message"]
    other = create_app({"DATABASE_URL": app.config["DATABASE_URL"], "REDIS_URL": "",
                        "UMPIRE_SECRET_KEY": "another-server-secret-" + "y" * 20})
    try:  # the same database under another secret: no dice, and it says why
        r = _check(other.test_client(), a["id"], a["tokens"]["irgun"])
        assert r.status_code == 500 and r.get_json()["code"] == "seed-unreadable"
        assert "UMPIRE_SECRET_KEY" in r.get_json()["message"]
    finally:
        other.extensions["umpire"]["engine"].dispose()
    assert _check(client, a["id"], a["tokens"]["irgun"]).status_code == 200  # its own row, its own secret


# ------------------------------------------------------------------------- (b) the database attacker


@pytest.fixture(params=["sqlite", "postgresql"])
def any_app(request, tmp_path):
    """An app of the embedded setting on a fresh SQLite file or a throwaway PostgreSQL database; the queue
    is a list (no worker)."""
    sqlite = contextlib.nullcontext((f"sqlite:///{tmp_path / 'umpire.sqlite3'}", None))
    with throwaway_database("umpire_dbcopy") if request.param == "postgresql" else sqlite as (url, _):
        the_app = create_app({"DATABASE_URL": url, "REDIS_URL": "", "SWEEP_SECONDS": 0.5})
        the_app.extensions["umpire"]["enqueue"] = [].append
        try:
            yield the_app
        finally:
            the_app.extensions["umpire"]["engine"].dispose()


def _cells(obj):
    """Every scalar inside a stored value, JSON text walked as well (raw rows give JSON as text on SQLite)."""
    if isinstance(obj, str) and obj[:1] in "[{":
        try:
            obj = json.loads(obj)
        except ValueError:
            yield obj
            return
    if isinstance(obj, dict):
        for k, v in obj.items():
            yield k
            yield from _cells(v)
    elif isinstance(obj, (list, tuple)):
        yield json.dumps(obj)  # a list of byte values would show as text here
        for v in obj:
            yield from _cells(v)
    elif isinstance(obj, memoryview):
        yield bytes(obj)
    elif obj is not None:
        yield obj if isinstance(obj, (str, bytes)) else str(obj)


def database_copy(engine) -> tuple[list[str], list[str | bytes]]:
    """What an attacker holding the database reads: every table's raw rows (``SELECT *``)."""
    tables = inspect(engine).get_table_names()
    values: list[str | bytes] = []
    with engine.connect() as conn:
        for t in tables:
            for row in conn.execute(text(f'SELECT * FROM "{t}"')):
                for cell in row:
                    values.extend(_cells(cell))
    return tables, values


def encodings(seed: bytes) -> dict[str, bytes]:
    """The ways a stored value could spell the seed."""
    b64 = base64.b64encode(seed)
    url = base64.urlsafe_b64encode(seed)
    return {"raw": seed, "hex": seed.hex().encode(), "HEX": seed.hex().upper().encode(), "base64": b64,
            "base64-unpadded": b64.rstrip(b"="), "base64url": url.rstrip(b"="), "base32": base64.b32encode(seed),
            "base85": base64.b85encode(seed), "integer": str(int.from_bytes(seed, "big")).encode(),
            "byte list": json.dumps(list(seed)).encode(), "byte list, no spaces": json.dumps(list(seed),
                                                                                        separators=(",", ":")).encode()}


_HEX = re.compile(rb"[0-9a-fA-F]{64,}")
_B64 = re.compile(rb"[A-Za-z0-9+/_-]{43,}=?")


def candidate_seeds(values):
    """Every 32 bytes an attacker could take from the stored values for a seed: each 64-digit window of
    hex, each 32 bytes of a decodable base64 run, and, for binary cells, every 32-byte window (the sealed
    values' own bytes among them)."""
    for v in values:
        raw = v if isinstance(v, bytes) else v.encode("utf-8", "surrogatepass")
        for m in _HEX.finditer(raw):
            run = m.group()
            for i in range(0, len(run) - 63):
                yield bytes.fromhex(run[i:i + 64].decode())
        for m in _B64.finditer(raw):
            for dec in (base64.b64decode, base64.urlsafe_b64decode):
                try:
                    data = dec(m.group() + b"=" * (-len(m.group()) % 4))
                except ValueError:
                    continue
                yield from (data[i:i + 32] for i in range(len(data) - 31))
        if isinstance(v, bytes):
            yield from (v[i:i + 32] for i in range(len(v) - 31))


def recomputable(values, commitments: set[str]) -> tuple[set[str], int]:
    """The commitments some 32 stored bytes hash to (only the seed does: with it found, every outcome can be
    recomputed), and how many candidates were tried."""
    hit, n = set(), 0
    for c in candidate_seeds(values):
        n += 1
        h = hashlib.sha256(c).hexdigest()
        if h in commitments:
            hit.add(h)
    return hit, n


def spelled(seed: bytes, values, files: bytes = b"") -> list[str]:
    """The encodings of the seed that show in a stored value or in the database files."""
    found = []
    for name, enc in encodings(seed).items():
        for v in values:
            hay = v if isinstance(v, bytes) else v.encode("utf-8", "surrogatepass")
            if enc in hay:
                found.append(f"{name} in a stored value {hay[:80]!r}")
                break
        if files and enc in files:
            found.append(f"{name} in the database files")
    return found


def _play(client, sessions, b: dict) -> None:
    """Moves through the API, adjudicated by the worker's function: three orders, then a die."""
    gid, tok = b["id"], b["tokens"]["irgun"]
    r = post_text(client, gid, tok, FIRST, After="0")
    assert r.status_code == 202, r.get_data(as_text=True)
    assert adjudicated(client, sessions, r.get_json()["id"])["status"] == "accepted"
    r = post_text(client, gid, tok, "roll\n", After="3")
    assert r.status_code == 202, r.get_data(as_text=True)
    assert adjudicated(client, sessions, r.get_json()["id"])["status"] == "accepted"


def test_a_copy_of_every_table_holds_no_unrevealed_seed_and_nothing_that_recomputes_a_die(any_app, tmp_path):
    client, sessions = any_app.test_client(), any_app.extensions["umpire"]["sessions"]
    engine = any_app.extensions["umpire"]["engine"]
    games = [new_game(client, seats=[{"role": "irgun", "entropy": "ann-2026"}, {"role": "british"}]),
             new_game(client)]
    for b in games:
        _play(client, sessions, b)
        assert client.get(f"/api/games/{b['id']}/report.pdf").status_code == 200  # a stored render too
        r = client.get(f"/api/games/{b['id']}/snapshot.pdf", headers=auth(b["tokens"]["irgun"]))
        assert r.status_code == 200
    secret = any_app.config["UMPIRE_SECRET_KEY"]
    tables, values = database_copy(engine)
    files = b"".join(p.read_bytes() for p in tmp_path.glob("umpire.sqlite3*"))
    assert {"games", "moves", "seats", "submissions", "game_events", "renders"} <= set(tables)
    assert (engine.dialect.name == "sqlite") == bool(files)
    with sessions() as s:
        rows = {g.id: (g.seed, g.commitment, g.revealed) for g in s.query(Game).all()}
        opened = {gid: open_seed(s, G.get_game(s, gid)) for gid in rows}
    hits, tried = recomputable(values, {c for _s, c, _r in rows.values()})
    print(f"\ndatabase copy ({engine.dialect.name}): {len(tables)} tables, {len(values)} values, "
          f"{tried} candidate seeds tried, {len(hits)} recompute a game's dice")
    assert hits == set() and tried > 100, "32 bytes in the database hash to a game's commitment"
    for b in games:
        gid = b["id"]
        seed, (stored, commitment, revealed) = opened[gid], rows[gid]
        assert not revealed and commitment == b["commitment"] == dice.commitment(seed)
        assert stored.startswith("s1:") and secret not in str(values)  # sealed; the secret is not there
        assert spelled(seed, values, files) == [], f"game {gid}: the database gives the seed away"
        # The outcomes that are there are the ones docs/dice.md derives from the seed the service opens.
        with sessions() as s:
            rec = s.query(Move).filter_by(game_id=gid, seq=4).one().outcomes[0]
        assert rec["kind"] == "die" and rec["value"] == dice.recompute(seed, gid, rec)
    # The search is not blind: a copy holding a seed in any of those spellings is caught.
    seed, commitment = opened[games[0]["id"]], games[0]["commitment"]
    for name, enc in encodings(seed).items():
        planted = b"x" + enc + b"y" if name == "raw" else "note: " + enc.decode() + "."
        assert spelled(seed, [planted]), f"a planted {name} seed was not found"
        if name in ("raw", "hex", "HEX", "base64", "base64-unpadded", "base64url"):
            assert recomputable([planted], {commitment})[0] == {commitment}, name


# ------------------------------------------------------------------------- (c) migration 0009


def _stored(engine, gid: str) -> str:
    with engine.connect() as conn:
        return conn.execute(text("SELECT seed FROM games WHERE id = :g"), {"g": gid}).scalar_one()


def _revision(engine) -> str:
    with engine.connect() as conn:
        return conn.execute(text("SELECT version_num FROM alembic_version")).scalar_one()


def test_migration_0009_seals_a_legacy_plain_seed_and_its_downgrade_opens_it(app, client, sessions, tmp_path,
                                                                             monkeypatch):
    engine, secret = app.extensions["umpire"]["engine"], app.config["UMPIRE_SECRET_KEY"]
    b = new_game(client)
    gid = b["id"]
    with sessions() as s:
        seed = open_seed(s, G.get_game(s, gid))
    assert _stored(engine, gid).startswith("s1:")

    command.downgrade(alembic_config(engine, secret), "0008")  # the database as it was before 0009
    assert _stored(engine, gid) == seed.hex() and _revision(engine) == "0008"
    with sessions() as s:  # a legacy row still opens (until the migration runs) ...
        assert open_seed(s, G.get_game(s, gid)) == seed
    assert _check(client, gid, b["tokens"]["irgun"]).status_code == 200

    # ... and the migration will not seal it without the secret, nor open it under another one.
    monkeypatch.delenv("UMPIRE_SECRET_KEY", raising=False)
    monkeypatch.setenv("UMPIRE_INSTANCE", str(tmp_path / "no-instance"))
    with pytest.raises(RuntimeError, match="UMPIRE_SECRET_KEY"):
        upgrade(engine)
    assert _stored(engine, gid) == seed.hex() and _revision(engine) == "0008"

    upgrade(engine, secret_key=secret)
    stored = _stored(engine, gid)
    assert stored.startswith("s1:") and seed.hex() not in stored and _revision(engine) != "0008"
    assert seeds.unseal(secret, gid, b["commitment"], stored) == seed
    with pytest.raises(RuntimeError, match="UMPIRE_SECRET_KEY"):
        command.downgrade(alembic_config(engine, "another-server-secret-" + "z" * 20), "0008")
    assert _stored(engine, gid) == stored

    # (d) the dice of a move are still the ones docs/dice.md derives from the seed.
    r = post_text(client, gid, b["tokens"]["irgun"], WITH_DIE, After="0")
    assert adjudicated(client, sessions, r.get_json()["id"])["status"] == "accepted"
    with sessions() as s:
        rec = s.query(Move).filter_by(game_id=gid, seq=4).one().outcomes[0]
    assert rec["kind"] == "die" and rec["value"] == dice.recompute(seed, gid, rec)
