"""The Siege of Minas Tirith (two players), registered as ``minas-tirith``."""

from games.core import register

from .ruleset import MinasTirith

MINAS_TIRITH = register(MinasTirith())

__all__ = ["MINAS_TIRITH", "MinasTirith"]
