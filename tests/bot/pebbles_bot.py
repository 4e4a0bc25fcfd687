"""The real bot (``bot.__main__``) with the toy game Pebbles registered as well.

Only the end-to-end tests start this, to drive the bot layer with a game whose rules they know.
"""

from __future__ import annotations

import sys

from bot.__main__ import main
from games.core import register
from tests.support.toy_game import PEBBLES

if __name__ == "__main__":
    register(PEBBLES)
    sys.exit(main())
