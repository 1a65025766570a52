"""The check panel's "against" list is refilled only when its entries change: a refilled combo box
is measured again and lays the window out twice more, on a turn that changed nothing in it."""

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
    removed = []
    combo.model().rowsRemoved.connect(lambda *_: removed.append(1))
    target.set_context(actor, None, characters)
    assert removed == [] and entries(combo) == before  # the same names and ids: not refilled
    assert combo.currentData() == opponent.id  # the GM's pick stays
    renamed = [replace(c, name=c.name + " the Bold") if c.id == opponent.id else c for c in characters]
    target.set_context(actor, None, renamed)
    assert removed  # a name changed: refilled
    assert combo.itemText(combo.findData(opponent.id)) == opponent.name + " the Bold"
    assert combo.currentData() == opponent.id  # and the pick kept
    target.set_context(opponent, None, renamed)  # the opponent's own turn: not against itself
    assert combo.findData(opponent.id) == -1 and combo.findData(actor.id) > 0
    assert combo.currentIndex() == 0
