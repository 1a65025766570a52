"""Sheet editors: one generic form driven by per-system field descriptions (``specs``)."""
