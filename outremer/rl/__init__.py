"""Learning environments: every title as a PettingZoo AEC environment with action masks (docs/rl.md).

>>> from outremer import rl
>>> env = rl.env("crusader-rex")
>>> env.reset(seed=7)

Needs the ``rl`` extra (PettingZoo, Gymnasium, NumPy): ``pip install 'outremer[rl]'``. Without it
the package still imports (so ``python -m outremer.rl`` can say so in one line), and using any of
its names raises :class:`ModuleNotFoundError` with that line.
"""

from __future__ import annotations

from typing import Any

EXTRA = frozenset({"numpy", "gymnasium", "pettingzoo"})
"""The packages of the ``rl`` extra, by the names they import under."""

NEEDS_EXTRA = "outremer.rl needs the rl extra (PettingZoo, Gymnasium, NumPy): pip install 'outremer[rl]'"

try:
    from .actions import ActionNumbers
    from .env import GameEnv, env, reward
except ModuleNotFoundError as exc:
    if exc.name not in EXTRA:
        raise
    missing: str | None = exc.name
else:
    missing = None

__all__ = ["ActionNumbers", "GameEnv", "env", "reward"]


def __getattr__(name: str) -> Any:
    """Only reached for names not bound: those of the environment when the extra is missing."""
    if name in __all__ and missing is not None:
        raise ModuleNotFoundError(NEEDS_EXTRA, name=missing)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
