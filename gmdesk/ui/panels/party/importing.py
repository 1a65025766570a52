"""The party panel's ways to bring characters in and to freeze one: File › Import… (and files dropped
on the party list) through the import preview, and "Turn into a stat block". Each is one named undo
step on the window's history.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QCoreApplication, QObject, QEvent
from PySide6.QtWidgets import QWidget

from gmdesk import systems
from gmdesk.campaign.importing import plan_import
from gmdesk.engine.core import RulesError
from gmdesk.ui import i18n

translate = QCoreApplication.translate


def import_characters(panel, files: list[Path] = ()) -> int:
    """Show the import preview (with ``files`` already read); on confirmation add what it found, as one
    undo step, updating the twins already in the campaign if the GM says so. Returns how many."""
    from gmdesk.ui.dialogs.import_dialog import ImportDialog, ask_twins

    store = panel.store
    if store is None or store.read_only:
        return 0
    existing = store.characters.list()
    dialog = ImportDialog(store.info.system, existing, panel, files)
    panel.import_dialog = dialog  # tests drive it
    while True:
        if dialog.exec() != ImportDialog.DialogCode.Accepted or not dialog.found:
            return 0
        twins = dialog.twins()
        choice = ask_twins(panel, twins, i18n.current_language()) if twins else "update"
        if choice is not None:
            break
    return add_found(panel, dialog.found, choice == "update")


def add_found(panel, found: list, update_twins: bool = True) -> int:
    """Add (and update) what an import found: one undo step, the first one added selected."""
    store = panel.store
    plan = plan_import(found, store.characters.list(), store.info.system, update_twins)
    if not plan.count:
        return 0
    names = [c.name for c in plan.add] + [new.name for _, new in plan.update]
    text = translate("PartyPanel", "Import %1").replace("%1", names[0] if len(names) == 1
                                                         else translate("PartyPanel", "%1 characters")
                                                         .replace("%1", str(len(names))))
    with panel.steps.step(text, ("characters",), shown=panel.selected_id):
        added = store.characters.add_and_update(plan.add, [new for _, new in plan.update])
        first = added[0].id if added else plan.update[0][1].id
        panel.bus.characterChanged.emit(-1)
        panel.select_id(first)
    return plan.count


def freeze_selected(panel) -> int | None:
    """Turn the selected built character into a stat block of its current numbers (one undo step)."""
    from gmdesk.systems.kit.statblock import freeze

    character_id = panel.selected_id()
    store = panel.store
    if store is None or store.read_only or character_id is None:
        return None
    character = store.characters.get(character_id)
    system = systems.get(character.system)
    if character.is_stat_block or system.stat_block is None:
        return None
    try:
        block = freeze(system, character, store.info.house_rules, i18n.current_language())
    except RulesError as exc:
        panel.window().error(translate("PartyPanel", "Cannot make a stat block"), str(exc)) \
            if hasattr(panel.window(), "error") else None
        return None
    frozen = type(character)(character.id, character.name, character.kind, character.system, block, character.notes,
                             character.max_hp, character.origin)
    with panel.steps.step(translate("PartyPanel", "Turn %1 into a stat block").replace("%1", character.name),
                          ("characters",), shown=panel.selected_id):
        store.characters.update(frozen)
        panel.bus.characterChanged.emit(character_id)
    return character_id


def dropped_files(event) -> list[Path]:
    """The local files a drag carries (anything else is not for the party list)."""
    data = event.mimeData()
    if data is None or not data.hasUrls():
        return []
    return [Path(url.toLocalFile()) for url in data.urls() if url.isLocalFile() and url.toLocalFile()]


class DropFiles(QObject):
    """Files dropped on the party list open the import preview with them."""

    def __init__(self, panel, target: QWidget):
        super().__init__(panel)
        self.panel = panel
        target.setAcceptDrops(True)
        target.installEventFilter(self)

    def eventFilter(self, watched, event) -> bool:  # noqa: N802
        kind = event.type()
        if kind in (QEvent.Type.DragEnter, QEvent.Type.DragMove):
            usable = bool(dropped_files(event)) and self.panel.store is not None and not self.panel.store.read_only
            if usable:
                event.acceptProposedAction()
            else:
                event.ignore()
            return True
        if kind == QEvent.Type.Drop:
            files = dropped_files(event)
            if files and self.panel.store is not None and not self.panel.store.read_only:
                event.acceptProposedAction()
                import_characters(self.panel, files)
            return True
        return False
