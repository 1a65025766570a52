"""The check panel painting its view model (``gmdesk.campaign.check_view.CheckView``): every figure
it shows is one of the view's numbers, and when there is no check to show (impossible, no campaign)
no figure of an earlier one stays — nor a roll that belongs to another actor, check or turn.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QT_TRANSLATE_NOOP

from gmdesk.campaign.check_view import CheckView
from gmdesk.ui.engine_words import EngineWords, check_names
from gmdesk.ui.panels.check.shown import shown_check
from gmdesk.ui.theme import count_text, tier_name


class PaintsTheView:
    """Mixed into ``CheckPanel`` (its ``context``, ``view``, figures' widgets and charts, ``bus``,
    ``result_view``, ``last_roll``, ``_offer``)."""

    def _words(self) -> EngineWords:
        """The engine's words in the GM's language, for this campaign's system."""
        key = (self.context.system if self.context else "", self.lang)
        if getattr(self, "_words_key", None) != key:
            self._words_key = key
            self._engine_words = EngineWords(key[0], check_names(*key), lang=key[1])
        return self._engine_words

    def _show_error(self, text: str) -> None:
        """The check cannot be made (or there is none): the reason, and no figure of any check."""
        self.view = None
        self.error_label.setText(text)
        self.error_label.setVisible(True)
        self.roll_action.setEnabled(False)
        self.tier_table.show_odds([])
        self.breakdown.clear()
        self.summary_label.clear()
        self.target.show_effective("")
        self._tier.draw(lambda chart: chart.clear_bars())
        self._sweep.draw(lambda chart: chart.clear_sweep())
        self._forget_roll_unless(None)
        self.bus.checkShown.emit(None)

    def _show(self, view: CheckView) -> None:
        """Paint ``view`` (the view model): every figure is one of its numbers."""
        self.tier_table.show_odds([(tier, view.percent(p)) for tier, p in view.rows])
        if view.is_pool:
            caption = QCoreApplication.translate("CheckPanel", "complication {p}").format(p=view.percent(view.complication))
            caption = f"{view.target_text} · {caption}" if view.target is not None else caption
            ticks = view.bars.labels
        else:
            caption = QCoreApplication.translate("CheckPanel", "This check")
            ticks = tuple(tier_name(t) for t in view.bars.keys)
        self._tier.draw(lambda chart: chart.show_bars(view.bars, view.bar_texts, ticks, marker_x=view.marker_x,
                                                      marker_text=view.target_text, caption=caption, y_max=view.y_max))
        if view.sweep is not None:
            title = QCoreApplication.translate("CheckPanel", "Outcomes by {word}").format(word=view.target_word)

            def sweep(chart) -> None:
                chart.set_title(title)  # first: a new title moves the plot the bars are placed in
                chart.show_sweep(view.sweep, view.target, view.target_text, view.target_word, view.percent)

            self._sweep.draw(sweep)
        else:  # no target in use (an open or opposed test): no chart "by threshold" of another test
            self._sweep.draw(lambda chart: chart.clear_sweep(), visible=False)
        if view.is_pool:
            total = count_text("CheckPanel", view.total, QT_TRANSLATE_NOOP("CheckPanel", "{n} die"),
                               QT_TRANSLATE_NOOP("CheckPanel", "{n} dice"))
        else:
            total = f"{view.total:+d}"
        self.breakdown.show_breakdown(view.breakdown, view.dc_breakdown, total,
                                      QCoreApplication.translate("CheckPanel", "On the {word}").format(word=view.target_word),
                                      self._words(), list(view.reasons))
        opponent = self.target.opponent_id() is not None
        shown = []
        if view.target is not None and not view.is_pool and (opponent or view.dc_breakdown.lines):
            shown.append(f"= {view.target_text}")
            if opponent:
                self.target.show_opponent_dc(view.base_target)
        if view.base_target is not None and not view.is_pool and not opponent:
            shown.append(self._typed_for())
        self.target.show_effective(" · ".join(text for text in shown if text))
        self.summary_label.setText(QCoreApplication.translate("CheckPanel", "Chance of success: {p}").format(p=view.percent(view.chance)))
        self._forget_roll_unless(self._roll_key())
        self.bus.checkShown.emit(shown_check(self, view, view.chance))

    def _typed_for(self) -> str:
        """"typed for Brunhild" when the DC shown was typed for another actor's roll: a DC carried
        to the next combatant's turn is kept, and says so."""
        owner = getattr(self, "_dc_owner", None)
        if owner is None or owner == self.actor_combo.currentData() or owner not in self.context.characters:
            return ""
        return QCoreApplication.translate("CheckPanel", "typed for {name}").format(
            name=self.context.characters[owner].name)

    def _roll_key(self) -> tuple:
        """What a roll shown belongs to: who (which copy of a monster), which check, the fight's turn."""
        followed = self.followed.combatant_id if self.followed is not None else None
        return (self.actor_combo.currentData(), followed, str(self.ref()), self.context.turn if self.context else ())

    def _forget_roll_unless(self, key: tuple | None) -> None:
        """The last roll stays on screen only while the panel shows its actor and check in the same
        turn: a figure that no longer belongs to what the panel shows is not shown."""
        if getattr(self, "_rolled_key", None) is not None and self._rolled_key != key:
            self._rolled_key = None
            self.last_roll = None
            self._offer = None
            self.result_view.clear()
