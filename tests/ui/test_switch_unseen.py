"""A campaign switch within a frame or two (issue 25, item 4): what the GM cannot see (Prep behind a
tab) reads the new campaign when brought to the front, keeping nothing of the old one meanwhile;
what they can see (the Initiative's difficulty line) reads the new fight once."""

from __future__ import annotations

from test_frames_seen import another_demo, behind, counted, on_screen

from gmdesk.ui.panels.bestiary.threat_view import DifficultyLabel, difficulty_text


def test_prep_behind_a_tab_reads_the_campaign_opened_when_raised(make_window, demo_file, qtbot, tmp_path,
                                                                 monkeypatch):
    from gmdesk.ui.panels.prep import panel as prep_module

    other, window = another_demo(tmp_path, "dnd5e"), make_window(demo_file)
    prep = window.panels["prep"]
    old_scenes = [s.name for s in window.store.scenes.list()]
    behind(window, qtbot, "prep", "check")
    reads = counted(monkeypatch, prep_module.PrepContext, "from_store")
    assert window.open_campaign(other)
    qtbot.wait(30)
    assert reads == []  # behind the tab: the campaign not read for nobody
    # … and nothing of the campaign before stays in its lists and form meanwhile.
    assert prep.scenes.scene_model.scenes == [] and prep.scenes.check_model.checks == []
    assert prep.editor.prepared is None and prep.editor.name_edit.text() == ""
    assert prep.export_action.isEnabled()  # File › Export prep sheet: the new campaign has scenes
    window.docks["prep"].raise_()
    qtbot.waitUntil(lambda: on_screen(window, "prep") and bool(reads))
    stored = window.store.scenes.list()
    assert [s.name for s in prep.scenes.scene_model.scenes] == [s.name for s in stored] != old_scenes
    first = stored[0].ordered_checks()[0]
    assert prep.editor.prepared.id == first.id and prep.editor.name_edit.text() == first.name
    assert prep.ctx.system == "dnd5e"


def test_prep_behind_a_tab_offers_no_export_for_a_campaign_without_scenes(make_window, demo_file, qtbot, tmp_path):
    from gmdesk.ui.campaign_files import create_campaign

    empty = tmp_path / "empty.gmdesk"
    create_campaign(empty, "pf2", "", False, "en").close()
    window = make_window(demo_file)
    behind(window, qtbot, "prep", "check")
    assert window.open_campaign(empty)
    assert not window.panels["prep"].export_action.isEnabled()


def test_the_initiatives_difficulty_reads_the_new_fight_once(make_window, demo_file, qtbot, tmp_path, monkeypatch):
    other, window = another_demo(tmp_path, "dnd5e"), make_window(demo_file)
    label = window.panels["encounter"].difficulty_label
    reads = counted(monkeypatch, label, "show_for")
    for campaign in (other, demo_file):
        reads.clear()
        assert window.open_campaign(campaign)
        store = window.store
        assert len(reads) == 1
        assert label.text() == difficulty_text(store.info.system, store.encounter.get(), store.characters.list(),
                                               "en", False) != ""


def test_a_difficulty_line_shows_nothing_of_a_campaign_closed(make_window, demo_file, qtbot):
    window = make_window(demo_file)
    labels = window.findChildren(DifficultyLabel)
    assert any(label.text() for label in labels)
    window.set_store(None)
    assert all(label.text() == "" for label in labels)


def test_the_player_window_reads_the_new_campaign_once(make_window, demo_file, qtbot, tmp_path, monkeypatch):
    from test_player_window import fight_names, open_player, settle

    other, window = another_demo(tmp_path, "dnd5e"), make_window(demo_file)
    open_player(window, qtbot)
    screen = window.player
    fights, rolls = counted(monkeypatch, screen.window, "show_fight"), counted(monkeypatch, screen.window, "show_rolls")
    assert window.open_campaign(other)
    settle(window, qtbot)
    assert (len(fights), len(rolls)) == (1, 1)  # the fight and the rolls of the campaign opened, once
    shown = {c.name for c in window.store.encounter.get().combatants if not c.hidden}
    assert set(fight_names(screen.window)) == shown != set()


