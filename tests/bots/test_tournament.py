"""Tournaments: the seat scheme, seeds, running here / on local cores / on Ray, results and the CLI."""

from __future__ import annotations

import json
import sys
from collections import Counter
from collections.abc import Iterator
from typing import Any

import pytest
from click.testing import CliRunner

from outremer.bots import tournament as tm
from outremer.bots.match import play_match
from outremer.bots.registry import UnknownBot, make_bot
from outremer.cli.main import cli
from outremer.cli.simulate import bot_seed as simulate_bot_seed
from outremer.engine import registry
from outremer.engine.errors import IllegalAction
from outremer.engine.game import Action, Game
from outremer.engine.registry import get_game
from tests.engine.toy import ToyGame


class BrokenBot:
    """Raises on its first decision when its seed is even (so in about half of the games)."""

    name = "broken"

    def __init__(self, seed: int) -> None:
        self.seed = seed
        self.fallback = make_bot("random", ToyGame(), seed)

    def choose(self, game: Game[Any], state: Any, role: str) -> Action:
        if self.seed % 2 == 0:
            raise RuntimeError("the broken bot broke")
        return self.fallback.choose(game, state, role)


class BrokenToy(ToyGame):
    """The toy title offering the broken bot too."""

    def bots(self) -> dict[str, Any]:
        return {**super().bots(), "broken": lambda game, seed: BrokenBot(seed)}


@pytest.fixture
def toy() -> Iterator[ToyGame]:
    """The toy title (with the broken bot), installed in the registry as ``toy``."""
    registry.register("toy", BrokenToy)
    yield BrokenToy()
    registry.unregister("toy")


@pytest.fixture
def runner(toy: ToyGame) -> CliRunner:
    return CliRunner(mix_stderr=False)


# -- the schedule --------------------------------------------------------------------------------
@pytest.mark.parametrize("seats, count", [(1, 1), (2, 2), (3, 6), (4, 14)])
def test_seatings_let_both_bots_play_and_favour_no_seat(seats: int, count: int) -> None:
    pairing = ("a", "b") if seats > 1 else ("a",)
    found = tm.seatings(pairing, seats)
    assert len(found) == len(set(found)) == count
    for seat in range(seats):
        held = Counter(seating[seat] for seating in found)
        assert len(set(held.values())) == 1, (seat, held)  # each bot holds each seat equally often
    if seats > 1:
        assert all(set(seating) == {"a", "b"} for seating in found)


def test_pairings() -> None:
    assert tm.pairings(["a", "b", "c"], 2) == [("a", "b"), ("a", "c"), ("b", "c")]
    assert tm.pairings(["a", "b"], 1) == [("a",), ("b",)]
    assert tm.pairings(["a"], 3) == [("a",)]
    assert tm.seatings(("a",), 3) == [("a", "a", "a")]


def test_schedule_seeds_every_seating_alike() -> None:
    fixtures = tm.schedule(["a", "b", "c"], 2, 3, 100)
    assert len(fixtures) == 3 * 2 * 3
    assert [f.index for f in fixtures] == list(range(18))
    by_seating: dict[tuple[str, ...], list[int]] = {}
    for f in fixtures:
        by_seating.setdefault(f.bots, []).append(f.seed)
    assert len(by_seating) == 6 and all(seeds == [100, 101, 102] for seeds in by_seating.values())
    assert tm.bot_seed(17, 1) == simulate_bot_seed(17, 1)


def test_prepare_refuses_bad_settings(toy: ToyGame) -> None:
    with pytest.raises(UnknownBot, match="no bot 'nobot' for toy"):
        tm.prepare(toy, ["random", "nobot"], 2)
    with pytest.raises(tm.TournamentError, match="named twice"):
        tm.prepare(toy, ["random", "random"], 2)
    with pytest.raises(tm.TournamentError, match="at least one bot"):
        tm.prepare(toy, [], 2)
    with pytest.raises(tm.TournamentError, match="at least 1"):
        tm.prepare(toy, ["random"], 0)
    with pytest.raises(IllegalAction, match="unknown scenario"):
        tm.prepare(toy, ["random"], 2, scenario="marathon")
    with pytest.raises(tm.TournamentError, match="at least 1"):
        tm.run(tm.prepare(toy, ["random"], 1), workers=0)


