"""Rebel Operations: Rally, March, Sabotage, Ambush (rule 3.3). Each selects spaces up to the value of the
Operations chit played this turn, Limited or not (3.3, 1.8.2, 2.3.5); Rally and March may select Foreign
Countries in play (1.3.7)."""

from __future__ import annotations

from ...coin.will import shift_will
from ...core import notation
from ...core.flow import Context, procedure
from . import board as B
from . import why as W
from .operation import Operation, place_own

notation.declare(__name__, {"place", "opposition", "move", "remove", "done"})

WORD_KEY = {"guerrilla-u": "guerrillas_u", "guerrilla-a": "guerrillas_a"}


def rally_limit(g: Context, sid: str) -> int:
    """Guerrillas Rally may place in *sid*: two with a Rebel Base, else one (3.3.1)."""
    return 2 if B.sp(g, sid)["bases"] else 1


@procedure
class Rally(Operation):
    """Rally (3.3.1): non-Railway spaces without Curfew and with Rebel pieces or Opposition; one Guerrilla in
    each, up to two with a Base; then Opposition in one selected District with a Base and more Rebel than
    British pieces. Foreign Assistance (6.2.3) Rallies in Foreign Countries even with no Rebel pieces
    (frame flag ``anywhere``)."""

    name = "ar.op.rally"
    op = "rally"
    faction = "rebels"
    rule = "3.3.1"
    kinds = ("district", "city", "foreign")

    def ok(self, g, f, sid):
        x = g.s["spaces"][sid]  # the counts read inline: the prompt asks this of every space
        return (B.KIND[sid] != "railway" and not x["curfew"]
                and bool(x["bases"] or x["guerrillas_u"] or x["guerrillas_a"] or x["opposition"] or f.get("anywhere")))

    def why_not(self, g, f, sid):
        name = B.name(sid)
        if B.KIND[sid] == "railway":
            return W.because(f"{name} is a Railway: Rally may not select Railways", "3.3.1")
        if B.sp(g, sid)["curfew"]:
            return W.because(f"{name} has a Curfew: Rally may not select a space with a Curfew", "3.3.1, 1.12")
        return W.because(f"{W.has(g, sid, 'rebels', 'opposition')}: Rally needs Rebel pieces or Opposition "
                         "there", "3.3.1")

    def on_space(self, g, f, sid):
        f["here"] = sid
        f["placed"] = 0
        f["stage"] = "place"
        g.say(f"Rebels Rallied in {B.name(sid)}.", faction="rebels", rule="3.3.1")

    def on_select_done(self, g, f):
        f["stage"] = "opposition" if self.opposition_spaces(g, f) else "final"

    def opposition_refusal(self, g: Context, f: dict, sid: str, why: bool = True) -> str | None:
        """Why Rally may not add Opposition in *sid* (3.3.1: in one selected District with a Rebel Base and more
        Rebel than British pieces, if none there); ``None`` if it may. Without *why*, the same tests answer
        ``"no"`` instead of building the reason (the prompt's and the step's use)."""
        x = B.sp(g, sid)
        if sid not in f["spaces"]:
            return W.because(f"{B.name(sid)} was not selected for this Rally", "3.3.1") if why else "no"
        if B.KIND[sid] != "district":
            return W.because(f"{B.name(sid)} is {W.kind_of(sid)}: Rally adds Opposition in a District",
                             "3.3.1") if why else "no"
        if not x["bases"]:
            return W.because(f"{B.name(sid)} has no Rebel Base", "3.3.1") if why else "no"
        if x["opposition"]:
            return W.because(f"{B.name(sid)} has Opposition already", "3.3.1, 1.6") if why else "no"
        if B.rebel_pieces(x) <= B.british_pieces(x):
            return W.because(f"{W.has(g, sid, 'rebels', 'british')}: Rebel pieces must outnumber British ones",
                             "3.3.1") if why else "no"
        return None

    def opposition_spaces(self, g, f):
        """The selected Districts Rally may add Opposition in (:meth:`opposition_refusal`)."""
        return [sid for sid in f["spaces"] if self.opposition_refusal(g, f, sid, why=False) is None]

    def interruptible(self, g, f):
        return f["stage"] in ("select", "opposition")

    def sub_prompt(self, g, f):
        if f["stage"] == "place":
            out = {"place": ["guerrilla"]} if f["placed"] < rally_limit(g, f["here"]) else {}
            if f["placed"] or not out:
                out["done"] = []
            return out
        c = self.opposition_spaces(g, f)
        return {"opposition": c, "done": []} if c else {"done": []}

    def sub_text(self, g, f):
        if f["stage"] == "place":
            done = ", or done" if f["placed"] else ""
            return (f"Rebel Rally in {B.name(f['here'])}: place a Guerrilla (place guerrilla; {f['placed']} of up to "
                    f"{rally_limit(g, f['here'])}){done}")
        if not self.opposition_spaces(g, f):
            return "Rebel Rally: no selected District may take Opposition now; a Special Activity, or done"
        return "Rebel Rally: add Opposition in one selected District with a Base and more Rebel pieces, or done"

    def sub_explain(self, g, f, verb, arg):
        if f["stage"] == "place":
            here, limit = f["here"], rally_limit(g, f["here"])
            if verb == "place" and arg != "guerrilla":
                return W.form("place", "guerrilla", arg, "3.3.1")
            if verb == "place":
                return W.because(f"Rally places up to {limit} Guerrilla(s) in {B.name(here)} "
                                 f"({'a Rebel Base is there' if limit == 2 else 'no Rebel Base there'}) and has "
                                 f"placed {f['placed']}", "3.3.1")
            if verb == "done" and not f["placed"]:
                return W.because(f"Rally places at least one Guerrilla in each selected space, and none is placed "
                                 f"in {B.name(here)} yet", "3.3.1")
            return None
        if verb == "opposition":
            if not W.is_space(arg):
                return W.not_a_space(arg) if arg else None
            return self.opposition_refusal(g, f, arg)
        return None

    def sub_act(self, g, f, verb, arg):
        if f["stage"] == "place":
            if verb == "done":
                f["stage"] = "select"
                return
            f["placed"] += 1
            place_own(g, "rebels", f["here"], "guerrillas", rule="3.3.1", label="Rally")
            return
        f["stage"] = "final"
        if verb == "opposition":
            B.set_opposition(g, arg, True)
            g.say(f"Rebels added Opposition in {B.name(arg)}.", faction="rebels", rule="3.3.1")

    def step(self, g, f):
        if f["stage"] == "place" and f["placed"] >= rally_limit(g, f["here"]):
            f["stage"] = "select"
            return True
        if f["stage"] == "opposition" and not self.opposition_spaces(g, f) and not self.sa_choices(g, f):
            # A Mobilize during the Rally took the Base that made a District qualify: nothing left to add.
            f["stage"] = "final"
            return True
        return super().step(g, f)


