"""Special Activities of Arab Revolt (rule 4): what the six share, and why one could not act now.

The British three are Punish (4.2.1) in ``punish``, Divide (4.2.2) and Air Recon (4.2.3) in ``special_british``; the
Rebels' three, Mobilize (4.3.1), Coordinate (4.3.2) and Raid (4.3.3), in ``special_rebel``. Each class says
its faction, rule, the Operations it may accompany (4.1.1) and whether it could act now (``possible``); the
game's table ``operation.ACTIVITIES`` derives ``SA_RULE``, ``SA_OF``, ``SA_TITLE``, ``SA_ACCOMPANY`` and
``sa_possible`` from them. None may select a Foreign Country except Mobilize (1.3.7); Raid's Guerrillas may
come from a Base there (ruling R-RAID-FC).
"""

from __future__ import annotations

import functools

from ...coin import special
from ...coin.capabilities import cap
from ...core.flow import Context
from . import board as B
from . import why as W
from .operation import ACTIVITIES, OP_FACTION, SA_ACCOMPANY

SA_RULE = ACTIVITIES.sa_rule
SA_TITLE = ACTIVITIES.sa_title
#: Each faction's Special Activities and the rule that lists them (4.2, 4.3).
SA_OF = ACTIVITIES.sa_of
SA_LIST_RULE = {"british": "4.2", "rebels": "4.3"}
#: Whether a Special Activity could do anything now: ``sa_possible(g, name, f=None)``.
sa_possible = ACTIVITIES.possible


class SpecialActivity(special.StagedActivity):
    """Base of the six: ``initial`` frame locals are set by the first automatic step, so that ``prompt``
    only reads the frame; ``advance`` is each one's automatic progress. A caller's ``rule`` in the frame (an
    Event's or a phase's) is the one cited."""

    activities = ACTIVITIES
    words = W.WORDS


def roll_words(die: int, label: str, n: int, things: str, ok: bool, *, at_most: bool = True, mod: int = 0,
               why: str = "") -> str:
    """How a die rolled for *label* against *n* *things* came out, for the log line that follows every roll:
    ``rolled 3 for Coordinate against 2 Rebel Base(s) on the map: fails (needs 2 or
    less)``; a modifier *mod* (for *why*) is shown with the total. The caller adds what it did."""
    shown = f"{die}" if not mod else f"{die} ({mod:+d} for {why}: {die + mod})"
    need = f"{n} or less" if at_most else f"{n + 1} or more"
    return f"rolled {shown} for {label} against {n} {things}: {'succeeds' if ok else 'fails'} (needs {need})"


def sentence(words: str) -> str:
    """*words* as a sentence's start (``Rolled 3 for ...``)."""
    return words[:1].upper() + words[1:]


def roll_against_bases(g: Context, label: str, *, at_most: bool = True) -> tuple[int, bool, str]:
    """A die against the number of Rebel Bases on the map, success if less or equal (4.3.2, 6.2.2; *at_most*
    false: if more, A20 unshaded); A2 Central War Committee adds 1 (unshaded) or subtracts 1 (shaded) from the
    roll. Returns the die, whether it succeeded, and the words of :func:`roll_words` for the log."""
    die = g.roll(label)
    mod = {"unshaded": 1, "shaded": -1}.get(cap(g, "A2") or "", 0)
    n = B.bases_on_map(g)
    ok = die + mod <= n if at_most else die + mod > n
    return die, ok, roll_words(die, label, n, "Rebel Base(s) on the map", ok, at_most=at_most, mod=mod,
                               why="Central War Committee, A2")


# -- availability -------------------------------------------------------------------------------------------

@functools.cache
def _punish_spaces():
    """``punish.punish_spaces``, which :func:`sa_impossible` asks (``punish`` imports this module): imported
    once, on first use."""
    from .punish import punish_spaces
    return punish_spaces


def sa_title(name: str) -> str:
    """The printed name of Special Activity *name* (``Air Recon``); a word that is none, capitalized."""
    return SA_TITLE.get(name) or name.replace("-", " ").title()


