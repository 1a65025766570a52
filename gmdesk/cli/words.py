"""The command line's words in the GM's language, without Qt (``gmdesk odds`` stays light).

The same mechanism as the recap's (``gmdesk.analytics.words``): English text is the key, ``FRENCH`` its
translation, ``words(lang)`` the ``tr`` that fills in the ``{names}``. The language is ``--lang`` when
given, else the terminal's (LANGUAGE, LC_ALL, LC_MESSAGES, LANG), as the exports already chose it.
Refusals are translated by pattern (``refusal``): argparse's own and the command line's common ones;
a message gmdesk has no French for stays English rather than being half-translated.
``--json`` output never goes through here: scripts read it (CLI.md).
"""

from __future__ import annotations

import re
import sys
from typing import Sequence

from gmdesk.analytics.words import LANGUAGES, number, system_language, tier_word
from gmdesk.analytics.words import words as _words
from gmdesk.engine.words import french_thousands

__all__ = ["FRENCH", "count", "counted", "error_line", "language_of", "number", "refusal", "tier_word", "words"]

NNBSP = "\u202f"

FRENCH = {
    # gmdesk bestiary, gmdesk encounter
    "party: {party}": "groupe\u202f: {party}",
    "none": "aucun",
    "CR {cr}": "FP {cr}",
    "level {level}": "niveau {level}",
    "{xp} XP": "{xp} PX",
    "AC {ac}": "CA {ac}",
    "HP {hp}": "PV {hp}",
    "difficulty: none — {reason}": "difficulté\u202f: aucune — {reason}",
    "XP {xp} against {budget}: {difficulty}": "{xp} PX face à {budget}\u202f: {difficulty}",
    "note: {note}": "remarque\u202f: {note}",
    # gmdesk encounter --simulate
    "simulation: {runs} fights, {tactic} ({how}), seed {seed}":
        "simulation\u202f: {runs} combats, {tactic} ({how}), graine {seed}",
    " (stopped after {runs} of {asked})": " (arrêtée après {runs} sur {asked})",
    "{p} ({low} to {high})": "{p} (de {low} à {high})",
    "the party wins: {share}": "le groupe gagne\u202f: {share}",
    "the creatures win: {share}": "les créatures gagnent\u202f: {share}",
    "still going after {cap} rounds: {share}": "encore en cours après {cap} rounds\u202f: {share}",
    "rounds: {mean} on average ({low} to {high})": "rounds\u202f: {mean} en moyenne (de {low} à {high})",
    "{name} goes down: {share}": "{name} tombe\u202f: {share}",
    "not modelled: {what}": "non modélisé\u202f: {what}",
    # gmdesk odds
    "check": "test",
    "complication": "complication",
    "complications": "complications",
    "{n} on average": "{n} en moyenne",
    # gmdesk roll
    "no roll": "aucun jet",
    "{tier}: total {total} vs {dc} [d20 {dice}{parts}]": "{tier}\u202f: total {total} contre {dc} [d20 {dice}{parts}]",
    "{tier}: {hits} hits vs {dc} [dice {dice}]{comp}": "{tier}\u202f: {hits} succès contre {dc} [dés {dice}]{comp}",
    ", complication {n}": ", complication {n}",
    ", {n} complications (degrees {degrees})": ", {n} complications (degrés {degrees})",
    # campaign commands
    "created {path}: {summary}": "créé {path}\u202f: {summary}",
    "{system} campaign {name}": "campagne {system} «\u202f{name}\u202f»",
    "{n} player characters": "{n} personnages joueurs",
    "{n} player character": "{n} personnage joueur",
    "{n} NPCs": "{n} PNJ",
    "{n} NPC": "{n} PNJ",
    "{n} scenes, {checks} prepared checks": "{n} scènes, {checks} tests préparés",
    "encounter {name} in round {n}": "rencontre «\u202f{name}\u202f» au round {n}",
    "{n} logged rolls": "{n} jets notés",
    "{n} logged roll": "{n} jet noté",
    "exported {n} rolls to {path}": "{n} jets exportés dans {path}",
    "exported 1 roll to {path}": "1 jet exporté dans {path}",
    "imported {n} characters into {path}": "{n} personnages importés dans {path}",
    "imported 1 character into {path}": "1 personnage importé dans {path}",
    "exported {n} characters to {path}": "{n} personnages exportés dans {path}",
    "exported 1 character to {path}": "1 personnage exporté dans {path}",
    "exported the recap of {session} to {path}": "récapitulatif de {session} exporté dans {path}",
    # gmdesk check
    "{path}: sound (campaign format {version}, {characters}, {rolls})":
        "{path}\u202f: en bon état (format de campagne {version}, {characters}, {rolls})",
    "{n} character": "{n} personnage",
    "{n} characters": "{n} personnages",
    # gmdesk import
    "imported {n} character(s)": "{n} personnage(s) importé(s)",
    ": {added} added, {updated} updated": "\u202f: {added} ajouté(s), {updated} mis à jour",
    "updated {n} already in the campaign (same name and same source): {names}":
        "{n} déjà dans la campagne mis à jour (même nom, même source)\u202f: {names}",
    "left out {n} given again in this import (the last one read is used): {names}":
        "{n} laissé(s) de côté, donné(s) deux fois dans cet import (le dernier lu compte)\u202f: {names}",
    "{name}: {what}": "{name}\u202f: {what}",
    "{name}: named twice, read once": "{name}\u202f: nommé deux fois, lu une fois",
    # gmdesk checks
    "{n} dice": "{n} dés",
    "{n} die": "{n} dé",
    # gmdesk stats --details
    "{name}: {rolls}, level {level} (Holm over {m} groups)": "{name}\u202f: {rolls}, seuil {level} (Holm sur {m} groupes)",
    "{n} roll": "{n} jet",
    "{n} rolls": "{n} jets",
    "{n} success": "{n} réussite",
    "{n} successes": "{n} réussites",
    "{n} rolls with unknown odds are left out": "{n} jet(s) aux chances inconnues laissé(s) de côté",
    "{n} rolls written by another program are not analysed": "{n} jet(s) écrit(s) par un autre programme non analysé(s)",
    "all rolls": "tous les jets",
    "actor": "personnage",
    "kind": "type de test",
    "session": "séance",
    "FLAGGED: ran hot": "SIGNALÉ\u202f: chanceux",
    "FLAGGED: ran cold": "SIGNALÉ\u202f: malchanceux",
    "FLAGGED": "SIGNALÉ",
    "{title}: {rolls}, {successes} (expected {expected}), p = {p} (Holm {holm}){flag}":
        "{title}\u202f: {rolls}, {successes} (attendu {expected}), p = {p} (Holm {holm}){flag}",
    "too few to test (5 per face needed)": "trop peu pour le test (5 par face)",
    "chi2 {chi2} ({df} df), p = {p}": "khi² {chi2} ({df} ddl), p = {p}",
    "d{sides}: {n} thrown, band {low}-{high} per face, {test}":
        "d{sides}\u202f: {n} lancés, bande {low}-{high} par face, {test}",
    "calibration (predicted → observed [band], rolls):": "calibration (annoncé → observé [bande], jets)\u202f:",
    # refusals
    "gmdesk: error: {message}": "gmdesk\u202f: erreur\u202f: {message}",
    "gmdesk {command}: {message}": "gmdesk {command}\u202f: {message}",
    # issue 24 §3, 25: the progress line of a long command (gmdesk.cli.progress)
    "rolls": "jets",
    "{what}: {done} of {total} {unit} ({percent} %)": "{what}\u202f: {done} sur {total} {unit} ({percent}\u202f%)",
    "{what}: {done} {unit}": "{what}\u202f: {done} {unit}",
    ", {duration} left": ", encore {duration}",
    # gmdesk encounter: the rounds to drop
    "rounds to drop (exact, from the current hit points):":
        "rounds pour mettre hors de combat (exacts, depuis les points de vie actuels)\u202f:",
    "rounds to drop: none — {reason}": "rounds pour mettre hors de combat\u202f: aucun — {reason}",
    "{attacker} drops {target} in {n} rounds or fewer: {pct}":
        "{attacker} met {target} hors de combat en {n} rounds ou moins\u202f: {pct}",
    "{attacker} drops {target} in 1 round: {pct}": "{attacker} met {target} hors de combat en 1 round\u202f: {pct}",
    "{attacker} cannot drop {target}: its round deals no damage":
        "{attacker} ne peut pas mettre {target} hors de combat\u202f: son round n’inflige aucun dégât",
    "({mean} rounds on average)": "({mean} rounds en moyenne)",
}

