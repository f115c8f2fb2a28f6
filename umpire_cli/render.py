"""Plain-text rendering of a view, for the terminal: any game's tracks, boxes, chits and spaces."""

from __future__ import annotations

import engine

#: Short labels of the piece and marker keys of a space; other keys print under their own name.
LABELS = {"troops": "T", "police": "P", "cells_u": "Cu", "cells_a": "Ca", "caches": "AC", "sabotage": "Sab",
          "terror": "Ter", "curfew": "Curfew", "irregulars_u": "Iu", "irregulars_a": "Ia", "guerrillas_u": "Gu",
          "guerrillas_a": "Ga", "bases": "B", "opposition": "Opp", "out_of_play": "OutOfPlay"}
#: Track and box entries printed when the game's view has them.
TRACKS = (("pw", "Political Will"), ("haganah", "Haganah"), ("unity", "Unity"), ("prison", "Prison"),
          ("out_of_play", "Out of Play Troops"))


def _chits(v: dict) -> list[str]:
    out = []
    if "intel" in v:
        out.append(f"Intel held {v['intel']['held']} (bag {v['intel']['bag_size']})")
    for key, label in (("punishment", "Punishment"), ("ops", "Operations")):
        if key in v:
            c = v[key]
            extra = f", drawn {c['drawn']}" if c.get("drawn") else ""
            out.append(f"{label} chits held {c['held']}{extra} (cup {c['pool_size']}, set aside {c['set_aside']})")
    return out


def render_text(game: dict, v: dict) -> str:
    names = engine.definition(v["game"]).names
    card = v.get("current_card")
    lines = [f"{game['id']} {v['game']} ({v['scenario']}), position {v['seq']}",
             f"Card: {card['title'] + ' (' + card['id'] + ')' if card else 'none'}; deck {v['deck_size']} left; "
             f"played {len(v['played'])}",
             "  ".join(f"{label} {v[key]}" for key, label in TRACKS if key in v),
             *_chits(v),
             f"Eligible: 1st {v['eligible'][0]}, 2nd {v['eligible'][1]}; Capabilities: "
             + (", ".join(f"{c} {s}" for c, s in sorted(v["capabilities"].items())) or "none"),
             "Available: " + ", ".join(f"{k} {n}" for k, n in sorted(v["available"].items()))]
    for sid, x in v["spaces"].items():
        parts = []
        order = list(LABELS)
        for key, n in sorted(x.items(), key=lambda kv: order.index(kv[0]) if kv[0] in LABELS else len(order)):
            if not n:
                continue
            label = LABELS.get(key, key)
            parts.append(label if key in ("curfew", "opposition", "out_of_play") else f"{label}{n}")
        lines.append(f"  {names.get(sid, sid):28} {' '.join(parts) or '-'}")
    return "\n".join(lines)
