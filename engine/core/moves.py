"""Move files: a list of orders for one role, applied as DESIGN.md section 4 says.

A move file is JSON, ``{"format": "umpire-move/1", "game": ID, "role": ROLE, "after": SEQ,
"actions": [...]}``, or text, one order per line (``#`` starts a comment; a first order line ``after SEQ``
states the position the orders were written at, as the JSON's ``after`` does). Applying one:

1. Orders are applied in turn, each checked against the legal actions of the moment.
2. Until the first chance outcome the file is all or nothing: a refused order rejects the whole file and
   nothing changes.
3. Once chance has produced an outcome, the orders up to and including that one are binding: a later
   refused order stops the file there and the accepted prefix stands (``partial``).
4. When the file ends, the result says what each role may do now.

``chance_for(n, applied)`` gives the chance source for the action that will be action number *n* of the
game (``applied``: the actions this file has had accepted before it), so that an outcome depends on the
action it belongs to and the position before it, not on how the moves were split into files.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from .. import api
from . import canonical, notation
from .chance import Chance, NoChance
from .errors import ChanceRequested, EngineError, InvalidActionError, NotYourTurnError, StalePositionError

MOVE_FORMAT = "umpire-move/1"
#: Largest number of orders one file may hold (a whole Propaganda Round is under 100).
MAX_ACTIONS = 500
#: Longest order line accepted.
MAX_LINE = 200

#: An order holds a character that is not white space. JSON Schema's ECMA ``\s`` and Python's differ:
#: the pattern names U+001C-U+001F, U+0085 and U+FEFF as well, so both readings of it say the same.
ORDER_TEXT = re.compile(r"[^\s\ufeff]")

MOVE_SCHEMA: dict[str, Any] = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "title": "Umpire move file",
    "type": "object",
    "required": ["format", "role", "actions"],
    "additionalProperties": False,
    "properties": {
        "format": {"const": MOVE_FORMAT},
        "game": {"type": ["string", "null"], "maxLength": 64},
        "role": {"type": "string", "minLength": 1, "maxLength": 32},
        "after": {"type": ["integer", "null"], "minimum": 0},
        "actions": {"type": "array", "minItems": 1, "maxItems": MAX_ACTIONS,
                    "items": {"type": "string", "minLength": 1, "maxLength": MAX_LINE,
                              "pattern": "[^\\s\\u001c-\\u001f\\u0085\\ufeff]"}},
        "entropy": {"type": ["string", "null"], "maxLength": 128, "pattern": "^[^\\u0000-\\u001f\\u007f]*$",
                    "description": "public entropy for the dice, accepted only with a seat's first move"},
    },
}


#: A text move may state the position it was written at on its first order line: ``after 41``.
AFTER_LINE = re.compile(r"after\s+(\d{1,9})", re.IGNORECASE)


def stated_after(text: str) -> int | None:
    """The position a text move states on its first order line (``after N``), or None: the same reading
    as :func:`parse_move_file`'s, for the service's duplicate check before the move is parsed."""
    for line in text.splitlines():
        line = line.strip()
        if line and not line.startswith("#"):
            m = AFTER_LINE.fullmatch(line)
            return int(m.group(1)) if m else None
    return None


@dataclass
class MoveResult:
    """What applying a move file did.

    :ivar status: ``accepted`` (every order), ``partial`` (a binding prefix, then a refusal) or
        ``rejected`` (nothing changed).
    :ivar state: the state after the accepted orders (the input state itself if rejected).
    :ivar applied: the canonical actions accepted, in order.
    :ivar error: the refusal: ``{"line", "order", "code", "message", "rule", "legal"}``.
    :ivar ignored: the line numbers of trailing ``done`` orders the position no longer needed (the turn had
        passed): accepted and ignored (docs/orders.md).
    :ivar fine: of a ``rejected`` file, the lines before the refused one, each found legal in its turn
        (``{"line", "order", "action"}``) though none was applied: the mover keeps them and fixes only the
        refused line.
    """

    status: str
    state: dict
    applied: list[str] = field(default_factory=list)
    log: list[dict] = field(default_factory=list)
    outcomes: list[dict] = field(default_factory=list)
    steps: list[dict] = field(default_factory=list)
    error: dict | None = None
    fine: list[dict] = field(default_factory=list)
    ignored: list[int] = field(default_factory=list)

    def to_dict(self) -> dict:
        out = {"status": self.status, "applied": self.applied, "log": self.log, "outcomes": self.outcomes,
               "error": self.error}
        if self.status == "rejected":
            out["fine"] = self.fine
        if self.ignored:
            out["ignored"] = self.ignored
        return out


def parse_move_file(data: Any) -> dict:
    """Checks a decoded move file (dict) or text (str) and returns ``{"role", "after", "game", "actions"}``.

    :raises InvalidActionError: the file is malformed; the message says what is wrong and what is allowed.
    """
    if isinstance(data, str):
        lines = [ln.strip() for ln in data.splitlines()]
        actions = [ln for ln in lines if ln and not ln.startswith("#")]
        after = None
        if actions and (m := AFTER_LINE.fullmatch(actions[0])):
            after, actions = int(m.group(1)), actions[1:]
            if not actions:
                raise InvalidActionError(f"the move states its position (after {after}) but holds no order")
        if len(actions) > MAX_ACTIONS:
            raise InvalidActionError(f"a move may hold at most {MAX_ACTIONS} orders, this one has {len(actions)}")
        for i, a in enumerate(actions, 1):
            if len(a) > MAX_LINE:
                raise InvalidActionError(f"order {i} is {len(a)} characters long; at most {MAX_LINE} are allowed")
        return {"role": None, "after": after, "game": None, "actions": actions, "entropy": None}
    if not isinstance(data, dict):
        raise InvalidActionError("a move file is a JSON object with format, role, after and actions")
    faults: list[str] = []  # every fault at once, each with its field
    unknown = set(data) - set(MOVE_SCHEMA["properties"])
    if unknown:
        names = sorted(unknown)
        more = f" and {len(names) - 10} more" if len(names) > 10 else ""
        faults.append(f"unknown field(s) {[n[:60] for n in names[:10]]}{more}; allowed: "
                      f"{sorted(MOVE_SCHEMA['properties'])}")
    if data.get("format") != MOVE_FORMAT:
        faults.append(f"format must be {MOVE_FORMAT!r}, not {str(data.get('format'))[:60]!r}")
    role = data.get("role")
    if not isinstance(role, str) or not role or len(role) > 32:
        faults.append("role must be a non-empty string (at most 32 characters) naming your faction")
    after = data.get("after")
    if isinstance(after, float) and after.is_integer():
        after = int(after)  # JSON Schema counts 3.0 as an integer; so do we
    if after is not None and (not isinstance(after, int) or isinstance(after, bool) or after < 0):
        faults.append("after must be the sequence number (an integer >= 0) of the position you saw")
    game = data.get("game")
    if game is not None and (not isinstance(game, str) or len(game) > 64):
        faults.append("game must be the game's id, a string of at most 64 characters")
    actions = data.get("actions")
    if not isinstance(actions, list) or not actions:
        faults.append("actions must be a non-empty list of order strings")
        actions = []
    elif len(actions) > MAX_ACTIONS:
        faults.append(f"a move may hold at most {MAX_ACTIONS} orders, this one has {len(actions)}")
        actions = []
    for i, a in enumerate(actions, 1):
        if not isinstance(a, str) or not ORDER_TEXT.search(a):
            faults.append(f"order {i} (actions[{i - 1}]) must be a non-empty string, not {str(a)[:60]!r}")
        elif len(a) > MAX_LINE:
            faults.append(f"order {i} (actions[{i - 1}]) is {len(a)} characters long; at most {MAX_LINE} are "
                          "allowed")
    entropy = data.get("entropy")
    if entropy is not None and (not isinstance(entropy, str) or len(entropy) > 128
                                or any(ord(ch) < 32 or ord(ch) == 127 for ch in entropy)):
        faults.append("entropy must be text of at most 128 characters, with no control characters")
    if len(faults) == 1:
        raise InvalidActionError(faults[0])
    if faults:
        raise InvalidActionError(f"{len(faults)} faults: " + "; ".join(faults[:20])
                                 + (f"; and {len(faults) - 20} more" if len(faults) > 20 else ""))
    return {"role": role, "after": after, "game": game, "actions": [a.strip() for a in actions],
            "entropy": entropy or None}


class _Tape:
    """A chance source passed through, keeping its answers in order, so that the orders it served can be
    applied again to the same effect (:func:`_replay`)."""

    def __init__(self, source: Chance, answers: list):
        self.source, self.answers = source, answers

    def roll(self, sides: int, label: str) -> int:
        v = self.source.roll(sides, label)
        self.answers.append(v)
        return v

    def draw(self, items: list, label: str) -> int:
        v = self.source.draw(items, label)
        self.answers.append(v)
        return v

    def shuffle(self, items: list, label: str) -> list:
        v = self.source.shuffle(items, label)
        self.answers.append(list(v))
        return v


class _Replay:
    """The answers a :class:`_Tape` kept, given again in the same order."""

    def __init__(self, answers: list):
        self._next = iter(answers).__next__

    def roll(self, sides: int, label: str) -> int:
        return self._next()

    def draw(self, items: list, label: str) -> int:
        return self._next()

    def shuffle(self, items: list, label: str) -> list:
        return list(self._next())


def _replay(state: dict, role: str, applied: list[str], answers: list) -> dict:
    """The position after the orders *applied* (accepted already) from *state*, with the chance answers
    they were given: for the rare order that fails after it began to change the working copy."""
    work = canonical.copy(state)
    source = _Replay(answers)
    for action in applied:
        api.apply_in_place(work, role, action, source)
    return work


def _unneeded_dones(work: dict, role: str, rest: list[str], e: EngineError, answered: dict | None) -> bool:
    """Whether the refused order and every line after it are ``done`` that the position no longer needs:
    *role* has no decision left (the turn passed, or the game ended), or the decision the last accepted
    order answered (the frame *answered*) is over and a new one is open (the next card's box). Such a
    trailing ``done`` is ignored, so a player writing a turn blind can always end it with one
    (docs/orders.md). A ``done`` refused while the decision it would end is still open
    (an Event that demands more) is refused as any order is."""
    if not all(notation.words(x.split("#", 1)[0]) == ["done"] for x in rest):
        return False
    if isinstance(e, NotYourTurnError) or api.outcome(work) or role not in api.active_roles(work):
        return True
    return answered is not None and not any(f is answered for f in work.get("flow", ()))


def apply_move(state: dict, role: str, actions: list[str], chance_for: Callable[[int, list[str]], Chance],
               *, after: int | None = None, stop_before_chance: bool = False) -> MoveResult:
    """Applies *actions* for *role* to a copy of *state* (DESIGN.md section 4, points 1 to 5).

    With ``stop_before_chance`` (the preview), processing stops cleanly before the first chance outcome
    and nothing is committed by the caller.

    The state is copied once per file (DESIGN.md section 3). An order refused (not understood, not legal,
    not this role's turn) leaves the working copy as it was, so the position before it is the working copy
    itself. An order that fails once it has begun (a rules bug, or the preview reaching a die) may have
    changed it: that position is rebuilt by applying the accepted orders again to *state*, with the chance
    answers they were given.
    """
    if after is not None and after != state.get("seq", 0):
        raise StalePositionError(f"this move was written after position {after}, but the game is at "
                                 f"position {state.get('seq', 0)}; look at the game again and resend")
    work = canonical.copy(state)
    result = MoveResult("accepted", work)
    bound = False  # True once a chance outcome has been produced
    answers: list = []  # every chance answer the accepted orders were given, in order (_Tape)
    answered = None
    for i, line in enumerate(actions, 1):
        begun = False  # whether the order got past its checks and may have changed the working copy
        try:
            action, legal = api.parse_legal(work, role, line)
            source = chance_for(work.get("seq", 0) + 1, list(result.applied))
            begun = True
            taped = source if source is None or isinstance(source, NoChance) else _Tape(source, answers)
            answered = work["flow"][-1] if work.get("flow") else None  # the decision this order answers
            step = api.apply_in_place(work, role, action, taped, legal=legal)
        except ChanceRequested:
            result.status = "preview-stopped"
            result.error = {"line": i, "order": line, "code": "chance",
                            "message": "the preview stops here: this order needs a die, draw or shuffle"}
            result.state = _replay(state, role, result.applied, answers) if begun else work
            return result
        except EngineError as e:
            if result.applied and _unneeded_dones(work, role, actions[i - 1:], e, answered):
                result.ignored = list(range(i, len(actions) + 1))
                break
            err = {"line": i, "order": line, **e.to_dict()}
            if bound:
                before = _replay(state, role, result.applied, answers) if begun else work
                return MoveResult("partial", before, result.applied, result.log, result.outcomes, result.steps,
                                  err)
            fine = [{"line": n, "order": actions[n - 1], "action": a} for n, a in enumerate(result.applied, 1)]
            return MoveResult("rejected", state, [], [], [], [], err, fine)
        result.applied.append(action)
        result.log.extend(step.log)
        result.outcomes.extend(step.outcomes)
        result.steps.append({"seq": work["seq"], "action": action, "role": role, "log": step.log,
                             "outcomes": step.outcomes})
        if step.checkpoint:
            bound = True
        if stop_before_chance and step.checkpoint:
            break
    result.state = work
    return result
