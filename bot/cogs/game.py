"""``/game`` (every game) and ``/hand``: thin commands that parse, call the service, present."""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from games.computer_players import LEVELS, levels, supports
from games.core import all_rulesets, find, normalize
from games.core.chain import SEPARATOR
from games.core.ruleset import OPTION_CHOICE

from .. import texts
from ..choices import capped, matches, option_choices, truncate
from ..computers.identity import level_help
from ..computers.seats import computer_at
from ..handlers.computer import OPPONENTS, chosen_level
from ..i18n import msg, private_locale, t
from ..i18n.translator import option_text
from ..match_posts import NO_PINGS
from ..pace import NO_PACE, PRESETS, PaceError, parse_pace
from ..service import RANDOM_SIDE, LiveMatch, ServiceError, every_role
from ..settings import AUTO_LANGUAGE, CONFIRM_MODES, PING_MODES, time_zones
from .common import (
    LANGUAGE_CHOICES,
    LANGUAGE_HELP,
    Choice,
    action_autocomplete,
    bot_of,
    generated_command,
    lobby_autocomplete,
    my_matches_autocomplete,
    parse_match_id,
    playing_autocomplete,
    reader_locale,
    resolve_match,
)

if TYPE_CHECKING:
    from ..app import PalantirBot

log = logging.getLogger(__name__)

RESERVED = {"game", "side", "match", "pace", "opponent", "level", "language"}


def _chosen_game(interaction: discord.Interaction[Any]) -> Any | None:
    name = getattr(interaction.namespace, "game", None)
    if not name:
        return None
    try:
        return find(str(name))
    except ValueError:
        return None


async def game_autocomplete(interaction: discord.Interaction[Any], current: str) -> list[Choice]:
    games = all_rulesets()
    pairs = option_choices([g.name for g in games], lambda n: find(n).title, current)
    return [Choice(name=n, value=v) for n, v in pairs]


def _roles_for_options(interaction: discord.Interaction[Any], ruleset: Any) -> tuple[str, ...]:
    """The sides of the table the options typed so far describe ("players:2": two colours)."""
    typed = {
        spec.name: str(value)
        for spec in ruleset.options
        if (value := getattr(interaction.namespace, spec.name, None))
    }
    try:
        options = ruleset.resolve_options(typed)
        return tuple(ruleset.roles(options, ruleset.seats(options)[1]))
    except (ValueError, KeyError):
        return tuple(every_role(ruleset))


async def side_autocomplete(interaction: discord.Interaction[Any], current: str) -> list[Choice]:
    locale = await reader_locale(interaction)
    random = t(locale, "Random")
    ruleset = _chosen_game(interaction)
    if ruleset is None:
        return [Choice(name=random, value=RANDOM_SIDE)]
    roles = [*_roles_for_options(interaction, ruleset), RANDOM_SIDE]
    pairs = option_choices(
        roles, lambda r: random if r == RANDOM_SIDE else ruleset.role_title(r, locale), current
    )
    return [Choice(name=n, value=v) for n, v in pairs]


def option_autocomplete(option: str) -> Any:
    """Autocomplete for one setup option, read from the chosen game's ``OptionSpec``."""

    async def complete(interaction: discord.Interaction[Any], current: str) -> list[Choice]:
        chosen = _chosen_game(interaction)
        games = [chosen] if chosen is not None else all_rulesets()
        locale = await reader_locale(interaction)
        pairs: list[tuple[str, str]] = []
        for ruleset in games:
            for spec in ruleset.options:
                if spec.name == option:
                    said = {c: option_text(locale, OPTION_CHOICE, spec.label(c)) for c in spec.choices}
                    pairs += option_choices(spec.choices, said.__getitem__, current)
        return [Choice(name=n, value=v) for n, v in dict.fromkeys(pairs)][:25]

    return complete


def union_options() -> dict[str, str]:
    """Every setup option name of every game, with a description (``/game new`` parameters).

    An option of one game keeps its own help (at most 100 characters); one shared by several
    games names them, so that no description is cut off.
    """
    helps: dict[str, list[tuple[str, str]]] = {}
    for ruleset in all_rulesets():
        for spec in ruleset.options:
            if spec.name not in RESERVED:
                helps.setdefault(spec.name, []).append((ruleset.title, spec.help))
    out: dict[str, str] = {}
    for name, entries in helps.items():
        if len(entries) == 1:
            out[name] = entries[0][1]
        else:
            titles = ", ".join(t.removeprefix("The Lord of the Rings: ") for t, _ in entries)
            out[name] = truncate(f"{entries[0][1].split(':')[0]} ({titles}); see /<game> new for details")
    return out


