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
from games.core.i18n import LOCALES, Rendered, Sentences, in_words

from . import battle, cards, fortify, powers
from .board import card_name, card_slug, card_symbol, is_territory_card, symbols_value
from .data import CARDS, TERRITORIES, TIMINGS
from .effects import hooks_of
from .grammar import names
from .i18n import card_title, english, listed, mark, ntr, ptr, speaking, territory_title, tr
from .options import geo, is_lotr, rules
from .reinforce import forced
from .roles import hand, leader_at, own_leader_at, role_title

Handler = Callable[[State, Frame, str, Action], str | None]
MISSIONS_ARE_NOT_PLAYED = mark(
    "Missions are not played: when a leader of yours reaches its site of power, "
    "`complete <card>` declares it complete."
)
Parse = Callable[[State, str, str], Action]

#: When each verb may be used, for "You cannot `roll` now: ...".
WHEN: dict[str, str] = {
    "claim": mark("territories are claimed only at the start of the game"),
    "place": mark("battalions are placed once every territory is claimed, and in your reinforcement"),
    "unplace": mark("placements are taken back only during the secret starting placement"),
    "ready": mark("a placement is confirmed only during the secret starting placement"),
    "leader": mark("a leader is placed in the set-up, or when you have none left on the board"),
    "trade": mark("territory cards are traded in your reinforcement"),
    "attack": mark("attacks are made in your combat phase, after your reinforcement"),
    "roll": mark("dice are rolled in an attack you have declared"),
    "stop": mark("only an attack under way can be stopped"),
    "defend": mark("you choose defence dice only when asked, as a territory is attacked"),
    "advance": mark("battalions move in right after a conquest"),
    "advance-leader": mark("battalions move in right after a conquest"),
    "end": mark("`end` closes your combat phase"),
    "from": mark("battalions are moved in your fortify phase, after your attacks"),
    "to": mark("battalions are moved in your fortify phase, after your attacks"),
    "to-leader": mark("battalions are moved in your fortify phase, after your attacks"),
    "back": mark("`back` chooses another territory to move from, in your fortify phase"),
    "done": mark("`done` ends your reinforcement once all is placed, or your fortify phase"),
    "discard": mark("you discard only when you hold more adventure cards than the hand limit"),
    "arm": mark("reaction cards are armed in your own combat phase"),
    "disarm": mark("reaction cards are disarmed in your own combat phase"),
    "complete": mark(
        "a mission is declared complete in your combat or fortify phase, while the leader who "
        "arrived at its site this turn stands there"
    ),
    "until": mark("dice are rolled in an attack you have declared"),
}


def parse(ruleset: Ruleset, state: State, role: str, text: str, parse_as_every_game: Parse) -> Action:
    """Read a typed action as every game does (``parse_as_every_game``), except that a set of
    three cards typed in any order is the listed set, that a count is never completed into
    another count (``advance 1`` is not ``advance 12``), and that a refusal says why (every
    game's parse asks :meth:`~games.core.Ruleset.refusal`, which is :func:`refusal` here). A
    refusal is said in every language (its reader is known only to the reply, which picks his)."""
    wanted = Action.from_text(text)
    prompt = ruleset.prompt(state, role)
    if wanted.verb == "trade" and len(wanted.args) > 1:
        for listed_set in prompt.actions:
            if listed_set.verb == "trade" and sorted(listed_set.args) == sorted(wanted.args):
                return listed_set
    active = role in ruleset.active(state)
    if active and _missing_count(prompt, wanted) is not None:
        raise InvalidAction(_in_every_language(lambda lang: _missing_count(prompt, wanted) or ""))
    if active and _count_out_of_range(prompt, wanted):

        def out_of_range(lang: str) -> str:
            asked = ruleset.prompt(state, role, lang).text
            why = ruleset.refusal(state, role, wanted, lang)
            return why or tr("`{action}` is not allowed now. {prompt}", action=wanted.text, prompt=asked)

        raise IllegalAction(_in_every_language(out_of_range))
    try:
        return parse_as_every_game(state, role, text)
    except InvalidAction as refused:
        if not active:
            raise
        said = refused.args[0] if refused.args else str(refused)

        def with_hint(lang: str) -> str:
            asked = ruleset.prompt(state, role, lang).text
            return Sentences(
                (in_words(lang, said), suggest_verb(wanted.verb, ruleset.verbs()), asked)
            ).render(lang)

        raise InvalidAction(_in_every_language(with_hint)) from None


