"""Issue 23 §7: two stat blocks pasted together in File › Import… show as two cards in the preview, one
per creature, each with its own level and its own attacks, and the Add button counts two."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QDialogButtonBox

from gmdesk.ui.dialogs.import_dialog import ImportDialog

GOBLIN_AND_KOBOLD = """\
Goblin Warrior
Creature –1
CG SMALL GOBLIN HUMANOID
Perception +2; darkvision
Str +0, Dex +3, Con +1, Int +0, Wis –1, Cha +1
AC 16; Fort +5, Ref +7, Will +3
HP 6
Melee [one-action] dogslicer +7 (agile, backstabber, finesse), Damage 1d6 slashing
Ranged [one-action] shortbow +7 (deadly 1d10, range increment 60 feet), Damage 1d6 piercing
Kobold Warrior Creature 2
LE SMALL HUMANOID KOBOLD
Perception +3; darkvision
Str +1, Dex +3, Con +0, Int +0, Wis +1, Cha –1
AC 16; Fort +4, Ref +7, Will +3
HP 8
Melee [one-action] spear +3, Damage 1d6 piercing
"""


@pytest.fixture
def dialog(qtbot):
    d = ImportDialog("pf2", [])
    qtbot.addWidget(d)
    return d


def cards(dialog) -> dict[str, dict[str, list[str]]]:
    """{card title: {row label: [values]}}."""
    out = {}
    for i in range(dialog.preview.topLevelItemCount()):
        top, rows = dialog.preview.topLevelItem(i), {}
        for j in range(top.childCount()):
            rows.setdefault(top.child(j).text(0), []).append(top.child(j).text(1))
        out[top.text(0)] = rows
    return out


def test_two_blocks_pasted_together_are_two_cards(qtbot, dialog):
    dialog.paste.setPlainText(GOBLIN_AND_KOBOLD)
    qtbot.waitUntil(lambda: dialog.preview.topLevelItemCount() > 0, timeout=3000)  # the preview follows the paste
    shown = cards(dialog)
    assert list(shown) == ["Goblin Warrior", "Kobold Warrior"]
    goblin, kobold = shown.values()
    assert (goblin["Level"], kobold["Level"]) == (["-1"], ["2"])
    assert goblin["Strike"] == ["dogslicer +7", "shortbow +7"]
    assert kobold["Strike"] == ["spear +3"]
    assert (goblin["Perception"], kobold["Perception"]) == (["+2"], ["+3"])
    assert "Not used" not in goblin and "Not used" not in kobold  # nothing of one read into the other
    assert dialog.buttons.button(QDialogButtonBox.StandardButton.Ok).text() == "Add (2)"
