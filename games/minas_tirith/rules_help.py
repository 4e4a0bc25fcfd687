"""Minas Tirith's ``/rules``: an overview, one topic per rule area, one per Minas Tirith card and one per
space of the board, a topic on what is printed and what is ours, and :func:`lookup` that finds them by
slug, name, grid label (``B2``) or a common word, with close matches when nothing is found.

:data:`NOTICE` is the lobby's one-line warning that the board and cards are a reconstruction.

>>> [t.slug for t in lookup("Siege Tower")], [t.slug for t in lookup("B2")]
(['siege_tower'], ['pelennor'])
>>> [t.slug for t in lookup("arrows")], [t.slug for t in lookup("black br")]
(['retreat'], ['black_breath'])
>>> [t.slug for t in lookup("the gate wall")], [t.slug for t in lookup("forced_march")]
(['wall_gate'], ['forced_march'])
>>> not_found("Osgiliat")
'Minas Tirith has no card, space or rule called “Osgiliat”. Did you mean Osgiliath?'
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache

from games.core import RuleTopic
from games.core.i18n import Sentences, join
from games.core.rules_search import closest_titles, find_topics, search_key
from games.core.words import join_words

from . import board
from .data import (
    EVIL,
    GOOD,
    LEADERS,
    MT_CARD_ORDER,
    MT_CARDS,
    SCORING,
    SETUP,
    SPACE_ORDER,
    SPACES,
    UNITS,
    MtCard,
    space_name,
)
from .words import card_effect, card_label, leader_label, pt, space_label, t, units_text

TITLE = "Minas Tirith"


def notice(lang: str = "en") -> str:
    """The lobby's one-line warning that the board and cards are a reconstruction."""
    return t(
        lang,
        "The printed Minas Tirith board, set-up and card texts are lost, so ours are a documented "
        "reconstruction; `/rules topic:reconstruction` says what is printed and what is ours.",
    )


NOTICE = notice()


def overview(lang: str = "en") -> str:
    """The ``/rules`` overview of the game."""
    return t(
        lang,
        "**Minas Tirith** — 2 players: the Free Peoples of Gondor (Good) hold the city against "
        "the Host of Mordor (Evil) and the Witch-king.\n• **Win**: Good captures 2 evil leaders; "
        "Evil puts a battalion into Minas Tirith. Otherwise, when the reinforcement deck runs "
        "out, the most points win (captures, walls held, the gate broken).\n• **Rounds** of three "
        "turns share three action dice: your die gives your action points and, the lower it is, "
        "the more reinforcement cards you draw. Trade sets of three for Minas Tirith cards.\n• "
        "**Actions**: advance, shoot (archers, crossbows, catapults; 6s hit), attack by land (3 "
        "dice against 2, ties to the defender). Good's 6s drive Evil back along the arrows; with "
        "the Witch-king fighting, Evil's 6s drive Good back.\n• **The walls**: Good climbs them by "
        "ladders from the city; Evil only with Siege Tower or Storm Ladders. Grond can break the "
        "gate.\nThe board and cards are our reconstruction (`/rules topic:reconstruction`). Look "
        "up a rule, card or space with `/rules topic:`, e.g. `/rules topic:retreat` or `/rules "
        "topic:Pelennor`.",
    )


OVERVIEW = overview()