def _in_every_language(say: Callable[[str], str]) -> Rendered:
    """What ``say`` says in every language, each while speaking it."""
    said = {}
    for lang in LOCALES:
        with speaking(lang):
            said[lang] = say(lang)
    return Rendered(said)


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
            return tr(
                "How many battalions? Add a number from {low} to {high}, e.g. `{example}`.",
                low=amount.low,
                high=amount.high,
                example=example,
            )
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
        return tr(
            "You cannot `{verb}` now: {when}. {prompt}", verb=verb, when=tr(WHEN[verb]), prompt=prompt_text
        ).strip()
    return None


def suggest_verb(verb: str, verbs: frozenset[str]) -> str:
    """A hint for a mistyped verb ("Did you mean `place`?"), or nothing."""
    close = difflib.get_close_matches(verb, sorted(verbs), n=1, cutoff=0.6)
    return tr("Did you mean `{verb}`?", verb=close[0]) if close else ""


# -- words for arguments ------------------------------------------------------------------------
def _who(role: Any) -> str:
    return role_title(str(role))


def _no_territory(state: State, value: str) -> str | None:
    """Why ``value`` is no territory of this board (with the closest names), or ``None``."""
    g = geo(state)
    if value in g.index:
        return None
    if value in TERRITORIES:
        return tr("{territory} is not on this edition's board.", territory=territory_title(value))
    close = difflib.get_close_matches(value, g.territories, n=2, cutoff=0.7)
    if not close:
        return tr("There is no territory `{value}` on this board.", value=value)
    meant = listed([f"`{t}` ({territory_title(t)})" for t in close], "or")
    return tr(
        "There is no territory `{value}` on this board. Did you mean {names}?", value=value, names=meant
    )


def _not_own(state: State, role: str, territory: str, hint: str) -> str | None:
    """Why ``territory`` is not one of ``role``'s (``hint``: what to do instead), or ``None``."""
    problem = _no_territory(state, territory)
    if problem is not None:
        return problem
    holder = state["owner"][territory]
    if holder == role:
        return None
    if holder is None:
        return tr(
            "{territory} is not yours (nobody holds it yet): {hint}.",
            territory=territory_title(territory),
            hint=hint,
        )
    return tr(
        "{territory} is not yours ({role} holds it): {hint}.",
        territory=territory_title(territory),
        role=_who(holder),
        hint=hint,
    )


def _count(value: str) -> int | None:
    return int(value) if value.isdigit() else None


def _not_a_number(value: str) -> str:
    return tr("`{value}` is not a number of battalions.", value=value)


def _no_leader_here(state: State, role: str, territory: str, instead: str) -> str:
    """Why ``role``'s leader cannot leave ``territory``."""
    where = territory_title(territory)
    if own_leader_at(state, role, territory) is not None:
        return tr(
            "Your leader completed a mission this turn and stays in {territory}: {instead}.",
            territory=where,
            instead=instead,
        )
    return tr("Your leader is not in {territory}: {instead}.", territory=where, instead=instead)


def _lower_first(text: str) -> str:
    return text[:1].lower() + text[1:]


# -- set-up ---------------------------------------------------------------------------------------
def _claim(state: State, frame: Frame, role: str, action: Action) -> str | None:
    if len(action.args) != 1:
        return tr("Say which territory: `claim <territory>`.")
    territory = action.args[0]
    problem = _no_territory(state, territory)
    if problem is not None:
        return problem
    holder = state["owner"][territory]
    if holder is not None:
        return tr(
            "{territory} is taken ({role} holds it): claim an empty territory.",
            territory=territory_title(territory),
            role=_who(holder),
        )
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
        return tr("Say where and how many: `place <territory> <count>`.")
    problem = _not_own(state, role, args[0], tr("place battalions on your own territories"))
    if problem is not None:
        return problem
    count = _count(args[1])
    if count is None:
        return _not_a_number(args[1])
    if count < 1:
        return tr("Place at least 1 battalion.")
    if count > left:
        return ntr(
            "You have {count} battalion left to place, so at most {count} can go to {territory}.",
            "You have {count} battalions left to place, so at most {count} can go to {territory}.",
            left,
            territory=territory_title(args[0]),
        )
    return None


