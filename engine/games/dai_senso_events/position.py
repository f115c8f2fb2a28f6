"""Position files of the Dai Senso! political events (issue 32; docs/positions.md): the real game's position as
the umpire types it, which the events read and write (the fields are :mod:`.state`'s)::

    {"format": "umpire-position/1", "game": "dai-senso-events", "scenario": "position",
     "war": "limited-war", "mode": "DS", "turn": 3, "season": "summer",
     "cards": {"axis": {"current": "28a", "played": ["28a"]}, "western": {...}, "soviet": {...}},
     "government": {"side": "navy", "box": "holding"},
     "postures": {"russia": {"posture": "disputes", "policies": ["disputes"], "truce": null, "negotiation": false}},
     "countries": {"hopeh": {"kind": "minor", "status": "neutral", "markers": [], "chinese": true,
                             "borders": ["kansu"], "aligns": "western", "capital": "Peiping"}},
     "pieces": {"aex-hq": {"owner": "axis", "country": "japan", "kind": "ground", "type": "hq", "steps": 2,
                           "at": "map", "hex": "Kalgan"}},
     "esv": {"western": 2, "soviet": 1}, "european_war": {"western": "limited-war", "soviet": "no-war"},
     "production": {}, "vp": {"reading": "rising-sun"}, "blitz": {}, "tables": {},
     "start": {"faction": "axis"}}

Optional fields take their defaults (``options``, ``illustration``, ``production``, ``blitz``, ``tables``,
``players_steps``, ``manual``, ``hexes``; a country's flags false, its lists empty). ``hexes`` gives the map facts
the events read (``{"Tientsin": {"country": "hopeh", "port": true, "island": false, ...}}``, :data:`HEX_FIELDS`). ``start.faction`` holds the desk.
Every fault is its own message with the field's JSON path (:func:`validate`).
"""

from __future__ import annotations

import re
from typing import Any

from ...coin.position_checks import FORMAT, Fault, PositionError
from ...core import canonical
from .state import (
    ALLIED,
    COUNTRY_KINDS,
    COUNTRY_MARKERS,
    DIRECTIVE_CARDS,
    EUROPEAN_WARS,
    EXCLUSIVE,
    FACTIONS,
    GOVERNMENT_BOXES,
    GOVERNMENT_SIDES,
    LOCATIONS,
    MARKER_TYPES,
    MODES,
    PIECE_KINDS,
    POSTURES,
    SEASONS,
    STATUSES,
    SUPPORT_TYPES,
    TABLES,
    WARS,
)

SLUG = "dai-senso-events"
SCENARIO = "position"
#: The state keys a position states (the body); ``start`` is the desk's holder.
BODY = ("illustration", "war", "mode", "turn", "season", "cards", "government", "postures", "countries", "pieces",
        "esv", "european_war", "production", "vp", "blitz", "tables", "players_steps", "manual", "hexes")
REQUIRED = ("war", "mode", "turn", "season", "cards", "government", "postures", "countries", "pieces", "esv",
            "european_war", "vp", "start")
TOP = ("format", "game", "scenario", "options", "start", *BODY)
ID = re.compile(r"^[a-z0-9][a-z0-9-]*$")
COUNTRY_FIELDS = ("name", "kind", "status", "markers", "chinese", "japanese_dependent", "pac", "tac", "policy",
                  "borders", "aligns", "capital", "provisional_capital", "dependent_of")
PIECE_FIELDS = ("name", "owner", "country", "kind", "type", "steps", "at", "hex", "turn", "in", "side", "directive",
                "delay_stripe")
#: What the position may say of a map hex (``hexes``: the umpire reads them off the real map; a hex not listed has
#: no country known and none of the flags): its country (an id), and the flags 15.1, 15.21 and 15.33 read.
HEX_FIELDS = ("country", "island", "port", "city", "sea", "near_us_air_base")
POSTURE_FIELDS = ("posture", "policies", "truce", "negotiation")


def _int(v) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _one_of(faults, path, v, allowed, rule="") -> bool:
    if v not in allowed:
        faults.append(Fault(path, f"must be one of {', '.join(map(str, allowed))}, not {str(v)[:40]!r}"
                                  + (f" ({rule})" if rule else "")))
        return False
    return True


def _keys(faults, path, d, allowed) -> None:
    for k in d:
        if k not in allowed:
            faults.append(Fault(f"{path}.{k}" if path else str(k),
                                f"unknown field; the fields are {', '.join(allowed)}"))


def _obj(faults, path, v) -> bool:
    if not isinstance(v, dict):
        faults.append(Fault(path, "must be an object"))
        return False
    return True