#: ``(slug, title, text)`` of every rule topic.
RULES: tuple[tuple[str, str, str], ...] = (
    (
        "object",
        "Object of the game",
        "Good wins at once on capturing the second evil leader. Evil wins at once when 1 or more evil "
        "battalions stand in Minas Tirith (the city). Otherwise the game ends at the end of the turn in "
        "which the last reinforcement card is drawn (option `deckout:at-once`: at once) and the most "
        "points win (see `points`).",
    ),
    (
        "board",
        "The board",
        "36 spaces: 32 territories, 3 wall sections and the city. The city lies in the west against "
        "Mindolluin, Osgiliath in the east. Territories sit on a grid of columns A-F (west to east) and "
        "rows 0-4 (north to south), plus the Drúadan Road (north-west) and the Lossarnach Road "
        "(south-west); they border their grid neighbours, never diagonally. The Rammas Echor, the outer "
        "wall, is an arc of seven territories (B0, C0, D1, D2, D3, C4, B4). Two forts stand on the road "
        "to Osgiliath; banners of Gondor mark the city, the walls, the forts, the Townlands and the North "
        "Gate of the Rammas. Ranges count every link, over walls and occupied spaces.",
    ),
    (
        "figures",
        "Figures and supply",
        "Good: 20 infantry, 12 archers, 18 cavalry, 3 mounted archers; leaders Gandalf and Aragorn "
        "(yellow), Faramir, Théoden and Imrahil (green). Evil: 40 orcs, 10 crossbowmen, 5 warg riders, "
        "5 Black Riders, 6 trolls, 4 oliphaunts; leaders the Witch-king (red), Gothmog and the Black "
        "Serpent (black). Archers, mounted archers and crossbowmen shoot. Creatures (trolls, "
        "oliphaunts) move one space like infantry. Nothing can be placed once a kind has run out.",
    ),
    (
        "setup",
        "Set-up",
        "Evil: the Northern Camps 4 orcs, 3 warg riders, Gothmog; the Causeway 4 orcs, 3 crossbowmen, 1 "
        "troll, the Witch-king; the Southern Camps 4 orcs, 2 crossbowmen, 3 Black Riders, 1 oliphaunt, "
        "the Black Serpent. Good: the city 2 infantry and Gandalf; archers on the walls (1, 2, 1); Before "
        "the Great Gate 2 infantry, 1 cavalry; the Pelennor 2 cavalry; each fort 2 infantry and 1 "
        "archers (Faramir at the Causeway Forts); 1 infantry on four Rammas territories. Théoden, "
        "Aragorn and Imrahil arrive with their cards. All cards are played face up.",
    ),
    (
        "rounds",
        "Rounds and the action dice",
        "A round has three turns and one roll of the three action dice. Odd rounds: Good rolls, picks a "
        "die and plays, Evil picks from the two left, Good takes the last. Even rounds: the same with "
        "Evil first. Your die's pips are your action points; you draw 6 minus the pips in reinforcement "
        "cards (a 6: none, a 1: five).",
    ),
    (
        "turn",
        "A turn",
        "1. Choose a die. 2. Draw reinforcement cards (6 minus its pips). 3. Trade cards (every trade "
        "before your first action). 4. Spend your action points on advances, ranged attacks, land "
        "attacks and cards, in any order; each costs 1 point. You may stop early; unused points are lost.",
    ),
    (
        "trade",
        "Trading cards",
        "Trade three reinforcement cards of one kind (infantry, cavalry or creature; a wild card is any) "
        "to draw the top Minas Tirith card; one of each is not a set. A card of the other side is put "
        "aside at once. Once a turn, with your own sword on a card of the set, a special trade instead "
        "lets you draw two Minas Tirith cards and keep one, take one of your side's cards from those put "
        "aside, or place one battalion of the set's kind in a space you hold (Good has no creatures). "
        "Holder cards take one battalion for one card of a kind they accept, no set needed. With 7 cards "
        "or more you must trade (or discard) down to 6. Traded cards are never reshuffled.",
    ),
    (
        "advance",
        "Advances",
        "1 point per space entered: move battalions to a neighbouring space (split an army: 1 point per "
        "space), or move on into a space you hold and carry on together. Cavalry moves 1 or 2 spaces "
        "(through an empty space or one you hold, never the enemy's), with leaders. A leader alone "
        "moves 1 to 3 spaces through spaces you hold. Evil may swap 1 oliphaunt for 3 orcs. A holder "
        "card brings its battalions in for 1 point. Never into a space holding enemy battalions; "
        "no limit per space.",
    ),
    (
        "walls",
        "The walls, the ladders and the gate",
        "Good infantry, archers and leaders climb the ladders between the city and the walls; good "
        "battalions never step from a wall to the ground outside, and on a wall they only shoot. Evil "
        "infantry, crossbowmen and leaders climb onto a wall from the spaces below it (and attack it "
        "from there) only while Evil holds Siege Tower or Storm Ladders. Cavalry and creatures never "
        "stand on a wall. The gate lets every good unit in and out; Evil enters the city down the "
        "ladders from a wall it holds, or through the gate once Grond has broken it (option "
        "`city_entry`). Each wall section Evil holds at the end scores 2.",
    ),
    (
        "ranged",
        "Ranged attacks",
        "1 point: from a space with shooters (archers, mounted archers, crossbowmen), attack a space 1 or "
        "2 steps away with 1 to 3 of them, one die each; each 6 is a hit (the target loses 1 battalion). "
        "No defence, no retreat, no leader bonus; each shooter shoots once a turn. Against a banner "
        "space Evil needs 2 shooters per die (2: 1 die, 4: 2, 6: 3).",
    ),
    (
        "catapults",
        "Catapults",
        "Each wall section has a catapult of Gondor: while a good battalion stands there it adds one die "
        "at range 1 to 3, once a turn, alone or with the archers there (3 dice in all; at range 3 only "
        "the catapult). Evil's catapults are the Minas Tirith card The Catapults of Mordor.",
    ),
    (
        "land",
        "Land attacks",
        "1 point: attack a neighbouring space holding enemy battalions with 1 to 3 battalions from yours, "
        "along a link your units could move along. The defender rolls 1 die with 1 battalion, 2 with "
        "more. Highest against highest, second against second; ties go to the defender; each lost pair "
        "costs 1 battalion (its owner chooses which kind). Bonuses on the highest die: a leader +1 "
        "(attack or defence), a banner +1 to Good's defence, Siege Tower +1 to Evil's attack on a wall.",
    ),
    (
        "retreat",
        "Retreats and the arrows",
        "Every 6 Good rolls in a land attack drives the evil battalions that fought back one space along "
        "the evil arrows (east, toward Osgiliath), all together with their leaders; Evil fights no more "
        "that turn (in Evil's own turn, the turn ends). When the Witch-king fights, every 6 Evil rolls "
        "drives the good battalions back along the good arrows (west, toward the city). Casualties "
        "first; an army that cannot retreat (no arrow at an edge, enemies in the way, a wall it may not "
        "enter) loses 1 battalion per 6 left. Ranged attacks never force a retreat.",
    ),
    (
        "leaders",
        "Leaders",
        "Leaders are not battalions. A leader adds 1 to his side's highest die in a land attack fought "
        "from or in his space. He is captured (5 points) when the last battalion of his side there falls "
        "in battle. At the end of your turn a leader with no battalions of his side is removed, and of "
        "two leaders of one colour in a space one is removed (not captured). Yellow Gandalf and Aragorn "
        "may share with a green leader, the red Witch-king with a black one.",
    ),
    (
        "cards",
        "Minas Tirith cards",
        "16 cards, face up: holders take battalions one at a time and bring them (with their leader) "
        "onto the board for 1 point; lasting cards stay in front of you; events are played in your own "
        "turn, then put aside; reactions wait face up and you are asked when their moment comes, in "
        "either turn. Look one up by name: `/rules topic:Grond`.",
    ),
    (
        "points",
        "The end and points",
        f"Captured infantry, archers, orcs or crossbowmen 1 each; cavalry, mounted archers, warg riders "
        f"or Black Riders 2; trolls and oliphaunts 3; leaders {SCORING.leader}. Evil scores "
        f"{SCORING.wall_section} for each wall section it holds at the end and {SCORING.gate_broken} for "
        "the broken gate. The most points win; a tie goes to Good (the defender holds).",
    ),
    (
        "options",
        "Options",
        "`side`: who plays Good. `deckout`: `end-of-turn` (default) or `at-once` — when the game ends "
        "after the last reinforcement card. `city_entry`: `both` (default), `gate-only` or "
        "`ladders-only` — how Evil may enter the city.",
    ),
    (
        "reconstruction",
        "What is printed and what is ours",
        "Printed (from the surviving Danish rulebook and the UK points page): the turn, dice, trading, "
        "movement, battles, retreats, leaders, the figures, the points, the counts of the board (32 "
        "territories, 3 walls, the city) and of the decks, and five card names: Théoden, Aragorn, "
        "Mordor Reinforcements, Siege Tower, Storm Ladders. Ours: the board (every space, border, "
        "banner, fort and retreat arrow), the set-up (Evil's follows the surviving figure counts), the "
        "other eleven cards and every card's effect, five leaders' names (all but Gandalf, Aragorn and "
        "the Witch-king), the catapults, Grond and the gate, how Evil enters the city and attacks the "
        "walls, when a leader is captured, and the tie. The rules page of the project lists each with "
        "its reasons.",
    ),
)


