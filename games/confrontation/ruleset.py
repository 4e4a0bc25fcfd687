"""The Confrontation ruleset: options, setup, commands, labels and views."""

from __future__ import annotations

import logging
from collections.abc import Mapping
from typing import Any

from games.core import (
    Action,
    CommandParam,
    CommandSpec,
    InvalidAction,
    OptionSpec,
    RuleTopic,
    State,
    View,
    new_state,
)
from games.core.flow import StepRuleset, push

from . import labels, positions, rules_help, secrets, words
from .battle import battle_frame
from .battle_steps import BATTLE_STEPS
from .data import (
    CARDS,
    CLASSIC,
    FELLOWSHIP,
    SAURON,
    SIDES,
    VARIANT,
    specials_of,
)
from .events import PRESENTER
from .explain import explain
from .invariants import check
from .setup import Setup
from .standing import standing_lines
from .turn import Ambush, Turn
from .view import build_view

log = logging.getLogger(__name__)

ROLES = (FELLOWSHIP, SAURON)

VERBS = frozenset(
    {
        "place",
        "unplace",
        "autoplace",
        "ready",
        "draft",
        "pick-special",
        "move",
        "target",
        "card",
        "retreat",
        "ability",
        "decline",
        "special",
    }
)


def _param(name: str, description: str) -> CommandParam:
    return CommandParam(name, description)


