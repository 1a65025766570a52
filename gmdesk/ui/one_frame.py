"""What an action changes, laid out before the window's next frame is painted, not in the frames after.

Qt lays a window out from the bottom up, one level per pass of the event loop: a label's new text asks
its layout to be done again, that layout once done asks its parent's, and so on. A turn of the fight
changes texts deep in the Initiative and the check panel: the first frame painted them where they
were, and each level done afterwards moved something and asked for one more frame — "Next turn" was
painted three or four times over some 30 ms (issue 25: every action within a frame or two).

``OneFrame`` watches a window and, when the window is about to be painted (its ``UpdateRequest``),
first does the layouts still waiting, level after level, then hands each chart's scene the queued call
that says what changed in it (a scene tells its view through the event loop too: the check panel's
second chart, or a chart the layouts just moved, came a frame late). Before that, what another
window has waiting (the player window's share, ``before_frames``) is done; after it, the widgets just
shown ask for their paint and the scroll areas decide on their bars (both through posted events of
their own, handled after the frame otherwise: the Sheet's whole form was painted twice), and what a
scroll area shows is painted with the rest of the window, once (``paint_once``). The frame
paints the window as it finally stands. Nothing more is done than Qt would have done; it is done a few milliseconds earlier.
The docks are placed without animations (``guards.ChromeStyle``): the main window's own layout, last
of all, is done then too, and nothing is left for a later frame.
"""

from __future__ import annotations

import weakref

import shiboken6
from PySide6.QtCore import QCoreApplication, QEvent, QObject
from PySide6.QtGui import QPalette
from PySide6.QtWidgets import QGraphicsView, QScrollArea, QWidget

# A layout done posts its parent's request: as many passes as a widget is deep in its panel (about a
# dozen from a tier table's figure to the dock); a pass with nothing waiting costs a few microseconds.
LAYOUT_PASSES = 16
LAYOUT_REQUEST = QEvent.Type.LayoutRequest.value
META_CALL = QEvent.Type.MetaCall.value
UPDATE_LATER = QEvent.Type.UpdateLater.value

# Every chart built, whichever window holds it. Asking a window for its charts (``findChildren``) went
# through its 2,000-odd objects from Python at every frame: half a millisecond of each action.
_CHARTS: "weakref.WeakSet[QGraphicsView]" = weakref.WeakSet()


def chart_built(view: QGraphicsView) -> None:
    """A chart calls it once built: it is then settled with the frames of the window it is in."""
    _CHARTS.add(view)


# What another window has waiting to show (the player window's share of the GM's action, gathered
# on a zero timer so that several changes make one update): done when any watched window is about to
# be painted, so that its own frame comes right after this one. Left to its timer, it ran after the
# GM's window had painted, and the player window's frame came 10–15 ms later still.
_WAITING: "list[weakref.WeakMethod]" = []


def before_frames(method) -> None:
    """``method`` (a bound method, kept weakly) is called before each frame of a watched window."""
    _WAITING.append(weakref.WeakMethod(method))


def run_waiting() -> None:
    for ref in list(_WAITING):
        method = ref()
        if method is None:
            _WAITING.remove(ref)
        else:
            method()


# Every scroll area polished. One whose widget or size just changed decides whether to show its
# scroll bars through a queued call: handled after the frame, the bars came or went a frame later and
# the Sheet's whole form (a form of another shape for the next combatant) was painted twice.
_SCROLL_AREAS: "weakref.WeakSet[QScrollArea]" = weakref.WeakSet()


def scroll_area_polished(area: QScrollArea) -> None:
    _SCROLL_AREAS.add(area)


def settle_scroll_areas(window: QWidget) -> bool:
    """The queued calls of each scroll area on screen in ``window`` handled now; True if a scroll bar
    came or went (the layouts then have more to do)."""
    handled = False
    for area in list(_SCROLL_AREAS):
        if shiboken6.isValid(area) and area.isVisible() and area.window() is window:
            paint_once(area)
            before = area.verticalScrollBar().isVisible(), area.horizontalScrollBar().isVisible()
            QCoreApplication.sendPostedEvents(area, META_CALL)
            handled |= before != (area.verticalScrollBar().isVisible(), area.horizontalScrollBar().isVisible())
    return handled


def paint_once(area: QScrollArea) -> None:
    """A scroll area fills its viewport and the widget it scrolls with their background, which makes
    Qt paint them on their own, before the rest of the frame; when what is in them changed too (the
    Sheet's labels and numbers after a campaign switch), the rest of the frame painted it again: the
    whole form, or the check panel's controls, twice in one frame (5 ms). Not filled, they are painted
    with the window, once, on the window's own background — the same colour, or they keep their fill."""
    window_colour = area.palette().color(QPalette.ColorRole.Window)
    for widget in (area.viewport(), area.widget()):
        if (widget is not None and widget.autoFillBackground()
                and widget.palette().color(widget.backgroundRole()) == window_colour):
            widget.setAutoFillBackground(False)


class OneFrame(QObject):
    """Installed on a top-level window: ``OneFrame.watch(window)``."""

    @classmethod
    def watch(cls, window: QWidget) -> "OneFrame":
        hook = cls(window)
        window.installEventFilter(hook)
        return hook

    def eventFilter(self, watched, event) -> bool:  # noqa: N802 (Qt's name)
        if event.type() == QEvent.Type.UpdateRequest and not placing_docks(watched):
            run_waiting()
            settle_layouts()
            settle_charts(watched)
            if settle_scroll_areas(watched):
                settle_layouts()
            # Widgets just shown (the Sheet's form of another shape, brought out for the next
            # combatant) ask to be painted through posted events of their own: handled after this
            # frame, they painted the whole form again a frame later.
            QCoreApplication.sendPostedEvents(None, UPDATE_LATER)
        return False


def settle_layouts() -> None:
    """Every layout waiting to be done, done now, parents after children."""
    for _ in range(LAYOUT_PASSES):
        QCoreApplication.sendPostedEvents(None, LAYOUT_REQUEST)


def settle_charts(window: QWidget) -> None:
    """Each chart on screen in ``window`` told now what changed in its scene."""
    for view in list(_CHARTS):
        if not shiboken6.isValid(view) or not view.isVisible() or view.window() is not window:
            continue
        scene = view.scene()
        if scene is not None:
            # A chart the layouts just resized maps its items to the new size, and places its
            # labels for it, now: done while painting, the labels moved and asked for a frame more.
            prepare = getattr(scene, "prepareForPaint", None)
            if prepare is not None:
                prepare()
            place = getattr(view, "place_labels_now", None)
            if place is not None:
                place()
            # Twice: the scene's changed items are handled by one queued call, which may queue the
            # one that tells the view what to paint.
            QCoreApplication.sendPostedEvents(scene, META_CALL)
            QCoreApplication.sendPostedEvents(scene, META_CALL)


def placing_docks(window: QWidget) -> bool:
    """The main window is putting its docks where a layout has them (``WindowLayouts.placing``):
    its steps, a turn of the event loop apart, are left in Qt's order."""
    main = window if hasattr(window, "layouts") else window.parentWidget()
    layouts = getattr(main, "layouts", None)
    return bool(layouts is not None and getattr(layouts, "placing", False))
