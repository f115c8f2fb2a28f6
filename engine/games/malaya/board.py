"""Malaya's board: spaces, forces, Control, Support/Opposition, New Villages, Resources and the Commander.

Rules 1.3 (map: Provinces with Mountain or Jungle, Thailand, Kuala Lumpur, the two Economic Centers), 1.4
(forces; 1.4.1 IMPORTANT own pieces from the map; 1.4.2 stacking, British never in Thailand, no Base in an
Economic Center; 1.4.3 Underground/Active), 1.6 (three levels of Support/Opposition), 1.7 (Control, kept
current, with Political Will shifted the moment MCP Control is gained or lost), 1.8 (Resources 0-20),
1.10 (Political Will), 1.11 and 6.6 (the Commander Track), 1.12 (New Villages and their automatic removal).
Piece bookkeeping is the series' (:class:`engine.coin.board.Board`); Control, the levels and the placement
of own pieces are the COIN layer's (engine.coin.control, support, placement), set here with Malaya's data.

A space's counts: ``troops``, ``police``, ``guerrillas_u``, ``guerrillas_a``, ``bases`` (forces), ``terror``,
``sabotage`` (markers; Events may stack more than one, 1.4.2), ``new_village`` (0 or 1), ``support`` (-1
Opposition, 0 Neutral, 1 Support). The state: ``control`` (space -> ``british``, ``mcp`` or ``None``),
``new_villages`` (the pool), ``resources`` (faction -> 0..20), ``pw``, ``commander`` (0 Gurney, 1 Briggs,
2 Templer) and ``gurney_killed`` (M10 shaded, until the next Reset).
"""

from __future__ import annotations

from ...coin.board import Board, PieceKind
from ...coin.control import Control
from ...coin.support import SupportTrack
from ...coin.will import shift_will
from ...core.flow import Context
from .data import COMPONENTS, MAP

_PIECE = {p["piece"]: p for p in COMPONENTS["pieces"]}
_LABEL = {"troops": "Troop", "police": "Police cube", "guerrillas": "Guerrilla", "bases": "Base"}
_WORDS = {"troops": ("troop",), "police": ("police",), "guerrillas": ("guerrilla-u", "guerrilla-a"),
          "bases": ("base",)}

#: The forces (1.2, 1.4). Bases: two a space at most, never in an Economic Center (1.4.2); British cubes never
#: in Thailand (1.3.3, 1.4.2). No boxes: removed pieces go to Available (1.4.1), there is no Prison.
BOARD = Board(MAP, [PieceKind(name, p["side"], flips=p["flips"], stack=p.get("stack"),
                              never_in=frozenset(p.get("never_in", ())), label=_LABEL[name], words=_WORDS[name])
                    for name, p in _PIECE.items()],
              markers=("terror", "sabotage", "new_village", "support"), curfews=0, curfew_kinds=(),
              curfew_rule="", boxes={})

SPACES: list[str] = BOARD.spaces
KIND: dict[str, str] = BOARD.kind
NAME: dict[str, str] = BOARD.names
POP: dict[str, int] = BOARD.pop
TERRAIN: dict[str, str | None] = {s["id"]: s.get("terrain") for s in MAP["spaces"]}
ECON: dict[str, int] = {s["id"]: s.get("econ") or 0 for s in MAP["spaces"]}
PROVINCES = BOARD.of_kind("province")
PROVINCE_SET = frozenset(PROVINCES)
KL = "kuala-lumpur"
THAILAND = "thailand"
ECS = BOARD.of_kind("ec")
JUNGLE = [s for s in PROVINCES if TERRAIN[s] == "jungle"]
MOUNTAIN = [s for s in PROVINCES if TERRAIN[s] == "mountain"]
TOTALS = {name: p["count"] for name, p in _PIECE.items()}
NEW_VILLAGES = next(m["count"] for m in COMPONENTS["markers"] if m["marker"] == "new_village")
#: The Terror/Sabotage markers of the game (1.2: 15 in all, double-sided).
TERROR_MARKERS = next(m["count"] for m in COMPONENTS["markers"] if m["marker"] == "terror_sabotage")
#: The Commander Track's boxes, left to right (1.11, 6.6; ruling R-COMMANDER).
COMMANDERS = ("Gurney", "Briggs", "Templer")
GURNEY, BRIGGS, TEMPLER = range(3)
RESOURCES_MAX = 20

