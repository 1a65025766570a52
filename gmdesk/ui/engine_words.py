"""The engine's breakdown words in the GM's language: modifier kinds, ability abbreviations, the
rank in brackets, and the fixed phrases the engine and the systems write ("armor check penalty",
"base attack bonus", a stacking rule's reason…).

The engine and the systems' builders name a modifier in English keys or in the seed's words
(``Modifier(+1, "wis", "ability")``, ``"acrobatics (trained)"``, ``"For 16"``): fine in a log, raw
on screen. This module maps the engine's common vocabulary (translated by the .ts catalogue) and
asks the campaign's system for its own (``GameSystem.words``: its check names, phrases only it
writes, kinds it names otherwise…), and leaves the rest as it is — a weapon's name, a condition
already named in the GM's language, a modifier the GM typed.

    words = EngineWords("pf2", names={"acrobatics": "Acrobaties"})
    words.kind("proficiency")             # "maîtrise" with the French catalogue installed
    words.source("acrobatics (trained)")  # "Acrobaties (entraîné)"
"""

from __future__ import annotations

import re

from PySide6.QtCore import QCoreApplication, QT_TRANSLATE_NOOP

from gmdesk import systems
from gmdesk.engine.core import Breakdown
from gmdesk.systems.kit.words import SystemWords

CONTEXT = "EngineWords"

# Modifier kinds (the engine's stacking types and descriptive kinds); "untyped" shows nothing.
KINDS = {
    "ability": QT_TRANSLATE_NOOP("EngineWords", "ability"),
    "proficiency": QT_TRANSLATE_NOOP("EngineWords", "proficiency"),
    "item": QT_TRANSLATE_NOOP("EngineWords", "item"),
    "circumstance": QT_TRANSLATE_NOOP("EngineWords", "circumstance"),
    "status": QT_TRANSLATE_NOOP("EngineWords", "status"),
    "base": QT_TRANSLATE_NOOP("EngineWords", "base"),
    "ranks": QT_TRANSLATE_NOOP("EngineWords", "ranks"),
    "synergy": QT_TRANSLATE_NOOP("EngineWords", "synergy"),
    "level": QT_TRANSLATE_NOOP("EngineWords", "level"),
    "skill": QT_TRANSLATE_NOOP("EngineWords", "skill"),
    "edge": QT_TRANSLATE_NOOP("EngineWords", "edge"),
    "condition": QT_TRANSLATE_NOOP("EngineWords", "condition"),
    "specialization": QT_TRANSLATE_NOOP("EngineWords", "specialization"),
    "teamwork": QT_TRANSLATE_NOOP("EngineWords", "teamwork"),
    "cap": QT_TRANSLATE_NOOP("EngineWords", "cap"),
    "floor": QT_TRANSLATE_NOOP("EngineWords", "floor"),
    "choice": QT_TRANSLATE_NOOP("EngineWords", "choice"),
    "printed": QT_TRANSLATE_NOOP("EngineWords", "stat block"),  # a stat block's number as printed
}

# Ability abbreviations, from every spelling the engine uses (pf2/dnd5e keys, dnd3.5's "For 16",
# anarchy's seed codes) to one English abbreviation, shown translated (FOR, SAG… in French).
ABBREVIATIONS = {
    "STR": QT_TRANSLATE_NOOP("EngineWords", "STR"),
    "DEX": QT_TRANSLATE_NOOP("EngineWords", "DEX"),
    "CON": QT_TRANSLATE_NOOP("EngineWords", "CON"),
    "INT": QT_TRANSLATE_NOOP("EngineWords", "INT"),
    "WIS": QT_TRANSLATE_NOOP("EngineWords", "WIS"),
    "CHA": QT_TRANSLATE_NOOP("EngineWords", "CHA"),
    "AGI": QT_TRANSLATE_NOOP("EngineWords", "AGI"),
    "WIL": QT_TRANSLATE_NOOP("EngineWords", "WIL"),
    "LOG": QT_TRANSLATE_NOOP("EngineWords", "LOG"),
}
SPELLINGS = {"str": "STR", "for": "STR", "dex": "DEX", "con": "CON", "int": "INT", "wis": "WIS", "sag": "WIS",
             "cha": "CHA", "agi": "AGI", "vol": "WIL", "wil": "WIL", "log": "LOG"}

