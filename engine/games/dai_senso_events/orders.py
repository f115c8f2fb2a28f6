"""The order words with their arguments (``GameDefinition.orders``): what mail's HELP, the game page and
docs/orders.md show. Collected from the procedures' modules, each word once."""

from __future__ import annotations

from . import desk, events

ORDERS = desk.ORDERS + events.ORDERS
