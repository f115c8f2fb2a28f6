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
from .core import canonical, grammar, notation, ruling_choice
from .core.chance import Chance, NoChance, Recorder
from .core.citing import cite, cite_text
from .core.errors import (
    IllegalActionError,
    InvalidActionError,
    NotYourTurnError,
    RulesBugError,
    forbidding_rule,
)
from .core.flow import Context
from .core.game import REGISTRY, GameDefinition

#: The chance source of a step that may not use chance (a prompt, a view, a parse): stateless, so shared;
#: so is its recorder, which refuses before it records anything.
_NO_CHANCE = NoChance()
_NO_RECORDER = Recorder(_NO_CHANCE)


@dataclass(slots=True)
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
    """Slugs, titles, roles, scenarios and options of every game declared (``engine.plugins``), by slug: the
    same order whichever game a process imported first."""
    return [d.describe() for _, d in sorted(plugins.load().items())]


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


#: The option that starts a game from a position file instead of the scenario's setup (docs/positions.md).
POSITION = "position"


def setup(game: str, scenario: str, options: dict | None, chance: Chance) -> dict:
    """A new game's state. *chance* decides only what the rules reveal at setup: no hidden order is dealt
    (engine.coin.deck: the first card is drawn as it is revealed). The option ``position`` starts the game
    from a position file (the game's ``GameDefinition.position``; docs/positions.md) instead of the setup."""
    return start(game, scenario, options, chance).state


def start(game: str, scenario: str, options: dict | None, chance: Chance) -> Step:
    """:func:`setup`, with the log and outcomes of the automatic steps run to reach the first decision.

    :raises InvalidActionError: an unknown scenario or option; ``PositionError`` (engine.coin.position) with
        every fault of a position refused.
    """
    defn = definition(game)
    if scenario not in defn.scenarios:
        raise InvalidActionError(f"unknown scenario {scenario!r} for {game}; scenarios are: "
                                 f"{', '.join(defn.scenarios)}")
    options = dict(options or {})
    position = options.pop(POSITION, None)
    if position is not None:
        if defn.position is None:
            raise InvalidActionError(f"{game} takes no position files")
        faults = defn.position.validate(position)
        if faults:
            from .coin.position import PositionError
            raise PositionError(faults)
        if position.get("scenario", "standard") != scenario:
            raise InvalidActionError(f"the position is for scenario {position.get('scenario', 'standard')!r}, "
                                     f"not {scenario!r}")
        options = {**position.get("options", {}), **options}
    unknown = set(options) - set(defn.options)
    if unknown:
        raise InvalidActionError(f"unknown options {sorted(unknown)}; options are: {sorted(defn.options)}")
    choices = ruling_choice.check(defn.rulings(), options["rulings"]) if "rulings" in options else None
    g = Context({"flow": []}, Recorder(chance), defn.rules, defn.procedures)
    if position is not None:
        state = defn.position.build(position, g, scenario, options)
    else:
        state = defn.setup(scenario, options, g)
    state["rules_version"] = defn.rules_version  # every game records its edition (engine.versions)
    if choices:
        state["rulings"] = choices  # the umpire's readings where a ruling offers a choice (ruling_choice)
    g.s = state
    g.settle()
    state.setdefault("seq", 0)
    return Step(state, g.log, g.chance.outcomes, g.checkpoint)


def _context(state: dict, chance: Chance | None, defn: GameDefinition | None = None) -> Context:
    """The working context of one step; *defn* when the caller looked the game up already (once a step)."""
    defn = defn or definition(state["game"])
    return Context(state, Recorder(chance) if chance else _NO_RECORDER, defn.rules, defn.procedures)


def restore(game: str, options: dict | None) -> None:
    """Re-establishes in this process what *game*'s creation *options* hold outside its state (a data pack the
    state names by its digest: ``GameDefinition.restore``), before a game read from a file is played here."""
    defn = definition(game)
    if defn.restore is not None and options:
        defn.restore(options)


def open_prompt(game: str, prompt: dict | None, viewer: str | None) -> dict | None:
    """*prompt* (a role's, :func:`prompt`) as *viewer* (another seat, the umpire or the public: None) may see it:
    whole for the role itself, and for everyone in a game whose prompts hold nothing hidden (the pages and the
    mail show who is awaited and with what); for a game whose prompts name what the others may not see
    (``GameDefinition.open_prompts`` False), the others see only who is awaited and the rule."""
    if prompt is None or viewer == prompt["role"] or definition(game).open_prompts:
        return prompt
    return {"role": prompt["role"], "rule": prompt.get("rule") or "",
            "text": f"waiting for {definition(game).role_name(prompt['role'])}", "actions": {}}