# Whole sources the engine writes as fixed English phrases.
PHRASES = {
    "base": QT_TRANSLATE_NOOP("EngineWords", "base"),
    "armor": QT_TRANSLATE_NOOP("EngineWords", "armor"),
    "shield": QT_TRANSLATE_NOOP("EngineWords", "shield"),
    "level": QT_TRANSLATE_NOOP("EngineWords", "level"),
    "modifier": QT_TRANSLATE_NOOP("EngineWords", "modifier"),
    "ranks": QT_TRANSLATE_NOOP("EngineWords", "ranks"),
    "proficiency": QT_TRANSLATE_NOOP("EngineWords", "proficiency"),
    "perception": QT_TRANSLATE_NOOP("EngineWords", "Perception"),
    "armor check penalty": QT_TRANSLATE_NOOP("EngineWords", "armor check penalty"),
    "attribute": QT_TRANSLATE_NOOP("EngineWords", "attribute"),
    "skill": QT_TRANSLATE_NOOP("EngineWords", "skill"),
    "situational: not toggled on": QT_TRANSLATE_NOOP("EngineWords", "situational: not toggled on"),
    "suppressed": QT_TRANSLATE_NOOP("EngineWords", "suppressed"),
}

# Proficiency ranks in brackets ("acrobatics (trained)"); a system may read "(untrained)" otherwise
# (``SystemWords.untrained``: dnd3.5's is a skill used without ranks, with another French word).
RANKS = {
    "untrained": QT_TRANSLATE_NOOP("EngineWords", "untrained"),
    "trained": QT_TRANSLATE_NOOP("EngineWords", "trained"),
    "expert": QT_TRANSLATE_NOOP("EngineWords", "expert"),
    "master": QT_TRANSLATE_NOOP("EngineWords", "master"),
    "legendary": QT_TRANSLATE_NOOP("EngineWords", "legendary"),
}

_RANKED = re.compile(r"^(?P<name>.+) \((?P<rank>untrained|trained|expert|master|legendary)\)(?P<rest>.*)$")
_SCORE = re.compile(r"^(?P<ability>[A-Za-z]{3}) (?P<score>\d+)$")
_HALF = re.compile(r"^(?P<name>.+) \((?P<ranks>\d+½): the half rank does not count\)$")
_SYNERGY = re.compile(r"^(?P<name>.+) (?P<n>\d+)\+ ranks(?P<when> \(.+\))?$")
_ATTRIBUTE_ONLY = re.compile(r"^attribute-only test: (?P<name>.+)$")
_NET = re.compile(r"^on net dice modifiers (?P<raw>\S+) → (?P<net>\S+)$")
_SPECIALIZATION = re.compile(r"^specialization: (?P<name>.+)$")
_NO_DEX = re.compile(r"^(?P<name>.+): no Dex bonus to AC$")
_AUTO_FAIL = re.compile(r"^(?P<name>.+): automatic failure$")
_AID = re.compile(r"^aid another: (?P<rest>.+)$")
_AID_FAILED = re.compile(r"^aid failed: (?P<rest>.+)$")
_NO_ACP = re.compile(r"^(?P<name>.+) takes no armor check penalty$")
_NOT_STACK = re.compile(r"^a (?P<kind>\w+) (?P<what>bonus|penalty) does not stack: (?P<winner>.+) (?P<value>[+-]\d+) counts$")
_NEVER_STACK = re.compile(r"^skill modifiers never stack: (?P<winner>.+) (?P<value>[+-]\d+) counts$")


def translate(text: str) -> str:
    return QCoreApplication.translate(CONTEXT, text)


def fill(template: str, *values: object) -> str:
    for i, value in enumerate(values, 1):
        template = template.replace(f"%{i}", str(value))
    return template


