"""The recap's charts as SVG images: drawn without Qt, so that ``gmdesk export --format recap`` makes
them on a terminal. Every text a GM or a player typed (a name) is escaped: an image shows it, never
runs it — and held to the names' rule (``campaign.names``), so a control character logged before
the rule (XML has no place for one) cannot break the image. Same pictures as the Analytics panel's pyqtgraph charts, still and printable."""

from __future__ import annotations

import base64
import math
from html import escape
from typing import Callable, Sequence

from gmdesk.campaign.names import plain_name

WIDTH = 640
FONT = "font-family='system-ui, sans-serif'"
INK, GRID, SOFT = "#222", "#ddd", "#666"
COLORS = ("#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#17becf", "#8c564b", "#e377c2", "#7f7f7f", "#bcbd22")
EXPECTED, OBSERVED, OUTSIDE, BAND = "#b8c7dc", "#2f5d8c", "#c0392b", "#e4ecd8"
HOT, COLD = "#d35400", "#2471a3"  # above the odds: warm; below: cold


def data_uri(svg: str) -> str:
    """The image inline (an ``<img src=…>`` needing no file beside the page)."""
    return "data:image/svg+xml;base64," + base64.b64encode(svg.encode("utf-8")).decode("ascii")


def _text(x: float, y: float, s: str, size: int = 11, anchor: str = "start", color: str = INK,
          weight: str = "normal", rotate: bool = False) -> str:
    turn = f" transform='rotate(-90 {x:.1f} {y:.1f})'" if rotate else ""
    return (f"<text x='{x:.1f}' y='{y:.1f}' {FONT} font-size='{size}' text-anchor='{anchor}' "
            f"fill='{color}' font-weight='{weight}'{turn}>{escape(plain_name(s))}</text>")


def _svg(width: int, height: int, title: str, body: list[str]) -> str:
    """The image; ``title`` is its accessible name, not drawn: the page's heading above it is the
    chart's one title."""
    return (f"<svg xmlns='http://www.w3.org/2000/svg' width='{width}' height='{height}' "
            f"viewBox='0 0 {width} {height}' role='img'><title>{escape(plain_name(title))}</title>"
            f"<rect width='{width}' height='{height}' fill='white'/>" + "".join(body) + "</svg>")


def _legend(x: float, y: float, entries: Sequence[tuple[str, str]]) -> list[str]:
    """A row of (colour, words) swatches."""
    out = []
    for color, word in entries:
        out.append(f"<rect x='{x:.1f}' y='{y - 9:.1f}' width='12' height='10' fill='{color}'/>")
        out.append(_text(x + 16, y, word, 10, color=SOFT))
        x += 28 + 6.5 * len(word)
    return out


def nice_ticks(lo: float, hi: float, count: int = 5, integer: bool = False) -> list[float]:
    """Round tick values over [lo, hi]; ``integer``: whole steps only (a count axis never reads 0.5)."""
    if hi <= lo:
        hi = lo + 1
    raw = (hi - lo) / count
    mag = 10 ** math.floor(math.log10(raw))
    step = next(m * mag for m in ((1, 2, 5, 10) if integer else (1, 2, 2.5, 5, 10)) if m * mag >= raw)
    if integer:
        step = max(1, round(step))
    first = math.ceil(lo / step) * step
    ticks, t = [], first
    while t <= hi + step * 1e-9:
        ticks.append(round(t, 10))
        t += step
    return ticks


