"""Issue 17, items 5 and 7: every logged roll keeps its exact tier odds (a reroll's given the roll it
replaced), its group and the dice it threw, from the moment it is logged; a campaign made before is
upgraded (with its backup) to the same facts, computed from the check descriptions it kept; sessions
are what the log records, or the sitting of a roll logged without one."""

from __future__ import annotations

import json
import sqlite3
from fractions import Fraction as F
from itertools import product
from pathlib import Path

import pytest
from analytics_helpers import Faces, campaign, cli_check, log

from gmdesk.campaign.demo import demo_campaign
from gmdesk.campaign.log import LogEntry
from gmdesk import systems
from gmdesk.engine.core import SUCCESS_TIERS
from gmdesk.engine.words import Word
from gmdesk.store import CampaignStore, check_odds, roll_facts
from gmdesk.store.demo_seed import seed
from gmdesk.store.repair import save_repaired_copy
from gmdesk.store.schema import CURRENT_VERSION



def facts(path: Path) -> list[tuple]:
    """(id, session, actor, kind, secret, tier, odds, dice) of every roll, straight from the file."""
    c = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        return c.execute(
            "SELECT f.id, g.session, g.actor, g.kind, g.secret, o.tier, d.tiers, x.faces FROM roll_facts f "
            "JOIN roll_groups g ON g.id = f.grp JOIN roll_outcomes o ON o.id = f.outcome "
            "LEFT JOIN roll_odds d ON d.id = f.odds_id LEFT JOIN roll_dice x ON x.id = f.dice ORDER BY f.id").fetchall()
    finally:
        c.close()


@pytest.mark.parametrize("system", systems.ids())
def test_every_demo_roll_keeps_the_engines_exact_odds(tmp_path, system):
    demo = demo_campaign(system, "en")
    path = tmp_path / "demo.gmdesk"
    CampaignStore.create(path, demo.info, lambda s: seed(s, demo)).close()
    rows = facts(path)
    assert len(rows) == len(demo.log_entries) == 20
    for (rid, session, actor, kind, secret, tier, odds, dice), entry in zip(rows, demo.log_entries):
        want = systems.get(system).check_from_dict(entry.check).odds().tiers
        stored = {t: F(p) for t, p in json.loads(odds).items()}
        assert stored == dict(want) and sum(stored.values()) == 1
        assert (session, actor, tier, bool(secret)) == (entry.session, entry.actor, entry.tier, entry.secret)
        assert kind and "→" not in kind  # what was rolled, not at whom
        thrown = sorted((d["sides"], d["face"]) for d in entry.dice)
        assert sorted((sides, face) for sides, faces in roll_facts.parse_dice(dice or "").items()
                      for face in faces) == thrown


def test_the_success_tiers_are_the_engines():
    assert check_odds.SUCCESS_TIERS == SUCCESS_TIERS


def test_the_kind_of_check_is_what_was_rolled():
    kinds = {check_odds.check_kind(json.dumps(d)) for d in (
        {"system": "pf2", "type": "check", "label": "athletics", "dc": 20},
        {"system": "dnd35", "type": "save", "save": "will", "dc": 14},
        {"system": "dnd5e", "type": "attack", "label": "Rapière", "dc": 15},
        {"system": "dnd35", "type": "skill", "skill": "climb"},
        {"system": "dnd35", "type": "opposed", "actor": {"type": "skill", "skill": "hide"}, "opponent": {}},
    )}
    assert kinds == {"athletics", "will save", "Rapière attack", "climb", "hide"}


def test_a_roll_logged_without_a_session_joins_its_sitting(tmp_path):
    check = cli_check("cof", "--mod", "2", "--dc", "12")
    times = ["2026-11-30T20:00:00.000Z", "2026-11-30T23:30:00.000Z", "2026-12-01T01:10:00.000Z",  # past midnight
             "2026-12-01T09:00:00.000Z",  # 8 hours later: another sitting
             "2026-12-01T10:00:00.000Z"]
    with campaign(tmp_path, "cof") as store:
        for when in times:
            store.log.append(LogEntry.from_roll(check.roll(Faces(10)), check.describe(), actor="Aëlys", time_utc=when))
        store.log.append(LogEntry.from_roll(check.roll(Faces(10)), check.describe(), actor="Aëlys",
                                            session="Session 3", time_utc="2026-12-01T10:30:00.000Z"))
        # a named roll between does not break the sitting
        store.log.append(LogEntry.from_roll(check.roll(Faces(10)), check.describe(), actor="Aëlys",
                                            time_utc="2026-12-01T11:00:00.000Z"))
        assert store.log.facts.sessions() == ["2026-11-30", "2026-12-01", "Session 3"]
    assert [r[1] for r in facts(tmp_path / "stats.gmdesk")] == [
        "2026-11-30", "2026-11-30", "2026-11-30", "2026-12-01", "2026-12-01", "Session 3", "2026-12-01"]


