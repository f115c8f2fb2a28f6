"""A tournament's verification bundle (issue 33, item 5): one zip per round, or for the whole tournament,
holding every game's export and a manifest that states each game's commitments and result.

The zip holds ``manifest.json`` and ``games/<game id>.json``, each the game's export (``service.games.export``,
the same file ``umpire verify`` checks for one game). It is deterministic: the same games in the same state
give the same bytes (names sorted, fixed timestamps and permissions, JSON with sorted keys), so two people
who download it can compare hashes.

The manifest (``umpire-bundle/1``) states the tournament (id, name, game, scenarios, options, rulings, the
points in force), the rounds it covers, and per game its id, round, board, seats (role -> player), status
(as the standings count it: ``finished``, ``abandoned``, ``forfeited`` or ``in play``), the game's own status,
its result (the export's ``outcome``: the rules' end, or the umpire's), its commitments (each key's, in
order, from the game's keys), the SHA-256 of its export file and the director's ruling, if any. ``umpire verify BUNDLE`` (``bundle_verify``) checks the manifest against the
files and replays every export.

Who may have it: anyone. Only a game that is over (``finished`` or ``abandoned``) with its seed revealed
has its export in the bundle; a game still in play is listed with its commitments (public from its start)
and no export, and the manifest says why (``note``). An export of a game that is over hides nothing any more:
its seeds are revealed (the public dice record, GET /api/games/ID/dice, already gives them once the game
ends), its orders are whole (``games.hides_orders`` is False once a game ended, so the public log shows them
whole too), and its final state and the log lines written to one seat narrate a game nobody plays on. It
holds no token, token hash, address or sealed seed (``service.games.export`` writes seats as role, player
and entropy only), which ``tests/service/tournaments/test_bundle.py`` checks on the bytes. So a player
verifies their own games without the director: the public bundle holds them as soon as they end. One caveat,
documented in docs/dice.md ("Checking a tournament"): a game the director rolls back from its end after its
export was published goes on with that final position known to everyone.
"""

from __future__ import annotations

import dataclasses
import hashlib
import io
import json
import re
import zipfile

from sqlalchemy import select
from sqlalchemy.orm import Session

from service import games as G
from service.errors import NotFound
from service.models import Game

from .access import get_tournament
from .bundle_verify import FORMAT, GAMES_DIR, MANIFEST
from .models import Tournament, TournamentGame, TournamentRound
from .results import rounds_of, scoring_of, status_of
from .standings import IN_PLAY

#: Every member's timestamp: the earliest a zip can state, so the bytes depend on the games alone.
FIXED_TIME = (1980, 1, 1, 0, 0, 0)
#: Statuses of a game that is over: its seed is revealed when it ends (``control._end``, ``adjudication``).
OVER = ("finished", "abandoned")


def export_name(gid: str) -> str:
    """The member holding game *gid*'s export."""
    return f"{GAMES_DIR}{gid}.json"


def dumps(obj) -> bytes:
    """JSON as the bundle writes it: keys sorted, one space indent, UTF-8."""
    return json.dumps(obj, sort_keys=True, indent=1, ensure_ascii=False, allow_nan=False).encode("utf-8")


def sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def exported(game: Game) -> bool:
    """Whether *game*'s export goes in a bundle: it is over and its seed is revealed (a game rolled back from
    its end is paused, not over: it is in play again)."""
    return game.status in OVER and game.revealed


def _no_export_note(game: Game, status: str) -> str:
    if status == IN_PLAY:
        return (f"in play (status {game.status}): its seed is secret until the game ends, so this bundle holds "
                "no export of it; a bundle made after it ends does")
    return (f"{status} by the director's ruling, but the game itself has not ended (status {game.status}): its "
            "seed is secret, so this bundle holds no export of it")


def _tournament(t: Tournament) -> dict:
    return {"id": t.id, "name": t.name, "game": t.game, "scenarios": list(t.scenarios or []),
            "options": dict(t.options or {}), "rulings": list(t.rulings or []),
            "points": dataclasses.asdict(scoring_of(t))}


def _rounds(session: Session, t: Tournament, number: int | None) -> list[TournamentRound]:
    rounds = rounds_of(session, t.id)
    if number is None:
        return rounds
    chosen = [r for r in rounds if r.number == number]
    if not chosen:
        paired = ", ".join(str(r.number) for r in rounds)
        raise NotFound(f"tournament {t.id} has no round {number}; "
                       + (f"its rounds are {paired}" if paired else "no round is paired yet"),
                       code="no-such-round")
    return chosen


def contents(session: Session, tid: str, round: int | None = None) -> dict[str, bytes]:
    """The bundle's members by name: ``manifest.json`` and an export per game that is over, of round
    *round* or (None) of every round.

    :raises NotFound: no such tournament, or no such round (the rounds paired are named).
    """
    t = get_tournament(session, tid)
    rounds = _rounds(session, t, round)
    number = {r.id: r.number for r in rounds}
    rows = session.execute(select(TournamentGame, Game).join(Game, Game.id == TournamentGame.game_id)
                           .where(TournamentGame.tournament_id == tid,
                                  TournamentGame.round_id.in_(list(number) or [-1]))).all()
    rows.sort(key=lambda row: (number[row[0].round_id], row[0].board, row[1].id))
    files: dict[str, bytes] = {}
    listed = []
    for tg, game in rows:
        status = status_of(game, tg)
        entry = {"id": game.id, "round": number[tg.round_id], "board": tg.board, "seats": dict(tg.seats),
                 "status": status, "game_status": game.status, "ruling": tg.ruling,
                 "commitments": [k["commitment"] for k in G.keys(session, game)]}
        if exported(game):
            export = G.export(session, game)
            data = dumps(export)
            name = export_name(game.id)
            files[name] = data
            entry.update(result=export["outcome"], export=name, sha256=sha256(data), note="")
        else:
            entry.update(result=None, export=None, sha256=None, note=_no_export_note(game, status))
        listed.append(entry)
    manifest = {
        "format": FORMAT, "tournament": _tournament(t), "rounds": [r.number for r in rounds],
        "scope": "the whole tournament" if round is None else f"round {round}",
        "games": listed,
        "exports": sum(1 for e in listed if e["export"]),
        "in_play": sum(1 for e in listed if not e["export"]),
        "check": "umpire verify THIS.zip: checks this manifest against every export, then replays each export "
                 "(docs/dice.md, 'Checking a tournament')",
    }
    files[MANIFEST] = dumps(manifest)
    return files


def write_zip(files: dict[str, bytes]) -> bytes:
    """*files* as a deterministic zip: names sorted, fixed timestamps and permissions, deflated."""
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as zf:
        for name in sorted(files):
            info = zipfile.ZipInfo(name, date_time=FIXED_TIME)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.create_system = 3  # Unix, whatever system writes it
            info.external_attr = 0o644 << 16
            zf.writestr(info, files[name], compresslevel=9)
    return buf.getvalue()


def bundle(session: Session, tid: str, round: int | None = None) -> bytes:
    """The verification bundle of tournament *tid*: of round *round*, or (None) of the whole tournament
    (issue 33, item 5). See the module's docstring for what it holds and who may have it.

    :raises NotFound: no such tournament, or no such round.
    """
    return write_zip(contents(session, tid, round))


def filename(tid: str, round: int | None = None) -> str:
    """The bundle's file name (a download's ``Content-Disposition``): letters, digits, ``.``, ``_``, ``-``."""
    base = f"{tid}-bundle" if round is None else f"{tid}-round-{round}-bundle"
    return re.sub(r"[^A-Za-z0-9._-]", "_", base)[:120] + ".zip"
