"""The Arab League's border-crossing reinforcements (4.5; Reinforcement Table L1215, L1230, L1242, L1252): once a
game for each country, at the moment the first Israeli ground unit enters it, that country receives its listed
units, placed at once by the Arab League player on its normal reinforcement hexes (``reinforcement_areas``), even
in the middle of Israel's Movement phase (ruling R-4.5-once: "once per departure" is once a game; an attack across
the border does not trigger them, 4.5).

- Egypt: 3 infantry battalions; Transjordan: 1 reconnaissance and 1 infantry battalion; Syria: 3 infantry
  battalions; Lebanon: 1 infantry battalion (what the mix lacks is not received, 4.6; with no hex left, lost, 4.2);
- ``state["flags"]["border_specials"]``: the countries whose specials have come.

The Movement phase (and any other move into a country: retreat, advance, amphibious landing) calls
:func:`crossed` when an Israeli ground unit enters Egypt, Transjordan, Syria or Lebanon. It pushes the Arab League's
placement (``faiw.border_special``) on top of the caller's frame: the caller calls it last in its order (after its
own ``g.end()`` if it ends), so that the placement runs before play goes on.
"""

from __future__ import annotations

from ...core import notation
from ...core.errors import Refusal
from ...core.flow import Procedure, procedure
from . import reinforcement_place as placing
from . import reinforcement_table as table

notation.declare(__name__, {"place"})

SPECIALS = table.TABLE["border_specials"]


def crossed(g, country: str) -> None:
    """An Israeli ground unit has just entered *country* (4.5)."""
    if country not in SPECIALS:
        return
    done = g.s["flags"].setdefault("border_specials", [])
    if country in done:
        return
    done.append(country)
    spec = SPECIALS[country]
    rule = f"4.5; {table.cite(spec['at'])}"
    g.say(f"An Israeli ground unit entered {country}: the Arab League receives its border reinforcements now, "
          f"once a game ({rule}).", rule="4.5")
    f: dict = {"country": country, "todo": [], "supply": []}
    placing.add_units(g, f, "arab", spec["nationality"], spec["units"], spec["area"], rule, set())
    if f["todo"]:
        g.call("faiw.border_special", "arab", **f)


@procedure
class BorderSpecial(Procedure):
    """4.5: the Arab League places a country's border reinforcements (frame: ``country``, ``todo``)."""

    name = "faiw.border_special"
    rule = "4.5"

    def step(self, g, f: dict) -> bool:
        if placing.drop_unplaceable(g, f, "arab"):
            return True
        if not placing.pending(f):
            g.end()
            return True
        return False

    def prompt(self, g, f: dict) -> dict[str, list[str]]:
        return placing.options(g, f)

    def text(self, g, f: dict) -> str:
        return (f"Israel entered {f['country']}: place its {len(f['todo'])} border reinforcement"
                f"{'s' if len(f['todo']) != 1 else ''} on {f['country']}'s reinforcement hexes (4.5)")

    def act(self, g, f: dict, verb: str, arg: str | None) -> None:
        placing.place(g, f, "arab", arg)

    def explain(self, g, f: dict, verb: str, arg: str | None) -> Refusal | None:
        return placing.explain(g, f, verb, arg)
