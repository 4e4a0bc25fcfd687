"""Minas Tirith at the table: what the lobby and the living status show before anyone sits down."""

from __future__ import annotations

from games.core import find
from games.minas_tirith.rules_help import NOTICE


def test_the_lobby_notice_is_the_reconstruction_notice_for_every_option() -> None:
    ruleset = find("minas-tirith")
    for options in ({}, {"deckout": "at-once"}, {"city_entry": "gate-only"}):
        assert ruleset.notice(options) == NOTICE


def test_a_battle_names_its_space_mid_sentence_as_the_words_do() -> None:
    """ "Waiting for Mordor in the battle for the Causeway", never "… for The Causeway"."""
    from games.core import Match
    from games.core.rng import randbelow
    from games.minas_tirith.fight import Fight

    step, asked = Fight(), 0
    match = Match.new(find("minas-tirith"), 11, {}, 2)
    ruleset, chooser = match.ruleset, {"rng": 5}
    while match.state["result"] is None and asked < 20:
        frame = next((f for f in reversed(match.state["stack"]) if f["step"] == "fight"), None)
        role = sorted(ruleset.active(match.state))[0]
        if frame is not None:
            asked += 1
            texts = [step.title(match.state, frame, role), step.waiting(match.state, frame)]
            texts.append(step.instruction(match.state, frame, role))
            assert not any(" The " in t or "for The" in t for t in texts), texts
        actions = ruleset.prompt(match.state, role).actions
        attacks = [a for a in actions if a.verb in ("attack", "lose", "decline", "react", "die", "done")]
        pool = attacks or [a for a in actions if a.verb != "cancel"]
        match.submit(role, pool[randbelow(chooser, len(pool))])
    assert asked, "no battle asked anyone"
