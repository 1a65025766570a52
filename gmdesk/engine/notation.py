"""Dice notation for damage and effect rolls: ``2d6+1d4+3``, ``4d6kh3``, ``2d20kl1``, ``1d8-1``.

Grammar (spaces allowed between tokens, ``d``/``k`` letters in either case)::

    expression := ["+"|"-"] term (("+"|"-") term)*
    term       := INT | [INT] "d" (INT | "%") [keep]
    keep       := ("kh" | "k" | "kl") INT        # k alone keeps the highest

The distribution is exact (integer weights, Fractions out); keep-highest/lowest pools are
computed by a dynamic programme over the faces, never by listing every roll.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from fractions import Fraction
from functools import cached_property
from math import comb

from .core import Die, RulesError
from .dist import Dist

MAX_DICE = 100  # per term: enough for any fireball, small enough to answer at once
MAX_KEEP_POOL = 30  # dice in a keep-highest/lowest pool
# The keep-pool programme costs about kept² × kept·sides × sides steps; beyond this budget
# (~0.3 s) the exact distribution is refused (rolling such a pool is still fine).
MAX_KEEP_WORK = 4_000_000
MAX_SIDES = 100  # d100 (d%) is the largest die a GM rolls for effects
MAX_TERMS = 20
MAX_CONSTANT = 10**6


@dataclass(frozen=True)
class DiceTerm:
    """``count`` dice with ``sides`` faces, added (sign +1) or subtracted (sign -1).

    ``keep`` = how many dice count (None: all); ``lowest`` keeps the lowest instead of the highest.
    """

    count: int
    sides: int
    keep: int | None = None
    lowest: bool = False
    sign: int = 1

    def __post_init__(self) -> None:
        _bounded("count", self.count, 1, MAX_DICE, "dice in a term")
        _bounded("sides", self.sides, 1, MAX_SIDES, "faces on a die")
        if self.sign not in (1, -1):
            raise RulesError("sign", f"must be +1 or -1, got {self.sign!r}")
        if self.keep is not None:
            _bounded("keep", self.keep, 1, self.count, f"dice kept out of {self.count}")
            _bounded("count", self.count, 1, MAX_KEEP_POOL, "dice in a keep pool")
        elif self.lowest:
            raise RulesError("keep", "keep lowest needs a number of dice to keep")

    @property
    def keeps_all(self) -> bool:
        return self.keep is None or self.keep == self.count

    def __str__(self) -> str:
        keep = "" if self.keep is None else f"{'kl' if self.lowest else 'kh'}{self.keep}"
        return f"{self.count}d{self.sides}{keep}"

    @property
    def minimum(self) -> int:
        kept = self.count if self.keep is None else self.keep
        return kept if self.sign > 0 else -kept * self.sides

    @property
    def maximum(self) -> int:
        kept = self.count if self.keep is None else self.keep
        return kept * self.sides if self.sign > 0 else -kept

    def distribution(self) -> Dist:
        """Exact distribution of this term's signed value."""
        if self.keeps_all:
            start = 1 if self.sign > 0 else -self.sides
            dist = Dist.point(0)
            for _ in range(self.count):
                dist = dist.plus_die(self.sides, start)
            return dist
        if self.keep**3 * self.sides**2 > MAX_KEEP_WORK:
            raise RulesError("keep", f"{self} is too large a pool for exact odds "
                             f"(keep fewer dice or use smaller dice)")
        dist = _keep_highest(self.count, self.sides, self.keep)
        if self.lowest:
            # Face x ↔ sides + 1 - x turns the lowest k dice into the highest k.
            dist = dist.map(lambda s: self.keep * (self.sides + 1) - s)
        return dist if self.sign > 0 else -dist

    def roll(self, rng: random.Random) -> tuple[tuple[Die, ...], int]:
        """The dice in rolling order with kept/dropped states, and the term's signed value."""
        faces = [rng.randint(1, self.sides) for _ in range(self.count)]
        if self.keeps_all:
            kept = set(range(self.count))
        else:
            # Stable order: among equal faces the earlier die is kept.
            order = sorted(range(self.count), key=lambda i: faces[i] if self.lowest else -faces[i])
            kept = set(order[: self.keep])
        dice = tuple(Die(self.sides, f, "kept" if i in kept else "dropped") for i, f in enumerate(faces))
        return dice, self.sign * sum(faces[i] for i in kept)


