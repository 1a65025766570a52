"""What the GM typed, shown as typed wherever Qt or pyqtgraph would read it as markup.

Labels and tooltips are plain text already (``guards``). Three places still read markup, and the
text that reaches them goes through one of these:

- ``html``: pyqtgraph titles, axis labels and legends are HTML, always (``<i>Amiri</i>`` would
  come out in italics, ``<img src=x>`` as a broken image).
- ``message``: a message box guesses (Qt's ``mightBeRichText``), and its About boxes rely on it.
- ``mnemonic``: a menu entry or button reads ``&`` as the Alt shortcut (“Fight & flee” would show
  “Fight  flee” with the space underlined).
"""

from __future__ import annotations

import html as _html

from PySide6.QtGui import Qt


def html(text: str) -> str:
    """``text`` as HTML that shows exactly ``text``."""
    return _html.escape(str(text), quote=False)


def message(text: str) -> str:
    """``text`` for a message box: unchanged when Qt would show it as typed, else escaped HTML."""
    text = str(text)
    if not Qt.mightBeRichText(text):
        return text
    return Qt.convertFromPlainText(text, Qt.WhiteSpaceMode.WhiteSpaceNormal)


def mnemonic(text: str) -> str:
    """``text`` for a menu entry or button: every ``&`` shown, none taken as a shortcut."""
    return str(text).replace("&", "&&")
