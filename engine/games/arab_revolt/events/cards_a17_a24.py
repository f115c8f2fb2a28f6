"""Arab Revolt Event cards A17 to A24 (rule 5; texts and Tips in 9.0): A17 Revisionist Terror, A18
Punitive Searches (capability: effects in Punish and Sweep), A19 League of Nations, A20 Arab Higher
Committee, A21 "Criminals and Thugs", A22 Demonstrations, A23 al-Hajj Muhammad, A24 Tensions in Europe
(Mandatory)."""

from __future__ import annotations

from ....coin.will import shift_will
from ....core import notation
from ....core.flow import Context, Procedure, procedure
from .. import board as B
from .. import why as W
from ..chits import draw_ops, ops_label
from ..special import roll_against_bases, roll_words, sentence
from . import capability, event
from .choosers import pick
from .common import free_op
from .granted import may_sa

notation.declare(__name__, {"space", "draw", "curfew", "done"})


# -- A17 Revisionist Terror ---------------------------------------------------------------------------------

def a17_spaces(g: Context) -> list[str]:
    return [s for s in B.SPACES if B.sp(g, s)["irregulars_u"] and B.guerrillas(B.sp(g, s))]


@event("A17", "unshaded", playable=lambda g, faction: bool(a17_spaces(g)))
def a17_unshaded(g: Context, faction: str) -> None:
    """British may remove a Guerrilla from each space with an Underground Irregular."""
    spaces = a17_spaces(g)
    pick(g, "british", list(B.GUERRILLA_KEYS), spaces=spaces, max=len(spaces), per_space=1, rule="A17",
         label="Revisionist Terror, A17")


@event("A17", "shaded", playable=lambda g, faction: any(B.sp(g, s)["irregulars_u"] for s in B.PALESTINE))
def a17_shaded(g: Context, faction: str) -> None:
    """Rebels may Sabotage with up to 3 Underground Irregulars as if Guerrillas (the Tip: each Activated)."""
    free_op(g, "rebels", "sabotage", spaces=3, piece="irregulars", rule="A17", label="Revisionist Terror, A17")


# -- A18 Punitive Searches (capability) ---------------------------------------------------------------------

capability("A18", "unshaded")
capability("A18", "shaded")


# -- A19 League of Nations ----------------------------------------------------------------------------------

@event("A19", "event")
def a19(g: Context, faction: str) -> None:
    """Roll a die: above the number of spaces with Opposition, Political Will +1; otherwise -2."""
    die = g.roll("League of Nations")
    n = len(B.opposition_spaces(g))
    ok = die > n
    words = roll_words(die, "League of Nations", n, "space(s) with Opposition", ok, at_most=False)
    g.say(f"{sentence(words)}: Political Will {'+1' if ok else '-2'}.", rule="A19")
    shift_will(g, 1 if ok else -2, "League of Nations", rule="A19")


# -- A20 Arab Higher Committee ------------------------------------------------------------------------------

@event("A20", "unshaded")
def a20_unshaded(g: Context, faction: str) -> None:
    """Roll a die: above the Rebel Bases on the map (A2 modifies the roll), Unity toward Decentralized."""
    _, above, words = roll_against_bases(g, "Arab Higher Committee", at_most=False)
    g.say(f"{sentence(words)}: "
          f"{'the Unity Track shifts toward Decentralized' if above else 'the Unity Track does not shift'}.",
          rule="A20")
    if above:
        B.shift_unity(g, -1, "Arab Higher Committee", rule="A20")


@procedure
class A20Draw(Procedure):
    """A20 shaded: the Rebels may draw an Operations chit to hold."""

    name = "ar.ev.a20s"
    rule = "A20"

    def prompt(self, g, f):
        return {"draw": [], "done": []}

    def text(self, g, f):
        return "Rebels (Arab Higher Committee, A20): draw an Operations chit to hold, or done"

    def act(self, g, f, verb, arg):
        g.end()
        if verb == "draw":
            for v in draw_ops(g, 1, "Arab Higher Committee, A20", "A20"):
                g.s["ops"]["held"].append(v)
                g.s["ops"]["held"].sort()
                g.say(f"Rebels hold the {ops_label(v)} chit.", faction="rebels", rule="A20")


@event("A20", "shaded")
def a20_shaded(g: Context, faction: str) -> None:
    """Unity two steps toward Centralized; the Rebels may draw 1 Operations chit to hold."""
    B.shift_unity(g, 2, "Arab Higher Committee", rule="A20")
    if g.s["ops"]["pool"]:
        g.call(A20Draw.name, "rebels")


# -- A21 "Criminals and Thugs" ------------------------------------------------------------------------------

def a21_spaces(g: Context) -> list[str]:
    return [s for s in B.SPACES if B.sp(g, s)["guerrillas_a"] and B.sp(g, s)["opposition"]]


