"""An umpire's corrections to a map's inferred adjacency, chosen when a game is created.

The printed boards are not in the rulebook text, so some edges of each game's ``map.json`` are marked
``inferred`` (from period geography). An umpire with the physical board may correct them for one game:
the game option ``map`` is ``{"remove": [[a, b], ...], "add": [[a, b], ...], "citation": "..."}``.

What may change: an ``inferred`` edge may be removed; an edge the data does not have may be added. Edges
the rulebook states, or its Example of Play shows, stay. The result must still be a map: every space
reachable from every other, and each Railway joined to at least two spaces. Anything else is refused
with the reason. The checked overrides are kept in the state (``state["map"]``) and every adjacency the
rules ask about goes through ``Board.neighbours``.
"""

from __future__ import annotations

from ..core.errors import InvalidActionError

KEYS = ("remove", "add", "citation")
MAX_EDGES = 200
MAX_CITATION = 300


def _edges(board, spec: dict, key: str) -> list[list[str]]:
    raw = spec.get(key, [])
    if not isinstance(raw, list) or len(raw) > MAX_EDGES:
        raise InvalidActionError(f"map option {key!r} is a list of at most {MAX_EDGES} edges [space, space]")
    out, seen = [], set()
    for e in raw:
        if not (isinstance(e, list) and len(e) == 2 and all(isinstance(x, str) for x in e)):
            raise InvalidActionError(f"map option {key!r}: each edge is a pair of space ids, not {e!r}")
        a, b = e
        for x in (a, b):
            if x not in board.kind:
                raise InvalidActionError(f"map option {key!r}: no space {x!r}; spaces are: "
                                         f"{', '.join(board.spaces)}")
        if a == b:
            raise InvalidActionError(f"map option {key!r}: a space is not adjacent to itself ({a})")
        pair = frozenset((a, b))
        if pair in seen:
            raise InvalidActionError(f"map option {key!r}: the edge {a}-{b} is given twice")
        seen.add(pair)
        out.append(sorted((a, b)))
    return out


def check(board, spec) -> dict:
    """The overrides *spec* checked against *board*: ``{"remove", "add", "citation"}`` with sorted pairs.

    :raises InvalidActionError: malformed, unknown spaces, a stated or example edge removed, an edge
        removed that the map lacks or added that it has, or a map left disconnected or with a Railway
        joined to fewer than two spaces.
    """
    if not isinstance(spec, dict) or set(spec) - set(KEYS):
        raise InvalidActionError(f"the map option is an object with {', '.join(KEYS)}")
    citation = spec.get("citation", "")
    if not isinstance(citation, str) or not citation.strip() or len(citation) > MAX_CITATION:
        raise InvalidActionError("the map option needs a citation (what the physical board shows, "
                                 f"at most {MAX_CITATION} characters)")
    remove, add = _edges(board, spec, "remove"), _edges(board, spec, "add")
    if not remove and not add:
        raise InvalidActionError("the map option removes or adds at least one edge")
    for a, b in remove:
        source = board.edge_source.get(frozenset((a, b)))
        if source is None:
            raise InvalidActionError(f"{a} and {b} are not adjacent on the map: there is no edge to remove")
        if not source.startswith("inferred"):
            raise InvalidActionError(f"the edge {a}-{b} is not inferred ({source}): only inferred edges may be "
                                     "removed")
    for a, b in add:
        if frozenset((a, b)) in board.edge_source:
            raise InvalidActionError(f"{a} and {b} are adjacent on the map already")
        if frozenset((a, b)) in {frozenset(e) for e in remove}:
            raise InvalidActionError(f"the edge {a}-{b} is both removed and added")
    adj = {s: set(n) for s, n in board.adj.items()}
    for a, b in remove:
        adj[a].discard(b)
        adj[b].discard(a)
    for a, b in add:
        adj[a].add(b)
        adj[b].add(a)
    parts = _components(board.spaces, adj)
    if len(parts) > 1:
        cut_off = [x for part in sorted(parts, key=len)[:-1] for x in part]
        raise InvalidActionError(f"with these changes {', '.join(cut_off)} would be cut off from the rest of "
                                 "the map")
    for r in board.of_kind("railway"):
        if len(adj[r]) < 2:
            raise InvalidActionError(f"with these changes the Railway {r} would join fewer than two spaces")
    return {"remove": remove, "add": add, "citation": citation.strip()}


def _components(spaces: list[str], adj: dict[str, set[str]]) -> list[list[str]]:
    """The connected parts of the map, each in map order."""
    parts, seen = [], set()
    for start in spaces:
        if start in seen:
            continue
        part, todo = set(), [start]
        while todo:
            x = todo.pop()
            if x not in part:
                part.add(x)
                todo.extend(adj[x] - part)
        seen |= part
        parts.append([x for x in spaces if x in part])
    return parts


def apply(base: set[str], sid: str, overrides: dict) -> set[str]:
    """The neighbours of *sid*: *base* with the overrides' edges removed and added."""
    out = set(base)
    for a, b in overrides["remove"]:
        if sid in (a, b):
            out.discard(b if a == sid else a)
    for a, b in overrides["add"]:
        if sid in (a, b):
            out.add(b if a == sid else a)
    return out