# -- running and results -------------------------------------------------------------------------
def test_results_per_pairing_and_side(toy: ToyGame) -> None:
    tournament = tm.run(tm.prepare(toy, ["greedy", "random"], 30, seed=5), workers=1)
    assert tournament.workers == "1 process" and len(tournament.results) == 60
    assert all(p.status == "finished" for p in tournament.results)
    rows = {(row.bot, row.role): row for row in tournament.rows()}
    assert set(rows) == {(b, r) for b in ("greedy", "random") for r in ("Red", "Blue", None)}
    for (_, role), row in rows.items():
        assert row.games == (60 if role is None else 30)
        assert row.wins + row.draws + row.losses == row.games
        assert row.score.low <= row.score.value <= row.score.high
        assert row.mean_score is not None  # the toy gives scores
    for role in ("Red", "Blue"):  # each game's winner is the other bot's loser
        assert rows["greedy", role].wins == rows["random", "Blue" if role == "Red" else "Red"].losses
    red_games = [p for p in tournament.results if p.fixture.bots == ("greedy", "random")]
    assert rows["greedy", "Red"].wins == sum(p.winners == ("Red",) for p in red_games)
    ratings = tournament.ratings()
    assert ratings.bots["greedy"].value > ratings.bots["random"].value
    assert set(ratings.roles) == {"Red", "Blue"}


def test_same_games_here_and_on_local_cores_and_replayable(toy: ToyGame) -> None:
    here = tm.run(tm.prepare(toy, ["greedy", "random"], 4, seed=11), workers=1).to_json()
    cores = tm.run(tm.prepare(toy, ["greedy", "random"], 4, seed=11), workers=2).to_json()
    assert cores["workers"] == "2 processes"
    assert here["games"] == cores["games"] and here["rows"] == cores["rows"]
    for entry in here["games"]:  # each game again from its seed and bots
        bots = {
            role: make_bot(name, toy, tm.bot_seed(entry["seed"], j))
            for j, (role, name) in enumerate(entry["seats"].items())
        }
        match = play_match(toy, bots, entry["seed"])
        outcome = toy.outcome(match.state)
        assert outcome is not None and list(outcome.winners) == entry["winners"]


def test_errors_and_caps_are_reported_not_fatal(toy: ToyGame) -> None:
    tournament = tm.run(tm.prepare(toy, ["broken", "random"], 4, seed=1), workers=1)
    statuses = Counter(p.status for p in tournament.results)
    assert statuses["error"] and statuses["finished"] and sum(statuses.values()) == 8
    broken = [p for p in tournament.results if p.status == "error"]
    assert all("RuntimeError: the broken bot broke" in p.reason for p in broken)
    data = tournament.to_json()
    assert data["errors"] == len(broken) and data["finished"] == statuses["finished"]
    errored = [g for g in data["games"] if g["status"] == "error"]
    assert {g["seed"] for g in errored} == {p.fixture.seed for p in broken}
    assert errored[0]["replay"].startswith(
        f"outremer simulate toy --games 1 --seed {errored[0]['seed']} --bots "
    )
    assert sum(row.games for row in tournament.rows() if row.role is None) == 2 * statuses["finished"]
    capped = tm.run(tm.prepare(toy, ["random"], 3, max_steps=2), workers=1)
    assert [p.status for p in capped.results] == ["capped"] * 3
    assert capped.rows() == [] and capped.ratings().bots == {}


def test_three_seats_from_results() -> None:
    game = ToyGame()
    setup = tm.Setup(game, ("X", "Y", "Z"), "race", {}, 100)
    fixtures = tm.schedule(["a", "b"], 3, 1, 1)
    tournament = tm.Tournament(setup, ("a", "b"), 1, 1, fixtures)
    for f in fixtures:  # a wins whatever seat it holds, alone or with a partner
        winners = tuple(role for role, bot in zip(setup.roles, f.bots, strict=True) if bot == "a")
        tournament.results.append(tm.Played(f, "finished", winners, {}, "a wins", 10))
    rows = {(row.bot, row.role): row for row in tournament.rows()}
    assert rows["a", "X"].games == 3 and rows["a", "X"].wins == 3 and rows["a", None].games == 9
    assert rows["b", None].losses == 9 and rows["b", None].mean_score is None
    ratings = tournament.ratings()
    assert ratings.bots["a"].low > 0 > ratings.bots["b"].high
    assert set(ratings.roles) == {"X", "Y", "Z"}


def test_a_real_solitaire_title_on_local_cores() -> None:
    game = get_game("first-crusade")
    tournament = tm.run(tm.prepare(game, ["random", "scripted"], 2, seed=3), workers=2)
    assert [p.fixture.bots for p in tournament.results] == [("random",)] * 2 + [("scripted",)] * 2
    assert all(p.status == "finished" for p in tournament.results)
    rows = tournament.rows()
    assert [(row.bot, row.role) for row in rows] == [("random", "Christians"), ("scripted", "Christians")]
    assert all(row.draws == 0 and row.mean_score is not None for row in rows)
    assert tournament.ratings().anchor == "title"


