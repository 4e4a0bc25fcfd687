"""The pictures kept per owner: found only for the same owner and content, bounded by bytes."""

from __future__ import annotations

from bot.picture_cache import PictureCache


def test_a_picture_is_found_only_for_its_owner_and_the_content_it_shows() -> None:
    kept = PictureCache()
    kept.put((1, "north"), ("ace", "king"), b"north hand")
    assert kept.get((1, "north"), ("ace", "king")) == b"north hand"
    assert kept.get((1, "north"), ("ace",)) is None, "another hand: drawn again"
    assert kept.get((1, "south"), ("ace", "king")) is None, "another player's picture is never his"
    kept.put((1, "north"), ("ace",), b"smaller")
    assert kept.get((1, "north"), ("ace", "king")) is None and len(kept) == 1 and kept.used == 7


def test_the_least_recently_used_go_first_when_over_budget() -> None:
    kept = PictureCache(budget=10)
    kept.put("a", 1, b"aaaa")
    kept.put("b", 1, b"bbbb")
    assert kept.get("a", 1) == b"aaaa"  # "a" is now the most recently used
    kept.put("c", 1, b"cccc")
    assert kept.get("b", 1) is None and kept.get("a", 1) and kept.get("c", 1) and kept.used == 8
    kept.put("huge", 1, b"x" * 11)
    assert kept.get("huge", 1) is None and kept.used == 8, "a picture over the budget is not kept"
    kept.forget("a")
    assert len(kept) == 1 and kept.used == 4
