"""The desk (issue 32; ruling R-15-desk): the faction holding it declares a political event received, passes the
desk to the next faction, clears the players' steps and manual rulings once done, or ends the session.

``ds.desk`` (role: the holder) is at the bottom of the stack. ``event 15.N`` pushes ``ds.declare`` (role: the
holder; locals ``n``, ``recv`` the faction that received it, ``country``, ``faction`` (15.9's [Faction]), ``card``
(15.32's Imperial Directive card)), which collects what the card or table fixed, one order each; ``resolve``
replaces it by the event's procedure (:mod:`.events`), ``cancel`` withdraws it.
"""

from __future__ import annotations

from ...core import notation
from ...core.flow import Procedure, procedure
from ...core.grammar import Order
from .data import EVENTS
from .event_base import FIELDS, REGISTERED
from .state import FACTIONS, NAMES, TITLES

notation.declare(__name__, {"event", "pass", "end", "clear", "receiver", "country", "faction", "card", "resolve",
                            "cancel"})

ORDERS = (
    Order("event 15.N", "desk: declare that a faction received political event 15.N (then name who received it "
          "and what the card or table selected, and resolve)", "15"),
    Order("pass", "desk: hand the desk to the next faction (Axis, Western, Soviet)", "15"),
    Order("clear", "desk: the players' steps and manual rulings listed are done: clear the list", "15"),
    Order("end", "desk: end the session (no winner: the umpire ended the desk)", "15"),
    Order("receiver axis|western|soviet", "event declared: the faction that received the event", "15"),
    Order("country ID", "event declared: the Country or Minor Country the card or table selected", "15.9"),
    Order("faction axis|western|soviet", "event declared: the faction named in the event (15.9 Country Joins "
          "[Faction])", "15.9"),
    Order("card 52-57", "event declared: the Imperial Directive card of 15.32 Production Success [Type]", "15.32"),
    Order("resolve", "event declared: resolve the event now", "15"),
    Order("cancel", "event declared: withdraw the declaration", "15"),
)

def implemented() -> list[int]:
    """The events with a procedure (:data:`.event_base.REGISTERED`: all 37 of section 15), in number order."""
    return sorted(REGISTERED)


def needs(n: int) -> tuple[str, ...]:
    """The declaration fields event 15.*n* reads (:attr:`.event_base.Event.needs`)."""
    return REGISTERED[n].needs


def event_arg(n: int) -> str:
    return f"15.{n}"


def title(n: int) -> str:
    return f"15.{n} {EVENTS[n]['title']}"


def next_faction(f: str) -> str:
    return FACTIONS[(FACTIONS.index(f) + 1) % len(FACTIONS)]


@procedure
class Desk(Procedure):
    name = "ds.desk"
    rule = "15"

    def prompt(self, g, f):
        out = {"event": [event_arg(n) for n in implemented()], "pass": [], "end": []}
        if g.s["players_steps"] or g.s["manual"]:
            out["clear"] = []
        return out

    def text(self, g, f):
        return (f"{TITLES[f['role']]} holds the political events desk: declare an event received (event 15.N), "
                f"pass the desk to {NAMES[next_faction(f['role'])]}, or end the session")

    def explain(self, g, f, verb, arg):
        if verb == "event":
            n = _number(arg)
            if n is None:
                return f"{arg} is not a political event: they are 15.1 to 15.37 (15)"
        if verb == "clear":
            return "there is no players' step nor manual ruling to clear (15)"
        return None

    def act(self, g, f, verb, arg):
        s, side = g.s, f["role"]
        if verb == "event":
            n = _number(arg)
            g.call("ds.declare", side, stage="declare", n=n, recv=None, fields={k: None for k in needs(n)})
        elif verb == "pass":
            f["role"] = next_faction(side)
            g.say(f"{TITLES[side]} passed the desk to {NAMES[f['role']]}.", faction=side, rule="15")
        elif verb == "clear":
            k = len(s["players_steps"]) + len(s["manual"])
            s["players_steps"], s["manual"] = [], []
            g.say(f"{TITLES[side]} cleared {k} players' step(s) and manual ruling(s) as done.", faction=side,
                  rule="15")
        else:
            s["outcome"] = {"winner": None, "reason": "the umpire ended the desk"}
            g.say(f"{TITLES[side]} ended the political events desk.", faction=side, rule="15")


def _number(arg) -> int | None:
    text = str(arg or "")
    if text.startswith("15."):
        text = text[3:]
    return int(text) if text.isdigit() and 1 <= int(text) <= 37 else None


@procedure
class Declare(Procedure):
    """The declaration of event 15.*n* (ruling R-15-desk): the faction that received it (``recv``) and the
    ``fields`` the event needs (:data:`.event_base.FIELDS`), one order each, then ``resolve`` or ``cancel``."""

    name = "ds.declare"
    rule = "15"

    def prompt(self, g, f):
        out: dict[str, list[str]] = {"receiver": [x for x in FACTIONS if x != f["recv"]]}
        for name, value in f["fields"].items():
            choices = [c for c in FIELDS[name].choices(g.s) if c != value]
            if choices:
                out[name] = choices
        if not self._missing(f):
            out["resolve"] = []
        out["cancel"] = []
        return out

    @staticmethod
    def _missing(f) -> list[str]:
        return (["receiver"] if f["recv"] is None else []) + [FIELDS[k].label for k, v in f["fields"].items()
                                                              if v is None]

    @staticmethod
    def _said(s: dict, f) -> list[str]:
        return [FIELDS[k].describe(s, v) for k, v in f["fields"].items() if v is not None]

    def text(self, g, f):
        said = [f"received by {NAMES[f['recv']]}" if f["recv"] else "receiver not named", *self._said(g.s, f)]
        missing = self._missing(f)
        then = f"name the {', '.join(missing)}" if missing else "resolve it, or cancel"
        return f"{TITLES[f['role']]} declares {title(f['n'])} ({'; '.join(said)}): {then}"

    def explain(self, g, f, verb, arg):
        n = f["n"]
        if verb == "receiver" and arg == f["recv"]:
            return f"{NAMES[arg]} is named as the receiver already (15)"
        if verb in FIELDS:
            if verb not in f["fields"]:
                return f"15.{n} names no {FIELDS[verb].label} (15.{n})"
            if arg is not None and arg == f["fields"][verb]:
                return f"{FIELDS[verb].describe(g.s, arg)} is named already (15.{n})"
            return FIELDS[verb].refusal(g.s, str(arg), n)
        if verb == "resolve":
            return f"name the {', '.join(self._missing(f))} first (15.{n}; ruling R-15-desk)"
        return None

    def act(self, g, f, verb, arg):
        n = f["n"]
        if verb == "receiver":
            f["recv"] = arg
        elif verb in f["fields"]:
            f["fields"][verb] = arg
        elif verb == "cancel":
            g.say(f"{TITLES[f['role']]} withdrew the declaration of {title(n)}.", faction=f["role"], rule="15")
            g.end()
        else:
            said = [f"received by {NAMES[f['recv']]}", *self._said(g.s, f)]
            g.say(f"Political event {title(n)}, {', '.join(said)}.", faction=f["recv"], rule=f"15.{n}",
                  kind="event")
            g.goto(f"ds.15.{n}", f["recv"], n=n, recv=f["recv"], stage="start", **f["fields"])