def log_for(entries: list[dict], viewer: str | None) -> list[dict]:
    """The log *entries* *viewer* (a role, ``umpire``, or None for the public) may read: all but the entries
    written to another role alone (``Context.say(..., to=role)``: hidden information)."""
    return [e for e in entries if not e.get("to") or viewer in (e["to"], "umpire")]


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
    return g.proc(f).prompt(g, f)


def prompt(state: dict, role: str) -> dict | None:
    """What *role* is asked now: text, rule and legal actions; ``None`` if it is not its decision."""
    if role not in active_roles(state):
        return None
    return _prompt(_context(state, None), role)


def _prompt(g: Context, role: str) -> dict:
    f = g.s["flow"][-1]  # a role decides, so the stack holds its frame (Context.top, Context.proc inline)
    p = g.procs[f["p"]]
    actions = g.legal = p.prompt(g, f)  # the text may read them (Context.legal)
    return {"role": role, "text": p.text(g, f), "rule": cite(g.rules, p.rule_for(g, f)), "actions": actions}


def apply_in_place(state: dict, role: str, action: str, chance: Chance | None, *,
                   legal: dict[str, list[str]] | None = None) -> Step:
    """Applies *action* to *state* itself (the caller owns a working copy).

    *legal*: the legal actions of this very position, as :func:`legal_actions`, :func:`prompt`,
    :func:`view` or :func:`parse_legal` just gave them for *state*, unchanged since: the action is checked
    against them rather than working them out a second time in the same step (DESIGN.md section 3: legal
    actions stay the single source of legality). Without it they are worked out here.

    :raises NotYourTurnError, IllegalActionError, InvalidActionError: and *state* is left as it was.
    """
    verb, arg = notation.split(action)
    defn = REGISTRY.get(state["game"]) or definition(state["game"])
    flow = state["flow"]
    if state.get("outcome") or not flow or flow[-1]["role"] != role:  # the common case tested inline
        _check_role(state, role, defn)
        raise NotYourTurnError(f"{role} has no decision to make now", legal={})
    g = Context(state, Recorder(chance or _NO_CHANCE), defn.rules, defn.procedures)
    f = flow[-1]
    p = defn.procedures[f["p"]]
    if legal is None:
        legal = p.prompt(g, f)
    args = legal.get(verb)
    ok = args is not None and ((arg is None and not args) or (arg is not None and arg in args))
    if not ok and args and arg is not None:
        again = p.respell(g, f, verb, arg)  # an older order of the same words (Procedure.respell)
        if again is not None and again in args:
            arg, ok = again, True
    if not ok:
        if verb not in defn.verbs:
            raise InvalidActionError(f"{action!r} is not an action: unknown verb {verb!r} ({p.text(g, f)})",
                                     rule=cite(g.rules, p.rule_for(g, f)), legal=legal)
        raise refusal(g, f, p, f"{action!r} is not allowed now", verb, arg, legal)
    p.act(g, f, verb, arg)
    g.settle()
    state["seq"] = state.get("seq", 0) + 1
    if not flow and not state.get("outcome"):
        raise RulesBugError("dead end: nobody may act and the game is not over")
    return Step(state, g.log, g.chance.outcomes, g.checkpoint)


def apply(state: dict, role: str, action: str, chance: Chance | None = None) -> Step:
    """Applies *action* for *role* to a copy of *state*; *state* itself is never changed."""
    return apply_in_place(canonical.copy(state), role, action, chance)


def view(state: dict, role: str) -> dict:
    """Everything *role* may see, and nothing more (deck order and unused cards are hidden).

    The view is read-only: it shares the state's lists and dicts (nothing is copied a step), so it describes
    the position until the next action is applied to *state*. A caller that keeps it past that, or changes
    it, copies it first (``canonical.copy``)."""
    defn = REGISTRY.get(state["game"]) or definition(state["game"])
    if defn.reading is not None:  # the view and the prompt read the state in one stretch (GameDefinition.reading)
        with defn.reading(state):
            return _view(defn, state, role)
    return _view(defn, state, role)


def _view(defn: GameDefinition, state: dict, role: str) -> dict:
    """:func:`view`'s work, for the game of *defn*."""
    v = defn.view(state, role)
    if "game" not in v or "scenario" not in v or "seq" not in v or "outcome" not in v:  # _OPEN_KEYS, inline
        for key in _OPEN_KEYS:  # open in every game: what the generic layers read
            if key not in v:
                v[key] = state.get(key)
    flow = state["flow"]
    if flow and not state.get("outcome"):  # active_roles, inline
        who = flow[-1]["role"]
        v["prompt"] = _prompt(Context(state, _NO_RECORDER, defn.rules, defn.procedures), role) if role == who else None
        v["waiting_for"] = [who]
    else:
        v["prompt"] = None
        v["waiting_for"] = []
    return v


