"""Reading an inbound message: limits, auto-replies and bounces, the game it is for, the ``Game:`` and
``Token:`` lines, a command, and the move (a JSON or text attachment, or the body's orders).

Everything here is pure: bytes in, a ``Letter`` (what the message says) or a ``Refusal`` out.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from email import policy
from email.message import EmailMessage
from email.parser import BytesParser
from email.utils import getaddresses, parseaddr
from html.parser import HTMLParser

from .config import MailSettings

#: Commands a mail may give instead of (or, for CHECK, before) a move.
COMMANDS = ("HELP", "STATUS", "LOG", "CHECK", "TZ", "CONFIRM")
#: Parser defects that make a message unreadable as MIME (a part we cannot find the bounds of).
FATAL_DEFECTS = ("StartBoundaryNotFoundDefect", "CloseBoundaryNotFoundDefect", "MultipartInvariantViolationDefect",
                 "NoBoundaryInMultipartDefect", "MissingHeaderBodySeparatorDefect")
GAME_ADDR = re.compile(r"^game-([a-z0-9-]{1,16})$", re.I)
SUBJECT_TAG = re.compile(r"\[Umpire ([A-Z0-9-]{1,16})\]", re.I)
HEADER_LINE = re.compile(r"^\s*(game|token)\s*:\s*(\S+)\s*$", re.I)
QUOTE_START = re.compile(r"^(-{2,}\s*(original message|forwarded message)\s*-{2,}|_{8,}|.*\bwrote:\s*$|"
                         r"le .* a écrit\s*:\s*$|am .* schrieb .*:\s*$)", re.I)


class Refusal(Exception):
    """A message refused: *code* and a *message* that says what is wrong and what is allowed."""

    def __init__(self, code: str, message: str):
        super().__init__(message)
        self.code = code
        self.message = message


@dataclass
class Letter:
    """What an inbound message says, read from its headers, body and attachments."""

    message_id: str
    reply_to: str
    subject: str
    references: list[str]
    game_hints: list[str]
    token: str | None = None
    command: str | None = None
    command_arg: str = ""
    move: str | None = None
    move_kind: str = "text/plain"
    body_lines: list[str] = field(default_factory=list)


def parse_bytes(raw: bytes) -> EmailMessage:
    return BytesParser(policy=policy.default).parsebytes(raw)


def header_message_id(raw: bytes) -> str:
    """The Message-ID of a raw message, read from its headers only ('' when there is none)."""
    head = raw.split(b"\r\n\r\n", 1)[0].split(b"\n\n", 1)[0]
    msg = BytesParser(policy=policy.default).parsebytes(head + b"\n\n", headersonly=True)
    try:
        return str(msg.get("Message-ID", "") or "").strip()
    except Exception:  # an unparseable header: no usable Message-ID
        return ""


def addr_of(value: str) -> str:
    return parseaddr(value or "")[1].strip()


def plain_address(a: str) -> str:
    """*a* if it is one plain address Umpire will write to (``service.mail_settings.ADDRESS``: no line break, comma
    or quote can reach a header through it), else ''."""
    from service.mail_settings import ADDRESS, MAX_ADDRESS
    a = (a or "").strip()
    return a if len(a) <= MAX_ADDRESS and re.match(ADDRESS, a) else ""


def header_address(msg: EmailMessage, name: str) -> str:
    """The one plain address of header *name*, or '' (none, several, or one Umpire will not write to)."""
    try:
        found = getaddresses([str(v) for v in msg.get_all(name, []) or []])
    except Exception:  # a malformed address header
        return ""
    found = [a for _n, a in found if a]
    return plain_address(found[0]) if len(found) == 1 else ""


def reply_address(msg: EmailMessage) -> str:
    """Where an answer to a seat's mail goes: its Reply-To if that holds exactly one address, else From
    ('' when neither holds one plain address). A Reply-To list is never followed; a mail no token proves
    is answered only to its sender (``inbound._unproven_answer``)."""
    return header_address(msg, "Reply-To") or header_address(msg, "From")


def automatic(msg: EmailMessage, envelope_from: str | None, own: set[str]) -> str | None:
    """Why *msg* must never be answered (an auto-reply, a bounce, a list message, our own mail), or None.

    RFC 3834 (Auto-Submitted), RFC 3464 (delivery status reports), RFC 2919 (List-Id); Precedence is the
    older convention of bulk and list mail and of vacation replies.
    """
    h = {k.lower(): str(v) for k, v in msg.items()}
    if h.get("auto-submitted", "no").strip().lower() != "no":
        return f"an automatic message (Auto-Submitted: {h['auto-submitted'].strip()})"
    if h.get("precedence", "").strip().lower() in ("bulk", "junk", "list", "auto_reply"):
        return f"bulk or list mail (Precedence: {h['precedence'].strip()})"
    for name in ("list-id", "list-unsubscribe", "x-autoreply", "x-autorespond"):
        if name in h:
            return f"a list or automatic message ({name})"
    if msg.get_content_type() == "multipart/report" or msg.get_content_type() == "message/delivery-status":
        return "a delivery status report (a bounce)"
    if envelope_from is not None and envelope_from.strip() in ("", "<>"):
        return "a message with an empty return path (a bounce or an automatic message)"
    if "return-path" in h and h["return-path"].strip() in ("<>", ""):
        return "a message with an empty Return-Path (a bounce or an automatic message)"
    sender = addr_of(h.get("from", "")).lower()
    if sender.split("@")[0] in ("mailer-daemon", "postmaster") or sender in own:
        return f"a message from {sender or 'nobody'} (a bounce, or our own mail)"
    return None


def check_structure(msg: EmailMessage, s: MailSettings) -> None:
    """The MIME limits: depth, attachment count and size, readable structure.

    :raises Refusal: which limit the message passes, and the limit.
    """
    for part in msg.walk():
        for d in part.defects:
            if type(d).__name__ in FATAL_DEFECTS:
                raise Refusal("malformed", f"the message's MIME structure is broken ({type(d).__name__}); "
                                           f"send it again as plain text, or with the move file attached")

    def depth(part, level: int) -> int:
        if level > s.max_depth:
            return level
        kids = part.get_payload() if part.is_multipart() else []
        return max([depth(k, level + 1) for k in kids if hasattr(k, "get_payload")], default=level)

    d = depth(msg, 1)
    if d > s.max_depth:
        raise Refusal("too-deep", f"the message nests MIME parts more than {s.max_depth} levels deep; send the "
                                  f"orders as plain text or attach the move file directly")
    atts = [p for p in msg.walk() if not p.is_multipart() and (p.is_attachment() or p.get_filename())]
    if len(atts) > s.max_attachments:
        raise Refusal("too-many-attachments", f"the message has {len(atts)} attachments; at most "
                                              f"{s.max_attachments} are read (attach only the move file)")
    for p in atts:
        size = len(p.get_payload(decode=True) or b"")
        if size > s.max_attachment_bytes:
            raise Refusal("too-large", f"the attachment {p.get_filename() or '(unnamed)'} is {size} bytes; "
                                       f"at most {s.max_attachment_bytes} are accepted")


class _Text(HTMLParser):
    def __init__(self):
        super().__init__()
        self.out: list[str] = []
        self.skip = 0

    def handle_starttag(self, tag, attrs):
        if tag in ("style", "script", "blockquote"):
            self.skip += 1
        if tag in ("br", "p", "div", "li", "tr"):
            self.out.append("\n")

    def handle_endtag(self, tag):
        if tag in ("style", "script", "blockquote") and self.skip:
            self.skip -= 1
        if tag in ("p", "div"):
            self.out.append("\n")

    def handle_data(self, data):
        if not self.skip:
            self.out.append(data)


def html_text(html: str) -> str:
    """The visible text of an HTML body, without quoted (blockquote) parts."""
    p = _Text()
    p.feed(html)
    p.close()
    return "".join(p.out)


def fresh_lines(text: str) -> list[str]:
    """The lines the sender wrote: up to the signature (``-- ``) or the start of quoted text, without
    ``>`` quoted lines."""
    out: list[str] = []
    for line in text.replace("\r\n", "\n").split("\n"):
        if line.rstrip() == "--":
            break
        if QUOTE_START.match(line.strip()):
            if out and out[-1].strip().lower().startswith("on "):
                out.pop()  # "On <date>, <someone>" wrapped before "wrote:"
            break
        if line.lstrip().startswith(">"):
            continue
        out.append(line.rstrip())
    return out


def _body(msg: EmailMessage) -> str:
    part = msg.get_body(preferencelist=("plain", "html"))
    if part is None:
        return ""
    try:
        text = part.get_content()
    except (LookupError, UnicodeError):
        raise Refusal("malformed", "the message body is in an unknown character set; send it as UTF-8") from None
    return html_text(text) if part.get_content_type() == "text/html" else text


def _attachment_move(msg: EmailMessage) -> tuple[str, str] | None:
    """The move file attached: ``(text, content type)`` of the first .json or .txt attachment."""
    for p in msg.walk():
        if p.is_multipart() or not (p.is_attachment() or p.get_filename()):
            continue
        name = (p.get_filename() or "").lower()
        ctype = p.get_content_type()
        if name.endswith(".json") or ctype == "application/json":
            kind = "application/json"
        elif name.endswith(".txt") or (ctype == "text/plain" and not name.endswith((".asc", ".sig"))):
            kind = "text/plain"
        else:
            continue
        data = p.get_payload(decode=True) or b""
        try:
            text = data.decode(p.get_content_charset() or "utf-8")
        except (LookupError, UnicodeDecodeError):
            raise Refusal("malformed", f"the attachment {name or '(unnamed)'} is not UTF-8 text") from None
        if "\x00" in text:
            raise Refusal("malformed", f"the attachment {name or '(unnamed)'} holds NUL characters")
        return text, kind
    return None


def _addresses(msg: EmailMessage, envelope_to: list[str]) -> list[str]:
    vals = []
    for name in ("To", "Cc", "Delivered-To", "X-Original-To"):
        for v in msg.get_all(name, []) or []:
            vals.append(str(v))
    return list(envelope_to) + [a for _n, a in getaddresses(vals)]


def game_hints(msg: EmailMessage, envelope_to: list[str], lines: list[str]) -> list[str]:
    """The game ids the message names, in order of trust: a ``Game:`` line, the game address
    (``game-<id>@...``), the ``[Umpire <id>]`` tag of the subject of a reply."""
    out = []
    for line in lines:
        m = HEADER_LINE.match(line)
        if m and m.group(1).lower() == "game":
            out.append(m.group(2).upper())
    for a in _addresses(msg, envelope_to):
        local = a.rpartition("@")[0] if "@" in a else a
        m = GAME_ADDR.match(local.strip("<> "))
        if m:
            out.append(m.group(1).upper())
    m = SUBJECT_TAG.search(str(msg.get("Subject", "") or ""))
    if m:
        out.append(m.group(1).upper())
    return list(dict.fromkeys(out))


def read_letter(msg: EmailMessage, envelope_to: list[str]) -> Letter:
    """What the message says. The orders in the body are its fresh lines without the Game:/Token: lines
    (``#`` comments and blank lines are dropped by the move-file layer)."""
    lines = fresh_lines(_body(msg))
    refs = str(msg.get("References", "") or "").split() + str(msg.get("In-Reply-To", "") or "").split()
    letter = Letter(message_id=str(msg.get("Message-ID", "") or "").strip(), reply_to=reply_address(msg),
                    subject=str(msg.get("Subject", "") or ""), references=refs,
                    game_hints=game_hints(msg, envelope_to, lines))
    rest = []
    for line in lines:
        m = HEADER_LINE.match(line)
        if m:
            if m.group(1).lower() == "token" and letter.token is None:
                letter.token = m.group(2)
            continue
        rest.append(line)
    content = [ln for ln in rest if ln.strip() and not ln.strip().startswith("#")]
    if content:
        first = content[0].split()
        if first[0].upper() in COMMANDS:
            letter.command = first[0].upper()
            letter.command_arg = " ".join(first[1:])
            rest = rest[rest.index(content[0]) + 1:]
    elif not _attachment_move(msg):
        words = re.sub(r"^(\s*(re|fwd?|aw|sv)\s*:\s*)+", "", SUBJECT_TAG.sub("", letter.subject), flags=re.I).split()
        if words and words[0].upper() in COMMANDS:
            letter.command, letter.command_arg = words[0].upper(), " ".join(words[1:])
    letter.body_lines = rest
    att = _attachment_move(msg)
    if att:
        letter.move, letter.move_kind = att
    elif any(ln.strip() and not ln.strip().startswith("#") for ln in rest):
        letter.move, letter.move_kind = "\n".join(rest).strip() + "\n", "text/plain"
    return letter


def references_of(raw: bytes) -> list[str]:
    """The References of a stored message (the last ten), to thread an answer after them."""
    try:
        return str(parse_bytes(raw).get("References", "") or "").split()[-10:]
    except Exception:  # headers we cannot read: thread by In-Reply-To alone
        return []
