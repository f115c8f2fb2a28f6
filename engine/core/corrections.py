"""Umpire corrections: a pure, replayable edit of a state, with a citation.

A correction is an action of the umpire in the game's chain of actions, written as one line of text:

    correct set <path> <value> <citation...>
    correct move <from> <to> <count> <citation...>

(in Palestine, e.g. ``correct set haganah 3 6.5.3: marker misplaced`` or
``correct move spaces.galilee.troops available.troops 1 3.2.1``). ``set`` gives a track or count a new
value; ``move`` moves pieces between two counts, so piece totals are kept. A path names an integer already
in the state, key by key with dots; no count may go below zero. What the game is, its flow and position and
its outcome cannot be corrected (``GENERIC``), nor the keys the game protects (``GameDefinition.protected``:
the British Way games' deck and cards). Being plain text in the chain, a correction moves the digest like
any action (so later dice are bound to it), is replayed by rollback, import and ``umpire verify``, and is
undone by a rollback like any other action.
"""

from __future__ import annotations

from .errors import IllegalActionError, InvalidActionError

ROLE = "umpire"
VERB = "correct"
MAX_TEXT = 200
MAX_VALUE = 999_999
#: Keys a correction may not reach in any game: what the game is, its flow and position, and its outcome.
#: A game adds its own (``GameDefinition.protected``; ``protected``).
GENERIC = frozenset({"game", "scenario", "options", "rules_version", "seq", "flow", "outcome"})
USAGE = ("a correction is 'correct set PATH VALUE CITATION' or 'correct move FROM TO COUNT CITATION'; "
         "PATH, FROM and TO name integers of the state, key by key with dots")


def protected(state: dict) -> frozenset:
    """The keys no correction of *state* may touch: the generic ones and its game's."""
    from ..api import definition

    return GENERIC | definition(state["game"]).protected


def is_correction(role: str, action: str) -> bool:
    return role == ROLE and action.startswith(VERB + " ")


def _int(text: str, what: str) -> int:
    try:
        v = int(text)
    except ValueError:
        raise InvalidActionError(f"{what} must be a whole number, not {text!r}; {USAGE}") from None
    if not 0 <= v <= MAX_VALUE:
        raise IllegalActionError(f"{what} must be from 0 to {MAX_VALUE}, not {v}", legal={})
    return v


def parse(action: str) -> dict:
    """``{"op", "path" | "from" and "to", "value" | "count", "cite"}`` from a correction's text.

    :raises InvalidActionError: not a correction, or without a citation.
    """
    if len(action) > MAX_TEXT or any(ord(ch) < 32 or ord(ch) == 127 for ch in action):
        raise InvalidActionError(f"a correction is one line of at most {MAX_TEXT} characters")
    words = action.split()
    if len(words) < 2 or words[0] != VERB or words[1] not in ("set", "move"):
        raise InvalidActionError(USAGE)
    if words[1] == "set":
        if len(words) < 5:
            raise InvalidActionError("a correction needs a citation (the rule, card or ruling it applies) "
                                     f"after its value; {USAGE}")
        return {"op": "set", "path": words[2], "value": _int(words[3], "the value"), "cite": " ".join(words[4:])}
    if len(words) < 6:
        raise InvalidActionError("a correction needs a citation (the rule, card or ruling it applies) "
                                 f"after its count; {USAGE}")
    count = _int(words[4], "the count")
    if count == 0:
        raise IllegalActionError("a move of pieces moves at least one", legal={})
    return {"op": "move", "from": words[2], "to": words[3], "count": count, "cite": " ".join(words[5:])}


def _slot(state: dict, path: str) -> tuple[dict, str]:
    """The dict holding the integer *path* names, and its key."""
    keys = path.split(".")
    locked = protected(state)
    if keys[0] in locked:
        raise IllegalActionError(f"{keys[0]!r} cannot be corrected: the game's identity, flow, outcome and what "
                                 f"it protects are the rules' ({', '.join(sorted(locked))})", legal={})
    node = state
    for i, k in enumerate(keys):
        if not isinstance(node, dict) or k not in node:
            where = ".".join(keys[:i]) or "the state"
            known = sorted(node) if isinstance(node, dict) else []
            raise IllegalActionError(f"{path!r}: {where} has no {k!r}" + (f"; it has {', '.join(map(str, known))}"
                                                                        if known else ""), legal={})
        if i == len(keys) - 1:
            if isinstance(node[k], bool) or not isinstance(node[k], int):
                raise IllegalActionError(f"{path!r} is not a count or a track (an integer)", legal={})
            return node, k
        node = node[k]
    raise IllegalActionError(f"{path!r} names nothing", legal={})  # pragma: no cover - empty path


def apply_in_place(state: dict, action: str) -> list[dict]:
    """Applies the correction *action* to *state* (the caller's working copy); returns its log.

    *state* is changed only when the correction is allowed. The position advances by one, as for any
    action.

    :raises InvalidActionError, IllegalActionError: what is wrong, and what a correction may be.
    """
    c = parse(action)
    if c["op"] == "set":
        node, key = _slot(state, c["path"])
        old = node[key]
        if old == c["value"]:
            # It would change nothing but the chain of actions, and so every later die: a re-roll in
            # disguise (docs/dice.md, "After a rollback"). Refused.
            raise IllegalActionError(f"{c['path']} is {old} already: a correction that changes nothing is "
                                     "refused (it would only change the dice that follow)", legal={})
        node[key] = c["value"]
        text = f"The umpire corrected {c['path']} from {old} to {c['value']} ({c['cite']})."
    else:
        src, skey = _slot(state, c["from"])
        dst, dkey = _slot(state, c["to"])
        if src is dst and skey == dkey:
            raise IllegalActionError("a move of pieces needs two different places", legal={})
        if src[skey] < c["count"]:
            raise IllegalActionError(f"{c['from']} has {src[skey]}, fewer than {c['count']}", legal={})
        src[skey] -= c["count"]
        dst[dkey] += c["count"]
        text = f"The umpire moved {c['count']} from {c['from']} to {c['to']} ({c['cite']})."
    state["seq"] = state.get("seq", 0) + 1
    return [{"kind": "correction", "text": text, "faction": ROLE, "rule": c["cite"]}]
