"""The findings as sentences a GM can say at the table: "Brunhild succeeded 9 times where 6.2 were
expected — luck like this comes about 1 evening in 8: nothing unusual." The panel, ``gmdesk stats``
and the recap say these first; the p-values, Holm's correction, χ² and bands stay behind a Details
toggle, ``--details`` and the recap's appendix.

"1 evening in N" is the p-value turned around (N = 1/p, rounded to what a GM says aloud): how often
a fair table would see a deviation at least that large. A flagged finding uses Holm's adjusted
p-value, which is why it says "even counting that m groups were looked at". Every text goes through
``words`` (English key, French beside it), as the recap's do.
"""

from __future__ import annotations

from fractions import Fraction

from gmdesk.analytics.words import number, words
from gmdesk.store.check_odds import SUCCESS_TIERS

CLOSE = 0.5  # a p-value above this is "just about what the odds said"
NEVER = 1_000_000  # rarer than 1 in this: said as "less than 1 … in a million"


def rarity(p: float, lang: str, unit: str = "evening") -> str:
    """"about 1 evening in 8", "less than 1 evening in a million": a probability as a GM says it."""
    tr = words(lang)
    if p <= 1 / NEVER:
        return tr("less than 1 evening in a million" if unit == "evening" else "less than 1 time in a million")
    n = 1 / p
    digits = len(str(int(n))) - 2  # two significant figures: 8, 35, 400, 1,300
    n = round(n) if digits <= 0 else round(n, -digits)
    text = number(max(n, 1), lang, 0)
    return tr("about 1 evening in {n}" if unit == "evening" else "about 1 time in {n}", n=text)


def readable(key: str) -> str:
    """An engine id the sheets do not name (``perception``, ``recall_detail``) as a word: "Recall detail"."""
    if key.isascii() and key == key.lower():
        text = key.replace("_", " ")
        return text[:1].upper() + text[1:]
    return key


def kind_name(kind: str, names: dict[str, str], lang: str) -> str:
    """A kind of check in the GM's words, ``names`` the system's (``campaign.breakdown_words.check_names``):
    ``athletics`` → "Athlétisme", ``will save`` → "Volonté (sauvegarde)"; a weapon's name stays as it is."""
    tr = words(lang)
    name, _, what = kind.rpartition(" ")
    if what == "save" and name:
        return tr("{name} save", name=names.get(name) or readable(name))
    if what == "attack" and name:
        return tr("{name} attack", name=names.get(name) or readable(name))
    return names.get(kind) or readable(kind)


def kind_namer(system: str, lang: str):
    """``kind_name`` with the system's names: ``namer(kind)``."""
    from gmdesk.campaign.breakdown_words import check_names

    from gmdesk import systems

    names = check_names(system, lang) if system else {}
    found = systems.find(system) if system else None
    if found is not None:
        names = {**found.words.kind_names(lang), **names}
    return lambda kind: kind_name(kind, names, lang)


def group_name(g, kind_label, lang: str) -> str:
    """A group's name as a sentence says it: the kinds of check in the GM's words."""
    if g.family == "kind":
        return kind_label(g.name)
    return g.name or words(lang)("All rolls")


def succeeded(tier: str) -> bool:
    return tier in SUCCESS_TIERS


def success_chance(odds: dict[str, Fraction]) -> Fraction:
    """A roll's chance of success: the sum of its succeeding tiers' odds."""
    return sum((p for t, p in odds.items() if t in SUCCESS_TIERS), Fraction(0))


def _count(n: int, lang: str, one: str, many: str) -> str:
    # French agrees with 0 and 1 in the singular; English only with 1. French sets its thousands apart
    # (300 020 jets); English keeps the digits scripts already read.
    return words(lang)(one if n == 1 or (lang == "fr" and n == 0) else many, n=_digits(n, lang))


def _digits(n: int, lang: str) -> int | str:
    return number(n, lang, 0) if lang == "fr" else n


def group_sentence(g, name: str, tested: int, lang: str) -> str:
    """One group's finding. ``g``: a ``report.GroupStats`` with rolls of known odds; ``tested``: how
    many groups were looked at (Holm's m)."""
    tr = words(lang)
    expected = number(float(g.expected_successes), lang, 1)
    if g.family == "actor":
        times = tr("once") if g.successes == 1 else tr("{n} times", n=g.successes)
        head = tr("{name} succeeded {times} where {expected} were expected", name=name, times=times,
                  expected=expected)
    else:
        successes = _count(g.successes, lang, "{n} success", "{n} successes")
        head = tr("{name}: {successes} where {expected} were expected", name=name, successes=successes,
                  expected=expected)
    return head + tr(" — ") + luck_clause(g, tested, lang) + "."


