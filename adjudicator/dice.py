"""Dice: one seeded generator per game session, every roll logged.

A session either draws from a seeded RNG or replays rolls given explicitly
(from a real game), never both silently: when the given rolls run out the
session says so instead of inventing more.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import dataclass, field


class RollsExhausted(RuntimeError):
    """More rolls were needed than were given for a replay."""


class ImpossibleRoll(ValueError):
    """A given roll the dice cannot show (e.g. 9 on one six-sided die)."""


@dataclass(frozen=True)
class Roll:
    purpose: str
    dice: tuple[int, ...]

    @property
    def total(self) -> int:
        return sum(self.dice)


@dataclass
class Dice:
    """Rolls ``count`` dice of ``sides`` faces for a stated purpose.

    ``seed`` makes a session reproducible; ``rolls`` replays given totals
    (one per call, each checked against what the dice can show).
    """

    sides: int = 6
    count: int = 2
    seed: int | None = None
    rolls: Iterable[int] | None = None
    log: list[Roll] = field(default_factory=list)

    def __post_init__(self) -> None:
        self._rng = random.Random(self.seed)
        self._given = list(self.rolls) if self.rolls is not None else None

    @property
    def lowest(self) -> int:
        return self.count

    @property
    def highest(self) -> int:
        return self.count * self.sides

    def roll(self, purpose: str, count: int | None = None) -> Roll:
        n = self.count if count is None else count
        if self._given is not None:
            if not self._given:
                raise RollsExhausted(f"no given roll left for: {purpose}")
            total = self._given.pop(0)
            if not n <= total <= n * self.sides:
                raise ImpossibleRoll(
                    f"given roll {total} for {purpose!r} is impossible on {n}d{self.sides}"
                )
            result = Roll(purpose, (total,))
        else:
            result = Roll(purpose, tuple(self._rng.randint(1, self.sides) for _ in range(n)))
        self.log.append(result)
        return result

    def remaining_given(self) -> int | None:
        return None if self._given is None else len(self._given)
