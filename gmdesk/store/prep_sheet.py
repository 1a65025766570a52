"""The prep sheet: one scene's prepared checks, their DCs, the party × check matrix and the charts, as a
Markdown or HTML page to print or keep beside the screen. Pure text, no Qt: the window renders the
charts to PNG files and hands their names here.

    sheet = PrepSheet(scene, members=("Amiri", "Ezren"), chances=((F(3, 4), None), ...), lines=(...))
    write_prep_sheet(sheet, "gate.html", "html")

Every text the GM typed (scene and check names, notes, character names) is escaped: a note that says
``<script>`` prints as those characters in HTML, and a ``|`` never breaks a Markdown table.
The page is written atomically: it appears complete or not at all.
"""

from __future__ import annotations

import html
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from typing import Mapping, Sequence

from gmdesk.campaign.model import Scene
from gmdesk.engine.series import percent_text
from gmdesk.store.atomic import atomic_text
from gmdesk.store.errors import InvalidInput
from gmdesk.store.markdown_text import md_text

FORMATS = ("md", "html")

# The chance-of-success ramp: the tier colours of failure and success (gmdesk.ui.theme) with a
# light amber halfway, so a "coin toss" cell reads as neither. The window's matrix uses it too.
RAMP = ((Fraction(0), (0xE0, 0x66, 0x2A)), (Fraction(1, 2), (0xF2, 0xC9, 0x4C)), (Fraction(1), (0x2E, 0x9E, 0x4F)))
CANNOT_HEX = "#d5d8dc"  # a member who may not (or cannot) roll the check

LABELS = {  # English headings; the window passes them translated
    "title": "Prep sheet",
    "campaign": "Campaign",
    "checks": "Prepared checks",
    "check": "Check",
    "roll": "Roll",
    "target": "DC",
    "rollers": "Who rolls",
    "secret": "Secret",
    "notes": "Notes",
    "group": "Group odds",
    "matrix": "Chance of success",
    "member": "Character",
    "charts": "Charts",
    "yes": "yes",
    "no": "",
    "cannot": "—",
}


def chance_rgb(p: Fraction | float) -> tuple[int, int, int]:
    """The ramp's colour for a chance of success in 0..1."""
    p = min(max(float(p), 0.0), 1.0)  # a colour needs no exactness; floats keep repaints cheap
    for (p0, c0), (p1, c1) in zip(RAMP, RAMP[1:]):
        if p <= p1:
            t = (p - float(p0)) / float(p1 - p0)
            return tuple(round(a + (b - a) * t) for a, b in zip(c0, c1))  # type: ignore[return-value]
    return RAMP[-1][1]


def chance_hex(p: Fraction | float) -> str:
    return "#{:02x}{:02x}{:02x}".format(*chance_rgb(p))


def text_hex_on(background: str) -> str:
    """Black or white, whichever reads better on ``background`` (#rrggbb), by relative luminance."""
    r, g, b = (int(background[i:i + 2], 16) / 255 for i in (1, 3, 5))

    def lin(c: float) -> float:
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    luminance = 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b)
    return "#000000" if luminance > 0.22 else "#ffffff"


@dataclass(frozen=True)
class CheckLine:
    """What the page says about one prepared check beyond the check itself, in the GM's words."""

    roll: str  # the roll ("Athletics")
    target: str  # "DC 20", "threshold 2", "open test"
    rollers: str  # "the party" or the names
    group: str = ""  # "at least one 94 %, all 12 %, expected 2.3"


@dataclass(frozen=True)
class SheetImage:
    caption: str
    file: str  # a file name relative to the page


@dataclass(frozen=True)
class PrepSheet:
    """One scene's page. ``lines[i]`` and ``chances[m][i]`` follow ``scene.ordered_checks()``;
    a chance None is a member who may not, or cannot, roll that check."""

    scene: Scene
    members: Sequence[str]
    chances: Sequence[Sequence[Fraction | None]]
    lines: Sequence[CheckLine]
    campaign: str = ""
    images: Sequence[SheetImage] = ()
    labels: Mapping[str, str] = field(default_factory=lambda: dict(LABELS))
    decimal_point: str = "."
    lang: str = "en"

    def __post_init__(self) -> None:
        n = len(self.scene.checks)
        if len(self.lines) != n:
            raise InvalidInput("lines", f"{len(self.lines)} check lines for {n} checks")
        if len(self.chances) != len(self.members):
            raise InvalidInput("chances", f"{len(self.chances)} rows for {len(self.members)} members")
        for i, row in enumerate(self.chances):
            if len(row) != n:
                raise InvalidInput(f"chances[{i}]", f"{len(row)} values for {n} checks")

    def label(self, key: str) -> str:
        return self.labels.get(key, LABELS[key])

    def percent(self, p: Fraction | None) -> str:
        return self.label("cannot") if p is None else percent_text(p, self.decimal_point, 0)

    def checks(self):
        return self.scene.ordered_checks()


# -- Markdown -----------------------------------------------------------------------------------

def md_escape(text: str) -> str:
    """User text safe inside a Markdown table cell or heading (``markdown_text.md_text``): no link,
    emphasis, HTML tag, entity or column break; line breaks become spaces."""
    return md_text(text)


def _md_row(cells: Sequence[str]) -> str:
    return "| " + " | ".join(cells) + " |"


