"""The synced application-command tree, and typed option payloads built from it.

The driver names a command as the user types it (``"game new"``); this module finds it in
the tree the bot synced, checks every option against the schema (names, required options,
types, choices, bounds) the way Discord's client does, and builds the ``data.options`` payload.
A typo in a test therefore fails with a clear :class:`CommandUsageError`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .model import Channel, Guild, User

Json = dict[str, Any]

SUB_COMMAND, SUB_COMMAND_GROUP, STRING, INTEGER, BOOLEAN, USER, CHANNEL, ROLE, MENTIONABLE, NUMBER = range(
    1, 11
)
ATTACHMENT = 11
TYPE_NAMES = {
    STRING: "string",
    INTEGER: "integer",
    BOOLEAN: "boolean",
    USER: "user",
    CHANNEL: "channel",
    ROLE: "role",
    MENTIONABLE: "mentionable",
    NUMBER: "number",
    ATTACHMENT: "attachment",
}


class CommandUsageError(AssertionError):
    """The test asked for a command or option that the synced schema does not allow."""


@dataclass
class CommandTree:
    """Commands the bot registered: global ones and per-guild ones, each with an id."""

    global_commands: list[Json] = field(default_factory=list)
    guild_commands: dict[int, list[Json]] = field(default_factory=dict)
    syncs: int = 0

    def visible_in(self, guild: Guild | None) -> list[Json]:
        own = self.guild_commands.get(guild.id, []) if guild is not None else []
        names = {c["name"] for c in own}
        return own + [c for c in self.global_commands if c["name"] not in names]

    def names(self, guild: Guild | None) -> list[str]:
        """Every invocable path (``"game new"``) visible in ``guild``."""
        out: list[str] = []
        for command in self.visible_in(guild):
            if command.get("type", 1) != 1:
                continue
            subs = [o for o in command.get("options", []) if o["type"] in (SUB_COMMAND, SUB_COMMAND_GROUP)]
            if not subs:
                out.append(command["name"])
            for sub in subs:
                if sub["type"] == SUB_COMMAND:
                    out.append(f"{command['name']} {sub['name']}")
                else:
                    out.extend(f"{command['name']} {sub['name']} {leaf['name']}" for leaf in sub["options"])
        return out

    def find(self, guild: Guild | None, path: str) -> tuple[Json, list[str], Json]:
        """The top-level command, the subcommand names, and the leaf holding the options."""
        words = path.strip().lstrip("/").split()
        if not words:
            raise CommandUsageError("empty command name")
        top = next(
            (c for c in self.visible_in(guild) if c["name"] == words[0] and c.get("type", 1) == 1), None
        )
        if top is None:
            raise CommandUsageError(f"no slash command /{words[0]}; synced: {', '.join(self.names(guild))}")
        if guild is None and (
            top.get("dm_permission") is False or 1 not in (top.get("contexts") or [0, 1, 2])
        ):
            raise CommandUsageError(f"/{words[0]} cannot be used in DMs (guild only)")
        node, chain = top, list[str]()
        for word in words[1:]:
            subs = [o for o in node.get("options", []) if o["type"] in (SUB_COMMAND, SUB_COMMAND_GROUP)]
            nxt = next((o for o in subs if o["name"] == word), None)
            if nxt is None:
                raise CommandUsageError(
                    f"/{path}: no subcommand {word!r}; synced: {', '.join(self.names(guild))}"
                )
            node, chain = nxt, [*chain, word]
        if any(o["type"] in (SUB_COMMAND, SUB_COMMAND_GROUP) for o in node.get("options", [])):
            raise CommandUsageError(f"/{path} needs a subcommand; synced: {', '.join(self.names(guild))}")
        return top, chain, node


@dataclass
class Resolved:
    """The ``data.resolved`` block for user/channel/attachment options."""

    users: dict[str, Json] = field(default_factory=dict)
    members: dict[str, Json] = field(default_factory=dict)
    channels: dict[str, Json] = field(default_factory=dict)
    attachments: dict[str, Json] = field(default_factory=dict)

    def to_json(self) -> Json:
        return {k: v for k, v in vars(self).items() if v}


def build_options(
    leaf: Json,
    given: dict[str, Any],
    guild: Guild | None,
    resolved: Resolved,
    *,
    focused: str | None = None,
    checked: bool = True,
) -> list[Json]:
    """The typed option list for ``leaf`` from the test's keyword values."""
    schema = {o["name"]: o for o in leaf.get("options", [])}
    unknown = sorted(set(given) - set(schema))
    if unknown:
        raise CommandUsageError(
            f"/{leaf['name']} has no option {', '.join(unknown)}; options: {', '.join(schema)}"
        )
    if checked and focused is None:
        missing = [n for n, o in schema.items() if o.get("required") and n not in given]
        if missing:
            raise CommandUsageError(f"/{leaf['name']} requires {', '.join(missing)}")
    if focused is not None and focused not in schema:
        raise CommandUsageError(f"/{leaf['name']} has no option {focused!r} to autocomplete")
    if focused is not None and not schema[focused].get("autocomplete"):
        raise CommandUsageError(f"option {focused!r} of /{leaf['name']} has no autocomplete")
    out: list[Json] = []
    for name, value in given.items():
        opt = schema[name]
        kind = opt["type"]
        if focused is not None:
            # While typing, Discord sends the raw text of every option filled so far.
            entry: Json = {"name": name, "type": kind, "value": _raw(value)}
            if name == focused:
                entry["focused"] = True
            out.append(entry)
            continue
        out.append({"name": name, "type": kind, "value": _typed(opt, value, resolved, guild, checked)})
    if focused is not None and focused not in given:
        out.append({"name": focused, "type": schema[focused]["type"], "value": "", "focused": True})
    return out


