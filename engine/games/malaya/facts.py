"""Malaya's headline values (``GameDefinition.facts``), from a role's view: the series' card, deck,
eligibility, Available pools and Capabilities (engine.coin.facts), and Malaya's own Political Will (1.10),
Resources (1.8), Commander (1.11, 6.6) and New Villages left in the pool (1.12)."""

from __future__ import annotations

from ...coin import facts as F
from . import board as B
from .data import CARDS
from .setup import PROPAGANDA_CARDS


def facts(view: dict) -> list[dict]:
    res = view["resources"]
    return [*F.card(view), *F.eligibility(view),
            F.fact("Political Will", view["pw"]),
            F.fact("Resources", f"British {res['british']}, MCP {res['mcp']}"),
            F.fact("Commander", B.commander_text(view)),
            F.fact("New Villages", f"{view['new_villages']} in the pool of {B.NEW_VILLAGES}"),
            *F.available(view, B.BOARD),
            *F.capabilities(view, CARDS), *F.propaganda(view, len(PROPAGANDA_CARDS))]
