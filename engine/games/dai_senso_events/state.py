"""The state the political events read and write (digest B.4, trimmed), and what the events share.

The state is the position file's body (:mod:`.position`) plus the flow: ``war`` (pre-war, limited-war,
total-war: 12.2), ``mode`` (DS or AE: 15.14), ``turn`` and ``season``, ``cards`` (each faction's ``current`` card
and the ``played`` ones), ``government`` (the Japanese Government marker: ``side`` army/navy, ``box``
holding/delay: 15.6, 15.17, 15.24, 15.31), ``postures`` (the Posture Boxes: ``posture``, ``policies``, ``truce``
``{"kind", "level"}``, ``negotiation``), ``countries`` (Minor Countries, Dependents and Regions: ``status``,
``markers``, ``chinese``, ``japanese_dependent``, ``pac``/``tac`` and ``policy`` as the umpire supplies them (13.6
is not in the fragment), ``borders``, ``aligns`` (13.5, supplied), ``capital``), ``pieces`` (units and markers
with ``owner``, ``country``, ``kind`` ground/support/marker, ``type``, ``steps``, ``at`` a box, ``map`` with its
``hex``, ``turn-track`` with its ``turn``, ``holding`` with the unit it is ``in``), ``esv``, ``european_war``,
``production`` (15.32's count per Imperial Directive card), ``vp`` (the VP marker's ``reading``), ``blitz``
(Blitz markers placed per faction's Support Segment, ``current``/``next``), ``tables`` (the Area, Diplomatic
Incident and Cabinet Crisis Tables the umpire types in), and what the events hand on: ``players_steps`` (a part
defined outside section 15, for the players to do) and ``manual`` (an event the umpire rules by hand).
"""

from __future__ import annotations

FACTIONS = ("axis", "western", "soviet")
ALLIED = ("western", "soviet")
NAMES = {"axis": "the Axis", "western": "the Western faction", "soviet": "the Soviet faction"}
TITLES = {"axis": "The Axis", "western": "The Western faction", "soviet": "The Soviet faction"}
ROLE_NAMES = {"axis": "Axis", "western": "Western", "soviet": "Soviet"}

WARS = ("pre-war", "limited-war", "total-war")
MODES = ("DS", "AE")
SEASONS = ("spring", "summer", "autumn", "winter")
EUROPEAN_WARS = ("no-war", "limited-war", "total-war")
STATUSES = ("neutral", "axis", "western", "soviet", "conquered")
COUNTRY_KINDS = ("minor", "dependent", "region")
#: The markers a Minor Country may hold (15.7, 15.9, 15.16, 15.19, 15.27).
COUNTRY_MARKERS = ("neutrality", "influence-axis", "influence-western", "influence-soviet", "free-passage",
                   "no-occupation", "mobilizing")
#: The markers of which a country holds one at most (ruling R-15-one-marker).
EXCLUSIVE = ("neutrality", "influence-axis", "influence-western", "influence-soviet")
POSTURES = ("neutrality", "war", "acceptance", "resistance", "surrender", "disputes", "peace", "quarantine")
GOVERNMENT_SIDES = ("army", "navy")
GOVERNMENT_BOXES = ("holding", "delay")
PIECE_KINDS = ("ground", "support", "marker")
SUPPORT_TYPES = ("cv-fleet", "surface-fleet", "sub-fleet", "bomber", "interceptor", "chinese-interceptor",
                 "scratch-convoy", "air")
MARKER_TYPES = ("bases-damaged", "loc-damaged", "military-takeover", "showa-restoration", "hakko-ichiu",
                "japanese-mandate", "minor-country-prod", "directive", "aid-to-china", "lend-lease", "ceded-land",
                "failure", "detachment", "logistics", "partisan-base", "totsugeki", "blitz", "atomic-devastation",
                "other")
#: Where a piece may be: a box, the map (with ``hex``), the Turn Track (with ``turn``), a multi-national unit's
#: Holding Box (with ``in``); ``pool`` is its owner's Force Pool; ``off`` is out of play (the counter mix set
#: aside, not yet in the game); ``pending`` is received by an event, for the players to place.
LOCATIONS = ("map", "pool", "delay", "naval-delay", "tk-delay", "turn-track", "holding", "strategic-warfare",
             "ceded-lands", "conditional-events", "european-holding", "vp-track", "removed", "off", "pending",
             "eliminated", "conquered-holding")
