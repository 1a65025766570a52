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
