"""The choices of Japanese Occupation's Propaganda Round (6.0, L1505-1574) up to its Support Phase, each asked of
the faction the rule names; the round itself is :mod:`engine.games.japanese_occupation.propaganda`, the Redeploy
and Reset Phases' choices (6.5, 6.6) :mod:`engine.games.japanese_occupation.propaganda_redeploy`.

- Clashes (6.1.1, L1513): one MPAJA and one non-MPAJA Guerrilla off each space holding both. The British resolve
  the MPAJA Phase (L1511), so where a kind is there in both states they say which goes:
  ``remove SPACE mpaja-u|mpaja-a|non-mpaja-u|non-mpaja-a``; a removal with one possible piece is made at once.
- Mobilize (6.1.2, L1517): one MPAJA Guerrilla from Available in each space with Opposition (J15 shaded: a
  space with a New Village counts as Neutral). A Propaganda phase is no Operation, Special Activity or Event,
  so 1.4.1 IMPORTANT does not let it take Guerrillas from the map: with fewer Available than spaces, the
  British say which spaces receive them (``place SPACE``; ruling R-6.1.2).
- British Resources (6.3.1, L1559): for each Railway with Sabotage the British may set one adjacent space
  without Terror to Opposition: ``oppose SPACE``, then ``done``. A space is accepted while the spaces chosen can
  each be given a different sabotaged Railway next to it (the Railways used are logged at the end). Kuala Lumpur
  may be chosen (6.3.1 says "space"; 1.3.6 and 1.12 say Provinces: ruling R-6.3.1, default ``kl``, an umpire
  may choose ``provinces``); an Economic Center never holds Opposition (1.3.5 NOTE).
- Support (6.4, L1565-1573): the British may Supply, then the Japanese may Reprisal (``sa supply`` /
  ``sa reprisal``, or ``done``), offered only when the Special Activity could act; it then runs as its
  procedure with the phase's ``rule``.

Each procedure offers only the orders it accepts and, for any other, says what is wrong (``explain``).
"""

from __future__ import annotations

from ...coin.capabilities import cap
from ...coin.wording import side_name
from ...core import notation
from ...core.errors import RulesBugError
from ...core.flow import Context, Procedure, procedure
from ...core.ruling_choice import chosen
from . import board as B
from . import why as W

notation.declare(__name__, {"remove", "place", "oppose", "sa", "move", "done"})

#: The Guerrilla keys of each kind (6.1.1).
KINDS = {"mpaja": ("mpaja_u", "mpaja_a"), "non_mpaja": ("non_mpaja_u", "non_mpaja_a")}


def procedure_of(g: Context, name: str) -> Procedure:
    """The procedure *name* of this game; a missing one is a rules bug (the phase cannot run without it)."""
    proc = g.procs.get(name)
    if proc is None:
        raise RulesBugError(f"the Propaganda Round needs the procedure {name!r}, which Japanese Occupation lacks")
    return proc


def militarized(g: Context, sid: str) -> bool:
    """J15 shaded (Resettlement Schemes): a space with a New Village is treated as Neutral during the Propaganda
    Round (its tip: the Mobilize and Population Subdued steps)."""
    return cap(g, "J15") == "shaded" and bool(B.sp(g, sid)["new_village"])


def opposition_spaces(g: Context) -> list[str]:
    """The spaces at Opposition for the Propaganda Round (6.1.2): the marker there and not J15's New Villages."""
    return [s for s in B.OPPOSITION_SPACES if B.opposed(g, s) and not militarized(g, s)]


def neutral_spaces(g: Context) -> list[str]:
    """The Provinces and Kuala Lumpur at Neutral for the Propaganda Round (6.2.4; J15 shaded's New Villages)."""
    return [s for s in B.OPPOSITION_SPACES if not B.opposed(g, s) or militarized(g, s)]


# -- 6.1.1 Clashes ---------------------------------------------------------------------------------------------

def clash_spaces(g: Context) -> list[str]:
    """The spaces with both an MPAJA and a non-MPAJA Guerrilla (6.1.1)."""
    return [s for s in B.SPACES if B.mpaja(B.sp(g, s)) and B.non_mpaja(B.sp(g, s))]


def start_clashes(g: Context) -> None:
    """6.1.1: the removals of each space holding both kinds, the British choosing the state where both are."""
    spaces = clash_spaces(g)
    if not spaces:
        g.say("Clashes: no space holds both MPAJA and non-MPAJA Guerrillas; none is removed.", rule="6.1.1")
        return
    g.call(Clashes.name, "british", owed=[[s, k] for s in spaces for k in KINDS])


