"""Risk: The Lord of the Rings' ``/rules``: an overview, the main rules, every adventure card and
every territory, and :func:`lookup` that finds them by slug, name, common word or card copy id
(``grima_wormtongue-1``), with close matches when nothing is found (:func:`not_found`).

>>> [t.title for t in lookup("attack")], [t.title for t in lookup("grima_wormtongue-1")]
(['Attacking'], ['Gríma Wormtongue'])
>>> [t.slug for t in lookup("Trade")], [t.slug for t in lookup("the ring")]
(['trade'], ['fellowship'])
>>> not_found("Fangron")
'Risk: The Lord of the Rings has no card, territory or rule called “Fangron”. Did you mean Fangorn?'
"""

from __future__ import annotations

import re
import unicodedata
from functools import cache

from games.core import RuleTopic
from games.core.rules_search import closest_titles, find_topics, search_key

from .board import geometry
from .data import CARD_ORDER, CARDS, EDITIONS, REGIONS, TERRITORIES, TIMINGS
from .grammar import names
from .i18n import (
    card_effect,
    card_title,
    current,
    english,
    listed,
    mark,
    ntr,
    ptr,
    speaking,
    territory_title,
    tr,
)

TITLE = "Risk: The Lord of the Rings"

OVERVIEW = mark(
    """\
**Risk: The Lord of the Rings** — 2 to 4 players; Good (green, yellow) against Evil (black, red).
• **Turn**: reinforce (a third of your territories, at least 3, plus whole regions and card \
trades), attack (up to 3 dice against 1 or 2; ties to the defender), fortify, draw cards, then \
the Fellowship moves one space along its path.
• **Leaders** add 1 to your highest die and complete **missions** by reaching their sites of \
power; **strongholds** add 1 to their defenders' highest die.
• **End**: when the Ring leaves the Dead Marshes (Trilogy: is destroyed on Mount Doom), the most \
points win: territories, whole regions, strongholds (2) and the adventure cards you played. \
Holding every territory wins at once. Plain mode is world conquest.
Look up a rule, card or territory with `/rules topic:`, e.g. `/rules topic:Ambush` or `/rules topic:dice`."""
)


def overview() -> str:
    """The overview of ``/rules``, in the language being spoken."""
    return tr(OVERVIEW)


