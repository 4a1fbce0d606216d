"""Learning environments: every title as a PettingZoo AEC environment with action masks (docs/rl.md).

>>> from outremer import rl
>>> env = rl.env("crusader-rex")
>>> env.reset(seed=7)

Needs the ``rl`` extra (PettingZoo, Gymnasium, NumPy): ``pip install 'outremer[rl]'``.
"""

from .actions import ActionNumbers
from .env import GameEnv, env, reward

__all__ = ["ActionNumbers", "GameEnv", "env", "reward"]
