"""Log event kinds of the power cards and their English words, merged into :mod:`games.lotr_risk.events`.

``KINDS`` maps each kind to its parameters and their types (as in ``events.KINDS``),
``TEMPLATES`` one sentence per kind, ``DERIVED`` words computed from several arguments, and
``QUIET`` the kinds the table need not see. This module imports nothing of ``events``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

KINDS: dict[str, dict[str, str]] = {}
TEMPLATES: dict[str, str] = {}
DERIVED: dict[str, Callable[[Mapping[str, Any], str], dict[str, str]]] = {}
QUIET: frozenset[str] = frozenset()
