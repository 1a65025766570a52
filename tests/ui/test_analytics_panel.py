"""Issue 17 in the window: the Analytics dock shows the open campaign against its odds, follows rolls
made in the window and by other programs, follows campaign switches and the language, lets the GM set
the level and pick a session or a character, and exports the session recap; rolls made from the
initiative queue record their fight and round."""

from __future__ import annotations

import re
from fractions import Fraction

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QFileDialog

from gmdesk.campaign.log import LogEntry
from gmdesk.store import CampaignStore

from tests.ui.conftest import campaign_file
from tests.ui.trust_tools import texts_of


def show_analytics(window, qtbot):
    window.docks["analytics"].show()
    window.docks["analytics"].raise_()
    panel = window.panels["analytics"]
    qtbot.waitUntil(lambda: panel.report is not None and not panel._stale, timeout=5000)
    return panel


def table(panel) -> list[list[str]]:
    t = panel.table
    return [[t.item(r, c).text() for c in range(t.columnCount())] for r in range(t.rowCount())]


def analysed(panel) -> int:
    return int(re.match(r"(\d+) rolls? analysed", panel.summary.text()).group(1))


def test_the_panel_waits_while_hidden_then_shows_the_campaign_against_its_odds(make_window, demo_file, qtbot):
    window = make_window(demo_file)
    panel = window.panels["analytics"]
    # a tab behind the check panel: nothing counted, no chart built yet
    assert not panel.seen() and panel.report is None and not panel.dice_tab.lazy.is_built()
    panel = show_analytics(window, qtbot)
    assert analysed(panel) == 20
    assert "Nobody was luckier or unluckier than chance explains (22 groups looked at)." in panel.summary.text()
    rows = table(panel)
    assert rows[0][:3] == ["all rolls", "", "20"]
    assert {"Brunhild", "Sélène", "Athletics", "Perception", "Session 1", "Session 2"} <= {r[1] for r in rows}
    assert all(r[3].endswith("expected") and r[6].startswith("critical failure") for r in rows)
    assert panel.dice_chart.title == "Too few d20 rolls (20) to judge the die: about 100 are needed."
    assert sum(panel.dice_chart.counts) == 20
    assert panel.calibration_chart.bins and all(0 <= b[1] <= 1 for b in panel.calibration_chart.bins)
    assert panel.streak_session == "Session 2" and "Brunhild" in panel.streak_chart.names
    assert [panel.tabs.tabText(i) for i in range(4)] == ["Groups", "Dice", "Calibration", "Streaks"]


def test_rolls_made_here_or_by_another_program_are_counted(make_window, demo_file, qtbot):
    window = make_window(demo_file)
    check = window.panels["check"]
    window.docks["check"].raise_()
    check.roll_action.trigger()  # a roll while the panel is hidden: counted when the GM looks
    panel = show_analytics(window, qtbot)
    assert analysed(panel) == 21
    # Another program (gmdesk roll --log, a second window) logs two rolls into the same file.
    with CampaignStore.open(demo_file) as other:
        template = other.log.get(1)
        other.log.append_many([LogEntry.from_dict({**template.to_dict(), "id": None, "actor": "Visitor"})] * 2)
    window.watcher.poll()  # the window's watch of the file (a timer does it every few hundred ms)
    qtbot.waitUntil(lambda: analysed(panel) == 23, timeout=5000)
    assert "Visitor" in {r[1] for r in table(panel)}
    assert panel.actor_combo.findData("Visitor") >= 0  # the filters learn the new name


def test_the_panel_follows_a_campaign_switch_even_hidden(make_window, demo_file, tmp_path, qtbot):
    other = campaign_file(tmp_path, "dnd5e")
    with CampaignStore.open(other) as store:
        b_actors = set(store.log.facts.actors())
    with CampaignStore.open(demo_file) as store:
        a_only = set(store.log.facts.actors()) - b_actors
    assert a_only
    window = make_window(demo_file)
    panel = show_analytics(window, qtbot)
    panel.actor_combo.setCurrentIndex(panel.actor_combo.findData("Brunhild"))
    assert analysed(panel) < 20
    window.docks["check"].raise_()  # hidden when the campaign changes
    window.open_campaign(other)
    leftovers = [text for _, text in texts_of(panel) for name in a_only if name in text]
    assert leftovers == []  # nothing of the first campaign stays, not even in a hidden panel
    panel = show_analytics(window, qtbot)
    assert panel.actor_combo.currentData() is None and panel.session_combo.currentData() is None
    assert analysed(panel) == 20 and {r[1] for r in table(panel) if r[0] == "character"} == b_actors
    window.open_campaign(demo_file)
    panel = show_analytics(window, qtbot)
    assert {r[1] for r in table(panel) if r[0] == "character"} >= a_only


