"""The contract's optional capabilities (issue 14): each has a default on Game, callers use the
default rather than probe for methods, and ``Game.provides`` says which ones a title has. A title
that writes only the abstract methods (bare.py) plays through the bots, the command line and the
learning environment on the defaults."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner

from outremer.bots.registry import UnknownBot, bot_names, default_bot, make_bot
from outremer.cli.main import cli
from outremer.engine import OutremerError, get_game, load_record, registry, replay
from outremer.engine.game import Game

from .bare import BareGame
from .toy import ToyGame

EVERY = {"bots", "text", "prompt", "web", "sampler", "evaluation", "learning", "positions", "points"}


@pytest.fixture
def bare() -> Iterator[BareGame]:
    """The bare title, installed in the registry as ``bare``."""
    registry.register("bare", BareGame)
    yield BareGame()
    registry.unregister("bare")


def test_a_bare_title_has_no_optional_capability(bare: BareGame) -> None:
    assert bare.capabilities() == frozenset()
    assert not any(bare.provides(c) for c in EVERY)


def test_the_titles_provide_what_they_write() -> None:
    for slug in ("crusader-rex", "first-crusade"):
        assert get_game(slug).capabilities() == EVERY, slug
    # The toy title has its own bot, a sampler and the learning encoding, and none of the others.
    assert ToyGame().capabilities() == {"bots", "sampler", "learning", "prompt"}


def test_learning_needs_both_of_its_methods() -> None:
    class HalfLearning(BareGame):
        def observe(self, state: object, role: str) -> list[float]:  # type: ignore[override]
            return [0.0]

    assert not HalfLearning().provides("learning")


def test_the_defaults(bare: BareGame) -> None:
    state = bare.setup(1)
    assert bare.bots() == {}
    assert bare.render_text(bare.view(state, "First")) is None
    assert bare.web_dir() is None and bare.board() is None
    assert bare.evaluate(state) is None
    assert bare.points(state) is None
    assert set(bare.positions()) == {"start"} and bare.positions()["start"].actions == ()
    assert bare.rollout_choices(state, "First") is None
    # The default prompt says who is to act, to the role itself, to another and once over.
    assert bare.prompt(state, "First") == "First to act."
    assert bare.prompt(state, "Second") == "Waiting for First."
    assert bare.prompt(state, None) == "Waiting for First."
    bare.perform(state, "First", ("take", 2))
    assert bare.prompt(state, "Second") == "Second to act."
    state.left = 0
    assert bare.prompt(state, "First") == "The game is over."
    with pytest.raises(NotImplementedError, match="bare has no sampler"):
        bare.sample(state, "First", random.Random(0))
    with pytest.raises(NotImplementedError, match="bare has no action space"):
        bare.action_space()


def test_bots_of_a_bare_title(bare: BareGame) -> None:
    assert bot_names(bare) == ["random"]
    assert default_bot(bare) == "random"
    with pytest.raises(UnknownBot, match="bare has no sampler, which the ismcts bot needs"):
        make_bot("ismcts", bare, 1)
    with pytest.raises(UnknownBot, match="scripted"):
        make_bot("scripted", bare, 1)


def test_a_bare_title_on_the_command_line(
    bare: BareGame, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    runner = CliRunner(mix_stderr=False)
    listed = json.loads(runner.invoke(cli, ["list", "--json"]).output)
    assert listed["bare"]["bots"] == ["random"]

    simulated = runner.invoke(cli, ["simulate", "bare", "--games", "3", "--seed", "1", "--json"])
    assert simulated.exit_code == 0, simulated.output
    data = json.loads(simulated.stdout)
    assert data["completed"] == 3 and data["errors"] == data["replay_mismatches"] == 0

    save = tmp_path / "bare.json"
    result = runner.invoke(cli, ["play", "bare", "--seed", "1", "--save", str(save)], input="1\n" * 10)
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "You play First; random bot plays Second." in out
    assert "left: 7" in out  # no text board: the view's fields as they are
    assert "First to act." in out  # the default prompt
    assert "Game over:" in out
    assert bare.outcome(replay(bare, load_record(save))) is not None


def test_no_learning_environment_for_a_title_without_its_encoding(bare: BareGame) -> None:
    rl = pytest.importorskip("outremer.rl")
    with pytest.raises(OutremerError, match="bare has no action space and observation"):
        rl.env(bare)


def test_the_contract_declares_each_capability() -> None:
    # Every capability names methods Game itself defines, with their defaults.
    from outremer.engine.game import CAPABILITY_METHODS

    assert set(CAPABILITY_METHODS) == EVERY
    assert all(callable(getattr(Game, m)) for methods in CAPABILITY_METHODS.values() for m in methods)