def _panel_reroll(kind, check, first, rng):
    """The reroll ``kind`` (the system's name for it) as the check panel makes it (``check.roll``)."""
    from gmdesk.ui.panels.check import roll as check_roll

    return check_roll.reroll(check_roll.Reroll(kind, Word.same(kind)), check, first, rng, first.system)


def _reroll_through_the_check_panel(store, check, first, kind, faces):
    """The first roll and its reroll logged as the check panel logs them (``check.roll``)."""
    from gmdesk.ui.panels.check import roll as check_roll

    first_id = check_roll.log_roll(store, check, first, actor="Kyra", label="test", session="S", secret=False)
    reroll_check, result = _panel_reroll(kind, check, first, Faces(*faces))
    second_id = check_roll.log_roll(store, reroll_check, result, actor="Kyra", label="test", session="S",
                                    secret=False, reroll_of=first_id)
    return first_id, second_id, reroll_check, result


def _enumerated(kind, check, first, fresh_dice: int, sides: int) -> dict[str, F]:
    """The reroll's outcome over every value of its fresh dice, through the check panel's own reroll."""
    out: dict[str, F] = {}
    for faces in product(range(1, sides + 1), repeat=fresh_dice):
        _, result = _panel_reroll(kind, check, first, Faces(*faces))
        out[result.tier] = out.get(result.tier, F(0)) + F(1, sides ** fresh_dice)
    return out


def _stored_odds(path: Path, roll_id: int) -> dict[str, F]:
    row = next(r for r in facts(path) if r[0] == roll_id)
    return {t: p for t, p in ((t, F(p)) for t, p in json.loads(row[6]).items()) if p}


@pytest.mark.parametrize("keeps_new", [True, False])
def test_a_fortune_reroll_has_the_odds_of_the_reroll_given_the_first_roll(tmp_path, keeps_new):
    words = ("pf2", "--mod", "6", "--dc", "18") + (() if keeps_new else ("--house-rule", "R-1"))
    check = cli_check(*words)
    first = check.roll(Faces(7))  # 13 vs 18: a failure
    with campaign(tmp_path) as store:
        first_id, second_id, _, result = _reroll_through_the_check_panel(store, check, first, "fortune", [4])
    stored = _stored_odds(tmp_path / "stats.gmdesk", second_id)
    assert stored == _enumerated("fortune", check, first, 1, 20)
    if keeps_new:  # a fresh d20, the new result stands: exactly the check's own odds
        assert stored == {t: p for t, p in check.odds().tiers.items() if p}
    else:  # the better of 7 and the new face: never worse than the first roll's failure
        assert "critical_failure" not in stored and stored != {t: p for t, p in check.odds().tiers.items() if p}
    assert _stored_odds(tmp_path / "stats.gmdesk", first_id) == {t: p for t, p in check.odds().tiers.items() if p}
    # the reroll threw one die: the first roll's die is not counted again
    assert next(r for r in facts(tmp_path / "stats.gmdesk") if r[0] == second_id)[7] == "20:4"


def test_an_inspiration_reroll_keeps_the_other_die_of_an_advantage_pair(tmp_path):
    check = cli_check("dnd5e", "--mod", "2", "--dc", "15", "--advantage")
    first = check.roll(Faces(3, 9))  # 9 + 2 = 11: a failure; the 3 is rerolled, the 9 stays
    with campaign(tmp_path, "dnd5e") as store:
        _, second_id, _, _ = _reroll_through_the_check_panel(store, check, first, "inspiration", [12])
    stored = _stored_odds(tmp_path / "stats.gmdesk", second_id)
    assert stored == _enumerated("inspiration", check, first, 1, 20)
    assert stored["success"] == F(8, 20)  # max(9, new) + 2 ≥ 15: the new die shows 13 to 20


def test_a_luck_reroll_has_the_odds_of_rerolling_the_misses(tmp_path):
    check = cli_check("anarchy", "--pool", "5", "--threshold", "3")
    first = check.roll(Faces(6, 2, 1, 3, 5))  # 2 hits of 3 needed; 3 misses rerolled by Luck
    with campaign(tmp_path, "anarchy") as store:
        _, second_id, _, _ = _reroll_through_the_check_panel(store, check, first, "luck", [1, 4, 6])
    stored = _stored_odds(tmp_path / "stats.gmdesk", second_id)
    assert stored == _enumerated("luck", check, first, 3, 6)
    assert stored["failure"] == F(2, 3) ** 3  # one new hit of three dice is enough
    # Luck replays the first roll's five dice: only the three new ones were thrown.
    assert next(r for r in facts(tmp_path / "stats.gmdesk") if r[0] == second_id)[7] == "6:1,4,6"


def test_a_description_gmdesk_cannot_rebuild_has_unknown_odds(tmp_path):
    with campaign(tmp_path) as store:
        store.log.append(LogEntry(system="pf2", tier="success", check={"type": "mystery"}, actor="Kyra",
                                  dice=[{"sides": 20, "face": 12, "state": "kept"}]))
    (row,) = facts(tmp_path / "stats.gmdesk")
    assert row[6] is None and row[7] == "20:12"


