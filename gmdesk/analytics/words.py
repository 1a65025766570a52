"""The recap's words in the GM's language. The recap is written without Qt (``gmdesk export --format
recap`` runs on a terminal), so its French is here rather than in the window's Qt catalogue; a test
checks that every English text the recap uses has its French."""

from __future__ import annotations

import os

LANGUAGES = ("en", "fr")

FRENCH = {
    "Session recap": "Récapitulatif de séance",
    "{campaign}: {session}": "{campaign}\u202f: {session}",
    "{n} rolls from {first} to {last}": "{n} jets du {first} au {last}",
    "1 roll at {first}": "1 jet le {first}",
    "No roll in this session.": "Aucun jet dans cette séance.",
    "Made on {date} by gmdesk.": "Fait le {date} par gmdesk.",
    "Secret rolls included.": "Jets secrets compris.",
    "Secret rolls left out.": "Jets secrets laissés de côté.",
    "Luck at the table": "La chance à la table",
    "All rolls": "Tous les jets",
    "Character": "Personnage",
    "Kind of check": "Type de test",
    "Rolls": "Jets",
    "Expected successes": "Réussites attendues",
    "Successes": "Réussites",
    "p-value": "valeur p",
    "Flag": "Signal",
    "hot": "chaud",
    "cold": "froid",
    "How hard the checks were": "La difficulté des tests",
    "Expected success rate": "Taux de réussite attendu",
    "Observed success rate": "Taux de réussite observé",
    "Successes: expected and observed": "Réussites\u202f: attendues et observées",
    "expected": "attendues",
    "observed": "observées",
    "Streaks: successes above or below the odds, roll after roll":
        "Séries\u202f: réussites au-dessus ou au-dessous des chances, jet après jet",
    "roll of the session": "jet de la séance",
    "successes − expected": "réussites − attendues",
    "d{sides}: {n} thrown, each face expected {expected} times; the band holds a fair die's counts at the level.":
        "d{sides}\u202f: {n} lancés, chaque face attendue {expected} fois\u202f; la bande contient les résultats d’un dé "
        "honnête au seuil choisi.",
    "χ² = {chi2} with {df} degrees of freedom, p = {p}.": "χ² = {chi2} à {df} degrés de liberté, p = {p}.",
    "Too few dice for the χ² test (5 per face needed).": "Trop peu de dés pour le test du χ² (5 par face).",
    "face": "face",
    "count": "nombre",
    "Calibration: when gmdesk said so many %, did so many succeed?":
        "Calibration\u202f: quand gmdesk annonçait tant de %, autant ont-ils réussi\u202f?",
    "predicted chance of success": "chance de réussite annoncée",
    "observed rate": "taux observé",
    "Fights": "Combats",
    "{fight}": "{fight}",
    "Round {n}": "Round {n}",
    "No fight was logged in this session.": "Aucun combat n’a été noté dans cette séance.",
    "The log": "Le journal",
    "Time": "Heure",
    "Actor": "Personnage",
    "Check": "Test",
    "Dice": "Dés",
    "Result": "Total",  # the number rolled, beside the outcome ("Résultat"), as the log's exports say it
    "DC": "DD",
    "Outcome": "Résultat",
    "secret": "secret",
    "reroll of #{id}": "relance du n° {id}",
    "(no chart: no roll with known odds)": "(pas de graphique\u202f: aucun jet aux chances connues)",
    "critical failure": "échec critique",
    "failure": "échec",
    "success": "réussite",
    "critical success": "réussite critique",
    "miss": "raté",
    "hit": "touché",
    "critical hit": "coup critique",
    # The findings in plain words (``plain``)
    "less than 1 evening in a million": "moins d’1 soirée sur un million",
    "less than 1 time in a million": "moins d’1 fois sur un million",
    "about 1 evening in {n}": "environ 1 soirée sur {n}",
    "about 1 time in {n}": "environ 1 fois sur {n}",
    "once": "une fois",
    "Characters": "Personnages",
    "{name} save": "{name} (sauvegarde)",
    "{name} attack": "{name} (attaque)",
    "Kinds of check": "Types de test",
    "Sessions": "Séances",
    "Details": "Détails",
    "{n} times": "{n} fois",
    "{n} success": "{n} réussite",
    "{n} successes": "{n} réussites",
    "{n} roll": "{n} jet",
    "{n} rolls": "{n} jets",
    "{name} succeeded {times} where {expected} were expected":
        "{name} a réussi {times}, là où les chances en promettaient {expected}",
    "{name}: {successes} where {expected} were expected":
        "{name} : {successes}, là où les chances en promettaient {expected}",
    " — ": " — ",
    "unusually lucky: luck this strong comes {rarity}, even counting that {m} groups were looked at":
        "une chance inhabituelle : une chance aussi forte arrive {rarity}, même en tenant compte des {m} "
        "groupes examinés",
    "unusually unlucky: bad luck this strong comes {rarity}, even counting that {m} groups were looked at":
        "une malchance inhabituelle : une malchance aussi forte arrive {rarity}, même en tenant compte des {m} "
        "groupes examinés",
    "just about what the odds said": "à peu près comme prévu",
    "luck like this comes {rarity}: nothing unusual": "une telle chance arrive {rarity} : rien d’inhabituel",
    "bad luck like this comes {rarity}: nothing unusual":
        "une telle malchance arrive {rarity} : rien d’inhabituel",
    "Nobody was luckier or unluckier than chance explains ({m} groups looked at).":
        "Personne n’a eu plus de chance ou de malchance que le hasard ne l’explique ({m} groupes examinés).",
    "unusually lucky: luck this strong comes {rarity}, even counting that {m} group was looked at":
        "une chance inhabituelle\u202f: une chance aussi forte arrive {rarity}, même avec {m} seul groupe "
        "examiné",
    "unusually unlucky: bad luck this strong comes {rarity}, even counting that {m} group was looked at":
        "une malchance inhabituelle\u202f: une malchance aussi forte arrive {rarity}, même avec {m} seul "
        "groupe examiné",
    "Nobody was luckier or unluckier than chance explains ({m} group looked at).":
        "Personne n’a eu plus de chance ou de malchance que le hasard ne l’explique ({m} groupe examiné).",
    "Beyond chance, even counting that {m} group was looked at:":
        "Au-delà du hasard, même avec {m} seul groupe examiné\u202f:",
    "Beyond chance, even counting that {m} groups were looked at:":
        "Au-delà du hasard, même en tenant compte des {m} groupes examinés :",
    "{rolls}, none with known odds.": "{rolls}, aucun aux chances connues.",
    "{rolls}, {successes} where {expected} were expected.":
        "{rolls}, {successes}, là où les chances en promettaient {expected}.",
    "Too few d{sides} rolls ({n}) to judge the die: about {need} are needed.":
        "Trop peu de lancers de d{sides} ({n}) pour juger le dé : il en faut environ {need}.",
    "The d{sides} looked uneven over {n} rolls: faces this uneven come {rarity} with a fair die.":
        "Le d{sides} a semblé déséquilibré sur {n} lancers : des faces aussi inégales arrivent {rarity} avec "
        "un dé honnête.",
    "The d{sides} looked fair over {n} rolls.": "Le d{sides} a semblé honnête sur {n} lancers.",
    "{n} initiative roll has no success or failure: its dice count for the dice, not for luck.":
        "{n} jet d’initiative n’a ni réussite ni échec : ses dés comptent pour les dés, pas pour la chance.",
    "{n} initiative rolls have no success or failure: their dice count for the dice, not for luck.":
        "{n} jets d’initiative n’ont ni réussite ni échec : leurs dés comptent pour les dés, pas pour la chance.",
    "Unknown odds, left out of the count: {rolls} of {actor} ({kind}) — gmdesk cannot rebuild the check (edited "
    "by hand, or made by a newer gmdesk).":
        "Chances inconnues, hors des comptes : {rolls} de {actor} ({kind}) — gmdesk ne peut pas reconstruire le "
        "test (modifié à la main, ou fait par un gmdesk plus récent).",
    "{n} roll written by another program is not analysed.": "{n} jet écrit par un autre programme n’est pas analysé.",
    "{n} rolls written by another program are not analysed.":
        "{n} jets écrits par un autre programme ne sont pas analysés.",
    # The recap's opening, dice and appendix
    "Player-safe: no secret roll, no hidden combatant, no DC.":
        "Pour les joueurs : ni jet secret, ni combattant caché, ni DD.",
    "Luckiest moment: {actor} made “{check}” with a {chance} chance of success.":
        "Plus beau coup de chance : {actor} a réussi « {check} » avec {chance} de chances de réussir.",
    "Unluckiest moment: {actor} failed “{check}” despite a {chance} chance of success.":
        "Pire coup du sort : {actor} a raté « {check} » malgré {chance} de chances de réussir.",
    "Were the dice fair?": "Les dés étaient-ils honnêtes ?",
    "d{sides}: each face against the range of a fair die": "d{sides} : chaque face comparée à la marge d’un dé honnête",
    "a fair die's range": "marge d’un dé honnête",
    "inside it": "dedans",
    "outside it": "dehors",
    "above the odds": "au-dessus des chances",
    "below the odds": "au-dessous des chances",
    "Details: the numbers behind the words": "Détails : les chiffres derrière les mots",
    "Holm": "Holm",
    "p-value: how often a fair table would see successes at least this far from the odds, either way. “1 evening "
    "in 8” is a p-value of 1/8.":
        "Valeur p : la fréquence à laquelle une table honnête verrait des réussites au moins aussi loin des "
        "chances, dans un sens ou dans l’autre. « 1 soirée sur 8 », c’est une valeur p de 1/8.",
    "Holm: {m} groups were looked at, so one of them is bound to look odd now and then; Holm's correction raises "
    "each p-value to allow for that, and a group is flagged when it stays under {level}.":
        "Holm : {m} groupes ont été examinés, et l’un d’eux finit toujours par sembler étrange ; la correction de "
        "Holm relève chaque valeur p en conséquence, et un groupe est signalé quand elle reste sous {level}.",
    "χ² (chi-square): one number for how uneven a die's faces were; its p-value says how often a fair die is that "
    "uneven. It needs 5 throws per face.":
        "χ² (khi-deux) : un nombre qui dit à quel point les faces d’un dé ont été inégales ; sa valeur p dit à "
        "quelle fréquence un dé honnête l’est autant. Il faut 5 lancers par face.",
    "Band: the range of counts a fair die's face stays in, at the same level, shared between the faces.":
        "Bande : la marge où reste le nombre de chaque face d’un dé honnête, au même seuil, partagé entre les "
        "faces.",
}

