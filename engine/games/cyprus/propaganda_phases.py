"""The choices of Cyprus's Propaganda Round (rule 6.0, L3494-3535), each asked of the faction the rule names;
the round itself is :mod:`engine.games.cyprus.propaganda`.

- EOKA Arms (6.2.1, L3516): EOKA may place one Arms Cache from Available in one Town or Mountain with a Cell,
  within stacking (1.4.2: two a space, never in a British Base): ``place SPACE``, or ``done`` to place none.
- British Intel (6.2.2, L3518): holding no chit, the British draw one; otherwise they discard half their
  chits, rounded down, choosing which (ruling R-INTEL-HALF): ``discard VALUE`` until the count is met. Where
  every chit still to choose from has one value the discard is forced and made without asking.
- British Redeploy (6.3.1, L3522): the British may move Police among the spaces that held British pieces when
  the Redeploy began (ruling R-REDEPLOY), each cube once (ruling R-REDEPLOY-ONCE): ``move FROM TO police``,
  then ``done``; then they must move every Troop in a Mountain to either British Base, their choice for each
  Troop: ``move FROM BASE troops``. A Town left with no British piece loses its Curfew at once (1.10, L3295:
  the board does it as the cube leaves).
- EOKA Redeploy (6.3.2, L3524): EOKA must move every Cell in a British Base to a Town that held EOKA pieces
  when their Redeploy began (ruling R-REDEPLOY) or to a Mountain, their choice for each Cell, which keeps its
  side (1.4.3 NOTE): ``move FROM TO underground|active``; then they may move one Arms Cache on the map to a
  space with a Cell, never a Base and within stacking: ``move FROM TO cache``, or ``done``.
- Suez Crisis (C4, L3675; ruling R-C4): the Troops on the card return to the British Bases at the start of
  the Reset, where the faction that executed C4 chooses, one Troop an order: ``place BASE``. The Event records
  that faction in ``state["flags"]["suez_by"]`` (:data:`SUEZ_BY`); where nothing is recorded (a position file
  states the Troops but not who played the card) the British, whose Troops they are, choose (ruling
  R-C4-CHOOSER).

Each procedure offers only the orders it accepts and, for any other, says what is wrong and what is allowed
(``explain``), with the rule.
"""

from __future__ import annotations

from ...coin.wording import side_name
from ...core import notation
from ...core.flow import Context, Procedure, procedure
from . import board as B
from . import why as W

notation.declare(__name__, {"place", "discard", "move", "done"})

#: Where the Suez Crisis Event (C4) records the faction that executed it, who returns its Troops (R-C4).
SUEZ_BY = "suez_by"
#: The order word of each Cell state, with its key in a space.
CELL_WORDS = {"underground": "cells_u", "active": "cells_a"}


def _count(n: int, what: str) -> str:
    return W.count(n, what)


# -- 6.2.1 EOKA Arms ----------------------------------------------------------------------------------------

def arms_spaces(g: Context) -> list[str]:
    """The Towns and Mountains where EOKA may place the Arms Cache of 6.2.1: a Cell there, fewer than two
    Arms Caches (1.4.2); none while no Arms Cache is Available (1.4.1)."""
    if not g.s["available"]["caches"]:
        return []
    spaces = g.s["spaces"]
    return [s for s in B.SPACES if B.KIND[s] in ("town", "mountain") and B.cells(spaces[s])
            and spaces[s]["caches"] < 2]


def start_arms(g: Context) -> None:
    """6.2.1: offers EOKA the Arms Cache, or logs why none can be placed."""
    if not g.s["available"]["caches"]:
        g.say("EOKA Arms: EOKA have no Arms Cache Available, so none is placed.", faction="eoka", rule="6.2.1")
    elif not arms_spaces(g):
        g.say("EOKA Arms: no Town or Mountain with a Cell has room for an Arms Cache, so none is placed.",
              faction="eoka", rule="6.2.1")
    else:
        g.call(Arms.name, "eoka")


