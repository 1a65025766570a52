"""The generic sheet form: widgets built from a ``SheetSpec``, validated by the domain as the GM types.

The form never writes anything. It holds the character as stored (a plain dict), and when an editor
changes it builds the would-be character and asks the domain (``Character.from_dict``) whether it is
valid. Valid: it emits ``commit`` with a pure transformation (dict, value) -> dict that the sheet panel
turns into an undoable store write. Invalid: the rule's message appears in red under the field and
nothing is saved; leaving the field puts the stored value back.

A number is saved as the GM types it, so the derived values and the odds follow each keystroke
(typing "14" saves 1, then 14); the keystrokes of one visit to the field share a burst, which the
undo stack merges into one named step. A keystroke that makes the value invalid ("35" on the way
past "3") puts back the value the field had when the GM started typing: nothing half-typed is kept.
The message speaks to the GM ("CHA must be between 1 and 30", ``messages.field_message``) and goes
once the value is valid again or an undo puts a stored value back.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QCoreApplication, QEvent, Qt, QTimer, Signal
from PySide6.QtWidgets import (QAbstractButton, QAbstractSpinBox, QComboBox, QGroupBox, QLabel, QLineEdit,
                               QScrollArea, QVBoxLayout, QWidget)

from gmdesk.campaign.model import Character
from gmdesk.engine.core import RulesError
from gmdesk.ui import i18n, plain_text
from gmdesk import systems
from gmdesk.systems.kit.form import ListSection, SheetSpec, error_path
from gmdesk.ui.sheets.bodies import BuiltBodies, ParkedForms
from gmdesk.ui.sheets.derived import DerivedTexts, derived_text
from gmdesk.ui.sheets.rows import ERROR_COLOR, WARNING_COLOR, Change, FieldRow, tint
from gmdesk.ui.sheets.labels import label_text
from gmdesk.ui.sheets.messages import OTHER, field_message, tr
from gmdesk.ui.sheets.sections import SectionBuilder, _put

GUESS_TWO_COLUMNS = 540  # before a sheet has been measured: two columns from this width


def _form_key(character: Character) -> tuple[str, str]:
    """Which form a character needs: its system's sheet form, or its stat-block form."""
    return character.system, "stat_block" if character.is_stat_block else "sheet"


