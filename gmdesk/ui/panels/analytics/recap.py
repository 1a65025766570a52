"""The Analytics panel's "Export recap…": the session's recap page (``gmdesk.analytics.recap``), asked
where, then written off the window's thread. Apart from the panel, which counts and shows the rolls.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QFileDialog

from gmdesk.ui import i18n, long_work
from gmdesk.ui.panels.analytics.works import recap_work
from gmdesk.ui.write_refusals import refusal_text

translate = QCoreApplication.translate


class ExportsTheRecap:
    """Mixed into ``AnalyticsPanel`` (its ``store``, ``session_combo``, ``secret_box``,
    ``player_safe_box``, ``export_button``, ``export_action``, ``status_label``, ``level``)."""

    def export_recap(self) -> Path | None:
        """Ask where, then write the recap of the session chosen (the latest with every session), off
        the window's thread (``recap_work``); returns where it goes."""
        if self.store is None:
            return None
        session = self.session_combo.currentData()
        if session is None:
            known = self.store.log.facts.sessions()
            if not known:
                self.status_label.setText(translate("AnalyticsPanel", "No roll yet: no session to recap."))
                return None
            session = known[-1]
        safe = "".join(ch if ch.isalnum() or ch in " -_" else "_" for ch in f"{self.store.info.name} {session}")
        recap = translate("AnalyticsPanel", "recap")  # a file's name, in the GM's words
        start = str(self.store.path.parent / f"{safe.strip() or recap}.html")
        path, _ = QFileDialog.getSaveFileName(self, translate("AnalyticsPanel", "Export the session recap"), start,
                                              translate("AnalyticsPanel", "Web page (*.html)"))
        if not path:
            return None
        safe = self.player_safe_box.isChecked()
        work = recap_work(self.store.path, session, path, lang=i18n.current_language(),
                          include_secret=self.secret_box.isChecked() and not safe, level=self.level(),
                          player_safe=safe)
        self.recap_work = long_work.run(  # off the window's thread: a long session's log takes a while
            self, translate("AnalyticsPanel", "Exporting the session recap"), work,
            on_done=lambda _: self.status_label.setText(self._recap_saved(session, path)),
            on_failed=self._recap_refused, done_text=lambda _: self._recap_saved(session, path),
            folder=lambda _: long_work.file_folder(path), disables=(self.export_button, self.export_action))
        return Path(path)

    @staticmethod
    def _recap_saved(session: str, path: str) -> str:
        return (translate("AnalyticsPanel", "Recap of {session} saved to {path}")
                .replace("{session}", session).replace("{path}", path))

    def _recap_refused(self, exc: BaseException) -> None:
        from gmdesk.store.errors import InvalidInput, StoreError

        if not isinstance(exc, (StoreError, InvalidInput, OSError)):
            raise exc
        self.status_label.setText(translate("AnalyticsPanel", "Cannot export the recap: {why}").replace(
            "{why}", " ".join(refusal_text(exc).split())))
