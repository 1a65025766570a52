"""The Bestiary dock's Packs menu and what it does (``packs``: the list, the undo step, the reading),
kept apart from the dock's searching and adding. Imports nothing of the bestiary at start-up: the
packs are imported on first use, as the rest of the bestiary."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QFileDialog

translate = QCoreApplication.translate


class PackMenu:
    """Mixed into ``BestiaryPanel`` (its ``store``, ``bus``, ``packs_menu``)."""

    def _fill_packs_menu(self) -> None:
        from .packs import fill_menu

        fill_menu(self.packs_menu, self.store.path if self.store is not None else None, self.choose_pack,
                  self.remove_pack, self.store.info.bestiary_packs if self.store is not None else (),
                  not self.bus.read_only)

    @staticmethod
    def _packs_of(store) -> list:
        from .packs import packs_of

        return packs_of(store)

    def choose_pack(self, folder: bool, everywhere: bool) -> None:
        title = translate("Bestiary", "A bestiary pack")
        path = (QFileDialog.getExistingDirectory(self, title) if folder
                else QFileDialog.getOpenFileName(self, title)[0])
        if path:
            self.add_pack(path, everywhere)

    def add_pack(self, path, everywhere: bool = False) -> None:
        """Add a pack to this campaign (one undo step) or for all campaigns, and read the packs again."""
        from .packs import add_pack

        add_pack(self, path, everywhere)

    def remove_pack(self, path, campaign) -> None:
        """Remove a pack from this campaign (one undo step) or, ``campaign`` None, from all campaigns."""
        from .packs import remove_pack

        remove_pack(self, path, campaign)
