"""Umpire's rules engine: pure, deterministic, no I/O (see engine/README.md)."""

from . import games as _games_package  # noqa: F401  (bound first, so engine.games stays the function)
from .api import (  # noqa: F401
    Step,
    active_roles,
    apply,
    apply_in_place,
    definition,
    describe,
    dumps,
    facts,
    games,
    legal_actions,
    loads,
    log_for,
    open_prompt,
    order_fixed_by_seed,
    orders_text,
    outcome,
    parse,
    prompt,
    restore,
    setup,
    view,
)
