"""Save formats and their generators (issue 13 section 2): games saved as ``outremer/save/1``, before
the keyed generator, load and replay to the very state they reached; new games are saved as
``outremer/save/2`` with a keyed generator, their seeds from 0 to 2**128 - 1.

The fixtures in tests/fixtures/saves/ are complete random-bot games of both titles on SplitMix64:
each save file and the final state (``*.state.json.gz``, log included); their README says how they
were made.
"""

from __future__ import annotations

import gzip
import json
from pathlib import Path
from typing import Any

import pytest

from outremer.bots.match import play_match
from outremer.bots.random_bot import RandomBot
from outremer.engine import rng
from outremer.engine.errors import BadSave
from outremer.engine.record import Record, dumps_record, load_record, replay, save_record
from outremer.engine.registry import get_game

FIXTURES = Path(__file__).parent / "fixtures" / "saves"
LEGACY_SAVES = sorted(p.name for p in FIXTURES.glob("*-seed*.json"))


def test_there_are_legacy_saves_of_both_titles() -> None:
    assert {name.split("-seed")[0] for name in LEGACY_SAVES} == {"crusader-rex", "first-crusade"}


@pytest.mark.parametrize("name", LEGACY_SAVES)
def test_a_legacy_save_replays_to_the_state_it_reached(name: str) -> None:
    path = FIXTURES / name
    record = load_record(path)
    assert record.generator == rng.LEGACY
    game = get_game(record.game)
    state = replay(game, record)
    recorded = json.loads(gzip.decompress(path.with_suffix(".state.json.gz").read_bytes()))
    reached = game.from_json(recorded)
    expected = game.to_json(reached)  # a state format may have changed since
    got = game.to_json(state)
    # The game is the very same: every part of the state but its log.
    assert {k: v for k, v in got.items() if k != "log"} == {k: v for k, v in expected.items() if k != "log"}
    # The log tells the same story in today's words (issue 15 changed its wording, and gave the side
    # who acted its own line of an act rather than the public one too): an observer reads an entry
    # for the same rules in the same order, and every reader sees the same dice.
    public = [(e["rule"], e.get("dice")) for e in game.log(state, None)]
    assert public == [(e["rule"], e.get("dice")) for e in game.log(reached, None)]
    for role in (None, *game.roles_for(record.scenario, record.options)):
        dice = [e["dice"] for e in game.log(state, role) if e.get("dice")]
        assert dice == [e["dice"] for e in game.log(reached, role) if e.get("dice")], role
    assert game.outcome(state) is not None
    # Saved again, it stays an outremer/save/1 file, byte for byte.
    assert dumps_record(record) == path.read_text(encoding="utf-8")


@pytest.mark.parametrize("slug", ["crusader-rex", "first-crusade"])
def test_a_new_game_is_saved_as_format_2_and_replays(slug: str, tmp_path: Path) -> None:
    game = get_game(slug)
    match = play_match(game, {r: RandomBot(i) for i, r in enumerate(game.roles_for())}, 2**128 - 1)
    assert isinstance(match.state.rng, list)  # keyed
    save_record(tmp_path / "game.json", match.record)
    assert json.loads((tmp_path / "game.json").read_text())["format"] == "outremer/save/2"
    again = load_record(tmp_path / "game.json")
    assert again.generator == rng.KEYED and again.seed == 2**128 - 1
    assert game.to_json(replay(game, again)) == game.to_json(match.state)


def _save(fmt: str, seed: Any) -> dict[str, Any]:
    return {
        "format": fmt,
        "game": "crusader-rex",
        "seed": seed,
        "scenario": "1187",
        "options": {},
        "actions": [],
    }


@pytest.mark.parametrize("seed", [-1, 2**128, 10**40])
def test_a_format_2_seed_outside_128_bits_is_a_bad_save(seed: int, tmp_path: Path) -> None:
    with pytest.raises(BadSave, match=r"'seed' must be from 0 to 2\*\*128 - 1"):
        Record.from_json(_save("outremer/save/2", seed))
    path = tmp_path / "big.json"
    path.write_text(json.dumps(_save("outremer/save/2", seed)))
    with pytest.raises(BadSave, match="seed"):
        load_record(path)


def test_the_same_seed_in_either_format_gives_either_generator() -> None:
    game = get_game("crusader-rex")
    old = Record.from_json(_save("outremer/save/1", 7))
    new = Record.from_json(_save("outremer/save/2", 7))
    assert (old.generator, new.generator) == (rng.LEGACY, rng.KEYED)
    assert replay(game, old).rng == game.setup(7, generator=rng.LEGACY).rng
    assert replay(game, new).rng == game.setup(7).rng
    assert isinstance(replay(game, old).rng, int) and isinstance(replay(game, new).rng, list)


def test_an_unknown_format_names_both_known_ones() -> None:
    with pytest.raises(BadSave, match="'outremer/save/1' or 'outremer/save/2'"):
        Record.from_json(_save("outremer/save/3", 7))
