"""March as Malaya and Kenya have it (3.3.2 of each): destinations are selected (and paid for), then Guerrillas
move into them from adjacent spaces, all at once (Control adjusted once the move is over; each game's ruling
R-CONTROL-PW). The moves are declared one Guerrilla at a time (``move FROM TO guerrilla-u|guerrilla-a``) and
made together at ``done``: a group from one origin to one destination goes Active if the destination is one
where the game exposes a March (:meth:`GroupedMarch.exposed`) and the group plus the cubes there number more
than :attr:`GroupedMarch.exposed_above`; otherwise each Guerrilla keeps its state (1.4.3). Limited: one
destination, from any origins (2.3.4). A March may end with none moved (the destinations still paid for)."""

from __future__ import annotations

from ..core.flow import Context
from .worded import WordedOperation
from .wording import rule_with_card, side_name

#: The order's piece words and the space keys they move.
WORD_KEY = {"guerrilla-u": "guerrillas_u", "guerrilla-a": "guerrillas_a"}


class GroupedMarch(WordedOperation):
    """March (see the module). A game's class says its ``name``, ``faction``, ``cost`` and where a March is
    exposed (:meth:`exposed`, with :meth:`exposed_where` for the log)."""

    op = "march"
    rule = "3.3.2"
    #: A moving group goes Active when it and the cubes in its destination number more than this (3.3.2).
    exposed_above = 3

    def exposed(self, g: Context, dest: str) -> bool:
        """Whether a group Marching into *dest* may go Active there (each game's 3.3.2)."""
        return False

    def exposed_where(self, g: Context, dest: str) -> str:
        """Why *dest* exposes a March, for the log (``an Economic Center``)."""
        return ""

    # -- selection -------------------------------------------------------------------------------------------
    def ok(self, g, f, sid):
        """A Guerrilla stands next to *sid* to move in (a destination none could reach would do nothing)."""
        spaces = g.s["spaces"]
        for a in g.rules.board.neighbours(g, sid):  # a plain loop: asked for every space of every March prompt
            x = spaces[a]
            if x["guerrillas_u"] or x["guerrillas_a"]:
                return True
        return False

    def why_not(self, g, f, sid):
        b, w = g.rules.board, self.words
        near = sorted(b.neighbours(g, sid))
        return w.because(f"no space adjacent to {b.name(sid)} ({w.names(near)}) has a Guerrilla to March in: "
                         "Guerrillas move from adjacent spaces", self.rule)

    def on_selected(self, g, f, sid):
        g.say(f"{side_name(self.faction)} selected {g.rules.board.name(sid)} as a March destination.",
              faction=self.faction, rule=rule_with_card(f, self.rule))

    def on_select_done(self, g, f):
        f["stage"] = "move"
        f["groups"] = []

    # -- the moves -------------------------------------------------------------------------------------------
    def moves(self, g: Context, f: dict) -> list[str]:
        """The moves the player may declare now: a Guerrilla of each state from each space adjacent to a
        destination that has one not yet declared (each Guerrilla moves once; the declared ones counted once
        for the whole list)."""
        declared: dict[str, tuple[int, int]] = {}
        for o, _, u, a in f["groups"]:
            du, da = declared.get(o, (0, 0))
            declared[o] = (du + u, da + a)
        spaces, out, b = g.s["spaces"], [], g.rules.board
        for d in f["spaces"]:
            for o in b.sorted_neighbours(g, d):
                here, (du, da) = spaces[o], declared.get(o, (0, 0))
                if here["guerrillas_u"] > du:
                    out.append(f"{o} {d} guerrilla-u")
                if here["guerrillas_a"] > da:
                    out.append(f"{o} {d} guerrilla-a")
        return out

    def sub_prompt(self, g, f):
        moves = self.moves(g, f)
        return {"move": moves, "done": []} if moves else {"done": []}

    def planned(self, g: Context, f: dict) -> str:
        b = g.rules.board
        parts = [f"{grp[2] + grp[3]} {b.name(grp[0])} to {b.name(grp[1])}" for grp in f["groups"]]
        return f" (declared: {', '.join(parts)})" if parts else ""

    def sub_text(self, g, f):
        head = f"{side_name(self.faction)} March into {self.words.names(f['spaces'])}"
        if not g.offers("move", lambda: bool(self.moves(g, f))):
            return f"{head}: no more Guerrilla may move{self.planned(g, f)}; done to move them"
        return (f"{head}: move a Guerrilla from an adjacent space (move FROM TO guerrilla-u|guerrilla-a)"
                f"{self.planned(g, f)}, or done to move them all at once")

    def sub_explain(self, g, f, verb, arg):
        if verb != "move":
            return None
        b, w, rule = g.rules.board, self.words, self.rule
        parts = w.parts(arg, 3)
        if parts is None or parts[2] not in WORD_KEY:
            return w.form("move", "FROM TO guerrilla-u|guerrilla-a", arg, rule)
        o, d, piece = parts
        for s in (o, d):
            if not w.is_space(s):
                return w.not_a_space(s)
        if d not in f["spaces"]:
            return w.because(f"{b.name(d)} is not a destination of this March ({w.names(f['spaces'])})", rule)
        if o == d:
            return w.because(f"the Guerrillas are in {b.name(d)} already: March moves them from adjacent spaces",
                             rule)
        if o not in b.neighbours(g, d):
            return w.because(f"{b.name(o)} is not adjacent to {b.name(d)}: March moves Guerrillas from adjacent "
                             "spaces", rule)
        key = WORD_KEY[piece]
        there = g.s["spaces"][o][key]
        if not there:
            return w.because(f"{w.has(g, o, key)} to move", rule)
        return w.because(f"the {w.count(there, key)} in {b.name(o)} are all declared to move already: each "
                         "Guerrilla moves once", rule)

    def sub_act(self, g, f, verb, arg):
        if verb == "move":
            o, d, piece = arg.split(" ")
            for grp in f["groups"]:
                if grp[0] == o and grp[1] == d:
                    break
            else:
                grp = [o, d, 0, 0]
                f["groups"].append(grp)
            grp[2 if piece == "guerrilla-u" else 3] += 1
            return
        self.execute(g, f)
        f["stage"] = "final"

    def execute(self, g: Context, f: dict) -> None:
        """Every declared group moves at once; each goes Active where 3.3.2 says (see the module), the cubes
        counted as they stand (March moves no cube)."""
        b, w, who = g.rules.board, self.words, side_name(self.faction)
        rule = rule_with_card(f, self.rule)
        if not f["groups"]:
            g.say(f"{who} Marched no Guerrilla.", faction=self.faction, rule=rule)
        with b.together(g):
            for o, d, u, a in f["groups"]:
                y = g.s["spaces"][d]
                n, cubes = u + a, y["troops"] + y["police"]
                hot = self.exposed(g, d) and n + cubes > self.exposed_above
                b.move(g, o, d, "guerrillas_u", u)
                b.move(g, o, d, "guerrillas_a", a)
                flipped = b.activate(g, d, u, "guerrillas") if hot else 0
                why = ""
                if flipped:
                    why = (f"; {w.count(flipped, 'guerrillas_u')} went Active ({b.name(d)} is "
                           f"{self.exposed_where(g, d)}, and {n} moving + {w.count(cubes, 'cubes')} > "
                           f"{self.exposed_above})")
                g.say(f"{who} Marched {w.count(n, 'guerrillas')} from {b.name(o)} to {b.name(d)}{why}.",
                      faction=self.faction, rule=rule)
        f["groups"] = []