RULES: tuple[tuple[str, str, str], ...] = (
    (
        "reinforcement",
        mark("Reinforcement"),
        mark(
            "At the start of your turn you receive a third of your territories (rounded down, at least 3) "
            "plus the bonus of every region you hold whole (2002: Arnor 7, Rhovanion 5, Rohan 4, Eriador 4, "
            "Mirkwood 3, Rhûn 2; the Trilogy has Eriador 3, Mirkwood 4, Gondor 7, Mordor 2, Haradwaith 2). "
            "Trilogy: one more battalion goes at once into each stronghold you hold. Place them all."
        ),
    ),
    (
        "cards",
        mark("Territory cards"),
        mark(
            "Conquer at least one territory in a turn to draw one territory card (however many you conquer). "
            "Each card shows a territory and a symbol: infantry, cavalry or creature; two wild cards "
            "stand for "
            "any symbol. Trade them for battalions in your reinforcement (see `trade`). When you eliminate a "
            "player you take his territory cards."
        ),
    ),
    (
        "trade",
        mark("Trading territory cards (sets)"),
        mark(
            "In your reinforcement, `trade` at most three cards: one card for its symbol (infantry "
            "1, cavalry "
            "3, creature 5; a wild card 5), or a set of three (3 infantry 4, 3 cavalry 6, 3 creatures 8, one "
            "of each 10; a wild card stands for any symbol). +2 for every spent card whose territory you "
            "hold. Trilogy: with five cards or more you must trade. The menu offers every single card and "
            "your best three cards for each set."
        ),
    ),
    (
        "turn",
        mark("A turn"),
        mark(
            "1. Reinforce: receive and place battalions, trade cards (`place`, `trade`). 2. Attack as often "
            "as you like (`attack`, `roll`, `end`). 3. Fortify (`from`, `to`, `done`). 4. Draw a territory "
            "card if you conquered, an adventure card if a leader reached a site of power. 5. The Fellowship "
            "moves one space (plain mode: no adventure cards, no Fellowship)."
        ),
    ),
    (
        "attack",
        mark("Attacking"),
        mark(
            "In your combat phase, `attack <from> <to>`: from a territory of yours with 2 battalions or more "
            "into an enemy neighbour (land border, bridge or sea route). Then `roll` 1 to 3 dice once, as "
            "often as you like, or `until <n>` to roll the most dice again and again until you conquer or "
            "are down to n battalions there, or `stop`; the defender answers with 1 or 2. Empty the "
            "territory to conquer it and `advance` into it (`advance-leader` takes your leader along). "
            "`end` goes on to fortify."
        ),
    ),
    (
        "dice",
        mark("Dice"),
        mark(
            "The attacker rolls 1 to 3 dice (one battalion always stays behind), the defender 1 or 2 (2 only "
            "with two battalions there, against two dice or more). Highest against highest, second against "
            "second; ties go to the defender; each lost pair costs one battalion. A leader fighting "
            "adds 1 to "
            "his side's highest die, a stronghold 1 to its defenders'; cards may add more, and a "
            "modified die "
            "may exceed 6. The Fellowship leaves a die space on 3+ (2002) or 4+ (Trilogy)."
        ),
    ),
    (
        "combat",
        mark("Combat"),
        mark(
            "Attack an enemy territory next to yours (land, bridge or sea route) from a territory with two "
            "battalions or more. Roll 1 to 3 dice (one battalion stays behind); the defender rolls 1 or 2 "
            "(2 only with two battalions there and against two dice or more; he is asked only when he has "
            "that choice). Highest against highest, second against second; ties go to the defender; each "
            "lost pair costs one battalion. Empty the territory to conquer it: the last roll's survivors "
            "move in, and you may move in more (one always stays behind)."
        ),
    ),
    (
        "leaders",
        mark("Leaders"),
        mark(
            "A leader adds 1 to his side's highest die: in defence where he stands, in attack from the "
            "territory he stands in, until he wins a conquest (then he has fought: no more attack bonus "
            "this turn). He moves in with a conquest if you choose, and alone only in fortify. He falls "
            "with the last battalion of his territory; with no leader on the board you place a new one "
            "(2002: at the end of fortify; Trilogy: after the draws). At most one leader in a territory."
        ),
    ),
    (
        "strongholds",
        mark("Strongholds"),
        mark(
            "A stronghold adds 1 to the defender's highest die in its territory (with a leader there, 2). "
            "It scores 2 points at the end. Modified dice may exceed 6."
        ),
    ),
    (
        "missions",
        mark("Missions and sites of power"),
        mark(
            "A leader arriving at a site of power (moving in with a conquest or ending a fortify move there) "
            "earns an adventure card at the end of the turn. Arriving at the site of a mission in your hand, "
            "you may declare it complete (`complete <card>`, in your combat or fortify menu while he stands "
            "there): the card is shown and scores, the reward battalions go on that territory (or you draw "
            "the extra territory card), and the leader stays there until your next turn. Or let him go on."
        ),
    ),
    (
        "adventure",
        mark("Adventure cards"),
        mark(
            "Dealt at the start (2002: 3, Trilogy: 4; the hand limit too: discard the extra card, it never "
            "scores). Events are revealed and carried out as soon as drawn, then you draw again. Powers are "
            "played at the moment they name and score when played."
        ),
    ),
    (
        "reactions",
        mark("Reaction powers (armed in advance)"),
        mark(
            "Powers played on another player's move (when he attacks you, when the Ring tries to leave a "
            "space) are armed in advance, in your own combat phase (`arm`, `disarm`): they stay secret and "
            "fire by themselves at their moment. Nobody ever waits for them, so nobody can tell who "
            "holds one."
        ),
    ),
    (
        "fortify",
        mark("Fortify"),
        mark(
            "After your attacks you may move battalions and leaders between your territories along chains of "
            "your own territories (sea routes too). 2002: as many moves as you like; Trilogy: one move. A "
            "territory always keeps one battalion; a leader that completed a mission this turn stays put."
        ),
    ),
    (
        "fellowship",
        mark("The Fellowship"),
        mark(
            "At the end of every player's turn the Ring moves one space along its path from the Shire. On a "
            "die space it leaves only on a roll of 3+ (2002) or 4+ (Trilogy). 2002: the game ends when it "
            "leaves the Dead Marshes. Trilogy: on Mount Doom a roll of 4+ destroys it and ends the game. "
            "Option Hunt (Trilogy): an Evil player holding the Ring's territory rolls two dice (+1 with a "
            "leader there, +1 if Evil holds the region); 12 or more finds the Ring and Evil wins."
        ),
    ),
    (
        "scoring",
        mark("Scoring"),
        mark(
            "1 point a territory, each whole region its bonus, 2 a stronghold, and the points of "
            "every adventure "
            "card played (missions completed, powers used). Ties: more territories, then "
            "strongholds, then card "
            "points, then a shared win. Holding every territory wins at once. Option (Trilogy): Good "
            "+4 for each "
            "of Mount Doom and Minas Tirith, Evil +4 for Barad-dûr."
        ),
    ),
    (
        "neutral",
        mark("Two players and the neutral army"),
        mark(
            "Two players add a neutral army: it gets two battalions on each of its dealt territories, never "
            "attacks, moves or draws, and has no turn (the Ring never moves for it). When you attack it, the "
            "other player chooses its dice. With three or four players it holds the territories of a player "
            "who ran out of time or resigned, and rolls the most dice it may."
        ),
    ),
    (
        "time",
        mark("Resigning and running out of time"),
        mark(
            "Two players: the player who resigns or runs out of time loses. Three or four: a player who "
            "resigns or runs out of time is out of the game: his territories turn neutral with their "
            "battalions, his cards are discarded and his missions leave the game, his turn ends (the Ring "
            "still moves) and the others play on. He scores nothing and cannot win; the last player left "
            "wins."
        ),
    ),
    (
        "plain",
        mark("Plain mode (world conquest)"),
        mark(
            "No leaders, adventure cards, Ring, strongholds or sites. Fortify moves only one step by "
            "land into "
            "a neighbouring territory of yours, each battalion once. The player who holds every "
            "territory wins."
        ),
    ),
    (
        "setup",
        mark("Set-up"),
        mark(
            "The territories are dealt by allegiance (a dealt territory gets one battalion at once), "
            "the others "
            "claimed one battalion at a time, then the starting battalions are placed: quick (all at once in "
            "secret, shown together) or printed (one at a time in turn), with each leader. A roll "
            "decides who "
            "plays first."
        ),
    ),
)


