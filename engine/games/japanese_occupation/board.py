"""Japanese Occupation's board: spaces, forces, markers, the eight Railway markers, the Intel chits, Resistance,
Japanese Resources and the Operation Zipper Track (issue 30).

Rules 1.3 (map: eight Provinces, Mountain or Jungle, Kuala Lumpur, two Economic Centers; Thailand Out of Play;
1.3.6 the Railway markers, not spaces, adjacent to every space touching their border), 1.4 (forces: 15 Troops, 6
Police, 10 MPAJA and 4 non-MPAJA Guerrillas, 5 Supply Caches, the Guerrillas and Caches British; 1.4.1 removed
forces to Available; 1.4.2 one Supply Cache a space and none in an EC, one Sabotage or Terror marker a space or
Railway by Operations and Special Activities, more by Events, one Jungle Camp and one New Village a Province and
none elsewhere; 1.4.3 Underground/Active), 1.6 (Opposition or Neutral, in Provinces and Kuala Lumpur), 1.7
(Japanese Resources 0-20), 1.8-1.10 (Kempeitai, Force 136 and Jungle Camps: markers, not forces), 1.11 (Intel
chits, concealed from both players: their own module, :mod:`.intel_chits`), 1.12 (Sabotage and Terror), 1.13
(Resistance 0-20), 1.14 and 6.7 (the Operation Zipper Track) and 1.15 (New Villages, removed at once from a
space with British forces and no Japanese forces). The piece bookkeeping is the COIN layer's (engine.coin.board).

A space's counts: ``troops``, ``police``, ``mpaja_u``, ``mpaja_a``, ``non_mpaja_u``, ``non_mpaja_a``,
``caches`` (forces) and the markers ``opposition`` (0 or 1), ``terror`` (a count: Events may stack them),
``kempeitai``, ``force_136`` (counts: several may share a space, 1.4.2 NOTE), ``jungle_camp`` and
``new_village`` (0 or 1). The state: ``available`` (the forces and the Jungle Camp, Force 136 and New Village
markers not on the map; Kempeitai are never Available, 1.9 NOTE), ``railways`` (Railway -> its Sabotage
markers), ``resistance``, ``resources``, ``zipper`` (the box: 0 for Delay, then 6, 12, 18, 20) with
``zipper_caches`` (the boxes still holding their Supply Cache), ``intel`` as the view shows it and the hidden
``intel_face_down`` (see :mod:`.intel_chits`), ``intel_aside`` (chits set aside by J20 until the Reset), ``burma`` (Troops on J17 until the Reset), ``davis``
(Force 136 markers on J25 until the Reset), ``removed`` (Supply Caches out of the game, J14) and
``kempeitai_out`` (Kempeitai out of the game, J29).
"""

from __future__ import annotations

from ...coin.board import Board, PieceKind
from ...coin.tracks import shift_track
from ...core.errors import RulesBugError
from ...core.flow import Context
from ...core.ruling_choice import chosen
from .data import COMPONENTS, MAP

_PIECE = {p["piece"]: p for p in COMPONENTS["pieces"]}
_MARKER = {m["marker"]: m for m in COMPONENTS["markers"]}
_LABEL = {"troops": "Troop", "police": "Police cube", "mpaja": "MPAJA Guerrilla",
          "non_mpaja": "non-MPAJA Guerrilla", "caches": "Supply Cache"}
#: The order words of each piece's keys (jo-design: ``mpaja-u``, ``non-mpaja-a``).
_WORDS = {"troops": ("troops",), "police": ("police",), "mpaja": ("mpaja-u", "mpaja-a"),
          "non_mpaja": ("non-mpaja-u", "non-mpaja-a"), "caches": ("cache",)}
#: The markers a space holds (1.6, 1.8-1.10, 1.12, 1.15).
MARKERS = ("opposition", "terror", "kempeitai", "force_136", "jungle_camp", "new_village")
#: Markers placed from and removed to Available (1.9, 1.10, 1.15); Kempeitai are only moved (1.9 NOTE).
POOLED = ("jungle_camp", "force_136", "new_village")
MARKER_LABEL = {"opposition": "Opposition", "terror": "Terror marker", "kempeitai": "Kempeitai marker",
                "force_136": "Force 136 marker", "jungle_camp": "Jungle Camp", "new_village": "New Village"}

