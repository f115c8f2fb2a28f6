"""Kenya's board: spaces, forces, Population, Control, Loyalty/Resistance, Terror, the Pipeline, Mau Mau
Resources, Political Will and the Out of Play box (issue 28).

Rules 1.3 (map: Reserve and Non-Reserve Provinces, two Mountain Jungles, Nairobi; 1.3.5 the Out of Play box
of Police), 1.4 (forces: 10 Troops, 15 Police, 15 Guerrillas, 4 Bases; 1.4.1 IMPORTANT own pieces from the map,
engine.games.kenya.own_pieces; 1.4.2 two Bases a space at most, one Terror marker a space by the Terror
Operation or Reprisal, more by Events; 1.4.3 Underground/Active), 1.6 (three levels: Resistance, Neutral,
Loyal, only in Nairobi and Populated Provinces), 1.7 (Control, kept current, with Political Will shifted the
moment Mau Mau Control is gained or removed, by the space's current Population: ruling R-CONTROL-PW), 1.8
(Mau Mau Resources 0-20; the British have none), 1.9 (15 Terror markers), 1.10 (Political Will 0-20), 1.11
and 6.6 (the Pipeline Track, boxes 0-4: rulings R-PIPELINE-1, R-PIPELINE-2). Piece bookkeeping, Control,
the levels and the tracks are the COIN layer's (engine.coin), set here with Kenya's data.

A space's counts: ``troops``, ``police``, ``guerrillas_u``, ``guerrillas_a``, ``bases`` (forces), ``terror``
(markers; Events may stack more than one, 1.4.2) and ``support`` (-1 Resistance, 0 Neutral, 1 Loyal: the key
every COIN view and the board drawing read). The state: ``control`` (space -> ``british``, ``maumau`` or
``None``), ``population`` (space -> its current Population, see :func:`pop`), ``pw``, ``resources``
(``{"maumau": n}``), ``pipeline`` (the box's value 0-4) and ``out_of_play`` (the Police in the box, a number:
a box of one kind of piece, as engine.coin.board keeps one).
"""

from __future__ import annotations

from ...coin import resources as R
from ...coin.board import Board, PieceKind
from ...coin.control import Control
from ...coin.support import SupportTrack
from ...coin.will import shift_will
from ...core.errors import RulesBugError
from ...core.flow import Context
from .data import COMPONENTS, MAP

_PIECE = {p["piece"]: p for p in COMPONENTS["pieces"]}
_LABEL = {"troops": "Troop", "police": "Police cube", "guerrillas": "Guerrilla", "bases": "Base"}
_WORDS = {"troops": ("troop",), "police": ("police",), "guerrillas": ("guerrilla-u", "guerrilla-a"),
          "bases": ("base",)}
_MARKERS = {m["marker"]: m for m in COMPONENTS["markers"]}

#: The forces (1.2, 1.4): Bases two a space at most (1.4.2); no kind of space is closed to a piece (Kenya's
#: 1.4.2 names none). Removed pieces go to Available (1.4.1); the one box is Out of Play, of Police (1.3.5).
BOARD = Board(MAP, [PieceKind(name, p["side"], flips=p["flips"], stack=p.get("stack"),
                              never_in=frozenset(p.get("never_in", ())), label=_LABEL[name], words=_WORDS[name])
                    for name, p in _PIECE.items()],
              markers=("terror", "support"), curfews=0, curfew_kinds=(), curfew_rule="",
              boxes={"out_of_play": tuple(COMPONENTS["out_of_play"]["accepts"])})

