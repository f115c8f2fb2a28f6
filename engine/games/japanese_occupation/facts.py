"""Japanese Occupation's headline values (``GameDefinition.facts``; issue 30), from a role's view: the series'
card, deck, eligibility, Capabilities and Propaganda Rounds (engine.coin.facts), and the game's own Resistance
(1.13), Japanese Resources (1.7), Operation Zipper with the Supply Caches still on its track (6.7), the
Opposition spaces (1.6), the sabotaged Railways (1.12), the Terror markers (1.12), the Intel chits as the role
sees them (1.11: concealed ones without their value), J17's Troops and J25's Force 136 while their cards hold
them, what is out of the game, and Available forces and markers: every value as text."""

from __future__ import annotations

from ...coin import facts as F
from . import board as B
from .data import CARDS
from .setup import PROPAGANDA_CARDS


def _spaces(ids) -> str:
    return ", ".join(B.NAME[s] for s in ids) or "none"


def intel_text(intel: dict) -> str:
    """``Kedah 2, Perak concealed, Johore concealed (seen 0), Pahang none``: each Intel space's chit as the view
    shows it (1.11)."""
    parts = []
    for sid in B.INTEL_SPACES:
        chit = intel.get(sid)
        if chit is None:
            parts.append(f"{B.NAME[sid]} none")
        elif chit["revealed"]:
            parts.append(f"{B.NAME[sid]} {chit['value']}")
        elif chit["seen"]:
            parts.append(f"{B.NAME[sid]} concealed (seen {chit['value']})")
        else:
            parts.append(f"{B.NAME[sid]} concealed")
    return ", ".join(parts)


def available_text(avail: dict) -> str:
    forces = F.pieces_text({k: v for k, v in avail.items() if k in B.BOARD.pieces}, B.BOARD)
    marks = ", ".join(f"{F.plural(B.MARKER_LABEL[m])} {avail[m]}" for m in B.POOLED)
    return f"{forces}; {marks}"


def facts(view: dict) -> list[dict]:
    spaces = view["spaces"]
    terror = [f"{B.NAME[s]}{' ' + str(x['terror']) if x['terror'] > 1 else ''}" for s, x in spaces.items()
              if x["terror"]]
    rails = [f"{B.RAIL_NAME[r]}{' ' + str(n) if n > 1 else ''}" for r, n in view["railways"].items() if n]
    out = [*F.card(view), *F.eligibility(view),
           F.fact("Resistance", view["resistance"]),
           F.fact("Japanese Resources", view["resources"]),
           F.fact("Operation Zipper", f"{B.zipper_label(view['zipper'])}; Supply Caches on the track in boxes "
                                      f"{', '.join(B.zipper_label(b) for b in view['zipper_caches']) or 'none'}"),
           F.fact("Opposition", _spaces(s for s in B.SPACES if spaces[s]["opposition"])),
           F.fact("Sabotage", ", ".join(rails) or "none"),
           F.fact("Terror", ", ".join(terror) or "none"),
           F.fact("Intel", intel_text(view["intel"]))]
    if view["intel_aside"]:
        out.append(F.fact("Intel set aside", ", ".join(map(str, view["intel_aside"]))))
    if view["burma"]:
        out.append(F.fact(f"{CARDS['J17']['title']} (J17)", f"{view['burma']} Troops"))
    if view["davis"]:
        out.append(F.fact(f"{CARDS['J25']['title']} (J25)", f"{view['davis']} Force 136"))
    if view["removed"] or view["kempeitai_out"]:
        out.append(F.fact("Out of the game", f"Supply Caches {view['removed']}, Kempeitai {view['kempeitai_out']}"))
    return [*out, F.fact("Available", available_text(view["available"])),
            *F.capabilities(view, CARDS), *F.propaganda(view, len(PROPAGANDA_CARDS))]
