"""Tier colours and names, the same in every panel, chart and table of the window.

A GM learns the colours once: dark red is a critical failure, orange-red a failure, green a success,
teal a critical success. Attack tiers (miss / hit / critical hit) borrow the same colours, and so do
anarchy's results, so a glance means the same thing everywhere. Any widget that shows a tier asks this
module; nothing else hard-codes a tier colour.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QWidget

from gmdesk.engine.words import COMPLICATION, tier_text

# Hex strings rather than QColor constants so tests and exports can compare them as text.
TIER_HEX: dict[str, str] = {
    "critical_failure": "#8b1a1a",  # dark red
    "failure": "#e0662a",  # red-orange
    "success": "#2e9e4f",  # green
    "critical_success": "#1b8fa6",  # teal-blue
    "miss": "#e0662a",
    "hit": "#2e9e4f",
    "critical_hit": "#1b8fa6",
}
COMPLICATION_HEX = "#8e44ad"  # purple: not a tier, a side effect that can come with any tier
NEUTRAL_HEX = "#7f8c8d"  # open anarchy tests (no threshold), unknown tiers
MARKER_HEX = "#202020"  # the current DC / threshold line
MEMBER_HEX = ("#4c6ef5", "#ae3ec9", "#f08c00", "#1098ad", "#d6336c", "#5c940d", "#7048e8", "#868e96")  # prep: each roller

# Display order, worst first; the engine's tier ids are stable (RULES.md).
TIER_ORDER = (
    "critical_failure",
    "miss",
    "failure",
    "success",
    "hit",
    "critical_success",
    "critical_hit",
)

# Tier names are the engine's (``gmdesk.engine.words.TIER_NAMES``): the window, the player window and
# the exports say the same words.


def tier_hex(tier: str) -> str:
    return TIER_HEX.get(tier, NEUTRAL_HEX)


def tier_color(tier: str, alpha: int = 255) -> QColor:
    colour = QColor(tier_hex(tier))
    colour.setAlpha(alpha)
    return colour


def complication_color() -> QColor:
    return QColor(COMPLICATION_HEX)


def tier_name(tier: str) -> str:
    """The tier in the GM's language ("réussite critique"), falling back to the id."""
    from gmdesk.ui.i18n import current_language

    return tier_text(tier, current_language())


def complication_name() -> str:
    from gmdesk.ui.i18n import current_language

    return COMPLICATION.text(current_language())


def count_text(context: str, n: int, one: str, many: str) -> str:
    """"1 hit" / "3 hits" in the window's language; ``one`` and ``many`` are English sources marked
    with ``QT_TRANSLATE_NOOP(context, …)`` and hold ``{n}``. French counts 0 and 1 as singular."""
    from gmdesk.ui.i18n import current_language

    singular = n == 1 or (n == 0 and current_language() == "fr")
    return QCoreApplication.translate(context, one if singular else many).replace("{n}", str(n))


def tier_names() -> dict[str, str]:
    """Every known tier id with its translated name (for filter combos)."""
    return {tier: tier_name(tier) for tier in TIER_ORDER}


def restyle(widget: QWidget, style: str) -> None:
    """``widget.setStyleSheet(style)`` unless it already has it: a style sheet set, even the same one,
    polishes the widget again (half a millisecond a label, on every turn of the fight)."""
    if widget.styleSheet() != style:
        widget.setStyleSheet(style)
