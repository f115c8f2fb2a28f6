"""Alternative rulings an umpire may choose when a game is created.

Where the rulebook can be read two ways, a game's ``data/rulings.json`` may list the readings under
``"alternatives"`` (choice name -> text) with a ``"default"``, the reading the engine follows unless the
umpire chooses another with the game option ``rulings``: ``{"R-P32": "modified"}``. The checked choices
are kept in ``state["rulings"]``; the rules ask ``chosen(g, ruling_id)``.
"""

from __future__ import annotations

from .errors import InvalidActionError


def alternatives(rulings: list[dict]) -> dict[str, dict]:
    """The rulings that offer a choice, by id."""
    return {r["id"]: r for r in rulings if r.get("alternatives")}


def check(rulings: list[dict], spec) -> dict[str, str]:
    """The option ``rulings`` checked: ``{ruling id: choice}``.

    :raises InvalidActionError: not an object, a ruling that offers no choice, or a choice it does not offer.
    """
    offered = alternatives(rulings)
    menu = "; ".join(f"{rid}: {', '.join(r['alternatives'])}" for rid, r in offered.items()) or "none"
    if not isinstance(spec, dict):
        raise InvalidActionError(f"rulings option: an object {{ruling id: choice}}; the choices are {menu}")
    out = {}
    for rid, choice in spec.items():
        if rid not in offered:
            raise InvalidActionError(f"rulings option: {rid!r} offers no choice; the rulings that do: {menu}")
        if not isinstance(choice, str) or choice not in offered[rid]["alternatives"]:
            raise InvalidActionError(f"rulings option: {rid} may be {', '.join(offered[rid]['alternatives'])}, "
                                     f"not {str(choice)[:40]!r}")
        out[rid] = choice
    return out


def chosen(state: dict, ruling: str, default: str) -> str:
    """The reading of *ruling* this game follows: the umpire's choice at creation, else *default*."""
    return (state.get("rulings") or {}).get(ruling, default)
