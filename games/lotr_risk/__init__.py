"""Risk: The Lord of the Rings (Hasbro, 2002; Trilogy edition 2003)."""

from games.core import register

from .ruleset import LotrRisk

LOTR_RISK = register(LotrRisk())

__all__ = ["LOTR_RISK", "LotrRisk"]