#: The forces (1.2, 1.4): Supply Caches one a space, never in an EC (1.4.2). Boxes: the Troops on J17
#: (``burma``) and the Supply Caches out of the game (``removed``, J14 shaded).
BOARD = Board(MAP, [PieceKind(name, p["side"], flips=p["flips"], stack=p.get("stack"),
                              never_in=frozenset(p.get("never_in", ())), label=_LABEL[name], words=_WORDS[name])
                    for name, p in _PIECE.items()],
              markers=MARKERS, curfews=0, curfew_kinds=(), curfew_rule="",
              boxes={"burma": ("troops",), "removed": ("caches",)})

SPACES: list[str] = BOARD.spaces
KIND: dict[str, str] = BOARD.kind
NAME: dict[str, str] = BOARD.names
POP: dict[str, int] = BOARD.pop
TERRAIN: dict[str, str | None] = {s["id"]: s.get("terrain") for s in MAP["spaces"]}
KL = "kuala-lumpur"
PROVINCES = BOARD.of_kind("province")
ECS = BOARD.of_kind("ec")
#: The spaces with an Intel chit and an Opposition box: the Provinces and Kuala Lumpur (1.3.2, 1.3.4, 1.11).
INTEL_SPACES = [s for s in SPACES if KIND[s] in ("province", "city")]
OPPOSITION_SPACES = INTEL_SPACES
#: The spaces touching Thailand (1.3.3; map.json ``out_of_play``, ruling R-MAP-1).
NEXT_TO_THAILAND: list[str] = [s for s in SPACES if s in MAP["out_of_play"][0]["borders"]]

RAILWAYS: list[str] = [r["id"] for r in MAP["railways"]]
RAIL_NAME: dict[str, str] = {r["id"]: r["name"] for r in MAP["railways"]}
STARRED: frozenset[str] = frozenset(r["id"] for r in MAP["railways"] if r["starred"])
#: The spaces each Railway marker is adjacent to: those touching its border (1.3.6, 1.3.7).
RAIL_ADJ: dict[str, tuple[str, ...]] = {r["id"]: tuple(r["adjacent"]) for r in MAP["railways"]}
#: The Railways adjacent to each space.
RAILS_OF: dict[str, tuple[str, ...]] = {s: tuple(r for r in RAILWAYS if s in RAIL_ADJ[r]) for s in SPACES}
#: Railway -> the Railways it connects to (4.3.1 L1442: borders that touch, and through an EC or Kuala Lumpur).
RAIL_LINKS: dict[str, set[str]] = {r: set() for r in RAILWAYS}
for _link in MAP["railway_links"]:
    RAIL_LINKS[_link["a"]].add(_link["b"])
    RAIL_LINKS[_link["b"]].add(_link["a"])

TOTALS: dict[str, int] = {name: p["count"] for name, p in _PIECE.items()}
MARKER_TOTALS: dict[str, int] = {m: _MARKER[m]["count"] for m in ("jungle_camp", "force_136", "new_village",
                                                                    "kempeitai")}
#: The Sabotage/Terror markers of the countersheet, one set for both (1.2: 15).
SABOTAGE_TERROR = _MARKER["sabotage"]["count"]
INTEL_CHITS: tuple[int, ...] = tuple(COMPONENTS["intel"]["chits"])
RES_MIN, RES_MAX = COMPONENTS["resistance"]["min"], COMPONENTS["resistance"]["max"]
RESOURCES_MIN, RESOURCES_MAX = COMPONENTS["resources"]["min"], COMPONENTS["resources"]["max"]
#: Operation Zipper's boxes by value, 0 the Delay box (ruling R-ZIPPER); the ones a Supply Cache starts in
#: depend on the umpire's reading of R-ZIPPER (:func:`cache_boxes`).
ZIPPER_BOXES: tuple[int, ...] = (0, 6, 12, 18, 20)
ZIPPER_CACHES = {"six_and_twelve": (6, 12), "six_and_eighteen": (6, 18)}
SUPPLY_MORE_AT, RAID_MORE_AT = 12, 20  # 6.7.3
#: The Troops J17 Burma Theater sets on its card.
BURMA_TROOPS = 3

adj = BOARD.neighbours  # adj(g, sid): the neighbours in this game (map overrides applied)
#: Each space's neighbours on the map, sorted (worked out once for :func:`sorted_adj`).
_SORTED_ADJ: dict[str, tuple[str, ...]] = {s: tuple(sorted(BOARD.adj[s])) for s in SPACES}