def march_destinations(g: Context, sid: str) -> list[str]:
    """Spaces adjacent to *sid* a Guerrilla may move into: in play (1.3.7)."""
    return [d for d in sorted(B.adj(g, sid)) if B.in_play(g, d)]


@procedure
class March(Operation):
    """March (3.3.2): from each origin move Guerrillas to adjacent spaces; a group from one origin to one
    destination goes Active if the destination is a Railway or Curfew space and the group plus the British
    forces there exceed three. A28 Tegart Forts: Guerrillas moving from Foreign Countries flip Active."""

    name = "ar.op.march"
    op = "march"
    faction = "rebels"
    rule = "3.3.2"
    kinds = ("district", "city", "railway", "foreign")

    def ok(self, g, f, sid):
        """Some Guerrilla in *sid* has not moved this March (:meth:`unmoved`, without building its counts)."""
        x = g.s["spaces"][sid]
        arrived = f.get("arrived")
        came = arrived.get(sid) if arrived else None
        if not came:
            return bool(x["guerrillas_u"] or x["guerrillas_a"])
        return any(x[k] > came.get(w, 0) for w, k in WORD_KEY.items())

    def why_not(self, g, f, sid):
        moved = B.guerrillas(B.sp(g, sid))
        return W.because(f"{B.name(sid)} has no Guerrilla that has not moved this March"
                         f"{f' ({moved} arrived by it)' if moved else ''}: an origin needs Guerrillas to move",
                         "3.3.2")

    def unmoved(self, g, f, sid) -> dict[str, int]:
        """Guerrillas in *sid* free to move, by state: those there less those that arrived this March (ruling
        R-MARCH); a Guerrilla placed there meanwhile (Mobilize) has not moved."""
        x = B.sp(g, sid)
        arrived = f.get("arrived", {}).get(sid, {})
        return {w: max(0, x[k] - arrived.get(w, 0)) for w, k in WORD_KEY.items()}

    def piece_left(self, g, f, sid, key):
        """A Special Activity between two origins took a piece of *key* from *sid* (a Mobilize taking
        Guerrillas from the map, 1.4.1): it counts as one that had arrived this March, where one there had
        (ruling R-MARCH), the choice that leaves the Rebels the most Guerrillas free to move, which, moving
        being optional, they would always make."""
        word = B.BOARD.word_of_key[key]
        arrived = f.get("arrived", {}).get(sid, {})
        if arrived.get(word, 0) > 0:
            arrived[word] -= 1

    def on_space(self, g, f, sid):
        f.setdefault("arrived", {})
        f["here"] = sid
        f["left"] = self.unmoved(g, f, sid)
        f["groups"] = {}
        f["stage"] = "move"

    def interruptible(self, g, f):
        """The Special Activity comes before, between two origins, or after the March (4.1), never while one
        origin's Guerrillas are on the move: the groups of 3.3.2 are judged as each origin's moves end."""
        return f["stage"] == "select"

    def sub_prompt(self, g, f):
        moves = [f"{d} {w}" for d in march_destinations(g, f["here"]) for w in WORD_KEY if f["left"][w] > 0]
        return {"move": moves, "done": []} if moves else {"done": []}

    def sub_text(self, g, f):
        if not any(f["left"].values()):
            return f"Rebel March from {B.name(f['here'])}: every Guerrilla there has moved; done"
        return (f"Rebel March from {B.name(f['here'])}: move a Guerrilla to an adjacent space "
                "(move TO guerrilla-u|guerrilla-a), or done")

    def sub_explain(self, g, f, verb, arg):
        if verb != "move":
            return None
        here = f["here"]
        words = W.parts(arg, 2)
        if words is None or words[1] not in WORD_KEY:
            return W.form("move", "TO guerrilla-u|guerrilla-a", arg, "3.3.2")
        dest, word = words
        if not W.is_space(dest):
            return W.not_a_space(dest)
        if dest == here:
            return W.because(f"the Guerrillas are in {B.name(here)} already: March moves them to adjacent spaces",
                             "3.3.2")
        if dest not in B.adj(g, here):
            return W.because(f"{B.name(dest)} is not adjacent to {B.name(here)}: March moves Guerrillas to adjacent "
                             "spaces", "3.3.2")
        if not B.in_play(g, dest):
            return W.not_in_play(g, dest)
        key = WORD_KEY[word]
        there = B.sp(g, here)[key]
        if not there:
            return W.because(f"{W.has(g, here, key)} to move", "3.3.2")
        return W.because(f"the {W.count(there, key)} in {B.name(here)} arrived in this March: none is left to move "
                         "from there", "3.3.2")

    def sub_act(self, g, f, verb, arg):
        origin = f["here"]
        if verb == "move":
            dest, word = arg.split(" ")
            B.move(g, origin, dest, WORD_KEY[word])
            f["left"][word] -= 1
            grp = f["groups"].setdefault(dest, {"guerrilla-u": 0, "guerrilla-a": 0})
            grp[word] += 1
            return
        tegart = g.s["capabilities"].get("A28") and B.KIND[origin] == "foreign"
        for dest, grp in f["groups"].items():
            n = sum(grp.values())
            y = B.sp(g, dest)
            exposed = tegart or ((B.KIND[dest] == "railway" or y["curfew"]) and n + B.british_pieces(y) > 3)
            if exposed and grp["guerrilla-u"]:
                B.activate(g, dest, grp["guerrilla-u"])
                grp = {"guerrilla-u": 0, "guerrilla-a": n}
            arr = f["arrived"].setdefault(dest, {})
            for k, v in grp.items():
                arr[k] = arr.get(k, 0) + v
            g.say(f"Rebels Marched {n} Guerrilla(s) from {B.name(origin)} to {B.name(dest)}"
                  f"{', which went Active' if exposed else ''}.", faction="rebels", rule="3.3.2")
        f["stage"] = "select"


