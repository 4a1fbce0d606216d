"""The PettingZoo environments of every title (outremer.rl): PettingZoo's own API and seed tests,
every legal action numbered, observations that hide what the view hides, clear errors, rewards,
seeds, truncation, and the example script."""

from __future__ import annotations

import importlib.util
import json
import random
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test

from outremer import rl
from outremer.engine import Game, IllegalAction, Outcome, OutremerError, UnknownGame, get_game, titles
from outremer.games.crusader_rex.common import BLOCKS, TOWNS
from outremer.games.first_crusade.common import COUNTERS, SPACES
from outremer.rl import __main__ as rl_main

from ..crusader_rex import test_hidden as cr_hidden
from ..engine.toy import ToyGame
from ..first_crusade import test_hidden as fc_hidden


def setups(every_option: bool = False) -> list[Any]:
    """The toy title and every installed title with its default options, and once more with each
    option that changes the roles (a team game); with ``every_option``, each once with every option
    turned from its default (the most kinds of action)."""
    out = []
    for game in [ToyGame(), *(get_game(slug) for slug in sorted(titles()))]:
        if every_option:
            flipped = {o.name: not o.default for o in game.options}
            out.append(pytest.param(game, flipped, id=f"{game.slug}-every-option"))
            continue
        out.append(pytest.param(game, None, id=game.slug))
        for option in game.options:
            chosen = {option.name: not option.default}
            if game.roles_for(*game.check_setup(None, chosen)) != game.roles:
                out.append(pytest.param(game, chosen, id=f"{game.slug}-{option.name}"))
    return out


SETUPS = setups()
EXPECTED_WARNINGS = (
    "Observation is not a NumPy array",  # a dict with the mask, as PettingZoo's classic games
    "Observation space for each agent probably should be",  # the same
    "We recommend agents to be named",  # the agents are the roles: "Franks", "Saracens"
    "Action mask numpy array is all zeros",  # a finished game's last observation: nothing is legal
)


def random_steps(env: rl.GameEnv, seed: int, steps: int) -> Iterator[tuple[str, dict[str, np.ndarray]]]:
    """Play up to ``steps`` random legal actions from ``reset(seed)``, yielding each agent to act
    with its observation first."""
    env.reset(seed=seed)
    chooser = np.random.default_rng(seed)
    for agent in env.agent_iter(steps):
        obs, _, terminated, truncated, _ = env.last()
        if terminated or truncated:
            env.step(None)
            continue
        yield agent, obs
        env.step(int(chooser.choice(np.flatnonzero(obs["action_mask"]))))


# -- PettingZoo's tests ---------------------------------------------------------------------------
@pytest.mark.parametrize(("game", "options"), SETUPS)
def test_pettingzoo_api(game: Game[Any], options: dict[str, bool] | None) -> None:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        api_test(rl.env(game, options=options), num_cycles=80)
    unexpected = [str(w.message) for w in caught if not str(w.message).startswith(EXPECTED_WARNINGS)]
    assert not unexpected


@pytest.mark.parametrize(("game", "options"), SETUPS)
def test_pettingzoo_seed(game: Game[Any], options: dict[str, bool] | None) -> None:
    seed_test(lambda: rl.env(game, options=options), num_cycles=80)


# -- the action space -----------------------------------------------------------------------------
@pytest.mark.parametrize(("game", "options"), [*SETUPS, *setups(every_option=True)])
def test_every_legal_action_has_a_number(game: Game[Any], options: dict[str, bool] | None) -> None:
    env = rl.env(game, options=options)
    assert len(set(env.numbers.actions)) == len(env.numbers) == env.action_space(env.possible_agents[0]).n
    for seed in (1, 2):
        for agent, obs in random_steps(env, seed, 1500):
            legal = game.legal_actions(env.game_state, agent)
            numbered = [env.action_of(i) for i in np.flatnonzero(obs["action_mask"])]
            assert sorted(numbered, key=repr) == sorted(set(legal), key=repr)
            assert all(env.action_of(env.action_number(a)) == a for a in legal)


def test_a_legal_action_missing_from_the_space_is_named() -> None:
    class Short(ToyGame):
        def action_space(self, scenario: Any = None, options: Any = None) -> list[Any]:
            return [("bid", 1), ("bid", 2)]

    env = rl.env(Short())
    env.reset(seed=1)
    with pytest.raises(OutremerError, match=r"\('bid', 3\) is missing"):
        env.last()


# -- observations ---------------------------------------------------------------------------------
@pytest.mark.parametrize(("game", "options"), SETUPS)
def test_observations_are_numbers_in_the_unit_interval(
    game: Game[Any], options: dict[str, bool] | None
) -> None:
    env = rl.env(game, options=options)
    space = env.observation_space(env.possible_agents[0])["observation"]
    for _, obs in random_steps(env, 3, 400):
        for agent in env.agents:
            numbers = env.observe(agent)["observation"]
            assert numbers.dtype == np.float32 and space.contains(numbers)
        assert obs["action_mask"].dtype == np.int8


