"""Why a typed action is refused, in friendly words for the player who typed it.

:func:`refusal` names what was wrong and what is allowed ("You have 21 battalions left to place,
so at most 21 can go to Moria."). It reads only what the player may know: the board, the public
effects, his own hand, his own armed cards and his own secret placement, never another
player's hidden cards, placements or missions. ``None``: no better words than the generic ones.
"""

from __future__ import annotations

import difflib
from collections.abc import Callable
from typing import Any

from games.core import Action, IllegalAction, InvalidAction, Prompt, Ruleset, State
from games.core.flow import Frame

from . import battle, cards, fortify, powers
from .board import card_name, card_slug, card_symbol, is_territory_card, symbols_value
from .common import geo, hand, is_lotr, leader_at, names, own_leader_at, plural, role_title, rules
from .data import CARDS, TERRITORIES, TIMINGS, territory_name
from .effects import hooks_of
from .reinforce import forced

Handler = Callable[[State, Frame, str, Action], str | None]
MISSIONS_ARE_NOT_PLAYED = (
    "Missions are not played: when a leader of yours reaches its site of power, "
    "`complete <card>` declares it complete."
)
Parse = Callable[[State, str, str], Action]

#: When each verb may be used, for "You cannot `roll` now: ...".
WHEN: dict[str, str] = {
    "claim": "territories are claimed only at the start of the game",
    "place": "battalions are placed once every territory is claimed, and in your reinforcement",
    "unplace": "placements are taken back only during the secret starting placement",
    "ready": "a placement is confirmed only during the secret starting placement",
    "leader": "a leader is placed in the set-up, or when you have none left on the board",
    "trade": "territory cards are traded in your reinforcement",
    "attack": "attacks are made in your combat phase, after your reinforcement",
    "roll": "dice are rolled in an attack you have declared",
    "stop": "only an attack under way can be stopped",
    "defend": "you choose defence dice only when asked, as a territory is attacked",
    "advance": "battalions move in right after a conquest",
    "advance-leader": "battalions move in right after a conquest",
    "end": "`end` closes your combat phase",
    "from": "battalions are moved in your fortify phase, after your attacks",
    "to": "battalions are moved in your fortify phase, after your attacks",
    "to-leader": "battalions are moved in your fortify phase, after your attacks",
    "back": "`back` chooses another territory to move from, in your fortify phase",
    "done": "`done` ends your reinforcement once all is placed, or your fortify phase",
    "discard": "you discard only when you hold more adventure cards than the hand limit",
    "arm": "reaction cards are armed in your own combat phase",
    "disarm": "reaction cards are disarmed in your own combat phase",
    "complete": (
        "a mission is declared complete in your combat or fortify phase, while the leader who "
        "arrived at its site this turn stands there"
    ),
    "until": "dice are rolled in an attack you have declared",
}


def parse(ruleset: Ruleset, state: State, role: str, text: str, parse_as_every_game: Parse) -> Action:
    """Read a typed action as every game does (``parse_as_every_game``), except that a set of
    three cards typed in any order is the listed set, that a count is never completed into
    another count (``advance 1`` is not ``advance 12``), and that a refusal says why."""
    wanted = Action.from_text(text)
    prompt = ruleset.prompt(state, role)
    if wanted.verb == "trade" and len(wanted.args) > 1:
        for listed in prompt.actions:
            if listed.verb == "trade" and sorted(listed.args) == sorted(wanted.args):
                return listed
    active = role in ruleset.active(state)
    missing = _missing_count(prompt, wanted) if active else None
    if missing is not None:
        raise InvalidAction(missing)
    if active and _count_out_of_range(prompt, wanted):
        why = refusal(state, role, wanted, prompt.text)
        raise IllegalAction(why or f"`{wanted.text}` is not allowed now. {prompt.text}")
    try:
        return parse_as_every_game(state, role, text)
    except IllegalAction:
        why = refusal(state, role, wanted, prompt.text) if active else None
        if why is None:
            raise
        raise IllegalAction(why) from None
    except InvalidAction as refused:
        if not active:
            raise
        raise InvalidAction(f"{refused}{suggest_verb(wanted.verb, ruleset.verbs())} {prompt.text}") from None


