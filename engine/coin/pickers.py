"""Choice procedures many Event texts of the British Way games share: remove pieces, place pieces.

A game registers its own subclasses (with its own procedure names) of :class:`Pick` and :class:`Put`;
both work on the game's board, ``g.rules.board`` (:class:`engine.coin.board.Board`), and name pieces in
orders by the board's words (``remove lydda underground``, ``place gaza``).

- Pick removes up to ``max`` pieces (at least ``min``, 5.1.3) of the given keys from the given spaces, at
  most ``per_space`` from one space, to Available or a box (Prison, out of the game).
- Put places up to ``max`` pieces of one kind from Available (1.4.1, 5.1.1) in the given spaces, never
  beyond stacking (1.4.2).
"""

from __future__ import annotations

from ..core import notation
from ..core.flow import Context, Procedure
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


class Choice(Procedure):
    """One choice among fixed options (frame locals ``verb``, ``options``, ``ask``, ``rule``, ``label``);
    the option chosen goes back to the caller as ``ret``."""

    def prompt(self, g, f):
        return {f["verb"]: list(f["options"])}

    def text(self, g, f):
        return f"{side_name(f['role'])} ({f['label']}): {f['ask']}"

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

    def prompt(self, g, f):
        out = {}
        opts = self.options(g, f)
        if opts:
            out[self.verb] = opts
        if f["taken"] >= f["min"] or not opts:
            out["done"] = []
        return out

    def text(self, g, f):
        return (f"{side_name(f['role'])} ({f['label']}): {self.doing} a piece ({f['taken']} of up to {f['max']}), "
                "or done")

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

    def options(self, g, f):
        if f["taken"] >= f["max"]:
            return []
        board = g.rules.board
        out = []
        for sid in board.spaces if f["spaces"] is None else f["spaces"]:
            if f["per_space"] is not None and f["per"].get(sid, 0) >= f["per_space"]:
                continue
            x = board.sp(g, sid)
            for key in f["keys"]:
                if x[key]:
                    out.append(f"{sid} {board.word_of_key[key]}")
        return out

    def take(self, g, f, arg):
        board = g.rules.board
        sid, word = arg.split(" ")
        key = board.key_of_word[word]
        board.remove(g, sid, key, 1, to=f["dest"])
        g.say(f"{f['label']}: {board.named(key)} in {board.name(sid)} was removed to {DEST_NAME[f['dest']]}.",
              faction=f["role"], rule=f["rule"])
        self.removed(g, f, key)

    def removed(self, g: Context, f: dict, key: str) -> None:
        """Called after each piece is removed (a game's extra effect of the text)."""


class Put(Chooser):
    verb = "place"
    doing = "place"

    def options(self, g, f):
        board = g.rules.board
        if f["taken"] >= f["max"] or not g.s["available"][f["piece"]]:
            return []
        out = []
        for sid in f["spaces"]:
            if f["per_space"] is not None and f["per"].get(sid, 0) >= f["per_space"]:
                continue
            if board.room(g, sid, f["piece"]) == 0:
                continue
            out.append(sid)
        return out

    def take(self, g, f, arg):
        board = g.rules.board
        board.place(g, arg, f["piece"], 1)
        g.say(f"{f['label']}: placed {board.pieces[f['piece']].named()} in {board.name(arg)}.",
              faction=f["role"], rule=f["rule"])