def sorted_adj(g: Context, sid: str) -> tuple[str, ...] | list[str]:
    """``sorted(adj(g, sid))``: the map's own, worked out once, unless the game has map overrides."""
    return sorted(adj(g, sid)) if g.s.get("map") else _SORTED_ADJ[sid]


#: Each space's neighbours on the map, in board order (worked out once for :func:`adj_in_order`).
_ADJ_IN_ORDER: dict[str, tuple[str, ...]] = {s: tuple(t for t in SPACES if t in BOARD.adj[s]) for s in SPACES}


def adj_in_order(g: Context, sid: str) -> tuple[str, ...] | list[str]:
    """The spaces adjacent to *sid* in board order: the map's own, worked out once, unless the game has map
    overrides."""
    if g.s.get("map"):
        near = adj(g, sid)
        return [t for t in SPACES if t in near]
    return _ADJ_IN_ORDER[sid]


#: ``FROM TO``, the two words of an order naming two spaces, for every pair of spaces (written once, so that
#: a prompt listing many moves does not format each one again).
PAIRS: dict[str, dict[str, str]] = {a: {b: f"{a} {b}" for b in SPACES} for a in SPACES}
sp = BOARD.sp
name = BOARD.name
named = BOARD.named
within_one = BOARD.within_one
empty_space = BOARD.empty_space
together = BOARD.together
place = BOARD.place
remove = BOARD.remove
move = BOARD.move


# -- counting ---------------------------------------------------------------------------------------------

#: The Guerrillas' keys in a space, each kind in each state (1.4.3).
GUERRILLA_KEYS = ("mpaja_u", "mpaja_a", "non_mpaja_u", "non_mpaja_a")


def mpaja(x: dict) -> int:
    return x["mpaja_u"] + x["mpaja_a"]


def non_mpaja(x: dict) -> int:
    return x["non_mpaja_u"] + x["non_mpaja_a"]


def guerrillas(x: dict) -> int:
    """Guerrillas of both kinds, Underground and Active (1.4.3)."""
    return x["mpaja_u"] + x["mpaja_a"] + x["non_mpaja_u"] + x["non_mpaja_a"]


def underground(x: dict) -> int:
    """Underground Guerrillas of both kinds."""
    return x["mpaja_u"] + x["non_mpaja_u"]


def active_guerrillas(x: dict) -> int:
    return x["mpaja_a"] + x["non_mpaja_a"]


def cubes(x: dict) -> int:
    """Troops and Police (Key Terms 'Cube', L2137)."""
    return x["troops"] + x["police"]


def british_forces(x: dict) -> int:
    """British forces: Guerrillas of both kinds and Supply Caches (1.4 NOTE); no marker is a force."""
    return guerrillas(x) + x["caches"]


def japanese_forces(x: dict) -> int:
    """Japanese forces: Troops and Police (1.4); Kempeitai are no force (1.8)."""
    return x["troops"] + x["police"]


def is_province(sid: str) -> bool:
    return KIND[sid] == "province"


def is_ec(sid: str) -> bool:
    return KIND[sid] == "ec"


def is_jungle(sid: str) -> bool:
    """A Jungle Province (1.3.2: every Province but Perak and Selangor)."""
    return TERRAIN[sid] == "jungle"


def is_mountain(sid: str) -> bool:
    """A Mountain Province (1.3.2: Perak and Selangor)."""
    return TERRAIN[sid] == "mountain"


def rails_of(sid: str) -> tuple[str, ...]:
    """The Railway markers adjacent to *sid* (1.3.6, 1.3.7)."""
    return RAILS_OF[sid]


def spaces_with(g: Context, key: str) -> list[str]:
    """The spaces holding at least one *key* (a piece key or a marker), in board order."""
    return [s for s in SPACES if g.s["spaces"][s][key]]


def on_map(g: Context, key: str) -> int:
    return BOARD.on_map(g, key)


# -- markers: Jungle Camps, Force 136, New Villages, Kempeitai (1.8-1.10, 1.15) ------------------------------

def marker_room(g: Context, sid: str, marker: str) -> bool:
    """Whether one more *marker* may go in *sid* (1.4.2): a Jungle Camp or New Village only in a Province
    without one; Kempeitai and Force 136 anywhere, more than one to a space."""
    if marker in ("jungle_camp", "new_village"):
        return is_province(sid) and not sp(g, sid)[marker]
    return True


