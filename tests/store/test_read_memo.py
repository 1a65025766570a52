"""What the store remembers of rows it read (the campaign row, the characters, by their stored text)
never shows a figure that is not in the file: it follows the store's own writes, another gmdesk's
writes (``data_version`` moves), another campaign, and every caller gets its own copy to change."""

from __future__ import annotations

import sqlite3
from fractions import Fraction

import pytest

from gmdesk.campaign.demo import demo_campaign
from gmdesk.cli.campaign import seed
from gmdesk.store import CampaignStore
from gmdesk.store.errors import CampaignFileError
from gmdesk.store.fresh import fresh


@pytest.fixture
def demo_path(tmp_path):
    def make(name: str = "demo.gmdesk", system: str = "pf2"):
        demo = demo_campaign(system, "en")
        path = tmp_path / name
        CampaignStore.create(path, demo.info, lambda store: seed(store, demo)).close()
        return path
    return make


def _first_pc(store):
    return next(c for c in store.characters.list() if c.kind == "pc")


def test_each_caller_gets_its_own_copy(demo_path):
    with CampaignStore.open(demo_path()) as store:
        info = store.info
        info.name = "Changed in memory only"
        info.house_rules.reroll_keeps_new = False
        assert store.info.name != "Changed in memory only"
        assert store.info.house_rules.reroll_keeps_new is True
        pc = _first_pc(store)
        as_read = pc.to_dict()
        pc.name = "Renamed in memory only"
        pc.sheet.abilities["str"] += 1  # a dict inside the sheet
        pc.sheet.attacks[0].name = "Changed"  # an object in a list inside the sheet
        assert _first_pc(store).to_dict() == as_read


def test_the_store_follows_its_own_writes(demo_path):
    with CampaignStore.open(demo_path()) as store:
        store.info, _first_pc(store)  # remembered
        info = store.info
        info.name, info.npc_health = "Renamed", "numbers"
        store.update_info(info)
        assert (store.info.name, store.info.npc_health) == ("Renamed", "numbers")
        pc = _first_pc(store)
        pc.sheet.abilities["str"] += 2
        store.characters.update(pc)
        assert _first_pc(store).sheet.abilities["str"] == pc.sheet.abilities["str"]


def test_another_gmdesk_writing_is_read(demo_path):
    path = demo_path()
    with CampaignStore.open(path) as store, CampaignStore.open(path) as other:
        before = store.data_version()
        store.info, _first_pc(store)
        info = other.info
        info.name = "Written elsewhere"
        other.update_info(info)
        pc = _first_pc(other)
        pc.sheet.abilities["dex"] += 1
        other.characters.update(pc)
        assert store.data_version() != before
        assert store.info.name == "Written elsewhere"
        assert _first_pc(store).sheet.abilities["dex"] == pc.sheet.abilities["dex"]


def test_another_campaign_shows_its_own(demo_path):
    a, b = demo_path("a.gmdesk"), demo_path("b.gmdesk")
    with CampaignStore.open(b) as store:
        pc = _first_pc(store)
        pc.sheet.abilities["con"] += 1
        store.characters.update(pc)
        info = store.info
        info.name = "Campaign B"
        store.update_info(info)
    with CampaignStore.open(a) as store:  # the same ids, other sheets: read as they are in A
        assert store.info.name != "Campaign B"
        first_a = _first_pc(store)
        assert first_a.id == pc.id and first_a.sheet.abilities["con"] == pc.sheet.abilities["con"] - 1
    with CampaignStore.open(b) as store:
        assert store.info.name == "Campaign B" and _first_pc(store).sheet.abilities["con"] == pc.sheet.abilities["con"]


def test_a_sheet_damaged_after_it_was_read_raises(demo_path):
    path = demo_path()
    with CampaignStore.open(path) as store:
        pc = _first_pc(store)  # remembered while whole
        con = sqlite3.connect(path)
        with con:
            con.execute("UPDATE characters SET sheet = ? WHERE id = ?", ('{"name": 3}', pc.id))
            con.execute("UPDATE campaign SET data = '[]' WHERE id = 1")
        con.close()
        with pytest.raises(CampaignFileError) as raised:
            store.characters.get(pc.id)
        assert raised.value.kind == "damaged"
    with CampaignStore.open(demo_path("other.gmdesk")) as store:
        store._db.conn.execute("UPDATE campaign SET data = '[]' WHERE id = 1")  # a write behind the store's back
        with pytest.raises(CampaignFileError):
            store.info  # noqa: B018


def test_fresh_shares_nothing_changeable():
    class Thing:
        def __init__(self):
            self.items = [{"a": [1, 2]}, (Fraction(1, 3), {"b": 2})]
            self.name = "x"

    thing = Thing()
    copy = fresh(thing)
    assert type(copy) is Thing and copy is not thing
    copy.items[0]["a"].append(3)
    copy.items[1][1]["b"] = 5
    copy.name = "y"
    assert thing.items == [{"a": [1, 2]}, (Fraction(1, 3), {"b": 2})] and thing.name == "x"


def _shares_something_changeable(a, b, path: str = "") -> str | None:
    """Where ``a`` and ``b`` (equal objects) hold the same changeable object, or None."""
    if isinstance(a, (str, int, float, bool, type(None), Fraction, frozenset)) or hasattr(type(a), "__members__"):
        return None
    if a is b and not isinstance(a, tuple):
        return path or "itself"
    if isinstance(a, dict):
        pairs = [(a[k], b[k], f"{path}[{k!r}]") for k in a]
    elif isinstance(a, (list, tuple)):
        pairs = [(x, y, f"{path}[{i}]") for i, (x, y) in enumerate(zip(a, b))]
    elif hasattr(a, "__dict__"):
        pairs = [(v, vars(b)[k], f"{path}.{k}") for k, v in vars(a).items()]
    else:
        return None
    return next((found for x, y, p in pairs if (found := _shares_something_changeable(x, y, p))), None)


@pytest.mark.parametrize("system", ["pf2", "dnd5e", "dnd35", "cof", "anarchy"])
def test_every_systems_sheets_read_twice_share_nothing(demo_path, system):
    with CampaignStore.open(demo_path(system=system)) as store:
        first, again = store.characters.list(), store.characters.list()
        assert [c.to_dict() for c in first] == [c.to_dict() for c in again] != []
        for a, b in zip(first, again):
            assert _shares_something_changeable(a, b) is None, (a.name, _shares_something_changeable(a, b))
        assert _shares_something_changeable(store.info, store.info) is None