@procedure
class Clashes(Procedure):
    """6.1.1 (frame ``owed``: ``[space, kind]`` removals still to make). Where one piece of a kind is possible
    the removal is made at once; otherwise the British name it."""

    name = "jo.propaganda.clashes"
    rule = "6.1.1"

    @staticmethod
    def choices(g: Context, f: dict) -> list[str]:
        return [f"{s} {B.BOARD.word_of_key[k]}" for s, kind in f["owed"] for k in KINDS[kind] if B.sp(g, s)[k]]

    def step(self, g, f):
        for entry in list(f["owed"]):
            s, kind = entry
            keys = [k for k in KINDS[kind] if B.sp(g, s)[k]]
            if len(keys) == 1:
                self.remove(g, f, s, keys[0], forced=True)
                return True
            if not keys:  # cannot happen: the kinds were counted as the phase began
                raise RulesBugError(f"Clashes: no {kind} Guerrilla left in {s}")
        if not f["owed"]:
            g.end()
            return True
        return False

    def prompt(self, g, f):
        return {"remove": self.choices(g, f)}

    def text(self, g, f):
        left = ", ".join(f"{W.NOUNS[k][0]} in {B.name(s)}" for s, k in f["owed"])
        return (f"British: Clashes: remove one MPAJA and one non-MPAJA Guerrilla from each space holding both; say "
                f"which state goes (remove SPACE PIECE); still to remove: {left}")

    def explain(self, g, f, verb, arg):
        if verb != "remove":
            return W.turn_order(verb) or W.because("the Clashes must be resolved first: remove one MPAJA and one "
                                                   "non-MPAJA Guerrilla from each space holding both", "6.1.1")
        words = W.parts(arg, 2)
        if words is None:
            return W.form(verb, "SPACE mpaja-u|mpaja-a|non-mpaja-u|non-mpaja-a", arg, "6.1.1")
        sid, word = words
        if not W.is_space(sid):
            return W.not_a_space(sid)
        key = W.piece_key(word)
        if key is None or B.BOARD.piece_of_key[key] not in KINDS:
            return W.because(f"the Clashes remove Guerrillas (mpaja-u, mpaja-a, non-mpaja-u, non-mpaja-a), not "
                             f"{word!r}", "6.1.1")
        kind = B.BOARD.piece_of_key[key]
        if [sid, kind] in f["owed"]:
            return W.because(f"{W.has(g, sid, key)} to remove", "6.1.1")
        if sid in {s for s, _ in f["owed"]}:
            return W.because(f"the Clash of {W.NOUNS[kind][1]} in {B.name(sid)} is resolved already", "6.1.1")
        return W.because(f"{B.name(sid)} has no Clash left to resolve: "
                         f"{W.has(g, sid, 'mpaja', 'non_mpaja')}", "6.1.1")

    def act(self, g, f, verb, arg):
        sid, word = arg.split()
        self.remove(g, f, sid, B.BOARD.key_of_word[word], forced=False)

    @staticmethod
    def remove(g: Context, f: dict, sid: str, key: str, forced: bool) -> None:
        kind = B.BOARD.piece_of_key[key]
        f["owed"].remove([sid, kind])
        B.remove(g, sid, key)
        how = "" if forced else " (the British chose it)"
        g.say(f"Clashes in {B.name(sid)}: {B.BOARD.named(key)} was removed{how}.", faction="british", rule="6.1.1")


# -- 6.1.2 Mobilize -----------------------------------------------------------------------------------------------

def start_mobilize(g: Context) -> None:
    """6.1.2: an MPAJA Guerrilla in each Opposition space, from Available (ruling R-6.1.2)."""
    spaces = opposition_spaces(g)
    if cap(g, "J15") == "shaded":
        held = [s for s in B.OPPOSITION_SPACES if B.opposed(g, s) and militarized(g, s)]
        if held:
            g.say(f"Resettlement Schemes (J15 shaded): {W.names(held)} hold a New Village and count as Neutral.",
                  rule="6.1.2, J15")
    if not spaces:
        g.say("Mobilize: no space is at Opposition; no MPAJA Guerrilla is placed.", rule="6.1.2")
        return
    avail = g.s["available"]["mpaja"]
    if avail >= len(spaces):
        for s in spaces:
            place_mpaja(g, s)
        return
    if not avail:
        g.say(f"Mobilize: no MPAJA Guerrilla is Available for {W.names(spaces)}; none is placed (1.4.1).",
              rule="6.1.2, ruling R-6.1.2")
        return
    g.say(f"Mobilize: {W.count(avail, 'mpaja')} Available for {len(spaces)} Opposition spaces; the British say "
          "which receive them.", faction="british", rule="6.1.2, ruling R-6.1.2")
    g.call(Mobilize.name, "british", spaces=spaces)


def place_mpaja(g: Context, sid: str) -> None:
    with B.together(g):  # the placement's line before what it changes (1.15)
        B.place(g, sid, "mpaja")
        g.say(f"Mobilize: an MPAJA Guerrilla was placed Underground in {B.name(sid)}.", faction="british",
              rule="6.1.2")


