"""The catalogs' tools for translators: ``python -m bot.i18n.catalogs extract|update|check``.

- ``extract`` writes the templates ``data/locale/<domain>.pot`` from the code: ``bot`` from the
  calls ``t``, ``nt``, ``msg`` and ``nmsg`` under ``bot/`` and in the pictures the bot layer
  draws itself (:data:`BOT_RENDERERS`: the league standings), ``commands`` from the slash
  commands the bot registers (:data:`TRANSLATED_COMMANDS` and the parts every game's group
  shares), each string with its context (``command name``, ``option description``…), ``core``
  from the core's event templates and its deferred messages (``games/core``), and a game's
  once its presenter reads its catalog (:class:`~games.core.i18n.CatalogTables`): its event
  templates, the messages of its code (:data:`GAME_KEYWORDS`) and the names and texts its
  ``words.catalog_entries()`` lists.
- ``update`` merges the templates into every language's ``.po`` (new messages come in empty,
  changed ones marked fuzzy, a translator's work is kept).
- ``check`` lists what is missing or fuzzy, language by language (exit status 1 if anything).

See ``docs/i18n.md``.
"""

from __future__ import annotations

import asyncio
import importlib
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any, cast

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po, write_po
from discord import app_commands

from bot.app import PalantirBot
from bot.cogs.game import GameCog
from bot.cogs.league import LeagueCog
from bot.cogs.per_game import PerGameCog
from bot.config import Config
from games.core import all_rulesets
from games.core.i18n import LOCALE_DIR, NATIVE_NAMES, TRANSLATED, CatalogTables, catalog_path, gettext_name
from games.core.ruleset import CORE_PHRASES, CORE_REASONS, CORE_TEMPLATES, option_messages

from .translator import (
    CHOICE,
    COMMAND_DESCRIPTION,
    COMMAND_NAME,
    OPTION_DESCRIPTION,
    OPTION_NAME,
    is_said,
)

ROOT = Path(__file__).resolve().parents[2]

#: The keywords that mark a ``bot`` message: ``t(locale, msgid)``, ``nt(locale, one, other, n)``,
#: ``msg(msgid)``, ``nmsg(one, other, n)``.
KEYWORDS: dict[str, Any] = {"t": (2,), "nt": (2, 3), "msg": (1,), "nmsg": (1, 2)}
#: The keywords of a game that speaks through its ``i18n`` module (Risk), in ``games/<domain>/``
#: and ``renderers/<domain>/``: ``tr(msgid)``, ``ntr(one, other, n)``, ``ptr(context, msgid)``,
#: and ``mark(msgid)`` for a message kept in a table and said later.
SPEAKING_KEYWORDS: dict[str, Any] = {"tr": (1,), "ntr": (1, 2), "ptr": ((1, "c"), 2), "mark": (1,)}

#: Top-level commands whose every string is in the ``commands`` catalog. The games' own typed
#: commands (``/wotr army move``…) take their words from the engines and come with the games'
#: catalogs; only what every game's group shares (``new``, ``zoom``, ``do``, ``match:``…) is here.
TRANSLATED_COMMANDS = ("game", "hand", "rules", "settings", "league")
SHARED_GAME_COMMANDS = ("zoom", "do")
SHARED_OPTIONS = ("match", "confirm", "steps", "language")
#: ``/<game> new``: its description and the options every game's has are here; its setup
#: options' words are the game's (``games.core.ruleset.option_messages``).
NEW_COMMAND = "new"
NEW_OPTIONS = ("side", "opponent", "level", "language")

#: The keywords of a game's own words (and the core's), besides :data:`KEYWORDS`: a game's
#: ``t``/``nt``/``msg``/``nmsg`` are bound to its domain (``games/<game>/words.py``), and
#: ``pt(locale, context, msgid)`` / ``pmsg(context, msgid)`` give a context.
GAME_KEYWORDS: dict[str, Any] = {**KEYWORDS, "pt": ((2, "c"), 3), "pmsg": ((1, "c"), 2)}
#: The core's (``games/core``): only its deferred messages (its ``t`` takes a domain first).
CORE_KEYWORDS: dict[str, Any] = {"msg": (1,), "nmsg": (1, 2), "pmsg": ((1, "c"), 2)}

