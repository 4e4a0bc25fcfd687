"""Palantír on Discord: the adapter between Discord and the game engine (``python -m bot``)."""
