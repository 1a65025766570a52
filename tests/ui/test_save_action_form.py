"""A stat block's "Actions with a save" in the sheet form: a breath weapon the bestiary kept shows with
its save, DC and damage, and setting its "A round" is a valid edit of the stored block (the fight's
odds then count it). Offscreen, the form alone."""

from __future__ import annotations

import random
from dataclasses import replace

from gmdesk.campaign.bestiary import new_npcs, shipped
from gmdesk.campaign.model import Character
from gmdesk.ui.sheets.form import SheetForm


def test_the_breath_shows_and_its_round_is_an_edit(qtbot):
    srd = {c.name: c for c in shipped("dnd5e")}
    dragon = replace(new_npcs(srd["Young Red Dragon"], 1, random.Random(1))[0], id=5)
    form = SheetForm()
    qtbot.addWidget(form)
    form.set_character(dragon)
    paths = [row.path for row in form.rows()]
    assert ("sheet", "save_actions", 0, "per_round") in paths
    assert form.row(("sheet", "save_actions", 0, "name")).editor.value() == "Fire Breath"
    assert form.row(("sheet", "save_actions", 0, "dc")).editor.value() == dragon.sheet.save_actions[0].dc
    row = form.row(("sheet", "save_actions", 0, "per_round"))
    with qtbot.waitSignal(form.commit) as sent:
        row.editor.widget.setValue(1)
        row.editor.widget.editingFinished.emit()
    change = sent.args[0]
    after = Character.from_dict(change.transform(dragon.to_dict(), change.new))
    assert after.sheet.save_actions[0].per_round == 1
    assert after.sheet.save_actions[1:] == dragon.sheet.save_actions[1:]
