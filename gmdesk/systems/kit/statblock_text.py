"""Reading a stat block pasted as text: what every system's parser (``<id>/paste.py``) shares.

Text copied from a PDF or a web page is not what it looks like: minus signs are typographic (−, –),
spaces are non-breaking (French puts a narrow one before ``:`` and ``;``), apostrophes curl, ligatures
hide letters ("ﬁ"), lines break in the middle of a list or a word ("Ath-" / "letics"). ``lines(text)``
gives clean lines to read; ``Reader`` keeps what a parser recognised and the lines it did not use, so
that the GM sees both before anything is added. Nothing here knows a system's words.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field
from typing import Callable, Iterable

from gmdesk.engine.core import RulesError

from gmdesk.engine.words import Word

MAX_TEXT = 200_000  # characters of pasted text: a bestiary chapter; beyond it the paste is refused
MAX_LINE = 2_000
MAX_BLOCKS = 200

_MINUS = "\u2212\u2013\u2012\ufe63\uff0d\u2010\u2011"
_SPACES = "\u00a0\u202f\u2009\u2007\u2002\u2003\u2004\u2005\u2006\u2008\u200a\u205f\u3000\t"
_DROP = "\u00ad\u200b\u200c\u200d\ufeff\u2060"
_QUOTES = {"\u2019": "'", "\u2018": "'", "\u02bc": "'", "\u201c": '"', "\u201d": '"'}
_LIGATURES = {"\ufb00": "ff", "\ufb01": "fi", "\ufb02": "fl", "\ufb03": "ffi", "\ufb04": "ffl"}
_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f]")
NUMBER = r"[+-]?\d+"
LEVEL = rf"(?:[+{_MINUS}-]\s?)?\d+"  # a level as printed: "-1", "–1", "− 1" (a dash set apart from its digit)


def clean(line: str) -> str:
    """One line with PDF and web artefacts undone: a dash directly before a digit is a minus (a dash
    alone between spaces stays a dash: "PNJ – Lieutenant", "Languages —")."""
    line = unicodedata.normalize("NFC", line)
    for ch in _DROP:
        line = line.replace(ch, "")
    for ch in _SPACES:
        line = line.replace(ch, " ")
    for a, b in {**_QUOTES, **_LIGATURES}.items():
        line = line.replace(a, b)
    line = re.sub(f"[{_MINUS}](?=\\d)", "-", line)
    line = _CONTROL.sub(" ", line)
    return " ".join(line.split())


def lines(text: str, heading: Callable[[str], bool] = lambda line: False) -> list[str]:
    """The text's lines, cleaned, with the breaks a copy adds joined back: a word hyphenated at the end
    of a line ("Sur-" / "vival"), a list broken after a comma ("Stealth +3," / "Perception +2"), a
    line that starts in lower case. ``heading(line)`` tells a line that starts something new (a
    system's headings), which is never joined to the one before. Empty lines are kept as "" (they
    separate blocks)."""
    out: list[str] = []
    for raw in text.replace("\r\n", "\n").replace("\r", "\n").split("\n"):
        line = clean(raw[:MAX_LINE])
        if not line:
            out.append("")
            continue
        previous = out[-1] if out else ""
        if previous and re.search(r"[A-Za-zÀ-ÿ]-$", previous) and line[0].islower():
            out[-1] = previous[:-1] + line  # a word hyphenated across lines
        elif previous and previous.endswith(",") and not heading(line):
            out[-1] = previous + " " + line  # a list broken after a comma
        elif previous and line[0].islower() and not heading(line) and not re.match(r"^\d", line):
            out[-1] = previous + " " + line  # a sentence or list going on
        else:
            out.append(line)
    return out


def number(text: str) -> int:
    return int(text.replace("+", ""))


def level(text: str) -> int:
    """A level matched by ``LEVEL`` ("-1", "– 1", "+2") as a number."""
    digits = re.sub(r"\s", "", text).lstrip("+")
    return -int(digits[1:]) if digits[:1] in _MINUS + "-" else int(digits)


def fraction(text: str) -> tuple[int, str]:
    """A challenge as printed ("1/4", "2", "1/2") → (the level it stands for, the text as printed):
    a fraction is below level 1; none printed ("") is level 0."""
    text = text.strip()
    if "/" in text or not text:
        return 0, text
    return int(text), text


def fold(text: str) -> str:
    """Lower case without accents, for matching names ("Discrétion" = "discretion")."""
    decomposed = unicodedata.normalize("NFD", text.casefold())
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch)).replace("'", "'")


@dataclass
class Reader:
    """What a parser made of one block: values recognised (label, value), lines not used."""

    lines: list[str]
    recognised: list[tuple[Word, "str | Word"]] = field(default_factory=list)
    used: set[int] = field(default_factory=set)
    extra: list[str] = field(default_factory=list)  # parts of used lines that were not understood

    def saw(self, label: Word, value: object, first: bool = False) -> None:
        shown = value if isinstance(value, Word) else str(value)
        if first:
            self.recognised.insert(0, (label, shown))
        else:
            self.recognised.append((label, shown))

    def use(self, index: int) -> None:
        self.used.add(index)

    def unrecognised(self) -> list[str]:
        return [line for i, line in enumerate(self.lines) if i not in self.used and line] + self.extra

    def find(self, pattern: "re.Pattern[str]", start: int = 0) -> tuple[int, "re.Match[str]"] | None:
        """The first unused line from ``start`` matching ``pattern`` (searched, not anchored)."""
        for i in range(start, len(self.lines)):
            if i in self.used:
                continue
            found = pattern.search(self.lines[i])
            if found:
                return i, found
        return None


def list_items(body: str) -> list[str]:
    """A printed list ("Stealth +6, Survival +1; Sewer Lore +3") as its items, commas inside
    parentheses kept ("Firearms (Pistols) +2", "Stealth +9 (+11 in swamps)")."""
    items, depth, current = [], 0, ""
    for ch in body:
        if ch in "([":
            depth += 1
        elif ch in ")]" and depth:
            depth -= 1
        if ch in ",;" and depth == 0:
            items.append(current.strip())
            current = ""
        else:
            current += ch
    items.append(current.strip())
    return [i for i in items if i]


def named_numbers(body: str) -> list[tuple[str, int, str]]:
    """``"Acrobatics +5, Sewer Lore +3, Stealth +9 (+11 in swamps)"`` → [(name, number, rest)]: the first
    number after each name (a conditional variant in brackets is left in ``rest``)."""
    out = []
    for item in list_items(body):
        found = re.match(rf"^(?P<name>.*?)\s*(?P<n>{NUMBER})\b(?P<rest>.*)$", item)
        if found and found.group("name").strip():
            out.append((found.group("name").strip(" :*▽ƒ✚†"), number(found.group("n")), found.group("rest").strip()))
        else:
            out.append((item, None, ""))  # type: ignore[arg-type]
    return out


def split_blocks(rows: list[str], starts_block: Callable[[list[str], int], bool],
                 once: "Iterable[re.Pattern[str]]" = (), heading: Callable[[str], bool] = lambda line: False
                 ) -> list[list[str]]:
    """Several stat blocks in one paste: a new block starts wherever ``starts_block(rows, i)`` says so
    (a system's title: a name and its level or challenge, a name above the size line…).

    A title the system does not recognise must not merge two creatures into one (the second one's
    attacks added to the first, the rest of it lost): a block prints each of the ``once`` headings
    (its AC, its HP…) once, so a second one starts another block, as many lines above that heading as
    the block's first one had title lines above it (``_split_repeated``)."""
    blocks: list[list[str]] = [[]]
    for i, line in enumerate(rows):
        if blocks[-1] and any(blocks[-1]) and starts_block(rows, i):
            blocks.append([])
        blocks[-1].append(line)
    patterns = tuple(once)
    out = [part for b in blocks if any(b) for part in _split_repeated(b, patterns, heading)]
    if len(out) > MAX_BLOCKS:  # refused whole: a silent cut would lose the page's last monsters
        raise RulesError("text", f"{len(out):,} stat blocks; a paste holds at most {MAX_BLOCKS}")
    return out


MAX_TITLE = 4  # lines above a block's first heading that can be its title (name, size, traits, source)


def _split_repeated(rows: list[str], once: "tuple[re.Pattern[str], ...]",
                    heading: Callable[[str], bool]) -> list[list[str]]:
    """``rows`` cut before each heading of ``once`` met a second time. The new block's title is taken
    from the lines just above it, as many as the first block had (its layout is the same page's), never
    across an empty line, a sentence (a title line ends without a full stop), another heading or the
    previous block's last ``once`` heading."""
    kinds = [next((k for k, p in enumerate(once) if p.search(line)), None) for line in rows]
    first = next((i for i, k in enumerate(kinds) if k is not None), None)
    if first is None:
        return [rows]
    title_lines = min(MAX_TITLE, sum(1 for line in rows[:first] if line))
    out, start, seen, last = [], 0, set(), -1
    for i, kind in enumerate(kinds):
        if kind is None:
            continue
        if kind in seen:
            cut, taken = i, 0
            while taken < title_lines and cut - 1 > last and not heading(rows[cut - 1]) \
                    and not rows[cut - 1].endswith((".", ":")):
                if not rows[cut - 1] and taken:
                    break  # an empty line above the title
                cut -= 1
                taken += bool(rows[cut])
            if any(rows[start:cut]):
                out.append(rows[start:cut])
                start = cut
            seen = set()
        seen.add(kind)
        last = i
    out.append(rows[start:])
    return [b for b in out if any(b)]


def has_marks(marks: "re.Pattern[str]", text: str) -> bool:
    """True when ``text`` prints something only one system's stat blocks print (``marks``): a paste
    of another system's blocks is refused by name (``campaign.importing.read_text``), not half read."""
    return bool(marks.search("\n".join(lines(text[:MAX_TEXT]))))


def read_blocks(text: str, heading: Callable[[str], bool], starts_block: Callable[[list[str], int], bool],
                read_block: Callable[[list[str]], object], none_found: str,
                once: "Iterable[re.Pattern[str]]" = ()) -> list:
    """Every stat block ``read_block`` recognises in a paste (a block it cannot use reads None);
    RulesError ``none_found`` when there is none, and for a paste longer than ``MAX_TEXT``. ``once``:
    the headings a block prints once (``split_blocks``)."""
    if len(text) > MAX_TEXT:
        raise RulesError("text", f"{len(text):,} characters; a paste holds at most {MAX_TEXT:,}")
    out = [read_block(block) for block in split_blocks(lines(text, heading), starts_block, once, heading)]
    out = [imported for imported in out if imported is not None]
    if not out:
        raise RulesError("text", none_found)
    return out


def first_heading(rows: Iterable[str], pattern: "re.Pattern[str]") -> int:
    for i, line in enumerate(rows):
        if pattern.search(line):
            return i
    return -1


_SMALL = {"of", "the", "and", "a", "an", "in", "de", "des", "du", "la", "le", "les", "et", "d'", "l'", "aux", "au",
          "à", "en"}


def title_name(line: str, french: bool = False) -> str:
    """A block's title as a name: "FEN SKULKER" → "Fen Skulker"; French in sentence case
    ("RÔDEUR DES TOURBIÈRES" → "Rôdeur des tourbières"); a title already in mixed case as it is."""
    line = line.strip(" .:")
    letters = [ch for ch in line if ch.isalpha()]
    if not letters or sum(ch.isupper() for ch in letters) < 0.8 * len(letters):
        return line  # already in mixed case: as printed
    if french:
        lower = line.lower()
        return lower[:1].upper() + lower[1:]
    words = line.lower().split(" ")
    return " ".join(w if (i and w in _SMALL) else w[:1].upper() + w[1:] for i, w in enumerate(words))