LOCATION_NAMES = {"pool": "the Force Pool", "delay": "the Delay Box", "naval-delay": "the Naval Warfare Delay Box",
                  "tk-delay": "the Delay Box on the TK map", "strategic-warfare": "the Strategic Warfare Box",
                  "ceded-lands": "the Ceded Lands Box", "conditional-events": "an Allied Conditional Events Box",
                  "european-holding": "the European Holding Box", "vp-track": "the VP track",
                  "removed": "removed from the game", "off": "out of play",
                  "pending": "received, for the players to place",
                 "eliminated": "eliminated, for the players to place per 4.2.6.2",
                  "conquered-holding": "the Allied Conquered Minor Country Holding Box"}
DIRECTIVE_CARDS = ("52", "53", "54", "55", "56", "57")
TABLES = ("area-china", "area-se-asia", "area-other", "diplomatic-incident", "cabinet-crisis")


def enemy_influence(faction: str) -> tuple[str, ...]:
    """The Influence markers enemy to *faction*: every other faction's (ruling R-15.9-enemy)."""
    return tuple(f"influence-{x}" for x in FACTIONS if x != faction)


def neutral_neighbours(state: dict, cid: str) -> list[str]:
    """The Neutral Countries that share a Border with Country *cid* or one of its Dependents (15.5, 15.26): a
    Dependent of *cid* is a country whose ``dependent_of`` names it; a Border listed by either country counts."""
    cs = state["countries"]
    area = {cid} | {d for d, c in cs.items() if c.get("dependent_of") == cid}
    near = {b for a in area for b in cs[a]["borders"]} | {b for b, c in cs.items() if area & set(c["borders"])}
    return sorted(b for b in near - area if cs[b]["status"] == "neutral")


def where(piece: dict) -> str:
    """Where *piece* is, in words."""
    at = piece["at"]
    if at == "map":
        return f"hex {piece['hex']}"
    if at == "turn-track":
        return f"the Turn Track, turn {piece['turn']}"
    if at == "holding":
        return f"the Holding Box of {piece['in']}"
    return LOCATION_NAMES[at]


def label(state: dict, pid: str) -> str:
    p = state["pieces"][pid]
    return f"{p.get('name') or pid} ({pid})"


def country_name(state: dict, cid: str) -> str:
    return state["countries"][cid].get("name") or cid


def move(state: dict, pid: str, at: str, **extra) -> None:
    """Puts piece *pid* at *at* (its ``hex``, ``turn`` or ``in`` given in *extra* where *at* needs one)."""
    p = state["pieces"][pid]
    for k in ("hex", "turn", "in"):
        p.pop(k, None)
    p["at"] = at
    p.update(extra)


def find(state: dict, *, kind: str | None = None, type_: str | None = None, owner: str | None = None,
         at: str | None = None, **fields) -> list[str]:
    """The ids of the pieces matching every criterion given, in id order."""
    out = []
    for pid in sorted(state["pieces"]):
        p = state["pieces"][pid]
        if kind is not None and p["kind"] != kind:
            continue
        if type_ is not None and p["type"] != type_:
            continue
        if owner is not None and p["owner"] != owner:
            continue
        if at is not None and p["at"] != at:
            continue
        if any(p.get(k) != v for k, v in fields.items()):
            continue
        out.append(pid)
    return out


def players_step(g, n: int, text: str, rule: str) -> None:
    """A part of event 15.*n* defined outside section 15 (ruling R-15-outside): listed for the players to do, and
    logged, never skipped."""
    g.s["players_steps"].append({"event": f"15.{n}", "rule": rule, "text": text})
    g.say(f"To be done by the players per {rule}: {text}.", rule=rule, kind="players-step")


def manual(g, n: int, text: str, rule: str) -> None:
    """Event 15.*n*, or a part of it, that the engine cannot adjudicate: handed to the umpire as a manual ruling,
    listed and logged."""
    g.s["manual"].append({"event": f"15.{n}", "rule": rule, "text": text})
    g.say(f"Handed to the umpire as a manual ruling: {text}.", rule=rule, kind="manual")


