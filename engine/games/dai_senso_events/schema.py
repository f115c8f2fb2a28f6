"""The JSON Schema of a Dai Senso! political events position file (issue 32: "a JSON position file with a schema
and validation"; docs/positions.md), built from the same tables :mod:`.position` checks against, so the two never
drift apart. The schema (draft 2020-12) is what an umpire's editor can check a file with before sending it: the
fields, their types and their values. :func:`.position.validate` remains the game's check and goes further (ids
that must name a country or a piece of the position, a location's companion field, one Neutrality or Influence
marker a country, turns on the Turn Track after the current one), each fault with its path.

``docs/positions/schemas/dai-senso-events.schema.json`` is this schema written out (tests check they are the same)."""

from __future__ import annotations

from ...coin.position_checks import FORMAT
from .position import COUNTRY_FIELDS, HEX_FIELDS, PIECE_FIELDS, POSTURE_FIELDS, REQUIRED, SCENARIO, SLUG, TOP
from .state import (
    ALLIED,
    COUNTRY_KINDS,
    COUNTRY_MARKERS,
    DIRECTIVE_CARDS,
    EUROPEAN_WARS,
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

ID = "^[a-z0-9][a-z0-9-]*$"


def _obj(props: dict, required: tuple[str, ...] = (), **more) -> dict:
    return {"type": "object", "properties": props, "required": list(required), "additionalProperties": False,
            **more}


def _enum(values, null: bool = False) -> dict:
    return {"enum": [*values, None] if null else list(values)}


def _map(value: dict, keys: dict | None = None) -> dict:
    """An object of ids to *value*."""
    return {"type": "object", "propertyNames": keys or {"pattern": ID}, "additionalProperties": value}


TEXT_OR_NULL = {"type": ["string", "null"]}
WHOLE = {"type": "integer"}
FROM_0 = {"type": "integer", "minimum": 0}
FROM_1 = {"type": "integer", "minimum": 1}
BOOL = {"type": "boolean"}
LISTED = {"type": "array", "items": _obj({"event": {"type": "string"}, "rule": {"type": "string"},
                                          "text": {"type": "string"}}, ("text",))}


def json_schema() -> dict:
    """The position file's JSON Schema (draft 2020-12)."""
    country = _obj({
        "name": TEXT_OR_NULL, "kind": _enum(COUNTRY_KINDS), "status": _enum(STATUSES),
        "markers": {"type": "array", "items": _enum(COUNTRY_MARKERS), "uniqueItems": True},
        "chinese": BOOL, "japanese_dependent": BOOL, "pac": BOOL, "tac": BOOL, "policy": TEXT_OR_NULL,
        "borders": {"type": "array", "items": {"type": "string", "pattern": ID}},
        "aligns": _enum(ALLIED, null=True), "capital": TEXT_OR_NULL, "provisional_capital": TEXT_OR_NULL,
        "dependent_of": TEXT_OR_NULL}, ("kind", "status"))
    assert set(country["properties"]) == set(COUNTRY_FIELDS)
    piece = _obj({
        "name": TEXT_OR_NULL, "owner": _enum(FACTIONS), "country": {"type": "string"}, "kind": _enum(PIECE_KINDS),
        "type": {"type": "string", "pattern": ID}, "steps": FROM_1, "at": _enum(LOCATIONS),
        "hex": {"type": "string", "minLength": 1}, "turn": FROM_1, "in": {"type": "string", "pattern": ID},
        "side": {"type": "string"}, "directive": _enum(DIRECTIVE_CARDS, null=True), "delay_stripe": BOOL},
        ("owner", "kind", "type", "at"),
        allOf=[{"if": {"properties": {"kind": {"const": "support"}}},
                "then": {"properties": {"type": _enum(SUPPORT_TYPES)}}},
               {"if": {"properties": {"kind": {"const": "marker"}}},
                "then": {"properties": {"type": _enum(MARKER_TYPES)}, "not": {"required": ["steps"]}}},
               {"if": {"properties": {"at": {"const": "map"}}}, "then": {"required": ["hex"]}},
               {"if": {"properties": {"at": {"const": "turn-track"}}}, "then": {"required": ["turn"]}},
               {"if": {"properties": {"at": {"const": "holding"}}}, "then": {"required": ["in"]}}])
    assert set(piece["properties"]) == set(PIECE_FIELDS)
    posture = _obj({"posture": _enum(POSTURES), "policies": {"type": "array", "items": {"type": "string",
                                                                                         "pattern": ID}},
                    "truce": {"oneOf": [{"type": "null"}, _obj({"kind": {"type": "string"}, "level": FROM_0},
                                                               ("kind", "level"))]},
                    "negotiation": BOOL}, ("posture",))
    assert set(posture["properties"]) == set(POSTURE_FIELDS)
    hex_facts = _obj({"country": TEXT_OR_NULL, **{flag: BOOL for flag in HEX_FIELDS[1:]}})
    props = {
        "format": {"const": FORMAT}, "game": {"const": SLUG}, "scenario": {"const": SCENARIO},
        "options": {"type": "object"}, "illustration": TEXT_OR_NULL,
        "war": _enum(WARS), "mode": _enum(MODES), "turn": FROM_1, "season": _enum(SEASONS),
        "cards": _obj({f: _obj({"current": TEXT_OR_NULL, "played": {"type": "array", "items": {"type": "string"}}},
                               ("current",)) for f in FACTIONS}, FACTIONS),
        "government": _obj({"side": _enum(GOVERNMENT_SIDES), "box": _enum(GOVERNMENT_BOXES)}, ("side", "box")),
        "postures": _map(posture), "countries": _map(country), "pieces": _map(piece),
        "esv": _obj({f: WHOLE for f in ALLIED}, ALLIED),
        "european_war": _obj({f: _enum(EUROPEAN_WARS) for f in ALLIED}, ALLIED),
        "production": _map(FROM_0, _enum(DIRECTIVE_CARDS)),
        "vp": _obj({"reading": TEXT_OR_NULL}),
        "blitz": _map(_obj({"current": FROM_0, "next": FROM_0}), _enum(FACTIONS)),
        "tables": _map(_map({"type": "string", "minLength": 1}, _enum(tuple("123456"))), _enum(TABLES)),
        "hexes": {"type": "object", "additionalProperties": hex_facts},
        "players_steps": LISTED, "manual": LISTED,
        "start": _obj({"faction": _enum(FACTIONS)}, ("faction",)),
    }
    assert set(props) == set(TOP)
    return {"$schema": "https://json-schema.org/draft/2020-12/schema",
            "$id": "https://umpire.invalid/schemas/dai-senso-events.position.schema.json",
            "title": "Axis Empires: Dai Senso! political events: a position file (umpire-position/1)",
            **_obj(props, ("format", "game", *REQUIRED))}
