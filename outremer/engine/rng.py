"""The random generator that lives inside a game state.

A state keeps one integer, ``state.rng``; every draw advances it. The generator is SplitMix64:
small, fast in pure Python, and of ample quality for dice and shuffles. Because it is a plain
integer it copies for free and serialises to JSON, so the same seed and the same actions give a
byte-identical state.
"""

from __future__ import annotations

from typing import Protocol, TypeVar

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15

T = TypeVar("T")


class HasRng(Protocol):
    rng: int


def seed_state(seed: int) -> int:
    """The generator's starting value for a game seeded with ``seed``."""
    return (seed * 0x2545F4914F6CDD1D + 0x632BE59BD9B4E019) & _MASK


def next64(holder: HasRng) -> int:
    """Advance ``holder.rng`` and return 64 random bits."""
    x = (holder.rng + _GOLDEN) & _MASK
    holder.rng = x
    z = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31)


def below(holder: HasRng, n: int) -> int:
    """A uniform integer in ``range(n)`` (n >= 1)."""
    if n <= 0:
        raise ValueError("below() needs n >= 1")
    # Rejection sampling keeps the draw exactly uniform.
    limit = _MASK - (_MASK + 1) % n
    while True:
        r = next64(holder)
        if r <= limit:
            return r % n


def d6(holder: HasRng) -> int:
    """One six-sided die."""
    return below(holder, 6) + 1


def dice(holder: HasRng, count: int) -> list[int]:
    """``count`` six-sided dice."""
    return [below(holder, 6) + 1 for _ in range(count)]


def shuffle(holder: HasRng, items: list[T]) -> None:
    """Shuffle ``items`` in place (Fisher-Yates)."""
    for i in range(len(items) - 1, 0, -1):
        j = below(holder, i + 1)
        items[i], items[j] = items[j], items[i]


def choice(holder: HasRng, items: list[T]) -> T:
    """One element of a non-empty list, uniformly."""
    return items[below(holder, len(items))]