def _quick_place(state: State, frame: Frame, role: str, action: Action) -> str | None:
    left = _quick_left(state, role)
    if not left:
        if _needs_leader(state, role):
            return tr(
                "All your starting battalions are placed: now place your leader (`leader <territory>`)."
            )
        return tr(
            "All your starting battalions are placed: confirm with `ready`, or `unplace` a territory "
            "to change it."
        )
    return _placing(state, role, action, left)


def _quick_leader(state: State, frame: Frame, role: str, action: Action) -> str | None:
    if not is_lotr(state):
        return tr("Plain mode has no leaders.")
    placed = state["setup"]["leader"][role]
    if placed is not None:
        where = territory_title(placed)
        return tr(
            "Your leader is placed already, in {territory}: `unplace {slug}` first to move him.",
            territory=where,
            slug=placed,
        )
    return _leader(state, frame, role, action)


def _unplace(state: State, frame: Frame, role: str, action: Action) -> str | None:
    if len(action.args) != 1:
        return tr("Say which territory: `unplace <territory>`.")
    territory = action.args[0]
    problem = _not_own(state, role, territory, tr("you placed nothing there"))
    if problem is not None:
        return problem
    return tr("You have placed nothing in {territory} yet.", territory=territory_title(territory))


def _ready(state: State, frame: Frame, role: str, action: Action) -> str | None:
    left = _quick_left(state, role)
    if left:
        return ntr(
            "You still have {count} battalion to place before you confirm.",
            "You still have {count} battalions to place before you confirm.",
            left,
        )
    if _needs_leader(state, role):
        return tr("Place your leader before you confirm (`leader <territory>`).")
    return None


def _printed_place(state: State, frame: Frame, role: str, action: Action) -> str | None:
    args = action.args
    if len(args) not in (1, 2):
        return tr("Say where: `place <territory> 1`.")
    problem = _not_own(state, role, args[0], tr("place on one of your own territories"))
    if problem is not None:
        return problem
    if len(args) == 2 and args[1] != "1":
        return tr("In this set-up battalions are placed one at a time: `place <territory> 1`.")
    return None


def _leader(state: State, frame: Frame, role: str, action: Action) -> str | None:
    if len(action.args) != 1:
        return tr("Say where: `leader <territory>`.")
    territory = action.args[0]
    problem = _not_own(state, role, territory, tr("put your leader on one of your own territories"))
    if problem is not None:
        return problem
    if leader_at(state, territory) is not None:
        return tr(
            "A leader already stands in {territory}: only one leader fits in a territory.",
            territory=territory_title(territory),
        )
    return None


# -- reinforcement --------------------------------------------------------------------------------
def _must_trade(state: State, role: str) -> str:
    held = len(hand(state, role)["territory"])
    return ntr(
        "You hold {count} territory card: with {limit} or more you must trade first (a set or single "
        "cards, up to three cards this phase).",
        "You hold {count} territory cards: with {limit} or more you must trade first (a set or single "
        "cards, up to three cards this phase).",
        held,
        limit=rules(state).forced_trade_at,
    )


def _reinforce_place(state: State, frame: Frame, role: str, action: Action) -> str | None:
    if forced(state, frame):
        return _must_trade(state, role)
    pool = int(frame["pool"])
    if not pool:
        if cards.trade_options(state, role, int(frame["traded"])):
            return tr("All your battalions are placed: trade cards for more, or go on to combat with `done`.")
        return tr("All your battalions are placed.")
    return _placing(state, role, action, pool)


def _reinforce_done(state: State, frame: Frame, role: str, action: Action) -> str | None:
    if forced(state, frame):
        return _must_trade(state, role)
    pool = int(frame["pool"])
    if pool:
        return ntr(
            "You still have {count} battalion to place: place them all first.",
            "You still have {count} battalions to place: place them all first.",
            pool,
        )
    return None


