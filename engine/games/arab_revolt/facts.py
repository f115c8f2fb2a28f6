"""Arab Revolt's headline values (``GameDefinition.facts``), from a role's view: the series' card, deck,
eligibility, Available pools and Capabilities (engine.coin.facts), and Arab Revolt's own Political Will
(1.10), Unity Track (1.11, 6.6), Prison (1.3.6), Out of Play Troops (setup), Police on Tegart Forts (A28)
and the chit cups (1.7.1, 1.8.1: held chits are public, the cups' contents follow from them)."""

from __future__ import annotations

from ...coin import facts as F
from . import board as B
from .data import CARDS
from .setup import PROPAGANDA_CARDS


def _chits(c: dict) -> str:
    held = ", ".join(map(str, c["held"])) or "none"
    drawn = f"; drawn {', '.join(map(str, c['drawn']))}" if c.get("drawn") else ""
    p = c.get("played")  # the Operations chit in play: its value, and what Coordinate added (4.3.2)
    played = f"; played {p['value']}" + (f" (+{p['bonus']})" if p.get("bonus") else "") if p else ""
    return f"held {held}{drawn}{played}; {c['pool_size']} in the cup, {len(c['set_aside'])} set aside"


def _unity(index: int) -> str:
    """The Unity Track's box (6.6): its name where the track prints one, and its value (6.6.2)."""
    box = B.UNITY_BOXES[index]
    name = f"{box['name']}, " if box["name"] else ""
    return f"{name}box {index} of {B.DECENTRALIZED}-{B.CENTRALIZED} (value {box['value']})"


def facts(view: dict) -> list[dict]:
    return [*F.card(view), *F.eligibility(view),
            F.fact("Political Will", view["pw"]),
            F.fact("Unity", _unity(view["unity"])),
            F.fact("Punishment chits", _chits(view["punishment"])),
            F.fact("Operations chits", _chits(view["ops"])),
            *F.available(view, B.BOARD), *F.box(view, B.BOARD, "prison", "Prison"),
            *F.box(view, B.BOARD, "out_of_play", "Out of Play"), *F.box(view, B.BOARD, "tegart", "Tegart Forts"),
            *F.capabilities(view, CARDS), *F.propaganda(view, len(PROPAGANDA_CARDS))]
