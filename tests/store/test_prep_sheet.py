"""The prep sheet writer (no Qt): Markdown and HTML pages parsed back, every user text escaped,
written atomically."""

from __future__ import annotations

import html.parser
import html
import re
from fractions import Fraction as F

import pytest
from hypothesis import given, settings, strategies as st

from gmdesk.campaign.model import PreparedCheck, Scene
from gmdesk.systems.kit.refs import CheckRef
from gmdesk.engine.series import percent_text
from gmdesk.store.errors import InvalidInput, StoreError
from gmdesk.store.prep_sheet import (CheckLine, PrepSheet, SheetImage, chance_hex, chance_rgb, markdown, md_escape,
                                     render, text_hex_on, write_prep_sheet)

NASTY = 'Portcullis <script>alert("x")</script> & | *bold* [link](http://e) `code` \\ #'


def scene(names=("Force the gate", "Pick the lock"), notes=("", "")) -> Scene:
    checks = [PreparedCheck(i + 1, n, CheckRef("skill", "athletics"), 15 + i, None, note, [], i == 1, i)
              for i, (n, note) in enumerate(zip(names, notes))]
    return Scene(1, "The fort's gate", 0, checks)


def sheet(s: Scene | None = None, members=("Amiri", "Ezren"), chances=None, **kw) -> PrepSheet:
    s = s or scene()
    n = len(s.checks)
    chances = chances if chances is not None else [[F(k + 1, 2 + j + k) for j in range(n)] for k in range(len(members))]
    lines = [CheckLine("Athletics", f"DC {c.dc}", "the party", "at least one 90.0 %") for c in s.ordered_checks()]
    return PrepSheet(s, list(members), chances, lines, **kw)


# -- parsing the pages back ----------------------------------------------------------------------

