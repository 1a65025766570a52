"""The prep sheet exported from the dialog and parsed back (HTML with html.parser, Markdown tables),
its images real PNGs; and rolling a prepared check at the table, found again in the roll log."""

from __future__ import annotations

import html.parser
import random
import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QImage

from gmdesk.campaign.checks import Situation, build_check
from gmdesk.engine.core import RulesError
from gmdesk.engine.series import percent_text
from gmdesk.ui.bus import CampaignBus
from gmdesk.ui.campaign_files import create_campaign
from gmdesk.ui.panels.prep.export import PrepExportDialog
from gmdesk.ui.panels.prep.models import PrepMatrixModel
from gmdesk.ui.panels.prep.panel import PrepPanel

NASTY = '<script>alert("gate")</script> & | *x*'


@pytest.fixture
def opened(qtbot, tmp_path):
    def make(system="pf2"):
        store = create_campaign(tmp_path / f"{system}.gmdesk", system, "", True, "en")
        bus = CampaignBus()
        panel = PrepPanel(bus)
        qtbot.addWidget(panel)
        panel.set_campaign(store)
        panel.resize(1280, 800)
        panel.show()
        qtbot.waitExposed(panel)
        made.append(store)
        return panel, store, bus

    made = []
    yield make
    for store in made:
        store.close()


