"""The picture in words, for screen readers (Discord's attachment description, <= 1,024 chars).

It says what the picture shows for its audience and nothing else: every word comes from the
view (a face-down piece is "hidden", never named). The most useful facts come first (who is
to act, the battle, the last move), then the board region by region from Mordor to the Shire,
then the hand, the pieces to place, the enemy pieces last seen and the fallen, as far as the
limit allows. In the picture's language (``view["lang"]``): the view's names and sentences are
already in it, the words here come from the game's catalog (:mod:`.words`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from . import theme
from .layout import load_layout
from .panels import defenders_waiting, last_seen_notes
from .pieces import battle_results, is_known
from .status import (
    everything_shown,
    headline,
    in_setup,
    plain,
    setup_waiting,
    side_phrase,
    side_title,
    subline,
)
from .words import current, ntr, punctuation, sentences, series, speaking, tr, view_lang

LIMIT = 1024
#: Where a sentence ends, in every language.
ENDS = (".", "!", "?", "…", "。", "！", "？")


def _clip(text: str, limit: int) -> str:
    """``text`` cut at a word boundary to at most ``limit`` characters (with "…")."""
    if len(text) <= limit:
        return text
    cut = text[: limit - 1].rsplit(" ", 1)[0].rstrip(" ,;:")
    return cut + "…"


def _sentence(text: str) -> str:
    text = text.strip()
    return text if not text or text.endswith(ENDS) else text + punctuation(". ").strip()


def _audience(view: Mapping[str, Any]) -> str:
    audience = view.get("audience")
    if audience is None:
        return tr("final board, every piece revealed") if everything_shown(view) else tr("public board")
    return tr("{side}'s private board", side=side_title(audience))


def _piece(piece: Mapping[str, Any], *, own: bool) -> str:
    strength = piece.get("strength")
    name = str(piece.get("name"))
    seen = own and piece.get("revealed")
    if strength is None:
        return tr("{name} (seen by the enemy)", name=name) if seen else name
    if seen:
        return tr("{name} ({strength}, seen by the enemy)", name=name, strength=strength)
    return tr("{name} ({strength})", name=name, strength=strength)


def _side_pieces(side: str, pieces: Sequence[Mapping[str, Any]], *, own: bool, counts_only: bool) -> str:
    """One side's pieces in a region ("Sauron: Orcs (2) and 1 hidden", "Fellowship 3")."""
    known = [p for p in pieces if is_known(p)]
    hidden = len(pieces) - len(known)
    title = side_title(side)
    if counts_only:
        if hidden and known:
            return tr("{side} {count} ({hidden} hidden)", side=title, count=len(pieces), hidden=hidden)
        if hidden:
            return tr("{side} {count} hidden", side=title, count=len(pieces))
        return tr("{side} {count}", side=title, count=len(pieces))
    if not known:
        return tr("{side} {count} hidden", side=title, count=hidden)
    shown = series([_piece(p, own=own) for p in known])
    if hidden:
        return tr("{side}: {pieces} and {hidden} hidden", side=title, pieces=shown, hidden=hidden)
    return tr("{side}: {pieces}", side=title, pieces=shown)


def _regions(view: Mapping[str, Any], *, counts_only: bool = False) -> str:
    layout = load_layout()
    order = {slug: (r.grid[0] + r.grid[1], r.grid[1] - r.grid[0]) for slug, r in layout.regions.items()}
    audience = view.get("audience")
    ghosts: dict[str, list[str]] = {}
    for result in battle_results(view):
        if result.get("kind") == "defeated" and result.get("region"):
            ghosts.setdefault(str(result["region"]), []).append(str(result.get("name")))
    parts = []
    for region in sorted(view.get("regions") or [], key=lambda r: order.get(str(r.get("id")), (99, 0))):
        pieces = region.get("pieces") or {}
        sides = []
        for side in theme.PANEL_ORDER:
            mine = pieces.get(side) or []
            if mine:
                sides.append(_side_pieces(side, mine, own=side == audience, counts_only=counts_only))
        fell = ghosts.get(str(region.get("id")))
        if fell and not counts_only:
            sides.append(tr("fell here: {names}", names=series(fell)))
        if sides:
            name = region.get("name") or region.get("id")
            parts.append(tr("{region}: {pieces}", region=name, pieces=series(sides, "; ")))
    return tr("Board: {regions}.", regions=series(parts, ". ")) if parts else tr("Board: empty.")