def markdown(sheet: PrepSheet) -> str:
    L = sheet.label
    out = [f"# {md_escape(L('title'))}: {md_escape(sheet.scene.name)}", ""]
    if sheet.campaign:
        out += [f"{md_escape(L('campaign'))}: {md_escape(sheet.campaign)}", ""]
    out += [f"## {md_escape(L('checks'))}", ""]
    head = [L("check"), L("roll"), L("target"), L("rollers"), L("secret"), L("group"), L("notes")]
    out.append(_md_row([md_escape(h) for h in head]))
    out.append(_md_row(["---"] * len(head)))
    for check, line in zip(sheet.checks(), sheet.lines):
        out.append(_md_row([md_escape(check.name), md_escape(line.roll), md_escape(line.target),
                            md_escape(line.rollers), md_escape(L("yes") if check.secret else L("no")),
                            md_escape(line.group), md_escape(check.notes)]))
    out += ["", f"## {md_escape(L('matrix'))}", ""]
    head = [L("member")] + [c.name for c in sheet.checks()]
    out.append(_md_row([md_escape(h) for h in head]))
    out.append(_md_row(["---"] + ["---:"] * (len(head) - 1)))
    for name, row in zip(sheet.members, sheet.chances):
        out.append(_md_row([md_escape(name)] + [md_escape(sheet.percent(p)) for p in row]))
    if sheet.images:
        out += ["", f"## {md_escape(L('charts'))}", ""]
        for image in sheet.images:
            out += [f"![{md_escape(image.caption)}]({_md_url(image.file)})", ""]
    return "\n".join(out).rstrip() + "\n"


def _md_url(name: str) -> str:
    # A relative file name; spaces and parentheses would end the link early.
    return "<" + str(name).replace("<", "%3C").replace(">", "%3E") + ">"


# -- HTML ---------------------------------------------------------------------------------------

def _e(text: object) -> str:
    return html.escape(str(text), quote=True)


def _multiline(text: str) -> str:
    return "<br>".join(_e(part) for part in str(text).splitlines())


_STYLE = """
body { font-family: system-ui, sans-serif; margin: 1.5em; color: #202020; }
h1 { font-size: 1.5em; } h2 { font-size: 1.15em; margin-top: 1.4em; }
table { border-collapse: collapse; margin: 0.5em 0; }
th, td { border: 1px solid #b0b4b8; padding: 0.25em 0.6em; vertical-align: top; }
th { background: #eef0f2; text-align: left; }
td.chance { text-align: center; font-variant-numeric: tabular-nums; min-width: 4em; }
figure { display: inline-block; margin: 0.5em 1em 0.5em 0; }
figcaption { font-size: 0.9em; color: #505050; }
@media print { body { margin: 0.5cm; } figure { page-break-inside: avoid; } }
"""


def html_page(sheet: PrepSheet) -> str:
    L = sheet.label
    title = f"{L('title')}: {sheet.scene.name}"
    out = ["<!DOCTYPE html>", f'<html lang="{_e(sheet.lang)}">', "<head>",
           '<meta charset="utf-8">', f"<title>{_e(title)}</title>", f"<style>{_STYLE}</style>", "</head>",
           "<body>", f"<h1>{_e(title)}</h1>"]
    if sheet.campaign:
        out.append(f'<p class="campaign">{_e(L("campaign"))}: {_e(sheet.campaign)}</p>')
    out.append(f"<h2>{_e(L('checks'))}</h2>")
    out.append('<table class="checks"><thead><tr>' + "".join(
        f"<th>{_e(L(k))}</th>" for k in ("check", "roll", "target", "rollers", "secret", "group", "notes"))
        + "</tr></thead><tbody>")
    for check, line in zip(sheet.checks(), sheet.lines):
        cells = [_e(check.name), _e(line.roll), _e(line.target), _e(line.rollers),
                 _e(L("yes") if check.secret else L("no")), _e(line.group), _multiline(check.notes)]
        out.append("<tr>" + "".join(f"<td>{c}</td>" for c in cells) + "</tr>")
    out.append("</tbody></table>")
    out.append(f"<h2>{_e(L('matrix'))}</h2>")
    out.append('<table class="matrix"><thead><tr>' + f"<th>{_e(L('member'))}</th>"
               + "".join(f"<th>{_e(c.name)}</th>" for c in sheet.checks()) + "</tr></thead><tbody>")
    for name, row in zip(sheet.members, sheet.chances):
        cells = []
        for p in row:
            bg = CANNOT_HEX if p is None else chance_hex(p)
            cells.append(f'<td class="chance" style="background:{bg};color:{text_hex_on(bg)}">'
                         f"{_e(sheet.percent(p))}</td>")
        out.append(f"<tr><th>{_e(name)}</th>{''.join(cells)}</tr>")
    out.append("</tbody></table>")
    if sheet.images:
        out.append(f"<h2>{_e(L('charts'))}</h2>")
        for image in sheet.images:
            out.append(f'<figure><img src="{_e(image.file)}" alt="{_e(image.caption)}">'
                       f"<figcaption>{_e(image.caption)}</figcaption></figure>")
    out += ["</body>", "</html>"]
    return "\n".join(out) + "\n"


def render(sheet: PrepSheet, fmt: str) -> str:
    if fmt not in FORMATS:
        raise InvalidInput("format", f"a prep sheet is {' or '.join(FORMATS)}, not {fmt!r}")
    return markdown(sheet) if fmt == "md" else html_page(sheet)


def write_prep_sheet(sheet: PrepSheet, path: str | Path, fmt: str) -> Path:
    """Write the page to ``path`` atomically (the images must already be beside it)."""
    text = render(sheet, fmt)
    path = Path(path)
    with atomic_text(path, newline="\n") as stream:
        stream.write(text)
    return path