async def opponent_autocomplete(interaction: discord.Interaction[Any], current: str) -> list[Choice]:
    ruleset = _chosen_game(interaction)
    locale = await reader_locale(interaction)
    if ruleset is not None and not supports(ruleset.name):
        label = t(locale, "No computer player for {game} yet", game=ruleset.title)
        return [Choice(name=truncate(label), value="person")]
    pairs = option_choices(
        list(OPPONENTS),
        lambda o: t(locale, "The computer") if o == "computer" else t(locale, "People"),
        current,
    )
    return [Choice(name=n, value=v) for n, v in pairs]


async def level_autocomplete(interaction: discord.Interaction[Any], current: str) -> list[Choice]:
    """The chosen game's computer levels (of the lobby's game for ``/game computer``)."""
    ruleset = _chosen_game(interaction)
    game = ruleset.name if ruleset is not None else None
    if game is None:
        match_id = parse_match_id(str(getattr(interaction.namespace, "match", "") or ""))
        if match_id is not None:
            try:
                game = (await bot_of(interaction).service.get(match_id)).record.game
            except ServiceError:
                game = None
    offered = levels(game) if game else LEVELS
    locale = await reader_locale(interaction)
    if not offered:
        return [Choice(name=t(locale, "This game has no computer player yet"), value="none")]
    # The level's slug first: it is what the option takes, typed in any language.
    pairs = option_choices(list(offered), lambda n: truncate(f"{n}: {level_help(n, locale)}"), current)
    return [Choice(name=n, value=v) for n, v in pairs]