#: Common words for a rule topic ("the ring", "sets"); keys as :func:`search_key` makes them.
ALIASES: dict[str, str] = {
    **dict.fromkeys(
        ("attacks", "attacking", "battle", "battles", "conquer", "conquest", "advance"), "attack"
    ),
    **dict.fromkeys(("die", "roll", "rolls", "defend", "defence", "defense", "ties", "bonus dice"), "dice"),
    **dict.fromkeys(
        ("trading", "trades", "set", "sets", "card sets", "wild", "wild card", "wild cards"), "trade"
    ),
    **dict.fromkeys(("territory card", "territory cards", "draw", "draws"), "cards"),
    **dict.fromkeys(("turns", "phase", "phases", "turn order", "how to play"), "turn"),
    **dict.fromkeys(("reinforce", "reinforcements", "region", "regions", "bonus", "place"), "reinforcement"),
    **dict.fromkeys(("sea", "sea route", "sea routes", "port", "ports", "bridge", "bridges"), "combat"),
    **dict.fromkeys(("leader", "second leader"), "leaders"),
    "stronghold": "strongholds",
    **dict.fromkeys(("mission", "site", "sites", "site of power", "sites of power"), "missions"),
    **dict.fromkeys(
        (
            "adventure card",
            "adventure cards",
            "power",
            "powers",
            "power card",
            "power cards",
            "event",
            "events",
            "event card",
            "event cards",
            "hand limit",
            "discard",
        ),
        "adventure",
    ),
    **dict.fromkeys(("reaction", "arm", "disarm", "armed"), "reactions"),
    **dict.fromkeys(("move", "moves", "moving", "redeploy", "redeployment", "fortification"), "fortify"),
    **dict.fromkeys(
        ("ring", "the ring", "one ring", "the one ring", "ringbearer", "frodo", "path"), "fellowship"
    ),
    **dict.fromkeys(("score", "scores", "points", "win", "winning", "victory", "end", "game end"), "scoring"),
    **dict.fromkeys(("neutral army", "two players", "2 players"), "neutral"),
    **dict.fromkeys(("plain mode", "world conquest", "classic"), "plain"),
    **dict.fromkeys(
        ("resign", "resigning", "resignation", "timeout", "time out", "time bank", "out of time", "dropped"),
        "time",
    ),
    **dict.fromkeys(("set up", "start", "claim", "claims", "placement", "deal"), "setup"),
}

