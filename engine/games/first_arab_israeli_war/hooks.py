"""What runs around every procedure of the game, installed once as the package is imported (:func:`install`):

- after a procedure's own ``explain``, the reason with the facts of the position (``refusals.fallback``), so that
  no refusal is a bare "not allowed now" (GAME-STANDARD);
- after every order, the entrenchment markers whose side has no unit left in the hex are removed (15.4: "when all
  friendly units leave the hex or are eliminated", whichever rule moved or removed them: ``entrenchment.tidy``).
"""

from __future__ import annotations

from ...core.flow import _CATALOG
from . import entrenchment, refusals


def install(package: str) -> None:
    """Wraps ``explain`` and ``act`` of every procedure of *package* (once each)."""
    for entries in _CATALOG.values():
        for module, proc in entries:
            cls = type(proc)
            if not module.startswith(package) or cls.__dict__.get("_faiw_hooked"):
                continue
            own_explain, own_act = cls.explain, cls.act

            def explain(self, g, f, verb, arg, _own=own_explain):
                return _own(self, g, f, verb, arg) or refusals.fallback(g, f, self, verb, arg)

            def act(self, g, f, verb, arg, _own=own_act):
                _own(self, g, f, verb, arg)
                entrenchment.tidy(g)

            cls.explain, cls.act = explain, act
            cls._faiw_hooked = True
