"""The board's capabilities panel (issue 27: it printed bare ids): each Capability in force and each Momentum
card as the game's facts name them, wrapped or cut to the panel (``textwidth``)."""

from __future__ import annotations

from engine.coin.facts import CARD_SEP

from .textwidth import fit, wrap

#: The capabilities panel (``board._panel``): the baseline of its first line under the title, the advance from
#: one line to the next, its text's size in px, and the room it has under its title unless the layout
#: gives its height ``h``.
CAPS_FIRST, CAPS_LINE_H, CAPS_SIZE, CAPS_H = 17, 13.5, 10.5, 66


def _num(v) -> float:
    """A coordinate as the board writes it (``board._num``)."""
    return round(float(v), 2)


def fact_cards(facts: list[dict], label: str) -> list[str]:
    """The cards the fact *label* names (engine.coin.facts: ``Capabilities``, ``Momentum``), each as the
    fact prints it; the fact's cards are separated by ``CARD_SEP``. None if there is no such fact or it
    says ``none``."""
    for f in facts:
        if f["label"] == label and f["value"] != "none":
            return f["value"].split(CARD_SEP)
    return []


def capability_lines(p: dict, caps: dict, names: dict, facts: list[dict], indent: float) -> list[dict]:
    """The capabilities panel's lines (issue 27: it printed bare ids, ``P25 (shaded)``): each Capability in
    force as the game's facts name it (its title and the text in force, ``engine.coin.facts.in_force``),
    then each card of the Momentum fact (a continued line *indent* px in); without facts, a Capability is named by its title among *names*'
    cards and its side. Each in full, on as many lines as it takes (the next ones indented), while they all
    fit the panel's height (``h``, else ``CAPS_H``); else one line each, cut short, and more than fit go in
    two columns, past which the last line says how many more the facts list.
    ``{"id", "side", "text", "x", "y", "kind"}`` each (``kind``: ``capability`` or ``momentum``)."""
    named = fact_cards(facts, p.get("fact", "Capabilities"))
    lines = []
    for cid, side in sorted(caps.items()):
        text = next((t for t in named if t.startswith(f"{cid} (") or f" ({cid}, " in t), None)
        if text is None:
            title = names.get("cards", {}).get(cid, "")
            text = f"{title} ({cid}, {side})" if title else f"{cid} ({side})"
        lines.append({"id": cid, "side": side, "text": text, "kind": "capability"})
    lines += [{"id": "", "side": "", "text": f"Momentum: {t}", "kind": "momentum"}
              for t in fact_cards(facts, p.get("momentum", "Momentum"))]
    rows = int((p.get("h", CAPS_H) - CAPS_FIRST) // CAPS_LINE_H) + 1
    width = p.get("w", 470) - 10
    wrapped = [{**ln, "text": part, "indent": i > 0} for ln in lines
               for i, part in enumerate(wrap(ln["text"], width - indent, CAPS_SIZE))]
    if len(wrapped) <= rows:  # room for each in full
        return [{**ln, "x": _num(p["x"] + 10 + (indent if ln["indent"] else 0)),
                 "y": _num(p["y"] + CAPS_FIRST + i * CAPS_LINE_H)} for i, ln in enumerate(wrapped)]
    cols = 1 if len(lines) <= rows else 2
    if len(lines) > rows * cols:
        more = len(lines) - (rows * cols - 1)
        lines = lines[:rows * cols - 1] + [{"id": "", "side": "", "kind": "more",
                                            "text": f"and {more} more (the facts list them all)"}]
    col_w = width if cols == 1 else (width - 10) / 2
    return [{**ln, "text": fit(ln["text"], col_w, CAPS_SIZE),
             "x": _num(p["x"] + 10 + (i // rows) * (col_w + 10)),
             "y": _num(p["y"] + CAPS_FIRST + (i % rows) * CAPS_LINE_H)} for i, ln in enumerate(lines)]