_COPY = re.compile(r"(?P<card>[a-z_]+)-\d+")


def _asked(query: str) -> str:
    """The topic a query names, with a card copy's suffix and a territory card's prefix gone.

    >>> _asked("grima_wormtongue-2"), _asked("card:the_shire"), _asked("card:wild-1")
    ('grima_wormtongue', 'the_shire', 'wild')
    """
    text = query.strip().casefold()
    if text.startswith("card:"):
        text = text[len("card:") :]
        if text.startswith("wild"):
            return "wild"
    copy = _COPY.fullmatch(text)
    if copy is not None and copy["card"] in CARDS:
        return copy["card"]
    return text


def lookup(query: str) -> tuple[RuleTopic, ...]:
    """The topics ``query`` names, best first: a slug or title, then a common word, then the
    topics whose title words begin with the words typed (``grima`` finds Gríma Wormtongue)."""
    found = find_topics(search_key(_asked(query)), topics(), ALIASES, _also_called().get)
    if found:
        return found
    # Japanese and Chinese names have no letters the search key keeps: compare them as written.
    wanted = _as_written(query)
    if not wanted:
        return ()
    exact = tuple(t for t in topics() if _as_written(t.title) == wanted)
    return exact or tuple(t for t in topics() if wanted in _as_written(t.title))


def _as_written(text: str) -> str:
    """``text`` compared as written: no case, width or spaces (``ＲＩＳＫ`` is ``risk``)."""
    return "".join(unicodedata.normalize("NFKC", text).casefold().split())


@cache
def _also_called() -> dict[str, str]:
    """Territories by the names of their strongholds and sites of power ("helms deep")."""
    found: dict[str, str] = {}
    for territory, data in TERRITORIES.items():
        for other in (data.stronghold, data.site):
            if other:
                found.setdefault(search_key(other), territory)
    return found


def suggestions(query: str, count: int = 3) -> list[str]:
    """Titles of the topics whose names come closest to ``query``."""
    return closest_titles(search_key(_asked(query)), topics(), ALIASES, count)


def not_found(query: str) -> str:
    """What ``/rules`` answers when nothing is called ``query``: the closest names, if any."""
    close = suggestions(query)
    if not close:
        return tr(
            "{game} has no card, territory or rule called “{query}”. Pick a topic from the list, or type "
            "the start of its name.",
            game=_name("game", TITLE),
            query=query.strip(),
        )
    return tr(
        "{game} has no card, territory or rule called “{query}”. Did you mean {names}?",
        game=_name("game", TITLE),
        query=query.strip(),
        names=listed(close, "or"),
    )


def topics() -> tuple[RuleTopic, ...]:
    """Every topic, in the language being spoken (built once a language)."""
    return _topics(current())


def _kind_words(kind: str) -> str:
    if kind == "mission":
        return tr("mission card")
    if kind == "event":
        return tr("event card")
    if kind == "power":
        return tr("power card")
    return kind