DOMAINS = ("bot", "commands")
#: Renderers whose words are the bot layer's (``bot`` domain), not a game's.
BOT_RENDERERS = ("standings.py",)
CORE_DOMAIN = "core"
HOLDER = "the Palantír authors"


def template_path(domain: str) -> Path:
    return LOCALE_DIR / f"{domain}.pot"


def bot_template() -> Catalog:
    catalog = Catalog(project="palantir", domain="bot", fuzzy=False, copyright_holder=HOLDER)
    sources = [("bot", [("**.py", "python")]), ("renderers", [(name, "python") for name in BOT_RENDERERS])]
    for folder, method_map in sources:
        found = extract_from_dir(
            str(ROOT / folder), method_map=method_map, keywords=KEYWORDS, comment_tags=("i18n:",)
        )
        for filename, lineno, text, comments, context in found:
            msgid = text if isinstance(text, str) else tuple(text)
            path = f"{folder}/{filename}"
            catalog.add(msgid, locations=[(path, lineno)], auto_comments=comments, context=context)
    for entry in catalog:
        if entry.id and "{" in str(entry.id):
            entry.flags.add("python-brace-format")
    return catalog


def command_strings(tree: Any) -> Iterator[tuple[str, str, str]]:
    """``(context, English, where)`` for every translated string of the command ``tree``."""

    def command(cmd: Any, shared_only: bool) -> Iterator[tuple[str, str, str]]:
        where = f"/{cmd.qualified_name}"
        whole = not shared_only or cmd.name in SHARED_GAME_COMMANDS
        new = shared_only and cmd.name == NEW_COMMAND
        if whole:
            yield COMMAND_NAME, cmd.name, where
        if whole or new or isinstance(cmd, app_commands.Group):  # a game's typed group: "army"
            yield COMMAND_DESCRIPTION, cmd.description, where
        if isinstance(cmd, app_commands.Group):
            for sub in cmd.commands:
                yield from command(sub, shared_only)
            return
        for param in cmd.parameters:
            if whole or param.display_name in SHARED_OPTIONS or (new and param.display_name in NEW_OPTIONS):
                yield OPTION_NAME, param.display_name, f"{where} {param.display_name}:"
                yield OPTION_DESCRIPTION, param.description, f"{where} {param.display_name}:"
                for choice in param.choices:
                    # A language's own name stays; a said choice comes with its own words.
                    if choice.name not in NATIVE_NAMES.values() and not is_said(choice._locale_name):
                        yield CHOICE, choice.name, f"{where} {param.display_name}:"

    for top in tree.get_commands():
        if top.name in TRANSLATED_COMMANDS:
            yield from command(top, shared_only=False)
        else:  # a game's group: its description and what all games share
            yield COMMAND_DESCRIPTION, top.description, f"/{top.name}"
            yield from (s for sub in top.commands for s in command(sub, shared_only=True))


async def registered_tree() -> Any:
    """The command tree the bot registers (its cogs, without connecting to Discord)."""
    client = PalantirBot(Config(token="extract", db_path=ROOT / "unused.db"))
    await client.add_cog(GameCog(client))
    await client.add_cog(PerGameCog(client))
    # (Its services are the running bot's; only its commands are read here.)
    await client.add_cog(LeagueCog(client, cast(Any, None), cast(Any, None)))
    return client.tree


def add_code_messages(catalog: Catalog, package: str, keywords: dict[str, Any]) -> None:
    """The messages of the code under ``package`` (``games/confrontation``) into ``catalog``."""
    found = extract_from_dir(
        str(ROOT / package), method_map=[("**.py", "python")], keywords=keywords, comment_tags=("i18n:",)
    )
    for filename, lineno, text, comments, context in found:
        msgid = text if isinstance(text, str) else tuple(text)
        catalog.add(
            msgid, locations=[(f"{package}/{filename}", lineno)], auto_comments=comments, context=context
        )


