"""The check panel's "against" list is refilled only when its entries change: a refilled combo box
is measured again and lays the window out twice more, on a turn that changed nothing in it; when
they do change, the GM's pick stays and the actor is never their own opponent."""

from __future__ import annotations

from dataclasses import replace


def entries(combo) -> list:
    return [(combo.itemText(i), combo.itemData(i)) for i in range(combo.count())]


def test_the_against_list_is_left_as_it_is_when_its_entries_are_the_same(make_window, demo_file):
    window = make_window(demo_file)
    target = window.panels["check"].target
    characters = window.store.characters.list()
    actor, opponent = characters[0], characters[-1]
    target.set_context(actor, None, characters)
    combo = target.against_combo
    combo.setCurrentIndex(combo.findData(opponent.id))
    before = entries(combo)
    touched = []
    model = combo.model()
    for signal in (model.rowsRemoved, model.rowsInserted, model.dataChanged, model.modelReset):
        signal.connect(lambda *_: touched.append(1))
    target.set_context(actor, None, characters)
    assert touched == [] and entries(combo) == before  # the same names and ids: left as it is
    assert combo.currentData() == opponent.id  # the GM's pick stays
    renamed = [replace(c, name=c.name + " the Bold") if c.id == opponent.id else c for c in characters]
    target.set_context(actor, None, renamed)
    assert touched  # a name changed: rewritten
    assert combo.itemText(combo.findData(opponent.id)) == opponent.name + " the Bold"
    assert combo.currentData() == opponent.id  # and the pick kept
    assert combo.sizeHint().width() > combo.fontMetrics().horizontalAdvance(opponent.name + " the Bold")
    target.set_context(opponent, None, renamed)  # the opponent's own turn: not against itself
    assert combo.findData(opponent.id) == -1 and combo.findData(actor.id) > 0
    assert combo.currentIndex() == 0


def test_the_against_list_follows_characters_added_and_removed(make_window, demo_file):
    window = make_window(demo_file)
    target = window.panels["check"].target
    characters = window.store.characters.list()
    assert len(characters) >= 3
    actor = characters[0]
    for shown in (characters[:2], characters, characters[1:], characters[:1]):
        target.set_context(actor, None, shown)
        assert entries(target.against_combo)[1:] == [(c.name, c.id) for c in shown if c.id != actor.id]
        assert entries(target.against_combo)[0][1] is None  # "nobody (typed in)" first


def test_a_turn_to_another_combatant_does_not_resize_the_against_list(make_window, demo_file, qtbot):
    """Qt's AdjustToContents resized the combo to its own width 20 ms after its entries changed, and
    the layout put it back: two more layouts of the window on every turn."""
    from PySide6.QtCore import QEvent, QObject

    window = make_window(demo_file)
    target = window.panels["check"].target
    characters = window.store.characters.list()
    target.set_context(characters[0], None, characters)
    qtbot.wait(50)

    class Resizes(QObject):
        count = 0

        def eventFilter(self, watched, event):  # noqa: N802
            if event.type() == QEvent.Type.Resize:
                self.count += 1
            return False

    resizes = Resizes()
    target.against_combo.installEventFilter(resizes)
    target.set_context(characters[1], None, characters)  # the next combatant: the entries change
    qtbot.wait(80)
    assert characters[0].id in [target.against_combo.itemData(i) for i in range(target.against_combo.count())]
    assert resizes.count == 0
