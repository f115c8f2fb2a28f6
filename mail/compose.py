"""The words of Umpire's mail: verdicts, a seat's view and choices, help, refusals, deadline notices.

A mail is written once as a list of blocks (``("p", text)``, ``("pre", text)``, ``("list", [items])``,
``("h", text)``) and given as a text part and an HTML part built from the same blocks, every piece of
text escaped in the HTML. Everything a seat is shown comes from ``engine.view``/``engine.prompt`` for
that seat (never another seat's secrets).
"""

from __future__ import annotations

import html
import json
import re
from datetime import UTC, datetime
from email.message import EmailMessage
from email.utils import format_datetime, make_msgid
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

import engine
from engine.core import notation

from .config import MailSettings

#: The width of a mail's text part: the view, and the list items (the allowed orders) wrapped between
#: their arguments, never cut (issue 27: they were cut after 30, "(and N more)").
WIDTH = 76
#: A message id an answer may name in In-Reply-To and References: ``<...>`` of printable ASCII without
#: space, line break or angle bracket inside (RFC 5322 msg-id, loosely).
MSG_ID = re.compile(r"<[!-;=?-~]{1,250}>\Z")
Block = tuple[str, object]


def when(dt: datetime, tz: str = "") -> str:
    """A time in UTC, and in the seat's time zone if it set one: ``2025-03-01 12:00 UTC (13:00 CET)``."""
    utc = dt.replace(tzinfo=UTC) if dt.tzinfo is None else dt.astimezone(UTC)
    out = utc.strftime("%Y-%m-%d %H:%M UTC")
    if tz:
        try:
            local = utc.astimezone(ZoneInfo(tz))
            out += f" ({local.strftime('%Y-%m-%d %H:%M')} {tz})"
        except (ZoneInfoNotFoundError, ValueError):
            pass
    return out


def legal_items(actions: dict) -> list[str]:
    """The legal orders, one item per order word with every argument: ``space galilee | haifa-city | ...``
    (``service.textboard.legal_items``, as the terminal lists them; ``text_of`` wraps them)."""
    from service.textboard import legal_items as items
    return items(actions)


def choices(prompts: dict, role: str, game: str | None = None) -> list[Block]:
    """What *role* is asked now and its legal orders, or who else must act (each seat as *game*'s rulebook
    prints it: ``textboard.role_name``)."""
    from service.textboard import role_name
    out: list[Block] = []
    mine = prompts.get(role)
    if mine:
        out.append(("h", f"Your move (rule {mine['rule']}): {mine['text']}"))
        out.append(("p", "Your choices (one order a line; words may be shortened to a unique prefix):"))
        out.append(("list", legal_items(mine["actions"])))
    others = [r for r in prompts if r != role]
    if others:
        out.append(("p", "Waiting for: " + ", ".join(role_name(r, game) for r in others) + "."))
    return out


def view_text(gid: str, v: dict) -> str:
    """A seat's view as text: the terminal's rendering (service.textboard: the game's facts and spaces),
    else its JSON."""
    try:
        from service.textboard import render_text
        return render_text({"id": gid}, v, width=WIDTH - 4)  # a "pre" block is indented by 4
    except (KeyError, TypeError, AttributeError):
        return json.dumps(v, indent=1, sort_keys=True)


def outcome_line(res: dict) -> str:
    """The end of a game in words: who won, or no winner (a draw, a game the umpire ended)."""
    from service.textboard import outcome_line as line
    return line(res)


def verdict_blocks(verdict: dict, role: str) -> list[Block]:
    """A verdict as the mover reads it: accepted / partly accepted / rejected, the refused line with its
    rule and the orders allowed there, what happened, and what the mover may do now."""
    status = verdict.get("status")
    applied = verdict.get("applied") or []
    head = {"accepted": f"ACCEPTED: {len(applied)} order(s) applied.",
            "partial": f"PARTLY ACCEPTED: the first {len(applied)} order(s) stand (a die had been rolled); "
                       f"the rest was refused.",
            "rejected": "REJECTED: nothing was changed."}.get(status, f"{str(status).upper()}.")
    if verdict.get("preview"):
        head = ("CHECK ONLY, nothing was committed: " + ("the orders are legal" if status == "accepted" else
                "the check stopped before a die or draw; the orders up to there are legal"
                if status == "preview-stopped" else "the orders would be refused"))
    out: list[Block] = [("h", head)]
    ignored = verdict.get("ignored") or []
    if ignored:
        out.append(("p", f"The done on line(s) {', '.join(map(str, ignored))} had no open decision to end (the "
                         "decision your orders answered was over) and was ignored."))
    err = verdict.get("error")
    fine = verdict.get("fine") or []
    if fine:  # the lines before the refused one were legal; only the refused one needs fixing
        out.append(("p", f"Line(s) 1 to {len(fine)} were legal and would stand:" if len(fine) > 1
                    else "Line 1 was legal and would stand:"))
        out.append(("list", [f"{x['line']}. {x['order']}" for x in fine]))
    if err and err.get("code") != "chance":
        where = f"Line {err['line']} ({err.get('order', '')!r}): " if err.get("line") else ""
        rule = f" [rule {err['rule']}]" if err.get("rule") else ""
        out.append(("p", f"{where}{err.get('message', '')}{rule} ({err.get('code', 'invalid')})"))
        if err.get("legal"):
            out.append(("p", "Allowed there:"))
            out.append(("list", legal_items(err["legal"])))
    log = verdict.get("log") or []
    if log:
        out.append(("p", "What happened:"))
        out.append(("pre", "\n".join(e["text"] for e in log)))
    if "seq" in verdict and not verdict.get("preview"):
        out.append(("p", f"The game is at position {verdict['seq']}."))
    if verdict.get("outcome"):
        out.append(("h", outcome_line(verdict["outcome"])))
    out.extend(choices(verdict.get("prompts") or {}, role, verdict.get("game")))
    return out


