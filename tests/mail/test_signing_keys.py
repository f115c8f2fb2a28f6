"""The signing keys of mailed move files (issue 9, service.keys): a file signed with the key a player derives
from their token is accepted; the old key (the SHA-256 of the token, which the database stores) is
refused; nothing in the database (every column of every table, and the database file itself) signs a
valid file; a service with another secret cannot verify and says so; replacing a seat changes its key;
a seat made before migration 0006 is refused with a way out.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import os
import stat

import pytest
from alembic import command
from sqlalchemy import MetaData, select

from mail import auth
from mail.parse import Refusal
from service import config as config_mod
from service import control, keys
from service.migrate import alembic_config, upgrade
from service.models import Seat
from umpire_app.web import create_app

from .conftest import deliver, letter, mail_config, new_game
from .test_pipeline import seq_of, text_part


def a_move(gid: str, after: int = 0) -> dict:
    return {"format": "umpire-move/1", "game": gid, "role": "irgun", "after": after, "actions": ["box opsa"]}


def signed_with(move: dict, key: bytes) -> str:
    """The move file signed by HMAC-SHA256 under *key* (whatever key an attacker might try)."""
    return json.dumps({**move, "auth": hmac.new(key, auth.canonical(move), hashlib.sha256).hexdigest()})


def mail_file(app, gid: str, text: str) -> dict:
    return deliver(app, letter(gid, "my move", attachments=[("m.json", text, "application/json")]))


def check(app, gid: str, text: str) -> str:
    """``auth.by_signature`` on its own: the role, or the refusal's code."""
    from service import games as G
    with app.extensions["umpire"]["sessions"]() as s:
        try:
            return auth.by_signature(s, G.get_game(s, gid), text)[0]
        except Refusal as r:
            return r.code


def test_the_new_key_is_accepted_and_the_stored_hash_as_key_is_refused(mail_app, relay):
    gid, tokens = new_game(mail_app)
    move = a_move(gid)
    old = signed_with(move, hashlib.sha256(tokens["irgun"].encode()).hexdigest().encode())
    out = mail_file(mail_app, gid, old)
    assert out["status"] == "refused" and out["reason"].startswith("bad-signature:"), out
    assert seq_of(mail_app, gid) == 0 and "refused: bad-signature" in str(relay.wait_for(1)[0]["Subject"])
    assert keys.signing_key(tokens["irgun"]) == hmac.new(tokens["irgun"].encode(), b"umpire mail signing key v1",
                                                          hashlib.sha256).hexdigest()
    out = mail_file(mail_app, gid, json.dumps({**move, "auth": auth.sign(move, tokens["irgun"])}))
    assert out["status"] == "answered" and seq_of(mail_app, gid) == 1


def _values(obj):
    """Every scalar inside a stored value (JSON columns are walked)."""
    if isinstance(obj, dict):
        for k, v in obj.items():
            yield k
            yield from _values(v)
    elif isinstance(obj, (list, tuple)):
        for v in obj:
            yield from _values(v)
    elif obj is not None:
        yield obj


def _candidate_keys(value) -> set[bytes]:
    """The keys an attacker holding *value* would try: it as is, hex-decoded, and both derivations of it."""
    raw = value if isinstance(value, bytes) else str(value).encode()
    out = {raw, hashlib.sha256(raw).hexdigest().encode(), hmac.new(raw, keys.LABEL, hashlib.sha256).hexdigest().encode()}
    try:
        out.add(bytes.fromhex(raw.decode()))
    except ValueError:
        pass
    return out


def test_nothing_in_the_database_signs_a_valid_move_file(mail_app, tmp_path):
    gid, tokens = new_game(mail_app, emails={"irgun": "ann@example.org"})
    move = a_move(gid)
    engine = mail_app.extensions["umpire"]["engine"]
    md = MetaData()
    md.reflect(engine)
    stored, columns = set(), 0
    with engine.connect() as conn:
        for table in md.sorted_tables:
            columns += len(table.columns)
            for row in conn.execute(select(table)):
                for cell in row:
                    stored.update(_values(cell))
    assert columns > 50 and "seats" in md.tables and "mail_key" in md.tables["seats"].columns
    tried = set().union(*map(_candidate_keys, stored))
    key = keys.signing_key(tokens["irgun"])
    assert key.encode() not in tried and bytes.fromhex(key) not in tried
    accepted = [k for k in tried if check(mail_app, gid, signed_with(move, k)) == "irgun"]
    print(f"\nsigning keys from the database: {len(md.tables)} tables, {columns} columns, {len(stored)} values, "
          f"{len(tried)} keys tried, {len(accepted)} accepted")
    assert accepted == [] and len(tried) > 100
    # The database file itself (and its write-ahead log) holds neither the key nor a token.
    files = b"".join(p.read_bytes() for p in tmp_path.glob("umpire.sqlite3*"))
    assert files and tokens["irgun"].encode() not in files
    assert key.encode() not in files and bytes.fromhex(key) not in files
    assert check(mail_app, gid, signed_with(move, key.encode())) == "irgun"  # the player's key does sign