def flag_formats(catalog: Catalog) -> None:
    for entry in catalog:
        text = entry.id if isinstance(entry.id, str) else (entry.id[0] if entry.id else "")
        if text and "{" in text:
            entry.flags.add("python-brace-format")


def core_template() -> Catalog:
    """What the core says for every game: its own events and result reasons, the end of a
    game, the refusals of a typed action."""
    catalog = Catalog(project="palantir", domain=CORE_DOMAIN, fuzzy=False, copyright_holder=HOLDER)
    for what, tables in (("event kind", CORE_TEMPLATES), ("result", CORE_REASONS), ("phrase", CORE_PHRASES)):
        for kind, text in tables.english.items():
            catalog.add(text, context=kind, auto_comments=[f"{what} {kind}"])
    add_code_messages(catalog, "games/core", CORE_KEYWORDS)
    flag_formats(catalog)
    return catalog


def game_templates() -> dict[str, Catalog]:
    """The template of each game whose presenter reads its catalog (:class:`CatalogTables`):
    one message per event kind, the kind as its context; the messages of its code
    (:data:`GAME_KEYWORDS`); and the names of its static content, which the game lists in
    ``games/<game>/words.py`` as ``catalog_entries()`` (``(context, English, comment)``), and
    its setup options' words (:func:`games.core.ruleset.option_messages`)."""
    out = {}
    for ruleset in all_rulesets():
        tables = getattr(getattr(ruleset, "presenter", None), "templates", None)
        if not isinstance(tables, CatalogTables):
            continue
        catalog = Catalog(project="palantir", domain=tables.domain, fuzzy=False, copyright_holder=HOLDER)
        for kind, text in tables.english.items():
            catalog.add(text, context=kind, auto_comments=[f"event kind {kind} ({ruleset.title})"])
        package = f"games/{tables.domain}"
        if (ROOT / package).is_dir():
            add_code_messages(catalog, package, GAME_KEYWORDS)
            words = sys.modules.get(f"games.{tables.domain}.words") or _import(f"games.{tables.domain}.words")
            for context, text, comment in getattr(words, "catalog_entries", lambda: ())():
                if catalog.get(text, context) is None:
                    catalog.add(text, context=context, auto_comments=[comment] if comment else [])
        _add_game_messages(catalog, tables.domain)
        # Every game's setup options, but a word it marks without a context (Risk's "On"), which
        # the translator finds as well: a game need not list them (War of the Ring does not).
        for context, text, comment in option_messages(ruleset.options, ruleset.command_group or ruleset.name):
            if not text.isdigit() and catalog.get(text, context) is None and catalog.get(text) is None:
                catalog.add(text, context=context, auto_comments=[comment])
        flag_formats(catalog)
        out[tables.domain] = catalog
    return out


def _import(name: str) -> Any:
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError:
        return None


def _add_game_messages(catalog: Catalog, domain: str) -> None:
    """A game's own messages besides its event templates: the calls of :data:`SPEAKING_KEYWORDS` in
    its engine and renderer packages, and the names its ``games.<domain>.i18n.catalog_messages()``
    reads from its data files (a game without that module: only its renderer's ``tr`` calls, the
    words its pictures say while speaking the picture's language)."""
    words = _import(f"games.{domain}.i18n")
    folders = (f"games/{domain}", f"renderers/{domain}") if words is not None else (f"renderers/{domain}",)
    for folder in folders:
        if not (ROOT / folder).is_dir():
            continue
        found = extract_from_dir(
            str(ROOT / folder),
            method_map=[("**.py", "python")],
            keywords=SPEAKING_KEYWORDS,
            comment_tags=("i18n:",),
        )
        for filename, lineno, text, comments, context in found:
            msgid = text if isinstance(text, str) else tuple(text)
            catalog.add(
                msgid, locations=[(f"{folder}/{filename}", lineno)], auto_comments=comments, context=context
            )
    for context, text, comment in words.catalog_messages() if words is not None else ():
        if catalog.get(text, context) is None:
            catalog.add(text, context=context, auto_comments=[comment])