class SheetForm(SectionBuilder, ParkedForms, QWidget):
    commit = Signal(object)  # a Change
    # The narrowest two-column form seen per (system, language), shared by every form of the window.
    _two_column_widths: dict[tuple, int] = {}

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self._spec: SheetSpec | None = None
        self.house_rules = None  # the campaign's: a pf2 sheet's derived numbers follow its proficiency rules
        self._d: dict = {}
        self._character: Character | None = None
        self._rows: list[FieldRow] = []
        self._list_boxes: dict[int, tuple[ListSection, QGroupBox, int]] = {}
        self._burst = 0
        self._typing: FieldRow | None = None  # the row whose keystroke is being saved (keep its text)
        self._started: dict[tuple, Any] = {}  # (row key, burst) -> the value before the GM typed
        self._max_columns = 2
        self._two_column_width = 0  # the narrowest the form can be with two columns
        self._dirty = True
        self._read_only = False
        self._watching = False  # its docks' moves, to build it when brought to the front
        self._scroll = QScrollArea(self)
        self._scroll.setWidgetResizable(True)
        self._scroll.setFrameShape(QScrollArea.Shape.NoFrame)
        self._scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAsNeeded)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self._scroll)
        self._body: QWidget | None = None
        self._body_key: tuple | None = None  # the shape the body shown was built for
        self._parked = BuiltBodies()
        self._scroll.setWidget(self._parked.deck)
        self._derived_texts = DerivedTexts()

    # -- public -------------------------------------------------------------------------------
    @property
    def character(self) -> Character | None:
        return self._character

    def rows(self) -> list[FieldRow]:
        self._ensure_built()
        return list(self._rows)

    def row(self, path: tuple) -> FieldRow:
        """The row whose dict path is ``path`` (tests and the panel look editors up this way)."""
        self._ensure_built()
        for row in self._rows:
            if row.path == tuple(path):
                return row
        raise KeyError(path)

    def set_character(self, character: Character | None) -> None:
        """Show ``character`` as stored; rebuild the widgets only when the shape changed."""
        self._character = character
        if character is None:
            self._d = {}
            self._spec = None
            self._rebuild()
            return
        d = character.to_dict()
        spec = self._spec
        if spec is None or (spec.system, spec.kind) != _form_key(character) or self._shape(d) != self._shape(self._d):
            self._d = d
            self._spec = systems.get(character.system).form_of(character.sheet, i18n.current_language(),
                                                               self.house_rules)
            self._rebuild()  # loads the values once built: now on screen, else when it shows
            return
        self._d = d
        self._load()

    def set_read_only(self, read_only: bool) -> None:
        """A campaign opened read-only (a file or folder without write access): look, don't touch."""
        if read_only != self._read_only:
            self._read_only = read_only
            self.forget_built()
            self._rebuild()

    def retranslate(self) -> None:
        self.forget_built()
        if self._spec is not None:
            system = systems.get(self._spec.system)
            self._spec = system.form_of(self._character.sheet, i18n.current_language(), self.house_rules) \
                if self._character else system.form(i18n.current_language())
        self._rebuild()

    # -- building -----------------------------------------------------------------------------
    def _shape(self, d: dict) -> tuple:
        """How many rows each list section has: a change means the widgets must be rebuilt."""
        if self._spec is None or not d:
            return ()
        return tuple(len(s.rows(d.get("sheet", {}))) for s in self._spec.sections if isinstance(s, ListSection))

    def _rebuild(self) -> None:
        """Rebuild the widgets now if the form is on screen, else when it first shows: a hidden form
        does not know its width, and building twice (two columns, then one) is what makes the
        window slow to open. A sheet in a dock's tab behind another (the encounter's, in a fight)
        is built when brought to the front: rebuilding it on every turn cost a tenth of a second."""
        self._dirty = True
        if self._on_screen():
            self._ensure_built()
        elif self.isVisible():
            self._drop_body()
            self._watch_ancestors()
            # A window laid out anew (a language switch) may hide the form for a moment without
            # moving its dock: look again once the event loop has settled it.
            QTimer.singleShot(0, self._build_if_on_screen)

    def _build_if_on_screen(self) -> None:
        if self._dirty and self._on_screen():
            self._ensure_built()

    def _on_screen(self) -> bool:
        # Qt keeps a dock's tab behind another "visible", moved outside the window: no visible region.
        return self.isVisible() and not self.visibleRegion().isEmpty()

    def _watch_ancestors(self) -> None:
        """Bringing the tab to the front moves (and may resize or show) the dock, not the form."""
        if self._watching:
            return
        self._watching = True
        parent = self.parentWidget()
        while parent is not None:
            parent.installEventFilter(self)
            parent = parent.parentWidget()

    def eventFilter(self, watched, event) -> bool:  # noqa: N802 (Qt's name)
        if (self._dirty and event.type() in (QEvent.Type.Move, QEvent.Type.Resize, QEvent.Type.Show)
                and self._on_screen()):
            self._ensure_built()
        return super().eventFilter(watched, event)

    def _ensure_built(self) -> None:
        if not self._dirty:
            return
        self._dirty = False
        known = self._two_column_widths.get(self._width_key())
        self._max_columns = 2 if self._available() >= (known or GUESS_TWO_COLUMNS) else 1
        self._build()
        if self._max_columns == 2 and self.isVisible() and self._available() < self._two_column_width:
            self._max_columns = 1  # the guess was wrong for this sheet: one column after all
            self._build()
        self._load()

    def _width_key(self) -> tuple:
        return (self._spec.system if self._spec else "", self._spec.kind if self._spec else "",
                i18n.current_language())

    def _available(self) -> int:
        # The form's own width, not the viewport's: the viewport is laid out later than this event.
        return self.width() - self._scroll.verticalScrollBar().sizeHint().width()

    def showEvent(self, event) -> None:  # noqa: N802
        super().showEvent(event)
        # Shown in a dock behind another's tab (a campaign opened, another character picked while
        # the Initiative is in front): built when the tab is raised, not now.
        if self._on_screen():
            self._ensure_built()
        elif self._dirty:
            self._drop_body()
            self._watch_ancestors()
            QTimer.singleShot(0, self._build_if_on_screen)

    def _build(self) -> None:
        key = self._shape_key()
        self._drop_body(park=True)
        if self._show_parked(key):
            return
        body = QWidget()
        body.setObjectName("sheetFormBody")
        layout = QVBoxLayout(body)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.setSpacing(6)
        self._summary = QLabel()
        self._summary.setObjectName("sheetSummary")
        self._summary.setWordWrap(True)
        self._summary.setTextFormat(Qt.TextFormat.RichText)
        self._warnings = QLabel()
        self._warnings.setObjectName("sheetWarnings")
        tint(self._warnings, WARNING_COLOR)
        self._warnings.setWordWrap(True)
        self._general_error = QLabel()
        self._general_error.setObjectName("sheetError")
        tint(self._general_error, ERROR_COLOR)
        self._general_error.setWordWrap(True)
        for w in (self._summary, self._warnings, self._general_error):
            w.hide()
            layout.addWidget(w)
        if self._spec is not None:
            for section in self._spec.sections:
                box = (self._build_list(section) if isinstance(section, ListSection)
                       else self._build_section(section))
                layout.addWidget(box)
        layout.addStretch(1)
        if self._read_only:
            for widget in body.findChildren(QWidget):
                if isinstance(widget, (QAbstractButton, QAbstractSpinBox, QComboBox, QLineEdit)):
                    widget.setEnabled(False)
        self._parked.add(body)
        self._body, self._body_key = body, key
        self._measure_again()
        if self._max_columns == 2 and self._spec is not None:
            self._two_column_width = body.minimumSizeHint().width()
            self._two_column_widths[self._width_key()] = self._two_column_width

    def resizeEvent(self, event) -> None:  # noqa: N802
        """Two columns of fields when they fit, one when the dock is narrow (no sideways scrolling)."""
        super().resizeEvent(event)
        if self._spec is None or self._dirty:
            if self.isVisible():
                self._ensure_built()
            return
        known = self._two_column_widths.get(self._width_key()) or GUESS_TWO_COLUMNS
        wanted = 2 if self._available() >= known else 1
        if wanted != self._max_columns:
            self._rebuild()

    def _wire(self, row: FieldRow) -> None:
        row.editor.edited.connect(lambda value, row=row: self._edited(row, value))
        row.editor.typed.connect(lambda value, row=row: self._typed(row, value))
        row.editor.finished.connect(lambda row=row: self._finished(row))
        self._rows.append(row)

    # -- loading ------------------------------------------------------------------------------
    def _load(self) -> None:
        if self._dirty:
            return  # the build to come loads the values
        character = self._character
        sheet = character.sheet if character else None
        derived = self._derived_texts.of(self._sheet_key()) if sheet is not None else {}
        for row in self._rows:
            value = row.read(self._d)
            if row is self._typing:
                pass  # its own keystroke was saved: the GM's text and cursor stay as they are
            elif not row.editor.shows(value) or row.field.kind in ("choice", "key", "multi"):
                row.editor.set_value(value)
                row.show_error("")  # a stored value (an undo, another panel): nothing refused here
            if row.field.kind in ("int", "half", "opt_int"):
                item = row.row_of(self._d)
                row.editor.set_rule_range(row.field.bound("lo", sheet, item), row.field.bound("hi", sheet, item))
            if row.derived is not None:
                text = derived.get(row.key)
                if text is None:
                    text = derived[row.key] = derived_text(row, sheet)
                row.derived.setText(text)
        self._show_summary(sheet, derived)

    def _sheet_key(self) -> tuple:
        """All a sheet's derived numbers depend on (``derived.py``)."""
        spec = self._spec
        return (spec.system, spec.kind, i18n.current_language(), repr(self.house_rules),
                repr(self._d.get("sheet")))

    def _show_summary(self, sheet, known: dict) -> None:
        if self._spec is None or sheet is None:
            self._summary.hide()
            self._warnings.hide()
            return
        if "summary" not in known:
            known["summary"] = self._spec.summary(sheet), self._spec.warnings(sheet)
        pairs, warnings = known["summary"]
        # Rich text for the bold figures: everything in it is escaped, a name stays a name.
        html = " &nbsp;·&nbsp; ".join(f"{plain_text.html(label_text(k))} <b>{plain_text.html(label_text(v))}</b>" for k, v in pairs)
        self._summary.setText(html)
        self._summary.setVisible(bool(pairs))
        self._warnings.setText("\n".join(warnings))
        self._warnings.setVisible(bool(warnings))

    # -- editing ------------------------------------------------------------------------------
    def _check(self, row: FieldRow, value: Any) -> bool:
        """Would ``value`` make a valid character? Show the rule's message beside the field if not."""
        if self._character is None:
            return False
        try:
            Character.from_dict(row.transform(self._d, value))
        except LookupError:
            return False
        except RulesError as exc:
            row.show_error(self._error_text(row, exc))
            return False
        row.show_error("")
        return True

    def _edited(self, row: FieldRow, value: Any) -> None:
        old = row.read(self._d)
        if not self._check(row, value) or value == old:
            return
        self._general_error.hide()
        self._save(row, old, value)
        self._started[(row.key, self._burst)] = value  # a made value (an arrow, a pick): the new baseline

    def _typed(self, row: FieldRow, value: Any) -> None:
        """A keystroke in a number: save it if valid (one burst, one undo step); if not, say why and
        put back the value the field had before the GM started typing."""
        if self._read_only:
            return
        old = row.read(self._d)
        self._started.setdefault((row.key, self._burst), old)
        if self._check(row, value):
            if value != old:
                self._save(row, old, value)
            return
        started = self._started.get((row.key, self._burst), old)
        if started != old:
            self._save(row, old, started)

    def _save(self, row: FieldRow, old: Any, value: Any) -> None:
        label = label_text(row.field.label)
        self._typing = row
        try:
            self.commit.emit(Change(row.key, label, old, value, row.transform, self._burst))
        finally:
            self._typing = None

    def _error_text(self, row: FieldRow, exc: RulesError) -> str:
        """The rule in the GM's words, naming the field: "CHA must be between 1 and 30"."""
        target = error_path(exc.field)
        if target and not _points_at(row, target):
            # The edit broke another field (a lower level leaves too many ranks): name that one.
            for other in self._rows:
                if _points_at(other, target):
                    return self._message(other, exc)
        return self._message(row, exc)

    def _message(self, row: FieldRow, exc: RulesError) -> str:
        sheet = self._character.sheet if self._character else None
        item = row.row_of(self._d)
        lo = hi = None
        if row.field.kind in ("int", "half", "opt_int"):
            lo, hi = row.field.bound("lo", sheet, item), row.field.bound("hi", sheet, item)
        if exc.fr and i18n.current_language() == "fr":  # a rule that says itself in French: as it says it
            return tr(OTHER).format(label=label_text(row.field.label).rstrip(":").strip() or "?", rule=exc.fr)
        return field_message(label_text(row.field.label), exc.rule, lo, hi)

    def _finished(self, row: FieldRow) -> None:
        self._started.pop((row.key, self._burst), None)
        self._burst += 1  # the next edit of this field is its own undo step
        if row.pending_error:  # leaving a refused value: show what is stored, keep the reason
            row.editor.set_value(row.read(self._d))
            row.pending_error = False

    def _add_item(self, section: ListSection) -> None:
        sheet = self._d.get("sheet", {})
        items = section.rows(sheet)
        self._commit_list(section, items, items + [section.new_item(sheet)],
                          QCoreApplication.translate("SheetForm", "Add to %1").replace("%1", label_text(section.title)))

    def _remove_item(self, section: ListSection, index: int) -> None:
        items = section.rows(self._d.get("sheet", {}))
        if index < len(items):
            self._commit_list(section, items, items[:index] + items[index + 1:],
                              QCoreApplication.translate("SheetForm", "Remove from %1").replace(
                                  "%1", label_text(section.title)))

    def _commit_list(self, section: ListSection, old: list, new: list, label: str) -> None:
        def transform(d: dict, rows: list, section=section) -> dict:
            return _put(d, ("sheet",), section.put_rows(d.get("sheet", {}), rows))

        try:
            Character.from_dict(transform(self._d, new))
        except RulesError as exc:
            self._general_error.setText(f"{label_text(section.title)}: {exc.rule}")
            self._general_error.show()
            return
        self._general_error.hide()
        self._burst += 1
        self.commit.emit(Change(("list", section.path), label, old, new, transform, self._burst))
        self._burst += 1


def _points_at(row: FieldRow, target: tuple) -> bool:
    """Does a RulesError's path (``error_path``: without the leading "sheet") name this row?"""
    path = tuple(row.path)
    return path == target or (path[:1] == ("sheet",) and path[1:] == target)
