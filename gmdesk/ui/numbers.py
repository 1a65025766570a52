"""Numbers as the GM reads them in the window's language: "0,5" and "1,0 %" in French, on a chart's
axis and in a spin box too. Qt's default locale is the system's (often C or English on a French GM's
machine, whose window speaks French by choice): the window's language decides, as the tables do
(``decimal_point``), rather than the system's."""

from __future__ import annotations

from PySide6.QtCore import QLocale

from gmdesk.ui.i18n import current_language


def number_locale() -> QLocale:
    """The locale whose numbers the window writes: French or English, no thousands grouping surprise."""
    if current_language() == "fr":
        return QLocale(QLocale.Language.French, QLocale.Country.France)
    return QLocale(QLocale.Language.English, QLocale.Country.UnitedStates)


def percent_suffix() -> str:
    """What follows a percentage: a narrow no-break space and % in French, a space and % in English."""
    return "\u202f%" if current_language() == "fr" else " %"
