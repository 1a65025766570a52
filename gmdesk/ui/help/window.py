"""The help window: the contents on the left, the page on the right (a QTextBrowser showing the
page's Markdown). Links stay inside: a link to another page opens it here; any other is not
followed (nothing outside gmdesk is opened, no program launched)."""

from __future__ import annotations

from pathlib import PurePosixPath

from PySide6.QtCore import QCoreApplication, QEvent, Qt, QUrl
from PySide6.QtWidgets import QLabel, QListWidget, QListWidgetItem, QSplitter, QTextBrowser, QVBoxLayout, QWidget

from gmdesk.ui import i18n

from . import pages, shortcuts



class HelpWindow(QWidget):
    def __init__(self, main_window: QWidget):
        super().__init__(main_window, Qt.WindowType.Window)
        self.setObjectName("helpWindow")
        self.main_window = main_window
        self.contents = QListWidget()
        self.contents.setObjectName("helpContents")
        self.contents.setWordWrap(True)  # long titles ("Your files and what gmdesk does with them") wrap
        self.contents.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.browser = QTextBrowser()
        self.browser.setObjectName("helpPage")
        self.browser.setOpenLinks(False)  # every link goes through follow(): nothing leaves the app
        self.browser.setOpenExternalLinks(False)
        self.browser.anchorClicked.connect(self.follow)
        self.note = QLabel()
        self.note.setObjectName("helpNote")
        self.note.hide()
        splitter = QSplitter()
        splitter.addWidget(self.contents)
        splitter.addWidget(self.browser)
        splitter.setStretchFactor(1, 1)
        splitter.setSizes([260, 640])
        layout = QVBoxLayout(self)
        layout.addWidget(splitter)
        layout.addWidget(self.note)
        self.page = ""
        self.contents.currentItemChanged.connect(self._chosen)
        self.resize(940, 640)
        self.fill()

    def fill(self) -> None:
        """The contents in the window's language (again after a language switch), the page kept."""
        lang = i18n.current_language()
        self.setWindowTitle(QCoreApplication.translate("Help", "gmdesk help"))
        blocked = self.contents.blockSignals(True)
        self.contents.clear()
        for page in pages.page_ids():
            text = pages.markdown(page, lang)
            name = shortcuts.title() if page == pages.SHORTCUTS else pages.title(text or "") or page
            item = QListWidgetItem(name)
            item.setData(Qt.ItemDataRole.UserRole, page)
            self.contents.addItem(item)
        self.contents.blockSignals(blocked)
        if self.page:
            self.show_page(self.page)

    def show_page(self, page: str) -> None:
        if page not in pages.page_ids():
            page = "rulings"
        self.page = page
        self.note.hide()
        for row in range(self.contents.count()):
            if self.contents.item(row).data(Qt.ItemDataRole.UserRole) == page:
                blocked = self.contents.blockSignals(True)
                self.contents.setCurrentRow(row)
                self.contents.blockSignals(blocked)
        if page == pages.SHORTCUTS:
            self.browser.setHtml(shortcuts.page_html(self.main_window))
            return
        text = pages.markdown(page, i18n.current_language())
        if text is None:
            text = "# " + QCoreApplication.translate("Help", "This page is missing from this gmdesk's files.")
        self.browser.setMarkdown(text)

    def follow(self, url: QUrl) -> None:
        """A link in a page: another page (``cof.md``, ``rulings.md#r-1``) opens here; nothing else does."""
        stem = PurePosixPath(url.path()).stem
        if url.scheme() in ("", "help") and url.host() == "" and stem in pages.page_ids():
            self.show_page(stem)
            if url.fragment():
                self.browser.scrollToAnchor(url.fragment())
            return
        self.note.setText(QCoreApplication.translate("Help", "Help opens no link outside gmdesk: %1")
                          .replace("%1", url.toString()))
        self.note.show()

    def _chosen(self, item: QListWidgetItem | None) -> None:
        if item is not None:
            self.show_page(item.data(Qt.ItemDataRole.UserRole))

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.fill()
        super().changeEvent(event)
