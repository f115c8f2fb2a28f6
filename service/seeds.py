"""Each game's dice seed, sealed under the server secret: reading the database (a copy,
a backup, the operator's own console) is not enough to compute a single future die.

The seed (32 bytes, docs/dice.md) must stay readable by the service, which derives every outcome from it,
so ``games.seed`` keeps it sealed under ``UMPIRE_SECRET_KEY`` (``service.config.secret_key``), which is never
stored in the database, the same way ``service.keys`` keeps a seat's mail signing key::

    commitment = SHA-256(seed), lowercase hex           (engine.core.dice.commitment; games.commitment)
    context    = JSON ["umpire-seed/1", game id, commitment]
    pad        = HMAC-SHA256(secret, "umpire seed pad v1\\n" + context)           (32 bytes)
    ct         = seed XOR pad
    tag        = HMAC-SHA256(secret, "umpire seed tag v1\\n" + context + ct)[:16]
    games.seed = "s1:" + hex(ct + tag)                                          (99 characters)

Why this is sound. HMAC-SHA256 under a key nobody else knows is a pseudo-random function, so without the
secret each pad is indistinguishable from 32 uniformly random bytes, and XOR with a random pad used for one
plaintext only is a one-time pad: the stored ``ct`` says nothing about the seed, and neither does the tag
(a PRF output over public data and ``ct``). A pad is never used for two different seeds: its context holds
the commitment, the SHA-256 of the very seed it seals, so another seed (a new game, or the same game given
a new seed and commitment mid-game) gets another context and another pad; the same seed sealed again gets
the same ``ct``, which says nothing new. The context is public (the commitment is published) and need not
be secret: only the secret keys the PRF. The two labels keep the pad and the tag independent of each
other. The tag (encrypt-then-MAC) cannot be made without the secret; it lets the service tell "this seed
cannot be opened with my secret" (a wrong or changed ``UMPIRE_SECRET_KEY``, or a sealed value copied from
another game's row or from before a re-key) from a seed, and say so (``seed-unreadable``) instead of
rolling dice from garbage. What stays exposed is what was already public: the commitment, the outcomes in
the log, and, once revealed, the seed itself (a revealed seed is in the clear in the reveal's event).

A seed stored before migration 0009 is plain hex (64 characters, no prefix); ``open_seed`` still reads one
(until the migration has sealed them all), ``is_sealed`` tells the two apart.

Always seal and open a seed against the commitment of that same seed, read with it from the same row: a
game's commitment changes when it is given a new seed.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import re
from pathlib import Path

from engine.core.dice import commitment

from . import settings
from .errors import ServiceError

PREFIX = "s1:"
SEALED_CHARS = len(PREFIX) + 2 * (32 + 16)  # 99: fits games.seed (String(128))
_PAD = b"umpire seed pad v1\n"
_TAG = b"umpire seed tag v1\n"
_SEALED = re.compile(r"^s1:[0-9a-f]{96}$")
_PLAIN = re.compile(r"^(?:[0-9a-fA-F]{2})+$")


class SeedUnreadable(ServiceError):
    """The stored seed cannot be opened with this server's secret (500): the dice cannot be derived."""

    status = 500
    code = "seed-unreadable"


def _context(game_id: str, commitment: str) -> bytes:
    return json.dumps(["umpire-seed/1", game_id, commitment]).encode()


def _mac(secret: str, label: bytes, data: bytes) -> bytes:
    return hmac.new(secret.encode(), label + data, hashlib.sha256).digest()


def is_sealed(value: str | None) -> bool:
    return bool(value) and value.startswith(PREFIX)


def is_plain(value: str | None) -> bool:
    """A seed stored before migration 0009: plain hex, no prefix."""
    return bool(value) and _PLAIN.match(value) is not None


def seal(secret: str, game_id: str, seed: bytes) -> str:
    """The sealed form of *seed*, game *game_id*'s seed (``games.seed``), under *secret*. The context's
    commitment is the seed's own (SHA-256 of it), the ``games.commitment`` stored with it."""
    if len(seed) != 32:
        raise ValueError(f"a dice seed has 32 bytes, not {len(seed)}")
    ctx = _context(game_id, commitment(seed))
    ct = bytes(a ^ b for a, b in zip(seed, _mac(secret, _PAD, ctx), strict=True))
    return PREFIX + (ct + _mac(secret, _TAG, ctx + ct)[:16]).hex()


