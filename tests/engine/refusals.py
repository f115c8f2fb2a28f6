"""A table of refused orders, run three ways for any game (DESIGN.md section 4): through ``engine.apply``
(or ``engine.parse`` for text-only refusals), through a move file whose earlier orders are accepted, and
for the reason the move file's refusal gives. Each game's ``test_illegal_moves`` holds its own table."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pytest

import engine
from engine.core import notation
from engine.core.chance import NoChance
from engine.core.errors import EngineError
from engine.core.moves import apply_move


@dataclass(frozen=True)
class Case:
    """One refused order: *order* for *role* after the accepted *prefix* (same role, same file).

    :ivar why: words that must appear in the refusal's message or rule (the rule number, the reason).
    :ivar text: a refusal of the text layer (parse), checked with ``engine.parse`` not ``engine.apply``.
    :ivar rule: the rule that forbids the order, as the refusal's ``rule`` must give it exactly (issue 24,
        item 1: the rule of the condition that failed, or the card's id for a card's restriction).
    """

    id: str
    board: Callable[[], dict]
    role: str
    prefix: tuple[str, ...]
    order: str
    code: str
    why: tuple[str, ...]
    text: bool = False
    rule: str | None = None


def prefix_state(case: Case) -> tuple[dict, dict]:
    """(the starting position, the position after the accepted prefix)."""
    start = case.board()
    if not case.prefix:
        return start, start
    res = apply_move(start, case.role, list(case.prefix), lambda n, applied: NoChance())
    assert res.status == "accepted", f"the prefix of {case.id} should be accepted: {res.error}"
    return start, res.state


def missing_words(why: tuple[str, ...], message: str, rule: str | None) -> list[str]:
    """The words of *why* missing from the message and the rule."""
    text = f"{message} {rule or ''}".lower()
    return [w for w in why if w.lower() not in text]


def check_engine_refuses(case: Case) -> None:
    """``engine.apply`` (or ``engine.parse``) refuses the order with the right code and reason, lists what
    is allowed, and changes nothing."""
    _, s = prefix_state(case)
    before = engine.dumps(s)
    allowed = engine.legal_actions(s, case.role)
    with pytest.raises(EngineError) as ei:
        if case.text:
            engine.parse(s, case.role, case.order)
        else:
            engine.apply(s, case.role, case.order)
    e = ei.value
    assert e.code == case.code, e.message
    assert not missing_words(case.why, e.message, e.rule), (
        f"the refusal should name {case.why}: message {e.message!r}, rule {e.rule!r}")
    assert (e.legal or {}) == allowed
    if case.rule is not None:
        assert e.rule == case.rule, f"{case.id}: the refusal's rule is {e.rule!r}, the forbidding rule is {case.rule!r}"
    if case.code == "illegal":
        assert "not allowed now:" in e.message or "game is over" in e.message, \
            f"{case.id}: a bare refusal: {e.message!r}"
    if case.code not in ("not-your-turn",) and not case.text:
        assert case.order not in notation.legal_lines(allowed)
    assert engine.dumps(s) == before


def check_move_file_rejected_whole(case: Case) -> None:
    """In a move file, the refused order (before any chance outcome) rejects the whole file: status
    ``rejected``, the input state returned and untouched, the failing line and the allowed choices."""
    start, s = prefix_state(case)
    before = engine.dumps(start)
    res = apply_move(start, case.role, [*case.prefix, case.order], lambda n, applied: NoChance())
    assert res.status == "rejected", (res.status, res.error)
    assert engine.dumps(res.state) == before and engine.dumps(start) == before
    assert res.applied == [] and res.log == [] and res.outcomes == []
    err = res.error
    assert err["code"] == case.code, err
    assert err["line"] == len(case.prefix) + 1 and err["order"] == case.order
    assert err.get("legal", {}) == engine.legal_actions(s, case.role)


def check_move_file_refusal_names_the_rule(case: Case) -> None:
    """The reply to a refused move file names the rule or the reason (DESIGN.md 4.2), like engine.apply."""
    start, _ = prefix_state(case)
    res = apply_move(start, case.role, [*case.prefix, case.order], lambda n, applied: NoChance())
    err = res.error
    missing = missing_words(case.why, err["message"], err.get("rule"))
    assert not missing, (f"move-file refusal of {case.order!r} lacks {missing}: message {err['message']!r}, "
                         f"rule {err.get('rule')!r}")