TIERS = {"critical_failure": "critical failure", "failure": "failure", "success": "success",
         "critical_success": "critical success", "miss": "miss", "hit": "hit", "critical_hit": "critical hit"}


def words(lang: str, french: dict[str, str] | None = None):
    """``tr(text, **values)``: ``text`` in ``lang``, its ``{names}`` filled in. ``french``: another
    catalogue of the same shape (the command line's, ``gmdesk.cli.words``) instead of the recap's."""
    table = (FRENCH if french is None else french) if lang == "fr" else {}

    def tr(text: str, **values) -> str:
        out = table.get(text, text)
        return out.format(**values) if values else out

    return tr


def tier_word(tier: str, lang: str) -> str:
    return words(lang)(TIERS.get(tier, tier.replace("_", " ")))


def number(value: float, lang: str, decimals: int = 2) -> str:
    """``1,234.5`` / ``1 234,5``: numbers as the GM reads them."""
    text = f"{value:,.{decimals}f}"
    if lang == "fr":
        text = text.replace(",", "\u202f").replace(".", ",")
    return text


def p_text(p: float, lang: str) -> str:
    if p < 1e-4:
        text = f"{p:.1e}" if p > 0 else "< 1e-300"
        return text.replace(".", ",") if lang == "fr" else text
    return number(p, lang, 4 if p < 0.01 else 3)


def percent(value: float, lang: str, decimals: int = 0) -> str:
    return number(value * 100, lang, decimals) + ("\u202f%" if lang == "fr" else " %")


def system_language() -> str:
    """The terminal's language, as the window's default is the system's: French or English."""
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(name, "")
        for part in value.split(":"):
            code = part.split("_")[0].split(".")[0].lower()
            if code in LANGUAGES:
                return code
            if code and code not in ("c", "posix"):
                return "en"
    return "en"