@procedure
class Mobilize(Procedure):
    """6.1.2 with too few MPAJA Guerrillas Available (ruling R-6.1.2): the British place them one at a time in
    the Opposition spaces (frame ``spaces``, those still without one)."""

    name = "jo.propaganda.mobilize"
    rule = "6.1.2"

    def step(self, g, f):
        if not g.s["available"]["mpaja"] or not f["spaces"]:
            if f["spaces"]:
                g.say(f"Mobilize: no MPAJA Guerrilla is left for {W.names(f['spaces'])}.", rule="6.1.2, ruling R-6.1.2")
            g.end()
            return True
        return False

    def prompt(self, g, f):
        return {"place": list(f["spaces"])}

    def text(self, g, f):
        return (f"British: Mobilize: {W.count(g.s['available']['mpaja'], 'mpaja')} Available for the Opposition "
                f"spaces {W.names(f['spaces'])}; place one in a space (place SPACE)")

    def explain(self, g, f, verb, arg):
        if verb != "place":
            return W.turn_order(verb) or W.because("the MPAJA Guerrillas Available must be placed in Opposition "
                                                   "spaces, one each", "6.1.2, ruling R-6.1.2")
        if not W.is_space(arg):
            return W.not_a_space(arg or "")
        if B.opposed(g, arg) and not militarized(g, arg):
            return W.because(f"{B.name(arg)} has its MPAJA Guerrilla already: one a space", "6.1.2")
        if militarized(g, arg):
            return W.because(f"{B.name(arg)} holds a New Village and counts as Neutral", "6.1.2, J15")
        return W.because(f"{W.level_of(g, arg)}: Mobilize places in spaces with Opposition", "6.1.2")

    def act(self, g, f, verb, arg):
        f["spaces"].remove(arg)
        place_mpaja(g, arg)


# -- 6.3.1 British: Opposition beside Sabotage ------------------------------------------------------------------

def kl_allowed(g: Context) -> bool:
    """Ruling R-6.3.1: 6.3.1's "space" admits Kuala Lumpur (``kl``, default) or only Provinces (``provinces``)."""
    return chosen(g.s, "R-6.3.1", "kl") == "kl"


def match(spaces: list[str], rails: list[str]) -> dict[str, str] | None:
    """A different Railway of *rails* adjacent to each of *spaces* (augmenting paths), or ``None``."""
    owner: dict[str, str] = {}

    def seat(s: str, seen: set[str]) -> bool:
        for r in rails:
            if s in B.RAIL_ADJ[r] and r not in seen:
                seen.add(r)
                if r not in owner or seat(owner[r], seen):
                    owner[r] = s
                    return True
        return False

    for s in spaces:
        if not seat(s, set()):
            return None
    return {s: r for r, s in owner.items()}


def oppose_target(g: Context, sid: str) -> bool:
    """A space 6.3.1 may set to Opposition: a Province (or Kuala Lumpur, ruling R-6.3.1) not at Opposition and
    without Terror."""
    if sid not in B.OPPOSITION_SPACES or (sid == B.KL and not kl_allowed(g)):
        return False
    return not B.opposed(g, sid) and not B.sp(g, sid)["terror"]


def oppose_options(g: Context, chosen_spaces: list[str]) -> list[str]:
    rails = B.sabotaged_rails(g)
    return [s for s in B.SPACES if s not in chosen_spaces and oppose_target(g, s)
            and any(s in B.RAIL_ADJ[r] for r in rails) and match([*chosen_spaces, s], rails) is not None]


def start_oppose(g: Context) -> None:
    """6.3.1: offered when a sabotaged Railway has a space next to it that may take Opposition."""
    rails = B.sabotaged_rails(g)
    if not rails:
        g.say("British Resources: no Railway has a Sabotage marker.", faction="british", rule="6.3.1")
    elif not oppose_options(g, []):
        g.say(f"British Resources: no space next to the sabotaged Railways ({W.names([B.RAIL_NAME[r] for r in rails], plain=True)}) "
              "may be set to Opposition (each has Terror or Opposition already).", faction="british", rule="6.3.1")
    else:
        g.call(Oppose.name, "british", chosen=[])


