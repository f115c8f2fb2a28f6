"""Control of a space, computed from its pieces and kept current in the state (Malaya 1.7; Kenya and
Japanese Occupation have their own 1.7).

A side Controls a space when its pieces there outnumber the other side's; otherwise the space is
Uncontrolled. Only some kinds of space can be Controlled (Malaya: Provinces, Thailand and Kuala Lumpur, not
the Economic Centres), and a space may admit only one side's Control (Malaya's Thailand: MCP or none, since
British pieces never enter it). The state keeps ``control`` (space id -> side or ``None``) for every
space that can be Controlled; :meth:`Control.update` runs as a board hook after every change of pieces
(engine.coin.board.Board.hooks), so the kept value always equals the computed one, and a game's
``on_change(g, sid, before, after)`` runs the moment Control changes (Malaya 1.7: Political Will shifts by
the space's Population when MCP Control is gained or lost).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from ..core.flow import Context
from .board import Board
from .wording import side_name

OnChange = Callable[[Context, str, "str | None", "str | None"], None]


@dataclass
class Control:
    """One game's Control rule (see the module docstring).

    :ivar board: the game's board (its pieces' sides are counted).
    :ivar sides: the two sides that may Control a space.
    :ivar kinds: kinds of space that can be Controlled.
    :ivar only: spaces that admit fewer sides' Control (``{"thailand": ("mcp",)}``).
    :ivar rule: the rule cited in the log.
    :ivar names: each side's name in the log (``MCP``).
    :ivar on_change: the game's immediate effect of a change, or ``None``.
    """

    board: Board
    sides: tuple[str, str]
    kinds: frozenset[str]
    only: dict[str, tuple[str, ...]] = field(default_factory=dict)
    rule: str = "1.7"
    names: dict[str, str] = field(default_factory=dict)
    on_change: OnChange | None = None

    def __post_init__(self) -> None:
        #: The spaces that can be Controlled, in board order.
        self.spaces: list[str] = [s for s in self.board.spaces if self.board.kind[s] in self.kinds]
        self._controllable = frozenset(self.spaces)

    def install(self) -> Control:
        """Adds :meth:`update` to the board's hooks (once, at the game's import); returns itself."""
        if self.update not in self.board.hooks:
            self.board.hooks.append(self.update)
        return self

    def of_pieces(self, sid: str, x: dict) -> str | None:
        """The side that Controls *sid* with the pieces *x*: the side whose pieces outnumber the other's, if
        the space admits its Control; else ``None`` (Uncontrolled)."""
        if sid not in self._controllable:
            return None
        a, b = self.sides
        na, nb = self.board.side_pieces(x, a), self.board.side_pieces(x, b)
        side = a if na > nb else b if nb > na else None
        if side is not None and sid in self.only and side not in self.only[sid]:
            return None
        return side

    def computed(self, state: dict) -> dict[str, str | None]:
        """Control of every space that can be Controlled, computed from the pieces of *state* (the value a
        game stores at setup, and the invariant's check of the kept one)."""
        spaces = state["spaces"]
        return {sid: self.of_pieces(sid, spaces[sid]) for sid in self.spaces}

    def of(self, g: Context, sid: str) -> str | None:
        """Who Controls *sid* now (the kept value)."""
        return g.s["control"].get(sid)

    def held_by(self, g: Context, side: str | None) -> list[str]:
        """The spaces *side* Controls (``None``: the Uncontrolled ones that can be Controlled)."""
        kept = g.s["control"]
        return [sid for sid in self.spaces if kept[sid] == side]

    def update(self, g: Context, sid: str) -> None:
        """Brings the kept Control of *sid* up to date after its pieces changed, logging a change and running
        the game's immediate effect of it."""
        if sid not in self._controllable:
            return
        kept = g.s["control"]
        before, after = kept[sid], self.of_pieces(sid, g.s["spaces"][sid])
        if before == after:
            return
        kept[sid] = after
        name = self.board.name(sid)
        if after is None:
            g.say(f"{name} became Uncontrolled (no longer under {self.name(before)} Control).", rule=self.rule)
        else:
            g.say(f"{name} came under {self.name(after)} Control.", rule=self.rule)
        if self.on_change is not None:
            self.on_change(g, sid, before, after)

    def name(self, side: str | None) -> str:
        return self.names.get(side, side_name(side)) if side else "no"

    def mismatches(self, state: dict) -> list[str]:
        """The spaces whose kept Control differs from the computed one (an invariant: none)."""
        kept, now = state.get("control", {}), self.computed(state)
        return [f"{sid}: kept {kept.get(sid)!r}, computed {now[sid]!r}" for sid in self.spaces
                if kept.get(sid) != now[sid]]
