"""A data pack's files: reading them, their JSON Schemas, and the :class:`Problem` every check reports.

A pack is a directory: ``pack.json`` (the manifest) names the other files, one per part (:data:`PARTS`).
:class:`PackFiles` holds the parsed files (the service reads them from a directory: ``service.packs``; the
engine does no I/O but read its own schemas at import), and everything here is pure.
:func:`schema_problems` validates one part against its JSON Schema (draft 2020-12, ``schemas/``), each fault
with its file, its JSON path, what is wrong and what is allowed.

Digest A.0 lists the data the rulebook text lacks; A.16 proposes the map format these schemas follow.
"""

from __future__ import annotations

import json
import re
from collections import deque
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from importlib import resources
from typing import Any

import jsonschema
import referencing

from engine.games.first_arab_israeli_war.pack import MANIFEST, PARTS  # the game's list of a pack's files

#: The largest pack file read (a full-size map is well under a megabyte).
MAX_BYTES = 20_000_000

_IDENT = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")


def json_path(parts: Iterable[object]) -> str:
    """A JSON path in the form ``$.hexes["0101"].tags[0]`` (keys that are not identifiers quoted)."""
    out = "$"
    for p in parts:
        if isinstance(p, int) and not isinstance(p, bool):
            out += f"[{p}]"
        elif isinstance(p, str) and _IDENT.fullmatch(p):
            out += f".{p}"
        else:
            out += f"[{json.dumps(str(p), ensure_ascii=False)}]"
    return out


@dataclass(frozen=True, order=True)
class Problem:
    """One fault of a pack: the file, the JSON path in it, and a message saying what is wrong and what is
    allowed (with the rule where one applies)."""

    file: str
    path: str
    message: str

    def __str__(self) -> str:
        return f"{self.file} {self.path}: {self.message}"


def problem(file: str, parts: Iterable[object], message: str) -> Problem:
    return Problem(file, json_path(parts), message)


@dataclass
class PackFiles:
    """The parsed files of a pack: ``manifest`` (``pack.json``), ``data`` by part, ``names`` (each part's
    file name) and the ``problems`` met reading them (a part that could not be read is not in ``data``)."""

    manifest: Any = None
    data: dict[str, Any] = field(default_factory=dict)
    names: dict[str, str] = field(default_factory=dict)
    problems: list[Problem] = field(default_factory=list)

    def file(self, part: str) -> str:
        """The file name of *part* (the manifest's, or the usual ``<part>.json``)."""
        return self.names.get(part, f"{part}.json")


# Reading.


class _Obj(dict):
    """A JSON object that remembers the keys it had twice (``json`` keeps only the last silently)."""

    dups: tuple[str, ...] = ()


def _pairs(pairs: list[tuple[str, Any]]) -> _Obj:
    obj = _Obj()
    dups = []
    for k, v in pairs:
        if k in obj:
            dups.append(k)
        obj[k] = v
    if dups:
        obj.dups = tuple(dups)
    return obj


def _no_constant(name: str):
    raise ValueError(f"{name} is not a JSON number")


def _duplicates(value: Any, parts: list) -> Iterable[tuple[list, str]]:
    if isinstance(value, dict):
        for k in getattr(value, "dups", ()):
            yield parts + [k], k
        for k, v in value.items():
            yield from _duplicates(v, parts + [k])
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from _duplicates(v, parts + [i])


def _plain(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_plain(v) for v in value]
    return value


def parse_json(text: str, file: str) -> tuple[Any, list[Problem]]:
    """*text* parsed (plain dicts and lists), with a problem for invalid JSON and for each key given twice
    in one object (JSON readers keep one of the two silently)."""
    try:
        value = json.loads(text, object_pairs_hook=_pairs, parse_constant=_no_constant)
    except (json.JSONDecodeError, ValueError) as e:
        return None, [Problem(file, "$", f"not valid JSON: {e}; allowed: one JSON object (RFC 8259)")]
    except RecursionError:
        return None, [Problem(file, "$", "nested too deeply to read; allowed: JSON nested a few levels, as the "
                                         "schemas describe")]
    problems = [problem(file, parts, f"the key {key!r} is given twice in this object; allowed: each key once")
                for parts, key in _duplicates(value, [])]
    return _plain(value), problems


