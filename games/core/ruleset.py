"""The contract every game implements, and the state envelope all games share.

A game state is a JSON-pure ``dict`` (tracked, see :mod:`games.core.journal`). The core owns
these keys; a game adds its own:

``game``     the ruleset's slug          ``options``  the options chosen at setup
``roles``    the seats' roles, in order  ``rng``      the PRNG integer (never shown)
``seq``      number of actions applied   ``log``      events as data (:mod:`games.core.events`)
``result``   ``None`` or ``{"winners": [...], "reason": kind, "args": {...}}``
``stack``    the flow stack of decision frames (see :mod:`games.core.flow`)

Undo history is not part of the state: the runner (:class:`games.core.match.Match`) keeps it.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

from .actions import Action, normalize
from .errors import AmbiguousAction, IllegalAction, InvalidAction
from .events import Event, Presenter, project
from .i18n import LOCALES, SOURCE, TRANSLATED, CatalogTables, Domain, Rendered, best
from .journal import EventLog
from .rng import seed_state

State = dict[str, Any]
View = dict[str, Any]

#: Keys that views must never expose.
PRIVATE_KEYS = frozenset({"rng"})

#: What the core itself says (``data/locale/<language>/LC_MESSAGES/core.po``).
CORE = Domain("core")

#: Event kinds the core itself logs (resignation, timeouts), for every game.
CORE_EVENTS: dict[str, dict[str, str]] = {"resigned": {"role": "role"}, "timed_out": {"role": "role"}}
#: Their words, per language, from the ``core`` catalog (the event kind is the context).
CORE_TEMPLATES = CatalogTables(
    "core", {"resigned": "{role:cap} resigned.", "timed_out": "{role:cap} ran out of time."}
)
#: Result reasons the core itself gives.
CORE_REASONS = CatalogTables("core", {"resigned": "{role} resigned", "timeout": "{role} ran out of time"})
#: What the core itself says in a prompt (the context is the key).
CORE_PHRASES = CatalogTables("core", {"over": "The game is over."})


class InvalidPosition(ValueError):
    """A described position that cannot exist; the message names what is wrong."""


@dataclass(frozen=True, slots=True)
class OptionSpec:
    """One setup option: its allowed values, default and a line of help (at most 100 characters,
    Discord's limit for a command option's description)."""

    name: str
    choices: tuple[str, ...]
    default: str
    help: str
    labels: Mapping[str, str] = field(default_factory=dict)
    #: How the option is named for players ("Special cards"); defaults to the name, capitalised.
    heading: str = ""
    #: Whether the option matters with these (resolved) options; the lobby shows only those.
    when: Callable[[Mapping[str, str]], bool] | None = None

    def applies(self, options: Mapping[str, str]) -> bool:
        return self.when is None or self.when(options)

    def label(self, value: str) -> str:
        return self.labels.get(value, value)

    @property
    def title(self) -> str:
        return self.heading or self.name.replace("_", " ").capitalize()


#: The message contexts of a setup option's words in its game's catalog: the slash-command
#: translator's (Discord shows them in ``/<game> new``), and the bot's for the lobby and the
#: autocomplete of ``/game new``.
OPTION_HEADING, OPTION_HELP, OPTION_CHOICE = "option heading", "option description", "choice"


def option_messages(options: Sequence[OptionSpec], game: str) -> list[tuple[str, str, str]]:
    """``(context, English, comment)`` of every word of a game's setup ``options`` (its heading,
    its help and each choice's label), for the game's catalog: a game lists them with the rest
    of its names (``catalog_entries()`` or ``catalog_messages()``)."""
    found = []
    for spec in options:
        found.append((OPTION_HEADING, spec.title, f"/{game} new: the heading of option {spec.name}"))
        found.append((OPTION_HELP, spec.help, f"/{game} new {spec.name}:"))
        found += [(OPTION_CHOICE, spec.label(c), f"/{game} new {spec.name}:{c}") for c in spec.choices]
    return found


@dataclass(frozen=True, slots=True)
class Amount:
    """Any count from ``low`` to ``high`` completes ``verb *args <count>`` ("place rohan 7").

    A prompt cannot list every count for every choice, so it lists a few (always ``low`` and
    ``high``) and declares the whole range; :meth:`Prompt.allows` accepts every count in it.
    """

    verb: str
    args: tuple[str, ...]
    low: int
    high: int
    #: Whether ``high`` reads as "all" and ``low`` as "the fewest" (a number of pieces to take
    #: along); ``False`` when the count is a threshold whose label says what it means ("stop at 3").
    extremes_named: bool = True

    def admits(self, action: Action) -> bool:
        if action.verb != self.verb or len(action.args) != len(self.args) + 1:
            return False
        if action.args[: len(self.args)] != self.args:
            return False
        count = action.args[-1]  # ASCII digits only ("²".isdigit() is true, int("²") fails)
        return count.isascii() and count.isdigit() and self.low <= int(count) <= self.high

    def counts(self) -> range:
        return range(self.low, self.high + 1)


@dataclass(frozen=True, slots=True)
class Prompt:
    """What a role may do now: an instruction (or a waiting text) and the legal actions.

    ``kind`` names the question (``move``, ``combat_card``...; ``waiting`` for a role that is
    not asked anything, ``over`` when the game has ended) so that software can tell two
    questions with the same verbs apart; ``title`` is a heading with its context, e.g.
    "Combat card for Aragorn against Saruman (4)".
    """

    text: str
    actions: tuple[Action, ...] = ()
    kind: str = "waiting"
    title: str = ""
    #: Counts chosen by the player: every count in each range is legal, listed or not.
    amounts: tuple[Amount, ...] = ()
    #: ``False`` when this wait continues an exchange the player is already in (a defender
    #: asked again in the same attack): the table does not mention him again.
    ping: bool = True

    def allows(self, action: Action) -> bool:
        """Whether ``action`` is legal by this prompt: listed, or a count in one of its ranges."""
        return action in self.actions or any(a.admits(action) for a in self.amounts)

    def verbs(self) -> tuple[str, ...]:
        """The verbs offered, in the order of their first action."""
        return tuple(dict.fromkeys(a.verb for a in self.actions))

    def values(self, verb: str, index: int, filled: Sequence[str | None] = ()) -> tuple[str, ...]:
        """Distinct ``args[index]`` of the actions with ``verb`` whose earlier arguments agree
        with ``filled`` (``None`` or empty: anything)."""
        seen: dict[str, None] = {}
        for action in self.actions:
            if action.verb != verb or len(action.args) <= index:
                continue
            if any(
                want and normalize(want) != arg
                for want, arg in zip(filled[:index], action.args, strict=False)
            ):
                continue
            seen.setdefault(action.args[index])
        for amount in self.amounts:
            if amount.verb != verb or index != len(amount.args):
                continue
            if any(
                want and normalize(want) != arg
                for want, arg in zip(filled[:index], amount.args, strict=False)
            ):
                continue
            for count in amount.counts():
                seen.setdefault(str(count))
        return tuple(seen)


@dataclass(frozen=True, slots=True)
class RuleTopic:
    """One entry of a game's ``/rules``: a character, card or rule, with what it does."""

    slug: str
    title: str
    text: str
    #: What kind of thing it is ("Fellowship character", "Sauron combat card"...).
    kind: str = ""
    #: The cards it is about, drawn beside its text (card ids of the game's renderer): a card's
    #: own topic, or those that carry a Combat card. Empty for a rule or a character.
    cards: tuple[str, ...] = ()


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
    #: A subcommand group (``/wotr army move``) for games with more verbs than one level holds
    #: (Discord: 25 per level); empty for a plain subcommand (``/risk attack``).
    group: str = ""

    @property
    def path(self) -> str:
        """The command under the game's group: ``"army move"`` or ``"attack"``."""
        return f"{self.group} {self.name}".strip()


