"""pyqtgraph charts of the check panel: tier bars (or anarchy hits) and the DC sweep.

Charts are fed with the pure series of ``gmdesk.engine.series`` and update their items in place.
"""

from gmdesk.ui.charts.sweep_chart import SweepChart
from gmdesk.ui.charts.tier_chart import TierBarsChart

__all__ = ["SweepChart", "TierBarsChart"]