def _keep_highest(count: int, sides: int, keep: int) -> Dist:
    """Sum of the highest ``keep`` of ``count`` d``sides``.

    Walk the faces from the highest down, choosing how many dice show each face (binomial
    weights). Once ``keep`` dice are placed the kept sum is final and the remaining dice can
    show any lower face: that state is closed at once with weight (v - 1)^remaining.
    """
    done: dict[int, int] = {}
    states: dict[tuple[int, int], int] = {(0, 0): 1}  # (dice placed, kept sum) -> weight
    for v in range(sides, 0, -1):
        nxt: dict[tuple[int, int], int] = {}
        for (placed, total), w in states.items():
            remaining, need = count - placed, keep - placed
            # Fewer than `need` dice on v: the state stays open (faces below v still to place).
            # (v = 1 is the last face: every remaining die must show it, so nothing stays open.)
            lower_ways = 0  # ways for the remaining dice, all ≤ v, with fewer than `need` on v
            for c in range(min(need, remaining + 1)):
                ways = comb(remaining, c) * (v - 1) ** (remaining - c)
                lower_ways += ways
                if v > 1:
                    key = (placed + c, total + c * v)
                    nxt[key] = nxt.get(key, 0) + w * comb(remaining, c)
            # `need` or more dice on v: the kept sum is final; the rest show anything ≤ v.
            closing = v**remaining - lower_ways
            if closing:
                final = total + need * v
                done[final] = done.get(final, 0) + w * closing
        states = nxt
    return Dist(done)


@dataclass(frozen=True)
class DiceExpression:
    """A parsed damage/effect expression. ``multiplier`` 2 doubles the result (pf2 critical)."""

    terms: tuple[DiceTerm, ...] = ()
    constant: int = 0
    multiplier: int = 1

    def __post_init__(self) -> None:
        if len(self.terms) > MAX_TERMS:
            raise RulesError("terms", f"at most {MAX_TERMS} dice terms, got {len(self.terms)}")
        _bounded("constant", self.constant, -MAX_CONSTANT, MAX_CONSTANT, "for the constant")
        _bounded("multiplier", self.multiplier, 1, 100, "for the multiplier")

    def __str__(self) -> str:
        text = self.notation
        return text if self.multiplier == 1 else f"{self.multiplier}×({text})"

    @property
    def notation(self) -> str:
        """Canonical text without the multiplier: constants summed and written last."""
        parts = [("-" if t.sign < 0 else "+") + str(t) for t in self.terms]
        if self.constant or not parts:
            parts.append(f"{self.constant:+d}")
        text = "".join(parts)
        return text[1:] if text.startswith("+") else text

    def doubled(self) -> "DiceExpression":
        """Double damage (pf2 critical Strike): one roll, its total multiplied by 2."""
        return DiceExpression(self.terms, self.constant, self.multiplier * 2)

    @cached_property
    def _dist(self) -> Dist:
        dist = Dist.point(self.constant)
        for term in self.terms:
            if term.keeps_all:  # linear-time fast path for plain dice
                start = 1 if term.sign > 0 else -term.sides
                for _ in range(term.count):
                    dist = dist.plus_die(term.sides, start)
            else:
                dist = dist + term.distribution()
        return dist.scaled(self.multiplier) if self.multiplier != 1 else dist

    def distribution(self) -> Dist:
        return self._dist

    def probabilities(self) -> dict[int, Fraction]:
        """Total → exact probability, increasing totals; sums to exactly 1."""
        return self._dist.probabilities()

    @property
    def mean(self) -> Fraction:
        return self._dist.mean

    @property
    def minimum(self) -> int:
        return self.multiplier * (self.constant + sum(t.minimum for t in self.terms))

    @property
    def maximum(self) -> int:
        return self.multiplier * (self.constant + sum(t.maximum for t in self.terms))

    def roll(self, rng: random.Random) -> "NotationRoll":
        rolled = tuple(term.roll(rng) for term in self.terms)
        subtotal = self.constant + sum(value for _, value in rolled)
        return NotationRoll(self, tuple(d for d, _ in rolled), tuple(v for _, v in rolled),
                            subtotal * self.multiplier)

    def describe(self) -> dict:
        return {"notation": self.notation, "multiplier": self.multiplier}


def expression_from_dict(d: dict) -> DiceExpression:
    """Rebuild what ``DiceExpression.describe`` wrote."""
    if not isinstance(d, dict) or "notation" not in d:
        raise RulesError("notation", "a dice expression needs its 'notation' text")
    expr = parse(d["notation"])
    return DiceExpression(expr.terms, expr.constant, d.get("multiplier", 1))