def test_the_sheet_follows_a_switch_to_an_empty_campaign_and_back(make_window, demo_file, qtbot, tmp_path):
    from gmdesk.ui.campaign_files import create_campaign

    empty = tmp_path / "empty.gmdesk"
    create_campaign(empty, "pf2", "", False, "en").close()
    other, window = another_demo(tmp_path, "dnd5e"), make_window(demo_file)
    sheet = window.panels["sheet"]
    assert window.open_campaign(empty)
    assert sheet.character_id is None and sheet.form.character is None
    assert sheet._stack.currentWidget() is sheet._empty  # "Select a character…", not an empty form
    assert window.open_campaign(other)
    first = window.store.characters.list()[0]
    assert sheet._stack.currentWidget() is sheet.form and sheet.form.character.to_dict() == first.to_dict()
    window.set_store(None)
    assert sheet._stack.currentWidget() is sheet._empty and sheet.form.character is None


def sheet_in_front_switched(make_window, qtbot, monkeypatch, first, then):
    """The window on ``first`` with the Sheet dock in front, then ``then`` opened; the sheet panel and
    the form's builds counted during the switch."""
    from gmdesk.ui.sheets.form import SheetForm

    window = make_window(first)
    sheet = window.panels["sheet"]
    window.docks["sheet"].raise_()
    qtbot.waitUntil(lambda: on_screen(window, "sheet") and sheet.form.character is not None)
    builds = counted(monkeypatch, SheetForm, "_build")
    assert window.open_campaign(then)
    return window, sheet, builds


def test_a_sheet_on_screen_takes_the_new_campaigns_values_without_being_built_again(make_window, qtbot, tmp_path,
                                                                                   monkeypatch):
    """The form keeps its fields across a switch when the first character's sheet has the same shape
    (building it cost 0.1 s); every value shown is the new campaign's."""
    from tests.ui.trust_tools import tagged_campaign, texts_of

    a, b = tagged_campaign(tmp_path, "alpha", "⟦A⟧"), tagged_campaign(tmp_path, "beta", "⟦B⟧")
    window, sheet, builds = sheet_in_front_switched(make_window, qtbot, monkeypatch, a, b)
    first = window.store.characters.list()[0]
    assert builds == [] and sheet.form.updatesEnabled()  # painted again with the switch, not later
    assert sheet.character_id == first.id and sheet.form.character.to_dict() == first.to_dict()
    assert sheet.form.row(("name",)).editor.value() == first.name
    assert [t for _, t in texts_of(sheet) if "⟦A⟧" in t] == []
    assert any("⟦B⟧" in t for _, t in texts_of(sheet))


def test_a_sheet_on_screen_follows_the_new_campaigns_house_rules(make_window, qtbot, tmp_path, monkeypatch):
    from dataclasses import replace

    from gmdesk.store import CampaignStore
    from tests.ui.trust_tools import tagged_campaign

    a, b = tagged_campaign(tmp_path, "alpha", "⟦A⟧"), tagged_campaign(tmp_path, "beta", "⟦B⟧")
    with CampaignStore.open(b) as store:
        info = store.info
        info.house_rules.pf2_proficiency = "release"
        store.update_info(replace(info))
    window, sheet, builds = sheet_in_front_switched(make_window, qtbot, monkeypatch, a, b)
    assert builds != [] and sheet.form.house_rules == window.store.info.house_rules  # its numbers, its rules


def test_a_sheet_on_screen_handed_a_campaign_with_no_one_selected_forgets_its_character(make_window, demo_file,
                                                                                        qtbot):
    window = make_window(demo_file)
    sheet = window.panels["sheet"]
    window.docks["sheet"].raise_()
    qtbot.waitUntil(lambda: on_screen(window, "sheet") and sheet.form.character is not None)
    sheet.set_campaign(window.store)  # as a file found damaged hands it again: no campaignOpened follows
    qtbot.waitUntil(lambda: sheet.form.updatesEnabled())
    assert sheet.form.character is None and sheet._stack.currentWidget() is sheet._empty