def test_session_character_and_level(make_window, demo_file, qtbot):
    window = make_window(demo_file)
    panel = show_analytics(window, qtbot)
    panel.session_combo.setCurrentIndex(panel.session_combo.findData("Session 1"))
    with CampaignStore.open(demo_file, read_only=True) as store:
        in_session_1 = sum(1 for e in store.log.iter() if e.session == "Session 1")
    assert analysed(panel) == in_session_1 and panel.streak_session == "Session 1"
    assert "session" not in {r[0] for r in table(panel)}  # one session picked: it is the whole
    panel.level_spin.setValue(20.0)
    assert panel.report.level == Fraction(1, 5)
    for row, group in zip(table(panel), [g for g in panel.report.groups if g.rolls]):
        assert group.flagged == (group.p_holm <= 0.2)
        assert row[5] == ("" if not group.flagged else "hot" if group.direction == "hot" else "cold")
    assert "level 20 %" not in panel.summary.text()  # the numbers behind the words: with Details
    panel.details_box.setChecked(True)
    assert "Flagged past level 20 %, Holm-corrected" in panel.summary.text()


def test_the_language_switch_redoes_every_text(make_window, demo_file, qtbot):
    window = make_window(demo_file)
    panel = show_analytics(window, qtbot)
    window.set_language("fr")
    panel = show_analytics(window, qtbot)
    assert window.docks["analytics"].windowTitle() == "Statistiques"
    assert panel.summary.text().startswith("20 jets analysés. Personne n’a eu plus de chance ou de malchance")
    assert [panel.tabs.tabText(i) for i in range(4)] == ["Groupes", "Dés", "Calibration", "Séries"]
    assert table(panel)[0][0] == "tous les jets" and panel.session_combo.itemText(0) == "toutes les séances"
    kinds = {r[1] for r in table(panel) if r[0] == "type de test"}
    assert {"Athlétisme", "Perception"} <= kinds and "athletics" not in kinds  # the sheets' words
    assert panel.dice_chart.title.startswith("Trop peu de lancers de d20 (20)")
    assert table(panel)[1][7] in ("à peu près comme prévu",) or "soirée sur" in table(panel)[1][7]


def test_export_recap_from_the_panel_in_the_windows_language(make_window, demo_file, tmp_path, qtbot, monkeypatch):
    window = make_window(demo_file, lang="fr")
    panel = show_analytics(window, qtbot)
    target = tmp_path / "récap.html"
    asked = []

    def save_as(parent, title, start, filters):
        asked.append((title, start))
        return str(target), filters

    monkeypatch.setattr(QFileDialog, "getSaveFileName", staticmethod(save_as))
    qtbot.mouseClick(panel.export_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: not panel.recap_work.running(), timeout=10000)  # written off the window's thread
    assert asked and asked[0][1].endswith(".html")
    html = target.read_text(encoding="utf-8")
    assert '<html lang="fr">' in html and "Session 2" in html and "Jets secrets laissés de côté." in html
    assert panel.status_label.text() == f"Récapitulatif de Session 2 enregistré dans {target}"
    panel.secret_box.setChecked(True)
    panel.session_combo.setCurrentIndex(panel.session_combo.findData("Session 1"))
    qtbot.mouseClick(panel.export_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: not panel.recap_work.running(), timeout=10000)
    html = target.read_text(encoding="utf-8")
    assert "Jets secrets compris." in html and "Force the gate" in html  # Session 1 now


def test_a_roll_made_for_a_combatant_records_its_fight_and_round(make_window, demo_file, qtbot):
    window = make_window(demo_file)
    window.docks["encounter"].raise_()
    fight = window.panels["encounter"]
    check = window.panels["check"]
    encounter = window.store.encounter.get()
    fighter = next(c for c in encounter.queue() if c.character_id is not None)
    fight.select_id(fighter.id)
    assert check.followed is not None
    rolled = check.roll()
    entry = window.store.log.get(rolled.entry_id)
    assert (entry.fight, entry.round) == (encounter.name, encounter.round)
    window.panels["party"].select_id(window.panels["party"].model.ids()[0])  # the GM picks someone in the party
    qtbot.waitUntil(lambda: check.followed is None, timeout=2000)
    entry = window.store.log.get(check.roll().entry_id)
    assert (entry.fight, entry.round) == ("", None)


