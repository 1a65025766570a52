"""The Analytics panel (``panel.AnalyticsPanel``): the roll log against its exact odds, counted and
charted when the panel is seen; ``painting`` paints its report, ``recap`` exports the session's recap,
``views`` its summary, groups table, kinds of check and chart tabs."""
