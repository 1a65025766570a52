"""The recap's appendix: the numbers behind its words, each explained in two lines — the p-values,
Holm's correction, the χ² test of the dice, the bands (split from ``recap`` to keep both small)."""

from __future__ import annotations

from html import escape

from gmdesk.analytics.report import Report
from gmdesk.analytics.words import number, p_text, percent


def appendix(report: Report, kind_label, tr, lang: str, rates: bool = True) -> list[str]:
    """The characters' and kinds' figures, the dice tests; ``rates``: the expected success rates of
    each kind of check (left out of a player-safe recap: they would give the DCs away)."""
    tested = sum(1 for g in report.groups if g.rolls)
    level = percent(float(report.level), lang, 1 if report.level * 100 % 1 else 0)
    out = [f'<section class="appendix">\n<h2>{escape(tr("Details: the numbers behind the words"))}</h2>\n<ul>\n']
    for text in (tr("p-value: how often a fair table would see successes at least this far from the odds, "
                    "either way. “1 evening in 8” is a p-value of 1/8."),
                 tr("Holm: {m} groups were looked at, so one of them is bound to look odd now and then; Holm's "
                    "correction raises each p-value to allow for that, and a group is flagged when it stays "
                    "under {level}.", m=tested, level=level),
                 tr("χ² (chi-square): one number for how uneven a die's faces were; its p-value says how often "
                    "a fair die is that uneven. It needs 5 throws per face."),
                 tr("Band: the range of counts a fair die's face stays in, at the same level, shared between "
                    "the faces.")):
        out.append(f"<li>{escape(text)}</li>\n")
    out.append("</ul>\n")
    out += _table(report.family("actor"), tr("Character"), tr, lang, rates=False)
    if rates:
        out.append(f"<h3>{escape(tr('How hard the checks were'))}</h3>\n")
        out += _table(report.family("kind"), tr("Kind of check"), tr, lang, rates=True, name=kind_label)
    for d in report.dice:
        out.append("<p>" + escape(tr("d{sides}: {n} thrown, each face expected {expected} times; the band holds a "
                                     "fair die's counts at the level.", sides=d.sides, n=d.thrown,
                                     expected=number(float(d.expected), lang, 1))) + " ")
        if d.p_value is None:
            out.append(escape(tr("Too few dice for the χ² test (5 per face needed).")))
        else:
            out.append(escape(tr("χ² = {chi2} with {df} degrees of freedom, p = {p}.", chi2=number(d.chi2, lang),
                                 df=d.df, p=p_text(d.p_value, lang))))
        out.append("</p>\n")
    out.append("</section>\n")
    return out


def _table(groups, first: str, tr, lang: str, rates: bool, name=lambda n: n) -> list[str]:
    if rates:
        heads = (first, tr("Rolls"), tr("Expected success rate"), tr("Observed success rate"), tr("p-value"),
                 tr("Holm"), tr("Flag"))
    else:
        heads = (first, tr("Rolls"), tr("Expected successes"), tr("Successes"), tr("p-value"), tr("Holm"), tr("Flag"))
    out = ["<table>\n<thead><tr>" + "".join(f"<th>{escape(h)}</th>" for h in heads) + "</tr></thead>\n<tbody>\n"]
    for g in groups:
        if not g.rolls:
            continue
        if rates:
            cells = (percent(float(g.expected_successes) / g.rolls, lang), percent(g.successes / g.rolls, lang))
        else:
            cells = (number(float(g.expected_successes), lang), str(g.successes))
        cells += (p_text(g.p_value, lang), p_text(g.p_holm, lang))
        flag = tr(g.direction) if g.flagged else ""
        row = ' class="flag"' if g.flagged else ""
        out.append(f"<tr{row}><td>{escape(name(g.name))}</td><td class=\"num\">{g.rolls}</td>"
                   + "".join(f'<td class="num">{escape(c)}</td>' for c in cells)
                   + f"<td>{escape(flag)}</td></tr>\n")
    out.append("</tbody>\n</table>\n")
    return out