def test_another_server_secret_cannot_verify_and_says_to_use_a_token_line(mail_app, relay, tmp_path):
    gid, tokens = new_game(mail_app)
    move = a_move(gid)
    text = json.dumps({**move, "auth": auth.sign(move, tokens["irgun"])})
    other = create_app({"DATABASE_URL": mail_app.config["DATABASE_URL"], "REDIS_URL": "",
                        "UMPIRE_SECRET_KEY": "another-secret-" + "x" * 40, "MAIL": mail_config(relay.port)})
    try:
        assert other.config["UMPIRE_SECRET_KEY"] != mail_app.config["UMPIRE_SECRET_KEY"]
        out = mail_file(other, gid, text)
        assert out["status"] == "refused" and out["reason"].startswith("no-signing-key:"), out
        assert "Token: <your token>" in text_part(relay.wait_for(1)[0]) and seq_of(other, gid) == 0
    finally:
        other.extensions["umpire"]["engine"].dispose()
    with mail_app.extensions["umpire"]["sessions"]() as s:
        seat = s.execute(select(Seat).where(Seat.game_id == gid, Seat.role == "irgun")).scalar_one()
    secret = mail_app.config["UMPIRE_SECRET_KEY"]
    assert keys.unseal(secret, gid, "irgun", seat.token_hash, seat.mail_key) == keys.signing_key(tokens["irgun"])
    assert keys.unseal(secret + "!", gid, "irgun", seat.token_hash, seat.mail_key) is None
    assert keys.unseal(secret, gid, "british", seat.token_hash, seat.mail_key) is None  # copied to another seat
    assert mail_file(mail_app, gid, text)["status"] == "answered" and seq_of(mail_app, gid) == 1


def test_replacing_a_seat_gives_it_a_new_signing_key(mail_app, relay):
    gid, tokens = new_game(mail_app)
    Session = mail_app.extensions["umpire"]["sessions"]

    def stored_key():
        with Session() as s:
            return s.execute(select(Seat.mail_key).where(Seat.game_id == gid, Seat.role == "irgun")).scalar_one()

    before = stored_key()
    out = control.as_umpire(Session, gid, tokens["umpire"], lambda s, g: control.replace_seat(s, g, "irgun", "Cy"))
    assert stored_key() != before and keys.signing_key(out["token"]) != keys.signing_key(tokens["irgun"])
    move = a_move(gid)
    assert check(mail_app, gid, json.dumps({**move, "auth": auth.sign(move, tokens["irgun"])})) == "bad-signature"
    assert check(mail_app, gid, json.dumps({**move, "auth": auth.sign(move, out["token"])})) == "irgun"


def test_a_seat_from_before_migration_0006_is_refused_and_its_token_line_still_works(mail_app, relay):
    gid, tokens = new_game(mail_app)
    engine, secret = mail_app.extensions["umpire"]["engine"], mail_app.config["UMPIRE_SECRET_KEY"]
    command.downgrade(alembic_config(engine, secret), "0005")  # down: the column goes (0009 opens the seeds)
    upgrade(engine, secret_key=secret)  # up again: the seats made before have no key
    with mail_app.extensions["umpire"]["sessions"]() as s:
        assert s.execute(select(Seat.mail_key).where(Seat.game_id == gid)).scalars().all() == [None, None]
    move = a_move(gid)
    out = mail_file(mail_app, gid, json.dumps({**move, "auth": auth.sign(move, tokens["irgun"])}))
    assert out["status"] == "refused" and out["reason"].startswith("no-signing-key:"), out
    answer = text_part(relay.wait_for(1)[0])
    assert "Token: <your token>" in answer and "replace the seat" in answer and seq_of(mail_app, gid) == 0
    out = deliver(mail_app, letter(gid, f"Token: {tokens['irgun']}\nbox opsa\n"))
    assert out["status"] == "answered" and seq_of(mail_app, gid) == 1


def test_the_server_secret_is_generated_once_into_the_instance_folder_mode_0600(tmp_path, monkeypatch):
    monkeypatch.delenv("UMPIRE_SECRET_KEY", raising=False)
    first = config_mod.secret_key(str(tmp_path))
    path = tmp_path / "secret_key"
    assert len(first) == 64 and stat.S_IMODE(os.stat(path).st_mode) == 0o600
    assert config_mod.secret_key(str(tmp_path)) == first and list(tmp_path.iterdir()) == [path]
    monkeypatch.setenv("UMPIRE_SECRET_KEY", "s" * 40)
    assert config_mod.secret_key(str(tmp_path)) == "s" * 40
    monkeypatch.setenv("UMPIRE_SECRET_KEY", "short")
    with pytest.raises(ValueError, match="at least 32 characters"):
        config_mod.secret_key(str(tmp_path))