class GameCog(commands.Cog):
    """The universal ``/game`` group and ``/hand``."""

    def __init__(self, bot: PalantirBot) -> None:
        self.bot = bot
        self.group = app_commands.Group(
            name="game", description="Play board games in this server.", guild_only=True
        )
        self.top_commands = [self._hand_command(), self._rules_command(), self._settings_command()]
        self._build()

    async def cog_load(self) -> None:
        self.bot.tree.add_command(self.group)
        for command in self.top_commands:
            self.bot.tree.add_command(command)

    async def cog_unload(self) -> None:
        self.bot.tree.remove_command(self.group.name)
        for command in self.top_commands:
            self.bot.tree.remove_command(command.name)

    @property
    def controller(self) -> Any:
        return self.bot.controller

    # -- /game new (generated: options depend on the registered games) ----------------
    def _build(self) -> None:
        options = union_options()
        params = [
            ("game", "Which game", True),
            ("side", "Your side (or random)", False),
            ("pace", "Time control: none (default), fast, normal, slow, or a bank like 2d+12h/5d", False),
            ("opponent", "computer: play against the computer (seated at once); default: people join", False),
            ("level", "The computer's level: random ... strong (default: the strongest)", False),
            ("language", LANGUAGE_HELP, False),
            *((name, text, False) for name, text in options.items()),
        ]
        new = generated_command(
            name="new",
            description=(
                "Open a lobby for a new match; others join with the button (opponent:computer plays the bot)."
            ),
            params=params,
            body=self._new,
            autocompletes={
                "game": game_autocomplete,
                "side": side_autocomplete,
                "pace": pace_autocomplete,
                "opponent": opponent_autocomplete,
                "level": level_autocomplete,
                **{name: option_autocomplete(name) for name in options},
            },
            choices={"language": LANGUAGE_CHOICES},
            parent=self.group,
        )
        self.group.add_command(new)
        for command in self._static_commands():
            self.group.add_command(command)

    async def _new(self, interaction: discord.Interaction[Any], values: dict[str, str | None]) -> None:
        game = values.pop("game") or ""
        side = values.pop("side", None)
        pace = values.pop("pace", None)
        opponent, level = values.pop("opponent", None), values.pop("level", None)
        language = values.pop("language", None)
        try:
            ruleset = find(game)
            computer = chosen_level(ruleset.name, opponent, level)
        except (ValueError, ServiceError) as exc:
            await self.controller.refuse(interaction, exc)
            return
        known = {s.name for s in ruleset.options}
        extra = sorted(k for k, v in values.items() if v and k not in known)
        if extra:
            names = ", ".join(f"`{e}`" for e in extra)
            await self.controller.refuse(
                interaction, msg("{game} has no option {names}.", game=ruleset.title, names=names)
            )
            return
        chosen = {k: normalize(v) for k, v in values.items() if v and k in known}
        if computer is not None:
            await self.controller.new_against_computer(
                interaction, ruleset.name, chosen, side, level=computer, pace=pace, language=language
            )
            return
        await self.controller.new(interaction, ruleset.name, chosen, side, pace=pace, language=language)

    def _static_commands(self) -> list[app_commands.Command[Any, ..., None]]:
        made: list[app_commands.Command[Any, ..., None]] = []

        def command(name: str, description: str) -> Callable[[Any], Any]:
            def wrap(func: Any) -> Any:
                cmd: app_commands.Command[Any, ..., None] = app_commands.Command(
                    name=name, description=description, callback=func, parent=self.group
                )
                made.append(cmd)
                return cmd

            return wrap

        match_help = "Which match (default: this thread's, or your only one)"

        @app_commands.describe(match="The lobby's match number", side="Your side (or random)")
        @app_commands.autocomplete(match=lobby_autocomplete, side=side_autocomplete)
        @command("join", "Take a seat in an open lobby.")
        async def join(interaction: discord.Interaction[Any], match: str, side: str | None = None) -> None:
            async with self.controller.friendly(interaction):
                match_id = parse_match_id(match)
                if match_id is None:
                    raise ServiceError(msg("Tell me which match to join, e.g. `/game join 12`."))
                await self.controller.join(interaction, match_id, side)

        which_lobby = {
            "start": msg("Tell me which lobby to start, e.g. `/game start 12`."),
            "cancel": msg("Tell me which lobby to cancel, e.g. `/game cancel 12`."),
        }

        def creator_command(name: str, description: str) -> None:
            """``/game start`` and ``/game cancel``: the lobby's creator acts on it by number."""

            @app_commands.describe(match="The lobby's match number")
            @app_commands.autocomplete(match=my_matches_autocomplete)
            @command(name, description)
            async def run(interaction: discord.Interaction[Any], match: str) -> None:
                async with self.controller.friendly(interaction):
                    match_id = parse_match_id(match)
                    if match_id is None:
                        raise ServiceError(which_lobby[name])
                    await getattr(self.controller, name)(interaction, match_id)

        creator_command("start", "Start your lobby now with the players seated so far (if the game allows).")

        @app_commands.describe(
            match="Your lobby's match number",
            level="How it plays: random ... strong (default: the strongest)",
            side="Its side (or random)",
            remove="Remove the computer player seated last instead (before the start)",
        )
        @app_commands.autocomplete(
            match=my_matches_autocomplete, level=level_autocomplete, side=side_autocomplete
        )
        @command("computer", "Add a computer player to your lobby (it fills one seat), or remove one.")
        async def computer(
            interaction: discord.Interaction[Any],
            match: str,
            level: str | None = None,
            side: str | None = None,
            remove: bool = False,
        ) -> None:
            async with self.controller.friendly(interaction):
                match_id = parse_match_id(match)
                if match_id is None:
                    raise ServiceError(msg("Tell me which lobby, e.g. `/game computer 12 level:gentle`."))
                if remove and (level or side):
                    raise ServiceError(
                        msg("`remove:` takes the last computer player out: give no `level:` nor `side:`.")
                    )
                if remove:
                    await self.controller.remove_computer(interaction, match_id)
                else:
                    await self.controller.add_computer(interaction, match_id, level, side)

        creator_command("cancel", "Close your lobby before it starts.")

        @app_commands.describe(
            action="Your action (pick from the list, or type it)",
            match=match_help,
            confirm="Ask me to confirm first if it cannot be undone",
        )
        @app_commands.autocomplete(action=action_autocomplete, match=my_matches_autocomplete)
        @command("act", "Make a move: the list shows only what you may do now.")
        async def act(
            interaction: discord.Interaction[Any],
            action: str,
            match: str | None = None,
            confirm: bool = False,
        ) -> None:
            async with self.controller.friendly(interaction):
                live = await resolve_match(interaction, match)
                if SEPARATOR in action:  # several steps in one line: all or nothing
                    await self.controller.act_line(interaction, live, action)
                    return
                await self.controller.act_typed(interaction, live, action, confirm=confirm)

        def match_command(
            name: str,
            description: str,
            handler: Callable[[discord.Interaction[Any], LiveMatch], Awaitable[None]],
            complete: Any = my_matches_autocomplete,
        ) -> None:
            """A command whose only option is ``match:`` (resolved as usual) and runs ``handler``."""

            @app_commands.describe(match=match_help)
            @app_commands.autocomplete(match=complete)
            @command(name, description)
            async def run(interaction: discord.Interaction[Any], match: str | None = None) -> None:
                async with self.controller.friendly(interaction):
                    await handler(interaction, await resolve_match(interaction, match))

        async def status(interaction: discord.Interaction[Any], live: LiveMatch) -> None:
            locale = await self.controller.locale_of(interaction)
            text = texts.status_text(live, live.role_of(interaction.user.id), locale)
            await interaction.response.send_message(text, ephemeral=True, allowed_mentions=NO_PINGS)

        async def log_(interaction: discord.Interaction[Any], live: LiveMatch) -> None:
            seat = live.seat_of(interaction.user.id)
            role = seat.role if seat else None
            since = seat.last_seq if seat and role else texts.recent_seq(live)
            locale = await self.controller.locale_of(interaction)
            await interaction.response.send_message(
                texts.log_text(live, role, since, locale), ephemeral=True, allowed_mentions=NO_PINGS
            )

        async def undo(interaction: discord.Interaction[Any], live: LiveMatch) -> None:
            await self.controller.undo(interaction, live.id)

        async def resign(interaction: discord.Interaction[Any], live: LiveMatch) -> None:
            await self.controller.resign(interaction, live)

        match_command("status", "Who plays, whose move it is, and what you are asked to do.", status)

        @app_commands.describe(
            match=match_help,
            private="Show your own private board, only to you",
            full="The full board with every detail (hands, chronicle), not the compact one",
        )
        @app_commands.autocomplete(match=my_matches_autocomplete)
        @command("board", "Show the public board (or your private board with private:True).")
        async def board(
            interaction: discord.Interaction[Any],
            match: str | None = None,
            private: bool = False,
            full: bool = False,
        ) -> None:
            async with self.controller.friendly(interaction):
                live = await resolve_match(interaction, match)
                await self.controller.board(interaction, live, private=private, full=full)

        async def follow(interaction: discord.Interaction[Any], live: LiveMatch) -> None:
            await self.controller.follow(interaction, live, following=True)

        async def unfollow(interaction: discord.Interaction[Any], live: LiveMatch) -> None:
            await self.controller.follow(interaction, live, following=False)

        async def pause(interaction: discord.Interaction[Any], live: LiveMatch) -> None:
            await self.controller.pause(interaction, live, pause=True)

        async def resume(interaction: discord.Interaction[Any], live: LiveMatch) -> None:
            await self.controller.pause(interaction, live, pause=False)

        match_command(
            "follow", "Watch a match as a spectator (the public view only).", follow, playing_autocomplete
        )
        match_command("unfollow", "Stop watching a match.", unfollow)
        match_command("pause", "Ask to pause the match (clocks stop once every player agrees).", pause)
        match_command("resume", "Ask to go on with a paused match (once every player agrees).", resume)

        async def rematch(interaction: discord.Interaction[Any], live: LiveMatch) -> None:
            await self.controller.rematch(interaction, live.id)

        match_command("rematch", "Open a rematch of a finished match: same players, sides swapped.", rematch)

        @app_commands.describe(
            match=match_help,
            player="The player who hands his seat on (yourself, or anyone if you manage the server)",
            to="The member who takes the seat over",
            side="Instead of player: the side a computer plays (its seat goes to a person)",
        )
        @app_commands.autocomplete(match=my_matches_autocomplete)
        @command("substitute", "Hand a seat in a match to another member (yourself, or as a server admin).")
        async def substitute(
            interaction: discord.Interaction[Any],
            to: discord.User,
            player: discord.User | None = None,
            match: str | None = None,
            side: str | None = None,
        ) -> None:
            async with self.controller.friendly(interaction):
                if to.bot:
                    raise ServiceError(msg("A bot cannot take a seat."))
                if interaction.guild_id is not None and not isinstance(to, discord.Member):
                    # Discord resolves a member of this server as a Member, anyone else as a User:
                    # he could not open the match thread and would play from his DMs alone.
                    raise ServiceError(
                        msg(
                            "{player} is not a member of this server: only a member can take a seat.",
                            player=to.mention,
                        )
                    )
                if (player is None) == (side is None):
                    if match is not None:  # a wrong match number is told first
                        await self.bot.service.resolve(
                            interaction.user.id,
                            match_id=parse_match_id(match),
                            channel_id=interaction.channel_id,
                            guild_id=interaction.guild_id,
                        )
                    raise ServiceError(
                        msg("Name the seat to hand on: `player:` (a person's) or `side:` (a computer's).")
                    )
                live = await self.bot.service.resolve(
                    interaction.user.id if player is None else player.id,
                    match_id=parse_match_id(match),
                    channel_id=interaction.channel_id,
                    guild_id=interaction.guild_id,
                )
                old = player.id if player is not None else computer_at(live, side or "")
                await self.controller.substitute(interaction, live, old, to.id)

        async def export(interaction: discord.Interaction[Any], live: LiveMatch) -> None:
            await self.controller.export(interaction, live)

        async def replay(interaction: discord.Interaction[Any], live: LiveMatch) -> None:
            await self.controller.replay(interaction, live)

        match_command("export", "A finished match as a file (options, seed, every move, the result).", export)
        match_command("replay", "A finished match as an animated picture, with its whole log.", replay)

        @app_commands.describe(file="A match file made with /game export")
        @command("import", "Re-create a match from its export file (server admins).")
        async def import_(interaction: discord.Interaction[Any], file: discord.Attachment) -> None:
            await self.controller.import_file(interaction, file)

        match_command("log", "What happened since your last move (as you may see it).", log_)
        match_command("undo", "Take back your last move, while it is still your own decision.", undo)
        match_command("resign", "Give up the match (you are asked to confirm): the other side wins.", resign)

        @command("list", "Your matches in this server.")
        async def list_(interaction: discord.Interaction[Any]) -> None:
            async with self.controller.friendly(interaction):
                mine = await self.bot.service.recent_of(interaction.user.id, interaction.guild_id)
                locale = await self.controller.locale_of(interaction)
                await interaction.response.send_message(
                    texts.list_text(mine, interaction.user.id, locale), ephemeral=True
                )

        return made

    def _hand_command(self) -> app_commands.Command[Any, ..., None]:
        @app_commands.describe(match="Which match (default: this thread's, or your only one)")
        @app_commands.autocomplete(match=my_matches_autocomplete)
        async def hand(interaction: discord.Interaction[Any], match: str | None = None) -> None:
            async with self.controller.friendly(interaction):
                live = await resolve_match(interaction, match)
                await self.controller.show_private(interaction, live)

        command: app_commands.Command[Any, ..., None] = app_commands.Command(
            name="hand", description="Your private board and legal actions (only you see it).", callback=hand
        )
        return app_commands.guild_only()(command)

    def _rules_command(self) -> app_commands.Command[Any, ..., None]:
        @app_commands.describe(
            game="Which game (default: this thread's match, or the only game)",
            topic="A character, card or rule to look up (leave empty for an overview)",
            card="A card, shown as a picture with its text (War of the Ring: Event or Combat card)",
        )
        @app_commands.autocomplete(game=game_autocomplete, topic=topic_autocomplete, card=card_autocomplete)
        async def rules(
            interaction: discord.Interaction[Any],
            game: str | None = None,
            topic: str | None = None,
            card: str | None = None,
        ) -> None:
            async with self.controller.friendly(interaction):
                ruleset = await rules_game(interaction, game)
                if card and card.strip():
                    await self.controller.rules(interaction, ruleset, card, cards_only=True)
                else:
                    await self.controller.rules(interaction, ruleset, topic, cards_only=False)

        return app_commands.Command(
            name="rules",
            description="How a game is played, and what a character or card does.",
            callback=rules,
        )

    def _settings_command(self) -> app_commands.Command[Any, ..., None]:
        @app_commands.describe(
            confirm="When a choice from your menus asks “Go ahead?” first (default: important)",
            ping="How you are told it is your move, and reminded of your clock",
            time_zone="Your time zone, for quiet hours (e.g. Europe/Copenhagen)",
            quiet="Quiet hours in your time, e.g. 23:00-07:00 (no pings, reminders wait), or off",
            language="The language of what I tell you alone (default: your Discord's)",
        )
        @app_commands.choices(
            confirm=[
                app_commands.Choice(name=f"{mode}: {words}"[:100], value=mode)
                for mode, words in CONFIRM_MODES.items()
            ],
            ping=[
                app_commands.Choice(name=f"{mode}: {words}"[:100], value=mode)
                for mode, words in PING_MODES.items()
            ],
            language=[
                *LANGUAGE_CHOICES,
                app_commands.Choice(name="auto: your Discord's language", value=AUTO_LANGUAGE),
            ],
        )
        @app_commands.autocomplete(time_zone=time_zone_autocomplete)
        async def settings(
            interaction: discord.Interaction[Any],
            confirm: str | None = None,
            ping: str | None = None,
            time_zone: str | None = None,
            quiet: str | None = None,
            language: str | None = None,
        ) -> None:
            async with self.controller.friendly(interaction):
                service = self.controller.settings
                chosen = await service.update(
                    interaction.user.id,
                    confirm=confirm,
                    ping=ping,
                    time_zone=time_zone,
                    quiet=quiet,
                    language=language,
                )
                locale = private_locale(chosen.language, interaction)
                await interaction.response.send_message(texts.settings_text(chosen, locale), ephemeral=True)

        return app_commands.Command(
            name="settings",
            description="Your settings for every match (only you see them).",
            callback=settings,
        )