def _raw(value: Any) -> Any:
    from .model import Channel, User

    if isinstance(value, User | Channel):
        return str(value.id)
    return value if isinstance(value, str) else str(value)


def _typed(opt: Json, value: Any, resolved: Resolved, guild: Guild | None, checked: bool) -> Any:
    from .model import Channel, User

    kind, name = opt["type"], opt["name"]
    if kind == STRING:
        if checked and not isinstance(value, str):
            raise CommandUsageError(f"option {name} is a string, got {value!r}")
        value = str(value)
        if checked and not (opt.get("min_length", 0) <= len(value) <= opt.get("max_length", 6000)):
            raise CommandUsageError(f"option {name}: length {len(value)} out of bounds")
    elif kind == INTEGER:
        if checked and (not isinstance(value, int) or isinstance(value, bool)):
            raise CommandUsageError(f"option {name} is an integer, got {value!r}")
        _check_bounds(opt, value, checked)
    elif kind == NUMBER:
        if checked and (not isinstance(value, int | float) or isinstance(value, bool)):
            raise CommandUsageError(f"option {name} is a number, got {value!r}")
        _check_bounds(opt, value, checked)
    elif kind == BOOLEAN:
        if checked and not isinstance(value, bool):
            raise CommandUsageError(f"option {name} is a boolean, got {value!r}")
    elif kind in (USER, MENTIONABLE):
        if not isinstance(value, User):
            raise CommandUsageError(f"option {name} takes a fake User, got {value!r}")
        resolved.users[str(value.id)] = value.to_json()
        if guild is not None and value.id in guild.members:
            member = guild.member_json(value, permissions=True)
            member.pop("user")
            resolved.members[str(value.id)] = member
        return str(value.id)
    elif kind == CHANNEL:
        if not isinstance(value, Channel):
            raise CommandUsageError(f"option {name} takes a fake Channel, got {value!r}")
        resolved.channels[str(value.id)] = {**value.to_json(), "permissions": "2248473465835073"}
        return str(value.id)
    elif kind == ATTACHMENT:
        from .model import Attachment

        if not isinstance(value, Attachment):
            raise CommandUsageError(
                f"option {name} takes a fake Attachment (FakeDiscord.store_attachment), got {value!r}"
            )
        resolved.attachments[str(value.id)] = value.to_json()
        return str(value.id)
    else:
        raise CommandUsageError(f"option type {kind} of {name} is not supported by the fake")
    choices = opt.get("choices")
    if checked and choices and value not in [c["value"] for c in choices]:
        allowed = ", ".join(repr(c["value"]) for c in choices)
        raise CommandUsageError(f"option {name} must be one of {allowed}, got {value!r}")
    return value


def _check_bounds(opt: Json, value: Any, checked: bool) -> None:
    if not checked:
        return
    low, high = opt.get("min_value"), opt.get("max_value")
    if (low is not None and value < low) or (high is not None and value > high):
        raise CommandUsageError(f"option {opt['name']}={value} is outside [{low}, {high}]")


def nest(chain: list[str], options: list[Json]) -> list[Json]:
    """Wrap leaf options in their subcommand (and group) levels."""
    if not chain:
        return options
    kinds = [SUB_COMMAND_GROUP, SUB_COMMAND] if len(chain) == 2 else [SUB_COMMAND]
    inner = options
    for word, kind in reversed(list(zip(chain, kinds, strict=True))):
        inner = [{"name": word, "type": kind, "options": inner}]
    return inner


def user_for(guild: Guild | None, user: User) -> Json:
    """``member`` (in a guild) or ``user`` (in a DM) as an interaction carries it."""
    if guild is None:
        return {"user": user.to_json()}
    return {"member": guild.member_json(user, permissions=True)}


def describe(channel: Channel) -> str:
    return f"#{channel.name}" if channel.guild is not None else f"DM with {channel.name}"
