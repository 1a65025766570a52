"""Words in the GM's two languages, as plain data: what a game system says, readable without Qt.

A game system writes every word of its own (its attributes and skills, conditions, the name of its
target number, its check options…) once, in English and in French, as a ``Word``:

    STRENGTH = Word("Strength", "Force")
    STRENGTH.text("fr")                  # "Force"
    Word("{n} dice", "{n} dés").format("en", n=3)   # "3 dice"

The window shows ``word.text(language)``; exports (no Qt) do the same, so a system's words follow
the GM's language everywhere. ``Word`` is a tuple ``(en, fr)``, the shape the domain tables already
used for bilingual names. The window's own texts (menus, panel titles) are Qt's business: they live
in the ``.ts`` catalogue (``gmdesk.ui.i18n``).
"""

from __future__ import annotations

import re
from typing import NamedTuple

LANGUAGES = ("en", "fr")


class Word(NamedTuple):
    """One word or phrase in English and in French (the same text twice where it does not change)."""

    en: str
    fr: str

    def text(self, lang: str = "en") -> str:
        """The text in ``lang`` ("en" or "fr"); English for any other language."""
        return self.fr if lang == "fr" else self.en

    def format(self, lang: str = "en", **values: object) -> str:
        """``text(lang)`` with ``{name}`` fields filled in ("la Chance d’Ezren": French elision)."""
        template = self.text(lang)
        if lang == "fr":
            for key, value in values.items():
                if str(value)[:1] in _VOWELS:
                    template = template.replace(f"de {{{key}}}", f"d’{{{key}}}")
        return template.format(**values)

    def filled(self, **values: object) -> "Word":
        """The same word with ``{name}`` fields filled in, in both languages."""
        return Word(self.en.format(**values), self.fr.format(**values))

    @classmethod
    def same(cls, text: str) -> "Word":
        """A word spelt alike in both languages (a code such as "ATC", a proper name)."""
        return cls(text, text)


def text(word: "Word | str", lang: str = "en") -> str:
    """A ``Word`` in ``lang``; a plain string (a name the GM typed) as it is."""
    return word.text(lang) if isinstance(word, Word) else word


# The engine's tier ids (RULES.md) as the GM reads them; exports and the window say these.
TIER_NAMES = {
    "critical_failure": Word("critical failure", "échec critique"),
    "failure": Word("failure", "échec"),
    "success": Word("success", "réussite"),
    "critical_success": Word("critical success", "réussite critique"),
    "miss": Word("miss", "raté"),
    "hit": Word("hit", "touché"),
    "critical_hit": Word("critical hit", "coup critique"),
}
COMPLICATION = Word("complication", "complication")


def tier_text(tier: str, lang: str = "en") -> str:
    """A tier id in ``lang`` ("réussite critique"); an unknown id with its underscores as spaces."""
    word = TIER_NAMES.get(tier)
    return word.text(lang) if word is not None else tier.replace("_", " ")


_THOUSANDS = re.compile(r"(?<![\d,])\d{1,3}(?:,\d{3})+(?![\d,])")


def french_thousands(text: str) -> str:
    """English thousands in a sentence (``30,000 rolls``) the French way (``30 000``, a narrow no-break
    space): for sentences first said in English (a refusal, what Ctrl+C kept) then put in French."""
    return _THOUSANDS.sub(lambda m: m.group().replace(",", "\u202f"), text)


_VOWELS = frozenset("AEIOUYÀÂÄÉÈÊËÎÏÔÖÙÛÜaeiouyàâäéèêëîïôöùûü")


def fill(template: str, *values: object) -> str:
    """Qt's ``%1``, ``%2``… placeholders filled in (%10 before %1), with French elision: "de %1" before
    a name that starts with a vowel reads "d’Aldric" ("tour d’Aldric", not "tour de Aldric")."""
    for i in range(len(values), 0, -1):
        value = str(values[i - 1])
        if value[:1] in _VOWELS:
            for de in ("de ", "De "):
                template = template.replace(f"{de}%{i}", f"{de[0]}’%{i}")
        template = template.replace(f"%{i}", value)
    return template


# French typography (issue 24): a narrow no-break space (U+202F) before : ; ! ? and inside « »,
# the typographic apostrophe. ``french_typography`` applies them; ``tools/french_typography.py``
# re-applies it to the catalogues and the systems' Word data after a merge.
NNBSP = "\u202f"
_SPACE_BEFORE = re.compile(r"[ \u00a0]([:;!?])(?=\s|$|[\"'”»)<{])")
_NO_SPACE_BEFORE = re.compile(r"(?<=[^\W\d_]|[»)\]}])([;!?])(?=\s|$)|(?<=[^\W\d_]|[»)\]}])(:)(?=\s|$)")
_OPEN = re.compile(r"«[ \u00a0\u202f]?")
_CLOSE = re.compile(r"[ \u00a0\u202f]?»")
_APOSTROPHE = re.compile(r"(?<=[^\W\d_])'(?=[^\W\d_])")


def french_typography(text: str) -> str:
    """``text`` (French) set as French is printed: "Réussites : 3" → "Réussites\u202f: 3",
    "« Épée »" → "«\u202fÉpée\u202f»", "l'arme" → "l’arme". Idempotent; a colon inside a word
    ("d20:4", "19:30") is left alone."""
    text = _SPACE_BEFORE.sub(NNBSP + r"\1", text)
    text = _NO_SPACE_BEFORE.sub(lambda m: NNBSP + (m.group(1) or m.group(2)), text)
    text = _CLOSE.sub(NNBSP + "»", _OPEN.sub("«" + NNBSP, text))
    return _APOSTROPHE.sub("’", text)


def french_typography_faults(text: str) -> list[str]:
    """What ``french_typography`` would change in ``text``: empty when it is set right."""
    fixed = french_typography(text)
    return [] if fixed == text else [f"{text!r} → {fixed!r}"]
