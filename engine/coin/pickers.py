"""Choice procedures many Event texts of the British Way games share: remove pieces, place pieces, choose
spaces one at a time, one choice among fixed options.

A game registers its own subclasses (with its own procedure names); they work on the game's board,
``g.rules.board`` (:class:`engine.coin.board.Board`), and name pieces in orders by the board's words
(``remove lydda underground``, ``place gaza``).

- :class:`Pick` removes up to ``max`` pieces (at least ``min``, 5.1.3) of the given keys from the given spaces,
  at most ``per_space`` from one space, to Available or a box (Prison, out of the game).
- :class:`Put` places up to ``max`` pieces of one kind from Available (1.4.1, 5.1.1) in the given spaces, never
  beyond stacking (1.4.2).
- :class:`Choice` asks for one of fixed options.

(Spaces chosen one at a time, and shifts of levels, are in :mod:`engine.coin.space_choice`.)

:class:`WordedPick`, :class:`WordedPut` and :class:`WordedChoice` add the refusals (each game's
:class:`engine.coin.refusals.Words`, the class's ``words``): the card's count, spaces and pieces, and the frame
limits ``per_space``, ``quota`` (a count per space) and ``max_spaces`` (the number of different spaces used).
The functions :func:`tally`, :func:`counted_prompt` and :func:`owed` are the prompt, text and "what an Event
can do, it must" refusal (5.1.3) of any chooser that counts what it has done against the card's minimum.
"""

from __future__ import annotations

from ..core import notation
from ..core.errors import Refusal
from ..core.flow import Context, Procedure
from .refusals import Words
from .wording import side_name

notation.declare(__name__, {"remove", "place", "done"})

DEST_NAME = {"available": "Available", "prison": "Prison", "removed": "out of the game", "out_of_play": "Out of Play",
             "tegart": "the Tegart Forts card"}


def pick_frame(keys: list[str], *, spaces: list[str] | None = None, max: int = 1, min: int = 0,
               per_space: int | None = None, dest: str = "available", rule: str = "", label: str = "",
               **extra) -> dict:
    """Locals of a Pick frame (see the module docstring); *extra* is kept for a subclass's hooks."""
    return dict(keys=keys, spaces=spaces, max=max, min=min, per_space=per_space, dest=dest, rule=rule,
                label=label, taken=0, per={}, **extra)


def put_frame(piece: str, *, spaces: list[str], max: int = 1, per_space: int | None = None, min: int = 0,
              rule: str = "", label: str = "") -> dict:
    """Locals of a Put frame."""
    return dict(piece=piece, spaces=spaces, max=max, per_space=per_space, min=min, rule=rule, label=label,
                taken=0, per={})


# -- what counting choosers say ------------------------------------------------------------------------------

def who(f: dict) -> str:
    """``EOKA (Radio Athens)``: the faction deciding and the card's label."""
    return f"{side_name(f['role'])} ({f['label']})"


def tally(head: str, n: int, least: int, most: int, *, unit: str = "", due: str | None = None) -> str:
    """*head* with the count so far: ``(1 of 2)`` while the card still demands more (5.1.3: ``done`` is not
    offered then; *due*, else *unit*, after it), else ``(2 of up to 3), or done`` (*unit* after the count)."""
    if n < least:
        return f"{head} ({n} of {least}{unit if due is None else due})"
    return f"{head} ({n} of up to {most}{unit}), or done"


def count_text(f: dict, doing: str, what: str = "a piece") -> str:
    """``remove a piece (0 of 2 to remove)`` while the card still demands pieces, else ``(1 of up to 3), or
    done``."""
    return tally(f"{who(f)}: {doing} {what}", f["taken"], f["min"], f["max"], due=f" to {doing}")


def counted_prompt(verb: str, opts: list[str], n: int, least: int) -> dict[str, list[str]]:
    """*verb* with its options, and ``done`` once *least* are done (*n* so far) or nothing is left (5.1.3)."""
    out = {verb: opts} if opts else {}
    if n >= least or not opts:
        out["done"] = []
    return out


def owed(words: Words, f: dict, what: str) -> Refusal:
    """The refusal of ``done`` while the card's count (*what*: what it demands and has done) can still be
    met: what an Event can do, it must (5.1.3)."""
    return words.because(f"{what}: what an Event can do, it must", f"{f['rule']}, 5.1.3")


def done_refusal(words: Words, f: dict, doing: str, opts: list) -> Refusal | None:
    """``done`` before the card's ``min`` while something is left to do (5.1.3)."""
    if f["taken"] < f["min"] and opts:
        return owed(words, f, f"the card {doing}s {f['min']} piece(s) where it can, and {f['taken']} {doing}d so far")
    return None


def space_room(f: dict, sid: str) -> bool:
    """Whether *sid* may still be used: its ``per_space`` count (or ``quota[sid]``) not reached and, with
    ``max_spaces``, a space already used or room for one more."""
    used = f["per"]
    if f["per_space"] is not None and used.get(sid, 0) >= f["per_space"]:
        return False
    if f.get("quota") is not None and used.get(sid, 0) >= f["quota"].get(sid, 0):
        return False
    return f.get("max_spaces") is None or sid in used or len(used) < f["max_spaces"]


