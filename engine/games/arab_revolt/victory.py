"""Arab Revolt's victory (7.0) as a margin: how far the game ended from a Rebel win (issue 33, item 4).

7.0: victory is decided by British Political Will (1.10, 0 to 20); the Rebels win when it is at 0 at a victory
check (7.0.1), the British otherwise at the end of the final Propaganda Round (7.0.2). The further above 0 it
ended, the better for the British and the worse for the Rebels.
"""

from __future__ import annotations

from ...coin.margins import political_will

#: 7.0.1: Political Will 0 at a victory check is a Rebel win.
REBEL_WIN = 0

margins = political_will("rebels", REBEL_WIN, "Final Political Will (7.0): the British score it, the Rebels its negative (a Rebel win is at 0).")
