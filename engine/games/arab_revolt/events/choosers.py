"""Arab Revolt's registrations of the shared Event choosers (engine.coin.pickers): remove pieces, place
pieces, and one choice among options."""

from __future__ import annotations

from ....coin import pickers
from ....core.flow import Context, procedure
from .. import board as B
from .. import why as W


def taking_text(f: dict, doing: str) -> str:
    """What a chooser asks: ``remove a piece (1 of 3 to remove)`` while the card still demands pieces (5.1.3:
    done is not offered), else ``(1 of up to 3), or done``."""
    who = f"{f['role'].title()} ({f['label']})"
    if f["taken"] < f["min"]:
        return f"{who}: {doing} a piece ({f['taken']} of {f['min']} to {doing})"
    return f"{who}: {doing} a piece ({f['taken']} of up to {f['max']}), or done"


@procedure
class Pick(pickers.Pick):
    """An Event's removal of pieces (engine.coin.pickers.Pick) with Arab Revolt's reasons for a refusal."""

    name = "ar.pick"

    def text(self, g, f):
        return taking_text(f, "remove")

    def explain(self, g, f, verb, arg):
        """Why *verb arg* is refused (:meth:`options`): the card's count (at least ``min``, up to ``max``), its
        spaces, its pieces, ``per_space`` from a space."""
        rule = f["rule"]
        if verb == "done" and f["taken"] < f["min"] and self.options(g, f):
            what = W.NOUNS[f["keys"][0]][1] if len(f["keys"]) == 1 else "pieces"
            return W.because(f"the card removes {f['min']} {what}, and {f['taken']} removed so far", rule)
        if verb != "remove" or arg is None or arg in self.options(g, f):
            return None
        if f["taken"] >= f["max"]:
            return W.because(f"the card removes up to {f['max']} piece(s), and has removed them", rule)
        words = W.parts(arg, 2)
        if words is None or not W.is_space(words[0]) or W.piece_key(words[1]) is None:
            return W.form("remove", "SPACE PIECE", arg, rule)
        sid, key = words[0], W.piece_key(words[1])
        if f["spaces"] is not None and sid not in f["spaces"]:
            return W.because(f"{B.name(sid)} is not among the card's spaces ({W.names(f['spaces'])})", rule)
        if f["per_space"] is not None and f["per"].get(sid, 0) >= f["per_space"]:
            return W.because(f"{f['per_space']} piece(s) were removed from {B.name(sid)} already, the most from one "
                             "space", rule)
        if key not in f["keys"]:
            wanted = W.names(sorted({W.NOUNS[k][1] for k in f["keys"]}), plain=True, joint="or")
            return W.because(f"the card removes {wanted}, not {W.NOUNS[key][1]}", rule)
        return W.because(f"{W.has(g, sid, key)} to remove", rule)


@procedure
class Put(pickers.Put):
    name = "ar.put"


@procedure
class Choose(pickers.Choice):
    """One choice an Event text asks for (engine.coin.pickers.Choice)."""

    name = "ar.choose"

    def explain(self, g, f, verb, arg):
        if verb == "done":
            return W.because(f"the card's text must be carried out: {f['ask']}", f["rule"])
        if verb != f["verb"] or arg is None or arg in f["options"]:
            return None
        named = W.names(f["options"]) if all(W.is_space(o) for o in f["options"]) else ", ".join(f["options"])
        fact = f"{W.has(g, arg, 'rebels')}; " if f["rule"] == "A31" and W.is_space(arg) else ""
        return W.because(f"{fact}the choice is one of {named} ({f['ask']})", f["rule"])


def pick(g: Context, role: str, keys: list[str], **kw) -> None:
    """Pushes an ``ar.pick`` frame (engine.coin.pickers.pick_frame)."""
    g.call(Pick.name, role, **pickers.pick_frame(keys, **kw))


def put(g: Context, role: str, piece: str, **kw) -> None:
    g.call(Put.name, role, **pickers.put_frame(piece, **kw))


def choose(g: Context, role: str, verb: str, options: list[str], *, ask: str, rule: str, label: str) -> None:
    """Asks *role* to pick one of *options*; the answer comes back to the caller's frame as ``ret``."""
    g.call(Choose.name, role, verb=verb, options=options, ask=ask, rule=rule, label=label)
