"""Kenya's headline values (a later ``GameDefinition.facts``; issue 28), from a role's view: the series' card,
deck, eligibility, Available pools, Capabilities and Propaganda Rounds (engine.coin.facts), and Kenya's own
Political Will (1.10), Mau Mau Resources (1.8), the Pipeline with its box's name and its Relocate and
Reprisal spaces (1.11, 6.6), which spaces each side Controls (1.7), which are at Loyalty or Resistance (1.6),
the Populations changed from the printed ones (1.3.2), the Terror markers (1.9) and the Out of Play box
(1.3.5): the map's markers the spaces' counts do not spell, every value as text."""

from __future__ import annotations

from ...coin import facts as F
from . import board as B
from .data import CARDS
from .setup import PROPAGANDA_CARDS


def _spaces(ids: list[str]) -> str:
    return ", ".join(B.NAME[s] for s in ids) or "none"


def _spaces_n(counts: dict[str, int], shown) -> str:
    """``Nyeri 1 (printed 2), Kiambu 0 (printed 2)``, in board order; ``none`` if empty."""
    return ", ".join(f"{B.NAME[s]} {shown(s, counts[s])}" for s in B.SPACES if s in counts) or "none"


def pipeline_text(value: int) -> str:
    """``Emergency Powers (1): Relocate 0, Reprisal 1`` (6.6.2; R-PIPELINE-1, R-PIPELINE-2)."""
    return (f"{B.pipeline_name(value)} ({value}): Relocate {B.relocate_spaces(value)}, "
            f"Reprisal {B.reprisal_spaces(value)}")


def facts(view: dict) -> list[dict]:
    control, spaces = view["control"], view["spaces"]
    terror = {s: x["terror"] for s, x in spaces.items() if x["terror"]}
    return [*F.card(view), *F.eligibility(view),
            F.fact("Political Will", view["pw"]),
            F.fact("Mau Mau Resources", view["resources"]["maumau"]),
            F.fact("Pipeline", pipeline_text(view["pipeline"])),
            F.fact("Control", f"British {_spaces([s for s in B.SPACES if control.get(s) == 'british'])}; "
                              f"Mau Mau {_spaces([s for s in B.SPACES if control.get(s) == 'maumau'])}"),
            F.fact("Loyalty", _spaces([s for s in B.SPACES if spaces[s]["support"] > 0])),
            F.fact("Resistance", _spaces([s for s in B.SPACES if spaces[s]["support"] < 0])),
            F.fact("Population changed", _spaces_n(B.lowered(view), lambda s, n: f"{n} (printed {B.PRINTED[s]})")),
            F.fact("Terror", _spaces_n(terror, lambda s, n: str(n))),
            *F.box(view, B.BOARD, "out_of_play", "Out of Play"),
            *F.available(view, B.BOARD),
            *F.capabilities(view, CARDS), *F.propaganda(view, len(PROPAGANDA_CARDS))]
