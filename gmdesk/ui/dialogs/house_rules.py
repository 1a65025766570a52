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

from PySide6.QtCore import QCoreApplication, Qt, QT_TRANSLATE_NOOP
from PySide6.QtGui import QUndoCommand
from PySide6.QtWidgets import (QButtonGroup, QDialog, QDialogButtonBox, QGroupBox, QLabel, QRadioButton,
                               QVBoxLayout, QWidget)

from gmdesk.campaign.house_rules import HouseRules
from gmdesk.campaign.house_rules_examples import example, rulings_of
from gmdesk.campaign.model import CampaignInfo
from gmdesk.rules.rulings import IDS
from gmdesk.rules.series import percent_text

CONTEXT = "HouseRules"

# ruling id -> (title, the ruling, the house rule, the example with {ruling} and {house} figures)
TEXTS = {
    "R-1": (QT_TRANSLATE_NOOP("HouseRules", "R-1 · Pathfinder 2: a fortune or misfortune reroll"),
            QT_TRANSLATE_NOOP("HouseRules", "The new result stands."),
            QT_TRANSLATE_NOOP("HouseRules", "A fortune reroll keeps the better of the two results, a misfortune "
                                            "reroll the worse."),
            QT_TRANSLATE_NOOP("HouseRules", "+7 against DC 20, a failure rerolled: critical failure {ruling} with "
                                            "the ruling, {house} with the house rule.")),
    "R-2": (QT_TRANSLATE_NOOP("HouseRules", "R-2 · D&D 5e: Heroic Inspiration in the odds"),
            QT_TRANSLATE_NOOP("HouseRules", "The odds count it as spent on a failed test, rerolling the lower d20."),
            QT_TRANSLATE_NOOP("HouseRules", "The odds leave it out; the player rerolls by hand after the roll."),
            QT_TRANSLATE_NOOP("HouseRules", "+5 against DC 15 with Heroic Inspiration: success {ruling} with the "
                                            "ruling, {house} with the house rule.")),
    "R-3": (QT_TRANSLATE_NOOP("HouseRules", "R-3 · Shadowrun Anarchy: Luck and Edge rerolls"),
            QT_TRANSLATE_NOOP("HouseRules", "Luck after the roll and an Edge or Trait reroll are both rerolls: "
                                            "a test takes one or the other."),
            QT_TRANSLATE_NOOP("HouseRules", "They combine: Luck rerolls every die that missed, then the Edge "
                                            "rerolls take dice that still miss."),
            QT_TRANSLATE_NOOP("HouseRules", "6 dice, threshold 3, Luck after the roll and 2 Edge rerolls: success "
                                            "{ruling} with the ruling (Luck alone), {house} with the house rule.")),
    "R-4": (QT_TRANSLATE_NOOP("HouseRules", "R-4 · Shadowrun Anarchy: a complication needs a 1"),
            QT_TRANSLATE_NOOP("HouseRules", "No 1, no complication, even without a hit."),
            QT_TRANSLATE_NOOP("HouseRules", "The seed's letter: as many 1s as hits or more, so a roll with no hit "
                                            "and no 1 is a minor complication."),
            QT_TRANSLATE_NOOP("HouseRules", "4 dice: complication {ruling} with the ruling, {house} with the "
                                            "house rule.")),
    "R-5": (QT_TRANSLATE_NOOP("HouseRules", "R-5 · Shadowrun Anarchy: complications after a Luck reroll"),
            QT_TRANSLATE_NOOP("HouseRules", "The complication is judged on the dice as they stand after the "
                                            "Luck reroll."),
            QT_TRANSLATE_NOOP("HouseRules", "It is judged on the initial roll, before the Luck reroll: a 1 "
                                            "rerolled by Luck still counts."),
            QT_TRANSLATE_NOOP("HouseRules", "4 dice, Luck after the roll: complication {ruling} with the ruling, "
                                            "{house} with the house rule.")),
}


def translate(text: str) -> str:
    return QCoreApplication.translate(CONTEXT, text)


class RulingBox(QGroupBox):
    """One ruling: two choices and the example, the chosen figure in bold."""

    def __init__(self, ruling: str, on: bool, decimal_point: str, parent: QWidget | None = None):
        super().__init__(parent)
        self.ruling = ruling
        self.setObjectName(f"ruling_{ruling}")
        title, ruling_text, house_text, example_text = TEXTS[ruling]
        self.setTitle(translate(title))
        self.default_button = QRadioButton(QCoreApplication.translate("HouseRules", "Ruling (the default)"))
        self.house_button = QRadioButton(QCoreApplication.translate("HouseRules", "House rule"))
        # What each choice means, wrapped under its button (a radio button's own text never wraps).
        self.default_label = QLabel(translate(ruling_text))
        self.house_label = QLabel(translate(house_text))
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
        self._example = html.escape(translate(example_text), quote=False)
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


class HouseRulesDialog(QDialog):
    def __init__(self, info: CampaignInfo, read_only: bool = False, decimal_point: str = ".",
                 parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("houseRulesDialog")
        self.setWindowTitle(QCoreApplication.translate("HouseRules", "House rules"))
        self.info = info
        layout = QVBoxLayout(self)
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
        if not self.boxes:
            none = QLabel(QCoreApplication.translate("HouseRules", "No ruling concerns this system's checks: its "
                                                                   "rules text leaves nothing to choose here."))
            none.setObjectName("noRulings")
            none.setWordWrap(True)
            layout.addWidget(none)
        if read_only:
            layout.addWidget(QLabel(QCoreApplication.translate("HouseRules", "The campaign is read-only.")))
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setEnabled(not read_only)
        layout.addWidget(self.buttons)
        # Wrapped texts need their width fixed before their height is known (a top-level window does
        # not ask its layout for a height for its width): a readable width, then the height it needs.
        width = 640
        height = max(self.sizeHint().height(), layout.totalHeightForWidth(width))
        self.setMinimumSize(width, height)
        self.resize(width, height)

    def chosen(self) -> HouseRules:
        """The campaign's house rules with the choices made here."""
        return self.info.house_rules.with_rulings(**{IDS[r]: box.is_default() for r, box in self.boxes.items()})


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