@procedure
class Arms(Procedure):
    """6.2.1: EOKA may place one Arms Cache in one Town or Mountain with a Cell (see the module)."""

    name = "cy.propaganda.arms"
    rule = "6.2.1"

    def prompt(self, g, f):
        return {"place": arms_spaces(g), "done": []}

    def text(self, g, f):
        return ("EOKA Arms: place one Arms Cache in a Town or Mountain with a Cell (place SPACE: "
                f"{W.names(arms_spaces(g))}), or done to place none")

    def explain(self, g, f, verb, arg):
        if verb != "place":
            return W.turn_order(verb)
        sid = W.space_of(arg)
        if sid is None:
            return W.not_a_space(arg or "", "6.2.1")
        if B.is_base(sid):
            return W.because(f"{B.name(sid)} is a British Base: Arms Caches never occupy one", "1.4.2, 1.3.4")
        if not B.cells(B.sp(g, sid)):
            return W.because(f"{W.has(g, sid, 'cells')}: the Arms Cache goes to a Town or Mountain with a Cell",
                             "6.2.1")
        return W.because(f"{B.name(sid)} holds {_count(B.sp(g, sid)['caches'], 'caches')} already: no more than "
                         "two a space", "1.4.2")

    def act(self, g, f, verb, arg):
        if verb == "place":
            sid = W.space_of(arg)
            B.place(g, sid, "caches")
            g.say(f"EOKA placed an Arms Cache in {B.name(sid)}.", faction="eoka", rule="6.2.1")
        else:
            g.say("EOKA chose to place no Arms Cache.", faction="eoka", rule="6.2.1")
        g.end()


# -- 6.2.2 British Intel ------------------------------------------------------------------------------------

def start_intel(g: Context) -> None:
    """6.2.2: a draw with no chit held; else half the chits held, rounded down, discarded, the British
    choosing which (ruling R-INTEL-HALF) unless all have one value."""
    held = g.s["intel"]["held"]
    if not held:
        B.draw_chit(g, "British Intel, holding none", rule="6.2.2")
        return
    n = len(held) // 2
    if not n:
        g.say(f"British Intel: the British hold one Intel Chit ({W.held(g)}); half of one, rounded down, is none "
              "to discard.", faction="british", rule="6.2.2")
        return
    g.call(Discard.name, "british", left=n)  # its step discards without asking where the choice is forced


@procedure
class Discard(Procedure):
    """6.2.2: the British discard half their Intel Chits, rounded down, choosing which (ruling R-INTEL-HALF).
    Local ``left``: the chits still to discard."""

    name = "cy.propaganda.discard"
    rule = "6.2.2"

    @staticmethod
    def forced(g: Context, f: dict) -> bool:
        """Discards the rest without asking where every chit held has one value (no choice is left); ends the
        frame once none is left to discard. Returns whether the frame ended."""
        held = g.s["intel"]["held"]
        if f["left"] > 0 and len(set(held)) == 1:
            v, n = held[0], f["left"]
            for _ in range(n):
                B.spend_chit(g, v)
            f["left"] = 0
            g.say(f"British discarded {'an Intel Chit' if n == 1 else f'{n} Intel Chits'} of value {v}, the only "
                  "value they hold.", faction="british", rule="6.2.2")
        if f["left"] <= 0:
            g.end()
            return True
        return False

    def step(self, g, f):
        return self.forced(g, f)

    def prompt(self, g, f):
        return {"discard": B.chit_values(g)}

    def text(self, g, f):
        n = f["left"]
        return (f"British Intel: discard {'1 more Intel Chit' if n == 1 else f'{n} more Intel Chits'}, your choice "
                f"of which (discard VALUE); held: {W.held(g)}")

    def explain(self, g, f, verb, arg):
        n = f["left"]
        if verb == "discard":
            return W.because(f"the British hold no Intel Chit of value {arg} (held: {W.held(g)})", "6.2.2")
        if verb == "done":
            return W.because(f"the British must discard half their Intel Chits, rounded down: {n} more "
                             f"(held: {W.held(g)})", "6.2.2, ruling R-INTEL-HALF")
        return W.turn_order(verb)

    def act(self, g, f, verb, arg):
        B.spend_chit(g, int(arg))
        f["left"] -= 1
        g.say(f"British discarded an Intel Chit of value {arg}.", faction="british", rule="6.2.2")


