"""Resources: each faction's spending track, 0 to its maximum (Malaya 1.8, Kenya 1.8, Japanese Occupation;
Palestine and Arab Revolt have none).

The state keeps ``resources`` (faction -> value). Operations pay per space (3.1 of those games,
"Resources permitting"): :class:`engine.coin.operation.Operation` asks :func:`can_pay` before a space is
selected and :func:`pay` when it is; a free Operation (an Event's, 3.1.2/5.4) pays nothing except the
costs the rules keep even then (Malaya's Pacify and Agitate, 6.3.1/6.3.2), which call :func:`pay`
themselves. Gains and losses from Events and Propaganda are clamped to the track (:func:`shift`), as
Political Will is (5.1.1: an Event may not exceed a track's limits).
"""

from __future__ import annotations

from ..core.errors import RulesBugError
from ..core.flow import Context
from .wording import side_name

RESOURCES_MAX = 20


def held(g: Context, faction: str) -> int:
    """The Resources *faction* holds now."""
    return g.s["resources"][faction]


def can_pay(g: Context, faction: str, n: int) -> bool:
    """Whether *faction* holds at least *n* Resources."""
    return g.s["resources"][faction] >= n


def pay(g: Context, faction: str, n: int, why: str, rule: str | None = None) -> None:
    """*faction* spends *n* Resources for *why*. A rules bug if it cannot: every caller asks
    :func:`can_pay` first and refuses the order with the figures (3.1: a faction may not go below 0)."""
    if n <= 0:
        return
    have = g.s["resources"][faction]
    if have < n:
        raise RulesBugError(f"{faction} cannot pay {n} Resources for {why}: holds {have}")
    g.s["resources"][faction] = have - n
    g.say(f"{side_name(faction)} paid {n} Resource{'s' if n != 1 else ''} for {why} "
          f"({have} -> {have - n}).", faction=faction, rule=rule)


def shift(g: Context, faction: str, delta: int, why: str, rule: str | None = None,
          top: int = RESOURCES_MAX) -> int:
    """Moves *faction*'s Resources by *delta*, clamped to 0..*top* (a gain past the track's end is lost,
    a loss below 0 stops at 0); returns the change made, and logs it when there is one."""
    before = g.s["resources"][faction]
    after = max(0, min(top, before + delta))
    g.s["resources"][faction] = after
    if after != before:
        word = "rose" if after > before else "fell"
        g.say(f"{side_name(faction)} Resources {word} from {before} to {after} ({why}).", faction=faction,
              rule=rule)
    return after - before


def refusal(g: Context, faction: str, n: int, what: str, rule: str) -> str:
    """The words that refuse *what*, which costs *n* Resources that *faction* does not hold."""
    have = g.s["resources"][faction]
    return (f"{what} costs {n} Resource{'s' if n != 1 else ''}; {side_name(faction)} Resources are {have} "
            f"({rule}: Resources permitting)")
