"""Offline verification of a game's dice (issue: trusted dice; docs/dice.md).

Given a game's record (a service export, the dice JSON, or a local game file), check:

1. the commitment: ``SHA-256(seed) == commitment``;
2. the action chain: the digest each outcome names is the digest of the accepted actions before it,
   recomputed from the actions in the record (so a changed action is caught);
3. every outcome: recomputed from the seed and its inputs, it has the recorded value;
4. optionally, the replay: the game played again through the engine from its actions gives the same
   outcomes (so an outcome cannot have been swapped for another valid one);
5. the actions an umpire rolled back (an export's ``undone``): their outcomes, against the seed and the
   history they were made in; they are superseded and not replayed.

Pure: the caller reads the file and prints the report.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from . import corrections, dice


@dataclass
class Report:
    game: str = ""
    outcomes: int = 0
    actions: int = 0
    seed_known: bool = False
    problems: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.problems and self.seed_known


def normalise(record: dict) -> dict:
    """``{"game", "seed", "commitment", "moves": [{"seq", "role", "action", "outcomes"}]}`` from any of the
    accepted formats: ``umpire-export/1``, ``umpire-dice/1`` (GET /dice) and ``umpire-game/1``."""
    fmt = record.get("format")
    if fmt == "umpire-game/1":
        moves = [{"seq": 0, "role": "umpire", "action": "setup", "outcomes": record.get("setup_outcomes", [])}]
        for h in record.get("history", []):
            moves.append({"seq": h["seq"], "role": h["role"], "action": h["action"], "outcomes": h.get("dice", [])})
        return {"game": record["id"], "slug": record.get("game"), "scenario": record.get("scenario"),
                "options": (record.get("state") or {}).get("options") or {},
                "seed": record.get("seed"), "commitment": record.get("commitment"), "moves": moves}
    if fmt in ("umpire-export/1", "umpire-dice/1"):
        return {"game": record["id"], "slug": record.get("game"), "scenario": record.get("scenario"),
                "options": record.get("options") or {},
                "seed": record.get("seed"), "commitment": record.get("commitment"),
                "moves": record.get("moves", []), "undone": record.get("undone", [])}
    raise ValueError(f"not a game record: format {fmt!r}; expected umpire-export/1, umpire-dice/1 or umpire-game/1")


def verify(record: dict, replay: bool = True) -> Report:
    rec = normalise(record)
    rep = Report(game=rec["game"])
    seed_hex = rec.get("seed")
    if not rec.get("commitment"):
        rep.problems.append("the record has no commitment")
    if not seed_hex:
        rep.notes.append("the seed is not revealed yet: outcomes cannot be recomputed until the game ends "
                         "or the umpire reveals it")
        return rep
    rep.seed_known = True
    try:
        seed = bytes.fromhex(seed_hex)
    except ValueError:
        rep.problems.append("the seed is not hexadecimal")
        return rep
    if rec.get("commitment") and dice.commitment(seed) != rec["commitment"]:
        rep.problems.append(f"the seed does not match the commitment: SHA-256(seed) is {dice.commitment(seed)}, "
                            f"the commitment published at creation is {rec['commitment']}")
    moves = sorted(rec["moves"], key=lambda m: m["seq"])
    _check_chain(rec["game"], seed, moves, dice.first_digest(rec["game"]), rep)
    if rec.get("undone"):
        _check_undone(rec["game"], seed, moves, rec["undone"], rep)
    if replay and rec.get("slug") and not rep.problems:
        _replay(rec, seed, moves, rep)
    return rep


def _check_chain(game: str, seed: bytes, moves: list[dict], digest: str, rep: Report, undone: bool = False) -> str:
    """Checks every outcome of *moves* (in order, following the history whose digest is *digest*) against
    the seed and the chain of actions; returns the digest after them."""
    for m in moves:
        for o in m.get("outcomes", []):
            rep.outcomes += 1
            where = f"{'undone ' if undone else ''}action {m['seq']} ({m['role']}: {m['action']}), outcome {o.get('k')}"
            if o.get("n") != m["seq"]:
                rep.problems.append(f"{where}: recorded for action {o.get('n')}, not {m['seq']}")
            if o.get("digest") != digest:
                rep.problems.append(f"{where}: bound to a different history of actions than the one recorded "
                                    "(an action before it was changed)")
            if "value" not in o:
                rep.problems.append(f"{where}: the value is missing")
                continue
            try:
                want = dice.recompute(seed, game, {**o, "digest": digest})
            except (KeyError, ValueError, TypeError) as e:
                rep.problems.append(f"{where}: cannot be recomputed ({e})")
                continue
            if want != o["value"]:
                rep.problems.append(f"{where}: recorded {o['value']!r}, but the seed gives {want!r}")
        if m["seq"] > 0:
            rep.actions += 0 if undone else 1
            digest = dice.next_digest(digest, m["role"], m["action"])
    return digest


def _check_undone(game: str, seed: bytes, moves: list[dict], undone: list[dict], rep: Report) -> None:
    """Checks the actions an umpire rolled back (an export's ``undone``, grouped by ``rollback`` in the
    order the rollbacks happened): each batch followed the history of its time, which is rebuilt backwards
    from the kept moves: before the last rollback to N, the history was the moves up to N and that batch;
    before the one prior to it, that history up to its N and its batch; and so on."""
    batches: dict = {}
    for u in undone:
        batches.setdefault(u.get("rollback"), []).append(u)
    timeline = [m for m in moves if m["seq"] > 0]
    count = 0
    for rollback in sorted(batches, key=lambda r: r if isinstance(r, int) else -1, reverse=True):
        batch = sorted(batches[rollback], key=lambda m: m["seq"])
        to = batch[0]["seq"] - 1
        prefix = [m for m in timeline if m["seq"] <= to]
        if [m["seq"] for m in prefix] != list(range(1, to + 1)) or \
                [m["seq"] for m in batch] != list(range(to + 1, to + 1 + len(batch))):
            rep.problems.append(f"the actions undone by rollback {rollback} do not follow on from the history "
                                "before them")
            return
        d = dice.first_digest(game)
        for m in prefix:
            d = dice.next_digest(d, m["role"], m["action"])
        _check_chain(game, seed, batch, d, rep, undone=True)
        count += len(batch)
        timeline = prefix + batch
    rep.notes.append(f"{count} undone action(s) of {len(batches)} rollback(s) checked: their outcomes match the "
                     "seed and the history they were made in (they are superseded, not part of the game)")


def _replay(rec: dict, seed: bytes, moves: list[dict], rep: Report) -> None:
    """Plays the recorded actions through the engine with the derived dice; the outcomes must agree."""
    from .. import api
    from .errors import EngineError

    try:
        api.definition(rec["slug"])
    except EngineError:
        rep.notes.append(f"game {rec['slug']!r} is not known to this engine: replay skipped")
        return
    setup = moves[0] if moves and moves[0]["seq"] == 0 else None
    entropy = (setup["outcomes"][0]["entropy"] if setup and setup["outcomes"] else "")
    digest = dice.first_digest(rec["game"])
    chance = dice.DerivedChance(seed, rec["game"], 0, digest, entropy)
    try:
        state = api.setup(rec["slug"], rec.get("scenario") or "standard", rec.get("options") or {}, chance)
    except EngineError as e:
        rep.problems.append(f"replay: the setup failed ({e.message})")
        return
    for m in moves:
        if m["seq"] == 0:
            continue
        recorded = m.get("outcomes", [])
        if corrections.is_correction(m["role"], m["action"]):  # the umpire's: no chance, in the chain
            try:
                corrections.apply_in_place(state, m["action"])
            except EngineError as e:
                rep.problems.append(f"replay: correction {m['seq']} ({m['action']}) does not apply ({e.message})")
                return
            digest = dice.next_digest(digest, m["role"], m["action"])
            continue
        ent = recorded[0]["entropy"] if recorded else entropy
        entropy = ent
        chance = dice.DerivedChance(seed, rec["game"], m["seq"], digest, entropy)
        try:
            api.apply_in_place(state, m["role"], m["action"], chance)
        except EngineError as e:
            rep.problems.append(f"replay: action {m['seq']} ({m['role']}: {m['action']}) is not legal there "
                                f"({e.message})")
            return
        got = [(c["kind"], c["value"]) for c in chance.records]
        want = [(c.get("kind"), c.get("value")) for c in recorded]
        if got != want:
            rep.problems.append(f"replay: action {m['seq']} produced outcomes {got}, the record says {want}")
            return
        digest = dice.next_digest(digest, m["role"], m["action"])
    rep.notes.append(f"replayed {rep.actions} action(s) through the engine: the same outcomes")
