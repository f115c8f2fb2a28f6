"""The state machine: procedures on a stack of frames that live in the state (DESIGN.md section 3).

A frame is a plain dict ``{"p": name, "role": role, ...locals}``. The frame on top is the decision the
game waits for. Each procedure (a box of the flow chart) lists its legal actions in :meth:`Procedure.prompt`
and carries them out in :meth:`Procedure.act`; :meth:`Procedure.step` makes automatic progress (returns
``True`` when it changed something) so that, after each action, the machine runs until some role must
choose. Because the continuation is data, a game waiting in the middle of an Event can be saved as JSON
and resumed days later.
"""

from __future__ import annotations

from typing import Any, ClassVar

from .chance import Recorder
from .citing import cite
from .errors import RulesBugError
from .notation import within

#: Every procedure loaded, by name, with the module that defines it. A game sees only its own packages'
#: (``ProcedureTable``), so two games may use one name.
_CATALOG: dict[str, list[tuple[str, Procedure]]] = {}

#: Upper bound on automatic steps after one action; more means a loop in the rules code.
MAX_AUTO_STEPS = 10_000


def procedure(cls):
    """Class decorator: catalogues one instance of *cls* under ``cls.name`` and its module."""
    entries = _CATALOG.setdefault(cls.name, [])
    if any(mod == cls.__module__ for mod, _ in entries):
        raise RulesBugError(f"procedure {cls.name!r} registered twice in {cls.__module__}")
    entries.append((cls.__module__, cls()))
    return cls


class ProcedureTable(dict):
    """The procedures of one game: those defined in its packages (its own and the layers it builds on,
    such as ``engine.coin``). A name is looked up in the catalogue once, then kept in the table itself (a
    dict, so the lookups of every step cost one dict access)."""

    def __init__(self, packages: tuple[str, ...]):
        super().__init__()
        self.packages = packages

    def __missing__(self, name: str) -> Procedure:
        mine = [inst for mod, inst in _CATALOG.get(name, ()) if within(mod, self.packages)]
        if len(mine) != 1:
            raise KeyError(name) if not mine else RulesBugError(
                f"procedure {name!r} is defined twice in {', '.join(self.packages)}")
        self[name] = mine[0]
        return mine[0]

    def __contains__(self, name: object) -> bool:
        if dict.__contains__(self, name):
            return True
        try:
            self[name]
        except KeyError:
            return False
        return True

    def get(self, name, default=None):
        try:
            return self[name]
        except KeyError:
            return default

    def names(self) -> set[str]:
        return {n for n, entries in _CATALOG.items() if any(within(mod, self.packages) for mod, _ in entries)}


def forget(module: str) -> None:
    """Takes the procedures of *module* out of the catalogue (a plug-in unloaded, as its test does)."""
    for name in list(_CATALOG):
        _CATALOG[name] = [(mod, inst) for mod, inst in _CATALOG[name] if mod != module]
        if not _CATALOG[name]:
            del _CATALOG[name]


#: What a context without a game (a setup's first steps, before the state names its game) sees.
EVERY_PROCEDURE = ProcedureTable(("",))


class Procedure:
    """One box of the flow chart. Subclasses set ``name`` and ``rule`` and override the hooks."""

    name: ClassVar[str] = ""
    rule: ClassVar[str] = ""

    def prompt(self, g: Context, f: dict) -> dict[str, list[str]]:
        """Legal actions now: ``{verb: [args]}``; an empty list means the verb takes no argument."""
        return {}

    def text(self, g: Context, f: dict) -> str:
        """One line saying what the role is asked to decide."""
        return self.name.replace("_", " ")

    def act(self, g: Context, f: dict, verb: str, arg: str | None) -> None:
        raise RulesBugError(f"{self.name} has no handler for {verb!r}")

    def step(self, g: Context, f: dict) -> bool:
        """Automatic progress; return ``True`` if the stack or frame changed."""
        return False

    def explain(self, g: Context, f: dict, verb: str, arg: str | None) -> str | None:
        """Why *verb arg* is refused here, where a more precise reason than "not legal" is known."""
        return None

    def rule_for(self, g: Context, f: dict) -> str:
        return f.get("rule") or self.rule

    def respell(self, g: Context, f: dict, verb: str, arg: str | None) -> str | None:
        """The argument *arg* written the way the prompt lists it, where the procedure once took, or still
        accepts, another order of the same words (docs/orders.md: one order for every verb); ``None``
        otherwise. Asked only of an order not in the legal list, so games saved under the old spelling
        replay and a player who writes the old order is understood."""
        return None


