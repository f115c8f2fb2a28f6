"""The order words with their arguments (``GameDefinition.orders``): what mail's HELP, the game page and
docs/orders.md show. Collected from the procedures' modules, each word once."""

from __future__ import annotations

from . import desk, events, events_countries, events_map, events_options, events_zaction

ORDERS = desk.ORDERS + events.ORDERS + events_countries.ORDERS + events_map.ORDERS + events_options.ORDERS + events_zaction.ORDERS