def position_blocks(gid: str, game_view: dict, role: str) -> list[Block]:
    """STATUS and the "your move" mail: the seat's view, the result of a finished game, then its choices."""
    out: list[Block] = [("pre", view_text(gid, game_view["view"]))]
    if game_view.get("outcome"):
        out.append(("h", outcome_line(game_view["outcome"])))
    return out + choices(game_view["prompts"], role, game_view["view"].get("game"))


def example_orders(prompts: dict, role: str | None) -> str:
    """An order to show in HELP: one the seat may give now (else one the seat that acts may), whatever the
    game; a placeholder once nobody acts."""
    p = prompts.get(role) if role else None
    p = p or next(iter(prompts.values()), None)
    lines = notation.legal_lines(p["actions"])[:1] if p else []
    return "\n".join(lines) or "<an order>"


def help_blocks(gid: str, game_name: str, addr: str, role: str | None, prompts: dict) -> list[Block]:
    """HELP's answer: how to play *game_name* (a game's slug) by mail, then the grammar of its orders as
    the game page and docs/orders.md give it (``engine.orders_text``), then the seat's choices now."""
    ex = example_orders(prompts, role)
    out: list[Block] = [
        ("h", f"How to play game {gid} ({game_name}) by mail"),
        ("p", f"Write to {addr} (or answer any mail of this game). Put your seat's secret on a line of its own, "
              f"'Token: <your token>', then your orders, one a line. Words may be shortened to a unique prefix "
              f"(space jer city); # starts a comment. Quoted text and your signature are ignored. For example:"),
        ("pre", f"Token: <your token>\n{ex}"),
        ("p", "To be sure a mail sent twice (a resend, a copy) is played once, begin your orders with the position "
              "you answer, a line 'after N' (every mail of the game says its position). Without it, the same "
              "orders from your seat again within two minutes, with no move in between, count as a copy."),
        ("p", "Or attach a JSON move file (umpire-move/1: format, game, role, after, actions); a file that "
              "carries an \"auth\" signature needs no Token: line. Commands, alone on the first line: HELP (this "
              "mail), STATUS (your view and choices now), LOG (the move log), CHECK followed by orders (checks "
              "them, commits nothing), TZ <zone> (the time zone of your mail, e.g. TZ Europe/London)."),
        ("pre", engine.orders_text(game_name)),
    ]
    if role:
        out.extend(choices(prompts, role, game_name))
    return out


def text_of(blocks: list[Block]) -> str:
    """The text part: a list item longer than a line is wrapped between its arguments (``textboard.wrap``),
    the next lines under its first word's end."""
    from service.textboard import wrap

    parts = []
    for kind, value in blocks:
        if kind == "list":
            parts.append("\n".join(line for item in value
                                   for line in wrap(str(item), WIDTH, "  - ", " " * (5 + len(str(item).split(" ")[0])))))
        elif kind == "pre":
            parts.append("\n".join("    " + ln for ln in str(value).splitlines()))
        else:
            parts.append(str(value))
    return "\n\n".join(parts) + "\n"


def html_of(blocks: list[Block]) -> str:
    e = html.escape
    parts = []
    for kind, value in blocks:
        if kind == "list":
            parts.append("<ul>" + "".join(f"<li><code>{e(item)}</code></li>" for item in value) + "</ul>")
        elif kind == "pre":
            parts.append(f"<pre>{e(str(value))}</pre>")
        elif kind == "h":
            parts.append(f"<p><strong>{e(str(value))}</strong></p>")
        else:
            parts.append(f"<p>{e(str(value))}</p>")
    return "<!DOCTYPE html><html><body>" + "\n".join(parts) + "</body></html>\n"


def build(s: MailSettings, gid: str | None, to: str, subject: str, blocks: list[Block], *,
          in_reply_to: str = "", references: list[str] | None = None, pdf: tuple[bytes, str] | None = None,
          auto: str = "auto-replied") -> EmailMessage:
    """A complete message: text and HTML, threaded, with the PDF attached if given. ``Auto-Submitted``
    (RFC 3834) marks it as automatic so that other robots do not answer it. Only well-formed message ids
    of the mail answered are threaded after (``MSG_ID``): one that decodes to a line break would make the
    header, and so the answer, fail."""
    msg = EmailMessage()
    msg["From"] = s.from_addr
    msg["To"] = to
    if gid:
        msg["Reply-To"] = s.game_addr(gid)
    msg["Subject"] = (f"[Umpire {gid}] " if gid else "[Umpire] ") + subject
    msg["Date"] = format_datetime(datetime.now(UTC))
    msg["Message-ID"] = make_msgid(idstring="umpire", domain=s.domain)
    in_reply_to = in_reply_to if MSG_ID.match(in_reply_to or "") else ""
    if in_reply_to:
        msg["In-Reply-To"] = in_reply_to
    refs = [r for r in (references or []) if MSG_ID.match(r or "")] + ([in_reply_to] if in_reply_to else [])
    if refs:
        msg["References"] = " ".join(dict.fromkeys(refs))
    msg["Auto-Submitted"] = auto
    msg.set_content(text_of(blocks))
    msg.add_alternative(html_of(blocks), subtype="html")
    if pdf:
        msg.add_attachment(pdf[0], maintype="application", subtype="pdf", filename=pdf[1])
    return msg
