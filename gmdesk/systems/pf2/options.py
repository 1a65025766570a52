"""Pathfinder 2 in the check panel: fortune and misfortune effects, "cannot succeed", a secret
check the player knows of; typed situational modifiers; the fortune reroll after a failed roll;
and what the odds assume, in words."""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache

from gmdesk.engine.words import Word
from gmdesk.systems.kit.explain import TICKED, favour_lines
from gmdesk.systems.kit.options import CheckOptions, Reroll, Toggle

from .fortune import FAILED
from .rules import TIERS, Pf2Check, cannot_succeed_reach, odds_for_difference

TOGGLES = (
    Toggle("fortune", Word("Fortune", "Fortune"),
           Word("Roll twice and keep the higher; cancels with misfortune",
                "Lancer deux fois et garder le meilleur\u202f; s’annule avec l’infortune"), excludes="reroll_failure"),
    Toggle("misfortune", Word("Misfortune", "Infortune"),
           Word("Roll twice and keep the lower; cancels with fortune",
                "Lancer deux fois et garder le moins bon\u202f; s’annule avec la fortune"), excludes="reroll_success"),
    Toggle("reroll_failure", Word("Reroll a failure", "Relancer un échec"),
           Word("A fortune effect: a failed check is rolled again (one fortune effect per roll)",
                "Un effet de chance\u202f: un test raté est relancé (un seul effet de chance par jet)"), excludes="fortune"),
    Toggle("reroll_success", Word("Must reroll a success", "Réussite à relancer"),
           Word("A misfortune effect: a successful check must be rolled again (one misfortune effect per roll)",
                "Un effet de malchance\u202f: un test réussi doit être relancé (un seul effet de malchance par jet)"),
           excludes="misfortune"),
    # A flat check has no natural-20 rule to take away.
    Toggle("cannot_succeed", Word("Cannot succeed", "Réussite impossible"),
           Word("Impossible task or missing training: a natural 20 adds nothing",
                "Tâche impossible ou formation manquante\u202f: un 20 naturel n’apporte rien"), not_for=frozenset({"flat"})),
    Toggle("player_knows", Word("Player knows of it", "Le joueur le sait"),
           Word("The player knows this secret check happens, so fortune abilities may be used",
                "Le joueur sait que ce test secret a lieu\u202f: il peut activer ses capacités de chance"), secret_only=True),
)
# The stacking types (RULES.md §1); the GM's usual situational bonus, circumstance, first.
MODIFIER_KINDS = (("circumstance", Word("circumstance", "circonstance")), ("status", Word("status", "condition")),
                  ("item", Word("item", "objet")), ("untyped", Word("untyped", "sans type")))
FORTUNE = Reroll("fortune", Word("Fortune: reroll the failed check", "Chance\u202f: relancer le test raté"))


def offer_reroll(check, result, sheet, secret: bool) -> Reroll | None:
    """A fortune ability after a failed roll (Lucky Halfling and the like). Never on a check that
    already had a fortune effect (one per roll), nor on a secret check the player does not know of
    (RULES.md §1: no fortune ability can be activated then)."""
    if secret and not getattr(check, "player_knows", False):
        return None
    if hasattr(check, "reroll") and result.tier in FAILED and not check.fortune and not check.reroll_failure:
        return FORTUNE
    return None


def reroll(kind: str, check, previous, rng):
    return check, check.reroll(previous, rng)


def explain(check, lang: str) -> list[tuple[str, str]]:
    """Fortune and misfortune (rolled twice or rerolled), when they cancel, and "cannot succeed"."""
    favour = [TICKED] if check.fortune else []
    disfavour = [TICKED] if check.misfortune else []
    keeps_new = check.rulings.reroll_keeps_new
    if check.reroll_failure:
        favour.append(Word("a failed check is rerolled, the new result stands",
                           "un test raté est relancé, le nouveau résultat compte").text(lang) if keeps_new else
                      Word("a failed check is rerolled, the better result kept (house rule)",
                           "un test raté est relancé, le meilleur résultat est gardé (règle maison)").text(lang))
    if check.reroll_success:
        disfavour.append(Word("a success must be rerolled, the new result stands",
                              "une réussite doit être relancée, le nouveau résultat compte").text(lang) if keeps_new else
                         Word("a success must be rerolled, the worse result kept (house rule)",
                              "une réussite doit être relancée, le pire résultat est gardé (règle maison)").text(lang))
    lines = favour_lines(favour, disfavour, Word("Fortune", "Fortune"), Word("Misfortune", "Infortune"), lang)
    if check.cannot_succeed and hasattr(check, "effective_dc"):
        lines.append((Word("Cannot succeed", "Réussite impossible").text(lang), _cannot_succeed(check, lang)))
    return lines


def _cannot_succeed(check, lang: str) -> str:
    reach = cannot_succeed_reach(check.effective_dc - check.modifier)
    if reach is None:
        return Word("no face of the d20 reaches the DC", "aucune face du d20 n’atteint le DD").text(lang)
    tier, lo, hi = reach
    faces = str(lo) if lo == hi else f"{lo}–{hi}"
    if tier == "critical_success":
        return Word("a natural 20 no longer raises the degree, but the total still decides: DC + 10 or more is a "
                    "critical success ({faces} on the d20)",
                    "un 20 naturel n’améliore plus le degré, mais le total décide toujours\u202f: DD + 10 ou plus est "
                    "une réussite critique ({faces} au d20)").format(lang, faces=faces)
    return Word("a natural 20 no longer raises the degree, but the total still decides: the DC or more is a success "
                "({faces} on the d20)",
                "un 20 naturel n’améliore plus le degré, mais le total décide toujours\u202f: le DD ou plus est une "
                "réussite ({faces} au d20)").format(lang, faces=faces)


@lru_cache(maxsize=4096)
def _odds(diff: int, mode: str, cannot_succeed: bool) -> tuple[Fraction, ...]:
    return odds_for_difference(diff, mode, cannot_succeed)


def sweep(check):
    """A check's odds depend only on its effective DC − modifier (and the fortune mode): memoised for
    the session, a modifier edit costs one new difference."""
    if type(check) is not Pf2Check:
        return None
    shift, mod, mode, cannot = check.dc_breakdown.total, check.modifier, check.mode, check.cannot_succeed
    return lambda dc: dict(zip(TIERS, _odds(dc + shift - mod, mode, cannot)))


OPTIONS = CheckOptions(TOGGLES, modifier_kinds=MODIFIER_KINDS, offer_reroll=offer_reroll, reroll=reroll,
                       explain=explain, sweep=sweep)