def _ids(faults, path, d) -> None:
    for k in d:
        if not isinstance(k, str) or not ID.match(k):
            faults.append(Fault(f"{path}.{k}", "an id is lower-case letters, digits and hyphens (orders name it)"))


def validate(p: Any) -> list[Fault]:
    """Every fault of position *p*, each with its path."""
    faults: list[Fault] = []
    if not isinstance(p, dict):
        return [Fault("", "a position is a JSON object")]
    _keys(faults, "", p, TOP)
    if p.get("format") != FORMAT:
        faults.append(Fault("format", f"must be {FORMAT!r}"))
    if p.get("game") != SLUG:
        faults.append(Fault("game", f"must be {SLUG!r}"))
    if p.get("scenario", SCENARIO) != SCENARIO:
        faults.append(Fault("scenario", f"must be {SCENARIO!r}"))
    for k in REQUIRED:
        if k not in p:
            faults.append(Fault(k, "missing"))
    if "options" in p:
        _obj(faults, "options", p["options"])
    if "illustration" in p and not isinstance(p["illustration"], str | type(None)):
        faults.append(Fault("illustration", "a sentence saying what the position illustrates, or null"))
    if "war" in p:
        _one_of(faults, "war", p["war"], WARS, "12.2")
    if "mode" in p:
        _one_of(faults, "mode", p["mode"], MODES, "15.14")
    if "turn" in p and not (_int(p["turn"]) and p["turn"] >= 1):
        faults.append(Fault("turn", f"must be a whole number from 1, not {p['turn']!r}"))
    if "season" in p:
        _one_of(faults, "season", p["season"], SEASONS, "15.29")
    _cards(faults, p.get("cards"))
    _government(faults, p.get("government"))
    _postures(faults, p.get("postures"))
    countries = p.get("countries")
    if "countries" in p and _obj(faults, "countries", countries):
        _ids(faults, "countries", countries)
        for cid, c in countries.items():
            _country(faults, f"countries.{cid}", c, countries)
    pieces = p.get("pieces")
    if "pieces" in p and _obj(faults, "pieces", pieces):
        _ids(faults, "pieces", pieces)
        for pid, piece in pieces.items():
            _piece(faults, f"pieces.{pid}", pid, piece, pieces, p.get("turn"))
    for key, allowed in (("esv", None), ("european_war", EUROPEAN_WARS)):
        v = p.get(key)
        if key in p and _obj(faults, key, v):
            _keys(faults, key, v, ALLIED)
            for f in ALLIED:
                if f not in v:
                    faults.append(Fault(f"{key}.{f}", "missing"))
                elif allowed is None and not _int(v[f]):
                    faults.append(Fault(f"{key}.{f}", f"the ESV is a whole number (it may be 0 or less, 15.14.1), "
                                                      f"not {v[f]!r}"))
                elif allowed is not None:
                    _one_of(faults, f"{key}.{f}", v[f], allowed, "15.14.1")
    prod = p.get("production", {})
    if _obj(faults, "production", prod):
        for k, v in prod.items():
            if k not in DIRECTIVE_CARDS:
                faults.append(Fault(f"production.{k}", f"an Imperial Directive card, {', '.join(DIRECTIVE_CARDS)} "
                                                       f"(15.32)"))
            elif not (_int(v) and v >= 0):
                faults.append(Fault(f"production.{k}", f"the times 15.32 occurred: a whole number from 0, not {v!r}"))
    vp = p.get("vp")
    if "vp" in p and _obj(faults, "vp", vp):
        _keys(faults, "vp", vp, ("reading",))
        if not isinstance(vp.get("reading"), str | type(None)):
            faults.append(Fault("vp.reading", "what the VP marker reads (rising-sun...), or null (15.28)"))
    blitz = p.get("blitz", {})
    if _obj(faults, "blitz", blitz):
        _keys(faults, "blitz", blitz, FACTIONS)
        for f, b in blitz.items():
            if f in FACTIONS and _obj(faults, f"blitz.{f}", b):
                _keys(faults, f"blitz.{f}", b, ("current", "next"))
                for seg, n in b.items():
                    if not (_int(n) and n >= 0):
                        faults.append(Fault(f"blitz.{f}.{seg}", f"Blitz markers placed: a whole number from 0, not "
                                                                f"{n!r}"))
    tables = p.get("tables", {})
    if _obj(faults, "tables", tables):
        _keys(faults, "tables", tables, TABLES)
        for t, rows in tables.items():
            if t in TABLES and _obj(faults, f"tables.{t}", rows):
                _keys(faults, f"tables.{t}", rows, tuple("123456"))
                for face, res in rows.items():
                    if not isinstance(res, str) or not res:
                        faults.append(Fault(f"tables.{t}.{face}", "the result the die face gives, as text"))
    hexes = p.get("hexes", {})
    if _obj(faults, "hexes", hexes):
        for h, facts in hexes.items():
            if _obj(faults, f"hexes.{h}", facts):
                _keys(faults, f"hexes.{h}", facts, HEX_FIELDS)
                if not isinstance(facts.get("country"), str | type(None)):
                    faults.append(Fault(f"hexes.{h}.country", "the id of the country the hex lies in, or null"))
                for flag in HEX_FIELDS[1:]:
                    if not isinstance(facts.get(flag, False), bool):
                        faults.append(Fault(f"hexes.{h}.{flag}", "true or false"))
    for key in ("players_steps", "manual"):
        v = p.get(key, [])
        if not isinstance(v, list) or not all(isinstance(x, dict) and isinstance(x.get("text"), str) for x in v):
            faults.append(Fault(key, "a list of {\"event\", \"rule\", \"text\"}"))
    start = p.get("start")
    if "start" in p and _obj(faults, "start", start):
        _keys(faults, "start", start, ("faction",))
        _one_of(faults, "start.faction", start.get("faction"), FACTIONS)
    return faults


