"""Risk: The Lord of the Rings' ``/rules``: an overview, the main rules and every adventure card."""

from __future__ import annotations

from functools import cache

from games.core import RuleTopic

from .data import CARD_ORDER, CARDS, TIMINGS

OVERVIEW = """\
**Risk: The Lord of the Rings** — 2 to 4 players; Good (green, yellow) against Evil (black, red).
• **Turn**: reinforce (a third of your territories, at least 3, plus whole regions and card \
trades), attack (up to 3 dice against 1 or 2; ties to the defender), fortify, draw cards, then \
the Fellowship moves one space along its path.
• **Leaders** add 1 to your highest die and complete **missions** by reaching their sites of \
power; **strongholds** add 1 to their defenders' highest die.
• **End**: when the Ring leaves the Dead Marshes (Trilogy: is destroyed on Mount Doom), the most \
points win: territories, whole regions, strongholds (2) and the adventure cards you played. \
Holding every territory wins at once. Plain mode is world conquest.
Look up a rule or card with `/rules topic:`, e.g. `/rules topic:Ambush` or `/rules topic:fortify`."""

RULES: tuple[tuple[str, str, str], ...] = (
    (
        "reinforcement",
        "Reinforcement",
        "At the start of your turn you receive a third of your territories (rounded down, at least 3) "
        "plus the bonus of every region you hold whole (2002: Arnor 7, Rhovanion 5, Rohan 4, Eriador 4, "
        "Mirkwood 3, Rhûn 2; the Trilogy has Eriador 3, Mirkwood 4, Gondor 7, Mordor 2, Haradwaith 2). "
        "Trilogy: one more battalion goes at once into each stronghold you hold. Place them all.",
    ),
    (
        "cards",
        "Territory cards",
        "Conquer at least one territory in a turn to draw one territory card. In your reinforcement you may "
        "spend at most three: one card for its symbol (infantry 1, cavalry 3, creature 5; a wild card 5), "
        "or three together (3 infantry 4, 3 cavalry 6, 3 creatures 8, one of each 10; a wild card stands "
        "for any symbol). +2 for every spent card whose territory you hold. Trilogy: with five cards or "
        "more you must trade. The menu offers every single card and the best three cards for each set.",
    ),
    (
        "combat",
        "Combat",
        "Attack an enemy territory next to yours (land, bridge or sea route) from a territory with two "
        "battalions or more. Roll 1 to 3 dice (one battalion stays behind); the defender rolls 1 or 2 "
        "(2 only with two battalions there and against two dice or more; he is asked only when he has "
        "that choice). Highest against highest, second against second; ties go to the defender; each "
        "lost pair costs one battalion. Empty the territory to conquer it: the last roll's survivors "
        "move in, and you may move in more (one always stays behind).",
    ),
    (
        "leaders",
        "Leaders",
        "A leader adds 1 to his side's highest die: in defence where he stands, in attack from the "
        "territory he stands in, until he wins a conquest (then he has fought: no more attack bonus "
        "this turn). He moves in with a conquest if you choose, and alone only in fortify. He falls "
        "with the last battalion of his territory; with no leader on the board you place a new one "
        "(2002: at the end of fortify; Trilogy: after the draws). At most one leader in a territory.",
    ),
    (
        "strongholds",
        "Strongholds",
        "A stronghold adds 1 to the defender's highest die in its territory (with a leader there, 2). "
        "It scores 2 points at the end. Modified dice may exceed 6.",
    ),
    (
        "missions",
        "Missions and sites of power",
        "A leader arriving at a site of power (moving in with a conquest or ending a fortify move there) "
        "earns an adventure card at the end of the turn. Arriving at the site of a mission in your hand "
        "completes it at once: the card is shown and scores, the reward battalions go on that territory "
        "(or you draw the extra territory card), and the leader stays there until your next turn.",
    ),
    (
        "adventure",
        "Adventure cards",
        "Dealt at the start (2002: 3, Trilogy: 4; the hand limit too: discard the extra card, it never "
        "scores). Events are revealed and carried out as soon as drawn, then you draw again. Powers are "
        "played at the moment they name and score when played.",
    ),
    (
        "reactions",
        "Reaction powers (armed in advance)",
        "Powers played on another player's move (when he attacks you, when the Ring tries to leave a "
        "space) are armed in advance, in your own combat phase (`arm`, `disarm`): they stay secret and "
        "fire by themselves at their moment. Nobody ever waits for them, so nobody can tell who holds one.",
    ),
    (
        "fortify",
        "Fortify",
        "After your attacks you may move battalions and leaders between your territories along chains of "
        "your own territories (sea routes too). 2002: as many moves as you like; Trilogy: one move. A "
        "territory always keeps one battalion; a leader that completed a mission this turn stays put.",
    ),
    (
        "fellowship",
        "The Fellowship",
        "At the end of every player's turn the Ring moves one space along its path from the Shire. On a "
        "die space it leaves only on a roll of 3+ (2002) or 4+ (Trilogy). 2002: the game ends when it "
        "leaves the Dead Marshes. Trilogy: on Mount Doom a roll of 4+ destroys it and ends the game. "
        "Option Hunt (Trilogy): an Evil player holding the Ring's territory rolls two dice (+1 with a "
        "leader there, +1 if Evil holds the region); 12 or more finds the Ring and Evil wins.",
    ),
    (
        "scoring",
        "Scoring",
        "1 point a territory, each whole region its bonus, 2 a stronghold, and the points of every adventure "
        "card played (missions completed, powers used). Ties: more territories, then strongholds, then card "
        "points, then a shared win. Holding every territory wins at once. Option (Trilogy): Good +4 for each "
        "of Mount Doom and Minas Tirith, Evil +4 for Barad-dûr.",
    ),
    (
        "neutral",
        "Two players and the neutral army",
        "Two players add a neutral army: it gets two battalions on each of its dealt territories, never "
        "attacks, moves or draws, and has no turn (the Ring never moves for it). When you attack it, the "
        "other player chooses its dice.",
    ),
    (
        "plain",
        "Plain mode (world conquest)",
        "No leaders, adventure cards, Ring, strongholds or sites. Fortify moves only one step by land into "
        "a neighbouring territory of yours, each battalion once. The player who holds every territory wins.",
    ),
    (
        "setup",
        "Set-up",
        "The territories are dealt by allegiance (a dealt territory gets one battalion at once), the others "
        "claimed one battalion at a time, then the starting battalions are placed: quick (all at once in "
        "secret, shown together) or printed (one at a time in turn), with each leader. A roll decides who "
        "plays first.",
    ),
)


@cache
def topics() -> tuple[RuleTopic, ...]:
    found = [RuleTopic(slug, title, text, "rule") for slug, title, text in RULES]
    for slug in CARD_ORDER:
        card = CARDS[slug]
        text = card.effect
        if card.timing:
            text += f" When: {TIMINGS[card.timing]}"
        if card.copies > 1:
            text += f" ({card.copies} copies.)"
        found.append(RuleTopic(slug, card.name, text, f"{card.kind} card"))
    return tuple(found)
