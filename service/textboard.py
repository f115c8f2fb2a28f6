"""Plain-text rendering of a view, for the terminal and the mail: any game's headline values and spaces.

It knows no game: the headline values are the game's facts (``engine.facts``: ``GameDefinition.facts``),
and the spaces' names and the short labels of their pieces and markers are the game's display names
(``GameDefinition.names``). A space's level (``support``: Malaya's Support and Opposition) is no count: the
game's facts name the spaces at each level. A game without spaces prints its facts alone.
"""

from __future__ import annotations

import engine
from engine.coin.position_checks import LEVEL_KEYS


def role_name(role: str) -> str:
    return str(role).replace("-", " ").title()


def outcome_line(res: dict) -> str:
    """``Game over: British won (reason).``, or ``Game over: no winner (reason).`` for a draw or a game the
    umpire ended (``winner`` None)."""
    who = f"{role_name(res['winner'])} won" if res.get("winner") else "no winner"
    return f"Game over: {who} ({res.get('reason') or 'ended'})."


def _spaces(v: dict, names: dict) -> list[str]:
    spaces = v.get("spaces")
    if not isinstance(spaces, dict):
        return []
    order = {k: i for i, k in enumerate(names)}
    lines = []
    for sid, counts in spaces.items():
        if not isinstance(counts, dict):
            continue
        parts = [f"{names.get(k, k)}{n}" for k, n in sorted(counts.items(), key=lambda kv: order.get(kv[0], len(order)))
                 if isinstance(n, int) and n and k not in LEVEL_KEYS]
        lines.append(f"  {names.get(sid, sid):28} {' '.join(parts) or '-'}")
    return lines


def render_text(game: dict, v: dict) -> str:
    """*v* (``engine.view``) of the game *game* (``{"id"}``) as text: the heading, one line a fact, then the
    spaces."""
    defn = engine.definition(v["game"])
    lines = [f"{game['id']} {defn.title} ({v['game']}, {v.get('scenario')}), position {v.get('seq', 0)}",
             *(f"  {f['label']}: {f['value']}" for f in engine.facts(v)), *_spaces(v, defn.names)]
    return "\n".join(lines)
