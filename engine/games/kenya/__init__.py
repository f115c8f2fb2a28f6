"""The British Way: Kenya (British vs the Mau Mau, 1952-1956), the third game of The British Way. Rules:
rules/british-way.txt, Kenya (L2196-3180); issue 28.

Here so far: the static data (``data/``: map, components, setup, cards, rulings and the board's layout, each
fact with its source), the board (``board``: spaces, forces, Population, Control with its Political Will
effects, Loyalty/Resistance, Terror, the Pipeline, Resources, Out of Play), own pieces from the map
(``own_pieces``, 1.4.1), the setup (``setup.initial_state``), the view, facts, invariants and refusal words.
The game is not registered (no GameDefinition) and cannot be played until its Operations, Special
Activities, Events, Propaganda Round and turn sequence are built.
"""
