"""The British Way: Kenya (British vs the Mau Mau, 1952-1956), the third game of The British Way. Rules:
rules/british-way.txt, Kenya (L2196-3180); issue 28.

Only the static data is here so far (``data/``: map, components, setup, cards and rulings, each fact with its
source). The game is not registered and cannot be played until its rules are built.
"""
