"""The signing keys of mailed move files: what a player derives from their token, and how the
service keeps it so that reading the database is not enough to sign a move for a seat.

The player's key (``signing_key``)::

    key = hex(HMAC-SHA256(key=token, msg="umpire mail signing key v1"))

It is not the SHA-256 of the token that ``seats.token_hash`` stores (were it the key, anyone who
could read the database could sign for every seat): knowing SHA-256(token) tells nothing about
HMAC(token, ...), since HMAC feeds the token itself, not its hash, into both of its hashes.

The service must check signatures, so it keeps the key, sealed under a server secret that is not in
the database (``UMPIRE_SECRET_KEY``, ``service.config.secret_key``), in ``seats.mail_key``::

    context = JSON ["umpire-mail-key/1", game id, role, token hash]
    pad     = HMAC-SHA256(secret, "umpire mail key pad v1\\n" + context)        (32 bytes)
    ct      = raw key (32 bytes) XOR pad
    tag     = HMAC-SHA256(secret, "umpire mail key tag v1\\n" + context + ct)[:16]
    mail_key = hex(ct + tag)                                                    (96 characters)

Why this is sound. HMAC-SHA256 under a key nobody else knows is a pseudo-random function, so without the
secret each pad is indistinguishable from 32 uniformly random bytes, and XOR with a random pad used once
is a one-time pad: the stored ``ct`` says nothing about the key. A pad is never used for two keys: its
context holds the seat's token hash, which is unique (a UNIQUE column) and new whenever the seat's token
is replaced (``control.replace_seat`` seals the new key under the new context). The two labels keep the
pad and the tag independent of each other. The tag (encrypt-then-MAC) cannot be made without the secret;
it lets the service tell "this key cannot be read with my secret" (a wrong or changed
``UMPIRE_SECRET_KEY``, or a sealed key copied into another seat's row) from a bad signature, and say so.

Seats made before migration 0006 have no sealed key (``mail_key`` NULL): their signed files are refused
(``mail.auth.by_signature``) rather than checked against the old, weak key.
"""

from __future__ import annotations

import hashlib
import hmac
import json

from service.tokens import hash_token

LABEL = b"umpire mail signing key v1"
_PAD = b"umpire mail key pad v1\n"
_TAG = b"umpire mail key tag v1\n"
SEALED_CHARS = 96


def signing_key(token: str) -> str:
    """The key a seat signs its move files with, from the token it was given (hex, 64 characters)."""
    return hmac.new(token.encode(), LABEL, hashlib.sha256).hexdigest()


def _context(game_id: str, role: str, token_hash: str) -> bytes:
    return json.dumps(["umpire-mail-key/1", game_id, role, token_hash]).encode()


def _mac(secret: str, label: bytes, data: bytes) -> bytes:
    return hmac.new(secret.encode(), label + data, hashlib.sha256).digest()


def seal(secret: str, game_id: str, role: str, token: str) -> str:
    """The sealed signing key of the seat (*game_id*, *role*) holding *token* (``seats.mail_key``)."""
    ctx = _context(game_id, role, hash_token(token))
    key = bytes.fromhex(signing_key(token))
    ct = bytes(a ^ b for a, b in zip(key, _mac(secret, _PAD, ctx), strict=True))
    return (ct + _mac(secret, _TAG, ctx + ct)[:16]).hex()


def unseal(secret: str, game_id: str, role: str, token_hash: str, sealed: str) -> str | None:
    """The seat's signing key (hex), or None when *sealed* was not sealed for this seat and token under
    *secret* (a different server secret, or a value copied from another row)."""
    try:
        raw = bytes.fromhex(sealed)
    except ValueError:
        return None
    if len(raw) != SEALED_CHARS // 2:
        return None
    ctx = _context(game_id, role, token_hash)
    ct, tag = raw[:32], raw[32:]
    if not hmac.compare_digest(tag, _mac(secret, _TAG, ctx + ct)[:16]):
        return None
    return bytes(a ^ b for a, b in zip(ct, _mac(secret, _PAD, ctx), strict=True)).hex()


def server_secret(session) -> str:
    """The server secret, carried by every session of the app (``create_app`` puts it in ``session.info``)."""
    secret = session.info.get("secret_key")
    if not secret:
        raise RuntimeError("this session carries no server secret key: use the sessions of create_app's app "
                           "(app.extensions['umpire']['sessions'])")
    return secret


def sealed_key(session, game_id: str, role: str, token: str) -> str:
    """What a new seat, or a seat given a new token, stores in ``seats.mail_key``."""
    return seal(server_secret(session), game_id, role, token)
