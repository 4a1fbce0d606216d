"""Long random-play soaks, run with ``make soak`` (``pytest --soak -m soak``): thousands of complete
games per title, every option combination, random and scripted bots; no errors, no step-cap hits
(no game that never ends), every record replays to the identical final state."""

from __future__ import annotations

import itertools

import pytest

from outremer.bots.registry import bot_names
from outremer.cli.simulate import simulate
from outremer.engine.registry import get_game, titles


def _option_sets(game):
    names = [o.name for o in game.options]
    for values in itertools.product((False, True), repeat=len(names)):
        yield dict(zip(names, values, strict=True))


@pytest.mark.soak
@pytest.mark.parametrize("slug", titles())
def test_random_play_soak(slug):
    game = get_game(slug)
    for i, options in enumerate(_option_sets(game)):
        roles = game.roles_for(*game.check_setup(None, options))  # a team game seats more
        summary = simulate(game, 500, 100_000 * (i + 1), ["random"] * len(roles), 50_000, options=options)
        assert summary["completed"] == 500, summary
        assert summary["errors"] == summary["step_cap_hits"] == summary["replay_mismatches"] == 0, summary


@pytest.mark.soak
@pytest.mark.parametrize("slug", titles())
def test_every_bot_pairing_soak(slug):
    game = get_game(slug)
    names = bot_names(game)
    for seats in itertools.product(names, repeat=len(game.roles)):
        summary = simulate(game, 50, 7_000, list(seats), 50_000)
        assert summary["errors"] == summary["step_cap_hits"] == summary["replay_mismatches"] == 0, (
            seats,
            summary,
        )