@pytest.mark.parametrize(("game", "options"), SETUPS)
def test_observation_is_the_same_for_a_sample_of_the_hidden(
    game: Game[Any], options: dict[str, bool] | None
) -> None:
    """A sample (Game.sample) deals anew all that a role cannot see: its observation is unchanged."""
    env = rl.env(game, options=options)
    rng = random.Random(5)
    seen = 0
    for step, _ in enumerate(random_steps(env, 4, 600)):
        if step % 37:
            continue
        for role in env.agents:
            other = game.sample(env.game_state, role, rng)
            assert game.observe(other, role) == game.observe(env.game_state, role)
            seen += 1
    assert seen


@pytest.mark.parametrize("seed", range(12))
def test_crusader_rex_observation_ignores_hidden_blocks_and_cards(seed: int) -> None:
    game = get_game("crusader-rex")
    state = cr_hidden.play_to(seed, 70 * seed)
    for viewer in ("Franks", "Saracens"):
        other = cr_hidden.perturb(state, viewer, random.Random(seed))
        assert game.observe(other, viewer) == game.observe(state, viewer)


def test_crusader_rex_observation_shows_own_blocks() -> None:
    game = get_game("crusader-rex")
    state = cr_hidden.play_to(3, 200)
    block = next(b for b, where in state.loc.items() if BLOCKS[b].side == "Franks" and where in TOWNS)
    moved = game.copy(state)
    moved.loc[block] = next(t for t in TOWNS if t != state.loc[block] and not TOWNS[t].no_entry)
    assert game.observe(moved, "Franks") != game.observe(state, "Franks")


def position(env: rl.GameEnv, seed: int, steps: int) -> Any:
    """The state after up to ``steps`` random actions from ``reset(seed)``."""
    for _ in random_steps(env, seed, steps):
        pass
    return env.game_state


@pytest.mark.parametrize("seed", range(12))
def test_first_crusade_observation_ignores_face_down_counters(seed: int) -> None:
    env = rl.env("first-crusade", options={"teams": seed % 2 == 1, "siege": seed % 3 == 0})
    state = position(env, seed, 25 * seed)
    other = fc_hidden.perturb(state, random.Random(seed))
    for role in env.possible_agents:
        assert env.game.observe(other, role) == env.game.observe(state, role)


def test_first_crusade_observation_shows_the_christians() -> None:
    game = get_game("first-crusade")
    state = position(rl.env(game), 2, 60)
    unit = next(u for u, where in state.loc.items() if COUNTERS[u].side == "christian" and where in SPACES)
    moved = game.copy(state)
    moved.loc[unit] = next(s for s in SPACES if s != state.loc[unit])
    assert game.observe(moved, "Christians") != game.observe(state, "Christians")


def test_simultaneous_roles_are_asked_in_turn_and_see_no_face_down_choice() -> None:
    """Both toy roles bid at once, face down: Red is asked first, then Blue, who cannot tell Red's bid."""
    seen = []
    for bid in (0, 2):  # the numbers of ("bid", 1) and ("bid", 3)
        env = rl.env(ToyGame())
        env.reset(seed=8)
        assert env.agent_selection == "Red"
        assert not env.observe("Blue")["action_mask"].any()
        env.step(bid)
        assert env.agent_selection == "Blue"
        seen.append(env.observe("Blue"))
    assert all((seen[0][key] == seen[1][key]).all() for key in seen[0])


# -- errors -----------------------------------------------------------------------------------------
@pytest.mark.parametrize("action", [3, 8, -1, 10**6, None, 1.0, "0"])
def test_an_illegal_action_raises_and_changes_nothing(action: Any) -> None:
    env = rl.env(ToyGame())
    env.reset(seed=2)  # both roles bid: only 0, 1, 2 (("bid", 1..3)) are legal
    before = json.dumps(env.game.to_json(env.game_state), sort_keys=True)
    with pytest.raises(IllegalAction):
        env.step(action)
    assert json.dumps(env.game.to_json(env.game_state), sort_keys=True) == before
    assert env.agent_selection == "Red" and env.steps == 0


def test_illegal_action_message_names_the_action() -> None:
    env = rl.env(ToyGame())
    env.reset(seed=2)
    with pytest.raises(IllegalAction, match=r"action 3 \('step', 1\): .* Red may: bid"):
        env.step(3)


def test_bad_setups_are_refused() -> None:
    with pytest.raises(UnknownGame):
        rl.env("no-such-game")
    with pytest.raises(IllegalAction, match="unknown option"):
        rl.env("crusader-rex", options={"teams": True})
    with pytest.raises(ValueError, match="render_mode"):
        rl.env(ToyGame(), render_mode="human")
    with pytest.raises(ValueError, match="max_steps"):
        rl.env(ToyGame(), max_steps=0)


