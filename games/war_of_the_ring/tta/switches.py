"""The module's switches as lobby options (D2): a preset and four options that hold them.

Nine independent switches (:data:`SWITCHES`) are grouped into four lobby options so that the
game's setup fits Discord's command parameters: ``tta_engines`` (on/off), ``tta_factions`` and
``tta_characters`` (any combination, joined with ``+``: ``dunlendings+corsairs``, or ``none`` /
``all``) and ``tta_cards`` (on/off). The preset ``tta`` gives their defaults — ``base`` (every
switch off: exactly the base game) or ``whole`` (every switch on) — and any option named besides
overrides it; once resolved it reads ``base``, ``whole`` or ``custom`` for what was chosen.

>>> resolve({}, playable_only=False)["tta"]
'base'
>>> sorted(switches(resolve({"tta": "whole", "tta_characters": "balrog+galadriel"}, playable_only=False)))[:4]
['balrog', 'cards', 'corsairs', 'dunlendings']
>>> resolve({"tta_factions": "corsairs+dunlendings"}, playable_only=False)["tta_factions"]
'dunlendings+corsairs'
>>> try:
...     resolve({"tta_cards": "on"}, playable_only=False)
... except InvalidAction as refused:
...     print(str(refused)[:60])
The Twilight cards need the siege engines, the Hillmen of Du
"""

from __future__ import annotations

from collections.abc import Mapping
from itertools import combinations

from games.core import InvalidAction, OptionSpec
from games.core.i18n import Listed, Msg

from ..i18n import DOMAIN, listed, mark, tr

#: Every switch of the module, in the order of the reference's D2.
SWITCHES = (
    "siege_engines",
    "dunlendings",
    "corsairs",
    "ents",
    "galadriel",
    "balrog",
    "witch_king_chief",
    "smeagol",
    "cards",
)
FACTIONS = ("dunlendings", "corsairs", "ents")
CHARACTERS = ("galadriel", "balrog", "witch_king_chief", "smeagol")
#: How players type each grouped switch in an option value.
TYPED = {"witch_king_chief": "witch-king"}
NAMES = {
    "siege_engines": mark("the siege engines"),
    "dunlendings": mark("the Hillmen of Dunland"),
    "corsairs": mark("the Corsairs of Umbar"),
    "ents": mark("the Ents of Fangorn"),
    "galadriel": mark("Galadriel"),
    "balrog": mark("the Balrog"),
    "witch_king_chief": mark("the Witch-king, Chief of the Ringwraiths"),
    "smeagol": mark("Sméagol/Gollum"),
    "cards": mark("the Twilight cards"),
}
#: Switches whose rules are complete; any other is refused in the lobby as not yet available.
PLAYABLE: frozenset[str] = frozenset(
    {
        "siege_engines",
        "ents",
        "dunlendings",
        "corsairs",
        "cards",
        "galadriel",
        "balrog",
        "witch_king_chief",
        "smeagol",
    }
)
#: What the cards need (D3): their Events and Combat halves use these.
CARDS_NEED = ("siege_engines", "dunlendings", "corsairs")
#: Parts whose content is partly reconstructed (no published value), for the lobby's warning.
RECONSTRUCTED = {
    "ents": mark("how many Ents each Ents Awake brings (D27)"),
    "galadriel": mark("Galadriel's card"),
    "balrog": mark("the Balrog's card"),
    "witch_king_chief": mark("the Chief of the Ringwraiths' card"),
    "smeagol": mark("Sméagol's card and tiles"),
}


_WORDS = {"witch-king": "Witch-king (Chief)", "smeagol": "Sméagol"}


def _typed(switch: str) -> str:
    return TYPED.get(switch, switch)


def _combos(group: tuple[str, ...]) -> tuple[str, ...]:
    """Every value of a grouped option: ``none``, each combination in canonical order, ``all``."""
    found = ["none"]
    for size in range(1, len(group)):
        found += ["+".join(_typed(s) for s in combo) for combo in combinations(group, size)]
    return (*found, "all")


def _label(value: str) -> str:
    """A choice's English label; each label, a combination too, is one message of the catalog
    (``extract`` lists every game's options), whose translation lists the parts as its language
    lists them (CLDR: "Dunlændinger og Korsarer", "褐色人、海賊")."""
    if value in ("none", "all"):
        return value.capitalize()
    return ", ".join(_WORDS.get(p, p.capitalize()) for p in value.split("+"))


def _custom(options: Mapping[str, str]) -> bool:
    return options.get("tta") == "custom"


def _module_on(options: Mapping[str, str]) -> bool:
    return options.get("tta", "base") != "base"


OPTIONS = (
    OptionSpec(
        "tta",
        ("base", "whole", "custom"),
        "base",
        mark(
            "Twilight of the Third Age module: off (base game), whole, or the parts named in the "
            "tta_ options."
        ),
        {
            "base": mark("Off (the base game)"),
            "whole": mark("The whole module"),
            "custom": mark("Some parts"),
        },
        heading=mark("Twilight of the Third Age"),
        when=_module_on,
    ),
    OptionSpec(
        "tta_engines",
        ("off", "on"),
        "off",
        mark("Twilight of the Third Age: Siege Towers and Trebuchets."),
        {"off": mark("Off"), "on": mark("On")},
        heading=mark("Siege engines"),
        when=_custom,
    ),
    OptionSpec(
        "tta_factions",
        _combos(FACTIONS),
        "none",
        mark("Twilight factions, joined with +: dunlendings, corsairs, ents (or all, none)."),
        {v: _label(v) for v in _combos(FACTIONS)},
        heading=mark("Factions"),
        when=_custom,
    ),
    OptionSpec(
        "tta_characters",
        _combos(CHARACTERS),
        "none",
        mark("Twilight characters, joined with +: galadriel, balrog, witch-king, smeagol (or all, none)."),
        {v: _label(v) for v in _combos(CHARACTERS)},
        heading=mark("Characters"),
        when=_custom,
    ),
    OptionSpec(
        "tta_cards",
        ("off", "on"),
        "off",
        mark("Twilight of the Third Age: the 8 new Event cards and the card swaps."),
        {"off": mark("Off"), "on": mark("On")},
        heading=mark("Twilight cards"),
        when=_custom,
    ),
)

