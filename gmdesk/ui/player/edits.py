"""The GM's one campaign edit about the player window: how it shows the health of those who are not
player characters (``CampaignInfo.npc_health``), saved in the campaign as one undo step."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QT_TRANSLATE_NOOP

from gmdesk.ui.info_edit import CampaignInfoEdit

translate = QCoreApplication.translate

HEALTH_STEPS = {  # the undo step's name
    "words": QT_TRANSLATE_NOOP("PlayerScreen", "Player window: NPC health in words"),
    "numbers": QT_TRANSLATE_NOOP("PlayerScreen", "Player window: NPC health as numbers"),
    "hidden": QT_TRANSLATE_NOOP("PlayerScreen", "Player window: NPC health not shown"),
}


class NpcHealthEdit(CampaignInfoEdit):
    """The campaign's "NPC health" on the player window: one undo step."""

    def __init__(self, screen, old: str, new: str):  # screen: the controller.PlayerScreen
        super().__init__(translate("PlayerScreen", HEALTH_STEPS[new]), screen, "npc_health", old, new,
                         screen.bus.settingsChanged.emit,
                         lambda message: screen.main.error(translate("PlayerScreen", "Player window"), message))
