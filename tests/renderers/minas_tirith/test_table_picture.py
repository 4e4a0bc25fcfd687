"""The picture the table posts is a function of the public view's content, not of the order a
stored state's mappings come back in (the bot draws from memory, a restart from the database)."""

from __future__ import annotations

from renderers.minas_tirith import panels
from renderers.minas_tirith.layout import load_layout

from . import samples


def test_the_last_battles_losses_read_the_same_in_any_mapping_order() -> None:
    view = samples.setup()
    layout = load_layout("compact")
    last = {"kind": "land", "from": "causeway_forts", "to": "causeway", "role": "good"}
    one = panels.last_text({**view, "last": {**last, "losses": {"good": 1, "evil": 2}}}, layout)
    other = panels.last_text({**view, "last": {**last, "losses": {"evil": 2, "good": 1}}}, layout)
    assert one == other and "Gondor loses 1, Mordor loses 2" in one, (one, other)


def test_the_description_names_the_last_moves_spaces_mid_sentence_as_the_words_do() -> None:
    from renderers.minas_tirith import describe

    view = samples.setup()
    last = {"kind": "land", "from": "rammas_south", "to": "harlond", "role": "evil"}
    text = describe({**view, "last": {**last, "dice": {"attack": [4, 1], "defence": [4, 2]}}})
    assert "Last: attack from the Southern Rammas to the Harlond" in text, text
