"""Presenter texts: public output carries only public information."""

from __future__ import annotations

from bot import menus, texts
from bot.choices import Choice
from bot.service import MatchService
from bot.storage import Store
from tests.games.confrontation.helpers import CONFRONTATION, act, position

from .conftest import NORTH_USER, SOUTH_USER, started_pebbles


async def test_secret_bid_stays_out_of_public_texts(service: MatchService) -> None:
    live = await started_pebbles(service)
    result = await service.act(live.id, NORTH_USER, "bid 3")
    public = "\n".join(
        [texts.public_update(result, ()), texts.turn_text(live), texts.status_text(live, None)]
    )
    assert "made a secret bid" in public
    assert "bid 3" not in public.lower() and "You bid" not in public
    assert "You bid 3." in texts.log_text(live, "north", 0)
    assert "You bid" not in texts.log_text(live, "south", 0)
    assert f"<@{SOUTH_USER}>" in texts.turn_text(live)  # south still has to bid
    assert f"<@{NORTH_USER}>" not in texts.turn_text(live)


async def test_turn_and_result_texts(service: MatchService) -> None:
    live = await started_pebbles(service)
    await service.act(live.id, NORTH_USER, "bid 3")
    await service.act(live.id, SOUTH_USER, "bid 1")
    # One line: what the side must do, then whom to ping (not "Your move" addressed to all).
    turn = texts.turn_text(live)
    assert turn.startswith("⏳ Waiting for North") and turn.endswith(f" — <@{NORTH_USER}>.")
    assert "\n" not in turn and turn.count(f"<@{NORTH_USER}>") == 1 and "Your move" not in turn
    result = await service.resign(live.id, NORTH_USER)
    text = texts.public_update(result, ())
    assert "North resigned" in text and f"<@{SOUTH_USER}> (South) wins" in text
    assert text.count("resigned") == 1  # said once, by the result ("North resigned"), not the event too


async def test_lobby_and_list_texts(service: MatchService) -> None:
    live = await service.create(
        guild_id=1, channel_id=2, user_id=NORTH_USER, game="pebbles", options={"pile": "10"}
    )
    lobby = texts.lobby_text(live)
    assert "Pebbles" in lobby and "Pile: **10**" in lobby and "1 more player" in lobby
    assert "ℹ️ A pile of 10 is our own variant." in lobby  # the ruleset's notice for these options
    plain = await service.create(guild_id=1, channel_id=2, user_id=SOUTH_USER, game="pebbles", options={})
    assert "ℹ️" not in texts.lobby_text(plain)  # no notice for the printed game
    mine = await service.recent_of(NORTH_USER, 1)
    assert f"#{live.id} Pebbles" in texts.list_text(mine, NORTH_USER)
    assert texts.list_text([], NORTH_USER) == "You have no matches in this server."


def test_clip_keeps_messages_within_discord_limit() -> None:
    text = "\n".join(f"line {n}" for n in range(1000))
    clipped = texts.clip(text)
    assert len(clipped) <= texts.MAX_MESSAGE and clipped.endswith("line 999")


async def test_listing_finished_matches_reads_no_state(service: MatchService, store: Store) -> None:
    live = await started_pebbles(service)
    await service.resign(live.id, SOUTH_USER)
    async with store.transaction() as conn:  # even a damaged one: listing must not replay it
        await conn.execute("UPDATE matches SET state = 'garbage' WHERE id = ?", (live.id,))

    async def no_replay(*args: object, **kwargs: object) -> list[object]:
        raise AssertionError("/game list must not replay a finished match")

    store.actions = no_replay  # type: ignore[method-assign]
    text = texts.list_text(await service.recent_of(NORTH_USER, 1), NORTH_USER)
    assert f"#{live.id} Pebbles as North (North won: South resigned)" in text


def test_the_lobby_lists_only_the_options_that_matter_for_the_chosen_game() -> None:
    from games.core import find

    risk = find("lotr-risk")
    plain = texts.options_line(risk, risk.resolve_options({"mode": "plain", "players": "4"}))
    assert "Plain Risk" in plain and "Plain mode, 4 players: **30" in plain
    assert "Hunt" not in plain and "Ring die spaces" not in plain and "Expansion bonus" not in plain
    trilogy = texts.options_line(risk, risk.resolve_options({"edition": "trilogy"}))
    assert "Hunt for the Ring: **Off**" in trilogy and "Ring die spaces" in trilogy
    assert "Plain mode" not in trilogy
    middle_earth = texts.options_line(risk, risk.resolve_options({}))
    assert "Hunt" not in middle_earth and "Ring die spaces" in middle_earth