#: Common words for a rule topic; keys as :func:`search_key` makes them.
ALIASES: dict[str, str] = {
    **dict.fromkeys(("win", "winning", "victory", "goal", "aim"), "object"),
    **dict.fromkeys(("map", "spaces", "territories", "grid", "rammas echor", "banners", "forts"), "board"),
    **dict.fromkeys(("supply", "units", "battalions", "troll", "oliphaunt", "mumak", "mumakil"), "figures"),
    **dict.fromkeys(("set up", "start", "starting position", "areas"), "setup"),
    **dict.fromkeys(("round", "dice", "die", "action dice", "action points"), "rounds"),
    **dict.fromkeys(("turns", "phase", "phases", "how to play", "draw", "draws"), "turn"),
    **dict.fromkeys(
        ("trading", "set", "sets", "wild", "wild card", "special trade", "hand limit", "reinforcements"),
        "trade",
    ),
    **dict.fromkeys(("move", "moves", "movement", "advances", "cavalry move", "exchange"), "advance"),
    **dict.fromkeys(("wall", "ladder", "ladders", "climb", "climbing", "city gate", "gate"), "walls"),
    **dict.fromkeys(
        ("shoot", "shooting", "bombard", "bombardment", "archers", "crossbows", "range"), "ranged"
    ),
    "catapult": "catapults",
    **dict.fromkeys(("attack", "attacks", "battle", "battles", "land attack", "combat", "bonus"), "land"),
    **dict.fromkeys(("retreats", "arrow", "arrows", "sixes", "6s"), "retreat"),
    **dict.fromkeys(("leader", "capture", "gandalf", "witch king", "gothmog", "faramir"), "leaders"),
    **dict.fromkeys(("card", "minas tirith cards", "mt cards", "holder", "holders", "events"), "cards"),
    **dict.fromkeys(("score", "scores", "scoring", "end", "game end", "deck out", "tie"), "points"),
    **dict.fromkeys(("option", "city entry", "deckout"), "options"),
    **dict.fromkeys(("reconstructed", "printed", "original", "sources", "whats ours"), "reconstruction"),
}


