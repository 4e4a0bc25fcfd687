"""Risk: The Lord of the Rings (Hasbro, 2002; Trilogy edition 2003)."""
