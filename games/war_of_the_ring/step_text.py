"""Small words the steps' questions share, in the language being spoken.

>>> side_words("shadow"), side_words("free")
('the Shadow', 'the Free Peoples')
"""

from __future__ import annotations

from games.core.words import the

from .i18n import english, ptr
from .roles import TITLES, side_title


def side_words(side: str) -> str:
    """A side as a sentence names it: "the Shadow"; another language by the catalog's ``side in
    a sentence`` (Danish "de Frie Folk"), the same message the log's sentences use."""
    if english() or side not in TITLES:
        return the(side_title(side))
    return ptr("side in a sentence", TITLES[side])
