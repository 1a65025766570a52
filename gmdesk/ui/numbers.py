"""Numbers as the GM reads them in the window's language: "0,5" and "1,0 %" in French, on a chart's
axis and in a spin box too. Qt's default locale is the system's (often C or English on a French GM's
machine, whose window speaks French by choice): a French window writes French numbers, as its tables
do (``decimal_point``); an English one keeps the system's."""

from __future__ import annotations

from PySide6.QtCore import QLocale

from gmdesk.ui.i18n import current_language


def number_locale() -> QLocale:
    """The locale whose numbers the window writes: French under a French window (a decimal comma,
    whatever the system says); otherwise the system's, as before."""
    if current_language() == "fr":
        return QLocale(QLocale.Language.French, QLocale.Country.France)
    return QLocale()


def percent_suffix() -> str:
    """What follows a percentage: a narrow no-break space and % in French, a space and % in English."""
    return "\u202f%" if current_language() == "fr" else " %"