def _trade(state: State, frame: Frame, role: str, action: Action) -> str | None:
    chosen = action.args
    traded = int(frame["traded"])
    held = hand(state, role)["territory"]
    if not chosen:
        return tr("Say which cards: `trade <card>` for one card, or three cards for a set.")
    if not held:
        return tr("You hold no territory card to trade.")
    if traded >= cards.MAX_PER_PHASE:
        return ntr(
            "You have traded {count} card this phase already, the most allowed.",
            "You have traded {count} cards this phase already, the most allowed.",
            cards.MAX_PER_PHASE,
        )
    if len(chosen) not in (1, 3):
        return tr("Trade one card, or a set of three cards.")
    for card in chosen:
        if card not in held:
            yours = names([card_name(c) for c in held])
            if is_territory_card(card) and card in geo(state).territory_cards:
                return tr(
                    "You do not hold {card}. Your territory cards: {cards}.",
                    card=card_name(card),
                    cards=yours,
                )
            return tr(
                "`{card}` is no territory card of yours. Your territory cards: {cards}.",
                card=card,
                cards=yours,
            )
    if len(set(chosen)) != len(chosen):
        return tr("A set is three different cards.")
    if len(chosen) == 3:
        left = cards.MAX_PER_PHASE - traded
        if left < 3:
            return ntr(
                "You have traded {count} card this phase: {left} more at most, so no set.",
                "You have traded {count} cards this phase: {left} more at most, so no set.",
                traded,
                left=left,
            )
        value = symbols_value([card_symbol(c) for c in chosen])
        if value is None:
            return tr(
                "These three cards make no set: a set is three of one symbol, or one of each "
                "(a wild card stands for any symbol)."
            )
        offered = cards.trade_options(state, role, traded)
        best = [t.action.text for t in offered if len(t.cards) == 3 and t.battalions == value]
        if best:
            return tr(
                "For a set worth {value} the menu offers your best three cards: `{action}`.",
                value=value,
                action=best[0],
            )
    return None


# -- combat ---------------------------------------------------------------------------------------
def _attack(state: State, frame: Frame, role: str, action: Action) -> str | None:
    args = action.args
    if len(args) != 2:
        return tr("Say where from and where to: `attack <your territory> <enemy territory>`.")
    source, target = args
    problem = _not_own(state, role, source, tr("attack from one of your territories"))
    if problem is None:
        problem = _no_territory(state, target)
    if problem is not None:
        return problem
    here, there = territory_title(source), territory_title(target)
    if state["owner"][target] == role:
        return tr("{territory} is yours: attack an enemy territory.", territory=there)
    if not geo(state).adjacent(source, target):
        return tr(
            "{target} does not border {origin}: attack across a land border, a bridge or a sea route.",
            target=there,
            origin=here,
        )
    if state["troops"][source] < 2:
        return tr(
            "{territory} has only 1 battalion: an attack needs 2 or more there, as one always stays behind.",
            territory=here,
        )
    for effect in state["effects"]:
        hooks = hooks_of(effect)
        if hooks.blocks_attack(state, effect, role, source, target):
            return tr(
                "You cannot attack there now. {effect}.", effect=hooks.text(state, effect).rstrip(".。")
            )
    return None


def _roll(state: State, frame: Frame, role: str, action: Action) -> str | None:
    args = action.args
    if len(args) != 1 or args[0] not in ("1", "2", "3"):
        return tr("Roll 1, 2 or 3 dice: `roll <dice>`.")
    most = battle.max_dice(state, frame)
    source = frame["from"]
    return ntr(
        "{territory} has {battalions} battalions and one must stay behind, so you can roll at most "
        "{count} die.",
        "{territory} has {battalions} battalions and one must stay behind, so you can roll at most "
        "{count} dice.",
        most,
        territory=territory_title(source),
        battalions=int(state["troops"][source]),
    )


def _defend(state: State, frame: Frame, role: str, action: Action) -> str | None:
    return tr("Defend with 1 or 2 dice: `defend <dice>`.")


