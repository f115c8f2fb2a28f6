"""Malaya's headline values (``GameDefinition.facts``), from a role's view: the series' card, deck,
eligibility, Available pools and Capabilities (engine.coin.facts), and Malaya's own Political Will (1.10),
Resources (1.8), Commander (1.11, 6.6), New Villages left in the pool (1.12), and which spaces each side
Controls (1.7) and which are at Support or Opposition (1.6), the map's markers the spaces' counts do not
spell."""

from __future__ import annotations

from ...coin import facts as F
from . import board as B
from .data import CARDS
from .setup import PROPAGANDA_CARDS


def _spaces(view: dict, ids: list[str]) -> str:
    return ", ".join(B.NAME[s] for s in ids) or "none"


def facts(view: dict) -> list[dict]:
    res = view["resources"]
    control, spaces = view["control"], view["spaces"]
    return [*F.card(view), *F.eligibility(view),
            F.fact("Political Will", view["pw"]),
            F.fact("Resources", f"British {res['british']}, MCP {res['mcp']}"),
            F.fact("Commander", B.commander_text(view)),
            F.fact("New Villages", f"{view['new_villages']} in the pool of {B.NEW_VILLAGES}"),
            F.fact("Control", f"British {_spaces(view, [s for s in B.SPACES if control.get(s) == 'british'])}; "
                              f"MCP {_spaces(view, [s for s in B.SPACES if control.get(s) == 'mcp'])}"),
            F.fact("Support", _spaces(view, [s for s in B.SPACES if spaces[s]["support"] > 0])),
            F.fact("Opposition", _spaces(view, [s for s in B.SPACES if spaces[s]["support"] < 0])),
            *F.available(view, B.BOARD),
            *F.capabilities(view, CARDS), *F.propaganda(view, len(PROPAGANDA_CARDS))]