def place_marker(g: Context, sid: str, marker: str, why: str, rule: str, faction: str | None = None) -> bool:
    """Places one *marker* (jungle_camp, force_136, new_village) from Available in *sid*, if one is Available and
    stacking allows (1.4.2); returns whether it did."""
    if marker not in POOLED:
        raise RulesBugError(f"{marker} is not placed from Available")
    if not g.s["available"][marker] or not marker_room(g, sid, marker):
        return False
    g.s["available"][marker] -= 1
    sp(g, sid)[marker] += 1
    g.say(f"A {MARKER_LABEL[marker]} was placed in {NAME[sid]} ({why}).", faction=faction, rule=rule)
    return True


def remove_marker(g: Context, sid: str, marker: str, why: str, rule: str, to: str = "available") -> bool:
    """Removes one *marker* from *sid* to Available (Jungle Camps, Force 136, New Villages), or, for ``to`` other
    than Available, out of play: ``davis`` (Force 136 on J25) or ``out`` (Kempeitai out of the game, J29)."""
    x = sp(g, sid)
    if not x[marker]:
        return False
    x[marker] -= 1
    if to == "available":
        if marker not in POOLED:
            raise RulesBugError(f"{marker} never goes to Available (1.9 NOTE)")
        g.s["available"][marker] += 1
    elif to == "davis" and marker == "force_136":
        g.s["davis"] += 1
    elif to == "out" and marker == "kempeitai":
        g.s["kempeitai_out"] += 1
    else:
        raise RulesBugError(f"{marker} cannot go to {to}")
    g.say(f"The {MARKER_LABEL[marker]} in {NAME[sid]} was removed ({why}).", rule=rule)
    return True


def move_marker(g: Context, src: str, dst: str, marker: str, why: str, rule: str, faction: str | None = None) -> bool:
    """Moves one *marker* (kempeitai, force_136, jungle_camp) from *src* to *dst*; returns whether it moved."""
    x = sp(g, src)
    if not x[marker] or src == dst or not marker_room(g, dst, marker):
        return False
    x[marker] -= 1
    sp(g, dst)[marker] += 1
    g.say(f"A {MARKER_LABEL[marker]} moved from {NAME[src]} to {NAME[dst]} ({why}).", faction=faction, rule=rule)
    return True


def markers_on_map(state: dict, marker: str) -> int:
    return sum(x[marker] for x in state["spaces"].values())


def jungle_camp_sources(g: Context, sid: str) -> list[str]:
    """The spaces whose Jungle Camp the placing faction may move to *sid* when none is Available (1.10 L1242):
    every other space with one."""
    return [s for s in SPACES if s != sid and sp(g, s)["jungle_camp"]]


# -- Opposition, Terror, Sabotage (1.6, 1.12) -----------------------------------------------------------------

def opposed(g: Context, sid: str) -> bool:
    return bool(sp(g, sid)["opposition"])


def neutral(g: Context, sid: str) -> bool:
    """A Province or Kuala Lumpur without Opposition (1.6); an EC is neither (1.3.5 NOTE)."""
    return sid in OPPOSITION_SPACES and not sp(g, sid)["opposition"]


def add_opposition(g: Context, sid: str, why: str, rule: str, faction: str | None = None) -> bool:
    """Sets *sid* to Opposition (1.6); never an EC (1.3.5 NOTE). Returns whether it changed."""
    if sid not in OPPOSITION_SPACES or opposed(g, sid):
        return False
    sp(g, sid)["opposition"] = 1
    g.say(f"{NAME[sid]} was set to Opposition ({why}).", faction=faction, rule=rule)
    return True


def set_neutral(g: Context, sid: str, why: str, rule: str, faction: str | None = None) -> bool:
    """Removes the Opposition of *sid* (1.6: Neutral). Returns whether it changed."""
    if not opposed(g, sid):
        return False
    sp(g, sid)["opposition"] = 0
    g.say(f"{NAME[sid]} was set to Neutral ({why}).", faction=faction, rule=rule)
    return True


def sabotage_terror_left(g: Context) -> int:
    """The Sabotage/Terror markers not on the map (1.2: one set of 15 for both)."""
    return SABOTAGE_TERROR - sum(g.s["railways"].values()) - on_map(g, "terror")


def add_terror(g: Context, sid: str, why: str, rule: str, stack: bool = False) -> bool:
    """Adds a Terror marker to *sid*; an Operation or Special Activity adds none where one is (1.4.2), an
    Event may (``stack``). Returns whether one was added."""
    x = sp(g, sid)
    if (x["terror"] and not stack) or not sabotage_terror_left(g):
        return False
    x["terror"] += 1
    g.say(f"A Terror marker was placed in {NAME[sid]} ({why}).", rule=rule)
    return True