def _advance(state: State, frame: Frame, role: str, action: Action) -> str | None:
    args = action.args
    if len(args) != 1:
        return tr("Say how many battalions move in: `{verb} <count>`.", verb=action.verb)
    count = _count(args[0])
    if count is None:
        return _not_a_number(args[0])
    source = frame["from"]
    if action.verb == "advance-leader" and battle.movable_leader(state, frame) is None:
        return _no_leader_here(state, role, source, tr("move in with `advance`"))
    low = int(frame["min"])
    troops = int(state["troops"][source])
    high = low + troops - 1
    if count < low:
        return ntr(
            "At least {count}: the {count} battalion that rolled last must move in.",
            "At least {count}: the {count} battalions that rolled last must move in.",
            low,
        )
    if count > high:
        if troops <= 1:
            return tr(
                "{territory} has 1 battalion left, which must stay behind: move in {low}.",
                territory=territory_title(source),
                low=low,
            )
        return tr(
            "{territory} has {battalions} battalions left and one must stay behind, so at most {high} can "
            "move in ({low} from the last roll and {more} more).",
            territory=territory_title(source),
            battalions=troops,
            high=high,
            low=low,
            more=troops - 1,
        )
    return None


# -- fortify --------------------------------------------------------------------------------------
def _from(state: State, frame: Frame, role: str, action: Action) -> str | None:
    if len(action.args) != 1:
        return tr("Say where the move starts: `from <territory>`.")
    source = action.args[0]
    problem = _not_own(state, role, source, tr("move from one of your own territories"))
    if problem is not None:
        return problem
    where = territory_title(source)
    if not fortify.movable(state, frame, source) and fortify.free_leader(state, role, source) is None:
        if fortify.one_step(state) and frame["arrived"].get(source):
            return tr(
                "The battalions in {territory} arrived this turn or must stay: none can move on.",
                territory=where,
            )
        return tr(
            "{territory} has only 1 battalion, which must stay there, and no leader free to move.",
            territory=where,
        )
    if fortify.one_step(state):
        return tr(
            "{territory} borders no territory of yours by land that it can move to (plain moves go "
            "one step).",
            territory=where,
        )
    return tr("No territory of yours can be reached from {territory}.", territory=where)


def _from_again(state: State, frame: Frame, role: str, action: Action) -> str | None:
    where = territory_title(frame["source"])
    return tr(
        "You are moving from {territory}: go `back` first to move from another territory.", territory=where
    )


def _to_first(state: State, frame: Frame, role: str, action: Action) -> str | None:
    return tr("Choose where the move starts first: `from <territory>`.")


def _too_many(state: State, frame: Frame, role: str, source: str, most: int) -> str:
    where = territory_title(source)
    troops = int(state["troops"][source])
    if not most and troops <= 1:
        if fortify.free_leader(state, role, source):
            return tr(
                "{territory} has 1 battalion, which must stay there: only your leader may move "
                "(`to-leader <territory> 0`).",
                territory=where,
            )
        return tr(
            "{territory} has 1 battalion, which must stay there: nothing else can move.", territory=where
        )
    arrived = int(frame["arrived"].get(source, 0)) if fortify.one_step(state) else 0
    if arrived and troops - arrived < troops - 1:
        return tr(
            "{territory} has {battalions} battalions and one must stay behind; {arrived} arrived this turn "
            "and cannot move again, so at most {most} can move.",
            territory=where,
            battalions=troops,
            arrived=arrived,
            most=most,
        )
    return tr(
        "{territory} has {battalions} battalions and one must stay behind, so at most {most} can move.",
        territory=where,
        battalions=troops,
        most=most,
    )


