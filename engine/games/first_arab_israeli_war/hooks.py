"""What runs around every procedure of the game, installed once as the package is imported (:func:`install`):

- after a procedure's own ``explain``, the reason with the facts of the position (``refusals.fallback``), so that
  no refusal is a bare "not allowed now" (GAME-STANDARD);
- after every order, the entrenchment markers whose side has no unit left in the hex are removed (15.4: "when all
  friendly units leave the hex or are eliminated", whichever rule moved or removed them: ``entrenchment.tidy``);
- every prompt lists its orders inside a ``units.Reading`` (listing them changes no counter): one index of who
  stands where for the whole prompt.
"""

from __future__ import annotations

from ...core.flow import _CATALOG
from . import entrenchment, refusals, units


def install(package: str) -> None:
    """Wraps ``explain``, ``act`` and ``prompt`` of every procedure of *package* (once each)."""
    for entries in _CATALOG.values():
        for module, proc in entries:
            cls = type(proc)
            if not module.startswith(package) or cls.__dict__.get("_faiw_hooked"):
                continue
            own_explain, own_act, own_prompt = cls.explain, cls.act, cls.prompt

            def explain(self, g, f, verb, arg, _own=own_explain):
                return _own(self, g, f, verb, arg) or refusals.fallback(g, f, self, verb, arg)

            def act(self, g, f, verb, arg, _own=own_act):
                _own(self, g, f, verb, arg)
                entrenchment.tidy(g)

            def prompt(self, g, f, _own=own_prompt):
                if units.memo(g.s) is not None:  # a Reading of this state under way already
                    return _own(self, g, f)
                with units.Reading(g.s):
                    return _own(self, g, f)

            cls.explain, cls.act, cls.prompt = explain, act, prompt
            cls._faiw_hooked = True
