"""The GM's one campaign edit about the player window: how it shows the health of those who are not
player characters (``CampaignInfo.npc_health``), saved in the campaign as one undo step."""

from __future__ import annotations

from dataclasses import replace

from PySide6.QtCore import QCoreApplication, QT_TRANSLATE_NOOP
from PySide6.QtGui import QUndoCommand

from gmdesk.store.errors import InvalidInput, StoreError

translate = QCoreApplication.translate

HEALTH_STEPS = {  # the undo step's name
    "words": QT_TRANSLATE_NOOP("PlayerScreen", "Player window: NPC health in words"),
    "numbers": QT_TRANSLATE_NOOP("PlayerScreen", "Player window: NPC health as numbers"),
    "hidden": QT_TRANSLATE_NOOP("PlayerScreen", "Player window: NPC health not shown"),
}


class NpcHealthEdit(QUndoCommand):
    """The campaign's "NPC health" on the player window: one undo step."""

    def __init__(self, screen, old: str, new: str):  # screen: the controller.PlayerScreen
        super().__init__(translate("PlayerScreen", HEALTH_STEPS[new]))
        self.screen, self.store, self.old, self.new = screen, screen.store, old, new

    def redo(self) -> None:
        self._write(self.new)

    def undo(self) -> None:
        self._write(self.old)

    def _write(self, value: str) -> None:
        if self.screen.store is not self.store:  # that campaign is closed: nothing left to change
            self.setObsolete(True)
            return
        try:
            self.store.update_info(replace(self.store.info, npc_health=value))
        except (StoreError, InvalidInput, OSError) as exc:
            self.setObsolete(True)
            self.screen.main.error(translate("PlayerScreen", "Player window"), str(exc))
            return
        self.screen.bus.settingsChanged.emit()