def sabotaged(g: Context, rid: str) -> bool:
    return bool(g.s["railways"][rid])


def sabotage(g: Context, rid: str, why: str, rule: str, stack: bool = False) -> bool:
    """Places a Sabotage marker on Railway *rid*; an Operation or Special Activity places none where one is,
    an Event may (``stack``, 1.4.2). Returns whether one was placed."""
    if (g.s["railways"][rid] and not stack) or not sabotage_terror_left(g):
        return False
    g.s["railways"][rid] += 1
    n = g.s["railways"][rid]
    g.say(f"A Sabotage marker was placed on the {RAIL_NAME[rid]}{f' ({n} there now)' if n > 1 else ''} ({why}).",
          rule=rule)
    return True


def repair(g: Context, rid: str, why: str, rule: str) -> bool:
    """Removes one Sabotage marker from Railway *rid* (Construct 3.3.2, Events). Returns whether one was."""
    if not g.s["railways"][rid]:
        return False
    g.s["railways"][rid] -= 1
    g.say(f"A Sabotage marker was removed from the {RAIL_NAME[rid]} ({why}).", rule=rule)
    return True


def sabotaged_rails(g: Context) -> list[str]:
    return [r for r in RAILWAYS if g.s["railways"][r]]


# -- Extract (4.3.1) --------------------------------------------------------------------------------------------

def connected_rails(railways: dict[str, int], ec: str) -> set[str]:
    """The Railways without Sabotage joined to EC *ec* by a chain of Railways without Sabotage (4.3.1 L1442): a
    search from the unsabotaged Railways adjacent to the EC along :data:`RAIL_LINKS`."""
    todo = [r for r in RAILWAYS if ec in RAIL_ADJ[r] and not railways[r]]
    seen = set(todo)
    while todo:
        r = todo.pop()
        for n in RAIL_LINKS[r]:
            if n not in seen and not railways[n]:
                seen.add(n)
                todo.append(n)
    return seen


def extract_value(g: Context, ec: str) -> int:
    """The Resources one EC gives: one per starred Railway without Sabotage connected to it (4.3.1)."""
    return len(connected_rails(g.s["railways"], ec) & STARRED)


# -- Resistance, Resources (1.7, 1.13) --------------------------------------------------------------------------

def shift_resistance(g: Context, delta: int, why: str, rule: str) -> int:
    """Moves Resistance by *delta*, never below 0 or above 20 (1.13, 5.1.1); returns the change made."""
    return shift_track(g, "resistance", delta, RES_MIN, RES_MAX, "Resistance", why, rule)


def gain_resources(g: Context, n: int, why: str, rule: str) -> int:
    """Moves Japanese Resources by *n* (negative: a loss), within 0-20 (1.7, 5.1.1); returns the change made."""
    return shift_track(g, "resources", n, RESOURCES_MIN, RESOURCES_MAX, "Japanese Resources", why, rule)


# -- Operation Zipper (1.14, 6.7) --------------------------------------------------------------------------------

def cache_boxes(state: dict) -> tuple[int, ...]:
    """The boxes that start with a Supply Cache: '6' and '12', or '6' and '18' by the umpire's reading (ruling
    R-ZIPPER)."""
    return ZIPPER_CACHES[chosen(state, "R-ZIPPER", "six_and_twelve")]


def zipper_label(box: int) -> str:
    """A box of the Operation Zipper Track as the logs and facts name it: ``Delay``, ``6``, ``12``..."""
    return "Delay" if box == 0 else str(box)


def zipper_for(resistance: int) -> int:
    """The highest box of the track not above *resistance* (6.2.5: Resistance 14 is the '12' box)."""
    return max(b for b in ZIPPER_BOXES if b <= resistance)


