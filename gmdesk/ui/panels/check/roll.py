"""Rolling the check shown, logging it, and the reroll the rules allow afterwards.

The roll itself is the engine's (``check.roll(rng)``); which reroll to offer after it is the
system's (``CheckOptions.offer_reroll`` and ``reroll``):

- pf2 **fortune**: reroll a failed check, the new result stands (R-1; the better one with the house
  rule); never on a check that already had a fortune effect (one per roll), never twice;
- dnd5e **Heroic Inspiration**, when the actor holds it: reroll one die; it is spent. The roll
  itself is made without it (``CheckOptions.as_rolled``; the odds shown may count it, R-2);
- anarchy **Luck after the roll**, when the actor has Luck left and no Edge reroll was used (R-3).

No reroll on a secret roll: a player who does not know of a check cannot call on a fortune ability
(RULES.md §1), and the same holds for Inspiration and Luck — except a pf2 secret check the player
knows is happening ("Player knows of it"), where fortune abilities may be used. One reroll per roll:
the engine refuses a second one. What a roll or a reroll spends from the sheet (Heroic Inspiration,
Luck) is one undo step.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from PySide6.QtGui import QUndoStack

from gmdesk import systems
from gmdesk.campaign.log import LogEntry
from gmdesk.engine.core import RollResult
from gmdesk.systems.kit.options import Reroll, spend as spend_resource
from gmdesk.ui import i18n
from gmdesk.ui.campaign_undo import CampaignSteps
from gmdesk.ui.undo import CampaignHistory


@dataclass(frozen=True)
class Rolled:
    """One roll as logged: the engine check that made it, its result, its log id."""

    check: object
    result: RollResult
    entry_id: int
    actor_id: int
    label: str
    secret: bool
    reroll_of: int | None = None


def _options(system: str):
    return systems.get(system).options


def check_to_roll(check, system: str):
    """The check as actually rolled (dnd5e: Heroic Inspiration is offered after the roll, not spent inside it)."""
    return _options(system).as_rolled(check)


def reroll_offer(rolled: Rolled, actor, system: str) -> Reroll | None:
    """The reroll the rules offer after ``rolled``, or None."""
    result = rolled.result
    if rolled.reroll_of is not None or result.rerolled or not result.dice:
        return None  # one reroll per roll, and nothing to reroll without dice
    return _options(system).offer_reroll(rolled.check, result, actor.sheet, rolled.secret)


def reroll_text(offer: Reroll) -> str:
    return offer.label.text(i18n.current_language())


def reroll(offer: Reroll, check, previous: RollResult, rng: random.Random, system: str) -> tuple[object, RollResult]:
    """The reroll's check (as logged) and result."""
    return _options(system).reroll(offer.kind, check, previous, rng)


def log_roll(store, rolled_check, result: RollResult, *, actor: str, label: str, session: str, secret: bool,
             reroll_of: int | None = None, fight: str = "", round: int | None = None) -> int:
    entry = LogEntry.from_roll(result, rolled_check.describe(), actor=actor, label=label, session=session,
                               secret=secret, reroll_of=reroll_of, fight=fight, round=round)
    return store.log.append(entry)


def fight_of(store, followed) -> dict:
    """The fight a roll is made in, for the log (the session recap lists it by round): the GM rolls
    for a combatant picked in the initiative queue (``followed``); any other roll is outside a fight."""
    from gmdesk.store.errors import StoreError

    if store is None or followed is None:
        return {}
    try:
        encounter = store.encounter.get()
    except StoreError:
        return {}
    return {} if encounter is None else {"fight": encounter.name or "—", "round": encounter.round}


def spend(store, actor, resource, points: int = 1) -> bool:
    """Take what the roll used (``CheckOptions.resources``) off the sheet, saved at once. True when
    the sheet changed."""
    if not spend_resource(actor.sheet, resource, points):
        return False
    store.characters.update(actor)
    return True


def spend_steps(panel, parent) -> CampaignSteps:
    """The check panel's undo steps, on the window's history (``parent.undo_stack``) when there is one."""
    window_stack = getattr(parent, "undo_stack", None)
    steps = CampaignSteps(window_stack if isinstance(window_stack, QUndoStack) else CampaignHistory(panel), panel)
    steps.written.connect(lambda *_: panel.bus.characterChanged.emit(-1))
    return steps


def spend_step(steps, store, actor, resource, points: int = 1) -> bool:
    """``spend`` as one undo step named for Edit › Undo (``steps``: the panel's ``CampaignSteps``):
    the roll stays logged, Ctrl+Z gives the point back."""
    text = resource.spend_label.format(i18n.current_language(), name=actor.name)
    with steps.step(text, ("characters",)):
        spent = spend(store, actor, resource, points)
    return spent
