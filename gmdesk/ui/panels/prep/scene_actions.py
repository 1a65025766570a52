"""What the GM does to scenes and their prepared checks, as methods of the scene lists (``PrepScenes``
mixes this in): create, rename, duplicate, delete, move up and down, move a check to another scene.

Each action writes to the campaign at once as one undo step named for Edit › Undo (``_step``, on the
panel's ``CampaignSteps``), reloads the lists on what it made or moved, and emits ``changed``.
"""

from __future__ import annotations

from contextlib import nullcontext
from dataclasses import replace

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QMessageBox

from gmdesk.campaign.model import PreparedCheck, Scene
from gmdesk.ui import plain_text
from gmdesk.ui.panels.prep.editor import new_check

translate = QCoreApplication.translate


def copy_name(name: str, taken: set[str]) -> str:
    n = 2
    while f"{name} ({n})" in taken:
        n += 1
    return f"{name} ({n})"


class SceneActions:
    """Mixed into ``PrepScenes``: needs its ``store``, ``ctx``, ``steps``, models, views, selection
    helpers, ``reload`` and ``changed``."""

    # -- scene actions --------------------------------------------------------------------------
    def _step(self, text: str):
        """The edit in the ``with`` block is one undo step named ``text`` (once the panel gave the
        scenes its ``steps``; a list on its own just writes)."""
        if self.steps is None or self.store is None:
            return nullcontext()
        return self.steps.step(text, ("scenes",), shown=lambda: (self.scene_id(), self.check_id()))

    def _written(self, select_scene: int | None = None, select_check: int | None = None) -> None:
        self.reload(select_scene, select_check)
        self.changed.emit()

    def new_scene(self) -> Scene | None:
        if self.store is None:
            return None
        taken = {s.name for s in self.scene_model.scenes}
        name = translate("PrepPanel", "New scene")
        with self._step(translate("PrepPanel", "New scene")):
            scene = self.store.scenes.add(Scene(None, name if name not in taken else copy_name(name, taken)))
            self._written(scene.id)
        self.scene_view.edit(self.scene_view.currentIndex())  # type the real name straight away
        return scene

    def rename_scene(self, scene_id: int, name: str) -> None:
        if self.store is None:
            return
        scene = self.store.scenes.get(scene_id)
        if scene.name != name:
            with self._step(translate("PrepPanel", "Rename scene")):
                self.store.scenes.update(replace(scene, name=name))
                self._written(scene_id)

    def duplicate_scene(self) -> Scene | None:
        scene = self.scene()
        if self.store is None or scene is None:
            return None
        taken = {s.name for s in self.scene_model.scenes}
        copy = Scene(None, copy_name(scene.name, taken), 0,
                     [replace(c, id=None) for c in scene.ordered_checks()])
        with self._step(translate("PrepPanel", "Duplicate scene")):
            added = self.store.scenes.add(copy)
            ids = [s.id for s in self.scene_model.scenes]
            ids.insert(ids.index(scene.id) + 1, added.id)
            self.store.scenes.reorder(ids)
            self._written(added.id)
        return added

    def delete_scene(self) -> None:
        scene = self.scene()
        if self.store is None or scene is None:
            return
        if scene.checks:
            answer = QMessageBox.question(
                self, translate("PrepPanel", "Delete the scene"),
                plain_text.message(translate("PrepPanel", "Delete the scene “{name}” and its {n} prepared check(s)?")
                                   .format(name=scene.name, n=len(scene.checks))))
            if answer != QMessageBox.StandardButton.Yes:
                return
        row = self.scene_view.currentIndex().row()
        with self._step(translate("PrepPanel", "Delete scene")):
            self.store.scenes.delete(scene.id)
            rest = [s for s in self.scene_model.scenes if s.id != scene.id]
            self._written(rest[min(row, len(rest) - 1)].id if rest else None)

    def move_scene(self, step: int) -> None:
        scene = self.scene()
        if self.store is None or scene is None:
            return
        ids = [s.id for s in self.scene_model.scenes]
        i = ids.index(scene.id)
        j = i + step
        if not 0 <= j < len(ids):
            return
        ids[i], ids[j] = ids[j], ids[i]
        with self._step(translate("PrepPanel", "Move scene")):
            self.store.scenes.reorder(ids)
            self._written(scene.id)

    # -- check actions --------------------------------------------------------------------------
    def new_check(self) -> PreparedCheck | None:
        scene = self.scene()
        if self.store is None or scene is None or self.ctx is None:
            return None
        taken = {c.name for c in scene.checks}
        name = translate("PrepPanel", "New check")
        name = name if name not in taken else copy_name(name, taken)
        with self._step(translate("PrepPanel", "New check")):
            added = self.store.scenes.add_check(scene.id, new_check(self.ctx, name))
            self._written(scene.id, added.id)
        return added

    def duplicate_check(self) -> PreparedCheck | None:
        scene, check = self.scene(), self.check()
        if self.store is None or scene is None or check is None:
            return None
        copy = replace(check, id=None, name=copy_name(check.name, {c.name for c in scene.checks}))
        with self._step(translate("PrepPanel", "Duplicate check")):
            added = self.store.scenes.add_check(scene.id, copy)
            ids = [c.id for c in self.check_model.checks]
            ids.insert(ids.index(check.id) + 1, added.id)
            self.store.scenes.reorder_checks(scene.id, ids)
            self._written(scene.id, added.id)
        return added

    def delete_check(self) -> None:
        scene, check = self.scene(), self.check()
        if self.store is None or scene is None or check is None:
            return
        row = self.check_view.currentIndex().row()
        with self._step(translate("PrepPanel", "Delete check")):
            self.store.scenes.delete_check(check.id)
            rest = [c for c in self.check_model.checks if c.id != check.id]
            self._written(scene.id, rest[min(row, len(rest) - 1)].id if rest else None)

    def move_check(self, step: int) -> None:
        scene, check = self.scene(), self.check()
        if self.store is None or scene is None or check is None:
            return
        ids = [c.id for c in self.check_model.checks]
        i = ids.index(check.id)
        j = i + step
        if not 0 <= j < len(ids):
            return
        ids[i], ids[j] = ids[j], ids[i]
        with self._step(translate("PrepPanel", "Move check")):
            self.store.scenes.reorder_checks(scene.id, ids)
            self._written(scene.id, check.id)

    def move_check_to(self, scene_id: int) -> None:
        """Move the selected check to the end of another scene, and follow it there."""
        check = self.check()
        if self.store is None or check is None or scene_id == self.scene_id():
            return
        with self._step(translate("PrepPanel", "Move check to another scene")):
            self.store.scenes.update_check(check, scene_id=scene_id)
            self._written(scene_id, check.id)

    def _fill_move_menu(self) -> None:
        self.move_menu.clear()
        current = self.scene_id()
        for scene in self.scene_model.scenes:
            if scene.id != current:
                a = self.move_menu.addAction(plain_text.mnemonic(scene.name))
                a.setData(scene.id)
                a.triggered.connect(lambda _=False, sid=scene.id: self.move_check_to(sid))