def test_preps_sheet_exported_while_prep_is_behind_a_tab_is_the_new_campaigns(make_window, demo_file, qtbot, tmp_path):
    other, window = another_demo(tmp_path, "dnd5e"), make_window(demo_file)
    prep = window.panels["prep"]
    behind(window, qtbot, "prep", "check")
    assert window.open_campaign(other)
    written = prep.export_prep_sheet(tmp_path / "scene.md", "md")
    first = window.store.scenes.list()[0]
    text = written.read_text(encoding="utf-8")
    assert first.name in text and all(c.name in text for c in first.checks)


def test_the_check_column_is_fitted_once_a_switch_unless_another_system_or_words_came(make_window, demo_file, qtbot,
                                                                                     tmp_path, monkeypatch):
    from gmdesk.ui.campaign_files import create_campaign

    same = tmp_path / "same.gmdesk"
    create_campaign(same, "pf2", "", True, "en").close()
    other, window = another_demo(tmp_path, "dnd5e"), make_window(demo_file)
    check = window.panels["check"]
    qtbot.wait(50)  # the start's own refit
    refits = counted(monkeypatch, check, "fit_to_texts")
    fits = counted(monkeypatch, check, "_fit_controls")
    for campaign, refitted in ((same, False), (other, True), (demo_file, True)):
        refits.clear()
        fits.clear()
        assert window.open_campaign(campaign)
        qtbot.wait(50)  # the refit after a switch waits one turn of the event loop
        assert bool(refits) == refitted and len(fits) == 1 + refitted
        sizes = check.splitter.sizes()
        check.fit_to_texts()  # fitted afresh, the column would be as it is
        assert check.splitter.sizes() == sizes


def test_a_switch_sizes_the_check_column_once_in_the_frame(make_window, demo_file, qtbot, tmp_path):
    """Fitting the check column asked its layout for its least width after resizing the column to its
    own hint: the column was laid out at that size, then again at the width its scroll area gives it
    (two resizes at every campaign switch, nothing shown of the first). Its least width needs neither."""
    from PySide6.QtCore import QEvent, QObject

    from gmdesk.ui.campaign_files import create_campaign

    same = tmp_path / "same.gmdesk"
    create_campaign(same, "pf2", "", True, "en").close()
    window = make_window(demo_file)
    check = window.panels["check"]
    qtbot.wait(50)

    class Resizes(QObject):
        sizes: list = []

        def eventFilter(self, watched, event):  # noqa: N802 (Qt's name)
            if event.type() == QEvent.Type.Resize:
                self.sizes.append(event.size().toTuple())
            return False

    watch = Resizes()
    check.controls.installEventFilter(watch)
    try:
        for campaign in (same, demo_file):
            watch.sizes = []
            assert window.open_campaign(campaign)
            qtbot.wait(50)
            assert len(watch.sizes) <= 1, watch.sizes
            assert check.controls.width() == check.controls_scroll.viewport().width()
    finally:
        check.controls.removeEventFilter(watch)


def test_another_campaign_of_the_same_system_starts_with_every_option_off(make_window, demo_file, tmp_path, qtbot):
    """The check options keep their places for a campaign of the same system (not laid out again),
    but none of the GM's ticks come along, and a system switched to lays out its own."""
    import shutil

    from tests.ui.conftest import campaign_file

    other = tmp_path / "other.gmdesk"
    shutil.copy(demo_file, other)
    window = make_window(demo_file)
    options = window.panels["check"].options
    places = {name: options.grid.indexOf(box) for name, box in options.toggles.items() if box.isVisibleTo(options)}
    ticked = next(box for box in options.toggles.values() if box.isVisibleTo(options) and box.isEnabled())
    ticked.setChecked(True)
    options.secret.setChecked(True)
    assert window.open_campaign(other)
    assert not ticked.isChecked() and not options.secret.isChecked()
    assert {name: options.grid.indexOf(box) for name, box in options.toggles.items()
            if box.isVisibleTo(options)} == places
    assert window.open_campaign(campaign_file(tmp_path, "dnd5e"))
    placed = {name for name, box in options.toggles.items() if options.grid.indexOf(box) >= 0}
    from gmdesk import systems
    assert placed == {t.name for t in systems.find("dnd5e").options.toggles}
