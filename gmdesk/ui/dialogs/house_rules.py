"""Campaign › House rules…: the RULES.md rulings that concern the campaign's system, each with what
it means, its default, the house rule that may replace it, and a live example of its effect on the
odds (the engine's exact figure under each choice, the chosen one in bold).

The dialog only chooses; ``HouseRulesEdit`` saves the choice as one undoable step on the window's
undo stack (``apply_house_rules``), and announces it on the bus (``settingsChanged``) so that the
check panel, the prep matrix and its exports recompute under the new rulings.
"""

from __future__ import annotations

import html
from dataclasses import replace

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtGui import QUndoCommand
from PySide6.QtWidgets import (QButtonGroup, QDialog, QDialogButtonBox, QGroupBox, QLabel, QRadioButton, QVBoxLayout,
                               QWidget)

from gmdesk.campaign.house_rules import HouseRules
from gmdesk.campaign.house_rules_examples import example, ruling_example, rulings_of
from gmdesk.campaign.model import CampaignInfo
from gmdesk.systems.kit.rulings import IDS
from gmdesk.engine.series import percent_text
from gmdesk.ui import i18n
from gmdesk.ui.scrolling import scrolling_column

CONTEXT = "HouseRules"


def system_options(system_id: str) -> list:
    """The campaign's system's own options the dialog offers (those with choices)."""
    from gmdesk import systems

    found = systems.find(system_id)
    return [o for o in (found.house_options if found else ()) if o.choices]

def translate(text: str) -> str:
    return QCoreApplication.translate(CONTEXT, text)


class RulingBox(QGroupBox):
    """One ruling: two choices and the example, the chosen figure in bold."""

    def __init__(self, ruling: str, on: bool, decimal_point: str, parent: QWidget | None = None):
        super().__init__(parent)
        self.ruling = ruling
        self.setObjectName(f"ruling_{ruling}")
        texts = ruling_example(ruling)  # the system's words (GameSystem.ruling_examples)
        lang = i18n.current_language()
        self.setTitle(texts.title.text(lang))
        self.default_button = QRadioButton(QCoreApplication.translate("HouseRules", "Ruling (the default)"))
        self.house_button = QRadioButton(QCoreApplication.translate("HouseRules", "House rule"))
        # What each choice means, wrapped under its button (a radio button's own text never wraps).
        self.default_label = QLabel(texts.ruling.text(lang))
        self.house_label = QLabel(texts.house.text(lang))
        for label, button in ((self.default_label, self.default_button), (self.house_label, self.house_button)):
            label.setWordWrap(True)
            label.setContentsMargins(22, 0, 0, 4)
            label.setBuddy(button)
        self.default_button.setObjectName(f"ruling_{ruling}_default")
        self.house_button.setObjectName(f"ruling_{ruling}_house")
        self.group = QButtonGroup(self)
        for button in (self.default_button, self.house_button):
            self.group.addButton(button)
        (self.default_button if on else self.house_button).setChecked(True)
        self.example_label = QLabel()
        self.example_label.setObjectName(f"ruling_{ruling}_example")
        self.example_label.setWordWrap(True)
        self.example_label.setTextFormat(Qt.TextFormat.RichText)  # the chosen figure in bold; texts escaped
        self._figures = (percent_text(example(ruling, True), decimal_point),
                         percent_text(example(ruling, False), decimal_point))
        self._example = html.escape(texts.example.text(lang), quote=False)
        layout = QVBoxLayout(self)
        layout.setSpacing(2)
        for widget in (self.default_button, self.default_label, self.house_button, self.house_label,
                       self.example_label):
            layout.addWidget(widget)
        self.group.buttonToggled.connect(lambda *_: self._show_example())
        self._show_example()

    def is_default(self) -> bool:
        return self.default_button.isChecked()

    def _show_example(self) -> None:
        ruling, house = self._figures
        bold = "<b>{}</b>"
        text = self._example.format(ruling=bold.format(ruling) if self.is_default() else ruling,
                                    house=house if self.is_default() else bold.format(house))
        self.example_label.setText(html.escape(QCoreApplication.translate("HouseRules", "Example: {text}"), quote=False)
                                   .format(text=text))


class OptionBox(QGroupBox):
    """One of the system's own options (``HouseOption`` with choices): a button per choice, each with
    what it means, and what the option changes."""

    def __init__(self, option, value, parent: QWidget | None = None):
        super().__init__(parent)
        self.option = option
        lang = i18n.current_language()
        self.setObjectName(f"option_{option.name}")
        self.setTitle(option.title.text(lang) if option.title else option.name)
        self.group = QButtonGroup(self)
        self.buttons: dict = {}
        layout = QVBoxLayout(self)
        layout.setSpacing(2)
        for i, (choice, meaning) in enumerate(option.choices):
            button = QRadioButton(QCoreApplication.translate("HouseRules", "Ruling (the default)") if i == 0
                                  else QCoreApplication.translate("HouseRules", "House rule"))
            button.setObjectName(f"option_{option.name}_{choice}")
            label = QLabel(meaning.text(lang))
            label.setWordWrap(True)
            label.setContentsMargins(22, 0, 0, 4)
            label.setBuddy(button)
            self.group.addButton(button)
            self.buttons[choice] = button
            button.setChecked(choice == value)
            layout.addWidget(button)
            layout.addWidget(label)
        if option.explain is not None:
            explain = QLabel(option.explain.text(lang))
            explain.setWordWrap(True)
            layout.addWidget(explain)

    def value(self):
        return next((choice for choice, button in self.buttons.items() if button.isChecked()), self.option.default())


