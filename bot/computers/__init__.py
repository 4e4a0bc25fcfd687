"""Computer players at the table: who a computer seat is (:mod:`.identity`), its thinking in
worker processes (:mod:`.thinking`), the seats it takes (:mod:`.seats`), the loop that plays
its turns through the entry pipeline (:mod:`.driver`) and the zombie vote (:mod:`.zombie`).
See docs/computer-players.md."""