SPACES: list[str] = BOARD.spaces
KIND: dict[str, str] = BOARD.kind
NAME: dict[str, str] = BOARD.names
#: The printed Population of each space (1.3.2-1.3.4; map.json, ruling R-MAP-2); the current one is
#: :func:`pop`.
PRINTED: dict[str, int] = BOARD.pop
_RESERVE: dict[str, bool | None] = {s["id"]: s["reserve"] for s in MAP["spaces"]}
NAIROBI = "nairobi"
PROVINCES = BOARD.of_kind("province")
#: Reserve Provinces (1.3.2: Meru, Nyeri, Embu, Fort Hall, Kiambu); only their Population changes.
RESERVES = [s for s in PROVINCES if _RESERVE[s]]
#: Non-Reserve Provinces (1.3.2: Thompson's Falls, Rift Valley, Nanyuki, Thika).
NON_RESERVE_PROVINCES = [s for s in PROVINCES if not _RESERVE[s]]
#: Non-Reserve spaces: the Non-Reserve Provinces and Nairobi (1.3.4); a Mountain Jungle is neither (R-MAP-3).
NON_RESERVE_SPACES = [s for s in SPACES if _RESERVE[s] is False]
MOUNTAIN_JUNGLES = BOARD.of_kind("mountain-jungle")
TOTALS = {name: p["count"] for name, p in _PIECE.items()}
#: Terror markers of the game (1.2, 1.9).
TERROR_MARKERS = _MARKERS["terror"]["count"]
#: Population markers (1.2: five, one for each Reserve Province, ruling R-POPULATION).
POPULATION_MARKERS = _MARKERS["population"]["count"]
RESOURCES_MAX = COMPONENTS["resources"]["max"]
PW_MIN, PW_MAX = COMPONENTS["political_will"]["min"], COMPONENTS["political_will"]["max"]
#: The Pipeline Track's boxes, by value (1.11, 6.6; rulings R-PIPELINE-1 and R-PIPELINE-2).
PIPELINE_BOXES: list[dict] = sorted(COMPONENTS["pipeline_track"]["boxes"], key=lambda b: b["index"])
PIPELINE_MIN, PIPELINE_MAX = PIPELINE_BOXES[0]["index"], PIPELINE_BOXES[-1]["index"]

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
#: The ``FROM TO`` argument of a move order between two spaces, written once (the prompts list many a step).
PAIR = {(a, b): f"{a} {b}" for a in SPACES for b in SPACES}


def adj_sorted(g: Context, sid: str) -> tuple[str, ...]:
    """The neighbours of *sid* in this game (:data:`adj`, map overrides applied), sorted by id: the order in
    which the prompts list moves from them."""
    return tuple(sorted(adj(g, sid))) if g.s.get("map") else _ADJ_SORTED[sid]


# -- counting -----------------------------------------------------------------------------------------

def guerrillas(x: dict) -> int:
    """Guerrillas, Underground and Active (1.4.3)."""
    return x["guerrillas_u"] + x["guerrillas_a"]


def cubes(x: dict) -> int:
    """Troops and Police."""
    return x["troops"] + x["police"]


def british(x: dict) -> int:
    """British forces: Troops and Police (1.4)."""
    return x["troops"] + x["police"]


def maumau(x: dict) -> int:
    """Mau Mau forces: Guerrillas and Bases (1.4)."""
    return x["guerrillas_u"] + x["guerrillas_a"] + x["bases"]


def is_reserve(sid: str) -> bool:
    """A Reserve Province (1.3.2); never Nairobi nor a Mountain Jungle (ruling R-MAP-3)."""
    return _RESERVE[sid] is True


def is_non_reserve(sid: str) -> bool:
    """A Non-Reserve space: a Non-Reserve Province or Nairobi (1.3.2, 1.3.4; ruling R-MAP-3)."""
    return _RESERVE[sid] is False


def is_mountain_jungle(sid: str) -> bool:
    return KIND[sid] == "mountain-jungle"


def bases_on_map(g: Context) -> int:
    return BOARD.on_map(g, "bases")


def may_place(g: Context, sid: str, piece: str) -> bool:
    """Whether one more *piece* fits in *sid* (1.4.2: no third Base)."""
    return BOARD.room(g, sid, piece) != 0


# -- Population (1.3.2, ruling R-POPULATION) ----------------------------------------------------------

def pop(g: Context, sid: str) -> int:
    """The current Population of *sid*: its printed value (1.3.2-1.3.4) unless Relocate or an Event changed
    it, which only happens in a Reserve Province (1.3.2, ruling R-POPULATION). Kept for every space in the
    state's ``population``, so every rule reads one value (1.7's Political Will shift, Rally 3.3.1, the
    Propaganda Round 6.1.1)."""
    return g.s["population"][sid]