def sa_refusal(g: Context, faction: str, op: str, name: str, now: bool, f: dict | None = None) -> str:
    """Why *faction*'s Operation *op* may not take Special Activity *name* now: not one of the faction's
    (4.2, 4.3), not one that may accompany *op* (4.1.1 and the Activity's own rule), not at this point of the
    Operation (*now* false: 4.1), or nothing it could do (:func:`sa_impossible`)."""
    mine = SA_OF[faction]
    listed = W.names([sa_title(a) for a in mine], plain=True, joint="or")
    if name not in SA_RULE:
        return W.because(f"{name!r} is no Special Activity; the {faction.title()} choose {listed}",
                         SA_LIST_RULE[faction])
    if name not in mine:
        owner = "a Rebel" if name in SA_OF["rebels"] else "a British"
        return W.because(f"{sa_title(name)} is {owner} Special Activity; the {faction.title()} choose {listed}",
                         SA_LIST_RULE[faction])
    if name not in SA_ACCOMPANY[op]:
        ops = [o.title() for o in SA_ACCOMPANY if OP_FACTION[o] == faction and name in SA_ACCOMPANY[o]]
        return W.because(f"{sa_title(name)} may accompany only {W.names(ops, plain=True, joint='or')}, not "
                         f"{op.title()}", f"{SA_RULE[name]}, 4.1.1")
    if not now:
        return W.because(f"the Special Activity comes before, between or after the {op.title()}'s steps, not in "
                         "the middle of one", "4.1")
    return sa_impossible(g, name, f) or W.because(f"{sa_title(name)} has nothing to do now", SA_RULE[name])


def sa_impossible(g: Context, name: str, f: dict | None = None) -> str | None:
    """Why Special Activity *name* could do nothing now, ``None`` if :func:`sa_possible` says it could: the
    conditions that function tests, with the facts."""
    if sa_possible(g, name, f):
        return None
    f = f or {}
    if name == "punish":
        p = g.s["punishment"]
        if not _punish_spaces()(g, f):
            where = f" among {W.names(f['only'])}" if f.get("only") is not None else ""
            need = "District or City" + (" with Troops" if f.get("troops", True) else "")
            return W.because(f"Punish has no space: no {need}{where}", W.rule_of(f, "4.2.1") if where else "4.2.1")
        if f.get("held_only"):
            return W.because("this Punish plays a held Punishment chit, and the British hold none", W.rule_of(f, "1.7.1"))
        return W.because("no Punishment chit is in the cup, and the British hold none (set aside: "
                         f"{', '.join(p['set_aside']) or 'none'})", "1.7.1")
    if name == "air-recon":
        return W.because("no District or Railway has an Underground Guerrilla for Air Recon to Activate", "4.2.3")
    if name == "mobilize":
        return W.because(f"Mobilize has nothing to do: {mobilize_blocked(g, f)}", "4.3.1")
    if name == "raid":
        bases = [s for s in B.SPACES if B.sp(g, s)["bases"]]
        armed = [s for s in bases if B.guerrillas(B.sp(g, s))]
        why = ("no Rebel Base is on the map" if not bases else
               f"no Base space has a Guerrilla to move (Bases in {W.names(bases)})" if not armed else
               f"no space next to {W.names(armed)} may be Raided")
        return W.because(f"Raid has no space: {why}", "4.3.3")
    return None


def mobilize_blocked(g: Context, f: dict) -> str:
    """Why Mobilize can place neither a Base nor a Guerrilla (4.3.1, 1.4.1, 1.4.2; A6 shaded)."""
    s = g.s
    if not (s["available"]["bases"] or B.bases_on_map(g)):
        base = "no Base is Available or on the map"
    else:
        base = ("no District with more Guerrillas than Irregulars, nor Foreign Country in play, has room for a "
                "Base")
    key = f.get("guerrillas_in", "opposition")
    if not (s["available"]["guerrillas"] or any(B.guerrillas(B.sp(g, x)) for x in B.SPACES)):
        guerrilla = "no Guerrilla is Available or on the map"
    else:
        guerrilla = f"no space has {'a Curfew' if key == 'curfew' else 'Opposition'} for a Guerrilla"
    return f"{base}; {guerrilla}"
