"""The check panel following the initiative queue: the combatant picked there rolls with its own
conditions.

Copies of one monster share one sheet but not their conditions (Gobelin 1 frightened, Gobelin 2
not): the panel shows the sheet's checks with the conditions of the copy the GM picked, so the two
copies show different odds. Without a followed combatant a character gets the conditions
``Context.from_store`` gives it (its first place in the queue).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from PySide6.QtCore import QCoreApplication

from gmdesk.store.errors import StoreError
from gmdesk.ui.panels.check.setup import Context
from gmdesk.ui.panels.encounter.panel import conditions_for_actor


@dataclass(frozen=True)
class Followed:
    """The combatant the check panel shows: its place in the fight and the sheet it rolls with."""

    combatant_id: int
    character_id: int
    name: str


def find_combatant(store, combatant_id: int | None) -> Followed | None:
    """The combatant ``combatant_id`` of the fight, if it is linked to a campaign character; None for
    an ad-hoc combatant (no sheet to roll with), one that left the fight, or an unreadable fight."""
    if store is None or combatant_id is None:
        return None
    try:
        encounter = store.encounter.get()
    except StoreError:
        return None
    combatant = next((c for c in encounter.combatants if c.id == combatant_id), None) if encounter else None
    if combatant is None or combatant.character_id is None:
        return None
    return Followed(combatant.id, combatant.character_id, combatant.name)


def read_context(store, lang: str, followed: Followed | None, sheets: Context | None = None) -> Context:
    """The campaign as the check panel needs it, the followed combatant's conditions on its sheet;
    the sheets of ``sheets`` (a context read before) kept when given: only the fight is read again."""
    ctx = sheets.with_fight(store) if sheets is not None and sheets.lang == lang else Context.from_store(store, lang)
    if followed is None or followed.character_id not in ctx.characters:
        return ctx
    conditions = tuple(conditions_for_actor(store, followed.character_id, followed.combatant_id))
    return replace(ctx, conditions={**ctx.conditions, followed.character_id: conditions})


class FollowsTheQueue:
    """The check panel's side of it (a mixin of ``CheckPanel``): which actor and whose conditions."""

    followed: Followed | None

    def _read_context(self, fight_only: bool = False) -> Context:
        """The campaign read again; ``fight_only``: the sheets are those already read (a combatant
        picked, a turn, a condition: the fight changed, not the party)."""
        return read_context(self.store, self.lang, self.followed, self.context if fight_only else None)

    def select_actor(self, character_id: int) -> None:
        """The GM picked a character (party table, sheet, or a combatant's own sheet)."""
        stopped = (self.followed is not None and self.followed.character_id != character_id
                   and self._stop_following())
        index = self.actor_combo.findData(character_id)
        if index >= 0 and index != self.actor_combo.currentIndex():
            self.actor_combo.setCurrentIndex(index)
        elif stopped:
            self.refresh()

    def follow_combatant(self, combatant_id: int) -> None:
        """The GM picked a combatant in the initiative queue: its sheet's checks, with the conditions
        of this combatant (two copies of one monster can differ). An ad-hoc combatant has no sheet:
        the panel stays on its actor."""
        if self.store is None or self.context is None:
            return
        followed = find_combatant(self.store, combatant_id)
        if followed is None or followed.character_id not in self.context.characters:
            if self._stop_following():
                self.refresh()
            return
        self.followed = followed
        self._show_followed()
        self.context = self._read_context(fight_only=True)
        index = self.actor_combo.findData(followed.character_id)
        if index != self.actor_combo.currentIndex():
            self.actor_combo.setCurrentIndex(index)  # recomputes, keeping the check when it can
        else:
            self._check_changed()

    def _stop_following(self) -> bool:
        if self.followed is None:
            return False
        self.followed = None
        self._show_followed()
        if self.store is not None:
            self.context = self._read_context(fight_only=self.context is not None)
        return True

    def _show_followed(self) -> None:
        followed = self.followed
        self.followed_label.setVisible(followed is not None)
        if followed is None:
            self.followed_label.clear()  # hidden, and holding no name of a fight (or campaign) left
        else:
            self.followed_label.setText(
                QCoreApplication.translate("CheckPanel", "In the fight: {name}, with its conditions").format(
                    name=followed.name))
