"""Issue 16: View › Player window, driven from the GM's window as a GM would, then read back from
every text of the player window (labels, window title, tooltips, every role of its models' data).
"""

from __future__ import annotations

import subprocess
import sys
from dataclasses import replace

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from gmdesk.campaign.model import CampaignInfo
from gmdesk.store.campaign_store import CampaignStore
from gmdesk.ui.campaign_files import create_campaign
from gmdesk.ui.panels.prep.editor import NOTES_PAUSE_MS

from tests.ui.trust_tools import tagged_campaign, texts_of

SECRET_NOTE = "NOTE-SECRET-17"
SHEET_NOTE = "SHEET-SECRET-23"


@pytest.fixture
def table(tmp_path):
    """The pf2 demo, with a note on the goblin's sheet (a monster sheet: never for the players)."""
    path = tmp_path / "table.gmdesk"
    create_campaign(path, "pf2", "", True, "en").close()
    with CampaignStore.open(path) as store:
        goblin = next(c for c in store.characters.list("npc") if c.name == "Goblin")
        store.characters.update(replace(goblin, notes=SHEET_NOTE))
    return path


def settle(window, qtbot) -> None:
    """Let the player window catch up (it updates once per turn of the event loop)."""
    qtbot.waitUntil(lambda: not window.player._timer.isActive() and not window.player._pending, timeout=2000)


def open_player(window, qtbot):
    window.player.open_action.trigger()  # View › Player window › Show the player window
    player = window.player.window
    assert player is not None and player.isVisible()
    settle(window, qtbot)
    return player


def every_text(player) -> list[str]:
    """Every text the player window holds: its widgets' (tooltips, titles, labels) and every string
    its models give for any role."""
    out = [text for _, text in texts_of(player)]
    for model in (player.fight_model, player.rolls_model):
        for row in range(model.rowCount()):
            for column in range(model.columnCount()):
                for role in range(0, int(Qt.ItemDataRole.UserRole) + 16):
                    value = model.index(row, column).data(role)
                    if isinstance(value, str):
                        out.append(value)
    return out


def leaks(player, *secrets: str) -> list[str]:
    return sorted({f"{secret!r} in {text!r}" for text in every_text(player) for secret in secrets if secret in text})


def fight_names(player) -> list[str]:
    m = player.fight_model
    return [m.index(r, m.NAME).data() for r in range(m.rowCount())]


def fight_row(player, name: str) -> list[str]:
    m = player.fight_model
    row = fight_names(player).index(name)
    return [m.index(row, c).data() for c in range(m.columnCount())]


def roll_ids(player) -> list[int]:
    m = player.rolls_model
    return [m.index(r, 0).data(m.IdRole) for r in range(m.rowCount())]


def select(panel, name: str) -> int:
    cid = next(c.id for c in panel.encounter.combatants if c.name == name)
    panel.select_id(cid)
    return cid


def raise_encounter(window, qtbot):
    window.docks["encounter"].raise_()
    panel = window.panels["encounter"]
    qtbot.waitUntil(panel.table.isVisible)
    panel.table.setFocus()
    return panel


def add_hidden_ad_hoc(panel, qtbot, name: str) -> None:
    qtbot.keyClick(panel.table, Qt.Key.Key_Insert)
    dialog = panel.dialog
    dialog.tabs.setCurrentIndex(dialog.AD_HOC)
    qtbot.keyClicks(dialog.name_edit, name)
    dialog.hp_spin.setValue(40)
    dialog.hidden_check.setChecked(True)
    dialog.buttons.button(dialog.buttons.StandardButton.Ok).click()
    qtbot.waitUntil(lambda: panel.dialog is None)


