"""The window's event bus: panels announce what changed, others react.

One instance per open campaign, created by the main window and handed to every panel, so panels never
reach for a global. Signals carry ids, not objects: a receiver reads fresh state from the store.
"""

from __future__ import annotations

from PySide6.QtCore import QObject, Signal


class CampaignBus(QObject):
    # A campaign file was opened (or re-opened): every panel reloads from the store.
    campaignOpened = Signal()
    # A character sheet was added, edited, or deleted (id); -1 means "several, reload all".
    characterChanged = Signal(int)
    # The GM picked a character (party table, initiative queue): the check panel follows.
    actorSelected = Signal(int)
    # The GM picked a combatant in the initiative queue (combatant id): the check panel shows that
    # combatant's sheet with its encounter conditions applied.
    combatantSelected = Signal(int)
    # A roll was appended to the log (its log id).
    rollLogged = Signal(int)
    # Logged rolls were marked as taken back by an undo, or un-marked by a redo: what counts changed.
    rollsUndone = Signal()
    # The encounter (initiative, HP, conditions) changed.
    encounterChanged = Signal()
    # Prepared checks / scenes changed.
    prepChanged = Signal()
    # House rules or campaign settings changed.
    settingsChanged = Signal()
    # The check panel shows another check, or the same one with other odds (a ``player_view.ShownCheck``,
    # or None when it shows none): the player window shows its odds when the GM says so.
    checkShown = Signal(object)
    # The GM asked for the Bestiary (the Initiative's Add › From the bestiary…), with the name typed so far.
    bestiaryWanted = Signal(str)
    # The open campaign became read-only (a read-only or damaged file, a full disk) or writable again.
    # Edits marked with campaign_state.mark_edits are disabled by the window meanwhile.
    readOnlyChanged = Signal(bool)

    def __init__(self, parent: QObject | None = None):
        super().__init__(parent)
        self.read_only = False  # nothing may be written to the open campaign

    def set_read_only(self, read_only: bool) -> None:
        if read_only != self.read_only:
            self.read_only = read_only
            self.readOnlyChanged.emit(read_only)