def set_zipper(g: Context, box: int, why: str, rule: str) -> None:
    """Moves the Zipper marker to *box* (6.7.1) and settles the Supply Caches of the boxes it passes (6.7.2):
    reaching or passing going up a box that still holds its Cache puts it in British Available (ruling
    R-ZIPPER: a jump releases it too); passing going down a box that started with one returns a Cache to it,
    from Available first, then from the map, the British choosing which (``jo.zipper.return``)."""
    before = g.s["zipper"]
    if box == before:
        return
    g.s["zipper"] = box
    g.say(f"Operation Zipper moved from {zipper_label(before)} to {zipper_label(box)} ({why}).", rule=rule)
    held = g.s["zipper_caches"]
    if box > before:
        for b in sorted(held):
            if before < b <= box:
                held.remove(b)
                g.s["available"]["caches"] += 1
                g.say(f"The Supply Cache of the {zipper_label(b)} box went to British Available.", faction="british",
                      rule="6.7.2")
        return
    owed = []
    for b in cache_boxes(g.s):
        if box < b <= before and b not in held:
            owed.append(b)
    for b in sorted(owed, reverse=True):
        if g.s["available"]["caches"]:
            g.s["available"]["caches"] -= 1
            held.append(b)
            held.sort()
            g.say(f"A Supply Cache went from British Available back to the {zipper_label(b)} box.", faction="british",
                  rule="6.7.2")
            continue
        onmap = spaces_with(g, "caches")
        if len(onmap) == 1:
            return_cache(g, onmap[0], b)
        elif onmap:
            g.call("jo.zipper.return", "british", box=b)
        else:
            g.say(f"No Supply Cache is Available or on the map to go back to the {zipper_label(b)} box.", rule="6.7.2")


def return_cache(g: Context, sid: str, box: int) -> None:
    """The Supply Cache in *sid* goes back to Zipper box *box* (6.7.2)."""
    x = sp(g, sid)
    if not x["caches"]:
        raise RulesBugError(f"no Supply Cache in {sid}")
    x["caches"] -= 1
    g.s["zipper_caches"].append(box)
    g.s["zipper_caches"].sort()
    g.say(f"The Supply Cache in {NAME[sid]} went back to the {zipper_label(box)} box of Operation Zipper.",
          faction="british", rule="6.7.2")
    BOARD.changed(g, sid)


def shift_zipper(g: Context, steps: int, why: str, rule: str) -> None:
    """Shifts the Zipper marker *steps* boxes toward Ready (negative: toward Delay), never past either end
    (J7, J17, J24; 6.7.1)."""
    i = ZIPPER_BOXES.index(g.s["zipper"])
    j = max(0, min(len(ZIPPER_BOXES) - 1, i + steps))
    set_zipper(g, ZIPPER_BOXES[j], why, rule)


def supply_spaces(g: Context) -> int:
    """The Provinces Supply may select: 2, or 3 at Zipper '12' or higher (4.2.1, 6.7.3)."""
    return 3 if g.s["zipper"] >= SUPPLY_MORE_AT else 2


def raid_spaces(g: Context) -> int:
    """The spaces Raid may select: 2, or 3 at Zipper '20' (4.2.3, 6.7.3)."""
    return 3 if g.s["zipper"] >= RAID_MORE_AT else 2


# -- New Villages (1.15): kept current ------------------------------------------------------------------------

def _new_village_hook(g: Context, sid: str) -> None:
    """A New Village in a space with British forces and no Japanese forces is removed at once (1.15)."""
    x = g.s["spaces"][sid]
    if x["new_village"] and british_forces(x) and not japanese_forces(x):
        x["new_village"] -= 1
        g.s["available"]["new_village"] += 1
        g.say(f"The New Village in {NAME[sid]} was removed: British forces and no Japanese forces there.",
              rule="1.15")


BOARD.hooks.append(_new_village_hook)


def activate(g: Context, sid: str, key: str, n: int = 1) -> int:
    """Flips up to *n* Underground Guerrillas of *key*'s kind (``mpaja_u``/``non_mpaja_u`` or the piece name)
    in *sid* Active; returns how many (1.4.3)."""
    piece = BOARD.piece_of_key.get(key, key)
    return BOARD.activate(g, sid, n, piece)


def flip_all_underground(g: Context) -> None:
    """Every Guerrilla on the map Underground (6.6)."""
    BOARD.flip_all_underground(g)


def count_pieces(state: dict) -> dict[str, int]:
    """Every piece wherever it is: the map, Available, J17's card, out of the game and the Zipper track."""
    forces = {**state, "available": {k: n for k, n in state["available"].items() if k in BOARD.pieces}}
    return BOARD.count_pieces(forces, {"caches": len(state["zipper_caches"])})


def count_markers(state: dict) -> dict[str, int]:
    """Every Jungle Camp, Force 136, New Village and Kempeitai marker wherever it is (1.2)."""
    out = {m: markers_on_map(state, m) for m in MARKER_TOTALS}
    for m in POOLED:
        out[m] += state["available"][m]
    out["force_136"] += state["davis"]
    out["kempeitai"] += state["kempeitai_out"]
    return out