def sabotage_space(g: Context, sid: str, rule: str, piece: str = "guerrillas") -> None:
    """Activates an Underground Guerrilla and places Sabotage on a Railway, Opposition in a District or City
    (3.3.3). A17 shaded: an Underground Irregular instead (*piece*)."""
    B.activate(g, sid, 1, piece)
    if B.KIND[sid] == "railway":
        B.sp(g, sid)["sabotage"] += 1
        what = "a Sabotage marker"
    else:
        what = "Opposition" if B.set_opposition(g, sid, True) else "no marker (Opposition already there)"
    g.say(f"Rebels Sabotaged in {B.name(sid)}: a Guerrilla was Activated and {what} placed.", faction="rebels",
          rule=rule)


def sabotage_ok(g: Context, sid: str, piece: str = "guerrillas") -> bool:
    """Whether Sabotage may select *sid*: in Palestine, with an Underground Guerrilla (3.3.3); A17 shaded an
    Underground Irregular (*piece*)."""
    return B.KIND[sid] != "foreign" and bool(g.s["spaces"][sid][piece + "_u"])


def sabotage_reason(g: Context, sid: str, piece: str = "guerrillas") -> str | None:
    """Why Sabotage may not select *sid* (:func:`sabotage_ok`), ``None`` if it may."""
    if sabotage_ok(g, sid, piece):
        return None
    if B.KIND[sid] == "foreign":
        return W.because(f"{B.name(sid)} is a Foreign Country: Sabotage selects spaces in Palestine only", "1.3.7, 3.3.3")
    key = f"{piece}_u"
    if piece == "irregulars":
        return W.because(f"{W.has(g, sid, key)}: this Sabotage Activates an Underground Irregular as if a "
                         "Guerrilla", "A17, 3.3.3")
    return W.because(f"{W.has(g, sid, key)} to Activate: Sabotage needs one", "3.3.3")