# -- 6.3.1 British Redeploy ---------------------------------------------------------------------------------

def start_british_redeploy(g: Context) -> None:
    """6.3.1: the spaces with British pieces as the Redeploy begins (ruling R-REDEPLOY), Police first."""
    spaces = g.s["spaces"]
    dests = [s for s in B.SPACES if B.british_pieces(spaces[s])]
    g.call(BritishRedeploy.name, "british", stage="police", dests=dests, arrived={})


def _move_words(arg: str | None, pieces: tuple[str, ...], rule: str) -> list[str] | str:
    """The three words of a Redeploy's ``move FROM TO PIECE`` (*pieces*: the piece words the step takes), or
    why not: another form (the step's, under *rule*), or a word that names no space."""
    words = (arg or "").split()
    if len(words) != 3 or words[2] not in pieces:
        return W.form("move", f"FROM TO {'|'.join(pieces)}", arg, rule)
    for w in words[:2]:
        if not W.is_space(w):
            return W.not_a_space(w, rule)
    return words


#: ``FROM TO police``, a Police move's argument, for each pair of spaces: formatted once, not at every prompt.
POLICE_MOVES = {a: {b: f"{a} {b} police" for b in B.SPACES if b != a} for a in B.SPACES}


@procedure
class BritishRedeploy(Procedure):
    """6.3.1: Police among the spaces with British pieces (may), then every Troop in a Mountain to a Base
    (must); see the module. Locals: ``stage`` (``police`` or ``troops``), ``dests`` (the spaces that held
    British pieces as the Redeploy began), ``arrived`` (Police moved in, by space: a cube moves once)."""

    name = "cy.propaganda.redeploy_british"
    rule = "6.3.1"

    # -- what may move -----------------------------------------------------------------------------------
    @staticmethod
    def movable(g: Context, f: dict, sid: str) -> int:
        """The Police in *sid* that have not moved in this Redeploy (ruling R-REDEPLOY-ONCE)."""
        return B.sp(g, sid)["police"] - f["arrived"].get(sid, 0)

    def police_moves(self, g: Context, f: dict) -> list[str]:
        """Every ``FROM TO police`` move of a Police cube not moved yet (:meth:`movable`) to another space of
        ``dests``."""
        spaces, arrived, dests, out = g.s["spaces"], f["arrived"], f["dests"], []
        for a in B.SPACES:
            if spaces[a]["police"] - arrived.get(a, 0) > 0:
                row = POLICE_MOVES[a]
                for b in dests:  # a loop, not a comprehension: a few destinations each time
                    if b != a:
                        out.append(row[b])
        return out

    def police_may_move(self, g: Context, f: dict) -> bool:
        """Whether :meth:`police_moves` holds one, stopping at the first (the step asks it before each prompt)."""
        spaces, arrived, dests = g.s["spaces"], f["arrived"], f["dests"]
        return any(spaces[a]["police"] - arrived.get(a, 0) > 0 and any(b != a for b in dests) for a in B.SPACES)

    @staticmethod
    def mountain_troops(g: Context) -> dict[str, int]:
        """The Troops that must still leave the Mountains, by Mountain."""
        return {m: n for m in B.MOUNTAINS if (n := B.sp(g, m)["troops"])}

    def troop_moves(self, g: Context) -> list[str]:
        return [f"{m} {b} troops" for m in self.mountain_troops(g) for b in B.BASES]

    def still(self, g: Context) -> str:
        return ", ".join(f"{B.name(m)} {n}" for m, n in self.mountain_troops(g).items())

    # -- asking ------------------------------------------------------------------------------------------
    def step(self, g, f):
        if f["stage"] == "police" and not self.police_may_move(g, f):
            if not f["arrived"]:
                why = "no Police cube is on the map" if not B.BOARD.on_map(g, "police") else \
                    "no other space with British pieces to move Police to"
                g.say(f"British Redeploy: no Police could move ({why}).", faction="british", rule="6.3.1")
            f["stage"] = "troops"
            return True
        if f["stage"] == "troops" and not self.mountain_troops(g):
            if not f.get("troops_moved"):
                g.say("British Redeploy: no Troop was in a Mountain.", faction="british", rule="6.3.1")
            g.end()
            return True
        return False

    def prompt(self, g, f):
        if f["stage"] == "police":
            return {"move": self.police_moves(g, f), "done": []}
        return {"move": self.troop_moves(g)}

    def text(self, g, f):
        if f["stage"] == "police":
            return ("British Redeploy: move Police among the spaces with British pieces "
                    f"({W.names(f['dests'])}): move FROM TO police, each cube once; done when finished, then every "
                    "Troop in a Mountain moves to a British Base")
        return ("British Redeploy: move each Troop in a Mountain to a British Base (move FROM akrotiri|dhekelia "
                f"troops); still to move: {self.still(g)}")

    # -- refusals ----------------------------------------------------------------------------------------
    def explain(self, g, f, verb, arg):
        if verb == "done":
            return W.because(f"the British must move every Troop in a Mountain to a British Base; still to move: "
                             f"{self.still(g)}", "6.3.1")
        if verb != "move":
            return W.turn_order(verb)
        words = _move_words(arg, ("police", "troops"), "6.3.1")
        if isinstance(words, str):
            return words
        a, b, piece = words
        if a == b:
            return W.because(f"the {'Police cube' if piece == 'police' else 'Troop'} would stay in {B.name(a)}: "
                             "a move goes to another space", "6.3.1")
        if piece == "police":
            if f["stage"] != "police":
                return W.because(f"the Police moves are over: every Troop in a Mountain now moves to a British Base "
                                 f"({self.still(g)})", "6.3.1")
            if not B.sp(g, a)["police"]:
                return W.because(f"{W.has(g, a, 'police')} to move", "6.3.1")
            if self.movable(g, f, a) <= 0:
                return W.because(f"{W.has(g, a, 'police')}, each moved there in this Redeploy: a Police cube moves "
                                 "once", "6.3.1, ruling R-REDEPLOY-ONCE")
            return W.because(f"{B.name(b)} had no British piece when the Redeploy began: Police move among the "
                             f"spaces with British pieces ({W.names(f['dests'])})", "6.3.1, ruling R-REDEPLOY")
        if f["stage"] == "police":
            return W.because("the Police move first (done ends their moves); then every Troop in a Mountain moves "
                             "to a British Base", "6.3.1")
        if not B.is_mountain(a):
            return W.because(f"{B.name(a)} is {W.kind_of(a)}: only the Troops in the Mountains Redeploy", "6.3.1")
        if not B.sp(g, a)["troops"]:
            return W.because(f"{W.has(g, a, 'troops')} to move", "6.3.1")
        return W.because(f"{B.name(b)} is {W.kind_of(b)}: Troops in the Mountains go to either British Base "
                         "(Akrotiri or Dhekelia)", "6.3.1")

    # -- doing -------------------------------------------------------------------------------------------
    def act(self, g, f, verb, arg):
        if verb == "done":
            if not f["arrived"]:
                g.say("British chose to move no Police.", faction="british", rule="6.3.1")
            f["stage"] = "troops"
            return
        a, b, piece = arg.split()
        B.move(g, a, b, piece)
        if piece == "police":
            f["arrived"][b] = f["arrived"].get(b, 0) + 1
            g.say(f"British redeployed a Police cube from {B.name(a)} to {B.name(b)}.", faction="british",
                  rule="6.3.1")
        else:
            f["troops_moved"] = True
            g.say(f"British redeployed a Troop from {B.name(a)} to {B.name(b)}.", faction="british", rule="6.3.1")


