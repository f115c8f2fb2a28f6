"""Seat tokens cut out of a stored message.

A message is stored raw before it is read (``inbound.receive``), so until it is handled its row holds
what the sender wrote, a ``Token:`` line included. Removing the token only from a message that was read,
and only where the raw bytes hold it literally, would leave it in a mail refused before it was read (an
unknown charset, too many attachments), an ignored auto-reply, a base64 or quoted-printable body and any
attachment. So ``scrub`` is applied to every message once it is handled, whatever became of it.

It looks at every part decoded (base64, quoted-printable, its charset; attachments and nested messages
too) and at the message's headers, and cuts out:

- the value of every ``Token:`` line (or ``token=`` / ``"token":`` field), right or wrong (a wrong one may
  be a near miss, or another game's);
- every word that is a token of this service, wherever it stands (*known*: which of the candidate words
  are tokens, by their SHA-256 hash; ``inbound`` looks them up in the seats and games).

Only the parts that held a token change, re-encoded the way they came, so the rest of the message is kept
byte for byte. If the result still shows a token (a part that cannot be re-encoded in place), the message
keeps its headers only, with a note.
"""

from __future__ import annotations

import base64
import logging
import quopri
import re
from collections.abc import Callable
from email import message_from_bytes
from email.header import decode_header, make_header
from email.policy import compat32

log = logging.getLogger("umpire.mail")

REMOVED = "[token removed]"
#: ``Token: x``, ``token=x``, ``"token": "x"`` (any case, anywhere in a line): the value, not already cut.
TOKEN_FIELD = re.compile(r"""(\btoken\b["']?[ \t]*[:=][ \t]*["']?)(?!\[token removed\])([^\s"'<>,;]+)""", re.I)
#: A word shaped like a token (``secrets.token_urlsafe(24)``: 32 characters of the URL-safe alphabet).
TOKEN_WORD = re.compile(r"(?<![A-Za-z0-9_-])[A-Za-z0-9_-]{32}(?![A-Za-z0-9_-])")
#: A value of a Token: line this long is also cut wherever else it stands as a word.
LONG_VALUE = 16
NOTE = "[this message held a seat token that could not be cut out of it; its body was removed]"

Known = Callable[[set[str]], set[str]]


class _Unclean(Exception):
    """A token could not be cut out of a part in place."""


def _nothing_known(words: set[str]) -> set[str]:
    return set()


def clean_text(text: str, known: Known = _nothing_known) -> tuple[str, set[str]]:
    """*text* without tokens, and the tokens (and Token: values) cut out of it."""
    found: set[str] = set()

    def field(m: re.Match) -> str:
        found.add(m.group(2))
        return m.group(1) + REMOVED
    out = TOKEN_FIELD.sub(field, text)
    words = set(TOKEN_WORD.findall(out))
    real = known(words) if words else set()
    for t in sorted(real | {v for v in found if len(v) >= LONG_VALUE}, key=len, reverse=True):
        out = re.sub(r"(?<![A-Za-z0-9_-])" + re.escape(t) + r"(?![A-Za-z0-9_-])", REMOVED, out)
    return out, found | real


def scrub(raw: bytes, known: Known = _nothing_known) -> bytes:
    """*raw* with every seat token cut out (see the module's docstring); never raises."""
    try:
        out = _scrub(raw, known)
        if _shows_token(out, known):
            raise _Unclean("a token is still there")
        return out
    except Exception as e:  # a part we cannot re-encode in place, a parser surprise: keep the headers only
        log.warning("a stored message kept its headers only: its tokens could not be cut out (%s)", type(e).__name__)
        return _headers_only(raw, known)


def _split(raw: bytes) -> tuple[bytes, bytes, bytes]:
    """``(headers, separator, body)`` of a raw message."""
    ends = [(raw.find(sep), sep) for sep in (b"\r\n\r\n", b"\n\n") if raw.find(sep) >= 0]
    if not ends:
        return raw, b"", b""
    at, sep = min(ends)
    return raw[:at], sep, raw[at + len(sep):]


def _fields(head: bytes) -> list[bytes]:
    """The header block as its fields, each with its folded lines and line ends (joined, the block)."""
    out: list[bytes] = []
    for line in head.splitlines(keepends=True):
        if out and line[:1] in (b" ", b"\t"):
            out[-1] += line
        else:
            out.append(line)
    return out


