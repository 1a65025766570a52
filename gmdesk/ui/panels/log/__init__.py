"""The roll log panel (``panel.RollLogPanel``): every roll of the campaign, filtered, paged over a
million rows (``model``), exported (``export_dialog``)."""