@procedure
class Oppose(Procedure):
    """6.3.1 (frame ``chosen``: the spaces set to Opposition so far)."""

    name = "jo.propaganda.oppose"
    rule = "6.3.1"

    def step(self, g, f):
        if not oppose_options(g, f["chosen"]):
            self.finish(g, f)
            return True
        return False

    def prompt(self, g, f):
        return {"oppose": oppose_options(g, f["chosen"]), "done": []}

    def text(self, g, f):
        rails = [B.RAIL_NAME[r] for r in B.sabotaged_rails(g)]
        return (f"British Resources: for each sabotaged Railway ({W.names(rails, plain=True)}) you may set one "
                f"adjacent space without Terror to Opposition (oppose SPACE), or done to set no more")

    def explain(self, g, f, verb, arg):
        if verb != "oppose":
            return W.turn_order(verb)
        if not W.is_space(arg):
            return W.not_a_space(arg or "")
        rails = B.sabotaged_rails(g)
        if arg not in B.OPPOSITION_SPACES:
            return W.because(f"{B.name(arg)} is {W.kind_of(arg)}, never at Opposition", "6.3.1, 1.3.5")
        if arg == B.KL and not kl_allowed(g):
            return W.because("Kuala Lumpur is no Province: the Railways' Opposition goes to adjacent Provinces",
                             "6.3.1, 1.3.6, ruling R-6.3.1")
        if arg in f["chosen"] or B.opposed(g, arg):
            return W.because(f"{B.name(arg)} is at Opposition already", "6.3.1")
        if B.sp(g, arg)["terror"]:
            return W.because(f"{B.name(arg)} has a Terror marker: only a space without Terror", "6.3.1, 1.12")
        near = [r for r in B.rails_of(arg) if r in rails]
        if not near:
            return W.because(f"no Railway next to {B.name(arg)} has a Sabotage marker", "6.3.1")
        return W.because(f"each sabotaged Railway next to {B.name(arg)} "
                         f"({W.names([B.RAIL_NAME[r] for r in near], plain=True)}) serves a space chosen already "
                         f"({W.names(f['chosen'])}): one space a Railway", "6.3.1")

    def act(self, g, f, verb, arg):
        if verb == "done":
            self.finish(g, f)
            return
        f["chosen"].append(arg)
        B.add_opposition(g, arg, "a sabotaged Railway adjacent", "6.3.1", faction="british")

    @staticmethod
    def finish(g: Context, f: dict) -> None:
        chosen_spaces = f["chosen"]
        if chosen_spaces:
            used = match(chosen_spaces, B.sabotaged_rails(g)) or {}
            g.say("British Resources: " + ", ".join(f"{B.name(s)} by the {B.RAIL_NAME[used[s]]}"
                                                     for s in chosen_spaces if s in used) + ".",
                  faction="british", rule="6.3.1")
        else:
            g.say("British Resources: the British set no space to Opposition.", faction="british", rule="6.3.1")
        g.end()


# -- 6.4 Support: an offered Special Activity ---------------------------------------------------------------------

def offer_sa(g: Context, role: str, sa: str, rule: str, local: dict) -> None:
    """Offers *role* the Special Activity *sa* (``jo.sa.<sa>`` with *local*) if it could act now, else logs why
    not."""
    target = f"jo.sa.{sa}"
    proc = procedure_of(g, target)
    title = sa.title()
    if not proc.possible(g, local):
        g.say(f"Support phase: the {side_name(role)} could not {title}: it has nothing it could do now.",
              faction=role, rule=rule)
        return
    g.call(Offer.name, role, word=sa, target=target, local=local, rule=rule)


@procedure
class Offer(Procedure):
    """A phase's "may": *role* takes the Special Activity offered (``sa NAME``), which then runs in this frame's
    place, or forgoes it (``done``). Locals: ``word``, ``target``, ``local``, ``rule``."""

    name = "jo.propaganda.offer"

    def rule_for(self, g, f):
        return f["rule"]

    def prompt(self, g, f):
        return {"sa": [f["word"]], "done": []}

    def text(self, g, f):
        return (f"Support phase: the {side_name(f['role'])} may {f['word'].title()} (sa {f['word']}), or done to "
                "forgo it")

    def explain(self, g, f, verb, arg):
        if verb == "sa":
            return W.because(f"the Support phase offers the {side_name(f['role'])} a {f['word'].title()} "
                             f"(sa {f['word']}), not {arg!r}", f["rule"])
        return W.turn_order(verb)

    def act(self, g, f, verb, arg):
        who = side_name(f["role"])
        if verb == "done":
            g.say(f"Support phase: the {who} chose not to {f['word'].title()}.", faction=f["role"], rule=f["rule"])
            g.end()
            return
        g.say(f"Support phase: the {who} began a {f['word'].title()}.", faction=f["role"], rule=f["rule"])
        g.goto(f["target"], f["role"], **f["local"])


# The Redeploy and Reset Phases (6.5, 6.6) are in propaganda_redeploy; their names stay importable from here.
from .propaganda_redeploy import (  # noqa: E402, F401
    DAVIS_BY,
    REDEPLOYED,
    return_burma,
    start_british_redeploy,
    start_davis,
    start_japanese_redeploy,
)