# Refusals, by pattern: argparse's messages and the command line's own. Each English regex → its
# French, ``{0}``, ``{1}``… the groups in order. Tried on "argument X: …" pieces too (``refusal``).
REFUSALS = (
    # Ctrl+C (after "interrupted: "): what was kept
    (r"nothing was changed or written", "rien n’a été changé ni écrit"),
    (r"nothing written, (.*) is as it was", "rien d’écrit, {0} est resté tel quel"),
    (r"the export on stdout is incomplete", "l’export sur la sortie standard est incomplet"),
    (r"([\d,]+) of ([\d,]+) rolls logged in (.*) and kept", "{0} jets sur {1} notés dans {2} et gardés"),
    (r"([\d,]+) of ([\d,]+) rolls made", "{0} jets sur {1} faits"),
    (r"the creatures added are saved in (.*), nothing else", "les créatures ajoutées sont enregistrées dans {0}, rien d’autre"),
    (r"the following arguments are required: (.*)", "ces arguments manquent\u202f: {0}"),
    (r"unrecognized arguments: (.*)", "arguments inconnus\u202f: {0}"),
    (r"invalid choice: (.*) \(choose from (.*)\)", "choix invalide\u202f: {0} (au choix\u202f: {1})"),
    (r"invalid (.*) value: (.*)", "valeur invalide\u202f: {1}"),
    (r"expected one argument", "attend une valeur"),
    (r"expected at most one argument", "attend au plus une valeur"),
    (r"expected at least one argument", "attend au moins une valeur"),
    (r"not allowed with argument (.*)", "incompatible avec {0}"),
    (r"not allowed with (.*)", "incompatible avec {0}"),
    (r"ignored explicit argument (.*)", "valeur en trop\u202f: {0}"),
    (r"one of the arguments (.*) is required", "il faut l’un de ces arguments\u202f: {0}"),
    (r"ambiguous option: (.*) could match (.*)", "option ambiguë\u202f: {0} pourrait être {1}"),
    (r"given more than once", "donné plus d’une fois"),
    (r"given at most (\d+) times, got (\d+)", "donné au plus {0} fois, reçu {1}"),
    (r"not an integer: (.*)", "pas un nombre entier\u202f: {0}"),
    (r"a number of (.*) digits is not one a GM could mean", "un nombre de {0} chiffres, aucun MJ ne veut dire cela"),
    (r"not valid UTF-8 text \(check the terminal's encoding\)",
     "texte qui n’est pas de l’UTF-8 (vérifiez l’encodage du terminal)"),
    (r"an empty file name", "un nom de fichier vide"),
    (r"only with (.*)", "seulement avec {0}"),
    (r"must be from (.*) to (.*), got (.*)", "doit aller de {0} à {1}, reçu {2}"),
    (r"unknown system (.*) \(choose from (.*)\)", "système inconnu\u202f: {0} (au choix\u202f: {1})"),
    (r"not an option of (.*)", "pas une option de {0}"),
    (r"required for (.*)", "obligatoire pour {0}"),
    (r"no character named (.*) in the fight", "aucun personnage nommé {0} dans le combat"),
    (r"no character named (.*) in (.*)", "aucun personnage nommé {0} dans {1}"),
    (r"no character named (.*)", "aucun personnage nommé {0}"),
    (r"(\d+) characters are named (.*); rename one", "{0} personnages s’appellent {1}\u202f; renommez-en un"),
)


