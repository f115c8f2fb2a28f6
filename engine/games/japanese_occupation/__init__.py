"""The British Way: Japanese Occupation (the British, Force 136 and the MPAJA against the Japanese occupation of
Malaya, 1942-1945), the second game of the Enemy of My Enemy expansion. Rules:
rules/british-way-enemy-of-my-enemy.txt, Japanese Occupation (L1101-2188); issue 30.

So far only the static data (``data/``: map, components, setup and rulings, each fact with its source). The
game is not registered yet: no board, rules or procedures.
"""