@cache
def _grid_labels() -> dict[str, str]:
    """Grid labels ("b2") -> space ids."""
    return {search_key(s.grid): s.id for s in SPACES.values() if s.grid}


def lookup(query: str, lang: str = "en") -> tuple[RuleTopic, ...]:
    """The topics ``query`` names, best first: a slug, title or grid label, then a common word, then
    the topics whose title words begin with the words typed (``black b`` finds The Black Breath);
    in ``lang``, by the names of that language first, then by the English ones."""
    key, said = search_key(query), topics(lang)
    if lang == "en":
        return find_topics(key, said, ALIASES, _grid_labels().get)
    wanted = query.strip().casefold()
    exact = tuple(t for t in said if t.title.casefold() == wanted)
    if exact:
        return exact
    if wanted and not key:  # (Japanese and Chinese have no search key: their titles contain it)
        return tuple(t for t in said if wanted in t.title.casefold())
    found = find_topics(key, said, ALIASES, _grid_labels().get)
    if found:
        return found
    by_slug = {topic.slug: topic for topic in said}
    return tuple(by_slug[t.slug] for t in find_topics(key, topics(), ALIASES, _grid_labels().get))


def suggestions(query: str, count: int = 3, lang: str = "en") -> list[str]:
    """Titles of the topics whose names come closest to ``query``."""
    return closest_titles(search_key(query), topics(lang), ALIASES, count)


