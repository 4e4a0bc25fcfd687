"""Event cards in play (§7, issue 19): the handlers of the 96 Events, by deck (:mod:`.fpc`,
:mod:`.fps`, :mod:`.shc`, :mod:`.shs`), their contract (:mod:`.base`), shared builders for card
families (:mod:`.builders`), playing a card (:mod:`.play`) and the procedure ``event``
(:mod:`.step`)."""
