"""One change of a campaign's own settings (``CampaignInfo``: the player window's NPC health, the
campaign's bestiary packs) as one step of the window's history, written back each way while that
campaign is open."""

from __future__ import annotations

from dataclasses import replace
from typing import Any, Callable

from PySide6.QtGui import QUndoCommand

from gmdesk.engine.core import RulesError
from gmdesk.store.errors import StoreError
from gmdesk.ui.write_refusals import refusal_text


class CampaignInfoEdit(QUndoCommand):
    """``field`` of the campaign's info from ``old`` to ``new``. ``owner.store`` is the campaign open
    now: a step of a campaign closed since changes nothing. ``written()`` after each write;
    ``failed(message)`` when the file refused it (the step then drops out of the history)."""

    def __init__(self, text: str, owner, field: str, old: Any, new: Any, written: Callable[[], None],
                 failed: Callable[[str], None]):
        super().__init__(text)
        self.owner, self.store, self.field, self.old, self.new = owner, owner.store, field, old, new
        self.written, self.failed = written, failed

    def redo(self) -> None:
        self._write(self.new)

    def undo(self) -> None:
        self._write(self.old)

    def _write(self, value: Any) -> None:
        if self.owner.store is not self.store:  # that campaign is closed: nothing left to change
            self.setObsolete(True)
            return
        try:
            self.store.update_info(replace(self.store.info, **{self.field: value}))
        except (StoreError, RulesError, OSError) as exc:
            self.setObsolete(True)
            self.failed(refusal_text(exc))
            return
        self.written()