def _cards(faults, cards) -> None:
    if cards is None or not _obj(faults, "cards", cards):
        return
    _keys(faults, "cards", cards, FACTIONS)
    for f in FACTIONS:
        c = cards.get(f)
        path = f"cards.{f}"
        if c is None:
            faults.append(Fault(path, "missing"))
            continue
        if not _obj(faults, path, c):
            continue
        _keys(faults, path, c, ("current", "played"))
        if not isinstance(c.get("current"), str | type(None)):
            faults.append(Fault(f"{path}.current", "the Current Card's number (28a...), or null"))
        played = c.get("played", [])
        if not isinstance(played, list) or not all(isinstance(x, str) for x in played):
            faults.append(Fault(f"{path}.played", "a list of card numbers"))


def _government(faults, gov) -> None:
    if gov is None or not _obj(faults, "government", gov):
        return
    _keys(faults, "government", gov, ("side", "box"))
    _one_of(faults, "government.side", gov.get("side"), GOVERNMENT_SIDES, "15.6")
    _one_of(faults, "government.box", gov.get("box"), GOVERNMENT_BOXES, "15.6")


def _postures(faults, postures) -> None:
    if postures is None or not _obj(faults, "postures", postures):
        return
    _ids(faults, "postures", postures)
    for cid, box in postures.items():
        path = f"postures.{cid}"
        if not _obj(faults, path, box):
            continue
        _keys(faults, path, box, POSTURE_FIELDS)
        _one_of(faults, f"{path}.posture", box.get("posture"), POSTURES, "13.6")
        pol = box.get("policies", [])
        if not isinstance(pol, list) or not all(isinstance(x, str) and ID.match(x) for x in pol):
            faults.append(Fault(f"{path}.policies", "a list of Policy ids (13.6.1)"))
        truce = box.get("truce")
        if truce is not None and not (isinstance(truce, dict) and isinstance(truce.get("kind"), str)
                                      and _int(truce.get("level")) and truce["level"] >= 0
                                      and set(truce) <= {"kind", "level"}):
            faults.append(Fault(f"{path}.truce", "null or {\"kind\": text, \"level\": a whole number from 0} "
                                                 "(13.6.2.3)"))
        if not isinstance(box.get("negotiation", False), bool):
            faults.append(Fault(f"{path}.negotiation", "true or false"))


