"""The choices of the Redeploy and Reset Phases of Japanese Occupation's Propaganda Round (6.5, 6.6, L1575-1595),
each asked of the faction the rule names; the round itself is :mod:`engine.games.japanese_occupation.propaganda`,
the earlier phases' choices :mod:`engine.games.japanese_occupation.propaganda_phases`.

- British Redeploy (6.5.1, L1579): any Force 136 markers to spaces with Jungle Camps: ``move FROM TO``, each
  marker once, then ``done``.
- Japanese Redeploy (6.5.2, L1583): any Kempeitai markers and Police on the map to spaces with more Japanese
  Troops than Guerrillas: ``move FROM TO kempeitai|police``, each once, then ``done``.
- Reset (6.6, L1585): J17 Burma Theater's Troops on the card return to Kuala Lumpur (a forced move).
- John Davis (J25 shaded, at the Reset): each Force 136 marker on the card goes to a Province with a Jungle Camp
  that the faction that executed J25 chooses (``place SPACE``; the Event records it in
  ``state["flags"]["davis_by"]``, the British choosing when nothing is recorded: ruling R-J25), or to Available
  if there is none.

Each procedure offers only the orders it accepts and, for any other, says what is wrong (``explain``).
"""

from __future__ import annotations

from ...coin.wording import side_name
from ...core import notation
from ...core.flow import Context, Procedure, procedure
from ...core.ruling_choice import chosen
from . import board as B
from . import why as W

notation.declare(__name__, {"place", "move", "done"})

#: Where J25 John Davis (shaded) records the faction that executed it, who returns its Force 136 (ruling R-J25).
DAVIS_BY = "davis_by"
#: The things the Japanese Redeploy moves (6.5.2): order word -> key.
REDEPLOYED = {"kempeitai": "kempeitai", "police": "police"}


# -- 6.5 Redeploy -----------------------------------------------------------------------------------------------------

def camp_spaces(g: Context) -> list[str]:
    return B.spaces_with(g, "jungle_camp")


def f136_moves(g: Context, arrived: dict[str, int]) -> list[str]:
    """6.5.1: ``FROM TO`` for each Force 136 marker not yet moved and each other space with a Jungle Camp."""
    camps, spaces = camp_spaces(g), g.s["spaces"]
    out = []
    for a in B.SPACES:
        if spaces[a]["force_136"] > arrived.get(a, 0):
            pair = B.PAIRS[a]  # the orders' words, written once
            out += [pair[b] for b in camps if b != a]
    return out


def any_f136_move(g: Context, arrived: dict[str, int]) -> bool:
    """Whether :func:`f136_moves` holds a move: the same test, stopping at the first."""
    camps, spaces = camp_spaces(g), g.s["spaces"]
    if not camps:
        return False
    return any(spaces[a]["force_136"] > arrived.get(a, 0) and (len(camps) > 1 or camps[0] != a) for a in B.SPACES)


def start_british_redeploy(g: Context) -> None:
    if not B.on_map(g, "force_136"):
        g.say("British Redeploy: no Force 136 marker is on the map.", faction="british", rule="6.5.1")
    elif not any_f136_move(g, {}):
        g.say(f"British Redeploy: no Force 136 marker can move: the Jungle Camps are in "
              f"{W.names(camp_spaces(g))}.", faction="british", rule="6.5.1")
    else:
        g.call(BritishRedeploy.name, "british", arrived={})


@procedure
class BritishRedeploy(Procedure):
    """6.5.1 (frame ``arrived``: the Force 136 markers moved into each space, which move no more)."""

    name = "jo.propaganda.force136"
    rule = "6.5.1"

    def step(self, g, f):
        if not any_f136_move(g, f["arrived"]):
            self.finish(g, f)
            return True
        return False

    def prompt(self, g, f):
        return {"move": f136_moves(g, f["arrived"]), "done": []}

    def text(self, g, f):
        return (f"British Redeploy: you may move Force 136 markers to spaces with Jungle Camps "
                f"({W.names(camp_spaces(g))}) (move FROM TO), or done to move no more")

    def explain(self, g, f, verb, arg):
        if verb != "move":
            return W.turn_order(verb)
        words = W.space_args(arg, 2, verb, "FROM TO", "6.5.1")
        if not isinstance(words, list):
            return words
        a, b = words
        if not B.sp(g, a)["force_136"]:
            return W.because(f"{W.has(g, a, 'force_136')} to move", "6.5.1")
        if B.sp(g, a)["force_136"] <= f["arrived"].get(a, 0):
            return W.because(f"the Force 136 in {B.name(a)} moved there in this Redeploy: each marker moves once",
                             "6.5.1")
        if a == b:
            return W.because(f"the Force 136 marker is in {B.name(a)} already", "6.5.1")
        return W.because(f"{B.name(b)} has no Jungle Camp: Force 136 Redeploys to spaces with Jungle Camps",
                         "6.5.1")

    def act(self, g, f, verb, arg):
        if verb == "done":
            self.finish(g, f)
            return
        a, b = arg.split()
        B.move_marker(g, a, b, "force_136", "British Redeploy", "6.5.1", faction="british")
        f["arrived"][b] = f["arrived"].get(b, 0) + 1

    @staticmethod
    def finish(g: Context, f: dict) -> None:
        if not f["arrived"]:
            g.say("British Redeploy: the British moved no Force 136 marker.", faction="british", rule="6.5.1")
        g.end()


