"""``describe_view``: the picture in words (alt text), within Discord's 1,024 characters, and
never naming what the audience cannot know."""

from __future__ import annotations

import random

import pytest

from renderers import MAX_DESCRIPTION, describe_view

from . import samples
from .playouts import confrontation_ruleset, pick
from .test_confrontation import _hidden_identities_swapped, random_view


def test_description_says_what_the_picture_shows() -> None:
    text = describe_view(samples.mid_battle("fellowship"))
    for part in (
        "Fellowship's private board",
        "Turn 9: Your move, Fellowship.",
        "Battle in Caradhras: Aragorn (Fellowship, strength 4) attacks The Cave Troll (Sauron, strength 9).",
        "Fellowship plays Elven Cloak; Sauron plays 6.",
        "Last move: Aragorn attacks Caradhras.",
        "Eregion: Fellowship: Gandalf (5), Gimli (3, seen by the enemy).",
        "Dagorlad: Sauron 1 hidden.",
        "Your hand: 1, 4, 5, Noble Sacrifice, Retreat (backwards).",
    ):
        assert part in text, part
    public = describe_view(samples.opening(None))
    assert public.startswith("The Confrontation, public board. Turn 1: Sauron to act.")
    assert "Mordor: Sauron 4 hidden." in public and "The Shire: Fellowship 4 hidden." in public
    over = describe_view(samples.game_over(None))
    assert "Sauron wins!" in over and "Three Sauron characters stand in the Shire." in over


def test_description_fits_discord_whatever_the_view() -> None:
    rng = random.Random(5)
    for _ in range(60):
        view = random_view(rng)
        text = describe_view(view)
        assert 0 < len(text) <= MAX_DESCRIPTION
        assert text.startswith("The Confrontation")


def test_description_never_names_a_hidden_piece() -> None:
    """Two positions that differ only in which Sauron character hides where are described
    identically to the public and to the Fellowship, and none of those names appear."""
    first, second = _hidden_identities_swapped()
    for audience in (None, "fellowship"):
        texts = [describe_view(samples.build_view(p, audience, prompt="Waiting.")) for p in (first, second)]
        assert texts[0] == texts[1]
        for name, _ in samples.CHARACTERS.values():
            if name in {"The Balrog", "Shelob", "The Witch-king", "Saruman", "The Black Rider", "The Orcs"}:
                assert name not in texts[0]
    sauron = [describe_view(samples.build_view(p, "sauron", prompt="Move.")) for p in (first, second)]
    assert sauron[0] != sauron[1]  # Sauron knows his own


def test_unknown_game_is_refused() -> None:
    with pytest.raises(ValueError, match="no renderer"):
        describe_view({"game": "chess"})


@pytest.mark.skipif(confrontation_ruleset() is None, reason="Confrontation engine not registered")
def test_descriptions_of_real_games_hold_no_secret() -> None:
    """Along random games (every variant), no description names another side's secret."""
    from games.confrontation.secrets import others_secrets, text_leaks
    from games.core import submit

    ruleset = confrontation_ruleset()
    checked = 0
    for seed, options in (
        (1, {}),
        (2, {"variant": "deluxe-variant", "specials": "deluxe-2"}),
        (3, {"variant": "draft"}),
    ):
        chooser = random.Random(seed)
        state = ruleset.setup(seed, ruleset.resolve_options(options), 2)
        for step in range(160):
            if state["result"] is not None:
                break
            if step % 3 == 0:
                for viewer in (None, "fellowship", "sauron"):
                    text = describe_view(ruleset.view(state, viewer))
                    assert len(text) <= MAX_DESCRIPTION
                    assert not text_leaks(text, others_secrets(state, viewer)), (seed, step, viewer, text)
                    checked += 1
            role = chooser.choice(sorted(ruleset.active(state)))
            state = submit(ruleset, state, role, pick(chooser, ruleset.prompt(state, role).actions)).state
    assert checked > 60
