"""The check panel's rolling: the check shown rolled and logged (Ctrl+R), what the roll spends from
the sheet as one undo step, and the reroll the rules offer afterwards (``roll`` has the rules of it)."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QDate

from gmdesk import systems
from gmdesk.engine.core import RulesError
from gmdesk.ui.panels.check import roll as check_roll


class RollsTheCheck:
    """Mixed into ``CheckPanel`` (its ``view``, ``store``, ``context``, ``rng``, ``steps``,
    ``result_view``, ``bus``, ``followed``, ``last_roll`` and ``_offer``)."""

    def session_name(self) -> str:
        return QDate.currentDate().toString("yyyy-MM-dd")

    def roll_label(self) -> str:
        label = self.check_combo.currentText()
        opponent = self.target.opponent_id()
        if opponent is not None and self.context and opponent in self.context.characters:
            label += " " + QCoreApplication.translate("CheckPanel", "vs {name}").format(name=self.context.characters[opponent].name)
        return label

    def roll(self) -> check_roll.Rolled | None:
        """Roll the check shown, log it, announce it; then offer the reroll the rules allow."""
        if self.view is None or self.store is None:
            return None
        actor = self.actor()
        setup = self.setup()
        system = self.context.system
        check = check_roll.check_to_roll(self.view.check, system)
        result = check.roll(self.rng)
        label = self.roll_label()
        entry_id = check_roll.log_roll(self.store, check, result, actor=actor.name, label=label,
                                       session=self.session_name(), secret=setup.secret,
                                       **check_roll.fight_of(self.store, self.followed))
        self.last_roll = check_roll.Rolled(check, result, entry_id, actor.id, label, setup.secret)
        self._rolled_key = self._roll_key()  # shown while the panel shows this actor, check and turn
        spent = False
        options = systems.get(system).options
        for name, points in options.spent(setup.flags).items():  # Luck spent before or after the roll
            spent = check_roll.spend_step(self.steps, self.store, actor, options.resources[name], points) or spent
        self.result_view.show_roll(result, setup.secret, target_word=self.view.target_word, system=system,
                                   number=entry_id)
        self._offer_reroll(actor)
        self.bus.rollLogged.emit(entry_id)
        if spent:
            self.bus.characterChanged.emit(actor.id)
        return self.last_roll

    def _offer_reroll(self, actor) -> None:
        system = self.context.system if self.context else ""
        self._offer = check_roll.reroll_offer(self.last_roll, actor, system) if self.last_roll and system else None
        button = self.result_view.reroll_button
        button.setVisible(self._offer is not None)
        if self._offer:
            button.setText(check_roll.reroll_text(self._offer))

    def reroll(self) -> check_roll.Rolled | None:
        last, offer = self.last_roll, self._offer
        if last is None or offer is None or self.store is None:
            return None
        system = self.store.info.system
        actor = self.store.characters.get(last.actor_id)
        try:
            check, result = check_roll.reroll(offer, last.check, last.result, self.rng, system)
        except RulesError as exc:  # the engine has the last word (one reroll per roll…)
            self._offer = None
            self.result_view.reroll_button.setVisible(False)
            self._show_error(QCoreApplication.translate("CheckPanel", "Not possible: {reason}").format(reason=exc.rule))
            return None
        entry_id = check_roll.log_roll(self.store, check, result, actor=actor.name, label=last.label,
                                       session=self.session_name(), secret=last.secret, reroll_of=last.entry_id,
                                       **check_roll.fight_of(self.store, self.followed))
        self.last_roll = check_roll.Rolled(check, result, entry_id, actor.id, last.label, last.secret, last.entry_id)
        self._rolled_key = self._roll_key()
        resource = systems.get(system).options.resources.get(offer.resource)
        spent = resource is not None and check_roll.spend_step(self.steps, self.store, actor, resource)
        self.result_view.show_roll(result, last.secret, reroll_of=last.entry_id,
                                   target_word=self.view.target_word if self.view else "", system=system,
                                   number=entry_id)
        self._offer = None
        self.result_view.reroll_button.setVisible(False)
        self.bus.rollLogged.emit(entry_id)
        if spent:
            self.bus.characterChanged.emit(actor.id)
        return self.last_roll