def luck_clause(g, tested: int, lang: str) -> str:
    """"luck like this comes about 1 evening in 8: nothing unusual", or why a flagged group is flagged."""
    tr = words(lang)
    if g.flagged:
        text = ("unusually lucky: luck this strong comes {rarity}, even counting that {m} groups were looked at"
                if g.direction == "hot" else
                "unusually unlucky: bad luck this strong comes {rarity}, even counting that {m} groups were looked at")
        if _one(tested, lang):  # "1 groupe examiné", never "1 groupes"
            text = text.replace("{m} groups were looked at", "{m} group was looked at")
        return tr(text, rarity=rarity(g.p_holm, lang), m=tested)
    if g.direction == "even" or g.p_value > CLOSE:
        return tr("just about what the odds said")
    text = ("luck like this comes {rarity}: nothing unusual" if g.direction == "hot" else
            "bad luck like this comes {rarity}: nothing unusual")
    return tr(text, rarity=rarity(g.p_value, lang))


def tested_groups(report) -> int:
    """How many groups were looked at: Holm's count (a group that is the whole counts once)."""
    return report.tests


def verdict(report, lang: str) -> str:
    """Were the dice kind or cruel beyond chance? One sentence over every group."""
    tr = words(lang)
    m = tested_groups(report)
    if not report.flagged:
        if _one(m, lang):
            return tr("Nobody was luckier or unluckier than chance explains ({m} group looked at).", m=m)
        return tr("Nobody was luckier or unluckier than chance explains ({m} groups looked at).", m=m)
    if _one(m, lang):
        return tr("Beyond chance, even counting that {m} group was looked at:", m=m)
    return tr("Beyond chance, even counting that {m} groups were looked at:", m=m)


def _one(n: int, lang: str) -> bool:
    """The singular: 1 in English, 0 and 1 in French."""
    return n == 1 or (n == 0 and lang == "fr")


def overview(report, lang: str) -> str:
    """"20 rolls, 9 successes where 9.5 were expected.\""""
    whole = report.whole
    tr = words(lang)
    rolls = _count(whole.rolls + whole.without_odds, lang, "{n} roll", "{n} rolls")
    if not whole.rolls:
        return tr("{rolls}, none with known odds.", rolls=rolls)
    return tr("{rolls}, {successes} where {expected} were expected.", rolls=rolls,
              successes=_count(whole.successes, lang, "{n} success", "{n} successes"),
              expected=number(float(whole.expected_successes), lang, 1))


def dice_sentence(d, lang: str) -> str:
    """"The d20 looked fair over 143 rolls." A ``report.DiceStats``."""
    tr = words(lang)
    if d.p_value is None:
        return tr("Too few d{sides} rolls ({n}) to judge the die: about {need} are needed.", sides=d.sides,
                  n=_digits(d.thrown, lang), need=5 * d.sides)
    if d.flagged:
        return tr("The d{sides} looked uneven over {n} rolls: faces this uneven come {rarity} with a fair die.",
                  sides=d.sides, n=_digits(d.thrown, lang), rarity=rarity(d.p_holm if d.p_holm is not None else d.p_value, lang,
                                                            "time"))
    return tr("The d{sides} looked fair over {n} rolls.", sides=d.sides, n=_digits(d.thrown, lang))


def left_out(report, lang: str, kind_label=lambda kind: kind) -> list[str]:
    """What was not counted for luck, and why: initiative rolls (dice only), rolls with unknown odds
    (by character and kind of check), rolls another program wrote."""
    tr = words(lang)
    out = []
    if report.initiative:
        out.append(_count(report.initiative, lang,
                          "{n} initiative roll has no success or failure: its dice count for the dice, not for luck.",
                          "{n} initiative rolls have no success or failure: their dice count for the dice, not for "
                          "luck."))
    for actor, kind, n in report.unknown:
        out.append(tr("Unknown odds, left out of the count: {rolls} of {actor} ({kind}) — gmdesk cannot rebuild "
                      "the check (edited by hand, or made by a newer gmdesk).", actor=actor or "—",
                      kind=kind_label(kind), rolls=_count(n, lang, "{n} roll", "{n} rolls")))
    if report.unfacted:
        out.append(_count(report.unfacted, lang, "{n} roll written by another program is not analysed.",
                          "{n} rolls written by another program are not analysed."))
    return out
