"""Records: save/load round trip, corrupt files, replay."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from outremer.bots.match import play_match
from outremer.bots.random_bot import RandomBot
from outremer.engine import BadSave, Record, load_record, replay, save_record
from outremer.engine.record import SAVE_FORMAT, dumps_record

from .toy import BLUE, RED, ToyGame, ToyState


def played(game: ToyGame, seed: int = 11) -> tuple[Record, ToyState]:
    match = play_match(game, {RED: RandomBot(1), BLUE: RandomBot(2)}, seed)
    return match.record, match.state


def test_save_load_round_trip(tmp_path: Path) -> None:
    game = ToyGame()
    record, _ = played(game)
    path = tmp_path / "game.json"
    save_record(path, record)
    loaded = load_record(path)
    assert loaded == record
    assert json.loads(path.read_text())["format"] == SAVE_FORMAT
    # deterministic text, and no temp files left behind
    assert path.read_text() == dumps_record(loaded)
    assert [p.name for p in tmp_path.iterdir()] == ["game.json"]


def test_empty_record_round_trip(tmp_path: Path) -> None:
    record = Record("toy", 3, "race", {"gamble": True}, [])
    save_record(tmp_path / "e.json", record)
    assert load_record(tmp_path / "e.json") == record


def test_save_overwrites_atomically(tmp_path: Path) -> None:
    game = ToyGame()
    record, _ = played(game)
    path = tmp_path / "game.json"
    path.write_text("old")
    save_record(path, record)
    assert load_record(path) == record


def test_replay_identical() -> None:
    game = ToyGame()
    record, state = played(game)
    assert game.to_json(replay(game, record)) == game.to_json(state)


def test_replay_upto() -> None:
    game = ToyGame()
    record, _ = played(game)
    partial = replay(game, record, upto=3)
    assert game.to_json(partial)["log"] != game.to_json(replay(game, record))["log"]
    assert game.to_json(replay(game, record, upto=0)) == game.to_json(game.setup(record.seed, "race"))


def test_replay_names_the_bad_action() -> None:
    game = ToyGame()
    record, _ = played(game)
    record.actions[2] = (RED, ("fly", "away"))
    with pytest.raises(BadSave, match=r"action 3 \(Red \['fly', 'away'\]\) is illegal"):
        replay(game, record)


def test_replay_refuses_other_game_and_bad_setup() -> None:
    game = ToyGame()
    with pytest.raises(BadSave, match="not 'toy'"):
        replay(game, Record("crusader-rex", 1, "1187"))
    with pytest.raises(BadSave, match="unknown scenario"):
        replay(game, Record("toy", 1, "moon"))
    with pytest.raises(BadSave, match="unknown option"):
        replay(game, Record("toy", 1, "race", {"teleport": True}))


GOOD = {"format": SAVE_FORMAT, "game": "toy", "seed": 1, "scenario": "race", "options": {}, "actions": []}


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("this is not json", "not valid JSON"),
        (json.dumps(GOOD)[:-10], "not valid JSON"),
        ("", "not valid JSON"),
        ("[1, 2]", "one JSON object"),
        (json.dumps({**GOOD, "format": "other/1"}), "not an Outremer save file"),
        (json.dumps({k: v for k, v in GOOD.items() if k != "seed"}), "lacks seed"),
        (json.dumps({**GOOD, "seed": "7"}), "'seed' must be an integer"),
        (json.dumps({**GOOD, "seed": True}), "'seed' must be an integer"),
        (json.dumps({**GOOD, "game": 3}), "'game' must be a title slug"),
        (json.dumps({**GOOD, "scenario": None}), "'scenario' must be a string"),
        (json.dumps({**GOOD, "options": []}), "'options' must be an object"),
        (json.dumps({**GOOD, "actions": {}}), "'actions' must be a list"),
        (json.dumps({**GOOD, "actions": [["Red"]]}), r"action 1 must be \[role"),
        (json.dumps({**GOOD, "actions": [["Red", ["bid", 1]], [3, ["bid"]]]}), r"action 2 must be \[role"),
        (json.dumps({**GOOD, "actions": [["Red", []]]}), r"action 1 \(Red\): malformed action"),
        (json.dumps({**GOOD, "actions": [["Red", [1, 2]]]}), r"action 1 \(Red\): malformed action"),
    ],
)
def test_load_record_refuses_corrupt_files(tmp_path: Path, text: str, words: str) -> None:
    path = tmp_path / "bad.json"
    path.write_text(text)
    with pytest.raises(BadSave, match=words) as info:
        load_record(path)
    assert str(path) in str(info.value)


def test_load_record_wrong_game_and_missing_file(tmp_path: Path) -> None:
    path = tmp_path / "g.json"
    path.write_text(json.dumps(GOOD))
    with pytest.raises(BadSave, match="of 'toy', not 'crusader-rex'"):
        load_record(path, expected_game="crusader-rex")
    with pytest.raises(BadSave, match="no save file"):
        load_record(tmp_path / "missing.json")
    (tmp_path / "bin.json").write_bytes(b"\xff\xfe\x00garbage")
    with pytest.raises(BadSave, match="cannot read"):
        load_record(tmp_path / "bin.json")