def problem_with_name(name: str) -> str | None:
    """Why *name* may not be a pack file's name (the manifest's schema says the same), or None."""
    if name == MANIFEST or not re.fullmatch(r"[A-Za-z0-9_][A-Za-z0-9_.-]*\.json", name):
        return "not a pack file name"
    return None


# The schemas.


def _load_schemas() -> tuple[dict[str, dict], referencing.Registry]:
    folder = resources.files(__package__).joinpath("schemas")
    schemas = {}
    resources_ = []
    for name in ("common", "pack", *PARTS):
        schema = json.loads(folder.joinpath(f"{name}.schema.json").read_text(encoding="utf-8"))
        schemas[name] = schema
        resources_.append((schema["$id"], referencing.Resource.from_contents(schema)))
    return schemas, referencing.Registry().with_resources(resources_)


#: Each schema by name ("pack" and the parts; "common" holds the shared definitions).
SCHEMAS, _REGISTRY = _load_schemas()
_VALIDATORS = {name: jsonschema.Draft202012Validator(schema, registry=_REGISTRY)
               for name, schema in SCHEMAS.items() if name != "common"}


def _branches(err: jsonschema.ValidationError) -> list[jsonschema.ValidationError]:
    """The errors to report for *err*: for a oneOf/anyOf, those of the one branch whose kind of value fits
    (a list for the list form...), else *err* itself."""
    if err.validator not in ("oneOf", "anyOf") or not err.context:
        return [err]
    groups: dict[int, list[jsonschema.ValidationError]] = {}
    for c in err.context:
        groups.setdefault(c.relative_schema_path[0], []).append(c)
    fitting = [errs for errs in groups.values()
               if not any(c.validator == "type" and not c.relative_path for c in errs)]
    if len(fitting) == 1:
        return [leaf for c in fitting[0] for leaf in _branches(c)]
    return [err]


def _allowed(err: jsonschema.ValidationError) -> str:
    """What the schema allows where *err* is, in words."""
    schema = err.schema if isinstance(err.schema, Mapping) else {}
    if err.validator == "additionalProperties" and isinstance(schema.get("properties"), Mapping):
        return "the keys " + ", ".join(schema["properties"])
    if err.validator == "propertyNames":
        return str(schema.get("propertyNames", {}).get("description") or "")
    if err.validator == "required" and isinstance(schema.get("required"), list):
        return "an object with " + ", ".join(schema["required"]) + (
            f" ({schema['description']})" if schema.get("description") else "")
    if "description" in schema:
        return str(schema["description"])
    parent = err.parent
    if parent is not None and isinstance(parent.schema, Mapping) and parent.schema.get("description"):
        return str(parent.schema["description"])
    return ""


def _wrong(err: jsonschema.ValidationError) -> str:
    inst = err.instance
    shown = json.dumps(inst, ensure_ascii=False)
    if len(shown) > 60:
        shown = shown[:57] + "..."
    if err.validator in ("pattern", "oneOf", "anyOf", "not", "const"):
        return f"{shown} is not allowed here"
    return err.message


def schema_problems(name: str, data: Any, file: str) -> list[Problem]:
    """The faults of *data* against the schema *name* ("pack" or a part), each with its JSON path."""
    out = []
    for err in _VALIDATORS[name].iter_errors(data):
        for leaf in _branches(err):
            parts = list(leaf.absolute_path)
            if "propertyNames" in deque(leaf.absolute_schema_path):
                parts.append(leaf.instance)
                message = f"the name {leaf.instance!r} is not allowed here"
                allowed = _names_allowed(leaf)
            else:
                message = _wrong(leaf)
                allowed = _allowed(leaf)
            out.append(problem(file, parts, f"{message}; allowed: {allowed}" if allowed else message))
    return sorted(set(out), key=lambda p: (p.path, p.message))


def _names_allowed(err: jsonschema.ValidationError) -> str:
    schema = err.schema if isinstance(err.schema, Mapping) else {}
    return str(schema.get("description") or (err.parent.schema.get("description") if err.parent else "") or "")
