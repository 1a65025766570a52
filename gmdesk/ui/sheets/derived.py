"""The derived numbers a sheet shows beside its fields ("+7") and in its summary line ("AC 18"), worked
out once per character as stored.

Each is a check built by the rules engine from the whole sheet (some 25 on a pf2 character, 3 ms
together). In a fight the Sheet follows whoever's turn it is: the same characters come back every round,
their sheets unchanged, and their numbers were worked out anew each time. They are kept here under all
they depend on — the system, the form, the language, the campaign's house rules and the sheet as stored —
so that any change to one of those works them out again.
"""

from __future__ import annotations

from collections import OrderedDict
from typing import Any

from gmdesk.engine.core import RulesError
from gmdesk.ui.sheets.labels import label_text

KEPT = 32  # characters' numbers kept: a fight's combatants, a party, with room


class DerivedTexts:
    def __init__(self) -> None:
        self._known: OrderedDict[tuple, dict] = OrderedDict()

    def of(self, key: tuple) -> dict:
        """What was worked out so far for the sheet ``key`` names, to read and fill: a row's key -> its
        text; "summary" -> the summary line's pairs and the warnings."""
        texts = self._known.pop(key, None)
        if texts is None:
            texts = {}
        self._known[key] = texts
        while len(self._known) > KEPT:
            self._known.popitem(last=False)
        return texts


def derived_text(row: Any, sheet: Any) -> str:
    """What ``row`` shows beside its field for ``sheet``: its own derived number, or for a list's row the
    number its section works out (beside its last column)."""
    if sheet is None:
        return ""
    section = getattr(row, "section", None)
    if section is not None:
        if section.derived is None or row.field is not section.columns[-1]:
            return ""
        try:
            return label_text(section.derived(sheet, row.index))
        except (RulesError, LookupError, ValueError, TypeError):
            return "—"
    return label_text(row.field.derived(sheet)) if row.field.derived else ""
