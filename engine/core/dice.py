"""Trusted dice: outcomes derived from a committed seed and bound to the action that causes them.

The derivation (written out for third parties in docs/dice.md):

- ``commitment = SHA-256(seed)`` is published when the game is created.
- The digest of the game's history: ``d0 = SHA-256("umpire-actions/1|" + game)``; after accepted action n
  by ``role``, ``SHA-256(d + "|" + role + "|" + action)``; after a rollback to position N,
  ``SHA-256(d + "|rollback|" + N)``; after a new seed with commitment c, ``SHA-256(d + "|rekey|" + c)``.
  All in hex. The chain only grows: an undone action stays in it (docs/dice.md, "After a rollback").
- Outcome k (0, 1, ...) of accepted action n (n = 0 is the setup) reads 32-bit big-endian words from
  the blocks ``HMAC-SHA256(seed, "umpire-dice/1|game|n|k|d(n-1)|entropy|r")`` for r = 0, 1, ...
  ``entropy`` is the seats' public entropy, ``role=text`` pairs sorted by role and joined with ``;``.
- An integer below m takes the next word w, rejecting it while ``w >= 2**32 - (2**32 % m)``, and is
  ``w % m``. A die of s sides is that integer for m = s, plus 1. A draw from a bag of L items takes the
  item at that index for m = L. A shuffle of L items is Fisher-Yates: for i from L-1 down to 1, swap
  item i with item j, j the next integer for m = i + 1, all within the one outcome.
"""

from __future__ import annotations

import hashlib
import hmac

SCHEME = "umpire-dice/1"


def commitment(seed: bytes) -> str:
    return hashlib.sha256(seed).hexdigest()


def first_digest(game: str) -> str:
    return hashlib.sha256(f"umpire-actions/1|{game}".encode()).hexdigest()


def next_digest(digest: str, role: str, action: str) -> str:
    return hashlib.sha256(f"{digest}|{role}|{action}".encode()).hexdigest()


def rollback_digest(digest: str, to: int) -> str:
    """The chain's link for a rollback to position *to*: the chain never goes back, so the outcomes after a
    rollback are bound to everything that happened before it, the undone actions included, and a
    superseded outcome tells nothing about the new one (docs/dice.md, "After a rollback")."""
    return hashlib.sha256(f"{digest}|rollback|{to}".encode()).hexdigest()


def rekey_digest(digest: str, commitment: str) -> str:
    """The chain's link for a new seed, whose commitment is *commitment* (a game never goes on under a
    revealed seed: docs/dice.md, "A revealed seed")."""
    return hashlib.sha256(f"{digest}|rekey|{commitment}".encode()).hexdigest()


def entropy_string(entropy: dict[str, str]) -> str:
    return ";".join(f"{r}={entropy[r]}" for r in sorted(entropy) if entropy[r])


class OutcomeStream:
    """The words of one outcome (see module docstring)."""

    def __init__(self, seed: bytes, game: str, n: int, k: int, digest: str, entropy: str):
        self._key = seed
        self._prefix = f"{SCHEME}|{game}|{n}|{k}|{digest}|{entropy}|"
        self._r = 0
        self._buf = b""

    def word(self) -> int:
        if len(self._buf) < 4:
            self._buf += hmac.new(self._key, (self._prefix + str(self._r)).encode(), hashlib.sha256).digest()
            self._r += 1
        w, self._buf = self._buf[:4], self._buf[4:]
        return int.from_bytes(w, "big")

    def integer(self, m: int) -> int:
        limit = (1 << 32) - ((1 << 32) % m)
        while True:
            w = self.word()
            if w < limit:
                return w % m


class DerivedChance:
    """The chance source of one accepted action n: each call is the next outcome k.

    Every outcome is also written to ``records`` with the inputs of its derivation, so that the log can
    hold it and ``umpire verify`` can recompute it from the seed.
    """

    def __init__(self, seed: bytes, game: str, n: int, digest: str, entropy: str):
        self.seed, self.game, self.n, self.digest, self.entropy = seed, game, n, digest, entropy
        self.k = 0
        self.records: list[dict] = []

    def _stream(self) -> OutcomeStream:
        s = OutcomeStream(self.seed, self.game, self.n, self.k, self.digest, self.entropy)
        self.k += 1
        return s

    def _record(self, kind: str, **data) -> None:
        self.records.append({"scheme": SCHEME, "n": self.n, "k": self.k - 1, "kind": kind,
                             "digest": self.digest, "entropy": self.entropy, **data})

    def roll(self, sides: int, label: str) -> int:
        v = self._stream().integer(sides) + 1
        self._record("die", sides=sides, value=v, label=label)
        return v

    def draw(self, items: list, label: str) -> int:
        i = self._stream().integer(len(items))
        self._record("draw", items=list(items), index=i, value=items[i], label=label)
        return i

    def shuffle(self, items: list, label: str) -> list:
        out = list(items)
        st = self._stream()
        for i in range(len(out) - 1, 0, -1):
            j = st.integer(i + 1)
            out[i], out[j] = out[j], out[i]
        self._record("shuffle", items=list(items), value=out, label=label)
        return out


def recompute(seed: bytes, game: str, record: dict):
    """The value an outcome record should have, recomputed from the seed and its inputs."""
    st = OutcomeStream(seed, game, record["n"], record["k"], record["digest"], record["entropy"])
    kind = record["kind"]
    if kind == "die":
        return st.integer(record["sides"]) + 1
    if kind == "draw":
        return record["items"][st.integer(len(record["items"]))]
    if kind == "shuffle":
        out = list(record["items"])
        for i in range(len(out) - 1, 0, -1):
            j = st.integer(i + 1)
            out[i], out[j] = out[j], out[i]
        return out
    raise ValueError(f"unknown outcome kind {kind!r}")


class Binder:
    """The chance sources of one move file: ``binder(n, applied)`` is the source of action n.

    It folds the actions the file has had accepted so far into the digest, so action n's outcomes are
    bound to the position before it; ``records(n)`` are the outcome records of action n.
    """

    def __init__(self, seed: bytes, game: str, digest: str, entropy: str, role: str):
        self.seed, self.game, self.digest, self.entropy, self.role = seed, game, digest, entropy, role
        self.chances: dict[int, DerivedChance] = {}

    def digest_after(self, applied: list[str]) -> str:
        d = self.digest
        for a in applied:
            d = next_digest(d, self.role, a)
        return d

    def __call__(self, n: int, applied: list[str]) -> DerivedChance:
        c = DerivedChance(self.seed, self.game, n, self.digest_after(applied), self.entropy)
        self.chances[n] = c
        return c

    def records(self, n: int) -> list[dict]:
        c = self.chances.get(n)
        return list(c.records) if c else []
