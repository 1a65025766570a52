"""The accents of French tab titles are drawn (found by hand at 1366×768): with the window's style, a
tab not selected was drawn 2 px lower and clipped at its top, so the Prep panel's "À la table" read
"A la table" (and "Échec" read "Echec") while the selected tab showed its accent."""

from __future__ import annotations

from PySide6.QtGui import QImage
from PySide6.QtWidgets import QTabWidget, QWidget


def drawn(tabs: QTabWidget, qtbot, title: str) -> QImage:
    """The last tab (not selected) titled ``title``, as the window's style draws it."""
    tabs.setCurrentIndex(0)
    last = tabs.count() - 1
    tabs.setTabText(last, title)
    qtbot.wait(10)
    bar = tabs.tabBar()
    return bar.grab(bar.tabRect(last)).toImage()


def test_a_tab_not_selected_shows_the_accent_of_its_capital(make_window, demo_file, qtbot):
    window = make_window(demo_file, lang="fr")  # the window installs its style for every widget
    assert window.isVisible()
    tabs = QTabWidget()
    qtbot.addWidget(tabs)
    for title in ("Détail", "Calcul du DD", "À la table"):
        tabs.addTab(QWidget(), title)
    tabs.resize(420, 120)
    tabs.show()
    qtbot.waitExposed(tabs)
    for accented, plain in (("À la table", "A la table"), ("Échec", "Echec")):
        assert drawn(tabs, qtbot, accented) != drawn(tabs, qtbot, plain), f"the accent of {accented!r} was clipped off"
