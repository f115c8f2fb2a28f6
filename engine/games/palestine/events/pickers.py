"""Palestine's registrations of the shared Event choosers (engine.coin.pickers): remove pieces, place
pieces. ``pal.pick`` can add +1 Political Will for each Arms Cache removed (``on_cache="pw"``: P11, P19).
"""

from __future__ import annotations

from ....coin import pickers
from ....coin.will import shift_will
from ....core.flow import Context, procedure
from .. import board as B
from ..why import Refusal, has, names, not_a_space, space_of


def pick(g: Context, role: str, keys: list[str], *, on_cache=None, **kw) -> None:
    """Pushes a ``pal.pick`` frame (engine.coin.pickers.pick_frame); ``on_cache="pw"`` adds +1 Political
    Will per Cache removed (P11, P19)."""
    g.call(Pick.name, role, **pickers.pick_frame(keys, on_cache=on_cache, **kw))


def put(g: Context, role: str, piece: str, **kw) -> None:
    g.call(Put.name, role, **pickers.put_frame(piece, **kw))


def chooser_text(f: dict, doing: str) -> str:
    """The text of a Pick or Put frame: "or done" only once ``min`` pieces are taken (then ``done`` is legal;
    before, the frame ends by itself when nothing is left to take, engine.coin.pickers.Chooser)."""
    done = ", or done" if f["taken"] >= f["min"] else f" ({f['min'] - f['taken']} more required)"
    return f"{f['role'].title()} ({f['label']}): {doing} a piece ({f['taken']} of up to {f['max']}){done}"


def card_says(f: dict, text: str) -> Refusal:
    """*text*, a restriction of the Event text behind a Pick or Put frame, naming the card (its rule)."""
    return Refusal(f"{f['label']}: {text}", rule=f["rule"])


def chooser_refusal(g: Context, f: dict, verb: str, arg: str | None, piece: str) -> str | None:
    """What Pick and Put share in their refusals: done before the required pieces (5.1.3), the card's
    count, spaces and per-space limit (the tests of ``options``)."""
    if verb == "done":
        return card_says(f, f"{f['min'] - f['taken']} more piece(s) must be {piece} (5.1.3: what the Event text "
                            "can do, it must)")
    sid = space_of((arg or "").split(" ")[0])
    if sid is None:
        return not_a_space((arg or "").split(" ")[0])
    if f["taken"] >= f["max"]:
        return card_says(f, f"{f['taken']} piece(s) {piece} already, the most the card allows")
    if f["spaces"] is not None and sid not in f["spaces"]:
        return card_says(f, f"pieces are {piece} in {names(f['spaces'])} only, not {B.name(sid)}")
    if f["per_space"] is not None and f["per"].get(sid, 0) >= f["per_space"]:
        return card_says(f, f"{f['per_space']} piece(s) a space; {B.name(sid)} has had its {f['per_space']}")
    return None


@procedure
class Pick(pickers.Pick):
    name = "pal.pick"

    def removed(self, g, f, key):
        if key == "caches" and f.get("on_cache") == "pw":
            shift_will(g, 1, f"{f['label']}: Arms Cache removed", rule=f["rule"])

    def text(self, g, f):
        return chooser_text(f, "remove")

    def explain(self, g, f, verb, arg):
        if verb not in ("remove", "done"):
            return None
        why = chooser_refusal(g, f, verb, arg, "removed")
        if why:
            return why
        sid, _, word = (arg or "").partition(" ")
        sid = space_of(sid)
        kinds = [B.BOARD.word_of_key[k] for k in f["keys"]]
        key = B.BOARD.key_of_word.get(word)
        if key not in f["keys"]:
            return card_says(f, f"remove SPACE {'|'.join(kinds)}: the card removes {names(kinds, plain=True)} only")
        return card_says(f, f"{has(g, sid, key)} to remove")


@procedure
class Put(pickers.Put):
    name = "pal.put"

    def text(self, g, f):
        return chooser_text(f, "place")

    def explain(self, g, f, verb, arg):
        if verb not in ("place", "done"):
            return None
        if verb == "place" and not g.s["available"][f["piece"]]:
            return f"no {B.BOARD.pieces[f['piece']].label} is Available (1.4.1: pieces are placed from Available)"
        why = chooser_refusal(g, f, verb, arg, "placed")
        if why:
            return why
        sid = space_of(arg)
        if B.KIND[sid] == "railway" and f["piece"] == "caches":
            return f"{B.name(sid)} is a Railway: Arms Caches never occupy Railways (1.4.2)"
        return f"{B.name(sid)} already holds 2 Arms Caches (1.4.2: at most two a space)"
