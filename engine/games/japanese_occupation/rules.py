"""Japanese Occupation's answers to the shared COIN sequence (engine.coin.sequence.CoinRules).

The card sequence and the Initiative Track are the series' (2.2, 2.4), numbered 2.4.x in this rulebook where
the other games number them 2.3.x (:attr:`JapaneseOccupationRules.renumber`: the shared code's citations read
in this game's numbers). Japanese Occupation's own:
- as each Event card is revealed, its MPAJA icon is resolved by the faction 5.5 names before anyone acts (2.3,
  5.5; engine.games.japanese_occupation.mpaja), then a Mandatory Event (J6, J9), which closes the Event box for
  the card (5.4);
- a British Pass may conduct a Contact Operation, a Japanese Pass a Limited Deploy (2.4.3);
- British Operations select every space with Force 136, Limited or not, the Japanese three, one if Limited (3.1,
  2.4.4);
- the Reset makes the British 1st Eligible (6.6).
"""

from __future__ import annotations

from ...coin.sequence import CoinRules
from ...coin.tabled_rules import TabledRules
from ...core.errors import RulesBugError
from ...core.flow import Context, Procedure, procedure
from . import board as B
from . import why as W
from .data import CARDS
from .events import EVENTS
from .operation import ACTIVITIES, OP_PREFIX, new_op_frame

#: 5.5: who resolves each MPAJA icon.
ICON_EXECUTOR = {"mobilize": "british", "kill_traitors": "british", "seize_supplies": "japanese",
                 "food_shortage": "japanese"}
ICON_NAMES = {"mobilize": "Mobilize Population", "kill_traitors": "Kill Traitors",
              "seize_supplies": "Seize Supplies", "food_shortage": "Food Shortage"}


def icon_of(state: dict, cid: str) -> str:
    """The MPAJA icon of Event card *cid*: the umpire's (option ``icons``, from the printed card) or the card
    data's (the Example of Play's six, or ruling R-ICONS)."""
    given = (state.get("options") or {}).get("icons") or {}
    return given.get(cid) or CARDS[cid]["icon"]


def icon_source(state: dict, cid: str) -> str:
    """Where the icon of *cid* comes from, for the log: the umpire's option ``icons`` (the printed card), the
    Example of Play, or ruling R-ICONS."""
    given = (state.get("options") or {}).get("icons") or {}
    if cid in given:
        return "as printed, by the umpire's option icons"
    src = CARDS[cid]["icon_source"]
    if src.startswith("ruling"):
        return "by ruling R-ICONS: the text does not show this card's icon; an umpire sets the printed one with the option icons"
    return src.replace("example: ", "as the Example of Play shows it, ")


@procedure
class MandatoryEvent(Procedure):
    """A Mandatory Event (J6, J9) waiting for the card's MPAJA icon: it occurs right after the icon is resolved,
    before the 1st Eligible acts (5.4). Frame: ``cid``."""

    name = "jo.mandatory"
    rule = "5.4"

    def step(self, g, f):
        g.end()
        card = CARDS[f["cid"]]
        if (card["id"], "event") not in EVENTS:
            raise RulesBugError(f"the Mandatory Event {card['id']} has no text registered")
        g.say(f"{card['title']} is a Mandatory Event: it occurs now, and neither faction may choose the Event box "
              "on this card.", rule="5.4", card=card["id"])
        EVENTS.start(g, f["role"], card, "event")
        return True


class JapaneseOccupationRules(TabledRules, CoinRules):
    """Japanese Occupation's answers; the card, the Operations' start and refusal, the Events and the Propaganda
    Round's call are the tables' (engine.coin.tabled_rules)."""

    words = W.WORDS
    cards = CARDS
    factions = ("british", "japanese")  # the roles in seating order; the British 1st Eligible at setup
    board = B.BOARD
    #: 6.6 (L1592): the Reset sets the British 1st Eligible.
    eligibility_after_propaganda = ("british", "japanese")
    activities = ACTIVITIES
    events = EVENTS
    propaganda = "jo.propaganda"
    op_prefix = OP_PREFIX
    op_frame = staticmethod(new_op_frame)
    #: new_op_frame gives each of a faction's Operations the same frame but for its ``op`` (the count is the
    #: faction's: 3.1, 2.4.4), so the turn's prompt builds it once per faction (CoinRules.ops).
    frame_per_faction = True
    #: The shared sequence's citations (the other games' 2.3.x) in this rulebook's numbers (2.4.x).
    renumber = {f"2.3.{n}": f"2.4.{n}" for n in range(1, 7)}

    def start_pass(self, g: Context, faction: str) -> None:
        """2.4.3: a British Pass may Contact, a Japanese Pass may Limited Deploy (its Kempeitai move included,
        3.3.1); either may be declined."""
        op = "contact" if faction == "british" else "deploy"
        frame = new_op_frame(g, op, faction == "japanese", False, optional=True, rule="2.4.3", passed=True)
        proc = g.procs[f"{OP_PREFIX}{op}"]
        if proc.possible(g, frame) or op == "deploy" and B.on_map(g, "kempeitai"):
            g.say(f"{'The British may conduct a Contact' if op == 'contact' else 'The Japanese may conduct a Limited Deploy'}"
                  " Operation for their Pass.", faction=faction, rule="2.4.3")
            g.call(f"{OP_PREFIX}{op}", faction, **frame)
        else:
            g.say(f"The {'British' if op == 'contact' else 'Japanese'} Pass: no {op.title()} is possible now.",
                  faction=faction, rule="2.4.3")

    def on_event_card(self, g: Context, cid: str) -> None:
        """The MPAJA icon first (2.3, 5.5), then a Mandatory Event (5.4): pushed in reverse, the icon on top."""
        card = CARDS[cid]
        if card["mandatory"]:
            g.s["flags"]["mandatory"] = cid
            g.call(MandatoryEvent.name, g.s["eligible"][0], cid=cid)
        icon = icon_of(g.s, cid)
        who = ICON_EXECUTOR[icon]
        g.say(f"MPAJA icon: {ICON_NAMES[icon]} ({icon_source(g.s, cid)}); the {who.title()} resolve it before "
              "anyone acts.", rule="5.5", card=cid)
        g.call("jo.mpaja", who, icon=icon, cid=cid)

    def closed_boxes(self, g: Context) -> tuple[str, ...]:
        return ("event",) if g.s["flags"].get("mandatory") == g.s["current"] else ()

    def end_of_card(self, g: Context) -> None:
        g.s["flags"].pop("mandatory", None)


RULES = JapaneseOccupationRules()
