"""Play by email (DESIGN.md section 8).

One inbound pipeline, three ways in: an SMTP listener (``smtp_listener``), IMAP polling (``imap_poller``)
and an HTTP webhook (``webhook``). Each stores the raw message first (``inbound.receive``); a task then
finds the game and seat, authenticates the sender by the seat's secret and submits the move through the
same service functions as the API (``inbound.handle``). Outbound mail (``outbound``) is written to an
outbox and sent by a task; ``notices`` answers every mailed move and tells whoever must act next;
``deadlines`` reminds and reports missed deadlines.
"""