def _missing_count(prompt: Prompt, wanted: Action) -> str | None:
    """Why a typed action that leaves out its count is refused when more than one count is
    possible (it would otherwise mean the largest, silently): ``place rohan`` asks how many."""
    meant = [
        amount
        for amount in prompt.amounts
        if amount.verb == wanted.verb
        and len(amount.args) == len(wanted.args)
        and all(arg.startswith(typed) for arg, typed in zip(amount.args, wanted.args, strict=True))
    ]
    exact = [amount for amount in meant if amount.args == wanted.args]
    for amount in exact or (meant if len(meant) == 1 else []):
        if amount.low < amount.high:
            example = Action(wanted.verb, (*amount.args, str(amount.high))).text
            return f"How many battalions? Add a number from {amount.low} to {amount.high}, e.g. `{example}`."
    return None


def _count_out_of_range(prompt: Prompt, wanted: Action) -> bool:
    """A typed count outside the range the prompt declares for that verb."""
    if not wanted.args or not wanted.args[-1].isdigit() or prompt.allows(wanted):
        return False
    return any(amount.verb == wanted.verb for amount in prompt.amounts)


def refusal(state: State, role: str, action: Action, prompt_text: str) -> str | None:
    """Why ``role`` may not take ``action`` now, or ``None`` (``prompt_text``: his instruction)."""
    stack = state["stack"]
    if not stack or state["result"] is not None:
        return None
    frame: Frame = stack[-1]
    step = str(frame["step"])
    verb = action.verb
    if verb == "power":
        return _power(state, frame, role, action)
    handler = HANDLERS.get((step, verb))
    if handler is not None:
        return handler(state, frame, role, action)
    if verb in WHEN:
        return f"You cannot `{verb}` now: {WHEN[verb]}. {prompt_text}".strip()
    return None


def suggest_verb(verb: str, verbs: frozenset[str]) -> str:
    """A hint for a mistyped verb (" Did you mean `place`?"), or nothing."""
    close = difflib.get_close_matches(verb, sorted(verbs), n=1, cutoff=0.6)
    return f" Did you mean `{close[0]}`?" if close else ""


# -- words for arguments ------------------------------------------------------------------------
def _who(role: Any) -> str:
    return role_title(str(role))


def _no_territory(state: State, value: str) -> str | None:
    """Why ``value`` is no territory of this board (with the closest names), or ``None``."""
    g = geo(state)
    if value in g.index:
        return None
    if value in TERRITORIES:
        return f"{territory_name(value)} is not on this edition's board."
    close = difflib.get_close_matches(value, g.territories, n=2, cutoff=0.7)
    hint = f" Did you mean {' or '.join(f'`{t}` ({territory_name(t)})' for t in close)}?" if close else ""
    return f"There is no territory `{value}` on this board.{hint}"


def _not_own(state: State, role: str, territory: str, hint: str) -> str | None:
    """Why ``territory`` is not one of ``role``'s (``hint``: what to do instead), or ``None``."""
    problem = _no_territory(state, territory)
    if problem is not None:
        return problem
    holder = state["owner"][territory]
    if holder == role:
        return None
    held = "nobody holds it yet" if holder is None else f"{_who(holder)} holds it"
    return f"{territory_name(territory)} is not yours ({held}): {hint}."


def _count(value: str) -> int | None:
    return int(value) if value.isdigit() else None


def _not_a_number(value: str) -> str:
    return f"`{value}` is not a number of battalions."


def _no_leader_here(state: State, role: str, territory: str, instead: str) -> str:
    """Why ``role``'s leader cannot leave ``territory``."""
    where = territory_name(territory)
    if own_leader_at(state, role, territory) is not None:
        return f"Your leader completed a mission this turn and stays in {where}: {instead}."
    return f"Your leader is not in {where}: {instead}."


def _lower_first(text: str) -> str:
    return text[:1].lower() + text[1:]


# -- set-up ---------------------------------------------------------------------------------------
def _claim(state: State, frame: Frame, role: str, action: Action) -> str | None:
    if len(action.args) != 1:
        return "Say which territory: `claim <territory>`."
    territory = action.args[0]
    problem = _no_territory(state, territory)
    if problem is not None:
        return problem
    holder = state["owner"][territory]
    if holder is not None:
        return f"{territory_name(territory)} is taken ({_who(holder)} holds it): claim an empty territory."
    return None