def not_found(query: str, lang: str = "en") -> str:
    """What ``/rules`` answers when nothing is called ``query``: the closest names, if any (the
    topics' titles in ``lang``)."""
    close = suggestions(query, lang=lang)
    if not close:
        return t(
            lang,
            "Minas Tirith has no card, space or rule called “{query}”. Pick a topic from the list, or "
            "type the start of its name.",
            query=query.strip(),
        )
    return t(
        lang,
        "Minas Tirith has no card, space or rule called “{query}”. Did you mean {names}?",
        query=query.strip(),
        names=join(lang, close, "or"),
    )


@cache
def topics(lang: str = "en") -> tuple[RuleTopic, ...]:
    """Every topic in ``lang``: the rules, the Minas Tirith cards and the spaces."""
    card_kind = pt(lang, "topic kind", "Minas Tirith card")
    found = [
        RuleTopic(
            slug, pt(lang, RULE_TITLE, title), pt(lang, RULE_TEXT, text), pt(lang, "topic kind", "rule")
        )
        for slug, title, text in RULES
    ]
    found += [
        RuleTopic(c, card_label(c, lang), card_text(MT_CARDS[c], lang), card_kind) for c in MT_CARD_ORDER
    ]
    found += [
        RuleTopic(s, space_label(s, lang), space_text(s, lang), pt(lang, TOPIC_KIND, _space_kind(s)))
        for s in SPACE_ORDER
    ]
    return tuple(found)


#: Message contexts of the topics' titles and kinds (``words.catalog_entries`` lists them).
RULE_TITLE, RULE_TEXT, TOPIC_KIND = "rule topic", "rule text", "topic kind"
TOPIC_KINDS = ("rule", "Minas Tirith card", "the city", "wall section", "Rammas Echor territory", "territory")


def _side_words(side: str, lang: str) -> str:
    return {
        GOOD: t(lang, "Good's card"),
        EVIL: t(lang, "Evil's card"),
    }.get(side) or t(lang, "A card for either side")


def _kind_words(kind: str, lang: str) -> str:
    return {
        "holder": t(lang, "holds battalions"),
        "lasting": t(lang, "kept for the rest of the game"),
        "event": t(lang, "played in your own turn, then put aside"),
        "reaction": t(lang, "kept face up until its moment comes, then put aside"),
    }[kind]


def card_text(card: MtCard, lang: str = "en") -> str:
    """A Minas Tirith card's topic: its effect, who uses it, and what of it is printed.

    >>> print(card_text(MT_CARDS["storm_ladders"]))
    Keep it. While you hold it, evil infantry and leaders may climb onto a wall section from the spaces \
below it and back down (no bonus). Evil's card; kept for the rest of the game. Printed name; the effect \
is our reconstruction.
    """
    origin = (
        t(lang, "Printed name; the effect is our reconstruction.")
        if card.name_printed
        else t(lang, "Our reconstruction: the name and the effect.")
    )
    return t(
        lang,
        "{effect} {side}; {kind}. {origin}",
        effect=card_effect(card.id, lang),
        side=_side_words(card.side, lang),
        kind=_kind_words(card.kind, lang),
        origin=origin,
    )


def _space_kind(space: str) -> str:
    return {
        "city": "the city",
        "wall": "wall section",
        "rammas_echor": "Rammas Echor territory",
        "field": "territory",
    }[SPACES[space].kind]


def _within(space: str, lang: str = "en") -> str:
    """A space's name inside a sentence ("the Causeway").

    >>> _within("causeway"), _within("pelennor")
    ('the Causeway', 'Fields of the Pelennor')
    """
    if lang != "en":
        return space_label(space, lang)
    name = space_name(space)
    return "the" + name[3:] if name.startswith("The ") else name


def _names(ids: tuple[str, ...], lang: str = "en") -> str:
    if lang == "en":
        return join_words([_within(s) for s in ids], "and")
    return join(lang, [_within(s, lang) for s in ids])