def populated(g: Context, sid: str) -> bool:
    """Populated: a current Population above 0 (1.3.2; Key Terms 'Populated')."""
    return g.s["population"][sid] > 0


def set_population(g: Context, sid: str, n: int, why: str, rule: str) -> None:
    """Sets the current Population of Reserve Province *sid* to *n*, 0 to its printed value (1.3.2, ruling
    R-POPULATION). A space falling to 0 is Unpopulated and loses its Loyalty or Resistance at once (1.6 NOTE
    L2279); a change of Population never shifts Political Will by itself (R-POPULATION: 1.7 shifts it only as
    Mau Mau Control is gained or removed). A call outside these bounds is a rules bug: the callers ask
    :func:`may_reduce` or :func:`may_restore` first."""
    if not is_reserve(sid):
        raise RulesBugError(f"{sid} is not a Reserve Province: its Population never changes (1.3.2)")
    if not 0 <= n <= PRINTED[sid]:
        raise RulesBugError(f"Population {n} for {sid}: 0 to its printed {PRINTED[sid]} (1.3.2)")
    before = g.s["population"][sid]
    if before == n:
        return
    g.s["population"][sid] = n
    g.say(f"The Population of {NAME[sid]} went from {before} to {n} ({why}).", rule=rule)
    if n == 0 and g.s["spaces"][sid]["support"]:
        LOYALTY.set(g, sid, 0, f"{NAME[sid]} is Unpopulated", "1.6")


def may_reduce(g: Context, sid: str) -> bool:
    """Whether Relocate may lower the Population of *sid*: a Populated Reserve Province (3.2.2; the British
    Control it also needs is the Operation's test)."""
    return is_reserve(sid) and populated(g, sid)


def may_restore(g: Context, sid: str) -> bool:
    """Whether K23 or K27 shaded may raise the Population of *sid*: a Reserve Province below its printed value
    (their Tips; ruling R-POPULATION)."""
    return is_reserve(sid) and g.s["population"][sid] < PRINTED[sid]


def reduce_population(g: Context, sid: str, why: str, rule: str = "3.2.2") -> bool:
    """Lowers the Population of *sid* by one if :func:`may_reduce`; returns whether it did."""
    if not may_reduce(g, sid):
        return False
    set_population(g, sid, pop(g, sid) - 1, why, rule)
    return True


def restore_population(g: Context, sid: str, why: str, rule: str) -> bool:
    """Raises the Population of *sid* by one if :func:`may_restore` (K23, K27 shaded); a space raised from 0
    is Neutral (R-POPULATION). Returns whether it did."""
    if not may_restore(g, sid):
        return False
    set_population(g, sid, pop(g, sid) + 1, why, rule)
    return True


def lowered(state: dict) -> dict[str, int]:
    """The spaces whose current Population differs from the printed one: those with a Population marker
    (1.3.2), space -> current value."""
    return {s: n for s, n in state["population"].items() if n != PRINTED.get(s)}


def initial_population() -> dict[str, int]:
    """Every space at its printed Population (setup: no Population marker, setup.json)."""
    return dict(PRINTED)


# -- Control (1.7, ruling R-CONTROL-PW) ---------------------------------------------------------------

def _control_changed(g: Context, sid: str, before: str | None, after: str | None) -> None:
    """1.7: gaining Mau Mau Control lowers Political Will by the space's Population, removing it raises Political
    Will by as much, with the Population of that moment (R-CONTROL-PW, R-POPULATION); British Control gained
    or lost with no Mau Mau Control on either side has no effect of its own."""
    n = pop(g, sid)
    if not n or (before != "maumau") == (after != "maumau"):
        return
    if after == "maumau":
        shift_will(g, -n, f"Mau Mau gained Control of {NAME[sid]}, Population {n}", "1.7")
    else:
        shift_will(g, n, f"Mau Mau lost Control of {NAME[sid]}, Population {n}", "1.7")