class EngineWords:
    """The words of one system's breakdowns; ``names`` maps engine keys (skills, saves) to their
    names in the GM's language (``check_names``)."""

    def __init__(self, system: str, names: dict[str, str] | None = None, *, lang: str = "en"):
        self.system = system
        self.names = names or {}
        self.lang = lang
        found = systems.find(system)
        self.words = found.words if found is not None else SystemWords()

    def _phrase(self, text: str) -> str | None:
        """A fixed phrase: the system's own, else the engine's (translated by the catalogue)."""
        own = self.words.phrases.get(text)
        if own is not None:
            return own.text(self.lang)
        return translate(PHRASES[text]) if text in PHRASES else None

    def kind(self, kind: str) -> str:
        if kind == "untyped":
            return ""
        own = self.words.kinds.get(kind)
        if own is not None:
            return own.text(self.lang)
        known = KINDS.get(kind)
        return translate(known) if known else kind

    def abbreviation(self, word: str) -> str | None:
        code = SPELLINGS.get(word.lower())
        if code is None or not self.words.abbreviations:
            return None
        return translate(ABBREVIATIONS[code])

    def name(self, key: str) -> str:
        """A skill or save key in the GM's words ("acrobatics" → "Acrobaties"), else as it is."""
        known = self.names.get(key) or self.names.get(key.lower())
        if known:
            return known
        return self._phrase(key.lower()) or key

    def source(self, source: str) -> str:
        text = source.strip()
        phrase = self._phrase(text.lower())
        if phrase is not None:
            return phrase
        if text in self.names:
            return self.names[text]
        abbreviation = self.abbreviation(text)
        if abbreviation is not None:
            return abbreviation
        m = _SCORE.match(text)
        if m and self.abbreviation(m["ability"]):
            return f"{self.abbreviation(m['ability'])} {m['score']}"
        m = _RANKED.match(text)
        if m:
            untrained = self.words.untrained if m["rank"] == "untrained" else None
            rank = untrained.text(self.lang) if untrained is not None else translate(RANKS[m["rank"]])
            rest = self.source(m["rest"].strip()) if m["rest"].strip() else ""
            return f"{self.name(m['name'])} ({rank})" + (f" {rest}" if rest else "")
        m = _HALF.match(text)
        if m:
            return fill(translate(QT_TRANSLATE_NOOP("EngineWords", "%1 (%2: the half rank does not count)")),
                        self.source(m["name"]), m["ranks"])
        m = _SYNERGY.match(text)
        if m:
            return fill(translate(QT_TRANSLATE_NOOP("EngineWords", "%1 %2+ ranks")), self.name(m["name"]),
                        m["n"]) + (m["when"] or "")
        m = _ATTRIBUTE_ONLY.match(text)
        if m:
            return fill(translate(QT_TRANSLATE_NOOP("EngineWords", "attribute-only test: %1")),
                        self.name(m["name"]))
        m = _NET.match(text)
        if m:
            return fill(translate(QT_TRANSLATE_NOOP("EngineWords", "net dice modifiers %1 → %2")), m["raw"], m["net"])
        m = _SPECIALIZATION.match(text)
        if m:
            return fill(translate(QT_TRANSLATE_NOOP("EngineWords", "specialization: %1")), m["name"])
        m = _NO_DEX.match(text)
        if m:
            return fill(translate(QT_TRANSLATE_NOOP("EngineWords", "%1: no Dex bonus to AC")), m["name"])
        m = _AUTO_FAIL.match(text)
        if m:
            return fill(translate(QT_TRANSLATE_NOOP("EngineWords", "%1: automatic failure")), m["name"])
        m = _AID.match(text)
        if m:
            return fill(translate(QT_TRANSLATE_NOOP("EngineWords", "aid another: %1")), m["rest"])
        if self.words.tidy is not None and self.words.tidy(text) != text:
            return self.words.tidy(text)  # cof: "voie" + a path named "voie de l'archer"
        return source

    def reason(self, reason: str) -> str:
        """Why a modifier was suppressed, in the GM's words."""
        text = reason.strip()
        if not text:
            return translate(PHRASES["suppressed"])
        phrase = self._phrase(text) if text in PHRASES or text in self.words.phrases else None
        if phrase is not None:
            return phrase
        m = _NOT_STACK.match(text)
        if m:
            template = (QT_TRANSLATE_NOOP("EngineWords", "a %1 bonus does not stack: %2 %3 counts")
                        if m["what"] == "bonus" else
                        QT_TRANSLATE_NOOP("EngineWords", "a %1 penalty does not stack: %2 %3 counts"))
            return fill(translate(template), self.kind(m["kind"]), self.source(m["winner"]), m["value"])
        m = _NEVER_STACK.match(text)
        if m:
            return fill(translate(QT_TRANSLATE_NOOP("EngineWords", "skill modifiers never stack: %1 %2 counts")),
                        self.source(m["winner"]), m["value"])
        m = _AID_FAILED.match(text)
        if m:
            return fill(translate(QT_TRANSLATE_NOOP("EngineWords", "aid failed: %1")), m["rest"])
        m = _NO_ACP.match(text)
        if m:
            return fill(translate(QT_TRANSLATE_NOOP("EngineWords", "%1 takes no armor check penalty")),
                        self.name(m["name"]))
        return reason

    def breakdown_text(self, breakdown: Breakdown) -> str:
        """``+3 DEX, +2 circumstance cover, [+1 circumstance shield: suppressed]`` in the GM's words
        (the shape of ``Breakdown.text``)."""
        parts = []
        for line in breakdown.lines:
            m = line.modifier
            kind = self.kind(m.kind)
            part = f"{m.value:+d} {kind + ' ' if kind else ''}{self.source(m.source)}".strip()
            parts.append(fill(translate(QT_TRANSLATE_NOOP("EngineWords", "[%1: %2]")), part, self.reason(line.reason))
                         if line.suppressed else part)
        return ", ".join(parts)


def check_names(system: str, lang: str) -> dict[str, str]:
    """Skill, save and other engine keys in the GM's language, from the system (``SystemWords.names``:
    pf2 and dnd5e skills, dnd3.5 skills — the engine names them in French — back to English for an
    English GM, anarchy's attribute-only tests)."""
    found = systems.find(system)
    return found.words.names(lang) if found is not None else {}
