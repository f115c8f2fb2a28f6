"""Cyprus's victory (7.0) as a margin: how far the game ended from an EOKA win (issue 33, item 4).

7.0: victory is decided by British Political Will (1.8, 0 to 15); EOKA win when it is at 0 at a victory check
(7.0.1), the British otherwise at the end of the final Propaganda Round (7.0.2). The further above 0 it ended,
the better for the British and the worse for EOKA.
"""

from __future__ import annotations

from ...coin.margins import political_will

#: 7.0.1: Political Will 0 at a victory check is an EOKA win.
EOKA_WIN = 0

margins = political_will("eoka", EOKA_WIN, "Final Political Will (7.0): the British score it, EOKA its negative (an EOKA win is at 0).")
