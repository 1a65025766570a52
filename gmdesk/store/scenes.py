"""Scenes and the checks prepared in them, in the GM's order.

A scene's checks are rows of their own, so that one check can be edited, moved or deleted without
rewriting the scene; ``Scene.checks`` is filled from them when a scene is read.
"""

from __future__ import annotations

import sqlite3

from gmdesk.campaign.model import PreparedCheck, Scene
from gmdesk.store.db import Database
from gmdesk.store.errors import InvalidInput
from gmdesk.store.records import check_order, dumps, load


def _prepared(row: tuple) -> PreparedCheck:
    cid, position, data = row

    def build(d: dict) -> PreparedCheck:
        d.update(id=cid, position=position)
        return PreparedCheck.from_dict(d)

    return load(f"prepared check #{cid}", data, build)


def _check_dict(check: PreparedCheck, cid: int | None, position: int) -> str:
    d = check.to_dict()
    d.update(id=cid, position=position)
    return dumps(d)


def _scene_data(scene: Scene) -> str:
    # The scene's own fields; its checks are rows of prepared_checks, its position a column.
    return dumps({k: v for k, v in scene.to_dict().items() if k not in ("checks", "id", "position")})


class Scenes:
    """Scenes with their prepared checks; every call is committed."""

    def __init__(self, db: Database):
        self._db = db

    # -- scenes -------------------------------------------------------------------------------

    def list(self) -> list[Scene]:
        def run(c: sqlite3.Connection) -> list[Scene]:
            checks: dict[int, list[PreparedCheck]] = {}
            for scene_id, *row in c.execute(
                "SELECT scene_id, id, position, data FROM prepared_checks ORDER BY scene_id, position, id"
            ):
                checks.setdefault(scene_id, []).append(_prepared(tuple(row)))
            return [
                Scene(sid, name, position, checks.get(sid, []))
                for sid, name, position in c.execute("SELECT id, name, position FROM scenes ORDER BY position, id")
            ]

        return self._db.read(run)

    def count(self) -> int:
        """How many scenes there are, without reading them (what enables the prep sheet's export)."""
        return self._db.read(lambda c: c.execute("SELECT count(*) FROM scenes").fetchone()[0])

    def get(self, scene_id: int) -> Scene:
        def run(c: sqlite3.Connection) -> Scene:
            row = c.execute("SELECT id, name, position FROM scenes WHERE id = ?", (scene_id,)).fetchone()
            if row is None:
                raise KeyError(scene_id)
            rows = c.execute(
                "SELECT id, position, data FROM prepared_checks WHERE scene_id = ? ORDER BY position, id", (scene_id,)
            ).fetchall()
            return Scene(row[0], row[1], row[2], [_prepared(r) for r in rows])

        return self._db.read(run)

    def add(self, scene: Scene) -> Scene:
        """Store a new scene (ids ignored) at the end, with its checks in their ``position`` order."""
        scene.validate()

        def run(c: sqlite3.Connection) -> int:
            position = c.execute("SELECT coalesce(max(position) + 1, 0) FROM scenes").fetchone()[0]
            sid = c.execute(
                "INSERT INTO scenes (position, name, data) VALUES (?, ?, ?)", (position, scene.name, _scene_data(scene))
            ).lastrowid
            for check in scene.ordered_checks():
                self._insert_check(c, sid, check)
            return sid

        return self.get(self._db.write(run, "add the scene"))

    def update(self, scene: Scene) -> Scene:
        """Save a scene as given: its name, and its checks (kept by id, added without one, the
        ones no longer listed deleted), in the order of their ``position``."""
        scene.validate()
        if scene.id is None:
            raise InvalidInput("id", "a scene not yet stored cannot be updated; add it")

        def run(c: sqlite3.Connection) -> None:
            cur = c.execute("UPDATE scenes SET name = ?, data = ? WHERE id = ?", (scene.name, _scene_data(scene), scene.id))
            if cur.rowcount == 0:
                raise KeyError(scene.id)
            existing = {r[0] for r in c.execute("SELECT id FROM prepared_checks WHERE scene_id = ?", (scene.id,))}
            kept = {ch.id for ch in scene.checks if ch.id is not None}
            if not kept <= existing:
                raise InvalidInput("checks", f"check #{min(kept - existing)} is not in this scene")
            for gone in existing - kept:
                c.execute("DELETE FROM prepared_checks WHERE id = ?", (gone,))
            for position, check in enumerate(scene.ordered_checks()):
                if check.id is None:
                    self._insert_check(c, scene.id, check, position)
                else:
                    c.execute(
                        "UPDATE prepared_checks SET position = ?, name = ?, data = ? WHERE id = ?",
                        (position, check.name, _check_dict(check, check.id, position), check.id),
                    )

        self._db.write(run, "save the scene")
        return self.get(scene.id)

    def delete(self, scene_id: int) -> None:
        """Remove a scene and its prepared checks."""

        def run(c: sqlite3.Connection) -> None:
            if c.execute("DELETE FROM scenes WHERE id = ?", (scene_id,)).rowcount == 0:
                raise KeyError(scene_id)

        self._db.write(run, "delete the scene")

    def reorder(self, ids: list[int]) -> None:
        def run(c: sqlite3.Connection) -> None:
            current = dict(c.execute("SELECT id, position FROM scenes"))
            for position, sid in check_order("ids", list(ids), current):
                c.execute("UPDATE scenes SET position = ? WHERE id = ?", (position, sid))

        self._db.write(run, "reorder the scenes")

    # -- prepared checks ----------------------------------------------------------------------

    def _insert_check(self, c: sqlite3.Connection, scene_id: int, check: PreparedCheck, position: int | None = None) -> int:
        if position is None:
            position = c.execute(
                "SELECT coalesce(max(position) + 1, 0) FROM prepared_checks WHERE scene_id = ?", (scene_id,)
            ).fetchone()[0]
        cid = c.execute(
            "INSERT INTO prepared_checks (scene_id, position, name, data) VALUES (?, ?, ?, ?)",
            (scene_id, position, check.name, "{}"),
        ).lastrowid
        c.execute("UPDATE prepared_checks SET data = ? WHERE id = ?", (_check_dict(check, cid, position), cid))
        return cid

    def add_check(self, scene_id: int, check: PreparedCheck) -> PreparedCheck:
        """Add a prepared check at the end of a scene; returns it with its id."""
        check.validate()

        def run(c: sqlite3.Connection) -> int:
            if c.execute("SELECT 1 FROM scenes WHERE id = ?", (scene_id,)).fetchone() is None:
                raise KeyError(scene_id)
            return self._insert_check(c, scene_id, check)

        return self.get_check(self._db.write(run, "add the prepared check"))

    def get_check(self, check_id: int) -> PreparedCheck:
        row = self._db.read(
            lambda c: c.execute("SELECT id, position, data FROM prepared_checks WHERE id = ?", (check_id,)).fetchone()
        )
        if row is None:
            raise KeyError(check_id)
        return self._db.loaded(lambda: _prepared(row))

    def scene_of(self, check_id: int) -> int:
        row = self._db.read(lambda c: c.execute("SELECT scene_id FROM prepared_checks WHERE id = ?", (check_id,)).fetchone())
        if row is None:
            raise KeyError(check_id)
        return row[0]

    def update_check(self, check: PreparedCheck, scene_id: int | None = None) -> PreparedCheck:
        """Save a prepared check; with ``scene_id``, move it to the end of that scene."""
        check.validate()
        if check.id is None:
            raise InvalidInput("id", "a check not yet stored cannot be updated; add it")

        def run(c: sqlite3.Connection) -> None:
            row = c.execute("SELECT scene_id, position FROM prepared_checks WHERE id = ?", (check.id,)).fetchone()
            if row is None:
                raise KeyError(check.id)
            target, position = row
            if scene_id is not None and scene_id != target:
                if c.execute("SELECT 1 FROM scenes WHERE id = ?", (scene_id,)).fetchone() is None:
                    raise KeyError(scene_id)
                target = scene_id
                position = c.execute(
                    "SELECT coalesce(max(position) + 1, 0) FROM prepared_checks WHERE scene_id = ?", (scene_id,)
                ).fetchone()[0]
            c.execute(
                "UPDATE prepared_checks SET scene_id = ?, position = ?, name = ?, data = ? WHERE id = ?",
                (target, position, check.name, _check_dict(check, check.id, position), check.id),
            )

        self._db.write(run, "save the prepared check")
        return self.get_check(check.id)

    def delete_check(self, check_id: int) -> None:
        def run(c: sqlite3.Connection) -> None:
            if c.execute("DELETE FROM prepared_checks WHERE id = ?", (check_id,)).rowcount == 0:
                raise KeyError(check_id)

        self._db.write(run, "delete the prepared check")

    def reorder_checks(self, scene_id: int, ids: list[int]) -> None:
        def run(c: sqlite3.Connection) -> None:
            current = dict(c.execute("SELECT id, position FROM prepared_checks WHERE scene_id = ?", (scene_id,)))
            for position, cid in check_order("ids", list(ids), current):
                c.execute(
                    "UPDATE prepared_checks SET position = ?, data = json_set(data, '$.position', ?) WHERE id = ?",
                    (position, position, cid),
                )

        self._db.write(run, "reorder the prepared checks")
