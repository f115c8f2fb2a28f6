"""The engine contract (DESIGN.md section 3): pure functions over plain-data states.

>>> import engine
>>> from engine.core.chance import SeededChance
>>> s = engine.setup("palestine", "standard", {}, SeededChance(1))
>>> engine.active_roles(s)
['irgun']
>>> sorted(engine.legal_actions(s, "irgun"))
['box']
"""

from __future__ import annotations

from dataclasses import dataclass, field

from . import plugins
from .core import canonical, notation, ruling_choice
from .core.chance import Chance, Recorder
from .core.errors import (
    IllegalActionError,
    InvalidActionError,
    NotYourTurnError,
    RulesBugError,
)
from .core.flow import Context, proc_of
from .core.game import REGISTRY, GameDefinition


@dataclass
class Step:
    """What one accepted action produced.

    :ivar state: the new state.
    :ivar log: structured log entries, in order.
    :ivar outcomes: chance outcomes, in the order produced.
    :ivar checkpoint: ``True`` when chance was used (the action is binding once produced).
    """

    state: dict
    log: list[dict] = field(default_factory=list)
    outcomes: list[dict] = field(default_factory=list)
    checkpoint: bool = False


def games() -> list[dict]:
    """Slugs, titles, roles, scenarios and options of every game declared (``engine.plugins``)."""
    return [d.describe() for d in plugins.load().values()]


def definition(game: str) -> GameDefinition:
    """The definition of *game* (a slug), from the games declared as plug-ins (``engine.plugins``)."""
    try:
        return REGISTRY[game]
    except KeyError:
        pass
    known = plugins.load()
    if game in known:
        return known[game]
    raise InvalidActionError(f"unknown game {game!r}; games are: {', '.join(sorted(known))}")


def setup(game: str, scenario: str, options: dict | None, chance: Chance) -> dict:
    """A new game's state. *chance* decides only what the rules reveal at setup: no hidden order is dealt
    (issue 22; the first card is drawn as it is revealed)."""
    defn = definition(game)
    if scenario not in defn.scenarios:
        raise InvalidActionError(f"unknown scenario {scenario!r} for {game}; scenarios are: "
                                 f"{', '.join(defn.scenarios)}")
    options = dict(options or {})
    unknown = set(options) - set(defn.options)
    if unknown:
        raise InvalidActionError(f"unknown options {sorted(unknown)}; options are: {sorted(defn.options)}")
    choices = ruling_choice.check(defn.rulings(), options["rulings"]) if "rulings" in options else None
    g = Context({"flow": []}, Recorder(chance), defn.rules)
    state = defn.setup(scenario, options, g)
    state["rules_version"] = defn.rules_version  # every game records its edition (engine.versions)
    if choices:
        state["rulings"] = choices  # the umpire's readings where a ruling offers a choice (ruling_choice)
    g.s = state
    g.settle()
    state.setdefault("seq", 0)
    return state


def _context(state: dict, chance: Chance | None) -> Context:
    from .core.chance import NoChance
    return Context(state, Recorder(chance or NoChance()), definition(state["game"]).rules)


def active_roles(state: dict) -> list[str]:
    """The roles that must decide now (at most one in these games); empty once the game is over."""
    if state.get("outcome"):
        return []
    f = state["flow"][-1] if state["flow"] else None
    return [f["role"]] if f else []


def legal_actions(state: dict, role: str) -> dict[str, list[str]]:
    """``{verb: [args]}`` for *role*; empty if it is not this role's decision."""
    if role not in active_roles(state):
        return {}
    g = _context(state, None)
    f = g.top()
    return proc_of(f).prompt(g, f)


def prompt(state: dict, role: str) -> dict | None:
    """What *role* is asked now: text, rule and legal actions; ``None`` if it is not its decision."""
    if role not in active_roles(state):
        return None
    g = _context(state, None)
    f = g.top()
    p = proc_of(f)
    return {"role": role, "text": p.text(g, f), "rule": p.rule_for(g, f), "actions": p.prompt(g, f)}


