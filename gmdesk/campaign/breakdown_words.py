"""The words of a check's breakdown in the GM's language, without Qt: modifier kinds, ability
abbreviations, the rank in brackets, and the fixed phrases the engine and the systems write ("armor
check penalty", "base attack bonus", a stacking rule's reason…).

The engine and the systems' builders name a modifier in English keys or in the seed's words
(``Modifier(+1, "wis", "ability")``, ``"acrobatics (trained)"``, ``"For 16"``): fine for a program,
raw for a GM. This module holds the engine's common vocabulary as ``Word(en, fr)`` and asks the
campaign's system for its own (``GameSystem.words``: its check names, phrases only it writes, kinds
it names otherwise…), and leaves the rest as it is — a weapon's name, a condition already named in
the GM's language, a modifier the GM typed. The window (``gmdesk.ui.engine_words``), the exports
and the prep sheet all read a breakdown through it, so they say the same words.

    words = BreakdownWords("pf2", names={"acrobatics": "Acrobaties"}, lang="fr")
    words.kind("proficiency")             # "maîtrise"
    words.source("acrobatics (trained)")  # "Acrobaties (entraîné)"
"""

from __future__ import annotations

import re

from gmdesk import systems
from gmdesk.engine.core import Breakdown
from gmdesk.engine.words import Word
from gmdesk.systems.kit.words import SystemWords

# Modifier kinds (the engine's stacking types and descriptive kinds); "untyped" shows nothing.
KINDS = {
    "ability": Word('ability', 'caractéristique'),
    "proficiency": Word('proficiency', 'maîtrise'),
    "item": Word('item', 'objet'),
    "circumstance": Word('circumstance', 'circonstance'),
    "status": Word('status', 'condition'),
    "base": Word('base', 'base'),
    "ranks": Word('ranks', 'degrés'),
    "synergy": Word('synergy', 'synergie'),
    "level": Word('level', 'niveau'),
    "skill": Word('skill', 'compétence'),
    "edge": Word('edge', 'atout'),
    "condition": Word('condition', 'état'),
    "specialization": Word('specialization', 'spécialisation'),
    "teamwork": Word('teamwork', 'travail d’équipe'),
    "cap": Word('cap', 'plafond'),
    "floor": Word('floor', 'plancher'),
    "choice": Word('choice', 'choix'),
    "printed": Word('stat block', 'bloc de stats'),  # a stat block's number as printed
}

# Ability abbreviations, from every spelling the engine uses (pf2/dnd5e keys, dnd3.5's "For 16",
# anarchy's seed codes) to one English abbreviation, shown in the GM's language (FOR, SAG… in French).
ABBREVIATIONS = {
    "STR": Word('STR', 'FOR'),
    "DEX": Word('DEX', 'DEX'),
    "CON": Word('CON', 'CON'),
    "INT": Word('INT', 'INT'),
    "WIS": Word('WIS', 'SAG'),
    "CHA": Word('CHA', 'CHA'),
    "AGI": Word('AGI', 'AGI'),
    "WIL": Word('WIL', 'VOL'),
    "LOG": Word('LOG', 'LOG'),
}
SPELLINGS = {"str": "STR", "for": "STR", "dex": "DEX", "con": "CON", "int": "INT", "wis": "WIS", "sag": "WIS",
             "cha": "CHA", "agi": "AGI", "vol": "WIL", "wil": "WIL", "log": "LOG"}

# Whole sources the engine writes as fixed English phrases.
PHRASES = {
    "base": Word('base', 'base'),
    "armor": Word('armor', 'armure'),
    "shield": Word('shield', 'bouclier'),
    "level": Word('level', 'niveau'),
    "modifier": Word('modifier', 'modificateur'),
    "ranks": Word('ranks', 'degrés'),
    "proficiency": Word('proficiency', 'maîtrise'),
    "perception": Word('Perception', 'Perception'),
    "armor check penalty": Word('armor check penalty', 'malus d’armure aux tests'),
    "attribute": Word('attribute', 'attribut'),
    "skill": Word('skill', 'compétence'),
    "situational: not toggled on": Word('situational: not toggled on', 'circonstanciel\u202f: non activé'),
    "suppressed": Word('suppressed', 'non cumulé'),
}