class Confrontation(StepRuleset):
    """The Lord of the Rings: The Confrontation (classic, 2002 variant, Deluxe variant, Draft)."""

    name = "confrontation"
    title = "The Lord of the Rings: The Confrontation"
    options = (
        OptionSpec(
            "variant",
            ("classic", "variant-2002", "deluxe-variant", "draft"),
            "classic",
            "Characters: classic, classic with the 2002 special cards, the Deluxe variant set, or a Draft.",
            {
                "classic": "Classic",
                "variant-2002": "2002 Variant (special cards)",
                "deluxe-variant": "Deluxe variant characters",
                "draft": "Draft (pick a side of each tile)",
            },
            heading="Characters",
        ),
        OptionSpec(
            "specials",
            ("none", "2002", "deluxe-2", "deluxe-4"),
            "none",
            "Special cards: none, the 2002 set, or the Deluxe set (2 chosen of 4, or all 4).",
            {"none": "None", "2002": "2002 set", "deluxe-2": "Deluxe, choose 2", "deluxe-4": "Deluxe, all 4"},
            heading="Special cards",
        ),
        OptionSpec(
            "handicap",
            ("none", "fellowship", "sauron"),
            "none",
            "Give special cards to one side only (the 2002 handicap for a weaker player).",
            {"none": "Both sides", "fellowship": "Fellowship only", "sauron": "Sauron only"},
            heading="Special cards for",
        ),
    )
    steps = {s.name: s for s in (Setup(), Turn(), Ambush(), *BATTLE_STEPS)}
    presenter = PRESENTER
    quiet_events = frozenset({"card_chosen", "ready", "drafted", "specials_chosen"})
    result_events = frozenset({"won"})
    commands = (
        CommandSpec(
            "move",
            "move",
            "Move a character (normal move, ability move, Anduin or Tunnel).",
            (_param("character", "your character"), _param("to", "destination region")),
        ),
        CommandSpec(
            "target",
            "target",
            "Choose which defender to attack.",
            (_param("character", "defender or hidden"),),
        ),
        CommandSpec(
            "card", "card", "Play a combat card (or pick one for Magic).", (_param("card", "the card"),)
        ),
        CommandSpec("retreat", "retreat", "Choose where your character retreats.", (_param("to", "region"),)),
        CommandSpec(
            "ability",
            "ability",
            "Use an optional character ability.",
            (_param("name", "ability"), _param("target", "character (Sméagol's swap)")),
        ),
        CommandSpec("decline", "decline", "Decline an optional ability."),
        CommandSpec(
            "special",
            "special",
            "Play a special card.",
            (_param("card", "special card"), _param("target", "character or region"), _param("to", "region")),
        ),
        CommandSpec(
            "place",
            "place",
            "Place a character during setup.",
            (_param("character", "your character"), _param("region", "starting region")),
        ),
        CommandSpec(
            "unplace", "unplace", "Take back a placed character.", (_param("character", "your character"),)
        ),
        CommandSpec("autoplace", "autoplace", "Place your remaining characters at random."),
        CommandSpec("ready", "ready", "Confirm your setup."),
        CommandSpec(
            "draft", "draft", "Draft: choose a side of one tile.", (_param("character", "character"),)
        ),
        CommandSpec(
            "pick-special", "pick-special", "Keep a Deluxe special card.", (_param("card", "special card"),)
        ),
    )

    # -- setup -------------------------------------------------------------
    def resolve_options(self, chosen: Mapping[str, str] | None) -> dict[str, str]:
        resolved = super().resolve_options(chosen)
        if resolved["variant"] == "variant-2002":
            if resolved["specials"] == "none":
                resolved["specials"] = "2002"
            elif resolved["specials"] != "2002":
                raise InvalidAction(
                    "The 2002 variant uses the 2002 special cards: set specials to 2002 or none."
                )
        if resolved["specials"] == "none" and resolved["handicap"] != "none":
            raise InvalidAction("A handicap gives special cards to one side: choose a specials option too.")
        return resolved

    def roles(self, options: Mapping[str, str], players: int) -> tuple[str, ...]:
        return ROLES

    def role_title(self, role: str, lang: str = "en") -> str:
        return words.side_title(role, lang) if role in ROLES else role.title()

    def role_name(self, role: str, lang: str = "en") -> str:
        return words.side_name(role, lang) if role in ROLES else self.role_title(role, lang)

    def setup(self, seed: int, options: Mapping[str, str], players: int) -> State:
        options = self.resolve_options(options)
        state = new_state(self.name, seed, options, ROLES)
        variant = options["variant"]
        roster: dict[str, list[str]] = {
            s: [] if variant == "draft" else list(VARIANT[s] if variant == "deluxe-variant" else CLASSIC[s])
            for s in SIDES
        }
        state["chars"] = roster
        state["pos"] = {}
        state["defeated"] = {s: [] for s in SIDES}
        state["revealed"] = {}
        state["public"] = []
        state["cards"] = {s: {"hand": list(CARDS[s]), "discard": []} for s in SIDES}
        card_set = {"none": None, "2002": "2002"}.get(options["specials"], "deluxe")
        state["specials"] = {}
        for s in SIDES:
            gets = card_set is not None and options["handicap"] in ("none", s)
            keep = gets and options["specials"] != "deluxe-2"
            state["specials"][s] = {
                "held": list(specials_of(s, card_set)) if keep and card_set else [],
                "used": [],
            }
        state["turn"] = {"number": 0, "side": SAURON}
        state["last_move"] = None
        state["king"] = None
        state["ring_bearer"] = "frodo" if variant != "deluxe-variant" else "frodo_v"
        state["setup"] = {s: {"draft": {}, "picks": [], "placed": {}, "ready": False} for s in SIDES}
        push(state, "setup")
        return state

    # -- labels --------------------------------------------------------------
    def verbs(self) -> frozenset[str]:
        return VERBS

    def describe(self, state: State, role: str, action: Action, lang: str = "en") -> str:
        return labels.describe(state, role, action, lang)

    def describe_group(self, state: State, role: str, verb: str, first: str, lang: str = "en") -> str:
        return labels.describe_group(state, role, verb, first, lang)

    def describe_arg(
        self, state: State, role: str, verb: str, index: int, value: str, lang: str = "en"
    ) -> str:
        return labels.describe_arg(state, role, verb, index, value, lang)

    def explain(self, state: State, role: str, action: Action, lang: str = "en") -> str:
        return explain(state, role, action, lang)

    def gives_up(self, state: State, role: str, action: Action) -> bool:
        """Declining lets a chance go by for good (an ability in this fight, the Balrog's
        ambush, Wormtongue's escape); moves, cards, abilities and the set-up do not."""
        return action.verb == "decline"

    def rules_overview(self, lang: str = "en") -> str:
        return rules_help.overview(lang)

    def rules_topics(self, lang: str = "en") -> tuple[RuleTopic, ...]:
        return rules_help.topics(lang)

    def rules_lookup(self, topic: str, lang: str = "en") -> tuple[RuleTopic, ...]:
        """The topics ``/rules topic:`` means, by their names in ``lang`` or in English."""
        found = super().rules_lookup(topic, lang)
        if found or lang == "en":
            return found
        said = {t.slug: t for t in self.rules_topics(lang)}
        return tuple(said[t.slug] for t in super().rules_lookup(topic))

    def rules_not_found(self, topic: str, lang: str = "en") -> str:
        return words.t(
            lang,
            "{game} has no character, card or rule called “{topic}”. Try the list.",
            game=words.t(lang, "The Lord of the Rings: The Confrontation"),
            topic=topic.strip(),
        )

    # -- views ---------------------------------------------------------------
    def view(self, state: State, role: str | None, lang: str = "en") -> View:
        return build_view(self, state, role, lang=lang)

    def exchange(self, state: State) -> str | None:
        """The battle under way, by its region (where everyone saw it start)."""
        frame = battle_frame(state)
        return None if frame is None else f"battle:{frame['region']}"

    def standing(self, state: State, lang: str = "en") -> tuple[str, ...]:
        return standing_lines(build_view(self, state, None, lang=lang), lang)

    def final_reveal(self, state: State, lang: str = "en") -> View:
        return build_view(self, state, None, everything=True, lang=lang)

    def check_invariants(self, state: State) -> list[str]:
        return check(self, state)

    def secrets(self, state: State, role: str) -> set[str]:
        return secrets.secrets_of(state, role)

    def from_position(self, position: Mapping[str, Any]) -> State:
        """A state from a described position: see :mod:`games.confrontation.positions`."""
        return positions.from_position(self, position)

    def to_position(self, state: State) -> dict[str, Any]:
        return positions.to_position(state)