# -- 6.3.2 EOKA Redeploy ------------------------------------------------------------------------------------

def start_eoka_redeploy(g: Context) -> None:
    """6.3.2: the Towns with EOKA pieces as EOKA's Redeploy begins (ruling R-REDEPLOY), Cells first."""
    spaces = g.s["spaces"]
    towns = [s for s in B.TOWNS if B.eoka_pieces(spaces[s])]
    g.call(EokaRedeploy.name, "eoka", stage="cells", towns=towns)


@procedure
class EokaRedeploy(Procedure):
    """6.3.2: every Cell in a Base to a Town with EOKA pieces or a Mountain (must), then one Arms Cache to a
    space with a Cell (may); see the module. Locals: ``stage`` (``cells`` or ``cache``), ``towns`` (the Towns
    that held EOKA pieces as the Redeploy began)."""

    name = "cy.propaganda.redeploy_eoka"
    rule = "6.3.2"

    @staticmethod
    def cell_dests(f: dict) -> list[str]:
        """Where a Cell leaving a Base may go, in board order: the Towns of ``towns`` and the Mountains."""
        return [s for s in B.SPACES if s in f["towns"] or B.is_mountain(s)]

    @staticmethod
    def base_cells(g: Context) -> dict[str, int]:
        return {b: n for b in B.BASES if (n := B.cells(B.sp(g, b)))}

    def cell_moves(self, g: Context, f: dict) -> list[str]:
        dests = self.cell_dests(f)
        return [f"{b} {d} {w}" for b in B.BASES for w, key in CELL_WORDS.items() if B.sp(g, b)[key]
                for d in dests]

    @staticmethod
    def cache_dests(g: Context) -> list[str]:
        """Spaces an Arms Cache may move to: a Cell there, not a British Base, fewer than two Arms Caches (1.4.2)."""
        spaces = g.s["spaces"]
        return [s for s in B.SPACES if not B.is_base(s) and B.cells(spaces[s]) and spaces[s]["caches"] < 2]

    def cache_moves(self, g: Context) -> list[str]:
        dests = self.cache_dests(g)
        return [f"{a} {b} cache" for a in B.SPACES if B.sp(g, a)["caches"] for b in dests if b != a]

    def still(self, g: Context) -> str:
        return ", ".join(f"{B.name(b)} {n}" for b, n in self.base_cells(g).items())

    def step(self, g, f):
        if f["stage"] == "cells" and not self.base_cells(g):
            if not f.get("cells_moved"):
                g.say("EOKA Redeploy: no Cell was in a British Base.", faction="eoka", rule="6.3.2")
            f["stage"] = "cache"
            return True
        if f["stage"] == "cache" and not self.cache_moves(g):
            why = "no Arms Cache is on the map" if not B.BOARD.on_map(g, "caches") else \
                "no other space with a Cell has room for one"
            g.say(f"EOKA Redeploy: no Arms Cache could move ({why}).", faction="eoka", rule="6.3.2")
            g.end()
            return True
        return False

    def prompt(self, g, f):
        if f["stage"] == "cells":
            return {"move": self.cell_moves(g, f)}
        return {"move": self.cache_moves(g), "done": []}

    def text(self, g, f):
        if f["stage"] == "cells":
            return ("EOKA Redeploy: move each Cell in a British Base to a Town with EOKA pieces or a Mountain "
                    f"({W.names(self.cell_dests(f))}): move FROM TO underground|active; still to move: {self.still(g)}")
        return ("EOKA Redeploy: move one Arms Cache on the map to a space with a Cell (move FROM TO cache), or done "
                "to move none")

    def explain(self, g, f, verb, arg):
        if verb == "done":
            return W.because(f"EOKA must move every Cell in a British Base; still to move: {self.still(g)}", "6.3.2")
        if verb != "move":
            return W.turn_order(verb)
        words = _move_words(arg, (*CELL_WORDS, "cache"), "6.3.2")
        if isinstance(words, str):
            return words
        a, b, piece = words
        if a == b:
            return W.because(f"the piece would stay in {B.name(a)}: a move goes to another space", "6.3.2")
        if piece == "cache":
            if f["stage"] == "cells":
                return W.because(f"every Cell in a British Base moves first ({self.still(g)}); then one Arms Cache "
                                 "may move", "6.3.2")
            if not B.sp(g, a)["caches"]:
                return W.because(f"{W.has(g, a, 'caches')} to move", "6.3.2")
            if B.is_base(b):
                return W.because(f"{B.name(b)} is a British Base: Arms Caches never occupy one", "1.4.2, 1.3.4")
            if not B.cells(B.sp(g, b)):
                return W.because(f"{W.has(g, b, 'cells')}: the Arms Cache moves to a space with a Cell", "6.3.2")
            return W.because(f"{B.name(b)} holds {_count(B.sp(g, b)['caches'], 'caches')} already: no more than two "
                             "a space", "1.4.2")
        if f["stage"] == "cache":
            return W.because("the Cells' moves are over: only one Arms Cache may still move", "6.3.2")
        if not B.is_base(a):
            return W.because(f"{B.name(a)} is {W.kind_of(a)}: only the Cells in the British Bases Redeploy", "6.3.2")
        key = CELL_WORDS[piece]
        if not B.sp(g, a)[key]:
            return W.because(f"{W.has(g, a, key)} to move", "6.3.2")
        if B.is_town(b):
            return W.because(f"{B.name(b)} had no EOKA piece when EOKA's Redeploy began: Cells go to Towns with EOKA "
                             f"pieces ({W.names(f['towns'])}) or to Mountains", "6.3.2, ruling R-REDEPLOY")
        return W.because(f"{B.name(b)} is a British Base: Cells leave the Bases for Towns with EOKA pieces or "
                         "Mountains", "6.3.2")

    def act(self, g, f, verb, arg):
        if verb == "done":
            g.say("EOKA chose to move no Arms Cache.", faction="eoka", rule="6.3.2")
            g.end()
            return
        a, b, piece = arg.split()
        if piece == "cache":
            B.move(g, a, b, "caches")
            g.say(f"EOKA redeployed an Arms Cache from {B.name(a)} to {B.name(b)}.", faction="eoka", rule="6.3.2")
            g.end()
            return
        B.move(g, a, b, CELL_WORDS[piece])
        f["cells_moved"] = True
        g.say(f"EOKA redeployed {'an Underground' if piece == 'underground' else 'an Active'} Cell from {B.name(a)} "
              f"to {B.name(b)}.", faction="eoka", rule="6.3.2")


