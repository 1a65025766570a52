"""Chroniques Oubliées Fantasy in the check panel: no toggle; the other paths that may apply (only
the best rank counts), to tests other than attacks."""

from __future__ import annotations

from gmdesk.engine.words import Word
from gmdesk.systems.kit.options import CheckOptions, Choices


def other_paths(sheet, ref) -> list[tuple[str, str]]:
    """The sheet's paths, but the one the roll is already made with; none for an attack, which a
    path's rank never adds to (the seed: a path states its attack bonuses)."""
    if sheet is None or (ref is not None and ref.kind in ("attack", "weapon")):
        return []
    return [(p.name, f"{p.name} ({p.rank})") for p in getattr(sheet, "paths", ())
            if not (ref is not None and ref.kind == "path" and ref.key == p.name)]


OPTIONS = CheckOptions(choices=(Choices("paths", Word("Other paths that may apply (the best rank counts):",
                                                       "Autres voies applicables (le meilleur rang compte)\u202f:"),
                                        other_paths),))
