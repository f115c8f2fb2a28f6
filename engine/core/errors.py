"""Engine errors: one root, a stable code each (DESIGN.md section 3).

``invalid`` means the input was not understood, ``illegal`` that it was understood but is not allowed
now, ``not-your-turn`` that another role must decide, ``ambiguous`` that text matched several legal
actions, and ``rules-bug`` that the engine reached a dead end or broke an invariant (our fault).
"""

from __future__ import annotations

import re


class EngineError(Exception):
    """Root of all engine errors.

    :ivar code: stable kebab-case code.
    :ivar rule: the rule number the refusal rests on, where there is one.
    :ivar legal: what the role may do instead (``{verb: [args]}``), where known.
    """

    code = "engine-error"

    def __init__(self, message: str, *, rule: str | None = None, legal: dict | None = None):
        super().__init__(message)
        self.message = message
        self.rule = rule
        self.legal = legal

    def to_dict(self) -> dict:
        out = {"code": self.code, "message": self.message}
        if self.rule:
            out["rule"] = self.rule
        if self.legal is not None:
            out["legal"] = self.legal
        return out


class Refusal(str):
    """Why an order is refused (``Procedure.explain``), in the game's words with the facts of the position,
    and the rule that forbids it: ``rule`` is the rule number of the condition that
    failed, or a card's id and title for a card's restriction. A plain ``str`` reason names its rule in
    its first parenthesis (``(3.3.3)``, ``(5.4: ...)``); :func:`forbidding_rule` reads either."""

    rule: str | None

    def __new__(cls, text: str, rule: str | None = None):
        self = super().__new__(cls, text)
        self.rule = rule
        return self


#: The first rule number cited in a reason: "(3.3.3)", "(5.4: a Mandatory Event ...)", "(2.3.4/4.1)",
#: "(ruling R-5.1.3)" gives 5.1.3 unless a plain number comes first.
_CITED = re.compile(r"\((?:rules? |see )?(\d+(?:\.\d+)+)")


def forbidding_rule(reason: str | None) -> str | None:
    """The rule a refusal's *reason* rests on: a :class:`Refusal`'s own, else the first rule cited."""
    if not reason:
        return None
    rule = getattr(reason, "rule", None)
    if rule:
        return rule
    m = _CITED.search(reason)
    return m.group(1) if m else None


class InvalidActionError(EngineError):
    """The input is not understood (malformed action, unknown verb, bad file)."""

    code = "invalid"


class IllegalActionError(EngineError):
    """The action is understood but not allowed now; the message names the rule."""

    code = "illegal"


class NotYourTurnError(EngineError):
    """The role has no decision to make now."""

    code = "not-your-turn"


class AmbiguousActionError(EngineError):
    """A text order matches more than one legal action."""

    code = "ambiguous"


class StalePositionError(EngineError):
    """A move file was written for another position than the current one (DESIGN.md section 4)."""

    code = "stale"


class RulesBugError(EngineError):
    """A dead end or broken invariant: a bug in the engine, never the player's fault."""

    code = "rules-bug"


class ChanceRequested(Exception):
    """Raised by :class:`engine.core.chance.NoChance` when an action would produce a chance outcome.

    A preview (DESIGN.md section 4, point 5) stops here: nothing is rolled and nothing is committed.
    """

    def __init__(self, label: str):
        super().__init__(label)
        self.label = label