class Tables(html.parser.HTMLParser):
    """Every table as rows of cell texts; images (src, alt); tag names seen; cell styles."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.tables, self.images, self.tags, self.styles = [], [], [], []
        self._cell = None
        self._title = None
        self.title = ""

    def handle_starttag(self, tag, attrs):
        self.tags.append(tag)
        a = dict(attrs)
        if tag == "table":
            self.tables.append([])
        elif tag == "tr":
            self.tables[-1].append([])
        elif tag in ("td", "th"):
            self._cell = []
            self.styles.append(a.get("style"))
        elif tag == "img":
            self.images.append((a["src"], a["alt"]))
        elif tag == "br" and self._cell is not None:
            self._cell.append("\n")
        elif tag == "title":
            self._title = []

    def handle_endtag(self, tag):
        if tag in ("td", "th") and self._cell is not None:
            self.tables[-1][-1].append("".join(self._cell))
            self._cell = None
        elif tag == "title":
            self.title = "".join(self._title)
            self._title = None

    def handle_data(self, data):
        if self._cell is not None:
            self._cell.append(data)
        if self._title is not None:
            self._title.append(data)


def parse_html(text: str) -> Tables:
    p = Tables()
    p.feed(text)
    p.close()
    return p


def md_cells(line: str) -> list[str]:
    """A Markdown table row's cells, unescaped (backslashes, then entities). A delimiter is a pipe
    between spaces; a pipe in a cell is always escaped (``\\|``), so it never stands between two spaces."""
    assert line.startswith("| ") and line.endswith(" |"), line
    cells = line[2:-2].split(" | ")
    # As CommonMark reads a backslash: an escape before ASCII punctuation only (a "\\ " stays).
    return [html.unescape(re.sub(r"\\([!-/:-@\[-`{-~])", r"\1", c)) for c in cells]


def md_tables(text: str) -> list[list[list[str]]]:
    tables, current = [], None
    for line in text.splitlines():
        if line.startswith("| "):
            if current is None:
                current = []
                tables.append(current)
            if not set(line.replace("|", "").replace(" ", "")) <= set("-:"):
                current.append(md_cells(line))
        else:
            current = None
    return tables


# -- tests ---------------------------------------------------------------------------------------

def test_html_holds_the_checks_and_the_matrix():
    s = sheet(campaign="Les Oubliés", images=[SheetImage("Matrix", "gate_files/matrix.png")])
    page = parse_html(render(s, "html"))
    checks, matrix = page.tables
    assert checks[0][:3] == ["Check", "Roll", "DC"]
    assert [row[0] for row in checks[1:]] == ["Force the gate", "Pick the lock"]
    assert [row[2] for row in checks[1:]] == ["DC 15", "DC 16"]
    assert [row[4] for row in checks[1:]] == ["", "yes"]  # the second is secret
    assert matrix[0] == ["Character", "Force the gate", "Pick the lock"]
    for row, name, chances in zip(matrix[1:], s.members, s.chances):
        assert row == [name] + [percent_text(p, ".", 0) for p in chances]
    assert page.images == [("gate_files/matrix.png", "Matrix")]
    assert page.title == "Prep sheet: The fort's gate"


def test_html_cells_are_coloured_by_the_chance():
    s = sheet(chances=[[F(0), None], [F(1), F(1, 2)]])
    page = parse_html(render(s, "html"))
    styles = [st for st in page.styles if st]
    assert styles[0].startswith(f"background:{chance_hex(0)}")
    assert styles[1].startswith("background:#d5d8dc")  # may not roll
    assert styles[2].startswith(f"background:{chance_hex(1)}")
    assert page.tables[1][1][2] == "—"


def test_every_user_text_is_escaped_in_html():
    s = scene(names=(NASTY, "Line\nbreak"), notes=("<img src=x onerror=alert(1)>\nsecond line", ""))
    s.name = "<h1>Scene</h1>"
    page_text = render(sheet(s, members=("<b>Amiri</b>", 'Ez"ren')), "html")
    page = parse_html(page_text)
    # The only tags are the page's own: nothing the GM typed became markup.
    assert "script" not in page.tags and page.tags.count("img") == 0 and page.tags.count("b") == 0
    checks, matrix = page.tables
    assert checks[1][0] == NASTY
    assert checks[1][6] == "<img src=x onerror=alert(1)>\nsecond line"
    assert matrix[1][0] == "<b>Amiri</b>" and matrix[2][0] == 'Ez"ren'
    assert page.title == "Prep sheet: <h1>Scene</h1>"


def test_markdown_tables_parse_back():
    s = sheet(scene(names=(NASTY, "Pick | the lock")), members=("Amiri", "Ez|ren"))
    text = markdown(s)
    checks, matrix = md_tables(text)
    assert checks[0] == ["Check", "Roll", "DC", "Who rolls", "Secret", "Group odds", "Notes"]
    assert [r[0] for r in checks[1:]] == [NASTY, "Pick | the lock"]
    assert all(len(r) == 7 for r in checks)
    assert matrix[0] == ["Character", NASTY, "Pick | the lock"]
    assert matrix[2][0] == "Ez|ren"
    for row, chances in zip(matrix[1:], s.chances):
        assert row[1:] == [percent_text(p, ".", 0) for p in chances]
    assert text.startswith("# Prep sheet: The fort's gate\n")


def test_markdown_user_text_makes_no_markup():
    escaped = md_escape("<script>x</script> [a](b) *c* `d`")
    assert "<" not in escaped.replace("\\<", "") and "[" not in escaped.replace("\\[", "")
    assert md_escape("two\nlines") == "two lines"


def test_markdown_images_and_french_decimals():
    s = sheet(images=[SheetImage("Qui réussit", "scène 1_files/matrix (1).png")], decimal_point=",",
              chances=[[F(1, 8), F(1, 3)], [F(1, 2), F(2, 3)]])
    text = markdown(s)
    assert "![Qui réussit](<scène 1_files/matrix (1).png>)" in text
    assert md_tables(text)[1][1][1:] == ["13 %", "33 %"]


@settings(max_examples=60, deadline=None)
@given(st.lists(st.text(min_size=1, max_size=30).filter(lambda t: t.strip() and "\r" not in t and "\x0c" not in t),
                min_size=1, max_size=4),
       st.text(max_size=40).filter(lambda t: "\r" not in t))
def test_any_text_round_trips_through_html(names, note):
    s = scene(names=tuple(names), notes=tuple(note for _ in names))
    page = parse_html(render(sheet(s), "html"))
    checks = page.tables[0]
    normalise = lambda t: "\n".join(t.splitlines())  # noqa: E731
    assert [r[0] for r in checks[1:]] == [c.name for c in s.ordered_checks()]
    assert [r[6] for r in checks[1:]] == [normalise(note)] * len(names)
    assert "script" not in page.tags or all(n.count("<script") == 0 for n in names)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.text(min_size=1, max_size=30).filter(lambda t: t.strip()), min_size=1, max_size=4))
def test_any_text_keeps_markdown_columns(names):
    s = scene(names=tuple(names), notes=tuple("" for _ in names))
    checks, matrix = md_tables(markdown(sheet(s)))
    assert all(len(r) == 7 for r in checks)
    assert all(len(r) == len(names) + 1 for r in matrix)
    # Each name as the check holds it (``campaign.names``: no control character), on one line.
    assert [r[0] for r in checks[1:]] == [" ".join(c.name.split()) for c in s.ordered_checks()]


def test_shapes_must_match():
    s = scene()
    with pytest.raises(InvalidInput):
        PrepSheet(s, ["Amiri"], [[F(1, 2)]], [CheckLine("a", "b", "c")] * 2)
    with pytest.raises(InvalidInput):
        PrepSheet(s, ["Amiri"], [[F(1, 2), F(1, 3)]], [CheckLine("a", "b", "c")])
    with pytest.raises(InvalidInput):
        PrepSheet(s, ["Amiri", "Ezren"], [[F(1, 2), F(1, 3)]], [CheckLine("a", "b", "c")] * 2)
    with pytest.raises(InvalidInput):
        render(sheet(), "pdf")


def test_ramp_runs_from_failure_to_success():
    assert chance_hex(0) == "#e0662a" and chance_hex(1) == "#2e9e4f"
    assert chance_rgb(F(1, 2)) == (0xF2, 0xC9, 0x4C)
    greens = [chance_rgb(F(k, 20))[1] for k in range(11)]
    assert greens == sorted(greens)  # brighter towards the coin toss
    assert chance_hex(F(-1)) == chance_hex(0) and chance_hex(2) == chance_hex(1)
    assert text_hex_on("#ffffff") == "#000000" and text_hex_on("#000000") == "#ffffff"


def test_written_atomically(tmp_path):
    target = tmp_path / "gate.html"
    target.write_text("old page", encoding="utf-8")
    with pytest.raises(InvalidInput):
        write_prep_sheet(sheet(), target, "pdf")
    assert target.read_text(encoding="utf-8") == "old page"
    write_prep_sheet(sheet(), target, "html")
    assert "<table" in target.read_text(encoding="utf-8")
    assert [p.name for p in tmp_path.iterdir()] == ["gate.html"]  # no temporary file left


def test_unwritable_folder_is_a_clear_error(tmp_path):
    from mount_helpers import read_only_view

    folder = tmp_path / "src"
    folder.mkdir()
    with read_only_view(folder, tmp_path / "ro") as ro:  # root writes through chmod: a read-only mount
        with pytest.raises(StoreError) as err:
            write_prep_sheet(sheet(), ro / "gate.md", "md")
        assert err.value.kind == "read_only" and "read-only" in str(err.value)
    assert list(folder.iterdir()) == []
