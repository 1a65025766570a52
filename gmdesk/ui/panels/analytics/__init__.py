"""The Analytics panel (``panel.AnalyticsPanel``): the roll log against its exact odds, counted and
charted when the panel is seen; ``views`` its summary, groups table, kinds of check and chart tabs."""