def _header_text(field: bytes) -> tuple[str, str]:
    name, _, value = field.decode("latin-1").partition(":")
    unfolded = re.sub(r"\r?\n[ \t]", " ", value).strip()
    try:
        return name, str(make_header(decode_header(unfolded)))
    except Exception:  # a malformed encoded word: read it as it is
        return name, unfolded


def _clean_headers(head: bytes, known: Known, drop: tuple[str, ...] = ()) -> bytes:
    out = []
    for field in _fields(head):
        name, text = _header_text(field)
        if name.strip().lower() in drop:
            continue
        cleaned, found = clean_text(f"{name}: {text}", known)
        if found:
            eol = b"\r\n" if field.endswith(b"\r\n") else b"\n" if field.endswith(b"\n") else b""
            value = cleaned.partition(":")[2].strip()
            try:
                value.encode("ascii")
            except UnicodeEncodeError:
                from email.header import Header
                value = Header(value, "utf-8").encode()
            field = f"{name}: {value}".encode("ascii", "replace") + eol
        out.append(field)
    return b"".join(out)


def _leaves(raw: bytes):
    for part in message_from_bytes(raw, policy=compat32).walk():
        payload = part.get_payload()
        if not part.is_multipart() and isinstance(payload, str):
            yield part, payload.encode("ascii", "surrogateescape")


def _decoded(part, old: bytes) -> tuple[bytes, str]:
    """A part's content (its transfer encoding undone) and the codec its text is read with."""
    cte = str(part.get("Content-Transfer-Encoding", "")).strip().lower()
    data = (part.get_payload(decode=True) or b"") if cte in ("base64", "quoted-printable") else old
    codec = "latin-1"
    charset = part.get_content_charset()
    if charset and part.get_content_maintype() == "text":
        try:
            data.decode(charset)
            codec = charset
        except (LookupError, UnicodeError):
            pass
    return data, codec


def _encoded(part, old: bytes, data: bytes) -> bytes:
    """*data* in the part's transfer encoding, with the line ends and the final line end of *old*."""
    cte = str(part.get("Content-Transfer-Encoding", "")).strip().lower()
    if cte == "base64":
        enc = base64.encodebytes(data)
    elif cte == "quoted-printable":
        enc = quopri.encodestring(data)
    elif cte in ("", "7bit", "8bit", "binary"):
        return data
    else:  # x-uuencode and the like: not written back; the part is replaced by a note
        enc = NOTE.encode() + b"\n"
    eol = b"\r\n" if b"\r\n" in old else b"\n"
    enc = enc.replace(b"\r\n", b"\n").replace(b"\n", eol)
    if not old.endswith(b"\n"):
        enc = enc.rstrip(b"\r\n")
    return enc


def _scrub(raw: bytes, known: Known) -> bytes:
    head, sep, body = _split(raw)
    raw = _clean_headers(head, known) + sep + body
    done: set[bytes] = set()
    for part, old in list(_leaves(raw)):
        if old in done:  # the same bytes as a part already cleaned (all its copies were)
            continue
        data, codec = _decoded(part, old)
        text = data.decode(codec, "replace")
        cleaned, found = clean_text(text, known)
        if not found:
            continue
        new = _encoded(part, old, cleaned.encode(codec, "replace"))
        if not old or old not in raw:
            raise _Unclean("a part is not where the parser says")
        raw = raw.replace(old, new)
        done.add(old)
    return raw


def _shows_token(raw: bytes, known: Known) -> bool:
    head, _sep, _body = _split(raw)
    for field in _fields(head):
        name, text = _header_text(field)
        if clean_text(f"{name}: {text}", known)[1]:
            return True
    for part, old in _leaves(raw):
        data, codec = _decoded(part, old)
        if clean_text(data.decode(codec, "replace"), known)[1]:
            return True
    return bool(clean_text(raw.decode("latin-1"), known)[1])


def _headers_only(raw: bytes, known: Known) -> bytes:
    try:
        head, sep, _body = _split(raw)
        eol = b"\r\n" if b"\r\n" in head else b"\n"
        head = _clean_headers(head, known, drop=("content-type", "content-transfer-encoding")).rstrip(b"\r\n")
        out = head + eol + eol + NOTE.encode() + eol
        if not _shows_token(out, known):
            return out
    except Exception:
        log.exception("a stored message's headers could not be cleaned")
    return NOTE.encode() + b"\n"
