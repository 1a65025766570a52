"""Every logged roll records the rulings it was made under (issue 13 item 2), in the check
description the log already keeps: no schema change; files written before read as the defaults."""

import csv
import io
import random
from pathlib import Path

import pytest

from gmdesk.campaign.checks import CheckRef, Situation, build_check
from gmdesk.campaign.demo import demo_campaign
from gmdesk.campaign.house_rules import HouseRules
from gmdesk.campaign.log import LogEntry
from gmdesk.campaign.model import CampaignInfo
from gmdesk.store import CampaignStore, LogFilter
from gmdesk.store.exports import export_log, rulings_text

from store_helpers import build_v1


def _rows(store) -> list[dict]:
    out = io.StringIO()
    export_log(store.log, "csv", out, LogFilter())
    return list(csv.DictReader(io.StringIO(out.getvalue())))


def test_a_logged_roll_keeps_the_house_rules_in_force(tmp_path: Path) -> None:
    demo = demo_campaign("anarchy")
    who = demo.characters[0]
    rules = HouseRules(complication_needs_a_one=False)
    check = build_check(who, CheckRef("preset", "perception"), Situation(threshold=2), house_rules=rules)
    plain = build_check(who, CheckRef("preset", "perception"), Situation(threshold=2))
    with CampaignStore.create(tmp_path / "a.gmdesk", CampaignInfo("A", "anarchy", rules)) as store:
        for c in (check, plain):
            store.log.append(LogEntry.from_roll(c.roll(random.Random(1)), c.describe(), actor=who.name))
        first, second = store.log.get(1), store.log.get(2)
        assert first.rulings == {"one_reroll_per_test": True, "complication_needs_a_one": False,
                                 "complication_after_luck": True}
        assert second.rulings["complication_needs_a_one"] is True
        rows = _rows(store)
    assert [r["Rulings"] for r in rows] == ["R-3, R-4 off, R-5", "R-3, R-4, R-5"]
    md = io.StringIO()
    with CampaignStore.open(tmp_path / "a.gmdesk") as store:
        export_log(store.log, "md", md, LogFilter())
    assert "| Rulings |" in md.getvalue() and "R-4 off" in md.getvalue()


def test_a_file_written_before_reads_as_the_default_rulings(tmp_path: Path) -> None:
    old = tmp_path / "old.gmdesk"
    build_v1(old, rolls=3)  # pf2 rolls whose descriptions know nothing of rulings
    with CampaignStore.open(old) as store:
        entries = store.log.page(LogFilter(), 0, 10)
        assert [e.rulings for e in entries] == [{"reroll_keeps_new": True}] * 3
        assert [r["Rulings"] for r in _rows(store)] == ["R-1"] * 3


def test_rulings_text_reads_what_the_description_records() -> None:
    assert rulings_text("pf2", '{"reroll_keeps_new":true}') == "R-1"
    assert rulings_text("pf2", '{"reroll_keeps_new":false}') == "R-1 off"
    assert rulings_text("pf2", None) == "R-1"  # logged before the rulings were recorded
    assert rulings_text("dnd35", None) == ""
    assert rulings_text("pf2", '{"nonsense":1}') == ""  # hand-edited: nothing guessed


def test_a_label_cannot_fake_the_rulings_and_a_bad_description_is_damage(tmp_path: Path) -> None:
    import json
    import sqlite3

    from gmdesk.store import CampaignFileError
    from gmdesk.store.checkup import check_file

    with CampaignStore.create(tmp_path / "b.gmdesk", CampaignInfo("B", "pf2")) as store:
        fake = {"label": '"rulings":{"reroll_keeps_new":false}', "rulings": {"reroll_keeps_new": True}}
        store.log.append(LogEntry(system="pf2", tier="success", label="x", check=fake))
        store.log.append(LogEntry(system="pf2", tier="failure", check={"rulings": {"reroll_keeps_new": False}}))
        assert [r["Rulings"] for r in _rows(store)] == ["R-1", "R-1 off"]
    assert json.loads(json.dumps(fake))["rulings"] == {"reroll_keeps_new": True}
    # a description damaged by hand (the log refuses UPDATE: write it as a raw insert): the file is
    # damaged, as `gmdesk check` says, for every command (issue 22), not exported around
    conn = sqlite3.connect(tmp_path / "b.gmdesk")
    conn.execute("INSERT INTO roll_log (time_utc, system, tier, check_json, dice_json, breakdown_json, notes_json) "
                 "VALUES ('2026-01-01T00:00:00.000Z', 'pf2', 'success', '{not json', '[]', '[]', '[]')")
    conn.commit()
    conn.close()
    assert check_file(tmp_path / "b.gmdesk").status == 1
    with pytest.raises(CampaignFileError) as err:
        CampaignStore.open(tmp_path / "b.gmdesk")
    assert err.value.kind == "damaged" and "#3" in str(err.value)
