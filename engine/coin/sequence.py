"""The card round and the Initiative Track (rules 2.2 to 2.4, shared by the British Way games).

One card is revealed at a time (2.2). On an Event card the 1st Eligible faction picks a box of the
Initiative Track (Limited Operation, Event, Operation + Special Activity) and carries it out or Passes;
the 2nd Eligible faction then picks a box the first did not (2.3.2, 2.3.3). The cylinder further left
becomes 1st Eligible for the next card (2.3.5). A Propaganda card runs the game's Propaganda Round (2.4).

The game plugs in through its ``rules`` object (see :class:`CoinRules`), including the hooks a game
needs around the turns: something to resolve when an Event card is revealed, before anyone acts (Arab
Revolt's Mandatory Events, 5.4), boxes closed for the card (the Event box after a Mandatory Event),
something before a faction chooses its box (Arab Revolt's Operations chits, 2.3.4) and after its turn
(the chit effect the British apply, 1.8.2).
"""

from __future__ import annotations

from abc import ABC, abstractmethod

from ..core import notation
from ..core.errors import RulesBugError
from ..core.flow import Context, Procedure, procedure
from . import deck
from .wording import side_name

#: The Initiative Track's boxes, left to right (2.3; order from the design note to 2.3.5).
BOXES = ("limited", "event", "opsa")
BOX_NAMES = {"limited": "Limited Operation", "event": "Event", "opsa": "Operation + Special Activity"}
#: The rule a turn's prompt cites once its box is chosen (2.3.4, 5.0, 3.0).
BOX_RULES = {"limited": "2.3.4", "event": "5.0", "opsa": "3.0"}

notation.declare(__name__, {"box", "op", "pass", "unshaded", "shaded", "event", "done"})


class CoinRules(ABC):
    """What a COIN game supplies to the shared sequence. Every method takes the working context; the
    abstract ones each game must answer, the others have the series' default."""

    factions: tuple[str, ...] = ()
    #: The Initiative order the Propaganda Round's Reset sets (Palestine 6.4: Irgun 1st Eligible), or
    #: ``None`` where the round leaves eligibility as it was (Arab Revolt 6.5; Malaya 2.3.1 NOTE).
    eligibility_after_propaganda: tuple[str, ...] | None = None
    #: The game's map and piece bookkeeping (engine.coin.board.Board), used by shared procedures.
    board = None

    @abstractmethod
    def card(self, cid: str) -> dict:
        ...

    #: Each faction's Operations, and the prefix of their procedure names (``pal.op.`` + ``deploy``).
    op_names: dict[str, list[str]] = {}
    op_prefix = ""

    @abstractmethod
    def op_frame(self, g: Context, op: str, limited: bool, with_sa: bool) -> dict:
        """The locals of a new frame of Operation *op* (engine.coin.operation.Operation)."""

    #: Whether :meth:`op_frame` gives a faction's Operations one frame but for its ``op`` (their space count
    #: is the faction's: 3.1, 2.3.4), holding no list but an empty ``spaces``: :meth:`ops` then builds it once.
    frame_per_faction: bool = False

    def ops(self, g: Context, faction: str, limited: bool) -> list[str]:
        """Operations *faction* could start now: each with at least one space it may select."""
        out = []
        procs, prefix = g.procs, self.op_prefix
        first = None
        for op in self.op_names.get(faction, ()):
            if first is None or not self.frame_per_faction:
                frame = first = self.op_frame(g, op, limited, not limited)
            else:  # op_frame's frame for this op, copied from the first: its own op, and a new spaces list
                frame = first.copy()
                frame["op"], frame["spaces"] = op, []
            if frame["max"] > 0 and procs[prefix + op].possible(g, frame):
                out.append(op)
        return out

    @abstractmethod
    def start_op(self, g: Context, faction: str, op: str, limited: bool, with_sa: bool) -> None:
        ...

    @abstractmethod
    def start_pass(self, g: Context, faction: str) -> None:
        ...

    @abstractmethod
    def event_sides(self, g: Context, faction: str, cid: str) -> list[str]:
        ...

    @abstractmethod
    def start_event(self, g: Context, faction: str, cid: str, side: str) -> None:
        ...

    @abstractmethod
    def start_propaganda(self, g: Context) -> None:
        ...

    def must_pass(self, g: Context, faction: str) -> bool:
        return False

    def end_of_card(self, g: Context) -> None:
        """Called after eligibility is adjusted (2.3.5), before the next card."""
        return None  # by default nothing happens here

    def on_event_card(self, g: Context, cid: str) -> None:
        """Called when Event card *cid* is revealed, before the 1st Eligible acts; may push procedures."""
        return None  # by default nothing happens here

    def closed_boxes(self, g: Context) -> tuple[str, ...]:
        """Boxes of the Initiative Track no faction may choose on the current card."""
        return ()

    def before_turn(self, g: Context, faction: str) -> None:
        """Called as *faction*'s turn begins, before it chooses a box; may push procedures."""
        return None  # by default nothing happens here

    def after_turn(self, g: Context, faction: str) -> None:
        """Called once *faction*'s turn is over (its Operation, Event or Pass done); may push procedures."""
        return None  # by default nothing happens here

    def turn_refusal(self, g: Context, f: dict, verb: str, arg: str | None) -> str | None:
        """A game's own reason why *verb arg* is refused in a turn's frame *f* (``coin.turn``), asked before
        the series' reasons (:meth:`Turn.explain`); ``None`` leaves it to them."""
        return None