# -- rewards, seeds, the end ----------------------------------------------------------------------
def test_reward_of_an_outcome() -> None:
    won = Outcome(("Red",), "Red scores more")
    assert [rl.reward(won, r, 2) for r in ("Red", "Blue")] == [1.0, -1.0]
    drawn = Outcome((), "equal scores")
    assert [rl.reward(drawn, r, 2) for r in ("Red", "Blue")] == [0.0, 0.0]
    assert rl.reward(drawn, "Christians", 1) == -1.0  # a solitaire game not won is lost


@pytest.mark.parametrize("seed", range(6))
def test_a_finished_game_rewards_its_outcome_and_ends_for_everyone(seed: int) -> None:
    env = rl.env(ToyGame())
    totals = dict.fromkeys(env.possible_agents, 0.0)
    env.reset(seed=seed)
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, info = env.last()
        totals[agent] += reward
        if terminated:
            assert info["outcome"] == env.game.outcome(env.game_state).to_json()
            env.step(None)
        else:
            env.step(int(np.flatnonzero(obs["action_mask"])[-1]))
    outcome = env.game.outcome(env.game_state)
    assert outcome is not None and not env.agents
    assert totals == {r: rl.reward(outcome, r, 2) for r in env.possible_agents}


def test_episodes_take_the_next_seeds() -> None:
    env = rl.env(ToyGame())
    env.reset(seed=5)
    first = env.observe("Red")["observation"]
    env.reset()
    assert env.game_seed == 6
    env.reset(seed=5)
    assert env.game_seed == 5 and (env.observe("Red")["observation"] == first).all()
    fresh = rl.env(ToyGame())
    fresh.reset()
    assert isinstance(fresh.game_seed, int)


def test_a_reset_forgets_the_legal_actions_of_the_game_before() -> None:
    # A new episode's mask and its checks of actions are those of the new game: Four Powers deals
    # each seat different draft cards in games of different seeds.
    env = rl.env("four-powers")
    env.reset(seed=1)
    agent = env.agent_selection
    before = env.observe(agent)["action_mask"].copy()
    env.reset(seed=2)
    legal = env.game.legal_actions(env.game_state, env.agent_selection)
    mask = env.observe(env.agent_selection)["action_mask"]
    assert (mask != before).any()
    assert sorted(int(i) for i in mask.nonzero()[0]) == sorted(env.action_number(a) for a in legal)
    env.step(env.action_number(legal[0]))  # the new game's action is taken, not refused


def test_max_steps_truncates() -> None:
    env = rl.env("crusader-rex", max_steps=3)
    env.reset(seed=1)
    played = 0
    for _agent in env.agent_iter():
        obs, reward, terminated, truncated, _ = env.last()
        if truncated:
            assert reward == 0.0 and not terminated
            env.step(None)
            continue
        env.step(int(np.flatnonzero(obs["action_mask"])[0]))
        played += 1
    assert played == 3 and not env.agents


def test_render_shows_the_observers_view() -> None:
    env = rl.env("crusader-rex", render_mode="ansi")
    env.reset(seed=1)
    text = env.render()
    assert isinstance(text, str) and "Acre" in text
    assert rl.env(ToyGame(), render_mode="ansi").render() is None  # nothing before a reset


def test_the_spaces_of_every_title_are_listed(capsys: pytest.CaptureFixture[str]) -> None:
    rl_main.main()
    lines = capsys.readouterr().out.splitlines()
    for slug in titles():
        env = rl.env(slug)
        assert any(
            line.split()[0] == slug
            and line.split()[-2:] == [str(len(env.numbers)), str(env.observation_size)]
            for line in lines
        )


# -- the example ------------------------------------------------------------------------------------
def example() -> Any:
    path = Path(__file__).resolve().parents[2] / "examples" / "train_random.py"
    spec = importlib.util.spec_from_file_location("train_random", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize(
    "args",
    [["--episodes", "40", "--games", "10"], ["--game", "crusader-rex", "--episodes", "1", "--games", "1"]],
)
def test_the_example_trains_and_reports_win_rates(args: list[str]) -> None:
    lines: list[str] = []
    out = example().main(args, say=lines.append)
    assert lines[0].startswith("before training") and any(line.startswith("after training") for line in lines)
    games = int(args[-1])
    assert all(len(rewards) == games for rewards in out["after"].values())


@pytest.mark.parametrize("args", [["--option", "teams"], ["--games", "0"]])
def test_the_example_refuses_bad_arguments(args: list[str]) -> None:
    with pytest.raises(SystemExit):
        example().main(args, say=lambda line: None)