def _battle(view: Mapping[str, Any]) -> str:
    battle = view.get("battle")
    if not battle:
        return ""
    names = {str(r["id"]): str(r.get("name") or r["id"]) for r in view.get("regions") or []}
    where = names.get(str(battle.get("region")), str(battle.get("region")))

    def fighter(entry: Mapping[str, Any] | None) -> str:
        if not entry:
            return ""
        piece = entry.get("piece") or {}
        side = side_title(entry.get("side"))
        if not is_known(piece):
            return tr("a hidden {side} piece", side=side)
        strength = piece.get("strength")
        if strength is None:
            return tr("{name} ({side})", name=piece.get("name"), side=side)
        return tr(
            "{name} ({side}, strength {strength})", name=piece.get("name"), side=side, strength=strength
        )

    attacker, defender = battle.get("attacker"), battle.get("defender")
    if not defender:
        side, count = defenders_waiting(view)
        target = ntr(
            "the {side} piece", "one of the {count} {side} pieces there", count, side=side_title(side)
        )
        return tr(
            "Battle in {region}: {attacker} attacks {target}; the target is not chosen yet.",
            region=where,
            attacker=fighter(attacker),
            target=target,
        )
    text = tr(
        "Battle in {region}: {attacker} attacks {defender}.",
        region=where,
        attacker=fighter(attacker),
        defender=fighter(defender),
    )
    played, chosen = battle.get("played") or {}, battle.get("chosen") or {}
    cards = []
    for entry in (attacker, defender):
        side = str((entry or {}).get("side"))
        card = played.get(side)
        if card:
            cards.append(
                tr("{side} plays {card}", side=side_title(side), card=card.get("name") or card.get("id"))
            )
        elif chosen.get(side):
            cards.append(tr("{side} has chosen a card, face down", side=side_title(side)))
        else:
            cards.append(tr("{side} is choosing a card", side=side_title(side)))
    return sentences(text, _sentence(series(cards, "; ")))


def _news(view: Mapping[str, Any]) -> str:
    last = view.get("last_move") or {}
    parts = []
    if last.get("text"):
        parts.append(tr("Last move: {move}", move=_sentence(plain(last["text"]))))
    names = {str(r["id"]): str(r.get("name") or r["id"]) for r in view.get("regions") or []}
    for result in battle_results(view):
        name = result.get("name")
        if result.get("kind") == "defeated":
            parts.append(tr("{name} fell.", name=name))
        elif result.get("kind") == "retreated":
            to = result.get("to")
            if to:
                parts.append(tr("{name} withdrew to {region}.", name=name, region=names.get(str(to), to)))
            else:
                parts.append(tr("{name} withdrew.", name=name))
    return sentences(*parts)


def _cards(view: Mapping[str, Any]) -> str:
    audience = view.get("audience")
    parts = []
    for side in theme.PANEL_ORDER:
        cards: Mapping[str, Any] = (view.get("cards") or {}).get(side) or {}
        hand = cards.get("hand")
        if hand is not None:
            held = series([str(c.get("name") or c.get("id")) for c in hand]) or tr("empty")
            if side == audience:
                parts.append(tr("Your hand: {cards}.", cards=held))
            else:
                parts.append(tr("{side}'s hand: {cards}.", side=side_title(side), cards=held))
        else:
            count = int(cards.get("hand_count", 0))
            parts.append(
                ntr("{side} holds {count} card.", "{side} holds {count} cards.", count, side=side_title(side))
            )
    return sentences(*parts)


def _setup(view: Mapping[str, Any]) -> str:
    pieces = (view.get("setup") or {}).get("to_place")
    if not isinstance(pieces, list):
        return ""
    if not pieces:
        return tr("Every piece is placed.")
    return tr("Still to place: {pieces}.", pieces=series([_piece(p, own=False) for p in pieces]))


def _last_seen(view: Mapping[str, Any]) -> str:
    notes = last_seen_notes(view)
    if not notes:
        return ""
    names = {str(r["id"]): str(r.get("name") or r["id"]) for r in view.get("regions") or []}
    seen = [
        tr(
            "{name} in {region}, turn {turn}",
            name=n["name"],
            region=names.get(str(n.get("region")), n.get("region")),
            turn=n.get("turn"),
        )
        for n in notes
    ]
    return tr("Last seen: {pieces}.", pieces=series(seen, "; "))


def _fallen(view: Mapping[str, Any]) -> str:
    parts = []
    for side in theme.PANEL_ORDER:
        fallen = [
            str(f.get("name") or f.get("character")) for f in (view.get("defeated") or {}).get(side) or []
        ]
        if fallen:
            parts.append(tr("{side} has lost {names}", side=side_phrase(side), names=series(fallen)))
    text = series(parts, "; ")
    return _sentence(text[0].upper() + text[1:]) if parts else ""


def describe(view: Mapping[str, Any], limit: int = LIMIT) -> str:
    """What the picture of ``view`` shows, in at most ``limit`` characters, in its language."""
    with speaking(view_lang(view)):
        return _describe(view, limit)


def _describe(view: Mapping[str, Any], limit: int) -> str:
    title, _ = headline(view)
    turn = (view.get("turn") or {}).get("number")
    head = tr("The Confrontation, {board}.", board=_audience(view))
    if in_setup(view):
        head = sentences(head, tr("Secret set-up."))
    elif turn is not None:
        head = sentences(head, tr("Turn {turn}: {headline}", turn=turn, headline=_sentence(title)))
    else:
        head = sentences(head, _sentence(title))
    sub = setup_waiting(view) if in_setup(view) else subline(view)
    first = sentences(head, _clip(_sentence(sub), 220) if sub else "")
    essentials = [first, _battle(view), _clip(_news(view), 260)]
    extras = [_setup(view), _cards(view), _last_seen(view), _fallen(view)]
    gap = "" if current() in ("ja", "zh-CN") else " "
    for board in (_regions(view), _regions(view, counts_only=True)):
        parts = [p for p in (*essentials, board) if p]
        text = gap.join(parts)
        if len(text) <= limit:
            for extra in extras:
                if extra and len(text) + len(gap) + len(extra) <= limit:
                    text += gap + extra
            return text
    return _clip(gap.join(p for p in (*essentials, _regions(view, counts_only=True)) if p), limit)
