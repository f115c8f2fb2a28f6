"""Choice procedures that many Event texts share: remove pieces, place pieces.

``pal.pick`` removes up to ``max`` pieces (at least ``min``, 5.1.3) of the given kinds from the given
spaces, at most ``per_space`` from one space, to Available, Prison or out of the game.
``pal.put`` places up to ``max`` pieces from Available (1.4.1, 5.1.1) in the given spaces.
"""

from __future__ import annotations

from ....coin.will import shift_will
from ....core import notation
from ....core.flow import Context, Procedure, procedure
from .. import board as B

notation.VERBS.update({"remove", "place", "done"})

KIND_KEY = {"underground": "cells_u", "active": "cells_a", "cache": "caches", "police": "police",
            "troops": "troops"}
KEY_KIND = {v: k for k, v in KIND_KEY.items()}
DEST_NAME = {"available": "Available", "prison": "Prison", "removed": "out of the game"}
PIECE_NAME = {"cells": "a Cell", "caches": "an Arms Cache", "police": "a Police cube", "troops": "a Troop"}
KEY_NAME = {"cells_u": "an Underground Cell", "cells_a": "an Active Cell", "caches": "an Arms Cache",
            "police": "a Police cube", "troops": "a Troop"}


def pick(g: Context, role: str, keys: list[str], *, spaces: list[str] | None = None, max: int = 1,
         min: int = 0, per_space: int | None = None, dest: str = "available", rule: str = "",
         label: str = "", on_cache=None) -> None:
    """Pushes a ``pal.pick`` frame (see module docstring). ``on_cache``: "pw" adds +1 Political Will per
    Cache removed (P11, P19)."""
    g.call("pal.pick", role, keys=keys, spaces=spaces, max=max, min=min, per_space=per_space, dest=dest,
           rule=rule, label=label, taken=0, per={}, on_cache=on_cache)


def put(g: Context, role: str, piece: str, *, spaces: list[str], max: int = 1, per_space: int | None = None,
        min: int = 0, rule: str = "", label: str = "") -> None:
    g.call("pal.put", role, piece=piece, spaces=spaces, max=max, per_space=per_space, min=min, rule=rule,
           label=label, taken=0, per={})


class _Chooser(Procedure):
    """What Pick and Put share: one piece a time, ``min`` before ``done``, ending when nothing is left."""

    verb = ""
    doing = ""

    def options(self, g: Context, f: dict) -> list[str]:
        return []

    def prompt(self, g, f):
        out = {}
        opts = self.options(g, f)
        if opts:
            out[self.verb] = opts
        if f["taken"] >= f["min"] or not opts:
            out["done"] = []
        return out

    def text(self, g, f):
        return (f"{f['role'].title()} ({f['label']}): {self.doing} a piece ({f['taken']} of up to {f['max']}), "
                "or done")

    def rule_for(self, g, f):
        return f["rule"]

    def act(self, g, f, verb, arg):
        if verb == "done":
            f["over"] = True
            return
        sid = arg.split(" ")[0]
        f["taken"] += 1
        f["per"][sid] = f["per"].get(sid, 0) + 1
        self.take(g, f, arg)

    def take(self, g: Context, f: dict, arg: str) -> None:
        """Moves the one piece *arg* names."""

    def step(self, g, f):
        if f.get("over") or not self.options(g, f):
            g.end()
            return True
        return False


@procedure
class Pick(_Chooser):
    name = "pal.pick"
    verb = "remove"
    doing = "remove"

    def options(self, g, f):
        if f["taken"] >= f["max"]:
            return []
        out = []
        for sid in B.SPACES if f["spaces"] is None else f["spaces"]:
            if f["per_space"] is not None and f["per"].get(sid, 0) >= f["per_space"]:
                continue
            x = B.sp(g, sid)
            for key in f["keys"]:
                if x[key]:
                    out.append(f"{sid} {KEY_KIND[key]}")
        return out

    def take(self, g, f, arg):
        sid, kind = arg.split(" ")
        key = KIND_KEY[kind]
        B.remove(g, sid, key, 1, to=f["dest"])
        g.say(f"{f['label']}: {KEY_NAME[key]} in {B.name(sid)} was removed to {DEST_NAME[f['dest']]}.",
              faction=f["role"], rule=f["rule"])
        if key == "caches" and f.get("on_cache") == "pw":
            shift_will(g, 1, f"{f['label']}: Arms Cache removed", rule=f["rule"])


@procedure
class Put(_Chooser):
    name = "pal.put"
    verb = "place"
    doing = "place"

    def options(self, g, f):
        if f["taken"] >= f["max"] or not g.s["available"][f["piece"]]:
            return []
        out = []
        for sid in f["spaces"]:
            if f["per_space"] is not None and f["per"].get(sid, 0) >= f["per_space"]:
                continue
            if f["piece"] == "caches" and (B.KIND[sid] == "railway" or B.sp(g, sid)["caches"] >= 2):
                continue
            out.append(sid)
        return out

    def take(self, g, f, arg):
        B.place(g, arg, f["piece"], 1)
        g.say(f"{f['label']}: placed {PIECE_NAME[f['piece']]} in {B.name(arg)}.", faction=f["role"],
              rule=f["rule"])
