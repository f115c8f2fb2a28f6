"""Checking a game's whole record offline: ``umpire verify`` and the import use this one implementation
(docs/dice.md, "Checking a game").

A record is a service export (``umpire-export/1``), the public dice record (``umpire-dice/1``, GET /dice)
or a local game file (``umpire-game/1``). Everything it states is checked, each check against the record
itself, never against a copy kept elsewhere:

1. its shape: positions 0 (the setup), 1, 2... with none missing, the last one the record's ``seq``;
2. the history: the kept moves, the moves undone by each rollback and the events are put back in the
   order they happened (``timeline``); each rollback event must name exactly the moves it undid and
   their outcomes as superseded;
3. the chain: the digest every outcome names is the digest of the history before it, recomputed here
   (``engine.core.dice``: actions, rollbacks and new seeds are its links), and the record's ``digest``
   is the chain's head; each new seed's commitment is the one its event published;
4. the seeds: ``SHA-256(seed)`` is each key's commitment, and every outcome is recomputed from the seed
   of its key (what cannot be recomputed because a seed is not revealed is said in ``unchecked``);
5. the seats' entropy: each outcome used the entropy the seats gave (at creation or with their first
   move), never dropping one once given;
6. the replay: the kept moves played again through the engine with their recorded outcomes give every
   recorded log line, every snapshot's hash, the final state and its hash, the position and the result.

Each problem names the position (``Problem.seq``) where the record first goes wrong. Pure: the caller
reads the file and prints the report.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from dataclasses import dataclass, field

from . import canonical, dice

CHAIN_KINDS = ("rolled-back", "rekeyed")


class Problem(str):
    """One difference, as text ("position N: ..."), with the position (``seq``) and the check that found it
    (``kind``: ``record``, ``chain``, ``dice``, ``entropy``, ``replay`` or ``result``)."""

    seq: int | None
    kind: str

    def __new__(cls, seq: int | None, kind: str, text: str):
        p = super().__new__(cls, f"position {seq}: {text}" if seq is not None else text)
        p.seq, p.kind = seq, kind
        return p


@dataclass
class Report:
    game: str = ""
    outcomes: int = 0
    recomputed: int = 0
    actions: int = 0
    seed_known: bool = False
    problems: list[Problem] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    #: What could not be checked, and why (a seed not revealed, a record without logs...).
    unchecked: list[str] = field(default_factory=list)
    #: The state the replay ended in (None when the replay could not run or went wrong).
    state: dict | None = None

    @property
    def ok(self) -> bool:
        """Everything checked and found as recorded, the outcomes recomputed from revealed seeds."""
        return not self.problems and self.seed_known

    def problem(self, seq: int | None, kind: str, text: str) -> None:
        self.problems.append(Problem(seq, kind, text))

    @property
    def first(self) -> Problem | None:
        """The problem at the earliest position (the record's own faults first)."""
        if not self.problems:
            return None
        return min(self.problems, key=lambda p: (-1 if p.seq is None else p.seq))


def normalise(record: dict) -> dict:
    """The record in one shape: ``game``, ``slug``, ``scenario``, ``options``, ``keys`` (epoch, commitment,
    seed), ``moves``, ``undone``, ``events``, ``seats`` and what the record states of its end (``digest``,
    ``seq``, ``state``, ``state_hash``, ``snapshots``, ``outcome``, ``result``, ``status``); a field the
    format does not carry is None."""
    if not isinstance(record, dict):
        raise ValueError("not a game record: expected a JSON object")
    fmt = record.get("format")
    if fmt == "umpire-game/1":
        moves = [{"seq": 0, "role": "umpire", "action": "setup", "outcomes": record.get("setup_outcomes", []),
                  "log": []}]
        for h in record.get("history", []):
            moves.append({"seq": h["seq"], "role": h["role"], "action": h["action"],
                          "outcomes": h.get("dice", []), **({"log": h["log"]} if "log" in h else {})})
        state = record.get("state")
        return {"format": fmt, "game": record["id"], "slug": record.get("game"), "scenario": record.get("scenario"),
                "options": record.get("options") or (state or {}).get("options") or {},  # a position's: in the file
                "keys": [{"epoch": 0, "commitment": record.get("commitment"), "seed": record.get("seed")}],
                "moves": moves, "undone": [], "events": [], "seats": None,
                "digest": record.get("digest"), "seq": (state or {}).get("seq"), "state": state,
                "state_hash": None, "snapshots": None, "outcome": None, "result": None, "status": None,
                "stated_outcome": False, "conflicts": []}
    if fmt in ("umpire-export/1", "umpire-dice/1"):
        keys = record.get("keys") or [{"epoch": 0, "commitment": record.get("commitment"),
                                       "seed": record.get("seed")}]
        if not isinstance(keys, list) or not keys or not isinstance(keys[-1], dict):
            raise ValueError("the record's keys are not a list of keys")
        current, conflicts = keys[-1], []
        for name in ("seed", "commitment"):
            if (record.get(name) or None) != (current.get(name) or None):
                conflicts.append(f"the record's {name} {record.get(name)!r} is not the {name} of its last key "
                                 f"({current.get(name)!r})")
        export = fmt == "umpire-export/1"
        return {"format": fmt, "game": record["id"], "slug": record.get("game"), "scenario": record.get("scenario"),
                "options": record.get("options") or {}, "keys": keys,
                "moves": record.get("moves", []), "undone": record.get("undone", []),
                "events": record.get("events"), "seats": record.get("seats"),
                "digest": record.get("digest"), "seq": record.get("seq"), "state": record.get("state"),
                "state_hash": record.get("state_hash"), "snapshots": record.get("snapshots"),
                "outcome": record.get("outcome"), "result": record.get("result"), "status": record.get("status"),
                "stated_outcome": export, "conflicts": conflicts}
    raise ValueError(f"not a game record: format {fmt!r}; expected umpire-export/1, umpire-dice/1 or umpire-game/1")


def verify(record: dict, replay: bool = True, progress: Callable[[int, int], None] | None = None) -> Report:
    """Checks *record* (see the module docstring); *progress* is called as ``progress(done, total)`` while
    the moves are replayed."""
    rec = normalise(record)
    rep = Report(game=rec["game"])
    moves = _shape(rec, rep)
    if moves is None:
        return rep
    if record.get("orders_hidden"):  # a public dice record of a game with hidden units, while it goes on
        rep.unchecked.append(
            "the orders are hidden while the game goes on (its prompts and orders name units the other seat may not "
            "see): the chain of digests, the dice and the replay are checked on the record once the game ends, or "
            "on the umpire's export")
        return rep
    seeds = _keys(rec, rep)
    line = timeline(rec, moves, rep)
    used = _walk(rec, line, seeds, rep) if line is not None else set(range(len(seeds)))
    rep.seed_known = all(seeds[e] is not None for e in used if e < len(seeds))
    if not rep.seed_known:
        hidden = [str(e) for e in sorted(used) if e < len(seeds) and seeds[e] is None]
        rep.unchecked.append(
            f"the seed of key {', '.join(hidden)} is not revealed: {rep.outcomes - rep.recomputed} outcome(s) were "
            "checked against the history they are bound to but not recomputed (the seed is revealed when the "
            "game ends, or by the umpire)")
    if replay:
        _replay(rec, moves, rep, progress)
    else:
        rep.unchecked.append("the replay through the engine was skipped (--no-replay)")
    return rep


# -------------------------------------------------------------------------------------------- the shape


def _shape(rec: dict, rep: Report) -> list[dict] | None:
    moves = rec["moves"]
    if not isinstance(moves, list) or not all(isinstance(m, dict) for m in moves):
        rep.problem(None, "record", "the record's moves are not a list of moves")
        return None
    moves = sorted(moves, key=lambda m: m.get("seq", -1))
    seqs = [m.get("seq") for m in moves]
    if seqs != list(range(len(moves))):
        gap = next((i for i, s in enumerate(seqs) if s != i), len(seqs))
        rep.problem(gap, "record", f"the moves are not the positions 0 to {len(moves) - 1} each once (position "
                                   f"{gap} is {'missing' if gap not in seqs else 'there twice'}): a move was "
                                   "removed, added or renumbered")
        return None
    for m in moves:
        if not isinstance(m.get("role"), str) or not isinstance(m.get("action"), str) or \
                not isinstance(m.get("outcomes", []), list):
            rep.problem(m["seq"], "record", "the move has no role, action or list of outcomes")
            return None
    last = len(moves) - 1
    if rec["seq"] is not None and rec["seq"] != last:
        rep.problem(min(last, rec["seq"]) if isinstance(rec["seq"], int) else last, "record",
                    f"the record says the game is at position {rec['seq']!r}, its moves end at {last}")
    rep.actions = last
    return moves


def _keys(rec: dict, rep: Report) -> list[bytes | None]:
    """The seed of each key (None where not revealed), each checked against its commitment."""
    seeds: list[bytes | None] = []
    for text in rec["conflicts"]:
        rep.problem(None, "dice", text)
    for e, k in enumerate(rec["keys"]):
        if not isinstance(k, dict) or k.get("epoch", e) != e or not k.get("commitment"):
            rep.problem(None, "record", f"key {e} of the record has no commitment, or is out of order")
            seeds.append(None)
            continue
        if not k.get("seed"):
            seeds.append(None)
            continue
        try:
            seed = bytes.fromhex(k["seed"])
        except (ValueError, TypeError):
            rep.problem(None, "dice", f"the seed of key {e} is not hexadecimal")
            seeds.append(None)
            continue
        if dice.commitment(seed) != k["commitment"]:
            rep.problem(None, "dice", f"the seed of key {e} does not match the commitment: SHA-256(seed) is "
                                      f"{dice.commitment(seed)}, the commitment published is {k['commitment']}")
        seeds.append(seed)
    return seeds


# ------------------------------------------------------------------------------------------ the history


def timeline(rec: dict, moves: list[dict], rep: Report) -> list[tuple] | None:
    """The game's history in the order it happened: ``("move", move, rollback id or None)``,
    ``("rollback", event)`` and ``("rekey", event)``. Rebuilt backwards from the kept moves: before the
    last rollback to N, the history was the moves up to N and the moves it undid; before the one prior to
    it, that history up to its N and its batch; and so on. A new seed's event sits after the move of its
    position, between the rollbacks its id falls between."""
    events = rec["events"] if isinstance(rec["events"], list) else []
    undone = rec["undone"] if isinstance(rec["undone"], list) else []
    if rec["events"] is None and undone:
        rep.problem(None, "record", "the record has undone moves but no events to say which rollback undid them")
        return None
    chain_events = sorted((e for e in events if isinstance(e, dict) and e.get("kind") in CHAIN_KINDS),
                          key=lambda e: e.get("id", 0))
    rollbacks = [e for e in chain_events if e["kind"] == "rolled-back"]
    ids = {e.get("id") for e in rollbacks}
    batches: dict = {}
    for u in undone:
        if u.get("rollback") not in ids:
            rep.problem(u.get("seq"), "record", f"undone move {u.get('seq')} names rollback {u.get('rollback')!r}, "
                                                "which is not among the record's events")
            return None
        batches.setdefault(u["rollback"], []).append(u)
    current = [m for m in moves if m["seq"] > 0]
    segments = []
    for ev in reversed(rollbacks):
        d = ev.get("data") or {}
        to, batch = d.get("to"), sorted(batches.get(ev["id"], []), key=lambda m: m.get("seq", -1))
        prefix = [m for m in current if m["seq"] <= (to if isinstance(to, int) else -1)]
        if not isinstance(to, int) or [m["seq"] for m in prefix] != list(range(1, to + 1)) or not batch or \
                [m["seq"] for m in batch] != list(range(to + 1, to + 1 + len(batch))) or \
                d.get("from_seq", to + len(batch)) != to + len(batch):
            rep.problem(to if isinstance(to, int) else None, "record",
                        f"rollback {ev['id']} (to position {to}) does not fit the moves: the moves it undid must be "
                        "the positions after it up to where the game was, and the history before it whole")
            return None
        named = [(x.get("seq"), x.get("role"), x.get("action")) for x in d.get("undone", [])]
        if "undone" in d and named != [(m["seq"], m["role"], m["action"]) for m in batch]:
            rep.problem(to + 1, "record", f"rollback {ev['id']} names other undone moves than the record holds")
        sup = [(o.get("seq"), o.get("k"), o.get("kind")) for o in d.get("superseded", [])]
        held = [(m["seq"], o.get("k"), o.get("kind")) for m in batch for o in m.get("outcomes", [])]
        if "superseded" in d and sup != held:
            rep.problem(to + 1, "record", f"rollback {ev['id']} names other superseded outcomes than its undone "
                                          "moves hold (an outcome was added, removed or changed)")
        for o, m_o in zip(d.get("superseded", []), [(m, o) for m in batch for o in m.get("outcomes", [])],
                          strict=False):
            m, got = m_o
            if "value" in o and "value" in got and o["value"] != got["value"]:
                rep.problem(m["seq"], "record", f"rollback {ev['id']} says the superseded outcome {o.get('k')} "
                                                f"was {o['value']!r}; the undone move holds {got['value']!r}")
        segments.append((ev, [m for m in current if m["seq"] > to]))
        current = prefix + [{**m, "_undone": ev["id"]} for m in batch]
    segments.append((None, current))
    segments.reverse()
    line: list[tuple] = [("move", moves[0], None)]
    bounds = [e.get("id", 0) for e in rollbacks] + [float("inf")]
    for i, (ev, seg) in enumerate(segments):
        if ev is not None:
            line.append(("rollback", ev))
        low = bounds[i - 1] if i else float("-inf")
        rekeys = [e for e in chain_events if e["kind"] == "rekeyed" and low < e.get("id", 0) < bounds[i]]
        start = (ev.get("data") or {}).get("to", 0) if ev is not None else 0
        for e in rekeys:
            if not isinstance(e.get("at_seq"), int) or not start <= e["at_seq"] <= (seg[-1]["seq"] if seg else start):
                rep.problem(e.get("at_seq"), "record", f"new seed {e.get('id')} is at a position the history of its "
                                                       "time did not reach")
                return None
        for e in (x for x in rekeys if x["at_seq"] == start):
            line.append(("rekey", e))
        for m in seg:
            line.append(("move", m, m.get("_undone")))
            for e in (x for x in rekeys if x["at_seq"] == m["seq"]):
                line.append(("rekey", e))
    return line


# ---------------------------------------------------------------------------------------------- the chain


def _entropy_sets(rec: dict) -> dict[str, frozenset] | None:
    """Every entropy string the seats' entropy can make, with the seats it holds (None: no seats known)."""
    seats = rec["seats"]
    if not isinstance(seats, list):
        return None
    given = {s.get("role"): s.get("entropy") for s in seats if isinstance(s, dict) and s.get("entropy")}
    out = {}
    for n in range(len(given) + 1):
        for sub in itertools.combinations(sorted(given), n):
            out[dice.entropy_string({r: given[r] for r in sub})] = frozenset(sub)
    return out


def _walk(rec: dict, line: list[tuple], seeds: list[bytes | None], rep: Report) -> set[int]:
    """Follows the chain along the history, checking every outcome; returns the keys outcomes used."""
    game = rec["game"]
    used: set[int] = set()
    d = dice.first_digest(game)
    at = {0: d}
    epoch = 0
    sets = _entropy_sets(rec)
    given = max(sets.values(), key=len) if sets else frozenset()  # the seats that gave entropy
    seen: frozenset = frozenset()
    for item in line:
        if item[0] == "rollback":
            ev = item[1]
            data = ev.get("data") or {}
            if "digest" in data:
                d = dice.rollback_digest(d, data["to"])
                if data["digest"] != d:
                    rep.problem(data["to"], "chain", f"rollback {ev['id']} states the digest {data['digest']}; the "
                                                     f"history before it gives {d}")
            else:  # older chain (no digest): the rollback took the chain back to the kept history's digest
                d = at[data["to"]]
            continue
        if item[0] == "rekey":
            ev = item[1]
            data = ev.get("data") or {}
            epoch += 1
            key = rec["keys"][epoch] if epoch < len(rec["keys"]) else None
            if key is None or data.get("commitment") != key.get("commitment"):
                rep.problem(ev.get("at_seq"), "chain", f"new seed {ev.get('id')} published commitment "
                                                       f"{data.get('commitment')}, which is not key {epoch} of the record")
            d = dice.rekey_digest(d, data.get("commitment", ""))
            if data.get("digest") != d:
                rep.problem(ev.get("at_seq"), "chain", f"new seed {ev.get('id')} states the digest "
                                                       f"{data.get('digest')}; the history before it gives {d}")
            continue
        m, undone_by = item[1], item[2]
        where = f"{'undone ' if undone_by else ''}action {m['seq']} ({m['role']}: {m['action']})" \
            + (f", undone by rollback {undone_by}" if undone_by else "")
        for o in m.get("outcomes", []):
            rep.outcomes += 1
            if not isinstance(o, dict):
                rep.problem(m["seq"], "record", f"{where}: an outcome is not an object")
                continue
            what = f"{where}, outcome {o.get('k')}"
            if o.get("n") != m["seq"]:
                rep.problem(m["seq"], "chain", f"{what}: recorded for action {o.get('n')}, not {m['seq']}")
            if o.get("digest") != d:
                rep.problem(m["seq"], "chain", f"{what}: bound to a different history of actions than the one "
                                               "recorded (an action, rollback or seed before it was changed)")
            if sets is not None:
                got = sets.get(o.get("entropy", ""))
                if got is None:
                    rep.problem(m["seq"], "entropy", f"{what}: used the entropy {o.get('entropy')!r}, which is not "
                                                     "made of the seats' entropy")
                elif not got >= seen or (m["seq"] > 0 and m["role"] in given and m["role"] not in got):
                    rep.problem(m["seq"], "entropy", f"{what}: left out entropy a seat had given "
                                                     f"({o.get('entropy')!r})")
                else:
                    seen = got
            used.add(epoch)
            seed = seeds[epoch] if epoch < len(seeds) else None
            if seed is None:
                continue
            if "value" not in o:
                rep.problem(m["seq"], "dice", f"{what}: the value is missing")
                continue
            try:
                want = dice.recompute(seed, game, {**o, "digest": d})
            except (KeyError, ValueError, TypeError) as e:
                rep.problem(m["seq"], "dice", f"{what}: cannot be recomputed ({e})")
                continue
            rep.recomputed += 1
            if want != o["value"]:
                rep.problem(m["seq"], "dice", f"{what}: recorded {o['value']!r}, but the seed gives {want!r}")
            elif o.get("kind") == "draw":  # the place drawn, too: a bag may hold the same chit twice
                place = dice.OutcomeStream(seed, game, o["n"], o["k"], d, o.get("entropy", "")).integer(
                    len(o["items"]))
                if o.get("index") != place:
                    rep.problem(m["seq"], "dice", f"{what}: recorded as item {o.get('index')!r} of its list, but "
                                                  f"the seed gives item {place}")
        if m["seq"] > 0:
            d = dice.next_digest(d, m["role"], m["action"])
            at[m["seq"]] = d
    if epoch != len(rec["keys"]) - 1:
        rep.problem(None, "chain", f"the record has {len(rec['keys'])} key(s) but {epoch} new seed event(s) after "
                                   "the first")
    if rec["digest"] is not None and rec["digest"] != d:
        rep.problem(rep.actions, "chain", f"the record's digest {rec['digest']} is not the digest of its history "
                                          f"({d})")
    elif rec["digest"] is None and rec["format"] == "umpire-export/1":
        rep.problem(rep.actions, "record", "the export states no digest of its history")
    n_undone = sum(1 for x in line if x[0] == "move" and x[2])
    if n_undone:
        rollbacks = sum(1 for x in line if x[0] == "rollback")
        rep.notes.append(f"{n_undone} undone action(s) of {rollbacks} rollback(s) checked: their outcomes match "
                         "the history they were made in" + (" and the seed" if all(seeds) else "")
                         + " (they are superseded, not part of the game; they are not replayed)")
    return used


# --------------------------------------------------------------------------------------------- the replay


def _replay(rec: dict, moves: list[dict], rep: Report, progress) -> None:
    """Plays the kept moves through the engine with their recorded outcomes; everything the record states
    of the positions must be what the engine makes of them."""
    from .. import api
    from .errors import EngineError
    from .replay import RecordedChance, ReplayMismatch, apply_recorded

    try:
        api.definition(rec["slug"] or "")
    except EngineError:
        rep.unchecked.append(f"game {rec['slug']!r} is not known to this engine: the moves were not replayed")
        return
    setup = moves[0].get("outcomes", [])
    if any(o.get("kind") == "shuffle" and "value" not in o for o in setup if isinstance(o, dict)):
        rep.unchecked.append("the setup's shuffles are hidden until the seed is revealed (a game whose deck was "
                             "shuffled whole at setup): the moves were not replayed, nor their logs, positions and result checked")
        return
    snaps = {}
    for s in rec["snapshots"] or []:
        if not isinstance(s, dict) or not isinstance(s.get("seq"), int) or not 0 <= s["seq"] <= rep.actions:
            rep.problem(None, "record", f"a snapshot of the record is not at a position of the game: {s!r}"[:160])
            return
        snaps[s["seq"]] = s.get("state_hash")
    try:
        state = api.setup(rec["slug"], rec["scenario"] or "standard", rec["options"] or {}, RecordedChance(setup))
    except (ReplayMismatch, EngineError) as e:
        rep.problem(0, "replay", f"the setup: {getattr(e, 'message', e)}")
        return
    no_logs = False
    total = len(moves) - 1
    for i, m in enumerate(moves):
        if m["seq"] > 0:
            where = f"action {m['seq']} ({m['role']}: {m['action']})"
            try:
                log = apply_recorded(state, m)
            except (ReplayMismatch, EngineError) as e:
                rep.problem(m["seq"], "replay", f"{where}: {getattr(e, 'message', e)}")
                return
            if "log" not in m:
                no_logs = True
            elif log != m["log"]:
                rep.problem(m["seq"], "replay", f"{where} gives another log than the recorded one")
                return
            if progress and (i % 200 == 0 or i == total):
                progress(i, total)
        if m["seq"] in snaps and canonical.digest(state) != snaps[m["seq"]]:
            rep.problem(m["seq"], "replay", f"the state at position {m['seq']} is not the one its snapshot records")
            return
    last = rep.actions
    if state.get("seq") != last:
        rep.problem(last, "replay", f"the replay ends at position {state.get('seq')}, the record at {last}")
        return
    if rec["state_hash"] is not None and canonical.digest(state) != rec["state_hash"]:
        rep.problem(last, "replay", "the final state is not the recorded one (its hash differs)")
        return
    if rec["state"] is not None and canonical.digest(state) != canonical.digest(rec["state"]):
        rep.problem(last, "replay", "the final state is not the recorded one")
        return
    if rec["stated_outcome"]:
        _result(rec, state, rep)
    rep.state = state
    if no_logs:
        rep.unchecked.append("the record holds no log lines (the dice record): only the outcomes were compared; "
                             "verify the export for the logs, positions and result")
    rep.notes.append(f"replayed {total} action(s) through the engine: the same outcomes"
                     + ("" if no_logs else ", logs") + (", positions" if snaps or rec["state_hash"] else "")
                     + (" and result" if rec["stated_outcome"] else ""))


def _result(rec: dict, state: dict, rep: Report) -> None:
    """The record's result, outcome and status against the replayed game and the umpire's events."""
    from .. import api

    last = rep.actions
    rules = api.outcome(state)
    result, status = rec["result"], rec["status"]
    if result is None:
        if rec["outcome"] != rules:
            rep.problem(last, "result", f"the record states the outcome {rec['outcome']!r}; the game's rules give "
                                        f"{rules!r}")
        if status is not None and (status == "finished") != (rules is not None):
            rep.problem(last, "result", f"the record's status {status!r} contradicts the game, which "
                                        + ("has ended" if rules else "has not ended"))
        return
    ends = [e for e in (rec["events"] or []) if isinstance(e, dict) and e.get("kind") in ("resigned", "abandoned")]
    said = [(e.get("data") or {}).get("result") for e in ends]
    if result not in said:
        rep.problem(last, "result", f"the record's result {result!r} is not the one any resignation or abandonment "
                                    "in its events gave")
    if rec["outcome"] is not None and rec["outcome"] != result:
        rep.problem(last, "result", f"the record states the outcome {rec['outcome']!r}, not its result {result!r}")
    if status not in (None, "finished", "abandoned"):
        rep.problem(last, "result", f"the record's status {status!r} contradicts its result (the game has ended)")