def _unreadable(game_id: str, why: str) -> SeedUnreadable:
    return SeedUnreadable(
        f"the dice seed of game {game_id} cannot be opened with this server's secret key (UMPIRE_SECRET_KEY): "
        f"{why}. No die can be rolled for it until the service runs with the UMPIRE_SECRET_KEY the seed was "
        f"sealed under (the seed is never stored in the clear)")


def unseal(secret: str, game_id: str, commitment_hex: str, sealed: str) -> bytes:
    """The seed sealed in *sealed* for game *game_id* whose commitment is *commitment_hex* (read from the same
    row as *sealed*).

    :raises SeedUnreadable: *sealed* was not sealed for this game and commitment under *secret* (another
        server secret, or a value copied from another row or from before the game's seed was changed).
    """
    if not _SEALED.match(sealed or ""):
        raise _unreadable(game_id, "the stored value is not a sealed seed")
    raw = bytes.fromhex(sealed[len(PREFIX):])
    ctx = _context(game_id, commitment_hex)
    ct, tag = raw[:32], raw[32:]
    if not hmac.compare_digest(tag, _mac(secret, _TAG, ctx + ct)[:16]):
        raise _unreadable(game_id, "it was sealed under another secret key, or for another game or seed "
                                   "(a value copied from another row)")
    seed = bytes(a ^ b for a, b in zip(ct, _mac(secret, _PAD, ctx), strict=True))
    if commitment(seed) != commitment_hex:  # only a sealing bug could get here: the tag covers the commitment
        raise _unreadable(game_id, "what it opens to is not the seed of the game's commitment")
    return seed


def _secret(session) -> str:
    from service.keys import server_secret
    return server_secret(session)


def sealed_seed(session, game_id: str, seed: bytes) -> str:
    """What a game stores in ``games.seed`` for *seed* (a new game, an import, a new seed mid-game)."""
    return seal(_secret(session), game_id, seed)


def open_seed(session, game) -> bytes:
    """The seed of *game* (a ``models.Game``, or any record with ``id``, ``seed`` and ``commitment`` read
    together from the game's row), to derive dice from.

    A seed stored before migration 0009 (plain hex) is read as it is.

    :raises SeedUnreadable: (500, ``seed-unreadable``) the seed cannot be opened with this server's
        ``UMPIRE_SECRET_KEY``.
    """
    value = game.seed
    if is_sealed(value):
        return unseal(_secret(session), game.id, game.commitment, value)
    if is_plain(value):
        return bytes.fromhex(value)
    raise _unreadable(game.id, "the stored value is neither a sealed nor a plain seed")


# --------------------------------------------------------------------------------- migration 0009


def migration_secret(attributes: dict | None = None) -> str:
    """The server secret for a migration that seals or opens seeds (0009), in the order the service finds it:
    the one the caller passed (``service.migrate.upgrade(engine, secret_key=...)``, as ``create_app`` does),
    else ``UMPIRE_SECRET_KEY``, else the key generated into the instance folder (``UMPIRE_INSTANCE``, or
    the app's default), if there is one. A migration never generates a key: one made now would not be the
    key the service has been sealing with.

    :raises RuntimeError: none of them is set.
    """
    env = settings.read()
    secret = (attributes or {}).get("secret_key") or env.secret_key
    if secret:
        return secret
    from flask import Flask
    path = Path(Flask("service", instance_path=env.instance or None).instance_path)
    key = path / "secret_key"
    if key.exists() and key.read_text().strip():
        return key.read_text().strip()
    raise RuntimeError("this migration seals or opens the games' dice seeds with the server secret key, and "
                       "none was found: set UMPIRE_SECRET_KEY to the service's key (or UMPIRE_INSTANCE to the "
                       f"instance folder holding its secret_key file; looked in {path})")