def space_limit_refusal(words: Words, f: dict, sid: str) -> Refusal | None:
    """The card's limits on one space (``per_space``, ``quota``) and on the number of spaces (``max_spaces``),
    or ``None``."""
    rule, used, name = f["rule"], f["per"], words.board.name(sid)
    if f["per_space"] is not None and used.get(sid, 0) >= f["per_space"]:
        return words.because(f"{used[sid]} piece(s) in {name} already, the most the card allows in one space", rule)
    if f.get("quota") is not None and used.get(sid, 0) >= f["quota"].get(sid, 0):
        return words.because(f"{used.get(sid, 0)} piece(s) in {name} already, the {f['quota'].get(sid, 0)} the card "
                             "places there", rule)
    if f.get("max_spaces") is not None and sid not in used and len(used) >= f["max_spaces"]:
        return words.because(f"the card uses at most {f['max_spaces']} space(s), and has used "
                             f"{words.names(list(used))}", rule)
    return None


# -- the procedures ---------------------------------------------------------------------------------------------

class Choice(Procedure):
    """One choice among fixed options (frame locals ``verb``, ``options``, ``ask``, ``rule``, ``label``);
    the option chosen goes back to the caller as ``ret``."""

    def prompt(self, g, f):
        return {f["verb"]: list(f["options"])}

    def text(self, g, f):
        return f"{who(f)}: {f['ask']}"

    def rule_for(self, g, f):
        return f["rule"]

    def act(self, g, f, verb, arg):
        g.end(arg)


class Chooser(Procedure):
    """What Pick and Put share: one piece a time, ``min`` before ``done``, ending when nothing is left."""

    verb = ""
    doing = ""

    def options(self, g: Context, f: dict) -> list[str]:
        return []

    def room(self, f: dict, sid: str) -> bool:
        """Whether the card may still use *sid* (its ``per_space``)."""
        return f["per_space"] is None or f["per"].get(sid, 0) < f["per_space"]

    def prompt(self, g, f):
        return counted_prompt(self.verb, self.options(g, f), f["taken"], f["min"])

    def text(self, g, f):
        return f"{who(f)}: {self.doing} a piece ({f['taken']} of up to {f['max']}), or done"

    def rule_for(self, g, f):
        return f["rule"]

    def act(self, g, f, verb, arg):
        if verb == "done":
            f["over"] = True
            return
        sid = arg.split(" ")[0]
        f["taken"] += 1
        f["per"][sid] = f["per"].get(sid, 0) + 1
        self.take(g, f, arg)

    def take(self, g: Context, f: dict, arg: str) -> None:
        """Moves the one piece *arg* names."""

    def step(self, g, f):
        if f.get("over") or not self.options(g, f):
            g.end()
            return True
        return False


class Pick(Chooser):
    verb = "remove"
    doing = "remove"
    #: How the log names where a removed piece goes (a game adds its own boxes).
    dest_names = DEST_NAME

    def keys_now(self, f: dict) -> list[str]:
        """The keys the card may still remove."""
        return f["keys"]

    def options(self, g, f):
        if f["taken"] >= f["max"]:
            return []
        board = g.rules.board
        keys = self.keys_now(f)
        out = []
        for sid in board.spaces if f["spaces"] is None else f["spaces"]:
            if not self.room(f, sid):
                continue
            x = board.sp(g, sid)
            out += [f"{sid} {board.word_of_key[k]}" for k in keys if x[k]]
        return out

    def take(self, g, f, arg):
        board = g.rules.board
        sid, word = arg.split(" ")
        key = board.key_of_word[word]
        board.remove(g, sid, key, 1, to=f["dest"])
        g.say(f"{f['label']}: {board.named(key)} in {board.name(sid)} was removed to "
              f"{self.dest_names[f['dest']]}.", faction=f["role"], rule=f["rule"])
        self.removed(g, f, key)

    def removed(self, g: Context, f: dict, key: str) -> None:
        """Called after each piece is removed (a game's extra effect of the text)."""


class Put(Chooser):
    verb = "place"
    doing = "place"

    def fits(self, g: Context, f: dict, sid: str) -> bool:
        """Whether one piece could go to *sid* now: one is Available (1.4.1, 5.1.1) and stacking allows it
        (1.4.2)."""
        return bool(g.s["available"][f["piece"]]) and g.rules.board.room(g, sid, f["piece"]) != 0

    def options(self, g, f):
        if f["taken"] >= f["max"]:
            return []
        return [sid for sid in f["spaces"] if self.room(f, sid) and self.fits(g, f, sid)]

    def take(self, g, f, arg):
        board = g.rules.board
        board.place(g, arg, f["piece"], 1)
        g.say(f"{f['label']}: placed {board.pieces[f['piece']].named()} in {board.name(arg)}.",
              faction=f["role"], rule=f["rule"])


# -- with a game's refusal words ----------------------------------------------------------------------------