def _old_file(path: Path, system: str) -> list[LogEntry]:
    """A campaign as schema 3 left it: the demo's rolls in the log, no facts."""
    demo = demo_campaign(system, "en")
    CampaignStore.create(path, demo.info, lambda s: seed(s, demo)).close()
    c = sqlite3.connect(path, isolation_level=None)
    c.execute("BEGIN")
    for table in ("roll_facts", "roll_groups", "roll_odds", "roll_outcomes", "roll_dice"):
        c.execute(f"DROP TABLE {table}")
    c.execute("ALTER TABLE roll_log DROP COLUMN fight")
    c.execute("ALTER TABLE roll_log DROP COLUMN round")
    c.execute("DROP INDEX characters_origin")  # schema step 5 (issue 15)
    c.execute("ALTER TABLE characters DROP COLUMN origin")
    c.execute("PRAGMA user_version = 3")
    c.execute("COMMIT")
    c.close()
    return demo.log_entries


@pytest.mark.parametrize("system", ["pf2", "anarchy"])
def test_an_older_campaign_gets_the_facts_a_new_one_has_after_its_backup(tmp_path, system):
    fresh = tmp_path / "fresh.gmdesk"
    demo = demo_campaign(system, "en")
    CampaignStore.create(fresh, demo.info, lambda s: seed(s, demo)).close()
    old = tmp_path / "old.gmdesk"
    _old_file(old, system)
    with CampaignStore.open(old) as store:
        assert store.schema_version == CURRENT_VERSION
        assert store.migration_backup is not None and store.migration_backup.name == "old.gmdesk.v3.bak"
    assert facts(old) == facts(fresh)
    c = sqlite3.connect(f"file:{store.migration_backup}?mode=ro", uri=True)
    try:  # the file as it was: schema 3, every roll, no facts
        assert c.execute("PRAGMA user_version").fetchone()[0] == 3
        assert c.execute("SELECT count(*) FROM roll_log").fetchone()[0] == 20
        assert not c.execute("SELECT name FROM sqlite_master WHERE name = 'roll_facts'").fetchall()
    finally:
        c.close()


def test_a_repaired_copy_has_the_facts_of_its_rolls(tmp_path):
    demo = demo_campaign("dnd5e", "en")
    path = tmp_path / "demo.gmdesk"
    CampaignStore.create(path, demo.info, lambda s: seed(s, demo)).close()
    save_repaired_copy(path, tmp_path / "copy.gmdesk")
    assert [r[1:] for r in facts(tmp_path / "copy.gmdesk")] == [r[1:] for r in facts(path)]


def test_facts_are_written_with_the_roll_or_not_at_all(tmp_path):
    """A batch refused (a reroll of a roll that is not there) leaves no facts behind, and the next
    batch's ids are right."""
    check = cli_check("pf2", "--mod", "3", "--dc", "15")
    with campaign(tmp_path) as store:
        log(store, check, Faces(5, 12), count=2, actor="Kyra")
        bad = LogEntry.from_roll(check.roll(Faces(3)), check.describe(), actor="Kyra", reroll_of=99)
        with pytest.raises(Exception):
            store.log.append_many([LogEntry.from_roll(check.roll(Faces(4)), check.describe(), actor="New"), bad])
        log(store, check, Faces(20), actor="Ezren")
        assert store.log.facts.actors() == ["Ezren", "Kyra"]
    assert [r[0] for r in facts(tmp_path / "stats.gmdesk")] == [1, 2, 3]


def test_a_file_missing_its_facts_is_told_damaged_and_left_alone(tmp_path):
    import subprocess
    import sys

    from gmdesk.store.checkup import check_file

    path = tmp_path / "hand.gmdesk"
    demo = demo_campaign("cof", "en")
    CampaignStore.create(path, demo.info, lambda s: seed(s, demo)).close()
    c = sqlite3.connect(path, isolation_level=None)
    c.execute("DROP TABLE roll_facts")
    c.close()
    before = path.read_bytes()
    report = check_file(path)
    assert report.status == 1 and "tables missing: roll_facts" in report.summary
    done = subprocess.run([sys.executable, "-m", "gmdesk", "stats", str(path)], capture_output=True, text=True,
                          timeout=60)
    # in the words of `check` (issue 22: one verdict, the same line in every command)
    assert done.returncode == 2 and "the campaign file is damaged: tables missing: roll_facts" in done.stderr
    assert "Traceback" not in done.stderr and path.read_bytes() == before
    # The window opens it read-only to save a repaired copy; reading the statistics says damaged too.
    from gmdesk.store.errors import CampaignFileError

    with CampaignStore.open(path, damaged_ok=True) as store:
        assert store.read_only
        with pytest.raises(CampaignFileError, match="tables missing"):
            store.log.facts.counts()