def _card_text(slug: str) -> str:
    card = CARDS[slug]
    text = card_effect(slug)
    if card.timing:
        when = TIMINGS[card.timing] if english() else ptr("timing", TIMINGS[card.timing])
        text = tr("{effect} When: {moment}", effect=text, moment=when)
    if card.copies > 1:
        text = ntr("{text} ({count} copy.)", "{text} ({count} copies.)", card.copies, text=text)
    return text


@cache
def _topics(lang: str) -> tuple[RuleTopic, ...]:
    with speaking(lang):
        found = [RuleTopic(slug, tr(title), tr(text), tr("rule")) for slug, title, text in RULES]
        for slug in CARD_ORDER:
            card = CARDS[slug]
            found.append(RuleTopic(slug, card_title(card.name), _card_text(slug), _kind_words(card.kind)))
        seen = set()
        for edition in EDITIONS:
            for territory in geometry(edition).territories:
                if territory not in seen:
                    seen.add(territory)
                    found.append(
                        RuleTopic(
                            territory, territory_title(territory), _territory_text(territory), tr("territory")
                        )
                    )
        return tuple(found)


def _territory_text(territory: str) -> str:
    """A territory in one short paragraph: region, stronghold, site of power, card, borders.

    >>> print(_territory_text("dead_marshes"))
    Region: Rhovanion. Site of power: Dagorlad (a mission). Card symbol: cavalry. Borders: Brown Lands and \
Emyn Muil (Trilogy also Ithilien and Udûn Vale). On the Fellowship's path.
    """
    data = TERRITORIES[territory]
    parts = [tr("Region: {region}.", region=_name("region", REGIONS[data.region].name))]
    if data.editions == ("trilogy",):
        parts.append(tr("Trilogy board only."))
    if data.stronghold:
        parts.append(
            tr(
                "Stronghold: {stronghold} (+1 to its defenders' highest die; 2 points).",
                stronghold=_name("stronghold", data.stronghold),
            )
        )
    if data.site:
        mission = any(CARDS[c].kind == "mission" and CARDS[c].site == territory for c in CARDS)
        site = _name("site", data.site)
        if mission:
            parts.append(tr("Site of power: {site} (a mission).", site=site))
        else:
            parts.append(tr("Site of power: {site}.", site=site))
    parts.append(tr("Card symbol: {symbol}.", symbol=_symbol_words(data.symbol)))
    boards = [geometry(e) for e in EDITIONS if e in data.editions]
    path = any(territory in g.path for g in boards)
    borders: dict[str, str] = {}
    for g in boards:
        for near in g.neighbours[territory]:
            how = (
                "sea"
                if g.is_sea(territory, near)
                else "bridge"
                if frozenset((territory, near)) in g.bridges
                else ""
            )
            borders.setdefault(near, how)
    first = [n for n in borders if n in boards[0].neighbours[territory]]
    later = [n for n in borders if n not in first]
    if later:
        parts.append(
            tr(
                "Borders: {territories} (Trilogy also {more}).",
                territories=names([_border(n, borders[n]) for n in first]),
                more=names([_border(n, borders[n]) for n in later]),
            )
        )
    else:
        parts.append(
            tr("Borders: {territories}.", territories=names([_border(n, borders[n]) for n in first]))
        )
    if path:
        parts.append(tr("On the Fellowship's path."))
    text = parts[0]
    for part in parts[1:]:
        text = tr("{sentence} {next}", sentence=text, next=part)
    return text


def _name(context: str, name: str) -> str:
    return name if english() else ptr(context, name)


def _symbol_words(symbol: str) -> str:
    if symbol == "infantry":
        return tr("infantry")
    if symbol == "cavalry":
        return tr("cavalry")
    if symbol == "creature":
        return tr("creature")
    return symbol


def _border(territory: str, how: str) -> str:
    if how == "sea":
        return tr("{territory} (by sea)", territory=territory_title(territory))
    if how == "bridge":
        return tr("{territory} (bridge)", territory=territory_title(territory))
    return territory_title(territory)
