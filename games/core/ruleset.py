"""The contract every game implements, and the state envelope all games share.

A game state is a JSON-pure ``dict``. The core owns these keys; a game adds its own:

``game``     the ruleset's slug          ``options``  the options chosen at setup
``roles``    the seats' roles, in order  ``rng``      the PRNG integer (never shown)
``seq``      number of actions applied   ``log``      events, projected per audience
``result``   ``None`` or ``{"winners": [...], "reason": "..."}``
``undo``     snapshots for the undo policy (never shown)
``stack``    the flow stack of decision frames (see :mod:`games.core.flow`)
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar

from .actions import Action, normalize
from .errors import AmbiguousAction, IllegalAction, InvalidAction
from .rng import seed_state

State = dict[str, Any]
View = dict[str, Any]

#: Keys that views must never expose.
PRIVATE_KEYS = frozenset({"rng", "undo", "_barrier"})


@dataclass(frozen=True, slots=True)
class OptionSpec:
    """One setup option: its allowed values, default and a line of help."""

    name: str
    choices: tuple[str, ...]
    default: str
    help: str
    labels: Mapping[str, str] = field(default_factory=dict)

    def label(self, value: str) -> str:
        return self.labels.get(value, value)


@dataclass(frozen=True, slots=True)
class Prompt:
    """What a role may do now: an instruction (or a waiting text) and the legal actions."""

    text: str
    actions: tuple[Action, ...] = ()


@dataclass(frozen=True, slots=True)
class CommandParam:
    """One argument of a typed command: it fills ``Action.args[index]``."""

    name: str
    description: str


@dataclass(frozen=True, slots=True)
class CommandSpec:
    """A typed, player-friendly command for one verb (``/confrontation move character to``).

    The bot builds a slash command from each spec; autocomplete for parameter ``i`` lists the
    distinct ``args[i]`` of the role's legal actions with this verb that match the earlier
    parameters. UI metadata only: legality still comes from ``prompt``.
    """

    name: str
    verb: str
    description: str
    params: tuple[CommandParam, ...] = ()


def new_state(game: str, seed: int, options: Mapping[str, str], roles: tuple[str, ...]) -> State:
    """The shared envelope of a fresh game state."""
    return {
        "game": game,
        "options": dict(options),
        "roles": list(roles),
        "rng": seed_state(seed),
        "seq": 0,
        "log": [],
        "result": None,
        "undo": [],
        "stack": [],
    }


def emit(state: State, public: str, private: Mapping[str, str] | None = None) -> None:
    """Log an event. ``public`` is what everyone sees; ``private`` overrides it per role.

    Public text must never name a hidden piece or card: that is what ``private`` is for.
    """
    event: dict[str, Any] = {"seq": state["seq"], "text": public}
    if private:
        event["for"] = dict(private)
    state["log"].append(event)


def project_event(event: Mapping[str, Any], role: str | None) -> str:
    """The text of one event as ``role`` (``None``: the public) may see it."""
    if role is not None:
        own = event.get("for", {}).get(role)
        if own is not None:
            return str(own)
    return str(event["text"])


def project_log(state: State, role: str | None, since_seq: int = 0) -> list[str]:
    """The log as ``role`` may see it, from the action numbered ``since_seq`` on."""
    return [project_event(e, role) for e in state["log"] if e["seq"] >= since_seq]


def finish(state: State, winners: list[str], reason: str) -> None:
    """End the game. ``winners`` may be empty (a draw)."""
    state["result"] = {"winners": list(winners), "reason": reason}
    state["stack"] = []


class Ruleset(ABC):
    """One game, found by name in the registry."""

    name: ClassVar[str]
    title: ClassVar[str]
    options: ClassVar[tuple[OptionSpec, ...]] = ()
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 2
    #: Typed commands offered on Discord besides the universal ``/game act``.
    commands: ClassVar[tuple[CommandSpec, ...]] = ()

    # -- setup -------------------------------------------------------------
    def resolve_options(self, chosen: Mapping[str, str] | None) -> dict[str, str]:
        """Fill defaults and validate values; raises ``InvalidAction`` with a friendly text."""
        chosen = dict(chosen or {})
        resolved: dict[str, str] = {}
        for spec in self.options:
            value = chosen.pop(spec.name, spec.default)
            if value not in spec.choices:
                allowed = ", ".join(spec.choices)
                raise InvalidAction(f"`{value}` is not a choice for {spec.name}: use one of {allowed}.")
            resolved[spec.name] = value
        if chosen:
            raise InvalidAction(f"{self.title} has no option named {', '.join(sorted(chosen))}.")
        return resolved

    @abstractmethod
    def roles(self, options: Mapping[str, str], players: int) -> tuple[str, ...]:
        """The roles seated for these options and this many players, in seat order."""

    def role_title(self, role: str) -> str:
        return role.replace("_", " ").title()

    @abstractmethod
    def setup(self, seed: int, options: Mapping[str, str], players: int) -> State:
        """A fresh state; options are already resolved."""

    # -- play ----------------------------------------------------------------
    @abstractmethod
    def active(self, state: State) -> frozenset[str]:
        """Roles expected to act now (several: a simultaneous decision). Empty when over."""

    @abstractmethod
    def prompt(self, state: State, role: str) -> Prompt:
        """The single source of legality: what ``role`` may do now, or what it waits for."""

    @abstractmethod
    def apply(self, state: State, role: str, action: Action) -> None:
        """Apply a legal action in place. Called only with an action from ``prompt``."""

    def describe(self, state: State, role: str, action: Action) -> str:
        """A label for ``action`` as its own player sees it (buttons, autocomplete)."""
        return action.text

    def describe_arg(self, state: State, role: str, verb: str, index: int, value: str) -> str:
        """A label for one argument value (autocomplete), e.g. ``eregion`` -> ``Eregion``."""
        return value.replace("-", " ").replace("_", " ").title()

    def parse(self, state: State, role: str, text: str) -> Action:
        """Read a typed action. Accepts the canonical notation or a unique prefix of it."""
        wanted = Action.from_text(text)
        legal = self.prompt(state, role).actions
        if wanted in legal:
            return wanted
        labels = {a: normalize(self.describe(state, role, a)) for a in legal}
        by_label = [a for a, label in labels.items() if label == normalize(text)]
        if len(by_label) == 1:
            return by_label[0]
        prefixed = [a for a in legal if a.text.startswith(wanted.text)]
        if len(prefixed) == 1:
            return prefixed[0]
        if len(prefixed) > 1:
            shown = ", ".join(f"`{a.text}`" for a in prefixed[:5])
            raise AmbiguousAction(f"`{wanted.text}` could mean several actions: {shown}…")
        verbs = {a.verb for a in legal}
        if wanted.verb in verbs:
            raise IllegalAction(f"`{wanted.text}` is not allowed now. {self.prompt(state, role).text}")
        if wanted.verb in self.verbs():
            raise IllegalAction(f"You cannot `{wanted.verb}` now. {self.prompt(state, role).text}")
        raise InvalidAction(f"`{wanted.text}` is not an action of {self.title}.")

    def verbs(self) -> frozenset[str]:
        """Every verb this game knows (to tell an illegal action from a garbled one)."""
        return frozenset()

    # -- views ---------------------------------------------------------------
    @abstractmethod
    def view(self, state: State, role: str | None) -> View:
        """What ``role`` may know (``None``: a spectator). Never secrets of others."""

    def check_invariants(self, state: State) -> list[str]:
        """Problems found in ``state`` (empty when sound)."""
        return []

    def final_reveal(self, state: State) -> View:
        """The view shown to everyone once the game is over (all secrets revealed)."""
        return self.view(state, None)
