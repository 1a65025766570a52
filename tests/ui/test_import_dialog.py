"""Issue 15 §1, §4: File › Import… driven as the GM drives it. The preview shows what was recognised
and what was not before anything is added; confirming adds everything as one undo step; Cancel, or a
file that cannot be read, changes nothing; importing the same character again asks, then updates it;
files dropped on the party list open the same preview; "Turn into a stat block" freezes a character's
numbers as one undo step."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from PySide6.QtCore import QMimeData, QPointF, Qt, QTimer, QUrl
from PySide6.QtGui import QDragEnterEvent, QDropEvent, QTextDocument
from PySide6.QtGui import Qt as GuiQt  # QtGui's Qt has mightBeRichText
from PySide6.QtWidgets import QApplication, QDialog, QDialogButtonBox, QMessageBox

from gmdesk.cli.characters import checks_of
from gmdesk.ui.bus import CampaignBus
from gmdesk.ui.campaign_files import create_campaign
from gmdesk.ui.dialogs.import_dialog import ImportDialog
from gmdesk.ui.panels.party.panel import PartyPanel

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "import"
NOT_A_BLOCK = "The moon is a wheel of cheese."


@pytest.fixture
def store(tmp_path):
    s = create_campaign(tmp_path / "party.gmdesk", "pf2", "", True, "en")
    yield s
    s.close()


@pytest.fixture
def panel(qtbot, store):
    bus = CampaignBus()
    p = PartyPanel(bus)
    qtbot.addWidget(p)
    p.set_campaign(store)
    bus.campaignOpened.emit()
    p.resize(600, 400)
    p.show()
    qtbot.waitExposed(p)
    return p


FAILED: list[BaseException] = []


@pytest.fixture(autouse=True)
def _no_failure_inside_a_dialog():
    """After a failure inside a dialog, every dialog the code opens next is closed (no hang)."""
    FAILED.clear()
    sweeper = QTimer(interval=20)
    sweeper.timeout.connect(lambda: [w.reject() for w in QApplication.topLevelWidgets()
                                     if FAILED and isinstance(w, QDialog) and w.isVisible()])
    sweeper.start()
    yield
    sweeper.stop()
    if FAILED:
        raise FAILED[0]


def on_modal(kind, act) -> None:
    """Run ``act(widget)`` once a modal ``kind`` is open (the code under test is inside its exec()).
    A failure closes it (the test would hang in exec() otherwise) and is raised by the fixture."""

    def poll():
        widget = next((w for w in QApplication.topLevelWidgets() if isinstance(w, kind) and w.isVisible()), None)
        if widget is None:
            QTimer.singleShot(10, poll)
            return
        try:
            act(widget)
        except BaseException as exc:  # noqa: BLE001 - handed to the test
            FAILED.append(exc)
            widget.reject()

    QTimer.singleShot(0, poll)


def paste(qtbot, dialog: ImportDialog, text: str) -> None:
    """Ctrl+V of ``text`` into the paste box, then the preview after the typing pause."""
    QApplication.clipboard().setText(text)
    dialog.paste.setFocus()
    qtbot.keyClick(dialog.paste, Qt.Key.Key_V, Qt.KeyboardModifier.ControlModifier)
    assert dialog.paste.toPlainText() == text.replace("\u00a0", " ")  # QPlainTextEdit gives NBSP as spaces


def preview(dialog: ImportDialog) -> dict[str, dict[str, list[str]]]:
    """{top line: {child label: [values]}} as the preview shows them."""
    out = {}
    for i in range(dialog.preview.topLevelItemCount()):
        top = dialog.preview.topLevelItem(i)
        rows: dict[str, list[str]] = {}
        for j in range(top.childCount()):
            child = top.child(j)
            rows.setdefault(child.text(0), []).append(child.text(1))
        out[f"{top.text(0)} | {top.text(1)}"] = rows
    return out


def ok_button(dialog):
    return dialog.buttons.button(QDialogButtonBox.StandardButton.Ok)


def names(store) -> list[str]:
    return [c.name for c in store.characters.list()]


def test_a_paste_is_previewed_then_added_as_one_undo_step(qtbot, panel, store):
    before, steps = names(store), panel.undo_stack.count()
    text = (FIXTURES / "pf2_en.txt").read_text(encoding="utf-8") + "\n" + NOT_A_BLOCK + "\n"
    seen = {}

    def act(dialog):
        assert not ok_button(dialog).isEnabled()  # nothing to add yet
        paste(qtbot, dialog, text)
        qtbot.waitUntil(lambda: dialog.preview.topLevelItemCount() == 1, timeout=3000)
        seen.update(preview(dialog))
        seen["ok"] = ok_button(dialog).text()
        assert names(store) == before  # the preview adds nothing
        qtbot.mouseClick(ok_button(dialog), Qt.MouseButton.LeftButton)

    on_modal(ImportDialog, act)
    assert panel.import_action.isEnabled()
    panel.import_action.trigger()
    (top, rows), = [(k, v) for k, v in seen.items() if k != "ok"]
    assert top == "Gutter Goblin Scout | pasted stat block · new"
    assert rows["Perception"] == ["+5"] and rows["AC"] == ["16"]
    assert any(NOT_A_BLOCK in line for line in rows["Not used"])
    assert seen["ok"] == "Add (1)"
    assert names(store) == before + ["Gutter Goblin Scout"]
    assert panel.undo_stack.count() == steps + 1
    assert panel.undo_stack.undoText() == "Import Gutter Goblin Scout"
    goblin = store.characters.list()[-1]
    assert panel.selected_id() == goblin.id and goblin.is_stat_block
    panel.undo_stack.undo()
    assert names(store) == before
    panel.undo_stack.redo()
    assert names(store) == before + ["Gutter Goblin Scout"]


def test_cancel_changes_nothing(qtbot, panel, store):
    before, steps = [(c.id, c.name, c.sheet.to_dict()) for c in store.characters.list()], panel.undo_stack.count()

    def act(dialog):
        dialog.add_files([FIXTURES / "pathbuilder_mirela_vosk.json", FIXTURES / "pathbuilder_tobble_quickfoot.json"])
        assert ok_button(dialog).text() == "Add (2)"
        qtbot.mouseClick(dialog.buttons.button(QDialogButtonBox.StandardButton.Cancel), Qt.MouseButton.LeftButton)

    on_modal(ImportDialog, act)
    assert panel.import_files() == 0
    assert [(c.id, c.name, c.sheet.to_dict()) for c in store.characters.list()] == before
    assert panel.undo_stack.count() == steps


def test_dropped_files_open_the_preview_and_a_bad_one_is_named_and_adds_nothing(qtbot, panel, store, tmp_path):
    bad = tmp_path / "cut.json"
    bad.write_text((FIXTURES / "pathbuilder_tobble_quickfoot.json").read_text(encoding="utf-8")[:-30], encoding="utf-8")
    other = FIXTURES / "foundry_dnd5e_npc.json"
    before, steps = names(store), panel.undo_stack.count()
    seen = {}

    def act(dialog):
        seen["errors"] = dialog.errors_label.text()
        seen["visible"] = dialog.errors_label.isVisible()
        seen["ok"] = ok_button(dialog).isEnabled()
        seen["preview"] = dialog.preview.topLevelItemCount()
        dialog.accept()  # even forced, nothing was found: nothing is added

    on_modal(ImportDialog, act)
    data = QMimeData()
    data.setUrls([QUrl.fromLocalFile(str(bad)), QUrl.fromLocalFile(str(other))])
    viewport = panel.table.viewport()
    enter = QDragEnterEvent(viewport.rect().center(), Qt.DropAction.CopyAction, data, Qt.MouseButton.LeftButton,
                            Qt.KeyboardModifier.NoModifier)
    QApplication.sendEvent(viewport, enter)
    assert enter.isAccepted()  # the party list takes files
    text = QMimeData()
    text.setText("Gutter Goblin Scout")
    refused = QDragEnterEvent(viewport.rect().center(), Qt.DropAction.CopyAction, text, Qt.MouseButton.LeftButton,
                              Qt.KeyboardModifier.NoModifier)
    QApplication.sendEvent(viewport, refused)
    assert not refused.isAccepted()  # but not text
    QApplication.sendEvent(viewport, enter)
    drop = QDropEvent(QPointF(viewport.rect().center()), Qt.DropAction.CopyAction, data,
                      Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier)
    QApplication.sendEvent(viewport, drop)
    assert seen["visible"] and not seen["ok"] and seen["preview"] == 0
    assert "cut.json: not a JSON" in seen["errors"]
    assert "foundry_dnd5e_npc.json: a Foundry VTT dnd5e actor file holds dnd5e characters; this campaign is pf2" \
        in seen["errors"]
    assert names(store) == before and panel.undo_stack.count() == steps


def test_importing_again_asks_then_updates_in_place(qtbot, panel, store, tmp_path):
    hostile = "<b>Mirela</b> & co"
    doc = json.loads((FIXTURES / "pathbuilder_mirela_vosk.json").read_text(encoding="utf-8"))
    doc["build"]["name"] = hostile
    first = tmp_path / "mirela.json"
    first.write_text(json.dumps(doc), encoding="utf-8")

    def add(dialog):
        qtbot.mouseClick(ok_button(dialog), Qt.MouseButton.LeftButton)

    on_modal(ImportDialog, add)
    assert panel.import_files([first]) == 1
    (mirela,) = [c for c in store.characters.list() if c.name == hostile]
    count, steps = store.characters.count(), panel.undo_stack.count()

    doc["build"]["level"] = 6
    first.write_text(json.dumps(doc), encoding="utf-8")
    seen = {}

    def confirm(dialog):
        seen["preview"] = preview(dialog)
        on_modal(QMessageBox, answer)
        qtbot.mouseClick(ok_button(dialog), Qt.MouseButton.LeftButton)

    def answer(box):
        doc_ = QTextDocument()
        doc_.setHtml(box.text()) if GuiQt.mightBeRichText(box.text()) else doc_.setPlainText(box.text())
        seen["question"] = doc_.toPlainText()
        update = next(b for b in box.buttons() if b.text() == "Update")
        qtbot.mouseClick(update, Qt.MouseButton.LeftButton)

    on_modal(ImportDialog, confirm)
    assert panel.import_files([first]) == 1
    (top,) = seen["preview"]
    assert top.startswith(hostile + " | Pathbuilder 2e · updates the one already in the campaign")
    assert hostile in seen["question"]  # markup shown as typed, not as bold
    assert store.characters.count() == count
    assert store.characters.get(mirela.id).sheet.level == 6
    assert panel.undo_stack.count() == steps + 1
    panel.undo_stack.undo()
    assert store.characters.get(mirela.id).sheet.level == 5


def test_turn_into_a_stat_block_keeps_the_numbers_as_one_undo_step(qtbot, panel, store):
    built = next(c for c in store.characters.list() if not c.is_stat_block)
    panel.select_id(built.id)
    house_rules = store.info.house_rules
    wanted = {r["id"]: r["modifier"] for r in checks_of(built, house_rules)}
    steps = panel.undo_stack.count()
    assert panel.freeze_action.isEnabled()
    panel.freeze_action.trigger()
    frozen = store.characters.get(built.id)
    assert frozen.is_stat_block and not panel.freeze_action.isEnabled()
    got = {r["id"]: r["modifier"] for r in checks_of(frozen, house_rules)}
    assert {k: got.get(k) for k in wanted} == wanted
    assert panel.undo_stack.count() == steps + 1
    panel.undo_stack.undo()
    assert not store.characters.get(built.id).is_stat_block


def test_the_party_filter_follows_characters_added_while_it_is_set(qtbot, panel, store):
    from gmdesk.store.import_files import read_import
    from gmdesk.ui.panels.party.importing import add_found

    qtbot.keyClicks(panel.filter_edit, "gutter")
    assert panel.proxy.rowCount() == 0
    add_found(panel, read_import(FIXTURES / "pf2_en.txt", "pf2"))  # added after the keystrokes
    assert [panel.proxy.index(r, 0).data() for r in range(panel.proxy.rowCount())] == ["Gutter Goblin Scout"]
    panel.undo_stack.undo()
    assert panel.proxy.rowCount() == 0
    panel.filter_edit.clear()
    assert panel.proxy.rowCount() == store.characters.count()


def test_the_same_character_twice_is_added_once_and_a_value_filled_in_is_shown(qtbot, panel, store, tmp_path):
    """Issue 22 §4, §5: two copies of one Foundry NPC, its HP left out: the preview says the first is
    left out and the HP filled in; one character is added."""
    doc = json.loads((FIXTURES / "foundry_pf2e_npc.json").read_text(encoding="utf-8"))
    del doc["system"]["attributes"]["hp"]["max"]
    first, second = tmp_path / "poacher.json", tmp_path / "poacher-copy.json"
    for path in (first, second):
        path.write_text(json.dumps(doc), encoding="utf-8")
    before = names(store)
    seen = {}

    def act(dialog):
        seen.update(preview(dialog))
        seen["ok"] = ok_button(dialog).text()
        dialog.accept()

    on_modal(ImportDialog, act)
    assert panel.import_files([first, second]) == 1
    (left, _), (kept, rows) = [(k, v) for k, v in seen.items() if k != "ok"]
    assert left.startswith("Reedfen Poacher | Foundry VTT pf2e NPC · left out: the same character again below")
    assert kept.endswith("· new · values filled in: 1")
    assert rows["Filled in"] == ["HP missing, 0 used"]
    assert seen["ok"] == "Add (1)"
    assert names(store) == before + ["Reedfen Poacher"]
