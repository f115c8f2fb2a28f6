"""The game's calendar: one turn a month (1.1), December 1947 to March 1949 (the Turn Record Track the text does
not print, derived from the two scenarios' durations: digest A.0), and the dates the rules turn on.

- 2.1: no second impulse from December 1947 to April 1948 (the text's "January 1947" is read as December
  1947: ruling R-2.1-dates) nor while a truce is in effect;
- 26.0: the mandate restrictions hold to the end of April 1948 (26.1f: the Transjordanian check at the end of
  the April 1948 turn);
- 11.6a: Israeli fast units advance two hexes from May 1948; 22.0: truce events count only from June 1948;
  30.1: amphibious operations from May 1948 (Egypt: May to October 1948).

Months are ``"YYYY-MM"`` strings, which sort as dates.
"""

from __future__ import annotations

#: Every month of the game (Scenario 2 plays them all: Dec 1947 - Mar 1949).
MONTHS = ("1947-12", "1948-01", "1948-02", "1948-03", "1948-04", "1948-05", "1948-06", "1948-07", "1948-08",
          "1948-09", "1948-10", "1948-11", "1948-12", "1949-01", "1949-02", "1949-03")

_NAMES = ("January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
          "November", "December")

#: The last month of the mandate (26.0) and of the single-impulse period (2.1).
MANDATE_END = "1948-04"
#: The first month a truce event takes effect (22.0: earlier it is No Event).
TRUCE_FROM = "1948-06"
#: The month Israeli armoured, mechanized and reconnaissance units begin to advance two hexes (11.6a).
MAY_1948 = "1948-05"


def name(month: str) -> str:
    """``"1948-05"`` -> ``"May 1948"``."""
    year, m = month.split("-")
    return f"{_NAMES[int(m) - 1]} {year}"


def following(month: str) -> str | None:
    """The month after *month*, or None after the last one the game has."""
    i = MONTHS.index(month)
    return MONTHS[i + 1] if i + 1 < len(MONTHS) else None


def plus(month: str, n: int) -> str:
    """*month* moved *n* months on, no later than the game's last month."""
    return MONTHS[min(len(MONTHS) - 1, MONTHS.index(month) + n)]


def mandate(month: str) -> bool:
    """Whether *month* lies in the mandate period, December 1947 to April 1948 (26.0, 2.1)."""
    return month <= MANDATE_END


def span(first: str, last: str) -> tuple[str, ...]:
    """The months from *first* to *last*, both included."""
    return tuple(m for m in MONTHS if first <= m <= last)