class _Frame:
    """A plot area with linear x and y scales, its grid, ticks and axis titles."""

    def __init__(self, width: int, height: int, x: tuple[float, float], y: tuple[float, float],
                 left: int = 56, right: int = 16, top: int = 30, bottom: int = 42):
        self.width, self.height = width, height
        self.x0, self.x1, self.y0, self.y1 = left, width - right, top, height - bottom
        self.xr, self.yr = x, y

    def px(self, x: float) -> float:
        lo, hi = self.xr
        return self.x0 + (x - lo) / ((hi - lo) or 1) * (self.x1 - self.x0)

    def py(self, y: float) -> float:
        lo, hi = self.yr
        return self.y1 - (y - lo) / ((hi - lo) or 1) * (self.y1 - self.y0)

    def axes(self, fmt_x: Callable[[float], str], fmt_y: Callable[[float], str], x_title: str, y_title: str,
             x_ticks: Sequence[float] | None = None, integer_y: bool = False,
             integer_x: bool = False) -> list[str]:
        out = []
        for t in nice_ticks(*self.yr, integer=integer_y):
            if self.yr[0] <= t <= self.yr[1]:
                y = self.py(t)
                out.append(f"<line x1='{self.x0}' y1='{y:.1f}' x2='{self.x1}' y2='{y:.1f}' stroke='{GRID}'/>")
                out.append(_text(self.x0 - 6, y + 4, fmt_y(t), 10, "end", SOFT))
        for t in x_ticks if x_ticks is not None else nice_ticks(*self.xr, integer=integer_x):
            if self.xr[0] <= t <= self.xr[1]:
                x = self.px(t)
                out.append(f"<line x1='{x:.1f}' y1='{self.y1}' x2='{x:.1f}' y2='{self.y1 + 4}' stroke='{SOFT}'/>")
                out.append(_text(x, self.y1 + 16, fmt_x(t), 10, "middle", SOFT))
        out.append(f"<line x1='{self.x0}' y1='{self.y1}' x2='{self.x1}' y2='{self.y1}' stroke='{SOFT}'/>")
        out.append(f"<line x1='{self.x0}' y1='{self.y0}' x2='{self.x0}' y2='{self.y1}' stroke='{SOFT}'/>")
        out.append(_text((self.x0 + self.x1) / 2, self.y1 + 34, x_title, 11, "middle", SOFT))
        out.append(_text(14, (self.y0 + self.y1) / 2, y_title, 11, "middle", SOFT, rotate=True))
        return out


def successes_chart(rows: Sequence[tuple[str, float, int, bool]], title: str, expected_word: str,
                    observed_word: str, fmt: Callable[[float], str], hot_word: str = "", cold_word: str = "") -> str:
    """Per name, the expected successes (light) beside the observed: warm when above the odds, cold
    when below (a flagged name in bold). ``rows``: (name, expected, observed, flagged)."""
    height = 60 + 30 * len(rows) + 20
    top = max([1.0] + [max(e, o) for _, e, o, _ in rows])
    label_w = 150
    x0, x1 = label_w, WIDTH - 60
    body = []

    def px(v: float) -> float:
        return x0 + v / top * (x1 - x0)

    for i, (name, expected, observed, flagged) in enumerate(rows):
        y = 20 + 30 * i
        body.append(_text(x0 - 8, y + 17, name[:28], 11, "end", weight="bold" if flagged else "normal"))
        body.append(f"<rect x='{x0}' y='{y + 3}' width='{px(expected) - x0:.1f}' height='10' fill='{EXPECTED}'/>")
        color = HOT if observed > expected else COLD if observed < expected else OBSERVED
        body.append(f"<rect x='{x0}' y='{y + 14}' width='{px(observed) - x0:.1f}' height='10' fill='{color}'/>")
        body.append(_text(px(expected) + 4, y + 12, fmt(expected), 9, color=SOFT))
        body.append(_text(px(observed) + 4, y + 23, str(observed), 9, color=color))
    legend = [(EXPECTED, expected_word)]
    legend += [(HOT, hot_word), (COLD, cold_word)] if hot_word and cold_word else [(OBSERVED, observed_word)]
    body += _legend(x0, 20 + 30 * len(rows) + 14, legend)
    return _svg(WIDTH, height - 20, title, body)


def streak_chart(lines: Sequence[tuple[str, Sequence[tuple[int, float]]]], title: str, x_title: str,
                 y_title: str, fmt: Callable[[float], str]) -> str:
    """One line per name: (roll number, observed − expected so far)."""
    height = 300
    xs = [x for _, pts in lines for x, _ in pts] or [0, 1]
    ys = [y for _, pts in lines for _, y in pts] or [0.0]
    span = max(1.0, max(abs(v) for v in ys))
    frame = _Frame(WIDTH - 150, height, (0, max(xs) or 1), (-span * 1.1, span * 1.1))
    body = frame.axes(lambda v: str(int(v)), fmt, x_title, y_title, integer_x=True)  # roll numbers
    body.append(f"<line x1='{frame.x0}' y1='{frame.py(0):.1f}' x2='{frame.x1}' y2='{frame.py(0):.1f}' "
                f"stroke='{SOFT}' stroke-dasharray='4 3'/>")
    for i, (name, pts) in enumerate(lines):
        color = COLORS[i % len(COLORS)]
        path = " ".join(f"{frame.px(x):.1f},{frame.py(y):.1f}" for x, y in pts)
        body.append(f"<polyline points='{path}' fill='none' stroke='{color}' stroke-width='2'/>")
        ly = 44 + 18 * i
        body.append(f"<line x1='{WIDTH - 140}' y1='{ly - 4}' x2='{WIDTH - 124}' y2='{ly - 4}' stroke='{color}' "
                    "stroke-width='3'/>")
        body.append(_text(WIDTH - 120, ly, name[:18], 10))
    return _svg(WIDTH, height, title, body)