def test_a_spectators_log_window_counts_events_never_hidden_actions() -> None:
    """Hidden actions log nothing: a window of the last actions would shrink with each and
    show that they happened (say, a Risk player arming a reaction card). The window is the
    last events."""
    from types import SimpleNamespace

    events = [{"seq": seq, "kind": "moved", "args": {}} for seq in range(15)]
    live = SimpleNamespace(state={"seq": 15, "log": events}, ruleset=CONFRONTATION)  # read through it
    assert texts.recent_seq(live) == 5  # type: ignore[arg-type]
    live.state["seq"] = 25  # ten hidden actions later: the same window
    assert texts.recent_seq(live) == 5  # type: ignore[arg-type]
    assert texts.recent_seq(SimpleNamespace(state={"seq": 9, "log": events[:9]}, ruleset=CONFRONTATION)) == 0  # type: ignore[arg-type]


async def test_a_private_prompt_says_an_effect_shared_by_several_choices_once(service: MatchService) -> None:
    live = await started_pebbles(service)
    actions = live.prompt("north").actions
    same = "Bids stay secret until both are in."
    choices = [Choice(i, actions[i % len(actions)], f"Bid {i}", same) for i in range(5)]
    choices.append(Choice(5, actions[0], "Another bid", "Its own effect."))
    text = texts.private_text(live, "north", choices)
    assert text.count(same) == 1 and "Its own effect." in text
    # Said once, on the first of its choices: a line above the list would not say which
    # choices it describes (War of the Ring's die actions share several such effects).
    assert f"• **Bid 0** — {same}" in text and "• **Bid 1**\n" in text
    every = texts.private_text(live, "north", choices[:5])
    assert every.count(same) == 1 and every.index(same) < every.index("• **Bid 0**\n")  # the question's


def menu_descriptions(view: object) -> list[str | None]:
    selects = [getattr(item, "item", item) for item in getattr(view, "children", [])]
    return [o.description for select in selects for o in getattr(select, "options", [])]


async def test_a_menu_drops_a_description_every_option_shares(service: MatchService) -> None:
    live = await started_pebbles(service)
    actions = live.prompt("north").actions
    same = "Bids stay secret until both are in."
    alike = [Choice(i, actions[i % len(actions)], f"Bid {i}", same) for i in range(5)]
    assert menu_descriptions(menus.private_view(live.id, 1, alike, str, undo=False)) == [None] * 5
    assert same in texts.private_text(live, "north", alike)  # said once in the text instead
    # Descriptions that tell options apart stay on them.
    mixed = [*alike, Choice(5, actions[0], "Another bid", "Its own effect.")]
    assert same in menu_descriptions(menus.private_view(live.id, 1, mixed, str, undo=False))


def test_a_press_in_the_dm_is_not_sent_to_the_dm() -> None:
    assert "in your DMs" not in texts.acted_text("✅ Bid 3", pressed_in_dm=True)
    assert "in your DMs" in texts.acted_text("✅ Bid 3", pressed_in_dm=False)


def test_saruman_declaring_no_cards_is_told_in_the_public_post() -> None:
    """The audit read no word of Saruman's choice in the thread: it is a public step."""
    state = position({"gimli": "eregion", "frodo": "shire"}, {"saruman": "misty_mountains"})
    state = act(state, "sauron", "move saruman eregion", "ability saruman")
    lines = texts.public_lines(CONFRONTATION, state["log"])
    assert "Saruman declares that no cards will be played." in lines
    assert lines.index("Saruman declares that no cards will be played.") < len(lines) - 1  # then the result


async def test_the_replay_log_speaks_the_match_language(service: MatchService) -> None:
    """``/game replay``'s text file: its head, players and result in the match's language."""
    live = await service.create(
        guild_id=1, channel_id=2, user_id=NORTH_USER, game="pebbles", side="north", seed=7, language="da"
    )
    await service.join(live.id, SOUTH_USER)
    await service.resign(live.id, NORTH_USER)
    finished = await service.get(live.id)
    said = texts.full_log(finished, {"north": "alice"})
    for english in ("Players:", "Result:", "a player", "— match #"):
        assert english not in said, (english, said)
    assert "Spillere: alice (" in said and "kamp #" in said, said


def test_rules_answers_and_card_choices_speak_the_readers_language() -> None:
    """``/rules card:``'s choices (a Combat card and the cards that carry it) and a ``/rules``
    answer with more topics than it shows hold no English in Japanese."""
    from games.core import find

    wotr = find("war-of-the-ring")
    topics = wotr.rules_topics("ja")
    (mighty,) = [t for t in topics if t.slug == "combat_mighty_attack"]
    choice = texts.card_choice(wotr, mighty, "ja")
    assert " on " not in choice and ", " not in choice, choice
    (english,) = [t for t in wotr.rules_topics("en") if t.slug == "combat_mighty_attack"]
    said = texts.card_choice(wotr, english)
    assert said == "Mighty Attack — Free Peoples combat card, on Axe and Bow and Horn of Gondor", said
    many = texts.rules_lines(topics[:7], "ja")
    assert "more" not in many and "type" not in many, many[-200:]
    assert texts.rules_lines(topics[:7]).endswith("…and 2 more: type more of the name.")