class Page(html.parser.HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.tables, self.images, self.tags, self._cell = [], [], [], None

    def handle_starttag(self, tag, attrs):
        self.tags.append(tag)
        if tag == "table":
            self.tables.append([])
        elif tag == "tr":
            self.tables[-1].append([])
        elif tag in ("td", "th"):
            self._cell = []
        elif tag == "img":
            self.images.append(dict(attrs)["src"])

    def handle_endtag(self, tag):
        if tag in ("td", "th") and self._cell is not None:
            self.tables[-1][-1].append("".join(self._cell))
            self._cell = None

    def handle_data(self, data):
        if self._cell is not None:
            self._cell.append(data)


def engine_percent(store, character, prepared, system, with_conditions=False):
    """The sheet's percent: the character outside the fight unless the GM ticked the fight's conditions."""
    queue = store.encounter.get().queue() if with_conditions else []
    conditions = {c.character_id: tuple(c.conditions) for c in queue if c.character_id}
    situation = Situation(threshold=prepared.threshold) if system == "anarchy" else Situation(dc=prepared.dc)
    check = build_check(character, prepared.check, situation, conditions.get(character.id, ()), store.info.house_rules)
    return percent_text(check.odds().success, ".", 0)


def export_with_dialog(qtbot, panel, path, fmt, scene_id=None):
    dialog = PrepExportDialog(panel)
    qtbot.addWidget(dialog)
    dialog.format_combo.setCurrentIndex(dialog.format_combo.findData(fmt))
    if scene_id is not None:
        dialog.scene_combo.setCurrentIndex(dialog.scene_combo.findData(scene_id))
    dialog.path_edit.selectAll()
    qtbot.keyClicks(dialog.path_edit, str(path))
    qtbot.mouseClick(dialog.export_button, Qt.MouseButton.LeftButton)
    work = getattr(dialog, "running_work", None)  # made off the click, a scene a step
    if work is not None:
        qtbot.waitUntil(lambda: not work.running(), timeout=10000)
    assert dialog.result() == dialog.DialogCode.Accepted, dialog.status.text()
    return dialog.written


@pytest.mark.parametrize("system", ["pf2", "anarchy"])
def test_html_prep_sheet_parses_back(qtbot, opened, tmp_path, system):
    panel, store, bus = opened(system)
    # A check whose name and notes a browser must not run.
    with qtbot.waitSignal(bus.prepChanged):
        panel.editor.name_edit.selectAll()
        qtbot.keyClicks(panel.editor.name_edit, NASTY)
        qtbot.keyClick(panel.editor.name_edit, Qt.Key.Key_Return)
    panel.editor.notes_edit.setPlainText("<img src=x onerror=alert(1)>")
    panel.editor.flush()
    [path] = export_with_dialog(qtbot, panel, tmp_path / "out" / "gate.html", "html")
    assert path == tmp_path / "out" / "gate.html"
    page = Page()
    page.feed(path.read_text(encoding="utf-8"))
    assert "script" not in page.tags
    checks_table, matrix = page.tables
    scene = store.scenes.list()[0]
    prepared = scene.ordered_checks()
    assert [row[0] for row in checks_table[1:]] == [p.name for p in prepared]
    assert checks_table[1][0] == NASTY and checks_table[1][6] == "<img src=x onerror=alert(1)>"
    word = "threshold" if system == "anarchy" else "DC"
    assert [row[2] for row in checks_table[1:]] == [f"{word} {p.threshold if system == 'anarchy' else p.dc}" for p in prepared]
    pcs = store.characters.list("pc")
    assert matrix[0] == ["Character"] + [p.name for p in prepared]
    for row, character in zip(matrix[1:], pcs):
        assert row[0] == character.name
        assert row[1:] == [engine_percent(store, character, p, system) for p in prepared]
    # Every image is beside the page, a real PNG: the matrix, and one chart per check.
    assert len(page.images) == 1 + len(prepared)
    for src in page.images:
        image = QImage(str(path.parent / src))
        assert not image.isNull() and image.width() > 200 and image.height() > 60
    matrix_png = QImage(str(path.parent / page.images[0]))
    assert matrix_png.height() < 400  # the table itself, not a screen-sized grab


def test_markdown_prep_sheet_parses_back(qtbot, opened, tmp_path):
    panel, store, _ = opened("dnd35")
    scene = store.scenes.list()[1]
    [path] = export_with_dialog(qtbot, panel, tmp_path / "temple", "md", scene.id)
    assert path.name == "temple.md"  # the format's extension is added
    tables: list[list[list[str]]] = []
    in_table = False
    for line in path.read_text(encoding="utf-8").splitlines():
        if not line.startswith("| "):
            in_table = False
            continue
        if not in_table:
            tables.append([])
            in_table = True
        cells = line[2:-2].split(" | ")
        if not all(set(c) <= set("-:") for c in cells):  # the header rule
            tables[-1].append(cells)
    assert len(tables) == 2
    checks_table, matrix = tables
    prepared = scene.ordered_checks()
    assert [r[0] for r in checks_table[1:]] == [p.name for p in prepared]
    for row, character in zip(matrix[1:], store.characters.list("pc")):
        expected = []
        for p in prepared:
            try:
                expected.append(engine_percent(store, character, p, "dnd35"))
            except RulesError:  # the rules refuse it (trained only): shown as a dash
                expected.append("—")
        assert row == [character.name] + expected
    assert (path.parent / "temple_files" / "matrix.png").exists()


def test_every_scene_at_once(qtbot, opened, tmp_path):
    panel, store, _ = opened("cof")
    dialog = PrepExportDialog(panel)
    qtbot.addWidget(dialog)
    dialog.scene_combo.setCurrentIndex(dialog.scene_combo.findData(PrepExportDialog.ALL))
    dialog.path_edit.setText(str(tmp_path / "prep"))
    written = dialog.export()
    assert len(written) == len(store.scenes.list())
    assert all(p.suffix == ".md" and p.exists() for p in written)


def test_export_action_opens_the_dialog(qtbot, opened, monkeypatch):
    panel, _, _ = opened("pf2")
    shown = []
    monkeypatch.setattr(PrepExportDialog, "exec", lambda self: shown.append(self) or 0)
    qtbot.mouseClick(panel.export_button, Qt.MouseButton.LeftButton)
    assert len(shown) == 1 and shown[0].scene_combo.currentData() == panel.scenes.scene_id()


def test_roll_a_secret_prepared_check_at_the_table(qtbot, opened):
    panel, store, bus = opened("pf2")
    scene = store.scenes.list()[0]
    secret = next(p for p in scene.ordered_checks() if p.secret)
    column = [p.id for p in scene.ordered_checks()].index(secret.id)
    rect = panel.matrix.visualRect(panel.matrix_model.index(0, column))
    qtbot.mouseClick(panel.matrix.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    pane = panel.roll_pane
    bar = panel.tabs.tabBar()
    qtbot.mouseClick(bar, Qt.MouseButton.LeftButton, pos=bar.tabRect(panel.tabs.indexOf(pane)).center())
    assert pane.secret_box.isChecked()  # secret by default: the check is marked secret
    pcs = store.characters.list("pc")
    assert [pane.who_list.item(i).text() for i in range(pane.who_list.count())] == [c.name for c in pcs]
    pane.who_list.item(1).setCheckState(Qt.CheckState.Unchecked)  # one of them is elsewhere
    chosen = [pcs[0], *pcs[2:]]
    # The first is frightened in the fight: the prep odds leave it out, a roll at the table is real.
    from gmdesk.campaign.model import ConditionState

    encounter = store.encounter.get()
    next(c for c in encounter.combatants if c.character_id == pcs[0].id).conditions = [ConditionState("frightened", 2)]
    store.encounter.save(encounter)
    bus.encounterChanged.emit()
    assert not panel.conditions_box.isChecked()
    assert panel.matrix_model.index(0, column).data(PrepMatrixModel.ChanceRole) == build_check(
        pcs[0], secret.check, Situation(dc=secret.dc), (), store.info.house_rules).odds().success
    panel.rng = random.Random(2024)
    logged = []
    bus.rollLogged.connect(logged.append)
    before = store.log.count()
    qtbot.mouseClick(pane.roll_button, Qt.MouseButton.LeftButton)
    assert store.log.count() == before + len(chosen)
    entries = [store.log.get(i) for i in logged]
    assert [e.actor for e in entries] == [c.name for c in chosen]
    assert all(e.label == secret.name and e.secret and e.dc == secret.dc for e in entries)
    # The same seed through the engine gives the same dice and outcomes, in the same order.
    rng = random.Random(2024)
    conditions = {c.character_id: tuple(c.conditions) for c in store.encounter.get().queue() if c.character_id}
    for entry, character in zip(entries, chosen):
        check = build_check(character, secret.check, Situation(dc=secret.dc, secret=True, label=secret.name),
                            conditions.get(character.id, ()), store.info.house_rules)
        result = check.roll(rng)
        assert entry.faces == result.faces and entry.tier == result.tier and entry.total == result.total
        assert entry.check == check.describe()
    assert pane.results.rowCount() == len(chosen)
    assert pane.results.item(0, 0).text() == chosen[0].name
    assert "secret" in pane.status.text()


def test_an_open_check_rolls_in_the_open_unless_the_gm_hides_it(qtbot, opened):
    panel, store, bus = opened("anarchy")
    scene = store.scenes.list()[0]
    plain = scene.ordered_checks()[0]
    assert not plain.secret
    pane = panel.roll_pane
    panel.tabs.setCurrentWidget(pane)
    assert not pane.secret_box.isChecked()
    qtbot.mouseClick(pane.roll_button, Qt.MouseButton.LeftButton)
    rolls = pane.last
    assert rolls and all(not store.log.get(r.entry_id).secret for r in rolls)
    assert all(store.log.get(r.entry_id).hits == r.result.hits for r in rolls)
    # Click the box itself (the widget is wider than its box and label).
    qtbot.mouseClick(pane.secret_box, Qt.MouseButton.LeftButton, pos=QPoint(8, pane.secret_box.height() // 2))
    assert pane.secret_box.isChecked()
    qtbot.mouseClick(pane.roll_button, Qt.MouseButton.LeftButton)
    assert all(store.log.get(r.entry_id).secret for r in pane.last)
    # Nobody ticked: nothing is rolled or logged.
    for i in range(pane.who_list.count()):
        pane.who_list.item(i).setCheckState(Qt.CheckState.Unchecked)
    count = store.log.count()
    assert pane.roll() == [] and store.log.count() == count


def test_a_rule_refusal_is_not_rolled(qtbot, opened):
    """dnd35 Disarm Device is trained only: those without ranks are not offered the roll."""
    panel, store, _ = opened("dnd35")
    scene = store.scenes.list()[0]
    disarm = next(p for p in scene.ordered_checks() if p.check.key == "disable_device")
    panel.scenes.select_check(disarm.id)
    panel.tabs.setCurrentWidget(panel.roll_pane)
    offered = [panel.roll_pane.who_list.item(i).text() for i in range(panel.roll_pane.who_list.count())]
    column = panel.grid.column_of(disarm.id)
    possible = [m.name for r, m in enumerate(panel.grid.members) if panel.grid.cell(r, column).odds is not None]
    assert offered == possible and len(offered) < len(store.characters.list("pc"))


def test_the_prep_sheet_leaves_the_fight_out_unless_the_gm_ticks_it(qtbot, opened, tmp_path):
    """Issue 12, item 15: a frightened hero in the fight in progress keeps his prep odds on the prep
    sheet; with "With current conditions" ticked, the sheet prints the odds with the fight's
    conditions, and says so in its heading."""
    from gmdesk.campaign.model import ConditionState

    panel, store, bus = opened("pf2")
    hero = store.characters.list("pc")[0]
    encounter = store.encounter.get()
    combatant = next(c for c in encounter.combatants if c.character_id == hero.id)
    combatant.conditions = [ConditionState("frightened", 2)]
    store.encounter.save(encounter)
    bus.encounterChanged.emit()
    prepared = store.scenes.list()[0].ordered_checks()

    def hero_row(name):
        [path] = export_with_dialog(qtbot, panel, tmp_path / name, "html")
        page, text = Page(), path.read_text(encoding="utf-8")
        page.feed(text)
        return text, next(row for row in page.tables[1] if row[0] == hero.name)

    text, row = hero_row("outside.html")
    outside = [engine_percent(store, hero, p, "pf2") for p in prepared]
    assert row[1:] == outside
    assert "conditions" not in text
    qtbot.mouseClick(panel.conditions_box, Qt.MouseButton.LeftButton)
    text, row = hero_row("fight.html")
    fight = [engine_percent(store, hero, p, "pf2", with_conditions=True) for p in prepared]
    assert row[1:] == fight and fight != outside
    assert "with the conditions of the fight in progress" in text


def test_every_scene_asks_for_a_folder_and_says_so(qtbot, opened, tmp_path):
    """Issue 25: "Every scene" writes a folder of pages; the dialog says so, and a page's name
    ("prep-all.html") is refused rather than made a folder nobody would look in."""
    panel, store, _ = opened("cof")
    dialog = PrepExportDialog(panel)
    qtbot.addWidget(dialog)
    dialog.show()
    assert dialog.folder_hint.isHidden() and "Where" in dialog.where.text()
    dialog.scene_combo.setCurrentIndex(dialog.scene_combo.findData(PrepExportDialog.ALL))
    assert dialog.folder_hint.isVisible() and "Folder" in dialog.where.text()
    dialog.format_combo.setCurrentIndex(dialog.format_combo.findData("html"))
    dialog.path_edit.setText(str(tmp_path / "prep-all.html"))
    dialog._accept()
    assert dialog.result() == 0 and "choose a folder" in dialog.status.text() and "prep-all.html" in dialog.status.text()
    assert not (tmp_path / "prep-all.html").exists()
    dialog.path_edit.setText(str(tmp_path / "prep"))
    dialog._accept()
    qtbot.waitUntil(lambda: getattr(dialog, "written", None) is not None, timeout=20_000)  # long work
    assert len(dialog.written) == len(store.scenes.list()) and all(p.parent == tmp_path / "prep" for p in dialog.written)