def _quick_left(state: State, role: str) -> int:
    """Starting battalions ``role`` still has to place in secret (his own secret)."""
    setup = state["setup"]
    return int(setup["left"][role]) - int(sum(setup["pending"][role].values()))


def _needs_leader(state: State, role: str) -> bool:
    return is_lotr(state) and state["setup"]["leader"][role] is None


def _placing(state: State, role: str, action: Action, left: int) -> str | None:
    """``place <territory> <count>`` with ``left`` battalions to place (``left`` > 0)."""
    args = action.args
    if len(args) != 2:
        return "Say where and how many: `place <territory> <count>`."
    problem = _not_own(state, role, args[0], "place battalions on your own territories")
    if problem is not None:
        return problem
    count = _count(args[1])
    if count is None:
        return _not_a_number(args[1])
    if count < 1:
        return "Place at least 1 battalion."
    if count > left:
        where = territory_name(args[0])
        return f"You have {plural(left, 'battalion')} left to place, so at most {left} can go to {where}."
    return None


def _quick_place(state: State, frame: Frame, role: str, action: Action) -> str | None:
    left = _quick_left(state, role)
    if not left:
        text = "All your starting battalions are placed"
        if _needs_leader(state, role):
            return f"{text}: now place your leader (`leader <territory>`)."
        return f"{text}: confirm with `ready`, or `unplace` a territory to change it."
    return _placing(state, role, action, left)


def _quick_leader(state: State, frame: Frame, role: str, action: Action) -> str | None:
    if not is_lotr(state):
        return "Plain mode has no leaders."
    placed = state["setup"]["leader"][role]
    if placed is not None:
        where = territory_name(placed)
        return f"Your leader is placed already, in {where}: `unplace {placed}` first to move him."
    return _leader(state, frame, role, action)


def _unplace(state: State, frame: Frame, role: str, action: Action) -> str | None:
    if len(action.args) != 1:
        return "Say which territory: `unplace <territory>`."
    territory = action.args[0]
    problem = _not_own(state, role, territory, "you placed nothing there")
    if problem is not None:
        return problem
    return f"You have placed nothing in {territory_name(territory)} yet."


def _ready(state: State, frame: Frame, role: str, action: Action) -> str | None:
    left = _quick_left(state, role)
    if left:
        return f"You still have {plural(left, 'battalion')} to place before you confirm."
    if _needs_leader(state, role):
        return "Place your leader before you confirm (`leader <territory>`)."
    return None


def _printed_place(state: State, frame: Frame, role: str, action: Action) -> str | None:
    args = action.args
    if len(args) not in (1, 2):
        return "Say where: `place <territory> 1`."
    problem = _not_own(state, role, args[0], "place on one of your own territories")
    if problem is not None:
        return problem
    if len(args) == 2 and args[1] != "1":
        return "In this set-up battalions are placed one at a time: `place <territory> 1`."
    return None


def _leader(state: State, frame: Frame, role: str, action: Action) -> str | None:
    if len(action.args) != 1:
        return "Say where: `leader <territory>`."
    territory = action.args[0]
    problem = _not_own(state, role, territory, "put your leader on one of your own territories")
    if problem is not None:
        return problem
    if leader_at(state, territory) is not None:
        return f"A leader already stands in {territory_name(territory)}: only one leader fits in a territory."
    return None


# -- reinforcement --------------------------------------------------------------------------------
def _must_trade(state: State, role: str) -> str:
    held = len(hand(state, role)["territory"])
    return (
        f"You hold {plural(held, 'territory card')}: with {rules(state).forced_trade_at} or more you "
        "must trade first (a set or single cards, up to three cards this phase)."
    )


def _reinforce_place(state: State, frame: Frame, role: str, action: Action) -> str | None:
    if forced(state, frame):
        return _must_trade(state, role)
    pool = int(frame["pool"])
    if not pool:
        if cards.trade_options(state, role, int(frame["traded"])):
            return "All your battalions are placed: trade cards for more, or go on to combat with `done`."
        return "All your battalions are placed."
    return _placing(state, role, action, pool)


