"""The roll-log panel: filters picked by hand, new rolls at the top, the export dialog."""

from __future__ import annotations

import csv
import json

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QApplication

from gmdesk.campaign.log import LogEntry
from gmdesk.store import LogFilter
from gmdesk.ui.bus import CampaignBus
from gmdesk.ui.campaign_files import create_campaign
from gmdesk.ui.panels.log.model import RollLogModel
from gmdesk.ui.panels.log.panel import RollLogPanel, SecretOnlyFilter


@pytest.fixture
def log_panel(qtbot, tmp_path):
    store = create_campaign(tmp_path / "pf2.gmdesk", "pf2", "", True, "en")
    # a few more rolls: one secret, one by an actor whose name would break an HTML page
    store.log.append_many([
        LogEntry(system="pf2", tier="success", actor="Brunhild", label="Athletics", session="Session 3", total=20,
                 dc=15, dice=[{"sides": 20, "face": 13, "state": "kept"}], time_utc="2025-02-01T20:00:00.000Z"),
        LogEntry(system="pf2", tier="failure", actor="Brunhild", label="Sense the trap", session="Session 3",
                 total=9, dc=20, secret=True, dice=[{"sides": 20, "face": 4, "state": "kept"}],
                 time_utc="2025-02-01T20:05:00.000Z"),
        LogEntry(system="pf2", tier="critical_success", actor="<script>alert(1)</script>", label="Stealth",
                 session="Session 3", total=31, dc=18, dice=[{"sides": 20, "face": 20, "state": "kept"}],
                 time_utc="2025-02-01T20:10:00.000Z"),
    ])
    bus = CampaignBus()
    panel = RollLogPanel(bus)
    qtbot.addWidget(panel)
    panel.set_campaign(store)
    panel.resize(1000, 400)
    panel.show()
    qtbot.waitExposed(panel)
    yield panel, store, bus
    store.close()


def pick(qtbot, combo, text: str) -> None:
    """Type the start of an entry, as a GM picking with the keyboard (after the combo's search
    forgot the previous keys)."""
    qtbot.wait(QApplication.keyboardInputInterval() + 20)
    combo.setFocus()
    head = text.split(" ")[0]  # a space would open the list: type the first word, then arrow down
    qtbot.keyClicks(combo, head)
    for _ in range(combo.count()):
        if combo.currentText().startswith(text):
            break
        qtbot.keyClick(combo, Qt.Key.Key_Down)
    assert combo.currentText().startswith(text), combo.currentText()


def column(model, col) -> list:
    return [model.index(r, col).data() for r in range(model.rowCount())]


def test_the_table_lists_the_whole_log_newest_first(qtmodeltester, log_panel):
    panel, store, _ = log_panel
    model = panel.model
    qtmodeltester.check(model)
    assert model.rowCount() == store.log.count()
    ids = [model.index(r, 0).data(RollLogModel.IdRole) for r in range(model.rowCount())]
    assert ids == sorted(ids, reverse=True)
    assert panel.count_label.text() == f"{store.log.count()} rolls"


def test_filter_by_actor_tier_session_and_secrecy(qtbot, log_panel):
    panel, store, _ = log_panel
    model = panel.model
    pick(qtbot, panel.actor_combo, "Brun")
    assert model.rowCount() == store.log.count(LogFilter(actor="Brunhild"))
    assert set(column(model, RollLogModel.ACTOR)) == {"Brunhild"}
    pick(qtbot, panel.secret_combo, "secret")
    assert model.rowCount() == store.log.count(SecretOnlyFilter(actor="Brunhild")) >= 1
    assert set(column(model, RollLogModel.SECRET)) == {"secret"}
    pick(qtbot, panel.secret_combo, "public")
    assert "secret" not in column(model, RollLogModel.SECRET)
    pick(qtbot, panel.actor_combo, "every")
    pick(qtbot, panel.tier_combo, "critical s")
    assert {model.index(r, 0).data(RollLogModel.TierRole) for r in range(model.rowCount())} == {"critical_success"}
    pick(qtbot, panel.tier_combo, "every")
    pick(qtbot, panel.session_combo, "Session 3")
    assert model.rowCount() == store.log.count(LogFilter(session="Session 3", include_secret=False)) == 2
    assert panel.count_label.text() == "2 rolls"


