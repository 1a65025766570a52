"""Filling a new campaign file with the demo (``gmdesk new --demo``, a new campaign in the desk).

``seed(store, demo)`` writes a ``gmdesk.campaign.demo.DemoCampaign`` into a freshly created store;
the demo numbers its characters and log entries itself, so their ids are mapped onto the stored
ones. Pass it as the ``populate`` callback of ``CampaignStore.create``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from gmdesk.campaign.log import LogEntry

if TYPE_CHECKING:
    from gmdesk.campaign.demo import DemoCampaign
    from gmdesk.store.campaign_store import CampaignStore


def seed(store: CampaignStore, demo: DemoCampaign) -> None:
    """Put a ``DemoCampaign`` into a new store, mapping the demo's ids onto the stored ones."""
    added = store.characters.add_many(list(demo.characters))
    ids = {old.id: new.id for old, new in zip(demo.characters, added) if old.id is not None}
    for scene in demo.scenes:
        for check in scene.checks:
            check.rollers = [ids.get(r, r) for r in check.rollers if r in ids]
        store.scenes.add(scene)
    if demo.encounter is not None:
        for combatant in demo.encounter.combatants:
            if combatant.character_id is not None:
                combatant.character_id = ids.get(combatant.character_id)
        store.encounter.save(demo.encounter)
    entries = list(demo.log_entries)
    # Rerolls point at demo ids; appended in order, entry k gets the k-th new id.
    first = store.log.last_id() + 1
    demo_ids = {e.id: first + k for k, e in enumerate(entries) if e.id is not None}
    for k, e in enumerate(entries):
        if e.reroll_of is not None:
            e = LogEntry.from_dict({**e.to_dict(), "reroll_of": demo_ids.get(e.reroll_of)})
            entries[k] = e
    store.log.append_many(entries)