@procedure
class Sabotage(Operation):
    """Sabotage (3.3.3): spaces in Palestine with an Underground Guerrilla; see :func:`sabotage_space`."""

    name = "ar.op.sabotage"
    op = "sabotage"
    faction = "rebels"
    rule = "3.3.3"

    def ok(self, g, f, sid):
        return sabotage_ok(g, sid, f.get("piece", "guerrillas"))

    def why_not(self, g, f, sid):
        return sabotage_reason(g, sid, f.get("piece", "guerrillas"))

    def on_space(self, g, f, sid):
        sabotage_space(g, sid, f.get("rule") or "3.3.3", f.get("piece", "guerrillas"))


def ambush_ok(g: Context, sid: str) -> bool:
    """Whether Ambush may select *sid*: in Palestine, with an Underground Guerrilla and Police or Irregulars
    (3.3.4, 1.3.7)."""
    x = g.s["spaces"][sid]
    return B.KIND[sid] != "foreign" and bool(x["guerrillas_u"]) and bool(x["police"] or x["irregulars_u"]
                                                                          or x["irregulars_a"])


def ambush_reason(g: Context, sid: str) -> str | None:
    """Why Ambush may not select *sid* (:func:`ambush_ok`), ``None`` if it may."""
    if ambush_ok(g, sid):
        return None
    x = B.sp(g, sid)
    if B.KIND[sid] == "foreign":
        return W.because(f"{B.name(sid)} is a Foreign Country: Ambush may not select one", "1.3.7")
    if not x["guerrillas_u"]:
        return W.because(f"{W.has(g, sid, 'guerrillas_u')}: Ambush needs one to Activate", "3.3.4")
    return W.because(f"{W.has(g, sid, 'police', 'irregulars')}: Ambush needs Police or Irregulars to remove",
                     "3.3.4")


