"""Rulesets found by name (python-chess ``find_variant``)."""

from __future__ import annotations

from .actions import normalize
from .errors import InvalidAction
from .ruleset import Ruleset

_RULESETS: dict[str, Ruleset] = {}


def _key(name: str) -> str:
    return normalize(name).replace(" ", "_").replace("-", "_")


def register(ruleset: Ruleset) -> Ruleset:
    _RULESETS[_key(ruleset.name)] = ruleset
    return ruleset


def find(name: str) -> Ruleset:
    """The ruleset called ``name`` (slug, forgiving of case, spaces and dashes)."""
    key = _key(name)
    try:
        return _RULESETS[key]
    except KeyError:
        known = ", ".join(r.name for r in all_rulesets()) or "none"
        raise InvalidAction(f"There is no game called `{name}`. Games: {known}.") from None


def all_rulesets() -> list[Ruleset]:
    return [_RULESETS[k] for k in sorted(_RULESETS)]