# A kind and a source that read as one phrase, in French in another order: what ``gmdesk roll``'s and
# ``gmdesk odds``' --mod is (``Modifier(mod, "modifier", "ability")``, cof's ``Modifier(mod, "score", "base")``).
KIND_AND_SOURCE = {
    ("ability", "modifier"): Word('ability modifier', 'modificateur de caractéristique'),
    ("base", "score"): Word('base score', 'score de base'),
}

# Proficiency ranks in brackets ("acrobatics (trained)"); a system may read "(untrained)" otherwise
# (``SystemWords.untrained``: dnd3.5's is a skill used without ranks, with another French word).
RANKS = {
    "untrained": Word('untrained', 'non entraîné'),
    "trained": Word('trained', 'entraîné'),
    "expert": Word('expert', 'expert'),
    "master": Word('master', 'maître'),
    "legendary": Word('legendary', 'légendaire'),
}

# The engine's notes on a roll (``RollResult.notes``), pattern → French; a note matching none stays as
# the engine wrote it. "interval 2: …" and "opponent …" prefixes are read through to the note after.
NOTES: tuple[tuple[re.Pattern, str], ...] = tuple((re.compile(f"^{en}$"), fr) for en, fr in (
    (r"Heroic Inspiration: rerolled, the new roll stands", "Inspiration héroïque\u202f: jet relancé, le nouveau jet compte"),
    (r"minor complication \(degree 0\)", "complication mineure (degré 0)"),
    (r"complication of degree (?P<d>\d+)", "complication de degré {d}"),
    (r"(?P<c>.+) on the leader's roll", "{c} sur le jet du meneur"),
    (r"helper (?P<i>\d+)(?P<label>.*): (?P<h>\d+) hits, (?P<c>.+)", "aide {i}{label}\u202f: {h} réussites, {c}"),
    (r"helper (?P<i>\d+)(?P<label>.*): (?P<h>\d+) hits", "aide {i}{label}\u202f: {h} réussites"),
    (r"Luck after the roll: every non-hit die rerolled", "Chance après le jet\u202f: tous les dés sans réussite relancés"),
    (r"Edge/Trait: up to (?P<n>\d+) non-hit dice rerolled, 1s first",
     "Atout/Trait\u202f: jusqu’à {n} dés sans réussite relancés, les 1 d’abord"),
    (r"Luck after the roll, then Edge/Trait: up to (?P<n>\d+) dice that still miss rerolled \(house rule: R-3 off\)",
     "Chance après le jet, puis Atout/Trait\u202f: jusqu’à {n} dés encore sans réussite relancés (règle maison\u202f: R-3 désactivée)"),
    (r"interval (?P<i>\d+): (?P<h>\d+) hits, (?P<t>\d+) of (?P<n>\d+)", "intervalle {i}\u202f: {h} réussites, {t} sur {n}"),
    (r"interval (?P<i>\d+): (?P<c>.+)", "intervalle {i}\u202f: {c}"),
    (r"threshold 0: automatic success", "seuil 0\u202f: réussite automatique"),
    (r"opposing pool of (?P<n>\d+): (?P<h>\d+) hits, (?P<o>\d+) ones",
     "réserve adverse de {n}\u202f: {h} réussites, {o} dés à 1"),
    (r"tie broken by the 1s on the initial rolls: (?P<a>\d+) against (?P<b>\d+), the opposition wins",
     "égalité départagée par les 1 des jets initiaux\u202f: {a} contre {b}, l’opposition l’emporte"),
    (r"tie: goes to the acting character \(net hits 0\)", "égalité\u202f: au personnage qui agit (réussites nettes 0)"),
    (r"net hits (?P<n>[+-]\d+)", "réussites nettes {n}"),
    (r"(?P<n>\d+) complications, they add up: degrees (?P<d>.+)", "{n} complications, elles s’additionnent\u202f: degrés {d}"),
    (r"GM's Anarchy point: complication raised to degree (?P<d>\d+)",
     "point d’Anarchy du MJ\u202f: complication portée au degré {d}"),
    (r"took (?P<t>\d+): the d20 counts as (?P<u>\d+) \(no roll\)", "fait {t}\u202f: le d20 compte pour {u} (pas de jet)"),
    (r"natural (?P<f>\d+): automatic success", "{f} naturel\u202f: réussite automatique"),
    (r"natural (?P<f>\d+): automatic failure", "{f} naturel\u202f: échec automatique"),
    (r"automatic: no roll", "automatique\u202f: pas de jet"),
    (r"automatic success", "réussite automatique"),
    (r"failed voluntarily: no roll", "échec volontaire\u202f: pas de jet"),
    (r"fortune reroll: the new result stands \(R-1\)(?P<rest>.*)", "relance de fortune\u202f: le nouveau résultat compte (R-1){rest}"),
    (r"fortune reroll: the better result kept \(house rule: R-1 off\)(?P<rest>.*)",
     "relance de fortune\u202f: le meilleur résultat gardé (règle maison\u202f: R-1 désactivée){rest}"),
    (r"; fortune and misfortune cancel, so one d20", "\u202f; fortune et infortune s’annulent, donc un seul d20"),
    (r"tie (?P<a>\d+)–(?P<b>\d+) with equal modifiers \((?P<m>[+-]\d+), aid included\): reroll the d20s",
     "égalité {a}–{b} à modificateurs égaux ({m}, aide comprise)\u202f: on relance les d20"),
    (r"tie (?P<a>\d+)–(?P<b>\d+): the higher modifier wins \((?P<m>[+-]\d+) vs (?P<n>[+-]\d+), aid included\)",
     "égalité {a}–{b}\u202f: le meilleur modificateur l’emporte ({m} contre {n}, aide comprise)"),
    # As gmdesk wrote them before the aid counted in the modifier (rolls already logged).
    (r"tie (?P<a>\d+)–(?P<b>\d+) with equal modifiers \((?P<m>[+-]\d+)\): reroll",
     "égalité {a}–{b} à modificateurs égaux ({m})\u202f: on relance"),
    (r"tie (?P<a>\d+)–(?P<b>\d+): the higher modifier wins \((?P<m>[+-]\d+) vs (?P<n>[+-]\d+)\)",
     "égalité {a}–{b}\u202f: le meilleur modificateur l’emporte ({m} contre {n})"),
))
# Parts of a note that are themselves notes, read in French too.
_NESTED = frozenset({"c", "rest"})
# A DC's own modifiers as the engine notes them (``Breakdown.text``): pf2's "DC 14 → 16: +2 item armor",
# dnd3.5's "DC 15 -1 condition flat-footed: no Dex bonus to AC = 14".
_DC_NOTES = (re.compile(r"^DC (?P<dc>\d+) → (?P<eff>\d+): (?P<bd>.+)$"), re.compile(r"^DC (?P<dc>\d+) (?P<bd>.+) = (?P<eff>\d+)$"))
_PART = re.compile(r"^(?P<value>[+-]\d+) (?P<rest>.+)$")

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
_AID_ROLL = re.compile(r"^(?P<who>.+) \((?P<sum>[^()]+) vs DC (?P<dc>\d+)\)$")
_HELPER = re.compile(r"^helper (?P<n>\d+)$")
_AID_FAILED = re.compile(r"^aid failed: (?P<rest>.+)$")
_NO_ACP = re.compile(r"^(?P<name>.+) takes no armor check penalty$")
_NOT_STACK = re.compile(r"^a (?P<kind>\w+) (?P<what>bonus|penalty) does not stack: (?P<winner>.+) (?P<value>[+-]\d+) counts$")
_NEVER_STACK = re.compile(r"^skill modifiers never stack: (?P<winner>.+) (?P<value>[+-]\d+) counts$")


