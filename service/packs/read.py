"""Reading a data pack of *The First Arab-Israeli War* from a directory (issue 31): the I/O the engine does not
do. ``read_pack_dir`` reads ``pack.json`` and the files it names into the engine's ``PackFiles`` (parsed JSON,
or the reason a file could not be read); ``check_pack`` and ``load_pack`` give them to the engine's pure
``check_files`` and ``load_files`` (``service.packs.check``, ``service.packs.load``)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from .check import check_files
from .files import (
    MANIFEST,
    MAX_BYTES,
    PARTS,
    PackFiles,
    Problem,
    parse_json,
    problem,
    problem_with_name,
    schema_problems,
)
from .load import Pack, load_files


def _read(path: Path, file: str) -> tuple[Any, list[Problem]]:
    try:
        size = path.stat().st_size
        if not path.is_file():
            return None, [Problem(file, "$", "not a file; allowed: a JSON file in the pack's directory")]
        if size > MAX_BYTES:
            return None, [Problem(file, "$", f"{size} bytes is too large; allowed: up to {MAX_BYTES} bytes")]
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return None, [Problem(file, "$", "no such file in the pack's directory; allowed: a file named in "
                                         "pack.json that is in the same directory")]
    except UnicodeDecodeError as e:
        return None, [Problem(file, "$", f"not UTF-8 text ({e.reason} at byte {e.start}); allowed: UTF-8 JSON")]
    except OSError as e:
        return None, [Problem(file, "$", f"cannot be read ({e.strerror}); allowed: a readable file")]
    return parse_json(text, file)


def read_pack_dir(directory: str | Path) -> PackFiles:
    """Reads the pack in *directory*: the manifest, then each file it names (the pack's only I/O)."""
    root = Path(directory)
    out = PackFiles()
    if not root.is_dir():
        out.problems.append(Problem(str(directory), "$", "not a directory; allowed: a directory holding "
                                                         "pack.json and the files it names"))
        return out
    out.manifest, probs = _read(root / MANIFEST, MANIFEST)
    out.problems += probs
    if out.manifest is None:
        return out
    out.problems += schema_problems("pack", out.manifest, MANIFEST)
    files = out.manifest.get("files") if isinstance(out.manifest, dict) else None
    if not isinstance(files, dict):
        return out
    seen: dict[str, str] = {}
    for part in PARTS:
        name = files.get(part)
        if not isinstance(name, str) or problem_with_name(name):
            continue
        out.names[part] = name
        if name in seen:
            out.problems.append(problem(MANIFEST, ["files", part], f"{name!r} is already the file of "
                                        f"{seen[name]!r}; allowed: a file of its own for each part"))
            continue
        seen[name] = part
        data, probs = _read(root / name, name)
        out.problems += probs
        if data is not None:
            out.data[part] = data
    return out


def check_pack(directory: str | Path) -> list[Problem]:
    """Every problem of the pack in *directory* (an empty list: the pack is sound)."""
    return check_files(read_pack_dir(directory))


def load_pack(directory: str | Path) -> Pack:
    """The pack in *directory*, checked and built; a ``PackError`` listing every problem otherwise."""
    return load_files(read_pack_dir(directory))