def domains() -> tuple[str, ...]:
    """Every catalog domain: the bot's, the commands', the core's, and each game's that reads
    its catalog."""
    return (*DOMAINS, CORE_DOMAIN, *sorted(game_templates()))


def commands_template(tree: Any) -> Catalog:
    catalog = Catalog(project="palantir", domain="commands", fuzzy=False, copyright_holder=HOLDER)
    for context, text, where in command_strings(tree):
        found = catalog.get(text, context)
        if found is None:
            catalog.add(text, context=context, auto_comments=[where])
        elif where not in found.auto_comments and len(found.auto_comments) < 4:
            found.auto_comments.append(where)
    return catalog


def write(catalog: Catalog, path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("wb") as handle:
        # No line numbers: they would change with every edit of the code around a message.
        write_po(handle, catalog, width=100, include_lineno=False)


def read(path: Path, locale: str | None = None, domain: str | None = None) -> Catalog:
    with path.open("rb") as handle:
        return read_po(handle, locale=locale, domain=domain)


def _entries(catalog: Catalog) -> list[tuple[Any, ...]]:
    """What a catalog says, without its header's dates (so that nothing changed writes nothing)."""
    return [
        (
            m.id,
            m.context,
            m.string or "",
            m.fuzzy,
            tuple(m.auto_comments),
            tuple(sorted({p for p, _ in m.locations})),
        )
        for m in catalog
        if m.id
    ]


def write_if_changed(catalog: Catalog, path: Path) -> None:
    if path.exists() and _entries(read(path)) == _entries(catalog):
        return
    write(catalog, path)


def extract() -> None:
    write_if_changed(bot_template(), template_path("bot"))
    write_if_changed(commands_template(asyncio.run(registered_tree())), template_path("commands"))
    write_if_changed(core_template(), template_path(CORE_DOMAIN))
    for domain, catalog in game_templates().items():
        write_if_changed(catalog, template_path(domain))


def update() -> None:
    for domain in domains():
        template = read(template_path(domain), domain=domain)
        for locale in TRANSLATED:
            path = catalog_path(locale, domain)
            if path.exists():
                catalog = read(path, gettext_name(locale), domain)
            else:
                catalog = Catalog(locale=gettext_name(locale), domain=domain, project="palantir")
            catalog.update(template, no_fuzzy_matching=True, update_creation_date=False)
            catalog.obsolete.clear()
            write_if_changed(catalog, path)


def missing(locale: str, domain: str) -> list[str]:
    """The messages of ``domain``'s template that ``locale`` lacks or has only fuzzy."""
    template = read(template_path(domain), domain=domain)
    path = catalog_path(locale, domain)
    catalog = read(path, gettext_name(locale), domain) if path.exists() else Catalog()
    out = []
    for message in template:
        if not message.id:
            continue
        found = catalog.get(message.id, message.context)
        strings = found.string if found is not None else None
        texts = list(strings) if isinstance(strings, tuple | list) else [strings]
        if found is None or found.fuzzy or not all(texts):
            out.append(str(message.id))
    return out


def check() -> int:
    problems = 0
    for domain in domains():
        for locale in TRANSLATED:
            lacking = missing(locale, domain)
            problems += len(lacking)
            for text in lacking:
                print(f"{locale} {domain}: {text}")
    return 1 if problems else 0


def main(argv: list[str]) -> int:
    verbs = {"extract": extract, "update": update}
    if argv[1:] == ["check"]:
        return check()
    if len(argv) != 2 or argv[1] not in verbs:
        print("usage: python -m bot.i18n.catalogs extract|update|check", file=sys.stderr)
        return 2
    verbs[argv[1]]()
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv))
