"""The eight Capability cards (5.3). Putting one in play records its side; the effects live where the
rules they change live:

- P9 Ernest Bevin: unshaded in ``events.common.star_loss`` (starred Events, 5.4); shaded in
  ``operation.base_spaces`` (British Operations in 2 spaces).
- P13 Palmach: ``operation.base_spaces`` (Haganah extra space at 4 lost / also at 3).
- P17 Bevingrads: unshaded in Sabotage's Terror (one marker); shaded in Search in Cities (4 cubes).
- P18 6th Airborne: Assault (one piece per Troop / Cells to Available) and Mass Detention.
- P23 Road Mines: Patrol (two removal spaces / Police lost on 1-3 moving into Sabotage).
- P25 Menachem Begin: Assault's Cache bonus (+2 PW, two chits) / Propagandize (-2 PW).
- P29 Curfews: start of Reset in ``propaganda``.
- P32 Weapon Factories: Sabotage (a natural 1 loses the Cell) / Rob (no roll).
"""

from __future__ import annotations

from .base import capability

for _cid in ("P9", "P13", "P17", "P18", "P23", "P25", "P29", "P32"):
    capability(_cid, "unshaded")
    capability(_cid, "shaded")
