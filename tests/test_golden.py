"""Recorded games as regression files (issue 14): complete games of both titles, recorded before
the titles moved onto the engine's procedure stack, must replay with the code of today to the same
game, ply by ply.

Each game in tests/fixtures/golden/ is a save file and a trace (``record.py`` beside them wrote both;
their README says with which code). At every ply the replay must have the same roles to act, the
same legal actions in the same order, the same view for every role and for an observer, and the
same state; at the end the same log, outcome and final state. States are compared through the
title, ``to_json(from_json(recorded))`` against the replay's ``to_json``, so a title whose state
format changed passes only if its ``from_json`` reads the old format faithfully, from any point of
play (the second test resumes from mid-game states).
"""

from __future__ import annotations

import functools
import gzip
import json
from pathlib import Path
from typing import Any

import pytest

from outremer.engine.game import Game
from outremer.engine.record import Record, dumps_record, load_record, new_state
from outremer.engine.registry import get_game
from tests.fixtures.golden.record import GAMES, TRACE_FORMAT, logs, observe, without_log

GOLDEN = Path(__file__).parent / "fixtures" / "golden"
NAMES = [golden.name for golden in GAMES]
RESUME_EVERY = 50
"""Every this many plies, the recorded state is loaded and the rest of the game replayed from it."""


@functools.cache
def _load(name: str) -> tuple[Record, list[dict[str, Any]], dict[str, Any]]:
    """The game's record, its trace's ply lines (one per state, the first before any action) and
    its last line (the end)."""
    record = load_record(GOLDEN / f"{name}.json")
    text = gzip.decompress((GOLDEN / f"{name}.trace.jsonl.gz").read_bytes()).decode("utf-8")
    header, *plies, end = (json.loads(line) for line in text.splitlines())
    assert header == {"format": TRACE_FORMAT, "game": record.game, "plies": len(record.actions)}
    assert len(plies) == len(record.actions) + 1
    return record, plies, end


def _read(game: Game[Any], data: dict[str, Any]) -> dict[str, Any]:
    """A recorded state as the title reads and writes it today."""
    return game.to_json(game.from_json(data))


def _differences(got: dict[str, Any], expected: dict[str, Any]) -> list[str]:
    return sorted(k for k in got.keys() | expected.keys() if got.get(k) != expected.get(k))


def test_there_are_golden_games_of_every_title() -> None:
    slugs = {_load(name)[0].game for name in NAMES}
    assert slugs == {"crusader-rex", "first-crusade", "four-powers", "third-crusade", "kingdom-of-heaven"}
    # Four Powers at two, three and four players, with every other reading of its rulings once.
    assert {len(get_game("four-powers").roles_for(g.scenario)) for g in GAMES if g.slug == "four-powers"} == {
        2,
        3,
        4,
    }
    # Both Crusader Rex options, and The First Crusade's team game (37.0), are played.
    assert any(g.options == {"iron_bridge": True, "forced_marches": True} for g in GAMES)
    assert any(g.options.get("teams") for g in GAMES)
    assert {g.bots for g in GAMES} == {"random", "scripted"}


@pytest.mark.parametrize("name", NAMES)
def test_a_golden_game_replays_ply_by_ply(name: str) -> None:
    record, plies, end = _load(name)
    game = get_game(record.game)
    roles = game.roles_for(record.scenario, record.options)
    state = new_state(game, record)
    for ply, recorded in enumerate(plies):
        got = observe(game, state, roles)
        where = f"{name}, ply {ply}"
        assert got["active"] == recorded["active"], f"{where}: other roles to act"
        assert got["legal"] == recorded["legal"], f"{where}: other legal actions"
        assert got["views"] == recorded["views"], f"{where}: other views"
        assert got["log_len"] == recorded["log_len"], f"{where}: another length of log"
        expected = without_log(_read(game, {**recorded["state"], "log": []}))
        assert got["state"] == expected, f"{where}: other {_differences(got['state'], expected)}"
        if ply < len(record.actions):
            role, action = record.actions[ply]
            assert [role, list(action)] == [recorded["role"], recorded["action"]]
            game.apply_in_place(state, role, action)
    final = game.to_json(state)
    expected_final = _read(game, end["final"])
    assert final["log"] == expected_final["log"]
    assert final == expected_final
    outcome = game.outcome(state)
    assert outcome is not None and outcome.to_json() == end["outcome"]
    assert logs(game, state, roles) == end["logs"]
    # Written again, the save file is the same, byte for byte.
    assert dumps_record(record) == (GOLDEN / f"{name}.json").read_text(encoding="utf-8")


@pytest.mark.parametrize("name", NAMES)
def test_a_golden_game_resumes_from_mid_game_states(name: str) -> None:
    record, plies, end = _load(name)
    game = get_game(record.game)
    expected_final = _read(game, end["final"])
    log = end["final"]["log"]  # the log only grows: a mid-game log is a beginning of the final one
    for ply in range(RESUME_EVERY, len(record.actions), RESUME_EVERY):
        recorded = plies[ply]
        state = game.from_json({**recorded["state"], "log": log[: recorded["log_len"]]})
        for role, action in record.actions[ply:]:
            game.apply_in_place(state, role, action)
        final = game.to_json(state)
        assert final == expected_final, f"{name}, resumed at ply {ply}: {_differences(final, expected_final)}"