def _reinforce_done(state: State, frame: Frame, role: str, action: Action) -> str | None:
    if forced(state, frame):
        return _must_trade(state, role)
    pool = int(frame["pool"])
    if pool:
        return f"You still have {plural(pool, 'battalion')} to place: place them all first."
    return None


def _trade(state: State, frame: Frame, role: str, action: Action) -> str | None:
    chosen = action.args
    traded = int(frame["traded"])
    held = hand(state, role)["territory"]
    if not chosen:
        return "Say which cards: `trade <card>` for one card, or three cards for a set."
    if not held:
        return "You hold no territory card to trade."
    if traded >= cards.MAX_PER_PHASE:
        return f"You have traded {cards.MAX_PER_PHASE} cards this phase already, the most allowed."
    if len(chosen) not in (1, 3):
        return "Trade one card, or a set of three cards."
    for card in chosen:
        if card not in held:
            yours = names([card_name(c) for c in held])
            if is_territory_card(card) and card in geo(state).territory_cards:
                return f"You do not hold {card_name(card)}. Your territory cards: {yours}."
            return f"`{card}` is no territory card of yours. Your territory cards: {yours}."
    if len(set(chosen)) != len(chosen):
        return "A set is three different cards."
    if len(chosen) == 3:
        left = cards.MAX_PER_PHASE - traded
        if left < 3:
            return f"You have traded {plural(traded, 'card')} this phase: {left} more at most, so no set."
        value = symbols_value([card_symbol(c) for c in chosen])
        if value is None:
            return (
                "These three cards make no set: a set is three of one symbol, or one of each "
                "(a wild card stands for any symbol)."
            )
        offered = cards.trade_options(state, role, traded)
        best = [t.action.text for t in offered if len(t.cards) == 3 and t.battalions == value]
        if best:
            return f"For a set worth {value} the menu offers your best three cards: `{best[0]}`."
    return None


# -- combat ---------------------------------------------------------------------------------------
def _attack(state: State, frame: Frame, role: str, action: Action) -> str | None:
    args = action.args
    if len(args) != 2:
        return "Say where from and where to: `attack <your territory> <enemy territory>`."
    source, target = args
    problem = _not_own(state, role, source, "attack from one of your territories")
    if problem is None:
        problem = _no_territory(state, target)
    if problem is not None:
        return problem
    here, there = territory_name(source), territory_name(target)
    if state["owner"][target] == role:
        return f"{there} is yours: attack an enemy territory."
    if not geo(state).adjacent(source, target):
        return f"{there} does not border {here}: attack across a land border, a bridge or a sea route."
    if state["troops"][source] < 2:
        return f"{here} has only 1 battalion: an attack needs 2 or more there, as one always stays behind."
    for effect in state["effects"]:
        hooks = hooks_of(effect)
        if hooks.blocks_attack(state, effect, role, source, target):
            return f"You cannot attack there now. {hooks.text(state, effect).rstrip('.')}."
    return None


def _roll(state: State, frame: Frame, role: str, action: Action) -> str | None:
    args = action.args
    if len(args) != 1 or args[0] not in ("1", "2", "3"):
        return "Roll 1, 2 or 3 dice: `roll <dice>`."
    most = battle.max_dice(state, frame)
    source = frame["from"]
    troops = plural(int(state["troops"][source]), "battalion")
    return (
        f"{territory_name(source)} has {troops} and one must stay behind, "
        f"so you can roll at most {plural(most, 'die')}."
    )


def _defend(state: State, frame: Frame, role: str, action: Action) -> str | None:
    return "Defend with 1 or 2 dice: `defend <dice>`."


def _advance(state: State, frame: Frame, role: str, action: Action) -> str | None:
    args = action.args
    if len(args) != 1:
        return f"Say how many battalions move in: `{action.verb} <count>`."
    count = _count(args[0])
    if count is None:
        return _not_a_number(args[0])
    source = frame["from"]
    if action.verb == "advance-leader" and battle.movable_leader(state, frame) is None:
        return _no_leader_here(state, role, source, "move in with `advance`")
    low = int(frame["min"])
    troops = int(state["troops"][source])
    high = low + troops - 1
    if count < low:
        return f"At least {low}: the {plural(low, 'battalion')} that rolled last must move in."
    if count > high:
        if troops <= 1:
            return f"{territory_name(source)} has 1 battalion left, which must stay behind: move in {low}."
        return (
            f"{territory_name(source)} has {plural(troops, 'battalion')} left and one must stay behind, "
            f"so at most {high} can move in ({low} from the last roll and {troops - 1} more)."
        )
    return None