def new_state(game: str, seed: int, options: Mapping[str, str], roles: tuple[str, ...]) -> State:
    """The shared envelope of a fresh game state, in plain containers.

    The ruleset alone (set-up, positions, a computer player's search) runs at plain-dict speed;
    the runner tracks the state it is given once (:class:`~games.core.match.Match`), so that it
    can journal every action.
    """
    state: State = {
        "game": game,
        "options": dict(options),
        "roles": list(roles),
        "rng": seed_state(seed),
        "seq": 0,
        "log": EventLog(),
        "result": None,
        "stack": [],
    }
    return state


def finish(state: State, winners: Sequence[str], reason: str, args: Mapping[str, Any] | None = None) -> None:
    """End the game. ``winners`` may be empty (a draw); ``reason`` is a result kind with ``args``."""
    state["result"] = {"winners": list(winners), "reason": reason, "args": dict(args or {})}
    state["stack"] = []


class Ruleset(ABC):
    """One game, found by name in the registry.

    Every method that returns words a player reads takes ``lang`` (``"en"``, ``"da"``, ``"ja"``,
    ``"zh-CN"``: :data:`games.core.i18n.LOCALES`) as its last parameter, ``"en"`` by default;
    a game says them in that language from its catalog (the domain named after its package),
    English where it has no translation. Slugs, notation and what :meth:`parse` accepts never
    depend on the language. See ``docs/i18n.md``.
    """

    name: ClassVar[str]
    title: ClassVar[str]
    options: ClassVar[tuple[OptionSpec, ...]] = ()
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 2
    #: Typed commands offered on Discord besides the universal ``/game act``.
    commands: ClassVar[tuple[CommandSpec, ...]] = ()
    #: The name of the game's command group on Discord (``/risk``); defaults to ``name``.
    command_group: ClassVar[str] = ""

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

    def notice(self, options: Mapping[str, str], lang: str = "en") -> str:
        """One or two sentences the lobby and the living status show for these options, or "":
        what players must know before they sit down (a reconstructed board or module)."""
        return ""

    def seats(self, options: Mapping[str, str]) -> tuple[int, int]:
        """``(fewest, most)`` players for these options: a lobby starts by itself when it has
        the most, and its creator may start it early with the fewest. A game whose options fix
        the count (``players``) narrows the class-wide range here."""
        return self.min_players, self.max_players

    @abstractmethod
    def roles(self, options: Mapping[str, str], players: int) -> tuple[str, ...]:
        """The roles seated for these options and this many players, in seat order."""

    def role_title(self, role: str, lang: str = "en") -> str:
        return role.replace("_", " ").title()

    def role_name(self, role: str, lang: str = "en") -> str:
        """The role as a sentence names it ("Waiting for the Free Peoples and the Shadow",
        "Sauron"): by default its title."""
        return self.role_title(role, lang)

    @abstractmethod
    def setup(self, seed: int, options: Mapping[str, str], players: int) -> State:
        """A fresh state; options are already resolved."""

    # -- play ----------------------------------------------------------------
    @abstractmethod
    def active(self, state: State) -> frozenset[str]:
        """Roles expected to act now (several: a simultaneous decision). Empty when over."""

    @abstractmethod
    def prompt(self, state: State, role: str, lang: str = "en") -> Prompt:
        """The single source of legality: what ``role`` may do now, or what it waits for.

        Its words (``text``, ``title``) are in ``lang``; its actions never depend on it."""

    def legal_actions(self, state: State, role: str) -> tuple[Action, ...]:
        """The legal actions of ``role`` without the prompt's words (computer players, fuzzers)."""
        return self.prompt(state, role).actions

    def is_legal(self, state: State, role: str, action: Action) -> bool:
        """Whether ``role`` may take ``action`` now (python-chess ``move in board.legal_moves``).

        The default looks ``action`` up in :meth:`prompt`; a game may answer directly where
        listing every action would cost more, but never disagree with the list.
        """
        return role in self.active(state) and self.prompt(state, role).allows(action)

    @abstractmethod
    def apply(self, state: State, role: str, action: Action) -> None:
        """Apply a legal action in place. Called only with an action that :meth:`is_legal`."""

    def describe(self, state: State, role: str, action: Action, lang: str = "en") -> str:
        """A label for ``action`` as its own player sees it (buttons, autocomplete)."""
        return action.text

    def describe_group(self, state: State, role: str, verb: str, first: str, lang: str = "en") -> str:
        """A label for the actions with ``verb`` whose first argument is ``first``, chosen as a
        first step when a list is long ("Place Frodo…")."""
        return (
            f"{verb.replace('-', ' ').capitalize()} {self.describe_arg(state, role, verb, 0, first, lang)}…"
        )

    def explain(self, state: State, role: str, action: Action, lang: str = "en") -> str:
        """What ``action`` does, in a short sentence (a card's or ability's effect); may be empty."""
        return ""

    def gives_up(self, state: State, role: str, action: Action) -> bool:
        """Whether ``action`` (legal now) ends ``role``'s turn early or gives something up for
        good: passing, skipping a die, letting a chance go by. Players are asked to confirm
        such an action by default, never an ordinary move, roll or claim (the bot asks only
        when there was something else to choose and it cannot be undone). Default: nothing."""
        return False

    def describe_arg(
        self, state: State, role: str, verb: str, index: int, value: str, lang: str = "en"
    ) -> str:
        """A label for one argument value (autocomplete), e.g. ``eregion`` -> ``Eregion``."""
        return value.replace("-", " ").replace("_", " ").title()

    def resigned(self, state: State, role: str) -> None:
        """``role`` has resigned (logged already): end the game. By default every other role
        wins; a game of more players may decide otherwise (on the scores...)."""
        finish(state, [r for r in state["roles"] if r != role], "resigned", {"role": role})

    def still_playing(self, state: State, role: str) -> bool:
        """Whether ``role`` is still in the game (a game of more players may have dropped or
        eliminated him while the others play on): only he may still resign or time out."""
        return True

    def timed_out(self, state: State, role: str) -> None:
        """``role``'s time bank ran out (logged already). By default he loses on time: every
        other role wins. A game of more players may drop him and play on instead."""
        finish(state, [r for r in state["roles"] if r != role], "timeout", {"role": role})

    def parse(self, state: State, role: str, text: str) -> Action:
        """Read a typed action. Accepts the canonical notation or a unique prefix of it."""
        wanted = Action.from_text(text)
        prompt = self.prompt(state, role)
        legal = prompt.actions
        if prompt.allows(wanted):
            return wanted
        labels = {a: normalize(self.describe(state, role, a)) for a in legal}
        by_label = [a for a, label in labels.items() if label == normalize(text)]
        if len(by_label) == 1:
            return by_label[0]
        prefixed = [a for a in legal if a.text.startswith(wanted.text)]
        last = wanted.args[-1] if wanted.args else wanted.verb
        if last in self.whole_words():  # "causeway" names a place: never "causeway_forts"
            prefixed = [a for a in prefixed if a.text[len(wanted.text) :][:1] in ("", " ")]
        if len(prefixed) == 1:
            return prefixed[0]
        if len(prefixed) > 1:
            shown = ", ".join(f"`{a.text}`" for a in prefixed[:5])
            raise AmbiguousAction(
                CORE.msg("`{action}` could mean several actions: {shown}…", action=wanted.text, shown=shown)
            )
        verbs = {a.verb for a in legal}
        # A refusal is said in its reader's language, which only the reply knows: it is put
        # into every language now, while the position it speaks of is at hand.
        if wanted.verb in verbs or wanted.verb in self.verbs():
            why = self.refusal(state, role, wanted)
            if why is not None:
                said = {lang: self.refusal(state, role, wanted, lang) or why for lang in TRANSLATED}
                raise IllegalAction(Rendered({SOURCE: why, **said}))
            asked = Rendered({lang: self.prompt(state, role, lang).text for lang in LOCALES})
            if wanted.verb in verbs:
                raise IllegalAction(
                    CORE.msg("`{action}` is not allowed now. {asked}", action=wanted.text, asked=asked)
                )
            raise IllegalAction(CORE.msg("You cannot `{verb}` now. {asked}", verb=wanted.verb, asked=asked))
        raise InvalidAction(
            CORE.msg("`{action}` is not an action of {game}.", action=wanted.text, game=self.title)
        )

    def verbs(self) -> frozenset[str]:
        """Every verb this game knows (to tell an illegal action from a garbled one)."""
        return frozenset()

    def whole_words(self) -> frozenset[str]:
        """Slugs a typed action may name (places, cards, pieces): typed in full, such a word is
        taken whole, never as the start of a longer slug (default: the slugs of ``places``)."""
        return frozenset(slug for slug, _ in self.places())

    def refusal(self, state: State, role: str, action: Action, lang: str = "en") -> str | None:
        """Why ``role`` may not take ``action`` (a verb of this game) now, in words for him: what
        is wrong and what is allowed. ``None`` (the default): :meth:`parse` gives its generic
        words. Only what ``role`` may know, never another role's secrets."""
        return None

    # -- events and words ----------------------------------------------------
    #: Puts this game's events into words (``None``: the game logs only core events).
    presenter: ClassVar[Presenter | None] = None
    #: Event kinds that only acknowledge a hidden step ("Sauron has chosen a card."): the table
    #: posts nothing for an entry whose public events are all of these.
    quiet_events: ClassVar[frozenset[str]] = frozenset()
    #: Event kinds that change nothing a board shows worth a new picture (a die skipped, a pass,
    #: a card discarded face down): a post that tells only these carries no board.
    boardless_events: ClassVar[frozenset[str]] = frozenset()
    #: Event kinds that announce the result: the final post gives the result once, in its place.
    result_events: ClassVar[frozenset[str]] = frozenset()
    #: ``kind -> summing kind``: the log in words leaves out the events of ``kind`` when an
    #: event of the summing kind is among the same lines (see :meth:`log_lines`).
    folded_by: ClassVar[Mapping[str, str]] = {}

    def narrate(
        self, kind: str, args: Mapping[str, Any], audience: str | None = None, lang: str = "en"
    ) -> str:
        """One projected event in words for ``audience``."""
        if kind in CORE_EVENTS:
            return CORE_TEMPLATES[best(lang)][kind].format_map(_CoreWords(self, args, lang))
        if self.presenter is None:
            raise KeyError(f"{self.name} has no presenter for {kind!r}")
        return self.presenter.text(kind, args, audience, lang)

    def event_text(self, event: Event, audience: str | None, lang: str = "en") -> str:
        kind, args = project(event, audience)
        return self.narrate(kind, args, audience, lang)

    def events_since(self, state: Mapping[str, Any], since_seq: int = 0) -> list[Event]:
        """The logged events (as data, not yet projected for an audience) from the action
        numbered ``since_seq`` on: what a thread post from there tells."""
        return [e for e in state.get("log", ()) if e["seq"] >= since_seq]

    def turn_number(self, state: Mapping[str, Any]) -> int | None:
        """The number of the turn being played, for a match's status line; ``None`` for a
        game that does not number its turns (the default reads ``turn.number`` if the state
        keeps one)."""
        turn = state.get("turn")
        return int(turn["number"]) if isinstance(turn, dict) and "number" in turn else None

    def log_lines(
        self, state: State, audience: str | None, since_seq: int = 0, lang: str = "en"
    ) -> list[str]:
        """The log as ``audience`` may see it, in words, from the action numbered ``since_seq`` on.

        Events of a kind in :attr:`folded_by` are left out when the event that sums them up is
        among the same lines (one "all starting battalions are placed" for sixty steps).
        """
        events = [e for e in state["log"] if e["seq"] >= since_seq]
        if self.folded_by:
            summed = {e["kind"] for e in events}
            events = [e for e in events if self.folded_by.get(e["kind"]) not in summed]
        return [self.event_text(e, audience, lang) for e in events]

    def result_text(self, result: Mapping[str, Any], lang: str = "en") -> str:
        """Why the game ended, in words, without a final full stop ("the Ring-bearer fell")."""
        reason, args = str(result.get("reason") or ""), result.get("args") or {}
        if reason in CORE_REASONS.english:
            return CORE_REASONS[best(lang)][reason].format_map(_CoreWords(self, args, lang))
        if self.presenter is None or not reason:
            return reason
        return self.presenter.text(reason, args, None, lang)

    def exchange(self, state: State) -> str | None:
        """A name for the public exchange under way that its steps continue (a battle waiting
        for its secret cards), or ``None``. While it lasts, the table edits the post that opened
        it rather than posting again: a move, its battle and the battle's result are one post.
        Read only to compare two states; it must name nothing secret."""
        return None

    def standing(self, state: State, lang: str = "en") -> tuple[str, ...]:
        """A few public lines on how the match stands (scores, tracks, what each side holds),
        for ``/game status``. Never anything secret: anyone in the server may read them."""
        return ()

    # -- cards shown as pictures -------------------------------------------------------
    def hand(self, state: State, role: str) -> tuple[str, ...]:
        """The cards ``role`` holds, as his private place shows them in a picture (card ids the
        game's renderer draws: ``renderers.render_cards``). None by default: a game whose hand
        is in its board picture, or that has no cards."""
        return ()

    def hand_lines(self, state: State, role: str, lang: str = "en") -> tuple[str, ...]:
        """``role``'s hand in words, one line a card, in ``lang`` (sent to that player only: the
        bot passes his language)."""
        return ()

    def shown_cards(self, events: Sequence[tuple[str, Mapping[str, Any]]]) -> tuple[str, ...]:
        """The cards that ``events``, as the public sees them (``(kind, args)``), put face up (a
        card played, combat cards revealed): the public post that tells them shows them as
        pictures. None by default."""
        return ()

    # -- help ----------------------------------------------------------------------
    def rules_overview(self, lang: str = "en") -> str:
        """How the game is played, in a few lines (``/rules``)."""
        return self.title

    def rules_topics(self, lang: str = "en") -> tuple[RuleTopic, ...]:
        """Every character, card and rule a player may look up (``/rules topic:``); those with
        ``cards`` are also found by ``/rules card:`` and answered with their pictures."""
        return ()

    def rules_lookup(self, topic: str, lang: str = "en") -> tuple[RuleTopic, ...]:
        """The topics ``/rules topic:`` means (in ``lang``): by slug or title, else every one
        whose slug or title contains what was typed. A game may understand more (common words,
        copy ids)."""
        wanted = normalize(topic)
        topics = self.rules_topics(lang)
        found = [t for t in topics if wanted in (normalize(t.slug), normalize(t.title))]
        if not found:
            found = [t for t in topics if wanted in normalize(t.title) or wanted in normalize(t.slug)]
        return tuple(found)

    def rules_not_found(self, topic: str, lang: str = "en") -> str:
        """The answer when nothing is called ``topic``."""
        return f"{self.title} has no card or rule called “{topic.strip()}”. Try the list."

    #: What the game calls one of its :meth:`places` (the name of ``/<game> zoom``'s option).
    place_noun: ClassVar[str] = "place"

    def places(self, lang: str = "en") -> tuple[tuple[str, str], ...]:
        """Places of the board a player may ask to see up close (``/<game> zoom``), as
        ``(slug, name)`` (the name in ``lang``, the slug the same in every language); empty
        when the game's picture needs no zoom (the default)."""
        return ()

    # -- secrets and positions ---------------------------------------------------
    def secrets(self, state: State, role: str) -> set[str]:
        """Strings (slugs and names) that name ``role``'s secrets now: nothing shown to the
        public or another role may contain them. The no-leak tests of every game read this."""
        return set()

    def from_position(self, position: Mapping[str, Any]) -> State:
        """A state built from a described position (pieces, hands, whose turn...), validated.

        Raises :class:`InvalidPosition` naming what is impossible. Each game documents its
        position format; scenario tests, teaching positions and repairs use it.
        """
        raise NotImplementedError(f"{self.title} cannot be set up from a position yet")

    def to_position(self, state: State) -> dict[str, Any]:
        """The position of ``state`` in the format :meth:`from_position` reads (between turns)."""
        raise NotImplementedError(f"{self.title} cannot describe its positions yet")

    # -- views ---------------------------------------------------------------
    @abstractmethod
    def view(self, state: State, role: str | None, lang: str = "en") -> View:
        """What ``role`` may know (``None``: a spectator). Never secrets of others. The words a
        view carries (prompts, log lines, headlines) are in ``lang`` where the game speaks it."""

    def check_invariants(self, state: State) -> list[str]:
        """Problems found in ``state`` (empty when sound)."""
        return []

    def final_reveal(self, state: State, lang: str = "en") -> View:
        """The view shown to everyone once the game is over (all secrets revealed)."""
        return self.view(state, None, lang)


class _CoreWords(dict[str, Any]):
    """Arguments of a core event in words: roles by the game's own titles."""

    def __init__(self, ruleset: Ruleset, args: Mapping[str, Any], lang: str = "en") -> None:
        super().__init__(
            {
                k: _CoreWord(ruleset.role_title(str(v), lang) if k == "role" else str(v))
                for k, v in args.items()
            }
        )


class _CoreWord(str):
    def __format__(self, spec: str) -> str:
        text = str(self)
        return text[:1].upper() + text[1:] if spec == "cap" else text
