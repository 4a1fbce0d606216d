"""The command line, driven through click's CliRunner with piped input."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from outremer.cli.main import cli
from outremer.engine import Record, load_record, save_record
from tests.engine.toy import ToyGame


@pytest.fixture
def runner(toy: ToyGame, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> CliRunner:
    """A runner working in a temporary folder, so that default save files land there."""
    monkeypatch.chdir(tmp_path)
    return CliRunner(mix_stderr=False)


def test_list(runner: CliRunner) -> None:
    result = runner.invoke(cli, ["list"])
    assert result.exit_code == 0, result.output
    assert "toy: Toy Race" in result.output
    assert "roles:     Red, Blue" in result.output
    assert "gamble (default true)" in result.output
    assert "crusader-rex" in result.output
    data = json.loads(runner.invoke(cli, ["list", "--json"]).output)
    assert data["toy"]["roles"] == ["Red", "Blue"]
    assert data["toy"]["bots"] == ["greedy", "ismcts", "random"]  # the toy has a sampler: search works


def test_simulate_json(runner: CliRunner) -> None:
    result = runner.invoke(cli, ["simulate", "toy", "--games", "5", "--seed", "1", "--json"])
    assert result.exit_code == 0, result.output + result.stderr
    data = json.loads(result.stdout)
    for key in ("games", "completed", "errors", "step_cap_hits", "replay_mismatches", "results"):
        assert key in data
    assert data["games"] == 5 and data["completed"] == 5
    assert data["errors"] == data["step_cap_hits"] == data["replay_mismatches"] == 0
    assert sum(data["results"].values()) == 5
    assert set(data["results"]) == {"Red", "Blue", "draws"}
    assert data["mean_actions"] > 0 and data["seconds"] >= 0 and data["games_per_second"] > 0
    assert result.stderr == ""
    again = json.loads(
        runner.invoke(cli, ["simulate", "toy", "--games", "5", "--seed", "1", "--json"]).stdout
    )
    assert again["results"] == data["results"] and again["mean_actions"] == data["mean_actions"]


def test_simulate_bots_cap_and_table(runner: CliRunner) -> None:
    result = runner.invoke(cli, ["simulate", "toy", "--games", "4", "--bots", "greedy,random", "--json"])
    assert json.loads(result.stdout)["bots"] == {"Red": "greedy", "Blue": "random"}
    capped = json.loads(
        runner.invoke(cli, ["simulate", "toy", "--games", "3", "--max-steps", "2", "--json"]).stdout
    )
    assert capped["step_cap_hits"] == 3 and capped["completed"] == 0
    table = runner.invoke(cli, ["simulate", "toy", "--games", "3"])
    assert table.exit_code == 0 and "replay mismatches" in table.stdout
    bad = runner.invoke(cli, ["simulate", "toy", "--bots", "a,b,c"])
    assert bad.exit_code == 2 and "one per role" in bad.stderr
    assert runner.invoke(cli, ["simulate", "toy", "--bots", "nobot"]).exit_code == 2
    assert "no title 'chess'" in runner.invoke(cli, ["simulate", "chess"]).stderr


def test_simulate_takes_seeds_of_128_bits_only(runner: CliRunner) -> None:
    # Issue 13 section 2: a seed is an integer from 0 to 2**128 - 1 (the keyed generator's key).
    for bad in ("-1", str(2**128)):
        result = runner.invoke(cli, ["simulate", "toy", "--games", "1", "--seed", bad])
        assert result.exit_code == 2 and "--seed" in result.stderr
    top = runner.invoke(cli, ["simulate", "toy", "--games", "1", "--seed", str(2**128 - 1), "--json"])
    assert json.loads(top.stdout)["completed"] == 1


def test_simulate_counts_errors(runner: CliRunner, monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(self: ToyGame, state: object, role: str, action: tuple[object, ...]) -> None:
        raise RuntimeError("boom")

    monkeypatch.setattr(ToyGame, "perform", broken)
    result = runner.invoke(cli, ["simulate", "toy", "--games", "7", "--seed", "3", "--json"])
    assert result.exit_code == 1
    assert json.loads(result.stdout)["errors"] == 7
    assert "game seed 3: RuntimeError: boom" in result.stderr
    assert "further errors not shown" in result.stderr


def saved_game(path: Path) -> Record:
    record = Record("toy", 4, "race", {"gamble": True}, [("Red", ("bid", 3)), ("Blue", ("bid", 1))])
    record.actions += [("Red", ("step", 2)), ("Red", ("done",)), ("Blue", ("roll",))]
    save_record(path, record)
    return record


def test_replay_command(runner: CliRunner, tmp_path: Path) -> None:
    path = tmp_path / "g.json"
    saved_game(path)
    result = runner.invoke(cli, ["replay", str(path)])
    assert result.exit_code == 0, result.output
    assert "[T.2] Bids revealed: Red 3, Blue 1." in result.stdout
    assert "secret card is" not in result.stdout  # the observer sees no secrets
    red = runner.invoke(cli, ["replay", str(path), "--role", "Red"]).stdout
    assert "Your secret card is" in red and "You bid 3." in red
    assert runner.invoke(cli, ["replay", str(path), "--role", "Green"]).exit_code != 0
    (tmp_path / "bad.json").write_text("{")
    bad = runner.invoke(cli, ["replay", str(tmp_path / "bad.json")])
    assert bad.exit_code == 2 and "not valid JSON" in bad.stderr


def test_replay_shows_outcome(runner: CliRunner, tmp_path: Path) -> None:
    runner.invoke(cli, ["simulate", "toy", "--games", "1", "--json"])
    from outremer.bots.match import play_match
    from outremer.bots.random_bot import RandomBot

    match = play_match(ToyGame(), {"Red": RandomBot(1), "Blue": RandomBot(2)}, 5)
    save_record(tmp_path / "done.json", match.record)
    out = runner.invoke(cli, ["replay", str(tmp_path / "done.json")]).stdout
    assert "Game over:" in out.splitlines()[-1]


def test_play_with_undo_save_bad_input_and_eof(runner: CliRunner, tmp_path: Path) -> None:
    save = tmp_path / "auto.json"
    # Red bids 3 (the greedy Blue bids 3 too); whoever marches, Red gets some turn to act.
    script = "\n".join(
        ["", "xyzzy", "99", "-1", "u", "3", "b", "l", "h", "s " + str(tmp_path / "manual.json")]
    )
    result = runner.invoke(
        cli, ["play", "toy", "--seed", "4", "--bot", "greedy", "--save", str(save)], input=script + "\n"
    )
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "You play Red; greedy bot plays Blue." in out
    assert "Unknown command 'xyzzy'" in out
    assert "There is no choice 99" in out
    assert "Cannot undo: the last action was taken by Blue." in out
    assert "Commands:" in out
    assert "Input ended." in out
    assert "secret card is" in out and out.count("Your secret card is") == 2  # once flushed, once in 'l'
    manual = load_record(tmp_path / "manual.json")
    auto = load_record(save)
    assert auto == manual
    assert ("Red", ("bid", 3)) in auto.actions


def test_play_undo_in_march(runner: CliRunner, tmp_path: Path) -> None:
    save = tmp_path / "auto.json"
    # Red bids 3 and marches when the random Blue bids lower (or wins the tie): find such a seed
    for seed in range(30):
        result = runner.invoke(
            cli,
            ["play", "toy", "--seed", str(seed), "--bot", "random", "--save", str(save)],
            input="3\n1\n1\nu\nu\nu\n",
        )
        assert result.exit_code == 0, result.output
        if "March: 3 moves left." in result.stdout.split("Red> 3")[1].split("Red>")[0]:
            break
    else:
        pytest.fail("no seed where Red marches")
    out = result.stdout
    assert out.count("Undone: step 1 square.") == 2
    assert "Cannot undo: the last action drew randomness, revealed something, or passed the turn." in out
    assert load_record(save).actions[-1] == ("Red", ("bid", 3))  # the bid revealed both: no undo past it


def test_play_quit_offers_to_save(runner: CliRunner, tmp_path: Path) -> None:
    with runner.isolated_filesystem(temp_dir=tmp_path):
        result = runner.invoke(cli, ["play", "toy", "--seed", "2"], input="1\nq\ny\nmine.json\n")
        assert result.exit_code == 0, result.output
        assert "Game saved to mine.json." in result.stdout
        assert load_record("mine.json").actions
        quit_no = runner.invoke(cli, ["play", "toy", "--seed", "2"], input="1\nq\nn\n")
        assert "Goodbye." in quit_no.stdout and "saved" not in quit_no.stdout


def test_play_eof_saves_to_default_file(runner: CliRunner, tmp_path: Path) -> None:
    with runner.isolated_filesystem(temp_dir=tmp_path):
        result = runner.invoke(cli, ["play", "toy", "--seed", "2"], input="2\n")
        assert "Game saved to toy-seed2.json." in result.stdout
        record = load_record("toy-seed2.json")
        assert ("Red", ("bid", 2)) in record.actions
        # --load continues it; the loaded game replays and play goes on
        more = runner.invoke(cli, ["play", "toy", "--load", "toy-seed2.json"], input="")
        assert more.exit_code == 0, more.output
        assert "seed 2" in more.stdout


def test_play_hotseat_keeps_secrets(runner: CliRunner, tmp_path: Path) -> None:
    result = runner.invoke(cli, ["play", "toy", "--hotseat", "--seed", "8"], input="2\n1\n")
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "--- pass the keyboard to Blue ---" in out
    blue_turn = out.split("--- pass the keyboard to Blue ---")[1].split("--- pass the keyboard to Red ---")[0]
    assert "Red: face down" in blue_turn
    assert "You bid 2." not in blue_turn  # Blue never sees Red's bid before the reveal
    assert "Your secret card" in blue_turn
    assert out.count("Your secret card") == 2  # each role saw only its own, once


def test_play_to_the_end(runner: CliRunner, tmp_path: Path) -> None:
    save = tmp_path / "end.json"
    result = runner.invoke(
        cli, ["play", "toy", "--scenario", "short", "--seed", "1", "--save", str(save)], input="1\n" * 60
    )
    assert result.exit_code == 0, result.output
    assert "Game over:" in result.stdout
    assert load_record(save).actions


def test_play_bad_arguments(runner: CliRunner) -> None:
    wrong_side = runner.invoke(cli, ["play", "toy", "--side", "Green"], input="")
    assert "not a role of this toy game" in wrong_side.stderr
    assert "unknown option" in runner.invoke(cli, ["play", "toy", "--option", "fly=true"], input="").stderr
    assert "no bot" in runner.invoke(cli, ["play", "toy", "--bot", "zzz"], input="").stderr
    assert "unknown scenario" in runner.invoke(cli, ["play", "toy", "--scenario", "moon"], input="").stderr
    result = runner.invoke(cli, ["play", "toy", "--side", "blue", "--seed", "1"], input="")
    assert "You play Blue; random bot plays Red." in result.stdout


def test_seats_follow_the_options(runner: CliRunner, tmp_path: Path) -> None:
    # The First Crusade's team game (37.0) has three seats: simulate gives each a bot, play seats
    # the person in the one asked for and lets bots take the others.
    args = ["simulate", "first-crusade", "--games", "1", "--option", "teams=true", "--json"]
    summary = json.loads(runner.invoke(cli, args).stdout)
    assert sorted(summary["bots"]) == ["Armenians", "Byzantines", "Crusaders"]
    assert summary["completed"] == 1 and summary["errors"] == 0 and summary["replay_mismatches"] == 0
    bad = runner.invoke(cli, [*args[:4], "--bots", "random,random", "--option", "teams=true"])
    assert bad.exit_code == 2 and "Crusaders" in bad.stderr
    save = tmp_path / "team.json"
    play = ["play", "first-crusade", "--option", "teams=true", "--side", "byzantines", "--bot", "random"]
    result = runner.invoke(cli, [*play, "--seed", "3", "--save", str(save)], input="")
    assert result.exit_code == 0, result.output
    assert "You play Byzantines; random bot plays Crusaders, Armenians." in result.stdout
    wrong = runner.invoke(cli, ["play", "first-crusade", "--side", "Byzantines", "--seed", "3"], input="")
    assert wrong.exit_code == 2 and "Christians" in wrong.stderr
    replayed = runner.invoke(cli, ["replay", str(save), "--role", "Byzantines"])
    assert replayed.exit_code == 0, replayed.output