def space_text(space: str, lang: str = "en") -> str:
    """A space in one short paragraph: what it is, its flags, links, arrows and who starts or enters there.

    >>> print(space_text("before_the_gate"))
    Territory A2; on the road to Osgiliath; Grond's space (Grond rams the gate from here). Borders: \
Northern Townlands, Southern Townlands and Fields of the Pelennor. The Great Gate leads to Minas Tirith. \
Below the Gate Wall (Evil climbs it from here with Siege Tower or Storm Ladders). Evil retreats to Fields \
of the Pelennor; Good retreats to Minas Tirith. Good starts here with 2 infantry and 1 cavalry.
    """
    data = SPACES[space]
    kind = _space_kind(space)
    if lang == "en":
        first = kind[0].upper() + kind[1:]
        flags = [f"{first}{' ' + data.grid if data.grid else ''}"]
    else:
        title = pt(lang, TOPIC_KIND, kind)
        title = title[:1].upper() + title[1:]
        flags = [t(lang, "{kind} {grid}", kind=title, grid=data.grid) if data.grid else title]
    if data.road:
        flags.append(t(lang, "on the road to Osgiliath"))
    if data.fort:
        flags.append(t(lang, "a fort"))
    if data.gondor_banner:
        flags.append(t(lang, "a banner of Gondor (+1 to Good's defence; Evil needs 2 shooters a die)"))
    if data.grond:
        flags.append(t(lang, "Grond's space (Grond rams the gate from here)"))
    if data.catapult:
        flags.append(t(lang, "a catapult of Gondor (range 1-3)"))
    if data.board_edge:
        flags.append(t(lang, "at the board's edge"))
    parts = [t(lang, "{flags}.", flags=t(lang, "; ").join(flags))]
    borders = board.neighbours(space, ("border",))
    if borders:
        parts.append(t(lang, "Borders: {names}.", names=_names(borders, lang)))
    ladders = board.neighbours(space, ("ladder",))
    if ladders:
        parts.append(t(lang, "Ladders to {names}.", names=_names(ladders, lang)))
    if board.neighbours(space, ("gate",)):
        gate = _names(board.neighbours(space, ("gate",)), lang)
        parts.append(t(lang, "The Great Gate leads to {names}.", names=gate))
    if data.climb_from:
        parts.append(
            t(
                lang,
                "Evil climbs it from {names} with Siege Tower or Storm Ladders.",
                names=_names(data.climb_from, lang),
            )
        )
    for wall in data.below_walls:
        parts.append(
            t(
                lang,
                "Below {wall} (Evil climbs it from here with Siege Tower or Storm Ladders).",
                wall=_within(wall, lang),
            )
        )
    arrows = []
    if data.retreat_to(EVIL):
        arrows.append(t(lang, "Evil retreats to {names}", names=_names(data.retreat_to(EVIL), lang)))
    if data.retreat_to(GOOD):
        arrows.append(t(lang, "Good retreats to {names}", names=_names(data.retreat_to(GOOD), lang)))
    if arrows:
        parts.append(t(lang, "{flags}.", flags=t(lang, "; ").join(arrows)))
    blocked = [side for side in (EVIL, GOOD) if not data.retreat_to(side)]
    if blocked == [EVIL, GOOD]:
        parts.append(t(lang, "No retreat arrow for Evil or Good here."))
    elif blocked == [EVIL]:
        parts.append(t(lang, "No retreat arrow for Evil here."))
    elif blocked == [GOOD]:
        parts.append(t(lang, "No retreat arrow for Good here."))
    if data.entry_for:
        cards = join(lang, [card_label(c, lang) for c in data.entry_for])
        parts.append(t(lang, "Entry for {cards}.", cards=cards))
    for placement in (p for p in SETUP if p.space == space):
        what = _placement_words(placement.units, placement.leaders, lang)
        if placement.side == GOOD:
            parts.append(t(lang, "Good starts here with {what}.", what=what))
        else:
            parts.append(
                t(lang, "Evil (area {area}) starts here with {what}.", area=placement.area, what=what)
            )
    return Sentences(tuple(parts)).render(lang)


def _placement_words(units: Mapping[str, int], leaders: tuple[str, ...], lang: str = "en") -> str:
    if lang == "en":
        counts = [f"{n} {UNITS[k].name.lower()}" for k, n in units.items()]
        return join_words([*counts, *(LEADERS[x].name for x in leaders)], "and")
    counts = [units_text({k: n}, lang) for k, n in units.items()]
    return join(lang, [*counts, *(leader_label(x, lang) for x in leaders)])
