"""A column of controls that scrolls up and down, never sideways: what a dialog or a tab does when a
laptop's screen is too low for all of it (the house rules, the group odds' figures)."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QFrame, QScrollArea, QWidget


def scrolling_column(body: QWidget, name: str) -> QScrollArea:
    """``body`` as wide as the area, scrolled up and down when taller; no frame of its own."""
    scroll = QScrollArea()
    scroll.setObjectName(name)
    scroll.setWidget(body)
    scroll.setWidgetResizable(True)
    scroll.setFrameShape(QFrame.Shape.NoFrame)
    scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
    return scroll