# -- fortify --------------------------------------------------------------------------------------
def _from(state: State, frame: Frame, role: str, action: Action) -> str | None:
    if len(action.args) != 1:
        return "Say where the move starts: `from <territory>`."
    source = action.args[0]
    problem = _not_own(state, role, source, "move from one of your own territories")
    if problem is not None:
        return problem
    where = territory_name(source)
    if not fortify.movable(state, frame, source) and fortify.free_leader(state, role, source) is None:
        if fortify.one_step(state) and frame["arrived"].get(source):
            return f"The battalions in {where} arrived this turn or must stay: none can move on."
        return f"{where} has only 1 battalion, which must stay there, and no leader free to move."
    if fortify.one_step(state):
        return f"{where} borders no territory of yours by land that it can move to (plain moves go one step)."
    return f"No territory of yours can be reached from {where}."


def _from_again(state: State, frame: Frame, role: str, action: Action) -> str | None:
    where = territory_name(frame["source"])
    return f"You are moving from {where}: go `back` first to move from another territory."


def _to_first(state: State, frame: Frame, role: str, action: Action) -> str | None:
    return "Choose where the move starts first: `from <territory>`."


def _too_many(state: State, frame: Frame, role: str, source: str, most: int) -> str:
    where = territory_name(source)
    troops = int(state["troops"][source])
    if not most and troops <= 1:
        alone = (
            " only your leader may move (`to-leader <territory> 0`)"
            if fortify.free_leader(state, role, source)
            else " nothing else can move"
        )
        return f"{where} has 1 battalion, which must stay there:{alone}."
    text = f"{where} has {plural(troops, 'battalion')} and one must stay behind"
    arrived = int(frame["arrived"].get(source, 0)) if fortify.one_step(state) else 0
    if arrived and troops - arrived < troops - 1:
        text += f"; {arrived} arrived this turn and cannot move again"
    return f"{text}, so at most {most} can move."


def _to(state: State, frame: Frame, role: str, action: Action) -> str | None:
    verb, args = action.verb, action.args
    if len(args) != 2:
        return f"Say where and how many: `{verb} <territory> <count>`."
    source, target = str(frame["source"]), args[0]
    problem = _not_own(state, role, target, "move only between your own territories")
    if problem is not None:
        return problem
    here, there = territory_name(source), territory_name(target)
    if target == source:
        return f"The move starts from {here}: choose another territory to move to."
    count = _count(args[1])
    if count is None:
        return _not_a_number(args[1])
    most = fortify.movable(state, frame, source)
    if verb == "to" and not most:
        return _too_many(state, frame, role, source, most)
    if verb == "to-leader":
        if fortify.free_leader(state, role, source) is None:
            return _no_leader_here(state, role, source, "move battalions with `to`")
        if leader_at(state, target) is not None:
            return f"A leader already stands in {there}: only one leader fits in a territory."
    reach = {t: (alone, leader) for t, alone, leader in fortify.destinations(state, frame, source)}
    alone, leader = reach.get(target, (False, False))
    if verb == "to" and not alone and leader:
        return f"Battalions reach {there} now only with your leader: use `to-leader`."
    if not (alone if verb == "to" else leader):
        if fortify.one_step(state):
            return f"{there} does not border {here} by land: a move in plain mode goes one step."
        return f"{there} cannot be reached from {here} along a chain of your own territories."
    if verb == "to" and count < 1:
        if fortify.free_leader(state, role, source) is None:
            return "Move at least 1 battalion."
        return "Move at least 1 battalion (or your leader alone: `to-leader <territory> 0`)."
    if count > most:
        return _too_many(state, frame, role, source, most)
    return None


# -- draws, powers, reactions ---------------------------------------------------------------------
def _discard(state: State, frame: Frame, role: str, action: Action) -> str | None:
    held = hand(state, role)["adventure"]
    if len(action.args) == 1 and action.args[0] in held:
        return None
    return f"Discard one of your adventure cards: {names([card_name(c) for c in held])}."


