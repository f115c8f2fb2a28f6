"""How many forces of a kind a space holds in the Cell games, Palestine and Cyprus (rule 1.4 of each): their
space counts are alike, ``troops`` and ``police`` (the British cubes), ``cells_u`` and ``cells_a`` (Underground
and Active Cells, 1.4.3) and ``caches`` (Arms Caches). Each game's board module binds these under its own
names (``B.eoka_pieces``, ``B.irgun_pieces``), which the Cell games' Operations and refusal words ask (how a
count is said: engine.coin.cell_words)."""

from __future__ import annotations


def cells(x: dict) -> int:
    """Cells, Underground and Active (1.4.3), in the space counts *x*."""
    return x["cells_u"] + x["cells_a"]


def cubes(x: dict) -> int:
    """British cubes, Troops and Police: all the British forces (1.4)."""
    return x["troops"] + x["police"]


def insurgent_pieces(x: dict) -> int:
    """The insurgent faction's forces (Irgun, EOKA): Cells and Arms Caches (1.4; what Deploy and Assault count)."""
    return x["cells_u"] + x["cells_a"] + x["caches"]
