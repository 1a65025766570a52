"""What every game system is built from, below the systems and above the engine (no Qt, no I/O).

A system's folder imports these; nothing here knows any system. ``rulings`` (RULES.md's R-1…R-5 as
the engine's checks take them) — and, as the systems move in, the rest of the kit.
"""
