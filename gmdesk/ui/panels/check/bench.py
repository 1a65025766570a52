"""The check panel's timing for ``benchmarks/ui.py`` (issue 4, item 11), run inside a shown window.

``modifier_edit_seconds(panel)``: one situational-modifier edit in the check panel, from the spin
box's new value to both charts holding the recomputed odds (target ≤ 16 ms: one frame).
"""

from __future__ import annotations

import time

_edit = {"n": 0}


def modifier_edit_seconds(panel) -> float:
    """Change the first situational modifier (adding it the first time) and time until the charts
    hold the new odds. The values cycle 1..4 (a pf2 circumstance bonus), so every edit changes the
    check, its odds and its DC sweep."""
    modifiers = panel.modifiers
    if modifiers.table.rowCount() == 0:
        modifiers.add_row(1, "circumstance", "benchmark")
    spin = modifiers.value_spin(0)
    _edit["n"] += 1
    value = 1 + _edit["n"] % 4
    if value == spin.value():
        value = 1 + (value % 4)
    start = time.perf_counter()
    spin.setValue(value)  # the panel recomputes and updates the chart items synchronously
    elapsed = time.perf_counter() - start
    view = panel.view
    if view is not None:  # the charts really hold the engine's numbers (checked outside the timing)
        assert panel.tier_chart.heights() == list(view.bars.heights)
        if view.sweep is not None:
            tier = view.sweep.tiers[0]
            assert tuple(panel.sweep_chart.band(tier).opts["height"]) == view.sweep.heights[tier]
    return elapsed
