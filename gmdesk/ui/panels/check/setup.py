"""The check panel's setup and view model (``gmdesk.campaign.check_view``: no Qt), and the one thing
the window adds to it: the target's name in the window's language."""

from __future__ import annotations

from gmdesk.campaign.check_view import CheckSetup, CheckView, Context, compute, ladder, target_name
from gmdesk.systems.kit.refs import CheckRef
from gmdesk.ui import i18n

__all__ = ["CheckSetup", "CheckView", "Context", "compute", "ladder", "target_name",
           "target_word"]


def target_word(system: str, ref: CheckRef | None) -> str:
    """``target_name`` in the window's language."""
    return target_name(system, ref).text(i18n.current_language())
