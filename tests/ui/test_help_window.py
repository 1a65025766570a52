"""Help › Rules (F1) and Help › Command line: a window of the app, in the GM's language, opening on the
page of the campaign's game system; its pages are package data in English and in French; the
shortcuts page lists the window's real keys; no link leaves the app and no program is launched."""

from __future__ import annotations

import re

import pytest
from PySide6.QtCore import QUrl
from PySide6.QtGui import QDesktopServices, QKeySequence

from conftest import campaign_file
from gmdesk import resources, systems
from gmdesk.ui.help import HelpWindow
from gmdesk.ui.help import pages

LANGS = ("en", "fr")


@pytest.fixture
def no_desktop(monkeypatch):
    """Records any attempt to hand a URL to the desktop (a browser, an editor): help must make none."""
    opened = []
    monkeypatch.setattr(QDesktopServices, "openUrl", lambda url: opened.append(url) or True)
    return opened


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("page", [p for p in pages.page_ids() if p != pages.SHORTCUTS])
def test_every_page_exists_in_both_languages_with_a_title(page, lang):
    path = resources.path("help", lang, f"{page}.md")
    assert path.is_file(), path
    text = path.read_text(encoding="utf-8")
    assert pages.title(text) and len(text.split()) > 40
    assert "http" not in text and "](/" not in text  # no link outside the app


@pytest.mark.parametrize("page", [p for p in pages.page_ids() if p != pages.SHORTCUTS])
def test_the_french_pages_follow_french_typography(page):
    text = resources.path("help", "fr", f"{page}.md").read_text(encoding="utf-8")
    prose = re.sub(r"`[^`]*`", "", text)  # code stays as typed
    assert not re.findall(r"[^\u202f][:;!?](?=\s)", prose.replace("://", "")), "a narrow no-break space before : ; ! ?"
    assert "'" not in prose and "« " not in prose and " »" not in prose


@pytest.mark.parametrize("system", systems.ids())
def test_f1_opens_the_page_of_the_campaigns_system(make_window, tmp_path, no_desktop, system):
    window = make_window(campaign_file(tmp_path, system, demo=False))
    assert window.rules_doc_action.shortcut() == QKeySequence(QKeySequence.StandardKey.HelpContents)
    assert window.rules_doc_action in window.help_menu.actions()
    window.rules_doc_action.trigger()
    help_window = window.findChild(HelpWindow)
    assert help_window is not None and help_window.isVisible() and help_window.page == system
    assert help_window.contents.currentItem().text() == pages.title(pages.markdown(system, "en"))
    assert help_window.browser.toPlainText().strip()
    assert no_desktop == []


@pytest.mark.parametrize("lang", LANGS)
def test_the_window_in_each_language_shows_every_page(make_window, demo_file, no_desktop, lang):
    window = make_window(demo_file, lang=lang)
    window.cli_doc_action.trigger()
    help_window = window.findChild(HelpWindow)
    assert help_window.page == "cli" and "gmdesk odds" in help_window.browser.toPlainText()
    assert help_window.contents.count() == len(pages.page_ids())
    for row in range(help_window.contents.count()):
        help_window.contents.setCurrentRow(row)
        assert help_window.browser.toPlainText().strip(), help_window.contents.item(row).text()
    rulings = pages.title(resources.path("help", lang, "rulings.md").read_text(encoding="utf-8"))
    assert help_window.contents.item(len(systems.ids())).text() == rulings
    assert (help_window.windowTitle() == "Aide de gmdesk") == (lang == "fr")
    assert no_desktop == []


def test_the_shortcuts_page_lists_the_windows_real_keys(make_window, demo_file):
    window = make_window(demo_file)
    help_window = window.findChild(HelpWindow) or HelpWindow(window)
    help_window.show_page(pages.SHORTCUTS)
    text = help_window.browser.toPlainText()
    for keys in ("N", "Shift+N", "Ctrl+R", "F6", "Ctrl+Z", "Ctrl+Shift+P", "F1"):
        assert re.search(rf"(^|\s|, ){re.escape(keys)}(\s|,|$)", text, re.M), keys
    assert "Next turn" in text or "next" in text.casefold()
    # written from the actions: a key changed now is the key the page lists
    window.switch_layout_action.setShortcut(QKeySequence("F7"))
    help_window.show_page(pages.SHORTCUTS)
    assert "F7" in help_window.browser.toPlainText() and "F6" not in help_window.browser.toPlainText()


def test_links_stay_inside_the_app(make_window, demo_file, no_desktop):
    window = make_window(demo_file)
    window.rules_doc_action.trigger()
    help_window = window.findChild(HelpWindow)
    help_window.follow(QUrl("house-rules.md"))
    assert help_window.page == "house-rules"
    for outside in ("https://example.org/", "file:///etc/passwd", "mailto:gm@example.org"):
        help_window.follow(QUrl(outside))
        assert help_window.page == "house-rules" and help_window.note.isVisibleTo(help_window)
    assert no_desktop == []


def test_a_language_switch_retranslates_the_open_help(make_window, demo_file, qtbot):
    window = make_window(demo_file)
    window.rules_doc_action.trigger()
    help_window = window.findChild(HelpWindow)
    window.set_language("fr")
    qtbot.waitUntil(lambda: help_window.windowTitle() == "Aide de gmdesk", timeout=3000)  # Qt posts LanguageChange
    assert "Pathfinder 2 (règles de la version d’essai)" == help_window.contents.currentItem().text()


@pytest.mark.qt_log_ignore("This plugin does not support raise")  # offscreen: raising the open help window
def test_without_a_campaign_f1_opens_the_rulings(make_window, demo_file, no_desktop, monkeypatch):
    window = make_window(demo_file)
    monkeypatch.setattr(window, "store", None)  # no campaign shown (a first run opens the demo)
    window.rules_doc_action.trigger()
    help_window = window.findChild(HelpWindow)
    assert help_window.page == "rulings" and "R-5" in help_window.browser.toPlainText()
    window.rules_doc_action.trigger()  # again: the same window, not a second one
    assert len(window.findChildren(HelpWindow)) == 1 and no_desktop == []