def test_a_new_roll_appears_at_once_and_its_actor_joins_the_filter(qtbot, log_panel):
    panel, store, bus = log_panel
    before = panel.model.rowCount()
    new_id = store.log.append(LogEntry(system="pf2", tier="hit", actor="Nouvelle venue", label="Strike"))
    bus.rollLogged.emit(new_id)
    assert panel.model.rowCount() == before + 1
    assert panel.model.index(0, RollLogModel.ACTOR).data() == "Nouvelle venue"
    assert panel.actor_combo.findData("Nouvelle venue") >= 0


def open_export(panel):
    panel.export_action.trigger()
    from gmdesk.ui.panels.log.export_dialog import ExportDialog

    dialogs = panel.findChildren(ExportDialog)
    assert dialogs, "the export action opens the dialog"
    return dialogs[-1]


def click_export(qtbot, dialog) -> None:
    """Export, and wait for the work (off the window's thread) to end."""
    qtbot.mouseClick(dialog.export_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: not dialog.running_work.running(), timeout=10000)


def type_path(qtbot, dialog, path) -> None:
    dialog.path_edit.selectAll()
    qtbot.keyClicks(dialog.path_edit, str(path))


def test_export_leaves_secrets_out_by_default(qtbot, log_panel, tmp_path):
    panel, store, _ = log_panel
    dialog = open_export(panel)
    assert not dialog.secret_check.isChecked()
    assert dialog.fmt == "csv"
    out = tmp_path / "log.csv"
    type_path(qtbot, dialog, out)
    public = store.log.count(LogFilter(include_secret=False))
    assert dialog.count_label.text() == f"{public} rolls will be exported."
    with qtbot.waitSignal(dialog.exported) as done:
        qtbot.mouseClick(dialog.export_button, Qt.MouseButton.LeftButton)
    assert done.args == [public, str(out)]
    rows = list(csv.DictReader(out.open(encoding="utf-8", newline="")))
    assert len(rows) == public
    assert {r["Secret"] for r in rows} == {""}
    assert "Sense the trap" not in out.read_text(encoding="utf-8")
    assert "Exported" in panel.status_label.text() and str(out) in panel.status_label.text()


def test_export_with_secrets_filters_and_format(qtbot, log_panel, tmp_path):
    panel, store, _ = log_panel
    pick(qtbot, panel.actor_combo, "Brun")
    dialog = open_export(panel)
    assert dialog.actor_combo.currentData() == "Brunhild"  # the panel's filter carries over
    pick(qtbot, dialog.format_combo, "JSON")
    box = dialog.secret_check
    qtbot.mouseClick(box, Qt.MouseButton.LeftButton, pos=QPoint(8, box.height() // 2))
    out = tmp_path / "brunhild.jsonl"
    type_path(qtbot, dialog, out)
    click_export(qtbot, dialog)
    lines = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    assert len(lines) == store.log.count(LogFilter(actor="Brunhild"))
    assert {d["actor"] for d in lines} == {"Brunhild"}
    assert any(d["secret"] for d in lines) and any(d["label"] == "Sense the trap" for d in lines)


def test_export_html_escapes_and_date_filter(qtbot, log_panel, tmp_path):
    panel, store, _ = log_panel
    dialog = open_export(panel)
    pick(qtbot, dialog.format_combo, "HTML")
    assert dialog.path_edit.text().endswith(".html")
    dialog.since_check.setChecked(True)
    dialog.since_edit.setDate(dialog.since_edit.date().fromString("2025-02-01", "yyyy-MM-dd"))
    out = tmp_path / "log.html"
    type_path(qtbot, dialog, out)
    expected = store.log.count(LogFilter(since="2025-02-01", include_secret=False))
    assert dialog.count_label.text() == f"{expected} rolls will be exported."
    click_export(qtbot, dialog)
    page = out.read_text(encoding="utf-8")
    assert "<script>alert" not in page and "&lt;script&gt;" in page
    assert page.count("<tr") == expected + 1


def test_export_error_is_shown_and_nothing_written(qtbot, log_panel, tmp_path):
    panel, _, _ = log_panel
    dialog = open_export(panel)
    bad = tmp_path / "no such folder" / "log.csv"
    type_path(qtbot, dialog, bad)
    click_export(qtbot, dialog)
    assert dialog.isVisible() and dialog.error_label.text().startswith("Nothing was written")
    assert not bad.exists()
    dialog.path_edit.clear()
    assert not dialog.export_button.isEnabled()
    dialog.reject()
