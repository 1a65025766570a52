"""Exact distributions of anything a check does with its dice, by enumerating the dice themselves.

``enumerate_outcomes(run)`` plays ``run(rng)`` once per possible sequence of ``randint`` draws and
weighs each by its probability: the engine's own code judges every case, so an outcome that is hard
to write down in closed form (a reroll made knowing the first roll, say) still gets exact odds.
``Replay`` gives back planned faces (a first roll replayed), and refuses to invent more.
"""

from __future__ import annotations

import random
from fractions import Fraction
from typing import Callable, Iterable


class _Enumerating(random.Random):
    """Plays one path of every possible sequence of ``randint`` draws (see ``enumerate_outcomes``)."""

    def __init__(self, prefix: list[int]):
        super().__init__(0)
        self.prefix = prefix
        self.taken: list[tuple[int, int, int]] = []  # (value, low, high) of every draw

    def randint(self, a: int, b: int) -> int:  # noqa: D401 - random.Random's name
        i = len(self.taken)
        value = self.prefix[i] if i < len(self.prefix) else a
        self.taken.append((value, a, b))
        return value

    def random(self) -> float:  # anything but randint would not be enumerated
        raise RuntimeError("only randint draws can be enumerated")


def enumerate_outcomes(run: Callable[[random.Random], str], limit: int = 20_000) -> dict[str, Fraction]:
    """The exact distribution of ``run(rng)`` over every sequence of fair ``randint`` draws it makes.

    Depth first: each path is run once, its untried siblings queued; a path's weight is the product of
    1/(b − a + 1) over its draws. Raises ``RuntimeError`` past ``limit`` paths.
    """
    out: dict[str, Fraction] = {}
    stack: list[list[int]] = [[]]
    runs = 0
    while stack:
        prefix = stack.pop()
        runs += 1
        if runs > limit:
            raise RuntimeError("too many outcomes to enumerate")
        rng = _Enumerating(prefix)
        outcome = run(rng)
        weight = Fraction(1)
        for value, low, high in rng.taken:
            weight /= high - low + 1
        out[outcome] = out.get(outcome, Fraction(0)) + weight
        for i in range(len(prefix), len(rng.taken)):
            value, low, high = rng.taken[i]
            head = [v for v, _, _ in rng.taken[:i]]
            stack.extend(head + [other] for other in range(low + 1, high + 1))
    return out


class Replay(random.Random):
    """Gives back ``faces`` in order; asking for one more is an error (the plan was wrong)."""

    def __init__(self, faces: Iterable[int]):
        super().__init__(0)
        self.faces = list(faces)

    def randint(self, a: int, b: int) -> int:  # noqa: D401 - random.Random's name
        if not self.faces:
            raise RuntimeError("the roll asked for more dice than it replays")
        return self.faces.pop(0)