def dice_chart(counts: Sequence[int], band: tuple[int, int], expected: float, title: str, x_title: str,
               y_title: str, legend: Sequence[str] = ()) -> str:
    """Each face's count as a bar, the band a fair die stays in shaded, faces outside it in red.
    ``legend``: the words for (the band, a face inside it, a face outside it), or none."""
    height = 280 + (20 if legend else 0)
    sides = len(counts)
    top = max([band[1], *counts]) * 1.1 or 1
    frame = _Frame(WIDTH, height, (0.5, sides + 0.5), (0, top), top=16, bottom=42 + (20 if legend else 0))
    body = [f"<rect x='{frame.x0}' y='{frame.py(band[1]):.1f}' width='{frame.x1 - frame.x0}' "
            f"height='{frame.py(band[0]) - frame.py(band[1]):.1f}' fill='{BAND}'/>"]
    body += frame.axes(lambda v: str(int(v)), lambda v: str(int(v)), x_title, y_title,
                       x_ticks=range(1, sides + 1), integer_y=True)
    bar = (frame.x1 - frame.x0) / sides * 0.6
    for face, count in enumerate(counts, 1):
        color = OBSERVED if band[0] <= count <= band[1] else OUTSIDE
        x = frame.px(face) - bar / 2
        body.append(f"<rect x='{x:.1f}' y='{frame.py(count):.1f}' width='{bar:.1f}' "
                    f"height='{frame.py(0) - frame.py(count):.1f}' fill='{color}'/>")
    y = frame.py(expected)
    body.append(f"<line x1='{frame.x0}' y1='{y:.1f}' x2='{frame.x1}' y2='{y:.1f}' stroke='{INK}' "
                "stroke-dasharray='5 3'/>")
    if legend:
        body += _legend(frame.x0, height - 8, list(zip((BAND, OBSERVED, OUTSIDE), legend)))
    return _svg(WIDTH, height, title, body)


def calibration_chart(bins: Sequence[tuple[float, float, float, float, int]], title: str, x_title: str,
                      y_title: str, fmt: Callable[[float], str]) -> str:
    """Per bin (predicted, observed, band low, band high, rolls): the observed rate and its band
    against the diagonal where observed = predicted."""
    height = 320
    frame = _Frame(WIDTH, height, (0, 1), (0, 1))
    ticks = [i / 10 for i in range(0, 11, 2)]
    body = frame.axes(fmt, fmt, x_title, y_title, x_ticks=ticks)
    body.append(f"<line x1='{frame.px(0):.1f}' y1='{frame.py(0):.1f}' x2='{frame.px(1):.1f}' y2='{frame.py(1):.1f}' "
                f"stroke='{SOFT}' stroke-dasharray='4 3'/>")
    for predicted, observed, low, high, rolls in bins:
        x = frame.px(predicted)
        color = OBSERVED if low <= predicted <= high else OUTSIDE
        body.append(f"<line x1='{x:.1f}' y1='{frame.py(low):.1f}' x2='{x:.1f}' y2='{frame.py(high):.1f}' "
                    f"stroke='{color}' stroke-width='2'/>")
        for edge in (low, high):
            body.append(f"<line x1='{x - 5:.1f}' y1='{frame.py(edge):.1f}' x2='{x + 5:.1f}' y2='{frame.py(edge):.1f}' "
                        f"stroke='{color}' stroke-width='2'/>")
        body.append(f"<circle cx='{x:.1f}' cy='{frame.py(observed):.1f}' r='4.5' fill='{color}'/>")
        body.append(_text(x + 7, frame.py(observed) - 6, str(rolls), 9, color=SOFT))
    return _svg(WIDTH, height, title, body)
