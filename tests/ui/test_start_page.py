"""Issue 12, item 18: with no campaign open the window shows a start page — recent campaigns (name,
system, when last opened; a missing one marked, with Locate…), New, Open, a demo per system — also
when the last campaign was moved or deleted (no bare error box)."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QFileDialog, QMessageBox

from gmdesk import systems
from gmdesk.ui.campaign_files import demo_path

from conftest import campaign_file  # noqa: E402 (tests/ui on sys.path)


@pytest.fixture
def warnings(monkeypatch):
    shown = []
    monkeypatch.setattr(QMessageBox, "warning", staticmethod(lambda parent, title, text, *a, **k: shown.append((title, text))))
    return shown


def names_of(window) -> list[str]:
    return [row["name"] for row in window.empty_state.rows()]


def test_the_last_campaign_moved_away_shows_the_start_page_with_locate(make_window, tmp_path, qtbot, warnings,
                                                                      monkeypatch):
    kept = campaign_file(tmp_path, "cof")
    moved = campaign_file(tmp_path, "anarchy")
    first = make_window(kept)
    kept_name = first.store.info.name
    first.open_campaign(moved)
    moved_name = first.store.info.name
    first.close()
    elsewhere = tmp_path / "usb" / "table.gmdesk"
    elsewhere.parent.mkdir()
    moved.rename(elsewhere)

    window = make_window()
    assert warnings == []  # no bare "no such campaign file" box
    assert window.store is None and window.empty_state.isVisible()
    assert not any(dock.isVisible() for dock in window.docks.values())  # no grid of disabled panels
    rows = window.empty_state.rows()
    assert [r["name"] for r in rows] == [moved_name, kept_name]
    assert rows[0]["missing"] and rows[0]["locate"].isVisible() and not rows[0]["button"].isEnabled()
    assert rows[1]["system"] == systems.get("cof").name.text("en") and not rows[1]["missing"]
    assert rows[1]["when"] and rows[1]["locate"] is None
    assert rows[0]["system"] == systems.get("anarchy").name.text("en")

    # Locate…: the GM points at where it went; it opens, and the list follows it.
    monkeypatch.setattr(QFileDialog, "getOpenFileName", staticmethod(lambda *a, **k: (str(elsewhere), "")))
    qtbot.mouseClick(rows[0]["locate"], Qt.MouseButton.LeftButton)
    assert window.store is not None and window.store.path == elsewhere
    assert not window.empty_state.isVisible()
    assert all(window.docks[n].isVisible() for n in ("party", "check", "log"))
    assert [c.path for c in window.settings.recent_campaigns()] == [elsewhere.resolve(), kept.resolve()]
    assert window.settings.last_campaign().resolve() == elsewhere.resolve()


def test_a_recent_campaign_and_a_demo_open_from_the_start_page(make_window, tmp_path, qtbot, welcome_answer,
                                                              isolated_dirs, warnings):
    welcome_answer.system = None  # the first run: "Not now"
    window = make_window()
    page = window.empty_state
    assert page.isVisible() and names_of(window) == [] and not page.recent_box.isVisible()
    assert set(page.demo_buttons) == set(systems.ids())
    qtbot.mouseClick(page.demo_buttons["dnd5e"], Qt.MouseButton.LeftButton)
    assert window.store is not None and window.store.info.system == "dnd5e"
    assert window.store.path == demo_path(isolated_dirs / "gmdesk", "dnd5e")
    assert window.panels["party"].model.rowCount() >= 4
    assert warnings == []


def test_the_start_page_speaks_french(make_window, welcome_answer, qtbot):
    welcome_answer.system = None
    window = make_window(lang="fr")
    page = window.empty_state
    assert page.new_button.text() != "New…" and page.recent_title.text() == "Campagnes récentes"
    assert page.demo_title.text() == "Essayer une campagne de démonstration"


def test_a_demo_opened_from_the_start_page_gets_the_layouts_columns(make_window, qtbot, welcome_answer, isolated_dirs):
    """Found by hand at 1366×768: gmdesk started on the start page, the GM clicked a demo, and the
    docks came back squeezed (the left column 260 px, the check panel scrolling sideways) — their
    shares had been measured while the start page hid them, and the check panel's choices fitted
    while hidden."""
    from gmdesk.ui.window_layout import _LEFT_WIDTH, TABLE, _clamp

    from window_fit import cut_texts

    welcome_answer.system = None  # the first run: "Not now", the start page
    window = make_window(lang="fr")
    qtbot.wait(50)
    qtbot.mouseClick(window.empty_state.demo_buttons["anarchy"], Qt.MouseButton.LeftButton)
    assert window.store is not None
    area = window.layouts.shares.area()
    left = _clamp(*_LEFT_WIDTH[TABLE], area.width())
    qtbot.waitUntil(lambda: abs(window.docks["party"].width() - left) <= 12, timeout=2000)
    assert window.docks["check"].width() >= area.width() - left - 24
    # and the check panel's choices fitted to this system's French options (nothing cut, no sideways scroll)
    qtbot.waitUntil(lambda: cut_texts(window.panels["check"]) == [], timeout=2000)