async def pace_autocomplete(interaction: discord.Interaction[Any], current: str) -> list[Choice]:
    """The presets in words; what is typed, if it reads as a pace, first."""
    found: list[Choice] = []
    typed = current.strip()
    if typed and typed.lower() not in (NO_PACE, *PRESETS):
        with contextlib.suppress(PaceError):
            pace = parse_pace(typed)
            if pace is not None:
                found.append(Choice(name=truncate(f"{pace.text}: {pace.words()}"), value=pace.text))
    found.append(Choice(name=t(await reader_locale(interaction), "none: no clock (casual)"), value=NO_PACE))
    for name, text in PRESETS.items():
        preset = parse_pace(text)
        assert preset is not None
        found.append(Choice(name=truncate(f"{name}: {preset.words()}"), value=name))
    return [c for c in found if not typed or matches(typed, c.name, c.value) or c is found[0]]


async def time_zone_autocomplete(interaction: discord.Interaction[Any], current: str) -> list[Choice]:
    """IANA time zone names containing every word typed ("copen", "new york")."""
    words = current.lower().replace("_", " ").split()
    found = [z for z in time_zones() if all(w in z.lower().replace("_", " ") for w in words)]
    return [Choice(name=z, value=z) for z in found[:25]]


async def rules_game(interaction: discord.Interaction[Any], game: str | None) -> Any:
    """The game ``/rules`` is about: the option, else this thread's match, else the only game."""
    if game:
        return find(game)
    if interaction.channel_id is not None:
        live = await bot_of(interaction).service.by_thread(interaction.channel_id)
        if live is not None:
            return live.ruleset
    games = all_rulesets()
    if len(games) == 1:
        return games[0]
    names = ", ".join(g.name for g in games)
    raise ServiceError(msg("Which game? Say `game:` ({names}).", names=names))