def ambush_targets(g: Context, sid: str) -> list[str]:
    x = B.sp(g, sid)
    return [w for w, k in (("police", "police"), ("irregular-u", "irregulars_u"), ("irregular-a", "irregulars_a"))
            if x[k]]


def ambush_hit(g: Context, sid: str, word: str, rule: str) -> None:
    """One Ambush space: Activate an Underground Guerrilla and remove one Police or Irregular (3.3.4)."""
    B.activate(g, sid, 1)
    key = B.BOARD.key_of_word[word]
    B.remove(g, sid, key, 1)
    g.say(f"Rebels Ambushed in {B.name(sid)}: a Guerrilla was Activated and {B.BOARD.named(key)} removed.",
          faction="rebels", rule=rule)


@procedure
class Ambush(Operation):
    """Ambush (3.3.4): spaces with an Underground Guerrilla and Police or Irregulars; in each Activate a
    Guerrilla and remove one Police or Irregular; three or more removed in all costs 1 Political Will."""

    name = "ar.op.ambush"
    op = "ambush"
    faction = "rebels"
    rule = "3.3.4"

    def ok(self, g, f, sid):
        return ambush_ok(g, sid)

    def why_not(self, g, f, sid):
        return ambush_reason(g, sid)

    def on_space(self, g, f, sid):
        f["here"] = sid
        targets = ambush_targets(g, sid)
        if len(targets) == 1:
            self.hit(g, f, targets[0])
        else:
            f["stage"] = "target"

    def hit(self, g, f, word):
        here = f["here"]
        ambush_hit(g, here, word, "3.3.4")
        f["removed"] = f.get("removed", 0) + 1
        if word.startswith("irregular") and f.get("on_irregular") == "opposition" and B.set_opposition(g, here, True):
            g.say(f"Rebels eliminate traitors: Opposition was added in {B.name(here)}.", faction="rebels", rule="A21")
        if (g.s["capabilities"].get("A8") == "shaded" and B.KIND[here] == "district"
                and B.sp(g, here)["troops"]):
            f["stage"] = "relocate"
        else:
            f["stage"] = "select"

    def sub_prompt(self, g, f):
        if f["stage"] == "relocate":
            return {"move": list(B.CITIES), "done": []}
        return {"remove": ambush_targets(g, f["here"])}

    def sub_text(self, g, f):
        if f["stage"] == "relocate":
            return (f"Rebel Ambush in {B.name(f['here'])} (Fawzi al-Qawuqji, A8): relocate a Troop to a City "
                    "(move CITY), or done")
        targets = W.names(ambush_targets(g, f["here"]), plain=True, joint="or")
        return f"Rebel Ambush in {B.name(f['here'])}: remove {targets}"

    def sub_explain(self, g, f, verb, arg):
        here = f["here"]
        if f["stage"] == "relocate":
            if verb != "move":
                return None
            if arg in B.CITIES:
                return None
            return W.because(f"{arg!r} is not a City: Fawzi al-Qawuqji relocates the Troop to a City", "A8")
        if verb == "remove":
            key = B.BOARD.key_of_word.get(arg or "")
            if key not in ("police", "irregulars_u", "irregulars_a"):
                return W.form("remove", "police|irregular-u|irregular-a", arg, "3.3.4")
            return W.because(f"{W.has(g, here, key)} to remove: Ambush removes one Police cube or Irregular "
                             "there", "3.3.4")
        if verb == "done":
            return W.because(f"Ambush removes one Police cube or Irregular in {B.name(here)}: choose which", "3.3.4")
        return None

    def sub_act(self, g, f, verb, arg):
        if f["stage"] == "relocate":
            f["stage"] = "select"
            if verb == "move":
                B.move(g, f["here"], arg, "troops")
                g.say(f"Fawzi al-Qawuqji: a Troop in {B.name(f['here'])} was relocated to {B.name(arg)}.",
                      faction="rebels", rule="A8")
            return
        self.hit(g, f, arg)

    def finish(self, g, f):
        if f.get("removed", 0) >= 3:
            shift_will(g, -1, "Ambush removed three or more pieces", rule="3.3.4")
