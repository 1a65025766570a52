"""Issue 15 §7: stat blocks read again are not checked again (a 2,000-NPC bestiary is listed by several
panels on open), yet every caller gets its own copy and every change is read back."""

from __future__ import annotations

from pathlib import Path

from gmdesk.campaign.importing import plan_import
from gmdesk.store.import_files import read_import

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "import"


def test_stat_blocks_read_twice_are_separate_copies_and_changes_are_seen(store):
    found = read_import(FIXTURES / "pf2_en.txt", "pf2")
    (goblin,) = store.characters.add_and_update(plan_import(found, [], "pf2").add, [])
    first, second = store.characters.get(goblin.id), store.characters.get(goblin.id)
    assert first == second and first is not second
    first.sheet.checks["perception"] = 99  # what one panel does to its copy…
    first.sheet.attacks[0].bonus = 50
    first.name = "Changed"
    again = store.characters.get(goblin.id)  # …no other reader sees
    assert (again.sheet.checks["perception"], again.sheet.attacks[0].bonus, again.name) == (5, 8, "Gutter Goblin Scout")
    store.characters.update(first)
    stored = [c for c in store.characters.list() if c.id == goblin.id][0]
    assert (stored.sheet.checks["perception"], stored.sheet.attacks[0].bonus, stored.name) == (99, 50, "Changed")
