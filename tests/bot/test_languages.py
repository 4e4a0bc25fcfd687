"""Who reads which language: a player's choice, his client's, the match's; English otherwise."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import pytest

from bot import texts
from bot.i18n import match_locale, private_locale, refusal
from bot.service import MatchService, ServiceError
from bot.settings import DEFAULTS, SettingsError, SettingsService
from tests.bot.conftest import NORTH_USER, started_pebbles


def client(locale: str) -> SimpleNamespace:
    return SimpleNamespace(locale=SimpleNamespace(value=locale))


def test_a_players_choice_wins_over_his_client_and_english_is_the_fallback() -> None:
    assert private_locale(None, client("ja")) == "ja"
    assert private_locale("da", client("ja")) == "da"
    assert private_locale(None, client("zh-TW")) == "en"  # Traditional Chinese is not spoken
    assert private_locale(None, client("en-GB")) == "en"
    assert match_locale(None) == "en" and match_locale("zh-CN") == "zh-CN"


async def test_the_language_setting_is_kept_and_auto_goes_back_to_the_client(service: MatchService) -> None:
    settings = SettingsService(service.store)
    assert (await settings.update(NORTH_USER, language="ja")).language == "ja"
    assert (await SettingsService(service.store).get(NORTH_USER)).language == "ja"  # stored
    assert (await settings.update(NORTH_USER, language="auto")).language is None
    with pytest.raises(SettingsError) as refused:
        await settings.update(NORTH_USER, language="tlh")
    assert refusal("da", refused.value) == "`tlh` er ikke et sprog, jeg taler: brug en, da, ja, zh-CN."


async def test_a_lobby_speaks_its_matchs_language_and_its_refusals_the_readers(service: MatchService) -> None:
    live = await service.create(
        guild_id=1, channel_id=2, user_id=NORTH_USER, game="pebbles", side="north", language="ja"
    )
    assert live.record.language == "ja"
    lobby = texts.lobby_text(live)
    assert f"対戦 #{live.id}" in lobby and "プレイヤー：" in lobby and "日本語" in lobby
    assert "あと 1 人のプレイヤーを待っています" in lobby
    assert "Waiting for 1 more player:" in texts.lobby_text(live, "en")  # one player, not "players"
    with pytest.raises(ServiceError) as refused:
        await service.join(live.id, NORTH_USER)
    assert str(refused.value) == f"You are already seated in match #{live.id}."
    assert refusal("zh-CN", refused.value) == f"你已经在对局 #{live.id} 中入座了。"


async def test_a_match_opened_before_languages_reads_as_english(service: MatchService) -> None:
    live = await started_pebbles(service)
    assert live.record.language is None
    assert "Players:" in texts.lobby_text(live)


async def test_a_players_client_language_is_kept_for_his_dms_and_changes_nothing_else(
    service: MatchService,
) -> None:
    settings = SettingsService(service.store)
    assert await settings.note_client(NORTH_USER, "ja")  # in memory at once (for this interaction's DMs)
    assert not await settings.note_client(NORTH_USER, "ja")  # the same again: nothing to store
    assert (await settings.get(NORTH_USER)).reader_language == "ja"
    await settings.save_client(NORTH_USER)  # stored once he has been answered
    again = SettingsService(service.store)  # a restart: read back from the database
    stored = await again.get(NORTH_USER)
    assert (
        stored.client_language == "ja" and stored.ping == DEFAULTS.ping and stored.confirm == DEFAULTS.confirm
    )
    chosen = await again.update(NORTH_USER, language="da")
    assert chosen.reader_language == "da"  # his choice wins over his client's
    assert await again.note_client(NORTH_USER, "fr")  # a language not spoken: English
    await again.save_client(NORTH_USER)
    stored = await SettingsService(service.store).get(NORTH_USER)
    assert stored.client_language is None and stored.reader_language == "da"  # his choice was kept


def _labels(view: Any) -> list[str]:
    shown = [getattr(child, "item", child) for child in view.children]  # (a DynamicItem wraps one)
    return [str(getattr(item, "label", None) or getattr(item, "placeholder", "")) for item in shown]


def test_buttons_and_menus_speak_the_language_they_are_built_in() -> None:
    from bot.menus import confirm_view, count_view, resign_view
    from bot.ui import lobby_view, prompt_view

    assert _labels(lobby_view(7, computer=True, locale="ja")) == ["参加", "コンピューターを追加"]
    assert _labels(prompt_view(7, 3, "da")) == ["Tag min tur", "Min hånd"]
    assert _labels(confirm_view(7, 1, 0, locale="zh-CN")) == ["确认", "取消"]
    assert _labels(resign_view(7, 1, "da")) == ["Opgiv", "Annuller"]
    counts = [(n, str(n)) for n in range(1, 31)]
    assert _labels(count_view(7, 1, 0, counts, 1, 30, "ja")) == [
        "いくつ？（1～25）",
        "いくつ？（26～30）",
        "数を入力（1～30）",
    ]
    assert _labels(lobby_view(7)) == ["Join"]  # English by default


def test_computer_players_durations_and_storage_trouble_in_each_language() -> None:
    from bot.computers.identity import computer_name, computer_user, pick_level
    from bot.pace import parse_pace
    from bot.storage.trouble import FULL, storage_reply

    assert computer_name(computer_user(1, "strong"), "ja") == "🤖 コンピューター（強い）"
    assert computer_name(computer_user(2, "random"), "zh-CN") == "🤖 电脑 2（随机）"
    with pytest.raises(ValueError) as refused:
        pick_level("confrontation", "The Confrontation", "grandmaster")
    assert refusal("da", refused.value).startswith(
        "`grandmaster` er ikke et computerniveau i The Confrontation"
    )
    normal = parse_pace("normal")
    assert normal is not None
    assert normal.words("da") == "2 dage hver, +12 timer pr. træk, højst 5 dage"
    assert normal.words("zh-CN") == "每人2天，每步+12小时，最多5天"
    assert normal.words() == "2 days each, +12 hours per move, at most 5 days"
    assert storage_reply(FULL).render("ja").startswith("ボットの保存領域がいっぱい")
    assert str(storage_reply(FULL)).startswith("The bot's storage is full")


async def test_the_match_stores_refusals_speak_the_readers_language(service: MatchService) -> None:
    live = await started_pebbles(service)
    with pytest.raises(ServiceError) as refused:
        await service.export(live.id, None)  # not over: its file would tell its secrets
    assert refusal("zh-CN", refused.value) == f"对局 #{live.id} 结束后才能导出：其文件会泄露对局中的秘密。"
    assert str(refused.value).startswith(f"Match #{live.id} can be exported once it is over")
    with pytest.raises(ServiceError) as refused:
        await service.get(999)
    assert refusal("ja", refused.value) == "対戦 #999 はありません。"
    with pytest.raises(ServiceError) as refused:
        await service.vote_pause(live.id, NORTH_USER, pause=False)
    assert refusal("da", refused.value) == f"Kamp #{live.id} er ikke sat på pause."
