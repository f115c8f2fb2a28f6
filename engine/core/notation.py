"""Text orders: one order per line, parsed in the context of the current legal actions.

An action is ``verb`` or ``verb arg...``, where each argument is an id such as ``jerusalem-city``. In
text, verbs and ids are case-insensitive and may be shortened to a unique prefix word by word
(``jer city`` is ``jerusalem-city``); ``describe`` gives the canonical line, and
``parse(describe(a)) == a`` always holds.
"""

from __future__ import annotations

import difflib
import re

from .errors import AmbiguousActionError, IllegalActionError, InvalidActionError

#: The order words each module declares (``declare``); a game knows those of its packages
#: (``GameDefinition.verbs``), and a word outside them is not understood there (``invalid``).
_DECLARED: dict[str, frozenset[str]] = {}


def declare(module: str, verbs: set[str]) -> frozenset[str]:
    """Declares the order words the procedures of *module* (its ``__name__``) offer."""
    _DECLARED[module] = _DECLARED.get(module, frozenset()) | frozenset(verbs)
    return _DECLARED[module]


def suggest(written: str, candidates: list[str]) -> str:
    """``"; did you mean 'x'?"`` for the candidates closest to what was *written* (a typo: ``op asault``),
    or nothing when none is close."""
    close = difflib.get_close_matches(written, candidates, n=3, cutoff=0.75)
    if not close:
        return ""
    return "; did you mean " + " or ".join(repr(c) for c in close) + "?"


def forget(module: str) -> None:
    """Takes the order words of *module* back (a plug-in unloaded, as its test does)."""
    _DECLARED.pop(module, None)


def within(module: str, packages: tuple[str, ...]) -> bool:
    """Whether *module* is one of *packages* or inside one (the empty package holds every module)."""
    return any(not pk or module == pk or module.startswith(pk + ".") for pk in packages)


def verbs_of(packages: tuple[str, ...]) -> frozenset[str]:
    """The order words declared by the modules of *packages*."""
    return frozenset(v for mod, vs in _DECLARED.items() if within(mod, packages) for v in vs)

_WORD = re.compile(r"[a-z0-9+&*]+")


def words(text: str) -> list[str]:
    return _WORD.findall(text.lower().replace("_", "-"))


def _group_matches(group: list[str], ident: str) -> int:
    """2 for an exact match, 1 for a prefix match, 0 for none."""
    parts = words(ident)
    if group == parts:
        return 2
    if len(group) > len(parts):
        return 0
    for w, p in zip(group, parts, strict=False):
        if not p.startswith(w):
            return 0
    return 1


def _arg_match(rest: list[str], arg: str) -> int:
    """How well the words *rest* match the argument *arg* (several ids separated by spaces)."""
    idents = arg.split(" ")
    return _split_match(rest, idents)


def _split_match(rest: list[str], idents: list[str]) -> int:
    if not idents:
        return 2 if not rest else 0
    if len(idents) == 1:
        return _group_matches(rest, idents[0]) if rest else 0
    best = 0
    for cut in range(1, len(rest) - len(idents) + 2):
        head = _group_matches(rest[:cut], idents[0])
        if not head:
            continue
        tail = _split_match(rest[cut:], idents[1:])
        if tail:
            best = max(best, min(head, tail))
    return best


def split(action: str) -> tuple[str, str | None]:
    """``"space galilee"`` -> ``("space", "galilee")``; ``"done"`` -> ``("done", None)``."""
    text = action.strip() if isinstance(action, str) else ""
    if not text:
        raise InvalidActionError(f"an action must be a non-empty string, not {action!r}")
    verb, _, arg = text.partition(" ")
    return verb, (arg or None)


def join(verb: str, arg: str | None) -> str:
    return verb if arg is None else f"{verb} {arg}"


def legal_lines(legal: dict[str, list[str]]) -> list[str]:
    out = []
    for verb in sorted(legal):
        args = legal[verb]
        out.extend([verb] if not args else [f"{verb} {a}" for a in args])
    return out


def parse_line(line: str, legal: dict[str, list[str]], rule: str | None = None,
               known: frozenset[str] = frozenset()) -> str:
    """Turns one text order into one legal action.

    *known*: the game's order words (``GameDefinition.verbs``), to tell an order not allowed now from words
    that are no order at all.

    :raises InvalidActionError: the words are not understood at all.
    :raises IllegalActionError: understood, but no legal action matches now.
    :raises AmbiguousActionError: several legal actions match equally well.
    """
    ws = words(line.split("#", 1)[0])
    if not ws:
        raise InvalidActionError(f"empty order {line!r}", rule=rule, legal=legal)
    head, rest = ws[0], ws[1:]
    verbs = [v for v in legal if v == head] or [v for v in legal if v.startswith(head)]
    if not verbs:
        if head in known or any(v.startswith(head) for v in known):
            raise IllegalActionError(f"{line.strip()!r} is not allowed now", rule=rule, legal=legal)
        raise InvalidActionError(f"{line.strip()!r} is not an order: unknown word {head!r}"
                                 + suggest(head, list(legal) + sorted(known - set(legal))),
                                 rule=rule, legal=legal)
    scored: list[tuple[int, str]] = []
    for verb in verbs:
        args = legal[verb]
        if not args:
            if not rest:
                scored.append((2, verb))
            continue
        for arg in args:
            score = _arg_match(rest, arg)
            if score:
                scored.append((score, f"{verb} {arg}"))
    if not scored:
        near = [f"{verb} {arg}" if arg else verb for verb in verbs for arg in (legal[verb] or [""])]
        raise IllegalActionError(f"{line.strip()!r} is not allowed now" + suggest(" ".join(ws), near),
                                 rule=rule, legal=legal)
    best = max(s for s, _ in scored)
    top = [a for s, a in scored if s == best]
    if len(top) > 1:
        raise AmbiguousActionError(f"{line.strip()!r} could mean any of: {', '.join(top)}",
                                   rule=rule, legal=legal)
    return top[0]
