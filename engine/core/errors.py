"""Engine errors: one root, a stable code each (DESIGN.md section 3).

``invalid`` means the input was not understood, ``illegal`` that it was understood but is not allowed
now, ``not-your-turn`` that another role must decide, ``ambiguous`` that text matched several legal
actions, and ``rules-bug`` that the engine reached a dead end or broke an invariant (our fault).
"""

from __future__ import annotations


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