# -- C4 Suez Crisis: the Troops' return (ruling R-C4) --------------------------------------------------------

def suez_chooser(g: Context) -> str:
    """The faction that returns the Troops on Suez Crisis: the one that executed C4 (ruling R-C4), else the
    British (ruling R-C4-CHOOSER)."""
    return g.s["flags"].get(SUEZ_BY) or "british"


def start_suez(g: Context) -> None:
    """C4 (L3675): the Troops on the card return to British Bases, where its executor chooses (ruling R-C4)."""
    n = B.suez(g)
    if not n:
        return
    who = suez_chooser(g)
    g.say(f"Suez Crisis (C4): {_count(n, 'troops')} on the card return to the British Bases; the {side_name(who)} "
          "choose where.", faction=who, rule="C4, ruling R-C4")
    g.call(SuezReturn.name, who)


@procedure
class SuezReturn(Procedure):
    """C4 at the Reset (ruling R-C4): each Troop on Suez Crisis to the British Base its chooser names
    (``place akrotiri|dhekelia``), one Troop an order."""

    name = "cy.propaganda.suez"
    rule = "C4"

    def step(self, g, f):
        if not B.suez(g):
            g.s["flags"].pop(SUEZ_BY, None)
            g.end()
            return True
        return False

    def prompt(self, g, f):
        return {"place": list(B.BASES)}

    def text(self, g, f):
        return (f"Suez Crisis (C4): return the {_count(B.suez(g), 'troops')} on the card to the British Bases, one "
                "an order (place akrotiri|dhekelia)")

    def explain(self, g, f, verb, arg):
        if verb == "done":
            return W.because(f"every Troop on Suez Crisis returns at this Reset: {_count(B.suez(g), 'troops')} "
                             "left", "C4, ruling R-C4")
        if verb != "place":
            return W.turn_order(verb)
        sid = W.space_of(arg)
        if sid is None:
            return W.not_a_space(arg or "", "C4")
        return W.because(f"{B.name(sid)} is {W.kind_of(sid)}: the Troops on Suez Crisis return to British Bases "
                         "(Akrotiri or Dhekelia)", "C4, ruling R-C4")

    def act(self, g, f, verb, arg):
        B.return_from_suez(g, W.space_of(arg), 1, rule="C4, ruling R-C4")