def lose_step(g, n: int, pid: str, rule: str) -> None:
    """Eliminates one step of unit *pid* for event 15.*n* (4.2.6.2 is not in the fragment, ruling R-15-outside): a
    unit of two or more steps keeps the rest (its reduction or breakdown is the players' step); a unit of one step
    is eliminated: put ``eliminated``, with any unit of its Holding Box, where they go being the players' step. A
    step lost in a Holding Box makes its multi-national unit break down: the players' step (15.1's example; 15.8:
    2.3.4)."""
    s = g.s
    p = s["pieces"][pid]
    name, at, host = label(s, pid), where(p), p.get("in")
    if p.get("steps", 1) > 1:
        p["steps"] -= 1
        g.say(f"{name} lost one step in {at} ({p['steps']} left).", faction=p["owner"], rule=rule)
        players_step(g, n, f"{name} lost a step in {at}: its reduction or breakdown per 4.2.6.2", "4.2.6.2")
    else:
        move(s, pid, "eliminated")
        g.say(f"{name} was eliminated in {at}.", faction=p["owner"], rule=rule)
        players_step(g, n, f"{name} was eliminated in {at}: where it goes per 4.2.6.2", "4.2.6.2")
        held = find(s, at="holding", **{"in": pid})
        for h in held:
            move(s, h, "eliminated")
        if held:
            players_step(g, n, f"{', '.join(label(s, h) for h in held)}, in the Holding Box of {name}, left the map "
                               f"with it: where they go per 4.2.6.2", "4.2.6.2")
    if host:
        players_step(g, n, f"{label(s, host)} lost a step of its Holding Box and breaks down (4.2.6.2, 2.3.4; 15.1's "
                           f"example: a one-step infantry-type unit is placed in its hex and the HQ goes to the Delay "
                           f"Box)", "4.2.6.2, 2.3.4")


def activate(g, n: int, cid: str, faction: str, *, rule: str, mobilization: bool = True,
             marker: str | None = None) -> None:
    """Activates the Neutral Country *cid* as *faction*'s Country (13.7, not in the fragment): its status
    changes here; the rest of activation is the players' step (ruling R-15-outside). *marker*: placed instead of
    a Mobilizing marker (15.16); *mobilization* False: no Mobilization Roll (15.11, 15.16)."""
    s = g.s
    c = s["countries"][cid]
    name = country_name(s, cid)
    for m in [m for m in c["markers"] if m in EXCLUSIVE]:
        c["markers"].remove(m)
        g.say(f"The {m.replace('-', ' ').title()} marker left {name}, no longer Neutral (ruling R-15-one-marker).",
              rule=rule)
    c["status"] = faction
    g.say(f"{name} was activated as {'an ' if faction == 'axis' else 'a '}{faction.title()} Country.",
          faction=faction, rule=rule)
    if marker:
        if marker not in c["markers"]:
            c["markers"].append(marker)
        g.say(f"A {marker.replace('-', ' ').title()} marker was placed in {name} instead of a Mobilizing marker.",
              rule=rule)
    roll = "with its Mobilization Roll" if mobilization else "but without a Mobilization Roll"
    players_step(g, n, f"the rest of {name}'s activation as a {faction.title()} Country ({roll}; its units, "
                       f"markers and responsibility)", "13.7, 13.7.1")


def activate_allied(g, n: int, cid: str, *, rule: str, mobilization: bool = True) -> bool:
    """Activates *cid* as an Allied Country per 13.5: the Allied faction it aligns with is the position's
    ``aligns`` (supplied by the umpire, ruling R-13.5-supplied). Without one it is a manual ruling; False."""
    s = g.s
    aligns = s["countries"][cid].get("aligns")
    if aligns not in ALLIED:
        manual(g, n, f"{country_name(s, cid)} is to be activated as an Allied Country per 13.5, and the position "
                     f"names no Allied faction it aligns with", "13.5")
        return False
    g.say(f"Per 13.5 {country_name(s, cid)} aligns with {NAMES[aligns]} (as the position states).", rule="13.5")
    activate(g, n, cid, aligns, rule=rule, mobilization=mobilization)
    return True


def end_policy(g, n: int, policy: str, rule: str) -> None:
    """Ends *policy* (13.6.1.2): all of its markers leave every Posture Box (15.20: "ending a Policy means removing
    all markers of that Policy"); a Country the umpire marked affected by it is no longer a PAC of it (ruling
    R-13.6-pac)."""
    s = g.s
    boxes = [c for c, box in sorted(s["postures"].items()) if policy in box["policies"]]
    for c in boxes:
        s["postures"][c]["policies"] = [p for p in s["postures"][c]["policies"] if p != policy]
    for c in s["countries"].values():
        if c.get("policy") == policy:
            c["policy"] = None
            c["pac"] = False
    where_ = ", ".join(boxes) if boxes else "no Posture Box"
    g.say(f"The {policy} Policy was ended: its markers were removed from {where_}.", rule=rule)
    players_step(g, n, f"the Postures that follow the end of the {policy} Policy", "13.6, 13.6.1.2")
