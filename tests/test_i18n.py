"""The languages' machinery (issue 11): choosing the language, the catalogues complete and
checked, plural forms, compiled catalogues (durak_nb.i18n, durak_nb.catalogues)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

from durak_nb import catalogues, i18n
from durak_nb.i18n import _, get_language, language, ngettext, set_language


def test_set_language_and_back() -> None:
    assert get_language() == "en"
    assert set_language("uk") is None  # nothing to show when a lesson's cell ends with it
    assert get_language() == "uk"
    set_language("ru_RU.UTF-8")
    assert get_language() == "ru"
    set_language("en")
    assert get_language() == "en"


def test_an_unknown_language_is_refused_with_the_ones_we_speak() -> None:
    with pytest.raises(ValueError, match=r"language 'de': durak-nb speaks en, ru, uk"):
        set_language("de")
    assert get_language() == "en"


def test_language_block_restores_the_one_before() -> None:
    set_language("ru")
    with language("uk"):
        assert get_language() == "uk"
    assert get_language() == "ru"


def test_two_threads_each_speak_their_own_language_at_once() -> None:
    """A language block holds in its own thread only (a server speaks each connection's
    language at once); set_language stays global (a notebook's setting lasts)."""
    import threading

    set_language("ru")
    inside = threading.Barrier(2)
    said: dict[str, tuple[str, str, str]] = {}

    def speak(lang: str) -> None:
        with language(lang):
            inside.wait(timeout=10)  # both blocks are open at once
            said[lang] = (get_language(), _("Table"), ngettext("{n} card", "{n} cards", 5).format(n=5))
            inside.wait(timeout=10)

    threads = [threading.Thread(target=speak, args=(lang,)) for lang in ("uk", "en")]
    for t in threads:
        t.start()
    for t in threads:
        t.join(10)
    assert said == {"uk": ("uk", "Стіл", "5 карт"), "en": ("en", "Table", "5 cards")}
    assert get_language() == "ru"  # the global setting, untouched by either block
    seen: list[str] = []
    t = threading.Thread(target=lambda: seen.append(get_language()))
    t.start()
    t.join(10)
    assert seen == ["ru"]  # a thread without a block speaks the global language


@pytest.mark.parametrize(
    ("env", "want"),
    [
        ({"DURAK_NB_LANG": "uk"}, "uk"),
        ({"DURAK_NB_LANG": "ru_RU.UTF-8", "LANG": "uk_UA.UTF-8"}, "ru"),
        ({"LANG": "uk_UA.UTF-8"}, "uk"),
        ({"LANGUAGE": "de:ru", "LANG": "en_US.UTF-8"}, "ru"),
        ({"LC_ALL": "ru_RU.UTF-8", "LANG": "uk_UA.UTF-8"}, "ru"),
        ({"LC_ALL": "C", "LANG": "uk_UA.UTF-8"}, "en"),
        ({"LANG": "de_DE.UTF-8"}, "en"),
    ],
)
def test_the_default_comes_from_the_setting_then_the_locale(
    monkeypatch: pytest.MonkeyPatch, env: dict[str, str], want: str
) -> None:
    for var in ("DURAK_NB_LANG", "LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(var, raising=False)
    for var, value in env.items():
        monkeypatch.setenv(var, value)
    set_language(None)
    assert get_language() == want


def test_a_bad_environment_setting_names_itself_and_goes_on_in_english(monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 23: an unknown DURAK_NB_LANG is said (a LanguageWarning) and English is used;
    ``C``/``POSIX`` (any codeset) are English, not unknown."""
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setenv("LANG", "ru_RU.UTF-8")
    monkeypatch.setenv("DURAK_NB_LANG", "fr")
    want = "DURAK_NB_LANG='fr': durak-nb speaks en, ru, uk; going on in English"
    with pytest.warns(i18n.LanguageWarning, match=want):
        assert i18n.default_language() == "en"
    assert i18n.setting_problem() == want
    for value in ("C", "C.UTF-8", "POSIX", "en_GB.UTF-8"):
        monkeypatch.setenv("DURAK_NB_LANG", value)
        assert (i18n.default_language(), i18n.setting_problem()) == ("en", None)
    monkeypatch.setenv("DURAK_NB_LANG", "uk")
    assert (i18n.default_language(), i18n.setting_problem()) == ("uk", None)


#: "{n} card"/"{n} cards" for n = 0..25 and 101, as a teacher writes them.
RU_CARDS = (
    ["0 карт", "1 карта", "2 карты", "3 карты", "4 карты"]
    + [f"{n} карт" for n in range(5, 21)]
    + ["21 карта", "22 карты", "23 карты", "24 карты", "25 карт", "101 карта"]
)
UK_CARDS = (
    ["0 карт", "1 карта", "2 карти", "3 карти", "4 карти"]
    + [f"{n} карт" for n in range(5, 21)]
    + ["21 карта", "22 карти", "23 карти", "24 карти", "25 карт", "101 карта"]
)
EN_CARDS = ["0 cards", "1 card"] + [f"{n} cards" for n in [*range(2, 26), 101]]


@pytest.mark.parametrize(("lang", "want"), [("en", EN_CARDS), ("ru", RU_CARDS), ("uk", UK_CARDS)])
def test_plural_forms_for_0_to_25_and_101(lang: str, want: list[str]) -> None:
    with language(lang):
        got = [ngettext("{n} card", "{n} cards", n).format(n=n) for n in [*range(26), 101]]
    assert got == want


def test_the_same_english_word_in_two_uses() -> None:
    with language("ru"):
        assert i18n.pgettext("column", "move") == "ход"
        assert _("moves by kind, per variant") == "ходы по видам, по вариантам игры"
    with language("uk"):
        assert i18n.pgettext("column", "what it caused") == "що спричинив"


def test_every_part_is_translated_into_russian_and_ukrainian() -> None:
    """No string of the sources without a translation, none fuzzy, no placeholder or rule
    id lost, no source file outside a part: the completeness gate of every new string."""
    assert catalogues.check() == []


def test_a_new_english_string_without_translation_fails_the_check(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    package = tmp_path / "durak_nb"
    package.mkdir()
    (package / "cards.py").write_text('from .i18n import _\n\nWORD = _("A brand-new sentence for {name}")\n')
    monkeypatch.setattr(catalogues, "PACKAGE", package)
    monkeypatch.setattr(catalogues, "LOCALE_DIR", package / "locale")
    catalogues.update(["engine"])
    assert catalogues.check(["engine"]) == [
        "durak_nb/locale/ru/LC_MESSAGES/engine.po: untranslated: 'A brand-new sentence for {name}'",
        "durak_nb/locale/uk/LC_MESSAGES/engine.po: untranslated: 'A brand-new sentence for {name}'",
    ]
    po = catalogues.po_path("engine", "ru")
    with po.open("rb") as fp:
        catalog = read_po(fp)
    catalog.get("A brand-new sentence for {name}").string = "Совсем новое предложение для {имя}"
    catalogues._write(po, catalog)
    assert catalogues.check(["engine"])[0] == (
        "durak_nb/locale/ru/LC_MESSAGES/engine.po: placeholders ['имя'] != ['name'] "
        "in 'A brand-new sentence for {name}'"
    )


def test_a_translation_may_not_change_a_rule_id(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    package = tmp_path / "durak_nb"
    package.mkdir()
    (package / "cards.py").write_text('from .i18n import _\n\nWORD = _("[R13b] no more may follow")\n')
    monkeypatch.setattr(catalogues, "PACKAGE", package)
    monkeypatch.setattr(catalogues, "LOCALE_DIR", package / "locale")
    catalogues.update(["engine"])
    for lang, text in (("ru", "[R13] больше нельзя"), ("uk", "[R13b] більше не можна")):
        po = catalogues.po_path("engine", lang)
        with po.open("rb") as fp:
            catalog = read_po(fp)
        catalog.get("[R13b] no more may follow").string = text
        catalogues._write(po, catalog)
    assert catalogues.check(["engine"]) == [
        "durak_nb/locale/ru/LC_MESSAGES/engine.po: rule ids changed in '[R13b] no more may follow'"
    ]


def test_a_compiled_catalogue_is_used_only_while_it_is_as_new_as_its_source(tmp_path: Path) -> None:
    """The build compiles each .po into a .mo; a .po edited later is read itself."""
    po = tmp_path / "lessons.po"
    shutil.copy(catalogues.po_path("lessons", "ru"), po)
    with po.open("rb") as fp:
        catalog = read_po(fp)
    with po.with_suffix(".mo").open("wb") as fp:
        write_mo(fp, catalog, use_fuzzy=False)
    assert i18n._load_part(po).gettext("nobody draws") == "никто не добирает"
    catalog.get("nobody draws").string = "никто ничего не добирает"
    with po.open("wb") as fp:
        from babel.messages.pofile import write_po

        write_po(fp, catalog)
    mo = po.with_suffix(".mo")
    stamp = po.stat().st_mtime
    import os

    os.utime(mo, (stamp - 10, stamp - 10))
    assert i18n._load_part(po).gettext("nobody draws") == "никто ничего не добирает"


def test_compile_writes_every_catalogue(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    locale = tmp_path / "locale"
    shutil.copytree(i18n.LOCALE_DIR, locale, ignore=shutil.ignore_patterns("*.mo"))
    monkeypatch.setattr(catalogues, "LOCALE_DIR", locale)
    written = catalogues.compile_all()
    assert sorted(p.relative_to(locale).as_posix() for p in written) == sorted(
        p.relative_to(locale).with_suffix(".mo").as_posix() for p in locale.glob("*/LC_MESSAGES/*.po")
    )
    assert len(written) == 2 * len(catalogues.PARTS)


def test_english_has_no_catalogue_and_reads_the_source() -> None:
    assert _("nobody draws") == "nobody draws"
    with language("uk"):
        assert _("nobody draws") == "ніхто не добирає"
