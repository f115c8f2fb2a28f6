"""The MPAJA card icons (5.5, L1494-1501): as each Event card is revealed, before anyone chooses a box, the
faction the icon names carries out the non-player MPAJA's action (rules.py pushes ``jo.mpaja`` for it).

- Mobilize Population (British): Opposition in one space with a Jungle Camp, no Terror and no Opposition yet
  (the Example of Play, L1652, counts only those without Opposition): ``oppose SPACE``.
- Kill Traitors (British): one Police cube off a space with an MPAJA Guerrilla (L1714): ``remove SPACE police``.
- Seize Supplies (Japanese): the Supply Cache of a Province without a Jungle Camp goes to Available and a Jungle
  Camp takes its place (L1676, L1704): ``replace SPACE``. A Jungle Camp goes only in a Province (1.4.2), so a
  Supply Cache in Kuala Lumpur cannot be seized (ruling R-5.5-SEIZE). With no Jungle Camp Available the
  Japanese must move one from the map (1.10 L1242): ``take SPACE jungle-camp`` when there is a choice.
- Food Shortage (Japanese): one MPAJA Guerrilla off a space without a Supply Cache, the Japanese choosing its
  state (L1666): ``remove SPACE mpaja-u|mpaja-a``.

The icons say "add", "remove", "replace", not "may": the action is carried out whenever it can be (ruling R-5.5,
default ``mandatory``; an umpire may choose ``optional``, the Example's "allows", which adds ``done``). The
executing faction chooses among the spaces; where only one outcome is possible it is applied without asking;
with no valid space the icon does nothing, which the log says (L1690).
"""

from __future__ import annotations

from ...core import notation
from ...core.errors import RulesBugError
from ...core.flow import Context, Procedure, procedure
from ...core.ruling_choice import chosen
from . import board as B
from . import why as W

notation.declare(__name__, {"oppose", "remove", "replace", "take", "done"})

#: 5.5: each icon's name, the faction that carries it out and the order word that chooses it.
TITLES = {"mobilize": "Mobilize Population", "kill_traitors": "Kill Traitors", "seize_supplies": "Seize Supplies",
          "food_shortage": "Food Shortage"}
EXECUTOR = {"mobilize": "british", "kill_traitors": "british", "seize_supplies": "japanese",
            "food_shortage": "japanese"}
VERB = {"mobilize": "oppose", "kill_traitors": "remove", "seize_supplies": "replace", "food_shortage": "remove"}
#: What each icon does, for the prompts and refusals.
WHAT = {"mobilize": "add Opposition to a space with a Jungle Camp and no Terror",
        "kill_traitors": "remove a Police cube from a space with an MPAJA Guerrilla",
        "seize_supplies": "replace a Supply Cache with a Jungle Camp in a Province without a Jungle Camp",
        "food_shortage": "remove an MPAJA Guerrilla from a space without a Supply Cache"}
SHAPE = {"mobilize": "SPACE", "kill_traitors": "SPACE police", "seize_supplies": "SPACE",
         "food_shortage": "SPACE mpaja-u|mpaja-a"}
#: The word ``take`` names a Jungle Camp with (1.10).
CAMP_WORD = "jungle-camp"
RULING = "R-5.5"


def mandatory(g: Context) -> bool:
    """Whether the icons are carried out whenever they can be (ruling R-5.5: ``mandatory``, the default)."""
    return chosen(g.s, RULING, "mandatory") == "mandatory"


def mobilize_spaces(g: Context) -> list[str]:
    """Mobilize Population: the spaces with a Jungle Camp, no Terror and no Opposition yet (5.5, L1652)."""
    spaces = g.s["spaces"]
    return [s for s in B.SPACES if spaces[s]["jungle_camp"] and not spaces[s]["terror"] and not spaces[s]["opposition"]]


def traitor_spaces(g: Context) -> list[str]:
    """Kill Traitors: the spaces with a Police cube and an MPAJA Guerrilla (5.5)."""
    spaces = g.s["spaces"]
    return [s for s in B.SPACES if spaces[s]["police"] and B.mpaja(spaces[s])]


def seize_spaces(g: Context) -> list[str]:
    """Seize Supplies: the Provinces with a Supply Cache and no Jungle Camp (5.5; 1.4.2: a Jungle Camp only in a
    Province, ruling R-5.5-SEIZE)."""
    spaces = g.s["spaces"]
    return [s for s in B.PROVINCES if spaces[s]["caches"] and not spaces[s]["jungle_camp"]]


