"""Minas Tirith: the two-player siege game printed on the back of the Gondor & Mordor expansion board of
Risk: The Lord of the Rings (Hasbro, 2003). Board and cards are a documented reconstruction
(docs/rules/minas_tirith.md)."""