# -- Ray -----------------------------------------------------------------------------------------
def test_ray_missing_is_a_clear_error(toy: ToyGame, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "ray", None)
    with pytest.raises(tm.TournamentError, match="--ray needs Ray"):
        tm.run(tm.prepare(toy, ["random"], 1), ray_address="local")


@pytest.fixture
def local_ray() -> Iterator[Any]:
    ray = pytest.importorskip("ray")
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    try:
        yield ray
    finally:
        ray.shutdown()


def test_a_tiny_tournament_on_a_local_ray(toy: ToyGame, local_ray: Any) -> None:
    on_ray = tm.run(tm.prepare(toy, ["greedy", "random"], 3, seed=2), ray_address="auto")
    assert on_ray.workers == "ray auto" and local_ray.is_initialized()  # ours, left open
    here = tm.run(tm.prepare(toy, ["greedy", "random"], 3, seed=2), workers=1)
    assert on_ray.to_json()["games"] == here.to_json()["games"]


# -- the command ---------------------------------------------------------------------------------
def test_command_json(runner: CliRunner) -> None:
    args = ["tournament", "toy", "--bots", "greedy,random", "--games", "3", "--seed", "4", "--workers", "1"]
    result = runner.invoke(cli, [*args, "--json"])
    assert result.exit_code == 0, result.output + result.stderr
    assert result.stderr == ""
    data = json.loads(result.stdout)
    assert data["bots"] == ["greedy", "random"] and data["roles"] == ["Red", "Blue"]
    assert data["played"] == data["finished"] == 6 and data["errors"] == data["capped"] == 0
    assert [g["seed"] for g in data["games"]] == [4, 5, 6] * 2
    assert data["games"][0]["seats"] == {"Red": "greedy", "Blue": "random"}
    assert set(data["ratings"]["bots"]) == {"greedy", "random"} and set(data["ratings"]["roles"]) == {
        "Red",
        "Blue",
    }
    assert len(data["rows"]) == 6
    again = json.loads(runner.invoke(cli, [*args, "--json"]).stdout)
    assert again["games"] == data["games"]


def test_command_game_replays_with_simulate(runner: CliRunner) -> None:
    args = ["--bots", "random,greedy", "--games", "2", "--seed", "9", "--workers", "1", "--json"]
    data = json.loads(runner.invoke(cli, ["tournament", "toy", *args]).stdout)
    game = data["games"][-1]
    bots = ",".join(game["seats"][role] for role in data["roles"])
    result = runner.invoke(
        cli, ["simulate", "toy", "--games", "1", "--seed", str(game["seed"]), "--bots", bots, "--json"]
    )
    results = json.loads(result.stdout)["results"]
    winner = game["winners"][0] if game["winners"] else "draws"
    assert results[winner] == 1


def test_command_tables_and_errors(runner: CliRunner) -> None:
    result = runner.invoke(
        cli, ["tournament", "toy", "--bots", "greedy", "--bots", "random", "--games", "2", "--workers", "1"]
    )
    assert result.exit_code == 0, result.output + result.stderr
    for words in (
        "greedy v random",
        "W-D-L",
        "Ratings (Elo)",
        "Side advantage (Elo)",
        "Red",
        "Blue",
        "4 games",
    ):
        assert words in result.stdout
    broken = runner.invoke(
        cli, ["tournament", "toy", "--bots", "broken,random", "--games", "2", "--workers", "1"]
    )
    assert broken.exit_code == 1
    assert "error(s)" in broken.stdout and "RuntimeError: the broken bot broke" in broken.stdout
    assert "replay: outremer simulate toy --games 1 --seed" in broken.stdout


@pytest.mark.parametrize(
    "args, words",
    [
        (["--bots", "random,nobot"], "no bot 'nobot' for toy"),
        (["--bots", "random,random"], "named twice"),
        (["--bots", ","], "name at least one bot"),
        (["--bots", "random", "--workers", "2", "--ray", "auto"], "choose --workers or --ray"),
        (["--bots", "random", "--option", "nonsense=true"], "unknown option 'nonsense'"),
        (["--bots", "random", "--games", "0"], "--games"),
    ],
)
def test_command_bad_input(runner: CliRunner, args: list[str], words: str) -> None:
    result = runner.invoke(cli, ["tournament", "toy", *args])
    assert result.exit_code == 2 and words in result.stderr, result.stderr


def test_command_unknown_title_or_scenario(runner: CliRunner) -> None:
    result = runner.invoke(cli, ["tournament", "chess", "--bots", "random"])
    assert result.exit_code == 1 and "no title 'chess'" in result.stderr
    result = runner.invoke(cli, ["tournament", "toy", "--bots", "random", "--scenario", "marathon"])
    assert result.exit_code == 1 and "unknown scenario 'marathon'" in result.stderr
