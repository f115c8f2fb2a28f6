"""Checking a tournament's verification bundle offline (issue 33, item 5): what ``umpire verify BUNDLE.zip``
runs. It needs no database and no server: the zip alone, read defensively, and ``engine.core.verify``.

1. The zip is read as untrusted input (``open_bundle``): its members are only ``manifest.json`` and
   ``games/<id>.json`` (no other folder, no absolute path, no ``..``, no backslash, no name twice), at most
   ``Limits.members`` of them, none encrypted, each at most ``Limits.member_bytes`` and all together at most
   ``Limits.total_bytes`` once decompressed: the declared sizes are checked before anything is read, and the
   bytes are counted again while they are read (a zip bomb may lie about its sizes). ZIP64, and a directory
   larger than that many members need, are refused before ``zipfile`` parses the directory (a bundle never
   needs ZIP64, and a directory's entries are parsed whatever count the zip states).
2. The manifest (``umpire-bundle/1``) is checked against the files (``check_game``): every game listed
   with an export has its file, the file's SHA-256 is the manifest's, the commitments the manifest states
   are the export's keys, the result and status are the export's, and the export is of the tournament's
   game; a file in ``games/`` that the manifest does not list is a problem of the bundle (``unlisted``).
3. Each export is then checked by ``engine.core.verify.verify`` (the chain, every outcome against its seed,
   the replay): its problems name the first position that differs.

A game is ``OK`` (everything matches and its outcomes were recomputed from revealed seeds), ``FAILED``
(with every problem, the first position that differs first), or ``NOT YET`` (listed in play, with no
export, or an export whose seed is not revealed: nothing differs, but its dice cannot be recomputed yet).
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import zipfile
from collections.abc import Callable
from dataclasses import dataclass, field

FORMAT = "umpire-bundle/1"
MANIFEST = "manifest.json"
GAMES_DIR = "games/"
_EXPORT_NAME = re.compile(r"games/[A-Za-z0-9][A-Za-z0-9_-]{0,63}\.json")
_GAME_ID = re.compile(r"[A-Za-z0-9][A-Za-z0-9_-]{0,63}")
_EOCD = b"PK\x05\x06"
_ZIP64_LOCATOR = b"PK\x06\x07"
#: Bytes a member's entry in the zip's directory may take (46, its name, extra fields and comment).
_MAX_DIRECTORY_ENTRY = 512

OK, FAILED, NOT_YET = "OK", "FAILED", "NOT YET"


@dataclass(frozen=True)
class Limits:
    """What a bundle may hold: members (the manifest and the exports), bytes per member and in all once
    decompressed, and bytes of the zip file itself."""

    members: int = 4001
    member_bytes: int = 64 * 2**20
    total_bytes: int = 2 * 2**30
    file_bytes: int = 1 * 2**30


class BundleError(ValueError):
    """The file is refused as a bundle; the message says why and what a bundle is."""


class NotABundle(BundleError):
    """A zip, but not a bundle: it has no ``manifest.json``."""


def is_zip(path: str) -> bool:
    """Whether *path* is a zip file (a bundle, or some other zip), rather than a game record (JSON)."""
    try:
        with open(path, "rb") as fh:
            return fh.read(4) == b"PK\x03\x04"
    except OSError:
        return False


def printable(text: object, limit: int = 200) -> str:
    """*text* as it may be printed: control characters escaped, cut at *limit* characters (a bundle's
    names and messages are untrusted)."""
    s = str(text)
    s = "".join(c if c.isprintable() else repr(c)[1:-1] for c in s)
    return s if len(s) <= limit else s[:limit] + "..."


def _entries_declared(path: str, limits: Limits) -> None:
    """Refuses, before ``zipfile`` parses the directory, a zip that states more members than allowed or uses
    ZIP64 (whose 64-bit counts ``zipfile`` would believe)."""
    size = os.path.getsize(path)
    if size > limits.file_bytes:
        raise BundleError(f"the file is {size} bytes; a bundle may be at most {limits.file_bytes}")
    with open(path, "rb") as fh:
        tail_len = min(size, 22 + 65535)
        fh.seek(size - tail_len)
        tail = fh.read(tail_len)
    at = tail.rfind(_EOCD)
    if at < 0 or at + 22 > len(tail):
        raise BundleError("the zip has no end of central directory: the file is cut or damaged")
    if at >= 20 and tail[at - 20:at - 16] == _ZIP64_LOCATOR:
        raise BundleError("the zip uses ZIP64, which a bundle never needs: refused")
    count = int.from_bytes(tail[at + 10:at + 12], "little")
    if count == 0xFFFF or count > limits.members:
        raise BundleError(f"the zip holds {count} members; a bundle holds at most {limits.members} (the manifest "
                          "and one export per game)")
    directory = int.from_bytes(tail[at + 12:at + 16], "little")  # what zipfile parses, whatever the count says
    if directory > limits.members * _MAX_DIRECTORY_ENTRY:
        raise BundleError(f"the zip's directory is {directory} bytes, more than {limits.members} members' need: "
                          "refused")


def _check_member(info: zipfile.ZipInfo, limits: Limits) -> None:
    name = info.filename
    shown = printable(name)
    if name.startswith(("/", "\\")) or re.match(r"[A-Za-z]:", name):
        raise BundleError(f"the member {shown!r} has an absolute path; a bundle holds only {MANIFEST} and "
                          f"{GAMES_DIR}<game id>.json")
    if "\\" in name or ".." in name.split("/") or "\x00" in name:
        raise BundleError(f"the member {shown!r} names a path outside the bundle ('..' or a backslash); a bundle "
                          f"holds only {MANIFEST} and {GAMES_DIR}<game id>.json")
    if name == GAMES_DIR and info.is_dir() and info.file_size == 0:
        return  # the folder itself, as zip tools write it
    if name != MANIFEST and not _EXPORT_NAME.fullmatch(name):
        raise BundleError(f"the member {shown!r} is outside {GAMES_DIR}; a bundle holds only {MANIFEST} and "
                          f"{GAMES_DIR}<game id>.json")
    if info.flag_bits & 0x1:
        raise BundleError(f"the member {shown!r} is encrypted; a bundle's files are plain")
    if info.file_size > limits.member_bytes:
        raise BundleError(f"the member {shown!r} states {info.file_size} bytes; a bundle's file may be at most "
                          f"{limits.member_bytes}")


@dataclass
class GameCheck:
    """One game's verdict: ``OK``, ``FAILED`` or ``NOT YET``, with every problem (the first position that
    differs first) and what was checked or why not."""

    id: str
    round: object
    board: object
    seats: dict
    verdict: str = NOT_YET
    problems: list[str] = field(default_factory=list)
    first: str | None = None
    detail: str = ""
    commitment: str | None = None

    @property
    def where(self) -> str:
        return f"round {printable(self.round, 8)}, board {printable(self.board, 8)}"


class Bundle:
    """An open bundle: its manifest and its members, read within the limits (see the module's docstring).

    :raises BundleError: the zip is refused (why is in the message); ``NotABundle``: it has no manifest.
    """

    def __init__(self, path: str, limits: Limits | None = None):
        self.limits = limits or Limits()
        self.path = path
        self._read_total = 0
        _entries_declared(path, self.limits)
        try:
            self.zf = zipfile.ZipFile(path)
        except (zipfile.BadZipFile, OSError, ValueError) as e:
            raise BundleError(f"the zip cannot be read: {e}") from None
        try:
            self._open()
        except BaseException:
            self.zf.close()
            raise

    def _open(self) -> None:
        infos = self.zf.infolist()
        if len(infos) > self.limits.members:
            raise BundleError(f"the zip holds {len(infos)} members; a bundle holds at most {self.limits.members}")
        self.members: dict[str, zipfile.ZipInfo] = {}
        declared = 0
        for info in infos:
            _check_member(info, self.limits)
            if info.filename in self.members:
                raise BundleError(f"the member {printable(info.filename)!r} is in the zip twice: which one is "
                                  "meant cannot be told")
            self.members[info.filename] = info
            declared += info.file_size
        if declared > self.limits.total_bytes:
            raise BundleError(f"the zip's files state {declared} bytes in all; a bundle may hold at most "
                              f"{self.limits.total_bytes}")
        if MANIFEST not in self.members:
            raise NotABundle(f"the zip has no {MANIFEST}, so it is not a tournament bundle (a bundle is the zip of "
                             f"GET /api/tournaments/ID/bundle or `umpire tournament bundle`)")
        try:
            self.manifest = json.loads(self.read(MANIFEST))
        except (json.JSONDecodeError, UnicodeDecodeError, RecursionError) as e:
            raise BundleError(f"the bundle's {MANIFEST} is not JSON: {e}") from None
        _check_manifest(self.manifest)
        self.games: list[dict] = self.manifest["games"]

    def close(self) -> None:
        self.zf.close()

    def __enter__(self) -> Bundle:
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def read(self, name: str) -> bytes:
        """The member *name*, its bytes counted while they are decompressed.

        :raises BundleError: it is larger than a member may be, the bundle's total is passed, or it is
            damaged (its CRC, its compression).
        """
        out = bytearray()
        try:
            with self.zf.open(self.members[name]) as fh:
                while chunk := fh.read(1 << 16):
                    out += chunk
                    self._read_total += len(chunk)
                    if len(out) > self.limits.member_bytes:
                        raise BundleError(f"{printable(name)} holds more than {self.limits.member_bytes} bytes "
                                          "(more than it states): refused")
                    if self._read_total > self.limits.total_bytes:
                        raise BundleError(f"the bundle's files hold more than {self.limits.total_bytes} bytes in "
                                          "all: refused")
        except BundleError:
            raise
        except Exception as e:  # BadZipFile (a CRC), zlib.error, EOFError...: the member is damaged
            raise BundleError(f"{printable(name)} is damaged: {printable(e)}") from None
        return bytes(out)

    def unlisted(self) -> list[str]:
        """The exports in the zip that the manifest does not list as any game's export."""
        named = {g.get("export") for g in self.games if isinstance(g.get("export"), str)}
        return sorted(n for n in self.members if n.startswith(GAMES_DIR) and n != GAMES_DIR and n not in named)

    def check(self, entry: dict, replay: bool = True) -> GameCheck:
        return check_game(self, entry, replay)


def _check_manifest(m: object) -> None:
    if not isinstance(m, dict) or m.get("format") != FORMAT:
        got = m.get("format") if isinstance(m, dict) else type(m).__name__
        raise BundleError(f"the bundle's {MANIFEST} is not a bundle manifest: format {printable(got)!r}, "
                          f"expected {FORMAT}")
    if not isinstance(m.get("tournament"), dict) or not isinstance(m.get("games"), list):
        raise BundleError(f"the bundle's {MANIFEST} states no tournament or no list of games")
    seen = set()
    for i, g in enumerate(m["games"], 1):
        gid = g.get("id") if isinstance(g, dict) else None
        if not isinstance(gid, str) or not _GAME_ID.fullmatch(gid):
            raise BundleError(f"game {i} of the manifest has no valid id (a game id is letters, digits and '-')")
        if gid in seen:
            raise BundleError(f"the manifest lists game {gid} twice")
        seen.add(gid)


def _expect(problems: list[str], what: str, stated: object, found: object) -> None:
    if stated != found:
        problems.append(f"the manifest states {what} {printable(json.dumps(stated), 120)}, the export has "
                        f"{printable(json.dumps(found), 120)}")


def check_game(bundle: Bundle, entry: dict, replay: bool = True,
               progress: Callable[[int, int], None] | None = None) -> GameCheck:
    """Checks one game the manifest lists: the manifest against its export, then the export itself
    (``engine.core.verify``). See the module's docstring."""
    from engine.core.verify import verify

    gid = entry["id"]
    commitments = entry.get("commitments")
    res = GameCheck(gid, entry.get("round"), entry.get("board"),
                    entry.get("seats") if isinstance(entry.get("seats"), dict) else {},
                    commitment=commitments[0] if isinstance(commitments, list) and commitments
                    and isinstance(commitments[0], str) else None)
    name = entry.get("export")
    if name is None:
        res.detail = printable(entry.get("note") or "listed with no export: its seed is not revealed yet", 300)
        return res
    problems: list[str] = []
    if name != f"{GAMES_DIR}{gid}.json":
        res.problems.append(f"the manifest names {printable(name)!r} as the export of {gid}; a game's export is "
                            f"{GAMES_DIR}{gid}.json")
        return _fail(res)
    if name not in bundle.members:
        res.problems.append(f"the manifest lists {gid} with an export, but the bundle has no {name}")
        return _fail(res)
    try:
        data = bundle.read(name)
    except BundleError as e:
        res.problems.append(str(e))
        return _fail(res)
    digest = hashlib.sha256(data).hexdigest()
    if digest != entry.get("sha256"):
        problems.append(f"{name}'s SHA-256 is {digest}, the manifest states {printable(entry.get('sha256'), 80)}: "
                        "the file is not the one the bundle was made with")
    try:
        export = json.loads(data)
    except (json.JSONDecodeError, UnicodeDecodeError, RecursionError) as e:
        res.problems = [*problems, f"{name} is not JSON: {e}"]
        return _fail(res)
    if not isinstance(export, dict):
        res.problems = [*problems, f"{name} is not a game export (a JSON object)"]
        return _fail(res)
    _expect(problems, "the game id", gid, export.get("id"))
    game = bundle.manifest["tournament"].get("game")
    if game is not None:
        _expect(problems, "the tournament's game", game, export.get("game"))
    keys = export.get("keys")
    found = [k.get("commitment") for k in keys if isinstance(k, dict)] if isinstance(keys, list) else keys
    _expect(problems, "the commitments", commitments, found)
    _expect(problems, "the result", entry.get("result"), export.get("outcome"))
    if "game_status" in entry:
        _expect(problems, "the game's status", entry.get("game_status"), export.get("status"))
    try:
        rep = verify(export, replay=replay, progress=progress)
    except Exception as e:  # an untrusted file: whatever it breaks fails its game, not the other games' checks
        res.problems = [*problems, f"{name} cannot be checked as a game export: {type(e).__name__}: {printable(e)}"]
        return _fail(res)
    res.problems = [str(p) for p in rep.problems] + problems
    res.first = str(rep.first) if rep.first is not None else (problems[0] if problems else None)
    res.detail = (f"{rep.actions} action(s), {rep.outcomes} chance outcome(s), {rep.recomputed} recomputed from "
                  "the seed")
    if res.problems:
        res.verdict = FAILED
    elif rep.seed_known:
        res.verdict = OK
    else:
        res.detail += "; " + "; ".join(rep.unchecked or ["a seed is not revealed"])
    return res


def _fail(res: GameCheck) -> GameCheck:
    res.verdict = FAILED
    res.first = res.first or (res.problems[0] if res.problems else None)
    return res


def open_bundle(path: str, limits: Limits | None = None) -> Bundle:
    """The bundle at *path* (see ``Bundle``)."""
    return Bundle(path, limits)