_GROUPS = {"tta_factions": FACTIONS, "tta_characters": CHARACTERS}
_FLAGS = {"tta_engines": "siege_engines", "tta_cards": "cards"}


def _canonical_group(name: str, value: str) -> str:
    """A grouped option's value in canonical order; refused with the words to use."""
    group = _GROUPS[name]
    value = value.strip().lower()
    if value in ("none", "all"):
        return value
    typed = {_typed(s): s for s in group}
    parts = [p.strip().replace(" ", "-").replace("é", "e") for p in value.split("+") if p.strip()]
    wrong = [p for p in parts if p not in typed]
    if wrong or not parts:
        words = ", ".join(typed)
        raise InvalidAction(
            _said(
                mark(
                    "`{value}` is not a choice for {name}: name some of {words} joined with +, or all, "
                    "or none."
                ),
                value=value,
                name=name,
                words=words,
            )
        )
    chosen = {typed[p] for p in parts}
    if chosen == set(group):
        return "all"
    return "+".join(_typed(s) for s in group if s in chosen)


def switches(options: Mapping[str, str]) -> frozenset[str]:
    """The switches that resolved options turn on (none for a match saved before the module)."""
    on: set[str] = {switch for key, switch in _FLAGS.items() if options.get(key) == "on"}
    for key, group in _GROUPS.items():
        value = options.get(key, "none")
        named = set(value.split("+"))
        on |= {s for s in group if value == "all" or _typed(s) in named}
    return frozenset(on)


def options_for(on: frozenset[str] | set[str]) -> dict[str, str]:
    """Resolved option values for a set of switches (positions, tests)."""
    values = {key: "on" if switch in on else "off" for key, switch in _FLAGS.items()}
    for key, group in _GROUPS.items():
        chosen = [s for s in group if s in on]
        values[key] = "all" if len(chosen) == len(group) else "+".join(_typed(s) for s in chosen) or "none"
    values["tta"] = "base" if not on else "whole" if set(on) >= set(SWITCHES) else "custom"
    return values


def prepare(chosen: Mapping[str, str]) -> dict[str, str]:
    """The chosen values with the preset's defaults filled in and combinations in canonical
    order, before the generic validation."""
    out = dict(chosen)
    if out.get("tta") == "whole":
        for key in _FLAGS:
            out.setdefault(key, "on")
        for key in _GROUPS:
            out.setdefault(key, "all")
    for key in _GROUPS:
        if key in out:
            out[key] = _canonical_group(key, out[key])
    return out


def check(resolved: dict[str, str], playable_only: bool = True) -> dict[str, str]:
    """Refuse switches that need others (D3) or are not playable yet; name the preset."""
    on = switches(resolved)
    if "cards" in on and not set(CARDS_NEED) <= on:
        raise InvalidAction(
            _said(
                mark(
                    "The Twilight cards need the siege engines, the Hillmen of Dunland and the Corsairs of "
                    "Umbar (their Events and Combat cards use them): switch those on too, or leave tta_cards "
                    "off."
                )
            )
        )
    missing = [s for s in SWITCHES if s in on and s not in PLAYABLE]
    if playable_only and missing:
        ready = [_said(NAMES[s]) for s in SWITCHES if s in PLAYABLE]
        raise InvalidAction(
            _said(
                mark(
                    "Twilight of the Third Age, not yet available (their rules are still being built): "
                    "{missing}. Playable now: {ready}."
                ),
                missing=Listed(tuple(_said(NAMES[s]) for s in missing)),
                ready=Listed(tuple(ready)) if ready else _said(mark("none yet")),
            )
        )
    resolved.update(options_for(on))
    return resolved


def resolve(chosen: Mapping[str, str], playable_only: bool = True) -> dict[str, str]:
    """Every module option resolved from what was chosen (other options ignored)."""
    prepared = prepare(chosen)
    resolved = {spec.name: prepared.get(spec.name, spec.default) for spec in OPTIONS}
    for spec in OPTIONS:
        if resolved[spec.name] not in spec.choices:
            raise InvalidAction(
                _said(
                    mark("`{value}` is not a choice for {name}: use one of {choices}."),
                    value=resolved[spec.name],
                    name=spec.name,
                    choices=", ".join(spec.choices),
                )
            )
    return check(resolved, playable_only)


def notice(options: Mapping[str, str]) -> str:
    """The lobby's notice: which parts of the module chosen are reconstructed ("" without it)."""
    on = switches(options)
    if not on:
        return ""
    parts = [tr(text) for switch, text in RECONSTRUCTED.items() if switch in on]
    if "cards" in on:
        parts.append(tr("the numbers of the new cards"))
    if not parts:
        return tr("Twilight of the Third Age: every part chosen is as published (see /rules topic:twilight).")
    return tr(
        "Twilight of the Third Age, reconstructed where no source gives it: {parts} "
        "(see /rules topic:twilight).",
        parts=listed(parts),
    )


def _said(msgid: str, /, **params: object) -> Msg:
    """A lobby refusal in its reader's language (the bot renders it): ``msgid`` is marked."""
    return Msg(DOMAIN, msgid, params)