def _to(state: State, frame: Frame, role: str, action: Action) -> str | None:
    verb, args = action.verb, action.args
    if len(args) != 2:
        return tr("Say where and how many: `{verb} <territory> <count>`.", verb=verb)
    source, target = str(frame["source"]), args[0]
    problem = _not_own(state, role, target, tr("move only between your own territories"))
    if problem is not None:
        return problem
    here, there = territory_title(source), territory_title(target)
    if target == source:
        return tr("The move starts from {territory}: choose another territory to move to.", territory=here)
    count = _count(args[1])
    if count is None:
        return _not_a_number(args[1])
    most = fortify.movable(state, frame, source)
    if verb == "to" and not most:
        return _too_many(state, frame, role, source, most)
    if verb == "to-leader":
        if fortify.free_leader(state, role, source) is None:
            return _no_leader_here(state, role, source, tr("move battalions with `to`"))
        if leader_at(state, target) is not None:
            return tr(
                "A leader already stands in {territory}: only one leader fits in a territory.",
                territory=there,
            )
    reach = {t: (alone, leader) for t, alone, leader in fortify.destinations(state, frame, source)}
    alone, leader = reach.get(target, (False, False))
    if verb == "to" and not alone and leader:
        return tr("Battalions reach {territory} now only with your leader: use `to-leader`.", territory=there)
    if not (alone if verb == "to" else leader):
        if fortify.one_step(state):
            return tr(
                "{target} does not border {origin} by land: a move in plain mode goes one step.",
                target=there,
                origin=here,
            )
        return tr(
            "{target} cannot be reached from {origin} along a chain of your own territories.",
            target=there,
            origin=here,
        )
    if verb == "to" and count < 1:
        if fortify.free_leader(state, role, source) is None:
            return tr("Move at least 1 battalion.")
        return tr("Move at least 1 battalion (or your leader alone: `to-leader <territory> 0`).")
    if count > most:
        return _too_many(state, frame, role, source, most)
    return None


# -- draws, powers, reactions ---------------------------------------------------------------------
def _discard(state: State, frame: Frame, role: str, action: Action) -> str | None:
    held = hand(state, role)["adventure"]
    if len(action.args) == 1 and action.args[0] in held:
        return None
    return tr("Discard one of your adventure cards: {cards}.", cards=names([card_name(c) for c in held]))


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
        return None, tr("There is no adventure card `{card}`.", card=card)
    held = _held_copy(state, role, card)
    if held is None:
        return None, tr("You do not hold {card}.", card=card_title(CARDS[slug].name))
    return held, None


def _moment(card: str) -> str:
    when = powers.timing(card)
    if not when:
        return tr("at its moment")
    moment = TIMINGS[when] if english() else ptr("timing", TIMINGS[when])
    return _lower_first(moment).rstrip(".。")


def _power(state: State, frame: Frame, role: str, action: Action) -> str | None:
    if not action.args:
        return tr("Say which card: `power <card>`.")
    card, problem = _card_or_problem(state, role, action.args[0])
    if card is None:
        return problem
    data = CARDS[card_slug(card)]
    if data.kind == "mission":
        return tr(MISSIONS_ARE_NOT_PLAYED)
    if powers.is_reaction(card):
        return tr(
            "{card} is a reaction: `arm` it in your combat phase and it fires by itself ({moment}).",
            card=card_title(data.name),
            moment=_moment(card),
        )
    when = powers.timing(card)
    if when is None or not powers.timing_open(state, when, frame):
        return tr("Not now: {card} is played {moment}.", card=card_title(data.name), moment=_moment(card))
    hooks = powers.POWERS.get(card_slug(card))
    offered = hooks.power_actions(state, role, card) if hooks is not None else []
    if not offered:
        return tr("{card} can do nothing now.", card=card_title(data.name))
    return tr(
        "{card} cannot be played that way: choose one the menu offers, e.g. `{action}`.",
        card=card_title(data.name),
        action=offered[0].text,
    )


def _arm(state: State, frame: Frame, role: str, action: Action) -> str | None:
    if not action.args:
        return tr("Say which card: `{verb} <card>`.", verb=action.verb)
    card, problem = _card_or_problem(state, role, action.args[0])
    if card is None:
        return problem
    data = CARDS[card_slug(card)]
    name = card_title(data.name)
    if data.kind == "mission":
        return tr(MISSIONS_ARE_NOT_PLAYED)
    if not powers.is_reaction(card):
        return tr(
            "{card} is not a reaction card: it is played with `power`, {moment}.",
            card=name,
            moment=_moment(card),
        )
    armed = {a["card"] for a in state["armed"][role]}
    if action.verb == "disarm":
        return None if card in armed else tr("{card} is not armed.", card=name)
    if card in armed:
        return tr("{card} is armed already: `disarm` it first to change its condition.", card=name)
    options = [a for a in powers.arm_actions(state, role) if a.verb == "arm" and a.args[0] == card]
    if options:
        return tr(
            "{card} cannot be armed with that condition: choose one the menu offers, e.g. `{action}`.",
            card=name,
            action=options[0].text,
        )
    return tr("{card} cannot be armed with that condition: choose one the menu offers.", card=name)


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