adj = BOARD.neighbours  # adj(g, sid): the neighbours in this game (map overrides applied)
sp = BOARD.sp
name = BOARD.name
place = BOARD.place
remove = BOARD.remove
move = BOARD.move
activate = BOARD.activate
empty_space = BOARD.empty_space
together = BOARD.together

#: Each space's neighbours on the printed map, sorted by id (:func:`adj_sorted` where no override applies).
_ADJ_SORTED = {s: tuple(sorted(BOARD.adj[s])) for s in SPACES}


def adj_sorted(g: Context, sid: str) -> tuple[str, ...]:
    """The neighbours of *sid* in this game (:data:`adj`, map overrides applied), sorted by id: the order in
    which the prompts list moves from them."""
    return tuple(sorted(adj(g, sid))) if g.s.get("map") else _ADJ_SORTED[sid]


# -- counting -----------------------------------------------------------------------------------------

def guerrillas(x: dict) -> int:
    return x["guerrillas_u"] + x["guerrillas_a"]


def cubes(x: dict) -> int:
    """Troops and Police (3.2.4)."""
    return x["troops"] + x["police"]


def british(x: dict) -> int:
    """British forces: Troops and Police (1.4)."""
    return x["troops"] + x["police"]


def mcp(x: dict) -> int:
    """MCP forces: Guerrillas and Bases (1.4)."""
    return x["guerrillas_u"] + x["guerrillas_a"] + x["bases"]


def markers_left(g: Context) -> int:
    """Terror/Sabotage markers not on the map: those a placement may use (1.2; markers never come from the
    map, ruling R-1.4.1)."""
    n = 0
    for x in g.s["spaces"].values():  # both kinds in one pass
        n += x["terror"] + x["sabotage"]
    return TERROR_MARKERS - n


def bases_on_map(g: Context) -> int:
    return BOARD.on_map(g, "bases")


def is_jungle(sid: str) -> bool:
    return TERRAIN[sid] == "jungle"


def is_mountain(sid: str) -> bool:
    return TERRAIN[sid] == "mountain"


def may_hold(sid: str, piece: str) -> bool:
    """Whether a *piece* may ever be in *sid*: no British piece in Thailand, no Base in an EC (1.4.2)."""
    return KIND[sid] not in BOARD.pieces[piece].never_in


# -- Control (1.7) -------------------------------------------------------------------------------------

def _control_changed(g: Context, sid: str, before: str | None, after: str | None) -> None:
    """1.7: gaining MCP Control lowers Political Will by the space's Population, removing it raises Political
    Will by as much (British Control has no effect of its own)."""
    if after == "mcp":
        shift_will(g, -POP[sid], f"MCP gained Control of {NAME[sid]}, Population {POP[sid]}", "1.7")
    elif before == "mcp":
        shift_will(g, POP[sid], f"MCP lost Control of {NAME[sid]}, Population {POP[sid]}", "1.7")


CONTROL = Control(BOARD, ("british", "mcp"), frozenset({"province", "city", "foreign"}),
                  only={THAILAND: ("mcp",)}, names={"mcp": "MCP"}, on_change=_control_changed).install()


def control(g: Context, sid: str) -> str | None:
    """Who Controls *sid* (1.7); ``None`` for Uncontrolled and for the Economic Centers."""
    return g.s["control"].get(sid)


# -- Support and Opposition (1.6) ---------------------------------------------------------------------

SUPPORT = SupportTrack(BOARD, ("opposition", "neutral", "support"), frozenset({"province", "city"}))


def level(g: Context, sid: str) -> int:
    """-1 Opposition, 0 Neutral, 1 Support (Thailand and the ECs always Neutral, 1.6 NOTE)."""
    return g.s["spaces"][sid]["support"]