def shortage_spaces(g: Context) -> list[str]:
    """Food Shortage: the spaces with an MPAJA Guerrilla and no Supply Cache (5.5)."""
    spaces = g.s["spaces"]
    return [s for s in B.SPACES if B.mpaja(spaces[s]) and not spaces[s]["caches"]]


SPACES_OF = {"mobilize": mobilize_spaces, "kill_traitors": traitor_spaces, "seize_supplies": seize_spaces,
             "food_shortage": shortage_spaces}


def options(g: Context, icon: str) -> list[str]:
    """The arguments of the icon's order that are legal now."""
    spaces = SPACES_OF[icon](g)
    if icon == "kill_traitors":
        return [f"{s} police" for s in spaces]
    if icon == "food_shortage":
        return [f"{s} {B.BOARD.word_of_key[k]}" for s in spaces for k in ("mpaja_u", "mpaja_a") if B.sp(g, s)[k]]
    return spaces


def camp_sources(g: Context, sid: str) -> list[str]:
    """Where the Jungle Camp for *sid* may come from when none is Available (1.10): ``SPACE jungle-camp``."""
    return [f"{s} {CAMP_WORD}" for s in B.jungle_camp_sources(g, sid)]


@procedure
class MpajaIcon(Procedure):
    """One MPAJA icon carried out by the faction 5.5 names (frame ``icon``, ``cid``; ``stage`` ``choose``, or
    ``camp`` while the Japanese say which Jungle Camp moves to ``target``)."""

    name = "jo.mpaja"
    rule = "5.5"

    def title(self, f: dict) -> str:
        return f"{TITLES[f['icon']]} (MPAJA icon{', ' + f['cid'] if f.get('cid') else ''})"

    def step(self, g, f):
        icon = f["icon"]
        if icon not in TITLES:
            raise RulesBugError(f"unknown MPAJA icon {icon!r}")
        if "stage" not in f:
            f["stage"] = "choose"
            opts = options(g, icon)
            if not opts:
                g.say(f"{self.title(f)}: no space qualifies ({WHAT[icon]}), so it has no effect.",
                      faction=f["role"], rule="5.5")
                g.end()
            elif len(opts) == 1 and mandatory(g):
                self.apply(g, f, opts[0])
            return True
        if f["stage"] == "camp":
            sources = camp_sources(g, f["target"])
            if len(sources) <= 1:
                self.camp(g, f, sources[0] if sources else None)
                return True
        return False

    def prompt(self, g, f):
        if f["stage"] == "camp":
            return {"take": camp_sources(g, f["target"])}
        out: dict[str, list[str]] = {VERB[f["icon"]]: options(g, f["icon"])}
        if not mandatory(g):
            out["done"] = []
        return out

    def text(self, g, f):
        who = "British" if f["role"] == "british" else "Japanese"
        if f["stage"] == "camp":
            return (f"{who}: {self.title(f)}: no Jungle Camp is Available; move one from the map to "
                    f"{B.name(f['target'])} (take SPACE {CAMP_WORD})")
        icon = f["icon"]
        tail = ", or done to carry out none" if not mandatory(g) else ""
        return f"{who}: {self.title(f)}: {WHAT[icon]} ({VERB[icon]} {SHAPE[icon]}){tail}"

    # -- refusals -----------------------------------------------------------------------------------------
    def explain(self, g, f, verb, arg):
        icon = f["icon"]
        if f["stage"] == "camp":
            return self.camp_refusal(g, f, verb, arg)
        if verb == "done":
            return W.because(f"the MPAJA icon is carried out whenever it can be: {WHAT[icon]}", "5.5, ruling R-5.5")
        if verb != VERB[icon]:
            return W.turn_order(verb) or W.because(f"{TITLES[icon]} asks: {WHAT[icon]} "
                                                   f"({VERB[icon]} {SHAPE[icon]})", "5.5")
        words = (arg or "").split()
        want = 2 if icon in ("kill_traitors", "food_shortage") else 1
        if len(words) != want:
            return W.form(verb, SHAPE[icon], arg, "5.5")
        sid = words[0]
        if not W.is_space(sid):
            return W.not_a_space(sid)
        x = B.sp(g, sid)
        if icon == "mobilize":
            return self.mobilize_refusal(g, sid)
        if icon == "seize_supplies":
            if not B.is_province(sid):
                return W.because(f"{B.name(sid)} is {W.kind_of(sid)}: a Jungle Camp goes only in a Province",
                                 "1.4.2, 5.5, ruling R-5.5-SEIZE")
            if not x["caches"]:
                return W.because(f"{W.has(g, sid, 'caches')} to replace", "5.5")
            return W.because(f"{B.name(sid)} has a Jungle Camp already: Seize Supplies needs a space without one",
                             "5.5")
        piece = words[1]
        if icon == "kill_traitors":
            if piece != "police":
                return W.because(f"Kill Traitors removes a Police cube, not {piece!r}", "5.5")
            if not x["police"]:
                return W.because(f"{W.has(g, sid, 'police')} to remove", "5.5")
            return W.because(f"{W.has(g, sid, 'mpaja')}: Kill Traitors removes Police only where an MPAJA "
                             "Guerrilla is", "5.5")
        key = W.piece_key(piece)
        if key not in ("mpaja_u", "mpaja_a"):
            return W.because(f"Food Shortage removes an MPAJA Guerrilla (mpaja-u or mpaja-a), not {piece!r}", "5.5")
        if x["caches"]:
            return W.because(f"{B.name(sid)} has a Supply Cache: Food Shortage strikes only a space without one",
                             "5.5")
        return W.because(f"{W.has(g, sid, key)} to remove", "5.5")

    def mobilize_refusal(self, g: Context, sid: str):
        x = B.sp(g, sid)
        if not x["jungle_camp"]:
            return W.because(f"{B.name(sid)} has no Jungle Camp: Mobilize Population needs one", "5.5")
        if x["terror"]:
            return W.because(f"{B.name(sid)} has a Terror marker, which blocks Mobilize Population", "5.5, 1.12")
        return W.because(f"{B.name(sid)} is at Opposition already", "5.5, 1.6")

    def camp_refusal(self, g, f, verb, arg):
        if verb != "take":
            return W.turn_order(verb) or W.because(
                f"no Jungle Camp is Available: the Japanese must move one from the map to {B.name(f['target'])} "
                f"(take SPACE {CAMP_WORD})", "1.10")
        words = W.parts(arg, 2)
        if words is None or words[1] != CAMP_WORD:
            return W.form(verb, f"SPACE {CAMP_WORD}", arg, "1.10")
        if not W.is_space(words[0]):
            return W.not_a_space(words[0])
        if words[0] == f["target"]:
            return W.because(f"the Jungle Camp goes to {B.name(words[0])}: take one from another space", "1.10")
        return W.because(f"{W.has(g, words[0], 'jungle_camp')} to move", "1.10")

    # -- doing ----------------------------------------------------------------------------------------------
    def act(self, g, f, verb, arg):
        if verb == "done":
            g.say(f"{self.title(f)}: the {'British' if f['role'] == 'british' else 'Japanese'} carried out none.",
                  faction=f["role"], rule="5.5, ruling R-5.5")
            g.end()
        elif verb == "take":
            self.camp(g, f, arg)
        else:
            self.apply(g, f, arg)

    def apply(self, g: Context, f: dict, arg: str) -> None:
        """Carries out the icon with the chosen argument (a space, with a piece for the removals)."""
        icon, role = f["icon"], f["role"]
        words = arg.split()
        sid = words[0]
        if icon == "mobilize":
            B.add_opposition(g, sid, self.title(f), "5.5", faction=role)
        elif icon in ("kill_traitors", "food_shortage"):
            key = "police" if icon == "kill_traitors" else B.BOARD.key_of_word[words[1]]
            B.remove(g, sid, key)
            g.say(f"{self.title(f)}: {B.BOARD.named(key)} was removed from {B.name(sid)}.", faction=role, rule="5.5")
        else:
            B.remove(g, sid, "caches")
            g.say(f"{self.title(f)}: the Supply Cache in {B.name(sid)} was removed to Available.", faction=role,
                  rule="5.5")
            if B.place_marker(g, sid, "jungle_camp", self.title(f), "5.5", faction=role):
                g.end()
                return
            f["stage"], f["target"] = "camp", sid
            return
        g.end()

    def camp(self, g: Context, f: dict, arg: str | None) -> None:
        """The Jungle Camp of Seize Supplies comes from the map, none being Available (1.10)."""
        target = f["target"]
        if arg is None:
            g.say(f"{self.title(f)}: no Jungle Camp is Available or on the map to place in {B.name(target)}.",
                  faction=f["role"], rule="1.10")
        else:
            B.move_marker(g, arg.split()[0], target, "jungle_camp", f"{self.title(f)}, none Available", "1.10, 5.5",
                          faction=f["role"])
        g.end()
