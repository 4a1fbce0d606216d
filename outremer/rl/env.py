"""Any title as a PettingZoo AEC environment, through the game contract only (docs/rl.md).

The agents are the title's roles. Each has ``Discrete(n)``, n the size of the title's action space
(:meth:`Game.action_space`), and observes ``{"observation": Box(0, 1, (m,), float32), "action_mask":
Box(0, 1, (n,), int8)}``: its numeric view (:meth:`Game.observe`) and the actions legal for it now
(all 0 unless it is the agent to act). Roles that decide at the same time (a face-down card, a
team's step) are asked one after another in the order of the roles, as ``bots.match`` plays them.
"""

from __future__ import annotations

import json
import random
from collections.abc import Mapping
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from ..engine.errors import IllegalAction, OutremerError
from ..engine.game import Action, Game, Outcome, Role
from ..engine.registry import get_game
from .actions import ActionNumbers

Observation = dict[str, np.ndarray]


def reward(outcome: Outcome, role: Role, seats: int) -> float:
    """+1 for a winner, -1 for a loser, 0 for everyone in a draw (no winners among several roles).

    A one-role title has no draw: a game it does not win is lost.
    """
    if role in outcome.winners:
        return 1.0
    if not outcome.winners and seats > 1:
        return 0.0
    return -1.0


class GameEnv(AECEnv[str, Observation, int]):
    """One title, set up with one scenario and options, as a PettingZoo AEC environment.

    ``reset(seed=k)`` sets a game up with seed ``k``; each later ``reset()`` without a seed takes the
    next seed (k+1, k+2, ...), so a run of episodes replays from its first seed (a random one if none
    is ever given). ``max_steps`` truncates an episode after that many actions (None: never).
    """

    def __init__(
        self,
        game: Game[Any],
        scenario: str | None = None,
        options: Mapping[str, Any] | None = None,
        *,
        max_steps: int | None = None,
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode is None or 'ansi', not {render_mode!r}")
        if max_steps is not None and max_steps < 1:
            raise ValueError(f"max_steps must be at least 1, not {max_steps}")
        if not game.provides("learning"):
            raise OutremerError(f"{game.slug} has no action space and observation for learning environments")
        self.game = game
        self.scenario, self.setup_options = game.check_setup(scenario, options)
        self.metadata = {"render_modes": ["ansi"], "name": f"outremer_{game.slug.replace('-', '_')}_v0"}
        self.render_mode = render_mode
        self.max_steps = max_steps
        self.possible_agents = list(game.roles_for(self.scenario, self.setup_options))
        self.numbers = ActionNumbers(game.slug, game.action_space(self.scenario, self.setup_options))
        probe = game.setup(0, self.scenario, self.setup_options)
        self.observation_size = len(game.observe(probe, self.possible_agents[0]))
        n = len(self.numbers)
        self.observation_spaces = {
            agent: spaces.Dict(
                {
                    "observation": spaces.Box(0.0, 1.0, (self.observation_size,), np.float32),
                    "action_mask": spaces.Box(0, 1, (n,), np.int8),
                }
            )
            for agent in self.possible_agents
        }
        self.action_spaces = {agent: spaces.Discrete(n) for agent in self.possible_agents}
        self.game_seed: int | None = None
        self._next_seed: int | None = None
        self.game_state: Any = None
        self.steps = 0
        self._queue: list[Role] = []
        self._legal: list[Action] | None = None

    # -- spaces -----------------------------------------------------------------------------------
    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def action_number(self, action: Any) -> int:
        """The number of a game action, e.g. one chosen by a platform bot."""
        return self.numbers.number(tuple(action))

    def action_of(self, number: Any) -> Action:
        """The game action numbered ``number``."""
        return self.numbers.action(number)

    # -- an episode -------------------------------------------------------------------------------
    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new game seeded ``seed`` (see the class). ``options`` is accepted for the API and
        ignored: the setup options are given to the constructor."""
        if seed is not None:
            self._next_seed = seed
        elif self._next_seed is None:
            self._next_seed = random.randrange(2**31)
        self.game_seed = self._next_seed
        self._next_seed += 1
        self.game_state = self.game.setup(self.game_seed, self.scenario, self.setup_options)
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self.steps = 0
        self._queue = []
        self._legal = None  # the legal actions of the game before the reset are stale
        self.agent_selection = self._next_agent()

    def step(self, action: Any) -> None:
        """The selected agent takes the action numbered ``action``. An action that is not legal for
        it now raises IllegalAction and changes nothing; an agent whose episode is over steps None."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise IllegalAction(f"{agent} must act: None is only for an agent whose game is over")
        chosen = self.numbers.action(action)
        legal = self._legal_now()
        if chosen not in legal:
            why = self.game.explain_illegal(self.game_state, agent, chosen, legal)
            raise IllegalAction(f"action {int(action)} {chosen!r}: {why}")
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        self.game.perform(self.game_state, agent, chosen)
        self.steps += 1
        self._legal = None
        outcome = self.game.outcome(self.game_state)
        if outcome is not None:
            for role in self.agents:
                self.rewards[role] = reward(outcome, role, len(self.possible_agents))
                self.terminations[role] = True
                self.infos[role] = {"outcome": outcome.to_json()}
        elif self.max_steps is not None and self.steps >= self.max_steps:
            self.truncations = dict.fromkeys(self.agents, True)
        else:
            self.agent_selection = self._next_agent()
        self._accumulate_rewards()

    def _next_agent(self) -> Role:
        """The next role to ask: the rest of those active together, else the active roles anew."""
        active = self.game.active_roles(self.game_state)
        self._queue = [r for r in self._queue if r in active]
        if not self._queue:
            self._queue = [r for r in self.possible_agents if r in active]
        if not self._queue:
            raise OutremerError(f"{self.game.slug}: no outcome and nobody may act after {self.steps} actions")
        return self._queue.pop(0)

    def _legal_now(self) -> list[Action]:
        """The selected agent's legal actions (kept until the next step)."""
        if self._legal is None:
            self._legal = self.game.legal_actions(self.game_state, self.agent_selection)
        return self._legal

    # -- what an agent sees -----------------------------------------------------------------------
    def observe(self, agent: str) -> Observation:
        numbers = np.asarray(self.game.observe(self.game_state, agent), dtype=np.float32)
        if numbers.shape != (self.observation_size,):
            raise OutremerError(
                f"{self.game.slug}: observe gave {numbers.size} numbers, not {self.observation_size}"
            )
        over = self.terminations.get(agent, True) or self.truncations.get(agent, True)
        acting = agent == self.agent_selection and not over
        mask = self.numbers.mask(self._legal_now() if acting else ())
        return {"observation": numbers, "action_mask": mask}

    def render(self) -> str | None:
        """The observer's view in words (``render_mode="ansi"``): the title's own text if it has one."""
        if self.render_mode is None or self.game_state is None:
            return None
        view = self.game.view(self.game_state, None)
        text = self.game.render_text(view)
        return json.dumps(view, indent=1, ensure_ascii=False) if text is None else text

    def close(self) -> None:
        """Nothing to release."""


def env(
    game: str | Game[Any],
    scenario: str | None = None,
    options: Mapping[str, Any] | None = None,
    *,
    max_steps: int | None = None,
    render_mode: str | None = None,
) -> GameEnv:
    """The title ``game`` (a slug such as ``"crusader-rex"``, or a Game) as an AEC environment."""
    title = get_game(game) if isinstance(game, str) else game
    return GameEnv(title, scenario, options, max_steps=max_steps, render_mode=render_mode)
