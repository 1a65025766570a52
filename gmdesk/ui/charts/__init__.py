"""pyqtgraph charts of the check panel: tier bars (or anarchy hits) and the DC sweep.

Charts are fed with the pure series of ``gmdesk.engine.series`` and update their items in place.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from gmdesk.ui.charts.sweep_chart import SweepChart
    from gmdesk.ui.charts.tier_chart import TierBarsChart

__all__ = ["SweepChart", "TierBarsChart"]
# pyqtgraph (and numpy under it) takes about half a second to import: the window is painted first,
# and the charts' modules are imported when a chart is built (``lazy.LazyChart``).
_WHERE = {"SweepChart": "sweep_chart", "TierBarsChart": "tier_chart"}


def __getattr__(name: str):
    if name in _WHERE:
        import importlib

        return getattr(importlib.import_module(f"{__name__}.{_WHERE[name]}"), name)
    raise AttributeError(name)
