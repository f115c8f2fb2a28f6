"""The words of a tournament's mail (issue 33, items 1 and 2): the confirmation of a player's address, the
letter that gives each player of a round their seat, and the letter of a bye.

The service core does not compose or send mail (``mail`` is a way in above it: DESIGN.md, "Layout"); a
round writes its letters while it makes its games, in the same transaction, because a seat's token exists
only then. So the words are written here, as blocks (``("h"|"p"|"pre"|"list", text)``, the form
``mail.compose`` turns into a message), and a ``Post`` given by the composition root puts each ``Letter`` in
the outbox: ``mail.tournament_post.TournamentPost``, which ``umpire_app.web.create_app`` puts in every
session's ``info`` (``POST_KEY``) as it puts the server secret there.

What the confirmation says was not written by whoever entered the address (no tournament name, no player
name: only the tournament's id and the game's kind), so it cannot carry their message (as ``mail.confirm``
for games). The seat letter carries the seat's token exactly once, on its ``Token:`` line.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Protocol

import engine
from service.textboard import role_name

#: Where a session finds the post that writes the tournament's letters (``session.info[POST_KEY]``).
POST_KEY = "tournament_post"
#: The outbox kind of a tournament's letters.
KIND = "tournament"

Block = tuple[str, object]


@dataclass(frozen=True)
class Letter:
    """One mail to write: its outbox ``key`` (written once), the address, subject and blocks, and the game it
    is about (None: the tournament's). ``token``: the seat token it carries (so a caller can hand it over
    another way when the letter could not be written: no address, or mail off); ``player``: to whom."""

    key: str
    to: str
    subject: str
    blocks: list[Block]
    game_id: str | None = None
    player: str = ""
    role: str = ""
    token: str = field(default="", repr=False)


class Post(Protocol):
    """Where the letters go: ``address(gid)`` is a game's mail address; ``write`` puts a letter in the
    outbox (returning its id) or returns None when it is not written (no address, mail off)."""

    def address(self, gid: str) -> str: ...

    def write(self, session, letter: Letter) -> int | None: ...


class Kept:
    """A post that remembers what it wrote (``written``: the outbox ids, for the caller to queue once its
    transaction is committed) and the seat letters it could not write (``unsent``: no address, or mail off),
    so the caller can hand their tokens over another way (the API's answer to the director, the command
    line's output)."""

    def __init__(self, post: Post):
        self.post = post
        self.written: list[int] = []
        self.unsent: list[Letter] = []

    def address(self, gid: str) -> str:
        return self.post.address(gid)

    def write(self, session, letter: Letter) -> int | None:
        oid = self.post.write(session, letter) if letter.to else None
        if oid is not None:
            self.written.append(oid)
        elif letter.token:
            self.unsent.append(letter)
        return oid


def post_of(session) -> Post:
    """The post of *session* (``session.info[POST_KEY]``, put there by the app factory).

    :raises RuntimeError: a session not made by ``create_app``'s sessionmaker.
    """
    post = session.info.get(POST_KEY)
    if post is None:
        raise RuntimeError("this session carries no tournament post: use the sessions of create_app's app "
                           "(app.extensions['umpire']['sessions'])")
    return post


def when(dt: datetime) -> str:
    return dt.strftime("%Y-%m-%d %H:%M UTC")


def hours_text(hours: float | None) -> str:
    if not hours:
        return "Decisions have no deadline in this tournament."
    return (f"Each decision must be made within {hours:g} hour{'s' if hours != 1 else ''} of the position that "
            f"asks it; you are reminded before, and the director is told when a deadline passes.")


def _rulings(rulings: Sequence[dict]) -> list[Block]:
    if not rulings:
        return []
    return [("p", "The director's rulings in force in every game of the tournament:"),
            ("list", [f"{r['id']}: {r['text']}" for r in rulings])]


def seat_letter(*, tid: str, name: str, game: str, number: int, board: int, gid: str, role: str, player: str,
                email: str, opponents: dict[str, str], token: str, address: str, page: str,
                deadline_hours: float | None, first: dict[str, datetime | None], rulings: Sequence[dict]) -> Letter:
    """The letter that gives *player* their seat in game *gid* (board *board* of round *number*): the
    tournament, the round, their side as the rulebook prints it, their opponent(s) and sides, their seat
    token (once), the game's mail address and page, and the deadline per decision. *first*: the roles
    that decide first, each with its first deadline (None: no deadline)."""
    side = role_name(role, game)
    kind = engine.definition(game).title
    against = ", ".join(f"{p} ({role_name(r, game)})" for r, p in opponents.items())
    if role in first:
        due = first[role]
        start = f"You decide first{f': your first decision is due {when(due)}' if due else ''}."
    else:
        start = ("Waiting first for " + ", ".join(role_name(r, game) for r in first)
                 + ": you are mailed when it is your turn.")
    blocks: list[Block] = [
        ("h", f"{name}, round {number}: you play {side} on board {board}"),
        ("p", f"Tournament {tid} ({kind}), round {number}, board {board}: game {gid}. You, {player}, play "
              f"{side} against {against}."),
        ("p", "Your seat's token is below. It is your seat: keep it secret, and put it on its own line in every "
              "mail of your orders. The director can give the seat a new one if it is lost."),
        ("pre", f"Token: {token}"),
        ("p", f"Play by mail: write to {address}, the line 'Token: <your token>' first, then your orders, one a "
              f"line (send HELP there for how). Or play on the game's page: {page}"),
        ("p", start),
        ("p", hours_text(deadline_hours)),
        *_rulings(rulings),
    ]
    return Letter(f"tournament-seat:{gid}:{role}", email, f"{name}, round {number}: your seat ({side}) in {gid}",
                  blocks, gid, player, role, token)


def bye_letter(*, tid: str, name: str, number: int, player: str, email: str, bye_points: float,
               player_id: int) -> Letter:
    """The letter of a player who sits round *number* out (a bye)."""
    blocks: list[Block] = [
        ("h", f"{name}, round {number}: you have a bye"),
        ("p", f"Tournament {tid}, round {number}: {player}, you sit this round out (a bye, worth {bye_points:g} "
              f"point{'s' if bye_points != 1 else ''} in the standings). You will be mailed your seat in the next "
              f"round when the director pairs it."),
    ]
    return Letter(f"tournament-bye:{tid}:{number}:{player_id}", email, f"{name}, round {number}: a bye", blocks,
                  None, player)


def confirmation_blocks(tid: str, game: str, addr: str, code: str, hours: float) -> list[Block]:
    """The confirmation mail of a player's address: nothing in it was written by whoever entered it."""
    kind = engine.definition(game).title
    return [
        ("h", f"Is {addr} your address for tournament {tid}?"),
        ("p", f"Someone entered this address in tournament {tid} ({kind}) on Umpire, a play-by-mail referee for "
              f"board wargames. Umpire sends the tournament's mail (each round's seat, your turns, reminders) "
              f"only to an address whose owner confirmed it, and the director pairs only confirmed players."),
        ("p", "To confirm, answer this mail without changing its subject: nothing needs to be written. Or send "
              "Umpire a mail whose first line is:"),
        ("pre", f"CONFIRM {code}"),
        ("p", f"If you did not expect this mail, ignore it: nothing more is sent to this address for this "
              f"tournament, and no other confirmation within {hours:g} hour(s)."),
    ]


def confirmed_blocks(tid: str, addr: str) -> list[Block]:
    return [("h", f"{addr} is confirmed for tournament {tid}."),
            ("p", "Umpire will mail you your seat (side, token and game address) in each round the director "
                  "pairs, then the game's turns, reminders and notices.")]
