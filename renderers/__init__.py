"""Pillow renderers: a game's *view* in, PNG bytes (or a text description) out.

``render_view(view)`` dispatches on ``view["game"]`` to that game's renderer package, and
``describe_view(view)`` to its ``describe`` (the picture's alt text). Renderers are pure
functions of the view (and the game's ``data/<game>/layout.json``): they never see the full
state, so they cannot draw or say a secret the view does not hold.

``render_cards(game, cards)`` draws cards by id (a hand, a card just played, a ``/rules``
answer) for a game whose renderer has ``render_cards`` (:func:`draws_cards`); a card's face is
static content, so it is the caller that decides who may see which cards.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping, Sequence
from types import ModuleType
from typing import Any

#: game slug -> module whose ``render(view, *, highlight, layout)`` draws it and whose
#: ``describe(view)`` says what the picture shows (imported on first use).
RENDERERS: dict[str, str] = {
    "confrontation": "renderers.confrontation",
    "lotr-risk": "renderers.lotr_risk",
    "minas-tirith": "renderers.minas_tirith",
    "war-of-the-ring": "renderers.war_of_the_ring",
}
#: Discord's limit for an attachment's description (alt text).
MAX_DESCRIPTION = 1024


def _module(game: str) -> ModuleType:
    try:
        module_name = RENDERERS[game]
    except KeyError:
        known = ", ".join(sorted(RENDERERS))
        raise ValueError(f"no renderer for game {game!r} (known: {known})") from None
    return importlib.import_module(module_name)


def renderer_for(game: str) -> Callable[..., bytes]:
    """The ``render`` function of ``game``'s renderer; ``ValueError`` if there is none."""
    render: Callable[..., bytes] = _module(game).render
    return render


def render_view(
    view: Mapping[str, Any], *, highlight: bool = True, layout: str = "compact", zoom: str | None = None
) -> bytes:
    """Draw ``view`` as a PNG. ``highlight`` marks the last move and the current battle;
    ``layout`` is "compact" (the default: made for Discord's inline size) or "full"; ``zoom``
    names a place to show up close (a game whose renderer has ``render_zoom``)."""
    game = str(view.get("game"))
    if zoom is not None:
        render_zoom: Callable[..., bytes] | None = getattr(_module(game), "render_zoom", None)
        if render_zoom is None:
            raise ValueError(f"the {game} renderer has no zoom")
        return render_zoom(view, zoom, layout=layout)
    return renderer_for(game)(view, highlight=highlight, layout=layout)


def draws_cards(game: str) -> bool:
    """Whether ``game``'s renderer draws its cards (has ``render_cards``)."""
    return game in RENDERERS and callable(getattr(_module(game), "render_cards", None))


def render_cards(game: str, cards: Sequence[str], lang: str = "en") -> bytes:
    """Draw ``cards`` (card ids of ``game``, in order) as one PNG in ``lang``: a hand, a played
    card, the cards of a ``/rules`` answer. ``ValueError`` if the game's renderer draws no cards."""
    if not draws_cards(game):
        raise ValueError(f"the {game} renderer draws no cards")
    render: Callable[[Sequence[str], str], bytes] = _module(game).render_cards
    return render(list(cards), lang)


def describe_cards(game: str, cards: Sequence[str], lang: str = "en") -> str:
    """What the picture of ``cards`` shows, in words (its alt text) in ``lang``, at most
    :data:`MAX_DESCRIPTION`."""
    describe: Callable[[Sequence[str], str], str] = _module(game).describe_cards
    text = describe(list(cards), lang)
    return text if len(text) <= MAX_DESCRIPTION else text[: MAX_DESCRIPTION - 1].rstrip() + "…"


def describe_view(view: Mapping[str, Any]) -> str:
    """What the picture of ``view`` shows, in words, for screen readers (Discord's attachment
    description): at most :data:`MAX_DESCRIPTION` characters, only what the view holds."""
    describe: Callable[[Mapping[str, Any]], str] = _module(str(view.get("game"))).describe
    text = describe(view)
    return text if len(text) <= MAX_DESCRIPTION else text[: MAX_DESCRIPTION - 1].rstrip() + "…"


__all__ = [
    "MAX_DESCRIPTION",
    "RENDERERS",
    "describe_cards",
    "describe_view",
    "draws_cards",
    "render_cards",
    "render_view",
    "renderer_for",
]