def _country(faults, path, c, countries) -> None:
    if not _obj(faults, path, c):
        return
    _keys(faults, path, c, COUNTRY_FIELDS)
    _one_of(faults, f"{path}.kind", c.get("kind"), COUNTRY_KINDS)
    _one_of(faults, f"{path}.status", c.get("status"), STATUSES, "13.7")
    markers = c.get("markers", [])
    if not isinstance(markers, list):
        faults.append(Fault(f"{path}.markers", "a list of markers"))
    else:
        for i, m in enumerate(markers):
            _one_of(faults, f"{path}.markers[{i}]", m, COUNTRY_MARKERS)
        if len(set(markers)) != len(markers):
            faults.append(Fault(f"{path}.markers", "a marker is listed twice"))
        held = [m for m in markers if m in EXCLUSIVE]
        if len(held) > 1:
            faults.append(Fault(f"{path}.markers", f"a country holds one Neutrality or Influence marker at most, not "
                                                   f"{', '.join(held)} (ruling R-15-one-marker)"))
        if held and c.get("status") != "neutral":
            faults.append(Fault(f"{path}.markers", f"{held[0]}: Neutrality and Influence markers are in Neutral "
                                                   f"Countries (15.19, 15.28; ruling R-15-one-marker)"))
    for flag in ("chinese", "japanese_dependent", "pac", "tac"):
        if not isinstance(c.get(flag, False), bool):
            faults.append(Fault(f"{path}.{flag}", "true or false"))
    if not isinstance(c.get("policy"), str | type(None)):
        faults.append(Fault(f"{path}.policy", "the Policy id affecting it (13.6), or null"))
    if c.get("pac") and not c.get("policy"):
        faults.append(Fault(f"{path}.policy", "a PAC names the Policy that affects it (13.6; 15.12 ends it)"))
    borders = c.get("borders", [])
    if not isinstance(borders, list):
        faults.append(Fault(f"{path}.borders", "a list of country ids"))
    else:
        for i, b in enumerate(borders):
            if b not in countries:
                faults.append(Fault(f"{path}.borders[{i}]", f"{str(b)[:30]!r} is not a country of the position"))
    dep = c.get("dependent_of")
    if dep is not None and (dep not in countries or countries.get(dep) is c):
        faults.append(Fault(f"{path}.dependent_of", f"{str(dep)[:30]!r} is not another country of the position (the "
                                                    f"Country whose Dependent this is: 15.5)"))
    if c.get("aligns") is not None:
        _one_of(faults, f"{path}.aligns", c["aligns"], ALLIED, "13.5")
    for k in ("name", "capital", "provisional_capital"):
        if not isinstance(c.get(k), str | type(None)):
            faults.append(Fault(f"{path}.{k}", "text, or null"))


def _piece(faults, path, pid, piece, pieces, turn) -> None:
    if not _obj(faults, path, piece):
        return
    _keys(faults, path, piece, PIECE_FIELDS)
    for k in ("owner", "kind", "type", "at"):
        if k not in piece:
            faults.append(Fault(f"{path}.{k}", "missing"))
    _one_of(faults, f"{path}.owner", piece.get("owner"), FACTIONS)
    kind = piece.get("kind")
    _one_of(faults, f"{path}.kind", kind, PIECE_KINDS)
    t = piece.get("type")
    if kind == "support":
        _one_of(faults, f"{path}.type", t, SUPPORT_TYPES)
    elif kind == "marker":
        _one_of(faults, f"{path}.type", t, MARKER_TYPES)
    elif not (isinstance(t, str) and ID.match(t)):
        faults.append(Fault(f"{path}.type", "a ground unit's type, an id (infantry, hq, kwantung, hd-infantry...)"))
    if "steps" in piece:
        if kind == "marker":
            faults.append(Fault(f"{path}.steps", "a marker has no steps"))
        elif not (_int(piece["steps"]) and piece["steps"] >= 1):
            faults.append(Fault(f"{path}.steps", f"a whole number from 1, not {piece['steps']!r}"))
    if not isinstance(piece.get("country", ""), str):
        faults.append(Fault(f"{path}.country", "the country the piece belongs to (britain, japan...)"))
    at = piece.get("at")
    if not _one_of(faults, f"{path}.at", at, LOCATIONS):
        return
    need = {"map": "hex", "turn-track": "turn", "holding": "in"}.get(at)
    for k in ("hex", "turn", "in"):
        if k == need and k not in piece:
            faults.append(Fault(f"{path}.{k}", f"missing: a piece at {at} names its {k}"))
        elif k != need and k in piece:
            faults.append(Fault(f"{path}.{k}", f"only a piece at {'map' if k == 'hex' else 'turn-track' if k == 'turn' else 'holding'} "
                                               f"has a {k}"))
    if at == "map" and not (isinstance(piece.get("hex"), str) and piece["hex"]):
        faults.append(Fault(f"{path}.hex", "the hex's label, as text"))
    if at == "turn-track" and "turn" in piece:
        n = piece["turn"]
        if not (_int(n) and n >= 1):
            faults.append(Fault(f"{path}.turn", f"a turn of the Turn Track, a whole number from 1, not {n!r}"))
        elif _int(turn) and n < turn:
            faults.append(Fault(f"{path}.turn", f"turn {n} is before the current turn {turn}: a unit on the Turn "
                                                f"Track arrives on a turn to come (15.13)"))
    if at == "holding" and "in" in piece:
        host = pieces.get(piece["in"]) if isinstance(piece["in"], str) else None
        if host is None or piece["in"] == pid:
            faults.append(Fault(f"{path}.in", f"{str(piece['in'])[:30]!r} is not another piece of the position"))
        elif host.get("kind") != "ground" or host.get("at") != "map":
            faults.append(Fault(f"{path}.in", f"{piece['in']} is not a multi-national unit on the map (a Holding "
                                              f"Box is a unit's, 15.1)"))
    if piece.get("at") == "pool" and kind == "marker" and t not in ("detachment", "logistics", "partisan-base",
                                                                     "ceded-land", "other"):
        faults.append(Fault(f"{path}.at", f"a {t} marker is not kept in a Force Pool"))
    if "directive" in piece:
        _one_of(faults, f"{path}.directive", piece["directive"], DIRECTIVE_CARDS, "15.32")
    if not isinstance(piece.get("delay_stripe", False), bool):
        faults.append(Fault(f"{path}.delay_stripe", "true or false: the counter has a Delay Stripe (15.33)"))
    if not isinstance(piece.get("side", ""), str) or not isinstance(piece.get("name", ""), str):
        faults.append(Fault(path, "side and name are text"))


