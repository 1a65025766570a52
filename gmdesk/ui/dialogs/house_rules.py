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
from PySide6.QtWidgets import (QButtonGroup, QDialog, QDialogButtonBox, QFrame, QGroupBox, QLabel, QRadioButton,
                               QScrollArea, QVBoxLayout, QWidget)

from gmdesk import systems
from gmdesk.campaign.house_rules import HouseRules
from gmdesk.campaign.house_rules_examples import example, ruling_example, rulings_of
from gmdesk.campaign.model import CampaignInfo
from gmdesk.systems.kit.rulings import IDS
from gmdesk.engine.series import percent_text
from gmdesk.ui import i18n
from gmdesk.ui.dialogs.house_rules_options import TableBox, TieBox, example_label, option_example

CONTEXT = "HouseRules"
MAX_HEIGHT = 600  # px: the dialog fits a small laptop's screen; its boxes scroll inside
TITLE_BAR = 32  # px of MAX_HEIGHT kept for the window manager's frame and title bar


def system_options(system_id: str) -> list:
    """The campaign's system's own options the dialog offers (those with choices or columns)."""
    found = systems.find(system_id)
    return [o for o in (found.house_options if found else ()) if o.choices or o.columns]

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

    def __init__(self, option, value, decimal_point: str = ".", parent: QWidget | None = None):
        super().__init__(parent)
        self.option, self.decimal_point = option, decimal_point
        lang = i18n.current_language()
        self.setObjectName(f"option_{option.name}")
        self.setTitle(option.title.text(lang) if option.title else option.name)
        self.group = QButtonGroup(self)
        self.buttons: dict = {}
        layout = QVBoxLayout(self)
        layout.setSpacing(2)
        choices = list(option.choices)
        if value not in [choice for choice, _ in choices]:  # set in the file beyond the dialog's choices: kept
            choices.append((value, None))
        for i, (choice, meaning) in enumerate(choices):
            button = QRadioButton(QCoreApplication.translate("HouseRules", "Ruling (the default)") if i == 0
                                  else QCoreApplication.translate("HouseRules", "House rule"))
            button.setObjectName(f"option_{option.name}_{choice}")
            label = QLabel(meaning.text(lang) if meaning is not None else QCoreApplication.translate(
                "HouseRules", "As the campaign file says: %1").replace("%1", str(value)))
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
        self.example_label = None
        if option.example is not None and option.figure is not None:
            self.example_label = example_label(f"option_{option.name}_example")
            layout.addWidget(self.example_label)
            self.group.buttonToggled.connect(lambda *_: self._show_example())
            self._show_example()

    def _show_example(self) -> None:
        self.example_label.setText(option_example(self.option, [c for c, _ in self.option.choices], self.value(),
                                                  i18n.current_language(), self.decimal_point))

    def value(self):
        return next((choice for choice, button in self.buttons.items() if button.isChecked()), self.option.default())


class HouseRulesDialog(QDialog):
    def __init__(self, info: CampaignInfo, read_only: bool = False, decimal_point: str = ".",
                 parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("houseRulesDialog")
        self.setWindowTitle(QCoreApplication.translate("HouseRules", "House rules"))
        self.info = info
        outer = QVBoxLayout(self)
        # The boxes scroll inside the dialog, which stays no taller than a small screen allows.
        scroll = QScrollArea(self)
        scroll.setObjectName("houseRulesScroll")
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QFrame.Shape.NoFrame)
        scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        inside = QWidget(scroll)
        layout = QVBoxLayout(inside)
        layout.setContentsMargins(0, 0, 0, 0)
        scroll.setWidget(inside)
        outer.addWidget(scroll)
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
        self.options: dict[str, OptionBox | TableBox] = {}
        for option in system_options(info.system):
            value = getattr(rules, option.name)
            box = (TableBox(option, value, decimal_point, self) if option.columns
                   else OptionBox(option, value, decimal_point, self))
            box.setEnabled(not read_only)
            self.options[option.name] = box
            layout.addWidget(box)
        self.ties = None
        fight = getattr(systems.find(info.system), "fight", None)
        if fight is not None and not fight.by_hand:  # a queue ordered by hand has no tie to break
            self.ties = TieBox(info.system, rules.tie_rule(info.system), fight.default_tie, self)
            self.ties.setEnabled(not read_only)
            layout.addWidget(self.ties)
        layout.addStretch(1)
        self.problem = QLabel()
        self.problem.setObjectName("houseRulesProblem")
        self.problem.setWordWrap(True)
        self.problem.hide()
        outer.addWidget(self.problem)
        if not self.boxes and not self.options:
            none = QLabel(QCoreApplication.translate("HouseRules", "No ruling concerns this system's checks: its "
                                                                   "rules text leaves nothing to choose here."))
            none.setObjectName("noRulings")
            none.setWordWrap(True)
            layout.addWidget(none)
        if read_only:
            outer.addWidget(QLabel(QCoreApplication.translate("HouseRules", "The campaign is read-only.")))
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setEnabled(not read_only)
        outer.addWidget(self.buttons)
        # Wrapped texts need their width fixed before their height is known (a top-level window does
        # not ask its layout for a height for its width): a readable width, then the height it needs,
        # up to MAX_HEIGHT (the rest scrolls).
        width = 640
        height = min(MAX_HEIGHT - TITLE_BAR, max(self.sizeHint().height(),
                                     outer.totalHeightForWidth(width) + layout.totalHeightForWidth(width - 40)))
        self.setMinimumSize(width, min(height, 400))
        self.setMaximumHeight(MAX_HEIGHT - TITLE_BAR)  # whatever its boxes ask for: they scroll inside
        self.resize(width, height)

    def accept(self) -> None:
        """A table that is no valid value (an ND below the previous one…) keeps the dialog open, saying why."""
        for box in self.options.values():
            problem = box.problem() if isinstance(box, TableBox) else None
            if problem:
                self.problem.setText(QCoreApplication.translate("HouseRules", "This cannot be saved: %1").replace("%1", problem))
                self.problem.show()
                return
        super().accept()

    def chosen(self) -> HouseRules:
        """The campaign's house rules with the choices made here."""
        changes = {name: box.option.write(box.value()) for name, box in self.options.items()}  # as the file has it
        if self.ties is not None:
            changes["initiative_ties"] = {**self.info.house_rules.initiative_ties, self.info.system: self.ties.value()}
        return self.info.house_rules.with_rulings(**{IDS[r]: box.is_default() for r, box in self.boxes.items()},
                                                  **changes)


class HouseRulesEdit(QUndoCommand):
    """Save the campaign's house rules: one undo step ("Change the house rules", capitalised like every other step)."""

    def __init__(self, store, bus, old: HouseRules, new: HouseRules):
        super().__init__(QCoreApplication.translate("HouseRules", "Change the house rules"))
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
