"""An exact distribution over whole numbers: integer weights over a common denominator.

Weights stay integers while dice are combined (convolution is then plain integer arithmetic, much
faster than summing Fractions); probabilities come out as exact ``Fraction``s at the end.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Callable, Iterable, Mapping


@dataclass(frozen=True, eq=False)
class Dist:
    """``weights[i]`` is the weight of outcome ``i``; the probability is weight / total weight.

    Immutable; build with ``uniform``, ``point`` or ``from_weights`` and combine with ``+``/``-``.
    """

    weights: Mapping[int, int]

    def __post_init__(self) -> None:
        clean = {int(k): int(w) for k, w in self.weights.items() if w}
        if not clean or any(w < 0 for w in clean.values()):
            raise ValueError("a distribution needs positive weights")
        object.__setattr__(self, "weights", dict(sorted(clean.items())))

    # -- construction ---------------------------------------------------------------------------
    @classmethod
    def uniform(cls, sides: int, start: int = 1) -> "Dist":
        """One fair die: faces ``start`` … ``start + sides - 1``."""
        return cls({start + i: 1 for i in range(sides)})

    @classmethod
    def point(cls, value: int) -> "Dist":
        return cls({value: 1})

    @classmethod
    def from_weights(cls, weights: Mapping[int, int] | Iterable[tuple[int, int]]) -> "Dist":
        items = weights.items() if isinstance(weights, Mapping) else weights
        acc: dict[int, int] = {}
        for k, w in items:
            acc[k] = acc.get(k, 0) + w
        return cls(acc)

    # -- reading --------------------------------------------------------------------------------
    @property
    def denominator(self) -> int:
        return sum(self.weights.values())

    @property
    def min(self) -> int:
        return next(iter(self.weights))

    @property
    def max(self) -> int:
        return next(reversed(self.weights))

    @property
    def mean(self) -> Fraction:
        return Fraction(sum(k * w for k, w in self.weights.items()), self.denominator)

    def probabilities(self) -> dict[int, Fraction]:
        """Outcome → exact probability, in increasing outcome order; sums to exactly 1."""
        den = self.denominator
        return {k: Fraction(w, den) for k, w in self.weights.items()}

    def __getitem__(self, outcome: int) -> Fraction:
        return Fraction(self.weights.get(outcome, 0), self.denominator)

    def at_least(self, value: int) -> Fraction:
        return Fraction(sum(w for k, w in self.weights.items() if k >= value), self.denominator)

    def at_most(self, value: int) -> Fraction:
        return Fraction(sum(w for k, w in self.weights.items() if k <= value), self.denominator)

    def __eq__(self, other: object) -> bool:
        """Equal as probability distributions (weights may differ by a common factor)."""
        if not isinstance(other, Dist):
            return NotImplemented
        return self.probabilities() == other.probabilities()

    def __hash__(self) -> int:
        return hash(tuple(self.probabilities().items()))

    def __repr__(self) -> str:
        return f"Dist({self.probabilities()})"

    # -- combining ------------------------------------------------------------------------------
    def map(self, f: Callable[[int], int]) -> "Dist":
        return Dist.from_weights((f(k), w) for k, w in self.weights.items())

    def __add__(self, other: "Dist | int") -> "Dist":
        if isinstance(other, int):
            return Dist({k + other: w for k, w in self.weights.items()})
        if not isinstance(other, Dist):
            return NotImplemented
        if len(other.weights) > len(self.weights):
            return other + self
        acc: dict[int, int] = {}
        # Loop over the smaller support outside: fewer dictionary rebuilds.
        for b, wb in other.weights.items():
            for a, wa in self.weights.items():
                acc[a + b] = acc.get(a + b, 0) + wa * wb
        return Dist(acc)

    __radd__ = __add__

    def __neg__(self) -> "Dist":
        return self.map(lambda k: -k)

    def __sub__(self, other: "Dist | int") -> "Dist":
        return self + (-other)

    def plus_die(self, sides: int, start: int = 1) -> "Dist":
        """Add one fair die ``start`` … ``start + sides - 1``. A sliding window over prefix sums: linear in the support,
        where a general convolution would multiply it by ``sides``."""
        lo = self.min
        dense = [self.weights.get(lo + i, 0) for i in range(self.max - lo + 1)]
        prefix = [0]
        for w in dense:
            prefix.append(prefix[-1] + w)
        n = len(dense)
        # new[j] (outcome lo + start + j) = sum of dense[j - sides + 1 .. j]
        out = {
            lo + start + j: prefix[min(j, n - 1) + 1] - prefix[max(0, j - sides + 1)]
            for j in range(n + sides - 1)
        }
        return Dist(out)

    def times(self, count: int) -> "Dist":
        """The sum of ``count`` independent copies (``count`` ≥ 0), by repeated doubling."""
        result, power = Dist.point(0), self
        while count:
            if count & 1:
                result = result + power
            count >>= 1
            if count:
                power = power + power
        return result

    def scaled(self, factor: int) -> "Dist":
        """Every outcome multiplied by ``factor`` (one roll doubled, not two rolls added)."""
        return self.map(lambda k: k * factor)
