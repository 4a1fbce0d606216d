"""Save files from outside (issue 13, section 7): every command that reads one refuses a malformed
file with one line and exit status 2, and the terminal never writes over a file the user did not
name for writing."""

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
    """A runner working in a temporary folder, so that new save files land there."""
    monkeypatch.chdir(tmp_path)
    return CliRunner(mix_stderr=False)


def save_text(**changes: str) -> str:
    """A toy save file's text with some values replaced by raw JSON."""
    fields = {
        "format": '"outremer/save/1"',
        "game": '"toy"',
        "seed": "4",
        "scenario": '"race"',
        "options": "{}",
        "actions": '[["Red", ["bid", 3]], ["Blue", ["bid", 1]]]',
    }
    fields.update(changes)
    return "{" + ", ".join(f'"{k}": {v}' for k, v in fields.items()) + "}"


MALFORMED = {
    "deep": ("[" * 10_000 + "]" * 10_000, "nests its JSON too deeply"),
    "long number": (save_text(seed="9" * 5_000), "a number of over"),
    "deep action": (
        save_text(actions='[["Red", ' + "[" * 500 + "]" * 500 + "]]"),
        "action 1 (Red): malformed action [[[[...]]]]: expected a verb",
    ),
    "not an object": ("[1, 2]", "holds one JSON object, not list"),
    "actions not a list": (save_text(actions='"bid"'), "'actions' must be a list, not str"),
    "seed not an integer": (save_text(seed='"x" '), "'seed' must be an integer"),
    "unknown game": (save_text(game='"chess"'), "chess"),
    "illegal action": (
        save_text(actions='[["Red", ["bid", 3]], ["Blue", ["bid", 1]], ["Blue", ["bid", 2]]]'),
        "action 3 (Blue ['bid', 2]) is illegal",
    ),
    "truncated": (save_text()[:-9], "not valid JSON"),
}


@pytest.mark.parametrize("command", ["replay", "play"])
@pytest.mark.parametrize("case", MALFORMED)
def test_a_malformed_save_is_one_line_and_status_2(
    runner: CliRunner, tmp_path: Path, command: str, case: str
) -> None:
    text, message = MALFORMED[case]
    path = tmp_path / "bad.json"
    path.write_text(text, encoding="utf-8")
    args = ["replay", str(path)] if command == "replay" else ["play", "toy", "--load", str(path)]
    result = runner.invoke(cli, args, input="")
    assert result.exit_code == 2, result.output
    assert isinstance(result.exception, SystemExit)  # refused, not crashed: no traceback
    if command == "play" and case == "unknown game":
        message = "this save file is of 'chess', not 'toy'"
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("Error: save file") and message in lines[0], lines
    assert len(lines[0]) <= 300
    assert path.read_text(encoding="utf-8") == text  # the file is left as it was
    assert sorted(p.name for p in tmp_path.iterdir()) == ["bad.json"]  # and nothing else is written


def test_a_missing_save_is_one_line(runner: CliRunner, tmp_path: Path) -> None:
    result = runner.invoke(cli, ["replay", str(tmp_path / "nowhere.json")])
    assert (
        result.exit_code == 2
        and result.stderr.strip() == f"Error: no save file at {tmp_path / 'nowhere.json'}"
    )


def test_replay_upto_reads_through_the_same_check(runner: CliRunner, tmp_path: Path) -> None:
    path = tmp_path / "g.json"
    path.write_text(MALFORMED["illegal action"][0], encoding="utf-8")
    assert runner.invoke(cli, ["replay", str(path), "--upto", "2"]).exit_code == 0  # before the bad one
    assert runner.invoke(cli, ["replay", str(path), "--upto", "3"]).exit_code == 2


# -- the terminal never writes over a file the user did not name -----------------------------------


def loaded_game(tmp_path: Path) -> tuple[Path, bytes]:
    path = tmp_path / "mine.json"
    save_record(path, Record("toy", 2, "race", {}, []))
    return path, path.read_bytes()


def test_end_of_input_leaves_the_loaded_file_and_saves_to_a_new_one(
    runner: CliRunner, tmp_path: Path
) -> None:
    path, before = loaded_game(tmp_path)
    (tmp_path / "toy-seed2.json").write_text("someone else's file", encoding="utf-8")
    result = runner.invoke(cli, ["play", "toy", "--load", str(path)], input="2\n")
    assert result.exit_code == 0, result.output
    assert path.read_bytes() == before  # --load names a file to read, not to write
    assert (tmp_path / "toy-seed2.json").read_text(encoding="utf-8") == "someone else's file"
    assert "Game saved to toy-seed2-2.json." in result.stdout  # a name nobody had taken, said aloud
    assert ("Red", ("bid", 2)) in load_record(tmp_path / "toy-seed2-2.json").actions


def test_end_of_input_with_nothing_new_writes_nothing(runner: CliRunner, tmp_path: Path) -> None:
    path, before = loaded_game(tmp_path)
    result = runner.invoke(cli, ["play", "toy", "--load", str(path), "--hotseat"], input="")  # no bot acts
    assert result.exit_code == 0, result.output
    assert "saved" not in result.stdout
    assert path.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["mine.json"]


def test_end_of_input_saves_to_the_file_named_for_writing(runner: CliRunner, tmp_path: Path) -> None:
    path, before = loaded_game(tmp_path)
    result = runner.invoke(cli, ["play", "toy", "--load", str(path), "--save", str(path)], input="2\n")
    assert result.exit_code == 0, result.output
    assert path.read_bytes() != before
    assert ("Red", ("bid", 2)) in load_record(path).actions
    assert sorted(p.name for p in tmp_path.iterdir()) == ["mine.json"]


def test_save_command_names_the_file_for_later_saves(runner: CliRunner, tmp_path: Path) -> None:
    path, before = loaded_game(tmp_path)
    # Red bids 3, saves to other.json, then (whoever marches) acts once more before input ends
    result = runner.invoke(cli, ["play", "toy", "--load", str(path)], input="3\ns other.json\n1\n")
    assert result.exit_code == 0, result.output
    assert path.read_bytes() == before
    assert result.stdout.count("Game saved to other.json.") == 2  # by `s`, then at the end of input
    assert len(load_record(tmp_path / "other.json").actions) > 2
    assert sorted(p.name for p in tmp_path.iterdir()) == ["mine.json", "other.json"]


def test_a_new_file_never_replaces_one_that_exists(tmp_path: Path) -> None:
    from outremer.engine.record import save_new_record

    record = Record("toy", 1, "race", {}, [])
    (tmp_path / "g.json").write_text("{}", encoding="utf-8")
    first = save_new_record(tmp_path / "g", record)
    second = save_new_record(tmp_path / "g", record)
    assert (first.name, second.name) == ("g-2.json", "g-3.json")
    assert (tmp_path / "g.json").read_text(encoding="utf-8") == "{}"
    assert json.loads(second.read_text(encoding="utf-8"))["game"] == "toy"
    assert not [p for p in tmp_path.iterdir() if p.name.startswith(".")]  # no temp file left behind
