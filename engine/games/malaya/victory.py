"""Malaya's victory (7.0) as a margin: how far the game ended from the tie at Political Will 10 (issue 33,
item 4).

7.0: victory is decided by British Political Will (1.10, 0 to 20): the MCP win early at 0-2 and the British at
18-20 (7.0.1); at the end the MCP win below 10, the British above 10, and exactly 10 is a tie (7.0.2). The
margin is measured from 10: positive for the side that won, 0 for both in a tie.
"""

from __future__ import annotations

from ...coin.margins import political_will

#: 7.0.2: Political Will exactly 10 at the end is a tie.
TIE = 10

margins = political_will("mcp", TIE, "Final Political Will less 10 (7.0.2): the British score it, the MCP its negative.")
