"""What the option events share (batch "options"): the Posture Boxes' factions (ruling R-15-posture-side), the PAC
and TAC reading of a Posture-Box country (ruling R-15-pac-box), Truce levels (ruling R-15-truce-level), and the
tables the umpire types in, rolled by the server (a table the position lacks: a manual ruling, R-tables)."""


from __future__ import annotations

from .event_base import REGISTERED
from .state import (
    TITLES,
    country_name,
    manual,
)

#: The Allied faction each Posture Box is friendly to (ruling R-15-posture-side).
POSTURE_SIDE = {"britain": "western", "us": "western", "nationalist-china": "western", "russia": "soviet",
                "communist-china": "soviet"}
#: The Allied faction's Chinese Posture Box (ruling R-15-posture-side; digest B.3 15.8).
CHINESE_BOX = {"western": "nationalist-china", "soviet": "communist-china"}
CHINESE_BOXES = ("nationalist-china", "communist-china")
TRUCE_LEVELS = ("1", "2", "3")
TABLE_NAMES = {"area-china": "Area Table: China", "area-se-asia": "Area Table: SE Asia",
               "area-other": "Area Table (other)", "diplomatic-incident": "Diplomatic Incident Table",
               "cabinet-crisis": "Cabinet Crisis Table"}
AREA_TABLES = ("area-china", "area-se-asia", "area-other")
#: 15.26: on the Area Table: SE Asia these Dependents count as part of the NEI (ruling R-15.26-nei).
NEI = "nei"
NEI_PARTS = ("borneo", "celebes", "dutch-new-guinea")
MAJOR = ("britain", "us", "russia")


def box_name(b: str) -> str:
    return " ".join("US" if w == "us" else w.title() for w in b.split("-"))


def boxes_of(s: dict, side: str) -> list[str]:
    return [b for b in sorted(s["postures"]) if POSTURE_SIDE.get(b) == side]


def pac(s: dict, cid: str) -> bool:
    """Whether *cid* is a PAC: a country's ``pac`` flag, or a Posture-Box country whose box holds a Policy marker
    (ruling R-15-pac-box)."""
    if cid in s["countries"]:
        return bool(s["countries"][cid]["pac"])
    box = s["postures"].get(cid)
    return bool(box and box["policies"])


def tac(s: dict, cid: str) -> bool:
    if cid in s["countries"]:
        return bool(s["countries"][cid]["tac"])
    box = s["postures"].get(cid)
    return bool(box and box["truce"])


def truce_moves(s: dict, box: str) -> list[str]:
    """``box up`` / ``box down`` for the Truce marker of *box* (none without one; down only from level 1:
    ruling R-15-truce-level)."""
    t = s["postures"][box]["truce"]
    if not t:
        return []
    return [f"{box} up"] + ([f"{box} down"] if t["level"] >= 1 else [])


def move_truce(g, n: int, side: str, arg: str) -> str:
    box, way = arg.split(" ")
    t = g.s["postures"][box]["truce"]
    was = t["level"]
    t["level"] = was + (1 if way == "up" else -1)
    g.say(f"{TITLES[side]} {'increased' if way == 'up' else 'reduced'} the Truce marker in the {box_name(box)} "
          f"Posture Box from level {was} to level {t['level']} (13.6.2.3).", faction=side, rule=f"15.{n}")
    return box


def roll_table(g, n: int, table: str, about: str, rule: str) -> tuple[int, str | None]:
    """Rolls one die on *table* for 15.*n*: its result from the position's ``tables``; without that table (or
    face) the roll is logged and the rest is a manual ruling (ruling R-tables); ``(roll, None)``."""
    name = TABLE_NAMES[table]
    r = g.roll(f"15.{n} {name}: {about}")
    res = (g.s["tables"].get(table) or {}).get(str(r))
    if res is None:
        g.say(f"A {r} was rolled on the {name} ({about}).", rule=rule, kind="roll")
        manual(g, n, f"the {name} result of a {r} ({about}): the position does not hold that table's row "
                     f"(ruling R-tables)", rule)
        return r, None
    g.say(f"A {r} was rolled on the {name} ({about}): {res}.", rule=rule, kind="roll")
    return r, res


def diplomatic_incident(g, n: int, cid: str, rule: str) -> None:
    """Rolls on the Diplomatic Incident Table for *cid*; its result, not given by the fragment, is the umpire's to
    apply (ruling R-tables)."""
    name = country_name(g.s, cid)
    r, res = roll_table(g, n, "diplomatic-incident", f"for {name}", rule)
    if res is not None:
        manual(g, n, f"apply the Diplomatic Incident Table's result for {name} (a {r}): {res} (ruling R-tables)", rule)


def chained(n: int) -> bool:
    return n in REGISTERED