@procedure
class A21Unshaded(Procedure):
    """A21 unshaded: Opposition off 2 spaces with Active Guerrillas, then Unity toward Decentralized."""

    name = "ar.ev.a21u"
    rule = "A21"

    def prompt(self, g, f):
        return {"space": a21_spaces(g)}

    def text(self, g, f):
        return f"{f['role'].title()} (\"Criminals and Thugs\", A21): remove Opposition from a space with Active Guerrillas"

    def explain(self, g, f, verb, arg):
        if verb == "done":
            return W.because(f"the card removes Opposition from {f['left']} more space(s) with Active Guerrillas",
                             "A21")
        if verb != "space" or arg is None or arg in a21_spaces(g):
            return None
        if not W.is_space(arg):
            return W.not_a_space(arg)
        return W.because(f"{W.has(g, arg, 'guerrillas_a', 'opposition')}: the card removes Opposition where Active "
                         "Guerrillas are", "A21")

    def act(self, g, f, verb, arg):
        f["left"] -= 1
        B.set_opposition(g, arg, False)
        g.say(f"\"Criminals and Thugs\": the Opposition in {B.name(arg)} was removed.", faction=f["role"], rule="A21")

    def step(self, g, f):
        if not f["left"] or not a21_spaces(g):
            g.end()
            B.shift_unity(g, -1, '"Criminals and Thugs"', rule="A21")
            return True
        return False


@event("A21", "unshaded")
def a21_unshaded(g: Context, faction: str) -> None:
    g.call(A21Unshaded.name, faction, left=2)


@event("A21", "shaded")
def a21_shaded(g: Context, faction: str) -> None:
    """Rebels may Ambush in 1 District; if an Irregular is removed, Opposition is added there."""
    free_op(g, "rebels", "ambush", spaces=1, only=list(B.DISTRICTS), on_irregular="opposition", rule="A21",
            label='"Criminals and Thugs", A21')


# -- A22 Demonstrations -------------------------------------------------------------------------------------

def a22_cities(g: Context) -> list[str]:
    """Cities with both British and Rebel pieces that could take a Curfew (none there yet, 1.4.2)."""
    return [c for c in B.CITIES if B.british_pieces(B.sp(g, c)) and B.rebel_pieces(B.sp(g, c))
            and not B.sp(g, c)["curfew"]]


@procedure
class A22Curfews(Procedure):
    """A22 unshaded with fewer Curfews in the pool than Cities that qualify (1.12: a Curfew is placed only if
    one is available): the executing faction chooses which Cities get them (5.1)."""

    name = "ar.ev.a22u"
    rule = "A22"

    def prompt(self, g, f):
        c = [c for c in a22_cities(g) if B.BOARD.can_curfew(g, c)]
        return {"curfew": c} if c else {}

    def text(self, g, f):
        return (f"{f['role'].title()} (Demonstrations, A22): more Cities qualify than Curfews remain; choose a City "
                "for a Curfew")

    def explain(self, g, f, verb, arg):
        if verb == "done":
            return W.because("a Curfew goes in each City that qualifies while Curfews remain: choose the next",
                             "A22")
        if verb != "curfew" or arg is None or arg in self.prompt(g, f).get("curfew", ()):
            return None
        if not W.is_space(arg):
            return W.not_a_space(arg)
        if B.KIND[arg] != "city":
            return W.because(f"{B.name(arg)} is {W.kind_of(arg)}: the card places Curfews in Cities", "A22")
        if B.sp(g, arg)["curfew"]:
            return W.because(f"{B.name(arg)} has a Curfew already: one a space", "1.4.2")
        return W.because(f"{W.has(g, arg, 'british', 'rebels')}: the card needs British and Rebel pieces there",
                         "A22")

    def act(self, g, f, verb, arg):
        B.place_curfew(g, arg)
        g.say(f"Demonstrations: a Curfew was placed in {B.name(arg)}.", faction=f["role"], rule="A22")

    def step(self, g, f):
        if self.prompt(g, f):
            return False
        g.end()
        a22_punish(g)
        return True


def a22_punish(g: Context) -> None:
    curfew_cities = [c for c in B.CITIES if B.sp(g, c)["curfew"]]
    if curfew_cities:
        g.call("ar.sa.punish", "british", parent_op=None, parent_spaces=[], rule="A22", only=curfew_cities,
               troops=False, must=True)


@event("A22", "unshaded")
def a22_unshaded(g: Context, faction: str) -> None:
    """A Curfew in every City with British and Rebel pieces (the executing faction chooses which when the pool
    holds fewer); then the British must Punish in two Cities with Curfews if possible, even without Troops
    (ruling R-A22)."""
    cities = a22_cities(g)
    if len(cities) > B.BOARD.curfews - B.BOARD.curfews_on_map(g):
        g.call(A22Curfews.name, faction)
        return
    for c in cities:
        if B.place_curfew(g, c):
            g.say(f"Demonstrations: a Curfew was placed in {B.name(c)}.", rule="A22")
    a22_punish(g)


