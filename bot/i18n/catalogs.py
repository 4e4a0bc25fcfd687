"""The catalogs' tools for translators: ``python -m bot.i18n.catalogs extract|update|check``.

- ``extract`` writes the templates ``data/locale/<domain>.pot`` from the code: ``bot`` from the
  calls ``t``, ``nt``, ``msg`` and ``nmsg`` under ``bot/``, ``commands`` from the slash
  commands the bot registers (:data:`TRANSLATED_COMMANDS` and the parts every game's group
  shares), each string with its context (``command name``, ``option description``…), and a
  game's event templates once its presenter reads them from its catalog
  (:class:`~games.core.i18n.CatalogTables`).
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
from typing import Any

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po, write_po
from discord import app_commands

from bot.app import PalantirBot
from bot.cogs.game import GameCog
from bot.cogs.per_game import PerGameCog
from bot.config import Config
from games.core import all_rulesets
from games.core.i18n import LOCALE_DIR, NATIVE_NAMES, TRANSLATED, CatalogTables, catalog_path, gettext_name

from .translator import CHOICE, COMMAND_DESCRIPTION, COMMAND_NAME, OPTION_DESCRIPTION, OPTION_NAME

ROOT = Path(__file__).resolve().parents[2]

#: The keywords that mark a ``bot`` message: ``t(locale, msgid)``, ``nt(locale, one, other, n)``,
#: ``msg(msgid)``, ``nmsg(one, other, n)``.
KEYWORDS: dict[str, Any] = {"t": (2,), "nt": (2, 3), "msg": (1,), "nmsg": (1, 2)}
#: The keywords that mark a game's own message, in ``games/<domain>/`` and ``renderers/<domain>/``
#: (a game that speaks through its ``i18n`` module: ``tr(msgid)``, ``ntr(one, other, n)``,
#: ``ptr(context, msgid)``, and ``mark(msgid)`` for a message kept in a table and said later).
GAME_KEYWORDS: dict[str, Any] = {"tr": (1,), "ntr": (1, 2), "ptr": ((1, "c"), 2), "mark": (1,)}

#: Top-level commands whose every string is in the ``commands`` catalog. The games' own typed
#: commands (``/wotr army move``…) take their words from the engines and come with the games'
#: catalogs; only what every game's group shares (``new``, ``zoom``, ``do``, ``match:``…) is here.
TRANSLATED_COMMANDS = ("game", "hand", "rules", "settings")
SHARED_GAME_COMMANDS = ("zoom", "do")
SHARED_OPTIONS = ("match", "confirm", "steps", "language")

DOMAINS = ("bot", "commands")
HOLDER = "the Palantír authors"


def template_path(domain: str) -> Path:
    return LOCALE_DIR / f"{domain}.pot"


def bot_template() -> Catalog:
    catalog = Catalog(project="palantir", domain="bot", fuzzy=False, copyright_holder=HOLDER)
    found = extract_from_dir(
        str(ROOT / "bot"), method_map=[("**.py", "python")], keywords=KEYWORDS, comment_tags=("i18n:",)
    )
    for filename, lineno, text, comments, context in found:
        msgid = text if isinstance(text, str) else tuple(text)
        path = f"bot/{filename}"
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
        if whole:
            yield COMMAND_NAME, cmd.name, where
            yield COMMAND_DESCRIPTION, cmd.description, where
        if isinstance(cmd, app_commands.Group):
            for sub in cmd.commands:
                yield from command(sub, shared_only)
            return
        for param in cmd.parameters:
            if whole or param.name in SHARED_OPTIONS:
                yield OPTION_NAME, param.display_name, f"{where} {param.display_name}:"
                yield OPTION_DESCRIPTION, param.description, f"{where} {param.display_name}:"
                for choice in param.choices:
                    if choice.name not in NATIVE_NAMES.values():  # a language's own name stays
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
    return client.tree


def game_templates() -> dict[str, Catalog]:
    """The template of each game whose presenter reads its catalog (:class:`CatalogTables`):
    one message per event kind, the kind as its context."""
    out = {}
    for ruleset in all_rulesets():
        tables = getattr(getattr(ruleset, "presenter", None), "templates", None)
        if not isinstance(tables, CatalogTables):
            continue
        catalog = Catalog(project="palantir", domain=tables.domain, fuzzy=False, copyright_holder=HOLDER)
        for kind, text in tables.english.items():
            catalog.add(text, context=kind, auto_comments=[f"event kind {kind} ({ruleset.title})"])
        _add_game_messages(catalog, tables.domain)
        out[tables.domain] = catalog
    return out


def _add_game_messages(catalog: Catalog, domain: str) -> None:
    """A game's own messages besides its event templates: the calls of :data:`GAME_KEYWORDS` in
    its engine and renderer packages, and the names its ``games.<domain>.i18n.catalog_messages()``
    reads from its data files (a game without that module has only its templates)."""
    try:
        words = importlib.import_module(f"games.{domain}.i18n")
    except ModuleNotFoundError:
        return
    for folder in (f"games/{domain}", f"renderers/{domain}"):
        if not (ROOT / folder).is_dir():
            continue
        found = extract_from_dir(
            str(ROOT / folder),
            method_map=[("**.py", "python")],
            keywords=GAME_KEYWORDS,
            comment_tags=("i18n:",),
        )
        for filename, lineno, text, comments, context in found:
            msgid = text if isinstance(text, str) else tuple(text)
            catalog.add(
                msgid, locations=[(f"{folder}/{filename}", lineno)], auto_comments=comments, context=context
            )
    for context, text, comment in words.catalog_messages():
        if catalog.get(text, context) is None:
            catalog.add(text, context=context, auto_comments=[comment])


def domains() -> tuple[str, ...]:
    """Every catalog domain: the bot's, the commands', and each game's that reads its catalog."""
    return (*DOMAINS, *sorted(game_templates()))


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