def apply_in_place(state: dict, role: str, action: str, chance: Chance | None) -> Step:
    """Applies *action* to *state* itself (the caller owns a working copy).

    :raises NotYourTurnError, IllegalActionError, InvalidActionError: and *state* is left as it was.
    """
    verb, arg = notation.split(action)
    _check_role(state, role)
    g = _context(state, chance)
    f = g.top()
    p = proc_of(f)
    legal = p.prompt(g, f)
    ok = verb in legal and ((arg is None and not legal[verb]) or (arg is not None and arg in legal[verb]))
    if not ok:
        reason = p.explain(g, f, verb, arg)
        known = verb in notation.VERBS
        err = IllegalActionError if known else InvalidActionError
        what = f"{action!r} is not allowed now" if known else f"{action!r} is not an action: unknown verb {verb!r}"
        raise err(f"{what}{': ' + reason if reason else ''} ({p.text(g, f)})", rule=p.rule_for(g, f),
                  legal=legal)
    p.act(g, f, verb, arg)
    g.settle()
    state["seq"] = state.get("seq", 0) + 1
    if not state.get("outcome") and not active_roles(state):
        raise RulesBugError("dead end: nobody may act and the game is not over")
    return Step(state, g.log, g.chance.outcomes, g.checkpoint)


def apply(state: dict, role: str, action: str, chance: Chance | None = None) -> Step:
    """Applies *action* for *role* to a copy of *state*; *state* itself is never changed."""
    return apply_in_place(canonical.copy(state), role, action, chance)


def view(state: dict, role: str) -> dict:
    """Everything *role* may see, and nothing more (deck order and unused cards are hidden)."""
    v = definition(state["game"]).view(state, role)
    v["prompt"] = prompt(state, role)
    v["waiting_for"] = active_roles(state)
    return v


def outcome(state: dict) -> dict | None:
    """``None`` while the game goes on, else ``{"winner": role, "reason": ...}``."""
    return state.get("outcome")


def _check_role(state: dict, role: str) -> None:
    roles = definition(state["game"]).roles
    if role not in roles:
        raise InvalidActionError(f"{role!r} is not a role of this game; roles are: {', '.join(roles)}")
    if state.get("outcome"):
        raise IllegalActionError("the game is over", legal={})
    active = active_roles(state)
    if role not in active:
        raise NotYourTurnError(f"{role} has no decision to make now; waiting for {', '.join(active)}",
                               legal={})


def parse(state: dict, role: str, text: str) -> str:
    """One text order -> one legal action for *role* in the current position.

    A refusal carries the reason the procedure gives (``explain``), as :func:`apply` does.
    """
    _check_role(state, role)
    g = _context(state, None)
    f = g.top()
    p = proc_of(f)
    try:
        return notation.parse_line(text, p.prompt(g, f), rule=p.rule_for(g, f))
    except IllegalActionError as e:
        verb, _, rest = " ".join(text.split("#", 1)[0].lower().split()).partition(" ")
        reason = p.explain(g, f, verb, rest or None) if verb in notation.VERBS else None
        raise IllegalActionError(f"{e.message}{': ' + reason if reason else ''} ({p.text(g, f)})",
                                 rule=e.rule, legal=e.legal) from None


def describe(state: dict, role: str, action: str) -> str:
    """The canonical text line of *action* (``parse`` of it gives *action* back)."""
    verb, arg = notation.split(action)
    return notation.join(verb, arg)


dumps = canonical.dumps
loads = canonical.loads


def order_fixed_by_seed(state: dict) -> bool:
    """Whether *state* holds a hidden order that its seed fixed in advance: a British Way deck shuffled
    whole at setup, as games made before issue 22 stored it (``engine.coin.deck.is_legacy``). Such a game's
    future cards are known to whoever knows its seed, so it cannot go on fairly once the seed is revealed.
    Games made since draw each card when the rules reveal it and store no order."""
    return isinstance(state.get("deck"), list)