async def topic_autocomplete(interaction: discord.Interaction[Any], current: str) -> list[Choice]:
    """Characters, cards and rules of the chosen game, in words, filtered by what was typed."""
    try:
        ruleset = await rules_game(interaction, getattr(interaction.namespace, "game", None))
    except ValueError:
        return []
    locale = await reader_locale(interaction)
    found = [t for t in ruleset.rules_topics(locale) if matches(current, t.title, t.slug, t.kind)]
    pairs = [(truncate(f"{t.title} — {t.kind}" if t.kind else t.title), t.slug) for t in found]
    return [Choice(name=n, value=v) for n, v in capped(pairs, len(found))]


async def card_autocomplete(interaction: discord.Interaction[Any], current: str) -> list[Choice]:
    """The game's cards (``/rules`` topics that are cards), in words, filtered by what was typed:
    a card that carries another (a Combat card on Event cards) names them."""
    try:
        ruleset = await rules_game(interaction, getattr(interaction.namespace, "game", None))
    except ValueError:
        return []
    locale = await reader_locale(interaction)
    found = [t for t in ruleset.rules_topics(locale) if t.cards and matches(current, t.title, t.slug, t.kind)]
    pairs = [(truncate(texts.card_choice(ruleset, t, locale)), t.slug) for t in found]
    return [Choice(name=n, value=v) for n, v in capped(pairs, len(found))]
