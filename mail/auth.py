"""Who sent a mail: the seat whose secret it carries, never the From header.

Two ways (DESIGN.md section 8): a ``Token:`` line with the seat's token, or a JSON move file signed with
``"auth": hex(HMAC-SHA256(key, canonical JSON of the file without "auth"))``. The key is
``hex(HMAC-SHA256(key=token, msg="umpire mail signing key v1"))`` (``service.keys.signing_key``), which a
player computes from the token they were given; the service keeps it sealed under its secret, so the
database alone cannot sign (the key is not the stored token hash). The signed file must
name its game and the position it was written after, so a captured file cannot be replayed against
another game or turn (a stale position is refused by the engine).
"""

from __future__ import annotations

import hashlib
import hmac
import json
import logging

from sqlalchemy import select

from service import games as G
from service import keys
from service.errors import ServiceError
from service.models import Seat

from .parse import Refusal

log = logging.getLogger("umpire.mail")


def canonical(obj: dict) -> bytes:
    return json.dumps(obj, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode()


def sign(move: dict, token: str) -> str:
    """The ``auth`` value of *move* for the seat holding *token* (what a player's tool computes)."""
    key = keys.signing_key(token).encode()
    return hmac.new(key, canonical({k: v for k, v in move.items() if k != "auth"}), hashlib.sha256).hexdigest()


def by_token(session, game, token: str) -> str:
    """The seat a ``Token:`` line speaks for.

    :raises Refusal: the token belongs to no seat of this game, or is the umpire's.
    """
    try:
        role = G.whose_token(session, game, token)
    except ServiceError:
        raise Refusal("bad-token", f"the Token: line does not hold a token of a seat of game {game.id}; "
                                   f"copy the token you were given when the game was created") from None
    if role == "umpire":
        raise Refusal("bad-token", "the umpire's token cannot move or ask for a seat; use the seat's token")
    return role


def by_signature(session, game, text: str) -> tuple[str, str]:
    """The seat that signed a JSON move file, and the file without its ``auth`` field (to submit).

    :raises Refusal: no signature, a file not bound to this game and a position, or a wrong signature.
    """
    try:
        data = json.loads(text.removeprefix("\ufeff"))
    except ValueError:
        data = None
    if not isinstance(data, dict) or not isinstance(data.get("auth"), str):
        raise Refusal("no-token", "the mail carries no seat secret: add a line 'Token: <your token>' to the "
                                  "body, or sign the JSON move file (an \"auth\" field); the sender's address "
                                  "alone is not enough")
    if data.get("game") != game.id or not isinstance(data.get("after"), int):
        raise Refusal("bad-signature", f"a signed move file must name its game ({game.id!r}) and the position it "
                                       f"was written after (\"after\")")
    role = data.get("role")
    seat = session.execute(select(Seat).where(Seat.game_id == game.id, Seat.role == role)).scalar_one_or_none()
    if seat is None:
        raise Refusal("bad-signature", f"the move file's role {role!r} is not a seat of game {game.id}")
    key = _seat_key(session, seat)
    body = {k: v for k, v in data.items() if k != "auth"}
    want = hmac.new(key.encode(), canonical(body), hashlib.sha256).hexdigest()
    if not hmac.compare_digest(want, data["auth"].strip().lower()):
        raise Refusal("bad-signature", "the move file's signature (\"auth\") does not match its seat's secret; "
                                       "sign the file exactly as sent, without the auth field, with sorted keys")
    return role, json.dumps(body, ensure_ascii=False)


def _seat_key(session, seat: Seat) -> str:
    """The seat's signing key, unsealed with the server secret.

    :raises Refusal: a seat made before signing keys were sealed (migration 0006), or a key this service's
        secret cannot read (``UMPIRE_SECRET_KEY`` differs from the one it was sealed under).
    """
    where = f"seat {seat.role} of game {seat.game_id}"
    if seat.mail_key is None:
        raise Refusal("no-signing-key", f"{where} was made before signed move files had a key of their own, so "
                                        f"its signature cannot be checked: put a line 'Token: <your token>' in the "
                                        f"mail instead, or ask the umpire to replace the seat (a new token, and a "
                                        f"signing key with it)")
    key = keys.unseal(keys.server_secret(session), seat.game_id, seat.role, seat.token_hash, seat.mail_key)
    if key is None:
        log.error("the signing key of %s cannot be read with this service's UMPIRE_SECRET_KEY (changed, or "
                  "not the same in every process?)", where)
        raise Refusal("no-signing-key", f"the service cannot check the signature of {where} now: put a line "
                                        f"'Token: <your token>' in the mail instead, and tell the umpire (the "
                                        f"service's secret key is not the one this seat's key was kept under)")
    return key