MAX_HEIGHT = 570  # px: under 600 with its frame and title bar, on a 1280×720 screen with a task bar
MIN_HEIGHT = 320


class HouseRulesDialog(QDialog):
    def __init__(self, info: CampaignInfo, read_only: bool = False, decimal_point: str = ".",
                 parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("houseRulesDialog")
        self.setWindowTitle(QCoreApplication.translate("HouseRules", "House rules"))
        self.info = info
        outer = QVBoxLayout(self)
        # The rulings scroll inside the dialog: anarchy's stood 665 px high, taller than a 720 px
        # screen leaves (issue 24, item 6); the buttons stay in view below them.
        body = QWidget()
        layout = QVBoxLayout(body)
        layout.setContentsMargins(0, 0, 0, 0)
        intro = QLabel(QCoreApplication.translate(
            "HouseRules", "Where the rules text is ambiguous, gmdesk follows a ruling; a campaign may take the "
                          "house rule instead. The choice changes the odds, the rolls, the prep matrix and its "
                          "exports, and every logged roll records the rulings it was made under."))
        intro.setWordWrap(True)
        layout.addWidget(intro)
        self.boxes: dict[str, RulingBox] = {}
        rules = info.house_rules
        for ruling in rulings_of(info.system):
            box = RulingBox(ruling, getattr(rules, IDS[ruling]), decimal_point, self)
            box.setEnabled(not read_only)
            self.boxes[ruling] = box
            layout.addWidget(box)
        self.options: dict[str, OptionBox] = {}
        for option in system_options(info.system):
            box = OptionBox(option, getattr(rules, option.name), self)
            box.setEnabled(not read_only)
            self.options[option.name] = box
            layout.addWidget(box)
        if not self.boxes and not self.options:
            none = QLabel(QCoreApplication.translate("HouseRules", "No ruling concerns this system's checks: its "
                                                                   "rules text leaves nothing to choose here."))
            none.setObjectName("noRulings")
            none.setWordWrap(True)
            layout.addWidget(none)
        if read_only:
            layout.addWidget(QLabel(QCoreApplication.translate("HouseRules", "The campaign is read-only.")))
        layout.addStretch(1)
        scroll = scrolling_column(body, "houseRulesScroll")
        outer.addWidget(scroll, 1)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setEnabled(not read_only)
        outer.addWidget(self.buttons)
        # Wrapped texts need their width fixed before their height is known (a top-level window does
        # not ask its layout for a height for its width): a readable width, then the height it
        # needs, at most MAX_HEIGHT (the rest scrolls). The scroll bar's width is kept free.
        width = 640
        margins = outer.contentsMargins()
        inner = width - margins.left() - margins.right() - scroll.verticalScrollBar().sizeHint().width()
        height = (layout.totalHeightForWidth(inner) + self.buttons.sizeHint().height() + outer.spacing()
                  + margins.top() + margins.bottom())
        height = min(height, MAX_HEIGHT)
        self.setMinimumSize(width, min(height, MIN_HEIGHT))
        self.resize(width, height)

    def chosen(self) -> HouseRules:
        """The campaign's house rules with the choices made here."""
        return self.info.house_rules.with_rulings(**{IDS[r]: box.is_default() for r, box in self.boxes.items()},
                                                  **{name: box.value() for name, box in self.options.items()})


class HouseRulesEdit(QUndoCommand):
    """Save the campaign's house rules: one undo step ("house rules")."""

    def __init__(self, store, bus, old: HouseRules, new: HouseRules):
        super().__init__(QCoreApplication.translate("HouseRules", "house rules"))
        self.store, self.bus, self.old, self.new = store, bus, old, new

    def redo(self) -> None:
        self._write(self.new)

    def undo(self) -> None:
        self._write(self.old)

    def _write(self, rules: HouseRules) -> None:
        # The rest of the campaign's settings (the player window's choices) stay as they are.
        self.store.update_info(replace(self.store.info, house_rules=rules))
        self.bus.settingsChanged.emit()


def apply_house_rules(store, bus, undo_stack, new: HouseRules) -> bool:
    """Save ``new`` as one undoable step; False (and nothing pushed) when it changes nothing."""
    old = store.info.house_rules
    if new.to_dict() == old.to_dict():
        return False
    undo_stack.push(HouseRulesEdit(store, bus, old, new))
    return True


def edit_house_rules(store, bus, undo_stack, parent: QWidget | None = None, lang: str = "en") -> bool:
    """Show the dialog for the open campaign; on OK, save the choice as one undo step. True if saved."""
    if store is None:
        return False
    dialog = HouseRulesDialog(store.info, store.read_only, "," if lang == "fr" else ".", parent)
    if dialog.exec() != HouseRulesDialog.DialogCode.Accepted or store.read_only:
        return False
    return apply_house_rules(store, bus, undo_stack, dialog.chosen())
