"""A seeded game is the same in every process, for every title (docs/architecture.md, "Games are
records": a seed and its actions give the same state byte for byte, every time).

Python salts the hash of a string anew in each process (``PYTHONHASHSEED``), so a set of strings,
or a dict filled from one, is iterated in another order from one process to the next. A rule or a
bot that takes the first of such a listing, or lists a player's choices in that order, plays
another game in another process: a bench simulation, a golden game or a saved game's
re-simulation would not reproduce. Each title here plays short seeded games, scripted bots and
random policy, in processes with different hash salts: they must take the same actions and pass
through the same states, each state's JSON read in its own key order (the order its dicts were
filled in, which later listings follow) at every ply.

Kingdom of Heaven's scenario B, seed 1, marches at ply 11 and reaches the replacement step (§6.1)
near ply 240, where the reduced units in a pool are offered in the order they entered it. A march's
survivors were once listed from a set of unit types (movement.survivors): from ply 11 the marching
force's units, and later the pools', were in another order from one process to the next (this test
failed there, salts 0 and 5); a rule or a bot reading that order, as the replacement step's listing
does, then plays another game.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from importlib.metadata import entry_points

import pytest

from outremer.engine.registry import ENTRY_POINT_GROUP

INSTALLED = sorted(ep.name for ep in entry_points(group=ENTRY_POINT_GROUP))
"""The titles installed (a title registered at run time, as the toy of other tests, is not in a new
process)."""
SALTS = (0, 5)
"""The hash salts compared (0 and 5 split Kingdom of Heaven's scenario B before the fix)."""

SHORT: dict[str, list[tuple[str | None, dict[str, bool] | None, int, int]]] = {
    # (scenario, options, seed, plies): scenarios with few pieces, and the early steps that list
    # pieces (battles, losses, musters, replacements).
    "crusader-rex": [(None, None, 1, 300)],
    "first-crusade": [(None, {"teams": True}, 4, 200)],
    "four-powers": [("two-crusaders-seljuk", None, 1, 300)],
    "third-crusade": [("two_angevin_ayyubid", None, 1, 150)],
    "kingdom-of-heaven": [("B", None, 1, 260)],
}
"""Short games by title; a title not named plays 300 plies of its default setup."""

PLAY = """
import hashlib, json, sys
from outremer.bots.match import play_match
from outremer.bots.random_bot import RandomBot
from outremer.engine.registry import get_game

slug, games = sys.argv[1], json.loads(sys.argv[2])
game = get_game(slug)
for scenario, options, seed, plies in games:
    scenario, options = game.check_setup(scenario, options)
    roles = game.roles_for(scenario, options)
    for kind in sorted({"random"} | set(game.bots()) & {"scripted"}):
        if kind == "random":
            bots = {r: RandomBot(seed + i) for i, r in enumerate(roles)}
        else:
            bots = {r: game.bots()[kind](game, seed + i) for i, r in enumerate(roles)}
        states = hashlib.sha256()
        def seen(state):
            states.update(json.dumps(game.to_json(state)).encode())
            return False
        match = play_match(game, bots, seed, scenario, options, max_steps=plies, until=seen)
        seen(match.state)
        actions = hashlib.sha256(json.dumps(match.record.actions).encode()).hexdigest()
        print(kind, scenario, seed, len(match.record.actions), actions, states.hexdigest())
"""


def play(slug: str, salt: int) -> list[str]:
    """One line per game of ``slug`` played in a process with hash salt ``salt``: bots, setup,
    plies played, digest of the actions, digest of every state's JSON in its own key order."""
    games = SHORT.get(slug, [(None, None, 1, 300)])
    done = subprocess.run(
        [sys.executable, "-c", PLAY, slug, json.dumps(games)],
        env={**os.environ, "PYTHONHASHSEED": str(salt)},
        capture_output=True,
        text=True,
        check=True,
    )
    return done.stdout.splitlines()


def test_the_short_games_are_of_installed_titles() -> None:
    assert set(SHORT) <= set(INSTALLED)


@pytest.mark.parametrize("slug", INSTALLED)
def test_seeded_games_are_the_same_whatever_the_hash_salt(slug: str) -> None:
    first, *others = (play(slug, salt) for salt in SALTS)
    assert first, f"{slug}: no game played"
    for salt, lines in zip(SALTS[1:], others, strict=True):
        assert lines == first, f"{slug}: PYTHONHASHSEED={salt} plays otherwise than {SALTS[0]}"
