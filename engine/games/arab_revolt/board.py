"""Arab Revolt's board: spaces, forces, markers, Foreign Countries, the Unity Track and the chit cups.

Rules 1.3 (map; Foreign Country spaces 1.3.7), 1.4 (forces, availability, stacking, Underground/Active),
1.6 (Opposition), 1.7 and 1.8 (Punishment and Operations chits), 1.9 (Sabotage), 1.11 and 6.6 (Unity),
1.12 (Curfews). Piece bookkeeping is the series' (:class:`engine.coin.board.Board`); everything here is
named in the game's own vocabulary.
"""

from __future__ import annotations

from ...coin.board import Board, PieceKind
from ...coin.will import shift_will
from ...core.flow import Context
from .data import COMPONENTS, MAP

_PIECE = {p["piece"]: p for p in COMPONENTS["pieces"]}
_LABEL = {"troops": "Troop", "police": "Police cube", "irregulars": "Irregular", "guerrillas": "Guerrilla",
          "bases": "Base"}
_WORDS = {"troops": ("troop",), "police": ("police",), "irregulars": ("irregular-u", "irregular-a"),
          "guerrillas": ("guerrilla-u", "guerrilla-a"), "bases": ("base",)}

#: The forces (1.2, 1.4). Bases: two a space at most, never on Railways (1.4.2). Prison takes Guerrillas
#: and Bases (1.3.6; A27, A31); Out of Play takes Troops (setup L1097, A24); Tegart Forts (A28) Police.
BOARD = Board(MAP, [PieceKind(name, p["side"], flips=p["flips"], stack=p.get("stack"),
                              never_in=frozenset(p.get("never_in", ())), label=_LABEL[name], words=_WORDS[name])
                    for name, p in _PIECE.items()],
              markers=("curfew", "sabotage", "opposition", "out_of_play"), curfews=3,
              curfew_kinds=("district", "city"), curfew_rule="1.12",
              boxes={"prison": ("guerrillas", "bases"), "out_of_play": ("troops",), "tegart": ("police",)})

SPACES: list[str] = BOARD.spaces
KIND: dict[str, str] = BOARD.kind
adj = BOARD.neighbours  # adj(g, sid): the neighbours in this game (map overrides applied)
NAME: dict[str, str] = BOARD.names
CITIES = BOARD.of_kind("city")
DISTRICTS = BOARD.of_kind("district")
RAILWAYS = BOARD.of_kind("railway")
FOREIGN = BOARD.of_kind("foreign")
#: Spaces in Palestine: every space but the Foreign Countries (3.3.3 'any spaces in Palestine').
PALESTINE = [s for s in SPACES if KIND[s] != "foreign"]
TOTALS = {name: p["count"] for name, p in _PIECE.items()}
#: ``FROM TO``, a move order's argument, for each pair of spaces: formatted once, not at every prompt.
PAIRS: dict[str, dict[str, str]] = {a: {b: f"{a} {b}" for b in SPACES if b != a} for a in SPACES}

sp = BOARD.sp
name = BOARD.name
within_one = BOARD.within_one
place = BOARD.place
remove = BOARD.remove
move = BOARD.move
empty_space = BOARD.empty_space

GUERRILLA_KEYS = ("guerrillas_u", "guerrillas_a")
IRREGULAR_KEYS = ("irregulars_u", "irregulars_a")


# -- counting -----------------------------------------------------------------------------------------

def guerrillas(x: dict) -> int:
    return x["guerrillas_u"] + x["guerrillas_a"]


def irregulars(x: dict) -> int:
    return x["irregulars_u"] + x["irregulars_a"]


def cubes(x: dict) -> int:
    """Troops and Police (3.2.4)."""
    return x["troops"] + x["police"]


def rebel_pieces(x: dict) -> int:
    """Guerrillas and Bases (1.4)."""
    return guerrillas(x) + x["bases"]


def british_pieces(x: dict) -> int:
    """Troops, Police and Irregulars (1.4; ruling R-DEPLOY)."""
    return cubes(x) + irregulars(x)


def in_play(g: Context, sid: str) -> bool:
    """Whether *sid* is playable: every space but a Foreign Country under an Out of Play marker (1.3.7)."""
    return not sp(g, sid)["out_of_play"]


def foreign_in_play(g: Context) -> list[str]:
    return [s for s in FOREIGN if in_play(g, s)]


def bases_on_map(g: Context) -> int:
    return BOARD.on_map(g, "bases")


def irregulars_on_map(g: Context) -> int:
    return BOARD.on_map(g, "irregulars_u") + BOARD.on_map(g, "irregulars_a")


def opposition_spaces(g: Context) -> list[str]:
    return [s for s in SPACES if sp(g, s)["opposition"]]


def activate(g: Context, sid: str, n: int, piece: str = "guerrillas") -> int:
    """Flips up to *n* Underground Guerrillas (or Irregulars) Active; returns how many (1.4.3)."""
    return BOARD.activate(g, sid, n, piece)


def place_curfew(g: Context, sid: str) -> bool:
    """A Curfew in District or City *sid* if none there and one is in the pool (1.4.2, 1.12)."""
    return BOARD.place_curfew(g, sid)


def set_opposition(g: Context, sid: str, on: bool) -> bool:
    """Adds or removes the Opposition marker of a District or City (1.6); returns whether it changed."""
    x = sp(g, sid)
    if KIND[sid] not in ("district", "city") or bool(x["opposition"]) == on:
        return False
    x["opposition"] = int(on)
    return True


# -- the Unity Track (1.11, 6.6) ------------------------------------------------------------------------

UNITY_BOXES = COMPONENTS["unity_track"]["boxes"]
DECENTRALIZED, CENTRALIZED = 0, len(UNITY_BOXES) - 1


def unity_value(g: Context) -> int:
    """The number printed in the Unity box: Divide's space count (6.6.2)."""
    return UNITY_BOXES[g.s["unity"]]["value"]


def unity_name(index: int) -> str:
    box = UNITY_BOXES[index]
    return box["name"] or f"'{box['value']}' box {index}"


def shift_unity(g: Context, steps: int, why: str, rule: str = "6.6.1") -> None:
    """Shifts the Unity Track *steps* boxes toward Centralized (negative: toward Decentralized).

    Each shift that would pass Decentralized gives the British +1 Political Will instead (6.6.4); one
    that would pass Centralized does nothing (ruling R-UNITY-2).
    """
    s = g.s
    for _ in range(abs(steps)):
        before = s["unity"]
        if steps < 0 and before == DECENTRALIZED:
            shift_will(g, 1, f"Unity shift past Decentralized ({why})", rule="6.6.4")
            continue
        after = max(DECENTRALIZED, min(CENTRALIZED, before + (1 if steps > 0 else -1)))
        if after == before:
            g.say(f"The Unity Track stayed at Centralized ({why}).", rule="6.6.1")
            continue
        s["unity"] = after
        g.say(f"The Unity Track shifted toward {'Centralized' if after > before else 'Decentralized'}, to "
              f"{unity_name(after)} ({why}).", rule=rule)


# -- checks ---------------------------------------------------------------------------------------------

def count_pieces(state: dict) -> dict[str, int]:
    """Every piece wherever it is: map, Available, Prison, Out of Play Troops, Police on Tegart Forts."""
    return BOARD.count_pieces(state)

