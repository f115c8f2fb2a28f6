"""Plain-text rendering of a view, for the terminal."""

from __future__ import annotations

import engine


def render_text(game: dict, v: dict) -> str:
    names = engine.definition(v["game"]).names
    card = v.get("current_card")
    lines = [f"{game['id']} {v['game']} ({v['scenario']}), position {v['seq']}",
             f"Card: {card['title'] + ' (' + card['id'] + ')' if card else 'none'}; deck {v['deck_size']} left; "
             f"played {len(v['played'])}",
             f"Political Will {v['pw']}  Haganah {v['haganah']}  Prison {v['prison']}  "
             f"Intel held {v['intel']['held']} (bag {v['intel']['bag_size']})",
             f"Eligible: 1st {v['eligible'][0]}, 2nd {v['eligible'][1]}; Capabilities: "
             + (", ".join(f"{c} {s}" for c, s in sorted(v["capabilities"].items())) or "none"),
             "Available: " + ", ".join(f"{k} {n}" for k, n in sorted(v["available"].items()))]
    for sid, x in v["spaces"].items():
        parts = []
        for key, label in (("troops", "T"), ("police", "P"), ("cells_u", "Cu"), ("cells_a", "Ca"),
                           ("caches", "AC"), ("sabotage", "Sab"), ("terror", "Ter"), ("curfew", "Curfew")):
            if x.get(key):
                parts.append(f"{label}{x[key]}" if key != "curfew" else "Curfew")
        lines.append(f"  {names.get(sid, sid):28} {' '.join(parts) or '-'}")
    return "\n".join(lines)