#: The keys every view carries, whatever the game shows (``view``).
_OPEN_KEYS = ("game", "scenario", "seq", "outcome")


def facts(view: dict) -> list[dict]:
    """The game's headline values in *view* (a ``view``), ``[{"label", "value"}]`` with text values
    (``GameDefinition.facts``): what the text board, the PDFs, the mail and the game page print of a
    position, never a key of the game's state. Empty for a game that declares none."""
    defn = definition(view["game"])
    return [{"label": str(f["label"]), "value": str(f["value"])} for f in (defn.facts(view) if defn.facts else [])]


def orders_text(game: str) -> str:
    """How to write orders for *game* (a slug): the one grammar and the game's order words, as mail's HELP
    and the game page show them and docs/orders.md holds them (``engine.core.grammar``)."""
    defn = definition(game)
    return grammar.orders_text(defn.title, defn.orders)


def outcome(state: dict) -> dict | None:
    """``None`` while the game goes on, else ``{"winner": role, "reason": ...}``; ``winner`` is ``None``
    when nobody won (a draw, or a game ended by the umpire)."""
    return state.get("outcome")


def _check_role(state: dict, role: str, defn: GameDefinition | None = None) -> None:
    roles = (defn or definition(state["game"])).roles
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
    return parse_legal(state, role, text)[0]


def parse_legal(state: dict, role: str, text: str) -> tuple[str, dict[str, list[str]]]:
    """:func:`parse`, and the legal actions it matched the order against: hand them to
    :func:`apply_in_place` (``legal=``) to apply the order without working them out again."""
    defn = definition(state["game"])
    _check_role(state, role, defn)
    g = _context(state, None, defn)
    f = g.top()
    p = g.proc(f)
    legal = p.prompt(g, f)
    try:
        return notation.parse_line(text, legal, rule=cite(g.rules, p.rule_for(g, f)), known=defn.verbs), legal
    except IllegalActionError as e:
        verb, _, rest = " ".join(text.split("#", 1)[0].lower().split()).partition(" ")
        again = p.respell(g, f, verb, rest) if rest and verb in legal else None
        if again is not None and again in legal[verb]:  # an older order of the same words (Procedure.respell)
            return f"{verb} {again}", legal
        if verb not in defn.verbs:
            raise IllegalActionError(f"{e.message} ({p.text(g, f)})", rule=e.rule, legal=e.legal) from None
        raise refusal(g, f, p, e.message, verb, rest or None, legal) from None


def explain(g: Context, f: dict, p, verb: str, arg: str | None, legal: dict[str, list[str]]) -> tuple[str, bool]:
    """Why *verb arg* is refused at frame *f*: ``(reason, given)``. The procedure's own reason
    (``Procedure.explain``: the same tests that decide legality, with the facts of the position) when it
    has one (*given*); else what the step takes, so that no refusal is a bare "not allowed now"."""
    reason = p.explain(g, f, verb, arg)
    if reason:
        return reason, True
    if verb not in legal:
        offered = ", ".join(sorted(legal)) or "nothing"
        return f"this step takes only {offered}, not {verb}", False
    args = legal[verb]
    if not args:
        return f"{verb} takes nothing after it here", False
    if arg is None:
        return f"{verb} needs one of: {', '.join(args[:12])}{' ...' if len(args) > 12 else ''}", False
    return f"{arg} is not one of the {len(args)} choice(s) for {verb} here", False


def refusal(g: Context, f: dict, p, what: str, verb: str, arg: str | None,
            legal: dict[str, list[str]]) -> IllegalActionError:
    """The refusal of an order the game knows but does not allow now: *what* (the order as written and
    that it is not allowed), the reason and the rule that forbids it
    (``errors.forbidding_rule`` of the reason, else the rule of the step), with the orders allowed."""
    reason, given = explain(g, f, p, verb, arg, legal)
    rule = (forbidding_rule(reason) if given else None) or p.rule_for(g, f)
    return IllegalActionError(cite_text(g.rules, f"{what}: {reason} ({p.text(g, f)})"), rule=cite(g.rules, rule),
                              legal=legal)


def describe(state: dict, role: str, action: str) -> str:
    """The canonical text line of *action* (``parse`` of it gives *action* back)."""
    verb, arg = notation.split(action)
    return notation.join(verb, arg)


dumps = canonical.dumps
loads = canonical.loads


def order_fixed_by_seed(state: dict) -> bool:
    """Whether *state* holds a hidden order that its seed fixed in advance: a British Way deck shuffled
    whole at setup and stored as a list, as older games hold it (``engine.coin.deck.is_legacy``). Such a
    game's future cards are known to whoever knows its seed, so it cannot go on fairly once the seed is
    revealed. Other games draw each card when the rules reveal it and store no order."""
    return isinstance(state.get("deck"), list)