def garrisons(g: Context) -> list[str]:
    """6.5.2's destinations: the spaces with more Japanese Troops than Guerrillas."""
    spaces, out = g.s["spaces"], []
    for s in B.SPACES:
        x = spaces[s]
        troops = x["troops"]  # none: not more than the Guerrillas, whose count is not below 0
        if troops and troops > x["mpaja_u"] + x["mpaja_a"] + x["non_mpaja_u"] + x["non_mpaja_a"]:  # B.guerrillas
            out.append(s)
    return out


#: The frame's ``arrived`` keys (``"SPACE key"``) and the orders' words (``FROM TO word``) of each key, written
#: once for every space and pair of spaces.
_ARRIVED_KEY = {key: {a: f"{a} {key}" for a in B.SPACES} for key in REDEPLOYED.values()}
_MOVE_WORDS = {key: {a: {b: f"{a} {b} {word}" for b in B.SPACES} for a in B.SPACES}
               for word, key in REDEPLOYED.items()}


def japanese_moves(g: Context, arrived: dict[str, int]) -> list[str]:
    """6.5.2: ``FROM TO kempeitai|police`` for each Kempeitai marker and Police cube not yet moved."""
    dests, spaces = garrisons(g), g.s["spaces"]
    out = []
    for key in REDEPLOYED.values():
        names, words = _ARRIVED_KEY[key], _MOVE_WORDS[key]
        for a in B.SPACES:
            if spaces[a][key] > arrived.get(names[a], 0):
                to = words[a]
                out += [to[b] for b in dests if b != a]
    return out


def any_japanese_move(g: Context, arrived: dict[str, int]) -> bool:
    """Whether :func:`japanese_moves` holds a move: the same test, stopping at the first."""
    dests, spaces = garrisons(g), g.s["spaces"]
    if not dests:
        return False
    only = dests[0] if len(dests) == 1 else None  # the one destination, which its own pieces cannot reach
    for key in REDEPLOYED.values():
        names = _ARRIVED_KEY[key]
        for a in B.SPACES:
            if a != only and spaces[a][key] > arrived.get(names[a], 0):
                return True
    return False


def start_japanese_redeploy(g: Context) -> None:
    if not garrisons(g):
        g.say("Japanese Redeploy: no space has more Japanese Troops than Guerrillas; nothing may move.",
              faction="japanese", rule="6.5.2")
    elif not any_japanese_move(g, {}):
        g.say("Japanese Redeploy: no Kempeitai marker or Police cube can move.", faction="japanese", rule="6.5.2")
    else:
        g.call(JapaneseRedeploy.name, "japanese", arrived={})


@procedure
class JapaneseRedeploy(Procedure):
    """6.5.2 (frame ``arrived``: ``"SPACE key"`` -> the pieces moved into it, which move no more)."""

    name = "jo.propaganda.redeploy"
    rule = "6.5.2"

    def step(self, g, f):
        if not any_japanese_move(g, f["arrived"]):
            self.finish(g, f)
            return True
        return False

    def prompt(self, g, f):
        return {"move": japanese_moves(g, f["arrived"]), "done": []}

    def text(self, g, f):
        return ("Japanese Redeploy: you may move Kempeitai markers and Police to spaces with more Japanese Troops "
                f"than Guerrillas ({W.names(garrisons(g))}) (move FROM TO kempeitai|police), or done to move no more")

    def explain(self, g, f, verb, arg):
        if verb != "move":
            return W.turn_order(verb)
        words = W.parts(arg, 3)
        if words is None or words[2] not in REDEPLOYED:
            return W.form(verb, "FROM TO kempeitai|police", arg, "6.5.2")
        a, b, word = words
        for w in (a, b):
            if not W.is_space(w):
                return W.not_a_space(w)
        key = REDEPLOYED[word]
        if not B.sp(g, a)[key]:
            return W.because(f"{W.has(g, a, key)} to move", "6.5.2")
        if B.sp(g, a)[key] <= f["arrived"].get(f"{a} {key}", 0):
            return W.because(f"the {W.NOUNS[key][1]} in {B.name(a)} moved there in this Redeploy: each moves once",
                             "6.5.2")
        if a == b:
            return W.because(f"the {W.NOUNS[key][0]} is in {B.name(a)} already", "6.5.2")
        return W.because(f"{W.has(g, b, 'troops', 'guerrillas')}: Kempeitai and Police Redeploy to spaces with more "
                         f"Japanese Troops than Guerrillas", "6.5.2")

    def act(self, g, f, verb, arg):
        if verb == "done":
            self.finish(g, f)
            return
        a, b, word = arg.split()
        key = REDEPLOYED[word]
        if key == "kempeitai":
            B.move_marker(g, a, b, "kempeitai", "Japanese Redeploy", "6.5.2", faction="japanese")
        else:
            B.move(g, a, b, "police")
            g.say(f"Japanese Redeploy: a Police cube moved from {B.name(a)} to {B.name(b)}.", faction="japanese",
                  rule="6.5.2")
        tag = f"{b} {key}"
        f["arrived"][tag] = f["arrived"].get(tag, 0) + 1

    @staticmethod
    def finish(g: Context, f: dict) -> None:
        if not f["arrived"]:
            g.say("Japanese Redeploy: the Japanese moved nothing.", faction="japanese", rule="6.5.2")
        g.end()


