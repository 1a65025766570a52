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


def test_a_save_naming_no_save_is_refused_in_the_gms_language_and_nothing_changes(qtbot, monkeypatch):
    """Issue 28 review: "sagesse" on a 5e block was kept, and the round left the action out without a
    word. Now it is refused beside the field, in French for a French GM; "sag" is Wisdom's save."""
    from gmdesk.ui import i18n

    monkeypatch.setattr(i18n, "_current", "fr")
    srd = {c.name: c for c in shipped("dnd5e")}
    dragon = replace(new_npcs(srd["Young Red Dragon"], 1, random.Random(1))[0], id=5)
    form = SheetForm()
    qtbot.addWidget(form)
    form.set_character(dragon)
    row = form.row(("sheet", "save_actions", 0, "save"))
    sent = []
    form.commit.connect(sent.append)
    row.editor.widget.setText("sagesse")
    row.editor.widget.textEdited.emit("sagesse")
    assert not sent, "nothing stored"
    assert row.pending_error and "«\u202fsagesse\u202f» n’est pas une sauvegarde de ce bloc de stats" in row.error.text()
    row.editor.widget.setText("sag")
    row.editor.widget.textEdited.emit("sag")
    after = Character.from_dict(sent[-1].transform(dragon.to_dict(), sent[-1].new))
    assert after.sheet.save_actions[0].save == "wis" and not row.pending_error