def op_refusal(g: Context, faction: str, op: str, limited: bool) -> str | None:
    """Why *faction* may not start Operation *op* now: not one of its Operations (3.1), or no space it
    may select, with the reasons of the first spaces (the Operation's own ``explain``)."""
    mine = g.rules.op_names.get(faction, [])
    if op not in mine:
        whose = next((x for x, ops in g.rules.op_names.items() if op in ops), None)
        name = side_name(whose).removesuffix("s") if whose else ""  # a British, an Irgun, a Rebel Operation
        owner = f"{'an' if name[:1] in 'AEIOU' else 'a'} {name} Operation" if whose else "no Operation"
        return (f"{op.title()} is {owner}; the {side_name(faction)} "
                f"Operations are {', '.join(o.title() for o in mine)} (3.1)")
    frame = g.rules.op_frame(g, op, limited, not limited)
    if frame["max"] <= 0:
        return f"{op.title()} may select no space now (3.1: its space limit is {frame['max']})"
    proc = g.procs[f"{g.rules.op_prefix}{op}"]
    board = g.rules.board
    why = [r for sid in board.spaces if (r := proc.explain(g, {**frame, "p": proc.name, "role": faction},
                                                            "space", sid))][:2]
    return f"{op.title()} has no space it may select (3.1)" + (": " + "; ".join(why) if why else "")


def other(g: Context, faction: str) -> str:
    a, b = g.rules.factions
    return b if faction == a else a


@procedure
class CardRound(Procedure):
    """Bottom of the stack: reveals cards and runs each card's two turns (2.2 to 2.4)."""

    name = "coin.round"
    rule = "2.2"

    def step(self, g: Context, f: dict) -> bool:
        s = g.s
        if s.get("outcome"):
            return False
        stage = f["stage"]
        if stage == "reveal":
            cid = deck.draw_top(g)  # drawn now: the stored deck holds no future order (deck.py)
            s["played"].append(cid)
            s["current"] = cid
            s["boxes"] = {b: None for b in BOXES}
            card = g.rules.card(cid)
            g.say(f"{card['title']} ({cid}) was revealed.", kind="h1", rule="2.2", card=cid)
            if card["kind"] == "propaganda":
                f["stage"] = "after-propaganda"
                g.rules.start_propaganda(g)
            else:
                f["stage"] = "first"
                g.rules.on_event_card(g, cid)
            return True
        if stage in ("first", "second"):
            # A turn: the game's before-turn step runs first (pushed last), then the box choice.
            who = s["eligible"][0 if stage == "first" else 1]
            f["stage"] = "after-first" if stage == "first" else "after-second"
            g.call("coin.turn", who, stage="box")
            g.rules.before_turn(g, who)
            return True
        if stage in ("after-first", "after-second"):
            f["stage"] = "second" if stage == "after-first" else "adjust"
            g.rules.after_turn(g, s["eligible"][0 if stage == "after-first" else 1])
            return True
        if stage == "adjust":
            boxes = s["boxes"]
            order = [boxes[b] for b in BOXES if boxes[b]]
            if len(order) != 2:
                raise RulesBugError(f"both factions should hold a box, boxes are {boxes}")
            s["eligible"] = order
            g.say(f"{side_name(order[0])} became 1st Eligible.", rule="2.3.5")
            g.rules.end_of_card(g)
            f["stage"] = "reveal"
            return True
        if stage == "after-propaganda":
            f["stage"] = "reveal"
            return True
        raise RulesBugError(f"unknown round stage {stage!r}")