def gmdesk_roll(path, *args: str) -> None:
    done = subprocess.run([sys.executable, "-m", "gmdesk", "roll", "pf2", "--mod", "5", "--dc", "15", "--log", str(path),
                           *args], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr


def test_nothing_secret_ever_reaches_the_player_window(make_window, table, qtbot):
    window = make_window(table)
    player = open_player(window, qtbot)
    assert fight_names(player) and roll_ids(player)
    fight = raise_encounter(window, qtbot)

    # A hidden combatant, added hidden (an ambush): never named, nor its turn.
    add_hidden_ad_hoc(fight, qtbot, "Lurker-SECRET")
    assert any(c.name == "Lurker-SECRET" and c.hidden for c in window.store.encounter.get().combatants)
    for _ in range(len(fight.encounter.combatants) + 1):  # a whole round: the lurker's turn comes and goes
        qtbot.keyClick(fight.table, Qt.Key.Key_N)
        settle(window, qtbot)
        assert leaks(player, "Lurker-SECRET") == []
        lurking = fight.encounter.current().name == "Lurker-SECRET"
        assert (player.turn_label.text() == "") == lurking
        assert (player.fight_model.current_row() < 0) == lurking

    # An NPC losing HP: a word for the players, never its numbers.
    goblin = fight.encounter.by_id(select(fight, "Goblin"))
    qtbot.keyClicks(fight.hp_edit, "-3")
    qtbot.keyClick(fight.hp_edit, Qt.Key.Key_Return)
    goblin = fight.encounter.by_id(goblin.id)
    settle(window, qtbot)
    assert fight_row(player, "Goblin")[2] in ("wounded", "badly wounded", "down")
    assert leaks(player, f"{goblin.hp}/{goblin.max_hp}") == []

    # A secret roll in the check panel, then a public one: only the public one shows.
    check = window.panels["check"]
    check.options.secret.setChecked(True)
    secret = check.roll()
    check.options.secret.setChecked(False)
    public = check.roll()
    settle(window, qtbot)
    assert roll_ids(player)[0] == public.entry_id and secret.entry_id not in roll_ids(player)

    # Rolls logged by another process: a secret one, and a public one naming the hidden combatant, never show.
    gmdesk_roll(table, "--actor", "Whisper-SECRET", "--label", "Ambush-SECRET", "--secret")
    gmdesk_roll(table, "--actor", "Lurker-SECRET", "--label", "Pounce")
    gmdesk_roll(table, "--actor", "Town crier", "--label", "Shout")
    qtbot.waitUntil(lambda: "Town crier" in every_text(player), timeout=3000)

    # A note typed in the prep panel, and the goblin's sheet with its own note.
    window.docks["prep"].raise_()
    notes = window.panels["prep"].editor.notes_edit
    notes.setFocus()
    qtbot.keyClicks(notes, SECRET_NOTE)
    qtbot.wait(NOTES_PAUSE_MS + 200)
    window.bus.actorSelected.emit(goblin.character_id)  # the monster's sheet and checks in the GM's window
    settle(window, qtbot)
    window.player.odds_action.trigger()
    settle(window, qtbot)
    assert not player.odds_frame.isVisibleTo(player)  # a monster's odds tell its numbers

    # The odds of a player character's check, its DC not revealed.
    window.bus.actorSelected.emit(window.store.characters.list("pc")[0].id)
    check.target.dc_spin.setValue(33)
    settle(window, qtbot)
    assert player.odds_frame.isVisibleTo(player) and player.odds_value.text().endswith("%")
    settle(window, qtbot)

    assert leaks(player, "Lurker-SECRET", "Whisper-SECRET", "Ambush-SECRET", "Pounce", SECRET_NOTE, SHEET_NOTE,
                 "DC 33", "33 ") == []
    assert any(SECRET_NOTE in c.notes for s in window.store.scenes.list() for c in s.checks)  # it was typed

    # The same test fails when the GM reveals: the lurker, then the DC.
    select(fight, "Lurker-SECRET")
    fight.actions_by_name["hide_action"].trigger()
    window.player.reveal_action.trigger()
    settle(window, qtbot)
    assert "Lurker-SECRET" in fight_names(player)
    assert "Pounce" in every_text(player)  # its public roll, held back while it was hidden
    assert player.odds_target.text() == "DC 33"


def test_the_player_window_follows_the_fight_live(make_window, table, qtbot):
    window = make_window(table)
    player = open_player(window, qtbot)
    fight = raise_encounter(window, qtbot)
    enc = fight.encounter
    assert player.round_label.text() == f"Round {enc.round}"
    assert player.turn_label.text() == f"{enc.current().name}'s turn"
    assert fight_names(player) == [c.name for c in enc.queue() if not c.hidden]

    qtbot.keyClick(fight.table, Qt.Key.Key_N)  # next turn
    settle(window, qtbot)
    acting = fight.encounter.current()
    assert player.turn_label.text() == f"{acting.name}'s turn"
    assert fight_row(player, acting.name)[0] == "▶" and player.fight_model.current_row() == \
        fight_names(player).index(acting.name)

    pc = next(c for c in fight.encounter.queue() if c.kind == "pc")
    select(fight, pc.name)
    qtbot.keyClicks(fight.hp_edit, "-4")
    qtbot.keyClick(fight.hp_edit, Qt.Key.Key_Return)
    settle(window, qtbot)
    assert fight_row(player, pc.name)[2] == f"{pc.hp - 4}/{pc.max_hp}"  # a player character's own numbers

    fight.add_condition(pc.id, "frightened", 2, 3)
    settle(window, qtbot)
    assert fight_row(player, pc.name)[3] == "frightened 2 (3 rd)"

    window.undo_action.trigger()  # undo reaches the players too
    settle(window, qtbot)
    assert fight_row(player, pc.name)[3] == ""

    check = window.panels["check"]
    rolled = check.roll()
    settle(window, qtbot)
    m = player.rolls_model
    top = [m.index(0, c).data() for c in range(m.columnCount())]
    assert roll_ids(player)[0] == rolled.entry_id
    assert top[0] == window.store.log.get(rolled.entry_id).actor
    assert top[3].startswith({"success": "success", "failure": "failure", "critical_success": "critical success",
                              "critical_failure": "critical failure"}[rolled.result.tier])
    assert m.index(0, m.OUTCOME).data(Qt.ItemDataRole.ForegroundRole).color().name() != "#f2f2f2"  # in its colour


def test_close_reopen_and_a_campaign_switch_show_only_the_open_campaign(make_window, tmp_path, qtbot):
    a = tagged_campaign(tmp_path, "alpha", "⟦A⟧")
    b = tagged_campaign(tmp_path, "beta", "⟦B⟧")
    window = make_window(a)
    player = open_player(window, qtbot)
    assert "⟦A⟧" in " ".join(every_text(player))
    player.close()  # the window's own close button
    assert window.player.window is None and not window.player.open_action.isChecked()
    qtbot.keyClick(raise_encounter(window, qtbot).table, Qt.Key.Key_N)  # the fight goes on meanwhile
    player = open_player(window, qtbot)
    assert player.turn_label.text() == f"{window.panels['encounter'].encounter.current().name}'s turn"

    window.player.odds_action.trigger()
    window.open_campaign(b)
    settle(window, qtbot)
    assert window.player.window is player and player.isVisible()
    assert [t for t in every_text(player) if "⟦A⟧" in t] == []
    assert "⟦B⟧" in " ".join(fight_names(player))
    assert not window.player.odds_action.isChecked() and not player.odds_frame.isVisibleTo(player)  # off again
    window.set_store(None)
    settle(window, qtbot)
    assert fight_names(player) == [] and roll_ids(player) == [] and player.no_fight_label.isVisibleTo(player)


def test_a_campaign_switch_reads_the_party_once_for_the_players(make_window, tmp_path, qtbot, monkeypatch):
    """The player window names the fighters and the logged rolls' checks from one reading of the
    party (it read it twice, a sheet check each, at every campaign switch), read again when a
    character changes."""
    from gmdesk.store.characters import Characters

    a = tagged_campaign(tmp_path, "alpha", "⟦A⟧")
    b = tagged_campaign(tmp_path, "beta", "⟦B⟧")
    window = make_window(a)
    player = open_player(window, qtbot)
    reads = []
    listed = Characters.list

    def counted(self, kind=None):
        if "/ui/player/" in sys._getframe(1).f_code.co_filename:
            reads.append(kind)
        return listed(self, kind)

    monkeypatch.setattr(Characters, "list", counted)
    window.open_campaign(b)
    settle(window, qtbot)
    assert reads == [None]
    assert "⟦B⟧" in " ".join(fight_names(player))
    fighter = window.panels["encounter"].encounter.queue()[0]
    character = window.store.characters.get(fighter.character_id)
    window.store.characters.update(replace(character, name="Renamed ⟦B⟧"))
    window.bus.characterChanged.emit(character.id)
    settle(window, qtbot)
    assert reads == [None, None]


def test_a_card_is_painted_from_one_call_to_its_model(make_window, table, qtbot):
    """Each card of the player window's lists asks its model for the whole row at once (its texts and
    colours: ``CardRole``), not column by column and role by role (ten calls into Python a card); what
    it paints is still each column's text in that column's colour."""
    from PySide6.QtWidgets import QListView

    from gmdesk.ui.player import models

    window = make_window(table)
    player = open_player(window, qtbot)
    window.panels["check"].roll()  # a public roll, so that both lists have cards
    settle(window, qtbot)
    views = player.findChildren(QListView)
    assert len(views) == 2 and all(v.model().rowCount() for v in views)
    calls = []

    def count(frame, event, arg):
        if event == "call" and frame.f_code.co_name == "data" and frame.f_code.co_filename == models.__file__:
            calls.append(frame.f_locals.get("role"))

    sys.setprofile(count)
    try:
        for view in views:
            view.viewport().repaint()
    finally:
        sys.setprofile(None)
    cards = sum(v.model().rowCount() for v in views)
    assert 0 < len(calls) <= 4 * cards, (len(calls), cards)  # the card; a fight card its font, fill and height
    for view in views:
        model = view.model()
        for row in range(model.rowCount()):
            card = model.index(row, 0).data(model.CardRole)
            for column, (text, colour) in enumerate(card):
                cell = model.index(row, column)
                assert text == (cell.data() or "")
                assert colour == cell.data(Qt.ItemDataRole.ForegroundRole).color()


def test_npc_health_is_the_campaigns_choice_and_one_undo_step(make_window, table, qtbot):
    window = make_window(table)
    player = open_player(window, qtbot)
    goblin = next(c for c in window.store.encounter.get().combatants if c.name == "Goblin")
    assert fight_row(player, "Goblin")[2] in ("unhurt", "wounded", "badly wounded", "down")
    window.player.health_actions["numbers"].trigger()
    settle(window, qtbot)
    assert window.store.info.npc_health == "numbers"
    assert fight_row(player, "Goblin")[2] == f"{goblin.hp}/{goblin.max_hp}"
    assert window.undo_action.text() == "&Undo Player window: NPC health as numbers"
    window.player.health_actions["hidden"].trigger()
    settle(window, qtbot)
    assert fight_row(player, "Goblin")[2] == ""
    window.undo_action.trigger()
    settle(window, qtbot)
    assert window.store.info.npc_health == "numbers" and window.player.health_actions["numbers"].isChecked()
    window.close()
    with CampaignStore.open(table, read_only=True) as store:
        assert store.info.npc_health == "numbers"  # saved in the campaign


def test_house_rules_keep_the_player_windows_choice(make_window, table, qtbot):
    from gmdesk.ui.dialogs.house_rules import apply_house_rules

    window = make_window(table)
    window.player.health_actions["numbers"].trigger()
    rules = window.store.info.house_rules.with_rulings(reroll_keeps_new=False)
    assert apply_house_rules(window.store, window.bus, window.undo_stack, rules)
    assert window.store.info.npc_health == "numbers" and not window.store.info.house_rules.reroll_keeps_new


def test_hide_until_revealed_is_one_named_undo_step(make_window, table, qtbot):
    window = make_window(table)
    player = open_player(window, qtbot)
    fight = raise_encounter(window, qtbot)
    cid = select(fight, "Goblin")
    qtbot.keyClick(fight.table, Qt.Key.Key_H, Qt.KeyboardModifier.ShiftModifier)
    assert window.store.encounter.get().by_id(cid).hidden
    assert fight.actions_by_name["hide_action"].isChecked()
    assert window.undo_action.text() == "&Undo Hide Goblin"
    assert "hidden" in fight.model.index(fight.model.row_of(cid), fight.model.STATE).data()
    settle(window, qtbot)
    assert "Goblin" not in fight_names(player)
    window.undo_action.trigger()
    settle(window, qtbot)
    assert not window.store.encounter.get().by_id(cid).hidden and "Goblin" in fight_names(player)


def test_the_odds_are_off_by_default_and_the_dc_is_revealed_per_check(make_window, table, qtbot):
    window = make_window(table)
    player = open_player(window, qtbot)
    check = window.panels["check"]
    assert not player.odds_frame.isVisibleTo(player) and not window.player.reveal_action.isEnabled()
    window.player.odds_action.trigger()
    settle(window, qtbot)
    assert player.odds_frame.isVisibleTo(player)
    assert player.odds_value.text() == check.summary_label.text().split(": ")[-1]  # the GM's own figure
    assert player.odds_check.text() == f"{check.actor().name} — {check.check_combo.currentText()}"
    assert player.odds_target.text() == ""
    window.player.reveal_action.trigger()
    settle(window, qtbot)
    assert player.odds_target.text() == f"DC {check.target.dc_spin.value()}"
    check.target.dc_spin.setValue(check.target.dc_spin.value() + 2)  # the same check, harder
    settle(window, qtbot)
    assert player.odds_target.text() == f"DC {check.target.dc_spin.value()}"
    check.check_combo.setCurrentIndex(check.check_combo.currentIndex() + 1)  # another check: its DC is hidden
    settle(window, qtbot)
    assert not window.player.reveal_action.isChecked() and player.odds_target.text() == ""
    check.options.secret.setChecked(True)
    settle(window, qtbot)
    assert not player.odds_frame.isVisibleTo(player)
    check.options.secret.setChecked(False)
    npc = next(i for i in range(check.actor_combo.count())
               if window.store.characters.get(check.actor_combo.itemData(i)).kind == "npc")
    check.actor_combo.setCurrentIndex(npc)
    settle(window, qtbot)
    assert not player.odds_frame.isVisibleTo(player)  # a monster's odds tell its numbers


def test_the_players_language_is_their_own(make_window, table, qtbot):
    window = make_window(table)
    window.player.language_actions["fr"].trigger()
    player = open_player(window, qtbot)
    fight = window.panels["encounter"]
    current = fight.encounter.current().name
    assert player.rolls_title.text() == "Derniers jets" and player.turn_label.text() == f"Au tour de {current}"
    assert fight_row(player, "Goblin")[3].startswith("pris au dépourvu")  # the domain's French condition name
    assert window.file_menu.title() == "&File"  # the GM's window stays in English
    window.language_actions["fr"].trigger()  # the GM switches to French…
    window.player.language_actions["en"].trigger()  # …and the players to English
    settle(window, qtbot)
    assert window.file_menu.title() == "&Fichier"
    assert player.rolls_title.text() == "Last rolls" and player.turn_label.text() == f"{current}'s turn"
    assert fight_row(player, "Goblin")[3].startswith("flat-footed")
    window.player.language_actions[""].trigger()  # "same as mine"
    settle(window, qtbot)
    assert player.rolls_title.text() == "Derniers jets"
    assert window.player.menu.title() == "Fenêtre des &joueurs"


def test_the_revealed_target_is_named_by_the_system_in_the_players_language(make_window, table, qtbot):
    """The GM reads "DC" in English; the players, in French, read the pf2 word for it ("DD")."""
    window = make_window(table)
    window.player.language_actions["fr"].trigger()
    player = open_player(window, qtbot)
    check = window.panels["check"]
    window.player.odds_action.trigger()
    window.player.reveal_action.trigger()
    settle(window, qtbot)
    assert check.target.dc_label.text().startswith("DC")  # the GM's window stays in English
    assert player.odds_target.text() == f"DD {check.target.dc_spin.value()}"
    window.player.language_actions["en"].trigger()
    settle(window, qtbot)
    assert player.odds_target.text() == f"DC {check.target.dc_spin.value()}"


def test_names_are_shown_as_typed(make_window, tmp_path, qtbot):
    path = tmp_path / "markup.gmdesk"
    create_campaign(path, "pf2", "<b>Fort</b>", True, "en").close()
    with CampaignStore.open(path) as store:
        enc = store.encounter.get()
        enc.current().name = "<i>Amiri</i> &amp;"
        store.encounter.save(enc)
    window = make_window(path)
    player = open_player(window, qtbot)
    assert player.turn_label.text() == "<i>Amiri</i> &amp;'s turn"
    assert player.turn_label.textFormat() == Qt.TextFormat.PlainText
    assert player.windowTitle().startswith("<b>Fort</b>")
    assert "<i>Amiri</i> &amp;" in fight_names(player)


def test_opening_it_leaves_the_gm_where_they_were(make_window, table, qtbot):
    window = make_window(table)
    focus = QApplication.focusWidget()
    player = open_player(window, qtbot)
    assert QApplication.activeWindow() is window and QApplication.focusWidget() is focus
    assert player.testAttribute(Qt.WidgetAttribute.WA_ShowWithoutActivating)
    assert player.fight_view.focusPolicy() == Qt.FocusPolicy.NoFocus
    assert player.fight_model.flags(player.fight_model.index(0, 0)) & Qt.ItemFlag.ItemIsEditable == Qt.ItemFlag(0)
    window.close()
    assert window.player.window is None  # closed with the GM's window


def test_a_read_only_campaign_is_shown_to_the_players_and_changes_nothing(make_window, table, qtbot):
    window = make_window(table)
    before = table.read_bytes()
    window.set_store(CampaignStore.open(table, read_only=True))
    player = open_player(window, qtbot)
    assert fight_names(player) and roll_ids(player)
    assert not any(a.isEnabled() for a in window.player.health_actions.values())
    assert not window.player.set_npc_health("numbers") and window.player.health_actions["words"].isChecked()
    fight = raise_encounter(window, qtbot)
    select(fight, "Goblin")
    assert not fight.actions_by_name["hide_action"].isEnabled()
    assert fight.toggle_hidden() is None and "Goblin" in fight_names(player)
    window.player.odds_action.trigger()  # a view, not an edit: allowed
    settle(window, qtbot)
    window.close()
    assert table.read_bytes() == before
