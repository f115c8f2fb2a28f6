"""The packs a game can be played on, by digest (issue 31): a game records its pack's digest, and every step
reads the pack through it.

A pack is the umpire's data (digest A.0, A.16), checked by the service (``service.packs``) and built here into
a frozen :class:`~.pack.Pack`. This registry is the engine's only memory of packs: :func:`add` puts one in, and
:func:`get` reads one back; a game whose pack is not registered is refused with what is missing, never played on
other data. The test pack (``data/test_pack``: made-up values flagged as test data, not the game's) ships with
the engine and is always registered, for the tests and the demo.

A game is created on a pack with the option ``pack``: the test pack's name (``test``), a registered pack's
digest, or the pack itself, ``{"manifest": {...}, "files": {part: {...}}}`` (:func:`from_option`), which is
checked, registered and kept in the game's options, so that an export holds the data its game was played on.
The service installs two functions the engine calls and does not own: the checker (``service.packs.check_files``:
the JSON Schemas and the consistency checks, :func:`set_checker`) and the finder of a pack a process has not
seen yet (the pack a game of the database was created with, :func:`set_finder`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from ...core.data import loader
from ...core.errors import InvalidActionError
from .pack import MANIFEST, PARTS, Pack, build_pack, file_name

_REGISTRY: dict[str, Pack] = {}
#: ``(manifest, data) -> [problem text]``, installed by the service (set_checker); None: packs are built unchecked.
_CHECKER: Callable[[Mapping, Mapping], list[str]] | None = None
#: ``(digest) -> (manifest, data) | None``: where a process finds a pack it has not registered (set_finder).
_FINDER: Callable[[str], tuple[Mapping, Mapping] | None] | None = None


def set_checker(check: Callable[[Mapping, Mapping], list[str]] | None) -> None:
    """Installs the checker :func:`from_option` runs on a pack given whole (the service's pack checks)."""
    global _CHECKER
    _CHECKER = check


def set_finder(find: Callable[[str], tuple[Mapping, Mapping] | None] | None) -> None:
    """Installs where :func:`get` looks for a pack it has not registered (the service: a game's options)."""
    global _FINDER
    _FINDER = find


def add(manifest: Mapping, data: Mapping[str, dict]) -> Pack:
    """Registers the pack of *manifest* and *data* (the parsed files, by part), which the service has checked;
    returns it. Adding the same pack twice keeps the first (a pack's digest names its content)."""
    pack = build_pack(manifest, data)
    return _REGISTRY.setdefault(pack.digest, pack)


def get(digest: str) -> Pack:
    """The registered pack of *digest*, or an error saying the game's pack is not loaded."""
    try:
        return _REGISTRY[digest]
    except KeyError:
        pass
    found = _FINDER(digest) if _FINDER is not None else None
    if found is not None:
        pack = add(*found)
        if pack.digest == digest:
            return pack
    raise InvalidActionError(
            f"this game is played on the data pack {digest[:12]}..., which is not loaded here: load the same "
            f"pack (umpire pack check DIR shows its digest) before playing the game (issue 31)")


def known() -> dict[str, str]:
    """``{digest: name}`` of every registered pack."""
    return {d: p.name for d, p in _REGISTRY.items()}


def _test_pack() -> Pack:
    load = loader(f"{__package__}.data.test_pack")
    manifest = load(MANIFEST)
    return add(manifest, {part: load(file_name(manifest, part)) for part in PARTS})


#: The test pack (made-up values, ``test_data``: true), registered at import.
TEST_PACK = _test_pack()
#: The packs a game may name by a short name instead of a digest.
NAMED = {"test": TEST_PACK.digest}


def digest_of(name_or_digest: str) -> str:
    """A pack's digest from a short name (``test``) or the digest itself, refused if not loaded."""
    digest = NAMED.get(name_or_digest, name_or_digest)
    get(digest)
    return digest


def from_option(option: object) -> str:
    """The digest of the game option ``pack``: a name or digest (:func:`digest_of`), or a whole pack
    ``{"manifest", "files"}``, checked (the installed checker: every problem listed) and registered."""
    if isinstance(option, str):
        return digest_of(option)
    if not (isinstance(option, Mapping) and isinstance(option.get("manifest"), Mapping)
            and isinstance(option.get("files"), Mapping)):
        raise InvalidActionError("the option pack is 'test', a loaded pack's digest, or a whole pack "
                                 "{\"manifest\": {...}, \"files\": {\"map\": {...}, ...}} (umpire pack check DIR checks one)")
    manifest, data = option["manifest"], option["files"]
    if _CHECKER is not None:
        problems = _CHECKER(manifest, data)
        if problems:
            raise InvalidActionError(f"the data pack has {len(problems)} problem{'s' if len(problems) != 1 else ''}: "
                                     + "; ".join(problems[:20]) + ("; ..." if len(problems) > 20 else ""))
    try:
        return add(manifest, data).digest
    except (KeyError, TypeError, ValueError, AttributeError) as e:
        raise InvalidActionError(f"the data pack could not be read ({type(e).__name__}: {e}); check it with "
                                 f"umpire pack check DIR") from None