@procedure
class Turn(Procedure):
    """One Eligible faction's turn on an Event card: pick a box, then act in it or Pass (2.3.2, 2.3.3)."""

    name = "coin.turn"
    rule = "2.3.2"

    def prompt(self, g: Context, f: dict) -> dict[str, list[str]]:
        role = f["role"]
        if f["stage"] == "box":
            closed = g.rules.closed_boxes(g)
            return {"box": [b for b in BOXES if g.s["boxes"][b] is None and b not in closed]}
        if f["stage"] != "act":
            return {}
        box = f["box"]
        out: dict[str, list[str]] = {"pass": []}
        if f.get("forced_pass"):
            return out
        if box == "event":
            sides = g.rules.event_sides(g, role, g.s["current"])
            for side in sides:
                out[side] = []
        else:
            ops = g.rules.ops(g, role, box == "limited")
            if ops:
                out["op"] = ops
        return out

    def text(self, g: Context, f: dict) -> str:
        if f["stage"] == "box":
            return f"{side_name(f['role'])}: choose a box on the Initiative Track"
        return f"{side_name(f['role'])}: act in the {BOX_NAMES[f['box']]} box, or Pass"

    def rule_for(self, g: Context, f: dict) -> str:
        return "2.3.2" if f["stage"] == "box" else BOX_RULES[f["box"]]

    def explain(self, g, f, verb, arg):
        own = g.rules.turn_refusal(g, f, verb, arg)
        if own:
            return own
        if verb == "box" and arg in BOXES and g.s["boxes"].get(arg):
            return f"the {BOX_NAMES[arg]} box already holds the {side_name(g.s['boxes'][arg])} cylinder (2.3.2)"
        if verb == "box" and arg in g.rules.closed_boxes(g):
            return f"the {BOX_NAMES[arg]} box is closed on this card (5.4: a Mandatory Event was resolved)"
        if verb in ("unshaded", "shaded", "event") and f.get("box") != "event":
            return "Events are executed only from the Event box (2.3.2)"
        if verb in ("unshaded", "shaded", "event") and f.get("stage") == "act":
            return (f"the {verb} text of {g.s['current']} can change nothing now (5.1.3, ruling R-5.1.3), "
                    "or the card has no such text")
        if verb == "op" and f.get("box") == "event":
            return "the Event box allows only the Event or a Pass (2.3.2)"
        if verb == "op" and f.get("stage") == "act" and arg:
            return op_refusal(g, f["role"], arg, f["box"] == "limited")
        return None

    def act(self, g: Context, f: dict, verb: str, arg: str | None) -> None:
        role = f["role"]
        if verb == "box":
            g.s["boxes"][arg] = role
            f["box"] = arg
            f["stage"] = "act"
            if g.rules.must_pass(g, role):
                f["forced_pass"] = True
            g.say(f"{side_name(role)} chose the {BOX_NAMES[arg]} box.", faction=role, rule="2.3.2")
            return
        f["stage"] = "done"
        if verb == "pass":
            g.say(f"{side_name(role)} passed.", faction=role, rule="2.3.3")
            if not f.get("forced_pass"):
                g.rules.start_pass(g, role)
        elif verb == "op":
            g.rules.start_op(g, role, arg, f["box"] == "limited", f["box"] == "opsa")
        else:
            g.rules.start_event(g, role, g.s["current"], verb)

    def step(self, g: Context, f: dict) -> bool:
        if f["stage"] == "done":
            g.end()
            return True
        return False