def test_the_default_level_is_the_reports():
    from gmdesk.analytics.report import DEFAULT_LEVEL
    from gmdesk.ui.panels.analytics.panel import DEFAULT_LEVEL_PERCENT

    assert DEFAULT_LEVEL * 100 == DEFAULT_LEVEL_PERCENT


def test_plain_words_first_and_the_numbers_behind_details(make_window, demo_file, qtbot):
    """Issue 26: each row says what its numbers mean; the p-values and outcome counts wait behind Details;
    a group of rolls whose odds are unknown is not a row of zeros but a sentence saying which and why."""
    with CampaignStore.open(demo_file) as store:
        template = store.log.get(1)
        broken = {**template.to_dict(), "id": None, "actor": "Town guard 2", "check": {"type": "nonsense"}}
        store.log.append_many([LogEntry.from_dict(broken)] * 2)
    window = make_window(demo_file)
    panel = show_analytics(window, qtbot)
    assert all(panel.table.isColumnHidden(c) for c in (4, 6)) and not panel.table.isColumnHidden(7)
    rows = table(panel)
    assert "Town guard 2" not in {r[1] for r in rows}  # no "0 of 0.0 expected" row
    assert "Unknown odds, left out of the count: 2 rolls of Town guard 2" in panel.summary.text()
    brunhild = next(g for g in panel.report.family("actor") if g.name == "Brunhild")
    from gmdesk.analytics.plain import luck_clause, tested_groups

    assert next(r for r in rows if r[1] == "Brunhild")[7] == luck_clause(brunhild, tested_groups(panel.report), "en")
    assert "χ²" not in panel.summary.text()
    qtbot.mouseClick(panel.details_box, Qt.MouseButton.LeftButton)
    assert not any(panel.table.isColumnHidden(c) for c in (4, 6))
    assert "Flagged past level 1 %, Holm-corrected over" in panel.summary.text()


def test_count_axes_tick_whole_numbers_and_decimals_follow_the_locale(qtbot):
    """Issue 26, item 4: a count of 2 reads 0, 1, 2 (never 0, 0, 1, 1, 2), and 1,5 in French."""
    from PySide6.QtCore import QLocale

    from gmdesk.ui.charts.analytics_charts import DiceChart, NumberAxis

    chart = DiceChart()
    qtbot.addWidget(chart)
    left = chart.getPlotItem().getAxis("left")
    assert isinstance(left, NumberAxis) and left.whole
    spacing = left.tickSpacing(0, 2.2, 300)
    assert all(step >= 1 and step == int(step) for step, _ in spacing)
    assert left.tickStrings([0.0, 1.0, 2.0], 1, 1) == ["0", "1", "2"]
    before = QLocale()
    QLocale.setDefault(QLocale(QLocale.Language.French, QLocale.Country.France))
    try:
        assert NumberAxis("left").tickStrings([-1.5, 0.0, 1.5], 1, 0.5) == ["-1,5", "0,0", "1,5"]
    finally:
        QLocale.setDefault(before)


def test_a_recap_for_the_players_from_the_panel(make_window, demo_file, tmp_path, qtbot, monkeypatch):
    """Issue 26, item 5: chosen at export, the recap for the players has no secret roll, hidden
    combatant or DC — and says so in the window's language."""
    with CampaignStore.open(demo_file) as store:
        fight = store.encounter.get()
        next(c for c in fight.combatants if c.name == "Goblin").hidden = True
        store.encounter.save(fight)
    window = make_window(demo_file, lang="fr")
    panel = show_analytics(window, qtbot)
    target = tmp_path / "joueurs.html"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", staticmethod(lambda *a: (str(target), "")))
    panel.secret_box.setChecked(True)
    panel.player_safe_box.setChecked(True)
    assert not panel.secret_box.isEnabled()  # the secret rolls cannot come back in
    panel.export_action.trigger()
    qtbot.waitUntil(lambda: not panel.recap_work.running(), timeout=10000)  # written off the window's thread
    html = target.read_text(encoding="utf-8")
    assert "Pour les joueurs\u202f: ni jet secret, ni combattant caché, ni DD." in html
    assert "Goblin" not in html.replace("Grikkit, goblin chief", "") and "<th>DD</th>" not in html