def fill(template: str, *values: object) -> str:
    for i, value in enumerate(values, 1):
        template = template.replace(f"%{i}", str(value))
    return template


class BreakdownWords:
    """The words of one system's breakdowns; ``names`` maps engine keys (skills, saves) to their
    names in the GM's language (``check_names``)."""

    def __init__(self, system: str, names: dict[str, str] | None = None, *, lang: str = "en"):
        self.system = system
        if names is None:
            names = check_names(system, lang)
        self.names = names or {}
        self.lang = lang
        found = systems.find(system)
        self.words = found.words if found is not None else SystemWords()

    def _t(self, word: Word) -> str:
        return word.text(self.lang)

    def _phrase(self, text: str) -> str | None:
        """A fixed phrase: the system's own, else the engine's."""
        own = self.words.phrases.get(text)
        if own is not None:
            return own.text(self.lang)
        return self._t(PHRASES[text]) if text in PHRASES else None

    def kind(self, kind: str) -> str:
        if kind == "untyped":
            return ""
        own = self.words.kinds.get(kind)
        if own is not None:
            return own.text(self.lang)
        known = KINDS.get(kind)
        return self._t(known) if known else kind

    def abbreviation(self, word: str) -> str | None:
        code = SPELLINGS.get(word.lower())
        if code is None or not self.words.abbreviations:
            return None
        return self._t(ABBREVIATIONS[code])

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
            rank = untrained.text(self.lang) if untrained is not None else self._t(RANKS[m["rank"]])
            rest = self.source(m["rest"].strip()) if m["rest"].strip() else ""
            return f"{self.name(m['name'])} ({rank})" + (f" {rest}" if rest else "")
        m = _HALF.match(text)
        if m:
            return fill(self._t(Word('%1 (%2: the half rank does not count)', '%1 (%2\u202f: le demi-degré ne compte pas)')),
                        self.source(m["name"]), m["ranks"])
        m = _SYNERGY.match(text)
        if m:
            return fill(self._t(Word('%1 %2+ ranks', '%1 à %2 degrés ou plus')), self.name(m["name"]),
                        m["n"]) + (m["when"] or "")
        m = _ATTRIBUTE_ONLY.match(text)
        if m:
            return fill(self._t(Word('attribute-only test: %1', 'test d’attributs seuls\u202f: %1')),
                        self.name(m["name"]))
        m = _NET.match(text)
        if m:
            return fill(self._t(Word('net dice modifiers %1 → %2', 'modificateurs de dés nets %1 → %2')), m["raw"], m["net"])
        m = _SPECIALIZATION.match(text)
        if m:
            return fill(self._t(Word('specialization: %1', 'spécialisation\u202f: %1')), m["name"])
        m = _NO_DEX.match(text)
        if m:
            return fill(self._t(Word('%1: no Dex bonus to AC', '%1\u202f: pas de bonus de DEX à la CA')), m["name"])
        m = _AUTO_FAIL.match(text)
        if m:
            return fill(self._t(Word('%1: automatic failure', '%1\u202f: échec automatique')), m["name"])
        m = _AID.match(text)
        if m:
            return fill(self._t(Word('aid another: %1', 'aider quelqu’un\u202f: %1')), self._aid_roll(m["rest"]))
        if self.words.tidy is not None and self.words.tidy(text) != text:
            return self.words.tidy(text)  # cof: "voie" + a path named "voie de l'archer"
        return source

    def _aid_roll(self, text: str) -> str:
        """"helper 1 (3+2 = 5 vs DC 10)" (dnd3.5's aid another) in the GM's words; a helper's name stays."""
        m = _AID_ROLL.match(text)
        if m is None:
            return text
        who = _HELPER.match(m["who"])
        name = fill(self._t(Word('helper %1', 'aide %1')), who["n"]) if who else m["who"]
        return fill(self._t(Word('%1 (%2 vs DC %3)', '%1 (%2 contre DD %3)')), name, m["sum"], m["dc"])

    def part(self, value: int, kind: str, source: str) -> str:
        """One modifier, "+3 circumstance cover", in the GM's words."""
        both = KIND_AND_SOURCE.get((kind, source.strip().lower()))
        if both is not None:
            return f"{value:+d} {self._t(both)}"
        kind = self.kind(kind)
        return f"{value:+d} {kind + ' ' if kind else ''}{self.source(source)}".strip()

    def reason(self, reason: str) -> str:
        """Why a modifier was suppressed, in the GM's words."""
        text = reason.strip()
        if not text:
            return self._t(PHRASES["suppressed"])
        phrase = self._phrase(text) if text in PHRASES or text in self.words.phrases else None
        if phrase is not None:
            return phrase
        m = _NOT_STACK.match(text)
        if m:
            template = (Word('a %1 bonus does not stack: %2 %3 counts', 'bonus du même type (%1) non cumulable\u202f: seul %2 %3 compte')
                        if m["what"] == "bonus" else
                        Word('a %1 penalty does not stack: %2 %3 counts', 'pénalité du même type (%1) non cumulable\u202f: seule %2 %3 compte'))
            return fill(self._t(template), self.kind(m["kind"]), self.source(m["winner"]), m["value"])
        m = _NEVER_STACK.match(text)
        if m:
            return fill(self._t(Word('skill modifiers never stack: %1 %2 counts', 'les modificateurs de compétence ne se cumulent jamais\u202f: seul %1 %2 compte')),
                        self.source(m["winner"]), m["value"])
        m = _AID_FAILED.match(text)
        if m:
            return fill(self._t(Word('aid failed: %1', 'aide ratée\u202f: %1')), m["rest"])
        m = _NO_ACP.match(text)
        if m:
            return fill(self._t(Word('%1 takes no armor check penalty', '%1 ne subit pas le malus d’armure aux tests')),
                        self.name(m["name"]))
        return reason

    def breakdown_text(self, breakdown: Breakdown) -> str:
        """``+3 DEX, +2 circumstance cover, [+1 circumstance shield: suppressed]`` in the GM's words
        (the shape of ``Breakdown.text``)."""
        parts = []
        for line in breakdown.lines:
            m = line.modifier
            part = self.part(m.value, m.kind, m.source)
            parts.append(fill(self._t(Word('[%1: %2]', '[%1\u202f: %2]')), part, self.reason(line.reason))
                         if line.suppressed else part)
        return ", ".join(parts)


    def note(self, note: str) -> str:
        """One of the engine's notes on a roll in the GM's language ("réussites nettes +1")."""
        if self.lang != "fr":
            return note
        for i, pattern in enumerate(_DC_NOTES):
            m = pattern.match(note)
            if m:
                said = self._breakdown_said(m["bd"])
                return f"DD {m['dc']} → {m['eff']}\u202f: {said}" if i == 0 else f"DD {m['dc']} {said} = {m['eff']}"
        for pattern, french in NOTES:
            m = pattern.match(note)
            if m:
                parts = {k: (self.note(v) if k in _NESTED and v else v or "") for k, v in m.groupdict().items()}
                return french.format(**parts)
        return note

    def _breakdown_said(self, text: str) -> str:
        """A breakdown the engine wrote out (``Breakdown.text``) in the GM's words, part by part."""
        parts = []
        for part in text.split(", "):
            suppressed = part.startswith("[") and part.endswith("]")
            body, _, reason = part[1:-1].partition(": ") if suppressed else (part, "", "")
            m = _PART.match(body)
            if m is None:
                parts.append(part)
                continue
            kind, _, source = m["rest"].partition(" ")
            if not source or (kind not in KINDS and kind not in self.words.kinds):
                kind, source = "untyped", m["rest"]
            said = self.part(int(m["value"]), kind, source)
            parts.append(fill(self._t(Word('[%1: %2]', '[%1\u202f: %2]')), said, self.reason(reason)) if suppressed else said)
        return ", ".join(parts)

    def notes_text(self, notes) -> str:
        """A roll's notes, "; "-separated, in the GM's language (the "secret" mark left out)."""
        return "; ".join(self.note(n) for n in notes if n != "secret")

    def logged_text(self, breakdown: list[dict]) -> str:
        """A logged roll's breakdown (``LogEntry.breakdown``: dicts) in the GM's words."""
        parts = []
        for b in breakdown:
            try:
                value = int(b.get("value", 0))
            except (TypeError, ValueError):
                value = 0
            part = self.part(value, str(b.get("kind", "untyped")), str(b.get("source", "")))
            parts.append(fill(self._t(Word('[%1: %2]', '[%1\u202f: %2]')), part, self.reason(str(b.get("reason") or "")))
                         if b.get("suppressed") else part)
        return ", ".join(parts)


def check_names(system: str, lang: str) -> dict[str, str]:
    """Skill, save and other engine keys in the GM's language, from the system (``SystemWords.names``:
    pf2 and dnd5e skills, dnd3.5 skills — the engine names them in French — back to English for an
    English GM, anarchy's attribute-only tests)."""
    found = systems.find(system)
    return found.words.names(lang) if found is not None else {}
