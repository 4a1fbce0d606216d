"""The random generator that lives inside a game state.

A state keeps its generator in ``state.rng``, a small plain-JSON value that every draw replaces,
so a state copies it for free, serialises it and replays byte-identically from the same seed and
actions. The value's type says which generator it is:

- ``[key, drawn]`` (:data:`KEYED`, every game set up today): ``key`` is 128 bits as 32 hex
  digits, ``drawn`` the number of 64-bit words drawn so far. Word ``i`` is the ``i % 8``-th
  little-endian 64-bit word of the 64-byte BLAKE2b digest, keyed with ``key``, of ``i // 8`` as 8
  little-endian bytes. Keyed BLAKE2b is a pseudorandom function: without the key, the words a
  player sees (his own hand, past dice) say nothing that helps guess any other word, and the key
  is too large to search. It is derived from the game's seed (:func:`seed_state`), any integer in
  ``[0, 2**128)``.
- an integer (:data:`LEGACY`): the state of SplitMix64, the generator of games saved in the format
  ``outremer/save/1``, kept so that they replay exactly. It is fast but not built to resist
  prediction: its seeds were few enough to search from one's own hand.

The last BLAKE2b block is remembered (one entry for the whole process, replaced at once), so
eight consecutive draws cost one hash. See docs/engine.md ("The random generator").
"""

from __future__ import annotations

import random
import struct
from hashlib import blake2b
from typing import Any, Protocol, TypeVar

from .errors import IllegalAction

KEYED = "blake2b"
LEGACY = "splitmix64"
SEED_LIMIT = 1 << 128
"""Seeds of the keyed generator are integers in ``range(SEED_LIMIT)``."""

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15
_SEED_PERSON = b"outremer seed"
_WORDS = struct.Struct("<8Q").unpack
_HEX = frozenset("0123456789abcdef")

T = TypeVar("T")

Value = int | list[Any]
"""A generator: an int (:data:`LEGACY`) or ``[key, drawn]`` (:data:`KEYED`)."""


class HasRng(Protocol):
    rng: Value


def seed_state(seed: int, generator: str = KEYED) -> Value:
    """The starting value of ``generator`` for a game seeded with ``seed``.

    The keyed generator takes seeds in ``[0, 2**128)``; its key is a hash of the seed, so small
    seeds (a person's own game, a test) give keys as good as any. Another seed, or an unknown
    generator, is a refused setup (IllegalAction)."""
    if generator == LEGACY:
        return (seed * 0x2545F4914F6CDD1D + 0x632BE59BD9B4E019) & _MASK
    if generator != KEYED:
        raise IllegalAction(f"no random generator is named {generator!r}: there are {KEYED!r} and {LEGACY!r}")
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < SEED_LIMIT:
        shown = seed if isinstance(seed, int) and seed.bit_length() <= 256 else f"this {type(seed).__name__}"
        raise IllegalAction(f"a seed is an integer from 0 to 2**128 - 1, not {shown}")
    key = blake2b(seed.to_bytes(16, "big"), digest_size=16, person=_SEED_PERSON).hexdigest()
    return [key, 0]


def check(value: Any) -> None:
    """Raise ValueError unless ``value`` is a generator: an int from 0 to 2**64 - 1 (legacy) or
    ``[key, drawn]``, 32 lower-case hex digits and a count of at least 0 (keyed)."""
    if type(value) is int and 0 <= value <= _MASK:
        return
    if type(value) is list and len(value) == 2:
        key, drawn = value
        if type(key) is str and len(key) == 32 and set(key) <= _HEX and type(drawn) is int and drawn >= 0:
            return
    raise ValueError("a random generator is an int from 0 to 2**64 - 1 or [32 hex digits, words drawn]")


def generator(value: Value) -> str:
    """Which generator a state's ``rng`` value is: :data:`LEGACY` (an int, the generator of save
    format 1) or :data:`KEYED`. The one place that reads the encoding; a title that keeps the rules
    of format-1 games asks here."""
    return LEGACY if isinstance(value, int) else KEYED


def fresh(rnd: random.Random) -> Value:
    """A new keyed generator drawn from ``rnd``: how a search bot re-keys a state it deals, from
    its own randomness and never from the real game's key."""
    return [f"{rnd.getrandbits(128):032x}", 0]


_last: tuple[str, int, tuple[int, ...]] = ("", -1, ())
"""The last block hashed: (key, block number, its eight words)."""


def _keyed(key: str, drawn: int) -> int:
    global _last
    block = drawn >> 3
    last = _last  # read once: another thread may replace it, never change it
    if last[1] != block or last[0] != key:
        digest = blake2b(block.to_bytes(8, "little"), key=bytes.fromhex(key)).digest()
        last = _last = (key, block, _WORDS(digest))
    return last[2][drawn & 7]


def next64(holder: HasRng) -> int:
    """Advance ``holder.rng`` and return 64 random bits."""
    value = holder.rng
    if isinstance(value, int):
        x = (value + _GOLDEN) & _MASK
        holder.rng = x
        z = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)
    key, drawn = value
    holder.rng = [key, drawn + 1]  # a new list: copies of the state may share the old one
    return _keyed(key, drawn)


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
