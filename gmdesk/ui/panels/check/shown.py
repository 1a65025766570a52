"""What the check panel tells the player window: the check it shows (``checkShown`` on the bus).

The panel calls ``shown_check`` each time it shows a check; deciding what of it the players see is
``gmdesk.campaign.player_view``'s.
"""

from __future__ import annotations

from fractions import Fraction

from gmdesk.campaign.player_view import ShownCheck
from gmdesk.ui.panels.check.setup import target_name


def shown_check(panel, view, chance) -> ShownCheck | None:
    """The check ``panel`` (the check panel) shows with ``view`` (its ``CheckView``); ``chance`` is
    the chance of success it shows."""
    actor = panel.actor()
    options = getattr(panel, "_options", [])
    index = panel.check_combo.currentIndex()
    if actor is None or not 0 <= index < len(options):
        return None
    option = options[index]
    # The target's name in every language, as the campaign's system names it (the players' language
    # need not be the GM's).
    target = target_name(panel.context.system, option.ref)
    return ShownCheck(actor.id, actor.name, actor.kind, (("en", option.label_en), ("fr", option.label_fr)),
                      Fraction(chance), (("en", target.en), ("fr", target.fr)), view.target,
                      panel.options.secret.isChecked())