class Context:
    """A working state plus what one action produces: log entries and chance outcomes.

    Handlers change ``g.s`` in place; the caller decides whether that is a copy.
    """

    __slots__ = ("s", "chance", "rules", "procs", "log", "checkpoint", "legal", "batch")

    def __init__(self, state: dict, chance: Recorder, rules: Any, procs: ProcedureTable | None = None):
        self.s = state
        self.chance = chance
        self.rules = rules
        if procs is None:
            from .game import REGISTRY
            defn = REGISTRY.get(state.get("game"))
            procs = defn.procedures if defn is not None else EVERY_PROCEDURE
        self.procs = procs
        self.log: list[dict] = []
        self.checkpoint = False
        #: The legal actions of the top frame as its prompt just listed them, while a caller holds them
        #: (``engine.api``: the prompt's text may read them instead of working them out again); else None.
        self.legal: dict[str, list[str]] | None = None
        #: The spaces changed during a simultaneous move, whose after-change hooks wait for its end
        #: (``engine.coin.board.Board.together``); ``None`` outside one.
        self.batch: set[str] | None = None

    def offers(self, verb: str, test) -> bool:
        """Whether the top frame's prompt offers *verb*: read from :attr:`legal` while a caller holds the
        prompt (a text written beside it), else *test()*, the procedure's own yes/no question."""
        return verb in self.legal if self.legal is not None else test()

    def prompted(self, proc: Procedure, f: dict) -> dict[str, list[str]]:
        """The legal actions of *f*: :attr:`legal` while a caller holds them, else *proc*'s prompt."""
        return self.legal if self.legal is not None else proc.prompt(self, f)

    # -- frames ------------------------------------------------------------------------------------
    @property
    def frames(self) -> list[dict]:
        return self.s["flow"]

    def top(self) -> dict | None:
        return self.s["flow"][-1] if self.s["flow"] else None

    def call(self, name: str, role: str, **local: Any) -> dict:
        """Pushes a frame for procedure *name*; it runs before the caller resumes."""
        try:
            self.procs[name]  # ``in``, without ProcedureTable.__contains__'s call: a name is looked up once
        except KeyError:
            raise RulesBugError(f"unknown procedure {name!r}") from None
        frame = {"p": name, "role": role, **local}
        self.s["flow"].append(frame)
        return frame

    def goto(self, name: str, role: str, **local: Any) -> dict:
        """Replaces the top frame by a new one."""
        self.s["flow"].pop()
        return self.call(name, role, **local)

    def end(self, result: Any = None) -> None:
        """Pops the top frame; *result* is left in the caller's frame under ``"ret"``."""
        self.s["flow"].pop()
        if result is not None and self.s["flow"]:
            self.s["flow"][-1]["ret"] = result

    # -- log ---------------------------------------------------------------------------------------
    def say(self, text: str, faction: str | None = None, rule: str | None = None, kind: str = "action",
            to: str | None = None, **refs: Any) -> None:
        """Appends a structured log entry (past tense, DESIGN.md section 3). *to*: the one role that may read it
        (what happens inside a stack the others may not see: ``engine.log_for`` keeps it from them)."""
        entry: dict[str, Any] = {"kind": kind, "text": text}
        if faction:
            entry["faction"] = faction
        if to:
            entry["to"] = to
        if rule:
            entry["rule"] = cite(self.rules, rule) if getattr(self.rules, "renumber", None) else rule
        if refs:
            entry["refs"] = refs
        self.log.append(entry)

    # -- chance ------------------------------------------------------------------------------------
    def roll(self, label: str, sides: int = 6) -> int:
        self.checkpoint = True
        return self.chance.roll(label, sides)

    def draw(self, items: list, label: str):
        self.checkpoint = True
        return self.chance.draw(items, label)

    def shuffle(self, items: list, label: str) -> list:
        self.checkpoint = True
        return self.chance.shuffle(items, label)

    def reveal(self, value, label: str) -> None:
        """Hidden information becomes public (a card is revealed): binding, like a die (DESIGN.md 4.3)."""
        self.chance.reveal(value, label)
        self.checkpoint = True

    # -- running -----------------------------------------------------------------------------------
    def settle(self) -> None:
        """Runs automatic steps until a role must decide or the game is over."""
        flow, procs = self.s["flow"], self.procs
        left = MAX_AUTO_STEPS  # a count, not a range: most actions settle in a few steps
        while flow:
            f = flow[-1]
            if not procs[f["p"]].step(self, f):
                return
            left -= 1
            if not left:
                raise RulesBugError("automatic steps did not settle (a loop in the rules code)")

    def proc(self, frame: dict) -> Procedure:
        """The procedure of *frame*, among this game's."""
        return self.procs[frame["p"]]


class Script(Procedure):
    """A procedure that runs the methods named in ``script`` one after another.

    Each method may push procedures (a choice for some role); the next method runs only once they have
    ended, so "shift the track, then remove pieces" waits for any choice the shift asked for. The
    program counter ``pc`` lives in the frame. A method may end the script early by setting
    ``f["pc"] = len(self.script)``. Nothing runs once the game is over.
    """

    script: ClassVar[tuple[str, ...]] = ()

    def step(self, g: Context, f: dict) -> bool:
        if g.s.get("outcome"):
            return False
        pc = f.get("pc", 0)
        if pc >= len(self.script):
            g.end()
            return True
        f["pc"] = pc + 1
        getattr(self, self.script[pc])(g, f)
        return True
