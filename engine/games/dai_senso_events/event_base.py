"""What every political event's procedure shares: the base class, the registry of the events implemented and the
registry of what a declaration names (issue 32).

An event's module defines one :class:`Event` subclass per event with ``n`` (15.*n*) and ``needs`` (the fields the
desk's declaration must name before it resolves: what the card or table that produced the event fixed, ruling
R-15-desk) and registers it with :func:`register` (procedure ``ds.15.N``). A field (:class:`Field`) is an order
word of the declaration with the values the position allows; the desk (:mod:`.desk`) asks for the fields an
event needs and hands them to the event's frame under the field's name.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ...core.errors import RulesBugError
from ...core.flow import Procedure, procedure
from .data import EVENTS
from .state import DIRECTIVE_CARDS, FACTIONS, ROLE_NAMES, country_name

#: The events implemented: 15.*n* -> its procedure class (:func:`register`).
REGISTERED: dict[int, type] = {}


@dataclass(frozen=True)
class Field:
    """What a declaration names (ruling R-15-desk): the order word ``name``, the values the position allows
    (``choices(state)``), the words for a prompt (``label``) and how a value reads in the log (``describe``)."""

    name: str
    label: str
    choices: Callable[[dict], list[str]]
    describe: Callable[[dict, str], str]
    #: Why *value* may not be named (the position's facts and the rule), given it is not a choice.
    refusal: Callable[[dict, str, int], str]


#: The fields a declaration may name, by order word (:func:`field`).
FIELDS: dict[str, Field] = {}


def field(f: Field) -> Field:
    """Registers *f* (once per name: a second field of the same name is a rules bug)."""
    if f.name in FIELDS and FIELDS[f.name] is not f:
        raise RulesBugError(f"two declaration fields named {f.name!r}")
    FIELDS[f.name] = f
    return f


def no_result(g, f, why: str) -> None:
    g.say(f"15.{f['n']} {EVENTS[f['n']]['title']} had no result: {why}.", rule=f"15.{f['n']}", kind="result")


class Event(Procedure):
    """One political event. ``begin`` runs the forced part at ``start``; a choice waits at ``choose`` (or a stage
    of the event's own) with the deciding faction as the frame's role."""

    n = 0
    #: The declaration's fields this event reads from its frame (:data:`FIELDS`).
    needs: tuple[str, ...] = ()

    def step(self, g, f):
        if f["stage"] != "start":
            return False
        self.begin(g, f)
        if g.s["flow"] and g.s["flow"][-1] is f and f["stage"] == "start":
            g.end()
        return True

    def begin(self, g, f) -> None:
        """The event's forced part, run once at ``start``; every subclass defines it."""
        raise RulesBugError(f"{self.name} defines no begin")

    def ask(self, f, role: str, stage: str = "choose") -> None:
        f["stage"] = stage
        f["role"] = role

    def text(self, g, f):
        return f"15.{self.n} {EVENTS[self.n]['title']}"

    def explain(self, g, f, verb, arg):
        return self.why(g, f, verb, arg) or f"{verb} is not what 15.{self.n} asks for here (15.{self.n})"

    def why(self, g, f, verb, arg) -> str | None:
        return None


def register(cls):
    """Registers event class *cls* as procedure ``ds.15.N`` and among :data:`REGISTERED`."""
    if cls.n in REGISTERED:
        raise RulesBugError(f"15.{cls.n} is registered twice")
    for name in cls.needs:
        if name not in FIELDS:
            raise RulesBugError(f"15.{cls.n} needs the unknown declaration field {name!r}")
    cls.name = f"ds.15.{cls.n}"
    cls.rule = f"15.{cls.n}"
    REGISTERED[cls.n] = cls
    return procedure(cls)


# -- the fields of the events implemented first ------------------------------------------------------------------

def _neutral(s: dict) -> list[str]:
    return [c for c in sorted(s["countries"]) if s["countries"][c]["status"] == "neutral"]


def _country_refusal(s: dict, arg: str, n: int) -> str:
    c = s["countries"].get(arg)
    if c is None:
        return f"{arg} is not a country of the position (15.{n})"
    return (f"{country_name(s, arg)} is {c['status']}, not Neutral: 15.{n} acts on a Neutral Minor Country "
            f"(ruling R-15-selected)")


COUNTRY = field(Field("country", "country", _neutral, lambda s, v: f"selecting {country_name(s, v)}",
                      _country_refusal))
FACTION = field(Field("faction", "faction", lambda s: list(FACTIONS), lambda s, v: f"[{ROLE_NAMES[v]}]",
                      lambda s, v, n: f"{v} is not a faction: axis, western or soviet (15.{n})"))
CARD = field(Field("card", "card", lambda s: list(DIRECTIVE_CARDS), lambda s, v: f"card {v}",
                   lambda s, v, n: f"{v} is not an Imperial Directive card: 52 to 57 (15.32)"))
