"""The picture in words, for screen readers (Discord's attachment description, <= 1,024 chars).

It says what the picture shows for its audience and nothing else: every word comes from the
view (a face-down piece is "hidden", never named). The most useful facts come first (who is
to act, the battle, the last move), then the board region by region from Mordor to the Shire,
then the hand, the pieces to place, the enemy pieces last seen and the fallen, as far as the
limit allows.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from . import theme
from .layout import load_layout
from .panels import defenders_waiting, last_seen_notes
from .pieces import battle_results, is_known
from .status import everything_shown, headline, in_setup, plain, setup_waiting, side_title, subline

LIMIT = 1024


def _clip(text: str, limit: int) -> str:
    """``text`` cut at a word boundary to at most ``limit`` characters (with "…")."""
    if len(text) <= limit:
        return text
    cut = text[: limit - 1].rsplit(" ", 1)[0].rstrip(" ,;:")
    return cut + "…"


def _sentence(text: str) -> str:
    text = text.strip()
    return text if not text or text.endswith((".", "!", "?", "…")) else text + "."


def _audience(view: Mapping[str, Any]) -> str:
    audience = view.get("audience")
    if audience is None:
        return "final board, every piece revealed" if everything_shown(view) else "public board"
    return f"{side_title(audience)}'s private board"


def _piece(piece: Mapping[str, Any], *, own: bool) -> str:
    strength = piece.get("strength")
    text = str(piece.get("name"))
    details = [] if strength is None else [str(strength)]
    if own and piece.get("revealed"):
        details.append("seen by the enemy")
    return f"{text} ({', '.join(details)})" if details else text


def _side_pieces(pieces: Sequence[Mapping[str, Any]], *, own: bool, counts_only: bool) -> str:
    known = [p for p in pieces if is_known(p)]
    hidden = len(pieces) - len(known)
    if counts_only:
        return f" {len(pieces)}" + (
            f" ({hidden} hidden)" if hidden and known else " hidden" if hidden else ""
        )
    parts = [_piece(p, own=own) for p in known]
    if not parts:
        return f"{hidden} hidden"
    return ": " + ", ".join(parts) + (f" and {hidden} hidden" if hidden else "")


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
                shown = _side_pieces(mine, own=side == audience, counts_only=counts_only)
                sides.append(f"{side_title(side)}{shown if shown.startswith((':', ' ')) else ' ' + shown}")
        fell = ghosts.get(str(region.get("id")))
        if fell and not counts_only:
            sides.append("fell here: " + ", ".join(fell))
        if sides:
            parts.append(f"{region.get('name') or region.get('id')}: {'; '.join(sides)}")
    return "Board: " + ". ".join(parts) + "." if parts else "Board: empty."


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
            return f"a hidden {side} piece"
        strength = piece.get("strength")
        return f"{piece.get('name')} ({side}" + (f", strength {strength})" if strength is not None else ")")

    attacker, defender = battle.get("attacker"), battle.get("defender")
    if not defender:
        side, count = defenders_waiting(view)
        target = (
            f"one of the {count} {side_title(side)} pieces there"
            if count != 1
            else f"the {side_title(side)} piece"
        )
        return f"Battle in {where}: {fighter(attacker)} attacks {target}; the target is not chosen yet."
    text = f"Battle in {where}: {fighter(attacker)} attacks {fighter(defender)}."
    played, chosen = battle.get("played") or {}, battle.get("chosen") or {}
    cards = []
    for entry in (attacker, defender):
        side = str((entry or {}).get("side"))
        card = played.get(side)
        if card:
            cards.append(f"{side_title(side)} plays {card.get('name') or card.get('id')}")
        elif chosen.get(side):
            cards.append(f"{side_title(side)} has chosen a card, face down")
        else:
            cards.append(f"{side_title(side)} is choosing a card")
    return text + " " + "; ".join(cards) + "."


def _news(view: Mapping[str, Any]) -> str:
    last = view.get("last_move") or {}
    parts = []
    if last.get("text"):
        parts.append("Last move: " + _sentence(plain(last["text"])))
    names = {str(r["id"]): str(r.get("name") or r["id"]) for r in view.get("regions") or []}
    for result in battle_results(view):
        name = result.get("name")
        if result.get("kind") == "defeated":
            parts.append(f"{name} fell.")
        elif result.get("kind") == "retreated":
            to = result.get("to")
            parts.append(f"{name} withdrew" + (f" to {names.get(str(to), to)}." if to else "."))
    return " ".join(parts)


def _cards(view: Mapping[str, Any]) -> str:
    audience = view.get("audience")
    parts = []
    for side in theme.PANEL_ORDER:
        cards: Mapping[str, Any] = (view.get("cards") or {}).get(side) or {}
        hand = cards.get("hand")
        if hand is not None:
            who = "Your hand" if side == audience else f"{side_title(side)}'s hand"
            parts.append(
                f"{who}: " + (", ".join(str(c.get("name") or c.get("id")) for c in hand) or "empty") + "."
            )
        else:
            parts.append(f"{side_title(side)} holds {cards.get('hand_count', 0)} cards.")
    return " ".join(parts)


def _setup(view: Mapping[str, Any]) -> str:
    pieces = (view.get("setup") or {}).get("to_place")
    if not isinstance(pieces, list):
        return ""
    if not pieces:
        return "Every piece is placed."
    return "Still to place: " + ", ".join(_piece(p, own=False) for p in pieces) + "."


def _last_seen(view: Mapping[str, Any]) -> str:
    notes = last_seen_notes(view)
    if not notes:
        return ""
    names = {str(r["id"]): str(r.get("name") or r["id"]) for r in view.get("regions") or []}
    return (
        "Last seen: "
        + "; ".join(
            f"{n['name']} in {names.get(str(n.get('region')), n.get('region'))}, turn {n.get('turn')}"
            for n in notes
        )
        + "."
    )


def _fallen(view: Mapping[str, Any]) -> str:
    parts = []
    for side in theme.PANEL_ORDER:
        fallen = [
            str(f.get("name") or f.get("character")) for f in (view.get("defeated") or {}).get(side) or []
        ]
        if fallen:
            parts.append(
                f"{side_title(side) if side == 'sauron' else 'the Fellowship'} has lost {', '.join(fallen)}"
            )
    text = "; ".join(parts)
    return (text[0].upper() + text[1:] + ".") if parts else ""


def describe(view: Mapping[str, Any], limit: int = LIMIT) -> str:
    """What the picture of ``view`` shows, in at most ``limit`` characters."""
    title, _ = headline(view)
    turn = (view.get("turn") or {}).get("number")
    head = f"The Confrontation, {_audience(view)}. "
    if in_setup(view):
        head += "Secret set-up."
    else:
        head += (f"Turn {turn}: " if turn is not None else "") + _sentence(title)
    sub = setup_waiting(view) if in_setup(view) else subline(view)
    first = " ".join(p for p in (head, _clip(_sentence(sub), 220) if sub else "") if p)
    essentials = [first, _battle(view), _clip(_news(view), 260)]
    extras = [_setup(view), _cards(view), _last_seen(view), _fallen(view)]
    for board in (_regions(view), _regions(view, counts_only=True)):
        parts = [p for p in (*essentials, board) if p]
        text = " ".join(parts)
        if len(text) <= limit:
            for extra in extras:
                if extra and len(text) + 1 + len(extra) <= limit:
                    text += " " + extra
            return text
    return _clip(" ".join(p for p in (*essentials, _regions(view, counts_only=True)) if p), limit)