def _held_copy(state: State, role: str, card: str) -> str | None:
    """The copy of ``card`` (a physical id or a card kind) in ``role``'s adventure hand."""
    held = hand(state, role)["adventure"]
    if card in held:
        return card
    return next((c for c in held if card_slug(c) == card), None)


def _card_or_problem(state: State, role: str, card: str) -> tuple[str | None, str | None]:
    """``(held copy, None)`` or ``(None, why not)``."""
    slug = card_slug(card)
    if slug not in CARDS:
        return None, f"There is no adventure card `{card}`."
    held = _held_copy(state, role, card)
    if held is None:
        return None, f"You do not hold {CARDS[slug].name}."
    return held, None


def _moment(card: str) -> str:
    when = powers.timing(card)
    return _lower_first(TIMINGS[when]).rstrip(".") if when else "at its moment"


def _power(state: State, frame: Frame, role: str, action: Action) -> str | None:
    if not action.args:
        return "Say which card: `power <card>`."
    card, problem = _card_or_problem(state, role, action.args[0])
    if card is None:
        return problem
    data = CARDS[card_slug(card)]
    if data.kind == "mission":
        return MISSIONS_ARE_NOT_PLAYED
    if powers.is_reaction(card):
        moment = _moment(card)
        return f"{data.name} is a reaction: `arm` it in your combat phase and it fires by itself ({moment})."
    when = powers.timing(card)
    if when is None or not powers.timing_open(state, when, frame):
        return f"Not now: {data.name} is played {_moment(card)}."
    hooks = powers.POWERS.get(card_slug(card))
    offered = hooks.power_actions(state, role, card) if hooks is not None else []
    if not offered:
        return f"{data.name} can do nothing now."
    return f"{data.name} cannot be played that way: choose one the menu offers, e.g. `{offered[0].text}`."


def _arm(state: State, frame: Frame, role: str, action: Action) -> str | None:
    if not action.args:
        return f"Say which card: `{action.verb} <card>`."
    card, problem = _card_or_problem(state, role, action.args[0])
    if card is None:
        return problem
    data = CARDS[card_slug(card)]
    name = data.name
    if data.kind == "mission":
        return MISSIONS_ARE_NOT_PLAYED
    if not powers.is_reaction(card):
        return f"{name} is not a reaction card: it is played with `power`, {_moment(card)}."
    armed = {a["card"] for a in state["armed"][role]}
    if action.verb == "disarm":
        return None if card in armed else f"{name} is not armed."
    if card in armed:
        return f"{name} is armed already: `disarm` it first to change its condition."
    options = [a for a in powers.arm_actions(state, role) if a.verb == "arm" and a.args[0] == card]
    example = f", e.g. `{options[0].text}`" if options else ""
    return f"{name} cannot be armed with that condition: choose one the menu offers{example}."


HANDLERS: dict[tuple[str, str], Handler] = {
    ("claim", "claim"): _claim,
    ("place_quick", "place"): _quick_place,
    ("place_quick", "leader"): _quick_leader,
    ("place_quick", "unplace"): _unplace,
    ("place_quick", "ready"): _ready,
    ("place_printed", "place"): _printed_place,
    ("place_leader", "leader"): _leader,
    ("replace_leader", "leader"): _leader,
    ("second_leader", "leader"): _leader,
    ("reinforce", "place"): _reinforce_place,
    ("reinforce", "done"): _reinforce_done,
    ("reinforce", "trade"): _trade,
    ("attack", "attack"): _attack,
    ("attack", "arm"): _arm,
    ("attack", "disarm"): _arm,
    ("battle", "roll"): _roll,
    ("defend", "defend"): _defend,
    ("advance", "advance"): _advance,
    ("advance", "advance-leader"): _advance,
    ("fortify", "from"): _from,
    ("fortify", "to"): _to_first,
    ("fortify", "to-leader"): _to_first,
    ("fortify_to", "from"): _from_again,
    ("fortify_to", "to"): _to,
    ("fortify_to", "to-leader"): _to,
    ("discard", "discard"): _discard,
}