@procedure
class A22Shaded(Procedure):
    """A22 shaded: for each City with Opposition, the Rebels may add Opposition to one adjacent District."""

    name = "ar.ev.a22s"
    rule = "A22"

    def options(self, g, f):
        return [d for d in sorted(B.adj(g, f["cities"][0])) if B.KIND[d] == "district" and not B.sp(g, d)["opposition"]]

    def prompt(self, g, f):
        return {"space": self.options(g, f), "done": []}

    def text(self, g, f):
        return f"Rebels (Demonstrations, A22): Opposition in a District next to {B.name(f['cities'][0])}, or done"

    def explain(self, g, f, verb, arg):
        if verb != "space" or arg is None or arg in self.options(g, f):
            return None
        if not W.is_space(arg):
            return W.not_a_space(arg)
        city = B.name(f["cities"][0])
        if B.KIND[arg] != "district" or arg not in B.adj(g, f["cities"][0]):
            return W.because(f"{B.name(arg)} is not a District adjacent to {city}", "A22")
        return W.because(f"{B.name(arg)} has Opposition already", "A22")

    def act(self, g, f, verb, arg):
        city = f["cities"].pop(0)
        if verb == "space":
            B.set_opposition(g, arg, True)
            g.say(f"Demonstrations: protests spread from {B.name(city)} to {B.name(arg)}.", faction="rebels",
                  rule="A22")

    def step(self, g, f):
        while f["cities"] and not self.options(g, f):
            f["cities"].pop(0)
        if not f["cities"]:
            g.end()
            return True
        return False


@event("A22", "shaded", playable=lambda g, faction: any(B.sp(g, c)["opposition"] for c in B.CITIES))
def a22_shaded(g: Context, faction: str) -> None:
    g.call(A22Shaded.name, "rebels", cities=[c for c in B.CITIES if B.sp(g, c)["opposition"]])


# -- A23 al-Hajj Muhammad -----------------------------------------------------------------------------------

def a23_spaces(g: Context) -> list[str]:
    return [s for s in B.PALESTINE if B.sp(g, s)["bases"] and B.irregulars(B.sp(g, s))]


@event("A23", "unshaded", playable=lambda g, faction: bool(a23_spaces(g)))
def a23_unshaded(g: Context, faction: str) -> None:
    """British may Sweep then Assault in 1 space with a Rebel Base and any Irregulars."""
    g.call(A23Target.name, "british")


@procedure
class A23Target(Procedure):
    """A23 unshaded: the British choose the space, then Sweep, then Assault there."""

    name = "ar.ev.a23u"
    rule = "A23"

    def prompt(self, g, f):
        return {"space": a23_spaces(g), "done": []}

    def text(self, g, f):
        return "British (al-Hajj Muhammad, A23): a space with a Rebel Base and Irregulars to Sweep then Assault, or done"

    def explain(self, g, f, verb, arg):
        if verb != "space" or arg is None or arg in a23_spaces(g):
            return None
        if not W.is_space(arg):
            return W.not_a_space(arg)
        if B.KIND[arg] == "foreign":
            return W.because(f"{B.name(arg)} is a Foreign Country: British Operations never select one", "1.3.7")
        return W.because(f"{W.has(g, arg, 'bases', 'irregulars')}: the card needs a Rebel Base and Irregulars there",
                         "A23")

    def act(self, g, f, verb, arg):
        g.end()
        if verb == "space":
            free_op(g, "british", "assault", spaces=1, only=[arg], rule="A23", label="al-Hajj Muhammad, A23")
            free_op(g, "british", "sweep", spaces=1, only=[arg], rule="A23", label="al-Hajj Muhammad, A23")


@event("A23", "shaded")
def a23_shaded(g: Context, faction: str) -> None:
    """Roll a die; at most the Rebel Bases on the map (A2 modifies the roll): the Rebels may Mobilize,
    then Raid (free Special Activities)."""
    _, ok, words = roll_against_bases(g, "al-Hajj Muhammad, A23")
    g.say(f"{sentence(words)}: {'the Rebels may Mobilize, then Raid' if ok else 'no effect'}.", rule="A23")
    if ok:
        may_sa(g, "rebels", "raid", rule="A23")
        may_sa(g, "rebels", "mobilize", rule="A23")


# -- A24 Tensions in Europe (Mandatory) ----------------------------------------------------------------------

@event("A24", "event")
def a24(g: Context, faction: str) -> None:
    """British may Punish (twice after Munich, A34) then must move 3 Troops (5 after Munich) from the map to
    Out of Play; with fewer on the map, all go (ruling R-A24)."""
    munich = "A34" in g.s["played"]
    n = min(5 if munich else 3, B.BOARD.on_map(g, "troops"))
    if n:
        pick(g, "british", ["troops"], max=n, min=n, dest="out_of_play", rule="A24", label="Tensions in Europe, A24")
    for _ in range(2 if munich else 1):
        may_sa(g, "british", "punish", rule="A24")