# ---------------------------------------------------------------------------------------------- the files


def new_state(p: dict, options: dict) -> dict:
    """The state of position *p* (valid), with no frame yet."""
    state = {"game": SLUG, "scenario": SCENARIO, "options": canonical.copy(options), "seq": 0, "outcome": None,
             "flow": []}
    body = canonical.copy({k: p[k] for k in BODY if k in p})
    state.update(body)
    state.setdefault("illustration", None)
    state.setdefault("production", {})
    state["blitz"] = {f: {"current": 0, "next": 0, **(state.get("blitz") or {}).get(f, {})} for f in FACTIONS}
    state.setdefault("tables", {})
    state.setdefault("players_steps", [])
    state.setdefault("manual", [])
    state.setdefault("hexes", {})
    for f in FACTIONS:
        state["cards"][f].setdefault("played", [])
        state["cards"][f].setdefault("current", None)
    for box in state["postures"].values():
        box.setdefault("policies", [])
        box.setdefault("truce", None)
        box.setdefault("negotiation", False)
    for c in state["countries"].values():
        for k in ("markers", "borders"):
            c.setdefault(k, [])
        for k in ("chinese", "japanese_dependent", "pac", "tac"):
            c.setdefault(k, False)
        for k in ("policy", "aligns", "capital", "provisional_capital"):
            c.setdefault(k, None)
    return state


class DsPosition:
    """The position files of the political events (see the module)."""

    slug = SLUG

    def validate(self, p: Any) -> list[Fault]:
        return validate(p)

    def to_position(self, state: dict) -> dict:
        """The position of *state*: its body and the faction holding the desk (the desk waits between events: a
        position inside an event is not stated)."""
        from ...core.errors import InvalidActionError
        flow = state.get("flow") or []
        if state.get("outcome") or len(flow) != 1:
            raise InvalidActionError("a position states the desk between events; this game is "
                                     + ("over" if state.get("outcome") else "inside an event"))
        out = {"format": FORMAT, "game": SLUG, "scenario": SCENARIO}
        opts = {k: v for k, v in (state.get("options") or {}).items() if k != "position"}
        if opts:
            out["options"] = canonical.copy(opts)
        out.update(canonical.copy({k: state[k] for k in BODY}))
        out["start"] = {"faction": flow[0]["role"]}
        return out

    def from_position(self, p: dict, chance=None) -> dict:
        return self.start(p, chance).state

    def start(self, p: dict, chance=None):
        from ...api import start
        from ...coin.position import NoDice
        if validate(p):
            raise PositionError(validate(p))
        return start(SLUG, SCENARIO, {"position": p}, chance or NoDice())

    def build(self, p: dict, g, scenario: str, options: dict) -> dict:
        """The state of *p* with the desk's frame pushed on *g*."""
        faults = validate(p)
        if faults:
            raise PositionError(faults)
        state = new_state(p, {k: v for k, v in options.items() if k != "position"})
        g.s = state
        g.call("ds.desk", p["start"]["faction"])
        note = f" ({state['illustration']})" if state.get("illustration") else ""
        g.say(f"The political events desk opened on turn {state['turn']} ({state['season']}, {state['war']}, "
              f"{state['mode']}){note}; {p['start']['faction'].title()} holds the desk.", rule="15", kind="setup")
        return state

    @staticmethod
    def same(a: dict, b: dict) -> bool:
        keys = (*BODY, "flow", "outcome")
        return all(a.get(k) == b.get(k) for k in keys)


POSITION = DsPosition()