#: Control of every space (1.7: Provinces, Mountain Jungles 1.3.3 and Nairobi), kept current by a board hook.
CONTROL = Control(BOARD, ("british", "maumau"), frozenset(_MARKERS["control"]["kinds"]),
                  names={"maumau": "Mau Mau"}, on_change=_control_changed).install()


def control(g: Context, sid: str) -> str | None:
    """Who Controls *sid* (1.7): ``british``, ``maumau`` or ``None`` (Uncontrolled)."""
    return g.s["control"].get(sid)


# -- Loyalty and Resistance (1.6) ---------------------------------------------------------------------

#: The three levels (1.6), kept as ``support``: -1 Resistance, 0 Neutral, 1 Loyal. The kinds are those that
#: may ever take one (Provinces and Nairobi; never a Mountain Jungle, 1.3.3); a Province must also be
#: Populated now (:func:`takes_level`).
LOYALTY = SupportTrack(BOARD, tuple(COMPONENTS["loyalty_levels"]["levels"]),
                       frozenset(_MARKERS["loyal_resist"]["kinds"]))


def takes_level(g: Context, sid: str) -> bool:
    """Whether *sid* may be at Loyalty or Resistance now: Nairobi or a Populated Province (1.6 and its NOTE)."""
    return LOYALTY.takes(sid) and populated(g, sid)


def level(g: Context, sid: str) -> int:
    """-1 Resistance, 0 Neutral, 1 Loyal (Mountain Jungles and Unpopulated Provinces always Neutral, 1.6
    NOTE)."""
    return g.s["spaces"][sid]["support"]


def shift(g: Context, sid: str, steps: int, why: str, rule: str) -> int:
    """Shifts *sid* by *steps* levels toward Loyalty (negative: toward Resistance), within the three levels;
    nothing where the space takes no level (1.6 NOTE; a Terror in a Mountain Jungle, ruling R-TERROR).
    Returns the shift made."""
    if not takes_level(g, sid):
        return 0
    return LOYALTY.shift(g, sid, steps, why, rule)


def set_level(g: Context, sid: str, value: int, why: str, rule: str) -> bool:
    """Sets *sid* to Resistance (-1), Neutral (0) or Loyalty (1) (1.6: "set to"); where the space takes no
    level, nothing (it stays Neutral, 1.6 NOTE; ruling R-EVENT-LEVEL). Returns whether the space now is at
    *value*."""
    if not takes_level(g, sid):
        return value == 0
    LOYALTY.set(g, sid, value, why, rule)
    return True


def population_at(g: Context, test) -> int:
    """The total current Population of the spaces whose level passes *test* (6.1.1: the Population at
    Resistance, at Loyalty). Current, not printed: :meth:`SupportTrack.population` reads the printed
    values."""
    return sum(pop(g, s) for s in LOYALTY.spaces_at(g, test))


# -- Terror (1.9, 1.4.2) ------------------------------------------------------------------------------

def terror_left(g: Context) -> int:
    """Terror markers not on the map: those a placement may use (1.2: 15; markers never come from the map,
    ruling R-1.4.1)."""
    return TERROR_MARKERS - BOARD.on_map(g, "terror")


def place_terror(g: Context, sid: str, rule: str, *, by_event: bool = False) -> bool:
    """Places a Terror marker in *sid* if one is left: by the Terror Operation or Reprisal only where none is
    (1.4.2, NOTE L2418), by an Event even on another (1.4.2). Any space may take one, a Mountain Jungle
    included (ruling R-TERROR). Returns whether one was placed."""
    x = g.s["spaces"][sid]
    if not terror_left(g) or (x["terror"] and not by_event):
        return False
    x["terror"] += 1
    g.say(f"A Terror marker was placed in {NAME[sid]}.", rule=rule)
    return True


def remove_terror(g: Context, sid: str, rule: str, n: int = 1) -> int:
    """Removes up to *n* Terror markers from *sid*; returns how many."""
    x = g.s["spaces"][sid]
    k = max(0, min(n, x["terror"]))
    if k:
        x["terror"] -= k
        g.say(f"{'A Terror marker was' if k == 1 else f'{k} Terror markers were'} removed from {NAME[sid]}.",
              rule=rule)
    return k


