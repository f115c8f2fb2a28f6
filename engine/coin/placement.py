"""Placing one's own pieces when none are Available (1.4.1 IMPORTANT of Arab Revolt, Malaya, Kenya and
Japanese Occupation; Palestine forbids it: its 1.4.1 places only Available pieces).

A faction executing an Operation, a Special Activity or an Event to place its *own* forces may take them
from elsewhere on the map when none of that kind is Available (replacing is placing: 1.4.3). What differs
from game to game is data, held by :class:`OwnPieces`:

- whether an Event's own text may do so, where the game's 5.1.1 ("Events place only Available pieces")
  reads against 1.4.1: an umpire's ruling (its id and default reading), or never;
- which pieces may not be taken from the space they are to be placed in (a Base moved within its own space
  would change nothing);
- the procedure name under which the game stores the question (games saved in the middle of it keep it),
  and the words of the game's refusals (its ``why`` module: ``because``, ``form``, ``has``, ``is_space``,
  ``not_a_space``, ``parts``).

A Pass and the games' chits are none of these and place from Available only (``Board.place``).
"""

from __future__ import annotations

from dataclasses import dataclass
from types import ModuleType

from ..core import notation
from ..core.flow import Context, Procedure
from ..core.ruling_choice import chosen
from .board import Board
from .wording import side_name

#: ``take`` is declared by each game that places from the map (a word declared here would be every COIN game's).
notation.declare(__name__, {"done"})


@dataclass(frozen=True)
class OwnPieces:
    """One game's reading of 1.4.1 IMPORTANT (see the module docstring).

    :ivar board: the game's board.
    :ivar why: the game's refusal words.
    :ivar proc: the name of the game's :class:`FromMap` procedure.
    :ivar event_ruling: the ruling that decides whether an Event's own text may take from the map
        (readings ``map`` and ``available``), or ``None`` if Events never may.
    :ivar event_default: that ruling's default reading.
    :ivar not_from_target: pieces that may not be taken from the space they go to.
    """

    board: Board
    why: ModuleType
    proc: str
    event_ruling: str | None = None
    event_default: str = "map"
    not_from_target: tuple[str, ...] = ("bases",)

    def sources(self, g: Context, sid: str, piece: str) -> list[str]:
        """The map pieces of *piece* its owner could take to place one in *sid* (``SPACE WORD``): only spaces
        of the map, never a box such as Prison (1.4.1 IMPORTANT)."""
        board = self.board
        keys = board.pieces[piece].keys
        skip_target = piece in self.not_from_target
        out = []
        for s in board.spaces:
            if skip_target and s == sid:
                continue
            x = board.sp(g, s)
            for key in keys:
                if x[key]:
                    out.append(f"{s} {board.word_of_key[key]}")
        return out

    def may_take(self, g: Context, role: str, piece: str, by: str) -> bool:
        """Whether *role* placing *piece* may take one from the map when none is Available: its own piece,
        placed by an Operation or Special Activity (``by="op"``, Event-granted ones included) or by an Event's
        own text (``by="event"``) where the game's ruling reads 1.4.1 over 5.1.1."""
        if self.board.pieces[piece].side != role:
            return False
        if by == "event":
            return self.event_ruling is not None and \
                chosen(g.s, self.event_ruling, self.event_default) == "map"
        return by == "op"

    def place(self, g: Context, role: str, sid: str, piece: str, *, rule: str, label: str, by: str = "op") -> None:
        """*role* places one *piece* in *sid* (``by`` as :meth:`may_take`): from Available; with none
        Available, one it may take from the map (it is asked which, or none); else nothing, so that a
        replacement becomes a removal (1.4.1, 5.1.1). Nothing if stacking forbids it (1.4.2)."""
        board = self.board
        kind = board.pieces[piece]
        if board.room(g, sid, piece) == 0:
            g.say(f"{label}: no {kind.label} may go in {board.name(sid)} (1.4.2).", faction=role, rule="1.4.2")
            return
        if g.s["available"][piece]:
            with board.together(g):  # the placement's line first, then what it changed (Control, 1.7)
                board.place(g, sid, piece, 1)
                g.say(f"{label}: {side_name(role)} placed {kind.named()} in {board.name(sid)}.", faction=role,
                      rule=rule)
            return
        from_map = self.may_take(g, role, piece, by)
        options = self.sources(g, sid, piece) if from_map else []
        if options:
            g.call(self.proc, role, sid=sid, piece=piece, options=options, rule=rule, label=label)
        elif from_map:
            g.say(f"{label}: no {kind.label} is Available or on the map.", faction=role, rule="1.4.1")
        else:
            g.say(f"{label}: no {kind.label} is Available ({'5.1.1' if by == 'event' else '1.4.1'}).",
                  faction=role, rule="1.4.1")


class FromMap(Procedure):
    """None of a piece is Available: its owner takes one from the map to place it, or places none (1.4.1).

    A game registers a subclass with its own ``name`` and ``own`` (:class:`OwnPieces`). Frame: ``sid``,
    ``piece``, ``options`` (:meth:`OwnPieces.sources` when asked), ``rule``, ``label``."""

    rule = "1.4.1"
    own: OwnPieces

    def prompt(self, g, f):
        return {"take": list(f["options"]), "done": []}

    def text(self, g, f):
        board = self.own.board
        label = board.pieces[f["piece"]].label
        return (f"{side_name(f['role'])} ({f['label']}): no {label} is Available; take one from the map to place "
                f"in {board.name(f['sid'])} (take SPACE KIND), or done to place none")

    def explain(self, g, f, verb, arg):
        """Why *take arg* is refused: a piece of the kind being placed, on the map (not in a box), not from
        the space it goes to where the game forbids it (1.4.1 IMPORTANT, 1.4.2)."""
        if verb != "take" or arg is None or arg in f["options"]:
            return None
        board, why = self.own.board, self.own.why
        words = why.parts(arg, 2)
        piece = board.pieces[f["piece"]]
        if words is None or words[1] not in board.key_of_word:
            return why.form("take", f"SPACE {'|'.join(piece.words)}", arg, "1.4.1")
        src, word = words
        if not why.is_space(src):
            return why.not_a_space(src)
        key = board.key_of_word[word]
        if board.piece_of_key[key] != f["piece"]:
            return why.because(f"{f['label']} places {piece.named()}: take one of those, not {board.named(key)}",
                               "1.4.1")
        if src == f["sid"]:
            return why.because(f"the {piece.label} goes to {board.name(src)}: take one from another space", "1.4.1")
        return why.because(f"{why.has(g, src, key)} to take", "1.4.1")

    def act(self, g, f, verb, arg):
        g.end()
        if verb == "done":
            return
        board = self.own.board
        src, word = arg.split(" ")
        key = board.key_of_word[word]
        with board.together(g):  # one change: the piece leaves and arrives at once (Control, Malaya 1.7)
            board.remove(g, src, key, 1)
            for frame in g.frames:  # an Operation paused for this Special Activity keeps its own count of pieces
                hook = getattr(g.proc(frame), "piece_left", None)
                if hook:
                    hook(g, frame, src, key)
            board.place(g, f["sid"], f["piece"], 1)
        g.say(f"{f['label']}: {side_name(f['role'])} moved {board.named(key)} from {board.name(src)} to place it in "
              f"{board.name(f['sid'])}.", faction=f["role"], rule="1.4.1")
