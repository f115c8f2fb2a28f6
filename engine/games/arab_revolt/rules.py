"""Arab Revolt's answers to the shared COIN sequence (engine.coin.sequence.CoinRules).

Around each turn: Mandatory Events when revealed, closing the Event box (5.4); the Rebels' Operations
chit before they choose a box (2.3.4) and its effect after their turn (1.8.2). Passing: the British
select a Punishment chit to hold, the Rebels may place a Base (2.3.3).
"""

from __future__ import annotations

from ...coin.sequence import CoinRules
from ...core import notation
from ...core.errors import RulesBugError
from ...core.flow import Context, Procedure, procedure
from . import board as B
from . import why as W
from .chits import HoldPunishment, OpsChit, end_rebel_turn
from .data import CARDS
from .events import EVENTS
from .operation import OP_FACTION, OPS, new_op_frame, op_refusal

notation.declare(__name__, {"place", "done"})

def pass_base_spaces(g: Context) -> list[str]:
    """Districts and Foreign Countries in play with a Guerrilla and room for a Base (2.3.3, 1.4.2), when a
    Base is Available: a Pass is no Operation, Special Activity or Event, so the map exception of 1.4.1
    IMPORTANT does not reach it (ruling R-1.4.1)."""
    if not g.s["available"]["bases"]:
        return []
    return [s for s in B.SPACES if B.KIND[s] in ("district", "foreign") and B.in_play(g, s)
            and B.guerrillas(B.sp(g, s)) and B.BOARD.room(g, s, "bases")]


def pass_base_refusal(g: Context, sid: str) -> str | None:
    """Why a Rebel Pass may not place a Base in *sid*: the conditions :func:`pass_base_spaces` tests, with the
    facts; ``None`` if it may."""
    if sid in pass_base_spaces(g):
        return None
    if not g.s["available"]["bases"]:
        return W.because("no Base is Available, and a Pass places only an Available one (ruling R-1.4.1)", "1.4.1")
    name = B.name(sid)
    if B.KIND[sid] not in ("district", "foreign"):
        return W.because(f"{name} is {W.kind_of(sid)}: a Pass places a Base in a District or Foreign Country",
                         "2.3.3")
    if not B.in_play(g, sid):
        return W.not_in_play(g, sid)
    if not B.guerrillas(B.sp(g, sid)):
        return W.because(f"{W.has(g, sid, 'guerrillas')}: a Pass places a Base where a Guerrilla is", "2.3.3")
    return W.because(f"{W.has(g, sid, 'bases')}: two Bases at most in a space", "1.4.2")


