"""What a player may do now, in words, and what an action would do (tried and reverted)."""

from __future__ import annotations

from games.core import Action

from ..choices import Choice
from ..storage import ACTIVE
from .cache import MatchCache
from .entries import playing
from .live import LiveMatch


class Legality:
    """Questions about legal actions; the match is never changed."""

    def __init__(self, cache: MatchCache) -> None:
        self.cache = cache

    @staticmethod
    def choices(live: LiveMatch, role: str, lang: str = "en") -> list[Choice]:
        """The role's legal actions now, in words (his language ``lang``), each with what it does."""
        if live.state is None or live.record.status != ACTIVE:
            return []
        state, ruleset = live.state, live.ruleset
        return [
            Choice(i, a, ruleset.describe(state, role, a, lang), ruleset.explain(state, role, a, lang))
            for i, a in enumerate(live.prompt(role).actions)
        ]

    async def winners_if_resigned(self, match_id: int, user_id: int) -> list[str] | None:
        """Who would win if this player resigned now (tried on the match and reverted);
        ``None`` when the match would go on without him (Risk with three or four players)."""
        live = await self.cache.get(match_id)
        async with live.lock:
            role, _ = playing(live, user_id)
            game = live.game
            assert game is not None
            outcome = game.resign(role)
            try:
                result = game.state["result"]
                return None if result is None else list(result.get("winners", ()))
            finally:
                outcome.revert()

    @staticmethod
    def gives_up(live: LiveMatch, role: str, action: Action) -> bool:
        """Whether ``action`` gives something up for good, by the game's own rules
        (:meth:`games.core.Ruleset.gives_up`), while the player had something else to choose."""
        if live.state is None or not live.ruleset.gives_up(live.state, role, action):
            return False
        prompt = live.prompt(role)
        return len(prompt.actions) > 1 or bool(prompt.amounts)

    async def would_be_final(self, match_id: int, user_id: int, action: Action) -> bool:
        """Whether ``action`` could not be undone (it reveals, draws, ends the turn...).

        Tried on the match itself and reverted at once, under the match lock: nothing is stored.
        """
        live = await self.cache.get(match_id)
        async with live.lock:
            role, _ = playing(live, user_id)
            game = live.game
            assert game is not None
            outcome = game.submit(role, action)
            try:
                return not game.can_undo(role)
            finally:
                outcome.revert()

    @staticmethod
    def legal(live: LiveMatch, role: str, lang: str = "en") -> list[tuple[Action, str]]:
        """The role's legal actions now, each with its label as that player sees it (in ``lang``)."""
        if live.state is None or live.record.status != ACTIVE:
            return []
        state = live.state
        return [(a, live.ruleset.describe(state, role, a, lang)) for a in live.prompt(role).actions]