# -- the Pipeline (1.11, 6.6; rulings R-PIPELINE-1, R-PIPELINE-2) -------------------------------------

def pipeline(g: Context) -> int:
    """The Pipeline Track's value, 0-4 (the number the Outrage die is compared with, 6.6.3)."""
    return g.s["pipeline"]


def pipeline_name(value: int) -> str:
    """``Emergency Powers``; ``Pipeline 0`` and ``Pipeline 4`` for the boxes the text never names
    (R-PIPELINE-1)."""
    return PIPELINE_BOXES[value]["name"] or f"Pipeline {value}"


def relocate_spaces(value: int) -> int:
    """How many spaces Relocate may select at Pipeline *value* (3.2.2, 6.6.2; R-PIPELINE-2)."""
    return PIPELINE_BOXES[value]["relocate"]


def reprisal_spaces(value: int) -> int:
    """How many spaces Reprisal may select at Pipeline *value* (4.2.2, 6.6.2; R-PIPELINE-2)."""
    return PIPELINE_BOXES[value]["reprisal"]


def outrage_possible(value: int) -> bool:
    """Whether an Outrage roll can lower Political Will at Pipeline *value*: never at 0 or 1 (6.6.3)."""
    return value not in COMPONENTS["outrage"]["no_roll_at"]


def shift_pipeline(g: Context, steps: int, why: str, rule: str) -> int:
    """Moves the Pipeline marker *steps* boxes right (negative: left), never past the ends (R-PIPELINE-1: it
    stays where it is); returns the shift made."""
    before = g.s["pipeline"]
    after = max(PIPELINE_MIN, min(PIPELINE_MAX, before + steps))
    if after != before:
        g.s["pipeline"] = after
        g.say(f"The Pipeline moved from {pipeline_name(before)} ({before}) to {pipeline_name(after)} ({after}) "
              f"({why}).", rule=rule)
    return after - before


# -- Resources (1.8) and Political Will (1.10) --------------------------------------------------------

def resources(g: Context) -> int:
    """The Mau Mau Resources (1.8; the British have none)."""
    return g.s["resources"]["maumau"]


def shift_resources(g: Context, delta: int, why: str, rule: str) -> int:
    """Moves the Mau Mau Resources by *delta* within 0-20 (1.8, 5.1.1); returns the change made."""
    return R.shift(g, "maumau", delta, why, rule, top=RESOURCES_MAX)


def will(g: Context) -> int:
    """British Political Will (1.10)."""
    return g.s["pw"]


# -- Out of Play (1.3.5) ------------------------------------------------------------------------------

def out_of_play(g: Context) -> int:
    """The Police in the Out of Play box (1.3.5)."""
    return g.s["out_of_play"]


def release_police(g: Context, n: int, why: str, rule: str = "3.2.2") -> int:
    """Moves up to *n* Police from Out of Play to Available (Relocate 3.2.2: 'if possible'); returns how
    many."""
    k = max(0, min(n, g.s["out_of_play"]))
    if k:
        g.s["out_of_play"] -= k
        g.s["available"]["police"] += k
        g.say(f"{'1 Police cube' if k == 1 else f'{k} Police cubes'} went from Out of Play to Available "
              f"({why}).", faction="british", rule=rule)
    return k


def police_from_out_of_play(g: Context, sid: str, n: int, why: str, rule: str) -> int:
    """Places up to *n* Police from Out of Play straight into *sid* (K6, K17, K29 unshaded: 'from anywhere
    (even Out of Play)', ruling R-1.4.1); Control follows at once (1.7). Returns how many."""
    k = max(0, min(n, g.s["out_of_play"]))
    if k:
        g.s["out_of_play"] -= k
        g.s["spaces"][sid]["police"] += k
        g.say(f"{'1 Police cube' if k == 1 else f'{k} Police cubes'} went from Out of Play to {NAME[sid]} "
              f"({why}).", faction="british", rule=rule)
        BOARD.changed(g, sid)
    return k