# -- 6.6 Reset: J17's Troops, J25's Force 136 -------------------------------------------------------------------------

def return_burma(g: Context) -> None:
    """J17 Burma Theater: the Troops on the card return to Kuala Lumpur at the Reset (a forced move)."""
    n = g.s["burma"]
    if not n:
        return
    g.s["burma"] = 0
    B.sp(g, B.KL)["troops"] += n
    B.BOARD.changed(g, B.KL)
    g.say(f"Burma Theater (J17): {W.count(n, 'troops')} returned from the card to Kuala Lumpur.", rule="6.6, J17")


def davis_chooser(g: Context) -> str:
    """Who returns J25's Force 136: the faction that executed J25, else the British; the British always where the
    umpire chose that reading (ruling R-J25)."""
    if chosen(g.s, "R-J25", "executor") == "british":
        return "british"
    return g.s["flags"].get(DAVIS_BY) or "british"


def forget_davis(g: Context) -> None:
    """The card's Force 136 are back: who executed J25 matters no more."""
    g.s["flags"].pop(DAVIS_BY, None)


def start_davis(g: Context) -> None:
    """J25 John Davis (shaded): each Force 136 on the card to a Province with a Jungle Camp, or to Available."""
    if not g.s["davis"]:
        forget_davis(g)
        return
    g.call(DavisReturn.name, davis_chooser(g))


def davis_spaces(g: Context) -> list[str]:
    return [s for s in B.PROVINCES if B.sp(g, s)["jungle_camp"]]


@procedure
class DavisReturn(Procedure):
    """J25 at the Reset: the chooser places each Force 136 marker on the card in a Province with a Jungle Camp
    (``place SPACE``); with one such Province the marker goes there, with none to Available."""

    name = "jo.propaganda.davis"
    rule = "J25"

    def step(self, g, f):
        if not g.s["davis"]:
            forget_davis(g)
            g.end()
            return True
        spaces = davis_spaces(g)
        if len(spaces) <= 1:
            self.back(g, spaces[0] if spaces else None)
            return True
        return False

    def prompt(self, g, f):
        return {"place": davis_spaces(g)}

    def text(self, g, f):
        return (f"{side_name(f['role'])}: John Davis (J25): return the Force 136 marker on the card to a Province "
                f"with a Jungle Camp ({W.names(davis_spaces(g))}) (place SPACE)")

    def explain(self, g, f, verb, arg):
        if verb != "place":
            return W.turn_order(verb) or W.because("the Force 136 marker on John Davis returns at this Reset",
                                                   "J25, 6.6")
        if not W.is_space(arg):
            return W.not_a_space(arg or "", "J25")
        if not B.is_province(arg):
            return W.because(f"{B.name(arg)} is {W.kind_of(arg)}: the marker returns to a Province", "J25")
        return W.because(f"{B.name(arg)} has no Jungle Camp: the marker returns to a Province with one", "J25")

    def act(self, g, f, verb, arg):
        self.back(g, arg)

    @staticmethod
    def back(g: Context, sid: str | None) -> None:
        g.s["davis"] -= 1
        if sid is None:
            g.s["available"]["force_136"] += 1
            g.say("John Davis (J25): no Province has a Jungle Camp; the Force 136 marker on the card went to "
                  "Available.", rule="J25, 6.6")
        else:
            B.sp(g, sid)["force_136"] += 1
            g.say(f"John Davis (J25): the Force 136 marker on the card returned to {B.name(sid)}.", rule="J25, 6.6")
