"""Rulesets found by name (python-chess ``find_variant``)."""

from __future__ import annotations

from .actions import normalize
from .errors import InvalidAction
from .ruleset import Ruleset

_RULESETS: dict[str, Ruleset] = {}


def register(ruleset: Ruleset) -> Ruleset:
    _RULESETS[ruleset.name] = ruleset
    return ruleset


def find(name: str) -> Ruleset:
    """The ruleset called ``name`` (slug, forgiving of case, spaces and dashes)."""
    key = normalize(name).replace(" ", "_").replace("-", "_")
    try:
        return _RULESETS[key]
    except KeyError:
        known = ", ".join(sorted(_RULESETS)) or "none"
        raise InvalidAction(f"There is no game called `{name}`. Games: {known}.") from None


def all_rulesets() -> list[Ruleset]:
    return [_RULESETS[k] for k in sorted(_RULESETS)]