class ArabRevoltRules(CoinRules):
    factions = ("rebels", "british")
    board = B.BOARD

    def card(self, cid: str) -> dict:
        return CARDS[cid]

    op_names = OPS
    op_prefix = "ar.op."
    frame_per_faction = True  # op_frame: the count is the faction's (new_op_frame), the same for each of its ops

    def op_frame(self, g: Context, op: str, limited: bool, with_sa: bool) -> dict:
        return new_op_frame(g, op, limited, with_sa)

    def start_op(self, g: Context, faction: str, op: str, limited: bool, with_sa: bool) -> None:
        if OP_FACTION[op] != faction:
            raise RulesBugError(f"{faction} cannot run {op}")
        frame = new_op_frame(g, op, limited, with_sa)
        what = f"{'Limited ' if limited else ''}{op.title()}"
        g.say(f"{faction.title()} began {'an' if what[0] in 'AEIOU' else 'a'} {what} Operation "
              f"(up to {frame['max']} space(s)).", faction=faction, rule="3.0")
        g.call(f"ar.op.{op}", faction, **frame)

    def start_pass(self, g: Context, faction: str) -> None:
        if faction == "british":
            if g.s["punishment"]["pool"]:
                g.call(HoldPunishment.name, "british")
            else:
                g.say("British could select no Punishment chit: the cup is empty.", faction="british", rule="2.3.3")
        elif pass_base_spaces(g):
            g.call(PassBase.name, "rebels")

    def event_sides(self, g: Context, faction: str, cid: str) -> list[str]:
        if g.s["flags"].get("mandatory") == cid:
            return []
        return EVENTS.sides(g, faction, CARDS[cid])

    def start_event(self, g: Context, faction: str, cid: str, side: str) -> None:
        EVENTS.start(g, faction, CARDS[cid], side)

    def start_propaganda(self, g: Context) -> None:
        g.call("ar.propaganda", "british")

    def on_event_card(self, g: Context, cid: str) -> None:
        card = CARDS[cid]
        if not card["mandatory"]:
            return
        g.s["flags"]["mandatory"] = cid
        g.say(f"{card['title']} is a Mandatory Event: it is resolved before anyone acts, and the Event box is "
              "closed on this card.", rule="5.4", card=cid)
        if (cid, "event") not in EVENTS:
            raise RulesBugError(f"the Mandatory Event {cid} has no text registered")
        EVENTS.start(g, card["executor"], card, "event")

    def closed_boxes(self, g: Context) -> tuple[str, ...]:
        return ("event",) if g.s["flags"].get("mandatory") == g.s["current"] else ()

    def before_turn(self, g: Context, faction: str) -> None:
        if faction == "rebels":
            g.call(OpsChit.name, "rebels")

    def after_turn(self, g: Context, faction: str) -> None:
        if faction == "rebels":
            end_rebel_turn(g)

    def end_of_card(self, g: Context) -> None:
        g.s["flags"].pop("mandatory", None)

    def turn_refusal(self, g: Context, f: dict, verb: str, arg: str | None) -> str | None:
        """Arab Revolt's reasons in a turn (``coin.turn``): a box before anything else (2.3.2), no Special
        Activity in the Limited Operation box (2.3.5, 4.1) and one only with its Operation (4.1), an Operation's
        own reasons (:func:`operation.op_refusal`: the Rebels' chit value, the Operation's spaces)."""
        stage, box = f.get("stage"), f.get("box")
        if stage == "box" and verb in ("pass", "op", "sa", "done"):
            return W.because(f"choose a box of the Initiative Track first: the {'Pass' if verb == 'pass' else 'action'}"
                             " is taken in the box chosen", "2.3.2, 2.3.3")
        if stage != "act" or box == "event":
            return None
        if verb == "done":
            return W.because(f"the turn in the {'Limited Operation' if box == 'limited' else 'Operation + Special Activity'}"
                             " box is its action or a Pass: choose one", "2.3.2, 2.3.3")
        if verb == "sa":
            if box == "limited":
                return W.because("a Limited Operation comes with no Special Activity", "2.3.5, 4.1")
            return W.because("choose the Operation first (op NAME): the Special Activity accompanies it, before, "
                             "during or after it", "4.1")
        if verb == "op" and arg:
            frame = new_op_frame(g, arg, box == "limited", box == "opsa") if arg in OP_FACTION else {}
            return op_refusal(g, f["role"], arg, frame)
        return None


@procedure
class PassBase(Procedure):
    """A Rebel Pass: the Rebels may place a Base in one District or Foreign Country with a Guerrilla (2.3.3)."""

    name = "ar.pass_base"
    rule = "2.3.3"

    def prompt(self, g, f):
        return {"place": pass_base_spaces(g), "done": []}

    def text(self, g, f):
        return "Rebels (Pass): place a Base in a District or Foreign Country with a Guerrilla, or done"

    def explain(self, g, f, verb, arg):
        if verb != "place" or arg is None:
            return None
        if not W.is_space(arg):
            return W.form("place", "SPACE", arg, "2.3.3")
        return pass_base_refusal(g, arg)

    def act(self, g, f, verb, arg):
        g.end()
        if verb == "place":
            B.place(g, arg, "bases", 1)
            g.say(f"Pass: Rebels placed a Base in {B.name(arg)}.", faction="rebels", rule="2.3.3")


RULES = ArabRevoltRules()