# -- New Villages (1.12) ------------------------------------------------------------------------------

def new_village_removal(g: Context, sid: str) -> None:
    """1.12: a New Village is removed the moment it is in a British Controlled space at Support with no MCP
    forces, or in a space with MCP forces and no British forces. A board hook: runs after every change of
    the space's pieces or level, after Control is brought up to date."""
    x = g.s["spaces"][sid]
    if not x["new_village"]:
        return
    if g.s["control"].get(sid) == "british" and x["support"] > 0 and not mcp(x):
        why = "British Control, Support and no MCP forces"
    elif mcp(x) and not british(x):
        why = "MCP forces and no British forces"
    else:
        return
    x["new_village"] = 0
    g.s["new_villages"] += 1
    g.say(f"The New Village in {NAME[sid]} was removed: {why} there.", rule="1.12")


BOARD.hooks.append(new_village_removal)


def place_new_village(g: Context, sid: str, rule: str) -> bool:
    """Places a New Village from the pool in Province *sid* if it may hold one (1.4.2: one a Province, never
    another kind; 4.2.1 NOTE: from the pool only); then the removal test runs at once (1.12)."""
    x = g.s["spaces"][sid]
    if KIND[sid] != "province" or x["new_village"] or not g.s["new_villages"]:
        return False
    x["new_village"] = 1
    g.s["new_villages"] -= 1
    g.say(f"A New Village was placed in {NAME[sid]}.", rule=rule)
    new_village_removal(g, sid)
    return True


def remove_new_village(g: Context, sid: str, rule: str, why: str = "") -> bool:
    """Takes the New Village in *sid* back to the pool (Intimidate 4.3.2, Events)."""
    x = g.s["spaces"][sid]
    if not x["new_village"]:
        return False
    x["new_village"] = 0
    g.s["new_villages"] += 1
    g.say(f"The New Village in {NAME[sid]} was removed{': ' + why if why else ''}.", rule=rule)
    return True


def shift(g: Context, sid: str, steps: int, why: str, rule: str) -> int:
    """Shifts *sid* by *steps* levels toward Support (negative: toward Opposition), within the three levels;
    nothing in Thailand or an EC (1.6 NOTE). The New Village test runs after (1.12)."""
    if not SUPPORT.takes(sid):
        return 0
    done = SUPPORT.shift(g, sid, steps, why, rule)
    if done:
        new_village_removal(g, sid)
    return done


def set_level(g: Context, sid: str, value: int, why: str, rule: str) -> None:
    """Sets *sid* to Opposition (-1), Neutral (0) or Support (1) (1.6: "set to"); the New Village test runs
    after (1.12)."""
    if not SUPPORT.takes(sid):
        return
    before = level(g, sid)
    SUPPORT.set(g, sid, value, why, rule)
    if before != value:
        new_village_removal(g, sid)


# -- Commander (1.11, 6.6) -----------------------------------------------------------------------------

def commander(g: Context) -> str | None:
    """The British Commander whose effect applies (6.6.2), or ``None`` while Gurney Killed (M10 shaded,
    6.6.3) cancels it."""
    return None if g.s["gurney_killed"] else COMMANDERS[g.s["commander"]]


def commander_text(state: dict) -> str:
    name_ = COMMANDERS[state["commander"]]
    return f"{name_} (Gurney Killed: no effect until Reset)" if state["gurney_killed"] else name_


def reprisal_spaces(g: Context) -> int:
    """Reprisal selects two Provinces at Gurney, else one (4.2.2 NOTE, 6.6.2)."""
    return 2 if commander(g) == "Gurney" else 1


def resettle_spaces(g: Context) -> int:
    """Resettle selects two Provinces at Briggs, else one (4.2.1 NOTE, 6.6.2)."""
    return 2 if commander(g) == "Briggs" else 1


def pacify_spaces(g: Context, limited: bool) -> int:
    """Train Pacifies in two of its spaces at Templer, never in a Limited Train (3.2.1 NOTE, 6.6.2 NOTE)."""
    return 2 if commander(g) == "Templer" and not limited else 1
