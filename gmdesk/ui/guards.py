"""Two rules every widget of gmdesk follows, enforced once for the whole application (and one fix
of the style's looks: the accents of French tabs, see ``TabStyle``).

1. The mouse wheel never changes a field the GM is not typing in. Over a spin box, a combo box, a
   slider or a date edit without keyboard focus, the wheel scrolls what holds the field (the
   sheet, the check panel's choices, a dialog) exactly as it would over an empty spot; with
   focus, it steps the value as usual. Fields also stop taking focus from the wheel (Qt's
   ``WheelFocus``, which the wheel would otherwise use to focus them first): a click or Tab does.
2. Text is shown as typed. A label or tooltip showing ``<i>Amiri</i>`` shows those characters, not
   italics: every label whose format was left to Qt's guess (``Qt.AutoText``) becomes plain text
   when it is first polished, tooltips included. A label meant to hold markup says so with
   ``setTextFormat(Qt.RichText)`` and escapes what the GM typed (``plain_text.html``). Message
   boxes keep Qt's guess (its About boxes need it): what the window puts in them goes through
   ``plain_text.message``.

Both hang on the application's style (``install``): Qt polishes every widget through it once, before
the widget first shows, so a widget added later is covered too, and nothing runs per event except
the wheel filter of Qt's own fields (an application event filter would send every event of every
widget through Python: a quarter of a second more before the first window shows). gmdesk's own field
classes turn the wheel away in their ``wheelEvent`` (``OwnWheel``) and need no filter. The style
draws with the application's own style underneath: nothing looks different.
"""

from __future__ import annotations

import weakref

import shiboken6
from PySide6.QtCore import QEvent, QObject, QPointF, Qt
from PySide6.QtGui import QWheelEvent
from PySide6.QtWidgets import (QAbstractSlider, QAbstractSpinBox, QApplication, QComboBox, QDockWidget, QLabel,
                               QMessageBox, QProxyStyle, QScrollArea, QScrollBar, QStyle, QStyleFactory, QTabBar,
                               QToolBar, QWidget)

from gmdesk.ui import one_frame

FIELDS = (QAbstractSpinBox, QComboBox, QAbstractSlider)

# Every combo box polished (shown at least once, so measured at least once): what ``refit`` measures
# again after a campaign switch, without searching the window's 2,000-odd objects for them from
# Python (2 ms before the switch was painted).
COMBOS: "weakref.WeakSet[QComboBox]" = weakref.WeakSet()


def is_field(widget: QObject) -> bool:
    """A widget whose value the wheel steps: spin and date boxes, combo boxes, sliders (not scroll bars)."""
    return isinstance(widget, FIELDS) and not isinstance(widget, QScrollBar)


def has_keyboard_focus(widget: QWidget) -> bool:
    focus = QApplication.focusWidget()
    return focus is not None and (focus is widget or widget.isAncestorOf(focus))


def turned_away(field: QWidget, event: QWheelEvent) -> bool:
    """A wheel over ``field`` without keyboard focus, handed to what holds it; False if the field has
    the focus (the wheel is then the GM's, to step the value)."""
    if has_keyboard_focus(field):
        return False
    # Hand the wheel on as Qt does with a wheel nobody takes: to each ancestor in turn until one uses
    # it (a scroll area scrolls; at the end of its range, the next one up).
    global_pos = event.globalPosition()
    holder = field.parentWidget()
    while holder is not None:
        relay = QWheelEvent(QPointF(holder.mapFromGlobal(global_pos)), global_pos, event.pixelDelta(),
                            event.angleDelta(), event.buttons(), event.modifiers(), event.phase(),
                            event.inverted(), event.source())
        relay.ignore()
        QApplication.sendEvent(holder, relay)
        if relay.isAccepted() or holder.isWindow():
            break
        holder = holder.parentWidget()
    event.accept()  # taken: the field never sees it, and Qt does not hand it on a second time
    return True


