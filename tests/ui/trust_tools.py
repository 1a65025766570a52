"""Helpers of the trust tests (issue 10): campaigns told apart by a tag in every name, everything a
window shows as text, a campaign's content as plain data, and a mouse wheel as Qt delivers it."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from PySide6.QtCore import QModelIndex, QPoint, QPointF, Qt
from PySide6.QtGui import QWheelEvent
from PySide6.QtWidgets import (QAbstractButton, QAbstractItemView, QApplication, QComboBox, QGroupBox, QLabel,
                               QLineEdit, QPlainTextEdit, QTabBar, QTextEdit, QWidget)

from gmdesk.store.campaign_store import CampaignStore
from gmdesk.ui.campaign_files import create_campaign


def tagged_campaign(folder: Path, name: str, tag: str, system: str = "pf2", dc_shift: int = 0) -> Path:
    """The demo campaign of ``system`` with ``tag`` in every name it holds (characters, scenes, checks,
    combatants, notes): anything of it left on screen is found by its tag. Two of them share ids."""
    path = folder / f"{name}.gmdesk"
    create_campaign(path, system, f"{name} {tag}", True, "en").close()
    with CampaignStore.open(path) as store:
        for c in store.characters.list():
            store.characters.update(replace(c, name=f"{c.name} {tag}"))
        for scene in store.scenes.list():
            checks = [replace(ch, name=f"{ch.name} {tag}", notes=f"notes {tag}",
                              dc=ch.dc + dc_shift if ch.dc is not None else None) for ch in scene.checks]
            store.scenes.update(replace(scene, name=f"{scene.name} {tag}", checks=checks))
        encounter = store.encounter.get()
        if encounter is not None:
            for combatant in encounter.combatants:
                combatant.name = f"{combatant.name} {tag}"
            store.encounter.save(encounter)
    return path


def content(store) -> dict:
    """What a campaign holds, as plain data (to see that nothing changed)."""
    encounter = store.encounter.get()
    return {"characters": [c.to_dict() for c in store.characters.list()],
            "scenes": [s.to_dict() for s in store.scenes.list()],
            "encounter": encounter.to_dict() if encounter else None,
            "rolls": store.log.count(), "info": store.info}


def file_content(path: Path) -> dict:
    with CampaignStore.open(path, read_only=True) as store:
        return content(store)


def _model_texts(model) -> list[str]:
    out = []
    if model is None:
        return out
    rows = model.rowCount(QModelIndex())
    try:
        columns = model.columnCount(QModelIndex())
    except TypeError:  # a list model: one column, and Qt keeps its columnCount private
        columns = 1
    for orientation, count in ((Qt.Orientation.Horizontal, columns), (Qt.Orientation.Vertical, rows)):
        for section in range(count):
            for role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ToolTipRole):
                value = model.headerData(section, orientation, role)
                if value is not None:
                    out.append(str(value))
    for row in range(rows):
        for column in range(columns):
            index = model.index(row, column)
            for role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ToolTipRole, Qt.ItemDataRole.EditRole):
                value = index.data(role)
                if isinstance(value, str):
                    out.append(value)
    return out


def texts_of(root: QWidget) -> list[tuple[QWidget, str]]:
    """Every text ``root`` and its children hold, shown now or when their tab is opened: labels,
    fields, combo entries, buttons, group titles, tabs, tooltips, item views (cells, headers,
    tooltips), chart titles, axis titles and legends."""
    from gmdesk.ui.charts.base import StillPlot

    out: list[tuple[QWidget, str]] = [(root, root.windowTitle())]
    for w in root.findChildren(QWidget):
        found = [w.toolTip(), w.windowTitle()]
        if isinstance(w, QLabel):
            found.append(w.text())
        elif isinstance(w, QLineEdit):
            found.append(w.text())
        elif isinstance(w, (QPlainTextEdit, QTextEdit)):  # a text browser too: a card, the fight's odds
            found.append(w.toPlainText())
        elif isinstance(w, QComboBox):
            found += [w.itemText(i) for i in range(w.count())]
        elif isinstance(w, QAbstractButton):
            found.append(w.text())
        elif isinstance(w, QGroupBox):
            found.append(w.title())
        elif isinstance(w, QTabBar):
            found += [w.tabText(i) for i in range(w.count())]
        if isinstance(w, QAbstractItemView):
            found += _model_texts(w.model())
        if isinstance(w, StillPlot):
            item = w.getPlotItem()
            found.append(item.titleLabel.item.toPlainText())
            found += [item.getAxis(a).labelText for a in ("bottom", "left")]
            if item.legend is not None:
                found += [label.item.toPlainText() for _, label in item.legend.items]
        out += [(w, text) for text in found if text]
    return out


def leftovers(root: QWidget, tag: str) -> list[str]:
    return sorted({f"{type(w).__name__}:{w.objectName()}: {text!r}" for w, text in texts_of(root) if tag in text})


def wheel(widget: QWidget, notches: int = -1, at: QPoint | None = None) -> bool:
    """Turn the mouse wheel over ``widget`` (negative: towards the GM, the page goes down) as Qt
    delivers a real one: to the child under the pointer first, then up its parents until one takes
    it. True when someone took it."""
    local = at if at is not None else widget.rect().center()
    target = widget.childAt(local) or widget
    global_pos = QPointF(widget.mapToGlobal(local))
    while target is not None:
        event = QWheelEvent(QPointF(target.mapFromGlobal(global_pos)), global_pos, QPoint(0, 0),
                            QPoint(0, 120 * notches), Qt.MouseButton.NoButton, Qt.KeyboardModifier.NoModifier,
                            Qt.ScrollPhase.NoScrollPhase, False)
        event.ignore()
        handled = QApplication.sendEvent(target, event)
        if handled and event.isAccepted():
            return True
        if target.isWindow():
            return False
        target = target.parentWidget()
    return False


def shape(store) -> dict:
    """What a campaign holds, ids aside (undo may bring a record back under a new id): records by
    their order and content, references by the name of what they point to."""
    names = {c.id: c.name for c in store.characters.list()}
    characters = [{k: v for k, v in c.to_dict().items() if k != "id"} for c in store.characters.list()]
    scenes = [(s.name, [(c.name, c.check.to_dict(), c.dc, c.threshold, c.notes, sorted(names[r] for r in c.rollers),
                         c.secret) for c in s.ordered_checks()]) for s in store.scenes.list()]
    encounter = store.encounter.get()
    fight = None
    if encounter is not None:
        fight = encounter.to_dict()
        fight["combatants"] = [dict(c, character_id=names.get(c.get("character_id"))) for c in fight["combatants"]]
    return {"characters": characters, "scenes": scenes, "encounter": fight, "rolls": store.log.count()}
