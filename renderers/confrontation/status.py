"""What the picture says about the moment: the headline, whose turn, the result, the set-up.

Shared by both layouts and by the text description, so that the picture and its alt text
always agree. Everything comes from the view.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from . import theme
from .words import listed, tr


def side_title(side: object) -> str:
    """``"fellowship"`` -> ``"Fellowship"`` (any other role is title-cased).

    >>> side_title("sauron"), side_title(None)
    ('Sauron', 'Nobody')
    """
    if side is None:
        return tr("Nobody")
    text = str(side)
    titles = {"fellowship": tr("Fellowship"), "sauron": tr("Sauron")}
    return titles.get(text, text.replace("_", " ").title())


def side_phrase(side: object) -> str:
    """The side as the engine's sentences name it ("the Fellowship", "Sauron")."""
    return tr("the Fellowship") if side == "fellowship" else side_title(side)


def plain(text: object) -> str:
    """Text without the Markdown marks that Discord messages use (code spans, bold).

    >>> plain("Choose a card (`card <card>`) for **Frodo**.")
    'Choose a card (card <card>) for Frodo.'
    """
    return str(text or "").replace("`", "").replace("**", "")


def everything_shown(view: Mapping[str, Any]) -> bool:
    """A public view that nevertheless shows the hands: the end-of-game reveal."""
    cards = view.get("cards") or {}
    return view.get("audience") is None and any(
        (cards.get(side) or {}).get("hand") is not None for side in cards
    )


def in_setup(view: Mapping[str, Any]) -> bool:
    """Whether the view shows the secret set-up (before the first turn)."""
    if view.get("setup"):
        return True
    number = (view.get("turn") or {}).get("number")
    return isinstance(number, int) and number < 1 and not view.get("result")


def result_text(view: Mapping[str, Any]) -> str:
    """Why the game ended, as a sentence ("Frodo carried the Ring into Mordor.").

    >>> result_text({"result": {"winners": ["sauron"], "reason": "shire_held"}})
    'Shire held.'
    >>> result_text({"result": {"reason": "x", "text": "three Sauron characters hold the Shire"}})
    'Three Sauron characters hold the Shire.'
    """
    result = view.get("result") or {}
    text = str(result.get("text") or result.get("reason") or "").strip()
    if text and " " not in text:  # a bare reason slug from an older engine
        text = text.replace("_", " ").replace("-", " ")
    if not text:
        return ""
    text = text[0].upper() + text[1:]
    return text if text.endswith((".", "!", "?", "。", "！", "？")) else text + ("。" if _cjk(text) else ".")


def _cjk(text: str) -> bool:
    return any("\u3000" <= c <= "\u9fff" for c in text)


def headline(view: Mapping[str, Any]) -> tuple[str, str | None]:
    """The picture's title line and the side whose colour it takes (``None``: gold).

    >>> headline({"result": {"winners": ["fellowship"]}})
    ('Fellowship wins!', 'fellowship')
    >>> headline({"turn": {"number": 0, "side": "sauron"}, "active": ["fellowship"], "audience": None})
    ('Secret set-up', None)
    >>> view = {"turn": {"number": 3, "side": "sauron"}, "active": ["fellowship"], "audience": "fellowship"}
    >>> headline(view)
    ('Your move, Fellowship', 'fellowship')
    """
    result = view.get("result")
    if result:
        winners = [str(w) for w in result.get("winners") or []]
        if not winners:
            return tr("The game is drawn"), None
        return tr("{side} wins!", side=listed([side_title(w) for w in winners])), winners[0]
    audience = view.get("audience")
    active = [str(role) for role in view.get("active") or []]
    if in_setup(view):
        return tr("Secret set-up"), None
    if audience is not None and audience in active:
        return tr("Your move, {side}", side=side_title(audience)), str(audience)
    if len(active) > 1:
        return tr("Both sides choose"), None
    side = active[0] if active else (view.get("turn") or {}).get("side")
    return tr("{side} to act", side=side_title(side)), str(side) if side else None


def subline(view: Mapping[str, Any]) -> str:
    """The line under the headline: the result's reason, or what is asked / awaited."""
    if view.get("result"):
        return result_text(view)
    return plain(view.get("prompt")).strip()


def turn_label(view: Mapping[str, Any]) -> str:
    """Who acts now, in capitals, for the corner ("SAURON'S TURN", "SECRET SET-UP")."""
    if view.get("result"):
        return tr("GAME OVER")
    if in_setup(view):
        return tr("SECRET SET-UP")
    active = view.get("active") or []
    if len(active) > 1:
        return tr("BOTH SIDES ACT")
    side = (view.get("turn") or {}).get("side")
    return tr("{side}'S TURN", side=side_title(side).upper())


def setup_waiting(view: Mapping[str, Any]) -> str:
    """During the set-up: who is ready and who is still setting up ("Sauron is ready").

    >>> setup_waiting({"active": ["fellowship"], "setup": {"ready": {"fellowship": False, "sauron": True}}})
    'Sauron is ready; the Fellowship is setting up.'
    """
    setup = view.get("setup") or {}
    ready = setup.get("ready")
    if not isinstance(ready, Mapping):
        active = set(view.get("active") or [])
        ready = {side: side not in active for side in theme.SIDES}
    done = [side for side in theme.SIDES if ready.get(side)]
    busy = [side for side in theme.SIDES if not ready.get(side)]
    if done and busy:
        text = tr(
            "{ready} is ready; {busy} is setting up.", ready=side_phrase(done[0]), busy=side_phrase(busy[0])
        )
    elif done:
        text = tr("{sides} are ready.", sides=listed([side_phrase(s) for s in done]))
    elif busy:
        text = tr("{sides} are setting up.", sides=listed([side_phrase(s) for s in busy]))
    else:
        return ""
    return text[0].upper() + text[1:]


def audience_label(view: Mapping[str, Any]) -> str:
    """Who may see this picture."""
    audience = view.get("audience")
    if audience is None:
        return tr("Everything revealed") if everything_shown(view) else tr("Public board")
    return tr("{side} only", side=side_title(audience))


def since_last_move(lines: list[str], last_move: str) -> list[str]:
    """The chronicle lines that followed the last move (its battle and what the battle did):
    the news under "Last move", never an earlier battle's results, which would read as its own.
    Every line when the last move is not among them (the chronicle is only the latest lines).

    >>> since_last_move(["Gimli is defeated.", "Sauron moves.", "Battle in Eregion."], "Sauron moves.")
    ['Battle in Eregion.']
    >>> since_last_move(["Gimli is defeated.", "Sauron moves."], "Sauron moves.")
    []
    >>> since_last_move(["Gimli is defeated."], "Sauron moves.")
    ['Gimli is defeated.']
    """
    if last_move not in lines:
        return lines
    return lines[len(lines) - lines[::-1].index(last_move) :]
