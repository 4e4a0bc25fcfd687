"""Discord's limits on message payloads, so a bot that breaks them fails here as it would live.

>>> problems({"content": "x" * 2001})
['content: must be 2000 or fewer in length']
>>> problems({"content": "hi", "components": [{"type": 1, "components": [{"type": 2, "style": 1}]}]})
['components[0][0]: a button needs a custom_id or a url']
"""

from __future__ import annotations

from typing import Any

Json = dict[str, Any]
COMPONENTS_V2 = 1 << 15


def problems(payload: Json, *, files: int = 0) -> list[str]:
    """What is wrong with a message create/edit payload (empty when it is valid)."""
    out: list[str] = []
    content = payload.get("content")
    if content is not None and len(str(content)) > 2000:
        out.append("content: must be 2000 or fewer in length")
    embeds = payload.get("embeds") or []
    if len(embeds) > 10:
        out.append("embeds: must be 10 or fewer")
    total = 0
    for i, embed in enumerate(embeds):
        total += _embed_problems(i, embed, out)
    if total > 6000:
        out.append("embeds: total text must be 6000 or fewer characters")
    components = payload.get("components") or []
    if not int(payload.get("flags") or 0) & COMPONENTS_V2:
        if len(components) > 5:
            out.append("components: must be 5 or fewer action rows")
        seen: set[str] = set()
        for r, row in enumerate(components):
            _row_problems(r, row, seen, out)
    return out


def is_empty(payload: Json, files: int) -> bool:
    """True when a new message would have nothing to show (Discord error 50006)."""
    flags = int(payload.get("flags") or 0)
    return not (
        payload.get("content")
        or payload.get("embeds")
        or files
        or payload.get("sticker_ids")
        or payload.get("poll")
        or (flags & COMPONENTS_V2 and payload.get("components"))
    )


def _embed_problems(i: int, embed: Json, out: list[str]) -> int:
    limits = {"title": 256, "description": 4096}
    total = 0
    for key, limit in limits.items():
        text = str(embed.get(key) or "")
        total += len(text)
        if len(text) > limit:
            out.append(f"embeds[{i}].{key}: must be {limit} or fewer in length")
    fields = embed.get("fields") or []
    if len(fields) > 25:
        out.append(f"embeds[{i}].fields: must be 25 or fewer")
    for j, item in enumerate(fields):
        name, value = str(item.get("name") or ""), str(item.get("value") or "")
        total += len(name) + len(value)
        if not name or not value:
            out.append(f"embeds[{i}].fields[{j}]: name and value are required")
        if len(name) > 256 or len(value) > 1024:
            out.append(f"embeds[{i}].fields[{j}]: name <= 256 and value <= 1024 characters")
    footer = str((embed.get("footer") or {}).get("text") or "")
    if len(footer) > 2048:
        out.append(f"embeds[{i}].footer.text: must be 2048 or fewer in length")
    return total + len(footer)


def _row_problems(r: int, row: Json, seen: set[str], out: list[str]) -> None:
    if row.get("type") != 1:
        out.append(f"components[{r}]: top-level components must be action rows")
        return
    items = row.get("components") or []
    if not items:
        out.append(f"components[{r}]: an action row needs at least one component")
    buttons = [c for c in items if c.get("type") == 2]
    if len(buttons) > 5 or (buttons and len(buttons) != len(items)) or (not buttons and len(items) > 1):
        out.append(f"components[{r}]: a row holds up to 5 buttons or a single select menu")
    for c, comp in enumerate(items):
        where = f"components[{r}][{c}]"
        custom_id = comp.get("custom_id")
        if comp.get("type") == 2 and not custom_id and not comp.get("url") and not comp.get("sku_id"):
            out.append(f"{where}: a button needs a custom_id or a url")
        if custom_id is not None:
            if not 1 <= len(custom_id) <= 100:
                out.append(f"{where}.custom_id: must be 1-100 characters")
            if custom_id in seen:
                out.append(f"{where}.custom_id: duplicate {custom_id!r}")
            seen.add(custom_id)
        if len(str(comp.get("label") or "")) > 80:
            out.append(f"{where}.label: must be 80 or fewer in length")
        if len(str(comp.get("placeholder") or "")) > 150:
            out.append(f"{where}.placeholder: must be 150 or fewer in length")
        options = comp.get("options")
        if options is not None:
            if not 1 <= len(options) <= 25:
                out.append(f"{where}.options: must be 1-25 options")
            values = [o.get("value") for o in options]
            if len(set(values)) != len(values):
                out.append(f"{where}.options: values must be unique")
            for o, opt in enumerate(options):
                for key in ("label", "value", "description"):
                    if len(str(opt.get(key) or "")) > 100:
                        out.append(f"{where}.options[{o}].{key}: must be 100 or fewer in length")
                if not opt.get("label") or not opt.get("value"):
                    out.append(f"{where}.options[{o}]: label and value are required")


def choice_problems(choices: list[Json]) -> list[str]:
    """Autocomplete results: at most 25 choices, names and values of 1-100 characters."""
    out = []
    if len(choices) > 25:
        out.append("choices: must be 25 or fewer")
    for i, choice in enumerate(choices):
        if not 1 <= len(str(choice.get("name") or "")) <= 100:
            out.append(f"choices[{i}].name: must be 1-100 characters")
        value = choice.get("value")
        if isinstance(value, str) and len(value) > 100:
            out.append(f"choices[{i}].value: must be 100 or fewer in length")
    return out
