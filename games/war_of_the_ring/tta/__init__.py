"""Twilight of the Third Age (issue 21): the War of the Ring module, as independent switches.

- :mod:`.switches`: the lobby options (a preset and the switches), their dependencies (D3) and
  which parts are playable yet;
- :mod:`.content`: the module's pieces, characters, tiles and cards (``data/war_of_the_ring/tta_*.json``);
- :mod:`.setup`: the set-up of every switch (pools, set-aside pieces, decks of 26, swaps);
- :mod:`.state`: the ``tta`` key of the state and its invariants;
- :mod:`.positions`: the ``tta`` key of a described position;
- :mod:`.engines`: Siege Towers and Trebuchets (§1.3, D7-D13).

With every switch off the state has no ``tta`` key and the game is exactly the base game.
"""
