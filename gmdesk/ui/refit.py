"""After a live language switch, the window is laid out as a fresh start in that language lays it out
(issue 12, item 8): nothing clipped in French after starting in English, nor the other way round.

Qt measures most widgets again when their text changes (labels, buttons, check boxes), but not what
was measured once, for the first language:

- a combo box that sizes itself to its entries when first shown (Qt's default policy) keeps the width
  of its first language's entries ("Everyone" → "Tout le mo");
- what a panel fitted to its texts at start (the check panel's column of choices) keeps its old
  width, and scrolls sideways with the longer words ("Échoue volontairem", its +/− cut off).

``refit(window)`` measures both again; each dock keeps its share of the window.
"""

from __future__ import annotations

from PySide6.QtWidgets import QComboBox, QWidget

from gmdesk.ui import guards

_ON_FIRST_SHOW = QComboBox.SizeAdjustPolicy.AdjustToContentsOnFirstShow
SAME_SHARE = 0.005  # of the window's width or height: a few pixels


def refit_combos(root: QWidget) -> list[QComboBox]:
    """Every combo box in ``root`` that sized itself to its entries once measures them again; the
    ones whose size changed are returned."""
    grown = []
    for combo in guards.polished_combos(root):  # one never shown has not measured its entries yet
        if combo.sizeAdjustPolicy() == _ON_FIRST_SHOW:
            before = combo.sizeHint()
            # Qt forgets a combo box's measured size only when its policy changes.
            combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
            combo.setSizeAdjustPolicy(_ON_FIRST_SHOW)
            if combo.sizeHint() != before:
                grown.append(combo)
    return grown


def refit(window) -> None:
    """``window`` (a ``MainWindow``) after its texts changed language, or another campaign opened."""
    docks = getattr(window, "docks", {})
    least = {name: dock.minimumSizeHint() for name, dock in docks.items()}
    store = getattr(window, "store", None)
    # Another system or language: other options and words, measured again whatever their sizes.
    words = (store.info.system if store is not None else None,
             getattr(getattr(window, "translations", None), "language", None))
    same_words = words == getattr(window, "_refitted_for", None)
    window._refitted_for = words
    resized = refit_combos(window)
    for panel in window.panels.values():
        fit = getattr(panel, "fit_to_texts", None)
        # A campaign of the same system in the same language: a panel fitted itself when handed it,
        # and is fitted again only if one of its combo boxes measured its entries otherwise (the
        # check panel's column laid out twice more each switch, its table repainted on a frame of
        # its own).
        if fit is not None and (not same_words or any(panel.isAncestorOf(combo) for combo in resized)):
            fit()
    layouts = getattr(window, "layouts", None)
    if layouts is not None and layouts.shares.shares and window.isVisible():
        # A dock whose least width grew keeps its share, no more. When no dock's least size changed
        # in a campaign of the same system, and each dock has its share, they are left alone:
        # resizing them again moved them a few pixels and back over four layouts of the window,
        # each repainting every chart (0.2 s of a campaign switch).
        unchanged = same_words and least == {name: dock.minimumSizeHint() for name, dock in docks.items()}
        if not (unchanged and layouts.shares.close_to(layouts.shares.shares, within=SAME_SHARE)):
            layouts.shares.apply()
