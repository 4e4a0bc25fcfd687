"""The typed ``/wotr`` commands: every kind of decision, in subcommand groups (Discord holds 25
per level). Each fills one verb's arguments; autocomplete offers only the legal values, and the
engine checks the action again. Every action can also be given whole with ``/game act``.
"""

from __future__ import annotations

from collections.abc import Iterator

from games.core import CommandParam, CommandSpec

DIE = CommandParam("die", "the die to use (its face)")
REGION = CommandParam("region", "a region")
COUNT = CommandParam("count", "how many")
NATION = CommandParam("nation", "the nation")
KIND = CommandParam("kind", "regular, elite or leader")
CHARACTER = CommandParam("character", "a Companion or Minion")


def _c(group: str, name: str, verb: str, text: str, *params: CommandParam) -> CommandSpec:
    return CommandSpec(name, verb, text, tuple(params), group)


COMMANDS: tuple[CommandSpec, ...] = (
    # the die actions of every turn, and the ways not to use one
    _c("", "pass", "pass", "Pass: let your opponent act (you have fewer dice left)."),
    _c("", "skip", "skip", "Use a die for nothing.", DIE),
    _c(
        "",
        "ring",
        "ring",
        "Elven Ring: turn one of your dice to another face.",
        DIE,
        CommandParam("face", "new face"),
    ),
    _c("", "done", "done", "Finish what you are doing (a move, recruits, the Fellowship phase)."),
    _c("", "go", "go", "Confirm the figures chosen (a move, an attack)."),
    _c("", "hunt", "hunt", "Shadow: put dice in the Hunt Box before rolling.", COUNT),
    _c(
        "",
        "discard",
        "discard",
        "Discard a card (hand limit: six).",
        CommandParam("card", "a card in your hand"),
    ),
    # the Fellowship
    _c("fellowship", "move", "move-fellowship", "Move the Fellowship one step (then the Hunt).", DIE),
    _c("fellowship", "hide", "hide", "Hide a revealed Fellowship.", DIE),
    _c("fellowship", "hide-strider", "hide-strider", "Hide it with any die (Strider guides).", DIE),
    _c("fellowship", "separate", "separate", "Separate Companions from the Fellowship.", DIE),
    _c("fellowship", "declare", "declare", "Fellowship phase: declare where the Fellowship is.", REGION),
    _c("fellowship", "mordor", "mordor", "Fellowship phase: enter Mordor."),
    _c("fellowship", "guide", "guide", "Name a new Guide.", CommandParam("companion", "a Companion")),
    _c(
        "fellowship",
        "casualty",
        "casualty",
        "Hunt damage: lose the Guide or a random Companion.",
        CommandParam("which", "guide or random"),
    ),
    _c(
        "fellowship",
        "ability",
        "ability",
        "Hunt damage: use the Guide's ability.",
        CommandParam("guide", "the Guide"),
    ),
    _c("fellowship", "corruption", "corruption", "Hunt damage: take the rest as Corruption.", COUNT),
    _c("fellowship", "found-in", "reveal-to", "Revealed: where the Ring-bearers are found.", REGION),
    _c("fellowship", "hobbit-to", "hobbit-to", "Hunt: where the Hobbit who left goes.", REGION),
    _c(
        "fellowship",
        "gollum",
        "gollum",
        "There is Another Way: move or hide the Fellowship.",
        CommandParam("what", "move or hide"),
    ),
    _c(
        "cards",
        "use",
        "use",
        "Use a table card now (the Hunt).",
        CommandParam("card", "a table card of yours"),
    ),
    _c(
        "cards",
        "worn",
        "worn",
        "Worn with Sorrow and Toil: the Free Peoples lose a Character card.",
        CommandParam("card", "hand (a random one) or a card on their table"),
    ),
    _c("cards", "eye", "eye", "The Lidless Eye: turn a die into an Eye.", DIE),
    # Armies
    _c("army", "move", "move-armies", "Army die: move up to two Armies one region.", DIE),
    _c("army", "lead", "move-army", "Character die: move one Army with a Leader or Character.", DIE),
    _c("army", "messenger", "messenger-move-armies", "Mouth of Sauron: a Muster die moves Armies.", DIE),
    _c("army", "choose", "army", "Choose the Army (its region).", REGION),
    _c("army", "to", "to", "Choose where it goes (Nazgûl: and how many).", REGION, COUNT),
    _c("army", "units", "units", "Choose how many of a kind move.", NATION, KIND, COUNT),
    _c("army", "with", "with", "Take a character along.", CHARACTER),
    _c("army", "without", "without", "Leave a character behind.", CHARACTER),
    _c("army", "all", "all", "Move every figure that may move."),
    _c("army", "fleet", "fleet", "Army die: sail the Corsair Ships of a region (one move).", REGION),
    _c("army", "sail", "sail", "Where the Corsair Ships sail, and how many.", REGION, COUNT),
    _c("army", "remove", "remove", "Stacking or casualties: remove units.", NATION, KIND, COUNT),
    # battles
    _c("battle", "attack", "attack", "Army die: attack with an Army.", DIE),
    _c("battle", "attack-led", "attack-leader", "Character die: attack with a led Army.", DIE),
    _c("battle", "messenger", "messenger-attack", "Mouth of Sauron: a Muster die attacks.", DIE),
    _c(
        "battle",
        "target",
        "attack",
        "Choose the attacking Army and its target.",
        CommandParam("from", "your Army"),
        REGION,
    ),
    _c("battle", "rearguard", "rearguard", "Leave figures out of the battle.", NATION, KIND, COUNT),
    _c("battle", "fight", "fight", "Fight this round in the field."),
    _c("battle", "withdraw", "withdraw", "Retreat into your Stronghold (the siege)."),
    _c("battle", "continue", "continue", "Attacker: fight another round."),
    _c("battle", "cease", "cease", "Attacker: stop the attack."),
    _c("battle", "retreat", "retreat", "Defender: retreat the whole Army.", REGION),
    _c("battle", "press-on", "fight-on", "Siege: reduce an Elite to fight another round.", NATION),
    _c("battle", "reduce", "reduce", "Casualties: turn Elites into Regulars.", NATION, COUNT),
    _c(
        "battle",
        "advance",
        "advance",
        "After the battle: move in (nation, kind, how many).",
        NATION,
        KIND,
        COUNT,
    ),
    _c("battle", "advance-all", "advance-all", "After the battle: move every attacker in."),
    _c("battle", "stay", "stay", "After the battle: stay where you are."),
    _c("battle", "press-free", "fight-on-free", "Siege: Siege Tower superiority, one more round free."),
    _c(
        "battle",
        "sacrifice-trebuchet",
        "sacrifice-trebuchet",
        "Siege: a Trebuchet for superiority this turn.",
    ),
    _c("battle", "keep-trebuchets", "keep-trebuchets", "Siege: keep your Trebuchets."),
    _c("battle", "white-rider", "white-rider", "Gandalf the White cancels the Nazgûl's Leadership."),
    _c("battle", "decline", "decline", "Do not use the ability offered."),
    # muster and politics
    _c(
        "muster",
        "recruit",
        "recruit",
        "Muster die: recruit (then the kind of recruits).",
        CommandParam("what", "die, then what"),
    ),
    _c("muster", "place", "place", "Place a figure (a recruit, a character entering play).", REGION, KIND),
    _c("muster", "diplomacy", "diplomacy", "Muster die: move a Nation toward war.", DIE),
    _c(
        "muster",
        "nation",
        "advance",
        "The Nation that moves a step: toward war (diplomacy, a card) or away (Stormcrow).",
        CommandParam("nation", "the Nation that moves on the Political Track"),
    ),
    _c("muster", "voice", "voice-of-saruman", "Muster die: the Voice of Saruman.", DIE),
    _c(
        "muster",
        "voice-how",
        "voice",
        "The Voice: recruit in every Settlement, or make Elites.",
        CommandParam("how", "recruit or elites"),
    ),
    _c("muster", "engine", "build-engine", "Muster die: a Siege Tower or Trebuchet at a siege.", DIE),
    _c("muster", "engine-at", "engine", "Where the siege engine goes.", REGION),
    _c("muster", "ents", "bring-ents", "Muster die: the Ents of Fangorn enter the war.", DIE),
    _c("muster", "dunlendings", "bring-dunlendings", "Muster die: the Dunlendings enter the war.", DIE),
    _c("muster", "dunlendings-recruit", "recruit-dunlendings", "Muster die: recruit 2 Dunlendings.", DIE),
    _c("muster", "corsairs", "bring-corsairs", "Muster die: the Corsairs of Umbar enter the war.", DIE),
    _c("muster", "ships", "muster-ships", "Muster die: a Corsair Ship in Umbar and a Southron Regular.", DIE),
    _c("muster", "saruman", "bring-saruman", "Bring Saruman into play.", DIE),
    _c("muster", "witch-king", "bring-witch-king", "Bring the Witch-king into play.", DIE),
    _c("muster", "chief", "bring-witch-king-chief", "The Witch-king enters as the Chief.", DIE),
    _c("muster", "balrog", "bring-balrog", "Muster die: the Balrog enters in Moria.", DIE),
    _c("muster", "galadriel", "bring-galadriel", "Will of the West: Galadriel enters in Lórien.", DIE),
    _c("muster", "mouth", "bring-mouth-of-sauron", "Bring the Mouth of Sauron into play.", DIE),
    _c("muster", "aragorn", "bring-aragorn", "Will of the West: Aragorn replaces Strider.", DIE),
    _c("muster", "gandalf", "bring-gandalf-white", "Will of the West: Gandalf the White enters.", DIE),
    _c("muster", "boromir", "boromir", "Boromir urges Gondor toward war (any die).", DIE),
    _c("muster", "legolas", "legolas", "Legolas urges the Elves toward war (any die).", DIE),
    _c("muster", "gimli", "gimli", "Gimli urges the Dwarves toward war (any die).", DIE),
    # characters
    _c("characters", "companions", "move-companions", "Character die: move the Companions.", DIE),
    _c("characters", "minions", "move-minions", "Character die: move Nazgûl and Minions.", DIE),
    _c("characters", "companion", "companion", "Choose a Companion to move or separate.", CHARACTER),
    _c("characters", "nazgul", "nazgul", "Choose Nazgûl to fly (their region).", REGION),
    _c("characters", "minion", "minion", "Choose a Minion to move.", CHARACTER),
    _c("characters", "to", "to", "Where the chosen characters go.", REGION, COUNT),
    _c("characters", "pursue", "pursue", "Pursuit: the Chief of the Ringwraiths flies to the Fellowship."),
    _c("characters", "no-pursuit", "no-pursuit", "Pursuit: the Witch-king stays where he is."),
    _c("characters", "nenya", "nenya", "Galadriel's Nenya: cancel the Hunt tile drawn (an Elven Ring)."),
    _c("characters", "no-nenya", "no-nenya", "Keep your Elven Ring: the Hunt tile stands."),
    _c("characters", "sneak", "sneak", "Sméagol: declare the Fellowship before the Hunt roll.", REGION),
    _c("characters", "no-sneak", "no-sneak", "Sméagol does not sneak: the Hunt rolls."),
    _c("cards", "we-shall-get-it", "we-shall-get-it", "We Shall Get It: put the tile back, draw another."),
    _c("cards", "keep-card", "keep-card", "Keep We Shall Get It for later."),
    _c("characters", "sacrifice", "sacrifice", "Hunt damage: Sméagol becomes Gollum, no damage.", CHARACTER),
    # Combat cards, in every round of a battle
    _c(
        "combat",
        "card",
        "combat",
        "Choose your Combat card (secret until both chose).",
        CommandParam("card", "a card in your hand (or Balrog of Moria on your table)"),
    ),
    _c("combat", "none", "no-combat", "Play no Combat card this round."),
    _c(
        "combat",
        "forfeit",
        "forfeit",
        "A card's cost: Nazgûl Leadership or a Companion.",
        CommandParam("what", "points or a Companion"),
    ),
    _c("combat", "self-hits", "self-hits", "Hits to inflict on your own Army.", COUNT),
    _c("combat", "silence", "silence", "Words of Power: the Companion silenced.", CHARACTER),
    _c(
        "combat",
        "sacrifice",
        "sacrifice",
        "Heroic Death: the Leader (nation) or Companion.",
        CommandParam("who", "a nation or a Companion"),
    ),
    _c(
        "combat",
        "slay",
        "slay",
        "The Leader, Nazgûl or character a card slays.",
        CommandParam("who", "a nation, nazgul or a character"),
    ),
    # cards
    _c("cards", "draw", "draw", "Event die: draw a card.", DIE),
    _c("cards", "palantir", "dismiss-palantir", "Will of the West: discard the Palantír of Orthanc.", DIE),
    _c("cards", "palantir-ring", "ring-palantir", "Any die and an Elven Ring: discard the Palantír.", DIE),
    _c("cards", "balrog-card", "dismiss-balrog", "Will of the West: discard A Balrog is Come!", DIE),
    _c("cards", "balrog-gandalf", "gandalf-dismisses-balrog", "Gandalf there: discard that card.", DIE),
    _c(
        "cards",
        "play",
        "play",
        "Play an Event card: its icon's die, an Event die or a Will of the West.",
        DIE,
        CommandParam("card", "a card in your hand you may play now"),
    ),
    _c("cards", "deck", "deck", "Which deck to draw from.", CommandParam("deck", "character or strategy")),
    _c("cards", "dispel", "dispel", "Discard an enemy table card as its text allows.", DIE),
    _c("cards", "dispel-will", "dispel-will", "Will of the West: discard Denethor's Folly.", DIE),
    _c("cards", "gates", "dismiss-gates", "Will of the West: discard The Gates are Closed.", DIE),
    _c("cards", "gates-guide", "guide-gates", "Character die (Gandalf or Gollum guides): discard it.", DIE),
    _c("cards", "choose", "choose", "An Event card: what it does.", CommandParam("option", "what it does")),
    _c("cards", "ent-move", "ent-move", "Ents Awake: an Ent strides out of Fangorn.", REGION),
    _c("cards", "ent-attack", "ent-attack", "Ents Awake: an Ent of Fangorn attacks.", REGION),
    _c("cards", "ents-done", "ents-done", "Ents Awake: no more Ent moves (or attacks)."),
)


def catalog_commands() -> Iterator[tuple[str, str, str]]:
    """``(context, English, where)`` of the typed commands' and options' descriptions: the bot's
    translator (``bot.i18n.translator``) looks a game's command strings up in its catalog by these
    contexts. Their names stay English (a command typed in notation works for everyone)."""
    for spec in COMMANDS:
        where = f"/wotr {spec.group + ' ' if spec.group else ''}{spec.name}"
        yield "command description", spec.description, where
        for param in spec.params:
            yield "option description", param.description, f"{where} {param.name}:"