class Worded:
    """The refusals of a Pick or Put (see the module) in the game's :attr:`words`: ``done`` before the card's
    ``min`` (5.1.3), another order, the card's ``max``; then :meth:`refusal` for the argument. The card's
    ``per_space``, ``quota`` and ``max_spaces`` limit the spaces (:func:`space_room`)."""

    words: Words
    verb: str
    doing: str

    def explain(self, g, f, verb, arg):
        """Why *verb arg* is refused (the tests of ``options``)."""
        opts = self.options(g, f)
        if verb == "done":
            return done_refusal(self.words, f, self.doing, opts)
        if verb != self.verb or arg is None or arg in opts:
            return None
        if f["taken"] >= f["max"]:
            return self.words.because(f"the card {self.doing}s up to {f['max']} piece(s), and has {self.doing}d them",
                                      f["rule"])
        return self.refusal(g, f, arg)

    def room(self, f, sid):
        """Whether the card may still use *sid*: its ``per_space``, ``quota`` and ``max_spaces``."""
        return space_room(f, sid)

    def refusal(self, g: Context, f: dict, arg: str):
        """Why *arg*, not among the options, is refused."""
        return None

    def text(self, g, f):
        return count_text(f, self.doing)


class WordedPick(Worded, Pick):
    """A :class:`Pick` with its refusals: the order's form, the card's spaces and pieces, then
    :meth:`piece_refusal`."""

    def refusal(self, g, f, arg):
        W, rule = self.words, f["rule"]
        words = W.parts(arg, 2)
        shape = "|".join(W.board.word_of_key[k] for k in f["keys"])
        if words is None or W.piece_key(words[1]) is None:
            return W.form("remove", f"SPACE {shape}", arg, rule)
        sid, key = words[0], W.piece_key(words[1])
        if not W.is_space(sid):
            return W.not_a_space(sid)
        if f["spaces"] is not None and sid not in f["spaces"]:
            return W.because(f"{W.board.name(sid)} is not among the spaces the card removes from "
                             f"({W.names(f['spaces'])})", rule)
        if key not in f["keys"]:
            wanted = W.names(sorted({W.nouns[k][1] for k in f["keys"]}), plain=True, joint="or")
            return W.because(f"the card removes {wanted}, not {W.nouns[key][1]}", rule)
        return self.piece_refusal(g, f, sid, key)

    def piece_refusal(self, g: Context, f: dict, sid: str, key: str):
        """Why a piece of *key* in *sid*, one the card removes from a space it names, is refused: the card's
        limits on the space, else none there."""
        return space_limit_refusal(self.words, f, sid) or self.words.because(
            f"{self.words.has(g, sid, key)} to remove", f["rule"])


class WordedPut(Worded, Put):
    """A :class:`Put` with its refusals: a space of the map, one the card names, then :meth:`space_refusal`."""

    def refusal(self, g, f, arg):
        W = self.words
        if not W.is_space(arg):
            return W.not_a_space(arg)
        if arg not in f["spaces"]:
            return W.because(f"{W.board.name(arg)} is not among the spaces the card places in "
                             f"({W.names(f['spaces'])})", f["rule"])
        return self.space_refusal(g, f, arg)

    def space_refusal(self, g: Context, f: dict, sid: str):
        """Why *sid*, a space the card names, is refused: the card's limits on it (a game adds what is left
        to place and stacking)."""
        return space_limit_refusal(self.words, f, sid)


class WordedChoice(Choice):
    """A :class:`Choice` with its refusals in the game's :attr:`words`; with ``optional`` (a text's "may") the
    player may answer ``done``, which comes back as ``None``. Where every option is a space, one refused gets
    the card's own reason when the frame names one (``why``, a key of :attr:`reasons`: ``(g, f, sid) ->
    refusal or None``)."""

    words: Words
    reasons: dict = {}

    def prompt(self, g, f):
        out = {f["verb"]: list(f["options"])}
        if f.get("optional"):
            out["done"] = []
        return out

    def explain(self, g, f, verb, arg):
        W = self.words
        if verb == "done" and not f.get("optional"):
            return W.because(f"the card's text must be carried out: {f['ask']}", f"{f['rule']}, 5.1.3")
        if verb != f["verb"] or arg is None or arg in f["options"]:
            return None
        spaces = all(W.is_space(o) for o in f["options"])
        if spaces and not W.is_space(arg):
            return W.not_a_space(arg)
        own = self.reasons[f["why"]](g, f, arg) if spaces and f.get("why") else None
        if own:
            return own
        named = W.names(f["options"]) if spaces else W.names(list(f["options"]), plain=True, joint="or")
        return W.because(f"{arg!r} is not a choice here: it is one of {named} ({f['ask']})", f["rule"])

    def act(self, g, f, verb, arg):
        g.end(None if verb == "done" else arg)


class Reasons(dict):
    """A game's Event cards' own reasons why a space is not among a choice's options, by name (a
    :class:`WordedChoice`'s ``reasons``; ``choose(..., why=NAME)``): a function ``(g, f, sid) -> refusal or
    None`` stating the card's condition with the facts of the space. Frames hold the name only, so that they
    stay plain data."""

    def register(self, name: str):
        """Registers a card's reason under *name*."""

        def deco(fn):
            self[name] = fn
            return fn

        return deco