# What names the bad argument at the head of a refusal: argparse's "argument --mod", a field's option.
_NAMED = re.compile(r"(argument )?(--?[\w-]+|[\w.]+(/[\w.]+)*|[A-Z][\w.]*)")


def words(lang: str):
    """``tr(text, **values)`` over the command line's catalogue."""
    return _words(lang, FRENCH)


def counted(lang: str, n: int, one: str, many: str, **values) -> str:
    """``one`` or ``many`` by the count, in ``lang``: 1 jet, 2 jets; French takes the singular for 0
    too (0 jet noté)."""
    return words(lang)(one if n == 1 or (n == 0 and lang == "fr") else many, n=n, **values)


def language_of(argv: Sequence[str]) -> str:
    """``--lang fr|en`` wherever it is in ``argv`` (even when the rest will be refused: the refusal is
    then said in that language), else the terminal's."""
    for i, arg in enumerate(argv):
        value = argv[i + 1] if arg == "--lang" and i + 1 < len(argv) else \
            arg.partition("=")[2] if arg.startswith("--lang=") else None
        if value in LANGUAGES:
            return value
    return system_language()


def refusal(message: str, lang: str) -> str:
    """One refusal in ``lang``: ``argument --mod: not an integer: 'x'`` → ``argument --mod : pas un
    nombre entier : 'x'``. A message with no known pattern is left as it is."""
    if lang != "fr":
        return message
    if message.startswith("interrupted: "):  # Ctrl+C: what was kept
        return f"interrompu{NNBSP}: " + refusal(message.removeprefix("interrupted: "), lang)
    head, sep, rest = message.partition(": ")
    if sep and _NAMED.fullmatch(head):  # "argument --mod: …", "--dc: …", "FILE: …": the name stays
        return f"{head}{NNBSP}: {refusal(rest, lang)}"
    for pattern, french in REFUSALS:
        found = re.fullmatch(pattern, message, re.DOTALL)
        if found:
            return french.format(*(french_thousands(group or "") for group in found.groups()))
    store_words = sys.modules.get("gmdesk.store.refusal_words")  # the store's refusals, once it is loaded:
    if store_words is None and "gmdesk.store" in sys.modules:  # odds and roll never load it
        import gmdesk.store.refusal_words as store_words
    return store_words.said(message, lang) if store_words is not None else french_thousands(message)


def count(n: int, lang: str) -> str:
    """A count as the GM reads it: ``30,000`` / ``30 000`` (a narrow no-break space)."""
    return number(n, lang, 0)


def error_line(message: str, lang: str, command: str | None = None) -> str:
    """The one stderr line of a refusal: ``gmdesk: error: …`` / ``gmdesk : erreur : …`` (or, for a
    campaign command, ``gmdesk export: …``)."""
    tr = words(lang)
    if command is None:
        return tr("gmdesk: error: {message}", message=refusal(message, lang))
    return tr("gmdesk {command}: {message}", command=command, message=refusal(message, lang))

# Ctrl+C during `gmdesk export --format recap` to stdout (issue 25): what was kept.
REFUSALS += ((r"the recap on stdout is incomplete", "le récapitulatif sur la sortie standard est incomplet"),)