class WheelGuard(QObject):
    """The event filter of every field not guarding its own wheel: a wheel over it without focus goes
    to what holds it."""

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 (Qt's name)
        # Every event of every field comes through here: the class test first (asking an event its
        # type makes a Python enum, a few microseconds each paint of each field).
        return isinstance(event, QWheelEvent) and is_field(watched) and turned_away(watched, event)


class OwnWheel:
    """Mixed into a field class of gmdesk's (before the Qt class): it turns an unfocused wheel away
    itself, and gets no event filter. A filter puts every event of its field through Python — each of
    the Sheet's 45 fields shown, hidden and painted at every turn of a fight, some 250 calls a turn —
    when only the wheel needs looking at."""

    def wheelEvent(self, event) -> None:  # noqa: N802 (Qt's name)
        if not turned_away(self, event):
            super().wheelEvent(event)


class GuardedComboBox(OwnWheel, QComboBox):
    """A combo box the wheel changes only while it has the focus."""


class IconsOnce(QProxyStyle):
    """A style that builds each standard icon once per look. Fusion builds one anew from its image
    files every time it is asked (the image plugins listed, the files read): a dock asks for its
    float and close buttons' icons at each layout and each paint of its title, some 2 ms of a
    campaign switch, and of a turn that renames the Sheet dock."""

    def standardIcon(self, icon, option=None, widget=None):  # noqa: N802 (Qt's name)
        icons = self.__dict__.setdefault("_icons", {})
        key = (icon, option.palette.cacheKey() if option is not None else None)
        found = icons.get(key)
        if found is None:
            found = icons[key] = super().standardIcon(icon, option, widget)
        return found


class ChromeStyle(IconsOnce):
    """The style of the window's docks, tool bars and tabs: placed at once, never slid into place.
    QMainWindow lays its docks out through animations (of no length unless a dock is dragged),
    and each one ended a frame later with the docks' edges and the Initiative painted again: every
    turn of the fight, every HP change, took two or three frames instead of one. Only these widgets
    get it, for the reason ``TabStyle`` gives."""

    def styleHint(self, hint, option=None, widget=None, return_data=None):  # noqa: N802 (Qt's name)
        if hint == NO_SLIDING:
            return 0
        return super().styleHint(hint, option, widget, return_data)


NO_SLIDING = QStyle.StyleHint.SH_Widget_Animation_Duration


class TabStyle(ChromeStyle):
    """The style of tab bars (never slid either): a tab not selected is drawn 2 px lower and clipped at its top,
    so the accent of a capital ("Échec", "À la table") was cut off and French tabs read "Echec",
    "A la table". On the tab bars alone, not the application: a ``pixelMetric`` written in Python
    is called from C++ for every metric of every widget laid out (about 5,000 times a turn of the
    fight, some 7 ms), when only the tabs need it."""

    def pixelMetric(self, metric, option=None, widget=None):  # noqa: N802 (Qt's name)
        if metric == TAB_SHIFT:
            return 0
        return super().pixelMetric(metric, option, widget)


TAB_SHIFT = QStyle.PixelMetric.PM_TabBarTabShiftVertical


class GuardStyle(IconsOnce):
    """The application's own style, unchanged in looks, that applies both rules as it polishes."""

    def __init__(self, base_name: str):
        super().__init__(QStyleFactory.create(base_name) if base_name else None)
        self.wheel_guard = WheelGuard(self)
        self.tab_style: TabStyle | None = None
        self.chrome_style: ChromeStyle | None = None

    def polish(self, target):  # noqa: D102 (QStyle overloads: a widget, the application, a palette)
        super().polish(target)
        if isinstance(target, QWidget):
            self.guard(target)

    def guard(self, widget: QWidget) -> None:
        if isinstance(widget, QComboBox):
            COMBOS.add(widget)
        elif isinstance(widget, QScrollArea):
            one_frame.scroll_area_polished(widget)
        if isinstance(widget, QTabBar) and not isinstance(widget.style(), TabStyle):
            if self.tab_style is None:
                self.tab_style = TabStyle(self.baseStyle().name())
                self.tab_style.setParent(self)
            widget.setStyle(self.tab_style)
        elif isinstance(widget, (QDockWidget, QToolBar)) and not isinstance(widget.style(), ChromeStyle):
            if self.chrome_style is None:
                self.chrome_style = ChromeStyle(self.baseStyle().name())
                self.chrome_style.setParent(self)
            widget.setStyle(self.chrome_style)
        elif is_field(widget):
            if widget.focusPolicy() == Qt.FocusPolicy.WheelFocus:
                widget.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
            if not isinstance(widget, OwnWheel):
                widget.installEventFilter(self.wheel_guard)  # once: Qt ignores a filter already there
        elif isinstance(widget, QLabel) and widget.textFormat() == Qt.TextFormat.AutoText:
            if not isinstance(widget.window(), QMessageBox):
                widget.setTextFormat(Qt.TextFormat.PlainText)


def installed() -> bool:
    """Whether the application has the guarding style (every widget shown is then polished by it)."""
    app = QApplication.instance()
    return app is not None and isinstance(app.style(), GuardStyle)


def polished_combos(root: QWidget) -> list[QComboBox]:
    """The combo boxes in ``root`` that were ever shown."""
    if not installed():
        return [c for c in root.findChildren(QComboBox) if c.testAttribute(Qt.WidgetAttribute.WA_WState_Polished)]
    return [c for c in list(COMBOS) if shiboken6.isValid(c) and root.isAncestorOf(c)]


def install(app: QApplication) -> GuardStyle:
    """Give ``app`` the guarding style (once; later calls return the same style)."""
    style = app.style()
    if isinstance(style, GuardStyle) and shiboken6.isValid(style):
        return style
    guard = GuardStyle(style.name() if style is not None else "")
    app.setStyle(guard)
    return guard
