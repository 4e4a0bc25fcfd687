"""Pillow renderers: a game's *view* in, PNG bytes out.

``render_view(view)`` dispatches on ``view["game"]`` to that game's renderer package. Renderers
are pure functions of the view (and the game's ``data/<game>/layout.json``): they never see
the full state, so they cannot draw a secret the view does not hold.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from typing import Any, Protocol


class _Renderer(Protocol):
    def __call__(self, view: Mapping[str, Any], *, highlight: bool = True) -> bytes: ...


#: game slug -> module whose ``render(view, *, highlight)`` draws it (imported on first use).
RENDERERS: dict[str, str] = {
    "confrontation": "renderers.confrontation",
}


def renderer_for(game: str) -> Callable[..., bytes]:
    """The ``render`` function of ``game``'s renderer; ``ValueError`` if there is none."""
    try:
        module_name = RENDERERS[game]
    except KeyError:
        known = ", ".join(sorted(RENDERERS))
        raise ValueError(f"no renderer for game {game!r} (known: {known})") from None
    render: _Renderer = importlib.import_module(module_name).render
    return render


def render_view(view: Mapping[str, Any], *, highlight: bool = True) -> bytes:
    """Draw ``view`` as a PNG. ``highlight`` marks the last move and the current battle."""
    return renderer_for(str(view.get("game")))(view, highlight=highlight)


__all__ = ["RENDERERS", "render_view", "renderer_for"]
