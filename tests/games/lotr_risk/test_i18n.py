"""Risk in Danish, Japanese and Chinese: the ``lotr_risk`` catalog is complete and faithful, and
seeded games (each edition) put their whole log, every prompt and label, every refusal and every
``/rules`` topic into each language, with every placeholder filled, no English left over in the
Japanese and Chinese texts, and no hidden card named to anyone else in any language."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from babel.messages.catalog import Catalog

from bot.i18n.catalogs import game_templates, missing, read, template_path
from games.core import Action, Match, dump, load, project
from games.core.i18n import TRANSLATED, catalog_path, gettext_name, placeholders, t
from games.lotr_risk.i18n import DOMAIN, speaking
from games.lotr_risk.ruleset import LotrRisk
from games.lotr_risk.secrets import hidden_names

from .helpers import R, random_game

LANGS = ("en", *TRANSLATED)
#: The ruleset as its own class (its methods take ``lang``; the core's signatures gain it in
#: parallel work).
RISK = LotrRisk()
#: Latin words of three letters or more are English left over in a Japanese or Chinese text,
#: except the game's own name (指輪物語RISK, 指环王：Risk) and typed commands in backticks
#: (removed before the check).
LATIN_WORD = re.compile(r"[A-Za-z]{3,}")
KEPT_LATIN = {"RISK", "Risk"}


def _catalog(locale: str) -> Catalog:
    return read(catalog_path(locale, DOMAIN), gettext_name(locale), DOMAIN)


def test_the_template_is_up_to_date_with_the_code_and_the_data() -> None:
    committed = read(template_path(DOMAIN), domain=DOMAIN)
    extracted = game_templates()[DOMAIN]
    assert {(m.id, m.context) for m in extracted if m.id} == {(m.id, m.context) for m in committed if m.id}


@pytest.mark.parametrize("locale", TRANSLATED)
def test_every_message_has_every_language(locale: str) -> None:
    assert missing(locale, DOMAIN) == []


@pytest.mark.parametrize("locale", TRANSLATED)
def test_translations_keep_their_placeholders_and_plural_forms(locale: str) -> None:
    catalog = _catalog(locale)
    assert catalog.num_plurals == {"da": 2, "ja": 1, "zh-CN": 1}[locale]
    wrong: list[tuple[str, str]] = []
    for message in catalog:
        if not message.id:
            continue
        english = message.id if isinstance(message.id, tuple) else (message.id,)
        wanted = set().union(*(placeholders(str(text)) for text in english))
        forms = message.string if isinstance(message.string, tuple) else (message.string,)
        if isinstance(message.id, tuple) and len(forms) != catalog.num_plurals:
            wrong.append((str(message.id), "plural forms"))
        for form in forms:
            if placeholders(str(form)) != wanted:
                wrong.append((str(message.id), str(form)))
    assert wrong == []


def _latin_left(text: str) -> list[str]:
    """Latin words left in a Japanese or Chinese text, outside backticks (typed commands)."""
    return [w for w in LATIN_WORD.findall(re.sub(r"`[^`]*`", "", text)) if w not in KEPT_LATIN]


def _check_words(lang: str, text: str) -> None:
    assert text, lang
    assert "{" not in text and "}" not in text, text  # every placeholder filled
    if lang in ("ja", "zh-CN"):
        assert not _latin_left(text), text


def _sampled_games() -> Iterator[tuple[str, Match]]:
    for edition in ("middle-earth", "trilogy"):
        for seed, players in ((3, 2), (5, 3), (7, 4)):
            options = {"edition": edition, "mode": "lotr", "setup": "printed" if seed == 5 else "quick"}
            if edition == "trilogy":
                options["hunt"] = "on"
            match, _ = random_game(seed, options, players)
            yield edition, match


@pytest.mark.parametrize("lang", TRANSLATED)
def test_the_whole_log_of_seeded_games_is_in_each_language(lang: str) -> None:
    kinds = set()
    for _, match in _sampled_games():
        state = match.state
        for audience in (None, *state["roles"]):
            english = R.log_lines(state, audience)
            lines = R.log_lines(state, audience, lang=lang)
            assert len(lines) == len(english)
            for line, source in zip(lines, english, strict=True):
                _check_words(lang, line)
                assert line != source or not re.search(r"[A-Za-z]{4,}", source), line
        kinds |= {e["kind"] for e in state["log"]}
        result = R.result_text(state["result"], lang)
        _check_words(lang, result)
        for line in RISK.standing(state, lang):  # /game status
            _check_words(lang, line)
    assert len(kinds) > 30  # the games told most kinds of events


def _states(edition: str, players: int, seed: int, every: int = 7) -> Iterator[Match]:
    """States along a seeded game (every ``every``-th action), as the game goes."""
    count = {"n": 0}
    found: list[Match] = []

    def keep(match: Match, role: str, action: Action) -> None:
        count["n"] += 1
        if count["n"] % every == 0 and len(found) < 400:
            found.append(Match(R, load(dump(match.state))))

    options = {"edition": edition, "mode": "lotr"}
    random_game(seed, options, players, each=keep, check=False)
    yield from found


@pytest.mark.parametrize("edition", ["middle-earth", "trilogy"])
def test_every_prompt_label_and_refusal_is_in_each_language_and_names_no_secret(edition: str) -> None:
    for match in _states(edition, 3, seed=11):
        state = match.state
        roles = list(state["roles"])
        for lang in TRANSLATED:
            with speaking(lang):
                hidden = {r: hidden_names(state, r) for r in roles}
            for role in roles:
                others = set().union(*(hidden[r] for r in roles if r != role))
                prompt = RISK.prompt(state, role, lang=lang)
                words = [prompt.text, prompt.title or ""]
                for action in prompt.actions:
                    words.append(RISK.describe(state, role, action, lang=lang))
                    words.append(RISK.explain(state, role, action, lang=lang))
                    if action.args:
                        words.append(RISK.describe_group(state, role, action.verb, action.args[0], lang=lang))
                        words.append(
                            RISK.describe_arg(state, role, action.verb, 0, action.args[0], lang=lang)
                        )
                if role in R.active(state):
                    for wrong in (
                        "attack moria rohan",
                        "place nowhere 3",
                        "roll 3",
                        "trade",
                        "power",
                        "advance 99",
                    ):
                        refusal = RISK.refusal(state, role, Action.from_text(wrong), lang=lang)
                        words.append(refusal or "")
                for text in filter(None, words):
                    _check_words(lang, text)
                    assert not [n for n in others if n in text], (text, others)
            for viewer in (None, *roles):
                names = set().union(*(hidden[r] for r in roles if r != viewer))
                for event in state["log"][-12:]:
                    kind, args = project(event, viewer)
                    text = R.narrate(kind, args, viewer, lang)
                    assert not [n for n in names if n in text], (text, names)


@pytest.mark.parametrize("lang", LANGS)
def test_every_rules_topic_is_in_each_language(lang: str) -> None:
    overview = RISK.rules_overview(lang=lang)
    _check_words(lang, overview.replace("/rules topic:", ""))
    topics = RISK.rules_topics(lang=lang)
    assert len(topics) == len(RISK.rules_topics())
    for topic in topics:
        _check_words(lang, topic.title)
        _check_words(lang, topic.text)
        assert RISK.rules_lookup(topic.slug, lang=lang), topic.slug
        assert RISK.rules_lookup(topic.title, lang=lang), topic.title
    not_found = RISK.rules_not_found("Fangron", lang=lang)
    assert "Fangron" in not_found


def test_japanese_uses_the_seeds_official_names() -> None:
    assert RISK.describe_arg(R.setup(1, {}, 2), "green", "claim", 0, "the_shire", lang="ja") == "ホビット庄"
    with speaking("ja"):
        from games.lotr_risk.board import card_name

        assert card_name("card:moria") == "モリアの領地カード"
    assert RISK.role_title("green", "ja") == "緑"


@pytest.mark.parametrize("locale", TRANSLATED)
def test_the_typed_commands_and_options_keep_discords_limits_in_each_language(locale: str) -> None:
    texts = [c.description for c in R.commands] + [p.description for c in R.commands for p in c.params]
    for spec in R.options:
        texts += [spec.help, *spec.labels.values()] + ([spec.heading] if spec.heading else [])
    for text in texts:
        said = t(locale, DOMAIN, text)
        assert said, text
        assert len(said) <= 100, said


@pytest.mark.parametrize("lang", ["ja", "zh-CN"])
def test_the_pictures_panels_speak_the_language_and_draw_it(lang: str) -> None:
    from renderers.lotr_risk import describe, render_image
    from renderers.lotr_risk import view as picture
    from renderers.lotr_risk.words import speaking as drawing

    for match in list(_states("trilogy", 3, seed=4, every=97))[:6]:
        state = match.state
        role = sorted(R.active(state))[0]
        view = RISK.view(state, role, lang)
        english = render_image(RISK.view(state, role), layout="compact")
        image = render_image(view, layout="compact", lang=lang)
        assert image.size[0] == english.size[0]
        map_area = (0, 150, image.size[0], 600)  # the map's own names are drawn in the language too
        assert image.crop(map_area).tobytes() != english.crop(map_area).tobytes()
        assert (
            image.crop((0, 0, image.size[0], 40)).tobytes()
            != english.crop((0, 0, image.size[0], 40)).tobytes()
        )
        with drawing(lang):
            words = [picture.headline(view), *(picture.phase_title(p) for p in picture.PHASE_TITLES)]
            words += [picture.title(view, r) for r in state["roles"]]
        for text in words:
            assert not _latin_left(text), text
        _check_words(lang, describe(view, lang=lang))  # the picture's alt text
        _check_words(lang, view["prompt"])
        for line in view["log"]:
            _check_words(lang, line)