@dataclass(frozen=True)
class NotationRoll:
    """One roll of an expression: each term's dice (kept/dropped) and signed value, the total."""

    expression: DiceExpression
    term_dice: tuple[tuple[Die, ...], ...]
    term_values: tuple[int, ...]
    total: int

    @property
    def dice(self) -> tuple[Die, ...]:
        return tuple(d for dice in self.term_dice for d in dice)

    def text(self) -> str:
        """``4d6kh3 [6, 5, 3, (1)] + 3 = 17``: dropped dice in parentheses."""
        parts = []
        for term, dice in zip(self.expression.terms, self.term_dice):
            faces = ", ".join(str(d.face) if d.state == "kept" else f"({d.face})" for d in dice)
            parts.append(f"{'-' if term.sign < 0 else '+'} {term} [{faces}]")
        if self.expression.constant or not parts:
            c = self.expression.constant
            parts.append(f"{'-' if c < 0 else '+'} {abs(c)}")
        body = " ".join(parts)
        body = body[2:] if body.startswith("+ ") else body
        if self.expression.multiplier != 1:
            body = f"{self.expression.multiplier}×({body})"
        return f"{body} = {self.total}"

    def to_dict(self) -> dict:
        return {
            "expression": str(self.expression),
            "total": self.total,
            "dice": [d.face for d in self.dice],
            "dice_detail": [{"sides": d.sides, "face": d.face, "state": d.state} for d in self.dice],
        }


def parse(text: str, field: str = "notation") -> DiceExpression:
    """Parse dice notation; a RulesError names ``field`` and the (1-based) character position."""
    if not isinstance(text, str):
        raise RulesError(field, f"dice notation must be text, got {text!r}")
    return _Parser(text, field).expression()


class _Parser:
    def __init__(self, text: str, field: str):
        self.text, self.field, self.pos = text, field, 0

    def fail(self, message: str, pos: int | None = None) -> RulesError:
        pos = self.pos if pos is None else pos
        where = f"'{self.text[pos]}'" if pos < len(self.text) else "the end"
        return RulesError(self.field, f"at position {pos + 1} ({where}) in {self.text!r}: {message}")

    def skip(self) -> None:
        while self.pos < len(self.text) and self.text[self.pos].isspace():
            self.pos += 1

    def peek(self) -> str:
        self.skip()
        return self.text[self.pos].lower() if self.pos < len(self.text) else ""

    def number(self, what: str) -> int | None:
        self.skip()
        start = self.pos
        while self.pos < len(self.text) and self.text[self.pos] in "0123456789":
            self.pos += 1
        if self.pos == start:
            return None
        if self.pos - start > 7:
            raise self.fail(f"{what} is too large", start)
        return int(self.text[start:self.pos])

    def expression(self) -> DiceExpression:
        if not self.text.strip():
            raise self.fail("empty dice notation; expected e.g. 2d6+3", 0)
        terms: list[DiceTerm] = []
        constant = 0
        sign = 1
        if self.peek() in "+-" and self.peek():
            sign = -1 if self.peek() == "-" else 1
            self.pos += 1
        while True:
            term = self.term(sign)
            if isinstance(term, DiceTerm):
                terms.append(term)
            else:
                constant += term
            op = self.peek()
            if op == "":
                break
            if op not in "+-":
                raise self.fail("expected '+', '-' or the end")
            sign = -1 if op == "-" else 1
            self.pos += 1
        try:
            return DiceExpression(tuple(terms), constant)
        except RulesError as err:
            raise RulesError(self.field, f"in {self.text!r}: {err.rule}") from None

    def term(self, sign: int) -> DiceTerm | int:
        self.skip()
        start = self.pos
        count = self.number("the number of dice")
        if self.peek() != "d":
            if count is None:
                raise self.fail("expected a number or a die such as d6")
            return sign * count
        self.pos += 1
        if self.peek() == "%":
            self.pos += 1
            sides: int | None = 100
        else:
            sides = self.number("the number of faces")
            if sides is None:
                raise self.fail("expected the number of faces after 'd'")
        keep, lowest = None, False
        if self.peek() == "k":
            self.pos += 1
            if self.peek() in ("h", "l"):
                lowest = self.peek() == "l"
                self.pos += 1
            keep_pos = self.pos
            keep = self.number("the number of dice kept")
            if keep is None:
                raise self.fail("expected how many dice to keep, e.g. kh3", keep_pos)
        try:
            return DiceTerm(1 if count is None else count, sides, keep, lowest, sign)
        except RulesError as err:
            raise self.fail(f"{err.field}: {err.rule}", start) from None


def _bounded(name: str, value: object, lo: int, hi: int, what: str) -> None:
    if isinstance(value, bool) or not isinstance(value, int):
        raise RulesError(name, f"must be a whole number, got {value!r}")
    if not lo <= value <= hi:
        raise RulesError(name, f"{value} is out of range: {lo} to {hi} {what}")
