"""Rolling the check shown, logging it, and the reroll the rules allow afterwards.

The roll itself is the engine's (``check.roll(rng)``); this module decides which reroll to offer:

- pf2 **fortune**: reroll a failed check, the new result stands (R-1; the better one with the house
  rule) — ``Pf2Check.reroll`` / ``FlatCheck.reroll``; never on a check that already had a fortune
  effect (one per roll), never twice;
- dnd5e **Heroic Inspiration**, when the actor holds it: reroll one die; it is spent —
  ``Dnd5eTest.reroll``. The roll itself is made without it (the odds shown may count it, R-2);
- anarchy **Luck after the roll**, when the actor has Luck left and no Edge reroll was used (R-3).

No reroll on a secret roll: a player who does not know of a check cannot call on a fortune ability
(RULES.md §1), and the same holds for Inspiration and Luck — except a pf2 secret check the player
knows is happening ("Player knows of it"), where fortune abilities may be used. One reroll per roll:
the engine refuses a second one.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace

from PySide6.QtCore import QCoreApplication
from PySide6.QtGui import QUndoStack

from gmdesk.campaign.log import LogEntry
from gmdesk.rules.core import RollResult
from gmdesk.ui.campaign_undo import CampaignSteps
from gmdesk.ui.undo import CampaignHistory

FAILED = ("failure", "critical_failure", "miss")


def tr(text: str) -> str:
    """Translate a text marked with QT_TRANSLATE_NOOP("CheckPanel", ...) elsewhere."""
    return QCoreApplication.translate("CheckPanel", text)


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


def check_to_roll(check):
    """The check as actually rolled: Heroic Inspiration is offered after the roll, not spent inside it."""
    if getattr(check, "inspiration", False) and hasattr(check, "reroll"):
        return replace(check, inspiration=False)
    return check


def reroll_kind(rolled: Rolled, actor) -> str | None:
    """Which reroll the rules offer after ``rolled`` ("fortune", "inspiration", "luck"), or None."""
    check, result, system = rolled.check, rolled.result, rolled.result.system
    if rolled.reroll_of is not None or result.rerolled or not result.dice:
        return None  # one reroll per roll, and nothing to reroll without dice
    if rolled.secret and not (system == "pf2" and getattr(check, "player_knows", False)):
        return None
    if system == "pf2":
        # At most one fortune effect per roll: a check already rolled with fortune gets no other.
        if hasattr(check, "reroll") and result.tier in FAILED and not getattr(check, "fortune", False) \
                and not getattr(check, "reroll_failure", False):
            return "fortune"
    elif system == "dnd5e":
        if hasattr(check, "reroll") and getattr(actor.sheet, "heroic_inspiration", False):
            return "inspiration"
    elif system == "anarchy":
        if (getattr(check, "kind", "") != "extended" and not getattr(check, "luck_after", False)
                and getattr(actor.sheet, "luck", 0) >= 1
                and not any(d.state == "rerolled" for d in result.dice)):
            return "luck"
    return None


def reroll_text(kind: str) -> str:
    return {
        "fortune": QCoreApplication.translate("CheckPanel", "Fortune: reroll the failed check"),
        "inspiration": QCoreApplication.translate("CheckPanel", "Spend Heroic Inspiration: reroll the lower d20"),
        "luck": QCoreApplication.translate("CheckPanel", "Spend a Luck point: reroll the dice that missed"),
    }[kind]


def reroll(kind: str, check, previous: RollResult, rng: random.Random) -> tuple[object, RollResult]:
    """The reroll's check (as logged) and result."""
    if kind in ("fortune", "inspiration"):
        return check, check.reroll(previous, rng)
    if kind == "luck":
        return luck_reroll(check, previous, rng)
    raise ValueError(kind)


class _Replay(random.Random):
    """Gives back recorded d6 faces in a planned order, fresh ones where the plan says so.

    The engine rolls an anarchy test in a fixed order (helpers, the leader's dice, the leader's
    rerolled dice, the opposing pool: ``anarchy_roll``'s docstring). Replaying the first roll's
    faces through ``roll`` with Luck after the roll switched on makes the engine itself reroll
    the misses, judge hits, complications (R-5) and the outcome: the rules stay in one place.
    """

    def __init__(self, plan: list[int | None], fresh: random.Random):
        super().__init__()
        self.plan = list(plan)
        self.fresh = fresh

    def randint(self, a: int, b: int) -> int:
        face = self.plan.pop(0) if self.plan else None
        return self.fresh.randint(a, b) if face is None else face


def luck_reroll(check, previous: RollResult, rng: random.Random) -> tuple[object, RollResult]:
    hit = 4 if check.luck_before else 5
    helpers = [d.face for d in previous.dice if d.state in ("helper", "helper_rerolled")]
    leader = [d.face for d in previous.dice if d.state == "kept"]
    opponent = [d.face for d in previous.dice if d.state == "opponent"]
    misses = sum(1 for f in leader if f < hit)
    plan: list[int | None] = helpers + leader + [None] * misses + opponent
    luck_check = replace(check, luck_after=True, rerolls=0)
    result = luck_check.roll(_Replay(plan, rng))
    return luck_check, result


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


def spend(store, actor, kind: str, luck_points: int = 1) -> bool:
    """Take the resource the roll used off the sheet (saved at once). True when the sheet changed."""
    sheet = actor.sheet
    if kind == "inspiration" and getattr(sheet, "heroic_inspiration", False):
        sheet.heroic_inspiration = False
    elif kind == "luck" and getattr(sheet, "luck", 0) >= luck_points > 0:
        sheet.luck -= luck_points
    else:
        return False
    store.characters.update(actor)
    return True


def spend_steps(panel, parent) -> CampaignSteps:
    """The check panel's undo steps, on the window's history (``parent.undo_stack``) when there is one."""
    window_stack = getattr(parent, "undo_stack", None)
    steps = CampaignSteps(window_stack if isinstance(window_stack, QUndoStack) else CampaignHistory(panel), panel)
    steps.written.connect(lambda *_: panel.bus.characterChanged.emit(-1))
    return steps


def spend_step(steps, store, actor, kind: str, luck_points: int = 1) -> bool:
    """``spend`` as one undo step named for Edit › Undo (``steps``: the panel's ``CampaignSteps``):
    the roll stays logged, Ctrl+Z gives the point back."""
    text = (QCoreApplication.translate("CheckPanel", "Spend %1's Heroic Inspiration") if kind == "inspiration"
            else QCoreApplication.translate("CheckPanel", "Spend %1's Luck"))
    with steps.step(text.replace("%1", actor.name), ("characters",)):
        spent = spend(store, actor, kind, luck_points)
    return spent
