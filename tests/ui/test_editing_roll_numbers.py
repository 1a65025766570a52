"""A reroll points to a roll the GM can find (issue 12, item 14): every roll shows its number (the
log's # column, the check panel's result, the exports' # column) and "Reroll of" names that number."""

from __future__ import annotations

import csv
import json

from PySide6.QtCore import Qt

from gmdesk.store import LogFilter
from gmdesk.store.exports import export_log
from gmdesk.ui.panels.log.model import RollLogModel
from tests.ui.test_check_roll import ctrl_r, desk, type_dc  # noqa: F401 (the fixture)


def rows_shown(model) -> list[dict[str, str]]:
    """The log table as the GM reads it: one dict of column header -> cell text per row."""
    headers = [model.headerData(c, Qt.Orientation.Horizontal) for c in range(model.columnCount())]
    return [{h: model.index(r, c).data() for c, h in enumerate(headers)} for r in range(model.rowCount())]


def roll_then_reroll(qtbot, panel):
    type_dc(qtbot, panel, 45)  # only a natural 20 reaches success: a failure to reroll comes quickly
    for _ in range(30):
        ctrl_r(qtbot, panel)
        if panel.result_view.reroll_button.isVisibleTo(panel):
            break
    first = panel.last_roll
    qtbot.mouseClick(panel.result_view.reroll_button, Qt.MouseButton.LeftButton)
    return first, panel.last_roll


def test_the_log_numbers_every_roll_and_a_reroll_names_the_number_of_its_original(qtbot, desk, tmp_path):
    panel, log, store, _ = desk("pf2")
    first, second = roll_then_reroll(qtbot, panel)
    rows = rows_shown(log.model)
    assert list(rows[0])[0] == "#"  # the number comes first
    assert [int(r["#"]) for r in rows] == sorted((e.id for e in store.log.iter(LogFilter())), reverse=True)
    top = rows[0]
    assert top["#"] == str(second.entry_id) and top["Reroll of"] == f"↻ #{first.entry_id}"
    # The number a reroll names is a row the GM can read in the # column: the original roll.
    original = next(r for r in rows if r["#"] == str(first.entry_id))
    assert original["Dice"] and original["Reroll of"] == ""
    assert original["Outcome"] in ("failure", "critical failure")
    # The check panel says which number each roll got.
    assert f"roll #{second.entry_id}" in panel.result_view.dice_label.text()
    assert f"reroll of #{first.entry_id}" in panel.result_view.secret_label.text()
    tip = log.model.index(0, RollLogModel.REROLL).data(Qt.ItemDataRole.ToolTipRole)
    assert f"#{first.entry_id}" in tip


def test_the_exports_carry_the_same_numbers(qtbot, desk, tmp_path):
    panel, log, store, _ = desk("pf2")
    first, second = roll_then_reroll(qtbot, panel)

    export_log(store.log, "csv", tmp_path / "log.csv")
    # the CSV speaks the GM's language (issue 12, item 9): its columns are "#" and "Reroll of"
    rows = {r["#"]: r for r in csv.DictReader((tmp_path / "log.csv").open(encoding="utf-8-sig", newline=""))}
    assert rows[str(second.entry_id)]["Reroll of"] == str(first.entry_id) and str(first.entry_id) in rows

    export_log(store.log, "md", tmp_path / "log.md")
    lines = (tmp_path / "log.md").read_text(encoding="utf-8").splitlines()
    # Markdown escapes its own signs ("\\#" reads "#"): compare what a reader sees
    lines = [line.replace("\\", "") for line in lines]
    header = [c.strip() for c in lines[2].strip("|").split("|")]
    assert header[0] == "#"
    cells = {c[0]: c for c in ([x.strip() for x in line.strip("|").split("|")] for line in lines[4:] if line.startswith("|"))}
    assert str(first.entry_id) in cells and f"#{first.entry_id}" in " ".join(cells[str(second.entry_id)])

    export_log(store.log, "html", tmp_path / "log.html")
    page = (tmp_path / "log.html").read_text(encoding="utf-8")
    assert "<th>#</th>" in page and f'<td class="num">{second.entry_id}</td>' in page

    export_log(store.log, "json", tmp_path / "log.jsonl")
    entries = {d["id"]: d for d in map(json.loads, (tmp_path / "log.jsonl").read_text(encoding="utf-8").splitlines())}
    assert entries[second.entry_id]["reroll_of"] == first.entry_id
